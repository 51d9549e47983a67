"""Bayesian HMM (Goldwater & Griffiths 2007): trigram tag model, collapsed Gibbs sampling.

Model: ``t_i | t_{i-2}, t_{i-1} ~ Mult(tau_{t_{i-2} t_{i-1}})``, ``tau ~ Dir(alpha)``;
``w_i | t_i ~ Mult(omega_{t_i})``, ``omega ~ Dir(beta)``.  The parameters are
integrated out and each token's tag is sampled from its conditional given all
other tags (GG07, Eq. 8, including the indicator corrections for repeated
trigrams), so tokens of one type can get different tags.  Each sentence is
padded with two boundary tags before and one after (the boundary is an extra
outcome of every transition, so a transition distribution has ``K + 1``
outcomes).  ``W`` in the emission denominator is the number of word types.

Simulated annealing: the conditional is raised to ``1 / temperature`` with the
temperature moved linearly from ``temp_start`` to ``temp_end`` over the first
``anneal_fraction`` of the iterations (GG07 anneal; the exact schedule of the
Frank et al. runs is not given in Frank et al. 2009, so it is an option).  Hyperparameters
``alpha`` and ``beta`` can be resampled by Metropolis-Hastings (GG07 §4.1:
Gaussian proposal with standard deviation ``0.1 x`` the current value, flat
prior on positive values).

References
----------
Goldwater & Griffiths (2007). A fully Bayesian approach to unsupervised
part-of-speech tagging. *ACL*, 744-751.
Frank, Goldwater & Keller (2009) (2000 iterations); Reichart et al.
(2010) (GG07 run for 10K iterations with annealing).
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories._bigrams import code_counts, gather, run_chunked, type_counts
from induceval.models.categories.result import TagInduction, type_clusters_from_codes
from induceval.random import DEFAULT_SEED, stream, stream_seed
from induceval.signature import make_signature

__all__ = ["induce_bhmm", "bhmm_counts"]


@njit(cache=True)
def _tri(a, b, c, Tb):
    return (a * Tb + b) * Tb + c


@njit(cache=True, inline="always")
def _context(tags, i, start, end, order, B):
    """Tags around token ``i`` of a sentence ``start..end-1`` (``B``: boundary):
    ``(p2, p1, q1, n1, nn2, has3)``, ``q1`` being ``p1`` as the next trigram sees it."""
    p2 = tags[i - 2] if i - 2 >= start and order == 3 else B
    p1 = tags[i - 1] if i - 1 >= start else B
    q1 = p1 if order == 3 else B
    n1 = tags[i + 1] if i + 1 < end else B
    has3 = i + 1 < end and order == 3
    nn2 = tags[i + 2] if i + 2 < end else B
    return p2, p1, q1, n1, nn2, has3


@njit(cache=True, inline="always")
def _add_token(n3, n2, ne, nt, w, t, p2, p1, q1, n1, nn2, has3, T, Tb, delta):
    """Add ``delta`` (1 or -1) to every count token ``w`` with tag ``t`` takes part in."""
    n3[_tri(p2, p1, t, Tb)] += delta
    n2[p2 * Tb + p1] += delta
    n3[_tri(q1, t, n1, Tb)] += delta
    n2[q1 * Tb + t] += delta
    if has3:
        n3[_tri(t, n1, nn2, Tb)] += delta
        n2[t * Tb + n1] += delta
    ne[w * T + t] += delta
    nt[t] += delta


@njit(cache=True)
def _build_counts(ids, offsets, tags, T, V, order=3):
    Tb = T + 1
    B = T
    n3 = np.zeros(Tb * Tb * Tb, dtype=np.int64)
    n2 = np.zeros(Tb * Tb, dtype=np.int64)
    ne = np.zeros(V * T, dtype=np.int64)
    nt = np.zeros(T, dtype=np.int64)
    for s in range(len(offsets) - 1):
        a = B
        b = B
        for i in range(offsets[s], offsets[s + 1]):
            t = tags[i]
            n3[_tri(a, b, t, Tb)] += 1
            n2[a * Tb + b] += 1
            ne[ids[i] * T + t] += 1
            nt[t] += 1
            a = b if order == 3 else B
            b = t
        n3[_tri(a, b, B, Tb)] += 1
        n2[a * Tb + b] += 1
    return n3, n2, ne, nt


@njit(cache=True)
def _log_marginal_trans(n3, n2, alpha, Tb):
    total = 0.0
    la = math.lgamma(alpha)
    lTa = math.lgamma(Tb * alpha)
    for ctx in range(Tb * Tb):
        if n2[ctx] == 0:
            continue
        total += lTa - math.lgamma(n2[ctx] + Tb * alpha)
        base = ctx * Tb
        for t in range(Tb):
            c = n3[base + t]
            if c > 0:
                total += math.lgamma(c + alpha) - la
    return total


@njit(cache=True)
def _log_marginal_emit(ne, nt, beta, T, V):
    total = 0.0
    lb = math.lgamma(beta)
    lVb = math.lgamma(V * beta)
    for t in range(T):
        total += lVb - math.lgamma(nt[t] + V * beta)
    for x in range(V * T):
        c = ne[x]
        if c > 0:
            total += math.lgamma(c + beta) - lb
    return total


@njit(cache=True)
def _mh(value, logp_fn_id, n3, n2, ne, nt, T, V, Tb, steps):
    """Metropolis-Hastings on one hyperparameter (0: alpha, 1: beta)."""
    if logp_fn_id == 0:
        cur = _log_marginal_trans(n3, n2, value, Tb)
    else:
        cur = _log_marginal_emit(ne, nt, value, T, V)
    for _ in range(steps):
        sd = 0.1 * value
        prop = value + sd * np.random.standard_normal()  # noqa: NPY002 (numba, seeded)
        if prop <= 0.0:
            continue
        if logp_fn_id == 0:
            new = _log_marginal_trans(n3, n2, prop, Tb)
        else:
            new = _log_marginal_emit(ne, nt, prop, T, V)
        sd_back = 0.1 * prop
        # Gaussian proposal with value-dependent spread: Hastings correction
        log_q_fwd = -math.log(sd) - 0.5 * ((prop - value) / sd) ** 2
        log_q_back = -math.log(sd_back) - 0.5 * ((value - prop) / sd_back) ** 2
        if math.log(np.random.random() + 1e-300) < new - cur + log_q_back - log_q_fwd:  # noqa: NPY002
            value = prop
            cur = new
    return value


@njit(cache=True, inline="always")
def _token_probs(p, w, p2, p1, q1, n1, nn2, has3, n3, n2, ne, nt, T, Tb, alpha, beta, Ta,
                 Vb, inv_temp):
    """Cumulative unnormalised conditional of each tag (GG07 Eq. 8) into ``p``; returns the total.

    The counts must exclude the token being sampled.
    """
    total = 0.0
    d1 = n2[p2 * Tb + p1] + Ta
    for t in range(T):
        pe = (ne[w * T + t] + beta) / (nt[t] + Vb)
        f1 = (n3[_tri(p2, p1, t, Tb)] + alpha) / d1
        a2 = n3[_tri(q1, t, n1, Tb)]
        c2 = n2[q1 * Tb + t]
        if p2 == q1 and p1 == t:
            c2 += 1
            if t == n1:
                a2 += 1
        f2 = (a2 + alpha) / (c2 + Ta)
        val = pe * f1 * f2
        if has3:
            a3 = n3[_tri(t, n1, nn2, Tb)]
            c3 = n2[t * Tb + n1]
            if p2 == t and p1 == n1:
                c3 += 1
                if t == nn2:
                    a3 += 1
            if p1 == t and t == n1:
                c3 += 1
                if n1 == nn2:
                    a3 += 1
            val *= (a3 + alpha) / (c3 + Ta)
        if inv_temp != 1.0:
            val = math.exp(inv_temp * math.log(val))
        total += val
        p[t] = total
    return total


@njit(cache=True)
def token_conditional(ids, offsets, tags, i, T, V, alpha, beta, order=3):
    """Normalised conditional P(t_i = t | all other tags, words) at temperature 1 (for tests)."""
    Tb = T + 1
    B = T
    n3, n2, ne, nt = _build_counts(ids, offsets, tags, T, V, order)
    s = 0
    while offsets[s + 1] <= i:
        s += 1
    start = offsets[s]
    end = offsets[s + 1]
    w = ids[i]
    old = tags[i]
    p2, p1, q1, n1, nn2, has3 = _context(tags, i, start, end, order, B)
    _add_token(n3, n2, ne, nt, w, old, p2, p1, q1, n1, nn2, has3, T, Tb, -1)
    p = np.zeros(T)
    total = _token_probs(p, w, p2, p1, q1, n1, nn2, has3, n3, n2, ne, nt, T, Tb, alpha, beta,
                         Tb * alpha, V * beta, 1.0)
    out = np.empty(T)
    prev = 0.0
    for t in range(T):
        out[t] = (p[t] - prev) / total
        prev = p[t]
    return out


@njit(cache=True)
def _seed_sampler(seed):
    np.random.seed(seed)  # noqa: NPY002 (numba: the per-thread state the sweeps draw from)


@njit(cache=True, fastmath=True)
def _gibbs_sweeps(ids, offsets, tags, T, V, it0, it1, alpha, beta, temp_start, temp_end,
                  anneal_iters, sample_hyper, hyper_every, order, n3, n2, ne, nt, p,
                  hist_alpha, hist_beta):
    Tb = T + 1
    B = T
    for it in range(it0, it1):
        if anneal_iters > 0 and it < anneal_iters:
            temp = temp_start + (temp_end - temp_start) * it / anneal_iters
        else:
            temp = temp_end
        inv_temp = 1.0 / temp
        Ta = Tb * alpha
        Vb = V * beta
        for s in range(len(offsets) - 1):
            start = offsets[s]
            end = offsets[s + 1]
            for i in range(start, end):
                w = ids[i]
                old = tags[i]
                p2, p1, q1, n1, nn2, has3 = _context(tags, i, start, end, order, B)
                _add_token(n3, n2, ne, nt, w, old, p2, p1, q1, n1, nn2, has3, T, Tb, -1)
                total = _token_probs(p, w, p2, p1, q1, n1, nn2, has3, n3, n2, ne, nt, T, Tb,
                                     alpha, beta, Ta, Vb, inv_temp)
                u = np.random.random() * total  # noqa: NPY002
                new = 0
                while new < T - 1 and p[new] <= u:
                    new += 1
                tags[i] = new
                _add_token(n3, n2, ne, nt, w, new, p2, p1, q1, n1, nn2, has3, T, Tb, 1)
        if sample_hyper and (it + 1) % hyper_every == 0:
            alpha = _mh(alpha, 0, n3, n2, ne, nt, T, V, Tb, 5)
            beta = _mh(beta, 1, n3, n2, ne, nt, T, V, Tb, 5)
        hist_alpha[it] = alpha
        hist_beta[it] = beta
    return alpha, beta


def _gibbs(ids, offsets, tags, T, V, n_iter, alpha, beta, temp_start, temp_end, anneal_iters,
           sample_hyper, hyper_every, seed, order):
    """The Gibbs sampler, run from Python in chunks of sweeps
    (:func:`~induceval.models.categories._bigrams.run_chunked`: Ctrl-C stops it at once); the
    random stream continues across chunks, so the result is that of one uninterrupted run."""
    from induceval.progress import step_bar

    _seed_sampler(seed)
    n3, n2, ne, nt = _build_counts(ids, offsets, tags, T, V, order)
    p = np.zeros(T)
    hist_alpha = np.zeros(n_iter)
    hist_beta = np.zeros(n_iter)
    hyper = [alpha, beta]

    def sweeps(it, stop):
        hyper[:] = _gibbs_sweeps(ids, offsets, tags, T, V, it, stop, *hyper, temp_start, temp_end,
                                 anneal_iters, sample_hyper, hyper_every, order, n3, n2, ne, nt,
                                 p, hist_alpha, hist_beta)

    with step_bar(n_iter, "BHMM Gibbs", "sweep") as bar:   # silent unless the CLI shows bars
        run_chunked(sweeps, 0, n_iter, first=1, bar=bar)
    alpha, beta = hyper
    Tb = T + 1
    logp = _log_marginal_trans(n3, n2, alpha, Tb) + _log_marginal_emit(ne, nt, beta, T, V)
    return n3, n2, ne, nt, hist_alpha, hist_beta, logp


def bhmm_counts(ids: np.ndarray, offsets: np.ndarray, tags: np.ndarray, k: int, n_types: int,
                order: int = 3):
    """Trigram, context, emission and tag counts of a tagging (as the sampler keeps them).

    Returns ``(n3, n2, ne, nt)`` flat ``int64`` arrays (``n3`` indexed
    ``(a*(k+1)+b)*(k+1)+c`` with boundary tag ``k``; for ``order=2`` the first
    context tag ``a`` is always the boundary, so ``n3`` holds bigram counts).
    """
    return _build_counts(np.asarray(ids, np.int64), np.asarray(offsets, np.int64),
                         np.asarray(tags, np.int64), k, n_types, order)


def induce_bhmm(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED, iterations: int = 2000,
                alpha: float = 0.003, beta: float = 1.0, temp_start: float = 2.0,
                temp_end: float = 1.0, anneal_fraction: float = 0.5,
                sample_hyper: bool = True, hyper_every: int = 10, order: int = 3,
                column: str = "form") -> TagInduction:
    """Bayesian HMM tagging by collapsed Gibbs sampling (GG07), the final sample.

    Parameters
    ----------
    seed
        Seed of the initial random tagging and of the sampler.
    iterations
        Gibbs sweeps over the corpus (Frank et al. 2009: 2000; Reichart et al. 2010: 10000).
    alpha, beta
        Dirichlet hyperparameters of transitions and emissions (initial values
        when ``sample_hyper``); GG07's best fixed values are 0.003 and 1.
    temp_start, temp_end, anneal_fraction
        Annealing schedule: temperature linear from ``temp_start`` to
        ``temp_end`` over ``anneal_fraction * iterations`` sweeps, then
        ``temp_end``.  ``temp_start = temp_end = 1`` disables annealing.
    sample_hyper
        Resample ``alpha`` and ``beta`` by Metropolis-Hastings (5 proposals
        each) every ``hyper_every`` sweeps.
    order
        ``3``: trigram transitions (GG07's BHMM, as in Frank et al. 2009 and Reichart et
        al. 2010); ``2``: bigram transitions (the model of ``pgibbs``).

    Returns
    -------
    TagInduction
        Every token tagged; ``type_clusters`` is each type's majority tag;
        ``log`` holds the final ``alpha``, ``beta``, log marginal probability
        and seconds per sweep, and ``empty_states``, the ids of states no token
        ended in (when there are any: ``n_clusters`` counts the others, and
        ``n_labels`` is still ``k`` or the largest id used plus one).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ["the dog runs", "a cat runs", "the cat sleeps"] * 4:
    ...     b.add_sentence({"form": s.split()})
    >>> r1 = induce_bhmm(b.build(), 3, iterations=20, seed=1)
    >>> r2 = induce_bhmm(b.build(), 3, iterations=20, seed=1)
    >>> bool((r1.tags == r2.tags).all()), bool(r1.tags.min() >= 0)
    (True, True)
    """
    check_range("k", k, 1)
    check_range("iterations", iterations, 0)
    check_range("alpha", alpha, 0, low_open=True)
    check_range("beta", beta, 0, low_open=True)
    check_range("temp_start", temp_start, 0, low_open=True)
    check_range("temp_end", temp_end, 0, low_open=True)
    check_range("anneal_fraction", anneal_fraction, 0.0, 1.0)
    check_range("hyper_every", hyper_every, 1)
    check_choice("order", order, (2, 3))
    # the sampler's state is per token: int32 type ids and tags (one copy of the column,
    # numbered as prepare_forms numbers types), counts from them in the compiled sampler
    values, offsets, types, _, dense = type_counts(corpus, column)
    ids = gather(dense, values)
    keep = ids >= 0
    if not keep.all():  # missing words are dropped from the sequences and left untagged
        kept = np.concatenate(([0], np.cumsum(keep)))
        seq_offsets = kept[offsets]
        seq_ids = ids[keep]
    else:
        seq_offsets, seq_ids = offsets, ids
    V = max(len(types), 1)
    gen = stream(seed, "models.bhmm.init")
    tags = gen.integers(0, k, size=len(seq_ids)).astype(np.int32)
    anneal_iters = int(round(anneal_fraction * iterations))
    t0 = time.perf_counter()
    n3, n2, ne, nt, ha, hb, logp = _gibbs(
        seq_ids, np.asarray(seq_offsets, dtype=np.int64), tags, k, V, iterations,
        float(alpha), float(beta), float(temp_start), float(temp_end), anneal_iters,
        bool(sample_hyper), int(hyper_every), stream_seed(seed, "models.bhmm.sampler"), int(order))
    elapsed = time.perf_counter() - t0
    if keep.all():
        out = tags
    else:
        out = np.full(len(ids), -1, dtype=np.int32)
        out[keep] = tags
    type_clusters, unclustered = type_clusters_from_codes(values, dense, out, types)
    sig = make_signature("bhmm", {"k": k, "order": order, "iter": iterations, "alpha": alpha,
                                  "beta": beta,
                                  "anneal": f"{temp_start:g}-{temp_end:g}/{anneal_fraction:g}",
                                  "hyper": sample_hyper, "column": column}, seed=seed)
    # a state no token ended in keeps its id (the ids index the sampler's counts in the
    # log): the ids then have gaps, which the log names
    used = code_counts(tags, k) > 0
    empty = {"empty_states": np.flatnonzero(~used).tolist()} if not used.all() else {}
    return TagInduction(
        tags=out, type_clusters=type_clusters, unclustered=unclustered,
        n_clusters=int(used.sum()), model="bhmm", signature=sig,
        log={**empty,"alpha": float(ha[-1]) if len(ha) else alpha,
             "beta": float(hb[-1]) if len(hb) else beta, "log_marginal": float(logp),
             "seconds": elapsed, "seconds_per_sweep": elapsed / max(iterations, 1),
             "counts": (n3, n2, ne, nt)})
