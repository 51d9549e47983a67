"""The Dependency Model with Valence (Klein & Manning 2004), trained by EM.

Generative story, for a sentence of tags: the root chooses one head word
(``P_root(t)``); every head ``h`` then generates its dependents on each side
independently, nearest first: before each dependent it decides whether to
stop, ``P(STOP | t_h, dir, adj)``, where ``adj`` tells whether it has already
generated a dependent on that side (the valence), and if it continues it
chooses the dependent's tag, ``P(t_c | t_h, dir)``; each dependent generates
its own dependents recursively.  Only projective trees are generated.

Training is EM (inside-outside, :mod:`~induceval.models.dependencies.inside_outside`)
or Viterbi EM (hard counts from the best tree,
:mod:`~induceval.models.dependencies.viterbi`), from the harmonic
initialiser (:func:`harmonic_counts`).  Decoding is Viterbi.

References
----------
Klein, D. and Manning, C. D. (2004). Corpus-based induction of syntactic
structure: models of dependency and constituency. ACL, §3.
Gelling, D., Cohn, T., Blunsom, P. and Graça, J. (2012). The PASCAL Challenge
on Grammar Induction. NAACL-HLT WILS, §4 (DMVc/p/u and the H baseline).
Spitkovsky, V. I., Alshawi, H., Jurafsky, D. and Manning, C. D. (2010).
Viterbi training improves unsupervised dependency parsing. CoNLL.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from induceval.errors import MAX_ITERATIONS, check_range
from induceval.models.dependencies.inside_outside import (
    expected_counts,
    length_order,
    tree_counts,
    zero_counts,
)
from induceval.models.dependencies.viterbi import viterbi_parse

__all__ = ["DMVParams", "TrainingLog", "harmonic_counts", "harmonic_params", "train_dmv",
           "MAX_SMOOTHING"]

#: the largest M-step pseudo-count: above it the counts are drowned (and sums overflow)
MAX_SMOOTHING = 1e6


@dataclass
class DMVParams:
    """DMV parameters over ``T`` tags.

    Attributes
    ----------
    root
        ``P_root(t)``, shape ``(T,)``.
    choose
        ``P(child | head, dir)``, shape ``(T, 2, T)``; direction 0 = left, 1 = right.
    stop
        ``P(STOP | head, dir, adj)``, shape ``(T, 2, 2)``; adjacency index 0 =
        no dependent generated yet on that side, 1 = at least one.
    tags
        The tag names, when known (index = code).
    """

    root: np.ndarray
    choose: np.ndarray
    stop: np.ndarray
    tags: list[str] = field(default_factory=list)

    @property
    def n_tags(self) -> int:
        """``T``, the number of tags the parameters are over.

        Example
        -------
        >>> harmonic_params(np.array([0, 1, 0]), np.array([0, 3]), 2).n_tags
        2
        """
        return int(self.root.shape[0])

    @classmethod
    def from_counts(cls, c_root: np.ndarray, c_choose: np.ndarray, c_stop: np.ndarray,
                    c_cont: np.ndarray, *, smoothing: float = 0.0,
                    tags: list[str] | None = None) -> DMVParams:
        """M-step: relative frequencies of (expected) counts plus ``smoothing``.

        A head never seen gets uniform attachments and stop probability 0.5.

        Example
        -------
        >>> T = 2
        >>> p = DMVParams.from_counts(np.array([3.0, 1.0]), np.zeros((T, 2, T)),
        ...                           np.ones((T, 2, 2)), np.zeros((T, 2, 2)))
        >>> p.root.tolist(), p.choose[0, 1].tolist(), float(p.stop[0, 0, 0])
        ([0.75, 0.25], [0.5, 0.5], 1.0)
        """
        sm = float(smoothing)
        T = c_root.shape[0]
        r = c_root + sm
        root = r / r.sum() if r.sum() > 0 else np.full(T, 1.0 / T)
        ch = c_choose + sm
        tot = ch.sum(axis=2, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            choose = np.where(tot > 0, ch / np.where(tot > 0, tot, 1.0), 1.0 / T)
            den = c_stop + c_cont + 2 * sm
            stop = np.where(den > 0, (c_stop + sm) / np.where(den > 0, den, 1.0), 0.5)
        return cls(root, choose, stop, list(tags or []))

    def parse(self, tags: np.ndarray, offsets: np.ndarray, *,
              floor: float = 1e-12) -> tuple[np.ndarray, np.ndarray]:
        """Viterbi trees (1-based heads, 0 = root) and their log-probabilities.

        ``floor`` mixes a tiny uniform distribution into every parameter so
        that sentences with events never seen in training (a tag found only
        in long sentences) still get their most probable tree rather than an
        arbitrary one; ``0`` decodes with the raw parameters.
        """
        root, choose, stop = self.root, self.choose, self.stop
        if floor > 0:
            T = self.n_tags
            root = root * (1 - floor) + floor / T
            choose = choose * (1 - floor) + floor / T
            stop = stop * (1 - 2 * floor) + floor
        return viterbi_parse(tags, offsets, root, choose, stop)

    def log_likelihood(self, tags: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """Log-probability of each sentence, summed over all projective trees."""
        return expected_counts(tags, offsets, self.root, self.choose, self.stop)[4]

    def to_dict(self) -> dict:
        """Readable parameters: the tags' names with their probabilities."""
        names = self.tags or [str(i) for i in range(self.n_tags)]
        return {
            "root": {names[i]: float(p) for i, p in enumerate(self.root)},
            "stop": {names[h]: {d: {a: float(self.stop[h, di, ai])
                                    for ai, a in enumerate(("adj", "nonadj"))}
                                for di, d in enumerate(("left", "right"))}
                     for h in range(self.n_tags)},
        }


