"""Bootstrap intervals and paired tests: properties and cross-checks."""

from __future__ import annotations

import math

import numpy as np
import pytest

from induceval.errors import InducevalError, MismatchError
from induceval.measures.categories.batch import token_scores_batch
from induceval.measures.categories.contingency import contingency
from induceval.measures.categories.evaluate import TOKEN_MEASURES, token_scores
from induceval.measures.categories.items import category_items
from induceval.measures.dependencies import dependency_items
from induceval.measures.pseudowords import pseudo_items
from induceval.measures.resampling import (
    TESTS,
    compare,
    group_rows,
    ratio_items,
    resample,
    share_resamples,
)
from induceval.measures.wopa import wopa_items
from induceval.random import stream
from tests.conftest import one_table


def _synthetic_tags(n_sent, seed=0, acc=0.6, G=6, K=8, length=10):
    rng = np.random.default_rng(seed)
    n = n_sent * length
    g = rng.integers(0, G, n)
    p = np.where(rng.random(n) < acc, g, rng.integers(0, K, n))
    return g, p, np.arange(n) // length


def _dep_rows(n_sent, seed=0, p=0.5, length=10):
    rng = np.random.default_rng(seed)
    d = rng.binomial(length, p, n_sent)
    u = np.minimum(length, d + rng.binomial(length - d, 0.3))
    e = np.minimum(length, u + rng.binomial(length - u, 0.2))
    return np.column_stack([np.full(n_sent, length), d, u, e, np.ones(n_sent),
                            rng.random(n_sent) < 0.4])


# -- batch scoring is the same function as token_scores ------------------------------

def test_batch_token_scores_equal_token_scores_on_random_tables():
    rng = np.random.default_rng(3)
    for _ in range(60):
        G, K, n = int(rng.integers(1, 6)), int(rng.integers(1, 7)), int(rng.integers(0, 30))
        t = contingency(rng.integers(0, G, n), rng.integers(0, K, n), n_gold=G, n_pred=K)
        ref = token_scores(t)
        got = token_scores_batch(t.dense()[None])
        for k in TOKEN_MEASURES:
            a, b = ref[k], float(got[k][0])
            assert (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, abs=1e-12), k


def test_category_items_full_sample_is_the_table():
    g, p, it = _synthetic_tags(50)
    t = contingency(g, p, items=it)
    assert np.array_equal(np.asarray(t.item_counts.sum(axis=0)).ravel(), t.dense().ravel())
    s = category_items(t).scores()
    ref = token_scores(t)
    for k in TOKEN_MEASURES:
        assert s[k] == pytest.approx(ref[k], abs=1e-12)


def test_contingency_items_respect_the_mask_and_unclustered():
    t = contingency([0, 1, 1, -1], [0, -1, 1, 0], mask=[True, True, False, True],
                    items=[0, 1, 1, 1])
    # token 3 masked, token 4 has no gold: K = 1 cluster + the merged unclustered column;
    # item 0 holds cell (0, 0), item 1 cell (1, UNCLUSTERED) = flat index 1 * 2 + 1
    assert t.shape == (2, 2)
    assert t.item_counts.toarray().tolist() == [[1, 0, 0, 0], [0, 0, 0, 1]]


# -- properties ----------------------------------------------------------------------------

@pytest.mark.parametrize("family", ["deps", "tags"])
def test_bootstrap_mean_within_se_of_estimate(family):
    if family == "deps":
        st = dependency_items(_dep_rows(400))
        keys = ["directed", "undirected", "ned"]
    else:
        g, p, it = _synthetic_tags(300)
        st = category_items(contingency(g, p, items=it))
        keys = ["m1", "1to1", "vi", "v", "pp", "pr"]
    r = resample(st, n=400, seed=5)
    for k in keys:
        iv = r.intervals[k]
        assert iv.low <= iv.estimate <= iv.high, k
        # the bootstrap mean is the estimate up to a small bias: within one standard error
        assert abs(iv.mean - iv.estimate) < iv.se, k


def test_intervals_shrink_as_one_over_sqrt_n():
    widths = {}
    for n_sent in (200, 3200):
        rows = _dep_rows(n_sent, seed=n_sent)
        r = resample(dependency_items(rows), n=1000, seed=1)
        widths[n_sent] = r.intervals["directed"].high - r.intervals["directed"].low
    ratio = widths[200] / widths[3200]
    assert ratio == pytest.approx(4.0, rel=0.15)     # sqrt(3200 / 200) = 4


def test_tag_intervals_shrink_as_one_over_sqrt_n():
    widths = {}
    for n_sent in (100, 1600):
        g, p, it = _synthetic_tags(n_sent, seed=n_sent)
        r = resample(category_items(contingency(g, p, items=it), measures=["m1", "vi"]),
                     n=600, seed=2)
        widths[n_sent] = {k: v.high - v.low for k, v in r.intervals.items()}
    for k in ("m1", "vi"):
        assert widths[100][k] / widths[1600][k] == pytest.approx(4.0, rel=0.2), k


@pytest.mark.parametrize("test", TESTS)
def test_self_comparison_p_is_one(test):
    g, p, it = _synthetic_tags(60)
    st = category_items(contingency(g, p, items=it))
    c = compare(st, [st], test=test, n=200)[0]
    assert all(v == 1.0 for v in c.p_value.values())
    d = dependency_items(_dep_rows(80))
    assert set(compare(d, [d], test=test, n=50)[0].p_value.values()) == {1.0}


