"""Malt-TAB reader: ``word tag head [deprel]``, one token a line.

Three or four tab-separated columns, no token ID (tokens are numbered 1, 2,
... within the sentence), blank lines between sentences, as in the Penn
Treebank dependency sample (``*.dp``: word, PTB tag, head).  The tag goes to
``xpos``; no ``cpos`` is derived (a coarse tag set is a modelling choice: use
:func:`induceval.corpus.transforms.map_tags`, e.g. with
``induceval.corpus.tagsets.ptb_universal.PTB_TO_UNIVERSAL``).  ``deprel``
exists when the files have a fourth column.  Head ``0`` is the root; ``_`` is
missing.  All lines of one sentence must have the same number of columns.
There are no comment lines: ``#`` is a word (the PTB pound sign).

References
----------
MaltParser Malt-TAB format, https://www.maltparser.org/

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "a.dp")
>>> _ = open(p, "w").write("Dogs\\tNNS\\t2\\nbark\\tVBP\\t0\\n\\n")
>>> c = read(p); c.sentence(0).strings("xpos"), c.sentence(0).strings("head"), "deprel" in c.tokens
(['NNS', 'VBP'], [2, 0], False)
"""

from __future__ import annotations

from induceval.corpus.readers._columnar import TabularFormat
from induceval.corpus.readers._tabular import TabularSpec

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec("malt", (3, 4), {"form": 0, "xpos": 1, "head": 2, "deprel": 3}, id_col=None,
                   layout="FORM TAG HEAD [DEPREL]", comments=False)
FORMAT = TabularFormat(SPEC)
read = FORMAT.read
iter_sentences = FORMAT.iter_sentences
