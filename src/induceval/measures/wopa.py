"""Word Order Prediction Accuracy (WOPA; Chang, Lieven & Tomasello 2006): the measure.

A learner is scored by how often it reproduces the exact word order of a
test utterance (:class:`~induceval.corpus.utterances.Utterances`) from its
bag of words (Chang et al. 2006, p. 154); no tags are needed.  Utterances
with no word left once punctuation is removed are counted (``no_words``) and
skipped, one-word utterances are not scored (one order; ``one_word``), every
other one is an outcome: 1 when the learner produced its original order,
else 0 (the Chance learner's: its expected accuracy ``1/n!``).
:func:`score_utterances` maps a shard of test utterances and a trained
learner (a :class:`Producer`, :mod:`induceval.models.wopa`) to additive
:class:`WopaStats`, :func:`wopa_result` statistics to WOPA = correct / scored,
a proportion between 0 and 1 like every other measure of induceval (Chang et al.
2006 report it in percent; the ``chang2006`` protocol mirrors their tables in
percent and labels them so).  The paper's two tests are :mod:`induceval.experiments.wopa`.

Example
-------
>>> from induceval.corpus.utterances import Utterances
>>> class Oracle:                     # produces every utterance in its original order
...     def outcomes(self, test, numbers):
...         return np.ones(test.n_utterances), np.zeros(test.n_utterances, dtype=np.int64)
>>> u = Utterances.from_lists([["it", "is", "here"], ["go"], ["look", "here"]])
>>> parts = score_utterances(u.select([0]), Oracle()) + score_utterances(
...     u.select([1, 2]), Oracle(), numbers=[1, 2])
>>> parts.counts == score_utterances(u, Oracle()).counts, wopa_result(parts, "Oracle").accuracy
(True, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.utterances import Utterances
from induceval.errors import InducevalError, check_choice
from induceval.measures.resampling.base import ItemStats
from induceval.measures.resampling.items import records_items
from induceval.measures.result import Measure, Result, ratio_of, score_records
from induceval.signature import make_signature

__all__ = ["RECORDS", "WOPA", "Producer", "WopaStats", "WopaResult", "score_utterances",
           "wopa_items", "wopa_result",
           "wopa_score", "accuracy_by_day"]

#: the additive counts of every WopaStats, in their output order
_COUNTS = ("utterances", "no_words", "one_word", "scored", "tied_steps")


class Producer(Protocol):
    """A trained learner, as the measure sees it (e.g. :func:`induceval.models.wopa.train`)."""

    def outcomes(self, test: Utterances, numbers: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Per test utterance: its outcome (1/0, or expected correctness) and tied steps.

        ``numbers`` holds each utterance's number in the whole test set; a
        producer that breaks ties at random draws from it, so that an
        utterance gets the same outcome in any shard of the test set.
        """
        ...


@dataclass(eq=False)
class WopaStats:
    """Additive WOPA statistics: one row per test utterance with words, and counts.

    Attributes
    ----------
    correct, scored, index, lengths
        Each utterance's outcome (1/0; Chance: the expected correctness),
        whether it is scored (two words or more), its sentence index in the
        source corpus and its word count.
    counts
        ``utterances`` seen, ``no_words`` (skipped), ``one_word`` (not
        scored), ``scored``, ``tied_steps`` (steps decided by the tie rule),
        and any count a driver adds (``too_long_dropped`` ...).

    ``a + b`` concatenates the rows (``a``'s first) and sums the counts.
    """

    correct: np.ndarray
    scored: np.ndarray
    index: np.ndarray
    lengths: np.ndarray
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_COUNTS, 0))

    def __add__(self, other: WopaStats) -> WopaStats:
        if not isinstance(other, WopaStats):
            return NotImplemented
        mine, theirs = self.counts, other.counts
        counts = {k: mine.get(k, 0) + theirs.get(k, 0) for k in {**mine, **theirs}}
        return WopaStats(*(np.concatenate([getattr(self, a), getattr(other, a)])
                           for a in ("correct", "scored", "index", "lengths")), counts)

    @property
    def rows(self) -> np.ndarray:
        """Per scored utterance, the additive pair ``(correct, 1)``."""
        m = self.scored
        return np.column_stack([self.correct[m], np.ones(int(m.sum()))])


