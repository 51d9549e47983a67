"""Reading tab-separated files into a corpus: :func:`read_tabular`.

Each file is read in chunks of about :data:`CHUNK_BYTES` cut at blank lines,
whose columns go straight into ``int32`` codes over corpus-wide vocabularies
(:class:`~induceval.corpus.readers._common._Accumulator`).  A chunk goes
through the *columnar fast path* (:func:`_fast_file`), which validates
everything in bulk and gives up at the first anomaly: the file is then rolled
back and re-read by the streaming path
(:func:`~induceval.corpus.readers._tabular.iter_tabular`), which defines the
semantics, so both paths give the same corpora (checked by property tests)
and errors always come from one place.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._common import (
    FileResult,
    _Accumulator,
    as_file_list,
    corpus_name,
    has_line_fault,
    read_pieces,
)
from induceval.corpus.readers._fields import _decode_items, _intern_ranges
from induceval.corpus.readers._tabular import (
    _BAD,
    _EMPTY,
    _META_KEY,
    _MULTIWORD,
    _REGULAR,
    _W,
    COLUMN_ORDER,
    META_COMMENTS,
    TabularSpec,
    _age_days,
    _classify_id,
    _parse_head,
    _slow_file,
    _State,
    count_layout,
    iter_tabular,
    language_from_name,
)
from induceval.errors import check_choice

__all__ = ["read_tabular", "iter_chunks", "TabularFormat", "CHUNK_BYTES"]

#: Chunk size of the streaming reader (bytes; a chunk ends at a blank line).
CHUNK_BYTES = 2 << 20

_BOM = b"\xef\xbb\xbf"

#: :data:`~induceval.corpus.readers._tabular._META_RE` over ``"\n"``-joined lines: one
#: ``(key, value)`` per line (``("", "")`` when the line is no metadata comment; the value
#: is up to the last non-space character).
_META_LINES = re.compile(rf"^(?:{_META_KEY}((?:.*\S)?){_W}|.*)$", re.MULTILINE)

#: Bytes that cannot follow ``#`` (and one space) in a metadata comment: ASCII letters
#: no key starts with, and other printable ASCII except whitespace.
_NOT_META_START = np.zeros(256, dtype=bool)
_NOT_META_START[[c for c in range(33, 127) if chr(c) not in "snlacu"]] = True


class _GiveUp(Exception):
    """An anomaly in a chunk: the file is read by the streaming path instead."""


class _Chunk:
    """A chunk's lines, token fields and sentences as arrays (see :func:`_fast_file`)."""

    def __init__(self, data: bytes, spec: TabularSpec, first: bool) -> None:
        """The line ranges and kinds (blank, comment, token) of ``data``."""
        self.spec = spec
        buf = self.buf = np.frombuffer(data, dtype=np.uint8)
        size = len(buf)
        nl = np.flatnonzero(buf == 10)
        starts = np.concatenate(([0], nl + 1)).astype(np.int64)
        ends = np.concatenate((nl, [size])).astype(np.int64)
        del nl
        if starts[-1] == size:  # the data ends with "\n" (or is empty)
            starts, ends = starts[:-1], ends[:-1]
        if len(starts) and first and data.startswith(_BOM):
            starts[0] += 3
        if len(starts):
            ends = ends - ((ends > starts) & (buf[np.maximum(ends - 1, 0)] == 13))
        blank = starts == ends
        first_byte = buf[np.minimum(starts, max(size - 1, 0))] if size else np.zeros(0, np.uint8)
        self.starts, self.ends = starts, ends
        self.comment = ~blank & (first_byte == 35) & spec.comments
        self.n_comments = int(self.comment.sum())
        self.block_of_line = np.cumsum(blank)
        self.tok_idx = np.flatnonzero(~(blank | self.comment))

    def find_fields(self, counts: Counter) -> None:
        """Byte ranges of the columns read (``bounds``), and the token IDs' kinds and values."""
        spec, buf = self.spec, self.buf
        tabs = np.flatnonzero(buf == 9)
        t_starts, t_ends = self.starts[self.tok_idx], self.ends[self.tok_idx]
        first_tab = np.searchsorted(tabs, t_starts)
        ntabs = np.searchsorted(tabs, t_ends) - first_tab
        ncols = int(ntabs[0]) + 1
        if ncols not in spec.ncols or not (ntabs == ncols - 1).all():
            raise _GiveUp
        del ntabs
        # an empty field: two tabs in a row (maybe in a comment: the streaming path decides),
        # or a tab that starts or ends a token line
        if ((tabs[1:] - tabs[:-1] == 1).any() or (buf[t_starts] == 9).any()
                or (buf[t_ends - 1] == 9).any()):
            raise _GiveUp

        def field(k: int) -> tuple[np.ndarray, np.ndarray]:
            return (t_starts if k == 0 else tabs[first_tab + (k - 1)] + 1,
                    t_ends if k == ncols - 1 else tabs[first_tab + k])

        self.bounds = {name: field(k) for name, k in spec.columns_for(ncols).items()}
        self.regular = self.ids = None
        if spec.id_col is None:
            return
        id_codes, id_items = _intern_ranges(buf, *field(spec.id_col))
        kinds = np.empty(len(id_items), dtype=np.int64)
        values = np.empty(len(id_items), dtype=np.int64)
        ends = np.empty(len(id_items), dtype=np.int64)
        for j, item in enumerate(id_items):
            kinds[j], values[j], ends[j] = _classify_id(item, spec.special_ids)
        if (kinds == _BAD).any():
            raise _GiveUp
        self.ids = values[id_codes]
        tok_kind = kinds[id_codes]
        if (tok_kind != _REGULAR).any():
            self.regular = tok_kind == _REGULAR
            self.special_kind, self.special_end = tok_kind, ends[id_codes]
            for kind, key in ((_MULTIWORD, "multiword_tokens"), (_EMPTY, "empty_nodes")):
                n = int((tok_kind == kind).sum())
                if n:
                    counts[key] = n

    def find_sentences(self) -> None:
        """Sentence lengths (``lengths``) and blocks (``sent_blocks``) of the regular tokens."""
        block = self.block_of_line[self.tok_idx]
        regular = self.regular
        if regular is not None:
            reg_block = block[regular]
            # blocks are non-decreasing: count them by their changes
            if (np.count_nonzero(reg_block[1:] != reg_block[:-1])
                    != np.count_nonzero(block[1:] != block[:-1])) or not len(reg_block):
                raise _GiveUp  # a sentence made only of multiword/empty lines
            self.bounds = {k: (a[regular], b[regular]) for k, (a, b) in self.bounds.items()}
        else:
            reg_block = block
        n_tok = len(reg_block)
        change = np.flatnonzero(reg_block[1:] != reg_block[:-1]) + 1
        sent_starts = np.concatenate(([0], change)).astype(np.int64)
        lengths = np.diff(np.append(sent_starts, n_tok))
        sent_blocks = reg_block[sent_starts]
        if self.n_comments:
            c_blocks = self.block_of_line[self.comment]  # sorted, like sent_blocks
            at = np.minimum(np.searchsorted(sent_blocks, c_blocks), len(lengths) - 1)
            if (sent_blocks[at] != c_blocks).any():
                raise _GiveUp  # a block made only of comments: the streaming path counts it
        if self.ids is not None:
            ids = self.ids if regular is None else self.ids[regular]
            positions = np.arange(n_tok, dtype=np.int64) - np.repeat(sent_starts, lengths)
            if not (ids == positions + 1).all():
                raise _GiveUp
            if regular is not None:
                self._check_special(sent_starts, lengths, sent_blocks, block)
        self.reg_block, self.lengths, self.sent_blocks = reg_block, lengths, sent_blocks

    def _check_special(self, sent_starts: np.ndarray, lengths: np.ndarray,
                       sent_blocks: np.ndarray, block: np.ndarray) -> None:
        """Give up unless every multiword range and empty node sits where it says
        (:func:`~induceval.corpus.readers._tabular._special_fault`)."""
        regular = self.regular
        special = np.flatnonzero(~regular)
        sent = np.searchsorted(sent_blocks, block[special])
        # regular tokens of the sentence before each special line
        before = (np.cumsum(regular)[special] - regular[special]) - sent_starts[sent]
        kind, value, end = (self.special_kind[special], self.ids[special],
                            self.special_end[special])
        mw = kind == _MULTIWORD
        ok = np.where(mw, (value == before + 1) & (end > value) & (end <= lengths[sent]),
                      (value == before) & (end >= 1))
        # a range starting inside the one before it in its sentence (they overlap)
        m_sent, m_value, m_end = sent[mw], value[mw], end[mw]
        if not ok.all() or ((m_sent[1:] == m_sent[:-1]) & (m_value[1:] <= m_end[:-1])).any():
            raise _GiveUp

    def heads(self) -> np.ndarray | None:
        """The head column (taken out of ``bounds``), ``None`` when the format has none."""
        bounds = self.bounds.pop("head", None)
        if bounds is None:
            return None
        h_codes, h_items = _intern_ranges(self.buf, *bounds)
        table = [_parse_head(item) for item in h_items]
        if None in table:
            raise _GiveUp
        heads = np.array(table, dtype=np.int64)[h_codes]
        if (heads > np.repeat(self.lengths, self.lengths)).any():
            raise _GiveUp
        return heads.astype(np.int32)

    def kept_lines(self) -> tuple[np.ndarray, list[str], np.ndarray]:
        """The lines kept verbatim (comments, multiword ranges, empty nodes; only the
        comments that may set metadata when no ``_lines`` are kept): line indices, texts
        and sentences."""
        kept = self.comment
        if self.regular is not None:
            kept = kept.copy()
            kept[self.tok_idx[~self.regular]] = True
        kept_idx = np.flatnonzero(kept)
        if not self.spec.keep_lines:
            # not '#' (+ one space) + a letter no key starts with (e.g. '# text = ...', the
            # bulk of the comment bytes)
            buf, size = self.buf, len(self.buf)
            c_starts = self.starts[kept_idx]
            at = np.minimum(c_starts + 1 + (buf[np.minimum(c_starts + 1, size - 1)] == 32),
                            size - 1)
            kept_idx = kept_idx[~_NOT_META_START[buf[at]] | (self.ends[kept_idx] <= at)]
        text = _decode_items(self.buf, self.starts[kept_idx], self.ends[kept_idx])
        return kept_idx, text, np.searchsorted(self.sent_blocks, self.block_of_line[kept_idx])

    def lines_column(self, kept_idx: np.ndarray, kept_text: list[str],
                     kept_sent: np.ndarray) -> list[str]:
        """The ``_lines`` value of each sentence (see :data:`LINES_COLUMN`)."""
        tok_idx = self.tok_idx if self.regular is None else self.tok_idx[self.regular]
        kept_pos = (np.searchsorted(tok_idx, kept_idx)
                    - np.searchsorted(self.reg_block, self.block_of_line[kept_idx])).tolist()
        bounds = np.searchsorted(kept_sent, np.arange(len(self.lengths) + 1)).tolist()
        pieces = [f"\n{p}\t{t}" for p, t in zip(kept_pos, kept_text, strict=True)]
        return [str(n) + "".join(pieces[a:b]) for n, a, b in
                zip(self.lengths.tolist(), bounds[:-1], bounds[1:])]


