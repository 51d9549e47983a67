"""DMV inside-outside, Viterbi and EM against brute-force enumeration.

Reference values: every single-root projective tree of a 3- or 4-word
sentence is enumerated by hand-written brute force (``_all_trees``) and
scored with the DMV's generative story written out directly
(``_tree_logprob``), independently of the chart code.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from induceval.models.dependencies.dmv import (
    DMVParams,
    harmonic_counts,
    harmonic_params,
    train_dmv,
)
from induceval.models.dependencies.inside_outside import (
    expected_counts,
    length_order,
    sentence_inside,
    tree_counts,
)
from induceval.models.dependencies.viterbi import viterbi_parse


def _is_projective_tree(heads: tuple[int, ...]) -> bool:
    n = len(heads)
    if sum(h == 0 for h in heads) != 1:
        return False
    for i in range(len(heads)):  # acyclic
        seen, j = set(), i + 1
        while j != 0:
            if j in seen:
                return False
            seen.add(j)
            j = heads[j - 1]
    arcs = [(min(i + 1, h), max(i + 1, h)) for i, h in enumerate(heads) if h]
    for (a, b), (c, d) in itertools.combinations(arcs, 2):
        if a < c < b < d or c < a < d < b:
            return False
    # root arc must not be covered by another arc
    r = heads.index(0) + 1
    return not any(a < r < b for a, b in arcs) and n > 0


def _all_trees(n: int) -> list[tuple[int, ...]]:
    return [h for h in itertools.product(range(n + 1), repeat=n)
            if all(h[i] != i + 1 for i in range(n)) and _is_projective_tree(h)]


def _tree_logprob(tags, heads, p: DMVParams) -> float:
    """The DMV's generative story, written out independently of the charts."""
    lp = math.log(p.root[tags[heads.index(0)]])
    n = len(tags)
    for h in range(n):
        th = tags[h]
        for d, deps in ((1, [c for c in range(h + 1, n) if heads[c] == h + 1]),
                        (0, [c for c in range(h - 1, -1, -1) if heads[c] == h + 1])):
            for j, c in enumerate(deps):
                adj = 0 if j == 0 else 1
                lp += math.log(1 - p.stop[th, d, adj]) + math.log(p.choose[th, d, tags[c]])
            lp += math.log(p.stop[th, d, 0 if not deps else 1])
    return lp


def _random_params(T: int, seed: int) -> DMVParams:
    g = np.random.default_rng(seed)
    root = g.dirichlet(np.ones(T))
    choose = g.dirichlet(np.ones(T), size=(T, 2))
    stop = g.uniform(0.05, 0.95, size=(T, 2, 2))
    return DMVParams(root, choose, stop)


def test_tree_enumeration_counts():
    # OEIS A006013: 1, 2, 7, 30 single-root projective trees over 1..4 words
    assert [len(_all_trees(n)) for n in range(1, 5)] == [1, 2, 7, 30]


@pytest.mark.parametrize("tags", [(0, 1, 2), (2, 0, 0, 1), (1, 1, 1, 1), (0, 2)])
def test_inside_equals_brute_force_sum(tags):
    p = _random_params(3, seed=len(tags) + sum(tags))
    brute = math.log(sum(math.exp(_tree_logprob(tags, h, p)) for h in _all_trees(len(tags))))
    assert sentence_inside(np.array(tags), p.root, p.choose, p.stop) == pytest.approx(brute,
                                                                                       rel=1e-10)


