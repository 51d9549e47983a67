"""The random baseline of Frank, Goldwater & Keller (2009).

"For each cluster in the gold standard, we created a cluster with the same
number of word types, selected at random from the full vocabulary" (Frank et al. 2009,
§"Model Implementation and Experiments", p. 2579).  The result has the gold
type-size distribution and puts all tokens of a type in one cluster.

Choices (issue 13), each an option of :func:`induce_random`:

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
  tag (sizes sum to the number of types, but categories that are nobody's
  majority tag get no cluster: 48 on Manchester).

References
----------
Frank, Goldwater & Keller (2009), Table 3 (Random rows).
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.stats import every_tag_sizes, scale_sizes
from induceval.errors import ParameterError, check_choice, check_range
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_random", "gold_type_sizes", "every_tag_sizes", "scale_sizes"]


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
                  gold: str | None = None, column: str = "form",
                  sizes: str = "every") -> TagInduction:
    """Random type clustering with the gold standard's cluster sizes (in types).

    Parameters
    ----------
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
    sizes
        ``"every"`` (default) or ``"majority"``: how a type is counted (see
        the module docstring).

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
    pool = np.arange(V)
    size_opt = None
    if gold is not None:
        g = corpus.column(gold).values.astype(np.int64)
        ok = (ids >= 0) & (g >= 0)
        pool = np.unique(ids[ok])
        if sizes == "every":
            size_arr = scale_sizes(every_tag_sizes(ids, g, V), len(pool))
        else:
            size_arr = gold_type_sizes(ids, g, V)
        size_arr = np.sort(size_arr)[::-1]
        size_opt = sizes
    else:
        if k is None:
            raise ParameterError("the random baseline needs k or a gold column")
        check_range("k", k, 1)
        base, extra = divmod(V, k)
        size_arr = np.array([base + (1 if i < extra else 0) for i in range(k)], dtype=np.int64)
        size_arr = size_arr[size_arr > 0]
    perm = pool[rng(seed, "models.random").permutation(len(pool))]
    type_cluster = np.full(V, -1, dtype=np.int64)
    start = 0
    for c, size in enumerate(size_arr.tolist()):
        type_cluster[perm[start:start + size]] = c
        start += size
    tags = np.where(ids >= 0, type_cluster[np.maximum(ids, 0)], -1).astype(np.int32)
    type_clusters: dict[str, int | None] = {
        types[w]: (int(type_cluster[w]) if type_cluster[w] >= 0 else None) for w in range(V)}
    unclustered = {t for t, c in type_clusters.items() if c is None}
    opts = {"k": k if gold is None else len(size_arr), "gold": gold, "column": column}
    if size_opt is not None:
        opts["sizes"] = size_opt
    sig = make_signature("random", opts, seed=seed)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=len(size_arr), model="random", signature=sig)
