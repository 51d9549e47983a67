"""Gold-free substitutable precision and recall (Frank, Goldwater & Keller 2009, eqs. 2-3).

S-clusters are built from *frames* ``a _ b`` (two words with exactly one
word between them) of a separate test corpus:

- every word of a frame, and every word inside an S-cluster, carries the
  cluster the model assigned it (``word|cluster``), so an ambiguous frame
  (``to|INF _ cake`` vs ``to|PREP _ cake``) gives separate S-clusters;
- sentence-boundary markers ``<s>`` and ``</s>`` pad every sentence and are
  frame words (with their own cluster);
- a frame counts only if it occurs in both the training and the test corpus
  and more than once in the test corpus (``min_frame_count=2``; every test
  occurrence counts, whatever its middle word);
- an S-cluster holds the (clustered) test word types found in the frame that
  are in the training vocabulary.

With ``S`` the S-clusters and ``C`` the model clusters (sets of clustered
word types over the model's vocabulary),

    SP = sum_s sum_c |s∩c|(|s∩c|-1) / sum_c |c|(|c|-1)       (eq. 2)
    SR = sum_s sum_c |s∩c|(|s∩c|-1) / sum_s |s|(|s|-1)       (eq. 3)

The three sums are the additive statistics (:class:`SubstitutableStats`).
Unclustered words: ``merge`` puts every unclustered type into one cluster
``UNCLUSTERED`` (frames and S-cluster members carry it); ``split`` gives each
its own cluster, which contributes no pair (Frank et al. 2009, "Effect of
unclustered words").

Cluster sizes ``|c|`` (``cluster_size``, in the signature as ``csize``; the
paper does not spell the choice out): by default the *training tokens* the
model put in ``c`` (``"tokens"``), the reading that reproduces the magnitude
of Frank et al. 2009's SP values; ``"types"`` counts word types over the
clustering's vocabulary (the keys of a type clustering, or the distinct
(form, cluster) pairs of the training tagging), as the set notation of eq. 2
reads.

SP is not bounded by 1: S-clusters overlap and the numerator sums over all
of them, while the denominator counts each cluster once.  Hand-worked:
train on ``a0 ... a19`` plus the one-word sentences ``x`` and
``y`` (one cluster; every ``a_i`` alone); test on the 36 sentences
``a(i-1) x a(i+1)`` and ``a(i-1) y a(i+1)`` (i = 1..18): each of the 18
frames gives the S-cluster {x, y}, one same-cluster pair, and the only
cluster pair is (x, y): SP = 18.  SP also grows about linearly with the test
corpus (on Manchester-trained models 7.9e-7 with 114k test tokens, 8.9e-6
with 906k; SR .37-.38), so SP values compare only on the same test corpus.

Token-level models (the Bayesian HMM, frequent frames): give the training
tokens' own labels (``train_tags``) and test labels from
:func:`context_labels`; every frame word then carries its own token's
cluster (Frank et al. 2009, p. 2578), while a type clustering labels every
token of a word alike.

References
----------
Frank, Goldwater & Keller (2009), CogSci 31, "Substitutable Precision and
Recall", eqs. (2)-(3), and the Manchester/CHILDES protocol.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> for s in ("the dog runs", "the cat runs", "a dog sleeps"):
...     b.add_sentence({"form": s.split()})
>>> train = b.build()
>>> b = CorpusBuilder()
>>> for s in ("the dog runs", "the cat runs", "the cat runs"):
...     b.add_sentence({"form": s.split()})
>>> test = b.build()
>>> # qualifying test frames (>= 2 test occurrences, seen in training):
>>> # "the _ runs" -> {dog|1, cat|1}; "<s> _ cat" -> {the|0}; "cat _ </s>" -> {runs|2}
>>> cl = {"the": 0, "a": 0, "dog": 1, "cat": 1, "runs": 2, "sleeps": 2}
>>> r = substitutable_scores(train, test, cl, cluster_size="types")
>>> r.stats.n_frames, r.stats.overlap_pairs, r.stats.s_pairs, r.stats.c_pairs
(3, 1, 1, 3)
>>> r.scores["sp"], r.scores["sr"]
(0.3333333333333333, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.stats import majority_labels
from induceval.errors import (
    InducevalError,
    MismatchError,
    ParameterError,
    check_choice,
    check_range,
)
from induceval.measures.categories.token import _pairs
from induceval.measures.result import Measure, Result, ratio_of, score_records
from induceval.measures.shards import (
    Evaluation,
    ReadOptions,
    Shard,
    evaluate_shards,
    system_names,
)
from induceval.signature import make_signature

__all__ = ["RECORDS", "SUBSTITUTABLE", "SubstitutableStats", "SubstitutableResult",
           "substitutable_stats", "substitutable_scores", "evaluate_substitutable", "sp_sr",
           "context_labels", "majority_clusters"]


@dataclass(frozen=True)
class SubstitutableStats:
    """Sufficient statistics of SP/SR: the three pair sums of eqs. 2-3, plus counts.

    ``overlap_pairs = sum_s sum_c |s∩c|(|s∩c|-1) / 2``; ``c_pairs = sum_c
    |c|(|c|-1) / 2``; ``s_pairs = sum_s |s|(|s|-1) / 2`` (unordered pairs; the
    factor 2 cancels).
    """

    overlap_pairs: int
    s_pairs: int
    c_pairs: int
    n_frames: int = 0
    n_s_members: int = 0
    n_test_oov_tokens: int = 0

    def __add__(self, other: SubstitutableStats) -> SubstitutableStats:
        """Add the S-cluster sums of two test sets (cluster pairs must agree)."""
        if not isinstance(other, SubstitutableStats):
            return NotImplemented
        if other.c_pairs != self.c_pairs:
            raise ParameterError("cannot add SP/SR statistics of different clusterings")
        return SubstitutableStats(self.overlap_pairs + other.overlap_pairs,
                                  self.s_pairs + other.s_pairs, self.c_pairs,
                                  self.n_frames + other.n_frames,
                                  self.n_s_members + other.n_s_members,
                                  self.n_test_oov_tokens + other.n_test_oov_tokens)


#: the columns the measures of :data:`RECORDS` divide: the three pair sums
PAIR_SUMS = ("overlap_pairs", "s_pairs", "c_pairs")
_SP, _SR = ratio_of(0, 2), ratio_of(0, 1)


def _sf(totals: np.ndarray) -> np.ndarray:
    sp, sr = _SP(totals), _SR(totals)
    both = ~np.isnan(sp) & ~np.isnan(sr)
    return np.where(both & (sp + sr > 0), 2 * sp * sr / np.where(sp + sr > 0, sp + sr, 1.0),
                    np.where(both, 0.0, np.nan))


def _measure(name: str, description: str, score) -> Measure:
    return Measure(name, "token", True, 0, math.inf, description, "Frank et al. 2009, eqs. 2-3",
                   "substitutable", score)


#: the substitutable measures (scores of the :data:`PAIR_SUMS` totals)
RECORDS: tuple[Measure, ...] = (
    _measure("sp", "substitutable precision", _SP),
    _measure("sr", "substitutable recall", _SR),
    _measure("sf", "substitutable F", _sf),
)


def sp_sr(stats: SubstitutableStats) -> dict[str, float]:
    """SP, SR (and their F) from the statistics; ``nan`` when a denominator is 0.

    Parameters
    ----------
    stats
        The pair sums from :func:`substitutable_stats`.

    Returns
    -------
    dict of str to float
        ``sp``, ``sr`` and ``sf``.

    Example
    -------
    >>> sp_sr(SubstitutableStats(2, 4, 8))
    {'sp': 0.25, 'sr': 0.5, 'sf': 0.3333333333333333}
    """
    totals = np.array([[getattr(stats, c) for c in PAIR_SUMS]], dtype=np.float64)
    return {k: float(v[0]) for k, v in score_records(RECORDS, totals).items()}


@dataclass(repr=False)
class SubstitutableResult(Result):
    """SP/SR scores with their statistics and signature (a
    :class:`~induceval.measures.result.Result`; ``notes``: what was decided about
    the prediction, e.g. the clusters of a tagged corpus)."""

    notes: tuple = ()

    @property
    def stats(self) -> SubstitutableStats:
        """The :class:`SubstitutableStats` (the ``statistics``)."""
        return self.statistics


def _form_strings(corpus: Corpus, column: str) -> tuple[np.ndarray, list[str]]:
    col = corpus.column(column)
    if col.vocab is None:
        raise ParameterError(f"column {column!r} is not categorical")
    return col.values.astype(np.int64), col.vocab.items


def _words(train: Corpus, test: Corpus, column: str) -> tuple:
    """Form codes and strings of both corpora, and each test token's training word
    (``-1``: out of the training vocabulary)."""
    tr_codes, tr_items = _form_strings(train, column)
    te_codes, te_items = _form_strings(test, column)
    tr_index = {w: i for i, w in enumerate(tr_items)}
    te_words = np.array([tr_index.get(w, -1) for w in te_items] + [-1],
                        dtype=np.int64)[te_codes]
    return tr_codes, tr_items, te_codes, te_items, te_words


def _train_tags(train_tags, n_train: int) -> np.ndarray:
    tr_tags = np.asarray(train_tags, dtype=np.int64)
    if len(tr_tags) != n_train:
        raise MismatchError(f"train_tags has {len(tr_tags)} codes for {n_train} "
                            "training tokens")
    return tr_tags


def _frame_codes(corpus: Corpus, words: np.ndarray, tags: np.ndarray, n_lab: int,
                 boundaries: bool, M: int) -> np.ndarray:
    """For each token, the code of its frame (left key, right key); -1 = no frame.

    A key is ``(slot) * n_lab + tag`` with slot 0 = ``<s>``, 1 = ``</s>``,
    2 = out-of-vocabulary, ``3 + w`` = training word ``w``.
    """
    k = (words + 3) * n_lab + tags
    n = len(k)
    bnd = n_lab - 1
    left = np.full(n, -1, dtype=np.int64)
    right = np.full(n, -1, dtype=np.int64)
    if n:
        left[1:] = k[:-1]
        right[:-1] = k[1:]
    starts, ends = corpus.offsets[:-1], corpus.offsets[1:]
    ne = ends > starts
    valid = np.ones(n, dtype=bool)
    if boundaries:
        left[starts[ne]] = 0 * n_lab + bnd
        right[ends[ne] - 1] = 1 * n_lab + bnd
    else:
        valid[starts[ne]] = False
        valid[ends[ne] - 1] = False
    return np.where(valid, left * M + right, -1)


def _clusters_of(clustering, train_tags, n_train: int, n_test: int, tr_codes, tr_items,
                 te_codes, te_items) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Cluster codes of the training and test tokens, the model's cluster sizes in
    word types, and its unclustered word types (see :func:`substitutable_stats`)."""
    used_tr = np.unique(tr_codes)
    if isinstance(clustering, Mapping):
        local: dict = {}
        for c in clustering.values():
            if c is not None:
                local.setdefault(c, len(local))

        def tags(items, codes):
            return np.array([-1 if clustering.get(w) is None else local[clustering.get(w)]
                             for w in items] + [-1], dtype=np.int64)[codes]

        tr_tags, te_tags = tags(tr_items, tr_codes), tags(te_items, te_codes)
        # model clusters over the model's vocabulary: clustering keys + training words
        c_sizes = np.bincount([local[c] for c in clustering.values() if c is not None],
                              minlength=len(local)).astype(np.int64)
        vocab = set(clustering) | {tr_items[i] for i in used_tr.tolist()}
        n_unc_types = sum(1 for w in vocab if clustering.get(w) is None)
    else:
        te_tags = np.asarray(clustering, dtype=np.int64)
        if len(te_tags) != n_test:
            raise MismatchError(f"clustering has {len(te_tags)} codes for {n_test} "
                                "test tokens")
        if train_tags is None:
            raise ParameterError("a token-level clustering needs train_tags (cluster codes of "
                                 "the training tokens)")
        tr_tags = _train_tags(train_tags, n_train)
        ok = tr_tags >= 0
        nk = int(tr_tags.max(initial=0)) + 1
        pairs = np.unique(tr_codes[ok] * nk + tr_tags[ok])
        c_sizes = np.bincount(pairs % nk, minlength=nk).astype(np.int64)
        n_unc_types = int(np.unique(tr_codes[~ok]).size)
    return tr_tags, te_tags, c_sizes, n_unc_types


