"""Compiled 1-1 overlaps of many tables of counts at once (the resamples of a corpus).

A table is given by the counts of its cells (``values[b, j]`` at row
``gold[j]``, column ``pred[j]``).  The optimal overlap takes whole counts only:
its sums are then exact in any order, so it equals the overlap summed by
numpy after scipy's assignment, bit for bit (its caller falls back to that
for fractions).

- :func:`optimal_overlaps`: the largest total of a one-to-one matching, by
  the shortest augmenting path form of the Hungarian method (Kuhn 1955;
  Jonker & Volgenant 1987), one row at a time with dual potentials, on each
  table's own non-empty rows and columns (a row or column of zeros cannot
  change the best matching of non-negative counts).  The optimum is unique
  even when several matchings reach it, so this is the value scipy's
  ``linear_sum_assignment`` gives, without a Python call per table.
- :func:`greedy_overlaps`: the greedy matching (largest cell first, ties in
  flat row-major order, as a stable sort does), its cells ordered by a
  counting sort of the counts (or a heap sort of integer keys
  ``-count * c + j`` when counts are large, a stable sort for fractions),
  stopping as soon as every non-empty row or column of the table is used.

Example
-------
>>> import numpy as np
>>> v = np.array([[5.0, 4.0, 4.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
>>> gold, pred = np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1])
>>> optimal_overlaps(v, gold, pred, 2, 2).tolist(), greedy_overlaps(v, gold, pred, 2, 2).tolist()
([8.0, 0.0], [5.0, 0.0])
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["optimal_overlaps", "greedy_overlaps", "whole_counts"]


def whole_counts(values: np.ndarray) -> bool:
    """Whether ``values`` are whole non-negative counts whose sums stay exact in float64.

    Example
    -------
    >>> whole_counts(np.array([[1.0, 2.0]])), whole_counts(np.array([[0.5]]))
    (True, False)
    """
    if not values.size:
        return True
    # every partial sum below 2**53: integers add exactly in any order
    return bool(np.all(values >= 0) and np.array_equal(values, np.floor(values))
                and values.sum(axis=1).max() < 2.0 ** 52)


@njit(cache=True)
def _solve(cost, nr, nc, col4row, row4col, u, v, shortest, path, remaining, sr, sc):
    """Minimum-cost assignment of the ``nr`` rows (``nr <= nc``) of ``cost[:nr, :nc]``
    into ``col4row``, from the matching ``col4row``/``row4col`` and column potentials
    ``v`` given (:func:`_warm`: matched edges tight, every reduced cost >= 0 on matched
    rows, ``v <= 0``, ``v = 0`` on free columns); the other arrays are work space."""
    inf = np.inf
    for cur in range(nr):
        if col4row[cur] != -1:
            continue
        for it in range(nc):
            remaining[it] = nc - it - 1
        n_rem = nc
        sr[:nr] = False
        sc[:nc] = False
        shortest[:nc] = inf
        min_val = 0.0
        u[cur] = 0.0
        i = cur
        sink = -1
        while sink == -1:
            index = -1
            lowest = inf
            sr[i] = True
            for it in range(n_rem):
                j = remaining[it]
                r = min_val + cost[i, j] - u[i] - v[j]
                if r < shortest[j]:
                    path[j] = i
                    shortest[j] = r
                # ties go to a free column: the path ends sooner
                if shortest[j] < lowest or (shortest[j] == lowest and row4col[j] == -1):
                    lowest = shortest[j]
                    index = it
            min_val = lowest
            j = remaining[index]
            if row4col[j] == -1:
                sink = j
            else:
                i = row4col[j]
            sc[j] = True
            n_rem -= 1
            remaining[index] = remaining[n_rem]
        u[cur] += min_val
        for i in range(nr):
            if sr[i] and i != cur:
                u[i] += min_val - shortest[col4row[i]]
        for j in range(nc):
            if sc[j]:
                v[j] -= min_val - shortest[j]
        j = sink
        while True:
            i = path[j]
            row4col[j] = i
            nxt = col4row[i]
            col4row[i] = j
            j = nxt
            if i == cur:
                break


@njit(cache=True)
def _warm(cost, nr, nc, col4row, row4col, u, v):
    """Keep of a start (``col4row``, ``v``: the previous table's solution) what
    :func:`_solve` may start from: each kept row's column must still be its best
    (``cost - v`` smallest, then ``u`` is that); a row that lost it is freed, and so is
    its column, whose potential becomes 0 -- which can free other rows, hence the loop."""
    for j in range(nc):
        if row4col[j] == -1:
            v[j] = 0.0
    changed = True
    while changed:
        changed = False
        for i in range(nr):
            j0 = col4row[i]
            if j0 == -1:
                continue
            best = np.inf
            for j in range(nc):
                d = cost[i, j] - v[j]
                if d < best:
                    best = d
            if cost[i, j0] - v[j0] == best:
                u[i] = best
            else:
                col4row[i] = -1
                row4col[j0] = -1
                v[j0] = 0.0
                changed = True


@njit(cache=True)
def _number(at, n, ids):
    """Number the flagged entries of ``at[:n]`` in order (others -1); their ids; how many."""
    m = 0
    for i in range(n):
        if at[i]:
            at[i] = m
            ids[m] = i
            m += 1
        else:
            at[i] = -1
    return m


@njit(cache=True)
def _compact(values, b, gold, pred, g_n, k_n, row_at, col_at, row_id, col_id):
    """Number the non-empty rows and columns of table ``b``; their counts."""
    row_at[:g_n] = 0
    col_at[:k_n] = 0
    for j in range(values.shape[1]):
        if values[b, j] > 0:
            row_at[gold[j]] = 1
            col_at[pred[j]] = 1
    return _number(row_at, g_n, row_id), _number(col_at, k_n, col_id)


@njit(cache=True)
def optimal_overlaps(values, gold, pred, g_n, k_n):
    """``(B,)`` optimal 1-1 overlaps of the tables ``values`` ``(B, c)`` (whole counts).

    Each table starts from the solution of the one before (its matching and
    column potentials, :func:`_warm`): resamples of one corpus differ a little,
    so most rows keep their column and few augmenting paths are left to find.
    The optimum does not depend on the start.
    """
    b_n, c_n = values.shape
    out = np.zeros(b_n)
    row_at = np.empty(g_n, dtype=np.int64)
    col_at = np.empty(k_n, dtype=np.int64)
    row_id = np.empty(g_n, dtype=np.int64)
    col_id = np.empty(k_n, dtype=np.int64)
    big = max(min(g_n, c_n), min(k_n, c_n), 1)
    cost = np.zeros((big, big))
    col4row = np.empty(big, dtype=np.int64)
    row4col = np.empty(big, dtype=np.int64)
    u = np.empty(big)
    v = np.empty(big)
    shortest = np.empty(big)
    path = np.empty(big, dtype=np.int64)
    remaining = np.empty(big, dtype=np.int64)
    sr = np.empty(big, dtype=np.bool_)
    sc = np.empty(big, dtype=np.bool_)
    # the previous table's solution by row and column ids: column of each gold row /
    # of each predicted column (when flipped), potential of each solver column
    prev_of = np.full(max(g_n, k_n), -1, dtype=np.int64)
    prev_v = np.zeros(max(g_n, k_n))
    prev_flip = False
    for b in range(b_n):
        nr, nc = _compact(values, b, gold, pred, g_n, k_n, row_at, col_at, row_id, col_id)
        if nr == 0:
            continue
        flip = nr > nc   # the solver wants no more rows than columns
        a, z = (nc, nr) if flip else (nr, nc)
        cost[:a, :z] = 0.0
        for j in range(c_n):
            x = values[b, j]
            if x > 0:
                if flip:
                    cost[col_at[pred[j]], row_at[gold[j]]] = -x
                else:
                    cost[row_at[gold[j]], col_at[pred[j]]] = -x
        col4row[:a] = -1
        row4col[:z] = -1
        v[:z] = 0.0
        if b > 0 and flip == prev_flip:
            for jc in range(z):
                v[jc] = prev_v[row_id[jc] if flip else col_id[jc]]
            for ic in range(a):
                pj = prev_of[col_id[ic] if flip else row_id[ic]]
                jc = -1 if pj < 0 else (row_at[pj] if flip else col_at[pj])
                if jc >= 0:
                    col4row[ic] = jc
                    row4col[jc] = ic
            _warm(cost, a, z, col4row, row4col, u, v)
        _solve(cost, a, z, col4row, row4col, u, v, shortest, path, remaining, sr, sc)
        total = 0.0
        prev_of[:] = -1
        prev_v[:] = 0.0
        for i in range(a):
            total -= cost[i, col4row[i]]
            prev_of[col_id[i] if flip else row_id[i]] = (row_id[col4row[i]] if flip
                                                         else col_id[col4row[i]])
        for jc in range(z):
            prev_v[row_id[jc] if flip else col_id[jc]] = v[jc]
        prev_flip = flip
        out[b] = total
    return out


@njit(cache=True)
def _sift(keys, start, end):
    """Restore the min-heap ``keys[:end]`` below position ``start``."""
    root = start
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and keys[child + 1] < keys[child]:
            child += 1
        if keys[root] <= keys[child]:
            return
        keys[root], keys[child] = keys[child], keys[root]
        root = child


@njit(cache=True)
def _bucket_order(values, b, top, start, order):
    """The cells of table ``b`` with counts in greedy order (the largest first, ties in
    flat order) by a counting sort on ``top - count``; returns how many."""
    start[:top + 2] = 0
    for j in range(values.shape[1]):
        x = np.int64(values[b, j])
        if x > 0:
            start[top - x + 1] += 1
    for q in range(1, top + 2):
        start[q] += start[q - 1]
    n = start[top + 1]
    for j in range(values.shape[1]):   # in flat order: ties stay in it
        x = np.int64(values[b, j])
        if x > 0:
            order[start[top - x]] = j
            start[top - x] += 1
    return n


@njit(cache=True)
def _heap_order(values, b, keys, order):
    """:func:`_bucket_order` by heap sort of the keys ``-count * c + j`` (counts too
    large for buckets)."""
    c_n = values.shape[1]
    end = 0
    for j in range(c_n):
        x = values[b, j]
        if x > 0:
            keys[end] = -np.int64(x) * c_n + j
            end += 1
    n = end
    for s in range(end // 2 - 1, -1, -1):
        _sift(keys, s, end)
    for pos in range(n):
        order[pos] = keys[0] % c_n
        end -= 1
        keys[0] = keys[end]
        _sift(keys, 0, end)
    return n


@njit(cache=True)
def _take_greedy(values, b, order, n, gold, pred, used_r, used_c):
    """The greedy 1-1 overlap of table ``b`` from its ``n`` cells with counts in ``order``."""
    used_r[:] = False
    used_c[:] = False
    n_r = n_c = 0
    for pos in range(n):
        j = order[pos]
        if not used_r[gold[j]]:
            used_r[gold[j]] = True
            n_r += 1
        if not used_c[pred[j]]:
            used_c[pred[j]] = True
            n_c += 1
    used_r[:] = False
    used_c[:] = False
    # no more pairs than this table's non-empty rows or columns: stop when they are used
    left = min(n_r, n_c)
    total = 0.0
    for pos in range(n):
        if left == 0:
            break
        j = order[pos]
        i = gold[j]
        k = pred[j]
        if used_r[i] or used_c[k]:
            continue
        used_r[i] = True
        used_c[k] = True
        total += values[b, j]
        left -= 1
    return total


@njit(cache=True)
def greedy_overlaps(values, gold, pred, g_n, k_n):
    """``(B,)`` greedy 1-1 overlaps of the tables ``values`` ``(B, c)``.

    Whole counts (``max count * c`` below 2**62) are ordered by a counting
    sort when they are small against the number of cells (resamples of a
    corpus of some thousand sentences), else by a heap sort; other values
    (fractions) by a stable sort of the cells.
    """
    b_n, c_n = values.shape
    out = np.zeros(b_n)
    top = np.int64(values.max()) if values.size else 0
    whole = True
    for x in values.ravel():
        if x < 0 or x != np.floor(x) or x * c_n >= 2.0 ** 62:
            whole = False
            break
    buckets = whole and top <= 4 * c_n + 64
    start = np.empty(top + 2 if buckets else 1, dtype=np.int64)
    keys = np.empty(c_n, dtype=np.int64)
    order = np.empty(c_n, dtype=np.int64)
    used_r = np.zeros(g_n, dtype=np.bool_)
    used_c = np.zeros(k_n, dtype=np.bool_)
    for b in range(b_n):
        if buckets:
            n = _bucket_order(values, b, top, start, order)
        elif whole:
            n = _heap_order(values, b, keys, order)
        else:
            # the largest first, ties in flat order; the cells without a count come last
            order[:] = np.argsort(-values[b], kind="mergesort")
            n = 0
            while n < c_n and values[b, order[n]] > 0:
                n += 1
        out[b] = _take_greedy(values, b, order, n, gold, pred, used_r, used_c)
    return out
