"""Token-level category measures: pure functions of a :class:`ContingencyTable`.

``C`` denotes the gold classes (rows), ``K`` the induced clusters (columns),
``n_ck`` the cells and ``N`` the number of scored tokens.

Edge cases (decided and tested)
-------------------------------
- **Empty input** (``N = 0``): every measure is undefined and returns ``nan``.
- **One gold class** (``H(C) = 0``): homogeneity is 1 (Rosenberg & Hirschberg
  2007); NVI is ``H(K)`` (Reichart & Rappoport 2009, so it depends on the log
  base and is 0 only when the clustering is also a single cluster).
- **One induced cluster** (``H(K) = 0``): completeness is 1.
- **Pairwise P/R with no pairs**: when no two tokens share a cluster
  (``tp + fp = 0``) precision is 1 (no wrong pair was claimed); when no two
  tokens share a gold class recall is 1; F is 0 when P + R = 0.

References
----------
Frank, Goldwater & Keller (2009), CogSci 31 — matched (M-1) accuracy,
pairwise precision and recall, eq. (1).
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction — M-1, 1-1 (greedy, after Christodoulopoulos et al. 2010), VI, V.
Reichart, Abend & Rappoport (2010), CoNLL — H(C|K), H(K|C), NVI, V, §3.
Meilă (2007), Comparing clusterings — VI.
Rosenberg & Hirschberg (2007), EMNLP — V-measure, homogeneity, completeness.

Example
-------
>>> from induceval.measures.categories.contingency import contingency
>>> t = contingency([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 1])
>>> t.dense().tolist()
[[2, 1], [0, 2], [0, 1]]
>>> many_to_one(t), one_to_one(t)
(0.6666666666666666, 0.6666666666666666)
>>> round(v_measure(t), 6)
0.386253
"""

from __future__ import annotations

import math

import numpy as np

from induceval.errors import ParameterError, check_choice
from induceval.measures.categories.contingency import ContingencyTable

__all__ = ["many_to_one", "many_to_one_mapping", "one_to_one", "one_to_one_mapping", "entropy_gold",
           "entropy_pred", "mutual_information", "conditional_entropy_gold",
           "conditional_entropy_pred", "variation_of_information",
           "normalized_variation_of_information", "homogeneity", "completeness", "v_measure",
           "pair_counts", "pairwise_precision", "pairwise_recall", "pairwise_f", "log_factor"]

NAN = float("nan")


def log_factor(log_base: float | str) -> float:
    """Divisor turning natural-log values into ``log_base`` values.

    ``2`` (bits, default of the package), ``"e"`` (nats, as Reichart et al. 2010), or
    any number > 1.

    Example
    -------
    >>> log_factor(2) == math.log(2), log_factor("e")
    (True, 1.0)
    """
    if log_base in ("e", "nats", math.e):
        return 1.0
    if log_base in ("2", "bits"):
        return math.log(2)
    try:
        b = float(log_base)
    except (TypeError, ValueError):
        b = math.nan
    if not b > 1:
        raise ParameterError(f"log_base must be 2, 'e' or a number > 1; got {log_base!r}")
    return math.log(b)


# -- mappings ---------------------------------------------------------------

def many_to_one_mapping(table: ContingencyTable) -> np.ndarray:
    """Each induced cluster's gold class with the most shared tokens (ties: lowest index).

    Empty clusters map to ``-1``.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> many_to_one_mapping(contingency([0, 1, 1], [0, 0, 1])).tolist()
    [0, 1]
    """
    c = table.counts
    if table.sparse:
        arg = np.asarray(c.argmax(axis=0)).ravel()
    else:
        arg = c.argmax(axis=0) if c.size else np.zeros(table.shape[1], dtype=np.int64)
    return np.where(table.col_sums > 0, arg, -1).astype(np.int64)


def many_to_one(table: ContingencyTable) -> float:
    """Many-to-one (matched) accuracy: ``sum_k max_c n_ck / N``.

    Each cluster maps to the gold class it shares most tokens with (Frank et
    al. 2009, "Matched Accuracy"; Gelling et al. 2012, §"M-1").

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> many_to_one(contingency([0, 0, 1, 1], [0, 0, 0, 1]))
    0.75
    """
    n = table.n
    if n == 0:
        return NAN
    return float(table.col_max().sum()) / n


