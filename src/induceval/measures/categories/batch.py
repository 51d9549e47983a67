"""Token measures of many contingency tables at once (for resampling).

:func:`token_scores_batch` takes ``B`` tables stacked as a ``(B, G, K)``
array (e.g. all bootstrap resamples of a corpus) and returns every measure
of :func:`induceval.measures.categories.evaluate.token_scores` for each,
with the same definitions and edge cases: M-1 and the entropy and pair
measures are vectorised; 1-1 solves one assignment problem per table, and
greedy 1-1 runs a compiled loop per table.

Example
-------
>>> import numpy as np
>>> from induceval.measures.categories.contingency import contingency
>>> from induceval.measures.categories.evaluate import token_scores
>>> t = contingency([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 1])
>>> s = token_scores_batch(t.dense()[None].astype(float))
>>> float(s["m1"][0]) == token_scores(t)["m1"], round(float(s["v"][0]), 6)
(True, 0.386253)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from induceval.errors import ParameterError
from induceval.measures.categories import measures as registry
from induceval.measures.categories.measures import TableQuantities, needs, xlogx
from induceval.measures.result import score_records

__all__ = ["token_scores", "token_scores_batch", "cell_scores_batch", "Cells"]


def _xlogx_counts(x: np.ndarray) -> np.ndarray:
    """:func:`_xlogx` along axis 1 of ``(B, n)`` whole counts in Fortran order (the
    same numbers, added in the same order), from ``x`` in either order.

    Each ``x log x`` is looked up in :func:`_xlogx_table` (numpy's values of the
    counts) and, for ``B >= 2``, added in column order in a compiled pass
    (:func:`~induceval.measures.categories._assign.margins_xlogx`), as numpy
    adds a Fortran-order array over axis 1: the margins need no transpose.  A
    single table, whose one row numpy sums pairwise, or a count beyond the
    lookup takes numpy's sum.
    """
    from induceval.measures.categories._assign import margins_xlogx  # numba: when resampling

    table = _xlogx_table(x.max(initial=0.0))
    if len(x) > 1 and len(table):
        out = margins_xlogx(np.ascontiguousarray(x, dtype=np.float64), table)
        if not np.isnan(out).any():
            return out
    f = np.asfortranarray(x)
    return table[f.astype(np.int64)].sum(axis=1) if len(table) else xlogx(f, axis=1)


#: the largest count whose ``x log x`` :func:`_xlogx_table` keeps (8 MB)
_LOOKUP_TOP = 1 << 20
#: the table kept between calls (it only grows): a batch of resamples costs no logarithm
_TABLE: list = [np.zeros(0)]


def _xlogx_table(top: float) -> np.ndarray:
    """numpy's ``x log x`` of the counts ``0 .. top`` at least (kept, grown by doubling),
    or an empty table when ``top`` is beyond :data:`_LOOKUP_TOP` (or not a number)."""
    table = _TABLE[0]
    if not top < len(table):
        if not top <= _LOOKUP_TOP:
            return np.zeros(0)
        r = np.arange(max(int(top) + 1, 2 * len(table), 1024), dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            table = _TABLE[0] = np.where(r > 0, r * np.log(np.where(r > 0, r, 1.0)), 0.0)
    return table


def _greedy(values: np.ndarray, gold: np.ndarray, pred: np.ndarray, shape) -> np.ndarray:
    from induceval.measures.categories._assign import greedy_overlaps

    return greedy_overlaps(np.ascontiguousarray(values, dtype=np.float64), gold, pred,
                           int(shape[0]), int(shape[1]))


def _optimal(values: np.ndarray, gold: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """The optimal 1-1 overlap of each table given by its cells (``values`` ``(B, c)``).

    The assignment is solved on the rows and columns that have a cell: rows or
    columns of zeros (never counted in any table of the batch, or not drawn by
    one resample) cannot raise or lower the best matching of non-negative counts.
    """
    from scipy.optimize import linear_sum_assignment

    from induceval.measures.categories._assign import optimal_overlaps, whole_counts

    if whole_counts(values):
        # counts: one compiled call for the batch, each table on its own non-empty rows and
        # columns; the same optimum as scipy's (exact sums), without a Python call per table
        return optimal_overlaps(np.ascontiguousarray(values, dtype=np.float64), gold, pred,
                                int(gold.max(initial=-1)) + 1, int(pred.max(initial=-1)) + 1)
    rows, gi = np.unique(gold, return_inverse=True)
    cols, ki = np.unique(pred, return_inverse=True)
    out = np.zeros(len(values))
    if not len(rows) or not len(cols):
        return out
    sub = np.zeros((len(rows), len(cols)))
    for b, v in enumerate(values):
        if not v.any():
            continue
        sub[gi, ki] = v
        r, c = linear_sum_assignment(sub, maximize=True)
        out[b] = sub[r, c].sum()
    return out


@dataclass(frozen=True)
class Cells:
    """The cells of a ``G x K`` table that can hold counts (flat row-major order).

    A batch of tables (the resamples of a corpus) is then a ``(B, c)`` array
    of the counts of these ``c`` cells; :func:`cell_scores_batch` scores it as
    :func:`token_scores_batch` scores the dense ``(B, G, K)`` tables, at a cost
    that grows with ``c`` instead of ``G x K``.

    Example
    -------
    >>> c = Cells.of([1, 4, 5], (2, 3))
    >>> c.gold.tolist(), c.pred.tolist()
    ([0, 1, 1], [1, 1, 2])
    """

    flat: np.ndarray
    shape: tuple
    gold: np.ndarray
    pred: np.ndarray

    @classmethod
    def of(cls, flat, shape) -> Cells:
        """The cells at flat (row-major) indices ``flat`` (increasing) of a ``shape`` table."""
        flat = np.asarray(flat, dtype=np.int64)
        g, k = (int(x) for x in shape)
        if len(flat) and (np.any(np.diff(flat) <= 0) or flat[0] < 0 or flat[-1] >= g * k):
            raise ParameterError(f"cells must be increasing flat indices below {g * k}")
        gold, pred = np.divmod(flat, max(k, 1))
        return cls(flat, (g, k), gold.astype(np.int64), pred.astype(np.int64))


def _sum_by(values: np.ndarray, index: np.ndarray, size: int) -> np.ndarray:
    """``(B, size)`` sums of the columns of ``values`` with the same ``index``."""
    from scipy import sparse as sp

    ind = sp.csr_matrix((np.ones(len(index)), (np.arange(len(index)), index)),
                        shape=(len(index), size))
    return np.asarray((ind.T @ values.T).T, dtype=np.float64).reshape(len(values), size)


def _max_by(values: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``(B,)`` sums, over the groups of equal ``index``, of each group's largest value."""
    if not values.shape[1]:
        return np.zeros(len(values))
    order = np.argsort(index, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(index[order]) != 0])
    return np.maximum.reduceat(values[:, order], starts, axis=1).clip(min=0).sum(axis=1)


