"""Sentence-boundary tokens.

Some category-induction models (e.g. HMMs, context-vector methods) treat the
sentence edge as a context word.  :func:`add_boundaries` makes it explicit
by inserting a marker token at the start (and/or the end) of each sentence.

What happens to the other columns
---------------------------------
- ``form`` (and the columns listed in ``tag_columns``) hold the marker.
- Every other categorical column is missing (``-1``) on marker tokens, so
  markers never match a gold tag and evaluation code can exclude them
  (:func:`boundary_mask`).
- Heads: a marker token has head ``-1`` (missing); heads of the original
  tokens are shifted by one when a start marker is inserted (``0``, the
  root, stays ``0``; ``-1`` stays ``-1``), so the trees are unchanged.
- Sentence columns are untouched; empty sentences get markers too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.corpus.transforms.punct import copy_report, head_columns
from induceval.errors import check_choice

__all__ = ["add_boundaries", "boundary_mask"]


def add_boundaries(corpus: Corpus, marker: str = "<s>", *, where: str = "start",
                   end_marker: str | None = None, tag_columns: Sequence[str] = ()) -> Corpus:
    """Insert a boundary token at the start and/or end of every sentence.

    Parameters
    ----------
    marker, end_marker
        The forms of the start and end markers (``end_marker`` default: ``marker``).
    where
        ``"start"``, ``"end"`` or ``"both"``.
    tag_columns
        Categorical columns that also hold the marker (e.g. ``["upos"]`` when
        the boundary should be its own gold tag); others are missing there.

    Returns
    -------
    Corpus
        With the markers; the report counts ``"boundary tokens added"``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["go", "home"], "head": [0, 1],
    ...                                      "upos": ["VERB", "NOUN"]})
    >>> c = add_boundaries(b.build(), where="both", end_marker="</s>")
    >>> c.sentence(0).strings("form"), c.sentence(0).strings("head")
    (['<s>', 'go', 'home', '</s>'], [-1, 0, 2, -1])
    >>> c.sentence(0).strings("upos")
    [None, 'VERB', 'NOUN', None]
    """
    check_choice("where", where, ("start", "end", "both"))
    end_marker = marker if end_marker is None else end_marker
    at_start, at_end = where in ("start", "both"), where in ("end", "both")
    lengths = corpus.lengths
    extra = int(at_start) + int(at_end)
    new_offsets = np.concatenate(([0], np.cumsum(lengths + extra))).astype(np.int64)
    n_new = int(new_offsets[-1])
    # position of every original token in the new arrays
    old_index = (np.arange(corpus.n_tokens, dtype=np.int64)
                 + np.repeat(np.arange(corpus.n_sentences, dtype=np.int64) * extra, lengths)
                 + int(at_start))
    start_idx = new_offsets[:-1] if at_start else np.zeros(0, dtype=np.int64)
    end_idx = new_offsets[1:] - 1 if at_end else np.zeros(0, dtype=np.int64)
    heads = set(head_columns(corpus))
    marked = {"form", *tag_columns}
    columns: dict[str, Column] = {}
    for name, col in corpus.tokens.items():
        values = np.full(n_new, -1, dtype=np.int32)
        old = col.values
        if name in heads and at_start:
            old = np.where(old > 0, old + 1, old).astype(np.int32)
        values[old_index] = old
        vocab = col.vocab
        if vocab is not None and name in marked:
            vocab = Vocabulary(vocab.items)  # a copy: the input's vocabulary stays as it was
            values[start_idx] = vocab.add(marker)
            values[end_idx] = vocab.add(end_marker)
        columns[name] = Column(values, vocab)
    report = copy_report(corpus.report)
    report.count("boundary tokens added", extra * corpus.n_sentences)
    return replace(corpus, offsets=new_offsets, tokens=columns, report=report)


def boundary_mask(corpus: Corpus, markers: Sequence[str] = ("<s>", "</s>")) -> np.ndarray:
    """True for tokens whose form is one of ``markers``.

    Parameters
    ----------
    corpus
        The corpus.
    markers
        The boundary forms.

    Returns
    -------
    numpy.ndarray
        A boolean mask over the tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["hi"]})
    >>> boundary_mask(add_boundaries(b.build())).tolist()
    [True, False]
    """
    vocab = corpus.vocab
    codes = [vocab.id(m) for m in markers if m in vocab]
    return np.isin(corpus.forms, np.asarray(codes, dtype=np.int32))
