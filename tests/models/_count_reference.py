"""Naive references for the count-based category models, written from their definitions.

Each function reads the corpus as lists of words (``None``: a missing token),
counts what a model needs token by token with ``Counter`` (no numba, no
blocks, no code tables) and, where the model has no ``*_from_counts`` entry
point, runs the model's algorithm as its docstring states it, recomputing
from scratch what the model keeps incrementally.  Slow, but checkable by
eye; used only by the tests (``tests/models/test_count_*.py``).

The orders the models document are followed here: word types in the order
of their codes (the column's vocabulary, only the words with a token), ranks
by decreasing count with ties to the lower code.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter

import numpy as np

#: the sentence boundary of exchange clustering (not a word: never equal to a string)
BOUNDARY = object()


def sentences(corpus, column: str = "form") -> list[list[str | None]]:
    """The corpus as lists of word strings, ``None`` for a missing token."""
    return [corpus.sentence(i).strings(column) for i in range(corpus.n_sentences)]


def word_types(corpus, sents, column: str = "form") -> list[str]:
    """The words with a token, in the order of their codes (the column's vocabulary)."""
    seen = {w for s in sents for w in s if w is not None}
    return [w for w in corpus.column(column).vocab.items if w in seen]


def ranked(types: list[str], counts: Counter) -> list[str]:
    """Words by decreasing count, ties to the lower code."""
    return sorted(types, key=lambda w: (-counts[w], types.index(w)))


def bigrams(sents, *, boundary: bool = False) -> Counter:
    """Adjacent pairs within sentences; a missing token breaks the chain.

    With ``boundary`` each sentence is read as ``<s> w1 ... wn <s>``.
    """
    out: Counter = Counter()
    for s in sents:
        seq = [BOUNDARY, *s, BOUNDARY] if boundary else s
        for x, y in zip(seq, seq[1:]):
            if x is not None and y is not None:
                out[x, y] += 1
    return out


def tags_of(sents, clusters: dict) -> list[int]:
    """Each token's cluster from a word -> cluster map (``-1``: none)."""
    return [-1 if w is None or clusters.get(w) is None else clusters[w]
            for s in sents for w in s]


# -- exchange (Kneser & Ney 1993, as the module notes of models/categories/exchange.py) ----


def _xlogx_sum(values: np.ndarray) -> float:
    x = values[values > 1]
    return math.fsum((x * np.log(x)).tolist())


def exchange(sents, types: list[str], k: int, *, refine: int = 3, max_iter: int = 20):
    """Exchange clustering from scratch: ``(type -> class in rank order, loglik, moves)``.

    The likelihood of a class assignment is recomputed from all the bigrams
    (boundary included) for every candidate move:
    ``sum N(c,c') log N(c,c') - 2 sum N(c) log N(c)`` with ``N(c)`` the
    bigrams leaving the words of ``c``.  A word is first taken out of every
    class (its bigrams and count left out); its gain in class ``c'`` is the
    likelihood with it in ``c'`` minus that.  Candidates are tried from its
    current class on (``c, c+1, ...`` modulo the number of classes), another
    class replaces the best only when better by more than ``1e-9 (|best| +
    1)``.  Words are visited by rank; a pass is repeated until no word
    moves.  Refinement: ``min(2**refine, k)`` classes (rank ``r`` in class
    ``r mod k'``), then every class ``c`` gives its 2nd, 4th ... words (by
    rank) to class ``c + k'`` until ``k`` classes.
    """
    uni = Counter(w for s in sents for w in s if w is not None)
    words = ranked(types, uni)
    n = len(words)
    index = {w: i for i, w in enumerate(words)}
    index[BOUNDARY] = n
    pairs = bigrams(sents, boundary=True)
    a = np.array([index[x] for x, _ in pairs], dtype=np.int64)
    b = np.array([index[y] for _, y in pairs], dtype=np.int64)
    c = np.array(list(pairs.values()), dtype=np.int64)
    left = np.bincount(a, weights=c, minlength=n + 1)

    def loglik(cls, K):
        # class K: the boundary; class K + 1: no class (its bigrams and count left out)
        size = K + 2
        n2 = np.bincount(cls[a] * size + cls[b], weights=c, minlength=size * size)
        n2 = n2.reshape(size, size)[:K + 1, :K + 1]
        n1 = np.bincount(cls, weights=left, minlength=size)[:K + 1]
        return _xlogx_sum(n2.ravel()) - 2.0 * _xlogx_sum(n1)

    def run(cls, K):
        cls[n] = K
        history, moves = [loglik(cls, K)], []
        for _ in range(max_iter):
            moved = 0
            for w in range(n):
                cur = int(cls[w])
                cls[w] = K + 1
                out = loglik(cls, K)
                best, best_gain = cur, None
                for step in range(K):
                    cand = (cur + step) % K
                    cls[w] = cand
                    gain = loglik(cls, K) - out
                    if best_gain is None or gain > best_gain + 1e-9 * (abs(best_gain) + 1.0):
                        best, best_gain = cand, gain
                cls[w] = best
                moved += best != cur
            history.append(loglik(cls, K))
            moves.append(moved)
            if moved == 0:
                break
        return history, moves

    kc = min(2 ** refine, k) if refine else k
    cls = np.append(np.arange(n) % kc, kc).astype(np.int64)
    history, moves = run(cls, kc)
    while kc < k:
        new = min(2 * kc, k)
        for old in range(new - kc):
            members = np.flatnonzero(cls[:n] == old)
            cls[members[1::2]] = kc + old
        kc = new
        h, m = run(cls, kc)
        history += h[1:]
        moves += m
    # classes numbered by their most frequent word
    number: dict[int, int] = {}
    for x in cls[:n].tolist():
        number.setdefault(x, len(number))
    return {w: number[int(cls[i])] for i, w in enumerate(words)}, history, moves


# -- hierarchical clustering (Redington et al. 1998, as models/categories/hierarchical.py) --


def hierarchical(sents, types: list[str], k: int, *, n_targets: int = 1000,
                 n_contexts: int = 150, positions=(-2, -1, 1, 2), linkage: str = "average"):
    """``(type -> cluster or None, context vectors)`` of Redington et al.'s clustering.

    Context vectors counted token by token (within the sentence, a missing
    token is no context and no target), distance ``1 - rho`` with ``rho``
    from :func:`scipy.stats.spearmanr` (a constant vector: ``rho = 0``),
    scipy's ``linkage`` and ``cut_tree``; clusters numbered by their most
    frequent word.
    """
    from scipy.cluster.hierarchy import cut_tree
    from scipy.cluster.hierarchy import linkage as scipy_linkage
    from scipy.spatial.distance import squareform
    from scipy.stats import spearmanr

    uni = Counter(w for s in sents for w in s if w is not None)
    order = ranked(types, uni)
    targets = {w: i for i, w in enumerate(order[:n_targets])}
    contexts = {w: i for i, w in enumerate(order[:n_contexts])}
    m = len(contexts)
    vec = np.zeros((len(targets), len(positions) * m))
    for s in sents:
        for i, w in enumerate(s):
            if w not in targets:
                continue
            for p, d in enumerate(positions):
                if 0 <= i + d < len(s) and s[i + d] in contexts:
                    vec[targets[w], p * m + contexts[s[i + d]]] += 1
    if len(targets) == 1:
        labels = [0]
    else:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # constant vectors: rho is nan
            rho = spearmanr(vec, axis=1).statistic
        rho = np.nan_to_num(np.atleast_2d(rho), nan=0.0)
        dist = 1.0 - np.clip(rho, -1.0, 1.0)
        np.fill_diagonal(dist, 0.0)
        z = scipy_linkage(squareform(dist, checks=False), method=linkage)
        labels = cut_tree(z, n_clusters=min(k, len(targets))).ravel().tolist()
    number: dict[int, int] = {}
    for x in labels:
        number.setdefault(x, len(number))
    out = {w: None for w in types}
    for w, i in targets.items():
        out[w] = number[labels[i]]
    return out, vec


# -- frequent frames (Mintz 2003; Frank et al. 2009, as models/categories/frequent_frames.py) --


def frequent_frames(sents, types: list[str], k: int, *, seed: int, threshold: float = 0.0009,
                    outside_frames: str = "sample"):
    """``(tags, memberships, n_clusters, log)`` of frequent frames, token by token.

    A frame token is a word with a word on each side in the same sentence
    (a missing token is no word).  Frames with at least ``threshold`` times
    all frame tokens are frequent, numbered by decreasing count (ties:
    left word's code, then right word's).  Clusters start as the types seen
    in each frame; the pair with the largest ``|A & B| / max(|A|, |B|)``
    (a quotient of small integers: equal as floats only when equal; ties: lowest first
    index, then second) is merged into
    the first until ``k`` remain.  Tokens in a frequent frame take its
    cluster; with ``"sample"``, every other token of a clustered type takes
    one of its type's clusters drawn (in token order, one uniform draw from
    stream ``models.frequent_frames`` per such token) with probability
    proportional to the clusters' sizes in types.
    """
    from induceval.random import rng

    code = {w: i for i, w in enumerate(types)}
    frames: Counter = Counter()
    for s in sents:
        for i in range(1, len(s) - 1):
            if None not in (s[i - 1], s[i], s[i + 1]):
                frames[s[i - 1], s[i + 1]] += 1
    total = sum(frames.values())
    frequent = [f for f, n in frames.items() if n >= threshold * total]
    frequent.sort(key=lambda f: (-frames[f], code[f[0]], code[f[1]]))
    frame_no = {f: i for i, f in enumerate(frequent)}
    members = [set() for _ in frequent]
    for s in sents:
        for i in range(1, len(s) - 1):
            f = (s[i - 1], s[i + 1])
            if s[i] is not None and f in frame_no:
                members[frame_no[f]].add(s[i])
    # pairs by (-score, first, second): the best at the top of a heap; an entry is stale
    # once either cluster has merged since it was pushed (``version``)
    version = [0] * len(frequent)

    def entry(x, y):
        big = max(len(members[x]), len(members[y]))
        score = len(members[x] & members[y]) / big if big else 0.0
        return (-score, x, y, version[x], version[y])

    heap = [entry(x, y) for x in range(len(frequent)) for y in range(x + 1, len(frequent))]
    heapq.heapify(heap)
    owner = list(range(len(frequent)))  # frame -> the cluster (first frame) it joined
    alive = list(range(len(frequent)))
    while len(alive) > k:
        _, x, y, vx, vy = heapq.heappop(heap)
        if y not in alive or x not in alive or (vx, vy) != (version[x], version[y]):
            continue
        members[x] |= members[y]
        members[y] = set()
        alive.remove(y)
        owner = [x if o == y else o for o in owner]
        version[x] += 1
        for z in alive:
            if z != x:
                heapq.heappush(heap, entry(min(x, z), max(x, z)))
    number = {x: i for i, x in enumerate(alive)}
    clusters_of = {w: sorted(number[x] for x in alive if w in members[x]) for w in types}
    memberships = {w: tuple(cs) for w, cs in clusters_of.items() if cs}
    size = {number[x]: len(members[x]) for x in alive}
    tags: list[int] = []
    in_frames = 0
    for s in sents:
        for i, w in enumerate(s):
            f = (s[i - 1], s[i + 1]) if 0 < i < len(s) - 1 else None
            if w is not None and f in frame_no:
                tags.append(number[owner[frame_no[f]]])
                in_frames += 1
            else:
                tags.append(-1)
    if outside_frames == "sample":
        gen = rng(seed, "models.frequent_frames")
        words = [w for s in sents for w in s]
        cumulative = {}
        for w, cs in memberships.items():
            cumulative[w] = np.cumsum([size[x] for x in cs], dtype=np.float64)
            cumulative[w] /= cumulative[w][-1]
        for i, w in enumerate(words):
            if tags[i] >= 0 or w is None or not clusters_of[w]:
                continue
            u = gen.random()
            cs = clusters_of[w]
            cum = cumulative[w]
            tags[i] = cs[min(int(np.searchsorted(cum, u, side="right")), len(cs) - 1)]
    log = {"n_frames": len(frequent), "frame_tokens": total,
           "tokens_in_frequent_frames": in_frames}
    return tags, memberships, len(alive), log


def majority(sents, tags: list[int], types: list[str]) -> dict[str, int | None]:
    """Each type's most frequent cluster over its tokens (ties: lowest), ``None`` if none."""
    votes: dict[str, Counter] = {w: Counter() for w in types}
    for w, t in zip((w for s in sents for w in s), tags):
        if w is not None and t >= 0:
            votes[w][t] += 1
    return {w: (min(v, key=lambda t: (-v[t], t)) if v else None) for w, v in votes.items()}
