"""Numba kernels of the type-level measures of Reichart, Abend & Rappoport (2010, §4.1).

The M-1 hill climbing (:func:`climb`, and :func:`climb_hard` when every type
has one induced cluster) and the counts a mapping's scores are made of
(:func:`mapping_counts`).  Kept in their own module so that importing the
measures does not compile them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

MACRO_I, MICRO_I, MICRO_C = 0, 1, 2


@njit(cache=True)
def _term(u, cm, g):
    # |k| * F_k * (N*) for a merged cluster of u types, cm of them in class of size g
    if u == 0:
        return 0.0
    return 2.0 * u * cm / (g + u)


@njit(cache=True)
def _f(im, a, hb):
    return 2.0 * im / (a + hb)


@njit(cache=True)
def _best_class(measure, G, c0, m, cntP, cntA, cntAP, IMr, SA, Hr, base, corr, n_types,
                terms_r, Nr, U, CM, Ur0, CMr0, gsize):
    """The class cluster ``j`` (now in ``c0``, ``m`` types) is best moved to: (class, its
    score, the score of staying), from the state with ``j`` removed."""
    best_c = c0
    best_s = -1.0
    s0 = 0.0
    for c in range(G):
        add_n = m - cntP[c]
        add_a = cntA[c] - cntAP[c]
        if measure == MACRO_I:
            s = 2.0 * (IMr + add_a) / (SA + Hr + add_n)
        elif measure == MICRO_I:
            s = (base + corr[c]) / n_types
        else:
            if c == c0:
                u, cm = Ur0, CMr0
            else:
                u, cm = U[c], CM[c]
            s = (terms_r - _term(u, cm, gsize[c]) + _term(u + add_n, cm + add_a,
                                                           gsize[c])) / (Nr + add_n)
        if c == c0:
            s0 = s
        if s > best_s:
            best_s = s
            best_c = c
    return best_c, best_s, s0


@njit(cache=True)
def _final_score(measure, IMt, SA, Ht, IM, H, a_ptr, U, CM, gsize):
    """The climb's final score, recomputed exactly from the integer state."""
    if measure == MACRO_I:
        return 2.0 * IMt / (SA + Ht)
    if measure == MICRO_I:
        score = 0.0
        for i in range(len(a_ptr) - 1):
            score += _f(IM[i], a_ptr[i + 1] - a_ptr[i], H[i])
        return score / (len(a_ptr) - 1)
    terms, Nst = _terms(U, CM, gsize)
    return terms / Nst if Nst > 0 else 0.0


@njit(cache=True)
def _terms(U, CM, gsize):
    """``sum_c |k_c| F_c N*`` over the merged clusters (MicroC's numerator) and ``N*``."""
    terms = 0.0
    Nst = 0
    for c in range(len(U)):
        terms += _term(U[c], CM[c], gsize[c])
        Nst += U[c]
    return terms, Nst


