"""The tab-separated formats (CoNLL-U, CoNLL-X, PASCAL, Malt) and their streaming path.

:func:`iter_tabular` reads a file line by line, sentence by sentence, and
defines the semantics of the formats: it raises
:class:`~induceval.errors.CorpusFormatError` naming file, line, offending text
and what was expected, or skips the bad sentence (``on_error="skip"``).
:func:`~induceval.corpus.readers._columnar.read_tabular` reads whole corpora
on a columnar fast path and falls back to this one on any anomaly.

Conventions shared by all tabular readers
-----------------------------------------
- Sentences are separated by blank lines (whitespace-only lines count as
  blank); lines starting with ``#`` are comments (counted in
  ``report.counts["comments"]``).
- ``_`` means missing (``-1``) in every column except ``form``, where ``_``
  is kept as a word (UD writes a literal underscore token that way).
- Token IDs must run 1, 2, 3 ... within a sentence, written without leading
  zeros (``02`` is an error, not token 2); heads are ``_`` or
  non-negative ASCII integers no larger than the sentence length.
- A Windows line end (``\\r\\n``) and a UTF-8 byte-order mark are accepted
  (and counted per file, see :func:`count_layout`, so that writing back
  keeps them); a carriage return alone (classic Mac OS line ends: the file
  is one line) and a NUL byte are errors at their line.
- No field is empty (``_`` marks a missing value): a file cut inside its last
  line ends in an empty field or lacks columns, an error; a complete last line
  without its final newline is read.
- CoNLL-U: a multiword range ``a-b`` comes right before token ``a``, with
  ``a < b <=`` the sentence length, and overlaps no other range; an empty
  node ``i.j`` (``j >= 1``) comes right after token ``i`` (``0.1`` before
  the first).  IDs and heads longer
  than 9 digits are out of any range (an error, not an overflow).

Lossless reading
----------------
Every line of a sentence that is not a regular token (comments, CoNLL-U
multiword-token ranges ``1-2`` and empty nodes ``8.1``) is kept verbatim, in
order, with its position (the number of regular tokens before it), in the
sentence column ``_lines`` (:data:`LINES_COLUMN`): one string per sentence,
``"<n tokens>"`` followed by ``"\\n<position>\\t<line>"`` for each kept line,
which the writers (:mod:`induceval.corpus.writers`) put back in place.
Comment lines outside any sentence are counted (``"comment lines outside a
sentence"``) but not kept.

Sentence metadata in comments
-----------------------------
``# key = value`` comments (any spacing around ``=``; the value stripped and
not empty) set the sentence columns: ``sent_id``; ``newdoc id`` ->
``document`` from that sentence on (default: the file stem); ``speaker`` (the
CHAT code, e.g. ``MOT``); ``speaker_role`` -> ``role`` (the CHAT role, e.g.
``Target_Child``; the UD English-CHILDES key); ``age_days`` (integer days, as
the CHAT reader counts); ``speaker_age`` (the target child's age in months, UD
English-CHILDES) -> ``age_days = round(M * 365.25 / 12)`` when there is no
``age_days`` comment; ``language`` (else the reader's ``language`` option,
else the UD file-name prefix, ``en_ewt-ud-dev.conllu`` -> ``en``);
``child_name`` -> ``child`` and ``corpus_name`` -> ``corpus`` (UD
English-CHILDES); ``unintelligible`` (``yes``/``no``, as the CHAT reader sets
it).  The columns besides ``sent_id``, ``document`` and ``language`` exist
only when some sentence has the comment.  An age that is not a number is
counted (``"unreadable age comments"``) and left missing.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from induceval.corpus.model import MISSING, ReadReport
from induceval.corpus.readers._common import (
    LINES_COLUMN,
    FileResult,
    _Bad,
    _iter_lines,
    line_fault,
)
from induceval.errors import CorpusFormatError, check_choice, shorten

__all__ = ["TabularSpec", "LINES_COLUMN", "META_COMMENTS", "iter_tabular", "decode_lines",
           "language_from_name", "months_to_days"]

# numbers in IDs are written without leading zeros (``02`` is no ID: read as 2 it would be
# written back as another line)
_ID_RE = re.compile(r"[1-9][0-9]*\Z")
_MW_RE = re.compile(r"[1-9][0-9]*-[1-9][0-9]*\Z")
_EMPTY_RE = re.compile(r"(?:0|[1-9][0-9]*)\.[1-9][0-9]*\Z")
_UD_NAME_RE = re.compile(r"([a-z]{2,3})_[A-Za-z0-9]+-ud-")

#: Kinds of ID field.
_REGULAR, _MULTIWORD, _EMPTY, _BAD = 0, 1, 2, 3

#: Comment key -> sentence column (see the module docstring).
META_COMMENTS = {"sent_id": "sent_id", "newdoc id": "document", "speaker": "speaker",
                 "speaker_role": "role", "age_days": "age_days", "speaker_age": "age_days",
                 "language": "language", "child_name": "child", "corpus_name": "corpus",
                 "unintelligible": "unintelligible"}

#: Token columns in the order the corpus lists them.
COLUMN_ORDER = ("form", "lemma", "upos", "cpos", "xpos", "head", "deprel", "feats", "deps",
                "misc", "phead", "pdeprel")


def months_to_days(months: float) -> int:
    """An age in (fractional) months in days: ``round(months * 365.25 / 12)``, for the UD
    English-CHILDES ``# speaker_age`` (months as a float).

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
    name, layout
        The format name and a human-readable column list, used in messages.
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
        (``8.1``): kept out of the token stream, counted, and kept verbatim
        in the sentence's ``_lines``.
    comments
        Lines starting with ``#`` are comments (False for Malt, where the PTB
        tags the pound sign ``#``).
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


