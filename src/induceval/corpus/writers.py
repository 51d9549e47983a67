"""Writers for CoNLL-U, CoNLL-X and the PASCAL 2012 format, with predicted tags or heads.

Lossless
--------
What the tabular readers read, the writers write back: every token column
and, from the sentence column ``_lines``
(:data:`~induceval.corpus.readers._tabular.LINES_COLUMN`), every comment,
multiword-token range line (``18-19``) and empty node (``8.1``) in its
place; and (``layout=True``, the default) the file's byte-order mark, CRLF
line ends and end (no blank line, or no newline, after the last sentence),
which the reader counts per file in ``corpus.report.counts``
(:data:`~induceval.corpus.readers._tabular.BOM_FILES` ...), when every file
read has them.  A CoNLL-U file read and written back is byte-identical to the
input up to these normalisations:

- line ends are ``\\n`` when the files read differ (some CRLF, some not, or
  both in one file: counted as
  :data:`~induceval.corpus.readers._tabular.MIXED_FILES`); likewise the
  byte-order mark and the end;
- every sentence but the last is followed by exactly one blank line
  (several blank lines, or whitespace-only lines, between sentences become
  one; so do several at the end);
- comment lines outside any sentence are not kept (the reader counts them);
- an integer HEAD is written in canonical form (``07`` -> ``7``);
- missing values (``-1``) are written as ``_``.

What is left out is counted
---------------------------
A :class:`WriteReport` counts what was written, and under ``left_out`` why not:

- ``"empty sentences"``: a sentence with no tokens is never written (an
  empty block, or a block of comments alone, is not valid CoNLL-U); what is
  written reads back to ``report.sentences`` sentences;
- ``"multiword/empty-node lines of changed sentences"``: range lines and
  empty nodes of a sentence whose tokens changed since it was read
  (punctuation removed, ``<s>`` added...), since their IDs no longer hold;
  the DEPS of such a sentence are written as ``_`` (counted as ``"DEPS of
  changed sentences"``, in tokens);
- ``"multiword/empty-node lines (format cannot hold them)"`` for CoNLL-X and
  PASCAL output;
- ``"comment lines"`` when ``comments=False``;
- ``"token column 'NAME' (no place in FORMAT), values"``: a token column the
  layout has no slot for (e.g. CHAT's ``head@xgrt``), counted in values.

Comments
--------
A sentence read from a file with comments keeps its own comment lines,
verbatim.  A sentence without ``_lines`` (read from CHAT, plain text, Brown,
or built in memory) gets comments from its sentence columns, keyed as the
CoNLL-U reader reads them back (:data:`GENERATED_COMMENTS`, after ``# newdoc
id = D`` when the ``document`` changes).

Example
-------
>>> import io, numpy as np
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder(); b.add_sentence({"form": ["Dogs", "bark"], "upos": ["NOUN", "VERB"],
...                                     "head": [2, 0]}, {"sent_id": "s1"})
>>> out = io.StringIO(); rep = write_conllu(b.build(), out, tags_column=np.array([3, -1]))
>>> print(out.getvalue().replace("\\t", " "), end="")
# sent_id = s1
1 Dogs _ 3 _ _ 2 _ _ _
2 bark _ _ _ _ 0 _ _ _
<BLANKLINE>
>>> rep.sentences, rep.tokens, dict(rep.left_out)
(1, 2, {})
"""

from __future__ import annotations

import contextlib
import io
import os
import zlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import numpy as np

from induceval.atomic import atomic_path
from induceval.corpus.model import Column, Corpus
from induceval.corpus.readers import _tabular as _tab
from induceval.corpus.readers._tabular import LINES_COLUMN, decode_lines
from induceval.errors import InducevalError, ParameterError, check_choice

__all__ = ["write_conllu", "write_conllx", "write_pascal", "write_tabular", "write_corpus",
           "WriteReport", "OUTPUT_FORMATS", "output_format", "UNCLUSTERED", "TAG_FORMATS",
           "TagPrediction", "write_type_clusters", "word_cluster_tags", "write_predictions",
           "write_predictions_over_files", "write_predictions_on_dask"]

ColumnLike = str | Column | np.ndarray | Sequence | None

#: Slot layouts: slot names in file order (``_id`` = token number, ``None`` = always ``_``).
CONLLU_SLOTS = ("_id", "form", "lemma", "upos", "xpos", "feats", "head", "deprel", "deps",
                "misc")
CONLLX_SLOTS = ("_id", "form", "lemma", "cpos", "xpos", "feats", "head", "deprel", "phead",
                "pdeprel")
PASCAL_SLOTS = ("_id", "form", "lemma", "cpos", "xpos", "upos", "feats", "head", "deprel")

#: Output file ending -> format (``tsv`` is a ``word<TAB>cluster`` list: ``induce tags`` only).
OUTPUT_FORMATS = {".conllu": "conllu", ".conll": "conllx", ".conllx": "conllx",
                  ".pascal": "pascal", ".tsv": "tsv"}

#: Slots that always use ``_`` for a missing value (tag slots use ``missing_tag``).
_PLAIN_SLOTS = frozenset({"form", "lemma", "head", "deprel", "feats", "deps", "misc", "phead",
                          "pdeprel"})


