"""Bigram statistics shared by Brown and exchange clustering."""

from __future__ import annotations

import numpy as np

__all__ = ["bigram_counts", "frequency_rank"]


def frequency_rank(ids: np.ndarray, n_types: int) -> tuple[np.ndarray, np.ndarray]:
    """Counts of each type and its rank by decreasing frequency (ties: first id first)."""
    counts = np.bincount(ids[ids >= 0], minlength=n_types).astype(np.int64)
    order = np.argsort(-counts, kind="stable")
    rank = np.empty(n_types, dtype=np.int64)
    rank[order] = np.arange(n_types)
    return counts, rank


def bigram_counts(ids: np.ndarray, offsets: np.ndarray, n_types: int, *,
                  boundary: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct bigrams ``(a, b, count)`` of adjacent tokens within sentences.

    With ``boundary`` (an id), each sentence is wrapped in that boundary symbol
    (``<s> w1 ... wn <s>``; one boundary between consecutive sentences is
    shared), so every token has one predecessor and one successor.
    Missing tokens (``-1``) break the chain.
    """
    ids = np.asarray(ids, dtype=np.int64)
    if boundary is None:
        a = ids[:-1]
        b = ids[1:]
        same = np.ones(len(a), dtype=bool)
        if len(offsets) > 2:
            ends = offsets[1:-1] - 1
            ends = ends[(ends >= 0) & (ends < len(a))]
            same[ends] = False
        keep = same & (a >= 0) & (b >= 0)
        a = a[keep]
        b = b[keep]
    else:
        lengths = np.diff(offsets)
        stream = np.insert(ids, offsets[:-1], boundary)
        stream = np.append(stream, boundary) if len(lengths) else stream
        a = stream[:-1]
        b = stream[1:]
        keep = (a >= 0) & (b >= 0)
        a = a[keep]
        b = b[keep]
    size = n_types + (1 if boundary is not None else 0)
    key = a * size + b
    uniq, cnt = np.unique(key, return_counts=True)
    return uniq // size, uniq % size, cnt.astype(np.int64)


def csr(rows: np.ndarray, cols: np.ndarray, vals: np.ndarray, n: int
        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Compressed rows of a sparse matrix given as triples."""
    order = np.lexsort((cols, rows))
    rows = rows[order]
    ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=n), out=ptr[1:])
    return ptr, cols[order].astype(np.int64), vals[order].astype(np.float64)