@pytest.mark.parametrize("test", TESTS)
def test_systems_differing_on_every_item_get_smallest_p(test):
    n = 199
    right = ratio_items(np.column_stack([np.ones(30), np.ones(30)]), "acc")
    wrong = ratio_items(np.column_stack([np.zeros(30), np.ones(30)]), "acc")
    assert compare(right, [wrong], test=test, n=n)[0].p_value["acc"] == 1 / (n + 1)
    g, _, it = _synthetic_tags(40)
    perfect = category_items(contingency(g, g, items=it))
    rng = np.random.default_rng(0)
    noise = category_items(contingency(g, rng.integers(0, 8, len(g)), items=it))
    c = compare(perfect, [noise], test=test, n=n)[0]
    assert c.p_value["m1"] == 1 / (n + 1)
    assert c.p_value["vi"] == 1 / (n + 1)


def test_same_seed_same_result_and_chunking_does_not_matter(monkeypatch):
    import induceval.measures.resampling.engine as R

    g, p, it = _synthetic_tags(80)
    st = category_items(contingency(g, p, items=it))
    a = resample(st, n=120, seed=9)
    b = resample(st, n=120, seed=9)
    c = resample(st, n=120, seed=10)
    for k in a.samples:
        assert np.array_equal(a.samples[k], b.samples[k])
    assert not np.array_equal(a.samples["m1"], c.samples["m1"])
    # smaller batches of resamples (what a different chunking or job split would give)
    monkeypatch.setattr(R, "_CHUNK_CELLS", 80 * 7)
    monkeypatch.setattr(R, "_CHUNK_MIN", 0)
    assert R._chunk_size(80, 30, 120) == 7
    d = resample(st, n=120, seed=9)
    for k in a.samples:
        assert np.array_equal(a.samples[k], d.samples[k])
    ar1 = compare(st, [st], test="ar", n=50, seed=9)[0].p_value
    monkeypatch.setattr(R, "_CHUNK_CELLS", 1 << 22)
    assert compare(st, [st], test="ar", n=50, seed=9)[0].p_value == ar1


def test_unit_document_groups_rows():
    rows = _dep_rows(100)
    st = dependency_items(rows)
    docs = np.arange(100) // 10
    r = resample(st, n=200, groups=docs, unit="document")
    assert r.n_items == 10 and r.unit == "document"
    assert r.intervals["directed"].estimate == pytest.approx(st.scores()["directed"])
    assert group_rows(rows, docs).shape == (10, 6)
    with pytest.raises(MismatchError):
        resample(st, groups=docs[:5])


def test_errors_name_the_parameter():
    st = ratio_items(np.array([[1, 1]]), "acc")
    with pytest.raises(InducevalError, match="alpha"):
        resample(st, alpha=1.5)
    with pytest.raises(InducevalError, match="n"):
        resample(st, n=0)
    with pytest.raises(InducevalError, match="test"):
        compare(st, [st], test="t-test")
    with pytest.raises(MismatchError):
        compare(st, [ratio_items(np.array([[1, 1], [0, 1]]), "acc")])
    with pytest.raises(InducevalError, match="items="):
        category_items(contingency([0], [0]))


def test_wopa_and_pseudo_items():
    assert wopa_items(np.array([[1, 1], [0, 1], [1, 1], [1, 1]])).scores() == {"wopa": 0.75}
    s = pseudo_items(np.array([[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 1]])).scores()
    assert s == {"accuracy": 1 / 3, "accuracy_guess": 2 / 3, "precision": 0.5,
                 "coverage": 2 / 3}


# -- cross-checks against independent implementations -------------------------------------

def _plain_draws(seed, m):
    """The bootstrap's item indices, one after the other, in plain Python integers: the
    ``resampling.bootstrap`` stream's first four 64-bit numbers seed xoshiro256**
    (Blackman & Vigna 2021, the authors' reference code ``xoshiro256starstar.c``), each
    output gives two 32-bit numbers (low half first), each made an index below ``m`` by
    Lemire's (2019) multiply-shift, rejecting low products below ``2**32 mod m``."""
    mask = 2 ** 64 - 1
    s = [int(x) for x in stream(seed, "resampling.bootstrap").bit_generator.random_raw(4)]

    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & mask

    while True:
        out = rotl(s[1] * 5 & mask, 7) * 9 & mask
        t = s[1] << 17 & mask
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        for x in (out & 0xFFFFFFFF, out >> 32):
            if (x * m) & 0xFFFFFFFF >= 2 ** 32 % m:
                yield (x * m) >> 32


def _plain_bootstrap(n, seed, m, fn):
    draws = _plain_draws(seed, m)
    return [fn([next(draws) for _ in range(m)]) for _ in range(n)]


def test_m1_against_plain_python_bootstrap():
    g, p, it = _synthetic_tags(40, length=5, G=4, K=5)
    sents = [[(int(a), int(b)) for a, b in zip(g[it == s], p[it == s])] for s in range(40)]

    def m1(draw):
        cells: dict = {}
        total = 0
        for s in draw:
            for a, b in sents[s]:
                cells[(a, b)] = cells.get((a, b), 0) + 1
                total += 1
        best: dict = {}
        for (_a, b), c in cells.items():
            best[b] = max(best.get(b, 0), c)
        return sum(best.values()) / total

    ref = _plain_bootstrap(100, 7, 40, m1)
    got = resample(category_items(contingency(g, p, items=it), measures=["m1"]), n=100,
                   seed=7).samples["m1"]
    assert np.allclose(got, ref)


def test_directed_accuracy_against_plain_python_bootstrap():
    rows = _dep_rows(60, seed=3)

    def directed(draw):
        return sum(rows[s][1] for s in draw) / sum(rows[s][0] for s in draw)

    ref = _plain_bootstrap(150, 11, 60, directed)
    got = resample(dependency_items(rows), n=150, seed=11).samples["directed"]
    assert np.allclose(got, ref)


