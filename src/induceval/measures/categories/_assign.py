"""Compiled 1-1 overlaps of many tables of counts at once (the resamples of a corpus).

A table is given by the counts of its cells (``values[b, j]`` at row
``gold[j]``, column ``pred[j]``).  The optimal overlap takes whole counts only:
its sums are then exact in any order, so it equals the overlap summed by
numpy after scipy's assignment, bit for bit (its caller falls back to that
for fractions).

- :func:`optimal_overlaps`: the largest total of a one-to-one matching, by
  the shortest augmenting path form of the Hungarian method (Kuhn 1955;
  Jonker & Volgenant 1987), one row at a time with dual potentials, on the
  cells with a count only: each row also has a "no match" column of its own
  (weight 0), which stands for all its empty cells, since an empty cell adds
  nothing to a matching of non-negative counts.  Jonker & Volgenant's
  augmenting row reduction matches most rows first (each takes its best
  cell, the price of the column rising by the gap to its second best), so
  that only the rows left free need a search.  The optimum is unique even
  when several matchings reach it, so this is the value scipy's
  ``linear_sum_assignment`` gives on the dense table, without a Python call
  per table and at a cost that grows with the cells, not with ``G x K``.
- :func:`table_summaries`: margins, pair count, M-1 and both overlaps of
  each table in one pass over it.
- :func:`greedy_overlaps`: the greedy matching (largest cell first, ties in
  flat row-major order, as a stable sort does).  On whole counts, without
  sorting the cells: each row keeps its best cell among the columns not yet
  taken (a tournament tree over the rows finds the best of them), and only
  the rows whose best cell was in the column just taken look again; on other
  values (fractions), by a stable sort of the cells.

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

__all__ = ["optimal_overlaps", "greedy_overlaps", "table_summaries", "whole_counts",
           "numpy_sum", "margins_xlogx"]


def whole_counts(values: np.ndarray) -> bool:
    """Whether ``values`` are whole non-negative counts whose sums stay exact in float64.

    Example
    -------
    >>> whole_counts(np.array([[1.0, 2.0]])), whole_counts(np.array([[0.5]]))
    (True, False)
    """
    v = np.asarray(values, dtype=np.float64)
    if not v.size:
        return True
    return bool(_whole(v.reshape(len(v), -1) if v.ndim else v.reshape(1, 1)))


@njit(cache=True)
def _whole(values):
    # every partial sum below 2**53: integers add exactly in any order
    for b in range(values.shape[0]):
        total = 0.0
        for x in values[b]:
            if not (x >= 0) or x != np.floor(x):
                return False
            total += x
        if total >= 2.0 ** 52:
            return False
    return True


@njit(cache=True)
def _by_row(rowid, r_n):
    """The cells grouped by row: row ``i`` has cells ``cells[start[i]:start[i + 1]]``."""
    start = np.zeros(r_n + 1, dtype=np.int64)
    for j in range(len(rowid)):
        start[rowid[j] + 1] += 1
    for i in range(r_n):
        start[i + 1] += start[i]
    fill = start[:-1].copy()
    cells = np.empty(len(rowid), dtype=np.int64)
    for j in range(len(rowid)):
        cells[fill[rowid[j]]] = j
        fill[rowid[j]] += 1
    return start, cells


@njit(cache=True)
def _augment(first, col_of_cell, x_of_cell, c_n, cur, col4row, x4row, row4col, u, v,
             shortest, path, path_x, touched, scanned, seen_rows, todo):
    """Match row ``cur`` by the shortest augmenting path from it (Dijkstra on reduced
    costs), then update the potentials.

    Row ``i``'s cells with a count are ``first[i]:first[i + 1]`` of ``col_of_cell``
    and ``x_of_cell`` (cost ``-x``); column ``c_n + i`` is row ``i``'s own "no
    match" column (cost 0).  ``col4row``/``x4row``: each row's column and the count
    there (-1 when free); ``shortest`` is ``inf`` and ``scanned`` False outside a call
    (a call resets only the columns it touched); ``todo`` holds the touched columns not
    yet scanned, so that finding the nearest one does not pass over the scanned ones.
    """
    inf = np.inf
    n_t = 0
    n_todo = 0
    n_rows = 0
    min_val = 0.0
    u[cur] = 0.0
    i = cur
    sink = -1
    while sink == -1:
        seen_rows[n_rows] = i
        n_rows += 1
        base = min_val - u[i]
        for p in range(first[i], first[i + 1] + 1):
            if p < first[i + 1]:
                col = col_of_cell[p]
                x = x_of_cell[p]
            else:          # the row's own "no match" column
                col = c_n + i
                x = 0.0
            if scanned[col]:
                continue
            r = base - x - v[col]
            if shortest[col] == inf:
                touched[n_t] = col
                n_t += 1
                todo[n_todo] = col
                n_todo += 1
            if r < shortest[col]:
                shortest[col] = r
                path[col] = i
                path_x[col] = x
        lowest = inf
        at = -1
        for q in range(n_todo):
            col = todo[q]
            # ties go to a free column: the path ends sooner
            if shortest[col] < lowest or (shortest[col] == lowest and row4col[col] == -1):
                lowest = shortest[col]
                at = q
        best = todo[at]
        n_todo -= 1
        todo[at] = todo[n_todo]
        min_val = lowest
        scanned[best] = True
        if row4col[best] == -1:
            sink = best
        else:
            i = row4col[best]
    u[cur] += min_val
    for q in range(1, n_rows):
        i = seen_rows[q]
        u[i] += min_val - shortest[col4row[i]]
    for q in range(n_t):
        col = touched[q]
        if scanned[col]:
            v[col] -= min_val - shortest[col]
        shortest[col] = inf
        scanned[col] = False
    col = sink
    while True:
        i = path[col]
        row4col[col] = i
        old = col4row[i]
        col4row[i] = col
        x4row[i] = path_x[col]
        if i == cur:
            break
        col = old


#: the steps of :func:`_auction_start` per row: beyond, rows that keep taking each other's
#: columns by small gaps are left to the searches
_AUCTION_STEPS = 2


@njit(cache=True)
def _auction_start(first, col_of_cell, x_of_cell, c_n, r_n, col4row, x4row, row4col, u, v,
                   queue, limit):
    """Match rows before the searches, as Jonker & Volgenant's augmenting row reduction
    (1987, §3): a free row takes its cheapest column (reduced cost ``-x - v``), whose
    potential drops by the gap to the row's second cheapest, and the row holding it
    before is free again; at most ``limit`` such steps.  Returns where the rows left
    free start in the ring ``queue`` and how many they are.

    Column potentials only drop, and only on a column a row then holds, so every held
    column stays the cheapest of its row, every free column keeps potential 0 and each
    row's potential ``u`` makes its reduced costs >= 0 and its own 0: what the searches
    of :func:`_augment` start from.
    """
    n = 0
    for i in range(r_n):
        if first[i + 1] > first[i]:
            queue[n] = i
            n += 1
    head = 0
    left = n            # rows in the queue, from head on (a ring of r_n places)
    steps = 0
    while left > 0 and steps < limit:
        i = queue[head]
        head = (head + 1) % r_n
        left -= 1
        steps += 1
        # the two cheapest columns of row i, its own "no match" column first
        j1 = c_n + i
        h1 = -v[j1]
        x1 = 0.0
        j2 = -1
        h2 = np.inf
        x2 = 0.0
        for p in range(first[i], first[i + 1]):
            j = col_of_cell[p]
            h = -x_of_cell[p] - v[j]
            if h < h2:
                if h >= h1:
                    j2, h2, x2 = j, h, x_of_cell[p]
                else:
                    j2, h2, x2 = j1, h1, x1
                    j1, h1, x1 = j, h, x_of_cell[p]
        owner = row4col[j1]
        if h1 < h2:
            v[j1] -= h2 - h1
        elif owner >= 0:    # a tie with a held column: the other one
            j1, x1 = j2, x2
            owner = row4col[j2]
        row4col[j1] = i
        col4row[i] = j1
        x4row[i] = x1
        if owner >= 0:
            col4row[owner] = -1
            left += 1
            if h1 < h2:     # the row that lost its column goes next
                head = (head - 1) % r_n
                queue[head] = owner
            else:
                queue[(head + left - 1) % r_n] = owner
    for i in range(r_n):
        if col4row[i] >= 0:
            u[i] = -x4row[i] - v[col4row[i]]
    return head, left


@njit(cache=True)
def _optimal_table(x, start, cells, colid, r_n, c_n, first, col_of_cell, x_of_cell, col4row,
                   x4row, row4col, u, v, shortest, path, path_x, touched, scanned, seen_rows,
                   todo, queue):
    """The optimal 1-1 overlap of one table (cell counts ``x``), rows by ``start``/``cells``."""
    q = 0
    for i in range(r_n):   # each row's cells with a count, side by side
        first[i] = q
        for p in range(start[i], start[i + 1]):
            # every cell written, the next one over it when empty: no branch taken at random
            c = cells[p]
            col_of_cell[q] = colid[c]
            x_of_cell[q] = x[c]
            q += x[c] > 0
    first[r_n] = q
    col4row[:] = -1
    row4col[:] = -1
    v[:] = 0.0
    total = 0.0
    head, left = _auction_start(first, col_of_cell, x_of_cell, c_n, r_n, col4row, x4row,
                                row4col, u, v, queue, _AUCTION_STEPS * r_n)
    for q in range(left):
        _augment(first, col_of_cell, x_of_cell, c_n, queue[(head + q) % r_n], col4row, x4row,
                 row4col, u, v, shortest, path, path_x, touched, scanned, seen_rows, todo)
    for i in range(r_n):
        if col4row[i] >= 0:
            total += x4row[i]
    return total


@njit(cache=True)
def _optimal_space(gold, pred, g_n, k_n):
    """Rows on the side with fewer ids, cells by row, and the work arrays of
    :func:`_optimal_table` after ``x``."""
    if g_n <= k_n:
        rowid, colid, r_n, c_n = gold, pred, g_n, k_n
    else:
        rowid, colid, r_n, c_n = pred, gold, k_n, g_n
    start, cells = _by_row(rowid, r_n)
    n_all = c_n + r_n
    n_cells = len(cells)
    return (start, cells, colid, r_n, c_n, np.empty(r_n + 1, dtype=np.int64),
            np.empty(n_cells, dtype=np.int64), np.empty(n_cells),
            np.empty(r_n, dtype=np.int64), np.zeros(r_n), np.empty(n_all, dtype=np.int64),
            np.zeros(r_n), np.zeros(n_all), np.full(n_all, np.inf),
            np.empty(n_all, dtype=np.int64), np.zeros(n_all), np.empty(n_all, dtype=np.int64),
            np.zeros(n_all, dtype=np.bool_), np.empty(r_n, dtype=np.int64),
            np.empty(n_all, dtype=np.int64), np.empty(max(r_n, 1), dtype=np.int64))


@njit(cache=True)
def optimal_overlaps(values, gold, pred, g_n, k_n):
    """``(B,)`` optimal 1-1 overlaps of the tables ``values`` ``(B, c)`` (whole counts).

    A maximum-weight matching on each table's cells with a count only: every
    row also has a "no match" column of weight 0 of its own, so a table is a
    sparse assignment problem whose rows always fit, solved by one shortest
    augmenting path per row with a count.  Its cost grows with the cells
    that hold counts, not with ``G x K``.
    """
    out = np.zeros(values.shape[0])
    space = _optimal_space(gold, pred, g_n, k_n)
    for b in range(values.shape[0]):
        out[b] = _optimal_table(values[b], *space)
    return out


@njit(cache=True)
def _greedy_keyed(x, rowid, start, cells, colid, r_n, best, best_col, follows, head, used_c,
                  taken_cols, tree_key, tree_row):
    """The greedy 1-1 overlap of one table of whole counts ``x`` (``max x * len(x)`` below
    2**62), rows by ``rowid`` and ``start``/``cells`` (the side with fewer ids).

    Each cell has the key ``x * c + (c - 1 - j)``: the greedy order (the largest
    count first, ties in flat order ``j``) is that of the keys, largest first, no two
    cells share one, and the keys of empty cells are below ``c``.  Each row keeps
    its best cell among the columns not yet taken, in a tournament tree over the
    rows, and is listed under that cell's column; a step takes the tree's winner,
    and the rows listed under the column taken look again.  The pairs taken are
    those of a scan of all cells in greedy order, without sorting the cells: one
    pass over them in flat order, then a step costs the rows that look again.
    """
    c_n = len(x)
    n_leaves = len(tree_key) // 2
    best[:] = -1
    for j in range(c_n):    # without a branch on the count (taken at random, it costs more)
        best[rowid[j]] = max(best[rowid[j]], np.int64(x[j]) * c_n + (c_n - 1 - j))
    tree_key[:] = -1
    for i in range(r_n):
        if best[i] >= c_n:
            col = colid[c_n - 1 - best[i] % c_n]
            best_col[i] = col
            follows[i] = head[col]
            head[col] = i
            tree_key[n_leaves + i] = best[i]
            tree_row[n_leaves + i] = i
    for node in range(n_leaves - 1, 0, -1):
        side = 2 * node + (tree_key[2 * node + 1] > tree_key[2 * node])
        tree_key[node] = tree_key[side]
        tree_row[node] = tree_row[side]
    total = 0.0
    n_taken = 0
    while tree_key[1] >= 0:
        top = tree_key[1]
        taken = tree_row[1]
        col = best_col[taken]
        total += x[c_n - 1 - top % c_n]
        used_c[col] = True
        taken_cols[n_taken] = col
        n_taken += 1
        i = head[col]
        head[col] = -1
        while i >= 0:            # the rows whose best was in the column taken look again
            after = follows[i]
            top = np.int64(-1)
            if i != taken:
                for p in range(start[i], start[i + 1]):
                    c = cells[p]
                    key = np.int64(x[c]) * c_n + (c_n - 1 - c)
                    top = max(top, -1 if used_c[colid[c]] else key)
                if top >= c_n:
                    col_i = colid[c_n - 1 - top % c_n]
                    best_col[i] = col_i
                    follows[i] = head[col_i]
                    head[col_i] = i
                else:
                    top = -1
            node = n_leaves + i
            tree_key[node] = top
            node //= 2
            while node >= 1:
                side = 2 * node + (tree_key[2 * node + 1] > tree_key[2 * node])
                tree_key[node] = tree_key[side]
                tree_row[node] = tree_row[side]
                node //= 2
            i = after
    for q in range(n_taken):
        used_c[taken_cols[q]] = False
    return total


@njit(cache=True)
def _sorted_greedy(x, gold, pred, used_r, used_c):
    """The greedy 1-1 overlap of one table of any non-negative values, by a stable sort
    of its cells (the largest first, ties in flat order)."""
    used_r[:] = False
    used_c[:] = False
    total = 0.0
    for j in np.argsort(-x, kind="mergesort"):
        if not x[j] > 0:
            break
        if not (used_r[gold[j]] or used_c[pred[j]]):
            used_r[gold[j]] = True
            used_c[pred[j]] = True
            total += x[j]
    return total


@njit(cache=True)
def _keyable(values):
    """Whether every value is a whole count whose key ``x * c + j`` fits in an int64."""
    c_n = values.shape[1]
    for x in values.ravel():
        if x < 0 or x != np.floor(x) or x * c_n >= 2.0 ** 62:
            return False
    return True


@njit(cache=True)
def _greedy_space(gold, pred, g_n, k_n):
    """Rows on the side with fewer ids, cells by row, and the work arrays of
    :func:`_greedy_keyed` after ``x``."""
    if g_n <= k_n:
        rowid, colid, r_n, c_n = gold, pred, g_n, k_n
    else:
        rowid, colid, r_n, c_n = pred, gold, k_n, g_n
    start, cells = _by_row(rowid, r_n)
    n_leaves = 1
    while n_leaves < r_n:
        n_leaves *= 2
    return (rowid, start, cells, colid, r_n, np.empty(r_n, dtype=np.int64),
            np.empty(r_n, dtype=np.int64), np.empty(r_n, dtype=np.int64),
            np.full(c_n, -1, dtype=np.int64), np.zeros(c_n, dtype=np.bool_),
            np.empty(r_n, dtype=np.int64), np.empty(2 * n_leaves, dtype=np.int64),
            np.zeros(2 * n_leaves, dtype=np.int64))


@njit(cache=True)
def greedy_overlaps(values, gold, pred, g_n, k_n):
    """``(B,)`` greedy 1-1 overlaps of the tables ``values`` ``(B, c)``.

    Whole counts (``max count * c`` below 2**62) take :func:`_greedy_keyed`,
    other values (fractions) a stable sort of the cells.
    """
    out = np.zeros(values.shape[0])
    if _keyable(values):
        space = _greedy_space(gold, pred, g_n, k_n)
        for b in range(values.shape[0]):
            out[b] = _greedy_keyed(values[b], *space)
        return out
    used_r = np.zeros(g_n, dtype=np.bool_)
    used_c = np.zeros(k_n, dtype=np.bool_)
    for b in range(values.shape[0]):
        out[b] = _sorted_greedy(values[b], gold, pred, used_r, used_c)
    return out


#: the largest table total whose pair count ``sum x (x - 1)`` stays exact in float64
_EXACT_PAIRS = 2.0 ** 26


@njit(cache=True)
def _block_sum(a, lo, n):
    """numpy's sum of a run of at most 128 numbers: eight running sums, then the rest."""
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res += a[i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    end = lo + n - n % 8
    i = lo + 8
    while i < end:
        r0 += a[i]
        r1 += a[i + 1]
        r2 += a[i + 2]
        r3 += a[i + 3]
        r4 += a[i + 4]
        r5 += a[i + 5]
        r6 += a[i + 6]
        r7 += a[i + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < lo + n:
        res += a[i]
        i += 1
    return res


@njit(cache=True)
def margins_xlogx(margins, xlogx):
    """``(B,)`` sums of ``x log x`` over each row of ``(B, n)`` whole counts ``margins``,
    each looked up in ``xlogx`` (the values of the counts 0, 1, ...) and added in column
    order, one after the other: numpy's sum over axis 1 of the same numbers in Fortran
    order when ``B >= 2`` (a single row numpy sums pairwise).  ``nan`` for a row with a
    count beyond ``xlogx``."""
    b_n, n = margins.shape
    out = np.zeros(b_n)
    top = len(xlogx)
    for b in range(b_n):
        t = 0.0
        for j in range(n):
            x = margins[b, j]
            if not x < top:
                t = np.nan
                break
            t += xlogx[np.int64(x)]
        out[b] = t
    return out


@njit(cache=True)
def numpy_sum(a, lo, n):
    """``a[lo:lo + n].sum()`` in numpy's order (its pairwise summation of a contiguous run:
    blocks of at most 128 numbers in eight running sums, halves of longer runs, cut at
    multiples of 8), so the same float64 to the last bit.

    The halving runs on a stack of its own rather than by recursion: numba's cache
    does not keep a function that calls itself safely.

    Example
    -------
    >>> a = np.arange(1000) * 0.1
    >>> bool(numpy_sum(a, 0, 1000) == a.sum()), bool(numpy_sum(a, 3, 200) == a[3:203].sum())
    (True, True)
    """
    starts = np.empty(64, dtype=np.int64)
    sizes = np.empty(64, dtype=np.int64)
    halves = np.empty(64, dtype=np.int64)
    right = np.zeros(64, dtype=np.bool_)   # the frame's left half is summed, in ``left``
    left = np.empty(64)
    top = 0
    starts[0] = lo
    sizes[0] = n
    while True:
        if sizes[top] > 128:    # sum the left half first
            half = sizes[top] // 2
            half -= half % 8
            halves[top] = half
            right[top] = False
            starts[top + 1] = starts[top]
            sizes[top + 1] = half
            top += 1
            continue
        res = _block_sum(a, starts[top], sizes[top])
        while True:             # hand the sum up to the frames it completes
            if top == 0:
                return res
            top -= 1
            if right[top]:
                res = left[top] + res
            else:
                left[top] = res
                right[top] = True
                starts[top + 1] = starts[top] + halves[top]
                sizes[top + 1] = sizes[top] - halves[top]
                top += 1
                break


@njit(cache=True)
def _one_pass(x, gold, pred, rows, cols, col_max):
    """Add table ``x``'s cells to its row sums ``rows``, column sums ``cols`` and each
    column's largest cell ``col_max``; return how many values are not whole counts >= 0,
    the largest value, the total and ``sum x (x - 1)``.

    A function of its own: compiled inside :func:`table_summaries`, the same loop ran
    40% slower.
    """
    total = 0.0
    tp = 0.0
    top = 0.0
    odd = 0
    c_n = len(x)
    row = gold[0] if c_n else 0
    in_row = 0.0
    # no branch on empty cells: they add 0 (the counts are whole, never negative); a row's
    # cells come one after the other (flat order), so its sum stays in a register
    for j in range(c_n):
        c = x[j]
        odd += (c < 0) | (c != np.floor(c))    # nan too
        top = max(top, c)
        if gold[j] != row:
            rows[row] += in_row
            row = gold[j]
            in_row = 0.0
        in_row += c
        cols[pred[j]] += c
        tp += c * (c - 1.0)
        total += c
        col_max[pred[j]] = max(col_max[pred[j]], c)
    if c_n:
        rows[row] += in_row
    return odd, top, total, tp


@njit(cache=True)
def table_summaries(values, gold, pred, g_n, k_n, want_m1, want_greedy, want_optimal, xlogx):
    """What the token measures need of each table of whole counts, in one pass over it.

    Returns ``(whole, rows, cols, pairs, m1, greedy, optimal, x_cells)``:
    whether every value is a whole count >= 0 and every table's total is below
    2**52 (if not, the pass stops there and the caller takes its general path),
    the ``(B, G)`` row and ``(B, K)`` column sums, ``sum x (x - 1)`` over the
    cells (``nan`` when a total reaches :data:`_EXACT_PAIRS`, where it would not
    be exact), the M-1, greedy 1-1 and optimal 1-1 overlaps (0 when not wanted),
    and the cells' ``sum x log x``, each ``x log x`` looked up in ``xlogx``
    (numpy's values of the counts 0, 1, ..., covering the largest; empty: not
    computed, or ``nan`` where a count is beyond it) and summed in numpy's
    order (:func:`numpy_sum`).  Every other
    figure is a sum of whole numbers below 2**53, exact in any order: each is
    numpy's, bit for bit.
    """
    b_n, c_n = values.shape
    rows = np.zeros((b_n, g_n))
    cols = np.zeros((b_n, k_n))
    pairs = np.zeros(b_n)
    m1 = np.zeros(b_n)
    greedy = np.zeros(b_n)
    optimal = np.zeros(b_n)
    x_cells = np.zeros(b_n)
    col_max = np.zeros(k_n)
    looked_up = np.empty(c_n)
    g_space = _greedy_space(gold, pred, g_n, k_n)
    used_r = np.zeros(g_n, dtype=np.bool_)
    used_c = np.zeros(k_n, dtype=np.bool_)
    space = _optimal_space(gold, pred, g_n, k_n)
    for b in range(b_n):
        x = values[b]
        odd, top, total, tp = _one_pass(x, gold, pred, rows[b], cols[b], col_max)
        if odd or not total < 2.0 ** 52:
            return False, rows, cols, pairs, m1, greedy, optimal, x_cells
        pairs[b] = tp if total < _EXACT_PAIRS else np.nan
        if want_m1:
            m1[b] = col_max.sum()
        col_max[:] = 0.0
        if top < len(xlogx):
            for j in range(c_n):
                looked_up[j] = xlogx[np.int64(x[j])]
            x_cells[b] = numpy_sum(looked_up, 0, c_n)
        elif len(xlogx):   # a count beyond the table: the caller computes them
            x_cells[b] = np.nan
        if want_greedy:
            if top * c_n < 2.0 ** 62:
                greedy[b] = _greedy_keyed(x, *g_space)
            else:
                greedy[b] = _sorted_greedy(x, gold, pred, used_r, used_c)
        if want_optimal:
            optimal[b] = _optimal_table(x, *space)
    return True, rows, cols, pairs, m1, greedy, optimal, x_cells
