"""Shared machinery of the tab-separated readers (CoNLL-U, CoNLL-X, PASCAL, Malt).

Reading streams: each file is read in chunks of about :data:`CHUNK_BYTES`
cut at blank lines, and each chunk's columns go straight into ``int32``
codes over corpus-wide vocabularies (:class:`_Accumulator`); no per-token
Python object is kept and no file is ever held whole as a list of lines.
Each chunk goes through one of two paths:

1. a *columnar fast path* (:func:`_fast_file`) splits the chunk into lines
   with numpy, separates blank/comment/token lines, finds the field
   boundaries of the columns read at once and interns each column on its
   bytes (:func:`intern_bytes_vectorised`: one integer key per field, one
   ``np.unique``; only the distinct values are decoded; no numba, whose
   loading costs ~0.9 s and ~100 MB per process).  Metadata comments are
   parsed with one regular-expression pass per chunk; when only some
   columns are read (scoring), comments that cannot hold metadata (such as
   ``# text = ...``) are not even decoded.  It validates everything (column
   counts, token IDs, heads, UTF-8) in bulk and gives up (returns ``None``)
   at the first anomaly;
2. the *streaming path* (:func:`iter_tabular`) reads line by line, sentence by
   sentence, and defines the semantics: it raises
   :class:`~induceval.errors.CorpusFormatError` naming file, line, offending
   text and what was expected, or skips the bad sentence (``on_error="skip"``).

A file with an anomaly in any chunk is rolled back and re-read by the
streaming path, so both paths give identical corpora on valid input (checked
by property tests) and errors always come from one place.

Conventions shared by all tabular readers
-----------------------------------------
- Sentences are separated by blank lines (whitespace-only lines count as
  blank); lines starting with ``#`` are comments (counted in
  ``report.counts["comments"]``).
- ``_`` means missing (``-1``) in every column except ``form``, where ``_``
  is kept as a word (UD writes a literal underscore token that way).
- Token IDs must run 1, 2, 3 ... within a sentence; heads are ``_`` or
  non-negative ASCII integers no larger than the sentence length.
- A Windows line end (``\\r\\n``) and a UTF-8 byte-order mark are accepted.

Lossless reading
----------------
Every line of a sentence that is not a regular token (comments, CoNLL-U
multiword-token ranges ``1-2`` and empty nodes ``8.1``) is kept verbatim, in
order, with its position (the number of regular tokens before it), in the
sentence column ``_lines`` (:data:`LINES_COLUMN`): one string per sentence,
``"<n tokens>"`` followed by ``"\\n<position>\\t<line>"`` for each kept line.
The writers (:mod:`induceval.corpus.writers`) write them back in place, so a
file read and written back is byte-identical up to the normalisations listed
in :mod:`induceval.corpus.writers`.  Comment lines outside any sentence (a
block made only of comments) are counted (``"comment lines outside a
sentence"``) but not kept.

Sentence metadata in comments
-----------------------------
``# key = value`` comments set sentence columns (any spacing around ``=``;
the value is stripped and must not be empty):

============================ ======================================================
comment                      sentence column
============================ ======================================================
``# sent_id = X``            ``sent_id``
``# newdoc id = X``          ``document``, from that sentence on (default: the
                             file stem)
``# speaker = X``            ``speaker`` (CHAT speaker code, e.g. ``MOT``)
``# speaker_role = X``       ``role`` (CHAT role, e.g. ``Target_Child``, ``Mother``;
                             the UD English-CHILDES key)
``# age_days = N``           ``age_days`` (integer days, as the CHAT reader counts)
``# speaker_age = M``        ``age_days`` = ``round(M * 365.25 / 12)`` when there is
                             no ``age_days`` comment: the target child's age in
                             months, UD English-CHILDES convention
``# language = X``           ``language`` (else the reader's ``language`` option,
                             else the UD file-name prefix)
``# child_name = X``         ``child`` (UD English-CHILDES)
``# corpus_name = X``        ``corpus`` (UD English-CHILDES)
``# unintelligible = X``     ``unintelligible`` (``yes``/``no``, as the CHAT reader sets it)
============================ ======================================================

The columns ``speaker``, ``role``, ``age_days``, ``child``, ``corpus`` and
``unintelligible`` exist
only when some sentence has the comment.  An ``age_days``/``speaker_age``
value that is not a number is counted (``"unreadable age comments"``) and
left missing.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import filterfalse
from pathlib import Path

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, ReadReport, Vocabulary
from induceval.errors import CorpusFormatError, check_choice

__all__ = [
    "TabularSpec",
    "FileResult",
    "LINES_COLUMN",
    "META_COMMENTS",
    "as_file_list",
    "read_tabular",
    "iter_tabular",
    "build_corpus",
    "intern",
    "language_from_name",
    "months_to_days",
]

_MW_RE = re.compile(r"[0-9]+-[0-9]+\Z")
_EMPTY_RE = re.compile(r"[0-9]+\.[0-9]+\Z")
_UD_NAME_RE = re.compile(r"([a-z]{2,3})_[A-Za-z0-9]+-ud-")

#: Kinds of ID field.
_REGULAR, _MULTIWORD, _EMPTY, _BAD = 0, 1, 2, 3

#: Sentence column holding the kept non-token lines of each sentence.
LINES_COLUMN = "_lines"

#: Comment key -> sentence column (see the module docstring).
META_COMMENTS = {
    "sent_id": "sent_id",
    "newdoc id": "document",
    "speaker": "speaker",
    "speaker_role": "role",
    "age_days": "age_days",
    "speaker_age": "age_days",
    "language": "language",
    "child_name": "child",
    "corpus_name": "corpus",
    "unintelligible": "unintelligible",
}

#: Token columns in the order the corpus lists them.
COLUMN_ORDER = ("form", "lemma", "upos", "cpos", "xpos", "head", "deprel", "feats", "deps",
                "misc", "phead", "pdeprel")

#: Chunk size of the streaming reader (bytes; a chunk ends at a blank line).
CHUNK_BYTES = 2 << 20


def months_to_days(months: float) -> int:
    """An age in (fractional) months in days: ``round(months * 365.25 / 12)``.

    The UD English-CHILDES ``# speaker_age`` convention (months as a float).

    Example
    -------
    >>> months_to_days(24), months_to_days(27.23053861475595)
    (730, 829)
    """
    return int(round(float(months) * 365.25 / 12))


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
        (``8.1``): they are kept out of the token stream, counted, and kept
        verbatim in the sentence's ``_lines``.
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
    #: keep the ``_lines`` sentence column (off when only some columns are read)
    keep_lines: bool = True

    def columns_for(self, ncols: int) -> dict[str, int]:
        """The columns present in a line with ``ncols`` fields."""
        return {k: i for k, i in self.columns.items() if i < ncols}


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
_META_RE = re.compile(
    rf"#{_W}(sent_id|newdoc{_W}id|speaker_role|speaker_age|speaker|age_days|language|"
    rf"child_name|corpus_name|unintelligible){_W}={_W}(.*?){_W}\Z")


#: :data:`_META_RE` over ``"\n"``-joined lines: one ``(key, value)`` per line (``("", "")``
#: when the line is no metadata comment; the value is up to the last non-space character).
_META_LINES = re.compile(
    rf"^(?:#{_W}(sent_id|newdoc{_W}id|speaker_role|speaker_age|speaker|age_days|language|"
    rf"child_name|corpus_name|unintelligible){_W}={_W}((?:.*\S)?){_W}|.*)$", re.MULTILINE)

#: Bytes that cannot follow ``#`` (and one space) in a metadata comment: ASCII letters
#: no key starts with, and other printable ASCII except whitespace.
_NOT_META_START = np.zeros(256, dtype=bool)
_NOT_META_START[[c for c in range(33, 127) if chr(c) not in "snlacu"]] = True

#: The same keys, found anywhere in ``"\n"``-joined lines (a prefilter of :data:`_META_RE`).
_META_FIND = re.compile(
    rf"^#{_W}(?:sent_id|newdoc{_W}id|speaker_role|speaker_age|speaker|age_days|language|"
    rf"child_name|corpus_name|unintelligible){_W}=", re.MULTILINE)


def _parse_comment(line: str) -> tuple[str, str] | None:
    """``(key, value)`` of a metadata comment (see :data:`META_COMMENTS`), else None.

    Example
    -------
    >>> _parse_comment("# sent_id = a-1 "), _parse_comment("#newdoc id=d"), _parse_comment("# x")
    (('sent_id', 'a-1'), ('newdoc id', 'd'), None)
    """
    m = _META_RE.match(line)
    if m is None or not m.group(2):
        return None
    key = m.group(1)
    if key.startswith("newdoc"):
        key = "newdoc id"
    return key, m.group(2)


class _State:
    """What carries from sentence to sentence: the document, and the counts."""

    __slots__ = ("document", "counts")

    def __init__(self, document: str) -> None:
        self.document = document
        self.counts: Counter = Counter()


def _apply_comment(text: str, meta: dict, state: _State) -> None:
    """Update ``meta`` (and the document in ``state``) from one comment line."""
    parsed = _parse_comment(text)
    if parsed is None:
        return
    key, value = parsed
    col = META_COMMENTS[key]
    if col == "document":
        state.document = value
    elif col == "age_days":
        try:
            days = int(value) if key == "age_days" else months_to_days(float(value))
        except ValueError:
            state.counts["unreadable age comments"] += 1
            return
        if key == "age_days" or "_age_from_days" not in meta:
            meta["age_days"] = days
        if key == "age_days":
            meta["_age_from_days"] = True
    else:
        meta[col] = value


def _encode_lines(n: int, kept: list[tuple[int, str]]) -> str:
    """The ``_lines`` value of a sentence of ``n`` tokens with ``kept`` (position, line)."""
    return str(n) + "".join([f"\n{pos}\t{text}" for pos, text in kept])


def decode_lines(value: str) -> tuple[int, list[tuple[int, str]]]:
    """Inverse of the ``_lines`` encoding: ``(n tokens, [(position, line), ...])``.

    Example
    -------
    >>> decode_lines("2\\n0\\t# sent_id = 1\\n0\\t1-2\\tdon't")
    (2, [(0, '# sent_id = 1'), (0, "1-2\\tdon't")])
    """
    parts = value.split("\n")
    kept = []
    for part in parts[1:]:
        pos, _, text = part.partition("\t")
        kept.append((int(pos), text))
    return int(parts[0]), kept


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


def _parse_block(block, spec: TabularSpec, path: Path, state: _State):
    """Parse one block; return (tokens, meta) or raise (reason, error)."""
    meta: dict = {}
    token_lines = []
    order: list[tuple[str, int, str]] = []  # ("c"omment | "t"oken, lineno, text)
    bad_utf8 = None
    n_comments = 0
    for lineno, text, raw in block:
        if text is None:
            if bad_utf8 is None:
                bad_utf8 = (lineno, raw)
            continue
        if spec.comments and text.startswith("#"):
            state.counts["comments"] += 1
            n_comments += 1
            _apply_comment(text, meta, state)
            order.append(("c", lineno, text))
            continue
        token_lines.append((lineno, text))
        order.append(("t", lineno, text))
    if bad_utf8 is not None:
        lineno, raw = bad_utf8
        shown = raw.decode("utf-8", errors="backslashreplace")
        raise _Bad("bad UTF-8", _err(spec, path, lineno, shown, "invalid UTF-8 byte sequence"))
    if not token_lines:
        if n_comments:
            state.counts["comment lines outside a sentence"] += n_comments
        return None
    fields_all = []
    kept: list[tuple[int, str]] = []
    ncols = None
    counts = Counter()
    for kind, lineno, text in order:
        if kind == "c":
            kept.append((len(fields_all), text))
            continue
        fields = text.split("\t")
        if len(fields) not in spec.ncols or (ncols is not None and len(fields) != ncols):
            allowed = ncols if ncols is not None else " or ".join(map(str, spec.ncols))
            raise _Bad("wrong column count", _err(
                spec, path, lineno, text,
                f"expected {allowed} tab-separated columns ({spec.layout}), got {len(fields)}"))
        ncols = len(fields)
        if spec.id_col is not None:
            kind_id, value = _classify_id(fields[spec.id_col], spec.special_ids)
            if kind_id == _MULTIWORD:
                counts["multiword_tokens"] += 1
                kept.append((len(fields_all), text))
                continue
            if kind_id == _EMPTY:
                counts["empty_nodes"] += 1
                kept.append((len(fields_all), text))
                continue
            expected = len(fields_all) + 1
            if kind_id == _BAD or value != expected:
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
    meta.pop("_age_from_days", None)
    meta["sent_id"] = meta.get("sent_id")
    meta["document"] = state.document
    if spec.comments and spec.keep_lines:
        meta[LINES_COLUMN] = _encode_lines(n, kept)
    return tokens, meta


class _Bad(Exception):
    def __init__(self, reason: str, error: CorpusFormatError | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.error = error

    def __reduce__(self):
        # picklable as the context of the error it becomes (distributed's tblib pickles
        # contexts): without that error, which holds this one as its context
        return (type(self), (self.reason, None))


def iter_tabular(path: str | os.PathLike, spec: TabularSpec, *, on_error: str = "fail",
                 report: ReadReport | None = None, language: str | None = None,
                 ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` pairs, one per sentence, from a tabular file.

    ``tokens`` maps column names to lists (``None`` = missing; heads are ints);
    ``meta`` holds ``sent_id``, ``document``, ``language``, the metadata read
    from comments and ``_lines``: exactly the arguments of
    :meth:`CorpusBuilder.add_sentence`.  Counts (comments, multiword tokens,
    empty nodes) and skipped sentences go to ``report``.
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
                if meta.get("language") is None:
                    meta["language"] = language
                yield tokens, meta
    finally:
        for key, n in state.counts.items():
            report.count(key, n)


_OPTIONAL_META = ("speaker", "role", "age_days", "child", "corpus", "unintelligible")


def _slow_file(path: Path, spec: TabularSpec, on_error: str, report: ReadReport,
               language: str | None) -> FileResult:
    """Read a file with the streaming path (per-sentence lists; used on anomalies)."""
    names = list(spec.columns)
    columns: dict[str, list] = {k: [] for k in names if k != "head"}
    heads: list = []
    lengths: list[int] = []
    sent_ids: list = []
    documents: list = []
    languages: list = []
    lines: list = []
    meta_cols: dict[str, list] = {}
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
        i = len(lengths)
        lengths.append(n)
        sent_ids.append(meta["sent_id"])
        documents.append(meta["document"])
        languages.append(meta["language"])
        lines.append(meta.get(LINES_COLUMN))
        for k in _OPTIONAL_META:
            if k in meta:
                meta_cols.setdefault(k, [None] * i).append(meta[k])
        for col in meta_cols.values():
            if len(col) == i:
                col.append(None)
    if lengths:
        columns = {k: v for k, v in columns.items() if k in seen}
    else:
        columns = {k: v for k, v in columns.items() if spec.columns[k] < min(spec.ncols)}
    head_arr = np.asarray(heads, dtype=np.int32) if has_head and (
        "head" in seen or not lengths and spec.columns["head"] < min(spec.ncols)) else None
    return FileResult(columns, head_arr, np.asarray(lengths, dtype=np.int64), sent_ids,
                      documents, language if language is not None else language_from_name(path),
                      meta=meta_cols, languages=languages,
                      lines=lines if spec.comments and spec.keep_lines else None)


# -- columnar fast path ----------------------------------------------------------

_BOM = b"\xef\xbb\xbf"

#: From this many bytes of fields on (plain text's 8 MB pieces, not the tabular readers'
#: chunks), or once it is loaded, intern with the numba kernel (linear, no sort; loading it
#: costs ~0.9 s and ~100 MB, more than it saves on a chunk).
SMALL_INPUT_BYTES = 4 << 20
_INTERN_MODULE = "induceval.corpus.readers._intern"

#: Fields of at most this many bytes are interned as one integer key each (no Python object).
_PACK = 7
_LONG_KEY = np.uint64(1 << 63)
_MIX = np.uint64(0x9E3779B97F4A7C15)
#: the low ``n`` bytes of a key, ``n`` = 0..7 (and 7 for long fields, whose key is replaced)
_MASKS = np.array([(1 << (8 * n)) - 1 for n in range(_PACK + 1)] + [(1 << 56) - 1],
                  dtype=np.uint64)
#: the low ``n`` bytes of a word, ``n`` = 0..8
_WORD_MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)


def intern_bytes(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Codes (first-seen order) and first indices of the byte fields ``buf[starts:ends]``.

    The numba kernel :func:`induceval.corpus.readers._intern.intern_fields`
    on large inputs (from :data:`SMALL_INPUT_BYTES`) or once it is loaded,
    else :func:`intern_bytes_vectorised` (same result).

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c abcdefgh abcdefgh", dtype=np.uint8)
    >>> codes, first = intern_bytes(buf, np.array([0, 3, 6, 8, 17]),
    ...                             np.array([2, 5, 7, 16, 25]))
    >>> codes.tolist(), first.tolist()
    ([0, 0, 1, 2, 2], [0, 2, 3])
    """
    if len(starts) and (_INTERN_MODULE in sys.modules
                        or int((ends - starts).sum()) >= SMALL_INPUT_BYTES):
        from induceval.corpus.readers._intern import intern_fields

        return intern_fields(buf, starts, ends)
    return intern_bytes_vectorised(buf, starts, ends)


