"""Bootstrap intervals and paired significance tests over additive per-item statistics.

Every measure in induceval is a pure function from summed sufficient
statistics to a score.  Given per-item statistics (one row per sentence,
utterance, test item or document), the corpus score is
``score(rows.sum(0))``.  A resample is a vector of item weights ``w`` (how
often each item was drawn); its statistics are ``w @ rows``, so ``B``
resamples are one matrix product ``W @ rows`` (``W`` of shape ``B x m``),
also when ``rows`` is a sparse sentences-by-cells matrix (the contingency
tables of category measures): all resampled tables come out of one sparse
product and are scored in a batch.

The API has two entry points over :class:`ItemStats` (rows + a vectorised
score function ``(B, d) -> {measure: (B,)}``), which also take any measure
family's result directly (:func:`items_of`):

- :func:`resample`: percentile bootstrap intervals of every measure
  (Efron & Tibshirani 1993, §13.3);
- :func:`compare`: a paired test of systems against a baseline, either the
  paired bootstrap (Koehn 2004; the null distribution is the resampled
  differences shifted to mean zero) or paired approximate randomization
  (Noreen 1989; Yeh 2000: each item's statistics are swapped between the two
  systems with probability 1/2).  Both p-values are two-sided,
  ``(r + 1) / (N + 1)`` with ``r`` the resamples at least as extreme as the
  observed difference, so the smallest attainable p-value is ``1 / (N + 1)``
  and a system compared with itself gets ``p = 1``.

The resampling unit is the row; ``groups`` (one label per row, e.g. the
document of each sentence) first sums rows into one row per group, so that
documents (or whole corpora) are resampled instead (``unit="document"``).

Family builders turn results into :class:`ItemStats`:
:func:`dependency_items` (per-sentence edge counts), :func:`category_items`
(per-sentence sparse contingency tables: every token measure, M-1 and both
1-1 mappings recomputed in every resample), :func:`wopa_items`
(per-utterance correct/scored) and :func:`pseudo_items` (per-item
outcomes).

Randomness comes from the named streams ``resampling.bootstrap`` and
``resampling.permutation`` of :mod:`induceval.random`; the draws do not
depend on how the resamples are chunked, so results are identical for the
same seed whatever the batch size or number of jobs.

References
----------
Efron, B. & Tibshirani, R. (1993). An Introduction to the Bootstrap.
Koehn, P. (2004). Statistical significance tests for machine translation
evaluation. EMNLP.
Noreen, E. (1989). Computer-Intensive Methods for Testing Hypotheses.
Yeh, A. (2000). More accurate tests for the statistical significance of
result differences. COLING.
Post, M. (2018). A call for clarity in reporting BLEU scores (sacrebleu's
``--confidence``, ``--paired-bs``, ``--paired-ar``).

Example
-------
>>> import numpy as np
>>> rows = np.array([[1, 2], [2, 2], [0, 2], [2, 2]])     # matched, total per sentence
>>> st = ratio_items(rows, "acc")
>>> st.scores()
{'acc': 0.625}
>>> r = resample(st, n=200, seed=1)
>>> iv = r.intervals["acc"]
>>> iv.low <= 0.625 <= iv.high
True
>>> c = compare(st, [st], test="ar", n=99)[0]
>>> c.p_value["acc"]                     # a system against itself
1.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.errors import MismatchError, ParameterError, check_choice, check_range
from induceval.random import DEFAULT_SEED, stream

__all__ = [
    "ItemStats",
    "Interval",
    "Resampled",
    "Comparison",
    "TESTS",
    "UNITS",
    "resample",
    "items_of",
    "compare",
    "ratio_items",
    "dependency_items",
    "category_items",
    "type_level_items",
    "join_items",
    "wopa_items",
    "pseudo_items",
    "group_rows",
    "resampling_signature",
    "ties_with_best",
    "bootstrap_scores",
    "bootstrap_interval",
    "approximate_randomization",
]

#: paired tests of :func:`compare`
TESTS = ("bootstrap", "ar")
#: resampling units understood by the commands
UNITS = ("sentence", "document")

BatchScore = Callable[[np.ndarray], dict]
ScoreFn = Callable[[np.ndarray], float]

#: float tolerance when comparing a resampled difference with the observed one
_TOL = 1e-12
#: target number of entries of one weight matrix chunk
_CHUNK_CELLS = 1 << 22


@dataclass
class ItemStats:
    """Per-item additive statistics of one system and the function scoring their sum.

    Attributes
    ----------
    rows
        ``(m, d)`` array or ``scipy.sparse`` matrix: one row per item.
    score
        Vectorised score function: ``(B, d)`` summed statistics ->
        ``{measure: (B,) array}``.  Pure; the same function scores the full
        sample (``B = 1``) and every resample.
    higher_is_better
        Measure -> direction (used for table marks).
    table_shape
        ``(G, K)`` when the ``d`` columns are a flattened ``G x K``
        contingency table (category measures); two such systems are put
        side by side (disjoint cluster columns) before items are swapped
        between them.
    side_by_side
        For statistics whose columns belong to one system (contingency
        tables, type-level pair counts): ``f(a, b) -> (a', b')`` puts two
        systems in one column space before :func:`compare`'s approximate
        randomization swaps items between them.  ``None``: the columns
        mean the same in every system (counts, ratios).
    meta
        What ``side_by_side`` needs besides the rows (the type entries; the
        parts of :func:`join_items`).
    """

    rows: object
    score: BatchScore
    higher_is_better: dict = field(default_factory=dict)
    table_shape: tuple | None = None
    side_by_side: Callable | None = None
    meta: object = None

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    @property
    def sparse(self) -> bool:
        """Whether the rows are a ``scipy.sparse`` matrix."""
        return not isinstance(self.rows, np.ndarray)

    def totals(self) -> np.ndarray:
        """Column sums of the rows, as ``float64``."""
        return np.asarray(self.rows.sum(axis=0), dtype=np.float64).ravel()

    def scores(self) -> dict[str, float]:
        """The full-sample score of every measure."""
        out = self.score(self.totals()[None, :])
        return {k: float(np.asarray(v)[0]) for k, v in out.items()}

    def grouped(self, groups) -> ItemStats:
        """The statistics summed per group (e.g. per document); see :func:`group_rows`."""
        return self.with_rows(group_rows(self.rows, groups))

    def with_rows(self, rows) -> ItemStats:
        """The same statistics (score, directions, pairing) over other rows."""
        return ItemStats(rows, self.score, self.higher_is_better, self.table_shape,
                         self.side_by_side, self.meta)


def group_rows(rows, groups):
    """Sum the rows of each group (labels in first-seen order); additive statistics stay so.

    Example
    -------
    >>> import numpy as np
    >>> group_rows(np.array([[1, 2], [3, 4], [5, 6]]), ["b", "a", "b"]).tolist()
    [[6.0, 8.0], [3.0, 4.0]]
    """
    labels = np.asarray(groups)
    m = int(rows.shape[0])
    if labels.shape != (m,):
        raise MismatchError(f"groups has {labels.size} labels for {m} items")
    _, first, inv = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first, kind="stable"), kind="stable")
    gid = order[inv.ravel()]
    from scipy import sparse as sp
    agg = sp.csr_matrix((np.ones(m), (gid, np.arange(m))), shape=(len(first), m))
    out = agg @ rows
    return np.asarray(out, dtype=np.float64) if isinstance(rows, np.ndarray) else out.tocsr()


@dataclass(frozen=True)
class Interval:
    """A percentile bootstrap interval of one measure.

    ``estimate`` is the full-sample score; ``low``/``high`` the
    ``alpha/2`` and ``1 - alpha/2`` quantiles of the resampled scores;
    ``mean`` and ``se`` (standard deviation) describe the bootstrap
    distribution; ``half_width = (high - low) / 2``.
    """

    estimate: float
    low: float
    high: float
    mean: float
    se: float

    @property
    def half_width(self) -> float:
        """Half the interval's width, ``(high - low) / 2``."""
        return (self.high - self.low) / 2

    def to_dict(self) -> dict:
        """A JSON-ready dict of the interval."""
        return {"estimate": self.estimate, "low": self.low, "high": self.high,
                "half_width": self.half_width, "mean": self.mean, "se": self.se}


