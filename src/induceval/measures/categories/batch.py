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
from induceval.measures.categories._assign import (
    greedy_overlaps,
    margins_xlogx,
    optimal_overlaps,
    table_summaries,
    whole_counts,
)
from induceval.measures.categories.token import log_factor

__all__ = ["token_scores_batch", "cell_scores_batch", "Cells"]

_ALL = ("m1", "1to1", "1to1_greedy", "vi", "nvi", "v", "homogeneity", "completeness",
        "h_c_given_k", "h_k_given_c", "pp", "pr", "pf")
#: the measures that need the cells' entropy term
_ENTROPIC = frozenset(("vi", "nvi", "v", "homogeneity", "completeness", "h_c_given_k",
                       "h_k_given_c"))
#: the measures that need the pair counts
_PAIRS = frozenset(("pp", "pr", "pf"))


def _xlogx(x: np.ndarray, axis) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0).sum(axis=axis)


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
    table = _xlogx_table(x.max(initial=0.0))
    if len(x) > 1 and len(table):
        out = margins_xlogx(np.ascontiguousarray(x, dtype=np.float64), table)
        if not np.isnan(out).any():
            return out
    f = np.asfortranarray(x)
    return table[f.astype(np.int64)].sum(axis=1) if len(table) else _xlogx(f, axis=1)


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
    return greedy_overlaps(np.ascontiguousarray(values, dtype=np.float64), gold, pred,
                           int(shape[0]), int(shape[1]))


