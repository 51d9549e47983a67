"""The bootstrap's resample totals from its draws, in compiled passes.

A resample is ``m`` item indices drawn with replacement.  Its totals are
either the sums of the drawn items' rows, in the order of the draws
(:func:`draw_sums`, for dense per-item statistics), or the draws are first
counted into weights (:func:`count_draws`) that multiply sparse per-item
tables (:class:`SparseProducts`, in float32 when its sums are whole numbers
below 2**24, exact).

Example
-------
>>> import numpy as np
>>> idx = np.array([[0, 0, 2], [1, 2, 0]])
>>> count_draws(idx, 3).tolist()
[[2.0, 0.0, 1.0], [1.0, 1.0, 1.0]]
>>> draw_sums(idx, np.array([[1.0, 1.0], [0.0, 1.0], [0.5, 1.0]])).tolist()
[[2.5, 3.0], [1.5, 3.0]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["count_draws", "count_draws32", "draw_sums", "DrawRows", "SparseProducts"]


@njit(cache=True)
def count_draws(idx, m):
    """``(b, m)`` float counts of each row's drawn item indices ``idx`` ``(b, k)``.

    One pass, without the offset indices, integer counts and copy that a
    bincount of the whole batch needs.
    """
    out = np.zeros((idx.shape[0], m))
    for r in range(idx.shape[0]):
        for j in range(idx.shape[1]):
            out[r, idx[r, j]] += 1.0
    return out


@njit(cache=True)
def count_draws32(idx, m, sizes):
    """The transposed ``(m, b)`` float32 counts of each resample's drawn item indices
    ``idx`` ``(b, k)``, and each resample's total of ``sizes`` (an item's largest row
    sum) over its draws, in float64.

    The totals bound every sum a product of these weights with the items' rows
    of non-negative counts can reach (see :class:`SparseProducts`).  Each
    resample is counted in bytes first (its row stays in cache), then the
    counts are moved into their columns a block of items at a time; an item
    drawn more than 255 times in one resample sends the batch to a count in
    float32 directly.
    """
    b_n, k = idx.shape
    seen = np.zeros((b_n, m), dtype=np.uint8)
    wrapped = False
    for r in range(b_n):
        for j in range(k):
            i = idx[r, j]
            if seen[r, i] == 255:
                wrapped = True
            seen[r, i] += 1
    out = np.zeros((m, b_n), dtype=np.float32)
    total = np.zeros(b_n)
    if wrapped:
        for r in range(b_n):
            for j in range(k):
                i = idx[r, j]
                out[i, r] += 1.0
                total[r] += sizes[i]
        return out, total
    for lo in range(0, m, 256):
        hi = min(m, lo + 256)
        for r in range(b_n):
            t = 0.0
            for i in range(lo, hi):
                c = seen[r, i]
                out[i, r] = c
                t += c * sizes[i]
            total[r] += t
    return out, total


#: float32 holds every whole number below this exactly
_EXACT32 = 2.0 ** 24


class SparseProducts:
    """The weights of each batch of draws times several systems' sparse ``(m, d)`` rows.

    Each resample's table is ``weights @ rows``.  When the rows are
    non-negative whole counts and a resample's total stays below 2**24, every
    product and partial sum of it is a whole number that float32 holds
    exactly: the products then run in float32, twice the numbers per memory
    access and vector instruction of float64, and give float64's values (any
    order of exact sums is the same).  Otherwise (fractions, larger totals)
    they run in float64.
    """

    def __init__(self, rows: list, m: int) -> None:
        from scipy import sparse as sp

        self.m = m
        self.rows = [sp.csr_matrix(r) for r in rows]
        whole = all(r.data.min(initial=0.0) >= 0 and np.array_equal(r.data, np.floor(r.data))
                    for r in self.rows)
        self.sizes = None
        self.narrow = []
        if whole and m < _EXACT32:
            self.sizes = np.max([np.asarray(r.sum(axis=1)).ravel() for r in self.rows],
                                axis=0).astype(np.float64)
            # the transposed rows (a CSC view of the same indices), counts as float32
            self.narrow = [sp.csc_matrix((r.data.astype(np.float32), r.indices, r.indptr),
                                         shape=(r.shape[1], m)) for r in self.rows]

    def products(self, idx: np.ndarray):
        """Each system's ``(b, d)`` float64 totals of the resamples drawn in ``idx``, one
        after the other (a generator: one system's table is held at a time)."""
        if self.sizes is not None:     # float32 when this batch's totals stay exact in it
            wt, total = count_draws32(idx, self.m, self.sizes)
            if total.max(initial=0.0) < _EXACT32:
                for t in self.narrow:
                    y = t @ wt
                    full = np.empty((y.shape[1], y.shape[0]))
                    full[...] = y.T
                    del y
                    yield full
                return
            del wt
        wt = np.ascontiguousarray(count_draws(idx, self.m).T)
        for r in self.rows:
            yield np.ascontiguousarray(np.asarray((r.T @ wt).T))


def draw_sums(idx: np.ndarray, rows) -> np.ndarray:
    """``(b, d)`` totals of each resample: the rows ``rows[idx[r, j]]`` summed over ``j``.

    The sums run in the order of the draws, one row after the other: whole
    counts are exact in any order (the same as ``weights @ rows``), and
    fractions get the same last bits on every machine, batch size and
    library (a matrix product adds in an order of its BLAS kernel).
    ``rows``: ``(m, d)`` values, or their :class:`DrawRows` when several
    batches of draws sum the same rows.
    """
    plan = rows if isinstance(rows, DrawRows) else DrawRows(rows)
    idx = np.ascontiguousarray(idx)
    tot = np.empty((len(idx), plan.n_distinct))
    counts, sums = _draw_pass(idx, plan.pattern_of, len(plan.patterns), plan.four)
    if len(plan.by_pattern):
        tot[:, plan.by_pattern] = counts @ plan.patterns
    if len(plan.by_four):
        tot[:, plan.by_four] = sums[:, :len(plan.by_four)]
    return tot[:, plan.inverse]


class DrawRows:
    """How :func:`draw_sums` adds up ``(m, d)`` rows, prepared once for many draws.

    Identical columns (the denominators of several systems side by side) are
    summed once.  Columns of whole numbers whose totals stay exact, when
    their rows take few distinct values together (0/1 outcomes of a few
    systems), are summed by counting the draws of each distinct row
    (``patterns``, ``pattern_of``) and one product: exact, so the same as
    adding them in order.  The other columns (fractions) are added in the
    order of the draws, four at a time (``four``, zero-padded).
    """

    def __init__(self, rows: np.ndarray) -> None:
        rows = np.asarray(rows, dtype=np.float64).reshape(len(rows), -1)
        m = len(rows)
        first: dict[bytes, int] = {}
        keep = []
        self.inverse = np.empty(rows.shape[1], dtype=np.int64)
        for c in range(rows.shape[1]):
            key = rows[:, c].tobytes()
            if key not in first:
                first[key] = len(keep)
                keep.append(c)
            self.inverse[c] = first[key]
        distinct = rows[:, keep]
        self.n_distinct = len(keep)
        exact = (distinct == np.round(distinct)).all(axis=0) & \
            (np.abs(distinct).max(axis=0, initial=0.0) * max(m, 1) < 2.0 ** 53)
        self.by_pattern = np.flatnonzero(exact) if m >= 64 and exact.sum() <= 64 else \
            np.zeros(0, dtype=np.int64)
        self.patterns = np.zeros((0, 0))
        self.pattern_of = np.zeros(m, dtype=np.int64)
        if len(self.by_pattern):
            block = np.ascontiguousarray(distinct[:, self.by_pattern])
            as_bytes = block.view(np.dtype((np.void, block.shape[1] * 8))).ravel()
            _, where, pattern_of = np.unique(as_bytes, return_index=True, return_inverse=True)
            if len(where) * 8 <= m:     # few distinct rows: counting them pays
                self.patterns = block[where]
                self.pattern_of = pattern_of.ravel().astype(np.int64)
            else:
                self.by_pattern = np.zeros(0, dtype=np.int64)
        self.by_four = np.setdiff1d(np.arange(self.n_distinct), self.by_pattern)
        # four columns at a time, each summed in a register of its own
        self.four = np.zeros((m, -(-len(self.by_four) // 4) * 4))
        self.four[:, :len(self.by_four)] = distinct[:, self.by_four]


@njit(cache=True)
def _draw_pass(idx, pattern_of, p, four):
    """Each resample's draws of each of the ``p`` distinct rows (``pattern_of``: an item's
    row) and its sums of the columns of ``four``, in the order of the draws; the counts
    are taken in the same pass as the first four columns."""
    b, k = idx.shape
    d = four.shape[1]
    counts = np.zeros((b, p))
    sums = np.zeros((b, d))
    for r in range(b):
        seen = counts[r]
        if d == 0 and p > 0:
            for j in range(k):
                seen[pattern_of[idx[r, j]]] += 1.0
        for c in range(0, d, 4):
            s0 = s1 = s2 = s3 = 0.0
            if c == 0 and p > 0:
                for j in range(k):
                    i = idx[r, j]
                    seen[pattern_of[i]] += 1.0
                    s0 += four[i, 0]
                    s1 += four[i, 1]
                    s2 += four[i, 2]
                    s3 += four[i, 3]
            else:
                for j in range(k):
                    i = idx[r, j]
                    s0 += four[i, c]
                    s1 += four[i, c + 1]
                    s2 += four[i, c + 2]
                    s3 += four[i, c + 3]
            sums[r, c] = s0
            sums[r, c + 1] = s1
            sums[r, c + 2] = s2
            sums[r, c + 3] = s3
    return counts, sums
