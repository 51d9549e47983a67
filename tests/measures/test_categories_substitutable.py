"""Substitutable precision/recall (Frank et al. 2009, eqs. 2-3)."""

from __future__ import annotations

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.errors import MismatchError, ParameterError
from induceval.measures.categories import (
    SubstitutableStats,
    sp_sr,
    substitutable_scores,
    substitutable_stats,
)


def corpus(*sentences):
    b = CorpusBuilder()
    for s in sentences:
        b.add_sentence({"form": s.split()})
    return b.build()


TRAIN = corpus("the dog runs", "the cat runs", "a dog sleeps", "you see it")
TEST = corpus("the dog runs", "the cat runs", "the cat runs", "the pig runs", "you see it")
CL = {"the": "D", "a": "D", "dog": "N", "cat": "N", "runs": "V", "sleeps": "V",
      "you": "P", "see": "V", "it": "P"}


def test_hand_worked_frames():
    # Test frames (with <s>, </s>) and their test counts:
    #   the _ runs: 4 (dog, cat, cat, pig) -> seen in training; pig is not in the training
    #     vocabulary, so the S-cluster is {dog|N, cat|N}
    #   <s> _ cat: 2 -> {the|D};  cat _ </s>: 2 -> {runs|V}
    #   <s> _ dog, dog _ </s>, <s> _ pig, pig _ </s>, <s> _ see, you _ it, see _ </s>: once
    # -> 3 S-clusters; pairs inside: {dog, cat} = 1, both in N: overlap 1
    # model clusters over the vocabulary: D{the,a} 1 pair, N{dog,cat} 1, V{runs,sleeps,see} 3,
    #   P{you,it} 1 -> 6 pairs;  SP = 1/6, SR = 1/1
    st = substitutable_stats(TRAIN, TEST, CL, cluster_size="types")
    assert (st.n_frames, st.overlap_pairs, st.s_pairs, st.c_pairs) == (3, 1, 1, 6)
    assert st.n_test_oov_tokens == 1  # "pig" inside "the _ runs"
    r = substitutable_scores(TRAIN, TEST, CL, cluster_size="types")
    assert r.scores["sp"] == pytest.approx(1 / 6) and r.scores["sr"] == 1.0
    assert r.signature.startswith("spsr|unclustered:merge|min_frame:2|boundaries:yes|csize:types")


def test_frame_words_carry_clusters():
    # "the" ambiguous in the model: as a different cluster the frame "the _ runs" differs
    cl = dict(CL)
    st_all = substitutable_stats(TRAIN, TEST, cl, cluster_size="types")
    # tag tokens: the test "the" before cat gets another cluster -> frame differs from training
    test_tags = np.array([0, 1, 2, 9, 1, 2, 9, 1, 2, 0, 1, 2, 3, 2, 3])
    train_tags = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 2, 3])
    st = substitutable_stats(TRAIN, TEST, test_tags, train_tags=train_tags, cluster_size="types")
    # "the|9 _ runs" is not a training frame: only "the|0 _ runs" (dog, pig) counts, once
    # in test -> not frequent; remaining qualifying frames: none with 2+ members
    assert st.overlap_pairs == 0 and st_all.overlap_pairs == 1


def test_min_frame_count_and_boundaries():
    one = substitutable_stats(TRAIN, TEST, CL, min_frame_count=1, cluster_size="types")
    assert one.n_frames > 3
    no_b = substitutable_stats(TRAIN, TEST, CL, boundaries=False, cluster_size="types")
    assert no_b.n_frames == 1  # only "the _ runs"


def test_unclustered_merge_split():
    cl = {"the": "D", "dog": "N"}  # cat, runs, ... unclustered
    m = substitutable_stats(TRAIN, TEST, cl, unclustered="merge", cluster_size="types")
    s = substitutable_stats(TRAIN, TEST, cl, unclustered="split", cluster_size="types")
    # merge: cat joins the UNCLUSTERED cluster with 6 other unclustered training types
    # (runs, a, sleeps, you, see, it, cat = 7 -> 21 pairs); split: no model pairs
    assert m.c_pairs == 21 and s.c_pairs == 0
    assert np.isnan(sp_sr(s)["sp"])  # no pair in any model cluster


def test_errors_and_additivity():
    with pytest.raises(ParameterError):
        substitutable_stats(TRAIN, TEST, np.zeros(TEST.n_tokens, dtype=int))
    with pytest.raises(MismatchError):
        substitutable_stats(TRAIN, TEST, np.zeros(3, dtype=int), train_tags=[0])
    a = SubstitutableStats(1, 2, 10)
    assert sp_sr(a + a) == {"sp": 0.2, "sr": 0.5, "sf": pytest.approx(2 * 0.1 / 0.7)}


@pytest.mark.parametrize("cluster_size", ["tokens", "types"])
def test_sp_is_not_bounded_counter_example(cluster_size):
    """SP is not bounded by 1: the counter-example hand-worked in the module docstring has
    SP = 18."""
    a = [f"a{i}" for i in range(20)]
    train = corpus(" ".join(a), "x", "y")
    test = corpus(*[f"{a[i - 1]} {m} {a[i + 1]}" for i in range(1, 19) for m in "xy"])
    cl = {w: i + 1 for i, w in enumerate(a)} | {"x": 0, "y": 0}
    st = substitutable_stats(train, test, cl, cluster_size=cluster_size)
    assert (st.overlap_pairs, st.c_pairs, st.s_pairs) == (18, 1, 18)
    r = sp_sr(st)
    assert r["sp"] == 18.0 and r["sr"] == 1.0


def test_token_labels_split_ambiguous_frames():
    """000 p. 2578: to|INF _ cake and to|PREP _ cake are different frames.

    Hand-worked: training "to eat cake", "to bake cake" (to = 0, INF) and
    "to his cake", "to that cake" (to = 3, PREP); verbs 1, determiners 4,
    cake 2.  Test: the same four sentences.
    - Type clustering (to -> 0 everywhere): one frame "to|0 _ cake|2" with
      {eat, bake, his, that}: 6 pairs, 2 in one cluster (eat-bake,
      his-that): SR = 2/6.
    - Token labels (context_labels gives each test "to" its training label):
      "to|0 _ cake" {eat, bake} and "to|3 _ cake" {his, that}: 2 pairs, both
      in one cluster: SR = 1.  |c| counts tokens: 0 has 2, 1 has 2, 2 has 4,
      3 has 2, 4 has 2 -> 1 + 1 + 6 + 1 + 1 = 10 pairs; SP = 2/10.
    """
    from induceval.measures.categories.substitutable import context_labels

    sents = ("to eat cake", "to bake cake", "to his cake", "to that cake")
    train, test = corpus(*sents), corpus(*sents)
    train_tags = np.array([0, 1, 2, 0, 1, 2, 3, 4, 2, 3, 4, 2])
    cl = {"to": 0, "eat": 1, "bake": 1, "cake": 2, "his": 4, "that": 4}
    by_type = substitutable_stats(train, test, cl)
    assert (by_type.overlap_pairs, by_type.s_pairs) == (2, 6)
    te = context_labels(train, train_tags, test)
    assert te.tolist() == train_tags.tolist()
    st = substitutable_stats(train, test, te, train_tags=train_tags)
    assert (st.overlap_pairs, st.s_pairs, st.c_pairs) == (2, 2, 10)
    assert sp_sr(st)["sr"] == 1.0 and sp_sr(st)["sp"] == pytest.approx(0.2)
