"""The result of a category-induction model: :class:`TagInduction`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.corpus.writers import UNCLUSTERED as WRITTEN_UNCLUSTERED

__all__ = ["TagInduction", "UNCLUSTERED", "prepare_forms"]

#: The label written for an unclustered token (code ``-1`` in :attr:`TagInduction.tags`),
#: that of the tag writers
UNCLUSTERED = WRITTEN_UNCLUSTERED


@dataclass
class TagInduction:
    """What a category-induction model returns.

    Attributes
    ----------
    tags
        ``int32`` cluster per token of the corpus, ``-1`` = unclustered.
    type_clusters
        Word form -> its cluster (the cluster most of its tokens got), or ``None``
        when the model left the type unclustered.
    unclustered
        The word forms left unclustered.
    n_clusters
        The number of clusters the model produced (may be below the K asked
        for when the data cannot support K, e.g. too few frequent frames, or
        when states of a sampler ended empty: BHMM ids then keep gaps, see
        :attr:`n_labels`).
    model, signature
        The registry name of the model; every option that changes the output.
    paths
        Brown clustering: word form -> bit-string path in the merge tree.
    memberships
        Models whose types can belong to several clusters (frequent frames):
        word form -> the sorted cluster ids it belongs to.
    log
        Training trace (likelihood per iteration, hyperparameters, timings ...).
    """

    tags: np.ndarray
    type_clusters: dict[str, int | None]
    unclustered: set[str]
    n_clusters: int
    model: str = ""
    signature: str = ""
    paths: dict[str, str] | None = None
    memberships: dict[str, tuple[int, ...]] | None = None
    log: dict = field(default_factory=dict)

    @property
    def n_tokens(self) -> int:
        """Number of tokens tagged (the length of :attr:`tags`, unclustered included).

        Example
        -------
        >>> TagInduction(np.array([0, 1, -1], dtype=np.int32), {}, set(), 2).n_tokens
        3
        """
        return int(len(self.tags))

    @property
    def n_labels(self) -> int:
        """The number of cluster ids: one more than the largest id, at least
        :attr:`n_clusters` (more when ids have gaps, e.g. BHMM states that
        ended empty; a writer indexes labels by id, never by the count).

        Example
        -------
        >>> TagInduction(np.array([0, 3, -1], dtype=np.int32), {}, set(), 2).n_labels
        4
        """
        return max(int(self.n_clusters), int(self.tags.max(initial=-1)) + 1)

    def labels(self) -> list[str]:
        """The token tags as strings (``"UNCLUSTERED"`` for ``-1``)."""
        return [UNCLUSTERED if t < 0 else str(int(t)) for t in self.tags.tolist()]

    def to_column(self) -> Column:
        """The tagging as a categorical corpus column (cluster ids as strings)."""
        n = int(self.tags.max()) + 1 if len(self.tags) and self.tags.max() >= 0 else 0
        vocab = Vocabulary([str(i) for i in range(n)])
        return Column(np.asarray(self.tags, dtype=np.int32).copy(), vocab)

    def attach(self, corpus: Corpus, column: str = "pred") -> Corpus:
        """``corpus`` with the tagging added as token column ``column``."""
        return corpus.with_tokens(**{column: self.to_column()})

    def cluster_sizes(self, by: str = "types") -> np.ndarray:
        """Cluster sizes in ``"types"`` or ``"tokens"``, largest first."""
        if by == "tokens":
            t = self.tags[self.tags >= 0]
            sizes = np.bincount(t, minlength=self.n_clusters)
        else:
            if self.memberships is not None:
                cnt: Counter = Counter(c for cs in self.memberships.values() for c in cs)
            else:
                cnt = Counter(c for c in self.type_clusters.values() if c is not None)
            sizes = np.array([cnt.get(i, 0) for i in range(self.n_clusters)], dtype=np.int64)
        return np.sort(sizes)[::-1]


def prepare_forms(corpus: Corpus, column: str = "form") -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Dense word ids of ``column`` (only the types used), offsets, and the type strings.

    Returns ``(ids, offsets, types)`` where ``ids`` are ``int64`` in ``0..len(types)-1``.
    Missing values (``-1``) are kept as ``-1``.

    Parameters
    ----------
    corpus
        The corpus.
    column
        The column holding the words.

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray, list of str)
        ``(ids, offsets, types)``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["a", "b", "a"]}); b.add_sentence({"form": ["c"]})
    >>> ids, offsets, types = prepare_forms(b.build())
    >>> ids.tolist(), offsets.tolist(), types
    ([0, 1, 0, 2], [0, 3, 4], ['a', 'b', 'c'])
    """
    col = corpus.column(column)
    vals = col.values.astype(np.int64)
    used = np.unique(vals[vals >= 0])
    remap = np.full((int(used.max()) + 2) if len(used) else 1, -1, dtype=np.int64)
    remap[used] = np.arange(len(used))
    ids = np.where(vals >= 0, remap[vals], -1)
    types = ([str(int(u)) for u in used] if col.vocab is None
             else [col.vocab.items[int(u)] for u in used])
    return ids, corpus.offsets.astype(np.int64), types


