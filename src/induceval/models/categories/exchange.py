"""Exchange clustering (Kneser & Ney 1993; Och 1999 ``mkcls``; ClusterCat).

One class per word type, chosen to maximise the class-bigram likelihood

``LL = sum_{c,c'} N(c,c') log N(c,c') - 2 sum_c N(c) log N(c) + const``

(a boundary symbol in its own fixed class between sentences gives every token
one predecessor and one successor, so the bigram marginals equal the class
counts).  Words are visited in decreasing frequency, each moved to the class
that increases ``LL`` most, only on a strict gain (``LL`` never decreases),
until no word moves.

Refinement (ClusterCat's ``--refine``, Dehdari et al. 2016): the exchange
first runs with ``min(2**refine, k)`` classes until no word moves (or
``max_iter`` passes); then each class ``c`` is split in two, its words (by
decreasing frequency) going alternately to ``c`` and a new class ``c + k'``,
and the exchange runs again, doubling until ``k``.  Coarse classes settle
first, so the fine ones start from a good partition: on Brown (K=45) M-1
rises from .667 to .683 at 1.16M tokens and from .563 to .602 at 200k
(``refine=3``, chosen on those two sizes; ClusterCat's 2: .675 and .604).
``refine=0`` is the plain exchange.  The move order and the frequency-rank
initialisation (rank ``r`` in class ``r mod k'``) come from mkcls (Och 1999);
its randomised optimisers and ClusterCat's one-sided objective are not used.
Memory is ``O(types + distinct bigrams)``.

References
----------
Kneser & Ney (1993). Improved clustering techniques for class-based
statistical language modelling. *Eurospeech*.
Och (1999). An efficient method for determining bilingual word classes. *EACL*.
Dehdari, Tan & van Genabith (2016). BIRA: improved predictive exchange word
clustering. *NAACL* (ClusterCat).
Gelling et al. (2012): the ``MK`` baseline columns of Tables 2 and 7.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.extending import overload

from induceval.corpus.model import Corpus
from induceval.errors import MAX_ITERATIONS, check_choice, check_range
from induceval.models.categories._bigrams import (
    bigram_counts,
    csr,
    gather,
    rank_of_counts,
    run_chunked,
    type_counts,
)
from induceval.models.categories._brown_core import _xlogx_table
from induceval.models.categories.result import TagInduction
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_exchange", "exchange_from_counts", "class_bigram_loglik"]


#: x log x is looked up up to this count (computed above it: the same float); when
#: every count fits (up to about 4M tokens) the compiled loops skip the test
_TABLE = 1 << 22


def _xl(x, f):  # pragma: no cover - compiled
    """``x log x`` from the table ``f``: a writeable table covers every count."""


@overload(_xl, inline="always")
def _xl_impl(x, f):  # pragma: no cover - compiled
    if f.mutable:   # the whole table: the innermost loop compiles without a test
        return lambda x, f: f[x]

    def capped(x, f):   # a read-only table: the first _TABLE counts
        if x < len(f):
            return f[x]
        return x * np.log(x)
    return capped


@njit(cache=True)
def _loglik(N2, N1, K, f):  # pragma: no cover - compiled
    ll = 0.0
    for a in range(K + 1):
        for b in range(K + 1):
            ll += _xl(N2[a, b], f)
    for a in range(K + 1):
        ll -= 2.0 * _xl(N1[a], f)
    return ll


@njit(cache=True)
def _class_counts(V, K, cls, count, out_ptr, out_idx, out_cnt):  # pragma: no cover - compiled
    N2 = np.zeros((K + 1, K + 1), dtype=np.int64)
    N1 = np.zeros(K + 1, dtype=np.int64)
    for w in range(V + 1):
        N1[cls[w]] += count[w]
        for p in range(out_ptr[w], out_ptr[w + 1]):
            N2[cls[w], cls[out_idx[p]]] += out_cnt[p]
    return N2, N1


@njit(cache=True, inline="always")
def _neighbour_classes(w, ptr, idx, cnt, cls, acc, touched):  # pragma: no cover - compiled
    """Add the bigram counts of ``w`` with its right (or left) neighbours to ``acc`` by
    class, listing the classes touched in ``touched``; returns how many, and the count
    of ``w`` next to itself (left out of ``acc``)."""
    n = 0
    selfc = 0
    for p in range(ptr[w], ptr[w + 1]):
        v = idx[p]
        if v == w:
            selfc += cnt[p]
            continue
        j = cls[v]
        if acc[j] == 0:
            touched[n] = j
            n += 1
        acc[j] += cnt[p]
    return n, selfc


@njit(cache=True, inline="always")
def _move_word(N2, N1, c, sign, R, rj, nr, Lt, lj, nl, selfc, nw):  # pragma: no cover
    """Add (``sign`` 1) or remove (-1) a word's counts (``R``/``Lt`` by neighbour class,
    ``selfc`` next to itself, ``nw`` in all) to or from class ``c``."""
    for i in range(nr):
        N2[c, rj[i]] += sign * R[rj[i]]
    for i in range(nl):
        N2[lj[i], c] += sign * Lt[lj[i]]
    N2[c, c] += sign * selfc
    N1[c] += sign * nw


@njit(cache=True)
def _exchange_words(w0, w1, K, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
                    N2, N1, R, Lt, rj, lj, f):  # pragma: no cover - compiled
    """Visit words ``w0..w1-1``: move each to its best class; return the number moved."""
    moves = 0
    for w in range(w0, w1):
        c = cls[w]
        nw = count[w]
        nr, selfc = _neighbour_classes(w, out_ptr, out_idx, out_cnt, cls, R, rj)
        nl, _ = _neighbour_classes(w, in_ptr, in_idx, in_cnt, cls, Lt, lj)
        _move_word(N2, N1, c, -1, R, rj, nr, Lt, lj, nl, selfc, nw)   # w out of c
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
                g += _xl(x + R[j], f) - _xl(x, f)
            for i in range(nl):
                j = lj[i]
                if j == k:
                    continue
                x = N2[j, k]
                g += _xl(x + Lt[j], f) - _xl(x, f)
            x = N2[k, k]
            g += _xl(x + R[k] + Lt[k] + selfc, f) - _xl(x, f)
            g -= 2.0 * (_xl(N1[k] + nw, f) - _xl(N1[k], f))
            # the current class is tried first: another must be strictly better
            if kk == 0 or g > best_gain + 1e-9 * (abs(best_gain) + 1.0):
                best_gain = g
                best = k
        k = best
        _move_word(N2, N1, k, 1, R, rj, nr, Lt, lj, nl, selfc, nw)
        cls[w] = k
        if k != c:
            moves += 1
        for i in range(nr):
            R[rj[i]] = 0
        for i in range(nl):
            Lt[lj[i]] = 0
    return moves


def _exchange_core(V, K, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
                   max_iter, total):
    """Run exchange iterations in place on ``cls`` (word -> class; boundary = V in class K),
    in compiled chunks (:func:`~induceval.models.categories._bigrams.run_chunked`: Ctrl-C
    stops it at once)."""
    f = _xlogx_table(min(total + 2, _TABLE))
    if total + 2 > _TABLE:
        f.flags.writeable = False   # the kernels test each count against the table
    N2, N1 = _class_counts(V, K, cls, count, out_ptr, out_idx, out_cnt)
    R = np.zeros(K + 1, dtype=np.int64)
    Lt = np.zeros(K + 1, dtype=np.int64)
    rj = np.empty(K + 1, dtype=np.int64)
    lj = np.empty(K + 1, dtype=np.int64)
    history = [_loglik(N2, N1, K, f)]
    moves_per_iter = []
    from induceval.progress import step_bar

    with step_bar(max_iter, "exchange", "pass") as bar:   # silent outside the CLI
        _passes(max_iter, V, K, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
                N2, N1, R, Lt, rj, lj, f, history, moves_per_iter, bar)
    return np.array(history, dtype=np.float64), np.array(moves_per_iter, dtype=np.int64)


def _passes(max_iter, V, K, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
            N2, N1, R, Lt, rj, lj, f, history, moves_per_iter, bar) -> None:
    """The exchange passes of :func:`_exchange_core` (until no word moves)."""
    for _ in range(max_iter):
        moved = [0]

        def step(w0, w1, moved=moved):
            moved[0] += _exchange_words(w0, w1, K, cls, count, out_ptr, out_idx, out_cnt,
                                        in_ptr, in_idx, in_cnt, N2, N1, R, Lt, rj, lj, f)

        run_chunked(step, 0, V)
        history.append(_loglik(N2, N1, K, f))
        moves_per_iter.append(moved[0])
        bar.update(1)
        bar.set_postfix_str(f"moved {moved[0]}")
        if moved[0] == 0:
            break


def class_bigram_loglik(ids: np.ndarray, offsets: np.ndarray, classes: np.ndarray) -> float:
    """The (unnormalised) class-bigram log-likelihood the exchange algorithm maximises.

    ``ids`` are word ids, ``classes[w]`` the class of word ``w``; sentences are
    wrapped in a boundary symbol with its own class.

    Parameters
    ----------
    ids
        Word id of every token.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    classes
        The class of every word id.

    Returns
    -------
    float
        The log-likelihood, in nats.

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


