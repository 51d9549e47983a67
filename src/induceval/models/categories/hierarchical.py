"""Hierarchical clustering of context vectors (Redington, Chater & Finch 1998), as run in 000.

References
----------
Redington, Chater & Finch (1998). Distributional information: a powerful cue
for acquiring syntactic categories. *Cognitive Science* 22, 425-469.
Frank, Goldwater & Keller (2009), paper 000, §"Hierarchical Clustering".
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories._bigrams import frequency_rank
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["induce_hierarchical", "context_vectors"]


def context_vectors(ids: np.ndarray, offsets: np.ndarray, targets: np.ndarray,
                    contexts: np.ndarray, n_types: int,
                    positions: tuple[int, ...] = (-2, -1, 1, 2)) -> np.ndarray:
    """Counts of context words at each relative position, concatenated per target.

    Returns a ``(len(targets), len(positions) * len(contexts))`` float array.
    Contexts are taken within sentences.
    """
    t_index = np.full(n_types, -1, dtype=np.int64)
    t_index[targets] = np.arange(len(targets))
    c_index = np.full(n_types, -1, dtype=np.int64)
    c_index[contexts] = np.arange(len(contexts))
    n, m = len(targets), len(contexts)
    out = np.zeros((n, len(positions) * m), dtype=np.float64)
    sent = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    N = len(ids)
    safe = np.maximum(ids, 0)
    ti = np.where(ids >= 0, t_index[safe], -1)
    for p_i, d in enumerate(positions):
        i = np.arange(max(0, -d), min(N, N - d))
        j = i + d
        ok = (sent[i] == sent[j]) & (ti[i] >= 0) & (ids[j] >= 0)
        i, j = i[ok], j[ok]
        ci = c_index[ids[j]]
        ok = ci >= 0
        key = ti[i[ok]] * (len(positions) * m) + p_i * m + ci[ok]
        out += np.bincount(key, minlength=n * len(positions) * m).reshape(out.shape)
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
        Training text.
    k
        Number of clusters.
    seed
        Accepted for a uniform interface; the method is deterministic.
    n_targets, n_contexts
        ``n = 1000`` and ``m = 150`` in Redington et al. and 000.
    positions
        Relative context positions (000: -2, -1, +1, +2).
    linkage
        ``"average"`` (Redington et al.), or another scipy linkage method.
    column
        Token column holding the words.

    Returns
    -------
    TagInduction

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

    ids, offsets, types = prepare_forms(corpus, column)
    V = len(types)
    counts, rank = frequency_rank(ids, V)
    order = np.argsort(rank)
    targets = order[: min(n_targets, V)]
    contexts = order[: min(n_contexts, V)]
    n = len(targets)
    kk = min(k, n)
    if n == 1:
        labels = np.zeros(1, dtype=np.int64)
    else:
        vec = context_vectors(ids, offsets, targets, contexts, V, positions)
        dist = _spearman_distance(vec)
        Z = scipy_linkage(squareform(dist, checks=False), method=linkage)
        labels = cut_tree(Z, n_clusters=kk).ravel()
    # renumber clusters by their most frequent member
    _, first = np.unique(labels, return_index=True)
    renum = {int(labels[f]): i for i, f in enumerate(sorted(first))}
    type_cluster = np.full(V + 1, -1, dtype=np.int64)
    type_cluster[targets] = [renum[int(x)] for x in labels]
    tags = np.where(ids >= 0, type_cluster[np.where(ids >= 0, ids, V)], -1).astype(np.int32)
    type_clusters: dict[str, int | None] = {}
    for w in range(V):
        c = int(type_cluster[w])
        type_clusters[types[w]] = c if c >= 0 else None
    unclustered = {t for t, c in type_clusters.items() if c is None}
    sig = make_signature("hc", {"k": k, "n": n_targets, "m": n_contexts,
                                "positions": list(positions), "linkage": linkage,
                                "column": column})
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=len(renum), model="hc", signature=sig,
                        log={"n_targets": n, "n_contexts": len(contexts)})