def cell_scores_batch(values: np.ndarray, cells: Cells, *, log_base: float | str = 2,
                      beta: float = 1.0, measures: Sequence[str] | None = None
                      ) -> dict[str, np.ndarray]:
    """:func:`token_scores_batch` of ``B`` tables given by the counts of their :class:`Cells`.

    ``values``: ``(B, c)`` counts of ``cells`` (the other cells are 0).  The
    same scores as :func:`token_scores_batch` of the dense tables (the
    entropies may differ in the last bits: their sums skip the empty cells).

    Parameters
    ----------
    values
        ``(B, c)`` counts of the cells of ``cells``.
    cells
        The :class:`Cells` (positions in a ``G x K`` table) the values count.
    log_base, beta, measures
        As in :func:`token_scores_batch`.

    Returns
    -------
    dict of str to numpy.ndarray
        Measure name -> ``(B,)`` scores.

    Example
    -------
    >>> import numpy as np
    >>> t = np.array([[[3.0, 1, 0], [0, 0, 2]]])
    >>> c = Cells.of(np.flatnonzero(t[0]), (2, 3))
    >>> a = cell_scores_batch(t.reshape(1, -1)[:, c.flat], c)
    >>> b = token_scores_batch(t)
    >>> all(np.allclose(a[k], b[k]) for k in b), sorted(a) == sorted(b)
    (True, True)
    """
    from induceval.measures.categories._assign import table_summaries

    v = np.ascontiguousarray(np.atleast_2d(np.asarray(values, dtype=np.float64)))
    g, k = cells.shape
    want = _wanted(measures)
    need = needs(want)
    # one compiled pass per table for margins, pair count, overlaps and the cells' x log x
    # (numpy's values and order): exact sums; it stops at a value that is not a count
    whole, rows, cols, tp, m1, greedy, optimal, x_cells = table_summaries(
        v, cells.gold, cells.pred, g, k, "m1" in need, "greedy" in need, "optimal" in need,
        _xlogx_table(v.max(initial=0.0)) if "x_cells" in need else _TABLE[0][:0])
    if whole:
        if np.isnan(tp).any():   # totals too large for an exact pair count: numpy's sums
            tp = (v * (v - 1)).sum(axis=1)
        if "x_cells" in need and np.isnan(x_cells).any():   # counts beyond the table
            x_cells = xlogx(v, axis=1)
        # the margins' x log x added in column order, as numpy adds those of the general
        # path below (Fortran order, as the sparse product gives them): the entropies
        # stay the same to the last bit
        return _scores(want=want, log_base=log_base, beta=beta, rows=rows, cols=cols,
                       x_cells=lambda: x_cells, tp=tp / 2,
                       m1=lambda: m1, optimal=lambda: optimal, greedy=lambda: greedy,
                       margins_xlogx=_xlogx_counts)
    return _scores(
        want=want, log_base=log_base, beta=beta,
        rows=_sum_by(v, cells.gold, g), cols=_sum_by(v, cells.pred, k),
        x_cells=lambda: xlogx(v, axis=1),
        tp=(v * (v - 1)).sum(axis=1) / 2,
        m1=lambda: _max_by(v, cells.pred),
        optimal=lambda: _optimal(v, cells.gold, cells.pred),
        greedy=lambda: _greedy(v, cells.gold, cells.pred, cells.shape))


