"""The bootstrap's resample weights from its draws, in one compiled pass.

Example
-------
>>> import numpy as np
>>> count_draws(np.array([[0, 0, 2], [1, 2, 0]]), 3).tolist()
[[2.0, 0.0, 1.0], [1.0, 1.0, 1.0]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["count_draws"]


@njit(cache=True)
def count_draws(idx, m):
    """``(b, m)`` float counts of each row's drawn item indices ``idx`` ``(b, k)``.

    One pass, without the offset indices, integer counts and copy that a
    bincount of the whole batch needs.
    """
    out = np.zeros((idx.shape[0], m))
    for r in range(idx.shape[0]):
        for j in range(idx.shape[1]):
            out[r, idx[r, j]] += 1.0
    return out