@njit(cache=True)
def _type_tag_counts(values, dense, tags, cnt):  # pragma: no cover - compiled
    for i in range(len(values)):
        w = dense[values[i] + 1]
        t = tags[i]
        if w >= 0 and t >= 0:
            cnt[w, t] += 1


def type_clusters_from_codes(values: np.ndarray, dense: np.ndarray, tags: np.ndarray,
                             types: list[str]) -> tuple[dict[str, int | None], set[str]]:
    """:func:`type_clusters_from_tags` from a column's codes, without token-sized temporaries.

    ``dense[code + 1]`` is the type id of a code (``-1``: missing), as
    :func:`~induceval.models.categories._bigrams.type_counts` returns it.

    Example
    -------
    >>> values = np.array([1, 0, 1, -1], dtype=np.int32)
    >>> dense = np.array([-1, 0, 1])
    >>> type_clusters_from_codes(values, dense, np.array([2, 0, 2, 1], np.int32), ["a", "b"])
    ({'a': 0, 'b': 2}, set())
    """
    n = len(types)
    top = int(tags.max(initial=-1))
    cnt = np.zeros((n, max(top + 1, 1)), dtype=np.int64)
    if top >= 0:
        _type_tag_counts(values, np.asarray(dense, np.int64), tags, cnt)
    best = cnt.argmax(axis=1) if n else np.zeros(0, np.int64)
    has = cnt.sum(axis=1) > 0
    return _majority_clusters(types, best, has)


def _majority_clusters(types: list[str], best: np.ndarray, has: np.ndarray
                       ) -> tuple[dict[str, int | None], set[str]]:
    """Type -> its majority cluster (``None`` where it has no clustered token); unclustered set."""
    out: dict[str, int | None] = {t: int(best[i]) if has[i] else None
                                  for i, t in enumerate(types)}
    return out, {t for t, c in out.items() if c is None}


def type_clusters_from_tags(ids: np.ndarray, tags: np.ndarray, types: list[str]
                            ) -> tuple[dict[str, int | None], set[str]]:
    """Each type's majority cluster over its tokens (ties: lowest id); unclustered set."""
    n = len(types)
    ok = (ids >= 0) & (tags >= 0)
    if ok.any():
        k = int(tags[ok].max()) + 1
        pair = ids[ok] * k + tags[ok]
        cnt = np.bincount(pair, minlength=n * k).reshape(n, k)
        best = cnt.argmax(axis=1)
        has = cnt.sum(axis=1) > 0
    else:
        best = np.zeros(n, dtype=np.int64)
        has = np.zeros(n, dtype=bool)
    return _majority_clusters(types, best, has)
