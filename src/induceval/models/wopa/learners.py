"""Distributional category learners for Word Order Prediction Accuracy (WOPA).

The six learners of Chang, Lieven & Tomasello (2006), each a map from every
word to a category (:data:`LEARNERS`; each class says its rule), plus the
protocol through which outside learners are scored by the same production
(:mod:`induceval.models.wopa.production`) and tests
(:func:`induceval.experiments.wopa.evaluate_wopa`).

Frames are ``(previous element, next element)``; the left element of the first
word is the utterance's initial previous word (its final punctuation), the
right element of the last word an end-of-utterance marker.  The global
reading of frame frequency (``count="frame"``) is the one consistent with
Table 1 of the paper (YOU_IT, frequency 9, beats SHE_IT, frequency 4,
although "ate" occurs once in each) and reproduces its ranking Prevword <
Freqframe < Token/Type on Manchester; ``count="pair"`` (the word's own count
in the frame) puts Prevword and Freqframe above Token/Type.  Ties between
frames (or previous words) of equal score go to the higher frame frequency,
then the higher count of the word in the frame, then the alphabetical order
of the context strings: independent of the order of the corpus.  Words never
seen in training get a category of their own (whose statistics are all zero).

Plug-in protocol: a user's learner is any object with a ``name`` that is a
:class:`CategoryLearner` (the paper's statistics and production follow) or
a :class:`NextWordScorer` (production picks its highest-scoring candidate
with the same tie rule).  Utterances are lists of strings, the initial
previous word first.

References
----------
Chang, F., Lieven, E., & Tomasello, M. (2006). Using child utterances to
evaluate syntax acquisition algorithms. Proceedings of CogSci 28, 154-159.

Mintz, T. H. (2003). Frequent frames as a cue for grammatical categories in
child directed speech. Cognition, 90(1), 91-117.

Example
-------
>>> utts = Utterances.from_lists([["we", "ate", "it"], ["you", "ate", "it"], ["you", "ate"]])
>>> cats = Prevword().category_ids(utts)
>>> [utts.vocab[cats[utts.vocab.index(w)]] for w in ("we", "ate", "it")]
['.', 'you', 'ate']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from induceval.corpus.utterances import Utterances
from induceval.errors import ParameterError, check_choice
from induceval.models.category_names import WOPA_LEARNERS

__all__ = ["CategoryLearner", "NextWordScorer", "Lexstat", "Prevword", "Freqframe", "TokenType",
           "TypeToken", "Chance", "LEARNERS", "PAPER_ORDER", "get_learner"]


@runtime_checkable
class CategoryLearner(Protocol):
    """A learner that maps words to categories (the paper's statistics are then used)."""

    name: str

    def categorize(self, utterances: Sequence[Sequence[str]]) -> Mapping[str, str]:
        """Word -> category from training utterances (initial previous word first)."""
        ...


@runtime_checkable
class NextWordScorer(Protocol):
    """A learner with its own scoring of the next word (e.g. a connectionist model)."""

    name: str

    def fit(self, utterances: Sequence[Sequence[str]]) -> None:
        """Learn from training utterances (initial previous word first)."""
        ...

    def score(self, history: Sequence[str], candidates: Sequence[str]) -> Sequence[float]:
        """One score per candidate; ``history`` = initial previous word + words produced."""
        ...


def _string_rank(vocab: list[str]) -> np.ndarray:
    """Rank of every id in the alphabetical order of its string (tie-break order)."""
    order = sorted(range(len(vocab)), key=vocab.__getitem__)
    rank = np.empty(len(vocab), dtype=np.int64)
    rank[np.asarray(order, dtype=np.int64)] = np.arange(len(vocab))
    return rank


def _contexts(utts: Utterances) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per token: word id, left element (previous word / start), right element (next / END)."""
    n_tok = len(utts.words)
    words = utts.words.astype(np.int64)
    lengths = utts.lengths
    first = utts.offsets[:-1][lengths > 0]
    last = utts.offsets[1:][lengths > 0] - 1
    left = np.empty(n_tok, dtype=np.int64)
    right = np.empty(n_tok, dtype=np.int64)
    if n_tok:
        left[1:] = words[:-1]
        right[:-1] = words[1:]
        left[first] = utts.start[lengths > 0]
        right[last] = utts.end_id
    return words, left, right


def _first_per_word(n: int, w: np.ndarray, cat: np.ndarray, base: int) -> np.ndarray:
    """Each id's category: its first ``cat`` in ``w`` (sorted by word, best first); an id
    not in ``w`` gets its own category ``base + id``."""
    firsts = np.ones(len(w), dtype=bool)
    firsts[1:] = w[1:] != w[:-1]
    cats = base + np.arange(n, dtype=np.int64)
    cats[w[firsts]] = cat[firsts]
    return cats


class _Builtin:
    """Base of the built-in learners: ``category_ids`` is the fast path."""

    name = ""
    label = ""

    def category_ids(self, utts: Utterances) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def categorize(self, utterances: Sequence[Sequence[str]]) -> dict[str, str]:
        """Word -> category name, for inspection (the protocol's form)."""
        utts = Utterances.from_lists([u[1:] for u in utterances], [u[0] for u in utterances])
        cats = self.category_ids(utts)
        return {utts.vocab[w]: self.category_name(utts, int(cats[w]))
                for w in np.unique(utts.words).tolist()}

    def category_name(self, utts: Utterances, cat: int) -> str:
        return utts.vocab[cat] if cat < utts.n_ids else f"<unseen:{cat}>"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Lexstat(_Builtin):
    """Every word is its own category.

    Example
    -------
    >>> Lexstat().categorize([[".", "we", "ate"]])
    {'we': 'we', 'ate': 'ate'}
    """

    name = "lexstat"
    label = "Lexstat"

    def category_ids(self, utts: Utterances) -> np.ndarray:
        """The category of every id of ``utts.vocab``: the id itself.

        Example
        -------
        >>> Lexstat().category_ids(Utterances.from_lists([["go"]])).tolist()
        [0, 1, 2, 3]
        """
        return np.arange(utts.n_ids, dtype=np.int64)


class Prevword(_Builtin):
    """A word's category is its most frequent previous word.

    ``count="frame"`` (default): among the words that precede it, the one
    most frequent as a previous word over the corpus (the global reading of
    Freqframe); ``count="pair"``: the one that precedes it most often.  Ties:
    the alphabetically first.

    Example
    -------
    >>> utts = [[".", "you", "ate"], [".", "you", "ate"], [".", "we", "ate"], [".", "we", "go"],
    ...         [".", "we", "see"]]
    >>> Prevword().categorize(utts)["ate"], Prevword(count="pair").categorize(utts)["ate"]
    ('we', 'you')
    """

    name = "prevword"
    label = "Prevword"

    def __init__(self, count: str = "frame") -> None:
        check_choice("count", count, ("frame", "pair"))
        self.count = count

    def category_ids(self, utts: Utterances) -> np.ndarray:
        """The category of every id of ``utts.vocab``: the id of its previous word; an id
        never seen as a word (a marker, a punctuation mark) gets its own, ``n_ids + id``.

        Example
        -------
        >>> u = Utterances.from_lists([["it", "is"], ["here", "it", "is"]])
        >>> cats = Prevword().category_ids(u)
        >>> [u.vocab[c] for c in cats[[u.vocab.index("it"), u.vocab.index("is")]]]
        ['.', 'it']
        """
        n = utts.n_ids
        words, left, _ = _contexts(utts)
        if not len(words):
            return _first_per_word(n, words, words, n)
        keys, counts = np.unique(words * n + left, return_counts=True)
        w, p = keys // n, keys % n
        if self.count == "frame":
            counts = np.bincount(left, minlength=n)[p]
        order = np.lexsort((_string_rank(utts.vocab)[p], -counts, w))
        return _first_per_word(n, w[order], p[order], n)


class _FrameLearner(_Builtin):
    """Choose, for each word, the best of the frames it occurs in."""

    def __init__(self, count: str = "frame") -> None:
        check_choice("count", count, ("frame", "pair"))
        self.count = count

    def frame_table(self, utts: Utterances) -> dict[str, np.ndarray]:
        """Per (frame, word) pair: word, left, right, pair count, frame frequency, members."""
        n = utts.n_ids
        words, left, right = _contexts(utts)
        frame = left * n + right
        keys, counts = np.unique(frame * n + words, return_counts=True)
        f, w = keys // n, keys % n
        _, inv = np.unique(f, return_inverse=True)
        freq = np.bincount(inv, weights=counts).astype(np.int64)
        members = np.bincount(inv).astype(np.int64)
        return {"word": w, "left": f // n, "right": f % n, "pair": counts.astype(np.int64),
                "freq": freq[inv], "members": members[inv], "frame": f}

    def _score(self, t: dict[str, np.ndarray]) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def category_ids(self, utts: Utterances) -> np.ndarray:
        n = utts.n_ids
        if not len(utts.words):
            return _first_per_word(n, utts.words, utts.words, n * n)
        t = self.frame_table(utts)
        rank = _string_rank(utts.vocab)
        order = np.lexsort((rank[t["right"]], rank[t["left"]], -t["pair"], -t["freq"],
                            -self._score(t), t["word"]))
        return _first_per_word(n, t["word"][order], t["frame"][order], n * n)

    def category_name(self, utts: Utterances, cat: int) -> str:
        n = utts.n_ids
        if cat >= n * n:
            return f"<unseen:{utts.vocab[cat - n * n]}>"
        return f"{utts.vocab[cat // n].upper()}_{utts.vocab[cat % n].upper()}"


class Freqframe(_FrameLearner):
    """The frame with the highest frequency (Mintz 2003; ``count="pair"``: the word's own count).

    Example
    -------
    >>> Freqframe().categorize([[".", "you", "ate", "it"], [".", "you", "saw", "it"]])["ate"]
    'YOU_IT'
    """

    name = "freqframe"
    label = "Freqframe"

    def _score(self, t: dict[str, np.ndarray]) -> np.ndarray:
        return (t["freq"] if self.count == "frame" else t["pair"]).astype(float)


class TokenType(_FrameLearner):
    """The frame with the highest ratio frequency / unique members (least diverse slot).

    Example
    -------
    >>> TokenType().categorize([[".", "she", "ate", "it"], [".", "she", "ate", "it"],
    ...                         [".", "you", "ate", "it"]])["ate"]
    'SHE_IT'
    """

    name = "tokentype"
    label = "Token/Type"

    def _score(self, t: dict[str, np.ndarray]) -> np.ndarray:
        return t["freq"] / t["members"]


class TypeToken(_FrameLearner):
    """The frame with the highest ratio unique members / frequency (most diverse slot).

    Example
    -------
    >>> TypeToken().categorize([[".", "she", "ate", "it"], [".", "she", "ate", "it"],
    ...                         [".", "you", "ate", "it"]])["ate"]
    'YOU_IT'
    """

    name = "typetoken"
    label = "Type/Token"

    def _score(self, t: dict[str, np.ndarray]) -> np.ndarray:
        return t["members"] / t["freq"]


class Chance(_Builtin):
    """No categories: the expected accuracy of a random order, ``100/n!`` per utterance.

    Example
    -------
    >>> Chance().is_chance
    True
    """

    name = "chance"
    label = "Chance"
    is_chance = True

    def category_ids(self, utts: Utterances) -> np.ndarray:
        """One category for every id (Chance is scored by its expected accuracy,
        not by production; see :func:`~induceval.models.wopa.production.chance_stats`).

        Example
        -------
        >>> Chance().category_ids(Utterances.from_lists([["go"]])).tolist()
        [0, 0, 0, 0]
        """
        return np.zeros(utts.n_ids, dtype=np.int64)


#: Built-in learners by name, in the paper's order (the names: ``WOPA_LEARNERS`` of
#: ``induceval.models.category_names``, which the help reads without importing numpy).
LEARNERS: dict[str, type] = dict(zip(WOPA_LEARNERS, (Chance, Prevword, Freqframe, TokenType,
                                                    TypeToken, Lexstat), strict=True))

#: The paper's order, worst to best (Chang et al. 2006, Fig. 1).
PAPER_ORDER: tuple[str, ...] = tuple(LEARNERS)

_ALIASES = {"token/type": "tokentype", "type/token": "typetoken", "token_type": "tokentype",
            "type_token": "typetoken"}


def get_learner(learner: object, **options: object) -> object:
    """A learner object from a name (``"lexstat"``, ``"Token/Type"`` ...) or an object.

    ``options``: ``<name>_count`` (``"pair"`` or ``"frame"``) sets the ``count`` of that
    learner (prevword, freqframe, tokentype, typetoken).

    Parameters
    ----------
    learner
        A name of :data:`LEARNERS` or a learner object (returned as it is).
    **options
        ``<name>_count`` options (``"pair"`` or ``"frame"``).

    Returns
    -------
    object
        The learner.

    Example
    -------
    >>> get_learner("Type/Token").label
    'Type/Token'
    """
    if not isinstance(learner, str):
        if not (hasattr(learner, "categorize") or hasattr(learner, "score")
                or hasattr(learner, "category_ids")):
            raise ParameterError(
                f"a learner needs a categorize() or fit()/score() method; got {learner!r}")
        return learner
    key = _ALIASES.get(learner.lower(), learner.lower())
    if key not in LEARNERS:
        raise ParameterError(
            f"learner must be one of {', '.join(LEARNERS)}; got {learner!r}")
    count = options.get(f"{key}_count")
    return LEARNERS[key]() if count is None else LEARNERS[key](count=str(count))