def output_format(path: str | os.PathLike | None, to: str | None = None, *,
                  allowed: Sequence[str] = ("conllu", "conllx", "pascal", "tsv"),
                  option: str = "--to") -> str:
    """The output format: ``to`` when given, else from the ending of ``path``.

    Raises :class:`~induceval.errors.ParameterError` for an unknown ending
    (or a format not in ``allowed``), naming the endings understood.

    Parameters
    ----------
    path
        The output path (its ending decides), or ``None``.
    to
        The format named by the user, or ``None``.
    allowed
        The formats accepted.
    option
        The option's name in messages.

    Returns
    -------
    str
        A format of ``allowed``.

    Example
    -------
    >>> output_format("pred.conll"), output_format("x.out", "pascal"), output_format("a.tsv")
    ('conllx', 'pascal', 'tsv')
    """
    if to is not None:
        fmt = to
    else:
        suffix = Path(str(path)).suffix.lower() if path not in (None, "-") else ""
        fmt = OUTPUT_FORMATS.get(suffix)
        if fmt is None:
            endings = ", ".join(f"{e} ({f})" for e, f in OUTPUT_FORMATS.items() if f in allowed)
            where = "stdout" if path in (None, "-") else f"-o {path}"
            raise ParameterError(
                f"cannot tell the output format of {where}: give {option} "
                f"({', '.join(allowed)}) or an -o ending among {endings}")
    if fmt not in allowed:
        raise ParameterError(f"{option} must be one of {', '.join(allowed)}; got {fmt!r}")
    return fmt


@dataclass
class WriteReport:
    """What a writer wrote, and what it left out (with reasons)."""

    format: str
    sentences: int = 0
    tokens: int = 0
    left_out: Counter = field(default_factory=Counter)

    def to_dict(self) -> dict:
        """The report as JSON-ready data (``left_out`` sorted by reason).

        Example
        -------
        >>> WriteReport("conllu", sentences=2, tokens=7).to_dict()
        {'format': 'conllu', 'sentences': 2, 'tokens': 7, 'left_out': {}}
        """
        return {"format": self.format, "sentences": self.sentences, "tokens": self.tokens,
                "left_out": dict(sorted(self.left_out.items()))}

    def summary(self) -> list[str]:
        """Human-readable lines (what the CLI prints)."""
        lines = [f"wrote {self.sentences} sentences, {self.tokens} tokens ({self.format})"]
        lines += [f"  left out: {k}: {v}" for k, v in sorted(self.left_out.items())]
        return lines


def _strings(corpus: Corpus, source: ColumnLike, *, missing: str, what: str) -> np.ndarray:
    """One object array of strings for a slot (``missing`` where the value is missing)."""
    n = corpus.n_tokens
    out = np.empty(n, dtype=object)
    if isinstance(source, str):
        source = corpus.tokens.get(source)  # a column the corpus lacks: all missing
    if source is None:
        out[:] = missing
        return out
    if isinstance(source, Column):
        if source.vocab is not None:
            return np.append(source.vocab.to_array(), missing)[source.values]
        source = source.values
    arr = np.asarray(source)
    if arr.shape != (n,):
        raise InducevalError(f"{what} has {arr.size} values for {n} tokens")
    if arr.dtype.kind in "iu":
        vals = arr.astype(np.int64)
        table = {v: str(v) for v in np.unique(vals[vals >= 0]).tolist()}
        out[:] = [table[v] if v >= 0 else missing for v in vals.tolist()]
        return out
    out[:] = [missing if v is None else str(v) for v in arr.tolist()]
    return out


@contextlib.contextmanager
def _open(path_or_file: str | os.PathLike | IO[str]):
    if isinstance(path_or_file, (str, os.PathLike)):
        with atomic_path(path_or_file) as tmp, \
                open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
    else:
        yield path_or_file


def _check_field(values: np.ndarray, slot: str) -> None:
    for v in set(values.tolist()):
        if "\t" in v or "\n" in v or "\r" in v:
            raise InducevalError(f"cannot write {slot} value {v!r}: it contains a tab or newline")


def _sentence_strings(corpus: Corpus, name: str) -> list:
    col = corpus.sentences.get(name)
    if col is None:
        return [None] * corpus.n_sentences
    if col.vocab is None:
        return [None if v < 0 else str(v) for v in col.values.tolist()]
    return col.vocab.decode(col.values.tolist())


#: Generated comments: (comment key, sentence column), after ``# newdoc id``.
GENERATED_COMMENTS = (
    ("sent_id", "sent_id"), ("speaker", "speaker"), ("speaker_role", "role"),
    ("age_days", "age_days"), ("language", "language"), ("child_name", "child"),
    ("corpus_name", "corpus"), ("unintelligible", "unintelligible"))