def test_interval_close_to_scipy_bootstrap():
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(0)
    correct = (rng.random(500) < 0.7).astype(float)
    st = ratio_items(np.column_stack([correct, np.ones(500)]), "acc")
    ours = resample(st, n=4000, seed=1).intervals["acc"]
    ref = scipy_stats.bootstrap((correct,), np.mean, n_resamples=4000, method="percentile",
                                random_state=np.random.default_rng(1)).confidence_interval
    assert ours.low == pytest.approx(ref.low, abs=0.006)
    assert ours.high == pytest.approx(ref.high, abs=0.006)


# -- type-level measures (MacroI, MicroI, MicroC) from per-sentence pair counts ------------

def _typed_tokens(n_sent, seed=0, length=4, n_words=6, G=3, K=3):
    """Word forms with a preferred tag (sometimes another: polysemy), clusters noisy."""
    rng = np.random.default_rng(seed)
    n = n_sent * length
    f = rng.integers(0, n_words, n)
    g = np.where(rng.random(n) < 0.8, f % G, rng.integers(0, G, n))
    p = np.where(rng.random(n) < 0.7, f % K, rng.integers(0, K, n))
    return f, g, p, np.arange(n) // length


def test_type_level_items_full_sample_is_type_level_scores():
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.categories.type_level import type_entries, type_level_scores

    for seed in range(4):
        f, g, p, it = _typed_tokens(15, seed=seed, n_words=9, G=4, K=5)
        p[::7] = -1                                          # some unclustered tokens
        for unc in ("merge", "split"):
            e = type_entries(f, g, p, items=it, unclustered=unc)
            assert len(type_level_items(e)) == 15
            assert type_level_items(e, restarts=3, seed=2).scores() == \
                type_level_scores(e, restarts=3, seed=2)


def _brute_1to1(sents, draw):
    """MacroI and MicroI under the best 1-1 mapping, by enumerating every mapping."""
    import itertools

    a_sets: dict = {}
    b_sets: dict = {}
    for s in draw:
        for w, t, c in sents[s]:
            a_sets.setdefault(w, set()).add(t)
            b_sets.setdefault(w, set()).add(c)
    classes = sorted({t for v in a_sets.values() for t in v})
    clusters = sorted({c for v in b_sets.values() for c in v})
    targets = classes + [None] * len(clusters)             # None: cluster left unmapped
    best_macro = best_micro = -1.0
    for image in set(itertools.permutations(targets, len(clusters))):
        h = dict(zip(clusters, image))
        im = {w: len(a_sets[w] & {h[c] for c in b_sets[w] if h[c] is not None})
              for w in a_sets}
        macro = 2 * sum(im.values()) / (sum(len(v) for v in a_sets.values())
                                        + sum(len(v) for v in b_sets.values()))
        micro = sum(2 * im[w] / (len(a_sets[w]) + len(b_sets[w])) for w in a_sets) / len(a_sets)
        best_macro, best_micro = max(best_macro, macro), max(best_micro, micro)
    return best_macro, best_micro


def test_type_level_against_plain_python_bootstrap():
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.categories.type_level import type_entries

    f, g, p, it = _typed_tokens(12, seed=5)
    sents = [[(int(a), int(b), int(c)) for a, b, c in zip(f[it == s], g[it == s], p[it == s])]
             for s in range(12)]
    ref = _plain_bootstrap(40, 3, 12, lambda draw: _brute_1to1(sents, draw))
    st = type_level_items(type_entries(f, g, p, items=it), mappings=("1-1",))
    got = resample(st, n=40, seed=3).samples
    assert np.allclose(got["macro_i_1to1"], [r[0] for r in ref])
    assert np.allclose(got["micro_i_1to1"], [r[1] for r in ref])
    assert len(set(np.round(got["macro_i_1to1"], 9))) > 3    # the resamples differ


@pytest.mark.parametrize("test", TESTS)
def test_type_level_paired_tests(test):
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.categories.type_level import type_entries
    from induceval.measures.resampling import join_items

    # the checks hold for any number of draws (a system against itself, a signed delta,
    # one seed one answer, shared draws): a few draws suffice
    f, g, p, it = _typed_tokens(30, seed=1)
    st = type_level_items(type_entries(f, g, p, items=it), restarts=2)
    c = compare(st, [st], test=test, n=20)[0]
    assert set(c.p_value.values()) == {1.0}                  # a system against itself
    perfect = type_level_items(type_entries(f, g, g, items=it), restarts=2)
    c = compare(perfect, [st], test=test, n=20, seed=4)[0]
    assert c.delta["macro_i_1to1"] < 0
    assert c.p_value == compare(perfect, [st], test=test, n=20, seed=4)[0].p_value
    # token and type measures together (--level both): the same draws for both parts
    both = join_items(category_items(contingency(g, p, items=it)), st)
    assert set(compare(both, [both], test=test, n=10)[0].p_value.values()) == {1.0}
    r1, r2 = resample(both, n=10, seed=8), resample(st, n=10, seed=8)
    assert np.array_equal(r1.samples["micro_c_m1"], r2.samples["micro_c_m1"])


def test_cli_type_level_confidence(capsys):
    import json

    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    cat = FIXTURES / "categories"
    args = ["eval", "tags", "--gold", str(cat / "gold.conllu"), "--pred",
            str(cat / "mixed.conllu"), "--level", "type", "--confidence", "50", "--format",
            "json"]
    assert main(args) == 0
    out = one_table(json.loads(capsys.readouterr().out))
    row = out["rows"][0]
    assert out["columns"].index("macro_i_1to1 ±") == out["columns"].index("macro_i_1to1") + 1
    assert row["micro_c_m1_low"] <= row["micro_c_m1"] <= row["micro_c_m1_high"]
    assert "|level:type|" in out["signature"] and "|ci_n:50|" in out["signature"]


