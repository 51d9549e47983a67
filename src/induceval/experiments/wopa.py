"""The two WOPA tests of Chang, Lieven & Tomasello (2006, p. 157): a learner meets the measure.

Self-prediction learns from the adults' utterances of a corpus and predicts
the same utterances; adult-to-child learns from the adults and predicts the
target child's utterances.  Each trains a learner
(:func:`induceval.models.wopa.train`) and scores what it produces on the test
utterances (:func:`induceval.measures.wopa.score_utterances`);
:func:`evaluate_wopa` is that step for any training and test utterances.

Long utterances
---------------
Training statistics are pairwise over an utterance's positions, so one
utterance of ``n`` words costs ``n**2`` memory and time (a 37,500-word
"utterance" of a badly segmented transcript needs over 20 GB).  Utterances
of more than ``max_words`` words (default :data:`MAX_WORDS` = 100, far above
any real utterance; ``None`` for no cap) are left out of training and test,
counted as ``too_long_dropped`` and recorded in the signature.  Utterances
whose statistics would need more memory than is available are refused
before any work, naming the longest.

Example
-------
>>> from induceval.corpus.utterances import Utterances
>>> train = Utterances.from_lists([["it", "is", "here"], ["here", "it", "is"]])
>>> r = evaluate_wopa(train, train, "lexstat", ties="pessimistic")
>>> r.n_scored, r.accuracy      # the paper's example: one of the two is wrong
(2, 0.5)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.readers.chat import SPOKEN_WORDS
from induceval.corpus.utterances import Utterances, split_speakers, utterances_from_corpus
from induceval.errors import InducevalError, check_choice, check_range
from induceval.measures.shards import Evaluation, ReadOptions, Shard, evaluate_shards
from induceval.measures.wopa import (
    RECORDS,
    WopaResult,
    accuracy_by_day,
    score_utterances,
    wopa_items,
    wopa_result,
)
from induceval.models.wopa import LearnedStatistics
from induceval.models.wopa import train as train_learner
from induceval.random import DEFAULT_SEED
from induceval.signature import Signature

__all__ = ["MAX_WORDS", "DEFAULT_LEARNERS", "WOPA_TESTS", "evaluate_wopa",
           "evaluate_wopa_corpus", "self_prediction", "adult_to_child"]

#: default cap on the words of a scored or trained utterance (see "Long utterances")
MAX_WORDS = 100

_TESTS = ("self", "adult-child")


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
    learner, ties, seed, cooccurrence, chance, statistics
        As in :func:`induceval.models.wopa.train`.
    test_name, corpus
        Name the test and the corpus in the result.
    extra_signature
        Options of the caller that change the number (in the signature).

    Returns
    -------
    WopaResult
        WOPA, its counts and signature, with the per-utterance statistics.

    Example
    -------
    >>> u = Utterances.from_lists([["you", "ate", "it"], ["we", "ate", "it"]])
    >>> evaluate_wopa(u, u, "chance").accuracy    # 1/3! = 0.167
    0.16666666666666666
    """
    if train.vocab is not test.vocab and train.vocab != test.vocab[: len(train.vocab)]:
        raise InducevalError("training and test utterances must share one vocabulary")
    if test.n_ids > train.n_ids and statistics is None:
        train = Utterances(train.offsets, train.words, train.start, test.vocab, train.index)
    producer = train_learner(train, learner, ties=ties, seed=seed, cooccurrence=cooccurrence,
                     chance=chance, statistics=statistics)
    lr = producer.learner
    name = getattr(lr, "label", "") or getattr(lr, "name", type(lr).__name__)
    opts: dict[str, object] = {"learner": getattr(lr, "name", name), "test": test_name}
    if isinstance(getattr(lr, "count", None), str):
        opts["count"] = lr.count   # Prevword/Freqframe/Token-Type category choice
    opts.update(extra_signature or {})
    opts.update(producer.options)
    return wopa_result(score_utterances(test, producer), name, test=test_name, options=opts,
                       seed=producer.seed, corpus=corpus)


#: bytes per pair of positions of a training utterance (the co-occurrence keys of
#: models.wopa._kernels.collect_keys: n^2 + n(n-1) + n(n-1)/2, int64) and of the longest
#: training and test utterances (a pair buffer of int64; the scorer's float64 tables)
_TRAIN_PAIR_BYTES, _LONGEST_PAIR_BYTES = 28, 24


