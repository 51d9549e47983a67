"""Well-formedness of predicted trees: roots, cycles, non-projectivity (counted, never rejected).

Unsupervised parsers produce multiple roots, cycles and crossing edges; the
scorer takes them as they come and reports how many sentences have them.

Definitions
-----------
roots
    Tokens whose head is 0.  A sentence with no root or more than one root
    is counted under ``no_root`` / ``multiple_roots``.
cycle
    Some token never reaches the root by following heads.
non-projective
    Two edges cross: ``l1 < l2 < r1 < r2`` for edge spans ``[l, r]`` with
    ``l = min(head, dependent)``, root edges spanning from position 0.
    On a well-formed tree this is exactly non-projectivity.
missing
    Heads equal to ``-1``; their edges are ignored for cycles and crossings.

Example
-------
>>> import numpy as np
>>> d = tree_diagnostics(np.array([0, 3, 2, 0, 3, 1, 2]), np.array([0, 3, 7]))
>>> d["cycles"], d["non_projective"], d["multiple_roots"], d["no_root"], d["sentences"]
(1, 1, 0, 0, 2)
"""

from __future__ import annotations

import numpy as np

__all__ = ["tree_diagnostics", "sentence_diagnostics"]

_KERNEL = None


def _kernel():
    global _KERNEL
    if _KERNEL is None:
        from numba import njit

        @njit(cache=True)
        def kernel(heads, offsets, cyc, nonproj):  # pragma: no cover - compiled
            n_sent = len(offsets) - 1
            state = np.zeros(len(heads), dtype=np.int8)
            for s in range(n_sent):
                a = offsets[s]
                b = offsets[s + 1]
                n = b - a
                # cycles: colour walk, 1 = on the current path, 2 = reaches root/missing
                has_cycle = False
                for i in range(n):
                    j = i
                    while True:
                        if state[a + j] == 2:
                            break
                        if state[a + j] == 1:
                            has_cycle = True
                            break
                        state[a + j] = 1
                        h = heads[a + j]
                        if h <= 0:
                            break
                        j = h - 1
                    # mark the path done (cycle members too, so we stop re-walking)
                    j = i
                    while state[a + j] == 1:
                        state[a + j] = 2
                        h = heads[a + j]
                        if h <= 0:
                            break
                        j = h - 1
                cyc[s] = has_cycle
                # crossing edges
                crossing = False
                for i in range(n):
                    h1 = heads[a + i]
                    if h1 < 0:
                        continue
                    d1 = i + 1
                    l1 = min(h1, d1)
                    r1 = max(h1, d1)
                    for k in range(n):
                        h2 = heads[a + k]
                        if h2 < 0:
                            continue
                        d2 = k + 1
                        l2 = min(h2, d2)
                        r2 = max(h2, d2)
                        if l1 < l2 and l2 < r1 and r1 < r2:
                            crossing = True
                            break
                    if crossing:
                        break
                nonproj[s] = crossing

        _KERNEL = kernel
    return _KERNEL


def sentence_diagnostics(heads: np.ndarray, offsets: np.ndarray) -> dict[str, np.ndarray]:
    """Per-sentence arrays: roots and missing heads (counts), cycle, non_projective (bool)."""
    heads = np.ascontiguousarray(heads, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    n_sent = len(offsets) - 1
    sid = np.repeat(np.arange(n_sent), np.diff(offsets))
    roots = np.bincount(sid[heads == 0], minlength=n_sent)
    missing = np.bincount(sid[heads < 0], minlength=n_sent)
    cyc = np.zeros(n_sent, dtype=np.bool_)
    nonproj = np.zeros(n_sent, dtype=np.bool_)
    if n_sent:
        _kernel()(heads, offsets, cyc, nonproj)
    return {"roots": roots, "cycle": cyc, "non_projective": nonproj, "missing": missing}


def tree_diagnostics(heads: np.ndarray, offsets: np.ndarray) -> dict[str, int]:
    """Counts of sentences with no root, multiple roots, cycles, crossing edges; missing heads."""
    d = sentence_diagnostics(heads, offsets)
    nonempty = np.diff(np.asarray(offsets)) > 0
    return {
        "sentences": int(len(d["roots"])),
        "no_root": int(((d["roots"] == 0) & nonempty).sum()),
        "multiple_roots": int((d["roots"] > 1).sum()),
        "cycles": int(d["cycle"].sum()),
        "non_projective": int(d["non_projective"].sum()),
        "missing_heads": int(d["missing"].sum()),
    }