def write_tabular(corpus: Corpus, path_or_file: str | os.PathLike | IO[str],
                  slots: Sequence[str | None], *, sources: Mapping[str, ColumnLike],
                  missing_tag: str = "_", comments: bool = True,
                  token_lines: bool = True, format: str = "tabular",
                  layout: bool = True) -> WriteReport:
    """Write ``corpus`` with one token a line in the given slot layout.

    Parameters
    ----------
    corpus
        The corpus written.
    path_or_file
        A path, or an open text file.
    slots
        Slot names in file order (see :data:`CONLLU_SLOTS`).
    sources
        Slot name -> where its values come from (column name, Column, array,
        or ``None`` for all ``_``); by default the column of the slot's name.
    missing_tag
        What a missing value is written as in tag slots (``_`` by default;
        e.g. ``"UNCLUSTERED"`` for unclustered tokens of a predicted tagging).
    comments, token_lines
        Write comments (each sentence's own, kept by the reader, else generated
        from the sentence columns); write the kept multiword-token and
        empty-node lines (CoNLL-U only).
    format
        The format name in the report.
    layout
        Write the byte-order mark, CRLF line ends and file end the files read
        share (see the module docstring); False: no byte-order mark, ``\\n``
        line ends, a blank line at the end.

    Returns
    -------
    WriteReport
        Sentences and tokens written; what was left out.

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["Hi", "you"], "upos": ["INTJ", "PRON"]})
    >>> out = io.StringIO()
    >>> _ = write_tabular(b.build(), out, ["_id", "form", "upos"], sources={}, comments=False)
    >>> out.getvalue().splitlines()
    ['1\\tHi\\tINTJ', '2\\tyou\\tPRON', '']
    """
    report = WriteReport(format)
    kept, changed = _kept_lines(corpus)
    lines = _token_lines(corpus, slots, sources, missing_tag, changed, report)
    gen = {key: _sentence_strings(corpus, name) for key, name in GENERATED_COMMENTS
           if name in corpus.sentences} if comments else {}
    docs = _sentence_strings(corpus, "document") if comments else []
    buf = io.StringIO()
    write, off, left = buf.write, corpus.offsets.tolist(), report.left_out
    prev_doc = None
    for i in range(corpus.n_sentences):
        a, b = off[i], off[i + 1]
        if a == b:
            left["empty sentences"] += 1
            if comments and docs:
                prev_doc = docs[i] if kept[i] is None else prev_doc
            continue
        report.sentences += 1
        report.tokens += b - a
        if kept[i] is not None:
            if comments:
                prev_doc = docs[i]
            _write_kept(write, lines[a:b], kept[i], comments, token_lines, changed[i], left)
            continue
        if comments:
            doc = docs[i]
            if doc is not None and doc != prev_doc:
                write(f"# newdoc id = {doc}\n")
            prev_doc = doc
            for key, values in gen.items():
                if values[i] is not None:
                    write(f"# {key} = {values[i]}\n")
        write("\n".join(lines[a:b]) + "\n\n")
    with _open(path_or_file) as fh:
        fh.write(_in_layout(buf.getvalue(), corpus.report) if layout else buf.getvalue())
    return report


def _in_layout(text: str, report) -> str:
    """``text`` (``\\n`` line ends, a blank line at the end) with the byte-order mark, line
    ends and end that every file of ``report`` has."""
    n, counts = len(report.files), report.counts

    def every(key: str) -> bool:
        return n > 0 and counts.get(key, 0) == n

    if text.endswith("\n\n"):
        text = text[:-2] if every(_tab.NO_NEWLINE_END_FILES) else \
            text[:-1] if every(_tab.NO_BLANK_END_FILES) else text
    if every(_tab.CRLF_FILES):
        text = text.replace("\n", "\r\n")
    return "\ufeff" + text if every(_tab.BOM_FILES) else text


def _kept_lines(corpus: Corpus) -> tuple[list, np.ndarray]:
    """Each sentence's kept lines ``[(position, line)]`` (``None`` when it has none), and
    whether its tokens changed since it was read (its kept token lines no longer hold)."""
    kept: list = [None] * corpus.n_sentences
    changed = np.zeros(corpus.n_sentences, dtype=bool)
    if LINES_COLUMN in corpus.sentences:
        lengths = corpus.lengths
        for i, value in enumerate(_sentence_strings(corpus, LINES_COLUMN)):
            if value is not None:
                n, kept[i] = decode_lines(value)
                changed[i] = n != lengths[i]
    return kept, changed


def _token_lines(corpus: Corpus, slots: Sequence[str | None], sources: Mapping[str, ColumnLike],
                 missing_tag: str, changed: np.ndarray, report: WriteReport) -> list[str]:
    """The line of each token; counts in ``report`` the token columns with no slot."""
    n = corpus.n_tokens
    cols: list[np.ndarray] = []
    for slot in slots:
        if slot == "_id":
            cols.append(np.char.mod("%d", corpus.positions() + 1).astype(object)
                        if n else np.empty(0, dtype=object))
            continue
        if slot is None:
            cols.append(_strings(corpus, None, missing="_", what=""))
            continue
        col = _strings(corpus, sources.get(slot, slot),
                       missing="_" if slot in _PLAIN_SLOTS else missing_tag,
                       what="heads" if slot == "head" else f"the {slot} column")
        if slot == "deps" and changed.any():
            stale = np.repeat(changed, corpus.lengths) & (col != "_")
            if stale.any():
                col[stale] = "_"
                report.left_out["DEPS of changed sentences (tokens)"] += int(stale.sum())
        _check_field(col, slot)
        cols.append(col)
    lines = ["\t".join(row) for row in zip(*(c.tolist() for c in cols), strict=True)] if n else []
    del cols
    written = {src for src in (sources.get(s, s) for s in slots if s is not None)
               if isinstance(src, str)}
    for name, col in corpus.tokens.items():
        if name in written or name in slots:
            continue
        n_values = int(np.count_nonzero(col.values >= 0))
        if n_values:
            report.left_out[f"token column {name!r} (no place in {report.format}), values"] += \
                n_values
    return lines


