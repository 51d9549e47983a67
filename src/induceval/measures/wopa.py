"""Word Order Prediction Accuracy (WOPA; Chang, Lieven & Tomasello 2006).

A learner is scored by how often it reproduces the exact word order of an
utterance starting from the utterance's bag of words.  No tags are needed,
so it works on any transcribed language and on children's own speech.

Statistics (learned from training utterances, per learner)
-----------------------------------------------------------
context ``C(p -> c)``
    How often category ``c`` directly follows the word (or initial previous
    word) ``p``, divided by how often ``p`` and ``c`` co-occur in one
    utterance.
access ``A(c > w)``
    How often category ``c`` precedes word ``w`` anywhere later in the same
    utterance, divided by how often ``c`` and ``w`` co-occur in one utterance.

Co-occurrence pairs two *different* positions of the utterance (so a word
does not co-occur with its own category through itself).  With
``cooccurrence="utterance"`` (default, the paper's words: "how often two
elements both occur in the same utterance") each pair of elements counts once
per utterance; with ``"pairs"`` every pair of positions counts, which makes
``A(a > b) + A(b > a) = 1`` for two words under Lexstat.

Words and punctuation
---------------------
Tokens whose form is punctuation (policy ``punct``, default ``"unicode"``:
every character a Unicode punctuation or symbol, which covers CHAT
terminators such as ``.``, ``?``, ``+...``) are removed from the bag of words.
The utterance's last punctuation token (its terminator) is the *initial
previous word* (``initial="punct"``); an utterance without punctuation starts
from the marker ``<no-punct>``.  ``initial="boundary"`` uses one start marker
for every utterance instead.  Utterances with no word left are counted
(``no_words``) and skipped; one-word utterances train the statistics but are
not scored (they have one order), counted as ``one_word``.

Production
----------
The candidate set is the utterance's words; repeated words are distinct
candidates (the paper's unique labels ``the``/``the-1``) with identical
statistics, and the produced order is compared by word form, so either copy
is correct where the word is expected.  At each step every remaining
candidate ``m`` gets the choice value::

    C(prev -> cat(m)) * |remaining| + sum over other remaining l of A(cat(m) > l)

the highest value is produced, removed, and becomes the previous word.  The
utterance is correct when the produced sequence equals the original.

Ties (values within ``1e-9`` relative) between different words are broken by
``ties="random"`` (default): a candidate drawn uniformly by hashing (seed,
utterance number, step) with SplitMix64, so the result is the same for the
same seed on any machine; or ``ties="pessimistic"``: a tie involving the
expected word is lost.  No rule looks at the original order.

Chance
------
The Chance learner's score for an utterance of ``n`` words is its expected
accuracy ``1/n!`` (``chance="paper"``, repeated words counted as distinct, so
slightly below true chance, as the paper notes) or ``prod(k_i!)/n!``
(``chance="exact"``, with ``k_i`` the multiplicities).

Long utterances
---------------
Training statistics are pairwise over an utterance's positions, so one
utterance of ``n`` words costs ``n**2`` memory and time (a 37,500-word
"utterance" of a badly segmented transcript needs over 20 GB).  Utterances
of more than ``max_words`` words (default :data:`MAX_WORDS` = 100, far above
any real utterance; ``None`` for no cap) are left out of training and test,
counted as ``too_long_dropped`` and recorded in the signature.

Every score is computed from per-utterance additive statistics ``(correct,
scored)``; :func:`wopa_score` maps their sum to the percentage.

References
----------
Chang, F., Lieven, E., & Tomasello, M. (2006). Using child utterances to
evaluate syntax acquisition algorithms. Proceedings of the 28th Annual
Conference of the Cognitive Science Society, 154-159.

Example
-------
>>> from induceval.models.wopa_learners import Utterances
>>> train = Utterances.from_lists([["it", "is", "here"], ["here", "it", "is"]])
>>> r = evaluate_wopa(train, train, "lexstat", ties="pessimistic")
>>> r.n_scored, r.accuracy      # the paper's example: one of the two is wrong
(2, 50.0)
>>> round(chance_accuracy([3, 3]), 1)
16.7
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, check_choice, check_range
from induceval.models.wopa_learners import (
    END,
    NO_PUNCT,
    Utterances,
    get_learner,
)
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = [
    "MAX_WORDS",
    "LearnedStatistics",
    "WopaResult",
    "learn_statistics",
    "produce",
    "evaluate_wopa",
    "wopa_score",
    "chance_accuracy",
    "chance_stats",
    "utterances_from_corpus",
    "split_speakers",
    "self_prediction",
    "adult_to_child",
    "accuracy_by_day",
    "TIES",
    "COOCCURRENCE",
    "CHANCE",
    "INITIAL",
]

TIES = ("random", "pessimistic")
COOCCURRENCE = ("utterance", "pairs")
CHANCE = ("paper", "exact")
INITIAL = ("punct", "boundary")
_REL_TOL = 1e-9

#: default cap on the words of a scored or trained utterance (see "Long utterances")
MAX_WORDS = 100


# -- input ------------------------------------------------------------------------------

def utterances_from_corpus(corpus: Corpus, *, punct: str = "unicode",
                           initial: str = "punct") -> tuple[Utterances, dict[str, int]]:
    """Encode a corpus for WOPA: punctuation out of the bag, initial previous word kept.

    Parameters
    ----------
    corpus
        Any corpus with a ``form`` column.
    punct
        Punctuation policy of :func:`induceval.corpus.transforms.punctuation_mask`
        (``"unicode"``, ``"upos"``, ``"tags:..."``, ``"keep"``).
    initial
        ``"punct"``: the utterance's last punctuation token is the initial
        previous word; ``"boundary"``: one marker for all utterances.

    Returns
    -------
    (Utterances, counts)
        All sentences (empty ones included, so indices align with the corpus)
        and counts ``utterances``, ``no_words``, ``one_word``, ``punct_tokens``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["do", "you", "?"]})
    >>> b.add_sentence({"form": ["."]}); b.add_sentence({"form": ["look"]})
    >>> u, counts = utterances_from_corpus(b.build())
    >>> u.as_lists(), counts["no_words"]
    ([['?', 'do', 'you'], ['.'], ['<no-punct>', 'look']], 1)
    """
    from induceval.corpus.transforms import punctuation_mask

    check_choice("initial", initial, INITIAL)
    mask = np.asarray(punctuation_mask(corpus, policy=punct), dtype=bool)
    forms = corpus.forms.astype(np.int64)
    vocab = list(corpus.vocab.items)
    n_form = len(vocab)
    end_id, none_id = n_form, n_form + 1
    vocab = vocab + [END, NO_PUNCT]
    boundary_id = none_id
    if initial == "boundary":
        vocab.append("<s>")
        boundary_id = n_form + 2
    n_sent = corpus.n_sentences
    sid = corpus.sentence_ids()
    start = np.full(n_sent, boundary_id, dtype=np.int64)
    if initial == "punct" and mask.any():
        pidx = np.flatnonzero(mask)
        # the last punctuation token of each sentence wins (assignment order)
        start[sid[pidx]] = forms[pidx]
    keep = ~mask
    words = forms[keep].astype(np.int32)
    lengths = np.bincount(sid[keep], minlength=n_sent)
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    utts = Utterances(offsets, words, start.astype(np.int32), vocab,
                      np.arange(n_sent, dtype=np.int64))
    assert end_id == utts.end_id
    counts = {"utterances": n_sent, "no_words": int((lengths == 0).sum()),
              "one_word": int((lengths == 1).sum()), "punct_tokens": int(mask.sum())}
    return utts, counts


def split_speakers(corpus: Corpus, *, child_role: str = "Target_Child",
                   child_speaker: str = "CHI") -> tuple[np.ndarray, np.ndarray]:
    """Boolean masks (adult, child) over sentences.

    The child lines are those whose ``role`` is ``child_role`` (or, without a
    ``role`` column, whose ``speaker`` is ``child_speaker``); the adult lines
    are all other utterances, as in the paper.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi"]}, {"speaker": "MOT", "role": "Mother"})
    >>> b.add_sentence({"form": ["hi"]}, {"speaker": "CHI", "role": "Target_Child"})
    >>> [m.tolist() for m in split_speakers(b.build())]
    [[True, False], [False, True]]
    """
    if "role" in corpus.sentences:
        col = corpus.sentences["role"]
        code = col.vocab.id(child_role) if col.vocab is not None else -1
    elif "speaker" in corpus.sentences:
        col = corpus.sentences["speaker"]
        code = col.vocab.id(child_speaker) if col.vocab is not None else -1
    else:
        n = corpus.n_sentences
        return np.ones(n, dtype=bool), np.zeros(n, dtype=bool)
    child = col.values == code if code >= 0 else np.zeros(corpus.n_sentences, dtype=bool)
    return ~child, child


# -- statistics ---------------------------------------------------------------------------

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

    def context(self, prev: str, word: str) -> float:
        """Normalised context statistic from ``prev`` to ``word``'s category."""
        key = self._id(prev) * self.n_cats + int(self.cats[self._id(word)])
        return _lookup(self.ctx_keys, self.ctx_vals, key)

    def access(self, word: str, later: str) -> float:
        """Normalised access statistic: ``word``'s category before ``later``."""
        key = int(self.cats[self._id(word)]) * self.n_ids + self._id(later)
        return _lookup(self.acc_keys, self.acc_vals, key)

    def raw(self, kind: str, a: str, b: str) -> tuple[int, int]:
        """(events, co-occurrences) of ``kind`` ``"context"`` (a -> cat(b)) or ``"access"``."""
        if kind == "context":
            key = self._id(a) * self.n_cats + int(self.cats[self._id(b)])
        else:
            key = int(self.cats[self._id(a)]) * self.n_ids + self._id(b)
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

    Example
    -------
    >>> from induceval.models.wopa_learners import Utterances
    >>> st = learn_statistics(Utterances.from_lists([["we", "ate", "the", "cake"]]))
    >>> st.context("we", "ate"), st.access("ate", "cake"), st.access("cake", "ate")
    (1.0, 1.0, 0.0)
    """
    from induceval.measures import _wopa_kernels as K

    check_choice("cooccurrence", cooccurrence, COOCCURRENCE)
    learner = get_learner(learner)
    cats = _category_ids(learner, train)
    n_cats = int(cats.max()) + 1 if len(cats) else 1
    n_ids = train.n_ids
    ctx, cden, acc, aden = K.collect_keys(train.offsets, train.words.astype(np.int64),
                                          train.start.astype(np.int64), cats, n_cats, n_ids,
                                          cooccurrence == "pairs")
    counts = {}
    for name, keys in (("context_num", ctx), ("context_den", cden), ("access_num", acc),
                       ("access_den", aden)):
        counts[name] = K.count_sorted(keys)
    ctx_vals = K.ratios(*counts["context_num"], *counts["context_den"])
    acc_vals = K.ratios(*counts["access_num"], *counts["access_den"])
    return LearnedStatistics(learner, cats, n_cats, n_ids, counts["context_num"][0], ctx_vals,
                             counts["access_num"][0], acc_vals, train.vocab, counts)


# -- scoring ------------------------------------------------------------------------------

def wopa_score(stats: np.ndarray) -> float:
    """WOPA (%) from summed (or per-utterance) statistics ``(correct, scored)``.

    Example
    -------
    >>> wopa_score(np.array([[1, 1], [0, 1], [0.5, 1]]))
    50.0
    """
    s = np.asarray(stats, dtype=float)
    if s.ndim == 2:
        s = s.sum(0)
    return float(100.0 * s[0] / s[1]) if s[1] > 0 else float("nan")


def chance_stats(utterances: Utterances, *, chance: str = "paper") -> np.ndarray:
    """Per-utterance expected correctness of a random order: ``1/n!`` (or exact).

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
    """Chance WOPA (%) of utterances of the given word counts: mean of ``100/n!``.

    Utterances shorter than two words are not scored.

    Example
    -------
    >>> round(chance_accuracy([2, 3, 1]), 4)
    33.3333
    """
    vals = [100.0 / math.factorial(n) for n in lengths if n >= 2]
    return float(np.mean(vals)) if vals else float("nan")


