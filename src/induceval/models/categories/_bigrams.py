"""Count tables shared by Brown and exchange clustering.

The models need only type counts and the distinct bigrams with their counts,
so these are built in one pass over the token column, a block of sentences at
a time: memory is ``O(types + distinct bigrams + block)``, not ``O(tokens)``.

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

__all__ = ["bigram_counts", "frequency_rank", "code_counts", "type_counts", "gather",
           "run_chunked", "BLOCK_TOKENS", "CHUNK_SECONDS"]

#: tokens per block of the counting passes (a whole sentence is never split)
BLOCK_TOKENS = 1 << 22

#: target time of one compiled call of the clustering loops (Ctrl-C is seen between calls)
CHUNK_SECONDS = 0.1


def run_chunked(step, start: int, stop: int, *, first: int = 16, bar=None) -> None:
    """Call ``step(i, j)`` on consecutive ranges covering ``start..stop``, from Python.

    A compiled loop cannot see Ctrl-C; between calls Python can, so the work
    is cut into ranges of about :data:`CHUNK_SECONDS` each (the size adapts
    to the measured time per item, and at most doubles from one range to the
    next, in case later items cost more).  ``step`` must give the result of
    one uninterrupted run whatever the ranges: the state lives in its arrays.

    Example
    -------
    >>> seen = []
    >>> run_chunked(lambda i, j: seen.extend(range(i, j)), 3, 40)
    >>> seen == list(range(3, 40))
    True
    """
    import time

    i, size = start, first
    while i < stop:
        j = min(stop, i + size)
        t0 = time.perf_counter()
        step(i, j)
        if bar is not None:   # a report.progress.step_bar (silent outside the CLI)
            bar.update(j - i)
        per_item = (time.perf_counter() - t0) / (j - i)
        i = j
        size = max(1, min(2 * size, int(CHUNK_SECONDS / max(per_item, 1e-9))))


def _blocks(offsets: np.ndarray, block: int):
    """Sentence ranges ``(s0, s1)`` of about ``block`` tokens each."""
    n_sent = len(offsets) - 1
    s0 = 0
    while s0 < n_sent:
        target = offsets[s0] + block
        s1 = int(np.searchsorted(offsets, target, side="right")) - 1
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


def frequency_rank(ids: np.ndarray, n_types: int) -> tuple[np.ndarray, np.ndarray]:
    """Counts of each type and its rank by decreasing frequency (ties: first id first)."""
    counts = code_counts(ids, n_types)
    return counts, rank_of_counts(counts)


def rank_of_counts(counts: np.ndarray) -> np.ndarray:
    """Rank of each type by decreasing count (ties: first id first)."""
    order = np.argsort(-counts, kind="stable")
    rank = np.empty(len(counts), dtype=np.int64)
    rank[order] = np.arange(len(counts))
    return rank


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
    i = 0
    j = 0
    m = 0
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
    keys = np.zeros(0, dtype=np.int64)
    cnts = np.zeros(0, dtype=np.int64)
    for s0, s1 in _blocks(offsets, min(block, KEY_BLOCK_TOKENS)):
        k = _block_keys(ids, offsets, s0, s1, tab, use_table, bnd, size)
        k.sort()
        keys, cnts = _merge_runs(k, keys, cnts)
        del k
    return keys // size, keys % size, cnts


def csr(rows: np.ndarray, cols: np.ndarray, vals: np.ndarray, n: int
        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Compressed rows of a sparse matrix given as triples."""
    order = np.lexsort((cols, rows))
    rows = rows[order]
    ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=n), out=ptr[1:])
    return ptr, cols[order].astype(np.int64), vals[order].astype(np.float64)


def type_counts(corpus, column: str = "form"
                ) -> tuple[np.ndarray, np.ndarray, list[str], np.ndarray, np.ndarray]:
    """Counts of the types of a token column, without a full-size temporary.

    Returns ``(values, offsets, types, counts, dense)``: the column's codes as
    stored, the sentence offsets, the used types (in code order, numbered
    ``0..len(types)-1`` exactly as
    :func:`~induceval.models.categories.result.prepare_forms` numbers them),
    their counts, and ``dense`` with ``dense[code + 1]`` the type id of a code
    (``-1`` for a missing token or an unused code).
    """
    col = corpus.column(column)
    values = col.values
    n_codes = int(values.max(initial=-1)) + 1
    per_code = code_counts(values, n_codes)
    used = np.flatnonzero(per_code)
    dense = np.full(n_codes + 1, -1, dtype=np.int64)
    dense[used + 1] = np.arange(len(used))
    if col.vocab is None:
        types = [str(int(u)) for u in used]
    else:
        items = col.vocab.items
        types = [items[int(u)] for u in used]
    return values, corpus.offsets.astype(np.int64), types, per_code[used], dense


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


#: the symbol rare words are mapped to by :func:`map_rare` (ClusterCat's ``<unk>``)
RARE_SYMBOL = "<unk>"


def map_rare(corpus, min_count: int, *, column: str = "form", symbol: str = RARE_SYMBOL):
    """``corpus`` with the words seen fewer than ``min_count`` times replaced by ``symbol``.

    As ``--min-count`` in ClusterCat: the rare words become one type that is
    clustered like any other.  (wcluster's ``--min-occur`` instead leaves
    them out: that is :func:`~induceval.models.categories.brown.brown_clusters`'s
    own ``min_count``.)  If ``symbol`` is itself a word of the corpus, the
    rare words join it.  One pass over the column (a table from codes to
    codes); the other columns are shared.

    Returns
    -------
    (Corpus, list[str], int)
        The new corpus, the rare types (in code order) and their number of tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": "a b a c a b".split()})
    >>> c, rare, n = map_rare(b.build(), 2)
    >>> c.label_strings("form").tolist(), rare, n
    (['a', 'b', 'a', '<unk>', 'a', 'b'], ['c'], 1)
    """
    from induceval.corpus.model import Column, Vocabulary
    from induceval.errors import check_range

    check_range("min_count", min_count, 1)
    col = corpus.column(column)
    if col.vocab is None:
        from induceval.errors import ParameterError

        raise ParameterError(f"min_count needs a categorical column; {column!r} is numeric")
    values = col.values
    items = list(col.vocab.items)
    n_codes = len(items)
    per_code = code_counts(values, n_codes)
    rare = np.flatnonzero((per_code > 0) & (per_code < min_count))
    if len(rare) == 0:
        return corpus, [], 0
    try:
        sym = items.index(symbol)
    except ValueError:
        sym = n_codes
        items = items + [symbol]
    table = np.arange(-1, n_codes, dtype=np.int64)
    table[rare + 1] = sym
    new = Column(gather(table, values), Vocabulary(items))
    return (corpus.with_tokens(**{column: new}), [col.vocab.items[int(r)] for r in rare],
            int(per_code[rare].sum()))
