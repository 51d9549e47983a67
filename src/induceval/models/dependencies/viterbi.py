"""Viterbi parsing for the DMV: the most probable projective tree.

The same split-head charts as :mod:`induceval.models.dependencies.inside_outside`,
in log space with max instead of sum and back-pointers, compiled with numba
over flat arrays, sentences batched by length.  Ties are broken towards the
first candidate met (smallest root position, smallest split point), so the
output is deterministic.

References
----------
Klein, D. and Manning, C. D. (2004). Corpus-based induction of syntactic
structure: models of dependency and constituency. ACL.
Eisner, J. (1996). Three new probabilistic models for dependency parsing. COLING.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval.models.dependencies.inside_outside import length_order, pop_item, push_halves

__all__ = ["viterbi_parse", "MAX_VITERBI_LENGTH"]

#: Longest sentence the Viterbi parser accepts (memory and O(n^3) time);
#: longer sentences are given a right-branching fallback by the caller and counted.
MAX_VITERBI_LENGTH = 1000

_NEG = -np.inf


@njit(cache=True, inline="always")
def _best_split(X, Y, i, k, lo, hi):
    """``max_c X[i, c] + Y[c, k]`` over ``c`` in ``lo..hi-1`` and its first argmax."""
    best = _NEG
    arg = lo
    for c in range(lo, hi):
        v = X[i, c] + Y[c, k]
        if v > best:
            best = v
            arg = c
    return best, arg


@njit(cache=True)
def _viterbi_one(t, n, lroot, lchoose, lstop, lcont, heads_out, R, L, RS, LS, IR, IL,
                 bR, bL, bIR, bIL, stack):
    for i in range(n):
        R[i, i] = 0.0
        L[i, i] = 0.0
        RS[i, i] = lstop[t[i], 1, 0]
        LS[i, i] = lstop[t[i], 0, 0]
    for w in range(1, n):
        for i in range(n - w):
            k = i + w
            # IR[i,k]: arc i -> k
            best = R[i, i] + lcont[t[i], 1, 0] + LS[i + 1, k]
            bm = i
            for m in range(i + 1, k):
                v = R[i, m] + lcont[t[i], 1, 1] + LS[m + 1, k]
                if v > best:
                    best = v
                    bm = m
            IR[i, k] = best + lchoose[t[i], 1, t[k]]
            bIR[i, k] = bm
            # IL[i,k]: arc k -> i
            best = _NEG
            bm = i
            for m in range(i, k):
                if m == k - 1:
                    v = RS[i, m] + L[m + 1, k] + lcont[t[k], 0, 0]
                else:
                    v = RS[i, m] + L[m + 1, k] + lcont[t[k], 0, 1]
                if v > best:
                    best = v
                    bm = m
            IL[i, k] = best + lchoose[t[k], 0, t[i]]
            bIL[i, k] = bm
            R[i, k], bR[i, k] = _best_split(IR, RS, i, k, i + 1, k + 1)
            RS[i, k] = R[i, k] + lstop[t[i], 1, 1]
            L[i, k], bL[i, k] = _best_split(LS, IL, i, k, i, k)
            LS[i, k] = L[i, k] + lstop[t[k], 0, 1]
    best = _NEG
    br = 0
    for r in range(n):
        v = lroot[t[r]] + LS[0, r] + RS[r, n - 1]
        if v > best:
            best = v
            br = r
    heads_out[br] = 0
    # back-trace over a stack of (kind, i, k) items (kinds of push_halves)
    sp = push_halves(stack, 0, 4, 0, n - 1, br)
    while sp > 0:
        sp, kind, i, k = pop_item(stack, sp)
        if i == k and kind < 2:
            continue
        if kind == 0:
            split = bR[i, k]
        elif kind == 1:
            split = bL[i, k]
        elif kind == 2:
            heads_out[k] = i + 1
            split = bIR[i, k]
        else:
            heads_out[i] = k + 1
            split = bIL[i, k]
        sp = push_halves(stack, sp, kind, i, k, split)
    return best


@njit(cache=True)
def _viterbi_batch(tags, offsets, order, lo, hi, n, lroot, lchoose, lstop, lcont, heads, scores):
    R = np.zeros((n, n))
    L = np.zeros((n, n))
    RS = np.zeros((n, n))
    LS = np.zeros((n, n))
    IR = np.zeros((n, n))
    IL = np.zeros((n, n))
    bR = np.zeros((n, n), dtype=np.int64)
    bL = np.zeros((n, n), dtype=np.int64)
    bIR = np.zeros((n, n), dtype=np.int64)
    bIL = np.zeros((n, n), dtype=np.int64)
    stack = np.zeros((4 * n + 4, 3), dtype=np.int64)
    for b in range(lo, hi):
        s = order[b]
        a = offsets[s]
        t = tags[a:a + n]
        scores[s] = _viterbi_one(t, n, lroot, lchoose, lstop, lcont, heads[a:a + n],
                                 R, L, RS, LS, IR, IL, bR, bL, bIR, bIL, stack)


def _log(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(np.asarray(x, dtype=np.float64))


def viterbi_parse(tags: np.ndarray, offsets: np.ndarray, root: np.ndarray,
                  choose: np.ndarray, stop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Most probable projective tree of every sentence under a DMV.

    ``tags`` are the sentences' tag codes, concatenated; ``root``, ``choose``,
    ``stop`` the DMV parameters (:mod:`induceval.models.dependencies.inside_outside`).
    Returns ``int32`` heads, 1-based within each sentence (0 = root), and each
    sentence's best-tree log-probability.

    Parameters
    ----------
    tags
        The sentences' tag codes, concatenated.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    root
        ``(T,)`` root probabilities.
    choose
        ``(T, 2, T)`` probabilities of a dependent's tag, by head tag and direction.
    stop
        ``(T, 2, 2)`` stop probabilities, by head tag, direction and adjacency.

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        The heads of every token and each sentence's best-tree log-probability.

    Example
    -------
    >>> root = np.array([0.1, 0.9]); choose = np.full((2, 2, 2), 0.5)
    >>> stop = np.full((2, 2, 2), 0.5)
    >>> heads, _ = viterbi_parse(np.array([0, 1]), np.array([0, 2]), root, choose, stop)
    >>> heads.tolist()
    [2, 0]
    """
    tags = np.ascontiguousarray(tags, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    heads = np.zeros(len(tags), dtype=np.int64)
    scores = np.zeros(len(offsets) - 1)
    lroot, lchoose = _log(root), _log(choose)
    lstop, lcont = _log(stop), _log(1.0 - np.asarray(stop, dtype=np.float64))
    idx, bounds = length_order(offsets)
    lengths = np.diff(offsets)
    for b in range(len(bounds) - 1):
        lo, hi = int(bounds[b]), int(bounds[b + 1])
        n = int(lengths[idx[lo]])
        if n == 0:
            continue
        _viterbi_batch(tags, offsets, idx, lo, hi, n, lroot, lchoose, lstop, lcont, heads, scores)
    return heads.astype(np.int32), scores