def _assignment_candidates(table: ContingencyTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A reduced dense sub-table holding an optimal 1-1 assignment.

    Only non-empty rows and columns matter; when there are ``r`` rows and more
    columns, an optimal matching uses only columns among each row's ``r``
    largest (if row i's column were outside its top ``r``, one of them is free
    and at least as heavy).  Symmetrically for rows.
    """
    rows = np.flatnonzero(table.row_sums)
    cols = np.flatnonzero(table.col_sums)
    if table.sparse:
        sub = table.counts[rows][:, cols]
        r = len(rows)
        if len(cols) > r * r:
            # keep, per row, its r largest columns
            keep = set()
            sub = sub.tocsr()
            for i in range(r):
                start, end = sub.indptr[i], sub.indptr[i + 1]
                idx, val = sub.indices[start:end], sub.data[start:end]
                if len(idx) > r:
                    top = np.argpartition(-val, r - 1)[:r]
                    idx = idx[top]
                keep.update(idx.tolist())
            kc = np.array(sorted(keep), dtype=np.int64)
            sub = sub[:, kc]
            cols = cols[kc]
        dense = np.asarray(sub.toarray(), dtype=np.int64)
    else:
        dense = table.counts[np.ix_(rows, cols)]
    return dense, rows, cols


def one_to_one_mapping(table: ContingencyTable, method: str = "optimal") -> np.ndarray:
    """The 1-1 mapping: for each induced cluster its gold class, ``-1`` when unmapped.

    Parameters
    ----------
    method
        ``"optimal"``: maximum-weight bipartite matching (Kuhn-Munkres, via
        ``scipy.optimize.linear_sum_assignment``, which handles rectangular
        tables). ``"greedy"``: as PASCAL 2012 (after Christodoulopoulos et al.
        2010): repeatedly take the largest remaining cell, map its cluster to
        its class, and remove that row and column (ties: lowest gold index,
        then lowest cluster index).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0] * 9 + [1] * 4, [0] * 5 + [1] * 4 + [0] * 4)
    >>> t.dense().tolist()
    [[5, 4], [4, 0]]
    >>> one_to_one_mapping(t).tolist(), one_to_one_mapping(t, "greedy").tolist()
    ([1, 0], [0, 1])
    """
    check_choice("method", method, ("optimal", "greedy"))
    dense, rows, cols = _assignment_candidates(table)
    out = np.full(table.shape[1], -1, dtype=np.int64)
    if dense.size == 0:
        return out
    if method == "optimal":
        from scipy.optimize import linear_sum_assignment

        r, c = linear_sum_assignment(dense, maximize=True)
        out[cols[c]] = rows[r]
        return out
    # greedy: sort cells by (-count, row, col) and take when both free
    order = np.lexsort((np.tile(np.arange(dense.shape[1]), dense.shape[0]),
                        np.repeat(np.arange(dense.shape[0]), dense.shape[1]),
                        -dense.ravel()))
    used_r = np.zeros(dense.shape[0], dtype=bool)
    used_c = np.zeros(dense.shape[1], dtype=bool)
    left = min(dense.shape)
    ncol = dense.shape[1]
    for flat in order.tolist():
        i, j = divmod(flat, ncol)
        if used_r[i] or used_c[j]:
            continue
        used_r[i] = used_c[j] = True
        out[cols[j]] = rows[i]
        left -= 1
        if left == 0:
            break
    return out


def one_to_one(table: ContingencyTable, method: str = "optimal") -> float:
    """One-to-one accuracy: tokens correct under a 1-1 cluster-to-class mapping.

    Unmapped clusters (more clusters than classes) count as wrong.  See
    :func:`one_to_one_mapping` for ``method``; Gelling et al. 2012, §2, Reichart et al. 2010, §3.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0] * 9 + [1] * 4, [0] * 5 + [1] * 4 + [0] * 4)
    >>> round(one_to_one(t), 4), round(one_to_one(t, "greedy"), 4)   # 8/13, 5/13
    (0.6154, 0.3846)
    """
    n = table.n
    if n == 0:
        return NAN
    mapping = one_to_one_mapping(table, method)
    ks = np.flatnonzero(mapping >= 0)
    if len(ks) == 0:
        return 0.0
    return float(np.asarray(table.counts[mapping[ks], ks]).sum()) / n


# -- entropies --------------------------------------------------------------

def _xlogx_sum(counts: np.ndarray) -> float:
    c = counts[counts > 0].astype(np.float64)
    return float(np.dot(c, np.log(c)))


def _entropy_of(counts: np.ndarray, n: int, log_base) -> float:
    if n == 0:
        return NAN
    if np.count_nonzero(counts) <= 1:
        # One occupied class: the entropy is exactly 0.  Computing it as
        # log n - n log n / n leaves float noise (~1e-16), which NVI would
        # then divide by.
        return 0.0
    h = math.log(n) - _xlogx_sum(counts) / n
    return max(h, 0.0) / log_factor(log_base)


def entropy_gold(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(C), the entropy of the gold classes over scored tokens (Reichart et al. 2010, §3)."""
    return _entropy_of(table.row_sums, table.n, log_base)


