"""The bootstrap's resample totals from its draws, in compiled passes.

A resample is ``m`` item indices drawn with replacement
(:class:`BootstrapDraws`, a compiled xoshiro256** seeded by the seed's
``resampling.bootstrap`` stream).  Its totals are either the sums of the
drawn items' rows, in the order of the draws (:func:`draw_sums`, for dense
per-item statistics), or the draws are counted while drawn, into byte
weights that multiply sparse per-item tables (:class:`SparseProducts`, in
float32 when its sums are whole numbers below 2**24, exact).

Example
-------
>>> import numpy as np
>>> idx = np.array([[0, 0, 2], [1, 2, 0]])
>>> count_draws(idx, 3).tolist()
[[2.0, 0.0, 1.0], [1.0, 1.0, 1.0]]
>>> draw_sums(idx, np.array([[1.0, 1.0], [0.0, 1.0], [0.5, 1.0]])).tolist()
[[2.5, 3.0], [1.5, 3.0]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["BootstrapDraws", "count_draws", "draw_sums", "DrawRows", "SparseProducts"]


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


#: xoshiro256**'s constants and the masks of its 32-bit halves
_U32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def _next(s0, s1, s2, s3):
    """xoshiro256**'s next 64-bit output and state."""
    out = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return out, s0, s1, s2, s3


@njit(cache=True)
def _fill(s, m, k, row, count):
    """Draw ``k`` uniform item indices ``0 .. m - 1``: into ``row[:k]`` (int32), or, with
    ``count``, add each draw's 1 to ``row[index]``.

    The generator state ``s`` is xoshiro256**'s four words and, in ``s[4]``,
    the unused upper half of its last output plus 2**32 (0 when used).  Each
    64-bit output gives two 32-bit numbers, low half first; each is turned
    into an index by Lemire's (2019) multiply-shift, rejecting the low
    products below ``2**32 mod m``: exact.
    """
    s0, s1, s2, s3, half = s[0], s[1], s[2], s[3], s[4]
    have = half != np.uint64(0)
    half &= _U32
    mm = np.uint64(m)
    floor = (np.uint64(1) << _S32) % mm
    j = 0
    while j < k:
        if have:
            x = half
            have = False
        else:
            out, s0, s1, s2, s3 = _next(s0, s1, s2, s3)
            p1 = (out & _U32) * mm
            p2 = (out >> _S32) * mm
            # the usual case: both numbers kept, two draws of one output
            if j + 2 <= k and (p1 & _U32) >= floor and (p2 & _U32) >= floor:
                i1 = np.int64(p1 >> _S32)
                i2 = np.int64(p2 >> _S32)
                if count:
                    row[i1] += 1
                    row[i2] += 1
                else:
                    row[j] = i1
                    row[j + 1] = i2
                j += 2
                continue
            x = out & _U32
            half = out >> _S32
            have = True
        p = x * mm
        if (p & _U32) >= floor:
            i1 = np.int64(p >> _S32)
            if count:
                row[i1] += 1
            else:
                row[j] = i1
            j += 1
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3
    s[4] = (half | (np.uint64(1) << _S32)) if have else np.uint64(0)


@njit(cache=True)
def _draw_indices(s, m, b):
    out = np.empty((b, m), dtype=np.int32)
    for r in range(b):
        _fill(s, m, m, out[r], False)
    return out


@njit(cache=True)
def _draw_counts(s, m, b, sizes):
    """Each of ``b`` resamples' counts of its ``m`` draws, transposed ``(m, b)`` bytes, its
    total of ``sizes`` over the draws (float64), and whether a count passed 255 (then
    the bytes wrapped around and a resample's counts no longer add up to ``m``)."""
    seen = np.zeros((b, m), dtype=np.uint8)
    for r in range(b):
        _fill(s, m, m, seen[r], True)
    out = np.empty((m, b), dtype=np.uint8)
    total = np.zeros(b)
    drawn = np.zeros(b, dtype=np.int64)
    for lo in range(0, m, 256):         # a block of items at a time: both sides stay in cache
        hi = min(m, lo + 256)
        for r in range(b):
            t = 0.0
            n = 0
            for i in range(lo, hi):
                c = seen[r, i]
                out[i, r] = c
                t += c * sizes[i]
                n += c
            total[r] += t
            drawn[r] += n
    return out, total, (drawn != m).any()