@njit(cache=True)
def _harmonic(tags, offsets, constant, c_root, c_choose, c_stop, c_cont):
    n_sent = len(offsets) - 1
    for s in range(n_sent):
        a = offsets[s]
        n = offsets[s + 1] - a
        if n == 0:
            continue
        exp_dep = np.zeros((n, 2))
        for c in range(n):
            tc = tags[a + c]
            c_root[tc] += 1.0 / n
            total = 0.0
            for h in range(n):
                if h != c:
                    total += 1.0 / (abs(h - c) + constant)
            if total <= 0.0:
                continue
            mass = 1.0 - 1.0 / n
            for h in range(n):
                if h != c:
                    p = mass / (abs(h - c) + constant) / total
                    d = 1 if h < c else 0
                    c_choose[tags[a + h], d, tc] += p
                    exp_dep[h, d] += p
        for h in range(n):
            th = tags[a + h]
            for d in range(2):
                e = exp_dep[h, d]
                p1 = e if e < 1.0 else 1.0
                c_cont[th, d, 0] += p1
                c_stop[th, d, 0] += 1.0 - p1
                c_cont[th, d, 1] += e - p1
                c_stop[th, d, 1] += p1


def harmonic_counts(tags: np.ndarray, offsets: np.ndarray, n_tags: int, *, constant: float = 0.0):
    """Pseudo-counts of the harmonic initialiser (Klein & Manning 2004).

    A first E-step with posteriors fixed by hand: every word is the root with
    probability ``1/n`` and attaches to each other word with probability
    proportional to ``1 / (distance + constant)`` (mass ``1 - 1/n``).  Klein &
    Manning describe only this attachment part; the stop pseudo-counts follow
    from the same posteriors: with ``E`` a word's expected number of
    dependents on one side, it continues at adjacency with weight
    ``min(1, E)`` (stops with the rest), continues non-adjacently
    ``E - min(1, E)`` times and stops non-adjacently with weight ``min(1, E)``.

    Returns ``(c_root, c_choose, c_stop, c_cont)`` with the parameter shapes.

    Parameters
    ----------
    tags
        The sentences' tag codes, concatenated.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    n_tags
        The number of tags.
    constant
        Added to the distance in the attachment weights.

    Returns
    -------
    tuple of numpy.ndarray
        ``(c_root, c_choose, c_stop, c_cont)``, shaped as the DMV parameters.

    Example
    -------
    >>> r, ch, st, co = harmonic_counts(np.array([0, 1]), np.array([0, 2]), 2)
    >>> r.tolist(), float(ch[0, 1, 1]), float(ch[1, 0, 0])
    ([0.5, 0.5], 0.5, 0.5)
    """
    check_range("harmonic constant", constant, 0)
    c_root, c_choose, c_stop, c_cont = zero_counts(n_tags)
    if constant == 0:
        constant = 0.0
    _harmonic(np.ascontiguousarray(tags, dtype=np.int64),
              np.ascontiguousarray(offsets, dtype=np.int64), float(constant),
              c_root, c_choose, c_stop, c_cont)
    return c_root, c_choose, c_stop, c_cont


