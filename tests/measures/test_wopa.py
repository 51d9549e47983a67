"""WOPA (Chang, Lieven & Tomasello 2006): learners, statistics, production, tests."""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from induceval.corpus.model import CorpusBuilder
from induceval.corpus.utterances import Utterances, utterances_from_corpus
from induceval.errors import InducevalError, ParameterError
from induceval.experiments.wopa import adult_to_child, evaluate_wopa, self_prediction
from induceval.measures.wopa import accuracy_by_day, score_utterances, wopa_result, wopa_score
from induceval.models.wopa import (
    Freqframe,
    Lexstat,
    Prevword,
    TokenType,
    TypeToken,
    chance_accuracy,
    chance_stats,
    get_learner,
    learn_statistics,
    produce,
    train,
)

# -- Table 1 of the paper: "We ate the cake" ------------------------------------------
# Hand-built so that, as in the paper's text (p. 156): the most frequent previous word of
# "ate" is "you" (3x vs "we" 2x, "she" 1x); "ate" occurs in the frames YOU_IT (frequency 9,
# 9 unique members), SHE_IT (frequency 4, 2 unique members), YOU_THAT and WE_THE
# (frequency 3, 2 members each).
YOU_IT_VERBS = ["ate", "saw", "got", "made", "took", "had", "found", "dropped", "wanted"]
TABLE1 = (
    [["you", v, "it"] for v in YOU_IT_VERBS]
    + [["she", "ate", "it"]] + [["she", "likes", "it"]] * 3
    + [["you", "ate", "that"]] * 2 + [["you", "want", "that"]]
    + [["we", "ate", "the", "cake"]] * 2 + [["we", "want", "the", "ball"]]
)


@pytest.fixture
def table1():
    return Utterances.from_lists(TABLE1, start=".")


def test_table1_frame_ratios(table1):
    # SHE_IT: frequency 4, 2 unique members; YOU_IT: frequency 9, 9 unique members.
    t = Freqframe().frame_table(table1)
    v = table1.vocab
    rows = {(v[left], v[right]): (f, m) for left, right, f, m, w in
            zip(t["left"], t["right"], t["freq"], t["members"], t["word"], strict=True)
            if v[w] == "ate"}
    assert rows[("she", "it")] == (4, 2)
    assert rows[("you", "it")] == (9, 9)
    # Type/Token: 9/9 > 2/4 -> YOU_IT;  Token/Type: 4/2 > 9/9 -> SHE_IT (paper p. 156)
    assert 9 / 9 > 2 / 4 and 4 / 2 > 9 / 9


def test_table1_categories(table1):
    lists = table1.as_lists()
    assert Lexstat().categorize(lists)["ate"] == "ate"
    assert Prevword().categorize(lists)["ate"] == "you"
    assert Freqframe().categorize(lists)["ate"] == "YOU_IT"
    assert TokenType().categorize(lists)["ate"] == "SHE_IT"
    assert TypeToken().categorize(lists)["ate"] == "YOU_IT"
    # the "pair" reading of Freqframe picks the frame where "ate" itself is most frequent:
    # YOU_THAT and WE_THE (2 each, same frame frequency) -> alphabetical: WE_THE
    assert Freqframe(count="pair").categorize(lists)["ate"] == "WE_THE"


@pytest.mark.parametrize("learner", ["lexstat", "prevword", "freqframe", "tokentype",
                                     "typetoken"])
def test_table1_statistics(table1, learner):
    # Table 1: every learner increments the context statistic from "we" to ate's
    # category and the access statistics from ate's category to "the" and "cake".
    st = learn_statistics(table1, learner)
    # "we ate" occurs in both "we ate the cake" utterances; "we" co-occurs with ate's
    # category (at another position) in exactly those two utterances (Lexstat), plus
    # "we want the ball" where "want" shares ate's category (Prevword: YOU, since "you"
    # is the most frequent previous word of both).
    expected = {"prevword": (3, 3)}.get(learner, (2, 2))
    assert st.raw("context", "we", "ate") == expected
    assert st.context("we", "ate") == 1.0
    for later in ("the", "cake"):
        num, den = st.raw("access", "ate", later)
        assert num >= 2 and num == den
        assert st.access("ate", later) == 1.0
    # and nothing the other way round for Lexstat
    if learner == "lexstat":
        assert st.access("cake", "ate") == 0.0
        assert produce(st, ["cake", "the", "ate", "we"]) == ["we", "ate", "the", "cake"]