def _interval(estimate: float, samples: np.ndarray, alpha: float) -> Interval:
    s = samples[np.isfinite(samples)]
    if not len(s):
        nan = float("nan")
        return Interval(estimate, nan, nan, nan, nan)
    lo, hi = np.quantile(s, [alpha / 2, 1 - alpha / 2])
    return Interval(estimate, float(lo), float(hi), float(s.mean()),
                    float(s.std(ddof=1)) if len(s) > 1 else 0.0)


@dataclass
class Resampled:
    """The result of :func:`resample`: intervals and the resampled scores."""

    intervals: dict[str, Interval]
    samples: dict[str, np.ndarray]
    n: int
    alpha: float
    seed: int
    unit: str
    n_items: int

    def signature_fields(self) -> dict:
        """The signature fields of this resampling (method, level, N, unit)."""
        return {"ci": "bootstrap", "level": 1 - self.alpha, "n": self.n, "unit": self.unit}

    def to_dict(self) -> dict:
        """A JSON-ready dict of every interval and the resampling settings."""
        return {"method": "percentile bootstrap", "n": self.n, "alpha": self.alpha,
                "seed": self.seed, "unit": self.unit, "items": self.n_items,
                "intervals": {k: v.to_dict() for k, v in self.intervals.items()}}


@dataclass
class Comparison:
    """A paired test of one system against the baseline (see :func:`compare`).

    ``delta`` is system minus baseline; ``p_value`` two-sided; with the
    paired bootstrap also ``delta_interval`` (percentile interval of the
    difference).
    """

    test: str
    baseline: dict[str, float]
    system: dict[str, float]
    delta: dict[str, float]
    p_value: dict[str, float]
    n: int
    seed: int
    unit: str
    n_items: int
    delta_interval: dict[str, Interval] = field(default_factory=dict)

    def significant(self, measure: str, alpha: float = 0.05) -> bool:
        """Whether the difference on ``measure`` is significant at level ``alpha``."""
        p = self.p_value[measure]
        return bool(p < alpha)

    def to_dict(self) -> dict:
        """A JSON-ready dict of the comparison."""
        out = {"test": self.test, "n": self.n, "seed": self.seed, "unit": self.unit,
               "items": self.n_items, "delta": self.delta, "p_value": self.p_value}
        if self.delta_interval:
            out["delta_interval"] = {k: v.to_dict() for k, v in self.delta_interval.items()}
        return out


