"""PASCAL 2012 grammar-induction challenge reader (9 columns).

Gelling et al. (2012, §2.1): the CoNLL-X format without PHEAD/PDEPREL and with
a universal POS column inserted at position 6, so nine tab-separated columns
``ID FORM LEMMA CPOSTAG POSTAG UPOSTAG FEATS HEAD DEPREL``, read into ``form,
lemma, cpos, xpos, upos, feats, head, deprel``.  LEMMA, FEATS and DEPREL are
optional in the challenge data (``_``), and HEAD/DEPREL are ``_`` in training
files: all read as missing (``-1``).

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, NAACL-HLT WILS, §2.1 "Data format".

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "a.pascal")
>>> rows = ["1 Hi hi UH UH X _ 0 ROOT", "2 ! ! . . . _ 1 P"]
>>> _ = open(p, "w").write("\\n".join(r.replace(" ", "\\t") for r in rows) + "\\n")
>>> c = read(p); c.sentence(0).strings("upos"), c.sentence(0).strings("xpos")
(['X', '.'], ['UH', '.'])
"""

from __future__ import annotations

from induceval.corpus.readers._columnar import TabularFormat
from induceval.corpus.readers._tabular import TabularSpec

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec("pascal", (9,), {"form": 1, "lemma": 2, "cpos": 3, "xpos": 4, "upos": 5,
                                    "feats": 6, "head": 7, "deprel": 8},
                   layout="ID FORM LEMMA CPOSTAG POSTAG UPOSTAG FEATS HEAD DEPREL")
FORMAT = TabularFormat(SPEC)
read = FORMAT.read
iter_sentences = FORMAT.iter_sentences
