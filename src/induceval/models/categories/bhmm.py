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


# -- the sampler's state --------------------------------------------------------------------
#
# The loop over candidate tags reads, for each candidate ``t``, the trigram counts
# ``(p2, p1, t)``, ``(q1, t, n1)`` and ``(t, n1, nn2)`` and the context counts ``(q1, t)`` and
# ``(t, n1)``.  In one ``[a, b, c]`` array the last two trigram reads and the last context read
# are strided by ``K + 1`` and ``(K + 1)^2`` entries: at K = 80 on a corpus of a million tokens
# that is a cache miss per candidate and read.  So the sampler keeps a copy of the counts for
# each access pattern, each laid out so that the candidate tag is the last (contiguous) index,
# all kept in step:
#
#   n3a[(a*Tb + b)*Tb + c]   trigram (a, b, c), read as (p2, p1, t)
#   n3m[(a*Tb + c)*Tb + b]   trigram (a, b, c), read as (q1, t, n1)
#   n3f[(b*Tb + c)*Tb + a]   trigram (a, b, c), read as (t, n1, nn2)
#   n2a[a*Tb + b], n2t[b*Tb + a]   context (a, b), read as (q1, t) and (t, n1)
#
# in the narrowest integer type that holds any count (uint16 below 65,536 trigrams, else
# int32; every count is at most tokens + sentences), so that the three copies cost about
# the memory of the one int64 array (K = 80, full Manchester: 9.4 against 10.3 MiB).  The
# denominators of the conditional, ``(n2 + (K+1) alpha)`` and ``(nt + W beta)``, are kept as
# their reciprocals raised to ``1 / temperature`` (recomputed from the integer counts when a
# count changes, so they never drift), which leaves multiplications in the loop.

#: counts below this read their annealed factor ``(c + alpha) ** x`` from a table (refilled
#: once a sweep); the few larger counts take ``math.pow`` (with a table of 4,096, the counts
#: of the most frequent words and contexts of a million tokens past it were most of an
#: annealed sweep's ``pow`` calls)
POW_TABLE = 1 << 16


def _count_dtype(bound: int):
    """The narrowest integer type the sampler keeps counts of at most ``bound`` in."""
    if bound <= np.iinfo(np.uint16).max:
        return np.uint16
    if bound <= np.iinfo(np.int32).max:
        return np.int32
    return np.int64


def _sampler_state(ids, offsets, tags, T, V, order):
    """The count copies (the comment above) of a tagging, and the float arrays
    the sweeps fill: ``(n3a, n3m, n3f, n2a, n2t, ne, nt, ntx, d2, d2t, pa, pb, pd, p)``."""
    Tb = T + 1
    n3, n2, ne, nt = _build_counts(ids, offsets, tags, T, V, order)
    n_trans = len(ids) + max(len(offsets) - 1, 0)   # every count is at most this
    tdt, edt = _count_dtype(n_trans), _count_dtype(len(ids))
    cube = n3.reshape(Tb, Tb, Tb)
    square = n2.reshape(Tb, Tb)
    n3a = np.ascontiguousarray(cube, dtype=tdt).ravel()
    n3m = np.ascontiguousarray(cube.transpose(0, 2, 1), dtype=tdt).ravel()
    n3f = np.ascontiguousarray(cube.transpose(1, 2, 0), dtype=tdt).ravel()
    n2a = np.ascontiguousarray(square, dtype=tdt).ravel()
    n2t = np.ascontiguousarray(square.T, dtype=tdt).ravel()
    floats = (np.zeros(T), np.zeros(Tb * Tb), np.zeros(Tb * Tb), np.zeros(POW_TABLE),
              np.zeros(POW_TABLE), np.zeros(POW_TABLE), np.zeros(T))
    return (n3a, n3m, n3f, n2a, n2t, ne.astype(edt), nt) + floats


@njit(cache=True, inline="always")
def _inc3(n3a, n3m, n3f, a, b, c, Tb, delta):
    n3a[(a * Tb + b) * Tb + c] += delta
    n3m[(a * Tb + c) * Tb + b] += delta
    n3f[(b * Tb + c) * Tb + a] += delta


@njit(cache=True, inline="always")
def _inc2(n2a, n2t, a, b, Tb, delta):
    n2a[a * Tb + b] += delta
    n2t[b * Tb + a] += delta