def _refined(V, k, k0, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx, in_cnt,
             max_iter, total):
    """Exchange from ``k0`` classes, doubling them up to ``k`` (see the module notes)."""
    kc = k0
    histories, moves = [], []
    while True:
        cls[V] = kc
        h, m = _exchange_core(V, kc, cls, count, out_ptr, out_idx, out_cnt, in_ptr, in_idx,
                              in_cnt, max_iter, total)
        histories.append(h if not histories else h[1:])
        moves.append(m)
        if kc >= k:
            break
        new = min(2 * kc, k)
        words = cls[:V]
        for c in range(new - kc):
            members = np.flatnonzero(words == c)
            words[members[1::2]] = kc + c
        kc = new
    cls[V] = k
    return np.concatenate(histories), np.concatenate(moves)


def induce_exchange(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED, max_iter: int = 20,
                    init: str = "rank", restarts: int = 1, refine: int = 3,
                    column: str = "form") -> TagInduction:
    """Exchange (mkcls-style) clustering of the ``column`` words into ``k`` classes.

    Parameters
    ----------
    max_iter
        Maximum passes over the vocabulary at each refinement step.
    init
        ``"rank"`` (deterministic, see the module) or ``"random"`` (uniform
        from ``seed``).
    restarts
        Keep the best likelihood of this many runs: the first from ``init``,
        the others random from ``seed`` (as mkcls).
    refine
        Start from ``min(2**refine, k)`` classes (see the module; 0: from ``k``).

    Returns
    -------
    TagInduction
        ``log["loglik"]``: the likelihood after each pass (never decreasing
        within a refinement step); ``log["moves"]``: the words moved.

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
    _check_options(k, max_iter, refine, init, restarts)
    values, offsets, types, counts, dense = type_counts(corpus, column)
    n = len(types)
    order, new_id = _ranked(counts)
    code_rank = np.where(dense >= 0, new_id[np.maximum(dense, 0)], -1)
    a, b, c = bigram_counts(values, offsets, n, boundary=n, table=code_rank)
    word_class, n_used, log = _fit(n, a, b, c, k, seed=seed, max_iter=max_iter, init=init,
                                   restarts=restarts, refine=refine)
    code_tag = np.where(code_rank >= 0, word_class[np.maximum(code_rank, 0)], -1)
    return _result(gather(code_tag, values), types, order, word_class, n_used, log, k,
                   seed=seed, max_iter=max_iter, init=init, restarts=restarts, refine=refine,
                   column=column)


def _check_options(k: int, max_iter: int, refine: int, init: str, restarts: int) -> None:
    check_range("k", k, 1)
    check_range("max_iter", max_iter, 0, MAX_ITERATIONS)
    check_range("refine", refine, 0, 30)
    check_choice("init", init, ("rank", "random"))
    check_range("restarts", restarts, 1, MAX_ITERATIONS)


def _ranked(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(order, new_id)``: types by decreasing count (ties: first id first) and their ranks."""
    n = len(counts)
    order = np.argsort(rank_of_counts(counts), kind="stable")
    new_id = np.empty(n, dtype=np.int64)
    new_id[order] = np.arange(n)
    return order, new_id