@pytest.mark.parametrize("tags", [(0, 1, 2), (2, 0, 0, 1), (1, 1, 1, 1)])
def test_expected_counts_equal_brute_force(tags):
    T = 3
    p = _random_params(T, seed=7 + len(tags))
    trees = _all_trees(len(tags))
    w = np.array([math.exp(_tree_logprob(tags, h, p)) for h in trees])
    w /= w.sum()
    want = [np.zeros(T), np.zeros((T, 2, T)), np.zeros((T, 2, 2)), np.zeros((T, 2, 2))]
    for wt, h in zip(w, trees):
        for acc, c in zip(want, tree_counts(np.array(tags), np.array([0, len(tags)]),
                                            np.array(h), T)):
            acc += wt * c
    got = expected_counts(np.array(tags), np.array([0, len(tags)]), p.root, p.choose, p.stop)
    for g_, w_ in zip(got[:4], want):
        np.testing.assert_allclose(g_, w_, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_viterbi_equals_brute_force_argmax(seed):
    tags = (0, 1, 2, 1) if seed % 2 else (2, 2, 0)
    p = _random_params(3, seed=100 + seed)
    trees = _all_trees(len(tags))
    scores = [_tree_logprob(tags, h, p) for h in trees]
    best = trees[int(np.argmax(scores))]
    heads, sc = viterbi_parse(np.array(tags), np.array([0, len(tags)]), p.root, p.choose, p.stop)
    assert tuple(heads.tolist()) == best
    assert sc[0] == pytest.approx(max(scores))


def test_batched_corpus_equals_sentence_by_sentence():
    p = _random_params(3, seed=3)
    sents = [(0, 1), (2, 0, 1), (1,), (0, 0, 2, 1), (2, 1, 0)]
    tags = np.array([t for s in sents for t in s])
    offsets = np.concatenate(([0], np.cumsum([len(s) for s in sents])))
    out = expected_counts(tags, offsets, p.root, p.choose, p.stop)
    for i, s in enumerate(sents):
        assert out[4][i] == pytest.approx(sentence_inside(np.array(s), p.root, p.choose, p.stop))
    heads, _ = viterbi_parse(tags, offsets, p.root, p.choose, p.stop)
    for i, s in enumerate(sents):
        h1, _ = viterbi_parse(np.array(s), np.array([0, len(s)]), p.root, p.choose, p.stop)
        assert heads[offsets[i]:offsets[i + 1]].tolist() == h1.tolist()


def test_length_order_groups_equal_lengths():
    order, bounds = length_order(np.array([0, 3, 4, 7, 9]))
    lengths = np.array([3, 1, 3, 2])[order]
    for b in range(len(bounds) - 1):
        assert len(set(lengths[bounds[b]:bounds[b + 1]].tolist())) == 1


def _toy_corpus(seed=0, n=60):
    g = np.random.default_rng(seed)
    sents = []
    for _ in range(n):  # DET NOUN VERB (DET NOUN) with noise
        s = [0, 1, 2] + ([0, 1] if g.random() < 0.5 else []) + ([3] if g.random() < 0.3 else [])
        sents.append(s)
    tags = np.array([t for s in sents for t in s])
    offsets = np.concatenate(([0], np.cumsum([len(s) for s in sents])))
    return tags, offsets


def test_em_log_likelihood_non_decreasing():
    tags, offsets = _toy_corpus()
    _, log = train_dmv(tags, offsets, 4, iterations=30, tolerance=0.0)
    ll = np.array(log.log_likelihood)
    assert len(ll) > 5
    assert (np.diff(ll) >= -1e-8 * np.abs(ll[:-1])).all()
    assert ll[-1] > ll[0]


def test_viterbi_em_objective_non_decreasing():
    tags, offsets = _toy_corpus(1)
    _, log = train_dmv(tags, offsets, 4, iterations=15, tolerance=0.0, viterbi_em=True)
    ll = np.array(log.log_likelihood)
    assert (np.diff(ll) >= -1e-8 * np.abs(ll[:-1])).all()


def test_convergence_by_tolerance_stops_early():
    tags, offsets = _toy_corpus(2)
    _, log = train_dmv(tags, offsets, 4, iterations=500, tolerance=1e-3)
    assert log.converged and log.iterations < 500
    assert "tolerance" in log.stop_reason


def test_harmonic_counts_hand_worked():
    # "a b c" with tags 0 1 2, constant 0.  Child b (position 1): root 1/3,
    # heads a and c at distance 1 each share 2/3 -> 1/3 each.
    # Child a: heads b (d=1, weight 1) and c (d=2, weight 1/2) share 2/3:
    # b gets 4/9, c gets 2/9.
    r, ch, st, co = harmonic_counts(np.array([0, 1, 2]), np.array([0, 3]), 3)
    assert r.tolist() == pytest.approx([1 / 3] * 3)
    assert ch[0, 1, 1] == pytest.approx(1 / 3)   # a -> b, rightwards
    assert ch[2, 0, 1] == pytest.approx(1 / 3)   # c -> b, leftwards
    assert ch[1, 0, 0] == pytest.approx(4 / 9)   # b -> a, leftwards
    assert ch[2, 0, 0] == pytest.approx(2 / 9)   # c -> a, leftwards
    # every word decides once per side at adjacency: stop + continue = 1 there
    np.testing.assert_allclose(st[:, :, 0] + co[:, :, 0], np.ones((3, 2)))
    # word a's expected right dependents: b gets 1/3; c (root 1/3, heads a at
    # distance 2 and b at distance 1 share 2/3 as 1/2 : 1) gives a 2/9.
    # E = 5/9 < 1: continue-adjacent E, stop-adjacent 1 - E, stop-nonadjacent E.
    e = 5 / 9
    assert st[0, 1, 0] == pytest.approx(1 - e)
    assert co[0, 1, 0] == pytest.approx(e)
    assert st[0, 1, 1] == pytest.approx(e)


def test_harmonic_params_are_distributions():
    tags, offsets = _toy_corpus(3)
    p = harmonic_params(tags, offsets, 4)
    assert p.root.sum() == pytest.approx(1)
    np.testing.assert_allclose(p.choose.sum(axis=2), 1)
    assert ((p.stop >= 0) & (p.stop <= 1)).all()


def test_training_is_deterministic():
    tags, offsets = _toy_corpus(4)
    p1, l1 = train_dmv(tags, offsets, 4, iterations=10)
    p2, l2 = train_dmv(tags, offsets, 4, iterations=10)
    assert l1.log_likelihood == l2.log_likelihood
    assert np.array_equal(p1.choose, p2.choose)


def test_em_learns_toy_grammar():
    # DET -> NOUN <- VERB: EM from the harmonic start should attach DET to NOUN
    tags, offsets = _toy_corpus(5, n=200)
    p, _ = train_dmv(tags, offsets, 4, iterations=50)
    heads, _ = p.parse(np.array([0, 1, 2]), np.array([0, 3]))
    assert heads[0] == 2  # the determiner's head is the noun
