"""Scores of pseudo-word decisions (Chambers & Jurafsky 2010, §7).

A model decides each test item: +1 when it scores the original noun above
the confounder, -1 below, 0 on a tie (no decision).  The decisions give
accuracy, accuracy with random guessing on ties ("accuracy +50%"),
precision and coverage, and models are compared with the paired
approximate randomization test (Yeh 2000).  A model here is any object
with ``score(verbs, relations, nouns)`` or ``decide(verbs, relations,
nouns, confounders)`` (:mod:`induceval.models.selpref` has the paper's).

Ties
    No model can decide when both nouns score the same.  ``ties="random"``
    guesses with a seeded coin (the paper's "randomly guess"),
    ``ties="expected"`` counts half a correct answer, deterministically.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §6.3, §7.
Yeh, A. (2000). More accurate tests for the statistical significance of
result differences. COLING.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from induceval.errors import ParameterError
from induceval.measures.pseudowords.testsets import PseudoTestSet
from induceval.measures.resampling import ItemStats, compare, records_items
from induceval.measures.result import Measure, Result, ratio_of, score_records
from induceval.random import DEFAULT_SEED, stream
from induceval.signature import make_signature

__all__ = ["RECORDS", "PSEUDO", "decide", "DecisionScores", "score_decisions",
           "significance_mark", "model_decisions", "tune_parameter", "score_models",
           "pseudo_items"]


def _measure(name: str, num: int, den: int, description: str) -> Measure:
    return Measure(name, "item", True, 0, 1, description, "Chambers & Jurafsky 2010, §7",
                   "pseudo", ratio_of(num, den))


#: the pseudo-word measures, ratios of the columns of :func:`decision_columns`
RECORDS: tuple[Measure, ...] = (
    _measure("accuracy", 0, 4, "pseudo-word accuracy (undecided items wrong)"),
    _measure("accuracy_guess", 3, 4, "accuracy with undecided items guessed"),
    _measure("precision", 0, 5, "accuracy over decided items"),
    _measure("coverage", 5, 4, "share of decided items"),
)


def decision_columns(rows: np.ndarray) -> np.ndarray:
    """Rows ``(correct, wrong, undecided, credited)`` with the items and the decided
    items beside them: the columns the measures of :data:`RECORDS` divide.

    Example
    -------
    >>> decision_columns(np.array([[1.0, 0, 0, 1]])).tolist()
    [[1.0, 0.0, 0.0, 1.0, 1.0, 1.0]]
    """
    rows = np.asarray(rows, dtype=np.float64)[:, :4]
    return np.column_stack([rows, rows[:, 0] + rows[:, 1] + rows[:, 2], rows[:, 0] + rows[:, 1]])


def pseudo_items(decisions) -> ItemStats:
    """Per-item ``(correct, wrong, undecided, credited)`` of pseudo-word decisions
    (a :class:`DecisionScores` or its rows), scored by :data:`RECORDS`.

    Parameters
    ----------
    decisions
        A :class:`DecisionScores` or its ``(m, 4)`` rows.

    Returns
    -------
    ItemStats
        The per-item rows, scored by :data:`RECORDS`.

    Example
    -------
    >>> st = pseudo_items(np.array([[1, 0, 0, 1], [0, 0, 1, 0.5]]))
    >>> st.scores()["accuracy_guess"], st.scores()["precision"]
    (0.75, 1.0)
    """
    rows = np.asarray(getattr(decisions, "stats", decisions), dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 4:
        raise ParameterError(f"pseudo-word statistics must have 4 columns; got {rows.shape}")
    return records_items(decision_columns(rows), RECORDS)


class _PseudoFamily:
    """The pseudo-word measures: their records and per-item statistics."""

    name = "pseudo"
    measures = RECORDS

    def items(self, statistics: np.ndarray, options: Mapping) -> ItemStats:
        return pseudo_items(statistics)


#: the pseudo-word measures as a family
PSEUDO = _PseudoFamily()


def decide(score_original: np.ndarray, score_confounder: np.ndarray) -> np.ndarray:
    """Decisions: +1 original chosen, -1 confounder chosen, 0 tie (no decision).

    Parameters
    ----------
    score_original
        Each item's score of the original noun.
    score_confounder
        Each item's score of its confounder.

    Returns
    -------
    numpy.ndarray
        +1, -1 or 0 per item.

    Example
    -------
    >>> decide(np.array([0.5, 0.1, 0.0]), np.array([0.2, 0.3, 0.0])).tolist()
    [1, -1, 0]
    """
    return np.sign(np.asarray(score_original, dtype=float)
                   - np.asarray(score_confounder, dtype=float)).astype(np.int8)


@dataclass(repr=False)
class DecisionScores(Result):
    """Accuracy, accuracy with guessing, precision and coverage of decisions.

    A :class:`~induceval.measures.result.Result`: its ``statistics`` hold one
    row per item, ``(correct, wrong, undecided, credited)``, where
    ``credited`` is the item's value under the tie policy ``ties``; the
    scores are pure functions of the summed rows (:meth:`from_sums`).
    """

    ties: str = "random"
    seed: int = DEFAULT_SEED

    @property
    def stats(self) -> np.ndarray:
        """The per-item rows (the ``statistics``)."""
        return self.statistics

    @staticmethod
    def from_sums(s: np.ndarray) -> dict[str, float]:
        """Scores from rows ``(correct, wrong, undecided, credited)`` summed over items
        (what bootstrap resamples call): ``accuracy`` (correct / items),
        ``accuracy_guess`` (credited / items, "accuracy +50%" of Chambers &
        Jurafsky 2010 §7), ``precision`` (correct / decided), ``coverage``
        (decided / items), each ``nan`` without a denominator, and ``items``.

        Example
        -------
        >>> DecisionScores.from_sums(np.array([2, 1, 1, 2.5]))["accuracy_guess"]
        0.625
        """
        columns = decision_columns(np.asarray(s, dtype=np.float64).reshape(1, -1))
        out = {k: float(v[0]) for k, v in score_records(RECORDS, columns).items()}
        out["items"] = int(columns[0, 4])
        return out

    @property
    def credited(self) -> np.ndarray:
        """Each item's value under the tie policy: 1 correct, 0 wrong, for a
        tie 0.5 (``expected``) or the seeded coin's 0 or 1 (``random``).

        Example
        -------
        >>> score_decisions(np.array([1, -1, 0]), ties="expected").credited.tolist()
        [1.0, 0.0, 0.5]
        """
        return self.stats[:, 3]


def score_decisions(decisions: np.ndarray, *, ties: str = "random",
                    seed: int = DEFAULT_SEED, model: str = "") -> DecisionScores:
    """Turn decisions into per-item statistics under a tie policy.

    ``model`` names the model whose ties are guessed: each model draws its
    guesses from its own stream of ``seed``, so two models that both tie on an
    item guess independently, as the paper's models do (Chambers & Jurafsky
    2010, §4); before 0.5.0 all models shared one stream, and paired tests
    never saw a difference on items that two models both tied on.

    Parameters
    ----------
    decisions
        +1/-1/0 per item, from :func:`decide` or :func:`model_decisions`.
    ties
        The tie policy: ``"random"`` guesses, ``"expected"`` credits one half.
    seed
        The seed of the guesses.
    model
        The model's name (its guesses' stream).

    Returns
    -------
    DecisionScores
        The scores and the per-item rows.

    Example
    -------
    >>> s = score_decisions(np.array([1, 1, -1, 0]), ties="expected").scores
    >>> s["accuracy"], s["accuracy_guess"], s["precision"], s["coverage"]
    (0.5, 0.625, 0.6666666666666666, 0.75)
    """
    if ties not in ("random", "expected"):
        raise ParameterError(f"ties must be 'random' or 'expected'; got {ties!r}")
    d = np.asarray(decisions)
    correct = (d > 0).astype(float)
    wrong = (d < 0).astype(float)
    undecided = (d == 0).astype(float)
    guess = 0.5 * undecided if ties == "expected" else \
        undecided * (stream(seed, f"pseudowords.guess.{model}").random(len(d)) < 0.5)
    stats = np.column_stack([correct, wrong, undecided, correct + guess])
    scores = DecisionScores.from_sums(stats.sum(0))
    signature = make_signature("pseudo", {"ties": ties}, seed=seed if ties == "random" else None)
    return DecisionScores(scores, signature, {"items": scores["items"],
                                              "undecided": int(undecided.sum())},
                          stats, PSEUDO, {"ties": ties, "seed": seed}, model, ties=ties,
                          seed=seed)


def significance_mark(p: float) -> str:
    """``*`` for p < 0.01 and ``†`` for p < 0.05, as in the paper's figures.

    Parameters
    ----------
    p
        A p-value.

    Returns
    -------
    str
        ``"*"``, ``"†"`` or ``""``.

    Example
    -------
    >>> significance_mark(0.001), significance_mark(0.03), significance_mark(0.2)
    ('*', '†', '')
    """
    return "*" if p < 0.01 else ("†" if p < 0.05 else "")


def model_decisions(model, test: PseudoTestSet) -> np.ndarray:
    """+1/-1/0 decisions of a model on every test item.

    A model has ``decide(verbs, relations, nouns, confounders)`` or
    ``score(verbs, relations, nouns)`` (the noun scored above its confounder
    is chosen).

    Parameters
    ----------
    model
        A model with ``decide`` or ``score``.
    test
        The pseudo-word test set.

    Returns
    -------
    numpy.ndarray
        +1/-1/0 per test item.

    Example
    -------
    >>> class Longer:
    ...     def score(self, verbs, relations, nouns):
    ...         return np.array([len(n) for n in nouns])
    >>> obj = lambda *xs: np.array(xs, dtype=object)
    >>> test = PseudoTestSet(obj("eat", "eat"), obj("obj", "obj"), obj("cake", "pie"),
    ...                      obj("pie", "cake"), method="neighbor", seed=1)
    >>> model_decisions(Longer(), test).tolist()
    [1, -1]
    """
    if hasattr(model, "decide"):
        return model.decide(test.verb, test.relation, test.noun, test.confounder)
    return decide(model.score(test.verb, test.relation, test.noun),
                  model.score(test.verb, test.relation, test.confounder))


def tune_parameter(make: Callable[[Any], object], candidates: Sequence,
                   dev: PseudoTestSet) -> Any:
    """The candidate ``x`` whose model ``make(x)`` has the best accuracy +50% (ties
    expected) on the development items: a linear search, as Chambers & Jurafsky 2010,
    §6.3 choose the Erk models' slot cutoff; ties go to the earlier candidate, and
    without development items the first is taken.

    Parameters
    ----------
    make
        ``x -> model``.
    candidates
        The values of ``x`` tried, in order.
    dev
        The development items.

    Returns
    -------
    object
        The best candidate.

    Example
    -------
    >>> class Prefers:  # scores the noun ``x`` highest
    ...     def __init__(self, x):
    ...         self.x = x
    ...     def score(self, verbs, relations, nouns):
    ...         return np.array([n == self.x for n in nouns], dtype=float)
    >>> obj = lambda *xs: np.array(xs, dtype=object)
    >>> dev = PseudoTestSet(obj("eat"), obj("obj"), obj("cake"), obj("rock"), "neighbor", 1)
    >>> tune_parameter(Prefers, ["rock", "cake"], dev)
    'cake'
    """
    if len(dev) == 0:
        return candidates[0]
    best, best_acc = candidates[0], -1.0
    for x in candidates:
        acc = score_decisions(model_decisions(make(x), dev), ties="expected").scores
        if acc["accuracy_guess"] > best_acc + 1e-12:
            best, best_acc = x, acc["accuracy_guess"]
    return best


def score_models(models: Mapping[str, object], test: PseudoTestSet, *, ties: str = "random",
                 iterations: int = 1000, seed: int = DEFAULT_SEED,
                 item_stats: bool = False) -> dict:
    """Score every model on one test set, with p-values against ``baseline``.

    Returns a JSON-serialisable dict: ``items`` and per model its scores,
    ``item_stats`` (the per-item rows of :class:`DecisionScores`: bootstrap
    intervals in the tables) and ``p_vs_baseline`` (approximate
    randomization over the items' credited values; ``None`` for the
    baseline, without one or without items); ``baseline_stats`` (the
    baseline's rows, Figure 6 of the paper).  With ``item_stats`` also
    ``"item_stats"``: model -> rows array (not JSON; for
    :func:`induceval.measures.pseudowords.scores.pseudo_items`).

    Parameters
    ----------
    models
        Name -> model (``baseline`` the reference of the p-values).
    test
        The pseudo-word test set.
    ties
        The tie policy of :func:`score_decisions`.
    iterations
        Approximate-randomization iterations of the p-values.
    seed
        The seed of the guesses and the test.
    item_stats
        Also return the per-item rows (not JSON).

    Returns
    -------
    dict
        ``items``, ``models`` (per model its scores, ``item_stats`` and
        ``p_vs_baseline``) and ``baseline_stats``.

    Example
    -------
    >>> class Constant:
    ...     def score(self, verbs, relations, nouns):
    ...         return np.zeros(len(nouns))
    >>> obj = lambda *xs: np.array(xs, dtype=object)
    >>> test = PseudoTestSet(obj("eat"), obj("obj"), obj("cake"), obj("pie"), "neighbor", 1)
    >>> score_models({"baseline": Constant()}, test, ties="expected")["models"]["baseline"][
    ...     "accuracy_guess"]
    0.5
    """
    out: dict = {"items": len(test), "models": {}}
    stats = {name: score_decisions(model_decisions(model, test), ties=ties, seed=seed,
                                   model=name) for name, model in models.items()}
    for name, sc in stats.items():
        out["models"][name] = {**sc.scores, "item_stats": sc.stats.astype(float).tolist()}
    base = stats.get("baseline")
    for name, sc in stats.items():
        p = None
        if base is not None and name != "baseline" and len(test):
            p = compare(_credited(base), [_credited(sc)], test="ar", n=iterations,
                        seed=seed)[0].p_value["credited"]
        out["models"][name]["p_vs_baseline"] = p
    if base is not None:
        out["baseline_stats"] = base.stats.astype(float).tolist()
    if item_stats:
        out["item_stats"] = {name: sc.stats for name, sc in stats.items()}
    return out


def _credited(scores: DecisionScores) -> ItemStats:
    """Each item's credited value, scored by its sum (the test of :func:`score_models`)."""
    return ItemStats(scores.credited[:, None].copy(), lambda t: {"credited": t[:, 0]},
                     {"credited": True})
