"""Numba kernel: intern byte fields of a buffer into dense codes.

Imported lazily by the tabular readers (numba compiles on first use, then
caches the machine code next to this file).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["intern_fields"]


@njit(cache=True)
def intern_fields(buf, starts, ends):  # pragma: no cover - compiled
    """Codes of the byte strings ``buf[starts[i]:ends[i]]``, in first-seen order.

    An open-addressing hash table (FNV-1a) keyed by the bytes themselves:
    equal fields get equal codes, exactly (colliding hashes are compared byte
    by byte).  Returns ``(codes int32, first int64)`` where ``first[u]`` is
    the index of the first field with code ``u``.
    """
    n = len(starts)
    size = 16
    while size < 2 * n:
        size *= 2
    mask = size - 1
    table = np.full(size, -1, np.int64)
    hashes = np.empty(n, np.uint64)
    first = np.empty(n, np.int64)
    codes = np.empty(n, np.int32)
    nu = 0
    for i in range(n):
        s = starts[i]
        e = ends[i]
        h = np.uint64(14695981039346656037)
        for j in range(s, e):
            h = (h ^ np.uint64(buf[j])) * np.uint64(1099511628211)
        slot = np.int64(h & np.uint64(mask))
        while True:
            u = table[slot]
            if u == -1:
                table[slot] = nu
                hashes[nu] = h
                first[nu] = i
                codes[i] = nu
                nu += 1
                break
            if hashes[u] == h:
                k = first[u]
                s2 = starts[k]
                if ends[k] - s2 == e - s:
                    same = True
                    for j in range(e - s):
                        if buf[s + j] != buf[s2 + j]:
                            same = False
                            break
                    if same:
                        codes[i] = u
                        break
            slot = (slot + 1) & mask
    return codes, first[:nu].copy()
