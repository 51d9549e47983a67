"""How a WOPA learner orders a bag of words (Chang, Lieven & Tomasello 2006, pp. 155-156).

A learner is trained on utterances (:func:`train`) and then produces each test
utterance from its bag of words; the measure (:mod:`induceval.measures.wopa`)
scores what it produced.

Statistics, learned from the training utterances per learner: context
``C(p -> c)``, how often category ``c`` directly follows the word (or initial
previous word) ``p``, and access ``A(c > w)``, how often ``c`` precedes word
``w`` anywhere later in the utterance, each divided by how often the two
co-occur in one utterance.  Co-occurrence pairs two *different* positions of
the utterance (so a word does not co-occur with its own category through
itself).  With ``cooccurrence="utterance"`` (default, the paper's words: "how
often two elements both occur in the same utterance") each pair of elements
counts once per utterance; with ``"pairs"`` every pair of positions counts,
which makes ``A(a > b) + A(b > a) = 1`` for two words under Lexstat.

Production: the candidate set is the utterance's words; repeated words are
distinct candidates (the paper's unique labels ``the``/``the-1``) with
identical statistics, and the produced order is compared by word form, so
either copy is correct where the word is expected.  At each step every
remaining candidate ``m`` gets the choice value::

    C(prev -> cat(m)) * |remaining| + sum over other remaining l of A(cat(m) > l)

the highest value is produced, removed, and becomes the previous word.  The
utterance is correct when the produced sequence equals the original.

Ties (values within ``1e-9`` relative) between different words are broken by
``ties="random"`` (default): a candidate drawn uniformly by hashing (seed,
utterance number, step) with SplitMix64, so the result is the same for the
same seed on any machine; or ``ties="pessimistic"``: a tie involving the
expected word is lost.  No rule looks at the original order.  The utterance
number is its position in the test set, kept when the test set is cut into
shards.

The Chance learner's score for an utterance of ``n`` words is its expected
accuracy ``1/n!`` (``chance="paper"``, repeated words counted as distinct, so
slightly below true chance, as the paper notes) or ``prod(k_i!)/n!``
(``chance="exact"``, with ``k_i`` the multiplicities).

Example
-------
>>> from induceval.corpus.utterances import Utterances
>>> u = Utterances.from_lists([["it", "is", "here"], ["here", "it", "is"]])
>>> producer = train(u, "lexstat", ties="pessimistic")
>>> producer.outcomes(u)[0].tolist()      # the paper's example: one of the two is wrong
[1.0, 0.0]
>>> round(chance_accuracy([3, 3]), 3)
0.167
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.utterances import Utterances
from induceval.errors import InducevalError, check_choice, check_range
from induceval.models.wopa.learners import get_learner
from induceval.random import DEFAULT_SEED

__all__ = ["LearnedStatistics", "Production", "learn_statistics", "train", "produce",
           "chance_stats", "chance_accuracy", "TIES", "COOCCURRENCE", "CHANCE"]

TIES = ("random", "pessimistic")
COOCCURRENCE = ("utterance", "pairs")
CHANCE = ("paper", "exact")
_REL_TOL = 1e-9


@dataclass
class LearnedStatistics:
    """A learner's categories and its normalised context and access statistics.

    ``ctx_keys``/``ctx_vals``: sorted keys ``prev * n_cats + cat`` and ratios;
    ``acc_keys``/``acc_vals``: keys ``cat * n_ids + word``.  Counts (numerator,
    co-occurrence) are kept for inspection.
    """

    learner: object
    cats: np.ndarray
    n_cats: int
    n_ids: int
    ctx_keys: np.ndarray
    ctx_vals: np.ndarray
    acc_keys: np.ndarray
    acc_vals: np.ndarray
    vocab: list[str]
    counts: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    def _id(self, word: str) -> int:
        try:
            return self.vocab.index(word)
        except ValueError:
            raise InducevalError(f"{word!r} is not in the vocabulary") from None

    def _key(self, kind: str, a: str, b: str) -> int:
        if kind == "context":
            return self._id(a) * self.n_cats + int(self.cats[self._id(b)])
        return int(self.cats[self._id(a)]) * self.n_ids + self._id(b)

    def context(self, prev: str, word: str) -> float:
        """Normalised context statistic from ``prev`` to ``word``'s category."""
        return _lookup(self.ctx_keys, self.ctx_vals, self._key("context", prev, word))

    def access(self, word: str, later: str) -> float:
        """Normalised access statistic: ``word``'s category before ``later``."""
        return _lookup(self.acc_keys, self.acc_vals, self._key("access", word, later))

    def raw(self, kind: str, a: str, b: str) -> tuple[int, int]:
        """(events, co-occurrences) of ``kind`` ``"context"`` (a -> cat(b)) or ``"access"``."""
        key = self._key(kind, a, b)
        out = []
        for part in ("num", "den"):
            k, c = self.counts[f"{kind}_{part}"]
            i = int(np.searchsorted(k, key))
            out.append(int(c[i]) if i < len(k) and k[i] == key else 0)
        return out[0], out[1]


