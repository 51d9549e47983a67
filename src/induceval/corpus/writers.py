"""Writers for CoNLL-U and the PASCAL 2012 format, with predicted tags or heads.

Writing a corpus and reading it back gives the same annotation for every
column the readers keep (form, lemma, tags, head, deprel, ``sent_id``,
``document``).  Missing values (``-1``) are written as ``_``.  FEATS, DEPS
and MISC are not stored and are written as ``_``.

Predictions go into a slot with ``tags_column`` (a token column name, a
:class:`~induceval.corpus.model.Column`, or an array aligned with the tokens:
strings, or integer cluster ids written as numbers with ``-1`` -> ``missing_tag``)
and ``heads_column`` (a column name or an integer array, ``-1`` -> ``_``).

Example
-------
>>> import io, numpy as np
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder(); b.add_sentence({"form": ["Dogs", "bark"], "upos": ["NOUN", "VERB"],
...                                     "head": [2, 0]}, {"sent_id": "s1"})
>>> out = io.StringIO(); write_conllu(b.build(), out, tags_column=np.array([3, -1]))
>>> print(out.getvalue().replace("\\t", " "), end="")
# sent_id = s1
1 Dogs _ 3 _ _ 2 _ _ _
2 bark _ _ _ _ 0 _ _ _
<BLANKLINE>
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from typing import IO

import numpy as np

from induceval.corpus.model import Column, Corpus
from induceval.errors import InducevalError, check_choice

__all__ = ["write_conllu", "write_pascal", "write_tabular"]

ColumnLike = str | Column | np.ndarray | Sequence | None

#: Slot layouts: slot names in file order (``_id`` = token number, ``None`` = always ``_``).
CONLLU_SLOTS = ("_id", "form", "lemma", "upos", "xpos", None, "head", "deprel", None, None)
PASCAL_SLOTS = ("_id", "form", "lemma", "cpos", "xpos", "upos", None, "head", "deprel")


def _strings(corpus: Corpus, source: ColumnLike, *, missing: str, what: str) -> np.ndarray:
    """One object array of strings for a slot (``missing`` where the value is missing)."""
    n = corpus.n_tokens
    out = np.empty(n, dtype=object)
    if source is None:
        out[:] = missing
        return out
    if isinstance(source, str):
        if source not in corpus.tokens:
            out[:] = missing
            return out
        source = corpus.tokens[source]
    if isinstance(source, Column):
        if source.vocab is not None:
            table = np.append(source.vocab.to_array(), missing)
            return table[source.values]
        source = source.values
    arr = np.asarray(source)
    if arr.shape != (n,):
        raise InducevalError(f"{what} has {arr.size} values for {n} tokens")
    if arr.dtype.kind in "iu":
        vals = arr.astype(np.int64)
        out[:] = [str(v) if v >= 0 else missing for v in vals.tolist()]
        return out
    out[:] = [missing if v is None else str(v) for v in arr.tolist()]
    return out


@contextmanager
def _open(path_or_file: str | os.PathLike | IO[str]):
    if isinstance(path_or_file, (str, os.PathLike)):
        with open(path_or_file, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
    else:
        yield path_or_file


def _check_field(values: np.ndarray, slot: str) -> None:
    for v in values.tolist():
        if "\t" in v or "\n" in v or "\r" in v:
            raise InducevalError(f"cannot write {slot} value {v!r}: it contains a tab or newline")


def write_tabular(corpus: Corpus, path_or_file: str | os.PathLike | IO[str],
                  slots: Sequence[str | None], *, sources: Mapping[str, ColumnLike],
                  missing_tag: str = "_", comments: bool = True) -> None:
    """Write ``corpus`` with one token a line in the given slot layout.

    Parameters
    ----------
    slots
        Slot names in file order (see :data:`CONLLU_SLOTS`).
    sources
        Slot name -> where its values come from (column name, Column, array).
    missing_tag
        What a missing value is written as in tag slots (``_`` by default;
        e.g. ``"UNCLUSTERED"`` for unclustered tokens of a predicted tagging).
    comments
        Write ``# newdoc id`` (when the ``document`` changes) and
        ``# sent_id`` comments.
    """
    n = corpus.n_tokens
    cols: list[np.ndarray] = []
    for slot in slots:
        if slot == "_id":
            cols.append(np.char.mod("%d", corpus.positions() + 1).astype(object)
                        if n else np.empty(0, dtype=object))
        elif slot is None:
            col = np.empty(n, dtype=object)
            col[:] = "_"
            cols.append(col)
        else:
            src = sources.get(slot, slot)
            miss = "_" if slot in ("form", "lemma", "head", "deprel") else missing_tag
            if slot == "head":
                col = _strings(corpus, src, missing="_", what="heads")
            else:
                col = _strings(corpus, src, missing=miss, what=f"the {slot} column")
            _check_field(col, slot)
            cols.append(col)
    lines = ["\t".join(row) for row in zip(*(c.tolist() for c in cols), strict=True)] if n else []

    def meta(name: str) -> list:
        col = corpus.sentences.get(name)
        if col is None or col.vocab is None:
            return [None] * corpus.n_sentences
        return col.vocab.decode(col.values.tolist())

    sent_ids = meta("sent_id")
    docs = meta("document")
    buf = io.StringIO()
    off = corpus.offsets.tolist()
    prev_doc = None
    for i in range(corpus.n_sentences):
        if comments:
            doc = docs[i]
            if doc is not None and doc != prev_doc:
                buf.write(f"# newdoc id = {doc}\n")
            prev_doc = doc
            if sent_ids[i] is not None:
                buf.write(f"# sent_id = {sent_ids[i]}\n")
        if off[i + 1] > off[i]:
            buf.write("\n".join(lines[off[i]:off[i + 1]]))
            buf.write("\n\n")
        elif comments:
            buf.write("\n")
    with _open(path_or_file) as fh:
        fh.write(buf.getvalue())


def write_conllu(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "upos", heads_column: ColumnLike = "head",
                 tags_slot: str = "upos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = True) -> None:
    """Write a corpus as CoNLL-U (``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``).

    Parameters
    ----------
    corpus
        The corpus.
    path_or_file
        A path or an open text file.
    tags_column
        What goes into ``tags_slot`` (default: the corpus's ``upos``): a token
        column name, a Column, or an array aligned with the tokens (e.g. the
        ``tags`` of a tag induction).
    heads_column
        What goes into HEAD: a column name (e.g. ``"head@xgrt"``) or an int array.
    tags_slot
        ``"upos"`` or ``"xpos"``.
    columns
        Other slots' sources (``form``, ``lemma``, ``upos``, ``xpos``,
        ``deprel``), by default the columns of the same name.
    missing_tag
        How a missing tag is written (``_``; ``"UNCLUSTERED"`` for predictions).
    comments
        Write ``# newdoc id`` and ``# sent_id`` comments.

    Empty sentences are written as their comments only (they cannot be
    represented in CoNLL-U).
    """
    check_choice("tags_slot", tags_slot, ("upos", "xpos"))
    sources = dict(columns or {})
    sources[tags_slot] = tags_column
    sources["head"] = heads_column
    write_tabular(corpus, path_or_file, CONLLU_SLOTS, sources=sources, missing_tag=missing_tag,
                  comments=comments)


def write_pascal(corpus: Corpus, path_or_file: str | os.PathLike | IO[str], *,
                 tags_column: ColumnLike = "upos", heads_column: ColumnLike = "head",
                 tags_slot: str = "upos", columns: Mapping[str, ColumnLike] | None = None,
                 missing_tag: str = "_", comments: bool = False) -> None:
    """Write a corpus in the PASCAL 2012 9-column format.

    ``ID FORM LEMMA CPOSTAG POSTAG UPOSTAG FEATS HEAD DEPREL`` (Gelling et al.
    2012, §2.1).  ``tags_slot`` is ``"upos"``, ``"cpos"`` or ``"xpos"``; other
    parameters as :func:`write_conllu`.  Comments are off by default (the
    challenge files have none; the reader accepts them).

    Example
    -------
    >>> import io
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["Hi"], "cpos": ["UH"], "head": [0]})
    >>> out = io.StringIO(); write_pascal(b.build(), out); out.getvalue().split("\\t")
    ['1', 'Hi', '_', 'UH', '_', '_', '_', '0', '_\\n\\n']
    """
    check_choice("tags_slot", tags_slot, ("upos", "cpos", "xpos"))
    sources = dict(columns or {})
    sources[tags_slot] = tags_column
    sources["head"] = heads_column
    write_tabular(corpus, path_or_file, PASCAL_SLOTS, sources=sources, missing_tag=missing_tag,
                  comments=comments)
