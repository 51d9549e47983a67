"""Plain-text reader: whitespace-tokenised text, one sentence a line.

Blank lines are ignored; tokens are split on any whitespace.  Only the
``form`` column exists.  Sentence columns: ``document`` (file stem) and
``language`` (the ``language`` option, else missing).  The only possible
errors are a line that is not UTF-8 and one that holds a NUL byte or a carriage
return (a file with CR-only line ends is refused at its first line, not read as
one sentence).

Reading streams: each file is read in pieces of about 8 MB cut at line
ends; the tokens of a piece go straight into the int32 codes of the corpus
(a numba scan of the bytes, then interning), so no Python object is made per
token and no list of lines is kept.  A piece holding a non-ASCII whitespace
character (``str.split`` splits on those too) or bytes that are not UTF-8 is
read line by line in Python instead, with the same result and the same
errors (file and line).

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
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._common import (
    FileResult,
    as_file_list,
    build_corpus,
    corpus_name,
    has_line_fault,
    line_fault,
    read_pieces,
)
from induceval.corpus.readers._lines import iter_line_sentences
from induceval.errors import CorpusFormatError, check_choice

__all__ = ["read", "read_parts", "iter_sentences"]


def _parse(words: list[str]) -> dict[str, list]:
    return {"form": words}


def read(files, *, on_error: str = "fail", language: str | None = None,
         name: str | None = None) -> Corpus:
    """Read plain-text files into one corpus: ``files``, ``on_error`` and ``name`` as in
    :mod:`induceval.corpus.readers` (a line that is not UTF-8 is skipped under
    ``"bad UTF-8"``); ``language`` fills the ``language`` sentence column.

    Parameters
    ----------
    files
        A file or a list of files.
    on_error
        ``"fail"`` or ``"skip"`` bad lines.
    language
        The ``language`` sentence column's value.
    name
        The corpus name (default: from the files).

    Returns
    -------
    Corpus
        One sentence a line, its whitespace-separated words in ``form``.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> c = read(p)
    >>> c.n_sentences, c.sentence(0).strings("form")
    (2, ['the', 'dog', 'barks'])
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    paths = as_file_list(files)
    report = ReadReport()
    for p in paths:
        if not p.is_file():
            raise CorpusFormatError("no such file", path=str(p))
    return build_corpus(_stream(paths, on_error, report, language), report,
                        name if name is not None else corpus_name(paths), ["form"])


