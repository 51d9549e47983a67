"""The random baseline of Frank, Goldwater & Keller (2009).

"For each cluster in the gold standard, we created a cluster with the same
number of word types, selected at random from the full vocabulary" (Frank et al. 2009,
§"Model Implementation and Experiments", p. 2579).  The result has the gold
type-size distribution and puts all tokens of a type in one cluster.

:func:`random_type_clusters` is the baseline on arrays (the demo's
category measures use it); :func:`induce_random` is the model
``random`` of :func:`~induceval.models.categories.induce_tags`.  The
choices, each an option of both:

- The clusters are filled from the gold-tagged types only (``gold=``): a
  type without any gold tag (e.g. one whose tokens all lack a tag) is left
  unclustered, and every gold-tagged type is clustered, so no gold-tagged
  word falls into an extra UNCLUSTERED cluster in the merge condition.
- ``sizes="every"`` (default): one cluster per gold category ("for each
  cluster in the gold standard"), its size the number of types seen with
  that tag -- a type counts under every tag it has, as Figure 2's "GS"
  curve counts ("the random baseline clusters have the same
  type-size-distribution as GS", Figure 2 caption).  Ambiguous types make
  these sizes sum to more than the number of types, while "all tokens of
  each type [are] in the same cluster"; the sizes are therefore scaled in
  proportion to sum to the number of gold-tagged types (largest remainders,
  at least one type each), which keeps one cluster per gold category (53 on
  the stripped Manchester inventory, as the paper) and the shape of the GS
  curve.  ``sizes="majority"``: each type counts only under its majority
  tag (ties: the lowest tag; sizes sum to the number of types, but
  categories that are nobody's majority tag get no cluster: 48 on
  Manchester).

The gold-tagged types, in code order, are shuffled (seeded) and cut into
consecutive blocks of the sizes, largest first.

References
----------
Frank, Goldwater & Keller (2009), Table 3 (Random rows).
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.stats import every_tag_sizes, majority_gold_by_type, scale_sizes
from induceval.errors import MismatchError, ParameterError, check_choice, check_range
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_random", "random_type_clusters", "gold_type_sizes", "every_tag_sizes",
           "scale_sizes"]


def gold_type_sizes(ids: np.ndarray, gold: np.ndarray, n_types: int) -> np.ndarray:
    """Sizes in types of the gold categories, each type counted under its majority gold tag.

    Ties go to the lower gold code; types with no gold tag are counted in no
    category.  ``n_types`` is accepted for symmetry with
    :func:`~induceval.corpus.stats.every_tag_sizes`.

    Parameters
    ----------
    ids
        Word id of every token (``< 0``: missing).
    gold
        Gold tag code of every token (``< 0``: none).
    n_types
        The number of word types (unused).

    Returns
    -------
    numpy.ndarray
        The number of types of each gold category, by gold code.

    Example
    -------
    >>> gold_type_sizes(np.array([0, 0, 1, 2, -1]), np.array([0, 1, 1, 1, 0]), 3).tolist()
    [1, 2]
    """
    ids = np.asarray(ids, dtype=np.int64)
    gold = np.asarray(gold, dtype=np.int64)
    seen = ids >= 0
    major = majority_gold_by_type(ids[seen], gold[seen])
    sizes = np.bincount(major[major >= 0])
    return sizes[sizes > 0]


def random_type_clusters(ids, gold, n_types: int | None = None, *, seed: int | None = DEFAULT_SEED,
                         sizes: str = "every", generator: np.random.Generator | None = None
                         ) -> np.ndarray:
    """The random baseline's cluster of each type: the gold type sizes, the types shuffled.

    Parameters
    ----------
    ids
        Type id of each token (``-1``: none).
    gold
        Gold class of each token (``-1``: none).
    n_types
        Length of the result (default: one more than the largest id).
    seed
        Seed of the shuffle (``None``: the default seed).
    sizes
        ``"every"`` (default) or ``"majority"``: how a type is counted (see
        the module docstring).
    generator
        Where the shuffle is drawn from instead of the seed's stream
        ``models.random`` (that of :func:`induce_random`); the demo's category
        measures give ``rng(seed, "categories.random_baseline")``.

    Returns
    -------
    numpy.ndarray
        The cluster of each type id (``-1``: unclustered, no gold tag);
        cluster ``c`` is the ``c``-th largest gold size.

    Example
    -------
    >>> cl = random_type_clusters([0, 1, 2, 3, 0], [5, 5, 7, 7, 5], seed=3)
    >>> sorted(np.bincount(cl[cl >= 0]).tolist())
    [2, 2]
    """
    check_choice("sizes", sizes, ("every", "majority"))
    ids = np.asarray(ids, dtype=np.int64)
    g = np.asarray(gold, dtype=np.int64)
    if len(ids) != len(g):
        raise MismatchError(f"ids has {len(ids)} tokens but gold has {len(g)}")
    V = (int(ids.max()) + 1 if len(ids) else 0) if n_types is None else n_types
    if generator is None:
        generator = rng(seed, "models.random")
    return _deal(*_gold_sizes(ids, g, V, sizes), V, generator)


def _gold_sizes(ids: np.ndarray, gold: np.ndarray, n_types: int, sizes: str
                ) -> tuple[np.ndarray, np.ndarray]:
    """The gold-tagged types (ascending) and the cluster sizes, largest first."""
    pool = np.unique(ids[(ids >= 0) & (gold >= 0)])
    if sizes == "every":
        size_arr = scale_sizes(every_tag_sizes(ids, gold, n_types), len(pool))
    else:
        size_arr = gold_type_sizes(ids, gold, n_types)
    return pool, np.sort(size_arr)[::-1]


def _deal(pool: np.ndarray, size_arr: np.ndarray, n_types: int,
          generator: np.random.Generator) -> np.ndarray:
    """The types of ``pool`` shuffled and cut into consecutive clusters of ``size_arr``."""
    perm = pool[generator.permutation(len(pool))]
    type_cluster = np.full(n_types, -1, dtype=np.int64)
    type_cluster[perm[:int(size_arr.sum())]] = np.repeat(np.arange(len(size_arr)), size_arr)
    return type_cluster


def induce_random(corpus: Corpus, k: int | None = None, *, seed: int = DEFAULT_SEED,
                  gold: str | None = None, column: str = "form",
                  sizes: str = "every") -> TagInduction:
    """Random type clustering with the gold standard's cluster sizes (in types).

    Parameters
    ----------
    corpus
        The corpus whose word types are clustered.
    k
        Used only without ``gold``: the word types are shuffled and dealt into
        ``k`` clusters of (nearly) equal size.  With ``gold`` the number of
        clusters is that of the gold inventory (Frank et al. 2009: the K=53 and K=80
        conditions share the 53-category baseline).
    seed
        Seed of the shuffle.
    gold
        Token column of gold tags whose type-size distribution is copied: the
        gold-tagged types, shuffled, are dealt into clusters of those sizes.
    column
        The column holding the words.
    sizes
        ``"every"`` (default) or ``"majority"``: how a type is counted (see
        the module docstring).

    Returns
    -------
    TagInduction
        The tag of every token and the random type clusters.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": "the dog saw a cat".split(), "upos": "D N V D N".split()})
    >>> r = induce_random(b.build(), gold="upos", seed=3)
    >>> sorted(r.cluster_sizes().tolist())
    [1, 2, 2]
    """
    check_choice("sizes", sizes, ("every", "majority"))
    ids, _, types = prepare_forms(corpus, column)
    V = len(types)
    if gold is not None:
        g = corpus.column(gold).values.astype(np.int64)
        pool, size_arr = _gold_sizes(ids, g, V, sizes)
    else:
        if k is None:
            raise ParameterError("the random baseline needs k or a gold column")
        check_range("k", k, 1)
        base, extra = divmod(V, k)
        size_arr = np.array([base + (1 if i < extra else 0) for i in range(k)], dtype=np.int64)
        pool, size_arr = np.arange(V), size_arr[size_arr > 0]
    type_cluster = _deal(pool, size_arr, V, rng(seed, "models.random"))
    n_clusters = len(size_arr)
    tags = np.where(ids >= 0, type_cluster[np.maximum(ids, 0)], -1).astype(np.int32)
    type_clusters: dict[str, int | None] = {
        types[w]: (int(type_cluster[w]) if type_cluster[w] >= 0 else None) for w in range(V)}
    unclustered = {t for t, c in type_clusters.items() if c is None}
    opts = {"k": k if gold is None else n_clusters, "gold": gold, "column": column}
    if gold is not None:
        opts["sizes"] = sizes
    sig = make_signature("random", opts, seed=seed)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=n_clusters, model="random", signature=sig)
