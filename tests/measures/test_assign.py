"""The compiled 1-1 overlaps of a batch of tables equal scipy's assignment and a plain
greedy, table by table, on batches that look like resamples (rows and columns come
and go, the solver's orientation flips): each table starts from the one before."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from induceval.measures.categories import batch
from induceval.measures.categories._assign import (
    greedy_overlaps,
    margins_xlogx,
    numpy_sum,
    optimal_overlaps,
    table_summaries,
    whole_counts,
)
from induceval.measures.categories.measures import xlogx


def _plain_greedy(table: np.ndarray) -> float:
    flat = table.ravel()
    used_r, used_c, total = set(), set(), 0.0
    for f in np.argsort(-flat, kind="stable"):
        i, j = divmod(int(f), table.shape[1])
        if flat[f] > 0 and i not in used_r and j not in used_c:
            used_r.add(i)
            used_c.add(j)
            total += flat[f]
    return total


def _cells(t: np.ndarray):
    """The cells of a batch of dense tables that hold a count, and their ``(B, c)`` counts."""
    flat = t.reshape(len(t), -1)
    c = batch.Cells.of(np.flatnonzero(flat.any(axis=0)), t.shape[1:])
    return c, np.ascontiguousarray(flat[:, c.flat])


def _resamples(rng, b: int, scale: int = 1) -> np.ndarray:
    g, k = (int(x) for x in rng.integers(1, 12, size=2))
    base = rng.integers(0, 30, size=(g, k)) * (rng.random((g, k)) < rng.uniform(0.2, 1)) * scale
    keep = rng.uniform(0.1, 1, size=b)[:, None, None]
    return rng.binomial(base[None].repeat(b, 0), keep).astype(np.float64)


@pytest.mark.parametrize("seed", range(4))
# counts small and large; at 2**58, count * cells passes 2**62: the greedy sorts the cells
@pytest.mark.parametrize("scale", [1, 10 ** 6, 2 ** 58])
def test_batch_overlaps_equal_scipy_and_plain_greedy(seed, scale):
    rng = np.random.default_rng(seed)
    for _ in range(150):
        t = _resamples(rng, 8, scale)
        c, v = _cells(t)
        g, k = t.shape[1:]
        if scale < 2 ** 52:   # the optimal overlap takes counts whose sums stay exact
            want = [linear_sum_assignment(x, maximize=True) for x in t]
            want = [x[r, cc].sum() for x, (r, cc) in zip(t, want)]
            assert optimal_overlaps(v, c.gold, c.pred, g, k).tolist() == want
        assert greedy_overlaps(v, c.gold, c.pred, g, k).tolist() == [_plain_greedy(x) for x in t]


def test_fractions_take_the_general_path():
    """Counts whose sums would not be exact (fractions) are not given to the kernels."""
    t = np.array([[[0.5, 1.25], [2.0, 0.0]], [[1.0, 0.0], [0.0, 3.0]]])
    assert not whole_counts(t.reshape(2, -1)) and whole_counts(t[1:].reshape(1, -1))
    s = batch.token_scores_batch(t)
    assert s["1to1"].tolist() == [(1.25 + 2.0) / 3.75, 1.0]
    assert s["1to1_greedy"].tolist() == [(2.0 + 1.25) / 3.75, 1.0]


def test_greedy_of_fractions_equals_the_plain_greedy():
    rng = np.random.default_rng(7)
    for _ in range(200):
        t = _resamples(rng, 4) * rng.choice([0.25, 0.5, 1.0])
        t[rng.random(t.shape) < 0.3] += 0.125
        c, v = _cells(t)
        got = greedy_overlaps(v, c.gold, c.pred, *t.shape[1:])
        assert got.tolist() == [_plain_greedy(x) for x in t]


def _random_batches(seed: int, n: int, sizes, counts, density, keep, b: int):
    """``n`` batches of ``b`` resample-like tables: a base table of ``sizes`` rows and
    columns (drawn), whole counts from ``counts`` in a share ``density`` of the cells
    (drawn), each resample keeping a share ``keep`` (drawn) of each count."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        g, k = (int(x) for x in rng.integers(*sizes, size=2))
        base = rng.integers(*counts, size=(g, k)) * (rng.random((g, k)) < rng.uniform(*density))
        t = rng.binomial(base[None].repeat(b, 0), rng.uniform(*keep, size=(b, 1, 1)))
        yield t.astype(np.float64)


