"""Numba core of Brown clustering (exact merges over a window of active clusters).

This follows Liang's ``wcluster`` (Liang 2005, §2.4; Brown et al. 1992): words
enter in decreasing frequency; each new word gets its own cluster, and while
more than ``C`` clusters are active the pair whose merge loses the least
average mutual information is merged.  The loss of every pair is kept in a
table ``L`` updated incrementally in ``O(C^2)`` per step, which makes the
whole run ``O(V C^2)``.

Quantities are kept as counts: ``q(c2, a, b) = c2 (log c2 - log a - log b)``
is proportional to a term ``p(s,t) log p(s,t) / (p(s) p(t))`` of the
mutual information (the ``log N`` terms cancel inside every merge delta
because merging preserves the total bigram count).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _q(c, la, lb, f):
    """``c (log c - la - lb)`` with ``c log c`` read from the table ``f``."""
    if c <= 0:
        return 0.0
    if c < 4096:
        return f[c] - c * (la + lb)
    return c * (np.log(c) - la - lb)


@njit(cache=True)
def _xlogx_table(n):
    out = np.zeros(n + 1)
    for i in range(2, n + 1):
        out[i] = i * np.log(i)
    return out


@njit(cache=True)
def _set_luv(s, act, nact, c1, luv):
    for i in range(nact):
        w = act[i]
        if w == s:
            continue
        v = np.log(c1[s] + c1[w])
        luv[s, w] = v
        luv[w, s] = v


@njit(cache=True)
def _find(parent, x):
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        nxt = parent[x]
        parent[x] = root
        x = nxt
    return root


@njit(cache=True)
def _pair_delta(u, v, act, nact, c2, q, luvm, lc1, f):
    """Change in (count-scaled) mutual information if u and v were merged."""
    luv = luvm[u, v]
    total = 0.0
    for i in range(nact):
        w = act[i]
        if w == u or w == v:
            continue
        bm = _q(c2[u, w] + c2[v, w], luv, lc1[w], f) + _q(c2[w, u] + c2[w, v], lc1[w], luv, f)
        total += bm - q[u, w] - q[w, u] - q[v, w] - q[w, v]
    self_c = c2[u, u] + c2[u, v] + c2[v, u] + c2[v, v]
    total += _q(self_c, luv, luv, f) - q[u, u] - q[v, v] - q[u, v] - q[v, u]
    return total


@njit(cache=True)
def _third_term(u, v, w, c2, q, luvm, lc1, f):
    """Contribution of cluster ``w`` to the merge delta of (u, v)."""
    a = c2[u, w] + c2[v, w]
    b = c2[w, u] + c2[w, v]
    if a <= 0 and b <= 0:
        return 0.0
    luv = luvm[u, v]
    return (_q(a, luv, lc1[w], f) + _q(b, lc1[w], luv, f)
            - q[u, w] - q[w, u] - q[v, w] - q[w, v])


@njit(cache=True)
def _set_q(s, act, nact, c2, q, lc1, f):
    for i in range(nact):
        w = act[i]
        q[s, w] = _q(c2[s, w], lc1[s], lc1[w], f)
        q[w, s] = _q(c2[w, s], lc1[w], lc1[s], f)


@njit(cache=True)
def _merge_best(act, nact, c2, q, L, c1, lc1, luvm, f, slot_node, parent, next_node, merges,
                n_merges):
    """Merge the best active pair; return the new number of active slots."""
    best = -np.inf
    bs = -1
    bt = -1
    for i in range(nact):
        u = act[i]
        for j in range(i + 1, nact):
            v = act[j]
            a = u if u < v else v
            b = v if u < v else u
            if L[a, b] > best:
                best = L[a, b]
                bs = a
                bt = b
    s = bs
    t = bt
    # remove the old s and t terms from every other pair
    for i in range(nact):
        u = act[i]
        if u == s or u == t:
            continue
        for j in range(i + 1, nact):
            v = act[j]
            if v == s or v == t:
                continue
            a = u if u < v else v
            b = v if u < v else u
            L[a, b] -= _third_term(a, b, s, c2, q, luvm, lc1, f) + _third_term(a, b, t, c2, q, luvm, lc1, f)
    # merge counts of t into s
    for i in range(nact):
        w = act[i]
        c2[s, w] += c2[t, w]
    for i in range(nact):
        w = act[i]
        c2[w, s] += c2[w, t]
    for i in range(nact):
        w = act[i]
        c2[t, w] = 0
        c2[w, t] = 0
        q[t, w] = 0.0
        q[w, t] = 0.0
    c1[s] += c1[t]
    lc1[s] = np.log(c1[s])
    # drop t from the active list
    k = 0
    for i in range(nact):
        if act[i] != t:
            act[k] = act[i]
            k += 1
    nact = k
    _set_q(s, act, nact, c2, q, lc1, f)
    _set_luv(s, act, nact, c1, luvm)
    # add the new s term to every other pair
    for i in range(nact):
        u = act[i]
        if u == s:
            continue
        for j in range(i + 1, nact):
            v = act[j]
            if v == s:
                continue
            a = u if u < v else v
            b = v if u < v else u
            L[a, b] += _third_term(a, b, s, c2, q, luvm, lc1, f)
    for i in range(nact):
        u = act[i]
        if u == s:
            continue
        a = u if u < s else s
        b = s if u < s else u
        L[a, b] = _pair_delta(a, b, act, nact, c2, q, luvm, lc1, f)
    n = next_node[0]
    next_node[0] += 1
    ns = slot_node[s]
    nt = slot_node[t]
    parent[ns] = n
    parent[nt] = n
    merges[n_merges, 0] = ns
    merges[n_merges, 1] = nt
    merges[n_merges, 2] = n
    slot_node[s] = n
    slot_node[t] = -1
    return nact


@njit(cache=True)
def brown_core(V, C, unigram, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt):
    """Run Brown clustering on words ``0..V-1`` ranked by decreasing frequency.

    Returns ``(merges, flat)``: ``merges[i] = (left node, right node, new node)``
    (leaves are words ``0..V-1``), and ``flat[w]`` the node id of word ``w``'s
    cluster when all words have entered (``C`` clusters, or ``V`` if fewer).
    """
    S = C + 1
    total = 0
    for p in range(len(out_cnt)):
        total += out_cnt[p]
    ftab = _xlogx_table(4096)
    luvm = np.zeros((S, S))
    c2 = np.zeros((S, S), dtype=np.int64)
    q = np.zeros((S, S))
    L = np.zeros((S, S))
    c1 = np.ones(S)
    lc1 = np.zeros(S)
    act = np.empty(S, dtype=np.int64)
    nact = 0
    slot_node = np.full(S, -1, dtype=np.int64)
    node_slot = np.full(2 * V + 1, -1, dtype=np.int64)
    parent = np.arange(2 * V + 1)
    next_node = np.array([V], dtype=np.int64)
    merges = np.empty((max(V - 1, 0), 3), dtype=np.int64)
    n_merges = 0
    flat = np.empty(V, dtype=np.int64)
    for x in range(V):
        # a free slot
        f = 0
        while slot_node[f] != -1:
            f += 1
        slot_node[f] = x
        for i in range(nact):
            w = act[i]
            c2[f, w] = 0
            c2[w, f] = 0
        c2[f, f] = 0
        # counts between x and the active clusters
        for p in range(out_ptr[x], out_ptr[x + 1]):
            y = out_idx[p]
            if y > x:
                continue
            if y == x:
                c2[f, f] += out_cnt[p]
            else:
                r = _find(parent, y)
                sl = node_slot[r]
                c2[f, sl] += out_cnt[p]
        for p in range(in_ptr[x], in_ptr[x + 1]):
            y = in_idx[p]
            if y >= x:
                continue
            r = _find(parent, y)
            sl = node_slot[r]
            c2[sl, f] += in_cnt[p]
        c1[f] = unigram[x]
        lc1[f] = np.log(c1[f])
        q[f, f] = _q(c2[f, f], lc1[f], lc1[f], ftab)
        _set_q(f, act, nact, c2, q, lc1, ftab)
        _set_luv(f, act, nact, c1, luvm)
        # the new cluster adds one term to every existing pair
        for i in range(nact):
            u = act[i]
            for j in range(i + 1, nact):
                v = act[j]
                a = u if u < v else v
                b = v if u < v else u
                L[a, b] += _third_term(a, b, f, c2, q, luvm, lc1, ftab)
        act[nact] = f
        nact += 1
        for i in range(nact - 1):
            u = act[i]
            a = u if u < f else f
            b = f if u < f else u
            L[a, b] = _pair_delta(a, b, act, nact, c2, q, luvm, lc1, ftab)
        # merge back down to C active clusters
        if nact > C:
            nact = _merge_best(act, nact, c2, q, L, c1, lc1, luvm, ftab, slot_node, parent,
                               next_node, merges, n_merges)
            n_merges += 1
            for i in range(nact):
                node_slot[slot_node[act[i]]] = act[i]
        else:
            node_slot[x] = f
    for w in range(V):
        flat[w] = _find(parent, w)
    while nact > 1:
        nact = _merge_best(act, nact, c2, q, L, c1, lc1, luvm, ftab, slot_node, parent,
                           next_node, merges, n_merges)
        n_merges += 1
    return merges, flat
