"""Uniformly random projective dependency trees (the random baseline).

Sampling method (exact, counting-based): a projective tree with one root
word has exactly one derivation in Eisner's split-head chart (the chart the
DMV parser uses).  With every weight set to 1 the chart's inside values
*count* derivations, hence trees, and they depend only on span widths:

* ``R(0) = 1``; ``R(w) = sum_{c=1..w} A(c) R(w - c)`` -- a head's right half
  spanning ``w`` further words, ``c`` being the width to its farthest dependent;
* ``A(w) = sum_{m=0..w-1} R(m) R(w - 1 - m)`` -- an arc over ``w`` words
  (the head's inner half and the dependent's outer half);
* left halves mirror right halves (``L = R``), and the number of trees of
  ``n`` words is ``N(n) = sum_r R(r) R(n - 1 - r)`` (1, 2, 7, 30, 143, ...:
  ``C(3n-2, n-1) / n``, OEIS A006013).

A tree is drawn top-down: the root position ``r`` with probability
``R(r) R(n-1-r) / N(n)``, then each chart item is split in proportion to
the number of trees below each split.  Every projective tree is thus drawn
with probability exactly ``1 / N(n)`` (up to float rounding).  To keep the
counts in floating-point range for any length, each arc is weighted by
``4/27`` (the inverse of the growth rate 27/4); every tree of ``n`` words has
``n - 1`` arcs, so all trees are scaled alike and the distribution stays
uniform.

The uniforms come from the ``deps.random_trees`` stream of ``seed``, drawn
in one block (``2n`` per sentence), so the same seed gives the same trees.

References
----------
Gelling et al. (2012), PASCAL Challenge on Grammar Induction, §6.4 (random trees, Ra).
Eisner, J. (1996). Three new probabilistic models for dependency parsing. COLING.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval.models.dependencies.inside_outside import pop_item, push_halves
from induceval.random import rng

__all__ = ["random_projective", "count_projective_trees"]

_SCALE = 4.0 / 27.0


def _tables(n_max: int, scale: float = _SCALE) -> tuple[np.ndarray, np.ndarray]:
    R = np.zeros(n_max + 1)
    A = np.zeros(n_max + 1)
    R[0] = 1.0
    for w in range(1, n_max + 1):
        A[w] = scale * float(np.dot(R[:w], R[:w][::-1]))
        R[w] = float(np.dot(A[1:w + 1], R[:w][::-1]))
    return R, A


def count_projective_trees(n: int) -> int:
    """Number of single-root projective dependency trees over ``n`` words.

    Computed exactly (Python integers) by the same recurrences the sampler uses.

    Parameters
    ----------
    n
        The sentence length.

    Returns
    -------
    int
        The number of trees.

    Example
    -------
    >>> [count_projective_trees(n) for n in range(1, 6)]
    [1, 2, 7, 30, 143]
    """
    R = [1] + [0] * max(n, 1)
    A = [0] * (max(n, 1) + 1)
    for w in range(1, n):
        A[w] = sum(R[m] * R[w - 1 - m] for m in range(w))
        R[w] = sum(A[c] * R[w - c] for c in range(1, w + 1))
    return sum(R[r] * R[n - 1 - r] for r in range(n))


@njit(cache=True)
def _pick(weights, lo, hi, u):
    total = 0.0
    for j in range(lo, hi):
        total += weights[j - lo]
    x = u * total
    acc = 0.0
    for j in range(lo, hi):
        acc += weights[j - lo]
        if x < acc:
            return j
    return hi - 1


@njit(cache=True)
def _sample(offsets, uni, R, A, heads):
    n_sent = len(offsets) - 1
    for s in range(n_sent):
        a = offsets[s]
        n = offsets[s + 1] - a
        if n == 0:
            continue
        up = 2 * a
        w = np.zeros(n)
        for r in range(n):
            w[r] = R[r] * R[n - 1 - r]
        root = _pick(w, 0, n, uni[up])
        up += 1
        heads[a + root] = 0
        stack = np.zeros((2 * n + 2, 3), dtype=np.int64)
        sp = push_halves(stack, 0, 4, 0, n - 1, root)
        while sp > 0:
            sp, kind, i, k = pop_item(stack, sp)
            if kind < 2 and i == k:
                continue
            if kind == 0:  # right half of head i over i..k: farthest dependent c
                for c in range(i + 1, k + 1):
                    w[c - i - 1] = A[c - i] * R[k - c]
                split = _pick(w, i + 1, k + 1, uni[up])
            elif kind == 1:  # left half of head k over i..k: farthest dependent c
                for c in range(i, k):
                    w[c - i] = R[c - i] * A[k - c]
                split = _pick(w, i, k, uni[up])
            else:  # arc between i and k: split point m
                if kind == 2:
                    heads[a + k] = i + 1
                else:
                    heads[a + i] = k + 1
                for m in range(i, k):
                    w[m - i] = R[m - i] * R[k - 1 - m]
                split = _pick(w, i, k, uni[up])
            up += 1
            sp = push_halves(stack, sp, kind, i, k, split)


def random_projective(offsets: np.ndarray, seed: int | None = None) -> np.ndarray:
    """A uniformly random single-root projective tree for every sentence of ``offsets``.

    Returns ``int32`` heads, 1-based within each sentence, 0 for the root
    (``seed=None``: :data:`induceval.random.DEFAULT_SEED`).

    Parameters
    ----------
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    seed
        The seed of the draws.

    Returns
    -------
    numpy.ndarray
        The head of every token.

    Example
    -------
    >>> h = random_projective(np.array([0, 4, 5]), seed=1)
    >>> int((h[:4] == 0).sum()), int(h[4])
    (1, 0)
    >>> bool((random_projective(np.array([0, 6]), seed=2) ==
    ...       random_projective(np.array([0, 6]), seed=2)).all())
    True
    """
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    n_tok = int(offsets[-1])
    lengths = np.diff(offsets)
    n_max = int(lengths.max()) if len(lengths) else 0
    R, A = _tables(max(n_max, 1))
    uni = rng(seed, "deps.random_trees").random(2 * n_tok + 2)
    heads = np.zeros(n_tok, dtype=np.int64)
    _sample(offsets, uni, R, A, heads)
    return heads.astype(np.int32)
