"""The random baseline of Frank, Goldwater & Keller (2009).

"For each cluster in the gold standard, we created a cluster with the same
number of word types, selected at random from the full vocabulary" (000,
§"Model Implementation").  The result has the gold type-size distribution
and puts all tokens of a type in one cluster.

References
----------
Frank, Goldwater & Keller (2009), paper 000, Table 3 (Random rows).
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import check_range
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_random", "gold_type_sizes"]


def gold_type_sizes(ids: np.ndarray, gold: np.ndarray, n_types: int) -> np.ndarray:
    """Sizes in types of the gold categories, each type counted under its majority gold tag.

    Ties go to the lower gold code; types with no gold tag are counted in no
    category.
    """
    ok = (ids >= 0) & (gold >= 0)
    if not ok.any():
        return np.zeros(0, dtype=np.int64)
    G = int(gold[ok].max()) + 1
    cnt = np.bincount(ids[ok] * G + gold[ok], minlength=n_types * G).reshape(n_types, G)
    has = cnt.sum(axis=1) > 0
    major = cnt.argmax(axis=1)[has]
    sizes = np.bincount(major, minlength=G)
    return sizes[sizes > 0]


def induce_random(corpus: Corpus, k: int | None = None, *, seed: int = DEFAULT_SEED,
                  gold: str | None = None, column: str = "form") -> TagInduction:
    """Random type clustering with the gold standard's cluster sizes (in types).

    Parameters
    ----------
    corpus
        The text.
    k
        Used only without ``gold``: the word types are shuffled and dealt into
        ``k`` clusters of (nearly) equal size.  With ``gold`` the number of
        clusters is that of the gold inventory (000: the K=53 and K=80
        conditions share the 53-category baseline).
    seed
        Seed of the shuffle.
    gold
        Token column of gold tags whose type-size distribution is copied
        (each type counted under its majority tag).  Types shuffled at random
        are dealt into clusters of those sizes.
    column
        Token column holding the words.

    Returns
    -------
    TagInduction

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": "the dog saw a cat".split(), "upos": "D N V D N".split()})
    >>> r = induce_random(b.build(), gold="upos", seed=3)
    >>> sorted(r.cluster_sizes().tolist())
    [1, 2, 2]
    """
    ids, _, types = prepare_forms(corpus, column)
    V = len(types)
    if gold is not None:
        sizes = gold_type_sizes(ids, corpus.column(gold).values.astype(np.int64), V)
        sizes = np.sort(sizes)[::-1]
    else:
        if k is None:
            from induceval.errors import ParameterError

            raise ParameterError("the random baseline needs k or a gold column")
        check_range("k", k, 1)
        base, extra = divmod(V, k)
        sizes = np.array([base + (1 if i < extra else 0) for i in range(k)], dtype=np.int64)
        sizes = sizes[sizes > 0]
    perm = rng(seed, "models.random").permutation(V)
    type_cluster = np.full(V, -1, dtype=np.int64)
    start = 0
    for c, size in enumerate(sizes.tolist()):
        type_cluster[perm[start:start + size]] = c
        start += size
    tags = np.where(ids >= 0, type_cluster[np.maximum(ids, 0)], -1).astype(np.int32)
    type_clusters: dict[str, int | None] = {
        types[w]: (int(type_cluster[w]) if type_cluster[w] >= 0 else None) for w in range(V)}
    unclustered = {t for t, c in type_clusters.items() if c is None}
    sig = make_signature("random", {"k": k if gold is None else len(sizes), "gold": gold,
                                    "column": column}, seed=seed)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=len(sizes), model="random", signature=sig)