def token_scores_batch(tables: np.ndarray, *, log_base: float | str = 2, beta: float = 1.0,
                       measures: Sequence[str] | None = None) -> dict[str, np.ndarray]:
    """Every token measure of each of ``B`` stacked ``G x K`` tables.

    ``tables``: ``(B, G, K)`` counts; ``log_base``, ``beta``: as in
    ``token_scores``; ``measures``: those to compute (default: all; the
    costly 1-1 mappings are skipped when not asked for).  Returns measure
    name -> ``(B,)`` array, ``nan`` for empty tables.

    Parameters
    ----------
    tables
        ``(B, G, K)`` counts (a single ``(G, K)`` table is one batch).
    log_base, beta
        As in :func:`token_scores`.
    measures
        The measures to compute (default: every one).

    Returns
    -------
    dict of str to numpy.ndarray
        Measure name -> ``(B,)`` scores.

    Example
    -------
    >>> import numpy as np
    >>> s = token_scores_batch(np.array([[[2, 0], [0, 2]], [[1, 1], [1, 1]]]), measures=["m1"])
    >>> s["m1"].tolist()
    [1.0, 0.5]
    """
    t = np.asarray(tables, dtype=np.float64)
    if t.ndim == 2:
        t = t[None]
    flat = t.reshape(len(t), -1)
    nz = np.flatnonzero(flat.any(axis=0))
    cells = Cells.of(nz, t.shape[1:])
    return _scores(
        want=_wanted(measures), log_base=log_base, beta=beta,
        rows=t.sum(axis=2), cols=t.sum(axis=1), x_cells=lambda: xlogx(flat, axis=1),
        tp=(flat * (flat - 1)).sum(axis=1) / 2,
        m1=lambda: t.max(axis=1).sum(axis=1) if t.shape[1] else np.zeros(len(t)),
        optimal=lambda: _optimal(flat[:, nz], cells.gold, cells.pred),
        greedy=lambda: _greedy(flat[:, nz], cells.gold, cells.pred, cells.shape))