@njit(cache=True, inline="always")
def _den(c, add, x, annealed):
    """``(c + add) ** -x``, a plain reciprocal at temperature 1."""
    if annealed:
        return math.pow(c + add, -x)
    return 1.0 / (c + add)


@njit(cache=True, inline="always")
def _set_den(d2, d2t, n2a, a, b, Tb, Ta, x, annealed, pd):
    c = n2a[a * Tb + b]
    if annealed:
        v = pd[c] if c < len(pd) else math.pow(c + Ta, -x)
    else:
        v = 1.0 / (c + Ta)
    d2[a * Tb + b] = v
    d2t[b * Tb + a] = v


@njit(cache=True, inline="always")
def _pw(tab, c, add, x):
    if c < len(tab):
        return tab[np.uint32(c)]   # unsigned: no negative-index handling
    return math.pow(c + add, x)


@njit(cache=True)
def _refresh(n2a, nt, ntx, d2, d2t, pa, pb, pd, T, Tb, alpha, beta, Ta, Vb, x, annealed):
    """The powered denominators and tables for the sweep's ``alpha``, ``beta`` and ``x``."""
    if annealed:
        for c in range(len(pa)):
            pa[c] = math.pow(c + alpha, x)
            pb[c] = math.pow(c + beta, x)
            pd[c] = math.pow(c + Ta, -x)
    for t in range(T):
        ntx[t] = _den(nt[t], Vb, x, annealed)
    for a in range(Tb):
        for b in range(Tb):
            _set_den(d2, d2t, n2a, a, b, Tb, Ta, x, annealed, pd)


@njit(cache=True, inline="always")
def _without3(v, a, b, c, p2, p1, q1, old, n1, nn2, has3):
    """Trigram count ``v`` of ``(a, b, c)`` without the token being sampled (its tag
    ``old``)."""
    v = np.int64(v)
    if a == p2 and b == p1 and c == old:
        v -= 1
    if a == q1 and b == old and c == n1:
        v -= 1
    if has3 and a == old and b == n1 and c == nn2:
        v -= 1
    return v


@njit(cache=True, inline="always")
def _without2(v, a, b, p2, p1, q1, old, n1, has3):
    """Context count ``v`` of ``(a, b)`` without the token being sampled."""
    v = np.int64(v)
    if a == p2 and b == p1:
        v -= 1
    if a == q1 and b == old:
        v -= 1
    if has3 and a == old and b == n1:
        v -= 1
    return v


# Rows of the count copies are read as ``array[row + t]`` with ``row`` and ``t`` unsigned:
# numba's handling of negative indices (and slicing, whose reference counting costs atomic
# operations per token) then drops out and the loops over candidates vectorise, three times
# faster at K = 80 than with signed indices.  ``R`` bundles a token's row offsets:
# ``(re, r1, rm, rf, r2, r2t)`` into ``ne``, ``n3a``, ``n3m``, ``n3f``, ``n2a``/``d2`` and
# ``n2t``/``d2t``.


@njit(cache=True, inline="always")
def _rows(w, p2, p1, q1, n1, nn2, T, Tb):
    u = np.uint64
    return (u(w * T), u((p2 * Tb + p1) * Tb), u((q1 * Tb + n1) * Tb), u((n1 * Tb + nn2) * Tb),
            u(q1 * Tb), u(n1 * Tb))


@njit(cache=True, _nrt=False)
def _exact_weight(t, old, p2, p1, q1, n1, nn2, has3, R, ne, n3a, n3m, n3f, n2a, n2t, nt,
                  alpha, beta, Ta, Vb, x, annealed):
    """GG07 Eq. 8 for candidate ``t`` from the counts with the token, the token taken out
    on the fly, the repeated-trigram corrections applied, without the factor common to
    every candidate (``1 / (n2[p2, p1] + Ta)``); raised to ``x``.  The counts come from the
    rows the candidate loop reads (row ``r1`` of ``n3a`` at ``t`` is trigram ``(p2, p1, t)``,
    ``rm`` of ``n3m`` ``(q1, t, n1)``, ``rf`` of ``n3f`` ``(t, n1, nn2)``), in cache by
    then: the same counts in the canonical layout would be cache misses again."""
    re, r1, rm, rf, r2, r2t = R
    ut = np.uint64(t)
    e = np.int64(ne[re + ut])
    n = np.int64(nt[ut])
    if t == old:
        e -= 1
        n -= 1
    val = (e + beta) / (n + Vb)
    val *= _without3(n3a[r1 + ut], p2, p1, t, p2, p1, q1, old, n1, nn2, has3) + alpha
    a2 = _without3(n3m[rm + ut], q1, t, n1, p2, p1, q1, old, n1, nn2, has3)
    c2 = _without2(n2a[r2 + ut], q1, t, p2, p1, q1, old, n1, has3)
    if p2 == q1 and p1 == t:
        c2 += 1
        if t == n1:
            a2 += 1
    val *= (a2 + alpha) / (c2 + Ta)
    if has3:
        a3 = _without3(n3f[rf + ut], t, n1, nn2, p2, p1, q1, old, n1, nn2, has3)
        c3 = _without2(n2t[r2t + ut], t, n1, p2, p1, q1, old, n1, has3)
        if p2 == t and p1 == n1:
            c3 += 1
            if t == nn2:
                a3 += 1
        if p1 == t and t == n1:
            c3 += 1
            if n1 == nn2:
                a3 += 1
        val *= (a3 + alpha) / (c3 + Ta)
    if annealed:
        val = math.pow(val, x)
    return val


