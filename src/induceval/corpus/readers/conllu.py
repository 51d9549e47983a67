"""CoNLL-U reader (Universal Dependencies).

Ten tab-separated columns ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS
MISC``, read into the token columns of the same names (lower-cased).
Multiword-token ranges (``1-2``) and empty nodes (``8.1``) are kept out of the
token stream and counted in ``report.counts`` (``"multiword_tokens"``,
``"empty_nodes"``).  The conventions (``_`` is missing, comments, sentence
columns such as ``sent_id``, ``document`` and ``language``, errors) are those of
:mod:`induceval.corpus.readers._tabular`.

References
----------
Universal Dependencies, CoNLL-U format, https://universaldependencies.org/format.html

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "en_x-ud-dev.conllu")
>>> rows = ["# sent_id = s1", "1-2 don't _ _ _ _ _ _ _ _", "1 do do AUX VBP _ 0 root _ _",
...         "2 n't not PART RB _ 1 advmod _ _"]
>>> _ = open(p, "w").write("\\n".join(r.replace(" ", "\\t") for r in rows) + "\\n\\n")
>>> c = read(p)
>>> c.sentence(0).strings("form"), c.sentence(0).strings("head"), c.sentence(0).meta("sent_id")
(['do', "n't"], [0, 1], 's1')
>>> c.report.counts["multiword_tokens"], c.sentence(0).meta("language")
(1, 'en')
"""

from __future__ import annotations

from induceval.corpus.readers._columnar import TabularFormat
from induceval.corpus.readers._tabular import TabularSpec

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec("conllu", (10,), {"form": 1, "lemma": 2, "upos": 3, "xpos": 4, "feats": 5,
                                     "head": 6, "deprel": 7, "deps": 8, "misc": 9},
                   special_ids=True, layout="ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC")
FORMAT = TabularFormat(SPEC)
read = FORMAT.read
iter_sentences = FORMAT.iter_sentences