def _assert_optimal_is_scipys(t: np.ndarray) -> None:
    c, v = _cells(t)
    want = [x[r, cc].sum() for x in t for r, cc in [linear_sum_assignment(x, maximize=True)]]
    assert optimal_overlaps(v, c.gold, c.pred, *t.shape[1:]).tolist() == want


@pytest.mark.parametrize("seed", range(3))
def test_sparse_tables_with_long_augmenting_paths_equal_scipy(seed):
    """Wide, sparse tables (most cells empty, many rows competing for few columns) make
    the shortest augmenting paths long; the overlaps still equal scipy's."""
    for t in _random_batches(100 + seed, 40, (5, 60), (1, 40), (0.03, 0.3), (0.3, 1), 6):
        _assert_optimal_is_scipys(t)


@pytest.mark.parametrize("seed", range(3))
def test_tables_of_ties_equal_scipy(seed):
    """Counts of 1-3 in many rows and columns: rows tie for columns and take them from
    each other by gaps of 1 in the start before the searches (a row's cheapest two
    columns tie, the steps run out with rows still free, anywhere in the ring of free
    rows); the overlaps still equal scipy's."""
    for t in _random_batches(200 + seed, 60, (2, 40), (1, 4), (0.1, 0.9), (0.5, 1), 5):
        _assert_optimal_is_scipys(t)


@pytest.mark.parametrize("seed", range(3))
def test_greedy_of_ties_and_wide_tables_equals_the_plain_greedy(seed):
    """Counts of 1-3 (ties everywhere: flat order decides) and tables of up to 200 rows
    and columns, with rows on either side: after each column taken, the rows whose best
    cell was in it look again, some more than once, and rows run out of cells."""
    for sizes, counts in (((2, 40), (1, 4)), ((20, 200), (1, 40))):
        for t in _random_batches(300 + seed, 30, sizes, counts, (0.02, 0.6), (0.3, 1), 4):
            c, v = _cells(t)
            got = greedy_overlaps(v, c.gold, c.pred, *t.shape[1:])
            assert got.tolist() == [_plain_greedy(x) for x in t]


@pytest.mark.parametrize("scale", [1, 10 ** 4])   # pair counts exact / too large to be
def test_table_summaries_equal_numpy(scale):
    """Margins, pair counts, M-1 and the cells' x log x from the one compiled pass equal
    numpy's sums bit for bit; a pair count that would not be exact is nan, and so is the
    x log x of a table with a count beyond the lookup table."""
    rng = np.random.default_rng(5)
    for _ in range(60):
        t = _resamples(rng, 5, scale)
        c, v = _cells(t)
        g, k = t.shape[1:]
        top = int(v.max(initial=0))
        table = batch._xlogx_table(top)
        whole, rows, cols, pairs, m1, greedy, optimal, x_cells = table_summaries(
            v, c.gold, c.pred, g, k, True, True, True, table)
        assert whole
        assert np.array_equal(rows, t.sum(axis=2)) and np.array_equal(cols, t.sum(axis=1))
        exact = t.sum(axis=(1, 2)) < 2.0 ** 26
        assert np.array_equal(pairs[exact], (t * (t - 1)).sum(axis=(1, 2))[exact])
        assert np.isnan(pairs[~exact]).all()
        assert np.array_equal(m1, t.max(axis=1).sum(axis=1))
        assert np.array_equal(greedy, greedy_overlaps(v, c.gold, c.pred, g, k))
        assert np.array_equal(optimal, optimal_overlaps(v, c.gold, c.pred, g, k))
        assert np.array_equal(x_cells, xlogx(v, axis=1))
        if top:   # a table one short: the tables holding the largest count are left to numpy
            short = table_summaries(v, c.gold, c.pred, g, k, True, False, False, table[:top])
            beyond = v.max(axis=1) >= top
            assert np.isnan(short[7][beyond]).all()
            assert np.array_equal(short[7][~beyond], x_cells[~beyond])