# The weights of every candidate from the counts as they are; each case its own loop.
#
# The functions a token's step calls with arrays (these loops, _exact_weight, _patch_rare,
# _move) are compiled without numba's reference counting (``_nrt=False``; they allocate
# nothing): with it, every array passed to a function, or to a function inlined, costs an
# atomic increment and decrement, some 50 of each a token: the largest cost of a sweep
# (docs/scale.md, "BHMM sweeps").


@njit(cache=True, fastmath=True, _nrt=False)
def _bulk3(p, R, ne, a, m, f, ntx, d2, d2t, T, alpha, beta):
    re, r1, rm, rf, r2, r2t = R
    for t in range(np.uint64(T)):
        p[t] = (((ne[re + t] + beta) * (a[r1 + t] + alpha) * (m[rm + t] + alpha)
                 * (f[rf + t] + alpha)) * (ntx[t] * d2[r2 + t] * d2t[r2t + t]))


@njit(cache=True, fastmath=True, _nrt=False)
def _bulk2(p, R, ne, a, m, ntx, d2, T, alpha, beta):
    re, r1, rm, rf, r2, r2t = R
    for t in range(np.uint64(T)):
        p[t] = ((ne[re + t] + beta) * (a[r1 + t] + alpha) * (m[rm + t] + alpha)
                * (ntx[t] * d2[r2 + t]))


@njit(cache=True, fastmath=True, _nrt=False)
def _bulk3_annealed(p, R, ne, a, m, f, ntx, d2, d2t, pa, pb, T, alpha, beta, x):
    re, r1, rm, rf, r2, r2t = R
    for t in range(np.uint64(T)):
        p[t] = (_pw(pb, ne[re + t], beta, x) * _pw(pa, a[r1 + t], alpha, x)
                * _pw(pa, m[rm + t], alpha, x) * _pw(pa, f[rf + t], alpha, x)
                * (ntx[t] * d2[r2 + t] * d2t[r2t + t]))


@njit(cache=True, fastmath=True, _nrt=False)
def _bulk2_annealed(p, R, ne, a, m, ntx, d2, pa, pb, T, alpha, beta, x):
    re, r1, rm, rf, r2, r2t = R
    for t in range(np.uint64(T)):
        p[t] = (_pw(pb, ne[re + t], beta, x) * _pw(pa, a[r1 + t], alpha, x)
                * _pw(pa, m[rm + t], alpha, x) * (ntx[t] * d2[r2 + t]))


@njit(cache=True, _nrt=False)
def _patch_rare(p, old, p2, p1, q1, n1, nn2, has3, R, ne, n3a, n3m, n3f, n2a, n2t, nt, T,
                alpha, beta, Ta, Vb, x, annealed):
    """The exact weights of the candidates other than ``old`` that the token's counts or the
    repeated-trigram corrections touch (order 2: ``q1 = p2 = B``, so ``p1`` always)."""
    for j in range(5):
        if j == 0:
            t = p1 if q1 == p2 or p1 == n1 else T
        elif j == 1:
            t = p2 if p1 == n1 else T
        elif j == 2:
            t = n1 if q1 == old or (q1 == p2 and p1 == old) else T
        elif j == 3:
            t = nn2 if p2 == old and p1 == n1 else T
        else:
            t = q1 if n1 == old else T
        if t < T and t != old:   # the boundary is no candidate
            p[t] = _exact_weight(t, old, p2, p1, q1, n1, nn2, has3, R, ne, n3a, n3m, n3f, n2a,
                                 n2t, nt, alpha, beta, Ta, Vb, x, annealed)


