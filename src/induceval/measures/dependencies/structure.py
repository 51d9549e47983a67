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

def _chain_ends(step: np.ndarray, longest: int) -> np.ndarray:
    """Follow ``step`` (an index map whose terminals map to themselves) ``>= longest`` times.

    Pointer doubling: after ``k`` rounds each entry is ``step`` applied
    ``2**k`` times, so ``ceil(log2(longest)) + 1`` rounds reach the end of
    every chain of at most ``longest`` steps; an entry still not at a
    terminal lies on (or leads into) a cycle.  Stops early once nothing moves.
    """
    jump = step
    rounds = max(int(longest), 1).bit_length() + 1
    for _ in range(rounds):
        nxt = jump[jump]
        if np.array_equal(nxt, jump):
            break
        jump = nxt
    return jump


def _cycles(heads: np.ndarray, starts: np.ndarray, sid: np.ndarray, n_sent: int,
            longest: int) -> np.ndarray:
    """Per sentence: does some token never reach a head ``<= 0`` (root or missing)?"""
    n = len(heads)
    index_t = np.int32 if n < 2**31 - 1 else np.int64
    step = np.empty(n + 1, dtype=index_t)
    step[:n] = np.where(heads > 0, starts + heads - 1, n)
    step[n] = n  # the one terminal: root or missing head
    end = _chain_ends(step, longest)[:n]
    return np.bincount(sid[end != n], minlength=n_sent) > 0


def _crossing(heads: np.ndarray, offsets: np.ndarray, sid: np.ndarray, pos1: np.ndarray,
              n_sent: int, longest: int) -> np.ndarray:
    """Per sentence: do two edges cross (``l1 < l2 < r1 < r2``)?

    Edge ``e1 = [l1, r1]`` is crossed iff the largest right end ``r2`` of the
    edges starting strictly inside it (``l1 < l2 < r1``) exceeds ``r1``: a
    range-maximum query over per-position maxima, answered with a sparse
    table built level by level in place (queries of span ``2**k`` are
    answered at level ``k``), all sentences at once.
    """
    ok = heads >= 0
    h = heads[ok]
    d = pos1[ok]
    s = sid[ok]
    left = np.minimum(h, d)
    right = np.maximum(h, d)
    # slot of position p (0..n) of sentence s in one array over all sentences
    base = offsets[:-1][s] + s
    size = int(offsets[-1]) + n_sent
    best = np.full(size, -1, dtype=np.int64)
    np.maximum.at(best, base + left, right)
    inner = right - left - 1           # positions strictly inside the edge
    q = np.flatnonzero(inner > 0)
    if not len(q):
        return np.zeros(n_sent, dtype=bool)
    lo = (base + left + 1)[q]
    span = inner[q]
    r1 = right[q]
    level = np.log2(span).astype(np.int64)
    # guard float rounding at exact powers of two
    level -= (1 << level) > span
    level += (1 << (level + 1)) <= span
    crossed = np.zeros(len(q), dtype=bool)
    width = 1
    for k in range(int(level.max()) + 1):
        if k:
            best[:-width] = np.maximum(best[:-width], best[width:])
            width *= 2
        sel = np.flatnonzero(level == k)
        if len(sel):
            a = lo[sel]
            b = a + span[sel] - width
            crossed[sel] = np.maximum(best[a], best[b]) > r1[sel]
    return np.bincount(s[q][crossed], minlength=n_sent) > 0


def sentence_diagnostics(heads: np.ndarray, offsets: np.ndarray) -> dict[str, np.ndarray]:
    """Per-sentence arrays: roots and missing heads (counts), cycle, non_projective (bool).

    Vectorised over all sentences (pointer doubling for cycles, a sparse
    table for crossing edges): no compiled kernel, so scoring never loads
    numba.  Heads must lie in ``-1..len(sentence)``.
    """
    heads = np.ascontiguousarray(heads, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    n_sent = len(offsets) - 1
    lengths = np.diff(offsets)
    sid = np.repeat(np.arange(n_sent), lengths)
    roots = np.bincount(sid[heads == 0], minlength=n_sent)
    missing = np.bincount(sid[heads < 0], minlength=n_sent)
    cyc = np.zeros(n_sent, dtype=np.bool_)
    nonproj = np.zeros(n_sent, dtype=np.bool_)
    if n_sent and len(heads):
        longest = int(lengths.max())
        starts = np.repeat(offsets[:-1], lengths)
        pos1 = np.arange(len(heads), dtype=np.int64) - starts + 1
        cyc = _cycles(heads, starts, sid, n_sent, longest)
        nonproj = _crossing(heads, offsets, sid, pos1, n_sent, longest)
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