def test_type_level_bootstrap_loses_pairs_not_gains():
    """Type-level measures depend on which (type, tag) pairs occur at all.

    A resample can only lose pairs (those of the sentences not drawn), never
    gain any: with few sentences per pair the bootstrap distribution sits
    below the estimate (MacroI 1-1 here: the estimate is the interval's upper
    end); once every pair occurs in many sentences, every resample has them
    all and the interval has width 0.  Unlike token measures, the width does
    not shrink as 1/sqrt(n) (see ``type_level_items``).
    """
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.categories.type_level import type_entries

    out = {}
    for n_sent in (60, 960):
        f, g, p, it = _typed_tokens(n_sent, seed=n_sent, n_words=8)
        st = type_level_items(type_entries(f, g, p, items=it), mappings=("1-1",))
        # with 960 sentences every resample holds every pair: any number of draws shows it
        out[n_sent] = resample(st, n=300 if n_sent == 60 else 50, seed=2).intervals
        for iv in out[n_sent].values():
            assert iv.low <= iv.estimate <= iv.high
    small = out[60]["macro_i_1to1"]
    assert small.mean < small.estimate - small.se and small.high == small.estimate
    assert all(iv.high - iv.low == 0 for iv in out[960].values())


# -- resamples over the table's cells, shared between intervals and tests ----------------

def _dense_items(t):
    """Dense category items, the reference: every cell of the G x K table a column."""
    from induceval.measures.resampling import ItemStats

    def score(totals):
        return token_scores_batch(np.atleast_2d(totals).reshape(-1, *t.shape))
    return ItemStats(t.item_counts.tocsr(), score)


def test_cell_items_resample_as_the_dense_tables():
    # the same resampled scores as scoring every G x K cell: mappings exactly, entropies
    # up to the order of their float sums; sparse tables (many empty cells) included
    rng = np.random.default_rng(5)
    for trial in range(6):
        G, K = int(rng.integers(2, 12)), int(rng.integers(2, 30))
        g, p, it = _synthetic_tags(int(rng.integers(5, 60)), seed=trial, G=G, K=K,
                                   acc=float(rng.random()))
        t = contingency(g, p, items=it, n_gold=G + 2, n_pred=max(G, K) + 3)  # empty rows, cols
        new = resample(category_items(t), n=120, seed=trial).samples
        old = resample(_dense_items(t), n=120, seed=trial).samples
        for k in TOKEN_MEASURES:
            if k in ("m1", "1to1", "1to1_greedy", "pp", "pr"):
                assert np.array_equal(new[k], old[k], equal_nan=True), k
            else:
                assert np.allclose(new[k], old[k], rtol=1e-12, atol=1e-12, equal_nan=True), k


def test_cell_items_paired_tests_as_the_dense_tables():
    g, p, it = _synthetic_tags(40, seed=1, G=5, K=9, acc=0.7)
    q = np.where(np.random.default_rng(2).random(len(g)) < 0.5, g, p)
    ta, tb = contingency(g, p, items=it, n_pred=12), contingency(g, q, items=it, n_pred=10)
    a, b = category_items(ta), category_items(tb)
    for test in TESTS:
        c = compare(a, [b], test=test, n=99, seed=4)[0]
        ref = _dense_pair(ta, tb, test)
        for k in ("m1", "1to1", "vi", "pp"):
            assert c.p_value[k] == ref.p_value[k], (test, k)


def _dense_pair(ta, tb, test):
    """The paired test of two tables scored on their dense side-by-side tables."""
    from scipy import sparse as sp

    from induceval.measures.resampling import ItemStats

    (G, ka), kb = ta.shape, tb.shape[1]

    def wide(ic, kk, shift):
        coo = ic.tocoo()
        gg, cc = np.divmod(coo.col, kk)
        return sp.csr_matrix((coo.data, (coo.row, gg * (ka + kb) + cc + shift)),
                             shape=(ic.shape[0], G * (ka + kb)))

    def score(totals):
        return token_scores_batch(np.atleast_2d(totals).reshape(-1, G, ka + kb))
    if test == "ar":
        a = ItemStats(wide(ta.item_counts, ka, 0), score)
        b = ItemStats(wide(tb.item_counts, kb, ka), score)
    else:
        a, b = _dense_items(ta), _dense_items(tb)
    return compare(a, [b], test=test, n=99, seed=4)[0]


def test_shared_resamples_score_each_system_once():
    # the paired bootstrap reuses the intervals' resamples: each system is scored once,
    # not resampled again
    from induceval.experiments._uncertainty import Marks
    from induceval.measures.resampling import ItemStats, ties_with_best

    calls = []

    def counted(st, name):
        score = st.score

        def f(totals):
            if np.atleast_2d(totals).shape[0] > 1:
                calls.append(name)
            return score(totals)
        return ItemStats(st.rows, f, st.higher_is_better)

    rows = {n: np.column_stack([np.random.default_rng(i).random(50) < acc, np.ones(50)])
            for i, (n, acc) in enumerate((("a", 0.9), ("b", 0.8), ("c", 0.5)))}
    systems = {n: counted(ratio_items(r, "acc"), n) for n, r in rows.items()}
    marks = Marks(n=200, seed=3)
    row = {n: 1.0 for n in systems}
    marks.mark(row, systems, "acc")
    assert sorted(calls) == ["a", "b", "c"]
    # and the same marks as each system resampled on its own, tests drawn afresh
    fresh = {n: ratio_items(r, "acc") for n, r in rows.items()}
    for n in fresh:
        iv = resample(fresh[n], n=200, seed=3).intervals["acc"]
        assert row[f"{n} ±"] == pytest.approx(iv.half_width * 100, abs=0)
    assert (row["best"], row["not sig. vs best"].split(",") if row["not sig. vs best"] != "-"
            else []) == ties_with_best(fresh, "acc", n=200, seed=3)