def _fit(n: int, a, b, c, k: int, *, seed, max_iter, init, restarts, refine):
    """Classes of ``n`` words (rank ids) from their distinct bigrams (boundary id ``n``).

    Returns ``(word_class, n_used, log)``: each word's class, renumbered by
    its most frequent word, the number of classes used, and the training log.
    """
    out_ptr, out_idx, out_cnt = csr(a, b, c, n + 1)
    in_ptr, in_idx, in_cnt = csr(b, a, c, n + 1)
    out_cnt = out_cnt.astype(np.int64)
    in_cnt = in_cnt.astype(np.int64)
    count = np.bincount(a, weights=c, minlength=n + 1).astype(np.int64)
    total = int(c.sum()) + int(count.max(initial=0))
    k0 = min(2 ** refine, k) if refine else k
    gen = rng(seed)
    best = None
    for run in range(restarts):
        if run == 0 and init == "rank":
            cls = (np.arange(n + 1) % k0).astype(np.int64)
        else:
            cls = gen.integers(0, k0, size=n + 1).astype(np.int64)
        history, moves = _refined(n, k, k0, cls, count, out_ptr, out_idx, out_cnt,
                                  in_ptr, in_idx, in_cnt, max_iter, total)
        if best is None or history[-1] > best[1][-1]:
            best = (cls, history, moves, run)
    cls, history, moves, best_run = best
    word_class = cls[:n]
    # renumber classes by their most frequent word
    used, first = np.unique(word_class, return_index=True)
    renum = np.full(k, -1, dtype=np.int64)
    renum[used[np.argsort(first)]] = np.arange(len(used))
    return renum[word_class], len(used), {"loglik": history.tolist(), "moves": moves.tolist(),
                                          "best_run": best_run}


