"""Token-level category measures of one :class:`ContingencyTable`, and the mappings.

Each score here is the one-table case of the measure's record in
:mod:`induceval.measures.categories.measures` (definitions, edge cases and
references are there): the same function scores a corpus and every bootstrap
resample.  The mappings (:func:`many_to_one_mapping`,
:func:`one_to_one_mapping`) say which cluster maps to which class.

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

import numpy as np

from induceval.errors import ParameterError, check_choice
from induceval.measures.categories.batch import token_scores
from induceval.measures.categories.contingency import ContingencyTable
from induceval.measures.categories.mappings import many_to_one_mapping, one_to_one_mapping
from induceval.measures.categories.measures import TableQuantities, log_factor, xlogx

__all__ = ["many_to_one", "many_to_one_mapping", "one_to_one", "one_to_one_mapping", "entropy_gold",
           "entropy_pred", "mutual_information", "conditional_entropy_gold",
           "conditional_entropy_pred", "variation_of_information",
           "normalized_variation_of_information", "homogeneity", "completeness", "v_measure",
           "pair_counts", "pairwise_precision", "pairwise_recall", "pairwise_f", "log_factor"]

NAN = float("nan")


def _score(table: ContingencyTable, name: str, **options) -> float:
    return token_scores(table, measures=(name,), **options)[name]


def many_to_one(table: ContingencyTable) -> float:
    """Many-to-one (matched) accuracy: ``sum_k max_c n_ck / N``.

    Each cluster maps to the gold class it shares most tokens with (Frank et
    al. 2009, "Matched Accuracy"; Gelling et al. 2012, §"M-1").

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        The fraction of tokens whose cluster's majority class is their gold
        class, in [0, 1]; NaN with no tokens.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> many_to_one(contingency([0, 0, 1, 1], [0, 0, 0, 1]))
    0.75
    """
    return _score(table, "m1")


def one_to_one(table: ContingencyTable, method: str = "optimal") -> float:
    """One-to-one accuracy: tokens correct under a 1-1 cluster-to-class mapping.

    Unmapped clusters (more clusters than classes) count as wrong.  See
    :func:`one_to_one_mapping` for ``method``; Gelling et al. 2012, §2, Reichart et al. 2010, §3.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    method
        ``"optimal"`` (Hungarian assignment) or ``"greedy"`` (largest cells first).

    Returns
    -------
    float
        The fraction of tokens correct under the mapping, in [0, 1].

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0] * 9 + [1] * 4, [0] * 5 + [1] * 4 + [0] * 4)
    >>> round(one_to_one(t), 4), round(one_to_one(t, "greedy"), 4)   # 8/13, 5/13
    (0.6154, 0.3846)
    """
    check_choice("method", method, ("optimal", "greedy"))
    return _score(table, "1to1" if method == "optimal" else "1to1_greedy")


# -- entropies --------------------------------------------------------------

def _quantities(table: ContingencyTable, log_base) -> TableQuantities:
    return TableQuantities(
        rows=table.row_sums[None].astype(np.float64), cols=table.col_sums[None].astype(np.float64),
        tp=np.zeros(1), log_base=log_base,
        x_cells=lambda: xlogx(table.nonzero_values()[None].astype(np.float64), axis=1))


def entropy_gold(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(C), the entropy of the gold classes over scored tokens (Reichart et al. 2010, §3).

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        H(C) in ``log_base`` units; NaN for an empty table.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> entropy_gold(contingency([0, 0, 1, 1], [0, 1, 0, 1]))
    1.0
    """
    q = _quantities(table, log_base)
    return NAN if table.n == 0 else float(q.hc_e[0] / q.lf)