def _lookup(keys: np.ndarray, vals: np.ndarray, key: int) -> float:
    i = int(np.searchsorted(keys, key))
    return float(vals[i]) if i < len(keys) and keys[i] == key else 0.0


def _category_ids(learner: object, train: Utterances) -> np.ndarray:
    if hasattr(learner, "category_ids"):
        cats = np.asarray(learner.category_ids(train), dtype=np.int64)
    else:
        mapping = learner.categorize(train.as_lists())
        if not isinstance(mapping, Mapping):
            raise InducevalError(f"learner {getattr(learner, 'name', learner)!r}: "
                                 "categorize() must return a word -> category mapping")
        names: dict[str, int] = {}
        cats = np.empty(train.n_ids, dtype=np.int64)
        for i, word in enumerate(train.vocab):
            cat = mapping.get(word)
            cats[i] = names.setdefault(str(cat), len(names)) if cat is not None else -1
        unseen = cats < 0
        cats[unseen] = len(names) + np.flatnonzero(unseen)
    if len(cats) < train.n_ids:
        raise InducevalError(f"learner {getattr(learner, 'name', learner)!r} returned "
                             f"{len(cats)} categories for {train.n_ids} ids")
    # dense re-coding keeps the keys small
    _, dense = np.unique(cats[: train.n_ids], return_inverse=True)
    return dense.astype(np.int64)


def learn_statistics(train: Utterances, learner: object = "lexstat", *,
                     cooccurrence: str = "utterance") -> LearnedStatistics:
    """Categorise the words and collect the normalised context and access statistics.

    Parameters
    ----------
    train
        The training utterances.
    learner
        A name of :data:`~induceval.models.wopa.learners.LEARNERS` or a learner object.
    cooccurrence
        ``"utterance"`` (default) or ``"pairs"``: how access statistics are counted.

    Returns
    -------
    LearnedStatistics
        The learner's categories with their context and access statistics.

    Example
    -------
    >>> st = learn_statistics(Utterances.from_lists([["we", "ate", "the", "cake"]]))
    >>> st.context("we", "ate"), st.access("ate", "cake"), st.access("cake", "ate")
    (1.0, 1.0, 0.0)
    """
    from induceval.models.wopa import _kernels as K

    check_choice("cooccurrence", cooccurrence, COOCCURRENCE)
    learner = get_learner(learner)
    cats = _category_ids(learner, train)
    n_cats = int(cats.max()) + 1 if len(cats) else 1
    n_ids = train.n_ids
    ctx, cden, acc, aden = K.collect_keys(train.offsets, train.words.astype(np.int64),
                                          train.start.astype(np.int64), cats, n_cats, n_ids,
                                          cooccurrence == "pairs")
    counts = {name: K.count_sorted(keys) for name, keys in (
        ("context_num", ctx), ("context_den", cden), ("access_num", acc), ("access_den", aden))}
    ctx_vals = K.ratios(*counts["context_num"], *counts["context_den"])
    acc_vals = K.ratios(*counts["access_num"], *counts["access_den"])
    return LearnedStatistics(learner, cats, n_cats, n_ids, counts["context_num"][0], ctx_vals,
                             counts["access_num"][0], acc_vals, train.vocab, counts)


def _extend(st: LearnedStatistics, n_ids: int) -> tuple:
    """Categories and keys over ``n_ids`` ids (ids unseen by the learner get own categories)."""
    cats = st.cats
    if n_ids <= st.n_ids:
        return cats, st.n_cats, st.n_ids, (st.ctx_keys, st.ctx_vals, st.acc_keys, st.acc_vals)
    extra = st.n_cats + np.arange(n_ids - len(cats), dtype=np.int64)
    cats = np.concatenate([cats, extra])
    n_cats = st.n_cats + len(extra)
    prev, cat = np.divmod(st.ctx_keys, st.n_cats)
    acat, word = np.divmod(st.acc_keys, st.n_ids)
    # the re-based keys keep their order (both factors grow), so they stay sorted
    keys = (prev * n_cats + cat, st.ctx_vals, acat * n_ids + word, st.acc_vals)
    return cats, n_cats, n_ids, keys


