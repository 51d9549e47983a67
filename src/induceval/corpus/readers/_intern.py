"""Numba kernel: intern byte fields of a buffer into dense codes.

Imported lazily by the tabular readers (numba compiles on first use, then
caches the machine code next to this file).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["intern_fields"]


@njit(cache=True)
def _grow(table, hashes, nu):  # pragma: no cover - compiled
    """A table twice the size holding codes ``0..nu-1`` at their hash slots."""
    size = 2 * len(table)
    mask = size - 1
    out = np.full(size, -1, np.int32)
    for u in range(nu):
        slot = np.int64(hashes[u] & np.uint64(mask))
        while out[slot] != -1:
            slot = (slot + 1) & mask
        out[slot] = u
    return out


@njit(cache=True)
def intern_fields(buf, starts, ends):  # pragma: no cover - compiled
    """Codes of the byte strings ``buf[starts[i]:ends[i]]``, in first-seen order.

    An open-addressing hash table (FNV-1a) keyed by the bytes themselves:
    equal fields get equal codes, exactly (colliding hashes are compared byte
    by byte).  The table grows with the number of distinct fields (kept at
    most half full), not with the number of fields, so it stays in cache.
    Returns ``(codes int32, first int64)`` where ``first[u]`` is the index of
    the first field with code ``u``.
    """
    n = len(starts)
    table = np.full(1024, -1, np.int32)
    mask = len(table) - 1
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
                if 2 * nu > len(table):
                    table = _grow(table, hashes, nu)
                    mask = len(table) - 1
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