def entropy_pred(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(K), the entropy of the induced clusters over scored tokens.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        H(K) in ``log_base`` units; NaN for an empty table.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> entropy_pred(contingency([0, 0, 1, 1], [0, 0, 0, 1]), log_base=2) < 1
    True
    """
    q = _quantities(table, log_base)
    return NAN if table.n == 0 else float(q.hk_e[0] / q.lf)


def conditional_entropy_gold(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(C|K) = H(C,K) - H(K): uncertainty about the gold class given the cluster.

    Reichart et al. 2010, §3.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        H(C|K) in ``log_base`` units, ``>= 0``.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> conditional_entropy_gold(contingency([0, 1, 0, 1], [0, 0, 1, 1]))
    1.0
    """
    return _score(table, "h_c_given_k", log_base=log_base)


def conditional_entropy_pred(table: ContingencyTable, log_base: float | str = 2) -> float:
    """H(K|C) = H(C,K) - H(C): uncertainty about the cluster given the gold class.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        H(K|C) in ``log_base`` units, ``>= 0``.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> conditional_entropy_pred(contingency([0, 0, 1, 1], [0, 1, 0, 1]))
    1.0
    """
    return _score(table, "h_k_given_c", log_base=log_base)


def mutual_information(table: ContingencyTable, log_base: float | str = 2) -> float:
    """I(C;K) = H(C) - H(C|K).

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        I(C;K) in ``log_base`` units, ``>= 0``; NaN for an empty table.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> mutual_information(contingency([0, 0, 1, 1], [1, 1, 0, 0]))
    1.0
    """
    q = _quantities(table, log_base)
    return NAN if table.n == 0 else float(q.mi_e[0] / q.lf)


def variation_of_information(table: ContingencyTable, log_base: float | str = 2) -> float:
    """VI = H(C|K) + H(K|C) (Meilă 2007; Gelling et al. 2012). Lower is better; 0 iff identical.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        VI in ``log_base`` units, ``>= 0``.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> variation_of_information(contingency([0, 0, 1, 1], [0, 0, 1, 1]))
    0.0
    """
    return _score(table, "vi", log_base=log_base)


def normalized_variation_of_information(table: ContingencyTable,
                                        log_base: float | str = 2) -> float:
    """NVI (Reichart & Rappoport 2009), as Reichart et al. 2010, §3 defines it.

    ``NVI = (H(C|K) + H(K|C)) / H(C)`` when ``H(C) != 0``, else ``H(K)`` (in
    the chosen log base).  Lower is better; 0 iff the clusterings are
    identical; the worst value is ``1 + log|K| / H(C)``.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    log_base
        Base of the logarithms: a number, ``"e"``/``"nats"`` or ``"2"``/``"bits"``.

    Returns
    -------
    float
        NVI, ``>= 0`` (0 iff identical clusterings).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> normalized_variation_of_information(contingency([0, 0, 0, 0], [0, 0, 1, 1]))
    1.0
    """
    return _score(table, "nvi", log_base=log_base)


def homogeneity(table: ContingencyTable) -> float:
    """h = 1 - H(C|K)/H(C), 1 when H(C) = 0 (Rosenberg & Hirschberg 2007; Reichart et al.
    2010, §3).

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        h in [0, 1]; 1 when every cluster holds a single gold class.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> homogeneity(contingency([0, 0, 1, 1], [0, 0, 1, 2]))
    1.0
    """
    return _score(table, "homogeneity")


def completeness(table: ContingencyTable) -> float:
    """c = 1 - H(K|C)/H(K), 1 when H(K) = 0.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        c in [0, 1]; 1 when every gold class lies in a single cluster.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> completeness(contingency([0, 0, 1, 2], [0, 0, 1, 1]))
    1.0
    """
    return _score(table, "completeness")


def v_measure(table: ContingencyTable, beta: float = 1.0) -> float:
    """V_beta = (1 + beta) h c / (beta h + c); 0 when h = c = 0.

    ``beta > 1`` weighs completeness more, ``beta < 1`` homogeneity
    (Rosenberg & Hirschberg 2007, eq. as in scikit-learn).

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.
    beta
        Weight of completeness against homogeneity, ``> 0``.

    Returns
    -------
    float
        V_beta in [0, 1].

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> v_measure(contingency([0, 0, 1, 1], [1, 1, 0, 0]))
    1.0
    """
    if not beta > 0:
        raise ParameterError(f"beta must be > 0, got {beta!r}")
    return _score(table, "v", beta=beta)


# -- pairwise ---------------------------------------------------------------

def _pairs(counts: np.ndarray) -> int:
    c = counts.astype(np.int64)
    return int((c * (c - 1)).sum() // 2)


def pair_counts(table: ContingencyTable) -> tuple[int, int, int]:
    """``(tp, tp + fp, tp + fn)`` over unordered token pairs (Frank et al. 2009, eq. 1).

    ``tp`` = pairs in the same cluster and the same gold class; ``tp + fp`` =
    pairs in the same induced cluster; ``tp + fn`` = pairs in the same gold
    class.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    tuple of int
        ``(tp, tp + fp, tp + fn)``: pairs sharing both cluster and class, pairs
        sharing a cluster, pairs sharing a class.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> pair_counts(contingency([0, 0, 0, 1], [0, 0, 1, 1]))
    (1, 2, 3)
    """
    return _pairs(table.nonzero_values()), _pairs(table.col_sums), _pairs(table.row_sums)


def pairwise_precision(table: ContingencyTable) -> float:
    """PP = tp / (tp + fp) (Frank et al. 2009, eq. 1); 1 when no pair shares a cluster.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        PP in [0, 1].

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> round(pairwise_precision(contingency([0, 0, 0, 1], [0, 0, 1, 1])), 4)   # 1 / 2
    0.5
    """
    return _score(table, "pp")


def pairwise_recall(table: ContingencyTable) -> float:
    """PR = tp / (tp + fn) (Frank et al. 2009, eq. 1); 1 when no pair shares a gold class.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        PR in [0, 1].

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> round(pairwise_recall(contingency([0, 0, 0, 1], [0, 0, 1, 1])), 4)   # 1 / 3
    0.3333
    """
    return _score(table, "pr")


def pairwise_f(table: ContingencyTable) -> float:
    """Harmonic mean of PP and PR (0 when both are 0).

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable` of the scored tokens.

    Returns
    -------
    float
        The pairwise F-score in [0, 1].

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> round(pairwise_f(contingency([0, 0, 0, 1], [0, 0, 1, 1])), 4)   # 2 PP PR / (PP + PR)
    0.4
    """
    return _score(table, "pf")

