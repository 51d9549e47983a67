"""Token-level category measures: scikit-learn agreement, properties, edge cases."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from induceval.errors import MismatchError, ParameterError
from induceval.measures.categories import (
    MEASURES,
    TOKEN_MEASURES,
    contingency,
    many_to_one,
    one_to_one,
    token_scores,
)
from induceval.measures.categories import token as tok


def _random_labels(seed, n=500, g=6, k=9):
    r = np.random.default_rng(seed)
    return r.integers(0, g, n), r.integers(0, k, n)


@pytest.mark.parametrize("seed", range(8))
def test_agrees_with_sklearn(seed):
    # reference: scikit-learn 1.x metrics on the same random labelings
    from sklearn import metrics
    from sklearn.metrics.cluster import pair_confusion_matrix
    g, p = _random_labels(seed, n=50 + 100 * seed, g=2 + seed, k=1 + 2 * seed)
    t = contingency(g, p)
    h, c, v = metrics.homogeneity_completeness_v_measure(g, p)
    assert abs(tok.homogeneity(t) - h) < 1e-12
    assert abs(tok.completeness(t) - c) < 1e-12
    assert abs(tok.v_measure(t) - v) < 1e-12
    for beta in (0.5, 2.0):
        assert abs(tok.v_measure(t, beta) - metrics.v_measure_score(g, p, beta=beta)) < 1e-12
    mi = metrics.mutual_info_score(g, p)
    assert abs(tok.mutual_information(t, "e") - mi) < 1e-12
    hc, hk = metrics.mutual_info_score(g, g), metrics.mutual_info_score(p, p)  # H = I(X;X)
    assert abs(tok.entropy_gold(t, "e") - hc) < 1e-12
    assert abs(tok.conditional_entropy_gold(t, "e") - (hc - mi)) < 1e-12
    assert abs(tok.conditional_entropy_pred(t, "e") - (hk - mi)) < 1e-12
    assert abs(tok.variation_of_information(t, "e") - (hc + hk - 2 * mi)) < 1e-12
    assert abs(tok.variation_of_information(t, 2) - (hc + hk - 2 * mi) / math.log(2)) < 1e-12
    # pairwise: sklearn counts ordered pairs
    pcm = pair_confusion_matrix(g, p)
    tp, pred_pairs, gold_pairs = tok.pair_counts(t)
    assert tp * 2 == pcm[1, 1]
    assert pred_pairs * 2 == pcm[1, 1] + pcm[0, 1]
    assert gold_pairs * 2 == pcm[1, 1] + pcm[1, 0]
    # contingency table itself
    assert np.array_equal(t.dense(), metrics.cluster.contingency_matrix(g, p))


def test_one_to_one_against_brute_force():
    from itertools import permutations
    r = np.random.default_rng(5)
    for _ in range(30):
        g, p = r.integers(0, 3, 40), r.integers(0, 4, 40)
        t = contingency(g, p, n_gold=3, n_pred=4)
        d = t.dense()
        best = max(sum(d[perm[j], j] for j in range(4) if perm[j] >= 0)
                   for perm in permutations([0, 1, 2, -1], 4))
        assert one_to_one(t) == best / 40
        assert one_to_one(t, "greedy") <= one_to_one(t)


def test_greedy_one_to_one_hand_example():
    # table [[5, 4], [4, 0]]: greedy takes 5 then 0 (5/13); optimal 4 + 4 (8/13)
    t = contingency([0] * 9 + [1] * 4, [0] * 5 + [1] * 4 + [0] * 4)
    assert one_to_one(t, "greedy") == 5 / 13
    assert one_to_one(t) == 8 / 13


def test_sparse_table_same_scores():
    g, p = _random_labels(3, n=3000, g=7, k=400)
    dense = token_scores(contingency(g, p, sparse=False))
    sparse = token_scores(contingency(g, p, sparse=True))
    for k in dense:
        assert dense[k] == pytest.approx(sparse[k], abs=1e-12), k


def test_additive_table():
    g, p = _random_labels(1)
    whole = contingency(g, p, n_gold=6, n_pred=9)
    parts = contingency(g[:200], p[:200], n_gold=6, n_pred=9) + \
        contingency(g[200:], p[200:], n_gold=6, n_pred=9)
    assert whole == parts
    # different widths are padded
    assert (contingency([0], [0]) + contingency([1], [2])).dense().tolist() == \
        [[1, 0, 0], [0, 0, 1]]


def test_merge_and_split_unclustered():
    gold = [0, 0, 1, 1, 1]
    pred = [0, -1, -1, -1, 1]
    forms = [10, 11, 12, 12, 13]
    m = contingency(gold, pred)
    assert m.dense().tolist() == [[1, 0, 1], [0, 1, 2]]
    assert m.pred_labels[-1] == "UNCLUSTERED" and m.n_unclustered == 3
    s = contingency(gold, pred, unclustered="split", forms=forms)
    # word 11 and word 12 each their own cluster
    assert s.dense().tolist() == [[1, 0, 1, 0], [0, 1, 0, 2]]
    assert many_to_one(s) == 1.0 and many_to_one(m) == 0.8
    with pytest.raises(ParameterError):
        contingency(gold, pred, unclustered="split")


def test_mask_and_missing_gold_are_counted():
    t = contingency([0, -1, 1, 1], [0, 0, 1, 0], mask=[True, True, True, False])
    assert t.n == 2 and t.n_masked == 1 and t.n_missing_gold == 1


def test_mismatched_lengths():
    with pytest.raises(MismatchError):
        contingency([0, 1], [0])


# -- properties -----------------------------------------------------------------

labels = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5)), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(labels, st.permutations(range(6)))
def test_relabelling_invariance(pairs, perm):
    g = np.array([a for a, _ in pairs])
    p = np.array([b for _, b in pairs])
    a = token_scores(contingency(g, p))
    b = token_scores(contingency(g, np.asarray(perm)[p]))
    for k in a:
        if k == "1to1_greedy":
            continue  # greedy tie-breaking depends on label order
        assert a[k] == pytest.approx(b[k], abs=1e-12), k


@settings(max_examples=60, deadline=None)
@given(labels)
def test_bounds_and_orderings(pairs):
    g = np.array([a for a, _ in pairs])
    p = np.array([b for _, b in pairs])
    s = token_scores(contingency(g, p))
    for name in TOKEN_MEASURES:
        m = MEASURES[name]
        assert m.low - 1e-12 <= s[name] <= m.high + 1e-12, name
    assert s["m1"] >= s["1to1"] - 1e-12
    assert s["1to1"] >= s["1to1_greedy"] - 1e-12
    # perfect clustering scores best
    perfect = token_scores(contingency(g, g))
    for name in TOKEN_MEASURES:
        if MEASURES[name].higher_is_better:
            assert perfect[name] >= s[name] - 1e-12, name
        else:
            assert perfect[name] <= s[name] + 1e-12, name
    assert perfect["vi"] == 0 and perfect["m1"] == 1 and perfect["v"] == 1


# -- edge cases -----------------------------------------------------------------

def test_empty_input_is_nan():
    s = token_scores(contingency([], []))
    assert all(math.isnan(v) for v in s.values())


def test_one_gold_class_and_one_cluster():
    one = token_scores(contingency([0, 0, 0, 0], [0, 0, 0, 0]))
    assert one["v"] == 1 and one["nvi"] == 0 and one["vi"] == 0 and one["pp"] == 1
    # H(C) = 0: NVI = H(K) (Reichart et al. 2010, §3), here 1 bit
    split = token_scores(contingency([0, 0, 0, 0], [0, 0, 1, 1]))
    assert split["nvi"] == 1.0 and split["homogeneity"] == 1.0
    assert token_scores(contingency([0, 0, 0, 0], [0, 0, 1, 1]), log_base="e")["nvi"] == \
        pytest.approx(math.log(2))


def test_all_singletons():
    n = 5
    s = token_scores(contingency(list(range(n)), list(range(n))))
    assert s["m1"] == 1 and s["1to1"] == 1 and s["pp"] == 1 and s["pr"] == 1
    # singletons vs one gold class: no pair claimed (PP = 1), no pair found (PR = 0)
    s = token_scores(contingency([0] * n, list(range(n))))
    assert s["pp"] == 1 and s["pr"] == 0 and s["pf"] == 0
    assert s["completeness"] == 0 and s["homogeneity"] == 1


def test_bad_log_base():
    with pytest.raises(ParameterError):
        tok.log_factor(1)


def test_nvi_single_gold_class_is_exactly_h_of_k():
    # Regression (found by hypothesis): with one gold class over 1,000 tokens,
    # H(C) came out as float noise (~1e-16) instead of 0, and NVI = VI / H(C)
    # reached 3.9e15.  By the definition (Reichart et al. 2010, §3) NVI is H(K) when H(C) = 0:
    # four equal clusters give H(K) = log2(4) = 2 bits exactly.
    from induceval.measures.categories.contingency import contingency
    from induceval.measures.categories.token import (
        entropy_gold,
        normalized_variation_of_information,
    )

    gold = np.zeros(1000, dtype=np.int64)
    pred = np.arange(1000) % 4
    table = contingency(gold, pred)
    assert entropy_gold(table) == 0.0
    assert normalized_variation_of_information(table) == pytest.approx(2.0, abs=1e-12)


def test_evaluate_tags_of_no_tokens_is_an_error_not_nan():
    from induceval.errors import InducevalError
    from induceval.measures.categories.evaluate import evaluate_tags

    with pytest.raises(InducevalError, match="no tokens"):
        evaluate_tags([], [])