def test_full_sample_scores_computed_once_and_handed_out_as_copies():
    """Tables ask an ItemStats for its full-sample scores per measure and per pair: the
    score function runs once, and a caller changing its dict changes nobody else's."""
    from induceval.measures.resampling import ratio_items

    st = ratio_items(np.array([[1, 1], [0, 1], [1, 1]]), "acc")
    calls = []
    score = st.score
    st.score = lambda totals: calls.append(1) or score(totals)
    first = st.scores()
    first["acc"] = -1.0
    assert st.scores() == {"acc": 2 / 3} and len(calls) == 1


def test_fractions_sum_in_the_order_of_the_draws():
    # a resample's totals are its drawn rows added one after the other,
    # in the order of the draws -- fractions (pseudo-word ties credited, Chance's expected
    # accuracy) get the same last bits on every machine and batch size, and the counts
    # beside them are exact; the weights' product (the approximate randomization's) still
    # sums each fractional column by numpy
    from induceval.measures.resampling.engine import _bootstrap_draws, _bootstrap_weights, _product

    rng = np.random.default_rng(4)
    m = 300
    decided = rng.integers(0, 3, m)  # correct, wrong, undecided
    rows = np.zeros((m, 4))
    rows[np.arange(m), decided] = 1
    rows[:, 3] = np.where(decided == 0, 1.0, np.where(decided == 2, rng.random(m) / 3, 0.0))
    st = pseudo_items(rows)
    idx = _bootstrap_draws(5, m).indices(40)
    d = st.rows.shape[1]
    in_order = np.zeros((40, d))
    for b in range(40):
        for i in idx[b]:      # Python floats: one IEEE addition after the other
            in_order[b] = [t + x for t, x in zip(in_order[b].tolist(), st.rows[i].tolist())]
    w = _bootstrap_weights(5, m, 40)
    pairwise = np.array([[(wb * col).sum() for col in st.rows.T] for wb in w])
    assert np.array_equal(_product(w, st.rows), pairwise)
    whole = (st.rows == np.round(st.rows)).all(axis=0)
    assert whole.any() and not whole.all()
    assert np.array_equal(in_order[:, whole], pairwise[:, whole])  # counts: exact either way
    assert not np.array_equal(in_order, pairwise)                  # fractions: other last bits
    r = resample(st, n=40, seed=5)
    for k, v in st.score(in_order).items():
        assert np.array_equal(r.samples[k], v, equal_nan=True)


def test_systems_resampled_together_as_each_alone():
    # dense count rows of several systems go through one product (their columns
    # side by side) and the intervals of all measures through one quantile call; the
    # samples, intervals and paired tests are those of each system resampled on its own
    from induceval.measures.resampling import ItemStats, share_resamples
    from induceval.measures.resampling.engine import _interval, _intervals

    deps = [dependency_items(_dep_rows(120, seed=s, p=0.3 + 0.1 * s)) for s in range(3)]
    nan = ratio_items(np.column_stack([np.ones(120), np.r_[np.zeros(119), 1.0]]), "x")
    frac = pseudo_items(np.column_stack([np.ones(120), np.zeros(120), np.zeros(120),
                                         np.random.default_rng(1).random(120)]))
    sparse = category_items(contingency(*_synthetic_tags(120)[:2],
                                        items=_synthetic_tags(120)[2]))
    systems = [*deps, nan, frac, sparse]
    cache: dict = {}
    share_resamples(systems, n=150, seed=8, cache=cache)
    for st in systems:
        alone = resample(ItemStats(st.rows, st.score, st.higher_is_better), n=150, seed=8)
        together = resample(st, n=150, seed=8, cache=cache)
        for k in alone.samples:
            assert np.array_equal(alone.samples[k], together.samples[k], equal_nan=True)
            a, t = alone.intervals[k], together.intervals[k]
            assert a == t or (math.isnan(a.low) and math.isnan(t.low))
            assert t == _interval(t.estimate, together.samples[k], 0.05) or math.isnan(t.low)
    c = compare(deps[0], deps[1:], n=150, seed=8, cache=cache)
    assert [x.to_dict() for x in c] == [x.to_dict() for x in compare(deps[0], deps[1:], n=150,
                                                                      seed=8)]
    s = np.random.default_rng(2).random((3, 77))
    got = _intervals({"a": 0.1, "b": 0.2, "c": 0.3}, dict(zip("abc", s)), 0.1)
    assert got == {k: _interval(e, v, 0.1) for k, e, v in zip("abc", (0.1, 0.2, 0.3), s)}


@pytest.mark.parametrize("m, b", [(1, 3), (7, 50), (300, 40)])
def test_bootstrap_weights_count_each_rows_draws(m, b):
    """The weights are the counts of the draws, row by row: the bincount of the whole batch
    with one offset per row (the definition they replaced), each row summing to the number
    of items."""
    from induceval.measures.resampling.engine import _bootstrap_draws, _bootstrap_weights

    w = _bootstrap_weights(3, m, b)
    idx = _bootstrap_draws(3, m).indices(b)
    want = np.bincount((idx + (np.arange(b) * m)[:, None]).ravel(), minlength=b * m)
    assert w.dtype == np.float64 and np.array_equal(w, want.reshape(b, m))
    assert (w.sum(axis=1) == m).all()