def sampler_conditional(ids, offsets, tags, i, T, V, alpha, beta, inv_temp=1.0, order=3):
    """The normalised distribution a sweep draws token ``i``'s tag from, read off the sweep
    itself (:func:`_gibbs_sweeps` run on token ``i`` alone, which it then leaves as it is),
    for tests: the weights are computed by the sampler's own code, from its count copies."""
    ids, offsets = np.asarray(ids, np.int32), np.asarray(offsets, np.int64)
    tags = np.array(tags, dtype=np.int32)
    state = _sampler_state(ids, offsets, tags, T, V, order)
    out = np.zeros(T)
    h = np.zeros(1)
    _gibbs_sweeps(ids, offsets, tags, T, V, 0, 1, alpha, beta,
                  1.0 / inv_temp, 1.0 / inv_temp, 0, False, 1, order, *state, h, h, i, out)
    return out / out.sum()


@njit(cache=True, _nrt=False)
def _move(n3a, n3m, n3f, n2a, n2t, ne, nt, ntx, d2, d2t, pd, w, old, new, p2, p1, q1, n1, nn2,
          has3, T, Tb, Ta, Vb, x, annealed):
    """Retag a token ``old`` -> ``new`` in every copy of the counts (the context
    ``(p2, p1)`` of its first trigram is unchanged) and refresh the denominators it moved."""
    _inc3(n3a, n3m, n3f, p2, p1, old, Tb, -1)
    _inc3(n3a, n3m, n3f, p2, p1, new, Tb, 1)
    _inc3(n3a, n3m, n3f, q1, old, n1, Tb, -1)
    _inc3(n3a, n3m, n3f, q1, new, n1, Tb, 1)
    _inc2(n2a, n2t, q1, old, Tb, -1)
    _inc2(n2a, n2t, q1, new, Tb, 1)
    if has3:
        _inc3(n3a, n3m, n3f, old, n1, nn2, Tb, -1)
        _inc3(n3a, n3m, n3f, new, n1, nn2, Tb, 1)
        _inc2(n2a, n2t, old, n1, Tb, -1)
        _inc2(n2a, n2t, new, n1, Tb, 1)
        _set_den(d2, d2t, n2a, old, n1, Tb, Ta, x, annealed, pd)
        _set_den(d2, d2t, n2a, new, n1, Tb, Ta, x, annealed, pd)
    _set_den(d2, d2t, n2a, q1, old, Tb, Ta, x, annealed, pd)
    _set_den(d2, d2t, n2a, q1, new, Tb, Ta, x, annealed, pd)
    ne[w * T + old] -= 1
    ne[w * T + new] += 1
    nt[old] -= 1
    nt[new] += 1
    ntx[old] = _den(nt[old], Vb, x, annealed)
    ntx[new] = _den(nt[new], Vb, x, annealed)


# -- hyperparameters ------------------------------------------------------------------------


@njit(cache=True)
def _profile(counts, cap):
    """How many entries of ``counts`` hold each value: a histogram of the nonzero values
    below ``cap`` and the list of the larger ones (the log marginals are sums over nonzero
    counts of a function of the count, so a proposal costs the distinct values only)."""
    hist = np.zeros(cap, np.int64)
    n_big = 0
    for v in counts:
        if v >= cap:
            n_big += 1
        elif v > 0:
            hist[v] += 1
    big = np.empty(n_big, np.int64)
    j = 0
    for v in counts:
        if v >= cap:
            big[j] = v
            j += 1
    return hist, big


@njit(cache=True)
def _lgamma_sum(hist, big, add):
    """Sum over the profiled nonzero counts ``c`` of ``lgamma(c + add) - lgamma(add)``."""
    total = 0.0
    la = math.lgamma(add)
    for c in range(1, len(hist)):
        if hist[c]:
            total += hist[c] * (math.lgamma(c + add) - la)
    for c in big:
        total += math.lgamma(c + add) - la
    return total


@njit(cache=True)
def _log_trans_profiled(h3, b3, h2, b2, alpha, Tb):
    # every nonzero context contributes lgamma(Tb a) - lgamma(n + Tb a), every nonzero
    # trigram lgamma(c + a) - lgamma(a) (the sum of _log_marginal_trans, regrouped)
    return _lgamma_sum(h3, b3, alpha) - _lgamma_sum(h2, b2, Tb * alpha)


