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
  flat row-major order, as a stable sort does), its cells ordered by a
  counting sort of the counts (or a sort of integer keys ``-count * c + j``
  when counts are large, a stable sort for fractions),
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

__all__ = ["optimal_overlaps", "greedy_overlaps", "table_summaries", "whole_counts"]


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
def _bucket_cells(values, b, top, start, gold, pred, cell_g, cell_k, cell_x):
    """The cells of table ``b`` with counts in greedy order (the largest first, ties in
    flat order), by a counting sort on ``top - count``, as their rows, columns and counts
    side by side; returns how many.

    Without a branch on the count: the empty cells go to a bucket of their own, after
    the others (a branch per cell, taken at random, costs more than the sort).
    """
    x = values[b]
    start[:top + 2] = 0
    for j in range(len(x)):
        start[top - np.int64(x[j]) + 1] += 1
    for q in range(1, top + 2):
        start[q] += start[q - 1]
    n = start[top]
    for j in range(len(x)):   # in flat order: ties stay in it
        q = top - np.int64(x[j])
        p = start[q]
        cell_g[p] = gold[j]
        cell_k[p] = pred[j]
        cell_x[p] = x[j]
        start[q] = p + 1
    return n


@njit(cache=True)
def _key_order(values, b, keys, order):
    """The cells of table ``b`` with counts in greedy order, by sorting the integer keys
    ``-count * c + j`` (counts too large for buckets); returns how many."""
    c_n = values.shape[1]
    end = 0
    for j in range(c_n):
        x = values[b, j]
        if x > 0:
            keys[end] = -np.int64(x) * c_n + j
            end += 1
    order[:end] = np.sort(keys[:end]) % c_n
    return end


@njit(cache=True)
def _take_greedy(cell_g, cell_k, cell_x, n, left, used_r, used_c):
    """The greedy 1-1 overlap from the ``n`` cells with counts in greedy order, stopping
    once ``left`` pairs (the table's non-empty rows or columns, the fewer) are taken."""
    used_r[:] = False
    used_c[:] = False
    total = 0.0
    p = 0
    while left > 0 and p < n:
        i = cell_g[p]
        k = cell_k[p]
        if not (used_r[i] or used_c[k]):
            used_r[i] = True
            used_c[k] = True
            total += cell_x[p]
            left -= 1
        p += 1
    return total


@njit(cache=True)
def _pairs_left(cell_g, cell_k, n, used_r, used_c):
    """The most pairs a matching of these cells can hold: their rows or their columns,
    the fewer."""
    used_r[:] = False
    used_c[:] = False
    n_r = n_c = 0
    for p in range(n):
        if not used_r[cell_g[p]]:
            used_r[cell_g[p]] = True
            n_r += 1
        if not used_c[cell_k[p]]:
            used_c[cell_k[p]] = True
            n_c += 1
    return min(n_r, n_c)


@njit(cache=True)
def _greedy_space(values, g_n, k_n):
    """How :func:`_greedy_table` orders the cells of these tables, and its work arrays."""
    c_n = values.shape[1]
    top = np.int64(values.max()) if values.size else 0
    whole = True
    for x in values.ravel():
        if x < 0 or x != np.floor(x) or x * c_n >= 2.0 ** 62:
            whole = False
            break
    buckets = whole and top <= 4 * c_n + 64
    return (top, whole, buckets, np.empty(top + 2 if buckets else 1, dtype=np.int64),
            np.empty(c_n, dtype=np.int64), np.empty(c_n, dtype=np.int64),
            np.empty(c_n, dtype=np.int64), np.empty(c_n, dtype=np.int64), np.empty(c_n),
            np.zeros(g_n, dtype=np.bool_), np.zeros(k_n, dtype=np.bool_))


