"""Plain-text reader: whitespace-tokenised text, one sentence a line.

Blank lines are ignored; tokens are split on any whitespace.  Only the
``form`` column exists.  Sentence columns: ``document`` (file stem) and
``language`` (the ``language`` option, else missing).  The only possible
error is a line that is not UTF-8.

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
>>> _ = open(p, "w").write("the dog barks\\n\\nhi\\n")
>>> c = read(p); c.n_sentences, c.n_tokens, c.sentence(1).strings("form")
(2, 4, ['hi'])
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._lines import iter_line_sentences, read_line_format

__all__ = ["read", "iter_sentences"]


def _parse(words: list[str]) -> dict[str, list]:
    return {"form": words}


def read(files, *, on_error: str = "fail", language: str | None = None,
         name: str | None = None) -> Corpus:
    """Read plain-text files into one corpus.

    Parameters
    ----------
    files
        A path or a list of paths.
    on_error
        ``"fail"`` raises on a line that is not UTF-8; ``"skip"`` skips it
        and counts it in ``report.skipped["bad UTF-8"]``.
    language
        The ``language`` sentence column.
    name
        The corpus name (default: the path, or the common folder).
    """
    return read_line_format(files, _parse, ["form"], on_error=on_error, language=language,
                            name=name)


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = None,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per line (arguments of ``CorpusBuilder.add_sentence``)."""
    return iter_line_sentences(path, _parse, on_error=on_error, report=report, language=language)
