"""Bootstrap and paired significance tests over additive statistics.

Every measure in induceval is a pure function from summed sufficient
statistics to a score.  Given per-item statistics (one row per sentence,
document or test item), the corpus score is ``score(stats.sum(0))``; the
bootstrap resamples rows; the paired approximate randomization test
(Yeh 2000; Noreen 1989) swaps rows between two systems.

Example
-------
>>> import numpy as np
>>> stats = np.array([[1, 2], [2, 2], [0, 2]])   # matched, total per sentence
>>> acc = lambda s: s[0] / s[1]
>>> float(acc(stats.sum(0)))
0.5
>>> lo, hi = bootstrap_interval(stats, acc, n=200, seed=1)
>>> lo <= 0.5 <= hi
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from induceval.errors import check_range
from induceval.random import DEFAULT_SEED, stream

__all__ = ["bootstrap_scores", "bootstrap_interval", "approximate_randomization"]

ScoreFn = Callable[[np.ndarray], float]


def bootstrap_scores(stats: np.ndarray, score: ScoreFn, n: int = 1000,
                     seed: int = DEFAULT_SEED) -> np.ndarray:
    """Scores of ``n`` bootstrap resamples of the rows of ``stats``."""
    check_range("n", n, 1)
    stats = np.asarray(stats)
    rng = stream(seed, "resampling.bootstrap")
    m = stats.shape[0]
    out = np.empty(n)
    for i in range(n):
        counts = np.bincount(rng.integers(0, m, m), minlength=m)
        out[i] = score(counts @ stats)
    return out


def bootstrap_interval(stats: np.ndarray, score: ScoreFn, n: int = 1000, alpha: float = 0.05,
                       seed: int = DEFAULT_SEED) -> tuple[float, float]:
    """Percentile bootstrap confidence interval at level ``1 - alpha``."""
    check_range("alpha", alpha, 0, 1, low_open=True, high_open=True)
    scores = bootstrap_scores(stats, score, n, seed)
    return float(np.quantile(scores, alpha / 2)), float(np.quantile(scores, 1 - alpha / 2))


def approximate_randomization(stats_a: np.ndarray, stats_b: np.ndarray, score: ScoreFn,
                              n: int = 1000, seed: int = DEFAULT_SEED) -> float:
    """Two-sided p-value of the paired approximate randomization test.

    For each of ``n`` iterations every item's statistics are swapped between
    the two systems with probability 1/2; the p-value is
    ``(r + 1) / (n + 1)`` where ``r`` counts shuffles whose absolute score
    difference is at least the observed one (Yeh 2000, §3; Noreen 1989).

    References
    ----------
    Yeh, A. (2000). More accurate tests for the statistical significance of
    result differences. COLING.
    """
    check_range("n", n, 1)
    a = np.asarray(stats_a, dtype=float)
    b = np.asarray(stats_b, dtype=float)
    if a.shape != b.shape:
        from induceval.errors import MismatchError
        raise MismatchError(f"paired statistics differ in shape: {a.shape} vs {b.shape}")
    observed = abs(score(a.sum(0)) - score(b.sum(0)))
    rng = stream(seed, "resampling.permutation")
    diff = b - a
    base_a = a.sum(0)
    base_b = b.sum(0)
    hits = 0
    for _ in range(n):
        swap = rng.random(a.shape[0]) < 0.5
        delta = swap.astype(float) @ diff
        if abs(score(base_a + delta) - score(base_b - delta)) >= observed - 1e-12:
            hits += 1
    return (hits + 1) / (n + 1)
