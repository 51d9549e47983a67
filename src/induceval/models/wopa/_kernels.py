"""Numba kernels of the WOPA learners: statistics collection and greedy production.

Imported lazily by :mod:`induceval.models.wopa.production` (numba compilation is cached).
Key spaces: context pairs ``prev * n_cats + cat``; access pairs ``cat * n_ids + word``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

TIES_RANDOM = 0
TIES_PESSIMISTIC = 1

_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def splitmix64(x: np.uint64) -> np.uint64:
    z = x + _M1
    z = (z ^ (z >> np.uint64(30))) * _M2
    z = (z ^ (z >> np.uint64(27))) * _M3
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def tie_draw(seed: np.int64, utt: np.int64, step: np.int64, n: np.int64) -> np.int64:
    """Index in ``[0, n)`` drawn from (seed, utterance, step) by hashing."""
    h = splitmix64(np.uint64(seed))
    h = splitmix64(h ^ np.uint64(utt))
    h = splitmix64(h ^ np.uint64(step))
    return np.int64(h % np.uint64(n))


@njit(cache=True)
def _add_events(buf, m, out, pos, per_pair):
    """Write ``buf[:m]`` (its distinct values unless ``per_pair``) to ``out[pos:]``; return the
    new pos."""
    if per_pair:
        out[pos:pos + m] = buf[:m]
        return pos + m
    if m == 0:
        return pos
    b = np.sort(buf[:m])
    out[pos] = b[0]
    pos += 1
    for i in range(1, m):
        if b[i] != b[i - 1]:
            out[pos] = b[i]
            pos += 1
    return pos


@njit(cache=True)
def collect_keys(offsets, words, start, cats, n_cats, n_ids, per_pair):
    """All statistic events of the training utterances, as int64 keys.

    Returns (context events, context co-occurrences, access events, access
    co-occurrences).  Co-occurrences pair two different positions; with
    ``per_pair`` false each distinct pair of elements counts once per utterance.
    """
    n_utt = len(offsets) - 1
    n_ctx = 0
    n_cd = 0
    n_acc = 0
    n_ad = 0
    max_len = 0
    for u in range(n_utt):
        n = offsets[u + 1] - offsets[u]
        n_ctx += n
        n_cd += n * n
        n_acc += n * (n - 1) // 2
        n_ad += n * (n - 1)
        if n > max_len:
            max_len = n
    ctx = np.empty(n_ctx, dtype=np.int64)
    cden = np.empty(n_cd, dtype=np.int64)
    acc = np.empty(n_acc, dtype=np.int64)
    aden = np.empty(n_ad, dtype=np.int64)
    buf = np.empty(max(max_len * max_len, 1), dtype=np.int64)
    elem = np.empty(max_len + 1, dtype=np.int64)
    pc = 0
    pcd = 0
    pa = 0
    pad = 0
    for u in range(n_utt):
        s = offsets[u]
        n = offsets[u + 1] - s
        if n == 0:
            continue
        elem[0] = start[u]
        for i in range(n):
            elem[i + 1] = words[s + i]
        # context events: previous element -> category of the word
        for i in range(n):
            ctx[pc] = elem[i] * n_cats + cats[words[s + i]]
            pc += 1
        # context co-occurrences: element at a (0..n), category at b (1..n), a != b
        m = 0
        for a in range(n + 1):
            for b in range(1, n + 1):
                if a != b:
                    buf[m] = elem[a] * n_cats + cats[elem[b]]
                    m += 1
        pcd = _add_events(buf, m, cden, pcd, per_pair)
        # access: category at i precedes word at j > i; co-occurrence i != j
        m = 0
        for i in range(n):
            ci = cats[words[s + i]]
            for j in range(n):
                if i != j:
                    k = ci * n_ids + words[s + j]
                    if j > i:
                        acc[pa] = k
                        pa += 1
                    buf[m] = k
                    m += 1
        pad = _add_events(buf, m, aden, pad, per_pair)
    return ctx[:pc], cden[:pcd], acc[:pa], aden[:pad]


@njit(cache=True)
def count_sorted(keys):
    """Distinct keys (sorted) and their counts."""
    if len(keys) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    k = np.sort(keys)
    n_distinct = 1
    for i in range(1, len(k)):
        if k[i] != k[i - 1]:
            n_distinct += 1
    uk = np.empty(n_distinct, dtype=np.int64)
    uc = np.zeros(n_distinct, dtype=np.int64)
    j = 0
    uk[0] = k[0]
    uc[0] = 1
    for i in range(1, len(k)):
        if k[i] != k[i - 1]:
            j += 1
            uk[j] = k[i]
        uc[j] += 1
    return uk, uc


@njit(cache=True)
def ratios(num_keys, num_counts, den_keys, den_counts):
    """num / den for every numerator key (every numerator key has a denominator)."""
    out = np.empty(len(num_keys), dtype=np.float64)
    idx = np.searchsorted(den_keys, num_keys)
    for i in range(len(num_keys)):
        out[i] = num_counts[i] / den_counts[idx[i]]
    return out


@njit(cache=True)
def _lookup(keys, vals, key):
    i = np.searchsorted(keys, key)
    if i < len(keys) and keys[i] == key:
        return vals[i]
    return 0.0


@njit(cache=True)
def produce_all(offsets, words, start, numbers, cats, n_cats, n_ids, ctx_keys, ctx_vals,
                acc_keys, acc_vals, ties, seed, full, rel_tol):
    """Greedy production of every utterance from its bag of words.

    ``numbers`` holds each utterance's number in its test set, which seeds its
    tie draws (so an utterance is produced alike in any shard of the test set).
    Returns ``correct`` (1.0 / 0.0 per utterance; utterances of fewer than 2
    words get 0 and are not scored by the caller), ``order`` (the produced
    positions, filled only when ``full``; else -1 after the first error) and
    ``tied`` (the number of steps where the maximum was tied between different
    words).
    """
    n_utt = len(offsets) - 1
    correct = np.zeros(n_utt, dtype=np.float64)
    tied = np.zeros(n_utt, dtype=np.int64)
    order = np.full(len(words), -1, dtype=np.int64)
    max_len = 0
    for u in range(n_utt):
        n = offsets[u + 1] - offsets[u]
        if n > max_len:
            max_len = n
    ctx = np.zeros((max_len + 1, max(max_len, 1)), dtype=np.float64)
    acc = np.zeros((max(max_len, 1), max(max_len, 1)), dtype=np.float64)
    rowsum = np.zeros(max(max_len, 1), dtype=np.float64)
    value = np.zeros(max(max_len, 1), dtype=np.float64)
    alive = np.zeros(max(max_len, 1), dtype=np.bool_)
    cand = np.zeros(max(max_len, 1), dtype=np.int64)
    for u in range(n_utt):
        s = offsets[u]
        n = offsets[u + 1] - s
        if n < 2:
            continue
        # statistics among the candidate set
        for m in range(n):
            cm = cats[words[s + m]]
            ctx[0, m] = _lookup(ctx_keys, ctx_vals, start[u] * n_cats + cm)
            for k in range(n):
                ctx[k + 1, m] = _lookup(ctx_keys, ctx_vals, words[s + k] * n_cats + cm)
            rs = 0.0
            for l in range(n):
                if l != m:
                    a = _lookup(acc_keys, acc_vals, cm * n_ids + words[s + l])
                    acc[m, l] = a
                    rs += a
                else:
                    acc[m, l] = 0.0
            rowsum[m] = rs
            alive[m] = True
        prev = 0
        ok = True
        for step in range(n):
            remaining = n - step
            best = -np.inf
            for m in range(n):
                if alive[m]:
                    v = ctx[prev, m] * remaining + rowsum[m]
                    value[m] = v
                    if v > best:
                        best = v
            tol = rel_tol * max(1.0, abs(best))
            n_tied = 0
            distinct = False
            first_word = -1
            target = words[s + step]
            target_tied = False
            for m in range(n):
                if alive[m] and value[m] >= best - tol:
                    cand[n_tied] = m
                    n_tied += 1
                    w = words[s + m]
                    if first_word < 0:
                        first_word = w
                    elif w != first_word:
                        distinct = True
                    if w == target:
                        target_tied = True
            if distinct:
                tied[u] += 1
            if n_tied == 1:
                pick = cand[0]
            elif ties == TIES_PESSIMISTIC:
                pick = cand[0]
                if distinct and target_tied:
                    for t in range(n_tied):
                        if words[s + cand[t]] != target:
                            pick = cand[t]
                            break
            else:
                pick = cand[tie_draw(seed, numbers[u], step, n_tied)]
            if words[s + pick] != target:
                ok = False
                if not full:
                    break
            order[s + step] = pick
            alive[pick] = False
            for m in range(n):
                if alive[m]:
                    rowsum[m] -= acc[m, pick]
            prev = pick + 1
        for m in range(n):
            alive[m] = False
        if ok:
            correct[u] = 1.0
    return correct, order, tied