def read_parts(files, *, on_error: str = "fail", language: str | None = None,
               name: str | None = None, part_bytes: int | None = None) -> Iterator[Corpus]:
    """The corpus of :func:`read` in consecutive parts of whole sentences, read one at a time.

    A part holds whole pieces of about :data:`PIECE_BYTES` up to about
    ``part_bytes`` (default :data:`PART_BYTES`) of text, cut at a line end (a
    line longer than that stays whole): only one part's codes are alive, so a
    caller that counts or tags the parts in turn holds the vocabulary, not the
    tokens.  Each part has its own vocabulary, its words in order of first
    appearance, so the union of the parts' vocabularies in part order is that of
    :func:`read`.  The parts share one report (skips, files), and the errors
    (file and line) are those of :func:`read`.  At least one part is yielded.

    Parameters
    ----------
    files
        A file or a list of files.
    on_error
        ``"fail"`` or ``"skip"`` bad lines.
    language
        The ``language`` sentence column's value.
    name
        The corpus name (default: from the files).
    part_bytes
        About the most text of one part (default :data:`PART_BYTES`).

    Yields
    ------
    Corpus
        The consecutive parts.

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nthe cat\\n")
    >>> [part.n_tokens for part in read_parts(p, part_bytes=1)]
    [3, 2]
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    paths = as_file_list(files)
    for p in paths:
        if not p.is_file():
            raise CorpusFormatError("no such file", path=str(p))
    report = ReadReport()
    name = name if name is not None else corpus_name(paths)
    limit = part_bytes or PART_BYTES
    piece = min(limit, PIECE_BYTES)
    group: list[FileResult] = []
    size, done = 0, False
    for res in _stream(paths, on_error, report, language, piece):
        if group and not res.continues and size >= limit:   # a sentence is never cut
            yield _built(group, report, name)
            size, done = 0, True
        group.append(res)
        size += len(res.data) if res.data is not None else piece
    if group or not done:
        yield _built(group, report, name)


def _built(group: list[FileResult], report: ReadReport, name: str) -> Corpus:
    """The corpus of the pieces in ``group``, emptied: the pieces' bytes and ranges are let
    go once interned, not kept while the caller uses the part."""
    results = group[:]
    group.clear()
    return build_corpus(results, report, name, ["form"])


#: bytes per piece of a file
PIECE_BYTES = 8 << 20

#: bytes of text per part of :func:`read_parts`: one piece (a part holds some 30 bytes a
#: token while read: byte ranges, codes); smaller pieces would be interned by sorting
#: (below ``_fields.SMALL_INPUT_BYTES``), slower than the hash kernel
PART_BYTES = PIECE_BYTES

# UTF-8 of the non-ASCII characters str.split() treats as whitespace
_WIDE_SPACE = re.compile(rb"\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
                         rb"|\xe2\x81\x9f|\xe3\x80\x80")


def _stream(paths: list[Path], on_error: str, report: ReadReport, language: str | None,
            piece_bytes: int | None = None) -> Iterator[FileResult]:
    from induceval._numba_setup import skip_blas_probe

    skip_blas_probe()   # before numba's first compiled call (see that module)
    from induceval.corpus.readers._plain_scan import scan_tokens

    size = piece_bytes or PIECE_BYTES
    for p in paths:
        stem, line, open_line = p.stem, 1, False
        for data in read_pieces(p, size, lambda d, new: _piece_end(d, new, size)):
            first_line, line = line, line + data.count(b"\n")
            if first_line == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = b"   " + data[3:]  # the BOM is dropped (blanked: offsets unchanged)
            # a line longer than a piece goes on in the next one, its tokens in one sentence
            continues = open_line and _has_token(data[:data.find(b"\n") % (len(data) + 1)])
            open_line = not data.endswith(b"\n") and (
                _has_token(data[data.rfind(b"\n") + 1:]) or (open_line and b"\n" not in data))
            if has_line_fault(data):
                slow = True
            elif data.isascii():  # (a C scan) valid UTF-8 without wide spaces
                slow = False
            else:
                try:
                    data.decode("utf-8")
                    slow = _WIDE_SPACE.search(data) is not None
                except UnicodeDecodeError:
                    slow = True
            if slow:
                res = _slow_piece(p, first_line, data, on_error, report, language)
            else:
                starts, ends, lengths = scan_tokens(np.frombuffer(data, dtype=np.uint8))
                n = len(lengths)
                res = FileResult({"form": (starts, ends)}, None, lengths, [None] * n,
                                 [stem] * n, language, data=data)
            if continues:
                res = replace(res, continues=True, sent_ids=res.sent_ids[1:],
                              documents=res.documents[1:])
            yield res
        report.files.append(str(p))


def _piece_end(data: bytes, new: int, size: int) -> int:
    """Where a piece ends: after its last line end; in a line longer than ``size`` bytes,
    after its last ASCII space or tab (the line goes on in the next piece)."""
    at = data.rfind(b"\n") + 1
    if at == 0 and len(data) >= size:
        at = max(data.rfind(b" "), data.rfind(b"\t")) + 1
    return at


def _has_token(part: bytes) -> bool:
    """Whether a part of a line holds a token (anything but whitespace)."""
    return bool(part.strip())


def _slow_piece(path: Path, first_line: int, data: bytes, on_error: str, report: ReadReport,
                language: str | None) -> FileResult:
    """A piece read line by line (non-ASCII whitespace or bad UTF-8)."""
    forms: list[str] = []
    lengths: list[int] = []
    for i, raw in enumerate(data.split(b"\n")):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            shown = raw.decode("utf-8", errors="backslashreplace")
            err = CorpusFormatError("invalid UTF-8 byte sequence", path=str(path),
                                    line=first_line + i, text=shown)
            if on_error == "fail":
                raise err from None
            report.skip("bad UTF-8", str(err))
            continue
        fault = line_fault(text)
        if fault is not None:
            err = CorpusFormatError(fault, path=str(path), line=first_line + i, text=text)
            if on_error == "fail":
                raise err
            report.skip("not a text line", str(err))
            continue
        words = text.split()
        if words:
            forms.extend(words)
            lengths.append(len(words))
    n = len(lengths)
    return FileResult({"form": forms}, None, np.asarray(lengths, dtype=np.int64), [None] * n,
                      [path.stem] * n, language)


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = None,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per line (arguments of ``CorpusBuilder.add_sentence``).

    Parameters
    ----------
    path
        The file.
    on_error
        ``"fail"`` or ``"skip"`` bad lines.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.
    language
        The ``language`` sentence column's value.

    Yields
    ------
    tuple of (dict, dict)
        The token columns and the sentence columns of each sentence.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> [t["form"] for t, meta in iter_sentences(p)]
    [['the', 'dog', 'barks'], ['hi']]
    """
    return iter_line_sentences(path, _parse, on_error=on_error, report=report, language=language)