@njit(cache=True)
def _log_emit_profiled(he, be, nt, beta, T, V):
    total = _lgamma_sum(he, be, beta)
    lVb = math.lgamma(V * beta)
    for t in range(T):
        total += lVb - math.lgamma(nt[t] + V * beta)
    return total


@njit(cache=True)
def _mh_profiled(value, which, n3a, n2a, ne, nt, T, V, Tb, steps):
    """Metropolis-Hastings on one hyperparameter (0: alpha, 1: beta), the log marginals summed
    over count profiles (each proposal costs the distinct count values, not every count)."""
    cap = 4096
    if which == 0:
        h3, b3 = _profile(n3a, cap)
        h2, b2 = _profile(n2a, cap)
        cur = _log_trans_profiled(h3, b3, h2, b2, value, Tb)
    else:
        he, be = _profile(ne, cap)
        cur = _log_emit_profiled(he, be, nt, value, T, V)
    for _ in range(steps):
        sd = 0.1 * value
        prop = value + sd * np.random.standard_normal()  # noqa: NPY002 (numba, seeded)
        if prop <= 0.0:
            continue
        if which == 0:
            new = _log_trans_profiled(h3, b3, h2, b2, prop, Tb)
        else:
            new = _log_emit_profiled(he, be, nt, prop, T, V)
        sd_back = 0.1 * prop
        # Gaussian proposal with value-dependent spread: Hastings correction
        log_q_fwd = -math.log(sd) - 0.5 * ((prop - value) / sd) ** 2
        log_q_back = -math.log(sd_back) - 0.5 * ((value - prop) / sd_back) ** 2
        if math.log(np.random.random() + 1e-300) < new - cur + log_q_back - log_q_fwd:  # noqa: NPY002
            value = prop
            cur = new
    return value


# -- the sweeps -----------------------------------------------------------------------------