def entropy_pred(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(K), the entropy of the induced clusters over scored tokens."""
    return _entropy_of(table.col_sums, table.n, log_base)


def _conditional_entropy(table: ContingencyTable, given: np.ndarray, log_base) -> float:
    """``(sum_x n_x log n_x - sum_ck n_ck log n_ck) / N`` over the margins ``given``."""
    n = table.n
    if n == 0:
        return NAN
    h = (_xlogx_sum(given) - _xlogx_sum(table.nonzero_values())) / n
    return max(h, 0.0) / log_factor(log_base)


def conditional_entropy_gold(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(C|K) = H(C,K) - H(K): uncertainty about the gold class given the cluster.

    Reichart et al. 2010, §3.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> conditional_entropy_gold(contingency([0, 1, 0, 1], [0, 0, 1, 1]))
    1.0
    """
    return _conditional_entropy(table, table.col_sums, log_base)


def conditional_entropy_pred(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(K|C) = H(C,K) - H(C): uncertainty about the cluster given the gold class."""
    return _conditional_entropy(table, table.row_sums, log_base)


def mutual_information(table: ContingencyTable, log_base: float | str = 2) -> float:
    """I(C;K) = H(C) - H(C|K)."""
    n = table.n
    if n == 0:
        return NAN
    mi = (_xlogx_sum(table.nonzero_values()) - _xlogx_sum(table.row_sums)
          - _xlogx_sum(table.col_sums)) / n + math.log(n)
    return max(mi, 0.0) / log_factor(log_base)


def variation_of_information(table: ContingencyTable, log_base: float | str = 2) -> float:
    """VI = H(C|K) + H(K|C) (Meilă 2007; Gelling et al. 2012). Lower is better; 0 iff identical.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> variation_of_information(contingency([0, 0, 1, 1], [0, 0, 1, 1]))
    0.0
    """
    return conditional_entropy_gold(table, log_base) + conditional_entropy_pred(table, log_base)


def normalized_variation_of_information(table: ContingencyTable,
                                        log_base: float | str = 2) -> float:
    """NVI (Reichart & Rappoport 2009), as Reichart et al. 2010, §3 defines it.

    ``NVI = (H(C|K) + H(K|C)) / H(C)`` when ``H(C) != 0``, else ``H(K)`` (in
    the chosen log base).  Lower is better; 0 iff the clusterings are
    identical; the worst value is ``1 + log|K| / H(C)``.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> normalized_variation_of_information(contingency([0, 0, 0, 0], [0, 0, 1, 1]))
    1.0
    """
    hc = entropy_gold(table, log_base)
    if math.isnan(hc):
        return NAN
    if hc == 0.0:
        return entropy_pred(table, log_base)
    return variation_of_information(table, log_base) / hc


def _information_share(table: ContingencyTable, entropy) -> float:
    """I(C;K) / ``entropy(table)``, 1 when that entropy is 0."""
    if table.n == 0:
        return NAN
    h = entropy(table, "e")
    return 1.0 if h == 0.0 else mutual_information(table, "e") / h


def homogeneity(table: ContingencyTable) -> float:
    """h = 1 - H(C|K)/H(C), 1 when H(C) = 0 (Rosenberg & Hirschberg 2007; Reichart et al.
    2010, §3)."""
    return _information_share(table, entropy_gold)


def completeness(table: ContingencyTable) -> float:
    """c = 1 - H(K|C)/H(K), 1 when H(K) = 0."""
    return _information_share(table, entropy_pred)


def v_measure(table: ContingencyTable, beta: float = 1.0) -> float:
    """V_beta = (1 + beta) h c / (beta h + c); 0 when h = c = 0.

    ``beta > 1`` weighs completeness more, ``beta < 1`` homogeneity
    (Rosenberg & Hirschberg 2007, eq. as in scikit-learn).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> v_measure(contingency([0, 0, 1, 1], [1, 1, 0, 0]))
    1.0
    """
    if not beta > 0:
        raise ParameterError(f"beta must be > 0, got {beta!r}")
    h, c = homogeneity(table), completeness(table)
    if math.isnan(h):
        return NAN
    if beta * h + c == 0:
        return 0.0
    return (1 + beta) * h * c / (beta * h + c)


# -- pairwise ---------------------------------------------------------------

def _pairs(counts: np.ndarray) -> int:
    c = counts.astype(np.int64)
    return int((c * (c - 1)).sum() // 2)


def pair_counts(table: ContingencyTable) -> tuple[int, int, int]:
    """``(tp, tp + fp, tp + fn)`` over unordered token pairs (Frank et al. 2009, eq. 1).

    ``tp`` = pairs in the same cluster and the same gold class; ``tp + fp`` =
    pairs in the same induced cluster; ``tp + fn`` = pairs in the same gold
    class.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> pair_counts(contingency([0, 0, 0, 1], [0, 0, 1, 1]))
    (1, 2, 3)
    """
    return _pairs(table.nonzero_values()), _pairs(table.col_sums), _pairs(table.row_sums)


def pairwise_precision(table: ContingencyTable) -> float:
    """PP = tp / (tp + fp) (Frank et al. 2009, eq. 1); 1 when no pair shares a cluster."""
    if table.n == 0:
        return NAN
    tp, pred_pairs, _ = pair_counts(table)
    return 1.0 if pred_pairs == 0 else tp / pred_pairs


def pairwise_recall(table: ContingencyTable) -> float:
    """PR = tp / (tp + fn) (Frank et al. 2009, eq. 1); 1 when no pair shares a gold class."""
    if table.n == 0:
        return NAN
    tp, _, gold_pairs = pair_counts(table)
    return 1.0 if gold_pairs == 0 else tp / gold_pairs


def pairwise_f(table: ContingencyTable) -> float:
    """Harmonic mean of PP and PR (0 when both are 0)."""
    p, r = pairwise_precision(table), pairwise_recall(table)
    if math.isnan(p):
        return NAN
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)