def _intern_dispatch(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """:func:`intern_bytes`, with the distinct values' keys when interned in numpy."""
    if len(starts) and (_INTERN_MODULE in sys.modules
                        or int((ends - starts).sum()) >= SMALL_INPUT_BYTES):
        return (*intern_bytes(buf, starts, ends), None)
    return _intern_keys(buf, starts, ends)


def intern_bytes_vectorised(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                            ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`intern_bytes` in numpy: exact, no Python object per field, no numba.

    A field of at most 7 bytes *is* its key (its bytes and its length packed
    into one ``uint64``); a longer field's key is a hash of its 8-byte
    words, and every field is then compared word by word with the first
    field of its key (a collision, never seen in practice, sends the long
    fields through a dictionary of their bytes instead).  One ``np.unique``
    over the keys gives the codes, renumbered in the order of first
    appearance.

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c abcdefgh abcdefgh", dtype=np.uint8)
    >>> codes, first = intern_bytes_vectorised(buf, np.array([0, 3, 6, 8, 17]),
    ...                                        np.array([2, 5, 7, 16, 25]))
    >>> codes.tolist(), first.tolist()
    ([0, 0, 1, 2, 2], [0, 2, 3])
    """
    return _intern_keys(buf, starts, ends)[:2]


def _intern_keys(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`intern_bytes_vectorised` and the key of each distinct value (first-seen order).

    A key below :data:`_LONG_KEY` *is* its field (bytes and length), in any
    chunk; longer fields' keys are only valid within the call.
    """
    n = len(starts)
    if n == 0:
        return np.zeros(0, np.int32), np.zeros(0, np.int64), np.zeros(0, np.uint64)
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(ends, dtype=np.int64) - starts
    buf = np.ascontiguousarray(buf, dtype=np.uint8)
    if len(buf) < 8 or int((starts + np.maximum(lengths, 1)).max()) + 7 > len(buf):
        buf = np.concatenate((buf, np.zeros(8, np.uint8)))
    # the 8 bytes from every offset, as one little-endian integer (an unaligned, strided view)
    window = np.ndarray((len(buf) - 7,), dtype="<u8", buffer=buf, strides=(1,))
    short = np.minimum(lengths, _PACK + 1)
    keys = window[starts] & _MASKS[short]
    keys |= short.astype(np.uint64) << np.uint64(56)
    long_ = np.flatnonzero(lengths > _PACK)
    if len(long_):
        keys[long_] = _long_keys(window, starts[long_], lengths[long_])
    uniq, inverse = np.unique(keys, return_inverse=True)
    inverse = inverse.ravel()
    first = np.full(len(uniq), n, dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(n, dtype=np.int64))
    if len(long_):
        rep = first[inverse[long_]]
        if not _same_words(window, starts, lengths, long_, rep):
            keys[long_] = _long_keys_exact(buf, starts[long_], lengths[long_])
            uniq, inverse = np.unique(keys, return_inverse=True)
            inverse = inverse.ravel()
            first = np.full(len(uniq), n, dtype=np.int64)
            np.minimum.at(first, inverse, np.arange(n, dtype=np.int64))
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(uniq), dtype=np.int32)
    rank[order] = np.arange(len(uniq), dtype=np.int32)
    return rank[inverse], first[order], uniq[order]


def _words(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray):
    """Yield ``(w, rows, word)``: the ``w``-th 8-byte word of the fields long enough."""
    rows = np.arange(len(starts))
    w = 0
    while len(rows):
        left = lengths[rows] - 8 * w
        yield w, rows, window[starts[rows] + 8 * w] & _WORD_MASKS[np.minimum(left, 8)]
        w += 1
        rows = rows[left > 8]


def _long_keys(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Hash keys (top bit set, apart from the packed keys) of fields longer than 7 bytes."""
    with np.errstate(over="ignore"):
        h = lengths.astype(np.uint64) * _MIX
        for _, rows, word in _words(window, starts, lengths):
            h[rows] = (h[rows] ^ word) * _MIX
            h[rows] ^= h[rows] >> np.uint64(29)
    return h | _LONG_KEY


def _same_words(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                idx: np.ndarray, rep: np.ndarray) -> bool:
    """Are the fields ``idx`` byte-identical to the fields ``rep`` (one each)?"""
    same = lengths[idx] == lengths[rep]
    if not same.all():
        return False
    for w, rows, word in _words(window, starts[idx], lengths[idx]):
        if not np.array_equal(word, window[starts[rep[rows]] + 8 * w]
                              & _WORD_MASKS[np.minimum(lengths[idx[rows]] - 8 * w, 8)]):
            return False
    return True


def _long_keys_exact(buf: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Keys of long fields from a dictionary of their bytes (after a hash collision)."""
    mv = memoryview(buf)
    local: dict[bytes, int] = {}
    values = [mv[a:a + n].tobytes() for a, n in zip(starts.tolist(), lengths.tolist(),
                                                     strict=True)]
    codes = np.fromiter(map(local.setdefault, values, range(len(values))), dtype=np.uint64,
                        count=len(values))
    return codes | _LONG_KEY


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


def _intern_ranges(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                   ) -> tuple[np.ndarray, list[str]]:
    """Codes (first-seen order) and distinct values of the byte fields ``buf[starts:ends]``.

    Interned on the bytes (:func:`intern_bytes`); only the distinct values
    are decoded.

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c", dtype=np.uint8)
    >>> codes, items = _intern_ranges(buf, np.array([0, 3, 6]), np.array([2, 5, 7]))
    >>> codes.tolist(), items
    ([0, 0, 1], ['ab', 'c'])
    """
    codes, first = intern_bytes(buf, starts, ends)
    return codes, _decode_items(buf, starts[first], ends[first])


def _field(k: int, ncols: int, t_starts: np.ndarray, t_ends: np.ndarray, tabs: np.ndarray,
           first_tab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Byte ranges of field ``k`` of every token line (``first_tab``: each line's first tab)."""
    return (t_starts if k == 0 else tabs[first_tab + (k - 1)] + 1,
            t_ends if k == ncols - 1 else tabs[first_tab + k])


def _fast_file(data: bytes, path: Path, spec: TabularSpec, language: str | None,
               document: str | None = None, first: bool = True) -> FileResult | None:
    """Read a whole file (or a chunk of one ending at a blank line) at the byte level.

    Returns ``None`` at the first anomaly.  Lines, comment/blank/token lines
    and field boundaries come from numpy searches over the bytes; only the
    distinct values of each column are ever decoded.  Text columns are
    returned as byte ranges, interned by the caller.  ``document`` is the
    document in force before the chunk (default: the file stem); ``first``
    says whether the chunk starts the file (a byte-order mark is skipped).
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
    del nl
    if starts[-1] == size:  # the data ends with "\n" (or is empty)
        starts, ends = starts[:-1], ends[:-1]
    lang = language if language is not None else language_from_name(path)
    state = _State(path.stem if document is None else document)
    counts = state.counts
    n_lines = len(starts)
    if n_lines and first and data.startswith(_BOM):
        starts[0] += 3
    if n_lines:
        cr = (ends > starts) & (buf[np.maximum(ends - 1, 0)] == 13)
        ends = ends - cr
    blank = starts == ends
    first_byte = buf[np.minimum(starts, max(size - 1, 0))] if size else np.zeros(0, np.uint8)
    comment = ~blank & (first_byte == 35) & spec.comments
    is_tok = ~(blank | comment)
    block_of_line = np.cumsum(blank)
    n_comments = int(comment.sum())
    if n_comments:
        counts["comments"] = n_comments
    tok_idx = np.flatnonzero(is_tok)
    n_tok_lines = len(tok_idx)
    if n_tok_lines == 0:
        if n_comments:
            return None  # comments outside sentences: the streaming path counts them
        cols = spec.columns_for(min(spec.ncols))
        return FileResult({k: (np.zeros(0, np.int64), np.zeros(0, np.int64))
                           for k in cols if k != "head"},
                          np.zeros(0, np.int32) if "head" in cols else None,
                          np.zeros(0, np.int64), [], [], lang, counts, data=data,
                          languages=[], lines=[] if spec.comments and spec.keep_lines else None,
                          document_out=state.document)
    tabs = np.flatnonzero(buf == 9)
    t_starts = starts[tok_idx]
    t_ends = ends[tok_idx]
    first_tab = np.searchsorted(tabs, t_starts)
    ntabs = np.searchsorted(tabs, t_ends) - first_tab
    ncols = int(ntabs[0]) + 1
    if ncols not in spec.ncols or not (ntabs == ncols - 1).all():
        return None
    del ntabs
    cols = spec.columns_for(ncols)
    # byte ranges of the fields of the columns read (one pair of arrays per column)
    bounds_of = {name: _field(k, ncols, t_starts, t_ends, tabs, first_tab)
                 for name, k in cols.items()}
    block = block_of_line[tok_idx]
    regular = None
    if spec.id_col is not None:
        c = spec.id_col
        id_codes, id_items = _intern_ranges(buf, *_field(c, ncols, t_starts, t_ends, tabs,
                                                          first_tab))
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
    del tabs, first_tab
    if regular is not None:
        reg_block = block[regular]
        # blocks are non-decreasing: count them by their changes
        if (np.count_nonzero(reg_block[1:] != reg_block[:-1])
                != np.count_nonzero(block[1:] != block[:-1])) or not len(reg_block):
            return None  # a sentence made only of multiword/empty lines
        special_lines = tok_idx[~regular]
        bounds_of = {k: (a[regular], b[regular]) for k, (a, b) in bounds_of.items()}
    else:
        reg_block = block
        special_lines = np.zeros(0, np.int64)
    n_tok = len(reg_block)
    change = np.flatnonzero(reg_block[1:] != reg_block[:-1]) + 1
    sent_starts = np.concatenate(([0], change)).astype(np.int64)
    lengths = np.diff(np.append(sent_starts, n_tok))
    n_sent = len(lengths)
    sent_blocks = reg_block[sent_starts]
    if n_comments:
        c_blocks = block_of_line[comment]  # sorted, like sent_blocks
        at = np.minimum(np.searchsorted(sent_blocks, c_blocks), n_sent - 1)
        if (sent_blocks[at] != c_blocks).any():
            return None  # a block made only of comments: the streaming path counts it
    if spec.id_col is not None:
        ids = values[id_codes] if regular is None else values[id_codes][regular]
        positions = np.arange(n_tok, dtype=np.int64) - np.repeat(sent_starts, lengths)
        if not (ids == positions + 1).all():
            return None
        del ids, positions
    fields: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    heads = None
    for name, (fs, fe) in bounds_of.items():
        if name == "head":
            h_codes, h_items = _intern_ranges(buf, fs, fe)
            table = np.empty(len(h_items), dtype=np.int64)
            for j, item in enumerate(h_items):
                h = _parse_head(item)
                if h is None:
                    return None
                table[j] = h
            heads64 = table[h_codes]
            if (heads64 > np.repeat(lengths, lengths)).any():
                return None
            heads = heads64.astype(np.int32)
        else:
            fields[name] = (fs, fe)
    del bounds_of
    # -- kept lines (comments, multiword ranges, empty nodes) and metadata, per sentence
    sent_ids: list = [None] * n_sent
    documents: list = []
    languages: list = []
    meta_cols: dict[str, list] = {}
    lines: list | None = [] if spec.comments else None
    if len(special_lines):
        kept = comment.copy()
        kept[special_lines] = True
        kept_idx = np.flatnonzero(kept)
        del kept
    else:
        kept_idx = np.flatnonzero(comment)
    if spec.comments:
        if not spec.keep_lines:
            # only comments that may set metadata: not '#' (+ one space) + a letter no key
            # starts with (e.g. '# text = ...', the bulk of the comment bytes)
            c_starts = starts[kept_idx]
            at = np.minimum(c_starts + 1 + (buf[np.minimum(c_starts + 1, size - 1)] == 32),
                            size - 1)
            kept_idx = kept_idx[~_NOT_META_START[buf[at]] | (ends[kept_idx] <= at)]
        kept_text = _decode_items(buf, starts[kept_idx], ends[kept_idx])
        kept_block = block_of_line[kept_idx]
        kept_sent = np.searchsorted(sent_blocks, kept_block)
        # metadata comments: one C-level scan over all kept lines, then only the hits
        # (key, value) of every kept line, ("", "") when it sets no metadata
        found = _META_LINES.findall("\n".join(kept_text)) if kept_text else []
        languages = [lang] * n_sent
        doc_changes: list[tuple[int, str]] = []
        if found:
            age_from_days: set[int] = set()
            for (key, value), s in zip(found, kept_sent.tolist(), strict=True):
                if not value:
                    continue
                if key == "sent_id":
                    sent_ids[s] = value
                    continue
                if key.startswith("newdoc"):
                    state.document = value
                    doc_changes.append((s, value))
                    continue
                col = META_COMMENTS[key]
                if col == "language":
                    languages[s] = value
                    continue
                if col == "age_days":
                    try:
                        value = int(value) if key == "age_days" else months_to_days(float(value))
                    except ValueError:
                        counts["unreadable age comments"] += 1
                        continue
                    if key == "age_days":
                        age_from_days.add(s)
                    elif s in age_from_days:
                        continue
                values = meta_cols.get(col)
                if values is None:
                    values = meta_cols[col] = [None] * n_sent
                values[s] = value
        if spec.keep_lines:
            reg_before = np.searchsorted(tok_idx if regular is None else tok_idx[regular],
                                         kept_idx)
            kept_pos = (reg_before - np.searchsorted(reg_block, kept_block)).tolist()
            bounds = np.searchsorted(kept_sent, np.arange(n_sent + 1)).tolist()
        if doc_changes:
            # each sentence's document: the last change at or before it
            docs = [document if document is not None else path.stem]
            docs += [v for _, v in doc_changes]
            last = np.searchsorted([c for c, _ in doc_changes], np.arange(n_sent), side="right")
            documents = list(map(docs.__getitem__, last.tolist()))
        else:
            documents = [state.document] * n_sent
        if spec.keep_lines:
            pieces = [f"\n{p}\t{t}" for p, t in zip(kept_pos, kept_text, strict=True)]
            lines = [str(n) + "".join(pieces[a:b]) for n, a, b in
                     zip(lengths.tolist(), bounds[:-1], bounds[1:])]
        else:
            lines = None
    else:
        documents = [state.document] * n_sent
        languages = [lang] * n_sent
    return FileResult(fields, heads, lengths.astype(np.int64), sent_ids, documents, lang,
                      counts, data=data, meta=meta_cols, languages=languages, lines=lines,
                      document_out=state.document)


# -- assembling the corpus -------------------------------------------------------

_FORM_MISSING: frozenset = frozenset()
_TAG_MISSING: frozenset = frozenset({"_"})


class _Sink:
    """One categorical column filled part by part into a corpus-wide vocabulary."""

    __slots__ = ("index", "items", "parts", "n", "missing", "known_keys", "known_codes")

    def __init__(self, n_before: int, missing: frozenset) -> None:
        self.index: dict[str | None, int] = {m: MISSING for m in missing}
        self.index[None] = MISSING
        self.items: list[str] = []
        # packed keys of short values seen in earlier chunks (sorted) and their codes: a value
        # seen before is neither decoded nor looked up again
        self.known_keys = np.zeros(0, dtype=np.uint64)
        self.known_codes = np.zeros(0, dtype=np.int32)
        self.parts: list[np.ndarray] = []
        self.n = 0
        self.missing = missing
        if n_before:
            self.fill(n_before)

    def fill(self, n: int) -> None:
        if n:
            self.parts.append(np.full(n, MISSING, np.int32))
            self.n += n

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
        index, items = self.index, self.items
        new = list(filterfalse(index.__contains__, distinct))  # distinct: no repeats
        index.update(zip(new, range(len(items), len(items) + len(new))))
        items.extend(new)
        table[todo] = np.fromiter(map(index.__getitem__, distinct), dtype=np.int32,
                                  count=len(distinct))
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
        index, items = self.index, self.items
        for u in [u for u in dict.fromkeys(values) if u not in index]:
            index[u] = len(items)
            items.append(u)
        self.parts.append(np.fromiter(map(index.__getitem__, values), dtype=np.int32,
                                      count=len(values)))
        self.n += len(values)

    def mark(self) -> tuple[int, int, int]:
        return len(self.items), len(self.parts), self.n

    def rollback(self, mark: tuple[int, int, int]) -> None:
        n_items, n_parts, n = mark
        for item in self.items[n_items:]:
            del self.index[item]
        del self.items[n_items:]
        del self.parts[n_parts:]
        self.n = n
        keep = self.known_codes < n_items   # (missing values, -1, stay known)
        self.known_keys, self.known_codes = self.known_keys[keep], self.known_codes[keep]

    def column(self) -> Column:
        values = (np.concatenate(self.parts).astype(np.int32, copy=False) if self.parts
                  else np.zeros(0, np.int32))
        return Column(values, Vocabulary.from_unique(self.items))


class _IntSink:
    """An integer column (heads) filled part by part."""

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


class _Accumulator:
    """Token and sentence columns of a corpus, filled file by file (or chunk by chunk)."""

    def __init__(self) -> None:
        self.tokens: dict[str, _Sink | _IntSink] = {}
        self.lengths: list[np.ndarray] = []
        self.n_tokens = 0
        self.n_sentences = 0
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
        n_sent = len(r.lengths)
        present = set(r.columns)
        if r.heads is not None:
            present.add("head")
        buf = np.frombuffer(r.data, dtype=np.uint8) if r.data is not None else None
        for name in present:
            sink = self._sink(name)
            if name == "head":
                sink.add(r.heads)
            elif buf is not None:
                starts, ends = r.columns[name]
                sink.add_ranges(buf, starts, ends)
            else:
                sink.add_strings(r.columns[name])
        for name, sink in self.tokens.items():
            if name not in present:
                sink.fill(n)
        self.lengths.append(np.asarray(r.lengths, dtype=np.int64))
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


def iter_chunks(path: Path, size: int = 0) -> Iterator[bytes]:
    """The bytes of a file in pieces of about ``size`` bytes, each ending after a blank line.

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "f")
    >>> _ = open(p, "wb").write(b"a\\nb\\n\\nc\\n\\nd\\n")
    >>> list(iter_chunks(Path(p), size=3))
    [b'a\\nb\\n\\n', b'c\\n\\n', b'd\\n']
    """
    size = size or CHUNK_BYTES
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
            # search only the new bytes (and the 2 before them) for a blank line
            lo = max(len(carry) - 2, 0)
            cut = max(data.rfind(b"\n\n", lo) + 2, data.rfind(b"\n\r\n", lo) + 3)
            if cut < 3:  # -1 + 2 or -1 + 3: no blank line yet
                carry = data
                continue
            yield data[:cut]
            carry = data[cut:]


def read_tabular(files, spec: TabularSpec, *, on_error: str = "fail",
                 language: str | None = None, name: str | None = None,
                 chunk_bytes: int = 0, columns: Iterable[str] | None = None) -> Corpus:
    """Read tabular files into one corpus, streaming (see the module docstring).

    ``chunk_bytes`` sets the chunk size (default :data:`CHUNK_BYTES`).
    ``columns`` reads only these token columns (``form`` always) and no
    ``_lines`` (faster and smaller, e.g. for scoring; such a corpus is not
    written back losslessly).  Validation is the same either way.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    if columns is not None:
        wanted = set(columns) | {"form"}
        spec = replace(spec, columns={k: i for k, i in spec.columns.items() if k in wanted},
                       keep_lines=False)
    paths = as_file_list(files)
    report = ReadReport()
    acc = _Accumulator()
    for p in paths:
        mark = acc.mark()
        document = None
        counts: Counter = Counter()
        ok = True
        for i, chunk in enumerate(iter_chunks(p, chunk_bytes)):
            res = _fast_file(chunk, p, spec, language, document=document, first=i == 0)
            if res is None:
                ok = False
                break
            acc.add(res)
            counts.update(res.counts)
            document = res.document_out
            del res, chunk
        if ok:
            acc.counts.update(counts)
        else:
            acc.rollback(mark)
            acc.add(_slow_file(p, spec, on_error, report, language))
        report.files.append(str(p))
    if acc.n_tokens == 0:
        for k in spec.columns_for(min(spec.ncols)):
            acc._sink(k)
    return acc.build(report, name if name is not None else corpus_name(paths), COLUMN_ORDER)
