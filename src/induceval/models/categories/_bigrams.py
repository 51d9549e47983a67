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

__all__ = ["bigram_counts", "frequency_rank", "code_counts", "type_counts", "gather",
           "BLOCK_TOKENS"]

#: tokens per block of the counting passes (a whole sentence is never split)
BLOCK_TOKENS = 1 << 22


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


def code_counts(values: np.ndarray, n_codes: int, *, block: int = BLOCK_TOKENS) -> np.ndarray:
    """Occurrences of each code ``0..n_codes-1`` (``-1`` = missing, not counted), blockwise."""
    out = np.zeros(n_codes + 1, dtype=np.int64)
    for lo in range(0, len(values), block):
        part = values[lo:lo + block].astype(np.int64) + 1
        out += np.bincount(part, minlength=n_codes + 1)[: n_codes + 1]
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


def _block_keys(ids: np.ndarray, offsets: np.ndarray, size: int,
                boundary: int | None) -> np.ndarray:
    """Bigram keys ``a * size + b`` of one block of whole sentences."""
    if boundary is None:
        a = ids[:-1]
        b = ids[1:]
        same = np.ones(len(a), dtype=bool)
        if len(offsets) > 2:
            ends = offsets[1:-1] - 1
            ends = ends[(ends >= 0) & (ends < len(a))]
            same[ends] = False
        keep = same & (a >= 0) & (b >= 0)
    else:
        stream = np.insert(ids, offsets[:-1], boundary)
        # the next block (or the end of the text) starts with a boundary
        stream = np.append(stream, boundary) if len(offsets) > 1 else stream
        a = stream[:-1]
        b = stream[1:]
        keep = (a >= 0) & (b >= 0)
    return a[keep] * size + b[keep]


def _merge(keys: np.ndarray, cnts: np.ndarray, new: np.ndarray, new_cnt: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    if len(keys) == 0:
        return new, new_cnt
    allk = np.concatenate([keys, new])
    uniq, inv = np.unique(allk, return_inverse=True)
    return uniq, np.bincount(inv, weights=np.concatenate([cnts, new_cnt]),
                             minlength=len(uniq)).astype(np.int64)


def bigram_counts(ids: np.ndarray, offsets: np.ndarray, n_types: int, *,
                  boundary: int | None = None, table: np.ndarray | None = None,
                  block: int = BLOCK_TOKENS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct bigrams ``(a, b, count)`` of adjacent tokens within sentences.

    With ``boundary`` (an id), each sentence is wrapped in that boundary symbol
    (``<s> w1 ... wn <s>``; one boundary between consecutive sentences is
    shared), so every token has one predecessor and one successor.
    Missing tokens (``-1``) break the chain.  With ``table``, token ``i`` has
    id ``table[ids[i] + 1]`` (``table[0]`` is the id of a missing token,
    normally ``-1``): the relabelling is done block by block, never on the
    whole column.  Blocks of about ``block`` tokens (whole sentences) are
    counted one at a time and their tables merged, so no temporary is
    proportional to the corpus; the result is sorted by ``(a, b)``.
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    size = n_types + (1 if boundary is not None else 0)
    keys = np.zeros(0, dtype=np.int64)
    cnts = np.zeros(0, dtype=np.int64)
    for s0, s1 in _blocks(offsets, block):
        lo, hi = int(offsets[s0]), int(offsets[s1])
        part = ids[lo:hi]
        if table is not None:
            part = table[part.astype(np.int64) + 1]
        part = part.astype(np.int64)
        k = _block_keys(part, offsets[s0:s1 + 1] - lo, size, boundary)
        u, c = np.unique(k, return_counts=True)
        keys, cnts = _merge(keys, cnts, u, c.astype(np.int64))
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