def harmonic_params(tags: np.ndarray, offsets: np.ndarray, n_tags: int, *,
                    constant: float = 0.0, smoothing: float = 0.0,
                    tag_names: list[str] | None = None) -> DMVParams:
    """The DMV initialised by the harmonic initialiser (the H baseline's model).

    Parameters
    ----------
    tags
        The sentences' tag codes, concatenated.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    n_tags
        The number of tags.
    constant
        Added to the distance in the attachment weights.
    smoothing
        Pseudo-count added to every event.
    tag_names
        The tags' names, kept with the parameters.

    Returns
    -------
    DMVParams
        The initial DMV.

    Example
    -------
    >>> p = harmonic_params(np.array([0, 1]), np.array([0, 2]), 2)
    >>> p.root.tolist()
    [0.5, 0.5]
    """
    counts = harmonic_counts(tags, offsets, n_tags, constant=constant)
    return DMVParams.from_counts(*counts, smoothing=smoothing, tags=tag_names)


@dataclass
class TrainingLog:
    """What EM did: the log-likelihood at each iteration and why it stopped.

    ``log_likelihood[i]`` is the corpus log-probability (natural log) of the
    parameters after ``i`` M-steps (``i = 0``: the initialiser), computed in
    the E-step of iteration ``i + 1``; for Viterbi EM it is the log-probability
    of the best trees.  It is non-decreasing under EM.
    """

    log_likelihood: list[float] = field(default_factory=list)
    n_tokens: int = 0
    n_sentences: int = 0
    converged: bool = False
    stop_reason: str = ""
    seconds: list[float] = field(default_factory=list)
    underflow: int = 0

    @property
    def iterations(self) -> int:
        """Number of E-steps run (one log-likelihood each)."""
        return len(self.log_likelihood)

    def per_token(self) -> list[float]:
        """Log-likelihood per token at each iteration."""
        n = max(self.n_tokens, 1)
        return [ll / n for ll in self.log_likelihood]

    def to_dict(self) -> dict:
        """The log as JSON-ready data, ``per_token`` added, without the timings.

        Example
        -------
        >>> log = TrainingLog([-12.0, -10.5], n_tokens=3, n_sentences=1, converged=True)
        >>> log.iterations, log.to_dict()["per_token"]
        (2, [-4.0, -3.5])
        """
        return {"log_likelihood": self.log_likelihood, "per_token": self.per_token(),
                "n_tokens": self.n_tokens, "n_sentences": self.n_sentences,
                "converged": self.converged, "stop_reason": self.stop_reason,
                "underflow_sentences": self.underflow}