@pytest.mark.parametrize("d, m", [(1, 50), (3, 50), (4, 400), (6, 400), (9, 50), (9, 400)])
def test_draw_sums_add_the_drawn_rows_in_order(d, m):
    """Each total is its column's drawn values added one after the other (Python floats as
    the reference), for any number of columns (summed four at a time), repeated columns
    (summed once), 0/1 columns (summed by counting the draws of each distinct row when the
    rows are many) and fractions whose sum depends on the order."""
    from induceval.measures.resampling._draws import DrawRows, draw_sums

    rng = np.random.default_rng(d)
    rows = rng.random((m, d)) * 10.0 ** rng.integers(-3, 4, d)
    rows[:, -1] = rows[:, 0]
    if d >= 3:
        rows[:, 1] = rng.integers(0, 2, m)
        rows[:, 2] = 1.0
    idx = rng.integers(0, m, size=(7, m))
    want = np.zeros((7, d))
    for b in range(7):
        for c in range(d):
            t = 0.0
            for i in idx[b]:
                t += float(rows[i, c])
            want[b, c] = t
    plan = DrawRows(rows)
    assert len(plan.by_pattern) == (2 if m > 64 and d >= 3 else 0)
    assert np.array_equal(draw_sums(idx, rows), want)
    assert np.array_equal(draw_sums(idx, plan), want)
    assert draw_sums(idx, rows[:, :0]).shape == (7, 0)



@pytest.mark.parametrize("m", [1, 2, 7, 1000, 20175, 99991, 3 * 2 ** 29 + 1])
def test_draws_are_xoshiro_and_lemire_in_plain_python(m):
    """The resamples' indices are those of the plain Python generator (:func:`_plain_draws`),
    batch after batch (an odd ``m`` leaves half an output for the next batch), and the
    counts of the same draws are their bincounts, for any batching; ``3 * 2**29 + 1`` items:
    a range whose draws are rejected a quarter of the time (2**32 mod m is 2**30 - 2)."""
    from induceval.measures.resampling.engine import _bootstrap_draws

    n = 10 if m > 100 else 1
    want = np.fromiter(_plain_draws(9, m), dtype=np.int64, count=8 * m if m < 10 ** 6 else 9)
    if m > 10 ** 6:  # only the first numbers: a batch of 2**31 indices would not fit
        from induceval.measures.resampling._draws import _fill

        draws = _bootstrap_draws(9, m)
        row = np.zeros(9, dtype=np.int32)
        _fill(draws.state, m, 9, row, False)
        assert np.array_equal(row, want)
        return
    a, b = _bootstrap_draws(9, m), _bootstrap_draws(9, m)
    got = []
    for rows in (3, 1, 4):
        idx = a.indices(rows)
        assert idx.dtype == np.int32 and idx.shape == (rows, m)
        got.append(idx.ravel())
        w, total = b.counts(rows, np.arange(m, dtype=np.float64) * n)
        assert w.shape == (m, rows)
        assert np.array_equal(w.T, [np.bincount(i, minlength=m) for i in idx])
        assert np.array_equal(total, idx.sum(axis=1) * n)
    assert np.array_equal(np.concatenate(got), want)
    assert np.array_equal(a.state, b.state)


def test_draws_counted_wide_when_a_byte_would_wrap(monkeypatch):
    """When an item is drawn more than 255 times in one resample (its byte count wraps
    around; too rare to meet by chance, so the kernel is made to say so), the same draws
    are counted again in float64."""
    from induceval.measures.resampling import _draws
    from induceval.measures.resampling.engine import _bootstrap_draws

    m, sizes = 300, np.arange(300.0)
    want = _bootstrap_draws(4, m).indices(5)
    kernel = _draws._draw_counts

    def wrapped(*args):
        out, total, _ = kernel(*args)
        return out, total, True

    monkeypatch.setattr(_draws, "_draw_counts", wrapped)
    draws = _bootstrap_draws(4, m)
    w, total = draws.counts(5, sizes)
    assert w.dtype == np.float64 and np.array_equal(w.T, [np.bincount(i, minlength=m)
                                                           for i in want])
    assert np.array_equal(total, sizes[want].sum(axis=1))
    assert np.array_equal(draws.indices(2), _bootstrap_draws(4, m).indices(7)[5:])


@pytest.mark.parametrize("scale", [1, 0.5, 2 ** 22])
def test_sparse_products_equal_the_float64_product(scale):
    """Whole counts whose resample totals stay below 2**24 are multiplied in float32 and
    give the float64 product's values exactly; fractions (scale 0.5) and totals beyond
    float32's whole numbers (scale 2**22: one item holds 2**22 x its counts) take the
    float64 product."""
    from scipy import sparse as sp

    from induceval.measures.resampling._draws import SparseProducts
    from induceval.measures.resampling.engine import _product

    rng = np.random.default_rng(4)
    m = 300
    dense = [rng.integers(1, 7, (m, d)) * (rng.random((m, d)) < 0.05) for d in (7, 40)]
    dense[0] = dense[0].astype(np.float64)
    dense[0][0, 0] = scale    # one cell of item 0 set to the scale
    rows = [sp.csr_matrix(x.astype(np.float64)) for x in dense]
    plan = SparseProducts(rows, m)
    assert bool(plan.narrow) == (scale != 0.5)
    idx = rng.integers(0, m, size=(30, m)).astype(np.int32)
    idx[:, :8] = 0            # every resample draws item 0 eight times (2**25 at scale 2**22)
    w = np.stack([np.bincount(i, minlength=m) for i in idx]).astype(np.float64)
    got = list(plan.products_of(np.ascontiguousarray(w.T.astype(np.uint8)), w @ plan.sizes))
    assert len(got) == 2
    for r, g in zip(rows, got):
        assert g.dtype == np.float64 and g.flags.c_contiguous
        assert np.array_equal(g, _product(w, r))