@njit(cache=True)
def climb(measure, h, order, n_gold, b_ptr, b_idx, m_ptr, m_idx, a_ptr, a_idx, gsize,
          max_sweeps):
    """Hill-climb the mapping ``h`` (modified in place); return (sweeps, final score)."""
    n_types = len(b_ptr) - 1
    G = n_gold
    mark = np.zeros(G, dtype=np.int64)
    amark = np.zeros(G, dtype=np.int64)
    stamp = 0
    IM, H, U, CM = mapping_counts(h, G, b_ptr, b_idx, a_ptr, a_idx)  # the initial state
    SA = 0
    for i in range(n_types):
        SA += a_ptr[i + 1] - a_ptr[i]
    IMt = 0
    Ht = 0
    S = 0.0
    for i in range(n_types):
        IMt += IM[i]
        Ht += H[i]
        S += _f(IM[i], a_ptr[i + 1] - a_ptr[i], H[i])
    terms, Nst = _terms(U, CM, gsize)

    cntP = np.zeros(G, dtype=np.int64)
    cntA = np.zeros(G, dtype=np.int64)
    cntAP = np.zeros(G, dtype=np.int64)
    corr = np.zeros(G, dtype=np.float64)
    sweeps = 0
    changed = True
    while changed and sweeps < max_sweeps:
        changed = False
        sweeps += 1
        for oi in range(len(order)):
            j = order[oi]
            m0, m1 = m_ptr[j], m_ptr[j + 1]
            m = m1 - m0
            if m == 0:
                continue
            c0 = h[j]
            cntP[:] = 0
            cntA[:] = 0
            cntAP[:] = 0
            corr[:] = 0.0
            rem_n = 0
            rem_a = 0
            dIM = 0
            dS = 0.0
            total_g = 0.0
            for mt in range(m0, m1):
                i = m_idx[mt]
                ai = a_ptr[i + 1] - a_ptr[i]
                stamp += 1
                for t in range(a_ptr[i], a_ptr[i + 1]):
                    amark[a_idx[t]] = stamp
                # P'_i: classes of the other clusters of i
                for t in range(b_ptr[i], b_ptr[i + 1]):
                    b = b_idx[t]
                    if b == j:
                        continue
                    c = h[b]
                    if mark[c] != stamp:
                        mark[c] = stamp
                        cntP[c] += 1
                        if amark[c] == stamp:
                            cntAP[c] += 1
                for t in range(a_ptr[i], a_ptr[i + 1]):
                    cntA[a_idx[t]] += 1
                imr = IM[i]
                hr = H[i]
                if mark[c0] != stamp:
                    hr -= 1
                    rem_n += 1
                    if amark[c0] == stamp:
                        imr -= 1
                        rem_a += 1
                dIM += IM[i] - imr
                base = _f(imr, ai, hr)
                dS += _f(IM[i], ai, H[i]) - base
                if measure == MICRO_I:
                    g = _f(imr, ai, hr + 1) - base
                    total_g += g
                    # classes already present: no change
                    for t in range(b_ptr[i], b_ptr[i + 1]):
                        b = b_idx[t]
                        if b == j:
                            continue
                        c = h[b]
                        if mark[c] == stamp:
                            mark[c] = -stamp  # visit each once
                            corr[c] -= g
                    for t in range(a_ptr[i], a_ptr[i + 1]):
                        c = a_idx[t]
                        if mark[c] != stamp and mark[c] != -stamp:
                            corr[c] += _f(imr + 1, ai, hr + 1) - _f(imr, ai, hr + 1)
            # scores after removal
            IMr = IMt - dIM
            Hr = Ht - rem_n
            Sr = S - dS
            Ur0 = U[c0] - rem_n
            CMr0 = CM[c0] - rem_a
            terms_r = terms - _term(U[c0], CM[c0], gsize[c0]) + _term(Ur0, CMr0, gsize[c0])
            Nr = Nst - rem_n
            best_c, best_s, s0 = _best_class(measure, G, c0, m, cntP, cntA, cntAP, IMr, SA, Hr,
                                             Sr + total_g, corr, n_types, terms_r, Nr, U, CM,
                                             Ur0, CMr0, gsize)
            if best_c == c0 or best_s <= s0 + 1e-12:
                continue
            # apply the move j: c0 -> best_c
            cn = best_c
            for mt in range(m0, m1):
                i = m_idx[mt]
                ai = a_ptr[i + 1] - a_ptr[i]
                stamp += 1
                for t in range(a_ptr[i], a_ptr[i + 1]):
                    amark[a_idx[t]] = stamp
                for t in range(b_ptr[i], b_ptr[i + 1]):
                    b = b_idx[t]
                    if b != j:
                        mark[h[b]] = stamp
                old_f = _f(IM[i], ai, H[i])
                if mark[c0] != stamp:
                    H[i] -= 1
                    Ht -= 1
                    terms -= _term(U[c0], CM[c0], gsize[c0])
                    U[c0] -= 1
                    Nst -= 1
                    if amark[c0] == stamp:
                        IM[i] -= 1
                        IMt -= 1
                        CM[c0] -= 1
                    terms += _term(U[c0], CM[c0], gsize[c0])
                if mark[cn] != stamp:
                    H[i] += 1
                    Ht += 1
                    terms -= _term(U[cn], CM[cn], gsize[cn])
                    U[cn] += 1
                    Nst += 1
                    if amark[cn] == stamp:
                        IM[i] += 1
                        IMt += 1
                        CM[cn] += 1
                    terms += _term(U[cn], CM[cn], gsize[cn])
                S += _f(IM[i], ai, H[i]) - old_f
            h[j] = cn
            changed = True
    return sweeps, _final_score(measure, IMt, SA, Ht, IM, H, a_ptr, U, CM, gsize)


