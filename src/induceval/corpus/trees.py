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

__all__ = ["tree_diagnostics", "sentence_diagnostics", "sentence_cycles"]


def _chain_ends(step: np.ndarray, longest: int) -> np.ndarray:
    """Follow ``step`` (an index map whose terminals map to themselves) ``>= longest`` times.

    Pointer doubling: after ``k`` rounds each entry is ``step`` applied
    ``2**k`` times, so ``ceil(log2(longest)) + 1`` rounds reach the end of
    every chain of at most ``longest`` steps; an entry still not at a
    terminal lies on (or leads into) a cycle.  Stops early once nothing moves.
    """
    jump = step
    for _ in range(max(int(longest), 1).bit_length() + 1):
        nxt = jump[jump]
        if np.array_equal(nxt, jump):
            break
        jump = nxt
    return jump


def _cycles(heads: np.ndarray, starts: np.ndarray, sid: np.ndarray, n_sent: int,
            longest: int) -> np.ndarray:
    """Per sentence: does some token never reach a head ``<= 0`` (root or missing)?"""
    n = len(heads)
    step = np.empty(n + 1, dtype=starts.dtype)
    np.add(starts, heads, out=step[:n])
    step[:n] -= 1
    step[:n][heads <= 0] = n
    step[n] = n  # the one terminal: root or missing head
    end = _chain_ends(step, longest)[:n]
    return np.bincount(sid[end != n], minlength=n_sent) > 0


def _crossing(heads: np.ndarray, starts: np.ndarray, sid: np.ndarray, pos1: np.ndarray,
              n_sent: int, size: int) -> np.ndarray:
    """Per sentence: do two edges cross (``l1 < l2 < r1 < r2``)?

    Edge ``e1 = [l1, r1]`` is crossed iff the largest right end ``r2`` of the
    edges starting strictly inside it (``l1 < l2 < r1``) exceeds ``r1``: a
    range-maximum query over per-position maxima, answered with a sparse
    table built level by level in place (queries of span ``2**k`` are
    answered at level ``k``), all sentences at once.
    """
    ok = heads >= 0
    if not ok.all():
        heads, starts, sid, pos1 = heads[ok], starts[ok], sid[ok], pos1[ok]
    del ok
    left, right = np.minimum(heads, pos1), np.maximum(heads, pos1)
    # slot of position p (0..n) of sentence s in one array of ``size`` over all sentences
    slot = starts + sid
    slot += left
    best = np.full(size, -1, dtype=right.dtype)
    np.maximum.at(best, slot, right)
    inner = right - left
    del left
    inner -= 1                            # positions strictly inside the edge
    q = np.flatnonzero(inner > 0)
    if not len(q):
        return np.zeros(n_sent, dtype=bool)
    lo = slot[q]
    lo += 1
    del slot
    span = inner[q]
    del inner
    r1 = right[q]
    del right
    s_q = sid[q]
    del q
    _, level = np.frexp(span.astype(np.float32))  # span = m * 2**e, 0.5 <= m < 1
    level -= 1                                     # floor(log2(span))
    crossed = np.zeros(len(span), dtype=bool)
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
    return np.bincount(s_q[crossed], minlength=n_sent) > 0


