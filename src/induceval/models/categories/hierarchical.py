"""Hierarchical clustering of context vectors (Redington, Chater & Finch 1998).

As run in Frank et al. 2009.

References
----------
Redington, Chater & Finch (1998). Distributional information: a powerful cue
for acquiring syntactic categories. *Cognitive Science* 22, 425-469.
Frank, Goldwater & Keller (2009), §"Hierarchical Clustering".
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories._bigrams import (
    BLOCK_TOKENS,
    _blocks,
    gather,
    rank_of_counts,
    type_counts,
)
from induceval.models.categories.result import TagInduction
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["induce_hierarchical", "context_vectors"]


@njit(cache=True)
def _count_contexts(values, offsets, s0, s1, t_of, c_of, positions, m, out):  # pragma: no cover
    """Add the context counts of sentences ``s0..s1-1`` into ``out`` (compiled, in place).

    ``t_of[v + 1]`` / ``c_of[v + 1]``: the target / context index of code ``v``, or -1.
    """
    n_pos = len(positions)
    for s in range(s0, s1):
        lo = offsets[s]
        hi = offsets[s + 1]
        for i in range(lo, hi):
            t = t_of[values[i] + 1]
            if t < 0:
                continue
            for p in range(n_pos):
                j = i + positions[p]
                if j < lo or j >= hi:
                    continue
                c = c_of[values[j] + 1]
                if c >= 0:
                    out[t, p * m + c] += 1.0


def _context_table(values, offsets, t_of, c_of, n, m, positions) -> np.ndarray:
    out = np.zeros((n, len(positions) * m), dtype=np.float64)
    pos = np.asarray(positions, dtype=np.int64)
    offsets = np.asarray(offsets, dtype=np.int64)
    for s0, s1 in _blocks(offsets, BLOCK_TOKENS):  # an interrupt is seen between blocks
        _count_contexts(values, offsets, s0, s1, t_of, c_of, pos, m, out)
    return out


def context_vectors(ids: np.ndarray, offsets: np.ndarray, targets: np.ndarray,
                    contexts: np.ndarray, n_types: int,
                    positions: tuple[int, ...] = (-2, -1, 1, 2)) -> np.ndarray:
    """Counts of context words at each relative position, concatenated per target.

    Returns a ``(len(targets), len(positions) * len(contexts))`` float array.
    Contexts are taken within sentences; ids below 0 are missing tokens.  One
    compiled pass over the tokens adds into that array: no temporary the size
    of the corpus.

    Parameters
    ----------
    ids
        Word id of every token (``< 0``: missing).
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    targets
        The target word ids.
    contexts
        The context word ids.
    n_types
        The number of word types.
    positions
        The relative positions counted.

    Returns
    -------
    numpy.ndarray
        The ``(len(targets), len(positions) * len(contexts))`` counts.

    Example
    -------
    >>> ids = np.array([0, 1, 2, 0, 1])
    >>> context_vectors(ids, np.array([0, 3, 5]), np.array([0]), np.array([1, 2]), 3,
    ...                 positions=(1, 2)).tolist()
    [[2.0, 0.0, 0.0, 1.0]]
    """
    return _context_table(ids, offsets, _index_of(targets, n_types), _index_of(contexts, n_types),
                          len(targets), len(contexts), positions)


def _index_of(members, n_types: int) -> np.ndarray:
    """``out[w + 1]``: the index of type ``w`` in ``members``, or -1 (``out[0]``: missing)."""
    out = np.full(n_types + 1, -1, dtype=np.int64)
    out[np.asarray(members) + 1] = np.arange(len(members))
    return out


def _spearman_distance(vectors: np.ndarray) -> np.ndarray:
    """``1 - rho`` for every pair of rows (Spearman rank correlation, average ranks)."""
    from scipy.stats import rankdata

    ranks = rankdata(vectors, axis=1)
    ranks -= ranks.mean(axis=1, keepdims=True)
    norm = np.sqrt((ranks * ranks).sum(axis=1))
    norm[norm == 0] = np.inf  # constant vectors correlate 0 with everything
    z = ranks / norm[:, None]
    rho = np.clip(z @ z.T, -1.0, 1.0)
    dist = 1.0 - rho
    np.fill_diagonal(dist, 0.0)
    return dist


def induce_hierarchical(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED,
                        n_targets: int = 1000, n_contexts: int = 150,
                        positions: tuple[int, ...] = (-2, -1, 1, 2),
                        linkage: str = "average", column: str = "form") -> TagInduction:
    """Redington et al.'s hierarchical clustering of the ``n_targets`` most frequent types.

    For each target type a context vector counts the ``n_contexts`` most
    frequent types at each relative position (within the sentence), the
    position vectors concatenated.  Similarity is the Spearman rank
    correlation (distance ``1 - rho``); the tree is built by ``linkage``
    (scipy) and cut to exactly ``k`` clusters.  Every token of a target takes
    its type's cluster; all other types are unclustered.  Frequency ties are
    broken by first occurrence.

    Parameters
    ----------
    corpus
        The corpus clustered.
    k
        The number of clusters.
    seed
        Accepted for a uniform interface; the method is deterministic.
    n_targets, n_contexts
        ``n = 1000`` and ``m = 150`` in Redington et al. and Frank et al. 2009.
    positions
        Relative context positions (Frank et al. 2009: -2, -1, +1, +2).
    linkage
        ``"average"`` (Redington et al.), or another scipy linkage method.
    column
        The column holding the words.

    Returns
    -------
    TagInduction
        The tag of every token (``-1`` outside the targets) and the type clusters.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ["the dog ran away", "the cat ran away", "a dog sat down", "a cat sat down"] * 3:
    ...     b.add_sentence({"form": s.split()})
    >>> r = induce_hierarchical(b.build(), 4, n_targets=8, n_contexts=8)
    >>> r.type_clusters["dog"] == r.type_clusters["cat"], r.n_clusters
    (True, 4)
    """
    check_range("k", k, 1)
    check_range("n_targets", n_targets, 1)
    check_range("n_contexts", n_contexts, 1)
    check_choice("linkage", linkage, ("average", "single", "complete", "weighted"))
    from scipy.cluster.hierarchy import cut_tree
    from scipy.cluster.hierarchy import linkage as scipy_linkage
    from scipy.spatial.distance import squareform

    # type counts and the context table from the column as stored (no token-sized copy)
    values, offsets, types, counts, dense = type_counts(corpus, column)
    V = len(types)
    order = np.argsort(rank_of_counts(counts))
    targets = order[: min(n_targets, V)]
    contexts = order[: min(n_contexts, V)]
    n = len(targets)
    kk = min(k, n)
    if n == 1:
        labels = np.zeros(1, dtype=np.int64)
    else:
        vec = _context_table(values, offsets, _index_of(targets, V)[dense + 1],
                             _index_of(contexts, V)[dense + 1], n, len(contexts), positions)
        dist = _spearman_distance(vec)
        Z = scipy_linkage(squareform(dist, checks=False), method=linkage)
        labels = cut_tree(Z, n_clusters=kk).ravel()
    # renumber clusters by their most frequent member
    _, first = np.unique(labels, return_index=True)
    renum = {int(labels[f]): i for i, f in enumerate(sorted(first))}
    type_cluster = np.full(V + 1, -1, dtype=np.int64)
    type_cluster[targets] = [renum[int(x)] for x in labels]
    # type_cluster[V] = -1: missing tokens and unused codes (dense -1) stay unclustered
    tags = gather(type_cluster[dense], values)
    type_clusters: dict[str, int | None] = {
        types[w]: (int(type_cluster[w]) if type_cluster[w] >= 0 else None) for w in range(V)}
    unclustered = {t for t, c in type_clusters.items() if c is None}
    sig = make_signature("hc", {"k": k, "n": n_targets, "m": n_contexts,
                                "positions": list(positions), "linkage": linkage, "column": column})
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=len(renum), model="hc", signature=sig,
                        log={"n_targets": n, "n_contexts": len(contexts)})
