"""The random baseline of Frank, Goldwater & Keller (2009).

"For each cluster in the gold standard, we created a cluster with the same
number of word types, selected at random from the full vocabulary ... a
random clustering with the same cluster size distribution as the gold
standard, and all tokens of each type in the same cluster."

Every type must land in exactly one random cluster.  By default
(``sizes="every"``) there is one random cluster per gold class, sized by the
number of types seen with the class (a type counts under every class it
has, as Frank et al. 2009's Figure 2 counts the gold standard), the sizes scaled to sum to
the number of gold-tagged types; with ``sizes="majority"`` each type counts
only in its most frequent gold class (ties: the lowest class code).  The
gold-tagged types are shuffled (seeded) and cut into consecutive blocks of
those sizes; types with no gold class stay unclustered.

References
----------
Frank, Goldwater & Keller (2009), CogSci 31, "Model Implementation and
Experiments" (random baseline), Table 3.

Example
-------
>>> b = random_baseline([0, 1, 2, 3, 0], [5, 5, 7, 7, 5], seed=3)
>>> sorted(np.bincount(b.type_clusters[b.type_clusters >= 0]).tolist())
[2, 2]
>>> b.tags.tolist() == b.type_clusters[[0, 1, 2, 3, 0]].tolist()
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from induceval.corpus.stats import every_tag_sizes, scale_sizes
from induceval.errors import MismatchError, check_choice
from induceval.random import DEFAULT_SEED
from induceval.random import rng as make_rng
from induceval.signature import make_signature

__all__ = ["RandomBaseline", "random_baseline", "majority_gold_by_type", "every_tag_sizes",
           "scale_sizes"]


@dataclass
class RandomBaseline:
    """A random type clustering with the gold type-size distribution.

    Attributes
    ----------
    type_clusters
        Cluster of each form code (``-1`` for forms absent from the data).
    tags
        Cluster of each token.
    sizes
        Types per cluster (cluster ``k`` mirrors the ``k``-th gold class in
        code order among the classes that own at least one type).
    """

    type_clusters: np.ndarray
    tags: np.ndarray
    sizes: np.ndarray
    signature: str


def majority_gold_by_type(forms, gold) -> np.ndarray:
    """The most frequent gold class of each form code (ties: lowest class; -1 if none).

    Example
    -------
    >>> majority_gold_by_type([0, 0, 0, 1], [2, 1, 2, -1]).tolist()
    [2, -1]
    """
    f = np.asarray(forms, dtype=np.int64)
    g = np.asarray(gold, dtype=np.int64)
    if len(f) != len(g):
        raise MismatchError(f"forms has {len(f)} tokens but gold has {len(g)}")
    n_f = int(f.max()) + 1 if len(f) else 0
    out = np.full(n_f, -1, dtype=np.int64)
    ok = g >= 0
    if not ok.any():
        return out
    tf, tg = _majority(f[ok], g[ok], int(g.max()) + 1)
    out[tf] = tg
    return out


def _majority(keys: np.ndarray, labels: np.ndarray, n_labels: int
              ) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct key (ascending) with its most frequent label (ties: the lowest)."""
    u, cnt = np.unique(keys * n_labels + labels, return_counts=True)
    key, lab = u // n_labels, u % n_labels
    # sort by key, then count descending, then label ascending; the first per key wins
    order = np.lexsort((lab, -cnt, key))
    key, lab = key[order], lab[order]
    first = np.ones(len(key), dtype=bool)
    first[1:] = key[1:] != key[:-1]
    return key[first], lab[first]


def random_baseline(forms, gold, *, seed: int | None = DEFAULT_SEED,
                    sizes: str = "every") -> RandomBaseline:
    """Random clusters with the same numbers of types as the gold classes.

    Parameters
    ----------
    forms
        Form code of each token (the vocabulary is the set of codes present).
    gold
        Gold class of each token (``-1`` = none).
    sizes
        ``"every"`` (default; Frank et al. 2009's Figure 2 "GS" curve,
        :func:`scale_sizes`) or ``"majority"``: see the module docstring and
        :mod:`induceval.models.categories.random_baseline`.
    """
    check_choice("sizes", sizes, ("every", "majority"))
    f = np.asarray(forms, dtype=np.int64)
    maj = majority_gold_by_type(f, gold)
    present = np.zeros(len(maj), dtype=bool)
    present[f] = True
    types = np.flatnonzero(present)
    owned = maj[types]
    # types without any gold class (e.g. only punctuation tokens) stay unclustered (-1)
    pool = types[owned >= 0]
    if sizes == "every":
        g = np.asarray(gold, dtype=np.int64)
        counts = scale_sizes(every_tag_sizes(f, g, len(maj)), len(pool))
    else:
        _, counts = np.unique(owned[owned >= 0], return_counts=True)
    counts = np.sort(counts)[::-1]
    perm = make_rng(seed, "categories.random_baseline").permutation(pool)
    labels = np.repeat(np.arange(len(counts)), counts)
    type_clusters = np.full(len(maj), -1, dtype=np.int64)
    type_clusters[perm] = labels
    sig = make_signature("random_baseline",
                         {"k": len(counts), "by": "every_gold" if sizes == "every"
                          else "majority_gold"},
                         seed=DEFAULT_SEED if seed is None else seed)
    return RandomBaseline(type_clusters, type_clusters[f] if len(f) else f.copy(),
                          counts.astype(np.int64), sig)