def resampling_signature(*, confidence: int | None = None, alpha: float = 0.05,
                         paired: str | None = None, paired_n: int | None = None,
                         unit: str = "sentence", seed: int | None = None) -> dict:
    """The signature fields of a resampling run: interval, test, unit, N and seed.

    Keys: ``ci`` (method), ``ci_level``, ``ci_n``, ``paired`` (test),
    ``paired_n``, ``resample`` (the unit: sentence, document, utterance,
    item) and ``seed``.

    ``paired_n`` defaults to ``confidence`` (else 1000).

    Example
    -------
    >>> resampling_signature(confidence=1000, paired="ar", seed=7)
    {'ci': 'bootstrap', 'ci_level': 0.95, 'ci_n': 1000, 'paired': 'ar', 'paired_n': 1000, \
'resample': 'sentence', 'seed': 7}
    """
    out: dict = {}
    if confidence:
        out.update(ci="bootstrap", ci_level=round(1 - alpha, 10), ci_n=int(confidence))
    if paired:
        out.update(paired=paired, paired_n=int(paired_n or confidence or 1000))
        if not confidence:
            out["paired_alpha"] = alpha
    if confidence or paired:
        out.update(resample=unit, seed=DEFAULT_SEED if seed is None else int(seed))
    return out


# -- the machinery -----------------------------------------------------------------------

