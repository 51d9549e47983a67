"""Shared machinery of the line-per-sentence readers (Brown, plain text)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._common import _iter_lines, line_fault, read_streamed
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


def iter_line_sentences(path: str | os.PathLike, parse: TokenParser, *, on_error: str = "fail",
                        report: ReadReport | None = None, language: str | None = None,
                        reason: str = "bad token",
                        ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)``: one sentence per non-blank line, tokens split on whitespace."""
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
        words = text.split()
        if not words:
            continue
        try:
            tokens = parse(words)
        except BadToken as bad:
            err = CorpusFormatError(f"{bad.expected}, got {shorten(bad.token)!r} in",
                                    path=str(path), line=lineno, text=text)
            if on_error == "fail":
                raise err from None
            report.skip(reason, str(err))
            continue
        yield tokens, {"sent_id": None, "document": stem, "language": language}


def read_line_format(files, parse: TokenParser, columns: list[str], *, on_error: str = "fail",
                     language: str | None = None, name: str | None = None,
                     reason: str = "bad token") -> Corpus:
    """Read line-per-sentence files into one corpus."""
    return read_streamed(files, lambda p, report: iter_line_sentences(
        p, parse, on_error=on_error, report=report, language=language, reason=reason),
        columns, on_error=on_error, language=language, name=name)