@njit(cache=True)
def mapping_counts(h, n_gold, b_ptr, b_idx, a_ptr, a_idx):
    """The integer statistics of a mapping ``h`` (``-1`` = unmapped cluster).

    Per type ``IM_i = |A_i ∩ h(B_i)|`` and ``|h(B_i)|`` (each unmapped cluster
    counted once); per class ``c`` the types with ``c`` in ``h(B_i)`` and
    those of them with ``c`` in ``A_i``.
    """
    n_types = len(b_ptr) - 1
    im = np.zeros(n_types, dtype=np.int64)
    hb = np.zeros(n_types, dtype=np.int64)
    u = np.zeros(n_gold, dtype=np.int64)
    cm = np.zeros(n_gold, dtype=np.int64)
    mark = np.full(n_gold, -1, dtype=np.int64)
    amark = np.full(n_gold, -1, dtype=np.int64)
    for i in range(n_types):
        for t in range(a_ptr[i], a_ptr[i + 1]):
            amark[a_idx[t]] = i
        for t in range(b_ptr[i], b_ptr[i + 1]):
            c = h[b_idx[t]]
            if c < 0:
                hb[i] += 1
            elif mark[c] != i:
                mark[c] = i
                hb[i] += 1
                u[c] += 1
                if amark[c] == i:
                    im[i] += 1
                    cm[c] += 1
    return im, hb, u, cm


@njit(cache=True)
def hard_tables(n_gold, m_ptr, m_idx, a_ptr, a_idx):
    """What :func:`climb_hard` reads of a type clustering, made once for all its climbs.

    ``T[c, j]``: types of cluster ``j`` with class ``c`` in their gold entry;
    ``W[c, j]``: the sum of their ``2 / (|A_i| + 1)``, added in type order as
    :func:`climb` adds them; per type ``fa[i] = 2 / (|A_i| + 1)`` (its F-score
    when its cluster is mapped into ``A_i``) and ``a1[i]``, its class when
    ``|A_i| = 1`` (else -1); ``fa_m``, ``a1_m``: the same in the clusters' order
    (``m_idx``), read one after the other by a move.
    """
    K = len(m_ptr) - 1
    n_types = len(a_ptr) - 1
    T = np.zeros((n_gold, K), dtype=np.int64)
    W = np.zeros((n_gold, K), dtype=np.float64)
    fa = np.zeros(n_types, dtype=np.float64)
    a1 = np.full(n_types, -1, dtype=np.int64)
    for i in range(n_types):
        fa[i] = _f(1, a_ptr[i + 1] - a_ptr[i], 1)
        if a_ptr[i + 1] - a_ptr[i] == 1:
            a1[i] = a_idx[a_ptr[i]]
    for j in range(K):
        for mt in range(m_ptr[j], m_ptr[j + 1]):
            i = m_idx[mt]
            # climb's corr: _f(imr + 1, ai, hr + 1) - _f(imr, ai, hr + 1) with imr = hr = 0
            x = fa[i] - _f(0, a_ptr[i + 1] - a_ptr[i], 1)
            for t in range(a_ptr[i], a_ptr[i + 1]):
                T[a_idx[t], j] += 1
                W[a_idx[t], j] += x
    return T, W, fa, a1, fa[m_idx], a1[m_idx]


@njit(cache=True)
def _in(c, i, a1, a_ptr, a_idx):
    """``c`` in ``A_i`` (``a1``: the class of one-class entries, read first)."""
    if a1 >= 0:
        return a1 == c
    for t in range(a_ptr[i], a_ptr[i + 1]):
        if a_idx[t] == c:
            return True
    return False


@njit(cache=True)
def _micro_i_sum(h, b_idx, a_ptr, a_idx, fa, a1):
    """climb's ``sum_i _f(IM_i, |A_i|, 1)`` in type order, ``IM_i = [h(b_i) in A_i]``."""
    S = 0.0
    for i in range(len(a_ptr) - 1):
        S += fa[i] if _in(h[b_idx[i]], i, a1[i], a_ptr, a_idx) else 0.0
    return S


