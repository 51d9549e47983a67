"""Shared machinery of the tab-separated readers (CoNLL-U, CoNLL-X, PASCAL, Malt).

Each file is read twice at most:

1. a *columnar fast path* (:func:`_fast_file`) reads the whole file, splits it
   into lines once, separates blank/comment/token lines with numpy, splits all
   token fields with one ``str.split`` and interns columns with dictionaries.
   It validates everything (column counts, token IDs, heads) in bulk and gives
   up (returns ``None``) at the first anomaly;
2. the *streaming path* (:func:`iter_tabular`) reads line by line, sentence by
   sentence, and defines the semantics: it raises
   :class:`~induceval.errors.CorpusFormatError` naming file, line, offending
   text and what was expected, or skips the bad sentence (``on_error="skip"``).

A file with an anomaly is therefore re-read by the streaming path, so both
paths give identical corpora on valid input (checked by property tests) and
errors always come from one place.

Conventions shared by all tabular readers
-----------------------------------------
- Sentences are separated by blank lines (whitespace-only lines count as
  blank); lines starting with ``#`` are comments (counted in
  ``report.counts["comments"]``).  ``# sent_id = X`` sets the sentence's
  ``sent_id``; ``# newdoc id = X`` sets ``document`` from that sentence on
  (the default document is the file stem).
- ``_`` means missing (``-1``) in every column except ``form``, where ``_``
  is kept as a word (UD writes a literal underscore token that way).
- Token IDs must run 1, 2, 3 ... within a sentence; heads are ``_`` or
  non-negative ASCII integers no larger than the sentence length.
- A Windows line end (``\\r\\n``) and a UTF-8 byte-order mark are accepted.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, ReadReport, Vocabulary
from induceval.errors import CorpusFormatError, check_choice

__all__ = [
    "TabularSpec",
    "FileResult",
    "as_file_list",
    "read_tabular",
    "iter_tabular",
    "build_corpus",
    "intern",
    "language_from_name",
]

_MW_RE = re.compile(r"[0-9]+-[0-9]+\Z")
_EMPTY_RE = re.compile(r"[0-9]+\.[0-9]+\Z")
_UD_NAME_RE = re.compile(r"([a-z]{2,3})_[A-Za-z0-9]+-ud-")

#: Kinds of ID field.
_REGULAR, _MULTIWORD, _EMPTY, _BAD = 0, 1, 2, 3


@dataclass(frozen=True)
class TabularSpec:
    """Where each corpus column sits in a tab-separated format.

    Attributes
    ----------
    name
        The format name, used in messages.
    ncols
        Allowed numbers of columns per token line.
    columns
        Corpus column name -> 0-based field index.  ``head`` is parsed as an
        integer; every other column is categorical.
    id_col
        Field index of the token ID, or ``None`` when tokens are numbered
        implicitly (Malt).
    special_ids
        Accept CoNLL-U multiword-token ranges (``1-2``) and empty nodes
        (``8.1``): they are kept out of the token stream and counted.
    layout
        Human-readable column list used in messages.
    comments
        Lines starting with ``#`` are comments.  False for Malt, where ``#``
        is a word (the PTB tags the pound sign ``#``).
    """

    name: str
    ncols: tuple[int, ...]
    columns: dict[str, int]
    id_col: int | None = 0
    special_ids: bool = False
    layout: str = ""
    comments: bool = True

    def columns_for(self, ncols: int) -> dict[str, int]:
        """The columns present in a line with ``ncols`` fields."""
        return {k: i for k, i in self.columns.items() if i < ncols}


@dataclass
class FileResult:
    """The columns read from one file, before interning.

    ``columns`` maps a column name to a list of strings (streaming path) or,
    when ``data`` is set, to ``(starts, ends)`` byte ranges into ``data``.
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


# -- small helpers -----------------------------------------------------------

def as_file_list(files: str | os.PathLike | Iterable[str | os.PathLike]) -> list[Path]:
    """Accept one path or several."""
    if isinstance(files, (str, os.PathLike)):
        return [Path(files)]
    return [Path(f) for f in files]


def language_from_name(path: str | os.PathLike) -> str | None:
    """The language code of a UD-style file name (``en_ewt-ud-dev.conllu`` -> ``en``).

    Example
    -------
    >>> language_from_name("x/en_ewt-ud-dev.conllu"), language_from_name("a.conllu")
    ('en', None)
    """
    m = _UD_NAME_RE.match(Path(path).name)
    return m.group(1) if m else None


def _classify_id(field_: str, special: bool) -> tuple[int, int]:
    """(kind, value) of an ID field."""
    if field_.isascii() and field_.isdigit():
        return _REGULAR, int(field_)
    if special:
        if _MW_RE.match(field_):
            return _MULTIWORD, 0
        if _EMPTY_RE.match(field_):
            return _EMPTY, 0
    return _BAD, 0


def _parse_head(field_: str) -> int | None:
    """Head value, ``MISSING`` for ``_``, ``None`` when malformed."""
    if field_ == "_":
        return MISSING
    if field_.isascii() and field_.isdigit():
        return int(field_)
    return None


_W = r"[^\S\n]*"  # whitespace within a line
#: One match per line: groups (``"sent_id"`` or ``""``, value); ``("", "")`` for other lines.
_COMMENT_RE = re.compile(
    rf"^(?:#{_W}(?:(sent_id)|newdoc{_W}id){_W}={_W}(.*?){_W}|.*)$", re.MULTILINE)


def _parse_comments(lines: str) -> list[tuple[str, str] | None]:
    r"""Parse ``"\n"``-joined comment lines: ``("sent_id", X)``, ``("newdoc", X)`` or None each.

    ``# sent_id = X`` and ``# newdoc id = X`` (any spacing) are kept; the
    value is stripped and must not be empty.

    Example
    -------
    >>> _parse_comments("# sent_id = a-1 \n#newdoc id=d\n# x")
    [('sent_id', 'a-1'), ('newdoc', 'd'), None]
    """
    out: list[tuple[str, str] | None] = []
    for kind, value in _COMMENT_RE.findall(lines):
        out.append((("sent_id" if kind else "newdoc"), value) if value else None)
    return out


def _parse_comment(line: str) -> tuple[str, str] | None:
    """One comment line (see :func:`_parse_comments`)."""
    return _parse_comments(line.replace("\n", " "))[0]


def intern(values: Sequence, missing: Iterable = (None, "_")) -> tuple[np.ndarray, list[str]]:
    """Codes and vocabulary of a list of strings, with ``missing`` values -> -1.

    Two C-level passes (``dict.fromkeys`` then ``map``) instead of a Python
    loop: about 10x faster than :meth:`Vocabulary.encode` on large columns.

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
    for m in miss:
        index[m] = MISSING
    codes = np.fromiter(map(index.__getitem__, values), dtype=np.int32, count=len(values))
    return codes, items


def _err(spec: TabularSpec, path: Path, lineno: int, text: str, what: str) -> CorpusFormatError:
    return CorpusFormatError(what, path=str(path), line=lineno, text=text)


# -- streaming path ------------------------------------------------------------

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


def _iter_blocks(path: Path) -> Iterator[list[tuple[int, str | None, bytes]]]:
    """Groups of non-blank lines (a sentence with its comments)."""
    block: list[tuple[int, str | None, bytes]] = []
    for item in _iter_lines(path):
        text = item[1]
        if text is not None and not text.strip():
            if block:
                yield block
                block = []
        else:
            block.append(item)
    if block:
        yield block


class _State:
    __slots__ = ("document", "counts")

    def __init__(self, document: str) -> None:
        self.document = document
        self.counts: Counter = Counter()


def _parse_block(block, spec: TabularSpec, path: Path, state: _State):
    """Parse one block; return (tokens, meta) or raise (reason, error)."""
    sent_id = None
    token_lines = []
    bad_utf8 = None
    for lineno, text, raw in block:
        if text is None:
            if bad_utf8 is None:
                bad_utf8 = (lineno, raw)
            continue
        if spec.comments and text.startswith("#"):
            state.counts["comments"] += 1
            parsed = _parse_comment(text)
            if parsed is not None:
                key, value = parsed
                if key == "sent_id":
                    sent_id = value
                else:
                    state.document = value
            continue
        token_lines.append((lineno, text))
    if bad_utf8 is not None:
        lineno, raw = bad_utf8
        shown = raw.decode("utf-8", errors="backslashreplace")
        raise _Bad("bad UTF-8", _err(spec, path, lineno, shown, "invalid UTF-8 byte sequence"))
    if not token_lines:
        return None
    fields_all = []
    ncols = None
    counts = Counter()
    for lineno, text in token_lines:
        fields = text.split("\t")
        if len(fields) not in spec.ncols or (ncols is not None and len(fields) != ncols):
            allowed = ncols if ncols is not None else " or ".join(map(str, spec.ncols))
            raise _Bad("wrong column count", _err(
                spec, path, lineno, text,
                f"expected {allowed} tab-separated columns ({spec.layout}), got {len(fields)}"))
        ncols = len(fields)
        if spec.id_col is not None:
            kind, value = _classify_id(fields[spec.id_col], spec.special_ids)
            if kind == _MULTIWORD:
                counts["multiword_tokens"] += 1
                continue
            if kind == _EMPTY:
                counts["empty_nodes"] += 1
                continue
            expected = len(fields_all) + 1
            if kind == _BAD or value != expected:
                raise _Bad("bad token ID", _err(
                    spec, path, lineno, text,
                    f"expected token ID {expected} in column 1, got {fields[spec.id_col]!r}"))
        fields_all.append((lineno, text, fields))
    if not fields_all:
        lineno, text = token_lines[0]
        raise _Bad("no regular tokens", _err(
            spec, path, lineno, text, "a sentence without regular (integer-ID) tokens"))
    n = len(fields_all)
    cols = spec.columns_for(ncols)
    tokens: dict[str, list] = {}
    for name, idx in cols.items():
        if name == "head":
            heads = []
            for lineno, text, fields in fields_all:
                h = _parse_head(fields[idx])
                if h is None:
                    raise _Bad("non-integer head", _err(
                        spec, path, lineno, text,
                        f"expected an integer head or '_' in column {idx + 1}, "
                        f"got {fields[idx]!r}"))
                if h > n:
                    raise _Bad("head out of range", _err(
                        spec, path, lineno, text,
                        f"head {h} out of range: the sentence has {n} tokens "
                        f"(expected 0..{n} or '_')"))
                heads.append(None if h == MISSING else h)
            tokens["head"] = heads
        elif name == "form":
            tokens["form"] = [f[idx] for _, _, f in fields_all]
        else:
            tokens[name] = [None if f[idx] == "_" else f[idx] for _, _, f in fields_all]
    state.counts.update(counts)
    meta = {"sent_id": sent_id, "document": state.document}
    return tokens, meta


class _Bad(Exception):
    def __init__(self, reason: str, error: CorpusFormatError) -> None:
        super().__init__(reason)
        self.reason = reason
        self.error = error


def iter_tabular(path: str | os.PathLike, spec: TabularSpec, *, on_error: str = "fail",
                 report: ReadReport | None = None, language: str | None = None,
                 ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` pairs, one per sentence, from a tabular file.

    ``tokens`` maps column names to lists (``None`` = missing; heads are ints);
    ``meta`` holds ``sent_id``, ``document`` and ``language``: exactly the
    arguments of :meth:`CorpusBuilder.add_sentence`.  Counts (comments,
    multiword tokens, empty nodes) and skipped sentences go to ``report``.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    path = Path(path)
    report = report if report is not None else ReadReport()
    if language is None:
        language = language_from_name(path)
    state = _State(path.stem)
    try:
        for block in _iter_blocks(path):
            try:
                parsed = _parse_block(block, spec, path, state)
            except _Bad as bad:
                if on_error == "fail":
                    raise bad.error from None
                report.skip(bad.reason, str(bad.error))
                continue
            if parsed is not None:
                tokens, meta = parsed
                meta["language"] = language
                yield tokens, meta
    finally:
        for key, n in state.counts.items():
            report.count(key, n)


def _slow_file(path: Path, spec: TabularSpec, on_error: str, report: ReadReport,
               language: str | None) -> FileResult:
    names = list(spec.columns)
    columns: dict[str, list] = {k: [] for k in names if k != "head"}
    heads: list = []
    lengths: list[int] = []
    sent_ids: list = []
    documents: list = []
    has_head = "head" in spec.columns
    seen: set[str] = set()
    for tokens, meta in iter_tabular(path, spec, on_error=on_error, report=report,
                                     language=language):
        n = len(tokens["form"])
        seen.update(tokens)
        for k, col in columns.items():
            col.extend(tokens.get(k) or [None] * n)
        if has_head:
            h = tokens.get("head")
            heads.extend([MISSING] * n if h is None else
                         [MISSING if v is None else v for v in h])
        lengths.append(n)
        sent_ids.append(meta["sent_id"])
        documents.append(meta["document"])
    if lengths:
        columns = {k: v for k, v in columns.items() if k in seen}
    else:
        columns = {k: v for k, v in columns.items() if spec.columns[k] < min(spec.ncols)}
    head_arr = np.asarray(heads, dtype=np.int32) if has_head and (
        "head" in seen or not lengths and spec.columns["head"] < min(spec.ncols)) else None
    return FileResult(columns, head_arr, np.asarray(lengths, dtype=np.int64), sent_ids,
                      documents, language if language is not None else language_from_name(path))


# -- columnar fast path ----------------------------------------------------------

_BOM = b"\xef\xbb\xbf"


def _find_all(data: bytes, needle: bytes) -> list[int]:
    out = []
    i = data.find(needle)
    while i >= 0:
        out.append(i)
        i = data.find(needle, i + 1)
    return out


#: Below this many bytes of fields, intern with a dict (no numba import/compile).
SMALL_INPUT_BYTES = 4 << 20
_INTERN_MODULE = "induceval.corpus.readers._intern"


def intern_bytes(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Codes (first-seen order) and first indices of the byte fields ``buf[starts:ends]``.

    Uses the numba kernel :func:`induceval.corpus.readers._intern.intern_fields`
    on large inputs and a dictionary on small ones (same result).

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c", dtype=np.uint8)
    >>> codes, first = intern_bytes(buf, np.array([0, 3, 6]), np.array([2, 5, 7]))
    >>> codes.tolist(), first.tolist()
    ([0, 0, 1], [0, 2])
    """
    n = len(starts)
    if n == 0:
        return np.zeros(0, np.int32), np.zeros(0, np.int64)
    if (_INTERN_MODULE in sys.modules
            or int((ends - starts).sum()) >= SMALL_INPUT_BYTES):
        from induceval.corpus.readers._intern import intern_fields

        return intern_fields(buf, starts, ends)
    data = buf.tobytes()
    values = [data[s:e] for s, e in zip(starts.tolist(), ends.tolist(), strict=True)]
    index: dict[bytes, int] = {}
    first: list[int] = []
    codes = np.empty(n, dtype=np.int32)
    for i, v in enumerate(values):
        c = index.get(v)
        if c is None:
            c = index[v] = len(first)
            first.append(i)
        codes[i] = c
    return codes, np.asarray(first, dtype=np.int64)


def _decode_items(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[str]:
    """Decode the byte ranges ``buf[starts[i]:ends[i]]`` (no newlines inside) in one go."""
    n = len(starts)
    if n == 0:
        return []
    out_len = (ends - starts) + 1  # each item followed by "\n"
    out_start = np.concatenate(([0], np.cumsum(out_len)[:-1]))
    total = int(out_len.sum())
    idx = np.repeat(starts - out_start, out_len) + np.arange(total, dtype=np.int64)
    np.minimum(idx, len(buf) - 1, out=idx)
    gathered = buf[idx]
    gathered[out_start + out_len - 1] = 10
    return gathered.tobytes().decode("utf-8").split("\n")[:n]


def _fast_file(data: bytes, path: Path, spec: TabularSpec,
               language: str | None) -> FileResult | None:
    """Read a whole file at once at the byte level; ``None`` at the first anomaly.

    Lines, comment/blank/token lines and field boundaries come from numpy
    searches over the bytes; only the distinct values of each column are ever
    decoded.  Text columns are returned as byte ranges (``fields``), interned
    later over all files at once.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    size = len(buf)
    nl = np.flatnonzero(buf == 10)
    starts = np.concatenate(([0], nl + 1)).astype(np.int64)
    ends = np.concatenate((nl, [size])).astype(np.int64)
    if starts[-1] == size:  # the file ends with "\n" (or is empty)
        starts, ends = starts[:-1], ends[:-1]
    lang = language if language is not None else language_from_name(path)
    counts: Counter = Counter()
    n_lines = len(starts)
    if n_lines and data.startswith(_BOM):
        starts[0] += 3
    if n_lines:
        cr = (ends > starts) & (buf[np.maximum(ends - 1, 0)] == 13)
        ends = ends - cr
    blank = starts == ends
    first_byte = buf[np.minimum(starts, max(size - 1, 0))] if size else np.zeros(0, np.uint8)
    comment = ~blank & (first_byte == 35) & spec.comments
    is_tok = ~(blank | comment)
    block_of_line = np.cumsum(blank)
    # -- comments: counted; sent_id and newdoc kept (parsed as the streaming path does)
    sent_id_of_block: dict[int, str] = {}
    newdoc_blocks: list[int] = []
    newdoc_values: list[str] = []
    n_comments = int(comment.sum())
    if n_comments:
        counts["comments"] = n_comments
        pos = np.array(_find_all(data, b"sent_id") + _find_all(data, b"newdoc"), dtype=np.int64)
        line = np.unique(np.searchsorted(starts, pos, side="right") - 1)
        line = line[line >= 0]
        line = line[comment[line]]
        if len(line):
            parsed_all = _parse_comments("\n".join(_decode_items(buf, starts[line], ends[line])))
            blocks = block_of_line[line].tolist()
            for b, parsed in zip(blocks, parsed_all, strict=True):
                if parsed is None:
                    continue
                if parsed[0] == "sent_id":
                    sent_id_of_block[b] = parsed[1]
                else:
                    newdoc_blocks.append(b)
                    newdoc_values.append(parsed[1])
    tok_idx = np.flatnonzero(is_tok)
    n_tok_lines = len(tok_idx)
    if n_tok_lines == 0:
        cols = spec.columns_for(min(spec.ncols))
        return FileResult({k: (np.zeros(0, np.int64), np.zeros(0, np.int64))
                           for k in cols if k != "head"},
                          np.zeros(0, np.int32) if "head" in cols else None,
                          np.zeros(0, np.int64), [], [], lang, counts, data=data)
    tabs = np.flatnonzero(buf == 9)
    t_starts = starts[tok_idx]
    t_ends = ends[tok_idx]
    first_tab = np.searchsorted(tabs, t_starts)
    ntabs = np.searchsorted(tabs, t_ends) - first_tab
    ncols = int(ntabs[0]) + 1
    if ncols not in spec.ncols or not (ntabs == ncols - 1).all():
        return None
    # field boundaries, one row per token line
    f_starts = np.empty((n_tok_lines, ncols), dtype=np.int64)
    f_ends = np.empty((n_tok_lines, ncols), dtype=np.int64)
    f_starts[:, 0] = t_starts
    f_ends[:, -1] = t_ends
    if ncols > 1:
        tab_pos = tabs[first_tab[:, None] + np.arange(ncols - 1)]
        f_starts[:, 1:] = tab_pos + 1
        f_ends[:, :-1] = tab_pos
    block = block_of_line[tok_idx]
    regular = None
    if spec.id_col is not None:
        c = spec.id_col
        id_codes, id_first = intern_bytes(buf, f_starts[:, c], f_ends[:, c])
        id_items = _decode_items(buf, f_starts[id_first, c], f_ends[id_first, c])
        kinds = np.empty(len(id_items), dtype=np.int64)
        values = np.empty(len(id_items), dtype=np.int64)
        for j, item in enumerate(id_items):
            kinds[j], values[j] = _classify_id(item, spec.special_ids)
        if (kinds == _BAD).any():
            return None
        tok_kind = kinds[id_codes]
        if (tok_kind != _REGULAR).any():
            regular = tok_kind == _REGULAR
            n_mw = int((tok_kind == _MULTIWORD).sum())
            n_empty = int((tok_kind == _EMPTY).sum())
            if n_mw:
                counts["multiword_tokens"] = n_mw
            if n_empty:
                counts["empty_nodes"] = n_empty
    if regular is not None:
        reg_block = block[regular]
        if np.unique(reg_block).size != np.unique(block).size:
            return None  # a sentence made only of multiword/empty lines
        f_starts = f_starts[regular]
        f_ends = f_ends[regular]
    else:
        reg_block = block
    n_tok = len(reg_block)
    change = np.flatnonzero(reg_block[1:] != reg_block[:-1]) + 1
    sent_starts = np.concatenate(([0], change)).astype(np.int64)
    lengths = np.diff(np.append(sent_starts, n_tok))
    tok_len = np.repeat(lengths, lengths)
    if spec.id_col is not None:
        ids = values[id_codes] if regular is None else values[id_codes][regular]
        positions = np.arange(n_tok, dtype=np.int64) - np.repeat(sent_starts, lengths)
        if not (ids == positions + 1).all():
            return None
    cols = spec.columns_for(ncols)
    fields: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    heads = None
    for name, idx in cols.items():
        fs, fe = f_starts[:, idx], f_ends[:, idx]
        if name == "head":
            h_codes, h_first = intern_bytes(buf, fs, fe)
            h_items = _decode_items(buf, fs[h_first], fe[h_first])
            table = np.empty(len(h_items), dtype=np.int64)
            for j, item in enumerate(h_items):
                h = _parse_head(item)
                if h is None:
                    return None
                table[j] = h
            heads64 = table[h_codes]
            if (heads64 > tok_len).any():
                return None
            heads = heads64.astype(np.int32)
        else:
            fields[name] = (np.ascontiguousarray(fs), np.ascontiguousarray(fe))
    sent_blocks = reg_block[sent_starts]
    sent_ids = [sent_id_of_block.get(b) for b in sent_blocks.tolist()]
    if newdoc_blocks:
        which = np.searchsorted(np.asarray(newdoc_blocks), sent_blocks, side="right") - 1
        table_docs = newdoc_values + [path.stem]  # index -1 -> stem
        documents = [table_docs[w] for w in which.tolist()]
    else:
        documents = [path.stem] * len(sent_starts)
    return FileResult(fields, heads, lengths.astype(np.int64), sent_ids, documents, lang,
                      counts, data=data)


# -- assembling the corpus -------------------------------------------------------

_FORM_MISSING: tuple = (None,)


def _make_vocab(items: list[str]) -> Vocabulary:
    """A Vocabulary over distinct ``items`` without a Python loop per item.

    Sets the private fields directly (``Vocabulary(items)`` adds one by one,
    ~0.3 s on the UD dev+test forms); see the report's request for a public
    ``Vocabulary.from_unique``.
    """
    return Vocabulary.from_unique(items)


class _Joined:
    """The bytes of every fast-path file, joined once for all columns."""

    def __init__(self, results: list[FileResult]) -> None:
        fast = [r for r in results if r.data is not None]
        self.bigarr = np.frombuffer(b"".join(r.data for r in fast), dtype=np.uint8)
        sizes = [len(r.data) for r in fast]
        bases = np.cumsum([0] + sizes)[:-1].tolist()
        self.base = {id(r): b for r, b in zip(fast, bases, strict=True)}


def _merge_column(results: list[FileResult], name: str, missing: tuple,
                  joined: _Joined) -> Column:
    """One categorical column over all files: byte ranges interned at once, lists merged."""
    fast = [r for r in results if r.data is not None and name in r.columns]
    index: dict[str, int] = {}
    items: list[str] = []
    fast_codes: dict[int, np.ndarray] = {}
    if fast:
        bigarr = joined.bigarr
        starts = np.concatenate([r.columns[name][0] + joined.base[id(r)] for r in fast])
        ends = np.concatenate([r.columns[name][1] + joined.base[id(r)] for r in fast])
        codes, first = intern_bytes(bigarr, starts, ends)
        items = _decode_items(bigarr, starts[first], ends[first])
        remap = np.arange(len(items) + 1, dtype=np.int32)
        remap[-1] = MISSING
        for m in missing:  # at most one position per missing marker
            if m is None:
                continue
            try:
                j = items.index(m)
            except ValueError:
                continue
            remap[j] = MISSING
            remap[j + 1:-1] -= 1
            del items[j]
        codes = remap[codes]
        splits = np.cumsum([len(r.columns[name][0]) for r in fast])[:-1]
        for r, part in zip(fast, np.split(codes, splits), strict=True):
            fast_codes[id(r)] = part
    parts = []
    if len(fast) < len(results):
        index = dict(zip(items, range(len(items))))
    for r in results:
        n = int(r.lengths.sum())
        if id(r) in fast_codes:
            parts.append(fast_codes[id(r)])
            continue
        col = r.columns.get(name)
        if col is None:
            parts.append(np.full(n, MISSING, np.int32))
            continue
        local, local_items = intern(col, missing)
        remap = np.empty(len(local_items) + 1, dtype=np.int32)
        remap[-1] = MISSING
        for j, item in enumerate(local_items):
            g = index.get(item)
            if g is None:
                g = index[item] = len(items)
                items.append(item)
            remap[j] = g
        parts.append(remap[local])
    values = np.concatenate(parts).astype(np.int32) if parts else np.zeros(0, np.int32)
    return Column(values, _make_vocab(items))


def build_corpus(results: list[FileResult], report: ReadReport, name: str,
                 order: Sequence[str]) -> Corpus:
    """Intern the columns of all files into one :class:`Corpus`."""
    lengths = (np.concatenate([r.lengths for r in results]) if results
               else np.zeros(0, np.int64))
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    present = [k for k in order if any(k in r.columns or (k == "head" and r.heads is not None)
                                       for r in results)]
    if "form" not in present:
        present.insert(0, "form")
    tokens: dict[str, Column] = {}
    joined = _Joined(results)
    for k in present:
        if k == "head":
            parts = [r.heads if r.heads is not None else
                     np.full(int(r.lengths.sum()), MISSING, np.int32) for r in results]
            tokens[k] = Column(np.concatenate(parts).astype(np.int32) if parts
                               else np.zeros(0, np.int32))
        else:
            tokens[k] = _merge_column(results, k, _FORM_MISSING if k == "form" else (None, "_"),
                                      joined)
    sentences: dict[str, Column] = {}
    metas: dict[str, list] = {"sent_id": [], "document": [], "language": []}
    for r in results:
        metas["sent_id"].extend(r.sent_ids)
        metas["document"].extend(r.documents)
        metas["language"].extend([r.language] * len(r.lengths))
    for k, values in metas.items():
        codes, items = intern(values, (None,))
        sentences[k] = Column(codes, _make_vocab(items))
    for r in results:
        for key, n in r.counts.items():
            report.count(key, n)
    return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=report, name=name)


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


def read_tabular(files, spec: TabularSpec, *, on_error: str = "fail",
                 language: str | None = None, name: str | None = None) -> Corpus:
    """Read tabular files into one corpus (fast path, streaming fallback)."""
    check_choice("on_error", on_error, ("fail", "skip"))
    paths = as_file_list(files)
    report = ReadReport()
    results = []
    datas = [read_bytes(p) for p in paths]
    if sum(map(len, datas)) >= SMALL_INPUT_BYTES:
        importlib.import_module(_INTERN_MODULE)  # numba interning for every column
    for p, data in zip(paths, datas, strict=True):
        res = _fast_file(data, p, spec, language)
        if res is None:
            res = _slow_file(p, spec, on_error, report, language)
        report.files.append(str(p))
        results.append(res)
    order = ["form", "lemma", "upos", "cpos", "xpos", "head", "deprel"]
    return build_corpus(results, report, name if name is not None else corpus_name(paths), order)