def score_utterances(test: Utterances, producer: Producer, *,
                     numbers: Sequence[int] | np.ndarray | None = None) -> WopaStats:
    """The statistics of one shard of test utterances produced by ``producer``.

    ``numbers``: each utterance's number in the whole test set (default
    ``0, 1, ...``: the shard is the whole test set).

    Parameters
    ----------
    test
        The test utterances of the shard.
    producer
        An object with ``outcomes(test, numbers)`` (e.g. a trained
        :class:`~induceval.models.wopa.production.Production`).
    numbers
        Each utterance's number in the whole test set.

    Returns
    -------
    WopaStats
        Per utterance the (expected) correctness, whether scored, its number
        and its length.

    Example
    -------
    >>> import math
    >>> from induceval.corpus.utterances import Utterances
    >>> class Chance:                  # the expected accuracy of a random order, 1/n!
    ...     def outcomes(self, test, numbers):
    ...         return (np.array([1 / math.factorial(n) for n in test.lengths]),
    ...                 np.zeros(test.n_utterances, dtype=np.int64))
    >>> u = Utterances.from_lists([["you", "ate", "it"], ["we", "ate", "it"]])
    >>> score_utterances(u, Chance()).correct.tolist()
    [0.16666666666666666, 0.16666666666666666]
    """
    n = test.n_utterances
    numbers = np.asarray(np.arange(n) if numbers is None else numbers, dtype=np.int64)
    if len(numbers) != n:
        raise InducevalError(f"{len(numbers)} utterance numbers for {n} utterances")
    correct, tied = producer.outcomes(test, numbers)
    lengths = test.lengths
    has_words, scored = lengths > 0, lengths >= 2
    counts = {"utterances": int(n), "no_words": int((~has_words).sum()),
              "one_word": int((lengths == 1).sum()), "scored": int(scored.sum()),
              "tied_steps": int(np.asarray(tied).sum())}
    return WopaStats(np.asarray(correct, dtype=np.float64)[has_words], scored[has_words],
                     test.index[has_words].astype(np.int64), lengths[has_words], counts)


#: the word-order measure (a proportion; the paper reports percent)
RECORDS: tuple[Measure, ...] = (
    Measure("wopa", "utterance", True, 0, 1, "word order prediction accuracy (a proportion)",
            "Chang et al. 2006, p. 154", "wopa", ratio_of(0, 1)),
)


def wopa_score(stats: np.ndarray) -> float:
    """WOPA (a proportion) from summed (or per-utterance) statistics ``(correct, scored)``.

    Parameters
    ----------
    stats
        ``(correct, scored)`` per row.

    Returns
    -------
    float
        WOPA, ``nan`` with nothing scored.

    Example
    -------
    >>> wopa_score(np.array([[1, 1], [0, 1], [0.5, 1]]))
    0.5
    """
    s = np.asarray(stats, dtype=float)
    if s.ndim == 2:
        s = s.sum(0)
    return float(score_records(RECORDS, s.reshape(1, -1))["wopa"][0])


def wopa_items(stats) -> ItemStats:
    """Per-utterance ``(correct, scored)`` of WOPA statistics (a :class:`WopaStats`, a
    :class:`WopaResult` or its rows); the score is WOPA.

    Parameters
    ----------
    stats
        A :class:`WopaStats`, a :class:`WopaResult` or ``(m, 2)`` rows.

    Returns
    -------
    ItemStats
        The per-utterance rows, scored by WOPA.

    Example
    -------
    >>> wopa_items(np.array([[1, 1], [0, 1]])).scores()
    {'wopa': 0.5}
    """
    rows = getattr(stats, "stats", None)
    if rows is None:
        rows = getattr(stats, "rows", stats)
    return records_items(np.asarray(rows, dtype=np.float64), RECORDS)


class _WopaFamily:
    """The word-order measure: its records and per-item statistics."""

    name = "wopa"
    measures = RECORDS

    def items(self, statistics: WopaStats, options: Mapping) -> ItemStats:
        return wopa_items(statistics)


#: the word-order measure as a family
WOPA = _WopaFamily()


@dataclass(repr=False)
class WopaResult(Result):
    """WOPA of one learner on one test set (a :class:`~induceval.measures.result.Result`).

    ``scores`` holds ``wopa`` (a proportion, 0 to 1); ``counts`` are those of the
    :class:`WopaStats` ``statistics`` (and ``undated`` after :func:`accuracy_by_day`).
    """

    learner: str = ""
    test: str = "self"
    corpus: str = ""
    #: the accuracy per recording day (:func:`accuracy_by_day`), when asked for
    days: list | None = None

    def __post_init__(self) -> None:
        if not self.name:   # the learner names the system (row(), repr, to_pandas)
            self.name = self.learner

    @property
    def correct(self) -> np.ndarray:
        """Per test utterance with words: its outcome."""
        return self.statistics.correct

    @property
    def scored(self) -> np.ndarray:
        """Per test utterance with words: whether it is scored (two words or more)."""
        return self.statistics.scored

    @property
    def stats(self) -> np.ndarray:
        """Per-utterance additive statistics ``(correct, scored)`` (scored rows only)."""
        return self.statistics.rows

    @property
    def n_scored(self) -> int:
        """Number of scored test utterances (two words or more)."""
        return int(self.scored.sum())

    @property
    def n_correct(self) -> float:
        """Number of scored utterances produced in the original order (for
        Chance, the sum of the expected correctness, so not an integer)."""
        return float(self.correct[self.scored].sum())

    @property
    def accuracy(self) -> float:
        """WOPA, a proportion between 0 and 1."""
        return self.scores["wopa"]

    def to_dict(self) -> dict:
        """The result as one JSON-ready row (what ``induceval wopa --format json`` writes).

        Returns
        -------
        dict
            ``corpus``, ``learner``, ``test``, ``wopa`` (a proportion), ``correct``,
            ``scored``, the other :attr:`counts` (``utterances``, ``no_words``,
            ``one_word``, ``tied_steps``, ...) and ``signature``.

        Example
        -------
        >>> st = WopaStats(np.array([1.0, 0.0]), np.array([True, False]), np.array([0, 1]),
        ...                np.array([3, 1]), {"utterances": 2, "no_words": 0, "one_word": 1,
        ...                                   "scored": 1, "tied_steps": 0})
        >>> d = wopa_result(st, "Lexstat").to_dict()
        >>> d["learner"], d["wopa"], d["scored"], d["one_word"]
        ('Lexstat', 1.0, 1, 1)
        """
        return {"corpus": self.corpus, "learner": self.learner, "test": self.test,
                "wopa": self.accuracy, "correct": self.n_correct, "scored": self.n_scored,
                **{k: v for k, v in self.counts.items() if k != "scored"},
                "signature": self.signature}

    def _records(self) -> list[dict]:
        return [self.to_dict()]