@dataclass
class WopaResult:
    """WOPA of one learner on one test set, with per-utterance statistics.

    Attributes
    ----------
    correct, scored
        Per test utterance (all utterances with at least one word): 1/0
        correctness (expected correctness for Chance) and whether it is scored
        (two words or more).
    index
        Per test utterance, its sentence index in the source corpus.
    lengths
        Word counts.
    counts
        ``utterances`` seen, ``no_words`` (skipped), ``one_word`` (not
        scored), ``scored``, ``tied_steps`` (steps decided by the tie rule).
    """

    learner: str
    test: str
    correct: np.ndarray
    scored: np.ndarray
    index: np.ndarray
    lengths: np.ndarray
    counts: dict[str, int]
    signature: str
    corpus: str = ""

    @property
    def stats(self) -> np.ndarray:
        """Per-utterance additive statistics ``(correct, scored)`` (scored rows only)."""
        m = self.scored
        return np.column_stack([self.correct[m], np.ones(int(m.sum()))])

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
        """WOPA in percent."""
        return wopa_score(self.stats)

    def to_dict(self) -> dict:
        """The result as one JSON-ready row (what ``induceval wopa --format json`` writes).

        Returns
        -------
        dict
            ``corpus``, ``learner``, ``test``, ``wopa`` (percent), ``correct``,
            ``scored``, the other :attr:`counts` (``utterances``, ``no_words``,
            ``one_word``, ``tied_steps``, ...) and ``signature``.

        Example
        -------
        >>> from induceval.models.wopa_learners import Utterances
        >>> u = Utterances.from_lists([["it", "is", "here"], ["go"]])
        >>> d = evaluate_wopa(u, u, "lexstat").to_dict()
        >>> d["wopa"], d["scored"], d["one_word"]
        (100.0, 1, 1)
        """
        return {"corpus": self.corpus, "learner": self.learner, "test": self.test,
                "wopa": self.accuracy, "correct": self.n_correct, "scored": self.n_scored,
                **{k: v for k, v in self.counts.items() if k != "scored"},
                "signature": self.signature}