def language_from_name(path: str | os.PathLike) -> str | None:
    """The language code of a UD-style file name (``en_ewt-ud-dev.conllu`` -> ``en``).

    Example
    -------
    >>> language_from_name("x/en_ewt-ud-dev.conllu"), language_from_name("a.conllu")
    ('en', None)
    """
    m = _UD_NAME_RE.match(Path(path).name)
    return m.group(1) if m else None


#: Digits of the largest ID or head read as a number: longer ones are out of any range
#: (and ``int`` of thousands of digits is slow, or refused).
_MAX_DIGITS = 9


def _number(field_: str) -> int:
    """An ASCII digit string as an int (one over any sentence length when too long)."""
    return int(field_) if len(field_) <= _MAX_DIGITS else 10 ** _MAX_DIGITS


def _classify_id(field_: str, special: bool) -> tuple[int, int, int]:
    """(kind, value, end) of an ID field: a token's number; a multiword range ``a-b``'s
    ``a`` and ``b``; an empty node ``i.j``'s ``i`` and ``j``."""
    if _ID_RE.match(field_):
        return _REGULAR, _number(field_), 0
    if special:
        if _MW_RE.match(field_):
            a, b = field_.split("-")
            return _MULTIWORD, _number(a), _number(b)
        if _EMPTY_RE.match(field_):
            i, j = field_.split(".")
            return _EMPTY, _number(i), _number(j)
    return _BAD, 0, 0


def _special_fault(kind: int, value: int, end: int, before: int, covered: int = 0
                   ) -> str | None:
    """What is wrong with a multiword range or empty node after ``before`` regular tokens
    of its sentence, ``covered`` of them by its multiword ranges so far (the range's end is
    checked against the sentence length apart).

    CoNLL-U: a range ``a-b`` comes right before token ``a``, ``b > a``, and ranges do not
    overlap; an empty node ``i.j`` (``j >= 1``) comes right after token ``i`` (``0.1``
    before the first).
    """
    if kind == _MULTIWORD and value <= covered:
        return f"a multiword range overlapping the one before (up to token {covered})"
    if kind == _MULTIWORD and (value != before + 1 or end <= value):
        return (f"a multiword range must be 'a-b' with a = {before + 1} (the next token) and "
                f"b > a")
    if kind == _EMPTY and (value != before or end < 1):
        return f"an empty node here must be '{before}.j' (j >= 1: after token {before})"
    return None


def _parse_head(field_: str) -> int | None:
    """Head value, ``MISSING`` for ``_``, ``None`` when malformed."""
    if field_ == "_":
        return MISSING
    if field_.isascii() and field_.isdigit():
        return _number(field_)
    return None


_W = r"[^\S\n]*"  # whitespace within a line
#: ``#``, a key of :data:`META_COMMENTS` and ``=`` (the key as group 1)
_META_KEY = (rf"#{_W}(sent_id|newdoc{_W}id|speaker_role|speaker_age|speaker|age_days|language|"
             rf"child_name|corpus_name|unintelligible){_W}={_W}")
_META_RE = re.compile(rf"{_META_KEY}(.*?){_W}\Z")


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
    return "newdoc id" if key.startswith("newdoc") else key, m.group(2)