def _fast_file(data: bytes, path: Path, spec: TabularSpec, language: str | None,
               document: str | None = None, first: bool = True) -> FileResult | None:
    """Read a whole file (or a chunk of one ending at a blank line) at the byte level.

    Returns ``None`` at the first anomaly.  Lines, their kinds and the field
    boundaries of the columns read come from numpy searches over the bytes;
    text columns are returned as byte ranges, interned by the caller on their
    bytes (:mod:`~induceval.corpus.readers._fields`: only distinct values are
    decoded); metadata comments are parsed in one regular-expression pass
    (without ``_lines``, comments that cannot hold metadata, such as ``# text =
    ...``, are not even decoded).  ``document`` is the document in force before
    the chunk (default: the file stem); ``first`` says whether the chunk starts
    the file (a byte-order mark is skipped).
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if has_line_fault(data):
        return None
    lang = language if language is not None else language_from_name(path)
    state = _State(path.stem if document is None else document)
    chunk = _Chunk(data, spec, first)
    if chunk.n_comments:
        state.counts["comments"] = chunk.n_comments
    if len(chunk.tok_idx) == 0:
        if chunk.n_comments:
            return None  # comments outside sentences: the streaming path counts them
        cols = spec.columns_for(min(spec.ncols))
        return FileResult({k: (np.zeros(0, np.int64), np.zeros(0, np.int64))
                           for k in cols if k != "head"},
                          np.zeros(0, np.int32) if "head" in cols else None,
                          np.zeros(0, np.int64), [], [], lang, state.counts, data=data,
                          languages=[], lines=[] if spec.comments and spec.keep_lines else None,
                          document_out=state.document)
    try:
        chunk.find_fields(state.counts)
        chunk.find_sentences()
        heads = chunk.heads()
    except _GiveUp:
        return None
    n_sent = len(chunk.lengths)
    sent_ids, documents, languages = [None] * n_sent, [state.document] * n_sent, [lang] * n_sent
    meta_cols: dict[str, list] = {}
    lines = None
    if spec.comments:
        kept_idx, kept_text, kept_sent = chunk.kept_lines()
        documents, meta_cols = _comment_meta(kept_text, kept_sent, sent_ids, languages, state)
        if spec.keep_lines:
            lines = chunk.lines_column(kept_idx, kept_text, kept_sent)
    return FileResult(chunk.bounds, heads, chunk.lengths.astype(np.int64), sent_ids, documents,
                      lang, state.counts, data=data, meta=meta_cols, languages=languages,
                      lines=lines, document_out=state.document)


def _comment_meta(kept_text: list[str], kept_sent: np.ndarray, sent_ids: list,
                  languages: list, state: _State) -> tuple[list, dict[str, list]]:
    """Apply the metadata comments among the kept lines (see :data:`META_COMMENTS`).

    Sets ``sent_ids`` and ``languages`` in place and moves the document in
    ``state``; returns each sentence's document and the optional columns.
    """
    n_sent = len(sent_ids)
    start = state.document
    doc_changes: list[tuple[int, str]] = []
    meta_cols: dict[str, list] = {}
    age_from_days: set[int] = set()
    # (key, value) of every kept line, ("", "") when it sets no metadata: one C-level scan
    found = _META_LINES.findall("\n".join(kept_text)) if kept_text else []
    for (key, value), s in zip(found, kept_sent.tolist(), strict=True):
        if not value:
            continue
        col = META_COMMENTS["newdoc id" if key.startswith("newdoc") else key]
        if col in ("sent_id", "language"):
            (sent_ids if col == "sent_id" else languages)[s] = value
            continue
        if col == "document":
            state.document = value
            doc_changes.append((s, value))
            continue
        if col == "age_days":
            value = _age_days(key, value, state.counts)
            if value is None:
                continue
            if key == "age_days":
                age_from_days.add(s)
            elif s in age_from_days:
                continue
        values = meta_cols.get(col)
        if values is None:
            values = meta_cols[col] = [None] * n_sent
        values[s] = value
    if not doc_changes:
        return [start] * n_sent, meta_cols
    # each sentence's document: the last change at or before it
    docs = [start] + [v for _, v in doc_changes]
    last = np.searchsorted([c for c, _ in doc_changes], np.arange(n_sent), side="right")
    return list(map(docs.__getitem__, last.tolist())), meta_cols


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
    return read_pieces(path, size or CHUNK_BYTES, _after_blank_line)


def _after_blank_line(data: bytes, new: int) -> int:
    """Where ``data`` ends after its last blank line (0: none in the ``new`` first bytes on)."""
    lo = max(new - 2, 0)  # (a blank line may start in the 2 bytes before the new ones)
    cut = max(data.rfind(b"\n\n", lo) + 2, data.rfind(b"\n\r\n", lo) + 3)
    return cut if cut >= 3 else 0  # (-1 + 2 or -1 + 3: no blank line)


def read_tabular(files, spec: TabularSpec, *, on_error: str = "fail",
                 language: str | None = None, name: str | None = None,
                 chunk_bytes: int = 0, columns: Iterable[str] | None = None) -> Corpus:
    """Read tabular files into one corpus, streaming (see the module docstring).

    ``chunk_bytes`` sets the chunk size (default :data:`CHUNK_BYTES`).
    ``columns`` reads only these token columns (``form`` always) and no
    ``_lines`` (faster and smaller, e.g. for scoring; such a corpus is not
    written back losslessly); without it, each file's byte-order mark, line
    ends and end are counted
    (:func:`~induceval.corpus.readers._tabular.count_layout`).  Validation is
    the same either way.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    if columns is not None:
        wanted = set(columns) | {"form"}
        spec = replace(spec, columns={k: i for k, i in spec.columns.items() if k in wanted},
                       keep_lines=False)
    paths = as_file_list(files)
    report, acc = ReadReport(), _Accumulator()
    for p in paths:
        mark, document, counts = acc.mark(), None, Counter()
        for i, chunk in enumerate(iter_chunks(p, chunk_bytes)):
            res = _fast_file(chunk, p, spec, language, document=document, first=i == 0)
            if res is None:  # an anomaly: the whole file by the streaming path
                acc.rollback(mark)
                acc.add(_slow_file(p, spec, on_error, report, language))
                break
            acc.add(res)
            counts.update(res.counts)
            document = res.document_out
            del res, chunk
        else:
            acc.counts.update(counts)
        if spec.keep_lines:   # (what writing back needs; a scoring read skips the pass)
            count_layout(p, report, spec.comments)
        report.files.append(str(p))
    if acc.n_tokens == 0:
        for k in spec.columns_for(min(spec.ncols)):
            acc._sink(k)
    return acc.build(report, name if name is not None else corpus_name(paths), COLUMN_ORDER)


