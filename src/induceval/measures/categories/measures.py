"""The category measures, one record each: the registry of the ``tags`` family.

A token measure is a :class:`~induceval.measures.result.Measure` whose
``score`` maps the :class:`TableQuantities` of ``B`` contingency tables
(margins, the cells' ``sum x log x``, pair counts, the overlaps of the
mappings, each computed once and only when a measure asks for it) to a
``(B,)`` array.  The corpus score is the one-table case
(:func:`~induceval.measures.categories.batch.token_scores`) and every
bootstrap resample is scored by the same function
(:func:`~induceval.measures.categories.batch.cell_scores_batch`), so adding a
token measure is one record in :data:`TOKEN`: it then appears in ``eval
tags``, in the intervals and paired tests, and under the property tests.

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
Frank, Goldwater & Keller (2009), CogSci 31: matched (M-1) accuracy,
pairwise precision and recall, eq. (1).
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction: M-1, 1-1 (greedy, after Christodoulopoulos et al. 2010), VI, V.
Reichart, Abend & Rappoport (2010), CoNLL: H(C|K), H(K|C), NVI, V, §3;
the type-level measures, §4.
Meilă (2007), Comparing clusterings: VI.
Rosenberg & Hirschberg (2007), EMNLP: V-measure, homogeneity, completeness.

Example
-------
>>> import numpy as np
>>> q = TableQuantities(rows=np.array([[3.0, 1.0]]), cols=np.array([[2.0, 2.0]]),
...                     tp=np.array([1.0]), x_cells=lambda: np.array([2 * np.log(2)]),
...                     m1=lambda: np.array([3.0]))
>>> float(TOKEN_BY_NAME["m1"].score(q)[0]), TOKEN_BY_NAME["vi"].higher_is_better
(0.75, False)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from functools import cached_property

import numpy as np

from induceval.errors import ParameterError
from induceval.measures.result import Measure

__all__ = ["TableQuantities", "TOKEN", "TOKEN_BY_NAME", "TYPE", "MEASURES", "log_factor",
           "xlogx", "needs"]

INF = math.inf


def log_factor(log_base: float | str) -> float:
    """Divisor turning natural-log values into ``log_base`` values.

    ``2`` (bits, default of the package), ``"e"`` (nats, as Reichart et al. 2010), or
    any number > 1.

    Parameters
    ----------
    log_base
        ``2``/``"2"``/``"bits"``, ``"e"``/``"nats"``, or a number > 1.

    Returns
    -------
    float
        ``ln(log_base)``: natural-log values divided by it are in ``log_base`` units.

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


