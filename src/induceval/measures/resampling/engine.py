"""Bootstrap intervals and paired tests over :class:`~induceval.measures.resampling.base.ItemStats`.

See :mod:`induceval.measures.resampling` for the method and its references.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.errors import (
    MAX_ITERATIONS,
    MismatchError,
    ParameterError,
    check_choice,
    check_range,
)
from induceval.measures.resampling.base import ItemStats
from induceval.random import DEFAULT_SEED, stream

__all__ = ["TESTS", "UNITS", "Interval", "Resampled", "Comparison", "resampling_signature",
           "resample", "compare", "ties_with_best", "share_resamples", "items_of"]

#: paired tests of :func:`compare`
TESTS = ("bootstrap", "ar")
#: resampling units understood by the commands
UNITS = ("sentence", "document")

#: float tolerance when comparing a resampled difference with the observed one
_TOL = 1e-12
#: target number of entries of one weight matrix chunk
_CHUNK_CELLS = 1 << 22
#: the resamples a chunk holds at least when its draws stay below 4 x _CHUNK_CELLS: the
#: sparse products are vectorised over the resamples, so fewer a chunk cost more a
#: resample on corpora of many short items (``docs/scale.md``)
_CHUNK_MIN = 64
#: twice as many when every system's rows are sparse: their draws are only counted, in
#: bytes, and wider products cost less a resample
_COUNTED_FACTOR = 2


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


def _intervals(estimates: Mapping[str, float], samples: Mapping[str, np.ndarray],
               alpha: float) -> dict[str, Interval]:
    """:func:`_interval` of every measure of ``samples``, those without ``nan`` in one call.

    numpy reduces each row of a C-ordered ``(measures, B)`` array as it reduces
    that row alone (the same partition, pairwise sums), so the intervals are
    those of :func:`_interval`, at a fraction of its per-call cost.
    """
    keys = list(samples)
    whole = [k for k in keys if len(samples[k]) > 1 and np.isfinite(samples[k]).all()]
    out = {}
    if len(whole) > 1:
        s = np.stack([np.asarray(samples[k], dtype=np.float64) for k in whole])
        q = np.quantile(s, [alpha / 2, 1 - alpha / 2], axis=1)
        mean, sd = s.mean(axis=1), s.std(axis=1, ddof=1)
        for i, k in enumerate(whole):
            out[k] = Interval(estimates[k], float(q[0, i]), float(q[1, i]), float(mean[i]),
                              float(sd[i]))
    return {k: out[k] if k in out else _interval(estimates[k], samples[k], alpha) for k in keys}


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
        return bool(self.p_value[measure] < alpha)

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
    ``paired_n`` (default ``confidence``, else 1000), ``resample`` (the unit:
    sentence, document, utterance, item) and ``seed``.

    Parameters
    ----------
    confidence
        Bootstrap resamples of the intervals, ``None`` for none.
    alpha
        1 minus the confidence level.
    paired
        The paired test (``"bootstrap"``, ``"ar"``), ``None`` for none.
    paired_n
        Resamples or permutations of the test (default as above).
    unit
        The resampled unit.
    seed
        The seed of the draws.

    Returns
    -------
    dict
        The signature fields (only those that apply).

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

def _chunk_size(m: int, d: int, n: int, counted: bool = False) -> int:
    """Resamples a chunk: about :data:`_CHUNK_CELLS` weights or totals, and at least
    ``least`` = :data:`_CHUNK_MIN` (``counted``, draws only counted: times
    :data:`_COUNTED_FACTOR`) while its ``m`` draws a resample stay below ``least / 16``
    times :data:`_CHUNK_CELLS`."""
    least = _CHUNK_MIN * (_COUNTED_FACTOR if counted else 1)
    b = max(_CHUNK_CELLS // max(m, d, 1),
            min(least, least // 16 * _CHUNK_CELLS // max(m, 1), _CHUNK_CELLS // max(d, 1)))
    # whole cache lines of resamples in the sparse products' rows
    if b >= 32:
        b = (b + 16) // 32 * 32
    elif b >= 8:
        b -= b % 8
    return max(1, min(n, b))


def _product(weights: np.ndarray, rows) -> np.ndarray:
    """``weights @ rows`` as a dense ``(B, d)`` float array (rows dense or sparse)."""
    # C order, so that each resample's reductions do not depend on the batch around it
    if isinstance(rows, np.ndarray):
        whole = _whole(rows)
        if whole.all():  # counts: exact sums in any order
            return np.ascontiguousarray(weights @ rows)
        # fractions (Chance's expected accuracy, ties credited 1/2): BLAS adds them in an
        # order of its kernel (CPU, library, call shape); numpy's pairwise sum of each row
        # is the same everywhere.  Only those columns pay for it: the counts beside them
        # are exact in one product
        out = np.empty((weights.shape[0], rows.shape[1]))
        if whole.any():
            out[:, whole] = weights @ rows[:, whole]
        for j in np.flatnonzero(~whole):
            out[:, j] = (weights * rows[:, j]).sum(axis=1)
        return out
    # scipy would copy the transposed view of the weights
    return np.ascontiguousarray(np.asarray((rows.T @ np.ascontiguousarray(weights.T)).T))


def _whole(rows: np.ndarray) -> np.ndarray:
    """Which columns of dense ``rows`` hold whole numbers only (exact sums in any order)."""
    return np.all(rows == np.round(rows), axis=0)


def _bootstrap_draws(seed: int, m: int):
    """The ``resampling.bootstrap`` draws of ``seed`` over ``m`` items (a
    :class:`~induceval.measures.resampling._draws.BootstrapDraws`)."""
    from induceval.measures.resampling._draws import BootstrapDraws  # numba: when resampling

    return BootstrapDraws(stream(seed, "resampling.bootstrap"), m)


def _bootstrap_weights(seed: int, m: int, b: int) -> np.ndarray:
    """``b`` rows of multinomial(m, 1/m) counts: how often each item was drawn (the first
    ``b`` resamples of ``seed``)."""
    from induceval.measures.resampling._draws import count_draws

    return count_draws(_bootstrap_draws(seed, m).indices(b), m)


def _batched(stats: ItemStats, totals: np.ndarray) -> dict[str, np.ndarray]:
    return {k: np.asarray(v, dtype=np.float64) for k, v in stats.score(totals).items()}


def items_of(stats) -> ItemStats:
    """``stats`` as :class:`ItemStats`: as it is, or a measure family's result's
    per-item statistics (its ``items()``, built by the family from the result's
    statistics and options).

    Parameters
    ----------
    stats
        An :class:`ItemStats`, or a result kept with per-item statistics.

    Returns
    -------
    ItemStats
        The per-item statistics.

    Example
    -------
    >>> from induceval.measures.categories import evaluate_tags
    >>> items_of(evaluate_tags([0, 0, 1, 1], [0, 0, 1, 0], items=[0, 0, 1, 1])).scores()["m1"]
    0.75
    """
    if isinstance(stats, ItemStats):
        return stats
    items = getattr(stats, "items", None)
    if not callable(items):
        raise ParameterError(f"expected ItemStats or a result with per-item statistics, "
                             f"got {type(stats).__name__}")
    return items()


def _prepare(stats: ItemStats, groups) -> ItemStats:
    if groups is not None:
        stats = stats.grouped(groups)
    if len(stats) == 0:
        raise ParameterError("no items to resample (the evaluation scored nothing)")
    return stats


def _checked(n: int, seed: int | None, alpha: float | None = None) -> int:
    """Refuse a bad ``n`` or ``alpha``; return the seed (``None``: the default)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise ParameterError(f"the number of resamples must be an integer >= 1; got {n!r}")
    check_range("n", int(n), 1, MAX_ITERATIONS)
    if alpha is not None:
        check_range("alpha", alpha, 0, 1, low_open=True, high_open=True)
    return DEFAULT_SEED if seed is None else int(seed)