def _result(tags, types, order, word_class, n_used, log, k, *, seed, max_iter, init, restarts,
            refine, column) -> TagInduction:
    n = len(types)
    type_clusters = {types[order[r]]: int(word_class[r]) for r in range(n)}
    random_used = init == "random" or restarts > 1
    sig = make_signature("exchange", {"k": k, "init": init, "max_iter": max_iter,
                                      "restarts": restarts, "refine": refine, "column": column},
                         seed=seed if random_used else None)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=set(),
                        n_clusters=n_used, model="exchange", signature=sig, log=log)


def exchange_from_counts(types: list[str], counts: np.ndarray, a: np.ndarray, b: np.ndarray,
                         c: np.ndarray, k: int, *, seed: int = DEFAULT_SEED, max_iter: int = 20,
                         init: str = "rank", restarts: int = 1, refine: int = 3,
                         column: str = "form") -> TagInduction:
    """:func:`induce_exchange` from type counts and bigram counts instead of a corpus.

    ``types`` in the order of their codes in the corpus (ties between equal
    ``counts`` go to the first); ``a, b, c``: the distinct bigrams as type
    ids, each sentence wrapped in the boundary id ``len(types)``, and their
    counts; the other parameters as :func:`induce_exchange`'s (``column``
    only names the column in the signature).  The result is the one on the
    corpus the counts come from, with empty ``tags`` (see
    :func:`~induceval.models.categories.counts.tag_tokens`).

    Parameters
    ----------
    types
        The word types, in corpus code order.
    counts
        Their token counts.
    a, b, c
        The distinct bigrams as type ids (boundary ``len(types)``), and their counts.
    k
        The number of clusters.
    seed, max_iter, init, restarts, refine
        As in :func:`induce_exchange`.
    column
        The column named in the signature.

    Returns
    -------
    TagInduction
        The type clusters, with empty ``tags``.

    Example
    -------
    >>> # "a b" twice, "c b" once: boundary id 3
    >>> r = exchange_from_counts(["a", "b", "c"], np.array([2, 3, 1]),
    ...     np.array([0, 1, 2, 3, 3]), np.array([1, 3, 1, 0, 2]), np.array([2, 3, 1, 2, 1]), 2)
    >>> r.type_clusters["a"] == r.type_clusters["c"] != r.type_clusters["b"], r.tags.size
    (True, 0)
    """
    _check_options(k, max_iter, refine, init, restarts)
    n = len(types)
    order, new_id = _ranked(np.asarray(counts, dtype=np.int64))
    to_rank = np.append(new_id, n)
    a, b = to_rank[np.asarray(a, np.int64)], to_rank[np.asarray(b, np.int64)]
    word_class, n_used, log = _fit(n, a, b, np.asarray(c, np.int64), k, seed=seed,
                                   max_iter=max_iter, init=init, restarts=restarts, refine=refine)
    return _result(np.zeros(0, np.int32), list(types), order, word_class, n_used, log, k,
                   seed=seed, max_iter=max_iter, init=init, restarts=restarts, refine=refine,
                   column=column)
