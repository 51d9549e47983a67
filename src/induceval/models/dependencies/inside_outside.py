"""Inside-outside for the DMV over projective trees (Eisner split-head charts).

The hot loop of DMV training.  Every function here is compiled with numba
(``@njit(cache=True)``) and works on flat arrays: the tag codes of all
training sentences concatenated (``tags``) with sentence ``offsets``, and the
model's parameter arrays.  Sentences are processed in batches of equal length
(the caller sorts them by length, see :func:`length_order`), so the charts are
allocated once per batch and reused.

Chart items (0-based positions, ``i <= k``), following Eisner's split-head
construction in which a word's left and right dependents are generated
independently -- exactly the DMV's independence assumption, so every
projective tree has exactly one derivation:

``R[i, k]``
    head ``i`` has generated right dependents whose subtrees cover ``i+1..k``
    and has not stopped yet (``R[i, i] = 1``: no right dependent so far).
``RS[i, k]``
    the same, sealed: ``R[i, k] * P(STOP | t_i, right, adj = (k == i))``.
``L[i, k]`` / ``LS[i, k]``
    head ``k`` with left dependents covering ``i..k-1`` (mirror image).
``IR[i, c]``
    arc ``i -> c`` (``i < c``), ``c`` being ``i``'s farthest right dependent
    so far; spans ``i..c`` with ``c``'s left half complete:
    ``sum_m R[i, m] * P(CONT | t_i, right, adj = (m == i)) *
    P(t_c | t_i, right) * LS[m+1, c]``.
``IL[c, k]``
    arc ``k -> c`` (``c < k``), mirror image.

Then ``R[i, k] = sum_c IR[i, c] * RS[c, k]``,
``L[i, k] = sum_c LS[i, c] * IL[c, k]`` and the sentence probability is
``Z = sum_r P_root(t_r) * LS[0, r] * RS[r, n-1]``.  Dependents are generated
from the head outwards, so "adjacent" (valence 0) means "no dependent yet on
that side", as in Klein & Manning (2004).

Underflow: every projective tree attaches each word exactly once (to a head
or to the root), so multiplying all attachment probabilities of child ``c``
(``P(t_c | h, dir)`` for every ``h`` and ``P_root(t_c)``) by a constant
``s_c`` multiplies every tree by the same ``prod_c s_c``.  The parser uses
``s_c = 1 / max(attachment probabilities of c)`` and subtracts
``sum_c log s_c`` from ``log Z``; posteriors are unchanged.  Sentences whose
scaled ``Z`` still underflows are reported (``ll = -inf``) and skipped by
the caller.

Parameter arrays ``root``, ``choose``, ``stop`` as in
:class:`~induceval.models.dependencies.dmv.DMVParams` (continuing is ``1 - stop``).

References
----------
Klein, D. and Manning, C. D. (2004). Corpus-based induction of syntactic
structure: models of dependency and constituency. ACL.
Eisner, J. (1996). Three new probabilistic models for dependency parsing.
COLING.  (split-head O(n^3) charts; also Eisner & Satta 1999.)
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["expected_counts", "sentence_inside", "length_order", "tree_counts", "zero_counts",
           "MAX_EM_LENGTH"]

#: Longest sentence the inside-outside pass accepts; longer training
#: sentences are skipped and counted by the caller, with this limit named.
MAX_EM_LENGTH = 200


def length_order(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sentence indices sorted by length (stable) and the batch boundaries.

    Returns ``(order, bounds)``: sentences ``order[bounds[b]:bounds[b+1]]``
    all have the same length.

    Parameters
    ----------
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        ``(order, bounds)``.

    Example
    -------
    >>> o, b = length_order(np.array([0, 2, 3, 5]))
    >>> o.tolist(), b.tolist()
    ([1, 0, 2], [0, 1, 3])
    """
    lengths = np.diff(np.asarray(offsets, dtype=np.int64))
    order = np.argsort(lengths, kind="stable")
    sl = lengths[order]
    bounds = np.concatenate(([0], np.flatnonzero(np.diff(sl)) + 1, [len(sl)]))
    if len(sl) == 0:
        bounds = np.zeros(1, dtype=np.int64)
    return order.astype(np.int64), bounds.astype(np.int64)