def _produce_all(st: LearnedStatistics, test: Utterances, numbers: np.ndarray, ties: str,
                 seed: int, full: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's greedy production of every test utterance: correct, order, tied."""
    from induceval.models.wopa import _kernels as K

    cats, n_cats, n_ids, keys = _extend(st, test.n_ids)
    return K.produce_all(
        test.offsets, test.words.astype(np.int64), test.start.astype(np.int64),
        np.asarray(numbers, dtype=np.int64), cats, np.int64(n_cats), np.int64(n_ids), *keys,
        K.TIES_RANDOM if ties == "random" else K.TIES_PESSIMISTIC, np.int64(seed), full, _REL_TOL)


def produce(statistics: LearnedStatistics, words: Sequence[str], start: str = ".", *,
            ties: str = "random", seed: int = DEFAULT_SEED) -> list[str]:
    """The order a learner produces for one bag of words (for inspection).

    Parameters
    ----------
    statistics
        The learned statistics.
    words
        The bag of words to order.
    start
        The word the production starts after.
    ties
        ``"random"`` or ``"pessimistic"``.
    seed
        The seed of the tie draws.

    Returns
    -------
    list of str
        The words in the order produced.

    Example
    -------
    >>> st = learn_statistics(Utterances.from_lists([["we", "ate", "the", "cake"]]))
    >>> produce(st, ["cake", "the", "we", "ate"])
    ['we', 'ate', 'the', 'cake']
    """
    check_choice("ties", ties, TIES)
    test = Utterances.from_lists([list(words)], [start], vocab=list(statistics.vocab))
    _, order, _ = _produce_all(statistics, test, np.zeros(1, np.int64), ties, seed, True)
    if len(words) < 2:
        return list(words)
    return [words[i] for i in order.tolist()]


def chance_stats(utterances: Utterances, *, chance: str = "paper") -> np.ndarray:
    """Per-utterance expected correctness of a random order: ``1/n!`` (or exact).

    Parameters
    ----------
    utterances
        The test utterances.
    chance
        ``"paper"`` (``1/n!``) or ``"exact"`` (repeated words counted once).

    Returns
    -------
    numpy.ndarray
        The expected correctness of each utterance.

    Example
    -------
    >>> u = Utterances.from_lists([["the", "boy", "saw", "the", "girl"]])
    >>> float(chance_stats(u)[0] * 120), float(chance_stats(u, chance="exact")[0] * 60)
    (1.0, 1.0)
    """
    check_choice("chance", chance, CHANCE)
    out = np.zeros(utterances.n_utterances)
    lengths = utterances.lengths
    for i in np.flatnonzero(lengths >= 2).tolist():
        n = int(lengths[i])
        p = 1.0 / math.factorial(n) if n <= 170 else 0.0
        if chance == "exact" and p > 0:
            ws = utterances.words[utterances.offsets[i]:utterances.offsets[i + 1]]
            _, mult = np.unique(ws, return_counts=True)
            p *= math.prod(math.factorial(int(k)) for k in mult)
        out[i] = p
    return out


def chance_accuracy(lengths: Sequence[int]) -> float:
    """Chance WOPA (a proportion) of utterances of the given word counts: mean of ``1/n!``.

    Utterances shorter than two words are not scored.

    Parameters
    ----------
    lengths
        The word counts of the utterances.

    Returns
    -------
    float
        The mean chance correctness over the utterances of two words or more.

    Example
    -------
    >>> round(chance_accuracy([2, 3, 1]), 4)
    0.3333
    """
    vals = [1.0 / math.factorial(n) for n in lengths if n >= 2]
    return float(np.mean(vals)) if vals else float("nan")


class Production:
    """A trained learner that produces test utterances (made by :func:`train`).

    ``options`` change its outcomes (for the signature); ``seed`` is that of
    its tie draws (``None`` when nothing is drawn); ``statistics`` are
    ``None`` for Chance and for a learner with its own ``score()``.
    """

    def __init__(self, learner: object, options: dict, seed: int | None, draw_seed: int,
                 statistics: LearnedStatistics | None = None) -> None:
        self.learner, self.options, self.seed = learner, options, seed
        self.draw_seed, self.statistics = draw_seed, statistics

    def outcomes(self, test: Utterances, numbers: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Per test utterance: correctness (1/0, Chance: expected) and steps decided by ties.

        ``numbers``: each utterance's number in the whole test set (default
        ``0, 1, ...``), which seeds its tie draws.
        """
        numbers = np.arange(test.n_utterances) if numbers is None else np.asarray(numbers)
        if "chance" in self.options:
            return (chance_stats(test, chance=self.options["chance"]),
                    np.zeros(test.n_utterances, dtype=np.int64))
        if self.statistics is not None:
            correct, _, tied = _produce_all(self.statistics, test, numbers,
                                            self.options["ties"], self.draw_seed, False)
            return correct, tied
        correct = np.zeros(test.n_utterances)
        tied = np.zeros(test.n_utterances, dtype=np.int64)
        for u in range(test.n_utterances):
            ws = [test.vocab[w] for w in test.words[test.offsets[u]:test.offsets[u + 1]].tolist()]
            if len(ws) >= 2:
                correct[u], tied[u] = self._produce(ws, test.vocab[int(test.start[u])],
                                                    int(numbers[u]))
        return correct, tied

    def _produce(self, ws: list[str], start: str, number: int) -> tuple[float, int]:
        """An outside learner's production of one utterance with its own next-word scores."""
        from induceval.models.wopa._kernels import tie_draw

        learner, history, remaining, tied = self.learner, [start], list(ws), 0
        for step in range(len(ws)):
            scores = np.asarray(learner.score(list(history), list(remaining)), dtype=float)
            if scores.shape != (len(remaining),):
                raise InducevalError(f"learner {learner.name!r}: score() returned "
                                     f"{scores.shape[0] if scores.ndim else 1} values for "
                                     f"{len(remaining)} candidates")
            best = scores.max()
            cand = np.flatnonzero(scores >= best - _REL_TOL * max(1.0, abs(best))).tolist()
            if len({remaining[c] for c in cand}) > 1:
                tied += 1
            if self.options["ties"] == "pessimistic":
                wrong = [c for c in cand if remaining[c] != ws[step]]
                pick = wrong[0] if wrong and len(wrong) < len(cand) else cand[0]
            else:
                pick = cand[int(tie_draw(np.int64(self.draw_seed), np.int64(number),
                                         np.int64(step), np.int64(len(cand))))]
            word = remaining.pop(pick)
            if word != ws[step]:
                return 0.0, tied
            history.append(word)
        return 1.0, tied


def train(train: Utterances, learner: object = "lexstat", *, ties: str = "random",
          seed: int = DEFAULT_SEED, cooccurrence: str = "utterance", chance: str = "paper",
          statistics: LearnedStatistics | None = None) -> Production:
    """Train ``learner`` on ``train``: the :class:`Production` of the test utterances.

    ``learner``: a name of :data:`~induceval.models.wopa.learners.LEARNERS` or an
    object of the protocol of :mod:`~induceval.models.wopa.learners`; test ids
    unseen in ``train`` get categories of their own.  ``ties``, ``seed`` (of the
    tie draws), ``cooccurrence`` and ``chance`` as in the module docstring;
    ``statistics``: those already learned from ``train`` by this learner.

    Parameters
    ----------
    train
        The training utterances.
    learner
        A name of :data:`~induceval.models.wopa.learners.LEARNERS` or a learner object.
    ties
        ``"random"`` or ``"pessimistic"``.
    seed
        The seed of the tie draws.
    cooccurrence
        ``"utterance"`` (default) or ``"pairs"``: how access statistics are counted.
    chance
        ``"paper"`` or ``"exact"`` chance accuracy.
    statistics
        Statistics already learned from ``train`` by this learner, or ``None``.

    Returns
    -------
    Production
        The trained producer, scoring test utterances.

    Example
    -------
    >>> u = Utterances.from_lists([["you", "ate", "it"], ["we", "ate", "it"]])
    >>> train(u, "chance").outcomes(u)[0].tolist()     # 1/3! each
    [0.16666666666666666, 0.16666666666666666]
    """
    check_choice("ties", ties, TIES)
    check_range("seed", seed, 0, 2**63 - 1)
    check_choice("chance", chance, CHANCE)
    check_choice("cooccurrence", cooccurrence, COOCCURRENCE)
    learner = get_learner(learner)
    drawn = seed if ties == "random" else None
    if getattr(learner, "is_chance", False):
        return Production(learner, {"chance": chance}, None, seed)
    if hasattr(learner, "score") and not hasattr(learner, "categorize") and \
            not hasattr(learner, "category_ids"):
        learner.fit(train.as_lists())
        return Production(learner, {"ties": ties}, drawn, seed)
    st = statistics if statistics is not None else learn_statistics(
        train, learner, cooccurrence=cooccurrence)
    return Production(learner, {"cooc": cooccurrence, "ties": ties}, drawn, seed, st)