def substitutable_stats(train: Corpus, test: Corpus, clustering, *, train_tags=None,
                        form_column: str = "form", unclustered: str = "merge",
                        min_frame_count: int = 2, boundaries: bool = True,
                        cluster_size: str = "tokens") -> SubstitutableStats:
    """The pair sums of SP/SR (see the module docstring for the frame rules).

    Parameters
    ----------
    train, test
        Training and (separate) test corpora.
    clustering
        Either a mapping ``form -> cluster label`` (a type clustering; absent
        forms and ``None`` values are unclustered) applied to both corpora, or
        an integer array of cluster codes aligned with the test tokens
        (``-1`` = unclustered); then ``train_tags`` must give the training
        tokens' codes in the same code space.
    train_tags
        Cluster codes of the training tokens (token-level clusterings only).
    unclustered
        ``"merge"`` or ``"split"``.
    min_frame_count
        A frame counts when it occurs at least this many times in the test
        corpus (paper: 2).
    boundaries
        Pad sentences with ``<s>``/``</s>`` frame words (paper: yes).
    cluster_size
        ``"tokens"`` (the magnitudes of Frank et al. 2009, Table 3, SP ~ 1e-5
        to 1e-4) or ``"types"`` (then HC and FF on Manchester, split, get SP > 1).

    Returns
    -------
    SubstitutableStats
        The pair sums (overlap, substitutable and same-cluster pairs) and the
        counts of frames, members and out-of-vocabulary test tokens.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> train = generate_demo_corpus(n_sentences=20, seed=1)
    >>> test = generate_demo_corpus(n_sentences=20, seed=2)
    >>> f, x = train.tokens["form"], train.tokens["xpos"]
    >>> by_tag = {f.vocab[w]: x.vocab[t] for w, t in zip(f.values.tolist(), x.values.tolist())}
    >>> substitutable_stats(train, test, by_tag).c_pairs
    308
    """
    check_choice("unclustered", unclustered, ("merge", "split"))
    check_choice("cluster_size", cluster_size, ("types", "tokens"))
    check_range("min_frame_count", min_frame_count, 1)
    tr_codes, tr_items, te_codes, te_items, te_words = _words(train, test, form_column)
    tr_tags, te_tags, c_sizes, n_unc_types = _clusters_of(
        clustering, train_tags, train.n_tokens, test.n_tokens, tr_codes, tr_items, te_codes,
        te_items)
    if cluster_size == "tokens":
        c_sizes = np.bincount(tr_tags[tr_tags >= 0], minlength=len(c_sizes)).astype(np.int64)
        n_unc_types = int(np.sum(tr_tags < 0)) if unclustered == "merge" else 0
    if unclustered == "merge" and n_unc_types:
        c_sizes = np.append(c_sizes, n_unc_types)
    c_pairs = _pairs(c_sizes)

    # shared word space: the training vocabulary; test words map into it (OOV = -1)
    V = len(tr_items)
    n_clusters = int(max(tr_tags.max(initial=-1), te_tags.max(initial=-1))) + 1
    unc_lab, n_lab = n_clusters, n_clusters + 2  # last label = boundary
    # frame words: an unclustered word is labelled UNCLUSTERED; under split its word
    # identity, already in the key, makes it its own cluster
    tr_keys_tags = np.where(tr_tags < 0, unc_lab, tr_tags)
    te_keys_tags = np.where(te_tags < 0, unc_lab, te_tags)
    M = (V + 3) * n_lab  # every key is below M
    tr_frame = _frame_codes(train, tr_codes, tr_keys_tags, n_lab, boundaries, M)
    te_frame = _frame_codes(test, te_words, te_keys_tags, n_lab, boundaries, M)
    tr_set = np.unique(tr_frame[tr_frame >= 0])
    uf, inv, cnt = np.unique(te_frame, return_inverse=True, return_counts=True)
    frame_ok = (cnt >= min_frame_count) & (uf >= 0) & np.isin(uf, tr_set)
    in_frame = frame_ok[inv]
    tok_ok = in_frame & (te_words >= 0)
    n_oov = int(np.sum(in_frame & (te_words < 0)))
    fid = inv[tok_ok].astype(np.int64)
    words, tags = te_words[tok_ok], te_tags[tok_ok]
    cl = np.where(tags < 0, unc_lab if unclustered == "merge" else n_lab + words, tags)
    NC = n_lab + V + 1
    mem = np.unique((fid * (V + 1) + words) * NC + cl)
    m_cl = mem % NC
    m_fid = (mem // NC) // (V + 1)
    s_sizes = np.bincount(m_fid) if len(m_fid) else np.zeros(0, dtype=np.int64)
    _, sc = np.unique(m_fid * NC + m_cl, return_counts=True)
    return SubstitutableStats(
        overlap_pairs=_pairs(sc), s_pairs=_pairs(s_sizes), c_pairs=c_pairs,
        n_frames=int(np.count_nonzero(s_sizes)), n_s_members=int(len(mem)),
        n_test_oov_tokens=n_oov)


def context_labels(train: Corpus, train_tags, test: Corpus, *,
                   form_column: str = "form") -> np.ndarray:
    """Cluster labels for the test tokens from a token-level model's training labels.

    Frank et al. 2009 does not say how models that label tokens labelled the
    test words.  Each test token takes the majority label (ties to the lower
    code) of the same word in the same context in training (previous and next
    word, sentence boundaries included) -- for frequent frames exactly the
    model's rule (Frank et al. 2009, p. 2579); else the word's majority
    training label; ``-1`` for a word never labelled in training.

    Parameters
    ----------
    train
        The training corpus.
    train_tags
        The model's cluster code of every training token (``-1``: none).
    test
        The test corpus.
    form_column
        The column holding the words.

    Returns
    -------
    numpy.ndarray
        A cluster code per test token, ``-1`` for words never labelled in training.

    Example
    -------
    Hand-worked: in training ``to`` is labelled 0 in "going to eat" and 1 in
    "next to his"; in the test, "going to eat" gives ``to`` 0, "next to his"
    gives 1, and "up to me" (unseen context) the majority label, 0 (a tie
    between 0 and 1 goes to the lower code).

    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ("going to eat", "next to his"):
    ...     b.add_sentence({"form": s.split()})
    >>> train = b.build()
    >>> tags = np.array([5, 0, 6, 7, 1, 8])
    >>> b = CorpusBuilder()
    >>> for s in ("going to eat", "next to his", "up to me"):
    ...     b.add_sentence({"form": s.split()})
    >>> context_labels(train, tags, b.build()).tolist()
    [5, 0, 6, 7, 1, 8, -1, 0, -1]
    """
    tr_tags = _train_tags(train_tags, train.n_tokens)
    tr_codes, tr_items, _, _, te_words = _words(train, test, form_column)
    V = len(tr_items)
    B = V + 3  # 0 = <s>, 1 = </s>, 2 = OOV, 3 + w = word

    def keys(corpus: Corpus, words: np.ndarray) -> np.ndarray:
        w = np.where(words < 0, 2, words + 3)
        left = np.empty_like(w)
        right = np.empty_like(w)
        if len(w):
            left[1:] = w[:-1]
            right[:-1] = w[1:]
        starts, ends = corpus.offsets[:-1], corpus.offsets[1:]
        ne = ends > starts
        left[starts[ne]] = 0
        right[ends[ne] - 1] = 1
        return (left * B + w) * B + right

    nk = int(tr_tags.max(initial=-1)) + 1
    out = np.full(test.n_tokens, -1, dtype=np.int64)
    if nk == 0 or test.n_tokens == 0:
        return out
    ok = tr_tags >= 0
    # majority label of each training context and of each word
    lab = tr_tags[ok]
    ck, cl = majority_labels(keys(train, tr_codes)[ok], lab, nk)
    wk, wl = majority_labels(tr_codes[ok], lab, nk)
    word_lab = np.full(V, -1, dtype=np.int64)
    word_lab[wk] = wl
    seen = te_words >= 0
    out[seen] = word_lab[te_words[seen]]
    te_ctx = keys(test, te_words)
    pos = np.minimum(np.searchsorted(ck, te_ctx), len(ck) - 1)
    hit = seen & (ck[pos] == te_ctx)
    out[hit] = cl[pos[hit]]
    return out


def substitutable_scores(train: Corpus, test: Corpus, clustering, *, train_tags=None,
                         form_column: str = "form", unclustered: str = "merge",
                         min_frame_count: int = 2, boundaries: bool = True,
                         cluster_size: str = "tokens") -> SubstitutableResult:
    """Substitutable precision and recall of a clustering (Frank et al. 2009, eqs. 2-3).

    See the module docstring for the frame rules.

    Parameters
    ----------
    train, test, clustering, train_tags
        The corpora and the clustering, as in :func:`substitutable_stats`.
    form_column, unclustered, min_frame_count, boundaries, cluster_size
        As in :func:`substitutable_stats`.

    Returns
    -------
    SubstitutableResult
        Scores ``sp``, ``sr`` and ``sf`` (their harmonic mean), the
        statistics and a signature.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ("the dog runs", "the cat runs", "the cat runs"):
    ...     b.add_sentence({"form": s.split()})
    >>> corpus = b.build()
    >>> r = substitutable_scores(corpus, corpus, {"the": 0, "dog": 1, "cat": 1, "runs": 2})
    >>> r.signature.startswith("spsr|"), r.scores["sr"]
    (True, 1.0)
    """
    stats = substitutable_stats(train, test, clustering, train_tags=train_tags,
                                form_column=form_column, unclustered=unclustered,
                                min_frame_count=min_frame_count, boundaries=boundaries,
                                cluster_size=cluster_size)
    sig = make_signature("spsr", {"unclustered": unclustered, "min_frame": min_frame_count,
                                  "boundaries": boundaries, "csize": cluster_size})
    return SubstitutableResult(sp_sr(stats), sig, {}, stats, SUBSTITUTABLE)


def majority_clusters(pred: Corpus, columns: Sequence[str] = ("upos", "cpos", "xpos")
                      ) -> tuple[dict, int]:
    """Word -> the cluster most of its tokens have in a tagged corpus, and how many
    words had several clusters.

    The cluster column is the first of ``columns`` the corpus has; ties go to the
    first cluster label in sorting order; ``UNCLUSTERED`` (or a missing tag) is
    ``None``.

    Parameters
    ----------
    pred
        A tagged corpus (a prediction).
    columns
        Candidate cluster columns, the first present is read.

    Returns
    -------
    tuple of (dict, int)
        Word -> majority cluster (``None`` when unclustered), and the number of
        words seen with several clusters.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["the", "dog", "the"], "upos": ["3", "1", "3"]})
    >>> b.add_sentence({"form": ["dog", "the"], "upos": ["2", "UNCLUSTERED"]})
    >>> clusters, n_several = majority_clusters(b.build())
    >>> sorted(clusters.items()), n_several
    ([('dog', '1'), ('the', '3')], 2)
    """
    from induceval.measures.categories.contingency import UNCLUSTERED_LABEL

    col = next((c for c in columns if c in pred.tokens), None)
    if col is None:
        raise ParameterError(f"{pred.name or 'the prediction'} has no cluster column "
                             f"({', '.join(columns)}); it has: {', '.join(sorted(pred.tokens))}")
    forms, tags = pred.tokens["form"], pred.tokens[col]
    labels = list(tags.vocab.items)
    rank = np.argsort(np.argsort(np.array(labels, dtype=object)))   # label sorting order
    f, t = forms.values.astype(np.int64), tags.values.astype(np.int64)
    ok = (f >= 0) & (t >= 0)
    keys, counts = np.unique(f[ok] * len(labels) + t[ok], return_counts=True)
    w, c = keys // len(labels), keys % len(labels)
    order = np.lexsort((rank[c], -counts, w))
    w, c = w[order], c[order]
    first = np.ones(len(w), dtype=bool)
    first[1:] = w[1:] != w[:-1]
    n_several = int(np.count_nonzero(np.bincount(w, minlength=1) > 1)) if len(w) else 0
    out = {forms.vocab[wi]: None if labels[ci] == UNCLUSTERED_LABEL else labels[ci]
           for wi, ci in zip(w[first].tolist(), c[first].tolist())}
    return out, n_several


class _SubstitutableFamily:
    """The substitutable measures for :func:`~induceval.measures.shards.evaluate_shards`.

    The gold side is the training and the test corpus (in that order); each
    system is a word clustering: a ``{word: cluster}`` mapping, a
    ``word<TAB>cluster`` list, or a tagged corpus (each word takes its most
    frequent cluster, :func:`majority_clusters`).  S-clusters come from the
    frames of the whole test corpus, so a text is one shard.
    """

    name = "substitutable"
    measures = RECORDS

    def options(self, unclustered="merge", min_frame_count=2, boundaries=True,
                cluster_size="tokens", form_column="form", gold_name=None) -> dict:
        """Every option of :func:`substitutable_scores`, checked, with its default."""
        check_choice("unclustered", unclustered, ("merge", "split"))
        check_choice("cluster_size", cluster_size, ("tokens", "types"))
        check_range("min_frame_count", min_frame_count, 1)
        return dict(unclustered=unclustered, min_frame_count=min_frame_count,
                    boundaries=bool(boundaries), cluster_size=cluster_size,
                    form_column=form_column, gold_name=gold_name)

    def inventory(self, golds, options) -> dict:
        return {}

    def resolve(self, inventory: dict, options: Mapping) -> dict:
        return {}

    def statistics(self, golds, preds, resolved: Mapping, options: Mapping) -> list:
        train, test = golds
        for what, c in (("training", train), ("test", test)):
            if c.n_tokens == 0:
                raise ParameterError(f"the {what} corpus {c.name or ''} has no tokens")
        out = []
        for pred in preds:
            notes: tuple = ()
            if isinstance(pred, Corpus):
                pred, several = majority_clusters(pred)
                notes = (f"a tagged corpus; each word takes its most frequent cluster "
                         f"({several} words had several)",)
            stats = substitutable_stats(
                train, test, pred, form_column=options["form_column"],
                unclustered=options["unclustered"], min_frame_count=options["min_frame_count"],
                boundaries=options["boundaries"], cluster_size=options["cluster_size"])
            out.append(_Noted(stats, notes))
        return out

    def result(self, noted, resolved: Mapping, options: Mapping, inventory
               ) -> SubstitutableResult:
        sig = make_signature("spsr", {"unclustered": options["unclustered"],
                                      "min_frame": options["min_frame_count"],
                                      "boundaries": options["boundaries"],
                                      "csize": options["cluster_size"]})
        stats = noted.stats
        return SubstitutableResult(sp_sr(stats), sig, {"frames": stats.n_frames,
                                                       "s_members": stats.n_s_members},
                                   stats, SUBSTITUTABLE, dict(options), notes=noted.notes)

    def items(self, statistics, options: Mapping):
        raise ParameterError("substitutable scores have no per-item statistics to resample: "
                             "the S-clusters are built over the whole test corpus")

    def reads_itself(self, paths: tuple, fmt: str) -> bool:
        from induceval.measures.categories.io import is_type_list

        # a type list is read as one whatever the corpora's format
        return fmt == "types" or (len(paths) == 1 and Path(paths[0]).is_file()
                                  and is_type_list(paths[0]))

    def read_prediction(self, paths: tuple, fmt: str) -> dict:
        from induceval.measures.categories.io import read_type_clusters

        sets = read_type_clusters(paths[0])
        poly = [w for w, cs in sets.items() if len(cs) > 1]
        if poly:
            raise InducevalError(f"{paths[0]}: word {poly[0]!r} has several clusters; "
                                 "substitutable scores need one cluster per word")
        return {w: (next(iter(cs)) if cs else None) for w, cs in sets.items()}


@dataclass(frozen=True)
class _Noted:
    """One system's statistics with the notes on how its prediction was read (one shard
    a text: the sum of one)."""

    stats: SubstitutableStats
    notes: tuple = ()


#: the substitutable measures as a family of :mod:`induceval.measures.shards`
SUBSTITUTABLE = _SubstitutableFamily()


def evaluate_substitutable(train, test, preds: Sequence, *, names: Sequence[str] | None = None,
                           unclustered: str = "merge", min_frame_count: int = 2,
                           boundaries: bool = True, cluster_size: str = "tokens",
                           form_column: str = "form", read: ReadOptions | None = None,
                           executor=None, jobs: int = 1) -> Evaluation:
    """Substitutable precision and recall of several word clusterings (Frank et al.
    2009, eqs. 2-3), through the one evaluation driver.

    Parameters
    ----------
    train, test
        The training corpus (cluster sizes) and the test corpus (frames): a
        :class:`~induceval.corpus.model.Corpus` or a path (a file, a folder or
        a list of files read as one corpus).
    preds
        Per system: a ``{word: cluster}`` mapping, a ``word<TAB>cluster`` list,
        or a tagged corpus (each word takes its most frequent cluster), in
        memory or as a path.
    names
        The systems' names (default: the file stems, as ``eval substitutable``
        names them; :func:`~induceval.measures.shards.system_names`).
    unclustered, min_frame_count, boundaries, cluster_size, form_column
        As in :func:`substitutable_stats` (the defaults of ``eval substitutable``).
    read
        How files are read (formats, ``on_error``; only the words are needed,
        so a fault in another tier of a transcript is counted, not raised).
    executor, jobs
        Where the corpora are read (:func:`~induceval.measures.shards.evaluate_shards`;
        the numbers do not depend on it).

    Returns
    -------
    Evaluation
        One :class:`SubstitutableResult` per system, by name.

    References
    ----------
    Frank, Goldwater & Keller (2009), eqs. 2-3.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=60, seed=1)
    >>> words = {w: len(w) for w in demo.tokens["form"].vocab.items}   # cluster = length
    >>> ev = evaluate_substitutable(demo, demo, [words])
    >>> sorted(ev.results[0].scores)
    ['sf', 'sp', 'sr']
    """
    from dataclasses import replace

    opts = SUBSTITUTABLE.options(unclustered=unclustered, min_frame_count=min_frame_count,
                                 boundaries=boundaries, cluster_size=cluster_size,
                                 form_column=form_column)
    names = system_names(preds, names)
    read = read or ReadOptions()
    columns = (opts["form_column"],)
    read = replace(read, gold_columns=columns,
                   pred_columns=read.pred_columns if read.pred_columns is not None
                   else ("form", "upos", "cpos", "xpos"))

    def source(x):
        return (str(x),) if isinstance(x, (str, Path)) else \
            tuple(map(str, x)) if isinstance(x, list) else x

    shard = Shard((source(train), source(test)), tuple(source(p) for p in preds), read)
    return evaluate_shards(SUBSTITUTABLE, [shard], opts, executor=executor, jobs=jobs,
                           names=names)
