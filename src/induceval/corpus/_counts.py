"""Code counts and distinct bigram counts of a token column (the count tables' kernels).

One pass, a block of sentences at a time: memory is ``O(types + distinct
bigrams + block)``, not ``O(tokens)``.

Example
-------
>>> import numpy as np
>>> codes = np.array([0, 1, -1, 2, 0, 1], dtype=np.int32)   # "a b _ | c a b"
>>> off = np.array([0, 3, 6])
>>> code_counts(codes, 3).tolist()
[2, 2, 1]
>>> a, b, c = bigram_counts(codes, off, 3)
>>> list(zip(a.tolist(), b.tolist(), c.tolist()))   # (a,b) twice, (c,a) once
[(0, 1, 2), (2, 0, 1)]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval._numba_setup import skip_blas_probe

__all__ = ["bigram_counts", "code_counts", "gather", "BLOCK_TOKENS"]

#: tokens per block of the counting passes (a whole sentence is never split)
BLOCK_TOKENS = 1 << 22


def _blocks(offsets: np.ndarray, block: int):
    """Sentence ranges ``(s0, s1)`` of about ``block`` tokens each."""
    n_sent = len(offsets) - 1
    s0 = 0
    while s0 < n_sent:
        s1 = int(np.searchsorted(offsets, offsets[s0] + block, side="right")) - 1
        s1 = min(max(s1, s0 + 1), n_sent)
        yield s0, s1
        s0 = s1


@njit(cache=True)
def _count_codes(values, lo, hi, out):  # pragma: no cover - compiled
    n = len(out) - 1
    for i in range(lo, hi):
        v = values[i] + 1
        if 0 <= v <= n:
            out[v] += 1


def code_counts(values: np.ndarray, n_codes: int, *, block: int = BLOCK_TOKENS) -> np.ndarray:
    """Occurrences of each code ``0..n_codes-1`` (``-1`` = missing, not counted).

    Counted in place by a compiled loop, a block at a time (an interrupt is
    seen between blocks); no temporary the size of the column.
    """
    skip_blas_probe()
    out = np.zeros(n_codes + 1, dtype=np.int64)
    for lo in range(0, len(values), block):
        _count_codes(values, lo, min(lo + block, len(values)), out)
    return out[1:]


#: tokens per block of the bigram keys (whole sentences; 8 MB of keys)
KEY_BLOCK_TOKENS = 1 << 20


@njit(cache=True)
def _block_keys(ids, offsets, s0, s1, table, use_table, boundary, size):  # pragma: no cover
    """Bigram keys ``a * size + b`` of sentences ``s0..s1-1`` (unsorted, with repeats).

    With ``boundary >= 0`` each sentence is ``<s> w1 ... wn`` followed by the
    next sentence's ``<s>`` (or a closing one); ids below 0 break the chain.
    """
    lo = offsets[s0]
    out = np.empty(offsets[s1] - lo + s1 - s0, np.int64)
    m = 0
    for s in range(s0, s1):
        prev = boundary
        hi = offsets[s + 1]
        for i in range(offsets[s], hi + 1):
            if i < hi:
                cur = np.int64(ids[i])
                if use_table:
                    cur = table[cur + 1]
            elif boundary >= 0:
                cur = boundary
            else:
                break
            if prev >= 0 and cur >= 0:
                out[m] = prev * size + cur
                m += 1
            prev = cur
    return out[:m]


@njit(cache=True)
def _merge_runs(keys, acc_keys, acc_cnts):  # pragma: no cover - compiled
    """Merge sorted ``keys`` (with repeats) into the sorted distinct ``acc_keys``/``acc_cnts``."""
    n = len(keys)
    nu = 0
    for i in range(n):
        if i == 0 or keys[i] != keys[i - 1]:
            nu += 1
    na = len(acc_keys)
    out_k = np.empty(na + nu, np.int64)
    out_c = np.empty(na + nu, np.int64)
    i = j = m = 0
    while i < n or j < na:
        if j < na and (i >= n or acc_keys[j] < keys[i]):
            out_k[m] = acc_keys[j]
            out_c[m] = acc_cnts[j]
            j += 1
        else:
            k = keys[i]
            c = 0
            while i < n and keys[i] == k:
                c += 1
                i += 1
            if j < na and acc_keys[j] == k:
                c += acc_cnts[j]
                j += 1
            out_k[m] = k
            out_c[m] = c
        m += 1
    return out_k[:m].copy(), out_c[:m].copy()


def bigram_counts(ids: np.ndarray, offsets: np.ndarray, n_types: int, *,
                  boundary: int | None = None, table: np.ndarray | None = None,
                  block: int = BLOCK_TOKENS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct bigrams ``(a, b, count)`` of adjacent tokens within sentences.

    With ``boundary`` (an id), each sentence is wrapped in that boundary symbol
    (``<s> w1 ... wn <s>``; one boundary between consecutive sentences is
    shared), so every token has one predecessor and one successor.
    Missing tokens (``-1``) break the chain.  With ``table``, token ``i`` has
    id ``table[ids[i] + 1]`` (``table[0]`` is the id of a missing token,
    normally ``-1``), looked up as the tokens are read: the column is never
    copied or relabelled as a whole.  Blocks of at most ``block`` (and
    :data:`KEY_BLOCK_TOKENS`) tokens, whole sentences, are turned into keys
    by a compiled loop, sorted and merged into the distinct sorted table, so
    no temporary is proportional to the corpus and an interrupt is seen
    between blocks; the result is sorted by ``(a, b)``.
    """
    skip_blas_probe()
    offsets = np.asarray(offsets, dtype=np.int64)
    ids = np.asarray(ids)
    if ids.dtype.kind not in "iu":
        ids = ids.astype(np.int64)
    size = n_types + (1 if boundary is not None else 0)
    use_table = table is not None
    tab = np.asarray(table, dtype=np.int64) if use_table else np.zeros(1, np.int64)
    bnd = -1 if boundary is None else int(boundary)
    keys, cnts = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    for s0, s1 in _blocks(offsets, min(block, KEY_BLOCK_TOKENS)):
        k = _block_keys(ids, offsets, s0, s1, tab, use_table, bnd, size)
        k.sort()
        keys, cnts = _merge_runs(k, keys, cnts)
        del k
    return keys // size, keys % size, cnts


def gather(table: np.ndarray, values: np.ndarray, *, block: int = BLOCK_TOKENS) -> np.ndarray:
    """``table[values + 1]`` as ``int32``, computed a block at a time (``-1`` = missing).

    Example
    -------
    >>> gather(np.array([-1, 7, 8]), np.array([1, -1, 0], dtype=np.int32)).tolist()
    [8, -1, 7]
    """
    out = np.empty(len(values), dtype=np.int32)
    table = np.asarray(table).astype(np.int32)
    for lo in range(0, len(values), block):
        out[lo:lo + block] = table[values[lo:lo + block] + 1]
    return out
