"""Numba core of Brown clustering (exact merges over a window of active clusters).

This follows Liang's ``wcluster`` (Liang 2005, §2.4; Brown et al. 1992): words
enter in decreasing frequency; each new word gets its own cluster, and while
more than ``C`` clusters are active the pair whose merge loses the least
average mutual information (AMI) is merged.  After all words have entered, the
``C`` clusters are merged down to one, giving the full binary tree.

Bookkeeping.  With counts ``c2[u, w]`` (bigrams between active clusters),
``c1[u]`` (unigram counts) and ``f(x) = x log x``, the change in AMI (scaled
by the number of bigrams; the ``log N`` terms cancel) when ``u`` and ``v``
merge is::

    L(u, v) = F(u, v) + l_u T_u + l_v T_v - l_uv (T_u + T_v) + self(u, v)

where ``l_u = log c1[u]``, ``l_uv = log(c1[u] + c1[v])``, ``T_u`` is the bigram
mass between ``u`` and the other clusters, ``self`` collects the four
``u``/``v`` cells, and ``F(u, v) = sum_w g(c2[u,w], c2[v,w]) + g(c2[w,u],
c2[w,v])`` with ``g(x, y) = f(x+y) - f(x) - f(y)`` (zero when ``x`` or ``y`` is
zero).  Only ``F`` needs an ``O(C)`` sum, and it depends on counts alone, so
adding a word or merging a cluster ``t`` into ``s`` changes ``F`` only where
``t`` has bigrams: the update costs ``O(C * nnz(t))`` instead of ``O(C^2)``
(the full ``O(C^2)`` refresh of Liang's implementation is what a dense ``t``
still costs).  The merge chosen at every step is the same as with the
textbook update; ties go to the first pair in slot order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_TABLE = 4096


@njit(cache=True)
def _xlogx_table(n):
    out = np.zeros(n + 1)
    for i in range(2, n + 1):
        out[i] = i * np.log(i)
    return out


@njit(cache=True, inline="always")
def _f(c, tab):
    if c < _TABLE:
        return tab[c]
    return c * np.log(c)


@njit(cache=True, inline="always")
def _g(x, y, tab):
    if x <= 0 or y <= 0:
        return 0.0
    return _f(x + y, tab) - _f(x, tab) - _f(y, tab)


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
def _loss(u, v, c2, F, R, Cc, lc1, luvm, tab):
    """Change in scaled AMI if clusters u and v merged."""
    cuv = c2[u, v]
    cvu = c2[v, u]
    cuu = c2[u, u]
    cvv = c2[v, v]
    Tu = R[u] + Cc[u] - 2 * cuu - cuv - cvu
    Tv = R[v] + Cc[v] - 2 * cvv - cuv - cvu
    lu = lc1[u]
    lv = lc1[v]
    luv = luvm[u, v]
    total = F[u, v] + lu * Tu + lv * Tv - luv * (Tu + Tv)
    sc = cuu + cuv + cvu + cvv
    total += _f(sc, tab) - 2.0 * sc * luv
    total -= _f(cuu, tab) - 2.0 * cuu * lu
    total -= _f(cvv, tab) - 2.0 * cvv * lv
    total -= _f(cuv, tab) - cuv * (lu + lv)
    total -= _f(cvu, tab) - cvu * (lu + lv)
    return total


@njit(cache=True, inline="always")
def _clear_slot(f, act, nact, c2, F):  # pragma: no cover - compiled
    """Zero the counts and losses of slot ``f`` with every active slot."""
    for i in range(nact):
        w = act[i]
        c2[f, w] = 0
        c2[w, f] = 0
        F[f, w] = 0.0
        F[w, f] = 0.0


@njit(cache=True)
def _merge_best(act, nact, c2, F, R, Cc, c1, lc1, luvm, tab, mark, nbr,
                slot_node, parent, next_node, merges, n_merges):
    """Merge the best active pair; return the new number of active slots."""
    best = -np.inf
    lo = -1
    hi = -1
    for i in range(nact):
        u = act[i]
        for j in range(i + 1, nact):
            v = act[j]
            val = _loss(u, v, c2, F, R, Cc, lc1, luvm, tab)
            if val > best:
                best = val
                lo = u
                hi = v
    # the merge tree records (first, second) in slot-scan order
    left_node = slot_node[lo]
    right_node = slot_node[hi]
    # absorb the cluster with fewer bigram partners into the other
    n_lo = 0
    n_hi = 0
    for i in range(nact):
        w = act[i]
        if c2[lo, w] > 0 or c2[w, lo] > 0:
            n_lo += 1
        if c2[hi, w] > 0 or c2[w, hi] > 0:
            n_hi += 1
    if n_hi <= n_lo:
        s = lo
        t = hi
    else:
        s = hi
        t = lo
    # neighbours of t among the other clusters
    nn = 0
    for i in range(nact):
        w = act[i]
        if w == s or w == t:
            continue
        if c2[t, w] > 0 or c2[w, t] > 0:
            nbr[nn] = w
            nn += 1
            mark[w] = 1
    # 1. pairs (u, v) outside {s, t}: the w=s and w=t terms become one w=s' term
    for a in range(nn):
        u = nbr[a]
        for i in range(nact):
            v = act[i]
            if v == s or v == t or v == u:
                continue
            if mark[v] == 1 and v < u:
                continue  # pair already updated from v's side
            d = (_g(c2[u, s] + c2[u, t], c2[v, s] + c2[v, t], tab) - _g(c2[u, s], c2[v, s], tab)
                 - _g(c2[u, t], c2[v, t], tab)
                 + _g(c2[s, u] + c2[t, u], c2[s, v] + c2[t, v], tab)
                 - _g(c2[s, u], c2[s, v], tab) - _g(c2[t, u], c2[t, v], tab))
            F[u, v] += d
            F[v, u] += d
    # 2. pairs (s', u): drop the w=t term, update the w in nbr(t) terms
    for i in range(nact):
        u = act[i]
        if u == s or u == t:
            continue
        d = -(_g(c2[s, t], c2[u, t], tab) + _g(c2[t, s], c2[t, u], tab))
        for a in range(nn):
            w = nbr[a]
            if w == u:
                continue
            d += (_g(c2[s, w] + c2[t, w], c2[u, w], tab) - _g(c2[s, w], c2[u, w], tab)
                  + _g(c2[w, s] + c2[w, t], c2[w, u], tab) - _g(c2[w, s], c2[w, u], tab))
        F[s, u] += d
        F[u, s] = F[s, u]
    for a in range(nn):
        mark[nbr[a]] = 0
    # 3. merge the counts of t into s
    for i in range(nact):
        w = act[i]
        c2[s, w] += c2[t, w]
    for i in range(nact):
        w = act[i]
        c2[w, s] += c2[w, t]
    _clear_slot(t, act, nact, c2, F)
    c1[s] += c1[t]
    lc1[s] = np.log(c1[s])
    k = 0
    for i in range(nact):
        if act[i] != t:
            act[k] = act[i]
            k += 1
    nact = k
    rs = 0
    cs = 0
    for i in range(nact):
        w = act[i]
        rs += c2[s, w]
        cs += c2[w, s]
        if w != s:
            x = np.log(c1[s] + c1[w])
            luvm[s, w] = x
            luvm[w, s] = x
    R[s] = rs
    Cc[s] = cs
    R[t] = 0
    Cc[t] = 0
    n = next_node[0]
    next_node[0] += 1
    parent[left_node] = n
    parent[right_node] = n
    merges[n_merges, 0] = left_node
    merges[n_merges, 1] = right_node
    merges[n_merges, 2] = n
    slot_node[s] = n
    slot_node[t] = -1
    return nact


@njit(cache=True)
def _add_words(x0, x1, C, unigram, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt, tab,
               luvm, c2, F, R, Cc, c1, lc1, act, mark, nbr, slot_node, node_slot, parent,
               next_node, merges, st):  # pragma: no cover - compiled
    """Let words ``x0..x1-1`` enter (merging while more than ``C`` are active).

    ``st`` holds ``(number of active slots, number of merges)`` between calls.
    """
    nact = st[0]
    n_merges = st[1]
    for x in range(x0, x1):
        f = 0
        while slot_node[f] != -1:
            f += 1
        slot_node[f] = x
        _clear_slot(f, act, nact, c2, F)
        c2[f, f] = 0
        for p in range(out_ptr[x], out_ptr[x + 1]):
            y = out_idx[p]
            if y > x:
                continue
            if y == x:
                c2[f, f] += out_cnt[p]
            else:
                c2[f, node_slot[_find(parent, y)]] += out_cnt[p]
        for p in range(in_ptr[x], in_ptr[x + 1]):
            y = in_idx[p]
            if y >= x:
                continue
            c2[node_slot[_find(parent, y)], f] += in_cnt[p]
        c1[f] = unigram[x]
        lc1[f] = np.log(c1[f])
        nn = 0
        rs = c2[f, f]
        cs = c2[f, f]
        for i in range(nact):
            w = act[i]
            R[w] += c2[w, f]
            Cc[w] += c2[f, w]
            rs += c2[f, w]
            cs += c2[w, f]
            xl = np.log(c1[f] + c1[w])
            luvm[f, w] = xl
            luvm[w, f] = xl
            if c2[f, w] > 0 or c2[w, f] > 0:
                nbr[nn] = w
                nn += 1
        R[f] = rs
        Cc[f] = cs
        # pairs of old clusters both linked to the new one gain a w=f term
        for a in range(nn):
            u = nbr[a]
            for b in range(a + 1, nn):
                v = nbr[b]
                d = _g(c2[u, f], c2[v, f], tab) + _g(c2[f, u], c2[f, v], tab)
                F[u, v] += d
                F[v, u] += d
        # pairs (u, f): only the neighbours of f contribute
        for i in range(nact):
            u = act[i]
            d = 0.0
            for a in range(nn):
                w = nbr[a]
                if w == u:
                    continue
                d += _g(c2[u, w], c2[f, w], tab) + _g(c2[w, u], c2[w, f], tab)
            F[u, f] = d
            F[f, u] = d
        act[nact] = f
        nact += 1
        if nact > C:
            nact = _merge_best(act, nact, c2, F, R, Cc, c1, lc1, luvm, tab, mark, nbr,
                               slot_node, parent, next_node, merges, n_merges)
            n_merges += 1
            for i in range(nact):
                node_slot[slot_node[act[i]]] = act[i]
        else:
            node_slot[x] = f
    st[0] = nact
    st[1] = n_merges


@njit(cache=True)
def _merge_down(n, c2, F, R, Cc, c1, lc1, luvm, tab, act, mark, nbr, slot_node, parent,
                next_node, merges, st):  # pragma: no cover - compiled
    """Make ``n`` more merges of the best active pair (after all words have entered)."""
    nact = st[0]
    n_merges = st[1]
    for _ in range(n):
        if nact <= 1:
            break
        nact = _merge_best(act, nact, c2, F, R, Cc, c1, lc1, luvm, tab, mark, nbr,
                           slot_node, parent, next_node, merges, n_merges)
        n_merges += 1
    st[0] = nact
    st[1] = n_merges


@njit(cache=True)
def _roots(parent, V):  # pragma: no cover - compiled
    flat = np.empty(V, dtype=np.int64)
    for w in range(V):
        flat[w] = _find(parent, w)
    return flat


def brown_core(V, C, unigram, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt):
    """Run Brown clustering on words ``0..V-1`` ranked by decreasing frequency.

    Returns ``(merges, flat)``: ``merges[i] = (left node, right node, new node)``
    (leaves are words ``0..V-1``), and ``flat[w]`` the node id of word ``w``'s
    cluster when all words have entered (``C`` clusters, or ``V`` if fewer).
    The compiled loops are called from Python on chunks of words, then of
    final merges (:func:`~induceval.models.categories._bigrams.run_chunked`),
    so Ctrl-C stops the clustering within a fraction of a second; the state
    lives in the arrays, and the result is that of one uninterrupted run.
    """
    from induceval.models.categories._bigrams import run_chunked

    S = C + 1
    tab = _xlogx_table(_TABLE)
    luvm = np.zeros((S, S))
    c2 = np.zeros((S, S), dtype=np.int64)
    F = np.zeros((S, S))
    R = np.zeros(S, dtype=np.int64)
    Cc = np.zeros(S, dtype=np.int64)
    c1 = np.ones(S)
    lc1 = np.zeros(S)
    act = np.empty(S, dtype=np.int64)
    mark = np.zeros(S, dtype=np.int64)
    nbr = np.empty(S, dtype=np.int64)
    slot_node = np.full(S, -1, dtype=np.int64)
    node_slot = np.full(2 * V + 1, -1, dtype=np.int64)
    parent = np.arange(2 * V + 1, dtype=np.int64)
    next_node = np.array([V], dtype=np.int64)
    merges = np.empty((max(V - 1, 0), 3), dtype=np.int64)
    st = np.zeros(2, dtype=np.int64)   # active slots, merges made

    def add(x0, x1):
        _add_words(x0, x1, C, unigram, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt, tab,
                   luvm, c2, F, R, Cc, c1, lc1, act, mark, nbr, slot_node, node_slot, parent,
                   next_node, merges, st)

    def merge(i, j):
        _merge_down(j - i, c2, F, R, Cc, c1, lc1, luvm, tab, act, mark, nbr, slot_node, parent,
                    next_node, merges, st)

    # the first C words only enter; each later one also costs a merge (O(C^2)):
    # chunk sizes are measured afresh from there
    from induceval.progress import step_bar

    with step_bar(V, "Brown clustering", "word") as bar:
        run_chunked(add, 0, min(C, V), bar=bar)
        run_chunked(add, min(C, V), V, first=1, bar=bar)
    flat = _roots(parent, V)
    n_merges = max(int(st[0]) - 1, 0)
    with step_bar(n_merges, "Brown final merges", "merge") as bar:
        run_chunked(merge, 0, n_merges, first=1, bar=bar)
    return merges, flat
