"""CoNLL-X reader (CoNLL 2006/2007 shared tasks).

Ten tab-separated columns ``ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL
PHEAD PDEPREL``.  Kept: ``form, lemma, cpos`` (CPOSTAG), ``xpos`` (POSTAG),
``head, deprel``; FEATS, PHEAD and PDEPREL are ignored.  CoNLL-X has no
multiword tokens or empty nodes: every ID must be an integer.  Lines starting
with ``#`` are accepted as comments (as in CoNLL-U); ``_`` is missing.

See :mod:`induceval.corpus.readers._tabular` for the shared conventions.

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

import os
from collections.abc import Iterator

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._tabular import TabularSpec, iter_tabular, read_tabular

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec(
    name="conllx",
    ncols=(10,),
    columns={"form": 1, "lemma": 2, "cpos": 3, "xpos": 4, "feats": 5, "head": 6, "deprel": 7,
             "phead": 8, "pdeprel": 9},
    id_col=0,
    special_ids=False,
    layout="ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL PHEAD PDEPREL",
)


def read(files, *, on_error: str = "fail", language: str | None = None,
         name: str | None = None, columns=None) -> Corpus:
    """Read CoNLL-X files into one corpus.

    Options (``columns`` included) as :func:`induceval.corpus.readers.conllu.read`.
    """
    return read_tabular(files, SPEC, on_error=on_error, language=language, name=name,
                        columns=columns)


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = None,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per sentence (arguments of ``CorpusBuilder.add_sentence``)."""
    return iter_tabular(path, SPEC, on_error=on_error, report=report, language=language)
