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

import numpy as np

from induceval.measures.categories.token import log_factor

__all__ = ["token_scores_batch"]

_ALL = ("m1", "1to1", "1to1_greedy", "vi", "nvi", "v", "homogeneity", "completeness",
        "h_c_given_k", "h_k_given_c", "pp", "pr", "pf")


def _xlogx(x: np.ndarray, axis) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0).sum(axis=axis)


def _greedy_kernel():
    from numba import njit

    @njit(cache=True)
    def greedy(tables):
        b_n, g_n, k_n = tables.shape
        out = np.zeros(b_n)
        used_r = np.zeros(g_n, dtype=np.bool_)
        used_c = np.zeros(k_n, dtype=np.bool_)
        for b in range(b_n):
            flat = tables[b].ravel()
            order = np.argsort(-flat, kind="mergesort")
            used_r[:] = False
            used_c[:] = False
            left = min(g_n, k_n)
            total = 0.0
            for f in order:
                if left == 0 or flat[f] <= 0:
                    break
                i = f // k_n
                j = f - i * k_n
                if used_r[i] or used_c[j]:
                    continue
                used_r[i] = True
                used_c[j] = True
                total += flat[f]
                left -= 1
            out[b] = total
        return out

    return greedy


_GREEDY = None


def _greedy(tables: np.ndarray) -> np.ndarray:
    global _GREEDY
    if _GREEDY is None:
        _GREEDY = _greedy_kernel()
    return _GREEDY(np.ascontiguousarray(tables, dtype=np.float64))


def _optimal(tables: np.ndarray) -> np.ndarray:
    from scipy.optimize import linear_sum_assignment

    out = np.empty(len(tables))
    for b, t in enumerate(tables):
        rows = np.flatnonzero(t.sum(axis=1))
        cols = np.flatnonzero(t.sum(axis=0))
        if len(rows) == 0 or len(cols) == 0:
            out[b] = 0.0
            continue
        sub = t[np.ix_(rows, cols)]
        r, c = linear_sum_assignment(sub, maximize=True)
        out[b] = sub[r, c].sum()
    return out


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
    want = set(_ALL if measures is None else measures)
    lf = log_factor(log_base)
    rows = t.sum(axis=2)
    cols = t.sum(axis=1)
    n = rows.sum(axis=1)
    empty = n == 0
    safe_n = np.where(empty, 1.0, n)
    logn = np.log(safe_n)
    x_cells = _xlogx(t.reshape(len(t), -1), axis=1)
    x_rows = _xlogx(rows, axis=1)
    x_cols = _xlogx(cols, axis=1)
    one_row = np.count_nonzero(rows, axis=1) <= 1
    one_col = np.count_nonzero(cols, axis=1) <= 1
    hc_e = np.where(one_row, 0.0, np.maximum(logn - x_rows / safe_n, 0.0))
    hk_e = np.where(one_col, 0.0, np.maximum(logn - x_cols / safe_n, 0.0))
    hck_e = np.maximum((x_cols - x_cells) / safe_n, 0.0)
    hkc_e = np.maximum((x_rows - x_cells) / safe_n, 0.0)
    mi_e = np.maximum((x_cells - x_rows - x_cols) / safe_n + logn, 0.0)
    nan = np.nan
    out: dict[str, np.ndarray] = {}

    def put(name, value):
        if name in want:
            out[name] = np.where(empty, nan, value)

    with np.errstate(divide="ignore", invalid="ignore"):
        if "m1" in want:
            put("m1", t.max(axis=1).sum(axis=1) / safe_n if t.shape[1] else np.zeros(len(t)))
        if "1to1" in want:
            put("1to1", _optimal(t) / safe_n)
        if "1to1_greedy" in want:
            put("1to1_greedy", _greedy(t) / safe_n)
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
        flat = t.reshape(len(t), -1)
        tp = (flat * (flat - 1)).sum(axis=1) / 2
        pred_pairs = (cols * (cols - 1)).sum(axis=1) / 2
        gold_pairs = (rows * (rows - 1)).sum(axis=1) / 2
        pp = np.where(pred_pairs == 0, 1.0, tp / np.where(pred_pairs == 0, 1.0, pred_pairs))
        pr = np.where(gold_pairs == 0, 1.0, tp / np.where(gold_pairs == 0, 1.0, gold_pairs))
        put("pp", pp)
        put("pr", pr)
        put("pf", np.where(pp + pr == 0, 0.0, 2 * pp * pr / np.where(pp + pr == 0, 1.0, pp + pr)))
    return {k: out[k] for k in _ALL if k in out}