def sentence_cycles(heads: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Per sentence: is some token on (or led into) a cycle of heads?

    The ``cycle`` entry of :func:`sentence_diagnostics`, alone.

    Parameters
    ----------
    heads
        Heads of every token (1-based within the sentence, 0 = root, -1 = missing).
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    numpy.ndarray
        A boolean per sentence.

    Example
    -------
    >>> sentence_cycles(np.array([0, 3, 2, 0, 3, 1, 2]), np.array([0, 3, 7])).tolist()
    [True, False]
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    n_sent = len(offsets) - 1
    n = int(offsets[-1]) if len(offsets) else 0
    if n_sent <= 0 or n == 0:
        return np.zeros(max(n_sent, 0), dtype=np.bool_)
    index_t = np.int32 if n + n_sent + 2 < 2**31 else np.int64
    heads = np.asarray(heads).astype(index_t, copy=False)
    lengths = np.diff(offsets).astype(index_t)
    sid = np.repeat(np.arange(n_sent, dtype=index_t), lengths)
    starts = np.repeat(offsets[:-1].astype(index_t), lengths)
    return _cycles(heads, starts, sid, n_sent, int(lengths.max()))


def sentence_diagnostics(heads: np.ndarray, offsets: np.ndarray) -> dict[str, np.ndarray]:
    """Per-sentence arrays: roots and missing heads (counts), cycle, non_projective (bool).

    Vectorised over all sentences (pointer doubling for cycles, a sparse
    table for crossing edges), in ``int32`` below 2**31 tokens: no compiled
    kernel, so scoring never loads numba.  Heads must lie in
    ``-1..len(sentence)``.

    Parameters
    ----------
    heads
        Heads of every token (1-based within the sentence, 0 = root, -1 = missing).
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    dict of str to numpy.ndarray
        ``roots``, ``missing``, ``cycle`` and ``non_projective``, one entry per sentence.

    Example
    -------
    >>> heads, offsets = np.array([2, 0, 0, 1, 0]), np.array([0, 2, 5])   # 2nd: two roots
    >>> d = sentence_diagnostics(heads, offsets)
    >>> d["roots"].tolist(), d["cycle"].tolist()
    ([1, 2], [False, False])
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    n_sent = len(offsets) - 1
    n = int(offsets[-1]) if n_sent >= 0 and len(offsets) else 0
    index_t = np.int32 if n + max(n_sent, 0) + 2 < 2**31 else np.int64
    heads = np.asarray(heads)
    heads = heads.astype(index_t, copy=heads.dtype != index_t)
    lengths = np.diff(offsets).astype(index_t)
    sid = np.repeat(np.arange(max(n_sent, 0), dtype=index_t), lengths)
    roots = np.bincount(sid[heads == 0], minlength=n_sent)
    missing = np.bincount(sid[heads < 0], minlength=n_sent)
    cyc, nonproj = np.zeros(n_sent, dtype=np.bool_), np.zeros(n_sent, dtype=np.bool_)
    if n_sent and len(heads):
        starts = np.repeat(offsets[:-1].astype(index_t), lengths)
        cyc = _cycles(heads, starts, sid, n_sent, int(lengths.max()))
        pos1 = np.arange(1, len(heads) + 1, dtype=index_t)
        pos1 -= starts
        nonproj = _crossing(heads, starts, sid, pos1, n_sent, n + n_sent)
    return {"roots": roots, "cycle": cyc, "non_projective": nonproj, "missing": missing}


def tree_diagnostics(heads: np.ndarray, offsets: np.ndarray) -> dict[str, int]:
    """Counts of sentences with no root, multiple roots, cycles, crossing edges; missing heads.

    Parameters
    ----------
    heads
        Heads of every token (1-based within the sentence, 0 = root, -1 = missing).
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    dict of str to int
        ``sentences``, ``no_root``, ``multiple_roots``, ``cycles``,
        ``non_projective`` and ``missing_heads``.

    Example
    -------
    >>> heads, offsets = np.array([2, 0, 0, 1, 0]), np.array([0, 2, 5])   # 2nd: two roots
    >>> tree_diagnostics(heads, offsets)["multiple_roots"]
    1
    """
    d = sentence_diagnostics(heads, offsets)
    nonempty = np.diff(np.asarray(offsets)) > 0
    return {"sentences": int(len(d["roots"])),
            "no_root": int(((d["roots"] == 0) & nonempty).sum()),
            "multiple_roots": int((d["roots"] > 1).sum()), "cycles": int(d["cycle"].sum()),
            "non_projective": int(d["non_projective"].sum()),
            "missing_heads": int(d["missing"].sum())}