class TabularFormat:
    """The reader functions of a tab-separated format (``read = FORMAT.read`` ...).

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.dp")
    >>> _ = open(p, "w").write("Hi\\tUH\\t0\\n\\n")
    >>> spec = TabularSpec("malt", (3,), {"form": 0, "xpos": 1, "head": 2}, id_col=None)
    >>> TabularFormat(spec).read(p).sentence(0).strings("xpos")
    ['UH']
    """

    def __init__(self, spec: TabularSpec) -> None:
        self.spec = spec

    def read(self, files, *, on_error: str = "fail", language: str | None = None,
             name: str | None = None, columns: Iterable[str] | None = None) -> Corpus:
        """Read files of the format into one corpus: ``files``, ``on_error`` and ``name`` as
        in :mod:`induceval.corpus.readers`, ``columns`` as in :func:`read_tabular` (default:
        all); ``language`` fills the ``language`` sentence column of every file (default:
        from the UD file name)."""
        return read_tabular(files, self.spec, on_error=on_error, language=language, name=name,
                            columns=columns)

    def iter_sentences(self, path: str | os.PathLike, *, on_error: str = "fail",
                       report: ReadReport | None = None, language: str | None = None,
                       ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
        """Stream ``(tokens, meta)`` per sentence (arguments of ``CorpusBuilder.add_sentence``)."""
        return iter_tabular(path, self.spec, on_error=on_error, report=report,
                            language=language)