def test_draws_have_the_bootstraps_distribution():
    """Each item's count in a resample is Binomial(m, 1/m): over 400 resamples of 1000 items
    the counts' mean is 1 and their variance 1 - 1/m within about 4 standard errors
    (sqrt(3 / n) for Poisson-like counts), and each of the 1000 items is drawn as often as
    the others (the totals' chi-square, 999 degrees of freedom, below its 0.9999 quantile,
    1,173.9: scipy.stats.chi2.ppf)."""
    from induceval.measures.resampling.engine import _bootstrap_weights

    m, b = 1000, 400
    w = _bootstrap_weights(21, m, b)
    assert (w.sum(axis=1) == m).all()
    assert abs(w.mean() - 1) < 1e-12
    assert abs(w.var() - (1 - 1 / m)) < 5 * np.sqrt(2 / (m * b))
    totals = w.sum(axis=0)
    assert ((totals - b) ** 2 / b).sum() < 1173.9


def test_dense_and_sparse_systems_resampled_together_as_alone(monkeypatch):
    """Per-sentence tables (sparse) and dense rows over the same 40 sentences share each
    batch's draws (the tables then weighted by the counts of the dense path's indices):
    each system's resampled scores are those it gets alone, also in batches of 8."""
    from induceval.measures.resampling import engine as R

    g, p, it = _synthetic_tags(40, length=5, G=4, K=5)
    tags = category_items(contingency(g, p, items=it), measures=["m1", "vi"])
    acc = ratio_items(np.column_stack([np.arange(40) % 3, np.full(40, 3)]), "acc")
    alone = [resample(st, n=70, seed=6).samples for st in (tags, acc)]
    cache: dict = {}
    share_resamples([tags, acc], n=70, seed=6, cache=cache)
    for st, want in zip((tags, acc), alone):
        shared = resample(st, n=70, seed=6, cache=cache).samples
        assert all(np.array_equal(want[k], shared[k]) for k in want)
    monkeypatch.setattr(R, "_CHUNK_CELLS", 40 * 9)
    monkeypatch.setattr(R, "_CHUNK_MIN", 0)
    assert R._chunk_size(40, 20, 70) == 8
    for got, want in zip(R._bootstrap_samples([tags, acc], 70, 6), alone):
        assert all(np.array_equal(want[k], got[k]) for k in want)


@pytest.mark.parametrize("trial", range(40))
def test_cell_columns_equal_scipys_column_indexing(trial):
    """The items' cell columns (``_filled_columns``, ``_columns``) against scipy's
    ``abs(rows).sum(axis=0)`` and ``rows[:, flat]``, on CSR matrices with explicit zeros,
    NaN and columns dropped: the same columns and the same arrays, entry for entry."""
    from scipy import sparse as sp

    from induceval.measures.resampling.items import filled_columns as _filled_columns
    from induceval.measures.resampling.items import select_columns as _columns

    rng = np.random.default_rng(trial)
    a = sp.random(7, 9, density=0.4, format="csr", random_state=trial)
    a.data[rng.random(len(a.data)) < 0.3] = 0.0        # explicit zeros, kept by scipy
    if trial % 3 == 0:
        a.data[rng.random(len(a.data)) < 0.2] = np.nan
    flat = np.flatnonzero(np.asarray(abs(a).sum(axis=0)).ravel())
    assert _filled_columns(a).tolist() == flat.tolist()
    for cols in (flat, np.sort(rng.choice(9, size=int(rng.integers(0, 10)), replace=False))):
        want, got = a[:, cols], _columns(a, cols)
        assert got.shape == want.shape
        assert got.indptr.tolist() == want.indptr.tolist()
        assert got.indices.tolist() == want.indices.tolist()
        assert np.array_equal(got.data, want.data, equal_nan=True)


def test_counted_draws_take_chunks_of_twice_the_resamples():
    """frank2009's size (285,864 utterances, 10,700 cells): 64 resamples a chunk when the
    draws are listed (dense rows), 128 when they are only counted (sparse rows); a small
    corpus is one chunk either way."""
    from induceval.measures.resampling import engine as R

    assert R._chunk_size(285_864, 10_700, 1000) == 64
    assert R._chunk_size(285_864, 10_700, 1000, counted=True) == 128
    assert R._chunk_size(2_000, 300, 1000) == R._chunk_size(2_000, 300, 1000, counted=True)


def _word_clusterings(n_sent=60, n_words=30, G=5, seed=3, length=8):
    """Tokens (gold, word, sentence) and clusterings of the word types: each a word ->
    cluster array (-1: unclustered) with its K."""
    rng = np.random.default_rng(seed)
    n = n_sent * length
    word = rng.integers(0, n_words, n)
    gold = np.where(rng.random(n) < 0.7, word % G, rng.integers(0, G, n))
    clusterings = []
    for k in (2, 4, 7):
        c = rng.integers(0, k, n_words)
        c[rng.random(n_words) < 0.15] = -1
        clusterings.append((c, k))
    return gold, word, np.arange(n) // length, clusterings


def _pair_cells(cluster, k, G, n_words, unclustered):
    """Each (gold, word) pair's cell of the gold x (K + unclustered columns) table, as
    contingency() lays it out, and the table's shape."""
    unc = np.flatnonzero(cluster < 0)
    col = cluster.copy()
    if unclustered == "merge":
        col[unc] = k
    else:
        col[unc] = k + np.arange(len(unc))
    width = k + (1 if unclustered == "merge" else len(unc))
    return np.array([g * width + col[w] for g in range(G) for w in range(n_words)]), (G, width)


