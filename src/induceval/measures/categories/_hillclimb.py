"""Numba kernel of the M-1 hill climbing of Reichart, Abend & Rappoport (2010, §4.1).

Kept in its own module so that importing the measures does not compile it.
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
def climb(measure, h, order, n_gold, b_ptr, b_idx, m_ptr, m_idx, a_ptr, a_idx, gsize,
          max_sweeps):
    """Hill-climb the mapping ``h`` (modified in place); return (sweeps, final score)."""
    n_types = len(b_ptr) - 1
    G = n_gold
    mark = np.zeros(G, dtype=np.int64)
    amark = np.zeros(G, dtype=np.int64)
    stamp = 0
    IM = np.zeros(n_types, dtype=np.int64)
    H = np.zeros(n_types, dtype=np.int64)
    U = np.zeros(G, dtype=np.int64)
    CM = np.zeros(G, dtype=np.int64)
    # initial state
    for i in range(n_types):
        stamp += 1
        for t in range(a_ptr[i], a_ptr[i + 1]):
            amark[a_idx[t]] = stamp
        for t in range(b_ptr[i], b_ptr[i + 1]):
            c = h[b_idx[t]]
            if mark[c] != stamp:
                mark[c] = stamp
                H[i] += 1
                U[c] += 1
                if amark[c] == stamp:
                    IM[i] += 1
                    CM[c] += 1
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
    terms = 0.0
    Nst = 0
    for c in range(G):
        terms += _term(U[c], CM[c], gsize[c])
        Nst += U[c]

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
            best_c = c0
            best_s = -1.0
            s0 = 0.0
            for c in range(G):
                add_n = m - cntP[c]
                add_a = cntA[c] - cntAP[c]
                if measure == MACRO_I:
                    s = 2.0 * (IMr + add_a) / (SA + Hr + add_n)
                elif measure == MICRO_I:
                    s = (Sr + total_g + corr[c]) / n_types
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
    # the final score, recomputed exactly from the integer state
    if measure == MACRO_I:
        score = 2.0 * IMt / (SA + Ht)
    elif measure == MICRO_I:
        score = 0.0
        for i in range(n_types):
            score += _f(IM[i], a_ptr[i + 1] - a_ptr[i], H[i])
        score /= n_types
    else:
        score = 0.0
        Nst = 0
        for c in range(G):
            score += _term(U[c], CM[c], gsize[c])
            Nst += U[c]
        score = score / Nst if Nst > 0 else 0.0
    return sweeps, score


def warm_up() -> None:
    """Compile the kernel on a tiny problem (used by benchmarks)."""
    ptr = np.array([0, 1], dtype=np.int64)
    idx = np.array([0], dtype=np.int64)
    for meas in (MACRO_I, MICRO_I, MICRO_C):
        climb(meas, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), 1, ptr, idx,
              ptr, idx, ptr, idx, np.ones(1, dtype=np.int64), 10)
