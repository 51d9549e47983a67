"""What the clustering loops need around the count kernels of :mod:`induceval.corpus._counts`
(re-exported here): ranks by frequency, compressed rows, chunked compiled calls, rare words."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from induceval.corpus._counts import (
    BLOCK_TOKENS,
    _blocks,  # noqa: F401 - the models import it from here
    bigram_counts,
    code_counts,
    gather,
)
from induceval.errors import ParameterError, check_range
from induceval.signature import Signature

if TYPE_CHECKING:
    from induceval.models.categories.result import TagInduction

__all__ = ["bigram_counts", "code_counts", "type_counts", "gather",
           "run_chunked", "BLOCK_TOKENS", "CHUNK_SECONDS"]

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
    i, size = start, first
    while i < stop:
        j = min(stop, i + size)
        t0 = time.perf_counter()
        step(i, j)
        if bar is not None:   # a progress.step_bar (silent outside the CLI)
            bar.update(j - i)
        per_item = (time.perf_counter() - t0) / (j - i)
        i = j
        size = max(1, min(2 * size, int(CHUNK_SECONDS / max(per_item, 1e-9))))


def rank_of_counts(counts: np.ndarray) -> np.ndarray:
    """Rank of each type by decreasing count (ties: first id first)."""
    order = np.argsort(-counts, kind="stable")
    rank = np.empty(len(counts), dtype=np.int64)
    rank[order] = np.arange(len(counts))
    return rank


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
    types = ([str(int(u)) for u in used] if col.vocab is None
             else [col.vocab.items[int(u)] for u in used])
    return values, corpus.offsets.astype(np.int64), types, per_code[used], dense


#: the symbol rare words are mapped to by :func:`map_rare` (ClusterCat's ``<unk>``)
RARE_SYMBOL = "<unk>"


def map_rare(corpus, min_count: int, *, column: str = "form", symbol: str = RARE_SYMBOL):
    """``corpus`` with the words seen fewer than ``min_count`` times replaced by ``symbol``.

    As ``--min-count`` in ClusterCat: the rare words become one type that is
    clustered like any other.  (wcluster's ``--min-occur`` instead leaves
    them out: that is :func:`~induceval.models.categories.brown.brown_clusters`'s
    own ``min_count``.)  If ``symbol`` is itself a word of the corpus, the
    rare words join it.  One pass over the column (a table from codes to
    codes); the other columns are shared.  Returns the new corpus, the rare
    types (in code order) and their number of tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": "a b a c a b".split()})
    >>> c, rare, n = map_rare(b.build(), 2)
    >>> c.label_strings("form").tolist(), rare, n
    (['a', 'b', 'a', '<unk>', 'a', 'b'], ['c'], 1)
    """
    from induceval.corpus.model import Column, Vocabulary

    check_range("min_count", min_count, 1)
    col = corpus.column(column)
    if col.vocab is None:
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


def with_rare(result: TagInduction, min_count: int, rare: list[str], n_rare: int
              ) -> TagInduction:
    """Record ``min_count`` in the signature and list the rare words with ``<unk>``'s cluster.

    The other half of :func:`map_rare`: the model ran on the corpus with the
    rare words replaced; its result then names them too.
    """
    sig = Signature.parse(result.signature)
    fields = list(sig.fields.items())
    at = next((i for i, (key, _) in enumerate(fields) if key == "seed"), len(fields))
    sig.fields = dict([*fields[:at], ("min_count_unk", f"{min_count}"), *fields[at:]])
    clusters = dict(result.type_clusters)
    cluster = clusters.get(RARE_SYMBOL)
    paths = dict(result.paths) if result.paths else result.paths
    unclustered = set(result.unclustered)
    for word in rare:
        clusters[word] = cluster
        if cluster is None:
            unclustered.add(word)
        if paths and RARE_SYMBOL in paths:
            paths[word] = paths[RARE_SYMBOL]
    log = {**(result.log or {}), "rare_types": len(rare), "rare_tokens": n_rare}
    return replace(result, signature=sig.format(), type_clusters=clusters, paths=paths,
                   unclustered=unclustered, log=log)
