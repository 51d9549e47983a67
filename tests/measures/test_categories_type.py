"""Type-level measures of Reichart, Abend & Rappoport (2010, §4)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from induceval.errors import ParameterError
from induceval.measures.categories import (
    TypeEntries,
    many_to_one_type_mapping,
    one_to_one_type_mapping,
    type_entries,
    type_entries_from_sets,
    type_level_scores,
    type_scores_for_mapping,
)
from induceval.measures.categories.type_level import TYPE_MEASURES


def _paper_example(n: int, r: int, l_per_class: int = 2) -> TypeEntries:
    """Reichart et al. 2010, §3/§4.1 example: each item has r of n gold classes (classes of equal
    size) and is in all |K| = n induced clusters."""
    combos = list(itertools.combinations(range(n), r))
    gold = {f"w{i}": set(c) for i, c in enumerate(combos * l_per_class)}
    pred = {w: set(range(100, 100 + n)) for w in gold}
    return type_entries_from_sets(gold, pred)


@pytest.mark.parametrize("n,r", [(2, 1), (3, 1), (3, 2), (4, 2), (4, 4)])
def test_paper_worked_example(n, r):
    # Reichart et al. 2010, §4.1: "recall is always 1, but precision is r/n", under 1-1 and M-1:
    # MacroI = MicroI = 2 (r/n) / (1 + r/n)
    e = _paper_example(n, r)
    expected = 2 * (r / n) / (1 + r / n)
    s = type_level_scores(e, restarts=5, seed=3)
    for m in ("macro_i", "micro_i"):
        assert s[f"{m}_1to1"] == pytest.approx(expected, abs=1e-12)
        assert s[f"{m}_m1"] == pytest.approx(expected, abs=1e-12)
    # the bijection gives R = 1, P = r/n per item
    h = one_to_one_type_mapping(e, "macro_i")
    assert sorted(h.tolist()) == list(range(n))


def test_hand_worked_example():
    # types: a: A={N}, B={1};  b: A={N, V}, B={1, 2};  c: A={V}, B={1}
    # 1-1 best: 1->N, 2->V: IM = 1 + 2 + 0 = 3; sum|A| = 4, sum|B| = 4: MacroI = 6/8
    # MicroI = (2*1/2 + 2*2/4 + 0) / 3 = 2/3
    # clusters: |k1| = 3 types, |k2| = 1; classes |N| = 2, |V| = 2
    # MicroC 1-1 (1->N, 2->V): F1 = 2*2/(2+3) = 0.8, F2 = 2*1/(2+1) = 2/3;
    #   (3*0.8 + 1*2/3)/4 = 0.7667
    e = type_entries_from_sets({"a": {"N"}, "b": {"N", "V"}, "c": {"V"}},
                               {"a": {1}, "b": {1, 2}, "c": {1}})
    s = type_level_scores(e, restarts=5)
    assert s["macro_i_1to1"] == pytest.approx(6 / 8)
    assert s["micro_i_1to1"] == pytest.approx(2 / 3)
    assert s["micro_c_1to1"] == pytest.approx((3 * 0.8 + 2 / 3) / 4)
    # M-1: 1->N, 2->V is also best for MacroI: h(B) = {N},{N,V},{N}: IM = 1+2+0 = 3,
    #   sum |h(B)| = 4: 6/8;  mapping both to V gives IM = 0+1+1 = 2, sum|h(B)| = 3: 4/7
    assert s["macro_i_m1"] == pytest.approx(6 / 8)
    # unmapped clusters still count in |h(B_i)| under 1-1 (paper §4.1)
    assert type_scores_for_mapping(e, [0, -1])["macro_i"] == pytest.approx(2 * 2 / 8)


def test_brute_force_small():
    r = np.random.default_rng(11)
    for trial in range(12):
        n = int(r.integers(5, 20))
        e = type_entries(r.integers(0, 6, n), r.integers(0, 3, n), r.integers(-1, 3, n),
                         unclustered=("merge", "split")[trial % 2])
        if e.n_pred > 5:
            continue
        for m in TYPE_MEASURES:
            best_m1 = max(type_scores_for_mapping(e, h)[m]
                          for h in itertools.product(range(e.n_gold), repeat=e.n_pred))
            h, s, runs = many_to_one_type_mapping(e, m, restarts=10, seed=trial)
            assert s <= best_m1 + 1e-12
            # every run ends in a local optimum: no single move improves it
            for j in range(e.n_pred):
                for c in range(e.n_gold):
                    h2 = h.copy()
                    h2[j] = c
                    assert type_scores_for_mapping(e, h2)[m] <= s + 1e-12
            best_11 = max(type_scores_for_mapping(e, list(p))[m] for p in
                          itertools.permutations(list(range(e.n_gold)) + [-1] * e.n_pred,
                                                 e.n_pred))
            s11 = type_scores_for_mapping(e, one_to_one_type_mapping(e, m))[m]
            assert s11 == pytest.approx(best_11, abs=1e-12)


def test_properties_random():
    r = np.random.default_rng(2)
    for trial in range(10):
        n = 300
        forms, gold = r.integers(0, 60, n), r.integers(0, 5, n)
        pred = r.integers(0, 7, n)
        e = type_entries(forms, gold, pred)
        s = type_level_scores(e, restarts=3, seed=trial)
        assert all(0 <= v <= 1 for v in s.values())
        for m in TYPE_MEASURES:
            assert s[f"{m}_m1"] >= s[f"{m}_1to1"] - 1e-9  # M-1 >= 1-1 (every 1-1 is an M-1 start)
        # relabelling the clusters does not change any score
        perm = r.permutation(7)
        s2 = type_level_scores(type_entries(forms, gold, perm[pred]), restarts=3, seed=trial)
        for k in s:
            if k.endswith("1to1"):
                assert s2[k] == pytest.approx(s[k], abs=1e-12)
        # perfect clustering is best and equals 1
        p = type_level_scores(type_entries(forms, gold, gold * 3 + 1), restarts=2)
        assert all(v == pytest.approx(1.0) for v in p.values())


def test_seed_reproducible():
    r = np.random.default_rng(0)
    e = type_entries(r.integers(0, 80, 500), r.integers(0, 6, 500), r.integers(0, 9, 500))
    a = many_to_one_type_mapping(e, "micro_c", restarts=4, seed=7)
    b = many_to_one_type_mapping(e, "micro_c", restarts=4, seed=7)
    assert np.array_equal(a[0], b[0]) and a[2] == b[2]


def test_edge_cases():
    empty = type_entries([], [], [])
    s = type_level_scores(empty, restarts=1)
    assert all(np.isnan(v) for v in s.values())
    one = type_entries([0, 1, 2], [0, 0, 0], [5, 5, 5])
    assert all(v == 1.0 for v in type_level_scores(one, restarts=1).values())
    singletons = type_entries([0, 1, 2], [0, 0, 0], [0, 1, 2])
    s = type_level_scores(singletons, restarts=2)
    # M-1 maps all to the one class: perfect; 1-1 maps one cluster: IM = 1
    assert s["macro_i_m1"] == 1.0 and s["macro_i_1to1"] == pytest.approx(2 / 6)


def test_entries_of_summed_statistics_and_labels():
    from induceval.measures.categories.statistics import tag_statistics

    a = tag_statistics([0, 1], [0, 1], forms=[0, 1], keep_forms=True, form_labels=["x", "y"],
                       gold_labels=["N", "V"], pred_labels=["c0", "c1"])
    b = tag_statistics([0], [1], forms=[0], keep_forms=True, form_labels=["x"],
                       gold_labels=["N"], pred_labels=["c0", "c1"])
    c = (a + b).entries()
    assert c.type_labels == ("x", "y")
    assert c.pred_sizes_by_type.tolist() == [2, 1]


# -- type-level resamples reuse what they can and stay the naive loop's --------------------

def _naive_type_intervals(e, n, seed, restarts, generic_climb=False):
    """Each bootstrap resample's entries rebuilt from the drawn sentences and scored afresh
    (``generic_climb``: by the hill climbing of any clustering, not the one-cluster-a-type one)."""
    from induceval.measures.categories.type_level import TypeEntries
    from induceval.measures.resampling.engine import _bootstrap_weights

    w = _bootstrap_weights(seed, e.item_counts.shape[0], n)
    mg = e.gold_pairs.shape[1]
    out = []
    for row in w:
        drawn = np.asarray(e.item_counts[row > 0].sum(axis=0)).ravel() > 0
        gp, pp = e.gold_pairs[:, drawn[:mg]], e.pred_pairs[:, drawn[mg:]]
        types, golds, preds = np.unique(gp[0]), np.unique(gp[1]), np.unique(pp[1])
        sub = TypeEntries(len(types), len(golds), len(preds),
                          np.vstack([np.searchsorted(types, gp[0]), np.searchsorted(golds, gp[1])]),
                          np.vstack([np.searchsorted(types, pp[0]), np.searchsorted(preds, pp[1])]))
        if generic_climb:
            sub._cache["hard"] = False
        out.append(type_level_scores(sub, restarts=restarts, seed=seed))
    return {k: np.array([o[k] for o in out]) for k in out[0]}


@pytest.mark.parametrize("case", range(8))
def test_type_level_resamples_equal_the_naive_loop(case):
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.resampling import resample

    rng = np.random.default_rng(case)
    n = int(rng.integers(30, 150))
    forms = rng.integers(0, int(rng.integers(3, 30)), n)
    G, K = int(rng.integers(2, 6)), int(rng.integers(2, 8))
    gold = (forms * 7 + rng.integers(0, 2, n)) % G
    pred = np.where(rng.random(n) < 0.6, (forms * 3) % K, rng.integers(0, K, n))
    e = type_entries(forms, gold, pred, items=np.arange(n) // int(rng.integers(2, 8)))
    got = resample(type_level_items(e, restarts=3, seed=case), n=40, seed=case).samples
    ref = _naive_type_intervals(e, 40, case, 3)
    for k in ref:
        assert np.array_equal(got[k], ref[k], equal_nan=True), k


def test_type_level_resamples_keeping_every_pair_are_scored_once(monkeypatch):
    # resamples that keep every pair are scored once, not each re-solving the mappings
    from induceval.measures.categories import type_level as tl

    calls = []
    real = tl.type_level_scores
    monkeypatch.setattr(tl, "type_level_scores", lambda *a, **k: calls.append(1) or real(*a, **k))
    # every (type, tag) and (type, cluster) pair in every sentence
    e = type_entries(np.tile([0, 1, 2], 10), np.tile([0, 1, 1], 10), np.tile([1, 0, 0], 10),
                     items=np.repeat(np.arange(10), 3))
    full = np.asarray(e.item_counts.sum(axis=0)).ravel()
    s = tl.type_scores_batch(e, np.vstack([full, 2 * full, full + 1]), restarts=2)
    assert len(calls) == 1 and len(s["macro_i_m1"]) == 3


def _hard_case(seed):
    """Tokens of a random type clustering (one cluster per word type), with many ties."""
    rng = np.random.default_rng(seed)
    n, V = int(rng.integers(5, 200)), int(rng.integers(2, 40))
    forms = rng.integers(0, V, n)
    G, K = int(rng.integers(1, 7)), int(rng.integers(1, 9))
    gold = np.where(rng.random(n) < 0.5, forms % G, rng.integers(0, G, n))
    return forms, gold, rng.integers(0, K, V)[forms]


@pytest.mark.parametrize("case", range(6))
def test_hard_climb_moves_as_the_climb(case):
    # one cluster per type makes a visit O(G); the moves and scores must stay the same
    from induceval.measures.categories import _hillclimb as hc

    rng = np.random.default_rng(100 + case)
    for k in range(60):
        e = type_entries(*_hard_case(1000 * case + k))
        l, G, K = e.n_types, e.n_gold, e.n_pred
        b = e._csr("b_csr", e.pred_pairs[0], e.pred_pairs[1], l)
        m = e._csr("m_csr", e.pred_pairs[1], e.pred_pairs[0], K)
        a = e._csr("a_csr", e.gold_pairs[0], e.gold_pairs[1], l)
        gsize = e.class_sizes.astype(np.int64)
        tables = hc.hard_tables(G, *m, *a)
        for code in (hc.MACRO_I, hc.MICRO_I, hc.MICRO_C):
            h, order = rng.integers(0, G, K), rng.permutation(K)
            h1, h2 = h.copy(), h.copy()
            r1 = hc.climb(code, h1, order, G, *b, *m, *a, gsize, 1000)
            r2 = hc.climb_hard(code, h2, order, G, *m, *a, b[1], gsize, *tables, 1000)
            assert r1 == r2 and h1.tolist() == h2.tolist(), (k, code)


@pytest.mark.parametrize("case", range(6))
def test_type_clustering_resamples_equal_the_naive_loop(case):
    # the climbs of a type clustering (|B_i| = 1) give the generic climbs' intervals
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.resampling import resample

    forms, gold, pred = _hard_case(case)
    items = np.arange(len(forms)) // (1 + case % 4)
    e = type_entries(forms, gold, pred, items=items)
    assert e.pred_sizes_by_type.max() == 1
    got = resample(type_level_items(e, restarts=3, seed=case), n=30, seed=case).samples
    ref = _naive_type_intervals(e, 30, case, 3, generic_climb=True)
    for k in ref:
        assert np.array_equal(got[k], ref[k], equal_nan=True), k


@pytest.mark.parametrize("seed", range(4))
def test_mapping_counts_are_the_set_definitions(seed):
    # the counts a mapping's scores are made of, from a kernel; -1 = unmapped
    from induceval.measures.categories._hillclimb import mapping_counts

    rng = np.random.default_rng(seed)
    n, G, K = int(rng.integers(20, 120)), int(rng.integers(1, 6)), int(rng.integers(1, 8))
    forms = rng.integers(0, 25, n)
    e = type_entries(forms, rng.integers(0, G, n), rng.integers(0, K, n))
    h = rng.integers(-1, e.n_gold, e.n_pred)
    A = [set(e.gold_pairs[1][e.gold_pairs[0] == i]) for i in range(e.n_types)]
    B = [e.pred_pairs[1][e.pred_pairs[0] == i] for i in range(e.n_types)]
    hB = [{int(h[j]) for j in b if h[j] >= 0} for b in B]
    im, hb, u, cm = mapping_counts(h, e.n_gold, *e._csr("b", *e.pred_pairs, e.n_types),
                                   *e._csr("a", *e.gold_pairs, e.n_types))
    assert im.tolist() == [len(a & x) for a, x in zip(A, hB)]
    assert hb.tolist() == [len(x) + int((h[b] < 0).sum()) for x, b in zip(hB, B)]
    assert u.tolist() == [sum(c in x for x in hB) for c in range(e.n_gold)]
    assert cm.tolist() == [sum(c in x and c in a for a, x in zip(A, hB)) for c in range(e.n_gold)]
    with pytest.raises(ParameterError, match="mapping: classes must be"):
        type_scores_for_mapping(e, np.full(e.n_pred, e.n_gold))
