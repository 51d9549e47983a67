"""Brown clustering: exact agglomerative merges over a window of active clusters.

References
----------
Brown, deSouza, Mercer, Della Pietra & Lai (1992). Class-based n-gram models of
natural language. *Computational Linguistics* 18(4).
Liang (2005). Semi-supervised learning for natural language. MEng thesis, MIT
(the ``wcluster`` program; algorithm of §2.4).
Gelling et al. (2012): the ``B`` baseline columns of Tables 2 and 7.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.errors import check_range
from induceval.models.categories._bigrams import (
    bigram_counts,
    csr,
    gather,
    rank_of_counts,
    type_counts,
)
from induceval.models.categories.result import TagInduction
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["brown_clusters", "brown_from_counts", "induce_brown", "BrownClusters", "BrownPaths"]


class BrownClusters(dict):
    """Word form -> flat cluster id, with ``.paths`` (form -> bit string)."""

    paths: dict[str, str]
    n_clusters: int


@njit(cache=True)
def _tree(merges, V):  # pragma: no cover - compiled
    """``(parent, bit, depth)`` of every node of the merge tree (root: parent -1)."""
    n_nodes = V + len(merges)
    lowest = np.arange(n_nodes)
    for i in range(len(merges)):
        left, right, node = merges[i, 0], merges[i, 1], merges[i, 2]
        lowest[node] = min(lowest[left], lowest[right])
    parent = np.full(n_nodes, -1, np.int64)
    bit = np.zeros(n_nodes, np.uint8)
    depth = np.zeros(n_nodes, np.int64)
    for i in range(len(merges) - 1, -1, -1):
        left, right, node = merges[i, 0], merges[i, 1], merges[i, 2]
        if lowest[right] < lowest[left]:
            left, right = right, left
        parent[left] = node
        parent[right] = node
        bit[right] = 1
        depth[left] = depth[node] + 1
        depth[right] = depth[node] + 1
    return parent, bit, depth


@njit(cache=True)
def _path_bytes(leaf, parent, bit, depth):  # pragma: no cover - compiled
    out = np.empty(depth[leaf], np.uint8)
    x = leaf
    for i in range(depth[leaf] - 1, -1, -1):
        out[i] = 48 + bit[x]
        x = parent[x]
    return out


class BrownPaths(Mapping):
    """Word form -> bit-string path, each made on demand from the ``O(types)`` merge tree
    (all the strings of a large vocabulary would not fit: ``docs/scale.md``).

    With ``cluster_nodes`` (the tree node of each word's flat cluster, by rank) and
    ``counts`` (by rank), :meth:`cluster_path` gives the path of a word's cluster in the tree
    over the flat clusters, and :meth:`wcluster_rows` the rows of wcluster's ``paths`` file.

    Example
    -------
    >>> p = BrownPaths({"a": 0, "b": 1, "c": 2}, np.array([[1, 2, 3], [0, 3, 4]]), 3,
    ...                cluster_nodes=np.array([0, 3, 3]), counts=np.array([5, 2, 1]))
    >>> dict(p), p.cluster_path("c")
    ({'a': '0', 'b': '10', 'c': '11'}, '1')
    >>> list(p.wcluster_rows())
    [('0', 'a', 5), ('1', 'b', 2), ('1', 'c', 1)]
    """

    def __init__(self, rank_of: dict[str, int], merges: np.ndarray, V: int,
                 cluster_nodes: np.ndarray | None = None, counts: np.ndarray | None = None
                 ) -> None:
        self._rank = rank_of
        self._parent, self._bit, self._depth = _tree(
            np.asarray(merges, dtype=np.int64).reshape(-1, 3), V)
        self._nodes = None if cluster_nodes is None else np.asarray(cluster_nodes, np.int64)
        self._counts = None if counts is None else np.asarray(counts, np.int64)

    def _node_path(self, node: int) -> str:
        return _path_bytes(node, self._parent, self._bit, self._depth).tobytes().decode("ascii")

    def __getitem__(self, form: str) -> str:
        return self._node_path(self._rank[form])

    def cluster_path(self, form: str) -> str:
        """The bit string of ``form``'s flat cluster: its node's path from the root of the
        tree of merges over the flat clusters (as wcluster's ``paths`` file; a single
        cluster, the root itself, is ``0``)."""
        if self._nodes is None:
            raise ValueError("BrownPaths made without cluster_nodes: no cluster paths")
        return self._node_path(int(self._nodes[self._rank[form]])) or "0"

    def wcluster_rows(self) -> Iterator[tuple[str, str, int]]:
        """``(bit string, word, count)`` for every word, as wcluster's ``paths`` file: by
        cluster path, then by decreasing count (ties: rank)."""
        if self._nodes is None or self._counts is None:
            raise ValueError("BrownPaths made without cluster_nodes and counts: no rows")
        bits = {int(nd): self._node_path(int(nd)) or "0" for nd in np.unique(self._nodes)}
        rows = [(bits[int(self._nodes[r])], form, int(self._counts[r]), r)
                for form, r in self._rank.items()]
        rows.sort(key=lambda x: (x[0], -x[2], x[3]))
        return ((b, form, c) for b, form, c, _ in rows)

    def __contains__(self, form: object) -> bool:
        return form in self._rank

    def __iter__(self) -> Iterator[str]:
        return iter(self._rank)

    def __len__(self) -> int:
        return len(self._rank)

    def __repr__(self) -> str:
        return f"BrownPaths({len(self)} words)"


def _run(corpus: Corpus, k: int, column: str, min_count: int):
    # counts only: type counts and distinct bigrams, one blockwise pass each
    values, offsets, types, counts, dense = type_counts(corpus, column)
    word_of_rank, new_id, V = _ranked(counts, min_count)
    # code + 1 -> rank id (-1: missing, unused or rare)
    code_rank = np.where(dense >= 0, new_id[dense], -1)
    a, b, c = bigram_counts(values, offsets, V, table=code_rank)
    flat, merges, n_clusters, nodes = _cluster(V, k, counts[word_of_rank], a, b, c)
    return (values, types, word_of_rank, flat, merges, code_rank, n_clusters,
            (nodes, counts[word_of_rank]))


def _ranked(counts: np.ndarray, min_count: int):
    """Words by decreasing count (ties: first id first), those below ``min_count`` dropped:
    ``(word_of_rank, new_id, V)``, ``new_id[w]`` the rank of type ``w`` (``-1``: rare; at
    ``new_id[n]``: a missing token)."""
    n = len(counts)
    rank = rank_of_counts(counts)
    V = int((counts >= min_count).sum())
    word_of_rank = np.argsort(rank)[:V]
    new_id = np.full(n + 1, -1, dtype=np.int64)
    new_id[word_of_rank] = np.arange(V)
    return word_of_rank, new_id, V


def _cluster(V: int, k: int, counts: np.ndarray, a, b, c):
    """Merges and flat clusters of ``V`` words from their counts and distinct bigrams (rank
    ids), and the tree node of each word's flat cluster."""
    out_ptr, out_idx, out_cnt = csr(a, b, c, V)
    in_ptr, in_idx, in_cnt = csr(b, a, c, V)
    unigram = counts.astype(np.float64)
    from induceval.models.categories._brown_core import brown_core

    C = min(k, V)
    merges, flat_nodes = brown_core(V, C, unigram, out_ptr, out_idx, out_cnt.astype(np.int64),
                                    in_ptr, in_idx, in_cnt.astype(np.int64))
    # flat cluster ids in order of the most frequent word of each cluster
    _, first = np.unique(flat_nodes, return_index=True)
    node_order = flat_nodes[np.sort(first)]
    relabel = {int(nd): i for i, nd in enumerate(node_order.tolist())}
    flat = np.array([relabel[int(nd)] for nd in flat_nodes.tolist()], dtype=np.int64)
    return flat, merges, len(node_order), flat_nodes


def _result(tags, types, word_of_rank, flat, merges, n_clusters, k, min_count, column,
            nodes_counts) -> TagInduction:
    type_clusters: dict[str, int | None] = {t: None for t in types}
    rank_of: dict[str, int] = {}
    for r, w in enumerate(word_of_rank.tolist()):
        type_clusters[types[w]] = int(flat[r])
        rank_of[types[w]] = r
    path_map = BrownPaths(rank_of, merges, len(word_of_rank), *nodes_counts)
    unclustered = {t for t, c in type_clusters.items() if c is None}
    sig = make_signature("brown", {"k": k, "min_count": min_count, "column": column})
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=n_clusters, model="brown", signature=sig, paths=path_map)


