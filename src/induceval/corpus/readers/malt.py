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

import os
from collections.abc import Iterator

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._tabular import TabularSpec, iter_tabular, read_tabular

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec(
    name="malt",
    ncols=(3, 4),
    columns={"form": 0, "xpos": 1, "head": 2, "deprel": 3},
    id_col=None,
    special_ids=False,
    layout="FORM TAG HEAD [DEPREL]",
    comments=False,
)


def read(files, *, on_error: str = "fail", language: str | None = None,
         name: str | None = None, columns=None) -> Corpus:
    """Read Malt-TAB files into one corpus.

    Options (``columns`` included) as :func:`induceval.corpus.readers.conllu.read`.
    """
    return read_tabular(files, SPEC, on_error=on_error, language=language, name=name,
                        columns=columns)


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = None,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per sentence (arguments of ``CorpusBuilder.add_sentence``)."""
    return iter_tabular(path, SPEC, on_error=on_error, report=report, language=language)
