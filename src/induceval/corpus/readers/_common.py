"""What every reader shares: file lists, the columns of one file (or chunk) as a
:class:`FileResult`, and their accumulation into ``int32`` codes over corpus-wide
vocabularies (:class:`_Accumulator`), so that no per-token Python object outlives
the chunk being read.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import filterfalse
from pathlib import Path

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, ReadReport, Vocabulary
from induceval.corpus.readers._fields import _LONG_KEY, _decode_items, _intern_dispatch
from induceval.errors import CorpusFormatError, check_choice

#: Sentence column holding the kept non-token lines of each sentence (see
#: :mod:`induceval.corpus.readers._tabular`).
LINES_COLUMN = "_lines"

#: Tokens gathered as strings before they are interned into int32 columns (streaming: the
#: strings of at most this many tokens are alive at a time, whatever the corpus size).
FLUSH_TOKENS = 1 << 16


@dataclass
class FileResult:
    """The columns read from one file (or chunk), before interning.

    ``columns`` maps a column name to a list of strings (streaming path) or,
    when ``data`` is set, to ``(starts, ends)`` byte ranges into ``data``.
    ``meta`` holds the optional sentence columns read from comments
    (``speaker``, ``role``, ``age_days``, ``child``, ``corpus``), ``languages``
    the per-sentence language (``None`` = the file's), ``lines`` the
    ``_lines`` strings (``None`` when the format keeps none).
    """

    columns: dict[str, list]
    heads: np.ndarray | None
    lengths: np.ndarray
    sent_ids: list
    documents: list
    language: str | None
    counts: Counter = field(default_factory=Counter)
    #: the file's bytes when ``columns`` hold byte ranges (fast path), else None
    data: bytes | None = None
    meta: dict[str, list] = field(default_factory=dict)
    languages: list | None = None
    lines: list | None = None
    #: the document in force after the last sentence (carried to the next chunk)
    document_out: str | None = None
    #: the first sentence continues the last one added before (a line cut into pieces);
    #: the sentence columns then start with the second sentence
    continues: bool = False


def as_file_list(files: str | os.PathLike | Iterable[str | os.PathLike]) -> list[Path]:
    """Accept one path or several."""
    if isinstance(files, (str, os.PathLike)):
        return [Path(files)]
    return [Path(f) for f in files]


def corpus_name(files: list[Path]) -> str:
    """A label for a corpus read from ``files``: the file, or their common folder."""
    if len(files) == 1:
        return str(files[0])
    if not files:
        return ""
    parents = {str(f.parent) for f in files}
    return parents.pop() if len(parents) == 1 else os.path.commonpath([str(f) for f in files])


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CorpusFormatError(f"cannot read: {exc.strerror or exc}", path=str(path)) from None


def read_pieces(path: Path, size: int, cut: Callable[[bytes, int], int]) -> Iterator[bytes]:
    """The bytes of a file in pieces of about ``size`` bytes; ``cut(data, new)`` says where
    the piece ``data`` (its ``new`` first bytes carried over) ends, or 0 to read on."""
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise CorpusFormatError(f"cannot read: {exc.strerror or exc}", path=str(path)) from None
    with fh:
        carry = b""
        while True:
            piece = fh.read(size)
            if not piece:
                if carry:
                    yield carry
                return
            data = carry + piece if carry else piece
            at = cut(data, len(carry))
            if at <= 0:
                carry = data
                continue
            yield data[:at]
            carry = data[at:]


def _iter_lines(path: Path) -> Iterator[tuple[int, str | None, bytes]]:
    """(line number, decoded text or None when not UTF-8, raw bytes)."""
    with open(path, "rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            if raw.endswith(b"\n"):
                raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                yield lineno, raw.decode("utf-8"), raw
            except UnicodeDecodeError:
                yield lineno, None, raw


#: What a NUL byte or a carriage return inside a line means (see :func:`line_fault`).
NUL_FAULT = "a NUL byte inside the line (binary data, or a damaged file)"
CR_FAULT = ("a carriage return inside the line: CR-only line ends (classic Mac OS) are not "
            "read; convert them to LF first (e.g. tr '\\r' '\\n')")


def line_fault(text: str) -> str | None:
    """What makes a decoded line (its line end stripped) no text line, else ``None``: a NUL
    byte, or a carriage return inside it (a file with CR-only line ends is one long line,
    refused at line 1 rather than read as one sentence).

    Example
    -------
    >>> line_fault("a b"), line_fault("a\\x00b") == NUL_FAULT, line_fault("a\\rb") == CR_FAULT
    (None, True, True)
    """
    if "\x00" in text:
        return NUL_FAULT
    if "\r" in text:
        return CR_FAULT
    return None


def has_line_fault(data: bytes) -> bool:
    """True when some line of ``data`` holds a NUL byte or a carriage return that ends no
    line (what :func:`line_fault` finds, over the bytes at C speed)."""
    return b"\x00" in data or (b"\r" in data and data.count(b"\r") != data.count(b"\r\n"))


class _Bad(Exception):
    """A malformed sentence (or tree): the reason it is skipped under, and its error."""

    def __init__(self, reason: str, error: CorpusFormatError | None) -> None:
        super().__init__(reason)
        self.reason, self.error = reason, error

    def __reduce__(self):
        # picklable as the context of the error it becomes (distributed's tblib pickles
        # contexts): without that error, which holds this one as its context
        return (type(self), (self.reason, None))


def intern(values: Sequence, missing: Iterable = (None, "_")) -> tuple[np.ndarray, list[str]]:
    """Codes and vocabulary of a list of strings, with ``missing`` values -> -1, in two
    C-level passes (``dict.fromkeys`` then ``map``) instead of :meth:`Vocabulary.encode`'s loop.

    Example
    -------
    >>> codes, items = intern(["a", "_", "b", "a"])
    >>> codes.tolist(), items
    ([0, -1, 1, 0], ['a', 'b'])
    """
    miss = set(missing)
    uniq = dict.fromkeys(values)
    items = [u for u in uniq if u not in miss]
    index = {u: i for i, u in enumerate(items)}
    index.update(dict.fromkeys(miss, MISSING))
    codes = np.fromiter(map(index.__getitem__, values), dtype=np.int32, count=len(values))
    return codes, items


_FORM_MISSING: frozenset = frozenset()
_TAG_MISSING: frozenset = frozenset({"_"})


class _IntSink:
    """An integer column (heads) filled part by part; the parts of a :class:`_Sink`."""

    __slots__ = ("parts", "n")

    def __init__(self, n_before: int) -> None:
        self.parts: list[np.ndarray] = []
        self.n = 0
        self.fill(n_before)

    def fill(self, n: int) -> None:
        if n:
            self.parts.append(np.full(n, MISSING, np.int32))
            self.n += n

    def add(self, values: np.ndarray) -> None:
        self.parts.append(np.asarray(values, dtype=np.int32))
        self.n += len(values)

    def mark(self) -> tuple[int, int]:
        return len(self.parts), self.n

    def rollback(self, mark: tuple[int, int]) -> None:
        del self.parts[mark[0]:]
        self.n = mark[1]

    def column(self) -> Column:
        return Column(np.concatenate(self.parts).astype(np.int32, copy=False) if self.parts
                      else np.zeros(0, np.int32))


class _Sink(_IntSink):
    """One categorical column filled part by part into a corpus-wide vocabulary."""

    __slots__ = ("index", "items", "known_keys", "known_codes")

    def __init__(self, n_before: int, missing: frozenset) -> None:
        self.index: dict[str | None, int] = {m: MISSING for m in missing}
        self.index[None] = MISSING
        self.items: list[str] = []
        # packed keys of short values seen in earlier chunks (sorted) and their codes: a value
        # seen before is neither decoded nor looked up again
        self.known_keys = np.zeros(0, dtype=np.uint64)
        self.known_codes = np.zeros(0, dtype=np.int32)
        super().__init__(n_before)

    def add_ranges(self, buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> None:
        """Append the byte fields ``buf[starts:ends]`` (missing markers -> -1).

        Interned on the bytes (:func:`intern_bytes`): only the distinct
        values are decoded and looked up, no Python string per token.
        """
        codes, first, keys = _intern_dispatch(buf, starts, ends)
        table = np.empty(len(first), dtype=np.int32)
        todo = np.arange(len(first))
        known = self.known_keys
        if keys is not None and len(known):
            at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
            hit = (known[at] == keys) & (keys < _LONG_KEY)
            table[hit] = self.known_codes[at[hit]]
            todo = todo[~hit]
        distinct = _decode_items(buf, starts[first[todo]], ends[first[todo]])
        table[todo] = self._encode(distinct, distinct)
        if keys is not None and len(todo):
            todo = todo[keys[todo] < _LONG_KEY]
            order = np.argsort(keys[todo])
            new_keys, new_codes = keys[todo][order], table[todo][order]
            at = np.searchsorted(known, new_keys)  # (none of them is known yet)
            self.known_keys = np.insert(known, at, new_keys)
            self.known_codes = np.insert(self.known_codes, at, new_codes)
        self.parts.append(table[codes])
        self.n += len(codes)

    def add_strings(self, values: Sequence) -> None:
        """Append ``values`` (``None``, missing markers -> -1); new values join the vocabulary."""
        self.parts.append(self._encode(values, dict.fromkeys(values)))
        self.n += len(values)

    def _encode(self, values: Sequence, distinct: Iterable) -> np.ndarray:
        """The codes of ``values``, whose distinct values ``distinct`` join the vocabulary."""
        index, items = self.index, self.items
        new = list(filterfalse(index.__contains__, distinct))
        index.update(zip(new, range(len(items), len(items) + len(new))))
        items.extend(new)
        return np.fromiter(map(index.__getitem__, values), dtype=np.int32, count=len(values))

    def mark(self) -> tuple[int, int, int]:
        return len(self.items), *super().mark()

    def rollback(self, mark: tuple[int, int, int]) -> None:
        n_items = mark[0]
        for item in self.items[n_items:]:
            del self.index[item]
        del self.items[n_items:]
        super().rollback(mark[1:])
        keep = self.known_codes < n_items   # (missing values, -1, stay known)
        self.known_keys, self.known_codes = self.known_keys[keep], self.known_codes[keep]

    def column(self) -> Column:
        return Column(super().column().values, Vocabulary.from_unique(self.items))


class _Accumulator:
    """Token and sentence columns of a corpus, filled file by file (or chunk by chunk)."""

    def __init__(self) -> None:
        self.tokens: dict[str, _Sink | _IntSink] = {}
        self.lengths: list[np.ndarray] = []
        self.n_tokens = self.n_sentences = 0
        self.sent: dict[str, list] = {"sent_id": [], "document": [], "language": []}
        self.counts: Counter = Counter()

    def _sink(self, name: str) -> _Sink | _IntSink:
        sink = self.tokens.get(name)
        if sink is None:
            sink = self.tokens[name] = (
                _IntSink(self.n_tokens) if name == "head" else
                _Sink(self.n_tokens, _FORM_MISSING if name == "form" else _TAG_MISSING))
        return sink

    def add(self, r: FileResult) -> None:
        n = int(r.lengths.sum())
        lengths = np.asarray(r.lengths, dtype=np.int64)
        if r.continues and len(lengths):
            k = max(i for i, a in enumerate(self.lengths) if len(a))
            last = self.lengths[k] = self.lengths[k].copy()
            last[-1] += lengths[0]
            lengths = lengths[1:]
        n_sent = len(lengths)
        present = set(r.columns)
        if r.heads is not None:
            present.add("head")
        buf = np.frombuffer(r.data, dtype=np.uint8) if r.data is not None else None
        for name in present:
            sink = self._sink(name)
            if name == "head":
                sink.add(r.heads)
            elif buf is not None:
                sink.add_ranges(buf, *r.columns[name])
            else:
                sink.add_strings(r.columns[name])
        for name, sink in self.tokens.items():
            if name not in present:
                sink.fill(n)
        self.lengths.append(lengths)
        sent = self.sent
        sent["sent_id"].extend(r.sent_ids)
        sent["document"].extend(r.documents)
        sent["language"].extend(r.languages if r.languages is not None
                                else [r.language] * n_sent)
        extra = dict(r.meta)
        if r.lines is not None:
            extra[LINES_COLUMN] = r.lines
        for key, values in extra.items():
            sent.setdefault(key, [None] * self.n_sentences).extend(values)
        for values in sent.values():
            if len(values) == self.n_sentences:
                values.extend([None] * n_sent)
        self.n_tokens += n
        self.n_sentences += n_sent

    def mark(self) -> tuple:
        return (self.n_tokens, self.n_sentences, len(self.lengths), set(self.tokens),
                set(self.sent), {k: s.mark() for k, s in self.tokens.items()})

    def rollback(self, mark: tuple) -> None:
        n_tok, n_sent, n_len, tok_names, sent_names, sink_marks = mark
        self.tokens = {k: s for k, s in self.tokens.items() if k in tok_names}
        for k, s in self.tokens.items():
            s.rollback(sink_marks[k])
        self.sent = {k: v[:n_sent] for k, v in self.sent.items() if k in sent_names}
        del self.lengths[n_len:]
        self.n_tokens, self.n_sentences = n_tok, n_sent

    def build(self, report: ReadReport, name: str, order: Sequence[str]) -> Corpus:
        lengths = np.concatenate(self.lengths) if self.lengths else np.zeros(0, np.int64)
        offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        names = [k for k in order if k in self.tokens]
        names += [k for k in self.tokens if k not in names]
        if "form" not in names:
            names.insert(0, "form")
        tokens: dict[str, Column] = {}
        for k in names:
            sink = self._sink(k)
            tokens[k] = sink.column()
            sink.parts = []  # free the parts as soon as each column is joined
        sentences: dict[str, Column] = {}
        for k, values in self.sent.items():
            if k == "age_days":
                sentences[k] = Column(np.fromiter(
                    (MISSING if v is None else v for v in values), dtype=np.int32,
                    count=len(values)))
            else:
                codes, items = intern(values, (None,))
                sentences[k] = Column(codes, Vocabulary.from_unique(items))
        for key, n in self.counts.items():
            report.count(key, n)
        return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=report,
                      name=name)


def build_corpus(results: list[FileResult], report: ReadReport, name: str,
                 order: Sequence[str]) -> Corpus:
    """Intern the columns of all files into one :class:`Corpus`."""
    acc = _Accumulator()
    for r in results:
        acc.add(r)
        acc.counts.update(r.counts)
    return acc.build(report, name, order)


def read_streamed(files, stream: Callable[[Path, ReadReport], Iterable[tuple[dict, dict]]],
                  columns: Sequence[str], *, on_error: str, language: str | None,
                  name: str | None) -> Corpus:
    """Read files sentence by sentence into one corpus (the line and tree formats).

    ``stream(path, report)`` yields ``(tokens, meta)`` pairs (``meta["continues"]``: the
    tokens go on the sentence before); the strings of at most :data:`FLUSH_TOKENS` tokens
    are alive at a time.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    paths = as_file_list(files)
    report, acc = ReadReport(), _Accumulator()
    for p in paths:
        if not p.is_file():
            raise CorpusFormatError("no such file", path=str(p))
        cols: dict[str, list] = {k: [] for k in columns}
        lengths: list[int] = []
        sent_ids: list = []
        docs: list = []
        continues = False   # the first sentence gathered continues one already added
        for tokens, meta in stream(p, report):
            for k in columns:
                cols[k].extend(tokens[k])
            if meta.get("continues") and lengths:
                lengths[-1] += len(tokens["form"])
            else:
                if meta.get("continues"):
                    continues = True
                else:
                    sent_ids.append(meta["sent_id"])
                    docs.append(meta["document"])
                lengths.append(len(tokens["form"]))
            if len(cols["form"]) >= FLUSH_TOKENS:  # into the int32 columns, then forget them
                acc.add(FileResult(cols, None, np.asarray(lengths, dtype=np.int64), sent_ids,
                                   docs, language, continues=continues))
                cols = {k: [] for k in columns}
                lengths, sent_ids, docs, continues = [], [], [], False
        acc.add(FileResult(cols, None, np.asarray(lengths, dtype=np.int64), sent_ids, docs,
                           language, continues=continues))
        report.files.append(str(p))
    return acc.build(report, name if name is not None else corpus_name(paths), columns)