def _write_kept(write, lines: list[str], kept: list[tuple[int, str]], comments: bool,
                token_lines: bool, changed: bool, left: Counter) -> None:
    """Write a sentence with its kept lines in place (those the output can hold)."""
    pending = []
    for pos, text in kept:
        is_comment = text.startswith("#")
        if is_comment and not comments:
            left["comment lines"] += 1
            continue
        if not is_comment:
            if not token_lines:
                left["multiword/empty-node lines (format cannot hold them)"] += 1
                continue
            if changed:
                left["multiword/empty-node lines of changed sentences"] += 1
                continue
        pending.append((pos, text))
    j = 0
    for t, line in enumerate(lines):
        while j < len(pending) and pending[j][0] <= t:
            write(pending[j][1] + "\n")
            j += 1
        write(line + "\n")
    for _, text in pending[j:]:
        write(text + "\n")
    write("\n")


def _sources(columns, tags_slot, tags_column, heads_column) -> dict:
    sources = {**(columns or {}), tags_slot: tags_column, "head": heads_column}
    if heads_column is None:
        sources.setdefault("deprel", None)
        sources.setdefault("deps", None)
    return sources


def write_conllu(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "upos", heads_column: ColumnLike = "head",
                 tags_slot: str = "upos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = True, layout: bool = True
                 ) -> WriteReport:
    """Write a corpus as CoNLL-U (``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``).

    UPOS comes from the ``upos`` column, or from ``cpos`` when the corpus has
    no ``upos`` (a CHAT or CoNLL-X corpus: the coarse tags, e.g. ``%mor``'s
    parts of speech, are the tag set a measure picks, and reading the file
    back picks them again; see :func:`~induceval.corpus.transforms.punct.detect_gold_scheme`).

    Parameters
    ----------
    corpus
        The corpus written.
    path_or_file
        A path, or an open text file.
    tags_column
        What goes into ``tags_slot`` (``"upos"`` or ``"xpos"``; default: the
        corpus's ``upos``): a token column name, a Column, or an array aligned
        with the tokens (strings, or integer cluster ids written as numbers,
        ``-1`` as ``missing_tag``).
    heads_column
        What goes into HEAD: a column name (e.g. ``"head@xgrt"``), an int
        array (``-1`` as ``_``), or ``None``: no heads (HEAD, DEPREL and DEPS written ``_``,
        e.g. for tag predictions, which must not carry gold trees).
    columns
        Other slots' sources (``form``, ``lemma``, ``upos``, ``xpos``,
        ``feats``, ``deprel``, ``deps``, ``misc``), by default the columns of
        the same name.
    missing_tag, comments, layout
        As in :func:`write_tabular` (comments, layout: see the module docstring).

    Returns
    -------
    WriteReport
        Sentences and tokens written; what was left out (e.g. empty sentences).

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["Hi"], "upos": ["INTJ"], "head": [0]})
    >>> out = io.StringIO(); report = write_conllu(b.build(), out, comments=False)
    >>> out.getvalue().split("\\t")[:4], report.tokens
    (['1', 'Hi', '_', 'INTJ'], 1)
    """
    check_choice("tags_slot", tags_slot, ("upos", "xpos"))
    sources = dict(columns or {})
    if "upos" not in corpus.tokens and "cpos" in corpus.tokens:
        if tags_slot == "upos" and isinstance(tags_column, str) and tags_column == "upos":
            tags_column = "cpos"
        elif tags_slot != "upos":
            sources.setdefault("upos", "cpos")
    return write_tabular(corpus, path_or_file, CONLLU_SLOTS,
                         sources=_sources(sources, tags_slot, tags_column, heads_column),
                         missing_tag=missing_tag, comments=comments, format="conllu",
                         layout=layout)


def write_conllx(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "cpos", heads_column: ColumnLike = "head",
                 tags_slot: str = "cpos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = True, layout: bool = True
                 ) -> WriteReport:
    """Write a corpus as CoNLL-X (``ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL PHEAD PDEPREL``).

    CPOSTAG comes from the ``cpos`` column, or from ``upos`` when the corpus
    has no ``cpos`` (a UD corpus); POSTAG from ``xpos``.  ``tags_slot`` is
    ``"cpos"`` or ``"xpos"``; other parameters as :func:`write_conllu`.
    CoNLL-X has no multiword-token or empty-node lines: those kept from a
    CoNLL-U source are left out and counted.

    Parameters
    ----------
    corpus
        The corpus written.
    path_or_file
        A path, or an open text file.
    tags_column, heads_column, columns
        The tag slot's, HEAD's and other slots' sources, as in :func:`write_conllu`.
    tags_slot
        The slot ``tags_column`` fills.
    missing_tag, comments, layout
        As in :func:`write_tabular`.

    Returns
    -------
    WriteReport
        Sentences and tokens written; what was left out.

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["Hi"], "upos": ["INTJ"], "head": [0]})
    >>> out = io.StringIO(); _ = write_conllx(b.build(), out, comments=False)
    >>> out.getvalue().split("\\t")
    ['1', 'Hi', '_', 'INTJ', '_', '_', '0', '_', '_', '_\\n\\n']
    """
    check_choice("tags_slot", tags_slot, ("cpos", "xpos"))
    if tags_slot == "cpos" and isinstance(tags_column, str) and tags_column == "cpos" \
            and "cpos" not in corpus.tokens:
        tags_column = "upos"
    sources = dict(columns or {})
    if tags_slot != "cpos" and "cpos" not in sources and "cpos" not in corpus.tokens:
        sources["cpos"] = "upos"
    return write_tabular(corpus, path_or_file, CONLLX_SLOTS,
                         sources=_sources(sources, tags_slot, tags_column, heads_column),
                         missing_tag=missing_tag, comments=comments, token_lines=False,
                         format="conllx", layout=layout)