def brown_from_counts(types: list[str], counts: np.ndarray, a: np.ndarray, b: np.ndarray,
                      c: np.ndarray, k: int, *, column: str = "form", min_count: int = 1
                      ) -> TagInduction:
    """:func:`induce_brown` from type counts and bigram counts instead of a corpus.

    As :func:`~induceval.models.categories.exchange.exchange_from_counts`, with
    the distinct bigrams ``a, b, c`` taken within sentences (no boundary) and
    ``counts`` > 0.

    Parameters
    ----------
    types
        The word types, in corpus code order.
    counts
        Their token counts.
    a, b, c
        The distinct within-sentence bigrams as type ids, and their counts.
    k
        The number of clusters.
    column
        The column named in the signature.
    min_count
        Types seen fewer times are unclustered.

    Returns
    -------
    TagInduction
        The type clusters and Brown paths, with empty ``tags``.

    Example
    -------
    >>> # the counts of "a b a b c": a b twice, b a once, b c once
    >>> r = brown_from_counts(["a", "b", "c"], np.array([2, 2, 1]), np.array([0, 1, 1]),
    ...                       np.array([1, 0, 2]), np.array([2, 1, 1]), 2)
    >>> r.type_clusters, r.tags.size
    ({'a': 0, 'b': 1, 'c': 0}, 0)
    """
    check_range("k", k, 1)
    check_range("min_count", min_count, 1)
    counts = np.asarray(counts, dtype=np.int64)
    word_of_rank, new_id, V = _ranked(counts, min_count)
    ra, rb = new_id[np.asarray(a, np.int64)], new_id[np.asarray(b, np.int64)]
    keep = (ra >= 0) & (rb >= 0)
    flat, merges, n_clusters, nodes = _cluster(V, k, counts[word_of_rank], ra[keep], rb[keep],
                                               np.asarray(c, np.int64)[keep])
    return _result(np.zeros(0, np.int32), list(types), word_of_rank, flat, merges, n_clusters,
                   k, min_count, column, (nodes, counts[word_of_rank]))