def _chunk_size(m: int, d: int, n: int) -> int:
    return max(1, min(n, _CHUNK_CELLS // max(m, d, 1)))


def _product(weights: np.ndarray, rows) -> np.ndarray:
    """``weights @ rows`` as a dense ``(B, d)`` float array (rows dense or sparse)."""
    # C order, so that each resample's reductions do not depend on the batch around it
    if isinstance(rows, np.ndarray):
        if np.array_equal(rows, np.round(rows)):  # counts: exact sums in any order
            return np.ascontiguousarray(weights @ rows)
        # fractions (Chance's expected accuracy): BLAS adds them in an order of its kernel
        # (CPU, library, call shape); numpy's pairwise sum of each row is the same everywhere
        return np.stack([(weights * col).sum(axis=1) for col in rows.T], axis=1)
    return np.ascontiguousarray(np.asarray((rows.T @ weights.T).T))


def _bootstrap_weights(rng: np.random.Generator, m: int, b: int) -> np.ndarray:
    """``b`` rows of multinomial(m, 1/m) counts: how often each item was drawn."""
    idx = rng.integers(0, m, size=(b, m))
    idx += (np.arange(b) * m)[:, None]
    return np.bincount(idx.ravel(), minlength=b * m).reshape(b, m).astype(np.float64)


def _batched(stats: ItemStats, totals: np.ndarray) -> dict[str, np.ndarray]:
    return {k: np.asarray(v, dtype=np.float64) for k, v in stats.score(totals).items()}


def _prepare(stats: ItemStats, groups) -> ItemStats:
    if not isinstance(stats, ItemStats):
        raise ParameterError(f"expected ItemStats, got {type(stats).__name__}")
    if groups is not None:
        stats = stats.grouped(groups)
    if len(stats) == 0:
        raise ParameterError("no items to resample (the evaluation scored nothing)")
    return stats


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise ParameterError(f"the number of resamples must be an integer >= 1; got {n!r}")
    check_range("n", int(n), 1)


def resample(stats: ItemStats, *, n: int = 1000, alpha: float = 0.05,
             seed: int | None = DEFAULT_SEED, groups=None, unit: str = "sentence"
             ) -> Resampled:
    """Percentile bootstrap intervals of every measure of ``stats``.

    Parameters
    ----------
    stats
        Per-item statistics (:class:`ItemStats`), or a measure family's
        result kept with its per-item statistics (:func:`items_of`).
    n
        Number of bootstrap resamples (each draws ``m`` items with
        replacement from the ``m`` items).
    alpha
        The interval has level ``1 - alpha`` (default 95%).
    seed
        Seed of the ``resampling.bootstrap`` stream.
    groups
        Optional label per item; items of one group are resampled together
        (e.g. documents).
    unit
        The name of the resampled unit, for the signature.

    Returns
    -------
    Resampled

    Example
    -------
    >>> import numpy as np
    >>> st = ratio_items(np.array([[1, 1], [0, 1], [1, 1], [1, 1]]), "acc")
    >>> r = resample(st, n=500, alpha=0.1, seed=3)
    >>> r.intervals["acc"].estimate, r.n, r.unit
    (0.75, 500, 'sentence')
    """
    _check_n(n)
    check_range("alpha", alpha, 0, 1, low_open=True, high_open=True)
    seed = DEFAULT_SEED if seed is None else int(seed)
    stats = _prepare(items_of(stats), groups)
    m, d = stats.rows.shape
    rng = stream(seed, "resampling.bootstrap")
    chunks: list[dict[str, np.ndarray]] = []
    step = _chunk_size(m, d, n)
    for start in range(0, n, step):
        b = min(step, n - start)
        chunks.append(_batched(stats, _product(_bootstrap_weights(rng, m, b), stats.rows)))
    samples = {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}
    full = stats.scores()
    intervals = {k: _interval(full[k], samples[k], alpha) for k in samples}
    return Resampled(intervals, samples, int(n), alpha, seed, unit, m)


def _side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    """Put two contingency-table systems in one column space (disjoint clusters)."""
    from scipy import sparse as sp

    (ga, ka), (gb, kb) = a.table_shape, b.table_shape
    if ga != gb:
        raise MismatchError(f"the systems' tables have {ga} and {gb} gold classes")
    k = ka + kb

    def embed(rows, kk, shift):
        coo = sp.coo_matrix(rows)
        g, c = np.divmod(coo.col, kk)
        return sp.csr_matrix((coo.data, (coo.row, g * k + c + shift)),
                             shape=(rows.shape[0], ga * k))

    score = a.score
    shape = (ga, k)

    def wide(totals, _score=score):
        return _score(totals, shape)

    sa = ItemStats(embed(a.rows, ka, 0), wide, a.higher_is_better, shape)
    sb = ItemStats(embed(b.rows, kb, ka), wide, b.higher_is_better, shape)
    return sa, sb


def compare(baseline: ItemStats, systems: Sequence[ItemStats], *, test: str = "bootstrap",
            n: int = 1000, alpha: float = 0.05, seed: int | None = DEFAULT_SEED, groups=None,
            unit: str = "sentence") -> list[Comparison]:
    """Paired tests of each system against ``baseline`` on the same items.

    Parameters
    ----------
    baseline, systems
        Statistics over the same items, in the same order (:class:`ItemStats`
        or results, see :func:`items_of`).
    test
        ``"bootstrap"``: the paired bootstrap; the same resample weights are
        applied to both systems and the p-value counts resampled differences
        that, shifted to mean zero, are at least as large in absolute value
        as the observed difference.  ``"ar"``: approximate randomization;
        each item's statistics are swapped between the systems with
        probability 1/2 and the p-value counts swaps whose absolute
        difference is at least the observed one.  Both:
        ``p = (r + 1) / (n + 1)``, two-sided.
    n, seed, groups, unit
        As in :func:`resample` (``resampling.bootstrap`` stream for the
        bootstrap, ``resampling.permutation`` for AR).
    alpha
        Level of the bootstrap interval of the difference.

    Returns
    -------
    list of Comparison
        One per system, in order.

    Example
    -------
    >>> import numpy as np
    >>> a = ratio_items(np.array([[1, 1]] * 20), "acc")     # right on every item
    >>> b = ratio_items(np.array([[0, 1]] * 20), "acc")     # wrong on every item
    >>> [compare(a, [b], test=t, n=99)[0].p_value["acc"] for t in TESTS]   # 1/(n+1)
    [0.01, 0.01]
    """
    check_choice("test", test, TESTS)
    _check_n(n)
    check_range("alpha", alpha, 0, 1, low_open=True, high_open=True)
    seed = DEFAULT_SEED if seed is None else int(seed)
    base = _prepare(items_of(baseline), groups)
    others = [_prepare(items_of(s), groups) for s in systems]
    m = len(base)
    for s in others:
        if len(s) != m:
            raise MismatchError(f"paired systems must have the same items: the baseline has "
                                f"{m}, a system {len(s)}")
    out = []
    if test == "bootstrap":
        out = _paired_bootstrap(base, others, n, alpha, seed, unit)
    else:
        for s in others:
            out.append(_paired_ar(base, s, n, seed, unit))
    return out


def _paired_bootstrap(base: ItemStats, others: list[ItemStats], n: int, alpha: float, seed: int,
                      unit: str) -> list[Comparison]:
    m = len(base)
    d = max([base.rows.shape[1]] + [s.rows.shape[1] for s in others])
    rng = stream(seed, "resampling.bootstrap")
    step = _chunk_size(m, d, n)
    base_chunks: list[dict] = []
    sys_chunks: list[list[dict]] = [[] for _ in others]
    for start in range(0, n, step):
        w = _bootstrap_weights(rng, m, min(step, n - start))
        base_chunks.append(_batched(base, _product(w, base.rows)))
        for j, s in enumerate(others):
            sys_chunks[j].append(_batched(s, _product(w, s.rows)))
    bsamp = {k: np.concatenate([c[k] for c in base_chunks]) for k in base_chunks[0]}
    full_b = base.scores()
    out = []
    for s, chunks in zip(others, sys_chunks):
        ssamp = {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}
        full_s = s.scores()
        delta, pval, div = {}, {}, {}
        for k in bsamp:
            if k not in ssamp:
                continue
            obs = full_s[k] - full_b[k]
            diffs = ssamp[k] - bsamp[k]
            delta[k] = obs
            div[k] = _interval(obs, diffs, alpha)
            ok = np.isfinite(diffs)
            if not math.isfinite(obs) or not ok.any():
                pval[k] = float("nan")
                continue
            centred = diffs[ok] - diffs[ok].mean()
            hits = int((np.abs(centred) >= abs(obs) - _TOL * max(1.0, abs(obs))).sum())
            pval[k] = (hits + 1) / (int(ok.sum()) + 1)
        out.append(Comparison("bootstrap", full_b, full_s, delta, pval, n, seed, unit, m, div))
    return out


def _swap_weights(rng: np.random.Generator, m: int, b: int) -> np.ndarray:
    return (rng.random((b, m)) < 0.5).astype(np.float64)


def _paired_ar(base: ItemStats, system: ItemStats, n: int, seed: int, unit: str) -> Comparison:
    full_b, full_s = base.scores(), system.scores()
    a, b = base, system
    if a.side_by_side is not None and b.side_by_side is not None:
        a, b = a.side_by_side(a, b)
    diff = b.rows - a.rows
    ta, tb = a.totals(), b.totals()
    m, d = diff.shape
    rng = stream(seed, "resampling.permutation")
    step = _chunk_size(m, d, n)
    keys = [k for k in full_b if k in full_s]
    hits = dict.fromkeys(keys, 0)
    valid = dict.fromkeys(keys, 0)
    obs = {k: full_s[k] - full_b[k] for k in keys}
    for start in range(0, n, step):
        delta = _product(_swap_weights(rng, m, min(step, n - start)), diff)
        sa = _batched(a, ta[None, :] + delta)
        sb = _batched(b, tb[None, :] - delta)
        for k in keys:
            dd = np.abs(sb[k] - sa[k])
            ok = np.isfinite(dd)
            valid[k] += int(ok.sum())
            o = abs(obs[k])
            hits[k] += int((dd[ok] >= o - _TOL * max(1.0, o)).sum())
    pval = {k: ((hits[k] + 1) / (valid[k] + 1) if math.isfinite(obs[k]) and valid[k]
                else float("nan")) for k in keys}
    return Comparison("ar", full_b, full_s, obs, pval, n, seed, unit, m)


def ties_with_best(systems: Mapping[str, ItemStats], measure: str, *,
                   higher_is_better: bool = True, alpha: float = 0.05, n: int = 1000,
                   test: str = "bootstrap", seed: int | None = DEFAULT_SEED,
                   cache: dict | None = None) -> tuple[str, list]:
    """The best system on ``measure`` and the others not significantly different from it.

    Used by the protocol tables to mark differences that are not
    significant: each system is tested against the best one with
    :func:`compare` (two-sided, level ``alpha``).  Systems whose score is
    ``nan`` are left out.

    ``cache`` (a dict kept by the caller) stores each comparison under the
    pair of :class:`ItemStats` objects, so that a table testing several
    measures of the same systems compares each pair once (:func:`compare`
    scores every measure; the draws of a pair do not depend on the other
    systems, so cached and fresh results are identical).

    Example
    -------
    >>> import numpy as np
    >>> a = ratio_items(np.array([[1, 1]] * 30), "acc")
    >>> b = ratio_items(np.array([[1, 1]] * 29 + [[0, 1]]), "acc")
    >>> c = ratio_items(np.array([[0, 1]] * 30), "acc")
    >>> ties_with_best({"a": a, "b": b, "c": c}, "acc", n=200)
    ('a', ['b'])
    """
    scores = {k: v.scores().get(measure, float("nan")) for k, v in systems.items()}
    valid = [k for k, v in scores.items() if math.isfinite(v)]
    if not valid:
        return "", []
    best = (max if higher_is_better else min)(valid, key=lambda k: scores[k])
    others = [k for k in valid if k != best]
    if not others:
        return best, []
    cache = {} if cache is None else cache
    base = systems[best]

    def key(k):
        return (id(base), id(systems[k]), test, n, alpha, seed)

    todo = [k for k in others if key(k) not in cache]
    if todo:
        comps = compare(base, [systems[k] for k in todo], test=test, n=n, alpha=alpha,
                        seed=seed)
        for k, c in zip(todo, comps):
            cache[key(k)] = (base, systems[k], c)  # the objects stay alive with their ids
    return best, [k for k in others if not cache[key(k)][2].p_value[measure] < alpha]


# -- family builders ---------------------------------------------------------------------

def _ratio_score(pairs: Mapping[str, tuple[int, int]], scale: float = 1.0) -> BatchScore:
    def score(totals: np.ndarray) -> dict:
        t = np.atleast_2d(totals)
        out = {}
        with np.errstate(divide="ignore", invalid="ignore"):
            for name, (i, j) in pairs.items():
                num, den = t[:, i], t[:, j]
                out[name] = np.where(den > 0, scale * num / np.where(den > 0, den, 1), np.nan)
        return out
    return score


def ratio_items(rows, name: str = "accuracy", *, scale: float = 1.0,
                higher_is_better: bool = True) -> ItemStats:
    """Items whose score is ``scale * sum(col 0) / sum(col 1)`` (accuracy-like).

    Example
    -------
    >>> import numpy as np
    >>> ratio_items(np.array([[1, 2], [1, 2]]), "acc").scores()
    {'acc': 0.5}
    """
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 2:
        raise ParameterError(f"ratio rows must have shape (m, 2); got {rows.shape}")
    return ItemStats(rows, _ratio_score({name: (0, 1)}, scale), {name: higher_is_better})


def dependency_items(stats) -> ItemStats:
    """Per-sentence edge counts of a dependency evaluation (directed, undirected, NED, root).

    ``stats`` is a :class:`~induceval.measures.dependencies.stats.SentenceStats`
    (e.g. ``result.reference().stats``) or its ``rows`` array with the
    columns :data:`~induceval.measures.dependencies.stats.STAT_COLUMNS`.

    Example
    -------
    >>> import numpy as np
    >>> st = dependency_items(np.array([[4, 2, 3, 4, 1, 1], [2, 2, 2, 2, 1, 1]]))
    >>> st.scores()["directed"], st.scores()["root"]
    (0.6666666666666666, 1.0)
    """
    from induceval.measures.dependencies.stats import MEASURES, STAT_COLUMNS

    rows = getattr(stats, "rows", stats)
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != len(STAT_COLUMNS):
        raise ParameterError(f"dependency statistics must have {len(STAT_COLUMNS)} columns "
                             f"({', '.join(STAT_COLUMNS)}); got shape {rows.shape}")
    col = {c: i for i, c in enumerate(STAT_COLUMNS)}
    pairs = {m: (col[a], col[b]) for m, (a, b) in MEASURES.items()}
    return ItemStats(rows, _ratio_score(pairs), dict.fromkeys(pairs, True))


def wopa_items(result) -> ItemStats:
    """Per-utterance ``(correct, scored)`` of a WOPA result; the score is WOPA in percent.

    Example
    -------
    >>> import numpy as np
    >>> wopa_items(np.array([[1, 1], [0, 1]])).scores()
    {'wopa': 50.0}
    """
    rows = getattr(result, "stats", result)
    if callable(rows):
        rows = rows()
    return ratio_items(rows, "wopa", scale=100.0)


def pseudo_items(decisions) -> ItemStats:
    """Per-item ``(correct, wrong, undecided, credited)`` of pseudo-word decisions.

    Measures: ``accuracy``, ``accuracy_guess`` (ties credited by the tie
    policy), ``precision`` (among decided items), ``coverage``.

    Example
    -------
    >>> import numpy as np
    >>> st = pseudo_items(np.array([[1, 0, 0, 1], [0, 0, 1, 0.5]]))
    >>> st.scores()["accuracy_guess"], st.scores()["precision"]
    (0.75, 1.0)
    """
    rows = np.asarray(getattr(decisions, "stats", decisions), dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 4:
        raise ParameterError(f"pseudo-word statistics must have 4 columns; got {rows.shape}")
    rows = rows[:, :4]
    # accuracy = correct / n; n = correct + wrong + undecided (a derived column)
    ext = np.column_stack([rows, rows[:, 0] + rows[:, 1] + rows[:, 2], rows[:, 0] + rows[:, 1]])
    pairs = {"accuracy": (0, 4), "accuracy_guess": (3, 4), "precision": (0, 5),
             "coverage": (5, 4)}
    return ItemStats(ext, _ratio_score(pairs), dict.fromkeys(pairs, True))


def category_items(table, *, log_base: float | str = 2, beta: float = 1.0,
                   measures: Sequence[str] | None = None) -> ItemStats:
    """Per-sentence contingency tables of a category evaluation.

    ``table`` is a :class:`~induceval.measures.categories.contingency.ContingencyTable`
    built with ``items=`` (so it carries ``item_counts``, a sparse
    items-by-cells matrix), e.g. ``evaluate_tags(..., items="sentence").table``.
    Every token measure is recomputed from each resampled table, M-1 and
    both 1-1 mappings included (see
    :func:`induceval.measures.categories.batch.token_scores_batch`).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0, 0, 1, 1], [0, 0, 1, 0], items=[0, 0, 1, 1])
    >>> st = category_items(t)
    >>> st.scores()["m1"], len(st)
    (0.75, 2)
    """
    from induceval.measures.categories.batch import token_scores_batch
    from induceval.measures.categories.evaluate import MEASURES, TOKEN_MEASURES

    rows = getattr(table, "item_counts", None)
    if rows is None:
        raise ParameterError("the contingency table has no per-item counts; build it with "
                             "items= (evaluate_tags(..., items='sentence'))")
    names = tuple(measures) if measures is not None else TOKEN_MEASURES

    def score(totals, shape=table.shape):
        t = np.atleast_2d(totals).reshape(-1, *shape)
        return token_scores_batch(t, log_base=log_base, beta=beta, measures=names)

    return ItemStats(rows.tocsr(), score, {k: MEASURES[k].higher_is_better for k in names},
                     tuple(table.shape), _side_by_side)


def type_level_items(entries, *, restarts: int = 10, seed: int | None = DEFAULT_SEED,
                     mappings: Sequence[str] = ("1-1", "m-1")) -> ItemStats:
    """Per-sentence type-level statistics: MacroI, MicroI, MicroC under 1-1 and M-1.

    ``entries`` is a :class:`~induceval.measures.categories.type_level.TypeEntries`
    built with ``items=`` (e.g. ``evaluate_tags(..., level="type",
    items="sentence").entries``): its ``item_counts`` hold, per sentence,
    the sparse word-by-gold and word-by-cluster counts (one column per
    ``(type, class)`` and ``(type, cluster)`` pair of the corpus).  A
    type-level measure is a function of the summed counts: the entries of
    a resample are the pairs with a positive sum, scored by
    :func:`~induceval.measures.categories.type_level.type_scores_batch`
    (the M-1 hill climbing with the same ``restarts`` and ``seed`` as the
    full sample, whose score this reproduces exactly).  Each resample
    solves three assignment problems and ``3 (restarts + 1)`` hill climbs:
    far costlier than the token measures.

    Caveat: a type-level measure depends on which ``(type, tag)`` and
    ``(type, cluster)`` pairs occur at all, and a resample can only lose
    pairs (those seen only in sentences it did not draw).  When many pairs
    occur in few sentences (rare words, small corpora) the bootstrap
    distribution is biased (the estimate can be the interval's end) and the
    interval does not shrink as ``1/sqrt(n)``; when every pair occurs in
    many sentences the interval has width 0.  Paired tests between systems
    on the same sentences are affected alike for both systems.

    Example
    -------
    >>> from induceval.measures.categories.type_level import type_entries
    >>> e = type_entries([0, 0, 1, 2], [0, 1, 0, 1], [0, 1, 0, 0], items=[0, 0, 1, 1])
    >>> st = type_level_items(e, restarts=2, mappings=("1-1",))
    >>> round(st.scores()["macro_i_1to1"], 4), len(st)
    (0.75, 2)
    """
    from induceval.measures.categories.evaluate import MEASURES
    from induceval.measures.categories.type_level import TYPE_MEASURES

    if getattr(entries, "item_counts", None) is None:
        raise ParameterError("the type entries have no per-item counts; build them with "
                             "items= (evaluate_tags(..., level='type', items='sentence'))")
    for mp in mappings:
        check_choice("mappings", mp, ("1-1", "m-1"))
    mappings = tuple(mappings)
    suffix = {"1-1": "1to1", "m-1": "m1"}
    names = [f"{m}_{suffix[mp]}" for mp in mappings for m in TYPE_MEASURES]
    meta = {"entries": entries, "restarts": restarts, "seed": seed, "mappings": mappings}
    return ItemStats(entries.item_counts.tocsr(), _type_score(meta),
                     {k: MEASURES[k].higher_is_better for k in names}, None,
                     _types_side_by_side, meta)


def _type_score(meta: dict) -> BatchScore:
    from induceval.measures.categories.type_level import type_scores_batch

    def score(totals):
        return type_scores_batch(meta["entries"], totals, restarts=meta["restarts"],
                                 seed=meta["seed"], mappings=meta["mappings"])
    return score


def _types_side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    """Two systems' type-level counts in one column space: shared gold pairs, both clusterings.

    Columns: the gold pairs (the same tokens and gold in both systems), the
    induced pairs of ``a``, those of ``b`` (clusters renumbered after
    ``a``'s): an item swapped to the other system brings that system's
    clusters for its tokens.
    """
    from scipy import sparse as sp

    from induceval.measures.categories.type_level import TypeEntries

    ea, eb = a.meta["entries"], b.meta["entries"]
    if ea.n_types != eb.n_types or not np.array_equal(ea.gold_pairs, eb.gold_pairs):
        raise MismatchError("the systems' type entries differ in their gold pairs (not the "
                            "same tokens and gold tags)")
    mg, pa, pb = ea.gold_pairs.shape[1], ea.pred_pairs.shape[1], eb.pred_pairs.shape[1]
    pred = np.hstack([ea.pred_pairs, eb.pred_pairs + np.array([[0], [ea.n_pred]])])
    wide = TypeEntries(ea.n_types, ea.n_gold, ea.n_pred + eb.n_pred, ea.gold_pairs, pred)
    meta = {**a.meta, "entries": wide}
    ra, rb = sp.csr_matrix(a.rows), sp.csr_matrix(b.rows)
    m = ra.shape[0]
    wa = sp.hstack([ra[:, :mg], ra[:, mg:], sp.csr_matrix((m, pb))]).tocsr()
    wb = sp.hstack([rb[:, :mg], sp.csr_matrix((m, pa)), rb[:, mg:]]).tocsr()
    score = _type_score(meta)
    return (ItemStats(wa, score, a.higher_is_better, meta=meta),
            ItemStats(wb, score, b.higher_is_better, meta=meta))


def join_items(*parts: ItemStats) -> ItemStats:
    """One :class:`ItemStats` of several over the same items (columns side by side).

    E.g. token and type-level measures of one system (``--level both``):
    every resample draws the same items for all parts.

    Example
    -------
    >>> import numpy as np
    >>> a = ratio_items(np.array([[1, 2], [1, 2]]), "x")
    >>> b = ratio_items(np.array([[1, 1], [0, 1]]), "y")
    >>> join_items(a, b).scores()
    {'x': 0.5, 'y': 0.5}
    """
    from scipy import sparse as sp

    if not parts:
        raise ParameterError("join_items needs at least one ItemStats")
    m = len(parts[0])
    if any(len(p) != m for p in parts):
        raise MismatchError("joined statistics must have the same items")
    widths = [int(p.rows.shape[1]) for p in parts]
    cuts = np.cumsum([0] + widths)
    if any(p.sparse for p in parts):
        rows = sp.hstack([sp.csr_matrix(p.rows) for p in parts]).tocsr()
    else:
        rows = np.hstack([p.rows for p in parts])

    def score(totals):
        t = np.atleast_2d(totals)
        out = {}
        for p, lo, hi in zip(parts, cuts[:-1], cuts[1:]):
            out.update(p.score(np.ascontiguousarray(t[:, lo:hi])))
        return out

    pairing = any(p.side_by_side is not None for p in parts)
    hib = {k: v for p in parts for k, v in p.higher_is_better.items()}
    return ItemStats(rows, score, hib, None, _joined_side_by_side if pairing else None,
                     {"parts": parts, "cuts": cuts})


def items_of(result) -> ItemStats:
    """The per-item statistics of a measure family's result (an :class:`ItemStats` as is).

    A category result needs its per-sentence tables (``evaluate_tags(...,
    items="sentence")``); its scoring options (log base, beta, restarts,
    seed) are read from its signature.  A dependency result gives the
    per-sentence rows of its first reference, a WOPA result its
    per-utterance outcomes, pseudo-word decisions their per-item outcomes.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> items_of(evaluate_dependencies(demo, demo)).scores()["directed"]
    1.0
    """
    from induceval.measures.categories.evaluate import TagEvaluation
    from induceval.measures.dependencies.evaluate import DependencyResult
    from induceval.measures.pseudowords.scores import DecisionScores
    from induceval.measures.wopa import WopaResult
    from induceval.signature import Signature

    if isinstance(result, ItemStats):
        return result
    if isinstance(result, DependencyResult):
        return dependency_items(result.reference().stats)
    if isinstance(result, WopaResult):
        return wopa_items(result)
    if isinstance(result, DecisionScores):
        return pseudo_items(result)
    if not isinstance(result, TagEvaluation):
        raise ParameterError(f"no per-item statistics in a {type(result).__name__}")
    sig = Signature.parse(result.signature)
    parts = []
    for kept in (result.table, result.entries):
        if kept is not None and kept.item_counts is None:
            raise ParameterError("the category result has no per-sentence statistics: "
                                 "evaluate with items='sentence' to resample it")
    if result.table is not None:
        log = sig.get("log", "2")
        base = "e" if log == "e" else (int(float(log)) if float(log).is_integer() else float(log))
        parts.append(category_items(result.table, log_base=base,
                                    beta=float(sig.get("beta", "1"))))
    if result.entries is not None:
        parts.append(type_level_items(result.entries, restarts=int(sig.get("restarts", "10")),
                                      seed=int(sig.get("seed", DEFAULT_SEED))))
    return join_items(*parts) if len(parts) > 1 else parts[0]


def _split(st: ItemStats) -> list[ItemStats]:
    from scipy import sparse as sp

    rows = sp.csr_matrix(st.rows)
    return [p.with_rows(rows[:, lo:hi] if p.sparse else rows[:, lo:hi].toarray())
            for p, lo, hi in zip(st.meta["parts"], st.meta["cuts"][:-1], st.meta["cuts"][1:])]


def _joined_side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    pairs = [pa.side_by_side(pa, pb) if pa.side_by_side is not None else (pa, pb)
             for pa, pb in zip(_split(a), _split(b))]
    return join_items(*[x for x, _ in pairs]), join_items(*[y for _, y in pairs])


# -- single-measure helpers kept for existing callers -------------------------------------

def bootstrap_scores(stats: np.ndarray, score: ScoreFn, n: int = 1000,
                     seed: int = DEFAULT_SEED) -> np.ndarray:
    """Scores of ``n`` bootstrap resamples of the rows of ``stats`` (scalar score function)."""
    _check_n(n)
    stats = np.asarray(stats, dtype=np.float64)
    rng = stream(seed, "resampling.bootstrap")
    m = stats.shape[0]
    out = np.empty(n)
    step = _chunk_size(m, stats.shape[1] if stats.ndim > 1 else 1, n)
    i = 0
    for start in range(0, n, step):
        for tot in _bootstrap_weights(rng, m, min(step, n - start)) @ stats:
            out[i] = score(tot)
            i += 1
    return out


def bootstrap_interval(stats: np.ndarray, score: ScoreFn, n: int = 1000, alpha: float = 0.05,
                       seed: int = DEFAULT_SEED) -> tuple[float, float]:
    """Percentile bootstrap confidence interval at level ``1 - alpha`` (scalar score function).

    Example
    -------
    >>> import numpy as np
    >>> stats = np.array([[1, 2], [2, 2], [0, 2]])
    >>> lo, hi = bootstrap_interval(stats, lambda s: s[0] / s[1], n=200, seed=1)
    >>> bool(lo <= 0.5 <= hi)
    True
    """
    check_range("alpha", alpha, 0, 1, low_open=True, high_open=True)
    scores = bootstrap_scores(stats, score, n, seed)
    return float(np.quantile(scores, alpha / 2)), float(np.quantile(scores, 1 - alpha / 2))


def approximate_randomization(stats_a: np.ndarray, stats_b: np.ndarray, score: ScoreFn,
                              n: int = 1000, seed: int = DEFAULT_SEED) -> float:
    """Two-sided p-value of the paired approximate randomization test (scalar score function).

    For each of ``n`` iterations every item's statistics are swapped between
    the two systems with probability 1/2; the p-value is
    ``(r + 1) / (n + 1)`` where ``r`` counts shuffles whose absolute score
    difference is at least the observed one (Yeh 2000, §3; Noreen 1989).
    Same draws as :func:`compare` with ``test="ar"``.
    """
    _check_n(n)
    a = np.asarray(stats_a, dtype=float)
    b = np.asarray(stats_b, dtype=float)
    if a.shape != b.shape:
        raise MismatchError(f"paired statistics differ in shape: {a.shape} vs {b.shape}")
    observed = abs(score(a.sum(0)) - score(b.sum(0)))
    rng = stream(seed, "resampling.permutation")
    diff = b - a
    base_a = a.sum(0)
    base_b = b.sum(0)
    hits = 0
    m = a.shape[0]
    step = _chunk_size(m, a.shape[1] if a.ndim > 1 else 1, n)
    for start in range(0, n, step):
        for delta in _swap_weights(rng, m, min(step, n - start)) @ diff:
            if abs(score(base_a + delta) - score(base_b - delta)) >= \
                    observed - _TOL * max(1.0, observed):
                hits += 1
    return (hits + 1) / (n + 1)