def write_pascal(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "upos", heads_column: ColumnLike = "head",
                 tags_slot: str = "upos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = False, layout: bool = True
                 ) -> WriteReport:
    """Write a corpus in the PASCAL 2012 9-column format.

    ``ID FORM LEMMA CPOSTAG POSTAG UPOSTAG FEATS HEAD DEPREL`` (Gelling et al.
    2012, §2.1).  ``tags_slot`` is ``"upos"``, ``"cpos"`` or ``"xpos"``; other
    parameters as :func:`write_conllu`.  Comments are off by default (the
    challenge files have none; the reader accepts them): the sentence's own
    comment lines are then left out and counted.

    Parameters
    ----------
    corpus
        The corpus written.
    path_or_file
        A path, or an open text file.
    tags_column, heads_column, columns
        The tag slot's, HEAD's and other slots' sources, as in :func:`write_conllu`.
    tags_slot
        The slot ``tags_column`` fills.
    missing_tag, comments, layout
        As in :func:`write_tabular` (``comments`` off by default).

    Returns
    -------
    WriteReport
        Sentences and tokens written; what was left out.

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["Hi"], "cpos": ["UH"], "head": [0]})
    >>> out = io.StringIO(); _ = write_pascal(b.build(), out); out.getvalue().split("\\t")
    ['1', 'Hi', '_', 'UH', '_', '_', '_', '0', '_\\n\\n']
    """
    check_choice("tags_slot", tags_slot, ("upos", "cpos", "xpos"))
    return write_tabular(corpus, path_or_file, PASCAL_SLOTS,
                         sources=_sources(columns, tags_slot, tags_column, heads_column),
                         missing_tag=missing_tag, comments=comments, token_lines=False,
                         format="pascal", layout=layout)


def write_corpus(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], format: str,
                 **options) -> WriteReport:
    """Write with the writer of ``format`` (``conllu``, ``conllx`` or ``pascal``).

    Parameters
    ----------
    corpus
        The corpus to write.
    path_or_file
        A path (written whole or not at all) or an open text file.
    format
        ``conllu``, ``conllx`` or ``pascal``.
    **options
        Those of the format's writer (:func:`write_conllu`, :func:`write_conllx`,
        :func:`write_pascal`).

    Returns
    -------
    WriteReport
        What was written, and under ``left_out`` what was not and why.

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a"]}); b.add_sentence({"form": []})
    >>> rep = write_corpus(b.build(), io.StringIO(), "conllu"); rep.sentences, dict(rep.left_out)
    (1, {'empty sentences': 1})
    """
    writers = {"conllu": write_conllu, "conllx": write_conllx, "pascal": write_pascal}
    check_choice("format", format, tuple(writers))
    return writers[format](corpus, path_or_file, **options)


# -- tag predictions ----------------------------------------------------------------------

#: the tag of a token whose word a clustering left out
UNCLUSTERED = "UNCLUSTERED"

#: output formats of tag predictions (the -o ending decides; PASCAL on stdout)
TAG_FORMATS = ("conllu", "conllx", "pascal", "tsv")

#: tag slots the clusters go into, per format
_TAG_SLOTS = {"conllu": ("upos", "xpos"), "conllx": ("cpos", "xpos"),
              "pascal": ("cpos", "xpos", "upos")}

#: sentences per block of the fast PASCAL writer
_FAST_BLOCK = 1 << 14


class TagPrediction(Protocol):
    """What the tag writers read of an induction result
    (:class:`~induceval.models.categories.result.TagInduction` has it).

    ``tags``: the cluster id of each token (``-1``: unclustered);
    ``type_clusters``: word -> cluster id (``None``: unclustered);
    ``n_labels``: one more than the largest cluster id.
    """

    tags: np.ndarray
    type_clusters: Mapping[str, int | None]

    @property
    def n_labels(self) -> int:
        """One more than the largest cluster id."""


def write_type_clusters(path: str | os.PathLike, clusters: Mapping[str, object]) -> None:
    """Write ``{word: cluster or set of clusters}`` as ``word<TAB>cluster`` lines, sorted.

    A word without a cluster (``None`` or empty) is written as ``UNCLUSTERED``;
    one with several clusters gets one line each.

    Parameters
    ----------
    path
        The file written.
    clusters
        ``{word: cluster or set of clusters}`` (``None`` or empty: unclustered).

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "clusters.tsv")
    >>> write_type_clusters(p, {"run": {"1", "3"}, "dog": 3, "xyz": None})
    >>> print(open(p).read().replace("\\t", " "), end="")
    dog 3
    run 1
    run 3
    xyz UNCLUSTERED
    """
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        for word in sorted(clusters):
            value = clusters[word]
            vals = sorted(map(str, value)) if isinstance(value, (set, frozenset, list, tuple)) \
                else ([] if value is None else [str(value)])
            if not vals:
                vals = [UNCLUSTERED]
            for v in vals:
                fh.write(f"{word}\t{v}\n")