def _optimal(values: np.ndarray, gold: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """The optimal 1-1 overlap of each table given by its cells (``values`` ``(B, c)``).

    The assignment is solved on the rows and columns that have a cell: rows or
    columns of zeros (never counted in any table of the batch, or not drawn by
    one resample) cannot raise or lower the best matching of non-negative counts.
    """
    from scipy.optimize import linear_sum_assignment

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
    v = np.ascontiguousarray(np.atleast_2d(np.asarray(values, dtype=np.float64)))
    g, k = cells.shape
    want = set(_ALL if measures is None else measures)
    # one compiled pass per table for margins, pair count, overlaps and the cells' x log x
    # (numpy's values and order): exact sums; it stops at a value that is not a count
    whole, rows, cols, tp, m1, greedy, optimal, x_cells = table_summaries(
        v, cells.gold, cells.pred, g, k, "m1" in want, "1to1_greedy" in want, "1to1" in want,
        _xlogx_table(v.max(initial=0.0)) if want & _ENTROPIC else _TABLE[0][:0])
    if whole:
        if np.isnan(tp).any():   # totals too large for an exact pair count: numpy's sums
            tp = (v * (v - 1)).sum(axis=1)
        if want & _ENTROPIC and np.isnan(x_cells).any():   # counts beyond the table
            x_cells = _xlogx(v, axis=1)
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
        x_cells=lambda: _xlogx(v, axis=1),
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
    """
    t = np.asarray(tables, dtype=np.float64)
    if t.ndim == 2:
        t = t[None]
    flat = t.reshape(len(t), -1)
    nz = np.flatnonzero(flat.any(axis=0))
    cells = Cells.of(nz, t.shape[1:])
    return _scores(
        want=set(_ALL if measures is None else measures), log_base=log_base, beta=beta,
        rows=t.sum(axis=2), cols=t.sum(axis=1), x_cells=lambda: _xlogx(flat, axis=1),
        tp=(flat * (flat - 1)).sum(axis=1) / 2,
        m1=lambda: t.max(axis=1).sum(axis=1) if t.shape[1] else np.zeros(len(t)),
        optimal=lambda: _optimal(flat[:, nz], cells.gold, cells.pred),
        greedy=lambda: _greedy(flat[:, nz], cells.gold, cells.pred, cells.shape))


def _scores(*, want, log_base, beta, rows, cols, x_cells, tp, m1, optimal, greedy,
            margins_xlogx=None) -> dict:
    """Every measure in ``want`` from the batch's margins, cell entropy sum and pair count.

    ``m1``, ``optimal`` and ``greedy``: callables giving the summed overlaps
    of the M-1, optimal 1-1 and greedy 1-1 mappings, ``x_cells`` the cells'
    ``sum x log x`` (each computed only when a measure needs it);
    ``margins_xlogx``: the margins' ``sum x log x`` along axis 1 (default
    :func:`_xlogx`; :func:`_xlogx_counts` for whole counts, the same numbers).
    """
    lf = log_factor(log_base)
    n = rows.sum(axis=1)
    empty = n == 0
    safe_n = np.where(empty, 1.0, n)
    nan = np.nan
    out: dict[str, np.ndarray] = {}

    def put(name, value):
        if name in want:
            out[name] = np.where(empty, nan, value)

    with np.errstate(divide="ignore", invalid="ignore"):
        if "m1" in want:
            put("m1", m1() / safe_n)
        if "1to1" in want:
            put("1to1", optimal() / safe_n)
        if "1to1_greedy" in want:
            put("1to1_greedy", greedy() / safe_n)
        if want & _ENTROPIC:    # the margins' x log x only then (a third of frank2009's scoring)
            _entropic(put, lf, beta, rows, cols, x_cells(), safe_n,
                      margins_xlogx or (lambda x: _xlogx(x, axis=1)))
        if want & _PAIRS:
            pred_pairs = (cols * (cols - 1)).sum(axis=1) / 2
            gold_pairs = (rows * (rows - 1)).sum(axis=1) / 2
            pp = np.where(pred_pairs == 0, 1.0, tp / np.where(pred_pairs == 0, 1.0, pred_pairs))
            pr = np.where(gold_pairs == 0, 1.0, tp / np.where(gold_pairs == 0, 1.0, gold_pairs))
            put("pp", pp)
            put("pr", pr)
            put("pf", np.where(pp + pr == 0, 0.0,
                               2 * pp * pr / np.where(pp + pr == 0, 1.0, pp + pr)))
    return {k: out[k] for k in _ALL if k in out}


def _entropic(put, lf, beta, rows, cols, x_cells, safe_n, margins_xlogx) -> None:
    """The entropy measures from the margins, the cells' ``sum x log x`` and the totals."""
    logn = np.log(safe_n)
    x_rows = margins_xlogx(rows)
    x_cols = margins_xlogx(cols)
    one_row = np.count_nonzero(rows, axis=1) <= 1
    one_col = np.count_nonzero(cols, axis=1) <= 1
    hc_e = np.where(one_row, 0.0, np.maximum(logn - x_rows / safe_n, 0.0))
    hk_e = np.where(one_col, 0.0, np.maximum(logn - x_cols / safe_n, 0.0))
    hck_e = np.maximum((x_cols - x_cells) / safe_n, 0.0)
    hkc_e = np.maximum((x_rows - x_cells) / safe_n, 0.0)
    mi_e = np.maximum((x_cells - x_rows - x_cols) / safe_n + logn, 0.0)
    h_ck, h_kc = hck_e / lf, hkc_e / lf
    vi = h_ck + h_kc
    put("vi", vi)
    put("h_c_given_k", h_ck)
    put("h_k_given_c", h_kc)
    hc = hc_e / lf
    put("nvi", np.where(hc == 0, hk_e / lf, vi / np.where(hc == 0, 1.0, hc)))
    hom = np.where(hc_e == 0, 1.0, mi_e / np.where(hc_e == 0, 1.0, hc_e))
    com = np.where(hk_e == 0, 1.0, mi_e / np.where(hk_e == 0, 1.0, hk_e))
    put("homogeneity", hom)
    put("completeness", com)
    den = beta * hom + com
    put("v", np.where(den == 0, 0.0, (1 + beta) * hom * com / np.where(den == 0, 1.0, den)))