def _check_memory(train: Utterances, test: Utterances, name: str, max_words: int | None
                  ) -> None:
    """Refuse, before any work, utterances whose pairwise statistics cannot fit in memory (a
    badly segmented transcript's 40,000-word "utterance" needs about 45 GB)."""
    from induceval._memory import available_memory

    n_train = np.diff(train.offsets).astype(np.int64)
    lengths = np.concatenate((n_train, np.diff(test.offsets).astype(np.int64)))
    longest = int(lengths.max(initial=0))
    need = _TRAIN_PAIR_BYTES * int((n_train ** 2).sum()) + _LONGEST_PAIR_BYTES * longest ** 2
    have = available_memory()
    if have is None or need <= have:
        return
    cap = ("give --max-words N (max_words) below" if max_words is None
           else "lower --max-words (max_words) below")
    raise InducevalError(
        f"corpus {name}: the pairwise statistics of its utterances need about "
        f"{need / 1e9:.1f} GB, more than the {have / 1e9:.1f} GB available (the longest "
        f"utterance has {longest} words; the cost grows with the square of the words); "
        f"{cap} {longest} to leave the longest out (counted as too_long_dropped)")


def _test_sets(corpus: Corpus, test: str, child_role: str, unintelligible: str,
               max_words: int | None, punct: str, initial: str
               ) -> tuple[Utterances, Utterances, dict[str, int]]:
    """Training (adult) and test utterances of one test, and the dropped counts."""
    check_choice("test", test, _TESTS)
    check_choice("unintelligible", unintelligible, ("drop", "keep"))
    if max_words is not None:
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
    name = corpus.name or "<unnamed>"
    train_utts = utts.select(adult)
    if test == "self":
        target = train_utts
    else:
        if not child.any():
            raise InducevalError(
                f"corpus {name} has no target-child lines (role {child_role!r}); the "
                "adult-to-child test needs them")
        target = utts.select(child)
    if train_utts.n_utterances == 0:
        raise InducevalError(f"corpus {name} has no adult lines to learn from")
    _check_memory(train_utts, target, name, max_words)
    return train_utts, target, {"unintelligible_dropped": n_unint, "too_long_dropped": n_long}