def train_dmv(tags: np.ndarray, offsets: np.ndarray, n_tags: int, *,
              iterations: int = 100, tolerance: float = 1e-5, viterbi_em: bool = False,
              smoothing: float = 0.0, harmonic_constant: float = 0.0,
              init: DMVParams | None = None, tag_names: list[str] | None = None,
              callback: Callable[[int, float], None] | None = None,
              ) -> tuple[DMVParams, TrainingLog]:
    """Train a DMV by EM (or Viterbi EM) from the harmonic initialiser.

    Parameters
    ----------
    tags, offsets
        Training sentences: tag codes ``0..n_tags-1`` concatenated, offsets.
        Every sentence must be non-empty and at most
        :data:`~induceval.models.dependencies.inside_outside.MAX_EM_LENGTH` long.
    n_tags
        The number of tags.
    iterations
        Maximum number of EM iterations (0 = return the initialiser).
    tolerance
        Stop when the relative gain of the log-likelihood over one iteration,
        ``(ll_t - ll_{t-1}) / |ll_{t-1}|``, falls below this.
    viterbi_em
        Hard EM: counts from each sentence's best tree (Spitkovsky et al. 2010).
    smoothing
        Pseudo-count added to every event in each M-step (0 = plain EM).
    harmonic_constant
        The constant added to the distance in the harmonic initialiser.
    init
        Start from these parameters instead of the harmonic initialiser.
    tag_names
        The tags' names, kept with the parameters.
    callback
        Called as ``callback(iteration, log_likelihood)`` after each E-step.

    Returns
    -------
    tuple of (DMVParams, TrainingLog)
        The trained parameters and the log-likelihood of every iteration.

    Example
    -------
    >>> tags = np.array([0, 1, 0, 1, 1]); offsets = np.array([0, 2, 5])
    >>> params, log = train_dmv(tags, offsets, 2, iterations=5)
    >>> log.iterations <= 5 and log.log_likelihood == sorted(log.log_likelihood)
    True
    """
    check_range("iterations", iterations, 0, MAX_ITERATIONS)
    check_range("tolerance", tolerance, 0, finite=True)
    check_range("smoothing", smoothing, 0, MAX_SMOOTHING, finite=True)
    tags = np.ascontiguousarray(tags, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    params = init if init is not None else harmonic_params(
        tags, offsets, n_tags, constant=harmonic_constant, smoothing=smoothing, tag_names=tag_names)
    log = TrainingLog(n_tokens=int(offsets[-1]), n_sentences=len(offsets) - 1)
    order = length_order(offsets)
    if iterations == 0:
        log.stop_reason = "iterations=0 (initialiser only)"
    from induceval.progress import step_bar

    # a bar on stderr only inside the CLI's progress_bars block (silent otherwise)
    with step_bar(iterations, "DMV Viterbi EM" if viterbi_em else "DMV EM", "iteration") as bar:
        for it in range(iterations):
            t0 = time.perf_counter()
            if viterbi_em:
                heads, scores = params.parse(tags, offsets, floor=0.0)
                counts = tree_counts(tags, offsets, heads, n_tags)
                ll_s = scores
            else:
                *counts, ll_s = expected_counts(tags, offsets, params.root, params.choose,
                                                params.stop, order=order)
            finite = np.isfinite(ll_s)
            log.underflow = int((~finite).sum())
            ll = float(ll_s[finite].sum())
            params = DMVParams.from_counts(*counts, smoothing=smoothing, tags=params.tags)
            log.log_likelihood.append(ll)
            log.seconds.append(time.perf_counter() - t0)
            bar.update(1)
            bar.set_postfix_str(f"log-likelihood/token {ll / max(log.n_tokens, 1):.4f}")
            if callback is not None:
                callback(it, ll)
            if it > 0:
                prev = log.log_likelihood[-2]
                if ll - prev <= tolerance * abs(prev):
                    log.converged = True
                    log.stop_reason = f"relative gain below tolerance={tolerance:g}"
                    break
        else:
            if iterations:
                log.stop_reason = f"reached iterations={iterations}"
    return params, log