@njit(cache=True)
def _greedy_table(values, b, gold, pred, left, top, whole, buckets, start, keys, order, cell_g,
                  cell_k, cell_x, used_r, used_c):
    """The greedy 1-1 overlap of table ``b`` (work space from :func:`_greedy_space`);
    ``left``: its non-empty rows or columns, the fewer (-1: count them)."""
    c_n = values.shape[1]
    if buckets:
        n = _bucket_cells(values, b, top, start, gold, pred, cell_g, cell_k, cell_x)
    else:
        if whole:
            n = _key_order(values, b, keys, order)
        else:
            # the largest first, ties in flat order; the cells without a count come last
            order[:] = np.argsort(-values[b], kind="mergesort")
            n = 0
            while n < c_n and values[b, order[n]] > 0:
                n += 1
        for p in range(n):
            j = order[p]
            cell_g[p] = gold[j]
            cell_k[p] = pred[j]
            cell_x[p] = values[b, j]
    if left < 0:
        left = _pairs_left(cell_g, cell_k, n, used_r, used_c)
    return _take_greedy(cell_g, cell_k, cell_x, n, left, used_r, used_c)


@njit(cache=True)
def greedy_overlaps(values, gold, pred, g_n, k_n):
    """``(B,)`` greedy 1-1 overlaps of the tables ``values`` ``(B, c)``.

    Whole counts (``max count * c`` below 2**62) are ordered by a counting
    sort when they are small against the number of cells (resamples of a
    corpus of some thousand sentences), else by sorting integer keys; other values
    (fractions) by a stable sort of the cells.
    """
    out = np.zeros(values.shape[0])
    space = _greedy_space(values, g_n, k_n)
    for b in range(values.shape[0]):
        out[b] = _greedy_table(values, b, gold, pred, -1, *space)
    return out


#: the largest table total whose pair count ``sum x (x - 1)`` stays exact in float64
_EXACT_PAIRS = 2.0 ** 26


@njit(cache=True)
def table_summaries(values, gold, pred, g_n, k_n, want_m1, want_greedy, want_optimal):
    """What the token measures need of each table of whole counts, in one pass over it.

    Returns ``(rows, cols, pairs, m1, greedy, optimal)``: the ``(B, G)`` row
    and ``(B, K)`` column sums, ``sum x (x - 1)`` over the cells (``nan``
    when a total reaches :data:`_EXACT_PAIRS`, where it would not be exact),
    and the M-1, greedy 1-1 and optimal 1-1 overlaps (0 when not wanted).
    Every figure is a sum of whole numbers below 2**53, exact in any order:
    the same as numpy's sums, bit for bit.
    """
    b_n, c_n = values.shape
    rows = np.zeros((b_n, g_n))
    cols = np.zeros((b_n, k_n))
    pairs = np.zeros(b_n)
    m1 = np.zeros(b_n)
    greedy = np.zeros(b_n)
    optimal = np.zeros(b_n)
    col_max = np.zeros(k_n)
    g_space = _greedy_space(values if want_greedy else values[:0], g_n, k_n)
    space = _optimal_space(gold, pred, g_n, k_n)
    for b in range(b_n):
        x = values[b]
        total = 0.0
        tp = 0.0
        # no branch on empty cells: they add 0 (the counts are whole, never negative)
        for j in range(c_n):
            c = x[j]
            rows[b, gold[j]] += c
            cols[b, pred[j]] += c
            tp += c * (c - 1.0)
            total += c
            col_max[pred[j]] = max(col_max[pred[j]], c)
        pairs[b] = tp if total < _EXACT_PAIRS else np.nan
        if want_m1:
            m1[b] = col_max.sum()
        col_max[:] = 0.0
        if want_greedy:
            left = min(np.count_nonzero(rows[b]), np.count_nonzero(cols[b]))
            greedy[b] = _greedy_table(values, b, gold, pred, left, *g_space)
        if want_optimal:
            optimal[b] = _optimal_table(x, *space)
    return rows, cols, pairs, m1, greedy, optimal