def _run_tests(corpus: Corpus, learners: Sequence[object], test: str, *, punct: str,
               initial: str, ties: str, seed: int, cooccurrence: str, chance: str,
               child_role: str, unintelligible: str = "drop",
               max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    train_utts, target, dropped = _test_sets(corpus, test, child_role, unintelligible,
                                             max_words, punct, initial)
    extra = {"punct": punct, "initial": initial, "unintelligible": unintelligible,
             "max_words": max_words}
    if corpus.report.counts.get(SPOKEN_WORDS):   # CHAT read as the words said
        extra["words"] = "spoken"
    results = [evaluate_wopa(train_utts, target, lr, ties=ties, seed=seed,
                             cooccurrence=cooccurrence, chance=chance, test_name=test,
                             corpus=corpus.name, extra_signature=extra)
               for lr in learners]
    for r in results:
        r.counts.update(dropped)
    return results


def self_prediction(corpus: Corpus, learners: Sequence[object] = ("lexstat",), *,
                    punct: str = "unicode", initial: str = "punct", ties: str = "random",
                    seed: int = DEFAULT_SEED, cooccurrence: str = "utterance",
                    chance: str = "paper", child_role: str = "Target_Child",
                    unintelligible: str = "drop",
                    max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    """Learn from the corpus's adult utterances and predict the same utterances.

    Options are those of :func:`evaluate_wopa` and
    :func:`~induceval.corpus.utterances.utterances_from_corpus`;
    ``unintelligible="drop"`` (default) leaves out utterances the reader flagged
    in the sentence column ``unintelligible`` (CHAT ``xxx``; their bag of words is
    incomplete), counted as ``unintelligible_dropped``; ``max_words`` (default
    :data:`MAX_WORDS`) leaves out longer utterances, counted as ``too_long_dropped``.

    Parameters
    ----------
    corpus
        A corpus with a ``role`` sentence column (CHAT: the speakers' roles).
    learners
        Learner names of :data:`induceval.models.wopa.LEARNERS` (or learner
        objects), scored in this order.
    punct, initial, ties, seed, cooccurrence, chance, child_role, unintelligible, max_words
        As in :func:`evaluate_wopa`.

    Returns
    -------
    list of WopaResult
        One result per learner: ``accuracy`` (WOPA, a proportion), the counts
        and a signature.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ("it is here .", "here it is ."):
    ...     b.add_sentence({"form": s.split()}, {"role": "Mother"})
    >>> [r.accuracy for r in self_prediction(b.build(), ["chance", "lexstat"],
    ...                                      ties="pessimistic")]
    [0.16666666666666666, 0.5]
    """
    return _run_tests(corpus, learners, "self", punct=punct, initial=initial, ties=ties,
                      seed=seed, cooccurrence=cooccurrence, chance=chance,
                      child_role=child_role, unintelligible=unintelligible, max_words=max_words)


def adult_to_child(corpus: Corpus, learners: Sequence[object] = ("lexstat",), *,
                   punct: str = "unicode", initial: str = "punct", ties: str = "random",
                   seed: int = DEFAULT_SEED, cooccurrence: str = "utterance",
                   chance: str = "paper", child_role: str = "Target_Child",
                   unintelligible: str = "drop",
                   max_words: int | None = MAX_WORDS) -> list[WopaResult]:
    """Learn from the adults' utterances and predict the target child's utterances.

    Raises :class:`~induceval.errors.InducevalError` when the corpus has no
    target-child lines.

    Parameters
    ----------
    corpus
        A corpus with a ``role`` sentence column (CHAT: the speakers' roles).
    learners
        Learner names of :data:`induceval.models.wopa.LEARNERS` (or learner
        objects), scored in this order.
    punct, initial, ties, seed, cooccurrence, chance, child_role, unintelligible, max_words
        As in :func:`evaluate_wopa`.

    Returns
    -------
    list of WopaResult
        One result per learner: ``accuracy`` (WOPA, a proportion), the counts
        and a signature.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s, role in (("it is here .", "Mother"), ("here it is .", "Target_Child")):
    ...     b.add_sentence({"form": s.split()}, {"role": role})
    >>> [r.accuracy for r in adult_to_child(b.build(), ["lexstat"], ties="pessimistic")]
    [0.0]
    """
    return _run_tests(corpus, learners, "adult-child", punct=punct, initial=initial,
                      ties=ties, seed=seed, cooccurrence=cooccurrence, chance=chance,
                      child_role=child_role, unintelligible=unintelligible, max_words=max_words)


class _WopaTests:
    """The paper's two tests as a family of the evaluation driver.

    A shard is one whole corpus (a learner trains on every adult utterance of
    it, so a corpus is not cut), its systems are the learners.  ``"auto"``
    punctuation is resolved from the corpus's tags as for the other families;
    a corpus without speaker roles is read as all adult speech, and the
    resolution says so (``speakers: all``) instead of deciding in silence.
    """

    name = "wopa"
    measures = RECORDS

    def options(self, *, test: str = "self", punct: str = "auto", initial: str = "punct",
                ties: str = "random", seed: int = DEFAULT_SEED,
                cooccurrence: str = "utterance", chance: str = "paper",
                child_role: str = "Target_Child", unintelligible: str = "drop",
                max_words: int | None = MAX_WORDS, by_day: bool = False,
                words: str = "spoken") -> dict:
        check_choice("test", test, _TESTS)
        check_choice("words", words, ("spoken", "mor"))
        return dict(test=test, punct=punct, initial=initial, ties=ties, seed=seed,
                    cooccurrence=cooccurrence, chance=chance, child_role=child_role,
                    unintelligible=unintelligible, max_words=max_words, by_day=by_day,
                    words=words)

    def inventory(self, golds, options) -> dict:
        from induceval.measures.shards import label_inventory

        corpus = golds[0]
        out = label_inventory(corpus, ("upos", "xpos", "cpos"))
        col = corpus.sentences.get("role", corpus.sentences.get("speaker"))
        out["@speakers"] = ({} if col is None or col.vocab is None else
                            {v: int(n) for v, n in zip(col.vocab.items, np.bincount(
                                col.values[col.values >= 0], minlength=len(col.vocab)).tolist())
                             if n})
        return out

    def resolve(self, inventory: dict, options: Mapping) -> dict:
        from induceval.corpus.transforms import check_punct_policy
        from induceval.corpus.transforms.punct import gold_scheme_from_counts

        punct = options["punct"]
        check_punct_policy(punct)
        if punct == "auto":
            punct = gold_scheme_from_counts({c: inventory[c] for c in ("upos", "xpos", "cpos")
                                             if c in inventory}).punct
        return {"punct": punct, "speakers": "roles" if inventory.get("@speakers") else "all"}

    def statistics(self, golds, preds, resolved: Mapping, options: Mapping) -> list:
        corpus = golds[0]
        opts = {k: v for k, v in options.items() if k not in ("by_day", "words")}
        results = _run_tests(corpus, preds, **{**opts, "punct": resolved["punct"]})
        for r in results:
            if resolved["speakers"] == "all":
                r.signature = Signature.parse(r.signature).update(speakers="all").format()
            if options["by_day"]:
                r.days = accuracy_by_day(r, corpus)
        return results

    def result(self, statistics: WopaResult, resolved, options, inventory) -> WopaResult:
        # one shard per corpus: its learners' results, whose statistics are additive
        return statistics

    def items(self, statistics, options: Mapping):
        return wopa_items(statistics)

    def reads_itself(self, paths: tuple, fmt: str) -> bool:
        return False

    def read_prediction(self, paths: tuple, fmt: str):
        raise NotImplementedError


#: WOPA's tests as a family of :func:`induceval.measures.shards.evaluate_shards`
WOPA_TESTS = _WopaTests()

#: the learners of :func:`evaluate_wopa_corpus` and ``induceval wopa`` by default: the
#: paper's six (Chang et al. 2006, Table 2)
DEFAULT_LEARNERS = ("chance", "prevword", "freqframe", "tokentype", "typetoken", "lexstat")


def evaluate_wopa_corpus(source, learners: Sequence[object] = DEFAULT_LEARNERS, *,
                         read: ReadOptions | None = None, **options) -> Evaluation:
    """WOPA of each learner on one corpus, read and resolved by the evaluation driver.

    Parameters
    ----------
    source
        A :class:`~induceval.corpus.model.Corpus`, or a path (a file or a
        folder) or a list of paths, read as one corpus.
    learners
        Learner names or objects (:func:`induceval.models.wopa.get_learner`); default
        :data:`DEFAULT_LEARNERS`, the six of ``induceval wopa``.
    read
        How the files are read (format, ``on_error``); WOPA uses the words only,
        so a fault in a tier of tags or relations is counted, not raised.
    **options
        ``test`` (``"self"`` or ``"adult-child"``), ``by_day`` (each result's
        ``days``: :func:`~induceval.measures.wopa.accuracy_by_day`), ``words``
        (CHAT: ``"spoken"``, default, the words the speaker said, as the
        paper's learners see them, or ``"mor"``, the tokens of ``%mor``; in the
        signature) and the options of :func:`self_prediction`;
        ``punct="auto"`` (default) is resolved from the corpus's tags.

    Returns
    -------
    Evaluation
        One :class:`~induceval.measures.wopa.WopaResult` per learner;
        ``resolved`` names the punctuation policy and the speakers
        (``"roles"``, or ``"all"`` for a corpus without speaker roles, also in
        the signatures).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ("it is here .", "here it is ."):
    ...     b.add_sentence({"form": s.split()})
    >>> ev = evaluate_wopa_corpus(b.build(), ["lexstat"], ties="pessimistic")
    >>> ev.results[0].accuracy, ev.resolved
    (0.5, {'punct': 'unicode', 'speakers': 'all'})
    """
    opts = WOPA_TESTS.options(**options)
    if isinstance(source, (str, os.PathLike)):
        source = (str(source),)
    elif not isinstance(source, Corpus):
        source = tuple(map(str, source))
    read = replace(read or ReadOptions(), needs=("form",), words=opts["words"])
    return evaluate_shards(WOPA_TESTS, [Shard((source,), tuple(learners), read)], opts)