@njit(cache=True)
def climb_hard(measure, h, order, n_gold, m_ptr, m_idx, a_ptr, a_idx, b_idx, gsize, T, W, fa,
               a1, fa_m, a1_m, max_sweeps):
    """:func:`climb` when every type has exactly one induced cluster: the same moves and score.

    With ``|B_i| = 1`` (``b_idx[i]``: type ``i``'s cluster) a cluster's
    candidate scores depend on its types only through ``T[:, j]`` and
    ``W[:, j]`` (:func:`hard_tables`), so that a visit costs ``O(G)`` instead
    of a pass over the cluster's types.  A move of a MicroI or MicroC climb
    goes through the cluster's types, to update the running sum ``S`` or
    ``terms`` in the order :func:`climb` does (the same floating-point
    values, hence the same ties and the same final mapping); MacroI is made
    of integer counts, updated from ``T``.
    """
    n_types = len(a_ptr) - 1
    G = n_gold
    K = len(m_ptr) - 1
    U = np.zeros(G, dtype=np.int64)
    CM = np.zeros(G, dtype=np.int64)
    zero = np.zeros(G, dtype=np.int64)
    IMt = 0
    for j in range(K):
        U[h[j]] += m_ptr[j + 1] - m_ptr[j]
        CM[h[j]] += T[h[j], j]
        IMt += T[h[j], j]
    SA = a_ptr[n_types]
    S = _micro_i_sum(h, b_idx, a_ptr, a_idx, fa, a1) if measure == MICRO_I else 0.0
    Ht = n_types
    terms, Nst = _terms(U, CM, gsize)
    sweeps = 0
    while sweeps < max_sweeps:
        sweeps += 1
        changed = False
        for j in order:
            m0, m1 = m_ptr[j], m_ptr[j + 1]
            m = m1 - m0
            c0 = h[j]
            if m == 0:
                continue
            rem_a = T[c0, j]
            IMr = IMt - rem_a
            Hr = Ht - m
            Sr = S - W[c0, j]
            Ur0 = U[c0] - m
            CMr0 = CM[c0] - rem_a
            terms_r = terms - _term(U[c0], CM[c0], gsize[c0]) + _term(Ur0, CMr0, gsize[c0])
            Nr = Nst - m
            # climb's total_g is 0.0 and corr W[:, j] with one cluster per type
            best_c, best_s, s0 = _best_class(measure, G, c0, m, zero, T[:, j], zero, IMr, SA, Hr,
                                             Sr + 0.0, W[:, j], n_types, terms_r, Nr, U, CM,
                                             Ur0, CMr0, gsize)
            if best_c == c0 or best_s <= s0 + 1e-12:
                continue
            cn = best_c
            if measure == MICRO_C:  # terms: climb's updates type by type
                t0 = _term(U[c0], CM[c0], gsize[c0])  # each class's term, kept between types
                tn = _term(U[cn], CM[cn], gsize[cn])
                for mt in range(m0, m1):
                    terms -= t0
                    U[c0] -= 1
                    if _in(c0, m_idx[mt], a1_m[mt], a_ptr, a_idx):
                        CM[c0] -= 1
                    t0 = _term(U[c0], CM[c0], gsize[c0])
                    terms += t0
                    terms -= tn
                    U[cn] += 1
                    if _in(cn, m_idx[mt], a1_m[mt], a_ptr, a_idx):
                        CM[cn] += 1
                    tn = _term(U[cn], CM[cn], gsize[cn])
                    terms += tn
            else:
                U[c0] -= m
                U[cn] += m
                CM[c0] -= T[c0, j]
                CM[cn] += T[cn, j]
            if measure == MICRO_I:  # S: climb's updates type by type
                for mt in range(m0, m1):
                    x = fa_m[mt]  # _f(IM_i, |A_i|, 1) is x or 0.0
                    old_f = x if _in(c0, m_idx[mt], a1_m[mt], a_ptr, a_idx) else 0.0
                    S += (x if _in(cn, m_idx[mt], a1_m[mt], a_ptr, a_idx) else 0.0) - old_f
            IMt += T[cn, j] - T[c0, j]
            h[j] = cn
            changed = True
        if not changed:
            break
    if measure == MICRO_I:  # _final_score's sum
        return sweeps, _micro_i_sum(h, b_idx, a_ptr, a_idx, fa, a1) / n_types
    return sweeps, _final_score(measure, IMt, SA, Ht, U, U, a_ptr, U, CM, gsize)


def warm_up() -> None:
    """Compile the kernel on a tiny problem (used by benchmarks)."""
    ptr = np.array([0, 1], dtype=np.int64)
    idx = np.array([0], dtype=np.int64)
    for meas in (MACRO_I, MICRO_I, MICRO_C):
        climb(meas, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), 1, ptr, idx,
              ptr, idx, ptr, idx, np.ones(1, dtype=np.int64), 10)