@pytest.mark.parametrize("unclustered", ["merge", "split"])
def test_summed_items_resample_as_their_own_tables(unclustered, monkeypatch):
    """Clusterings of word types summed from one (gold, word) table share its
    products with the weights; their samples, intervals and paired tests (bootstrap and
    approximate randomization) are those of each clustering's own per-sentence tables
    resampled alone, also in batches of 8 and beside a system of its own rows."""
    from induceval.measures.categories.items import summed_category_items
    from induceval.measures.resampling import engine as R
    from induceval.measures.resampling._draws import _SUMMED_MIN, SparseProducts

    G, n_words = 5, 30
    gold, word, sent, clusterings = _word_clusterings(n_sent=400, G=G, n_words=n_words)
    base = contingency(gold, word, items=sent, n_gold=G, n_pred=n_words).item_counts
    measures = ["m1", "1to1", "vi", "pp"]
    summed, own = [], []
    for cluster, k in clusterings:
        cells, shape = _pair_cells(cluster, k, G, n_words, unclustered)
        summed.append(summed_category_items(base, cells, shape, measures=measures))
        t = contingency(gold, cluster[word], items=sent, unclustered=unclustered, forms=word,
                        n_pred=k)
        assert t.shape == shape
        own.append(category_items(t, measures=measures))
    other = category_items(contingency(*_synthetic_tags(400, length=8)[:2], items=sent),
                           measures=measures)
    for st, want in zip(summed, own):
        assert st.summed_from is not None and want.summed_from is None
        assert st.scores() == want.scores()
    assert base.nnz >= _SUMMED_MIN * base.shape[1]        # summed from the base, not alone
    assert SparseProducts([s.rows for s in summed], 400, [s.summed_from for s in summed]).last
    alone = [resample(st, n=90, seed=4).samples for st in own]
    for chunk in (None, 8):
        if chunk:
            monkeypatch.setattr(R, "_CHUNK_CELLS", 400 * (chunk + 1))
            monkeypatch.setattr(R, "_CHUNK_MIN", 0)
        cache: dict = {}
        share_resamples([summed[0], other, *summed[1:]], n=90, seed=4, cache=cache)
        for st, want in zip(summed, alone):
            got = resample(st, n=90, seed=4, cache=cache).samples
            assert all(np.array_equal(want[k], got[k], equal_nan=True) for k in want)
    for test in TESTS:
        a = compare(summed[0], summed[1:], test=test, n=60, seed=2)
        b = compare(own[0], own[1:], test=test, n=60, seed=2)
        assert [x.to_dict() for x in a] == [x.to_dict() for x in b]


def test_sparse_products_of_a_shared_base_equal_each_systems_product():
    """A system given as a shared base's columns summed into its own (column dropped where
    ``pos`` is -1) gets the product of its own rows: systems of two bases and one of its
    own rows in one plan, in float32; with fractions each system's own product (float64)."""
    from scipy import sparse as sp

    from induceval.measures.resampling._draws import SparseProducts
    from induceval.measures.resampling.engine import _product
    from induceval.measures.resampling.items import relabel_columns as _relabelled

    rng = np.random.default_rng(9)
    m = 200
    for frac in (1.0, 0.5):
        bases = [sp.csr_matrix(rng.integers(0, 4, (m, p)) * (rng.random((m, p)) < 0.1) * frac)
                 for p in (50, 20)]
        plan_rows, sources = [], []
        for base, d in ((bases[0], 6), (bases[1], 3), (bases[0], 11)):
            pos = rng.integers(-1, d, base.shape[1])
            plan_rows.append(_relabelled(base, pos, d))
            sources.append((base, pos))
        plan_rows.append(sp.csr_matrix(rng.integers(0, 3, (m, 9)).astype(np.float64)))
        sources.append(None)
        plan = SparseProducts(plan_rows, m, sources)
        assert bool(plan.narrow) == (frac == 1.0)
        assert all(b.nnz >= 8 * b.shape[1] for b in bases)
        w = np.stack([np.bincount(rng.integers(0, m, m), minlength=m) for _ in range(20)])
        w = w.astype(np.float64)
        got = list(plan.products_of(np.ascontiguousarray(w.T.astype(np.uint8)),
                                    w @ plan.sizes))
        assert len(got) == 4
        assert plan.last == ({0: 2, 1: 1} if frac == 1.0 else {})   # fractions: own rows
        for r, g in zip(plan_rows, got):
            assert np.array_equal(g, _product(w, r))


def test_summed_items_check_their_cells():
    from scipy import sparse as sp

    from induceval.measures.categories.items import summed_category_items

    base = sp.csr_matrix(np.ones((3, 4)))
    with pytest.raises(MismatchError, match="pair_cells has 3 entries for 4 columns"):
        summed_category_items(base, [0, 1, 2], (2, 2))
    with pytest.raises(InducevalError, match="cell 9 is outside the 2 x 2 table"):
        summed_category_items(base, [0, 1, 2, 9], (2, 2))


def test_sparse_products_sum_only_from_bases_with_entries_enough():
    """A base of fewer than _SUMMED_MIN entries a column (a small treebank's (gold, word)
    pairs) is not shared: each system multiplies its own rows, with the same products."""
    from scipy import sparse as sp

    from induceval.measures.resampling._draws import _SUMMED_MIN, SparseProducts
    from induceval.measures.resampling.engine import _product
    from induceval.measures.resampling.items import relabel_columns as _relabelled

    rng = np.random.default_rng(2)
    m = 100
    base = sp.csr_matrix(rng.integers(1, 3, (m, 60)) * (rng.random((m, 60)) < 0.05))
    assert base.nnz < _SUMMED_MIN * base.shape[1]
    pos = rng.integers(0, 7, 60)
    rows = [_relabelled(base, pos, 7), _relabelled(base, pos[::-1].copy(), 7)]
    plan = SparseProducts(rows, m, [(base, pos), (base, pos[::-1].copy())])
    assert plan.last == {} and all(p is None for _, p, _ in plan.plan)
    w = np.stack([np.bincount(rng.integers(0, m, m), minlength=m) for _ in range(9)])
    w = w.astype(np.float64)
    got = list(plan.products_of(np.ascontiguousarray(w.T.astype(np.uint8)), w @ plan.sizes))
    assert all(np.array_equal(g, _product(w, r)) for g, r in zip(got, rows))
