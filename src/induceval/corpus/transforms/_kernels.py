"""Numba kernels of the transforms (imported lazily: numba costs start-up time)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def reattach_kernel(h, start, length, removed, new_pos):  # pragma: no cover - compiled
    """Walk each token's head chain past removed tokens; see ``punct._reattach``."""
    n = len(h)
    out = np.empty(n, dtype=np.int32)
    n_invalid = 0
    n_cyclic = 0
    for i in range(n):
        hi = h[i]
        L = length[i]
        if hi < 0 or hi > L:
            out[i] = -1
            n_invalid += 1
            continue
        if hi == 0:
            out[i] = 0
            continue
        p = start[i] + hi - 1
        steps = 0
        while True:
            if not removed[p]:
                out[i] = new_pos[p] + 1
                break
            hp = h[p]
            if hp < 0 or hp > length[p]:
                out[i] = -1
                break
            if hp == 0:
                out[i] = 0
                break
            p = start[p] + hp - 1
            steps += 1
            if steps > L:
                out[i] = -1
                if not removed[i]:
                    n_cyclic += 1
                break
    return out, n_invalid, n_cyclic