class _State:
    """What carries from sentence to sentence: the document, and the counts."""

    __slots__ = ("document", "counts")

    def __init__(self, document: str) -> None:
        self.document, self.counts = document, Counter()


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
        days = _age_days(key, value, state.counts)
        if days is None:
            return
        if key == "age_days" or "_age_from_days" not in meta:
            meta["age_days"] = days
        if key == "age_days":
            meta["_age_from_days"] = True
    else:
        meta[col] = value


def _age_days(key: str, value: str, counts: Counter) -> int | None:
    """The days of an ``age_days`` or ``speaker_age`` comment (``None``, counted, when no
    number)."""
    try:
        return int(value) if key == "age_days" else months_to_days(float(value))
    except ValueError:
        counts["unreadable age comments"] += 1
        return None


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
    pairs = (part.partition("\t") for part in parts[1:])
    return int(parts[0]), [(int(pos), text) for pos, _, text in pairs]


#: How a file's bytes depart from what the writers write by default (no byte-order mark,
#: LF line ends, a blank line after the last sentence): counted per file in
#: ``report.counts`` under these names (:func:`count_layout`), and written back
#: (:mod:`induceval.corpus.writers`) when every file read shares them.
BOM_FILES = "files with a UTF-8 byte-order mark"
CRLF_FILES = "files with CRLF line ends"
MIXED_FILES = "files with CRLF and LF line ends mixed (written back with LF)"
NO_BLANK_END_FILES = "files without a blank line at the end"
NO_NEWLINE_END_FILES = "files without a final newline"


def count_layout(path: Path, report: ReadReport, comments: bool = True) -> None:
    """Count in ``report`` the byte-order mark, the line ends and the end of a file (the
    names above), read apart from its sentences (a pass over the bytes at C speed).  The
    end of a file whose last line is a comment (``comments``), not kept, is not counted."""
    lf = crlf = 0
    head, last, blank = b"", b"", True
    with open(path, "rb") as fh:
        for piece in iter(lambda: fh.read(1 << 24), b""):
            head = head or piece[:3]
            lf += piece.count(b"\n")
            crlf += piece.count(b"\r\n") + (last[-1:] == b"\r" and piece[:1] == b"\n")
            last = (last + piece[-4096:])[-4096:]
            blank = blank and piece.isspace()
    if blank:
        return
    if head == b"\xef\xbb\xbf":
        report.count(BOM_FILES)
    if crlf:
        report.count(CRLF_FILES if crlf == lf else MIXED_FILES)
    end = last[len(last.rstrip()):].count(b"\n")
    if end < 2 and not (comments and last.rstrip().rpartition(b"\n")[2].startswith(b"#")):
        report.count(NO_BLANK_END_FILES if end else NO_NEWLINE_END_FILES)


def _err(path: Path, lineno: int, text: str, what: str) -> CorpusFormatError:
    return CorpusFormatError(what, path=str(path), line=lineno, text=text)


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
    """One block as ``(tokens, meta)``, ``None`` when it holds comments alone, or raise
    :class:`_Bad`."""
    meta: dict = {}
    lines = _block_lines(block, spec, path, state, meta)
    if lines is None:
        return None
    counts: Counter = Counter()
    rows, kept, ncols = _token_rows(lines, spec, path, counts)
    n = len(rows)
    tokens: dict[str, list] = {}
    for name, idx in spec.columns_for(ncols).items():
        if name == "head":
            tokens["head"] = [_row_head(lineno, text, fields[idx], idx, n, path)
                              for lineno, text, fields in rows]
        elif name == "form":
            tokens["form"] = [f[idx] for _, _, f in rows]
        else:
            tokens[name] = [None if f[idx] == "_" else f[idx] for _, _, f in rows]
    state.counts.update(counts)
    meta.pop("_age_from_days", None)
    meta["sent_id"], meta["document"] = meta.get("sent_id"), state.document
    if spec.comments and spec.keep_lines:
        meta[LINES_COLUMN] = _encode_lines(n, kept)
    return tokens, meta


def _block_lines(block, spec: TabularSpec, path: Path, state: _State, meta: dict
                 ) -> list[tuple[bool, int, str]] | None:
    """``(is a comment, line number, text)`` of each line of a block, its comments applied
    to ``meta``; ``None`` when no line is a token (the comments counted as outside a
    sentence); raise :class:`_Bad` on invalid UTF-8."""
    lines = []
    bad_utf8, n_comments = None, 0
    for lineno, text, raw in block:
        if text is None:
            if bad_utf8 is None:
                bad_utf8 = (lineno, raw)
            continue
        fault = line_fault(text)
        if fault is not None:
            raise _Bad("not a text line", _err(path, lineno, text, fault))
        is_comment = spec.comments and text.startswith("#")
        if is_comment:
            state.counts["comments"] += 1
            n_comments += 1
            _apply_comment(text, meta, state)
        lines.append((is_comment, lineno, text))
    if bad_utf8 is not None:
        lineno, raw = bad_utf8
        shown = raw.decode("utf-8", errors="backslashreplace")
        raise _Bad("bad UTF-8", _err(path, lineno, shown, "invalid UTF-8 byte sequence"))
    if n_comments == len(lines):
        if n_comments:
            state.counts["comment lines outside a sentence"] += n_comments
        return None
    return lines