def test_table1_category_shares_statistics(table1):
    # Prevword: "saw" is in the YOU category with "ate", so "saw" > "it" feeds YOU > it.
    st = learn_statistics(table1, "prevword")
    lex = learn_statistics(table1, "lexstat")
    assert st.access("ate", "it") == st.access("saw", "it")
    # 9 "you V it" + "she ate it": YOU-category word before "it" in 10 of the 10 utterances
    # where a YOU word and "it" co-occur ("she likes it" has no YOU word)
    assert st.raw("access", "saw", "it") == (10, 10)
    assert lex.raw("access", "saw", "it") == (1, 1)


# -- the paper's self-prediction example (p. 157) ---------------------------------------

def test_it_is_here_example():
    # "it is here" / "here it is": one of the two is wrong -> .5; chance 1/3! = .167
    # (WOPA is a proportion since 0.5.0; Chang et al. 2006 report percent)
    u = Utterances.from_lists([["it", "is", "here"], ["here", "it", "is"]])
    for ties in ("random", "pessimistic"):
        r = evaluate_wopa(u, u, "lexstat", ties=ties)
        assert r.accuracy == 0.5
        assert r.correct.tolist() == [1.0, 0.0]
    assert evaluate_wopa(u, u, "chance").accuracy == pytest.approx(1 / 6)
    # hand-worked: C(. -> it) = 1/2, A(it > is) = 2/2, A(it > here) = 1/2
    st = learn_statistics(u)
    assert (st.context(".", "it"), st.access("it", "is"), st.access("it", "here")) == \
        (0.5, 1.0, 0.5)


def test_choice_value_multiplies_context_by_candidate_set_length():
    # Training: ". b a" x1 and "a ... b" access evidence from longer utterances.
    # C(. -> b) = 1/2 (". b a" and ". a b c" both hold "."+b), A(a > b)=2/3 ...
    # Hand-worked first step for bag {a, b}: value(a) = C(.->a)*2 + A(a>b),
    # value(b) = C(.->b)*2 + A(b>a).
    train = Utterances.from_lists([["b", "a"], ["a", "b", "c"], ["c", "a", "b"]])
    st = learn_statistics(train)
    va = st.context(".", "a") * 2 + st.access("a", "b")
    vb = st.context(".", "b") * 2 + st.access("b", "a")
    # C(.->a) = 1/3, C(.->b) = 1/3, A(a>b) = 2/3, A(b>a) = 1/3
    assert (st.context(".", "a"), st.context(".", "b")) == (1 / 3, 1 / 3)
    assert (st.access("a", "b"), st.access("b", "a")) == (2 / 3, 1 / 3)
    assert va > vb
    assert produce(st, ["b", "a"]) == ["a", "b"]


# -- chance ---------------------------------------------------------------------------

def test_chance_accuracy_values():
    # paper p. 156: 2 words 50%, 3 words 16.7%
    assert chance_accuracy([2]) == 0.5
    assert chance_accuracy([3]) == pytest.approx(0.166667, abs=1e-6)
    assert math.isnan(chance_accuracy([1, 0]))


def test_chance_repeated_words():
    # "the boy saw the girl": paper counts 1/5! (unique labels), exact is 2!/5!
    u = Utterances.from_lists([["the", "boy", "saw", "the", "girl"]])
    assert chance_stats(u)[0] == pytest.approx(1 / 120)
    assert chance_stats(u, chance="exact")[0] == pytest.approx(2 / 120)
    with pytest.raises(ParameterError):
        chance_stats(u, chance="nope")


# -- a slow pure-Python reference implementation --------------------------------------

def _reference(train, test, cat, pairs=False):
    """Direct transcription of the paper's procedure (pessimistic ties)."""
    from collections import Counter

    ctx, cden, acc, aden = Counter(), Counter(), Counter(), Counter()
    for start, ws in train:
        el = [start] + ws
        for i, w in enumerate(ws):
            ctx[(el[i], cat(w))] += 1
        cset, aset = [], []
        for a in range(len(el)):
            for b in range(1, len(el)):
                if a != b:
                    cset.append((el[a], cat(el[b])))
        for i in range(len(ws)):
            for j in range(len(ws)):
                if i != j:
                    aset.append((cat(ws[i]), ws[j]))
                    if j > i:
                        acc[(cat(ws[i]), ws[j])] += 1
        for k in (cset if pairs else set(cset)):
            cden[k] += 1
        for k in (aset if pairs else set(aset)):
            aden[k] += 1

    def C(p, w):
        k = (p, cat(w))
        return ctx[k] / cden[k] if cden[k] else 0.0

    def A(w, later):
        k = (cat(w), later)
        return acc[k] / aden[k] if aden[k] else 0.0

    out = []
    for start, ws in test:
        if len(ws) < 2:
            continue
        rem = list(range(len(ws)))
        prev = start
        ok = True
        for step in range(len(ws)):
            vals = {m: C(prev, ws[m]) * len(rem) + sum(A(ws[m], ws[l]) for l in rem if l != m)
                    for m in rem}
            best = max(vals.values())
            tied = [m for m in rem if vals[m] >= best - 1e-9 * max(1, abs(best))]
            wrong = [m for m in tied if ws[m] != ws[step]]
            pick = wrong[0] if wrong else tied[0]
            if ws[pick] != ws[step]:
                ok = False
                break
            rem.remove(pick)
            prev = ws[pick]
        out.append(1.0 if ok else 0.0)
    return out