@pytest.mark.parametrize("bad", [-1.0, 0.5, np.nan, 2.0 ** 52])
def test_table_summaries_stop_at_what_is_not_a_count(bad):
    """A negative, fractional or missing value, or a table total of 2**52 or more, ends
    the pass with ``whole`` False (the caller then takes numpy's path), before any look-up."""
    v = np.array([[1.0, 2.0, 3.0], [1.0, bad, 0.0]])
    got = table_summaries(v, np.array([0, 0, 1]), np.array([0, 1, 1]), 2, 2, True, True,
                          True, batch._xlogx_table(4))
    assert not got[0]
    assert got[1][0].tolist() == [3.0, 3.0]     # the first table was done


def test_numpy_sum_is_numpys_to_the_last_bit():
    """The pairwise order of numpy's sum of a contiguous run (eight running sums per block
    of up to 128, halves at multiples of 8), checked on lengths around every boundary."""
    rng = np.random.default_rng(3)
    for n in [*range(0, 300), 511, 512, 513, 1000, 1023, 1024, 1025, 4099, 8192, 8193, 50000]:
        x = rng.random((2, n)) * 1e6
        x = x * np.log(x + 1)
        want = x.sum(axis=1)
        assert [numpy_sum(x[r], 0, n) for r in range(2)] == want.tolist(), n
        if n > 5:
            assert numpy_sum(x[0], 3, n - 5) == x[0, 3:n - 2].sum()


def test_cell_scores_of_counts_equal_the_general_path_bit_for_bit(monkeypatch):
    """The compiled path for whole counts gives every measure exactly as the general
    (numpy) path does: the intervals of a seed do not change with the path taken."""
    rng = np.random.default_rng(11)
    # wide tables: numpy's sums of 40 or 50 margins depend on the memory order
    base = rng.integers(0, 30, size=(40, 50)) * (rng.random((40, 50)) < 0.3)
    t = rng.binomial(base[None].repeat(30, 0), rng.uniform(0.2, 1, size=(30, 1, 1)))
    t = t.astype(np.float64)
    c, v = _cells(t)
    assert table_summaries(v, c.gold, c.pred, 40, 50, True, True, True, np.zeros(0))[0]
    # one table (numpy sums its one row of margins pairwise), two, and many (column order)
    fast = [batch.cell_scores_batch(v[:b], c) for b in (1, 2, 30)]
    from induceval.measures.categories import _assign

    monkeypatch.setattr(_assign, "table_summaries", lambda *a: (False,) + (None,) * 7)
    for b, got in zip((1, 2, 30), fast):
        slow = batch.cell_scores_batch(v[:b], c)
        assert got.keys() == slow.keys()
        for name in got:
            assert np.array_equal(got[name], slow[name], equal_nan=True), (b, name)


@pytest.mark.parametrize("tables", [1, 2, 9])
def test_margins_x_log_x_are_numpys_sums_of_the_fortran_order(tables):
    """The margins' x log x, looked up and added by the compiled pass (or by numpy for one
    table or a count beyond the lookup), equal numpy's sums over axis 1 of the same
    margins in Fortran order (the general path's) bit for bit, from C or Fortran order."""
    rng = np.random.default_rng(7)
    for width in (3, 50, 300):
        m = (rng.integers(0, 10 ** 5, size=(tables, width)) * (rng.random((tables, width)) < 0.7)
             ).astype(np.float64)
        want = xlogx(np.asfortranarray(m), axis=1)
        assert np.array_equal(batch._xlogx_counts(m), want), width
        assert np.array_equal(batch._xlogx_counts(np.asfortranarray(m)), want), width
        m[-1, 0] = batch._LOOKUP_TOP + 1.0      # beyond any lookup: numpy's logarithms
        assert np.array_equal(batch._xlogx_counts(m),
                              xlogx(np.asfortranarray(m), axis=1)), width
    assert np.isnan(margins_xlogx(np.array([[1.0, 5.0], [2.0, 1.0]]), batch._xlogx_table(4)[:5])[0])
