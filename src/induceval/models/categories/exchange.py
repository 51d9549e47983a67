"""Exchange clustering (Kneser & Ney 1993; Och 1999 ``mkcls``; ClusterCat).

One class per word type, chosen to maximise the class-bigram likelihood

``LL = sum_{c,c'} N(c,c') log N(c,c') - 2 sum_c N(c) log N(c) + const``

(with a boundary symbol in its own fixed class between sentences, every token
has one predecessor and one successor, so the bigram marginals equal the
class counts).  Words are visited in decreasing frequency; each is moved to
the class that increases ``LL`` most.  A move is made only on a strict gain,
so ``LL`` never decreases; iterations stop when no word moves.

References
----------
Kneser & Ney (1993). Improved clustering techniques for class-based
statistical language modelling. *Eurospeech*.
Och (1999). An efficient method for determining bilingual word classes. *EACL*.
Dehdari, Tan & van Genabith (2016). BIRA: improved predictive exchange word
clustering. *NAACL* (ClusterCat).
Gelling et al. (2012), paper 003: the ``MK`` baseline columns of Tables 2 and 7.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories._bigrams import bigram_counts, csr, frequency_rank
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_exchange", "class_bigram_loglik"]


@njit(cache=True)
def _xlogx_table(n):
    out = np.zeros(n + 1)
    for i in range(2, n + 1):
        out[i] = i * np.log(i)
    return out


@njit(cache=True)
def _loglik(N2, N1, K, f):
    ll = 0.0
    for a in range(K + 1):
        for b in range(K + 1):
            ll += f[N2[a, b]]
    for a in range(K + 1):
        ll -= 2.0 * f[N1[a]]
    return ll


@njit(cache=True)
def _exchange_core(V, K, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
                   max_iter, total):
    """Run exchange iterations in place on ``cls`` (word -> class; boundary = V in class K)."""
    f = _xlogx_table(total + 2)
    N2 = np.zeros((K + 1, K + 1), dtype=np.int64)
    N1 = np.zeros(K + 1, dtype=np.int64)
    for w in range(V + 1):
        N1[cls[w]] += count[w]
        for p in range(out_ptr[w], out_ptr[w + 1]):
            N2[cls[w], cls[out_idx[p]]] += out_cnt[p]
    R = np.zeros(K + 1, dtype=np.int64)
    Lt = np.zeros(K + 1, dtype=np.int64)
    rj = np.empty(K + 1, dtype=np.int64)
    lj = np.empty(K + 1, dtype=np.int64)
    history = np.zeros(max_iter + 1)
    history[0] = _loglik(N2, N1, K, f)
    moves_per_iter = np.zeros(max_iter, dtype=np.int64)
    n_iter = 0
    for it in range(max_iter):
        moves = 0
        for w in range(V):
            c = cls[w]
            nw = count[w]
            selfc = 0
            nr = 0
            nl = 0
            for p in range(out_ptr[w], out_ptr[w + 1]):
                v = out_idx[p]
                if v == w:
                    selfc += out_cnt[p]
                    continue
                j = cls[v]
                if R[j] == 0:
                    rj[nr] = j
                    nr += 1
                R[j] += out_cnt[p]
            for p in range(in_ptr[w], in_ptr[w + 1]):
                v = in_idx[p]
                if v == w:
                    continue
                j = cls[v]
                if Lt[j] == 0:
                    lj[nl] = j
                    nl += 1
                Lt[j] += in_cnt[p]
            # remove w from c
            for i in range(nr):
                N2[c, rj[i]] -= R[rj[i]]
            for i in range(nl):
                N2[lj[i], c] -= Lt[lj[i]]
            N2[c, c] -= selfc
            N1[c] -= nw
            best = c
            best_gain = -np.inf
            for kk in range(K + 1):
                k = (c + kk) % K if kk < K else -1
                if k < 0:
                    break
                g = 0.0
                for i in range(nr):
                    j = rj[i]
                    if j == k:
                        continue
                    x = N2[k, j]
                    g += f[x + R[j]] - f[x]
                for i in range(nl):
                    j = lj[i]
                    if j == k:
                        continue
                    x = N2[j, k]
                    g += f[x + Lt[j]] - f[x]
                x = N2[k, k]
                g += f[x + R[k] + Lt[k] + selfc] - f[x]
                g -= 2.0 * (f[N1[k] + nw] - f[N1[k]])
                # the current class is tried first: another must be strictly better
                if kk == 0 or g > best_gain + 1e-9 * (abs(best_gain) + 1.0):
                    best_gain = g
                    best = k
            k = best
            for i in range(nr):
                N2[k, rj[i]] += R[rj[i]]
            for i in range(nl):
                N2[lj[i], k] += Lt[lj[i]]
            N2[k, k] += selfc
            N1[k] += nw
            cls[w] = k
            if k != c:
                moves += 1
            for i in range(nr):
                R[rj[i]] = 0
            for i in range(nl):
                Lt[lj[i]] = 0
        n_iter = it + 1
        history[n_iter] = _loglik(N2, N1, K, f)
        moves_per_iter[it] = moves
        if moves == 0:
            break
    return history[: n_iter + 1], moves_per_iter[:n_iter]


def class_bigram_loglik(ids: np.ndarray, offsets: np.ndarray, classes: np.ndarray) -> float:
    """The (unnormalised) class-bigram log-likelihood the exchange algorithm maximises.

    ``ids`` are word ids, ``classes[w]`` the class of word ``w``; sentences are
    wrapped in a boundary symbol with its own class.

    Example
    -------
    >>> ids = np.array([0, 1, 0, 1]); off = np.array([0, 2, 4])
    >>> round(class_bigram_loglik(ids, off, np.array([0, 1])), 4)  # 6 log 2 - 12 log 2
    -4.1589
    """
    V = len(classes)
    a, b, c = bigram_counts(ids, offsets, V, boundary=V)
    K = int(classes.max()) + 1 if V else 0
    cl = np.append(classes, K)
    N2 = np.zeros((K + 1, K + 1))
    np.add.at(N2, (cl[a], cl[b]), c)
    N1 = np.bincount(cl[a], weights=c, minlength=K + 1)

    def xlogx(x):
        x = x[x > 0]
        return float((x * np.log(x)).sum())

    return xlogx(N2.ravel()) - 2.0 * xlogx(N1)


def induce_exchange(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED, max_iter: int = 20,
                    init: str = "rank", restarts: int = 1, column: str = "form") -> TagInduction:
    """Exchange (mkcls-style) clustering: one class per type, class-bigram likelihood.

    Parameters
    ----------
    corpus
        Training text.
    k
        Number of classes.
    seed
        Seed of the initial assignment when ``init="random"``.
    max_iter
        Maximum passes over the vocabulary (stops earlier when no word moves).
    init
        ``"rank"``: the word of frequency rank ``r`` starts in class ``r mod k``
        (deterministic); ``"random"``: uniform random classes from ``seed``.
    restarts
        Run this many times and keep the classes with the highest likelihood:
        the first run uses ``init``, the others random initialisations drawn
        from ``seed`` (mkcls also keeps the best of several runs).
    column
        Token column holding the words.

    Returns
    -------
    TagInduction
        ``log["loglik"]`` holds the likelihood after each pass (never
        decreasing) and ``log["moves"]`` the number of words moved.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ["the dog runs", "a cat runs", "the cat sleeps", "a dog sleeps"] * 3:
    ...     b.add_sentence({"form": s.split()})
    >>> r = induce_exchange(b.build(), 3)
    >>> r.type_clusters["dog"] == r.type_clusters["cat"] != r.type_clusters["the"]
    True
    """
    check_range("k", k, 1)
    check_range("max_iter", max_iter, 0)
    check_choice("init", init, ("rank", "random"))
    ids, offsets, types = prepare_forms(corpus, column)
    n = len(types)
    counts, rank = frequency_rank(ids, n)
    order = np.argsort(rank)
    new_id = np.empty(n, dtype=np.int64)
    new_id[order] = np.arange(n)
    rid = np.where(ids >= 0, new_id[np.maximum(ids, 0)], -1)
    a, b, c = bigram_counts(rid, offsets, n, boundary=n)
    out_ptr, out_idx, out_cnt = csr(a, b, c, n + 1)
    in_ptr, in_idx, in_cnt = csr(b, a, c, n + 1)
    out_cnt = out_cnt.astype(np.int64)
    in_cnt = in_cnt.astype(np.int64)
    count = np.bincount(a, weights=c, minlength=n + 1).astype(np.int64)
    check_range("restarts", restarts, 1)
    total = int(c.sum()) + int(count.max(initial=0))
    gen = rng(seed, "models.exchange")
    best = None
    for run in range(restarts):
        if run == 0 and init == "rank":
            cls = (np.arange(n + 1) % k).astype(np.int64)
        else:
            cls = gen.integers(0, k, size=n + 1).astype(np.int64)
        cls[n] = k
        history, moves = _exchange_core(n, k, cls, count, out_ptr, out_idx, out_cnt,
                                        in_ptr, in_idx, in_cnt, max_iter, total)
        if best is None or history[-1] > best[1][-1]:
            best = (cls, history, moves, run)
    cls, history, moves, best_run = best
    word_class = cls[:n]
    # renumber classes by their most frequent word
    used, first = np.unique(word_class, return_index=True)
    renum = np.full(k, -1, dtype=np.int64)
    renum[used[np.argsort(first)]] = np.arange(len(used))
    word_class = renum[word_class]
    tags = np.where(rid >= 0, word_class[np.maximum(rid, 0)], -1).astype(np.int32)
    type_clusters = {types[order[r]]: int(word_class[r]) for r in range(n)}
    random_used = init == "random" or restarts > 1
    sig = make_signature("exchange", {"k": k, "init": init, "max_iter": max_iter,
                                      "restarts": restarts, "column": column},
                         seed=seed if random_used else None)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=set(),
                        n_clusters=len(used), model="exchange", signature=sig,
                        log={"loglik": history.tolist(), "moves": moves.tolist(),
                             "best_run": best_run})
