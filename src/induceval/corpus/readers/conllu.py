"""CoNLL-U reader (Universal Dependencies).

Ten tab-separated columns ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS
MISC``.  Kept: ``form, lemma, upos, xpos, head, deprel``; FEATS, DEPS and
MISC are ignored.  Multiword-token ranges (``1-2``) and empty nodes (``8.1``)
are kept out of the token stream and counted in ``report.counts``
(``"multiword_tokens"``, ``"empty_nodes"``), as are comment lines
(``"comments"``).  ``_`` is missing (``-1``) in every column but FORM.

Sentence columns: ``sent_id`` (``# sent_id = ...``), ``document`` (file stem,
or ``# newdoc id = ...`` from that sentence on) and ``language`` (the
``language`` option, else the UD file-name prefix: ``en_ewt-ud-dev.conllu``
-> ``en``, else missing).

See :mod:`induceval.corpus.readers._tabular` for the shared conventions and
the error messages.

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

import os
from collections.abc import Iterator

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._tabular import TabularSpec, iter_tabular, read_tabular

__all__ = ["SPEC", "read", "iter_sentences"]

SPEC = TabularSpec(
    name="conllu",
    ncols=(10,),
    columns={"form": 1, "lemma": 2, "upos": 3, "xpos": 4, "feats": 5, "head": 6, "deprel": 7,
             "deps": 8, "misc": 9},
    id_col=0,
    special_ids=True,
    layout="ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC",
)


def read(files, *, on_error: str = "fail", language: str | None = None,
         name: str | None = None, columns=None) -> Corpus:
    """Read CoNLL-U files into one corpus.

    Parameters
    ----------
    files
        A path or a list of paths.
    on_error
        ``"fail"`` raises :class:`~induceval.errors.CorpusFormatError` (file,
        line, text, what was expected); ``"skip"`` skips the bad sentence and
        counts it in ``report.skipped``.
    language
        The ``language`` sentence column for every file (default: from the
        UD file name).
    name
        The corpus name (default: the path, or the common folder).
    columns
        Read only these token columns (``form`` always), and no ``_lines``:
        faster and smaller when the corpus is only scored (default: all).
    """
    return read_tabular(files, SPEC, on_error=on_error, language=language, name=name,
                        columns=columns)


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = None,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per sentence (arguments of ``CorpusBuilder.add_sentence``)."""
    return iter_tabular(path, SPEC, on_error=on_error, report=report, language=language)
