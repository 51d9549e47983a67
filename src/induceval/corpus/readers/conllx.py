"""CoNLL-X reader (CoNLL 2006/2007 shared tasks).

Ten tab-separated columns ``ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL
PHEAD PDEPREL``, read into ``form, lemma, cpos, xpos, feats, head, deprel,
phead, pdeprel``.  CoNLL-X has no multiword tokens or empty nodes: every ID
must be an integer.  Lines starting with ``#`` are comments (as in CoNLL-U);
the conventions are those of :mod:`induceval.corpus.readers._tabular`.

References
----------
Buchholz & Marsi (2006), CoNLL-X shared task on multilingual dependency parsing.

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "a.conll")
>>> rows = ["1 Hi hi UH UH _ 0 ROOT _ _", "2 ! ! . . _ 1 P _ _"]
>>> _ = open(p, "w").write("\\n".join(r.replace(" ", "\\t") for r in rows) + "\\n")
>>> c = read(p); c.sentence(0).strings("cpos"), c.sentence(0).strings("head")
(['UH', '.'], [0, 1])
"""

from __future__ import annotations

from induceval.corpus.readers._columnar import TabularFormat
from induceval.corpus.readers._tabular import TabularSpec

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec("conllx", (10,), {"form": 1, "lemma": 2, "cpos": 3, "xpos": 4, "feats": 5,
                                     "head": 6, "deprel": 7, "phead": 8, "pdeprel": 9},
                   layout="ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL PHEAD PDEPREL")
FORMAT = TabularFormat(SPEC)
read = FORMAT.read
iter_sentences = FORMAT.iter_sentences