@njit(cache=True, fastmath=True)
def _gibbs_sweeps(ids, offsets, tags, T, V, it0, it1, alpha, beta, temp_start, temp_end,
                  anneal_iters, sample_hyper, hyper_every, order, n3a, n3m, n3f, n2a, n2t, ne,
                  nt, ntx, d2, d2t, pa, pb, pd, p, hist_alpha, hist_beta, probe, probe_out):
    """Sweeps ``it0..it1-1`` (``probe``: -1, or a token whose weights go to ``probe_out``,
    no other token being visited)."""
    Tb = T + 1
    B = T
    for it in range(it0, it1):
        if anneal_iters > 0 and it < anneal_iters:
            temp = temp_start + (temp_end - temp_start) * it / anneal_iters
        else:
            temp = temp_end
        x = 1.0 / temp
        annealed = x != 1.0
        Ta = Tb * alpha
        Vb = V * beta
        _refresh(n2a, nt, ntx, d2, d2t, pa, pb, pd, T, Tb, alpha, beta, Ta, Vb, x, annealed)
        for s in range(len(offsets) - 1):
            start = offsets[s]
            end = offsets[s + 1]
            for i in range(start, end):
                w = ids[i]
                old = tags[i]
                p2, p1, q1, n1, nn2, has3 = _context(tags, i, start, end, order, B)
                if probe >= 0 and i != probe:
                    continue
                # The weights of every candidate into p (raised to x, all scaled alike) from
                # the counts with the token, tagged old.  Taking the token out changes only
                # the counts that candidates old, p2, p1, q1, n1 and nn2 read, and the
                # repeated-trigram corrections concern only p1 and p2: every other candidate
                # reads the counts as they are.  So the loop over candidates is branch-free on
                # contiguous rows, and those few are recomputed exactly afterwards.  Counts
                # with the token are also what the sweep has when the token keeps its tag,
                # which it then does not have to take out and put back.
                R = _rows(w, p2, p1, q1, n1, nn2, T, Tb)
                if not annealed:
                    if has3:
                        _bulk3(p, R, ne, n3a, n3m, n3f, ntx, d2, d2t, T, alpha, beta)
                    else:
                        _bulk2(p, R, ne, n3a, n3m, ntx, d2, T, alpha, beta)
                elif has3:
                    _bulk3_annealed(p, R, ne, n3a, n3m, n3f, ntx, d2, d2t, pa, pb, T, alpha, beta,
                                    x)
                else:
                    _bulk2_annealed(p, R, ne, n3a, n3m, ntx, d2, pa, pb, T, alpha, beta, x)
                # old's counts hold the token: its weight is recomputed without it
                p[np.uint64(old)] = _exact_weight(old, old, p2, p1, q1, n1, nn2, has3, R, ne,
                                                  n3a, n3m, n3f, n2a, n2t, nt, alpha, beta, Ta,
                                                  Vb, x, annealed)
                # another candidate reads a count the token is in, or takes a correction,
                # only when tags around the token are equal (each condition in _patch_rare
                # makes one of the candidate's trigrams or contexts one of the token's)
                if ((q1 == p2 or p1 == n1) and p1 < T) or q1 == old or n1 == old:
                    _patch_rare(p, old, p2, p1, q1, n1, nn2, has3, R, ne, n3a, n3m, n3f, n2a,
                                n2t, nt, T, alpha, beta, Ta, Vb, x, annealed)
                if i == probe:   # sampler_conditional: the weights, the token left as it is
                    probe_out[:T] = p[:T]
                    continue
                total = 0.0
                for t in range(T):
                    total += p[t]
                # one uniform a token, the tag where the running sum first passes it
                u = np.random.random() * total  # noqa: NPY002
                new = 0
                acc = p[0]
                while new < T - 1 and acc <= u:
                    new += 1
                    acc += p[new]
                if new != old:
                    tags[i] = new
                    _move(n3a, n3m, n3f, n2a, n2t, ne, nt, ntx, d2, d2t, pd, w, old, new, p2,
                          p1, q1, n1, nn2, has3, T, Tb, Ta, Vb, x, annealed)
        if sample_hyper and (it + 1) % hyper_every == 0:
            alpha = _mh_profiled(alpha, 0, n3a, n2a, ne, nt, T, V, Tb, 5)
            beta = _mh_profiled(beta, 1, n3a, n2a, ne, nt, T, V, Tb, 5)
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
    state = _sampler_state(ids, offsets, tags, T, V, order)
    hist_alpha = np.zeros(n_iter)
    hist_beta = np.zeros(n_iter)
    hyper = [alpha, beta]

    def sweeps(it, stop):
        hyper[:] = _gibbs_sweeps(ids, offsets, tags, T, V, it, stop, *hyper, temp_start, temp_end,
                                 anneal_iters, sample_hyper, hyper_every, order, *state,
                                 hist_alpha, hist_beta, -1, state[-1])

    with step_bar(n_iter, "BHMM Gibbs", "sweep") as bar:   # silent unless the CLI shows bars
        run_chunked(sweeps, 0, n_iter, first=1, bar=bar)
    alpha, beta = hyper
    Tb = T + 1
    n3a, _, _, n2a, _, ne, nt = state[:7]
    n3, n2, ne = n3a.astype(np.int64), n2a.astype(np.int64), ne.astype(np.int64)
    logp = _log_marginal_trans(n3, n2, alpha, Tb) + _log_marginal_emit(ne, nt, beta, T, V)
    return n3, n2, ne, nt, hist_alpha, hist_beta, logp


def bhmm_counts(ids: np.ndarray, offsets: np.ndarray, tags: np.ndarray, k: int, n_types: int,
                order: int = 3):
    """Trigram, context, emission and tag counts of a tagging (as the sampler keeps them).

    Returns ``(n3, n2, ne, nt)`` flat ``int64`` arrays (``n3`` indexed
    ``(a*(k+1)+b)*(k+1)+c`` with boundary tag ``k``; for ``order=2`` the first
    context tag ``a`` is always the boundary, so ``n3`` holds bigram counts).

    Parameters
    ----------
    ids
        Word id of every token.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    tags
        Tag of every token, ``0..k-1``.
    k
        The number of tags.
    n_types
        The number of word types.
    order
        3 (trigram HMM) or 2 (bigram).

    Returns
    -------
    tuple of numpy.ndarray
        ``(n3, n2, ne, nt)``: tag trigram (or bigram), context, emission
        (``tag * n_types + word``) and tag counts.

    Example
    -------
    >>> ids, offsets, tags = np.array([0, 1, 0]), np.array([0, 3]), np.array([0, 1, 0])
    >>> n3, n2, ne, nt = bhmm_counts(ids, offsets, tags, 2, 2)
    >>> int(n3.sum()), ne.tolist(), nt.tolist()     # 3 tokens + the final boundary
    (4, [2, 0, 0, 1], [2, 1])
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