def _random_utts(rng, n, vocab=6, max_len=6):
    words = [f"w{i}" for i in range(vocab)]
    return [(rng.choice([".", "?"]), [rng.choice(words) for _ in range(rng.randint(0, max_len))])
            for _ in range(n)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("pairs", [False, True])
def test_against_reference_implementation(seed, pairs):
    rng = random.Random(seed)
    train_l = _random_utts(rng, 40)
    test_l = _random_utts(rng, 30)
    vocab: list[str] = []
    train = Utterances.from_lists([w for _, w in train_l], [s for s, _ in train_l], vocab=vocab)
    test = Utterances.from_lists([w for _, w in test_l], [s for s, _ in test_l], vocab=vocab)
    cooc = "pairs" if pairs else "utterance"
    for name in ("lexstat", "prevword", "typetoken"):
        learner = get_learner(name)
        train_full = Utterances(train.offsets, train.words, train.start, vocab, train.index)
        cats = learner.categorize(train_full.as_lists())
        got = evaluate_wopa(train_full, test, learner, ties="pessimistic", cooccurrence=cooc)
        expected = _reference(train_l, test_l, lambda w, c=cats: c.get(w, "UNSEEN:" + w), pairs)
        assert got.correct[got.scored].tolist() == expected, name


# -- properties ------------------------------------------------------------------------

def test_consistent_corpus_is_perfect():
    u = Utterances.from_lists([["where", "is", "the", "dog"]] * 3 + [["the", "dog", "barks"]])
    assert evaluate_wopa(u, u, "lexstat").accuracy == 1.0


def test_training_order_invariance():
    rng = random.Random(3)
    utts = _random_utts(rng, 60)
    shuffled = list(utts)
    rng.shuffle(shuffled)
    vocab: list[str] = []
    a = Utterances.from_lists([w for _, w in utts], [s for s, _ in utts], vocab=vocab)
    b = Utterances.from_lists([w for _, w in shuffled], [s for s, _ in shuffled], vocab=vocab)
    test = Utterances.from_lists([["w1", "w2", "w3"], ["w3", "w0"]], vocab=vocab)
    for name in ("lexstat", "prevword", "freqframe", "tokentype", "typetoken"):
        ra = evaluate_wopa(a, test, name, ties="pessimistic")
        rb = evaluate_wopa(b, test, name, ties="pessimistic")
        assert ra.correct.tolist() == rb.correct.tolist()


def test_ties_seeded_and_documented():
    # nothing learned about "x y": every step is a tie between different words
    train = Utterances.from_lists([["a", "b"]])
    vocab = train.vocab
    test = Utterances.from_lists([["x", "y"]] * 400, vocab=vocab)
    r1 = evaluate_wopa(train, test, "lexstat", seed=1)
    r2 = evaluate_wopa(train, test, "lexstat", seed=1)
    r3 = evaluate_wopa(train, test, "lexstat", seed=2)
    assert r1.correct.tolist() == r2.correct.tolist()
    assert r1.correct.tolist() != r3.correct.tolist()
    assert 0.4 < r1.accuracy < 0.6          # a fair draw between two orders
    assert r1.counts["tied_steps"] == 400
    assert "seed:1" in r1.signature and "ties:random" in r1.signature
    assert evaluate_wopa(train, test, "lexstat", ties="pessimistic").accuracy == 0.0


def test_repeated_words_either_copy_is_correct():
    u = Utterances.from_lists([["the", "boy", "saw", "the", "girl"]] * 2)
    assert evaluate_wopa(u, u, "lexstat", ties="pessimistic").accuracy == 1.0


def test_bounds_and_monotone_wopa_score():
    rng = random.Random(0)
    utts = _random_utts(rng, 80)
    u = Utterances.from_lists([w for _, w in utts], [s for s, _ in utts])
    for name in ("chance", "lexstat", "prevword", "freqframe", "tokentype", "typetoken"):
        r = evaluate_wopa(u, u, name)
        assert 0.0 <= r.accuracy <= 1.0
        assert r.accuracy == wopa_score(r.stats)
        assert r.stats.shape == (r.n_scored, 2)


# -- plug-in learners -------------------------------------------------------------------

class IdentityCategories:
    name = "identity"

    def categorize(self, utterances):
        return {w: w for u in utterances for w in u[1:]}


class Oracle:
    """A scorer that memorised the test utterances: always right."""

    name = "oracle"

    def __init__(self, utterances):
        self.known = {tuple(sorted(u)): u for u in utterances}

    def fit(self, utterances):
        pass

    def score(self, history, candidates):
        full = self.known[tuple(sorted(list(history[1:]) + list(candidates)))]
        nxt = full[len(history) - 1]
        return [1.0 if c == nxt else 0.0 for c in candidates]


def test_plugin_category_learner_matches_lexstat():
    rng = random.Random(5)
    utts = _random_utts(rng, 50)
    u = Utterances.from_lists([w for _, w in utts], [s for s, _ in utts])
    a = evaluate_wopa(u, u, IdentityCategories(), ties="pessimistic")
    b = evaluate_wopa(u, u, "lexstat", ties="pessimistic")
    assert a.correct.tolist() == b.correct.tolist()
    assert a.learner == "identity"


def test_plugin_scorer():
    lists = [["you", "ate", "it"], ["we", "saw", "the", "cake"]]
    u = Utterances.from_lists(lists)
    assert evaluate_wopa(u, u, Oracle(lists)).accuracy == 1.0

    class Bad:
        name = "bad"

        def fit(self, utterances):
            pass

        def score(self, history, candidates):
            return [0.0]

    with pytest.raises(InducevalError, match="returned 1 values for 3 candidates"):
        evaluate_wopa(u, u, Bad())
    with pytest.raises(ParameterError, match="learner must be one of"):
        get_learner("nope")


# -- corpora, roles, bad input -----------------------------------------------------------

def _corpus(lines, with_age=True):
    b = CorpusBuilder(name="toy")
    for spk, text, age in lines:
        role = "Target_Child" if spk == "CHI" else "Mother"
        meta = {"speaker": spk, "role": role, "document": f"d{age}"}
        if with_age:
            meta["age_days"] = age
        b.add_sentence({"form": text.split()}, meta)
    return b.build()


TOY = [
    ("MOT", "do you want the ball ?", 700), ("MOT", "you want the ball .", 700),
    ("CHI", "want ball .", 700), ("MOT", ". . .", 700), ("MOT", "look !", 700),
    ("MOT", "where is the ball ?", 760), ("CHI", "where ball ?", 760),
    ("CHI", "the ball .", 760), ("CHI", "+...", 760),
]


def test_corpus_tests_and_counts():
    c = _corpus(TOY)
    utts, counts = utterances_from_corpus(c)
    assert counts["no_words"] == 2 and counts["one_word"] == 1
    r = self_prediction(c, ["lexstat"])[0]
    assert r.counts["utterances"] == 5 and r.counts["no_words"] == 1
    assert r.counts["one_word"] == 1 and r.n_scored == 3
    a = adult_to_child(c, ["chance", "lexstat"])
    assert [x.n_scored for x in a] == [3, 3]
    assert a[0].counts["no_words"] == 1
    days = accuracy_by_day(a[1], c)
    assert [d["age_days"] for d in days] == [700, 760]
    assert [d["scored"] for d in days] == [1, 2]


def test_initial_previous_word_is_final_punctuation():
    c = _corpus([("MOT", "do you , see ?", 1)])
    utts, _ = utterances_from_corpus(c)
    assert utts.as_lists() == [["?", "do", "you", "see"]]
    utts, _ = utterances_from_corpus(c, initial="boundary")
    assert utts.as_lists() == [["<s>", "do", "you", "see"]]


def test_no_child_lines_is_a_clear_error():
    c = _corpus([x for x in TOY if x[0] != "CHI"])
    assert self_prediction(c, ["lexstat"])[0].n_scored == 3
    with pytest.raises(InducevalError, match="no target-child lines"):
        adult_to_child(c, ["lexstat"])


def test_missing_ages_only_break_the_developmental_analysis():
    c = _corpus(TOY, with_age=False)
    r = adult_to_child(c, ["lexstat"])[0]          # fine
    with pytest.raises(InducevalError, match="age"):
        accuracy_by_day(r, c)


def test_bad_options():
    u = Utterances.from_lists([["a", "b"]])
    with pytest.raises(ParameterError, match="ties"):
        evaluate_wopa(u, u, ties="first")
    with pytest.raises(ParameterError, match="cooccurrence"):
        evaluate_wopa(u, u, cooccurrence="sentences")


def test_exhaustive_two_and_three_word_chance():
    # chance 1/n! equals the share of permutations that are the original
    for n in (2, 3, 4):
        perms = list(itertools.permutations(range(n)))
        assert chance_accuracy([n]) == pytest.approx(1 / len(perms))


def test_demo_corpus_runs():
    from induceval.corpus.demo import generate_demo_corpus

    c = generate_demo_corpus(600)
    res = self_prediction(c, ["chance", "prevword", "lexstat"])
    acc = [r.accuracy for r in res]
    assert acc[0] < acc[1] < acc[2]
    assert np.isfinite(acc).all()


# -- one path: the statistics of shards of a test set sum to those of the whole -------

@functools.lru_cache(maxsize=1)
def _demo_producers():
    from induceval.corpus.demo import generate_demo_corpus

    utts, _ = utterances_from_corpus(generate_demo_corpus(300, seed=4))
    # trained on few utterances, so that many production steps are ties (random draws)
    few = utts.select(np.arange(40))
    return utts, [train(few, name) for name in ("chance", "prevword", "lexstat")]


@given(cuts=st.lists(st.integers(0, 300), max_size=6))
@settings(max_examples=25, deadline=None)
def test_shard_statistics_sum_to_the_whole(cuts):
    utts, producers = _demo_producers()
    bounds = sorted({0, utts.n_utterances, *cuts})
    for producer in producers:
        whole = score_utterances(utts, producer)
        parts = [score_utterances(utts.select(np.arange(a, b)), producer,
                                  numbers=np.arange(a, b))
                 for a, b in itertools.pairwise(bounds)]
        total = functools.reduce(operator.add, parts)
        for name in ("correct", "scored", "index", "lengths"):
            assert np.array_equal(getattr(total, name), getattr(whole, name)), name
        assert total.counts == whole.counts
        assert wopa_result(total, "x").to_dict() == wopa_result(whole, "x").to_dict()
    assert whole.counts["tied_steps"] > 0        # the tie draws were exercised


_INTERVAL = """
import numpy as np
from induceval.measures.resampling import resample
from induceval.measures.wopa import wopa_items
for s in range(4):
    chance = 1 / np.array([2, 6, 24, 120, 720.0])[np.random.default_rng(s).integers(0, 5, 5000)]
    iv = resample(wopa_items(np.column_stack([chance, np.ones(5000)])), n=500, seed=3)
    print(repr(iv.intervals["wopa"].half_width))
"""


def test_chance_intervals_do_not_depend_on_the_blas_kernel():
    # Chance's outcomes (1/n!) are the only fractional WOPA statistics, so the only
    # ones whose resampled sums depend on the order of additions: the Core2 kernel
    # of OpenBLAS adds them in another order than this machine's
    import os
    import platform
    import subprocess
    import sys

    threadpoolctl = pytest.importorskip("threadpoolctl")
    if platform.machine() not in ("x86_64", "AMD64") or not any(
            i.get("internal_api") == "openblas" for i in threadpoolctl.threadpool_info()):
        pytest.skip("needs numpy on OpenBLAS (x86-64), whose kernel can be chosen")
    out = [subprocess.run([sys.executable, "-c", _INTERVAL], capture_output=True, text=True,
                          check=True, env={**os.environ, **env}).stdout
           for env in ({}, {"OPENBLAS_CORETYPE": "Core2"})]
    assert out[0] == out[1]


def test_wopa_orders_the_words_the_speaker_said_not_mor_tokens(tmp_path):
    """A contraction is one word of the utterance (``wanna``), not %mor's two
    (``want to``): the Chance learner's accuracy is 1/3!, and the signature names it."""
    from induceval.experiments.wopa import evaluate_wopa_corpus

    cha = tmp_path / "t.cha"
    cha.write_text("@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tMOT Mother\n"
                   "@ID:\teng|c|MOT|||||Mother|||\n*MOT:\tI wanna go .\n"
                   "%mor:\tpro:sub|I v|want~inf|to v|go .\n@End\n")
    spoken = evaluate_wopa_corpus(str(cha), ["chance"]).results[0]
    assert spoken.accuracy == pytest.approx(1 / 6)
    assert "|words:spoken|" in spoken.signature
    mor = evaluate_wopa_corpus(str(cha), ["chance"], words="mor").results[0]
    assert mor.accuracy == pytest.approx(1 / 24) and "|words:" not in mor.signature