def resample(stats: ItemStats, *, n: int = 1000, alpha: float = 0.05,
             seed: int | None = DEFAULT_SEED, groups=None, unit: str = "sentence",
             cache: dict | None = None) -> Resampled:
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
    cache
        Scores of resamples already drawn (see :func:`share_resamples`);
        used without ``groups``.

    Returns
    -------
    Resampled
        ``intervals`` (measure -> :class:`Interval`), the resampled scores and
        the settings.

    Example
    -------
    >>> import numpy as np
    >>> from induceval.measures.resampling import ratio_items
    >>> st = ratio_items(np.array([[1, 1], [0, 1], [1, 1], [1, 1]]), "acc")
    >>> r = resample(st, n=500, alpha=0.1, seed=3)
    >>> r.intervals["acc"].estimate, r.n, r.unit
    (0.75, 500, 'sentence')
    """
    seed = _checked(n, seed, alpha)
    stats = _prepare(items_of(stats), groups)
    samples = _bootstrap_samples([stats], int(n), seed, cache if groups is None else None)[0]
    intervals = _intervals(stats.scores(), samples, alpha)
    return Resampled(intervals, samples, int(n), alpha, seed, unit, len(stats))


def compare(baseline: ItemStats, systems: Sequence[ItemStats], *, test: str = "bootstrap",
            n: int = 1000, alpha: float = 0.05, seed: int | None = DEFAULT_SEED, groups=None,
            unit: str = "sentence", cache: dict | None = None) -> list[Comparison]:
    """Paired tests of each system against ``baseline`` on the same items.

    Parameters
    ----------
    baseline, systems
        Statistics over the same items, in the same order (:class:`ItemStats`
        or results, see :func:`items_of`).
    test
        ``"bootstrap"`` (the paired bootstrap: the same resample weights for
        both systems) or ``"ar"`` (approximate randomization); see
        :mod:`induceval.measures.resampling` for their two-sided p-values.
    n, seed, groups, unit
        As in :func:`resample` (``resampling.bootstrap`` stream for the
        bootstrap, ``resampling.permutation`` for AR).
    alpha
        Level of the bootstrap interval of the difference.
    cache
        Scores of bootstrap resamples already drawn (:func:`share_resamples`),
        reused by the paired bootstrap (without ``groups``).

    Returns
    -------
    list of Comparison
        One per system: ``delta`` and ``p_value`` per measure (and the
        interval of the difference for the paired bootstrap).

    Example
    -------
    >>> import numpy as np
    >>> from induceval.measures.resampling import ratio_items
    >>> a = ratio_items(np.array([[1, 1]] * 20), "acc")     # right on every item
    >>> b = ratio_items(np.array([[0, 1]] * 20), "acc")     # wrong on every item
    >>> [compare(a, [b], test=t, n=99)[0].p_value["acc"] for t in TESTS]   # 1/(n+1)
    [0.01, 0.01]
    """
    check_choice("test", test, TESTS)
    seed = _checked(n, seed, alpha)
    base = _prepare(items_of(baseline), groups)
    others = [_prepare(items_of(s), groups) for s in systems]
    m = len(base)
    for s in others:
        if len(s) != m:
            raise MismatchError(f"paired systems must have the same items: the baseline has "
                                f"{m}, a system {len(s)}")
    if test == "bootstrap":
        return _paired_bootstrap(base, others, int(n), alpha, seed, unit,
                                 cache if groups is None else None)
    return [_paired_ar(base, s, n, seed, unit) for s in others]


def _bootstrap_samples(systems: list[ItemStats], n: int, seed: int,
                       cache: dict | None = None) -> list[dict]:
    """Each system's scores on the same ``n`` bootstrap resamples of the items.

    ``cache`` (kept by the caller, see :func:`share_resamples`) holds the
    scores of systems already resampled with this ``n`` and ``seed``: the
    draws do not depend on the other systems or on the chunking, so a cached
    system's scores are those it would get here, and a batch whose systems
    are all cached draws nothing.
    """
    out: list = [None] * len(systems)
    todo = []
    for i, s in enumerate(systems):
        hit = cache.get((id(s), n, seed)) if cache is not None else None
        if hit is not None:
            out[i] = hit[1]
        else:
            todo.append(i)
    if not todo:
        return out
    from induceval.measures.resampling._draws import (
        DrawRows,
        SparseProducts,
        count_draws,
        draw_sums,
    )

    fresh = [systems[i] for i in todo]
    m = len(fresh[0])
    draws = _bootstrap_draws(seed, m)
    step = _chunk_size(m, max(s.rows.shape[1] for s in fresh), n,
                       counted=all(s.sparse for s in fresh))
    chunks: list[list[dict]] = [[] for _ in fresh]
    # dense rows of every system side by side: one pass over the draws sums them all
    # (each resample's rows in the order of its draws, see _draws.draw_sums)
    dense = [j for j, s in enumerate(fresh) if not s.sparse]
    side = DrawRows(np.hstack([fresh[j].rows for j in dense])) if dense else None
    cuts = np.cumsum([0] + [fresh[j].rows.shape[1] for j in dense])
    sparse = [j for j, s in enumerate(fresh) if s.sparse]
    products = SparseProducts([fresh[j].rows for j in sparse], m,
                              [fresh[j].summed_from for j in sparse]) if sparse else None
    for start in range(0, n, step):
        b = min(step, n - start)
        if dense:    # the indices, else only their counts (the same numbers drawn)
            idx = draws.indices(b)
            together = draw_sums(idx, side)
            for j, lo, hi in zip(dense, cuts[:-1], cuts[1:]):
                chunks[j].append(_batched(fresh[j], np.ascontiguousarray(together[:, lo:hi])))
        if sparse:
            if dense:
                counts = np.ascontiguousarray(count_draws(idx, m).T)
                totals_of = products.products_of(counts, products.sizes[idx].sum(axis=1))
            else:
                totals_of = products.products(draws, b)
            for j, totals in zip(sparse, totals_of):
                chunks[j].append(_batched(fresh[j], totals))
    for i, c in zip(todo, chunks):
        out[i] = {k: np.concatenate([x[k] for x in c]) for k in c[0]}
        if cache is not None:  # the object stays alive with its id
            cache[(id(systems[i]), n, seed)] = (systems[i], out[i])
    return out


def share_resamples(systems: Sequence[ItemStats], *, n: int = 1000,
                    seed: int | None = DEFAULT_SEED, cache: dict) -> None:
    """Resample ``systems`` together (one draw of weights per item count) into ``cache``.

    :func:`resample`, :func:`compare` and :func:`ties_with_best` given the
    same ``cache`` (a dict kept by the caller) then reuse these scores: a
    table's intervals and paired bootstrap tests cost one product of the
    resample weights with each system's rows, and systems over the same items
    share the weights.  The results are those without the cache.

    Parameters
    ----------
    systems
        The :class:`ItemStats` resampled together.
    n
        Resamples.
    seed
        The seed of the draws.
    cache
        The caller's dict the scores go into.

    Example
    -------
    >>> import numpy as np
    >>> from induceval.measures.resampling import ratio_items
    >>> a = ratio_items(np.array([[1, 1], [0, 1], [1, 1]]), "acc")
    >>> b = ratio_items(np.array([[1, 1], [1, 1], [0, 1]]), "acc")
    >>> cache = {}
    >>> share_resamples([a, b], n=50, seed=2, cache=cache)
    >>> r = resample(a, n=50, seed=2, cache=cache)
    >>> bool(np.array_equal(r.samples["acc"], resample(a, n=50, seed=2).samples["acc"]))
    True
    """
    seed = _checked(n, seed)
    by_len: dict[int, list[ItemStats]] = {}
    for st in systems:
        st = items_of(st)
        if len(st) and (id(st), int(n), seed) not in cache:
            by_len.setdefault(len(st), []).append(st)
    for group in by_len.values():
        _bootstrap_samples(list({id(g): g for g in group}.values()), int(n), seed, cache)


def _paired_bootstrap(base: ItemStats, others: list[ItemStats], n: int, alpha: float, seed: int,
                      unit: str, cache: dict | None = None) -> list[Comparison]:
    m = len(base)
    bsamp, *samples = _bootstrap_samples([base, *others], n, seed, cache)
    full_b = base.scores()
    out = []
    for s, ssamp in zip(others, samples):
        full_s = s.scores()
        keys = [k for k in bsamp if k in ssamp]
        delta = {k: full_s[k] - full_b[k] for k in keys}
        resampled = {k: ssamp[k] - bsamp[k] for k in keys}
        div, pval = _intervals(delta, resampled, alpha), {}
        for k in keys:
            obs, diffs = delta[k], resampled[k]
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
    hits, valid = dict.fromkeys(keys, 0), dict.fromkeys(keys, 0)
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
                   cache: dict | None = None, samples: dict | None = None
                   ) -> tuple[str, list]:
    """The best system on ``measure`` and the others not significantly different from it.

    Each system is tested against the best one with :func:`compare`
    (two-sided, level ``alpha``); systems whose score is ``nan`` are left
    out.  ``cache`` (a dict kept by the caller) stores each comparison under
    the pair of :class:`ItemStats` objects, so that a table of several
    measures compares each pair once (the draws of a pair do not depend on
    the other systems: cached and fresh results are identical); ``samples``
    (see :func:`share_resamples`) the systems' bootstrap scores, reused.

    Parameters
    ----------
    systems
        System name -> its :class:`ItemStats` (over the same items).
    measure
        The measure compared.
    higher_is_better
        The measure's direction.
    alpha
        The level of the two-sided tests.
    n
        Resamples (or permutations) of each test.
    test
        The paired test of :func:`compare`.
    seed
        The seed of the draws.
    cache, samples
        Optional dicts kept by the caller (see above).

    Returns
    -------
    tuple of (str, list of str)
        The best system, and the systems tied with it.

    Example
    -------
    >>> import numpy as np
    >>> from induceval.measures.resampling import ratio_items
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
                        seed=seed, cache=samples)
        for k, c in zip(todo, comps):
            cache[key(k)] = (base, systems[k], c)  # the objects stay alive with their ids
    return best, [k for k in others if not cache[key(k)][2].p_value[measure] < alpha]