def zero_counts(n_tags: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Zero DMV event counts ``(c_root, c_choose, c_stop, c_cont)`` over ``n_tags`` tags.

    Parameters
    ----------
    n_tags
        The number of tags.

    Returns
    -------
    tuple of numpy.ndarray
        ``(c_root, c_choose, c_stop, c_cont)``, shaped as the DMV parameters.

    Example
    -------
    >>> [c.shape for c in zero_counts(3)]
    [(3,), (3, 2, 3), (3, 2, 2), (3, 2, 2)]
    """
    return (np.zeros(n_tags), np.zeros((n_tags, 2, n_tags)), np.zeros((n_tags, 2, 2)),
            np.zeros((n_tags, 2, 2)))


@njit(cache=True, inline="always")
def push_halves(stack, sp, kind, i, k, split):
    """Push the two chart items that item ``(kind, i, k)`` splits into at ``split``.

    Kinds: 0 = ``R``, 1 = ``L``, 2 = ``IR``, 3 = ``IL`` (both arcs split into
    ``R[i, split]`` and ``L[split + 1, k]``), 4 = the sentence ``0..n-1`` at its
    root ``split``.  The second item pushed is popped first; returns the new
    stack size.  Shared by the Viterbi back-trace and the random-tree sampler.
    """
    if kind == 0:
        first, second, start = 2, 0, split
    elif kind == 1:
        first, second, start = 1, 3, split
    elif kind == 4:
        first, second, start = 1, 0, split
    else:
        first, second, start = 0, 1, split + 1
    stack[sp, 0] = first
    stack[sp, 1] = i
    stack[sp, 2] = split
    stack[sp + 1, 0] = second
    stack[sp + 1, 1] = start
    stack[sp + 1, 2] = k
    return sp + 2


@njit(cache=True, inline="always")
def pop_item(stack, sp):
    """Pop the top ``(kind, i, k)`` item of a :func:`push_halves` stack: ``(sp, kind, i, k)``."""
    sp -= 1
    return sp, stack[sp, 0], stack[sp, 1], stack[sp, 2]


@njit(cache=True)
def _local_params(t, n, root, choose, stop, ch, rt, st, ct):
    """Fill per-position parameter tables for one sentence; return log scale."""
    logscale = 0.0
    for c in range(n):
        best = root[t[c]]
        for h in range(n):
            if h != c:
                d = 1 if h < c else 0
                p = choose[t[h], d, t[c]]
                if p > best:
                    best = p
        if best <= 0.0:
            best = 1.0
        logscale += np.log(best)
        s = 1.0 / best
        rt[c] = root[t[c]] * s
        for h in range(n):
            if h != c:
                d = 1 if h < c else 0
                ch[h, c] = choose[t[h], d, t[c]] * s
    for h in range(n):
        for d in range(2):
            for a in range(2):
                st[h, d, a] = stop[t[h], d, a]
                ct[h, d, a] = 1.0 - stop[t[h], d, a]
    return logscale


@njit(cache=True)
def _inside(n, ch, rt, st, ct, R, L, RS, LS, IR, IRa, IL, ILa):
    """Fill the inside charts for one sentence; return Z (scaled)."""
    for i in range(n):
        R[i, i] = 1.0
        L[i, i] = 1.0
        RS[i, i] = st[i, 1, 0]
        LS[i, i] = st[i, 0, 0]
    for w in range(1, n):
        for i in range(n - w):
            k = i + w
            # right arc i -> k
            a = ct[i, 1, 0] * ch[i, k] * LS[i + 1, k]
            s = 0.0
            for m in range(i + 1, k):
                s += R[i, m] * LS[m + 1, k]
            s *= ct[i, 1, 1] * ch[i, k]
            IRa[i, k] = a
            IR[i, k] = a + s
            # left arc k -> i
            a = RS[i, k - 1] * ct[k, 0, 0] * ch[k, i]
            s = 0.0
            for m in range(i, k - 1):
                s += RS[i, m] * L[m + 1, k]
            s *= ct[k, 0, 1] * ch[k, i]
            ILa[i, k] = a
            IL[i, k] = a + s
            # complete items
            s = 0.0
            for c in range(i + 1, k + 1):
                s += IR[i, c] * RS[c, k]
            R[i, k] = s
            RS[i, k] = s * st[i, 1, 1]
            s = 0.0
            for c in range(i, k):
                s += LS[i, c] * IL[c, k]
            L[i, k] = s
            LS[i, k] = s * st[k, 0, 1]
    z = 0.0
    for r in range(n):
        z += rt[r] * LS[0, r] * RS[r, n - 1]
    return z


@njit(cache=True, inline="always")
def _arc_counts(c_choose, c_cont, head, d, dep, post, adjacent):
    """Add an arc's posterior ``post`` (``adjacent`` of it as the head's first dependent on
    side ``d``) to the choose and continue counts."""
    c_choose[head, d, dep] += post
    c_cont[head, d, 0] += adjacent
    c_cont[head, d, 1] += post - adjacent


@njit(cache=True)
def _outside(n, t, z, ch, rt, st, ct, R, L, RS, LS, IR, IRa, IL, ILa,
             OR, OL, ORS, OLS, OIR, OIL, c_root, c_choose, c_stop, c_cont, weight):
    """Outside pass; add posterior counts (times ``weight``) to the count arrays."""
    for i in range(n):
        for k in range(n):
            OR[i, k] = 0.0
            OL[i, k] = 0.0
            ORS[i, k] = 0.0
            OLS[i, k] = 0.0
            OIR[i, k] = 0.0
            OIL[i, k] = 0.0
    inv = weight / z
    for r in range(n):
        OLS[0, r] += rt[r] * RS[r, n - 1]
        ORS[r, n - 1] += rt[r] * LS[0, r]
        c_root[t[r]] += rt[r] * LS[0, r] * RS[r, n - 1] * inv
    for w in range(n - 1, 0, -1):
        for i in range(n - w):
            k = i + w
            # sealed -> unsealed (non-adjacent stop, since k > i)
            OR[i, k] += ORS[i, k] * st[i, 1, 1]
            OL[i, k] += OLS[i, k] * st[k, 0, 1]
            c_stop[t[i], 1, 1] += ORS[i, k] * RS[i, k] * inv
            c_stop[t[k], 0, 1] += OLS[i, k] * LS[i, k] * inv
            # R[i,k] = sum_c IR[i,c] RS[c,k]
            o = OR[i, k]
            if o != 0.0:
                for c in range(i + 1, k + 1):
                    OIR[i, c] += o * RS[c, k]
                    ORS[c, k] += o * IR[i, c]
            # L[i,k] = sum_c LS[i,c] IL[c,k]
            o = OL[i, k]
            if o != 0.0:
                for c in range(i, k):
                    OLS[i, c] += o * IL[c, k]
                    OIL[c, k] += o * LS[i, c]
            # IR[i,k]: arc i -> k
            o = OIR[i, k]
            if o != 0.0:
                _arc_counts(c_choose, c_cont, t[i], 1, t[k], o * IR[i, k] * inv,
                            o * IRa[i, k] * inv)
                OLS[i + 1, k] += o * ct[i, 1, 0] * ch[i, k] * R[i, i]  # m == i
                f = ct[i, 1, 1] * ch[i, k] * o
                for m in range(i + 1, k):
                    OR[i, m] += f * LS[m + 1, k]
                    OLS[m + 1, k] += f * R[i, m]
            # IL[i,k]: arc k -> i
            o = OIL[i, k]
            if o != 0.0:
                _arc_counts(c_choose, c_cont, t[k], 0, t[i], o * IL[i, k] * inv,
                            o * ILa[i, k] * inv)
                f = ct[k, 0, 0] * ch[k, i] * o  # m == k-1
                ORS[i, k - 1] += f * L[k, k]
                f = ct[k, 0, 1] * ch[k, i] * o
                for m in range(i, k - 1):
                    ORS[i, m] += f * L[m + 1, k]
                    OL[m + 1, k] += f * RS[i, m]
    for i in range(n):
        c_stop[t[i], 1, 0] += ORS[i, i] * RS[i, i] * inv
        c_stop[t[i], 0, 0] += OLS[i, i] * LS[i, i] * inv


@njit(cache=True)
def _em_batch(tags, offsets, order, lo, hi, n, root, choose, stop,
              c_root, c_choose, c_stop, c_cont, ll_out):
    ch = np.zeros((n, n))
    rt = np.zeros(n)
    st = np.zeros((n, 2, 2))
    ct = np.zeros((n, 2, 2))
    R = np.zeros((n, n))
    L = np.zeros((n, n))
    RS = np.zeros((n, n))
    LS = np.zeros((n, n))
    IR = np.zeros((n, n))
    IRa = np.zeros((n, n))
    IL = np.zeros((n, n))
    ILa = np.zeros((n, n))
    OR = np.zeros((n, n))
    OL = np.zeros((n, n))
    ORS = np.zeros((n, n))
    OLS = np.zeros((n, n))
    OIR = np.zeros((n, n))
    OIL = np.zeros((n, n))
    for b in range(lo, hi):
        s_idx = order[b]
        t = tags[offsets[s_idx]:offsets[s_idx + 1]]
        logscale = _local_params(t, n, root, choose, stop, ch, rt, st, ct)
        z = _inside(n, ch, rt, st, ct, R, L, RS, LS, IR, IRa, IL, ILa)
        if not (z > 0.0) or not np.isfinite(z):
            ll_out[s_idx] = -np.inf
            continue
        ll_out[s_idx] = np.log(z) + logscale
        _outside(n, t, z, ch, rt, st, ct, R, L, RS, LS, IR, IRa, IL, ILa,
                 OR, OL, ORS, OLS, OIR, OIL, c_root, c_choose, c_stop, c_cont, 1.0)


def expected_counts(tags: np.ndarray, offsets: np.ndarray, root: np.ndarray,
                    choose: np.ndarray, stop: np.ndarray,
                    order: tuple[np.ndarray, np.ndarray] | None = None):
    """E-step: posterior expected counts of every DMV event over a corpus.

    Parameters
    ----------
    tags, offsets
        Tag codes (``0..T-1``) of the sentences, concatenated, and the
        ``n_sentences + 1`` offsets.  Every sentence must be non-empty and at
        most :data:`MAX_EM_LENGTH` long.
    root, choose, stop
        Model parameters (see the module docstring).
    order
        ``length_order(offsets)``, when already computed.

    Returns
    -------
    (c_root, c_choose, c_stop, c_cont, ll)
        Expected counts with the shapes of the parameters (``c_cont`` has
        the shape of ``stop``) and the log-probability of each sentence
        (``-inf`` when it underflowed; such sentences add no counts).

    Example
    -------
    >>> root = np.array([0.5, 0.5]); choose = np.full((2, 2, 2), 0.5)
    >>> stop = np.full((2, 2, 2), 0.5)
    >>> out = expected_counts(np.array([0, 1]), np.array([0, 2]), root, choose, stop)
    >>> round(float(out[0].sum()), 6), round(float(out[1].sum()), 6)
    (1.0, 1.0)
    """
    tags = np.ascontiguousarray(tags, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    c_root, c_choose, c_stop, c_cont = zero_counts(root.shape[0])
    ll = np.zeros(len(offsets) - 1)
    if order is None:
        order = length_order(offsets)
    idx, bounds = order
    lengths = np.diff(offsets)
    root = np.ascontiguousarray(root, dtype=np.float64)
    choose = np.ascontiguousarray(choose, dtype=np.float64)
    stop = np.ascontiguousarray(stop, dtype=np.float64)
    for b in range(len(bounds) - 1):
        lo, hi = int(bounds[b]), int(bounds[b + 1])
        n = int(lengths[idx[lo]])
        if n == 0:
            continue
        _em_batch(tags, offsets, idx, lo, hi, n, root, choose, stop,
                  c_root, c_choose, c_stop, c_cont, ll)
    return c_root, c_choose, c_stop, c_cont, ll


def sentence_inside(tags: np.ndarray, root: np.ndarray, choose: np.ndarray,
                    stop: np.ndarray) -> float:
    """Log-probability of one sentence summed over all its projective trees.

    Parameters
    ----------
    tags
        The sentence's tag codes.
    root
        ``(T,)`` root probabilities.
    choose
        ``(T, 2, T)`` probabilities of a dependent's tag, by head tag and direction.
    stop
        ``(T, 2, 2)`` stop probabilities, by head tag, direction and adjacency.

    Returns
    -------
    float
        The log-probability (natural log).

    Example
    -------
    >>> root = np.array([1.0]); choose = np.ones((1, 2, 1)); stop = np.ones((1, 2, 2))
    >>> sentence_inside(np.array([0]), root, choose, stop)
    0.0
    """
    tags = np.asarray(tags, dtype=np.int64)
    out = expected_counts(tags, np.array([0, len(tags)]), root, choose, stop)
    return float(out[4][0])


@njit(cache=True)
def _tree_counts(tags, offsets, heads, c_root, c_choose, c_stop, c_cont):
    """Add the event counts of given trees (``heads`` 1-based, 0 = root)."""
    n_sent = len(offsets) - 1
    for s in range(n_sent):
        a = offsets[s]
        n = offsets[s + 1] - a
        for h in range(n):
            th = tags[a + h]
            if heads[a + h] == 0:
                c_root[th] += 1.0
            # right dependents, nearest first
            nr = 0
            for c in range(h + 1, n):
                if heads[a + c] == h + 1:
                    c_cont[th, 1, 0 if nr == 0 else 1] += 1.0
                    c_choose[th, 1, tags[a + c]] += 1.0
                    nr += 1
            c_stop[th, 1, 0 if nr == 0 else 1] += 1.0
            nl = 0
            for c in range(h - 1, -1, -1):
                if heads[a + c] == h + 1:
                    c_cont[th, 0, 0 if nl == 0 else 1] += 1.0
                    c_choose[th, 0, tags[a + c]] += 1.0
                    nl += 1
            c_stop[th, 0, 0 if nl == 0 else 1] += 1.0


def tree_counts(tags: np.ndarray, offsets: np.ndarray, heads: np.ndarray, n_tags: int):
    """Event counts (root, choose, stop, continue) of given trees.

    Used by Viterbi EM (hard counts) and by tests.  ``heads`` are 1-based
    within each sentence, 0 for the root.

    Parameters
    ----------
    tags
        The sentences' tag codes, concatenated.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    heads
        The trees' heads.
    n_tags
        The number of tags.

    Returns
    -------
    tuple of numpy.ndarray
        ``(c_root, c_choose, c_stop, c_cont)``, shaped as the DMV parameters.

    Example
    -------
    >>> r, ch, st, co = tree_counts(np.array([0, 1]), np.array([0, 2]), np.array([2, 0]), 2)
    >>> r.tolist(), float(ch[1, 0, 0]), float(st.sum()), float(co.sum())
    ([0.0, 1.0], 1.0, 4.0, 1.0)
    """
    c_root, c_choose, c_stop, c_cont = zero_counts(n_tags)
    _tree_counts(np.ascontiguousarray(tags, dtype=np.int64),
                 np.ascontiguousarray(offsets, dtype=np.int64),
                 np.ascontiguousarray(heads, dtype=np.int64), c_root, c_choose, c_stop, c_cont)
    return c_root, c_choose, c_stop, c_cont