def _wanted(measures: Sequence[str] | None) -> list[str]:
    """The token measures asked for, in the registry's order (default: all)."""
    if measures is None:
        return [m.name for m in registry.TOKEN]
    unknown = [m for m in measures if m not in registry.TOKEN_BY_NAME]
    if unknown:
        raise ParameterError(f"unknown token measure {unknown[0]!r}; known: "
                             f"{', '.join(registry.TOKEN_BY_NAME)}")
    return [m.name for m in registry.TOKEN if m.name in measures]


def _scores(*, want, log_base, beta, rows, cols, x_cells, tp, m1, optimal, greedy,
            margins_xlogx=None) -> dict:
    """Every measure in ``want`` from the batch's :class:`TableQuantities` (``nan`` for
    empty tables); see :class:`TableQuantities` for the arguments."""
    q = TableQuantities(rows=rows, cols=cols, tp=tp, x_cells=x_cells, m1=m1, optimal=optimal,
                        greedy=greedy, margins_xlogx=margins_xlogx, log_base=log_base,
                        beta=beta)
    return {name: np.where(q.empty, np.nan, value)
            for name, value in score_records(registry.TOKEN, q, want).items()}


def _sorted_xlogx(x: np.ndarray) -> np.ndarray:
    return xlogx(np.sort(x, axis=1), axis=1)


def token_scores(table, *, log_base: float | str = 2, beta: float = 1.0,
                 measures: Sequence[str] | None = None) -> dict[str, float]:
    """Every token measure of one contingency table: the one-table case of the records
    every resample is scored with (:func:`cell_scores_batch`).

    The ``x log x`` of the cells and of the margins are summed in sorted order,
    so that equal partitions (the same multiset of counts) give entropies that
    cancel exactly (VI is 0 for a prediction equal to the gold up to
    relabelling); a resample's sums may differ from these in the last bits.
    The mappings' overlaps come from :mod:`.mappings`: one table is scored
    without loading the compiled kernels.

    Parameters
    ----------
    table
        A :class:`~induceval.measures.categories.contingency.ContingencyTable`.
    log_base, beta
        ``2`` (bits) or ``"e"`` (nats) for VI, NVI and the entropies; the V-measure weight.
    measures
        The measures to compute (default: every one of the registry).

    Returns
    -------
    dict of str to float
        Measure name -> score.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> s = token_scores(contingency([0, 1], [0, 1]))
    >>> s["m1"], s["vi"], s["v"], s["pp"]
    (1.0, 0.0, 1.0, 1.0)
    """
    from induceval.measures.categories.mappings import mapped_overlap, one_to_one_mapping

    cells = np.asarray(table.nonzero_values(), dtype=np.float64)[None]
    out = _scores(
        want=_wanted(measures), log_base=log_base, beta=beta,
        rows=table.row_sums.astype(np.float64)[None],
        cols=table.col_sums.astype(np.float64)[None],
        x_cells=lambda: _sorted_xlogx(cells), margins_xlogx=_sorted_xlogx,
        tp=(cells * (cells - 1)).sum(axis=1) / 2,
        m1=lambda: np.array([float(table.col_max().sum())]),
        optimal=lambda: np.array([float(mapped_overlap(table, one_to_one_mapping(table)))]),
        greedy=lambda: np.array([float(mapped_overlap(table,
                                                      one_to_one_mapping(table, "greedy")))]))
    return {name: float(v[0]) for name, v in out.items()}