def xlogx(x: np.ndarray, axis) -> np.ndarray:
    """``sum x log x`` along ``axis`` (``0 log 0 = 0``).

    Parameters
    ----------
    x
        Non-negative values (counts or probabilities).
    axis
        The axis to sum along.

    Returns
    -------
    numpy.ndarray
        The sums of ``x ln x``, in nats.

    Example
    -------
    >>> float(xlogx(np.array([[1.0, 0.0, np.e]]), axis=1)[0]) == np.e
    True
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0).sum(axis=axis)


class TableQuantities:
    """What the token measures of ``B`` contingency tables are computed from.

    Each quantity is computed on first use and kept, so a batch pays only for
    what the requested measures need (the 1-1 assignments, the entropies).

    Parameters
    ----------
    rows, cols
        ``(B, G)`` and ``(B, K)`` margins: tokens per gold class and per cluster.
    tp
        ``(B,)`` pairs of tokens that share both their class and their cluster.
    x_cells
        Callable giving the cells' ``sum x log x`` (``(B,)``).
    m1, optimal, greedy
        Callables giving the summed overlaps of the M-1, optimal 1-1 and greedy
        1-1 mappings.
    margins_xlogx
        The margins' ``sum x log x`` along axis 1 (default :func:`xlogx`).
    log_base, beta
        Of the entropies and of the V-measure.
    """

    def __init__(self, *, rows: np.ndarray, cols: np.ndarray, tp: np.ndarray,
                 x_cells: Callable = None, m1: Callable = None, optimal: Callable = None,
                 greedy: Callable = None, margins_xlogx: Callable | None = None,
                 log_base: float | str = 2, beta: float = 1.0):
        self.rows, self.cols, self.tp, self.beta = rows, cols, tp, beta
        self._x_cells, self._m1, self._optimal, self._greedy = x_cells, m1, optimal, greedy
        self._margins = margins_xlogx or (lambda x: xlogx(x, axis=1))
        self.lf = log_factor(log_base)
        self.n = rows.sum(axis=1)
        #: tables with no scored token (every measure is ``nan`` there)
        self.empty = self.n == 0
        self.safe_n = np.where(self.empty, 1.0, self.n)

    # -- the mappings' overlaps
    @cached_property
    def m1_overlap(self) -> np.ndarray:
        return self._m1()

    @cached_property
    def optimal_overlap(self) -> np.ndarray:
        return self._optimal()

    @cached_property
    def greedy_overlap(self) -> np.ndarray:
        return self._greedy()

    # -- entropies in nats (suffix _e), from the margins and the cells' x log x
    @cached_property
    def x_cells(self) -> np.ndarray:
        return self._x_cells()

    @cached_property
    def x_rows(self) -> np.ndarray:
        return self._margins(self.rows)

    @cached_property
    def x_cols(self) -> np.ndarray:
        return self._margins(self.cols)

    @cached_property
    def logn(self) -> np.ndarray:
        return np.log(self.safe_n)

    @cached_property
    def hc_e(self) -> np.ndarray:
        """H(C) in nats."""
        one = np.count_nonzero(self.rows, axis=1) <= 1
        return np.where(one, 0.0, np.maximum(self.logn - self.x_rows / self.safe_n, 0.0))

    @cached_property
    def hk_e(self) -> np.ndarray:
        """H(K) in nats."""
        one = np.count_nonzero(self.cols, axis=1) <= 1
        return np.where(one, 0.0, np.maximum(self.logn - self.x_cols / self.safe_n, 0.0))

    @cached_property
    def mi_e(self) -> np.ndarray:
        """I(C; K) in nats."""
        return np.maximum((self.x_cells - self.x_rows - self.x_cols) / self.safe_n + self.logn,
                          0.0)

    @cached_property
    def h_ck(self) -> np.ndarray:
        """H(C|K) in the log base."""
        return np.maximum((self.x_cols - self.x_cells) / self.safe_n, 0.0) / self.lf

    @cached_property
    def h_kc(self) -> np.ndarray:
        """H(K|C) in the log base."""
        return np.maximum((self.x_rows - self.x_cells) / self.safe_n, 0.0) / self.lf

    @cached_property
    def homogeneity(self) -> np.ndarray:
        return _share(self.mi_e, self.hc_e)

    @cached_property
    def completeness(self) -> np.ndarray:
        return _share(self.mi_e, self.hk_e)

    # -- pairs
    @cached_property
    def pp(self) -> np.ndarray:
        pred_pairs = (self.cols * (self.cols - 1)).sum(axis=1) / 2
        return np.where(pred_pairs == 0, 1.0,
                        self.tp / np.where(pred_pairs == 0, 1.0, pred_pairs))

    @cached_property
    def pr(self) -> np.ndarray:
        gold_pairs = (self.rows * (self.rows - 1)).sum(axis=1) / 2
        return np.where(gold_pairs == 0, 1.0,
                        self.tp / np.where(gold_pairs == 0, 1.0, gold_pairs))


def needs(names) -> frozenset:
    """Which costly quantities the token measures ``names`` use: ``"x_cells"`` (the
    entropies), ``"m1"``, ``"optimal"``, ``"greedy"`` (the mappings).

    Found by scoring one table whose quantities note that they were asked for,
    so a record declares nothing beyond its score function.

    Parameters
    ----------
    names
        Names of token measures of the registry.

    Returns
    -------
    frozenset of str
        The costly quantities those measures read.

    Example
    -------
    >>> sorted(needs(["m1", "v"]))
    ['m1', 'x_cells']
    """
    return _needs(tuple(sorted(set(names))))


@functools.lru_cache(maxsize=64)
def _needs(names: tuple) -> frozenset:
    asked: set = set()

    def noted(what):
        def value():
            asked.add(what)
            return np.zeros(1)
        return value

    one = np.ones((1, 1))
    q = TableQuantities(rows=one, cols=one, tp=np.zeros(1), x_cells=noted("x_cells"),
                        m1=noted("m1"), optimal=noted("optimal"), greedy=noted("greedy"))
    with np.errstate(divide="ignore", invalid="ignore"):
        for name in names:
            TOKEN_BY_NAME[name].score(q)
    return frozenset(asked)


def _share(mi: np.ndarray, h: np.ndarray) -> np.ndarray:
    """``mi / h``, 1 where ``h`` is 0 (one class or one cluster: nothing to explain)."""
    return np.where(h == 0, 1.0, mi / np.where(h == 0, 1.0, h))


def _nvi(q: TableQuantities) -> np.ndarray:
    hc = q.hc_e / q.lf
    return np.where(hc == 0, q.hk_e / q.lf, (q.h_ck + q.h_kc) / np.where(hc == 0, 1.0, hc))


def _v(q: TableQuantities) -> np.ndarray:
    hom, com, beta = q.homogeneity, q.completeness, q.beta
    den = beta * hom + com
    return np.where(den == 0, 0.0, (1 + beta) * hom * com / np.where(den == 0, 1.0, den))


def _pf(q: TableQuantities) -> np.ndarray:
    pp, pr = q.pp, q.pr
    return np.where(pp + pr == 0, 0.0, 2 * pp * pr / np.where(pp + pr == 0, 1.0, pp + pr))


def _token(name, higher, high, description, reference, score) -> Measure:
    return Measure(name, "token", higher, 0, high, description, reference, "tags", score)


#: the token measures, in the order of the tables' columns
TOKEN: tuple[Measure, ...] = (
    _token("m1", True, 1, "many-to-one (matched) accuracy",
           "Frank et al. 2009; Gelling et al. 2012; Reichart et al. 2010, §3",
           lambda q: q.m1_overlap / q.safe_n),
    _token("1to1", True, 1, "one-to-one accuracy, optimal (Kuhn-Munkres)",
           "Gelling et al. 2012; Reichart et al. 2010, §3",
           lambda q: q.optimal_overlap / q.safe_n),
    _token("1to1_greedy", True, 1, "one-to-one accuracy, greedy mapping",
           "Gelling et al. 2012 (Christodoulopoulos et al. 2010)",
           lambda q: q.greedy_overlap / q.safe_n),
    _token("vi", False, INF, "variation of information H(C|K)+H(K|C)",
           "Gelling et al. 2012; Meila 2007", lambda q: q.h_ck + q.h_kc),
    _token("nvi", False, INF, "normalized VI (H(C)=0: H(K))",
           "Reichart et al. 2010, §3; Reichart & Rappoport 2009", _nvi),
    _token("v", True, 1, "V-measure (beta)", "Gelling et al. 2012; Reichart et al. 2010, §3",
           _v),
    _token("homogeneity", True, 1, "homogeneity h", "Rosenberg & Hirschberg 2007",
           lambda q: q.homogeneity),
    _token("completeness", True, 1, "completeness c", "Rosenberg & Hirschberg 2007",
           lambda q: q.completeness),
    _token("h_c_given_k", False, INF, "conditional entropy H(C|K)", "Reichart et al. 2010, §3",
           lambda q: q.h_ck),
    _token("h_k_given_c", False, INF, "conditional entropy H(K|C)", "Reichart et al. 2010, §3",
           lambda q: q.h_kc),
    _token("pp", True, 1, "pairwise precision", "Frank et al. 2009, eq. 1", lambda q: q.pp),
    _token("pr", True, 1, "pairwise recall", "Frank et al. 2009, eq. 1", lambda q: q.pr),
    _token("pf", True, 1, "pairwise F", "Frank et al. 2009, eq. 1", _pf),
)
TOKEN_BY_NAME: dict[str, Measure] = {m.name: m for m in TOKEN}

#: the type-level measures (Reichart et al. 2010, §4), scored together by
#: :func:`~induceval.measures.categories.type_level.type_level_scores`
TYPE: tuple[Measure, ...] = tuple(
    Measure(f"{measure}_{mapping}", "type", True, 0, 1, f"type-level {name}, {how}", section)
    for measure, name, section in (("macro_i", "MacroI (= MacroC)", "Reichart et al. 2010, §4.1"),
                                   ("micro_i", "MicroI", "Reichart et al. 2010, §4.1"),
                                   ("micro_c", "MicroC", "Reichart et al. 2010, §4.2"))
    for mapping, how in (("1to1", "1-1 mapping (Kuhn-Munkres)"),
                         ("m1", "M-1 mapping (hill climbing, restarts)")))

#: every category measure by name
MEASURES: dict[str, Measure] = {m.name: m for m in TOKEN + TYPE}