class BootstrapDraws:
    """The bootstrap's draws of ``m`` item indices per resample, batch after batch.

    The generator is xoshiro256** (Blackman & Vigna 2021), seeded by four
    64-bit numbers of ``rng`` (the ``resampling.bootstrap`` stream), each
    64-bit output giving two 32-bit numbers (low half first) and each index
    drawn from them by Lemire's (2019) multiply-shift with rejection (exact,
    unbiased).  It runs compiled, in the same pass as the counting of the
    draws (:meth:`counts`), where numpy's generator wrote every index to
    memory first; the indices (:meth:`indices`) and the counts of one batch
    come from the same numbers, and the draws of a resample do not depend on
    how the resamples are batched.  Since 0.7.0; before, numpy's
    ``integers`` drew the indices (other resamples, same distribution).

    References
    ----------
    Blackman, D. & Vigna, S. (2021). Scrambled linear pseudorandom number
    generators. ACM Transactions on Mathematical Software 47(4).
    Lemire, D. (2019). Fast random integer generation in an interval. ACM
    Transactions on Modeling and Computer Simulation 29(1).

    Example
    -------
    >>> from induceval.random import stream
    >>> a = BootstrapDraws(stream(1, "resampling.bootstrap"), 5)
    >>> b = BootstrapDraws(stream(1, "resampling.bootstrap"), 5)
    >>> idx = a.indices(3)
    >>> idx.shape, bool(((0 <= idx) & (idx < 5)).all())
    ((3, 5), True)
    >>> w, _ = b.counts(3, np.ones(5))
    >>> bool((w.T == count_draws(idx, 5)).all())
    True
    """

    def __init__(self, rng: np.random.Generator, m: int) -> None:
        if not 0 < m < 2 ** 31:     # int32 indices
            from induceval.errors import ParameterError

            raise ParameterError(f"items to resample: 1 to 2**31 - 1 expected, got {m}")
        self.m = int(m)
        self.state = np.zeros(5, dtype=np.uint64)
        self.state[:4] = rng.bit_generator.random_raw(4)
        if not self.state[:4].any():     # xoshiro's one state that never leaves itself
            self.state[0] = 1

    def indices(self, b: int) -> np.ndarray:
        """The next ``b`` resamples' ``(b, m)`` int32 item indices, in the order drawn."""
        return _draw_indices(self.state, self.m, int(b))

    def counts(self, b: int, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The next ``b`` resamples' transposed ``(m, b)`` counts of each item's draws
        (uint8, or float64 when an item is drawn more than 255 times in one resample) and
        each resample's total of ``sizes`` (float64 ``(m,)``) over its draws."""
        before = self.state.copy()
        out, total, wrapped = _draw_counts(self.state, self.m, int(b), sizes)
        if not wrapped:
            return out, total
        del out
        self.state[:] = before                # the same draws again, counted wide
        idx = self.indices(b)
        return np.ascontiguousarray(count_draws(idx, self.m).T), sizes[idx].sum(axis=1)


#: float32 holds every whole number below this exactly
_EXACT32 = 2.0 ** 24
#: a shared base's entries a column at least, for its systems to be summed from it: each
#: system then reads the base's (columns x resamples) products once, where its own product
#: reads its entries (frank2009's (gold, word) table of Manchester has 97 entries a column;
#: pascal2012-pos's UD treebanks about 3, where summing was the slower: docs/scale.md)
_SUMMED_MIN = 8


@njit(cache=True)
def _weights_into(indptr, indices, data, w, d):
    """``(d, b)`` products of the transposed weights ``w`` ``(m, b)`` with the CSR rows
    ``(indptr, indices, data)`` ``(m, d)``, summed in the type of ``data``: a cell's row
    holds its resamples side by side.

    An item's weights are converted once, then added to each of its cells,
    item after item (vectors of resamples per instruction).
    """
    m, b = w.shape
    y = np.zeros((d, b), dtype=data.dtype)
    wi = np.empty(b, dtype=data.dtype)
    for i in range(m):
        lo, hi = indptr[i], indptr[i + 1]
        if lo == hi:
            continue
        for k in range(b):
            wi[k] = w[i, k]
        for p in range(lo, hi):
            v = data[p]
            yc = y[indices[p]]
            for k in range(b):
                yc[k] += v * wi[k]
    return y


@njit(cache=True)
def _turned(y):
    """The ``(b, d)`` float64 transpose of ``(d, b)`` sums, a block of cells at a time."""
    d, b = y.shape
    out = np.empty((b, d))
    for lo in range(0, d, 64):
        hi = min(d, lo + 64)
        for k in range(b):
            for c in range(lo, hi):
                out[k, c] = y[c, k]
    return out


@njit(cache=True)
def _summed_into(y, pos, d):
    """``(d, b)`` sums of the rows of ``y`` ``(P, b)``: row ``p`` added to row ``pos[p]``
    (dropped when negative), in the type of ``y``."""
    b = y.shape[1]
    out = np.zeros((d, b), dtype=y.dtype)
    for p in range(y.shape[0]):
        c = pos[p]
        if c < 0:
            continue
        src = y[p]
        dst = out[c]
        for k in range(b):
            dst[k] += src[k]
    return out


class SparseProducts:
    """The weights of each batch of draws times several systems' sparse ``(m, d)`` rows.

    Each resample's table is ``weights @ rows``, computed item after item
    (the same sums on every machine and batch size).  When the rows are
    non-negative whole counts and a resample's total stays below 2**24, every
    product and partial sum is a whole number that float32 holds exactly:
    the products then run in float32, twice the numbers per memory access
    and vector instruction of float64, and give float64's values.
    Otherwise (fractions, larger totals) they run in float64.

    A system given a ``source`` ``(base, pos)`` has rows that are the
    columns of a shared ``(m, P)`` CSR ``base`` summed into its own (column
    ``p`` of ``base`` into ``pos[p]``): e.g. the per-utterance tables of
    clusterings of word types, which are each the (word, gold) table with
    the words' columns summed per cluster.  When the base has at least
    :data:`_SUMMED_MIN` entries a column, ``weights @ base`` is
    computed once a batch for all the systems of that base, and each
    system's totals are its sums of those columns: whole numbers, exact, so
    the same totals as the system's own product (fractions: each system's
    own product).
    """

    def __init__(self, rows: list, m: int, sources: list | None = None) -> None:
        from scipy import sparse as sp

        self.m = m
        sources = list(sources) if sources is not None else [None] * len(rows)
        mats: list = []
        bases: dict[int, int] = {}
        self.plan = []      # per system: (index of its matrix in mats, pos or None, d)
        for r, src in zip(rows, sources):
            if src is None:
                self.plan.append((len(mats), None, r.shape[1]))
                mats.append(sp.csr_matrix(r))       # the rows' own arrays, not copies
                continue
            base, pos = src
            if base.nnz < _SUMMED_MIN * base.shape[1]:     # too few tokens a pair: own rows
                self.plan.append((len(mats), None, r.shape[1]))
                mats.append(sp.csr_matrix(r))
                continue
            if id(base) not in bases:
                bases[id(base)] = len(mats)
                mats.append(sp.csr_matrix(base))
            self.plan.append((bases[id(base)], np.asarray(pos, dtype=np.int64), r.shape[1]))
        whole = all(r.data.min(initial=0.0) >= 0 and np.array_equal(r.data, np.floor(r.data))
                    for r in mats)
        if bases and not whole:
            # fractions summed per column would add in another order than the system's
            # own product (other last bits): shared bases only for whole counts
            self.__init__(rows, m)
            return
        #: the last system of each shared base: its products are let go after it
        self.last = {i: j for j, (i, pos, _) in enumerate(self.plan) if pos is not None}
        # an item's largest row sum: a resample's total of them bounds its every sum (a
        # system summed from a base has the base's row sums, or less)
        self.sizes = np.max([np.asarray(r.sum(axis=1)).ravel() for r in mats], axis=0,
                            ).astype(np.float64) if whole else np.zeros(m)
        self.wide = [(r.indptr, r.indices, r.data.astype(np.float64, copy=False), r.shape[1])
                     for r in mats]
        self.narrow = [(ip, ix, data.astype(np.float32), d) for ip, ix, data, d in self.wide] \
            if whole and m < _EXACT32 else []

    def products(self, draws: BootstrapDraws, b: int):
        """Each system's ``(b, d)`` float64 totals of the next ``b`` resamples of
        ``draws``, one after the other (a generator: one system's table is held at a
        time, and the products of a shared base until its last system)."""
        return self.products_of(*draws.counts(b, self.sizes))

    def products_of(self, w: np.ndarray, total: np.ndarray):
        """The same for the transposed counts ``w`` ``(m, b)`` of resamples whose totals
        of :attr:`sizes` are ``total``."""
        narrow = self.narrow and total.max(initial=0.0) < _EXACT32
        mats = self.narrow if narrow else self.wide
        held: dict[int, np.ndarray] = {}
        for j, (i, pos, d) in enumerate(self.plan):
            ip, ix, data, width = mats[i]
            if pos is None:
                yield _turned(_weights_into(ip, ix, data, w, width))
                continue
            if i not in held:
                held[i] = _weights_into(ip, ix, data, w, width)
            y = held.pop(i) if self.last[i] == j else held[i]
            yield _turned(_summed_into(y, pos, d))


def draw_sums(idx: np.ndarray, rows) -> np.ndarray:
    """``(b, d)`` totals of each resample: the rows ``rows[idx[r, j]]`` summed over ``j``.

    The sums run in the order of the draws, one row after the other: whole
    counts are exact in any order (the same as ``weights @ rows``), and
    fractions get the same last bits on every machine, batch size and
    library (a matrix product adds in an order of its BLAS kernel).
    ``rows``: ``(m, d)`` values, or their :class:`DrawRows` when several
    batches of draws sum the same rows.
    """
    plan = rows if isinstance(rows, DrawRows) else DrawRows(rows)
    idx = np.ascontiguousarray(idx)
    tot = np.empty((len(idx), plan.n_distinct))
    counts, sums = _draw_pass(idx, plan.pattern_of, len(plan.patterns), plan.four)
    if len(plan.by_pattern):
        tot[:, plan.by_pattern] = counts @ plan.patterns
    if len(plan.by_four):
        tot[:, plan.by_four] = sums[:, :len(plan.by_four)]
    return tot[:, plan.inverse]


class DrawRows:
    """How :func:`draw_sums` adds up ``(m, d)`` rows, prepared once for many draws.

    Identical columns (the denominators of several systems side by side) are
    summed once.  Columns of whole numbers whose totals stay exact, when
    their rows take few distinct values together (0/1 outcomes of a few
    systems), are summed by counting the draws of each distinct row
    (``patterns``, ``pattern_of``) and one product: exact, so the same as
    adding them in order.  The other columns (fractions) are added in the
    order of the draws, four at a time (``four``, zero-padded).
    """

    def __init__(self, rows: np.ndarray) -> None:
        rows = np.asarray(rows, dtype=np.float64).reshape(len(rows), -1)
        m = len(rows)
        first: dict[bytes, int] = {}
        keep = []
        self.inverse = np.empty(rows.shape[1], dtype=np.int64)
        for c in range(rows.shape[1]):
            key = rows[:, c].tobytes()
            if key not in first:
                first[key] = len(keep)
                keep.append(c)
            self.inverse[c] = first[key]
        distinct = rows[:, keep]
        self.n_distinct = len(keep)
        exact = (distinct == np.round(distinct)).all(axis=0) & \
            (np.abs(distinct).max(axis=0, initial=0.0) * max(m, 1) < 2.0 ** 53)
        self.by_pattern = np.flatnonzero(exact) if m >= 64 and exact.sum() <= 64 else \
            np.zeros(0, dtype=np.int64)
        self.patterns = np.zeros((0, 0))
        self.pattern_of = np.zeros(m, dtype=np.int64)
        if len(self.by_pattern):
            block = np.ascontiguousarray(distinct[:, self.by_pattern])
            as_bytes = block.view(np.dtype((np.void, block.shape[1] * 8))).ravel()
            _, where, pattern_of = np.unique(as_bytes, return_index=True, return_inverse=True)
            if len(where) * 8 <= m:     # few distinct rows: counting them pays
                self.patterns = block[where]
                self.pattern_of = pattern_of.ravel().astype(np.int64)
            else:
                self.by_pattern = np.zeros(0, dtype=np.int64)
        self.by_four = np.setdiff1d(np.arange(self.n_distinct), self.by_pattern)
        # four columns at a time, each summed in a register of its own
        self.four = np.zeros((m, -(-len(self.by_four) // 4) * 4))
        self.four[:, :len(self.by_four)] = distinct[:, self.by_four]


@njit(cache=True)
def _draw_pass(idx, pattern_of, p, four):
    """Each resample's draws of each of the ``p`` distinct rows (``pattern_of``: an item's
    row) and its sums of the columns of ``four``, in the order of the draws; the counts
    are taken in the same pass as the first four columns."""
    b, k = idx.shape
    d = four.shape[1]
    counts = np.zeros((b, p))
    sums = np.zeros((b, d))
    for r in range(b):
        seen = counts[r]
        if d == 0 and p > 0:
            for j in range(k):
                seen[pattern_of[idx[r, j]]] += 1.0
        for c in range(0, d, 4):
            s0 = s1 = s2 = s3 = 0.0
            if c == 0 and p > 0:
                for j in range(k):
                    i = idx[r, j]
                    seen[pattern_of[i]] += 1.0
                    s0 += four[i, 0]
                    s1 += four[i, 1]
                    s2 += four[i, 2]
                    s3 += four[i, 3]
            else:
                for j in range(k):
                    i = idx[r, j]
                    s0 += four[i, c]
                    s1 += four[i, c + 1]
                    s2 += four[i, c + 2]
                    s3 += four[i, c + 3]
            sums[r, c] = s0
            sums[r, c + 1] = s1
            sums[r, c + 2] = s2
            sums[r, c + 3] = s3
    return counts, sums