def brown_clusters(corpus: Corpus, k: int, *, column: str = "form",
                   min_count: int = 1) -> BrownClusters:
    """Brown clusters of the ``column`` words of a corpus: flat clusters and bit-string paths.

    ``k`` is ``C``, the number of active clusters in the window and of flat
    clusters; types seen fewer than ``min_count`` times are left out
    (``wcluster --min-occur``).  Returns a dict form -> cluster id (``0..k-1``,
    numbered by their most frequent word) with ``paths`` (form -> bit string
    of the full merge tree, root first) and ``n_clusters``.  Bigrams are
    taken within sentences (Brown et al. 1992; Liang 2005 ``wcluster``).

    Parameters
    ----------
    corpus
        The training corpus.
    k
        The number of clusters., the active clusters of the merge window.
    column
        The token column clustered.
    min_count
        Types seen fewer times are left out.

    Returns
    -------
    BrownClusters
        Form -> flat cluster id, with ``paths`` and ``n_clusters``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ["the dog runs", "a cat runs", "the cat sleeps", "a dog sleeps"]:
    ...     b.add_sentence({"form": s.split()})
    >>> cl = brown_clusters(b.build(), 3)
    >>> cl["dog"] == cl["cat"], cl["the"] == cl["a"], cl.n_clusters
    (True, True, 3)
    """
    check_range("k", k, 1)
    check_range("min_count", min_count, 1)
    _, types, word_of_rank, flat, merges, _, n_clusters, _ = _run(corpus, k, column, min_count)
    rank_of = {types[w]: r for r, w in enumerate(word_of_rank.tolist())}
    out = BrownClusters((form, int(flat[r])) for form, r in rank_of.items())
    out.paths = dict(BrownPaths(rank_of, merges, len(word_of_rank)))
    out.n_clusters = n_clusters
    return out


def induce_brown(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED, column: str = "form",
                 min_count: int = 1) -> TagInduction:
    """Brown clustering as a tagger: every token takes its type's flat cluster.

    Parameters as :func:`brown_clusters` (``seed``: for a uniform interface;
    the algorithm is deterministic).  ``paths`` is a :class:`BrownPaths`;
    types below ``min_count`` are unclustered.

    Parameters
    ----------
    corpus
        The training corpus.
    k
        The number of clusters.
    seed
        Unused (the algorithm is deterministic).
    column
        The token column clustered.
    min_count
        Types seen fewer times are unclustered.

    Returns
    -------
    TagInduction
        The tag of every token, the type clusters and their paths.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": "a b a b c".split()})
    >>> induce_brown(b.build(), 2).tags.tolist()
    [0, 1, 0, 1, 0]
    """
    check_range("k", k, 1)
    check_range("min_count", min_count, 1)
    values, types, word_of_rank, flat, merges, code_rank, n_clusters, nodes_counts = _run(
        corpus, k, column, min_count)
    # one vectorised pass: code -> cluster table, then a gather over the column
    code_tag = np.where(code_rank >= 0, flat[np.maximum(code_rank, 0)], -1).astype(np.int32)
    return _result(gather(code_tag, values), types, word_of_rank, flat, merges, n_clusters, k,
                   min_count, column, nodes_counts)