def word_cluster_tags(corpus: Corpus, type_clusters: Mapping[str, int | None],
                      column: str = "form") -> np.ndarray:
    """The tag of every token of ``corpus``: its word's cluster (``-1``: none).

    Parameters
    ----------
    corpus
        The tokens to tag.
    type_clusters
        Word -> cluster id (``None``, or a word not in it: unclustered).
    column
        The token column holding the words (a column the corpus lacks: every
        token unclustered).

    Returns
    -------
    numpy.ndarray
        ``int32`` cluster ids aligned with the tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["b", "z", "a"]})
    >>> word_cluster_tags(b.build(), {"a": 0, "b": 1}).tolist()
    [1, -1, 0]
    """
    from induceval.corpus._counts import gather

    col = corpus.tokens.get(column)
    if col is None:
        return np.full(corpus.n_tokens, -1, dtype=np.int32)
    if col.vocab is None:
        raise ParameterError(f"column {column!r} is numeric; tag_tokens needs words")
    table = np.full(len(col.vocab.items) + 1, -1, dtype=np.int64)
    for i, w in enumerate(col.vocab.items):
        cl = type_clusters.get(w)
        if cl is not None:
            table[i + 1] = cl
    return gather(table, col.values)


def write_predictions(corpus: Corpus, result: TagPrediction,
                      path: str | os.PathLike | IO[str], fmt: str | None = None
                      ) -> WriteReport | None:
    """Write the induced tags of ``corpus`` to ``path`` (a path or open text file) in ``fmt``.

    Parameters
    ----------
    corpus
        The corpus the tags are of.
    result
        The induction result (:class:`TagPrediction`: its ``tags``,
        ``type_clusters`` and ``n_labels``).
    path
        A path or an open text file.
    fmt
        One of :data:`TAG_FORMATS`; default: the ending of ``path`` (another
        ending is an error).  ``conllu``/``conllx``/``pascal``: the corpus
        with the cluster (``UNCLUSTERED`` for tokens the model left out) in
        every tag column (UPOS, XPOS; CPOSTAG, POSTAG and PASCAL's UPOSTAG) and
        HEAD, DEPREL (DEPS, PHEAD, PDEPREL) ``_``: a tag prediction never
        carries the gold trees.  ``tsv``: the ``word<TAB>cluster`` type list.

    Returns
    -------
    WriteReport or None
        What was written (``None`` for ``tsv``).

    Example
    -------
    >>> import io
    >>> from types import SimpleNamespace
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["the", "dog"]})
    >>> r = SimpleNamespace(tags=np.array([0, -1]), type_clusters={"the": 0, "dog": None},
    ...                     n_labels=1)
    >>> out = io.StringIO(); _ = write_predictions(b.build(), r, out, "pascal")
    >>> print(out.getvalue().replace("\\t", " "), end="")
    1 the _ 0 0 0 _ _ _
    2 dog _ UNCLUSTERED UNCLUSTERED UNCLUSTERED _ _ _
    <BLANKLINE>
    """
    return _write_tags(corpus, result.tags, result.n_labels, result.type_clusters, path, fmt)


def _write_tags(corpus: Corpus, tags: np.ndarray, n_labels: int,
                type_clusters: Mapping[str, int | None], path, fmt: str | None = None,
                *, append: bool = False) -> WriteReport | None:
    """:func:`write_predictions` of the token ``tags`` (``append``: add to the end of the
    file at ``path``, PASCAL only, else ``None``)."""
    fmt = output_format(path, fmt, allowed=TAG_FORMATS)
    n = max(int(n_labels), int(np.max(tags, initial=-1)) + 1)
    if append:
        return _fast_pascal(corpus, tags, n, path, append=True)
    if fmt == "tsv":
        write_type_clusters(path, dict(type_clusters))
        return None
    if fmt == "pascal":
        fast = _fast_pascal(corpus, tags, n, path)
        if fast is not None:
            return fast
    from induceval.corpus.model import Vocabulary

    vocab = Vocabulary([str(i) for i in range(n)] + [UNCLUSTERED])
    codes = np.where(tags >= 0, tags, n).astype(np.int32)
    col = Column(codes, vocab)
    slots = _TAG_SLOTS[fmt]
    columns: dict[str, ColumnLike] = {slot: col for slot in slots[1:]}
    columns.update(phead=None, pdeprel=None)
    # (no layout: predictions written file by file are joined into one)
    return write_corpus(corpus, path, fmt, tags_column=col, tags_slot=slots[0],
                        heads_column=None, columns=columns, layout=False)


def _fast_pascal(corpus: Corpus, tags: np.ndarray, n_labels: int, path, *,
                 append: bool = False) -> WriteReport | None:
    """PASCAL predictions of a plain-text corpus written to a path, streamed; else ``None``.

    The general writer's bytes, built by a numba kernel a block of sentences at
    a time: no Python string per token, no whole file in memory (a 100M-token
    text cannot afford them).  ``append`` adds to the file's end.
    """
    if not isinstance(path, (str, os.PathLike)) or set(corpus.tokens) != {"form"}:
        return None
    if LINES_COLUMN in corpus.sentences or corpus.tokens["form"].vocab is None:
        return None
    items = corpus.tokens["form"].vocab.items
    if any(("\t" in w or "\n" in w or "\r" in w) for w in items):
        return None  # the general writer reports the offending value
    from induceval.corpus._fast_pascal import fill_pascal

    def table(strings):
        data = [s.encode("utf-8") for s in strings]
        off = np.zeros(len(data) + 1, dtype=np.int64)
        np.cumsum([len(d) for d in data], out=off[1:])
        return np.frombuffer(b"".join(data), dtype=np.uint8), off

    form_bytes, form_off = table(["_"] + list(items))
    labels = [UNCLUSTERED] + [str(i) for i in range(n_labels)]
    tag_bytes, tag_off = table([f"\t_\t{t}\t{t}\t{t}\t_\t_\t_\n" for t in labels])
    forms = corpus.tokens["form"].values
    tags = np.asarray(tags, dtype=np.int32)
    offsets = corpus.offsets.astype(np.int64)
    lengths = np.diff(offsets)
    report = WriteReport("pascal")
    empty = int(np.count_nonzero(lengths == 0))
    if empty:
        report.left_out["empty sentences"] += empty
    report.sentences = int(len(lengths) - empty)
    report.tokens = int(corpus.n_tokens)
    with contextlib.ExitStack() as stack:
        # a new file appears whole; an append adds to a temporary file of the caller's
        target = path if append else stack.enter_context(atomic_path(path))
        fh = stack.enter_context(open(target, "ab" if append else "wb"))
        for s0 in range(0, corpus.n_sentences, _FAST_BLOCK):
            s1 = min(s0 + _FAST_BLOCK, corpus.n_sentences)
            fh.write(fill_pascal(forms, form_bytes, form_off, tags, tag_bytes, tag_off,
                                 offsets, s0, s1))
    return report