def _token_rows(lines: list, spec: TabularSpec, path: Path, counts: Counter
                ) -> tuple[list, list, int]:
    """The regular token lines as ``(line number, text, fields)``, the lines kept verbatim
    as ``(position, text)`` and the number of columns; raise :class:`_Bad` on a wrong
    column count, an empty field or a wrong token ID."""
    rows: list[tuple[int, str, list[str]]] = []
    kept: list[tuple[int, str]] = []
    ranges: list[tuple[int, str, int]] = []
    ncols = covered = 0
    for is_comment, lineno, text in lines:
        if is_comment:
            kept.append((len(rows), text))
            continue
        fields = _fields(lineno, text, spec, path, ncols)
        ncols = len(fields)
        if spec.id_col is not None:
            kind, value, end = _classify_id(fields[spec.id_col], spec.special_ids)
            if kind in (_MULTIWORD, _EMPTY):
                fault = _special_fault(kind, value, end, len(rows), covered)
                if fault is not None:
                    raise _Bad("bad multiword range or empty node", _err(path, lineno, text,
                                                                         fault))
                if kind == _MULTIWORD:
                    ranges.append((lineno, text, end))
                    covered = end
                counts["multiword_tokens" if kind == _MULTIWORD else "empty_nodes"] += 1
                kept.append((len(rows), text))
                continue
            if kind == _BAD or value != len(rows) + 1:
                zeros = " (IDs have no leading zeros)" if fields[spec.id_col][:1] == "0" else ""
                raise _Bad("bad token ID", _err(
                    path, lineno, text, f"expected token ID {len(rows) + 1} in column 1, "
                    f"got {shorten(fields[spec.id_col])!r}{zeros}"))
        rows.append((lineno, text, fields))
    if not rows:
        lineno, text = next((ln, t) for is_comment, ln, t in lines if not is_comment)
        raise _Bad("no regular tokens", _err(
            path, lineno, text, "a sentence without regular (integer-ID) tokens"))
    for lineno, text, end in ranges:
        if end > len(rows):
            raise _Bad("bad multiword range or empty node", _err(
                path, lineno, text, f"a multiword range past the sentence's last token "
                f"({len(rows)})"))
    return rows, kept, ncols


def _fields(lineno: int, text: str, spec: TabularSpec, path: Path, ncols: int) -> list[str]:
    """The fields of a token line; raise :class:`_Bad` on a wrong count or an empty field
    (``_`` marks a missing value; an empty last field is also how a file cut inside its
    last line ends)."""
    fields = text.split("\t")
    if len(fields) not in spec.ncols or (ncols and len(fields) != ncols):
        allowed = ncols or " or ".join(map(str, spec.ncols))
        raise _Bad("wrong column count", _err(
            path, lineno, text,
            f"expected {allowed} tab-separated columns ({spec.layout}), got {len(fields)}"))
    if "" in fields:
        k = fields.index("")
        names = spec.layout.replace("[", "").replace("]", "").split()
        name = f" ({names[k]})" if k < len(names) else ""
        raise _Bad("empty field", _err(
            path, lineno, text, f"column {k + 1}{name} is empty ('_' marks a missing value)"))
    return fields


def _row_head(lineno: int, text: str, value: str, idx: int, n: int, path: Path) -> int | None:
    """The head of a token line (``None`` for ``_``); raise :class:`_Bad` when malformed."""
    h = _parse_head(value)
    if h is None:
        raise _Bad("non-integer head", _err(
            path, lineno, text, f"expected an integer head or '_' in column {idx + 1}, "
            f"got {shorten(value)!r}"))
    if h > n:
        raise _Bad("head out of range", _err(
            path, lineno, text, f"head {shorten(value)} out of range: the sentence has {n} "
            f"tokens (expected 0..{n} or '_')"))
    return None if h == MISSING else h


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
    language = language if language is not None else language_from_name(path)
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
    columns: dict[str, list] = {k: [] for k in spec.columns if k != "head"}
    heads: list = []
    lengths: list[int] = []
    sent_ids: list = []
    documents, languages, lines = [], [], []  # per sentence, as sent_ids
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
