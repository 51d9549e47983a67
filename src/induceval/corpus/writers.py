"""Writers for CoNLL-U, CoNLL-X and the PASCAL 2012 format, with predicted tags or heads.

Lossless
--------
What the tabular readers read, the writers write back: every token column
and, from the sentence column ``_lines``
(:data:`~induceval.corpus.readers._tabular.LINES_COLUMN`), every comment,
multiword-token range line (``18-19``) and empty node (``8.1``) in its
place.  A CoNLL-U file read and written back is byte-identical to the input
up to these normalisations:

- line ends are ``\\n`` (a ``\\r\\n`` file is written with ``\\n``) and a
  UTF-8 byte-order mark is not written;
- every sentence is followed by exactly one blank line (so the file ends
  with ``\\n\\n``; several blank lines, or whitespace-only lines, between
  sentences become one);
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

import io
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import numpy as np

from induceval.atomic import atomic_path
from induceval.corpus.model import Column, Corpus
from induceval.corpus.readers._tabular import LINES_COLUMN, decode_lines
from induceval.errors import InducevalError, ParameterError, check_choice

__all__ = ["write_conllu", "write_conllx", "write_pascal", "write_tabular", "write_corpus",
           "WriteReport", "OUTPUT_FORMATS", "output_format"]

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


@contextmanager
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
                  token_lines: bool = True, format: str = "tabular") -> WriteReport:
    """Write ``corpus`` with one token a line in the given slot layout.

    Parameters
    ----------
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
        fh.write(buf.getvalue())
    return report


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
                 missing_tag: str = "_", comments: bool = True) -> WriteReport:
    """Write a corpus as CoNLL-U (``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``).

    UPOS comes from the ``upos`` column, or from ``cpos`` when the corpus has
    no ``upos`` (a CHAT or CoNLL-X corpus: the coarse tags, e.g. ``%mor``'s
    parts of speech, are the tag set a measure picks, and reading the file
    back picks them again; see :func:`~induceval.corpus.transforms.punct.detect_gold_scheme`).

    Parameters
    ----------
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
    missing_tag, comments
        As in :func:`write_tabular` (comments: see the module docstring).

    Returns
    -------
    WriteReport
        Sentences and tokens written; what was left out (e.g. empty sentences).
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
                         missing_tag=missing_tag, comments=comments, format="conllu")


def write_conllx(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "cpos", heads_column: ColumnLike = "head",
                 tags_slot: str = "cpos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = True) -> WriteReport:
    """Write a corpus as CoNLL-X (``ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL PHEAD PDEPREL``).

    CPOSTAG comes from the ``cpos`` column, or from ``upos`` when the corpus
    has no ``cpos`` (a UD corpus); POSTAG from ``xpos``.  ``tags_slot`` is
    ``"cpos"`` or ``"xpos"``; other parameters as :func:`write_conllu`.
    CoNLL-X has no multiword-token or empty-node lines: those kept from a
    CoNLL-U source are left out and counted.

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
                         format="conllx")


def write_pascal(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "upos", heads_column: ColumnLike = "head",
                 tags_slot: str = "upos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = False) -> WriteReport:
    """Write a corpus in the PASCAL 2012 9-column format.

    ``ID FORM LEMMA CPOSTAG POSTAG UPOSTAG FEATS HEAD DEPREL`` (Gelling et al.
    2012, §2.1).  ``tags_slot`` is ``"upos"``, ``"cpos"`` or ``"xpos"``; other
    parameters as :func:`write_conllu`.  Comments are off by default (the
    challenge files have none; the reader accepts them): the sentence's own
    comment lines are then left out and counted.

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
                         format="pascal")


def write_corpus(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], format: str,
                 **options) -> WriteReport:
    """Write with the writer of ``format`` (``conllu``, ``conllx`` or ``pascal``).

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