def write_predictions_over_files(files: Sequence[str | os.PathLike], result: TagPrediction,
                                 path: str | os.PathLike | IO[str], fmt: str, *,
                                 input_format: str, on_error: str = "fail",
                                 column: str = "form") -> WriteReport | None:
    """Write the induced tags of the corpus of ``files`` by reading them again, one at a time.

    Each file is read as among the others (``auto``: the first file's format),
    tagged with its words' clusters (:func:`word_cluster_tags`, the tags
    Brown and exchange clustering give the corpus they were trained on) and
    added to ``path``: the bytes of :func:`write_predictions` on the files
    read as one corpus, without the corpus in memory.

    Parameters
    ----------
    files
        The corpus files, in corpus order.
    result
        The induction result (:class:`TagPrediction`; its ``type_clusters``
        tag the words).
    path, fmt
        As in :func:`write_predictions` (``fmt`` required).
    input_format, on_error
        How the files are read (:func:`~induceval.corpus.readers.read_parts`).
    column
        The token column holding the words.

    Returns
    -------
    WriteReport or None
        The reports of the files summed (``None`` for ``tsv``).

    Example
    -------
    >>> import io, os, tempfile
    >>> from induceval.corpus.readers import read_corpus
    >>> from induceval.models.categories import induce_tags
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.txt", "the dog runs\\n"), ("b.txt", "a cat runs\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> files = [os.path.join(d, n) for n in ("a.txt", "b.txt")]
    >>> r = induce_tags(read_corpus(files), "exchange", 2)
    >>> out = io.StringIO()
    >>> write_predictions_over_files(files, r, out, "pascal", input_format="plain").sentences
    2
    >>> whole = io.StringIO(); _ = write_predictions(read_corpus(files), r, whole, "pascal")
    >>> out.getvalue() == whole.getvalue()
    True
    """
    with contextlib.ExitStack() as stack:
        if isinstance(path, (str, os.PathLike)):   # the parts go to a temporary file
            path = stack.enter_context(atomic_path(path))
        return _write_parts(files, result.type_clusters, result.n_labels, path, fmt,
                            input_format=input_format, on_error=on_error, column=column,
                            documents=_documents(files))[0]


def _documents(files) -> dict[str, str]:
    """The document names the files get when read together (``read_corpus``: files named
    alike in several folders are named by their path), for files read one at a time."""
    from induceval.corpus.readers._documents import relative_names

    return {str(f): name for f, name in relative_names([Path(f) for f in files]).items()}


