"""Unit and property tests of the dependency measures (tiny hand-made corpora)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from induceval.corpus.model import Column, CorpusBuilder
from induceval.errors import InducevalError, MismatchError, ParameterError
from induceval.measures.dependencies import (
    TABLE6_GROUPS,
    dependency_items,
    edge_matches,
    evaluate_dependencies,
    relation_group,
)
from induceval.measures.resampling import compare, resample
from induceval.models.dependencies.chains import left_branching, right_branching
from induceval.report.dependencies import breakdown_table, evaluate_systems, systems_table
from tests.measures._deps_reference import score_reference


def corpus(sentences, **extra_cols):
    """sentences: list of head lists; forms w1..wn, upos NOUN unless a head list entry is 'P'."""
    b = CorpusBuilder(name="g")
    for k, heads in enumerate(sentences):
        n = len(heads)
        cols = {"form": [f"w{i}" for i in range(n)], "head": list(heads),
                "upos": ["NOUN"] * n}
        for name, values in extra_cols.items():
            cols[name] = values[k]
        b.add_sentence(cols, {"sent_id": f"s{k + 1}"})
    return b.build()


def with_heads(c, heads):
    return c.with_tokens(head=Column(np.asarray(heads, dtype=np.int32)))


# ---------------------------------------------------------------- properties

@pytest.mark.parametrize("n", [2, 3, 5, 10])
def test_chain_against_opposite_chain(n):
    """Gold: every word headed by its left neighbour (word 1 root).  Prediction:
    headed by its right neighbour (word n root).

    directed 0: word 1 is the gold root but predicted under word 2; words
    2..n-1 point right instead of left; word n is predicted root but gold
    headed by n-1.  undirected (n-1)/n: for words i < n the predicted head
    i+1 has gold head i, so each of those n-1 edges is the gold edge
    reversed; word n (predicted root) is not.  NED adds word n only when its
    gold grandparent is the root, i.e. n == 2.
    """
    gold = corpus([[i for i in range(n)]])     # 0, 1, 2, ... (RB: head = previous word)
    assert right_branching(gold.offsets).tolist() == gold.tokens["head"].values.tolist()
    r = evaluate_dependencies(gold, left_branching(gold.offsets), punct="keep")
    assert r.scores["directed"] == 0.0
    assert r.scores["undirected"] == pytest.approx((n - 1) / n)
    assert r.scores["ned"] == pytest.approx(1.0 if n == 2 else (n - 1) / n)
    assert r.scores["root"] == 0.0


def random_sentences(draw_lengths, rng):
    sents = []
    for n in draw_lengths:
        heads = [int(rng.integers(0, n + 1)) for _ in range(n)]
        heads = [0 if h == i + 1 else h for i, h in enumerate(heads)]
        punct = [bool(rng.random() < 0.2) for _ in range(n)]
        sents.append((heads, punct))
    return sents


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=8), st.integers(0, 2**31 - 1),
       st.sampled_from([None, 3, 6]))
def test_matches_reference_and_bounds(lengths, seed, max_length):
    """Vectorised scores == the pure-Python reference; NED >= undirected >= directed."""
    rng = np.random.default_rng(seed)
    gold_s = random_sentences(lengths, rng)
    pred_s = random_sentences(lengths, rng)
    upos = [["PUNCT" if p else "NOUN" for p in punct] for _, punct in gold_s]
    rels = [["det" if h else "root" for h in heads] for heads, _ in gold_s]
    gold = corpus([h for h, _ in gold_s], deprel=rels)
    gold = gold.with_tokens(upos=corpus([h for h, _ in gold_s], upos=upos).tokens["upos"])
    pred = np.concatenate([np.asarray(h, dtype=np.int32) for h, _ in pred_s])
    r = evaluate_dependencies(gold, pred, max_length=max_length)
    tot, bd = score_reference(
        [(g, p, [u == "PUNCT" for u in up], rl, up)
         for (g, _), (p, _), up, rl in zip(gold_s, pred_s, upos, rels)], max_length)
    assert r.scores["tokens"] == tot.get("tokens", 0)
    for m in ("directed", "undirected", "ned"):
        if tot.get("tokens"):
            assert r.scores[m] == pytest.approx(tot[m] / tot["tokens"])
        else:
            assert np.isnan(r.scores[m])
    assert r.scores["ned"] >= r.scores["undirected"] >= r.scores["directed"] or \
        np.isnan(r.scores["directed"])
    m = edge_matches(pred, pred, gold.offsets)
    assert np.all(m.ned >= m.undirected) and np.all(m.undirected >= m.directed)
    el = {row["edge-length"]: row["tokens"] for row in r.breakdown("edge-length").rows()}
    assert el == {k: v[0] for k, v in bd["edge-length"].items()}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=6), st.integers(0, 10**6))
def test_perfect_prediction_scores_one(lengths, seed):
    rng = np.random.default_rng(seed)
    gold = corpus([h for h, _ in random_sentences(lengths, rng)])
    r = evaluate_dependencies(gold, gold, punct="keep")
    assert r.scores["directed"] == r.scores["undirected"] == r.scores["ned"] == 1.0


def test_sentence_order_invariance_and_additivity():
    gold = corpus([[2, 0, 2], [0, 1], [3, 3, 0, 3]])
    pred = left_branching(gold.offsets)
    r = evaluate_dependencies(gold, pred, punct="keep")
    rev = gold.select([2, 1, 0])
    r2 = evaluate_dependencies(rev, left_branching(rev.offsets), punct="keep")
    assert r.scores == r2.scores
    stats = r.reference().stats
    assert stats.scores()["directed"] == dependency_items(stats).scores()["directed"]
    s = stats + stats
    assert s.scores() == stats.scores()


def test_bootstrap_and_significance_from_rows():
    gold = corpus([[2, 0, 2, 3]] * 30 + [[0, 1, 2]] * 30)
    a = evaluate_dependencies(gold, gold, punct="keep").reference().stats.rows
    lb = left_branching(gold.offsets)
    b = evaluate_dependencies(gold, lb, punct="keep").reference().stats.rows
    iv = resample(dependency_items(b), n=200, seed=1).intervals["directed"]
    assert iv.low <= evaluate_dependencies(gold, left_branching(gold.offsets),
                                           punct="keep").scores["directed"] <= iv.high
    p = compare(dependency_items(a), [dependency_items(b)], test="ar", n=200,
                seed=1)[0].p_value["directed"]
    assert p < 0.01


# ---------------------------------------------------------------- punctuation, empties

def test_empty_sentences_counted_not_divided():
    b = CorpusBuilder()
    b.add_sentence({"form": ["!"], "upos": ["PUNCT"], "head": [0]})
    b.add_sentence({"form": ["hi", "!"], "upos": ["INTJ", "PUNCT"], "head": [0, 1]})
    gold = b.build()
    r = evaluate_dependencies(gold, gold)
    assert r.preprocessing["empty_after_punctuation"] == 1
    assert r.scores["tokens"] == 1 and r.scores["directed"] == 1.0
    only = gold.select([0])
    r0 = evaluate_dependencies(only, only)
    assert r0.scores["tokens"] == 0 and np.isnan(r0.scores["directed"])
    assert r0.reference().stats.rows.tolist() == [[0, 0, 0, 0, 0, 0]]


def test_punct_mask_from_gold_only():
    b = CorpusBuilder()
    b.add_sentence({"form": ["go", ",", "now"], "upos": ["VERB", "PUNCT", "ADV"],
                    "head": [0, 1, 1]})
    gold = b.build()
    p = CorpusBuilder()
    p.add_sentence({"form": ["go", ",", "now"], "upos": ["VERB", "NOUN", "PUNCT"],
                    "head": [0, 1, 2]})
    r = evaluate_dependencies(gold, p.build())
    # gold mask removes ","; "now" under "," re-attaches to ","'s head "go": correct
    assert r.scores["tokens"] == 2 and r.scores["directed"] == 1.0


def test_tags_and_unicode_policies():
    b = CorpusBuilder()
    b.add_sentence({"form": ["go", "!"], "xpos": ["VB", "."], "head": [0, 1]})
    gold = b.build()
    assert evaluate_dependencies(gold, gold, punct="tags:.").scores["tokens"] == 1
    assert evaluate_dependencies(gold, gold, punct="unicode").scores["tokens"] == 1
    assert evaluate_dependencies(gold, gold, punct="keep").scores["tokens"] == 2
    with pytest.raises(ParameterError):
        evaluate_dependencies(gold, gold, punct="nope")


# ---------------------------------------------------------------- references

def test_multiple_references_max_reported():
    b = CorpusBuilder()
    b.add_sentence({"form": ["in", "the", "box"], "upos": ["ADP", "DET", "NOUN"],
                    "head": [3, 3, 0], "head@lexical": [0, 3, 1],
                    "deprel": ["case", "det", "root"], "deprel@lexical": ["ROOT", "NMOD", "PMOD"]})
    gold = b.build()
    pred = np.array([0, 3, 1])
    r = evaluate_dependencies(gold, pred, references=("head", "head@lexical"))
    assert r.scores["directed[head]"] == pytest.approx(1 / 3)
    assert r.scores["directed[head@lexical]"] == 1.0
    assert r.scores["directed"] == 1.0 and r.best_reference["directed"] == "head@lexical"
    auto = evaluate_dependencies(gold, pred, references="auto")
    assert list(auto.references) == ["head", "head@lexical"]
    t = systems_table({"sys": r})
    assert "directed[head@lexical]" in t.columns
    # the main columns are a best-of-references score, and the table says so
    assert any(n.startswith("directed, undirected, ned, root: the best over the references "
                            "(head, head@lexical") for n in t.notes)
    one = evaluate_dependencies(gold, pred, references=("head",))
    assert not any("best over" in n for n in systems_table({"sys": one}).notes)
    # several gold corpora of the same text
    g2 = gold.with_tokens(head=gold.tokens["head@lexical"])
    golds = [gold, g2.__class__(**{**g2.__dict__, "name": "g2"})]
    multi = evaluate_dependencies(golds, pred, references=("head",))
    assert multi.scores["directed"] == 1.0 and len(multi.references) == 2
    # by default (as eval deps) every head column of every gold corpus is a reference
    assert len(evaluate_dependencies(golds, pred).references) == 4


def test_unknown_reference_lists_columns():
    gold = corpus([[0]])
    with pytest.raises(InducevalError, match="head@xgrt.*head columns: head"):
        evaluate_dependencies(gold, gold, references=("head", "head@xgrt"))


# ---------------------------------------------------------------- bad input

def test_mismatch_errors_name_sentence_and_token():
    gold = corpus([[0, 1], [2, 0]])
    with pytest.raises(MismatchError, match="2 sentences but"):
        evaluate_dependencies(gold, gold.select([0]))
    other = corpus([[0, 1], [0]])
    with pytest.raises(MismatchError, match=r"sentence 2 \(sent_id=s2\).*2 tokens.*has 1"):
        evaluate_dependencies(gold, other)
    b = CorpusBuilder()
    b.add_sentence({"form": ["w0", "w1"], "head": [0, 1]})
    b.add_sentence({"form": ["w0", "cat"], "head": [2, 0]})
    with pytest.raises(MismatchError, match=r"sentence 2.*token 2 \('w1'\).*'cat'"):
        evaluate_dependencies(gold, b.build())
    assert evaluate_dependencies(gold, b.build(), check_forms=False).scores["tokens"] == 4


def test_head_outside_sentence_and_non_integer():
    gold = corpus([[0, 1], [2, 0]])
    with pytest.raises(InducevalError, match=r"sentence 2 \(sent_id=s2\), token 1 \('w0'\): "
                                             r"predicted head 5 is outside"):
        evaluate_dependencies(gold, np.array([0, 1, 5, 0]))
    with pytest.raises(InducevalError, match=r"sentence 1.*token 2.*not an integer"):
        evaluate_dependencies(gold, np.array([0, 1.5, 2, 0]))
    assert evaluate_dependencies(gold, np.array([0.0, 1.0, 2.0, 0.0]),
                                 punct="keep").scores["directed"] == 1.0
    bad_gold = with_heads(gold, [0, 3, 2, 0])
    with pytest.raises(InducevalError, match=r"gold head \(head\) 3 is outside"):
        evaluate_dependencies(bad_gold, gold)
    with pytest.raises(MismatchError):
        evaluate_dependencies(gold, np.array([0, 1, 2]))


def test_missing_predicted_head_is_wrong():
    gold = corpus([[0, 1, 1]])
    r = evaluate_dependencies(gold, np.array([0, -1, 1]), punct="keep")
    assert r.scores["directed"] == pytest.approx(2 / 3)
    assert r.structure["missing_heads"] == 1


# ---------------------------------------------------------------- relations, tables

def test_relation_groups():
    assert relation_group("nsubj:pass", "ud") == "SBJ"
    assert relation_group("conj") == "COORD" and relation_group("cc") == "CC"
    assert relation_group("cop", "ud") == "PRD" and relation_group("xcomp", "ud") == "OTHER"
    assert relation_group("CONJ", "childes") == "CC"
    assert relation_group("COORD", "childes") == "COORD"
    assert relation_group("AUX-ROOT", "childes") == "ROOT"
    assert relation_group("NMOD", "conll") == "NMOD"
    assert relation_group(None) == "OTHER"
    assert TABLE6_GROUPS[:7] == ("ROOT", "SBJ", "OBJ", "PRD", "NMOD", "COORD", "CC")


def test_relation_root_follows_gold_head():
    # %gra labels juxtaposed clauses ROOT with a non-zero head: not a root attachment
    b = CorpusBuilder()
    b.add_sentence({"form": ["go", "come"], "head": [0, 1], "deprel": ["ROOT", "ROOT"]})
    gold = b.build()
    r = evaluate_dependencies(gold, gold, punct="keep")
    rel = {row["relation"]: row["tokens"] for row in r.breakdown("relation").rows()}
    assert rel == {"ROOT": 1, "OTHER": 1}


def test_tables_and_systems():
    gold = corpus([[2, 0, 2], [0, 1, 2, 3]])
    t = evaluate_systems(gold, {"LB": left_branching(gold.offsets),
                                "RB": right_branching(gold.offsets)}, punct="keep")
    assert [r["system"] for r in t.rows] == ["LB", "RB"]
    # RB (head = previous word): sentence 1 [0, 1, 2] vs gold [2, 0, 2] right only for word 3;
    # sentence 2 is RB itself: 1 + 4 of 7
    assert t.rows[1]["directed"] == pytest.approx(5 / 7)
    res = {"LB": evaluate_dependencies(gold, left_branching(gold.offsets), punct="keep"),
           "RB": evaluate_dependencies(gold, right_branching(gold.offsets), punct="keep")}
    wide = breakdown_table(res, "edge-length")
    assert wide.columns[0] == "system" and "root" in wide.columns
    long = breakdown_table({"LB": res["LB"]}, "edge-length")
    assert long.columns == ["edge-length", "tokens", "directed", "undirected", "ned"]
    with pytest.raises(ParameterError):
        res["LB"].breakdown("nope")
    assert res["LB"].to_dict()["scores"]["tokens"] == 7


def test_diagnostics_describe_the_trees_scored():
    """By hand: "a , b c" with the words in a chain a->b->c and the comma hung from c: the
    file's tree crosses (edge ,-c over a-b), the scored tree (comma removed) is a chain and
    projective; a second sentence longer than --max-length 3 is not scored, so not counted
    (the diagnostics counted every sentence of the file: 2,760 of the PTB sample's 3,914 RB
    chains were reported non-projective)."""
    b = CorpusBuilder()
    b.add_sentence({"form": ["a", ",", "b", "c"], "upos": ["X", "PUNCT", "X", "X"],
                    "head": [3, 4, 4, 0]})
    b.add_sentence({"form": ["d", "e", "f", "g"], "upos": ["X"] * 4, "head": [0, 1, 2, 3]})
    gold = b.build()
    pred = np.array([3, 4, 4, 0, 3, 0, 0, 2])   # sentence 2: two roots, crossing
    kept = evaluate_dependencies(gold, pred, punct="keep").structure
    assert (kept["non_projective"], kept["multiple_roots"], kept["sentences"]) == (2, 1, 2)
    scored = evaluate_dependencies(gold, pred, punct="upos", max_length=3).structure
    assert (scored["non_projective"], scored["multiple_roots"], scored["sentences"]) == (0, 0, 1)
