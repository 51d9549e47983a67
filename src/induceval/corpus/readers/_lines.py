"""Shared machinery of the line-per-sentence readers (Brown, plain text)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._common import FLUSH_TOKENS, _iter_lines, line_fault, read_streamed
from induceval.errors import CorpusFormatError, check_choice, shorten

__all__ = ["iter_line_sentences", "read_line_format", "TokenParser"]

#: Turns one line's tokens into columns, or raises ``ValueError(index, expected)``.
TokenParser = Callable[[list[str]], dict[str, list]]


class BadToken(Exception):
    """Raised by a token parser: ``(token, what was expected)``."""

    def __init__(self, token: str, expected: str) -> None:
        super().__init__(expected)
        self.token = token
        self.expected = expected


#: Lines longer than this (characters) are split and parsed in batches of
#: :data:`~induceval.corpus.readers._common.FLUSH_TOKENS` tokens when read into a corpus, so
#: that a 50 MB line costs a few times its size, not a Python string per word at once.
LONG_LINE = 1 << 20

_WORD = re.compile(r"\S+")   # (the words of str.split())


def iter_line_sentences(path: str | os.PathLike, parse: TokenParser, *, on_error: str = "fail",
                        report: ReadReport | None = None, language: str | None = None,
                        reason: str = "bad token", pieces: bool = False,
                        ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)``: one sentence per non-blank line, tokens split on whitespace.

    With ``pieces``, a line longer than :data:`LONG_LINE` comes in several parts, each but
    the first with ``meta["continues"] = True`` (the line is checked whole first: under
    ``on_error="skip"`` a bad token skips all of it).
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    path = Path(path)
    report = report if report is not None else ReadReport()
    stem = path.stem
    for lineno, text, raw in _iter_lines(path):
        if text is None:
            shown = raw.decode("utf-8", errors="backslashreplace")
            err = CorpusFormatError("invalid UTF-8 byte sequence", path=str(path), line=lineno,
                                    text=shown)
            if on_error == "fail":
                raise err
            report.skip("bad UTF-8", str(err))
            continue
        fault = line_fault(text)
        if fault is not None:
            err = CorpusFormatError(fault, path=str(path), line=lineno, text=text)
            if on_error == "fail":
                raise err
            report.skip("not a text line", str(err))
            continue
        try:
            if pieces and len(text) > LONG_LINE:
                for _ in _parts(text, parse):   # (checked whole before any part is given)
                    pass
                parts = _parts(text, parse)
            else:
                words = text.split()
                parts = iter([parse(words)] if words else [])
        except BadToken as bad:
            err = CorpusFormatError(f"{bad.expected}, got {shorten(bad.token)!r} in",
                                    path=str(path), line=lineno, text=text)
            if on_error == "fail":
                raise err from None
            report.skip(reason, str(err))
            continue
        for i, tokens in enumerate(parts):
            meta = {"sent_id": None, "document": stem, "language": language}
            if i:
                meta["continues"] = True
            yield tokens, meta


def _parts(text: str, parse: TokenParser) -> Iterator[dict[str, list]]:
    """The tokens of a long line, parsed in batches of ``FLUSH_TOKENS`` words."""
    batch: list[str] = []
    for m in _WORD.finditer(text):
        batch.append(m.group())
        if len(batch) == FLUSH_TOKENS:
            yield parse(batch)
            batch = []
    if batch:
        yield parse(batch)


def read_line_format(files, parse: TokenParser, columns: list[str], *, on_error: str = "fail",
                     language: str | None = None, name: str | None = None,
                     reason: str = "bad token") -> Corpus:
    """Read line-per-sentence files into one corpus."""
    return read_streamed(files, lambda p, report: iter_line_sentences(
        p, parse, on_error=on_error, report=report, language=language, reason=reason,
        pieces=True),
        columns, on_error=on_error, language=language, name=name)