def _scorer_production(learner: object, train: Utterances, test: Utterances, ties: str,
                       seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Production with an outside learner's own next-word scores (Python loop)."""
    from induceval.measures._wopa_kernels import tie_draw

    learner.fit(train.as_lists())
    vocab = test.vocab
    correct = np.zeros(test.n_utterances)
    tied = np.zeros(test.n_utterances, dtype=np.int64)
    for u in range(test.n_utterances):
        ws = [vocab[w] for w in test.words[test.offsets[u]:test.offsets[u + 1]].tolist()]
        if len(ws) < 2:
            continue
        history = [vocab[int(test.start[u])]]
        remaining = list(ws)
        ok = True
        for step in range(len(ws)):
            scores = np.asarray(learner.score(list(history), list(remaining)), dtype=float)
            if scores.shape != (len(remaining),):
                raise InducevalError(f"learner {learner.name!r}: score() returned "
                                     f"{scores.shape[0] if scores.ndim else 1} values for "
                                     f"{len(remaining)} candidates")
            best = scores.max()
            cand = np.flatnonzero(scores >= best - _REL_TOL * max(1.0, abs(best))).tolist()
            if len({remaining[c] for c in cand}) > 1:
                tied[u] += 1
            if ties == "pessimistic":
                wrong = [c for c in cand if remaining[c] != ws[step]]
                pick = wrong[0] if wrong and len(wrong) < len(cand) else cand[0]
            else:
                pick = cand[int(tie_draw(np.int64(seed), np.int64(u), np.int64(step),
                                         np.int64(len(cand))))]
            word = remaining.pop(pick)
            if word != ws[step]:
                ok = False
                break
            history.append(word)
        correct[u] = float(ok)
    return correct, tied


def evaluate_wopa(train: Utterances, test: Utterances, learner: object = "lexstat", *,
                  ties: str = "random", seed: int = DEFAULT_SEED,
                  cooccurrence: str = "utterance", chance: str = "paper",
                  test_name: str = "self", corpus: str = "",
                  statistics: LearnedStatistics | None = None,
                  extra_signature: Mapping[str, object] | None = None) -> WopaResult:
    """WOPA of ``learner`` trained on ``train`` and producing ``test``.

    Parameters
    ----------
    train, test
        Utterances over one shared vocabulary.
    learner
        A built-in name (``chance, prevword, freqframe, tokentype, typetoken,
        lexstat``) or an object following the protocol of
        :mod:`induceval.models.wopa_learners`.
    ties
        ``"random"`` (seeded hash draw) or ``"pessimistic"``.
    seed
        Seed of the tie draws.
    cooccurrence
        ``"utterance"`` or ``"pairs"`` (normalisation of the statistics).
    chance
        ``"paper"`` (``1/n!``) or ``"exact"`` (for the Chance learner).
    statistics
        Statistics already learned from ``train`` by this learner (reused).

    Returns
    -------
    WopaResult

    Example
    -------
    >>> from induceval.models.wopa_learners import Utterances
    >>> u = Utterances.from_lists([["you", "ate", "it"], ["we", "ate", "it"]])
    >>> evaluate_wopa(u, u, "chance").accuracy    # 1/3! = 16.7 %
    16.666666666666664
    """
    check_choice("ties", ties, TIES)
    check_range("seed", seed, 0, 2**63 - 1)
    check_choice("chance", chance, CHANCE)
    check_choice("cooccurrence", cooccurrence, COOCCURRENCE)
    if train.vocab is not test.vocab and train.vocab != test.vocab[: len(train.vocab)]:
        raise InducevalError("training and test utterances must share one vocabulary")
    learner = get_learner(learner)
    name = getattr(learner, "label", "") or getattr(learner, "name", type(learner).__name__)
    lengths = test.lengths
    has_words = lengths > 0
    tied = np.zeros(test.n_utterances, dtype=np.int64)
    opts: dict[str, object] = {"learner": getattr(learner, "name", name), "test": test_name}
    if isinstance(getattr(learner, "count", None), str):
        opts["count"] = learner.count   # Prevword/Freqframe/Token-Type category choice
    opts.update(extra_signature or {})
    if getattr(learner, "is_chance", False):
        correct = chance_stats(test, chance=chance)
        opts["chance"] = chance
        sig_seed = None
    elif hasattr(learner, "score") and not hasattr(learner, "categorize") and \
            not hasattr(learner, "category_ids"):
        correct, tied = _scorer_production(learner, train, test, ties, seed)
        opts["ties"] = ties
        sig_seed = seed if ties == "random" else None
    else:
        from induceval.measures import _wopa_kernels as K

        if test.n_ids > train.n_ids and statistics is None:
            train = Utterances(train.offsets, train.words, train.start, test.vocab, train.index)
        st = statistics if statistics is not None else learn_statistics(
            train, learner, cooccurrence=cooccurrence)
        cats, n_cats, n_ids, keys = _extend(st, test.n_ids)
        correct, _, tied = K.produce_all(
            test.offsets, test.words.astype(np.int64), test.start.astype(np.int64), cats,
            np.int64(n_cats), np.int64(n_ids), *keys,
            K.TIES_RANDOM if ties == "random" else K.TIES_PESSIMISTIC,
            np.int64(seed), False, _REL_TOL)
        opts.update({"cooc": cooccurrence, "ties": ties})
        sig_seed = seed if ties == "random" else None
    scored = lengths >= 2
    counts = {"utterances": int(test.n_utterances), "no_words": int((~has_words).sum()),
              "one_word": int((lengths == 1).sum()), "scored": int(scored.sum()),
              "tied_steps": int(tied.sum())}
    return WopaResult(name, test_name, correct[has_words], scored[has_words],
                      test.index[has_words], lengths[has_words], counts,
                      make_signature("wopa", opts, seed=sig_seed), corpus)


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


def produce(statistics: LearnedStatistics, words: Sequence[str], start: str = ".", *,
            ties: str = "random", seed: int = DEFAULT_SEED) -> list[str]:
    """The order a learner produces for one bag of words (for inspection).

    Example
    -------
    >>> from induceval.models.wopa_learners import Utterances
    >>> st = learn_statistics(Utterances.from_lists([["we", "ate", "the", "cake"]]))
    >>> produce(st, ["cake", "the", "we", "ate"])
    ['we', 'ate', 'the', 'cake']
    """
    from induceval.measures import _wopa_kernels as K

    check_choice("ties", ties, TIES)
    vocab = list(statistics.vocab)
    test = Utterances.from_lists([list(words)], [start], vocab=vocab)
    cats, n_cats, n_ids, keys = _extend(statistics, test.n_ids)
    _, order, _ = K.produce_all(
        test.offsets, test.words.astype(np.int64), test.start.astype(np.int64), cats,
        np.int64(n_cats), np.int64(n_ids), *keys,
        K.TIES_RANDOM if ties == "random" else K.TIES_PESSIMISTIC, np.int64(seed), True,
        _REL_TOL)
    if len(words) < 2:
        return list(words)
    return [words[i] for i in order.tolist()]


# -- the paper's tests --------------------------------------------------------------------

_TESTS = ("self", "adult-child")


def _run_tests(corpus: Corpus, learners: Sequence[object], test: str, *, punct: str,
               initial: str, ties: str, seed: int, cooccurrence: str, chance: str,
               child_role: str, unintelligible: str = "drop",
               max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    check_choice("test", test, _TESTS)
    check_choice("unintelligible", unintelligible, ("drop", "keep"))
    if max_words is not None:
        from induceval.errors import check_range

        check_range("max_words", max_words, 1)
    utts, _ = utterances_from_corpus(corpus, punct=punct, initial=initial)
    adult, child = split_speakers(corpus, child_role=child_role)
    n_long = 0
    if max_words is not None:
        too_long = np.diff(utts.offsets) > max_words
        n_long = int(too_long.sum())
        adult, child = adult & ~too_long, child & ~too_long
    n_unint = 0
    col = corpus.sentences.get("unintelligible")
    if unintelligible == "drop" and col is not None and col.vocab is not None:
        flagged = col.values == col.vocab.id("yes")
        # counted among the speakers being scored only (the adults for "self",
        # the target child for "adult-child"), as the output column says
        n_unint = int((flagged & (adult if test == "self" else child)).sum())
        adult, child = adult & ~flagged, child & ~flagged
    train = utts.select(adult)
    if test == "self":
        target = train
    else:
        if not child.any():
            raise InducevalError(
                f"corpus {corpus.name or '<unnamed>'} has no target-child lines (role "
                f"{child_role!r}); the adult-to-child test needs them")
        target = utts.select(child)
    if train.n_utterances == 0:
        raise InducevalError(f"corpus {corpus.name or '<unnamed>'} has no adult lines to "
                             "learn from")
    extra = {"punct": punct, "initial": initial, "unintelligible": unintelligible,
             "max_words": max_words}
    results = [evaluate_wopa(train, target, lr, ties=ties, seed=seed,
                             cooccurrence=cooccurrence, chance=chance, test_name=test,
                             corpus=corpus.name, extra_signature=extra)
               for lr in learners]
    for r in results:
        r.counts["unintelligible_dropped"] = n_unint
        r.counts["too_long_dropped"] = n_long
    return results


def self_prediction(corpus: Corpus, learners: Sequence[object] = ("lexstat",), *,
                    punct: str = "unicode", initial: str = "punct", ties: str = "random",
                    seed: int = DEFAULT_SEED, cooccurrence: str = "utterance",
                    chance: str = "paper", child_role: str = "Target_Child",
                    unintelligible: str = "drop",
                    max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    """Learn from the corpus's adult utterances and predict the same utterances.

    Options are those of :func:`evaluate_wopa` and :func:`utterances_from_corpus`;
    ``unintelligible="drop"`` (default) leaves out utterances the reader flagged
    in the sentence column ``unintelligible`` (CHAT ``xxx``; their bag of words is
    incomplete), counted as ``unintelligible_dropped``; ``max_words`` (default
    :data:`MAX_WORDS`) leaves out longer utterances, counted as ``too_long_dropped``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ("it is here .", "here it is ."):
    ...     b.add_sentence({"form": s.split()}, {"role": "Mother"})
    >>> [r.accuracy for r in self_prediction(b.build(), ["chance", "lexstat"],
    ...                                      ties="pessimistic")]
    [16.666666666666664, 50.0]
    """
    return _run_tests(corpus, learners, "self", punct=punct, initial=initial, ties=ties,
                      seed=seed, cooccurrence=cooccurrence, chance=chance,
                      child_role=child_role, unintelligible=unintelligible,
                      max_words=max_words)


def adult_to_child(corpus: Corpus, learners: Sequence[object] = ("lexstat",), *,
                   punct: str = "unicode", initial: str = "punct", ties: str = "random",
                   seed: int = DEFAULT_SEED, cooccurrence: str = "utterance",
                   chance: str = "paper", child_role: str = "Target_Child",
                   unintelligible: str = "drop",
                   max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    """Learn from the adults' utterances and predict the target child's utterances.

    Raises :class:`~induceval.errors.InducevalError` when the corpus has no
    target-child lines.
    """
    return _run_tests(corpus, learners, "adult-child", punct=punct, initial=initial,
                      ties=ties, seed=seed, cooccurrence=cooccurrence, chance=chance,
                      child_role=child_role, unintelligible=unintelligible,
                      max_words=max_words)


def accuracy_by_day(result: WopaResult, corpus: Corpus, *, undated: str = "skip") -> list[dict]:
    """Accuracy per recording day (the child's age in days) of one result.

    Scored utterances without an age (a file whose target child has no age)
    are left out and counted in ``result.counts["undated"]`` (``undated="skip"``,
    default) or raise :class:`~induceval.errors.InducevalError`
    (``undated="fail"``).  A corpus without an ``age_days`` column, or with no
    dated scored utterance, raises.

    Returns
    -------
    list of dict
        ``{"age_days", "correct", "scored", "wopa"}`` sorted by age.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s, role, age in (("it is here .", "Mother", 700), ("here it is .", "Target_Child", 700),
    ...                      ("it is .", "Target_Child", -1)):
    ...     b.add_sentence({"form": s.split()}, {"role": role, "age_days": age})
    >>> c = b.build(); (r,) = adult_to_child(c, ["lexstat"], ties="pessimistic")
    >>> accuracy_by_day(r, c), r.counts["undated"]
    ([{'age_days': 700, 'correct': 0.0, 'scored': 1, 'wopa': 0.0}], 1)
    """
    check_choice("undated", undated, ("skip", "fail"))
    if "age_days" not in corpus.sentences:
        raise InducevalError(f"corpus {corpus.name or '<unnamed>'} has no age_days column; "
                             "the developmental analysis needs the child's age")
    ages = corpus.sentences["age_days"].values[result.index]
    m = result.scored
    no_age = m & (ages < 0)
    result.counts["undated"] = int(no_age.sum())
    if no_age.any():
        i = int(result.index[np.flatnonzero(no_age)[0]])
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
                    "wopa": 100.0 * c / n})
    return out
