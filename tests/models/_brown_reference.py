"""A brute-force Brown clustering (recomputes the mutual information for every candidate).

Used only by the tests: same windowed algorithm as Liang's wcluster, without any
incremental bookkeeping, so it can be checked by eye.
"""

from __future__ import annotations

import math
from collections import Counter


def _mi(clusters, bigrams, unigram):
    """Count-scaled MI: sum over cluster pairs of c(s,t) (log c(s,t) - log c(s) - log c(t))."""
    where = {w: i for i, cl in enumerate(clusters) for w in cl}
    c2: Counter = Counter()
    for (a, b), n in bigrams.items():
        if a in where and b in where:
            c2[where[a], where[b]] += n
    c1 = [sum(unigram[w] for w in cl) for cl in clusters]
    return sum(n * (math.log(n) - math.log(c1[s]) - math.log(c1[t])) for (s, t), n in c2.items())


def brute_force_brown(sentences, C):
    """Return (flat clusters as list of sets, merge list, words by rank) for word lists."""
    unigram: Counter = Counter(w for s in sentences for w in s)
    first = {}
    for s in sentences:
        for w in s:
            first.setdefault(w, len(first))
    words = sorted(unigram, key=lambda w: (-unigram[w], first[w]))
    bigrams: Counter = Counter((s[i], s[i + 1]) for s in sentences for i in range(len(s) - 1))
    clusters: list[set] = []
    flat = None
    merges = []

    def merge_best():
        best = None
        for i in range(len(clusters)):
            for j in range(i + 1, len(clusters)):
                trial = [c for k, c in enumerate(clusters) if k not in (i, j)]
                trial.append(clusters[i] | clusters[j])
                val = _mi(trial, bigrams, unigram)
                if best is None or val > best[0] + 1e-9:
                    best = (val, i, j)
        _, i, j = best
        merges.append((frozenset(clusters[i]), frozenset(clusters[j])))
        clusters[i] = clusters[i] | clusters[j]
        del clusters[j]

    for w in words:
        clusters.append({w})
        if len(clusters) > C:
            merge_best()
    flat = [set(c) for c in clusters]
    while len(clusters) > 1:
        merge_best()
    return flat, merges, words


def paths_from_merges(merges, words) -> dict[str, str]:
    """Bit string of every word: the root is empty, and at each merge the child holding
    the more frequent word (earlier in ``words``) gets ``0``, the other ``1``."""
    rank = {w: i for i, w in enumerate(words)}
    path: dict[frozenset, str] = {}
    if merges:
        path[merges[-1][0] | merges[-1][1]] = ""
    for a, b in reversed(merges):
        above = path[a | b]
        first, second = sorted((a, b), key=lambda part: min(rank[w] for w in part))
        path[first], path[second] = above + "0", above + "1"
    return {w: path.get(frozenset({w}), "") for w in words}