def _write_parts(files, type_clusters, n_labels: int, path, fmt: str, *, input_format: str,
                 on_error: str = "fail", column: str = "form", documents=None):
    """:func:`write_predictions_over_files`, with the ``(head, last, any)`` of
    :func:`_newdoc_ends` over all it wrote: ``(report, head, last, any)``."""
    from induceval.corpus.readers import detect_format
    from induceval.corpus.readers._documents import renamed

    if fmt == "tsv":
        write_type_clusters(path, dict(type_clusters))
        return None, None, None, False
    files = [str(f) for f in files]
    if input_format == "auto" and files:
        input_format = detect_format(files[0])
    is_path = isinstance(path, (str, os.PathLike))
    if is_path:
        open(path, "wb").close()
    total = WriteReport(fmt)
    document = None   # the document of the last sentence written (for "# newdoc id")
    first_head, seen = None, False
    for f, part in _file_parts(files, input_format, on_error):
        if documents and f in documents:
            part = renamed(part, {os.path.splitext(os.path.basename(f))[0]: documents[f]})
        tags = word_cluster_tags(part, type_clusters, column)
        report = _write_tags(part, tags, n_labels, type_clusters, path, fmt, append=True) if (
            is_path and fmt == "pascal") else None
        if report is None:
            text = io.StringIO()
            report = _write_tags(part, tags, n_labels, type_clusters, text, fmt)
            text = text.getvalue()
            if fmt != "pascal":   # comments: "# newdoc id" as the files read together have it
                head, last, any_ = _newdoc_ends(part)
                if any_ and not seen:
                    first_head, seen = head, True
                text = _without_repeated_newdoc(text, head, document)
                if any_:
                    document = last
            if is_path:
                with open(path, "a", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            else:
                path.write(text)
        del part, tags
        _add_report(total, report)
    return total, first_head, document, seen


def _file_parts(files, input_format: str, on_error: str):
    """``(file, part)`` for each part of each file (plain text: whole sentences at a time,
    :func:`~induceval.corpus.readers.read_parts`), the part let go before the next is read."""
    from induceval.corpus.readers import read_parts

    for f in files:
        for part in read_parts(f, format=input_format, on_error=on_error):
            yield f, part
            del part   # (else alive while the next part is read: two parts at a time)


def _add_report(total: WriteReport, report: WriteReport) -> None:
    total.sentences += report.sentences
    total.tokens += report.tokens
    total.left_out.update(report.left_out)


def _without_repeated_newdoc(text, head, document):
    """``text`` (str or bytes) without its first line when it is ``# newdoc id = document``."""
    if head is None or document is None or head != document:
        return text
    line = f"# newdoc id = {document}\n"
    if isinstance(text, bytes):
        line = line.encode("utf-8")
    return text[len(line):] if text.startswith(line) else text


def _newdoc_ends(part: Corpus):
    """The documents at both ends of ``part`` for the ``# newdoc id`` lines: ``(head, last, any)``.

    The writers generate ``# newdoc id = D`` before a sentence without kept
    comment lines whose document ``D`` differs from the previous sentence's
    (an empty sentence counts unless it has kept lines).  A file written
    alone starts from no document; read among others, from the document the
    file before ends on: when both are ``D``, its first line is not written.
    ``head``: the document of the first sentence that counts when it gets a
    generated line (else ``None``); ``last``: that of the last; ``any``:
    whether a sentence counts.
    """
    n = part.n_sentences
    if n == 0:
        return None, None, False
    lengths = part.lengths
    kept = part.sentences.get(LINES_COLUMN)
    has_kept = (kept.values >= 0) if kept is not None else np.zeros(n, dtype=bool)
    counted = np.flatnonzero(~((lengths == 0) & has_kept))
    if len(counted) == 0:
        return None, None, False
    docs = _sentence_strings(part, "document")
    i0 = int(counted[0])
    head = docs[i0] if lengths[i0] > 0 and not has_kept[i0] else None
    return head, docs[int(counted[-1])], True


def _group_predictions(files, clusters, *, n_clusters, fmt, input_format, on_error, column,
                       documents=None):
    """On a worker: the predictions of consecutive files, as compressed bytes, with their
    document ends."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix="induceval-tags-", suffix=f".{fmt}")
    os.close(fd)
    try:
        report, head, last, any_ = _write_parts(files, clusters, n_clusters, tmp, fmt,
                                                input_format=input_format, on_error=on_error,
                                                column=column, documents=documents)
        data = zlib.compress(Path(tmp).read_bytes(), 1)   # tagged text compresses well
    finally:
        os.unlink(tmp)
    return data, report, head, last, any_


def write_predictions_on_dask(client, groups: Sequence[Sequence[str]], result: TagPrediction,
                              path: str | os.PathLike | IO[str], fmt: str, *,
                              input_format: str, on_error: str = "fail", column: str = "form",
                              window: int = 0) -> WriteReport | None:
    """:func:`write_predictions_over_files` with each group of files tagged on a worker.

    Parameters
    ----------
    client
        A ``distributed.Client``, or any executor of
        :func:`induceval.parallel.imap`: its workers tag the ``groups`` and
        send the bytes back.
    groups
        Lists of paths, consecutive in corpus order.
    result, path, fmt, input_format, on_error, column
        As in :func:`write_predictions_over_files`.
    window
        Compressed groups held here at most (default: twice the workers); a
        ``# newdoc id`` line a group repeats from the one before is dropped.

    Returns
    -------
    WriteReport or None
        The groups' reports summed (``None`` for ``tsv``).

    Example
    -------
    Here ``"local"``, an executor of one process, stands for a cluster:

    >>> import io, os, tempfile
    >>> from induceval.corpus.readers import read_corpus
    >>> from induceval.models.categories import induce_tags
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.txt", "the dog runs\\n"), ("b.txt", "a cat runs\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> files = [os.path.join(d, n) for n in ("a.txt", "b.txt")]
    >>> r = induce_tags(read_corpus(files), "exchange", 2)
    >>> out, whole = io.StringIO(), io.StringIO()
    >>> rep = write_predictions_on_dask("local", [[f] for f in files], r, out, "pascal",
    ...                                 input_format="plain")
    >>> _ = write_predictions(read_corpus(files), r, whole, "pascal")
    >>> rep.sentences, out.getvalue() == whole.getvalue()
    (2, True)
    """
    from functools import partial

    from induceval.parallel import imap

    if fmt == "tsv":
        return write_predictions_over_files([], result, path, fmt, input_format=input_format)
    fn = partial(_group_predictions, n_clusters=result.n_labels, fmt=fmt,
                 input_format=input_format, on_error=on_error, column=column,
                 documents=_documents([f for group in groups for f in group]))
    parts = imap(fn, groups, executor=client, window=window or None, name="tag-files",
                 shared={"clusters": dict(result.type_clusters)})
    total = WriteReport(fmt)
    document = None
    with contextlib.closing(parts), contextlib.ExitStack() as stack:
        out = (stack.enter_context(open(stack.enter_context(atomic_path(path)), "wb"))
               if isinstance(path, (str, os.PathLike)) else None)
        for data, report, head, last, any_ in parts:
            data = _without_repeated_newdoc(zlib.decompress(data), head, document)
            if any_:
                document = last
            if out is not None:
                out.write(data)
            else:
                path.write(data.decode("utf-8"))
            _add_report(total, report)
    return total