def wopa_result(stats: WopaStats, learner: str, *, test: str = "self",
                options: Mapping[str, object] | None = None, seed: int | None = None,
                corpus: str = "") -> WopaResult:
    """The result of summed statistics: WOPA, counts and the signature.

    ``options``: every option that changes the number, in the signature's
    order; ``seed``: the seed of random tie breaking, when ties were drawn.

    Parameters
    ----------
    stats
        The summed statistics.
    learner
        The learner's label.
    test
        The test condition: ``"self"`` or ``"adult-child"``.
    options
        The options in the signature.
    seed
        The tie-breaking seed, when ties were drawn.
    corpus
        The corpus name.

    Returns
    -------
    WopaResult
        WOPA, the counts and the signature.

    Example
    -------
    >>> st = WopaStats(np.array([1.0, 0.0]), np.array([True, True]), np.array([0, 1]),
    ...                np.array([2, 2]))
    >>> r = wopa_result(st, "Lexstat", options={"learner": "lexstat", "test": "self"})
    >>> r.accuracy, r.signature.startswith("wopa|learner:lexstat|test:self|v:")
    (0.5, True)
    """
    return WopaResult({"wopa": wopa_score(stats.rows)},
                      make_signature("wopa", dict(options or {}), seed=seed), stats.counts, stats,
                      WOPA, dict(options or {}), learner=learner, test=test, corpus=corpus)


def accuracy_by_day(result: WopaResult, corpus: Corpus, *, undated: str = "skip") -> list[dict]:
    """Accuracy per recording day (the child's age in days) of one result.

    Scored utterances without an age (a file whose target child has no age)
    are left out and counted in ``result.counts["undated"]`` (``undated="skip"``,
    default) or raise :class:`~induceval.errors.InducevalError`
    (``undated="fail"``).  A corpus without an ``age_days`` column, or with no
    dated scored utterance, raises.

    Parameters
    ----------
    result
        A WOPA result, kept with its per-utterance statistics.
    corpus
        The test corpus (its ``age_days`` sentence column).
    undated
        ``"skip"`` or ``"fail"`` on undated scored utterances.

    Returns
    -------
    list of dict
        ``{"age_days", "correct", "scored", "wopa"}`` sorted by age.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for age in (700, 700, -1):
    ...     b.add_sentence({"form": ["it", "is"]}, {"age_days": age})
    >>> st = WopaStats(np.array([1.0, 0.0, 1.0]), np.ones(3, bool), np.arange(3),
    ...                np.full(3, 2))
    >>> r = wopa_result(st, "Lexstat")
    >>> accuracy_by_day(r, b.build()), r.counts["undated"]
    ([{'age_days': 700, 'correct': 1.0, 'scored': 2, 'wopa': 0.5}], 1)
    """
    check_choice("undated", undated, ("skip", "fail"))
    if "age_days" not in corpus.sentences:
        raise InducevalError(f"corpus {corpus.name or '<unnamed>'} has no age_days column; "
                             "the developmental analysis needs the child's age")
    index = result.statistics.index
    ages = corpus.sentences["age_days"].values[index]
    m = result.scored
    no_age = m & (ages < 0)
    result.counts["undated"] = int(no_age.sum())
    if no_age.any():
        i = int(index[np.flatnonzero(no_age)[0]])
        doc = corpus.sentence(i).meta("document") if "document" in corpus.sentences else None
        what = (f"corpus {corpus.name or '<unnamed>'}: {int(no_age.sum())} scored "
                f"utterances have no age (first: sentence {i}"
                f"{f', document {doc}' if doc else ''})")
        if undated == "fail" or no_age.all():
            raise InducevalError(f"{what}; the developmental analysis needs ages")
        m = m & ~no_age
    out = []
    for age in np.unique(ages[m]).tolist():
        sel = m & (ages == age)
        c, n = float(result.correct[sel].sum()), int(sel.sum())
        out.append({"age_days": int(age), "correct": c, "scored": n,
                    "wopa": c / n})
    return out
