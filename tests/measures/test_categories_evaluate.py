"""evaluate_tags: one pass over all measures, signatures, alignment errors."""

from __future__ import annotations

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.errors import MismatchError, ParameterError
from induceval.measures.categories import MEASURES, evaluate_tags


def gold_corpus():
    b = CorpusBuilder()
    b.add_sentence({"form": ["the", "dog", "barks", "."],
                    "upos": ["DET", "NOUN", "VERB", "PUNCT"]}, {"sent_id": "a"})
    b.add_sentence({"form": ["a", "cat", "sleeps", "."],
                    "upos": ["DET", "NOUN", "VERB", "PUNCT"]}, {"sent_id": "b"})
    return b.build()


def pred_corpus(words2, tags1, tags2):
    b = CorpusBuilder()
    b.add_sentence({"form": ["the", "dog", "barks", "."], "upos": tags1})
    b.add_sentence({"form": words2, "upos": tags2})
    return b.build()


def test_hand_worked_mixed():
    # scored tokens (punct excluded): gold DET NOUN VERB DET NOUN VERB, pred 1 1 2 1 2 2
    # table c1: DET 2, NOUN 1; c2: NOUN 1, VERB 2 -> M-1 = 1-1 = 4/6;
    # PP = 2/6 (pairs (the,a), (barks,sleeps) among 6 in-cluster pairs), PR = 2/3
    g = gold_corpus()
    p = pred_corpus(["a", "cat", "sleeps", "."], ["1", "1", "2", "4"], ["1", "2", "2", "4"])
    r = evaluate_tags(g, p, level="both", restarts=3)
    assert r.scores["m1"] == pytest.approx(4 / 6) and r.scores["1to1"] == pytest.approx(4 / 6)
    assert r.scores["pp"] == pytest.approx(1 / 3) and r.scores["pr"] == pytest.approx(2 / 3)
    assert r.counts["n_punct_excluded"] == 2 and r.counts["n_scored"] == 6
    assert set(r.scores) == set(MEASURES)
    assert "punct:upos" in r.signature and "restarts:3" in r.signature
    keep = evaluate_tags(g, p, punct="keep")
    assert keep.counts["n_scored"] == 8 and "punct:keep" in keep.signature


def test_mismatch_names_sentence_and_token():
    g = gold_corpus()
    p = pred_corpus(["a", "dog", "sleeps", "."], ["1"] * 4, ["1"] * 4)
    with pytest.raises(MismatchError, match=r"sentence 2 \(id b\), token 2: gold 'cat'"):
        evaluate_tags(g, p)
    b = CorpusBuilder()
    b.add_sentence({"form": ["the", "dog", "barks"], "upos": ["1"] * 3})
    with pytest.raises(MismatchError, match="sentence 1"):
        evaluate_tags(g, b.build())
    with pytest.raises(MismatchError):
        evaluate_tags([0, 1], [0])


def test_arrays_strings_and_options():
    r = evaluate_tags(["N", "V", "N", "V"], ["x", "y", "x", "UNCLUSTERED"])
    assert r.counts["n_unclustered"] == 1
    assert r.scores["m1"] == 1.0
    e = evaluate_tags([0, 1, 0, 1], [0, 1, 0, 1], log_base="e")
    assert "log:e" in e.signature
    with pytest.raises(ParameterError):
        evaluate_tags([0, 1], [0, 1], unclustered="split")
    with pytest.raises(ParameterError):
        evaluate_tags([0, 1], [0, 1], level="types")
    with pytest.raises(ParameterError):
        evaluate_tags([0, 1], [0, 1], punct="upos")
    m = evaluate_tags([0, 1, 1], [0, 1, 0], punct=np.array([False, False, True]))
    assert m.scores["m1"] == 1.0 and "punct:mask" in m.signature


def test_type_list_prediction():
    g = gold_corpus()
    r = evaluate_tags(g, {"the": {"d"}, "a": {"d"}, "dog": {"n"}, "cat": {"n"},
                          "barks": {"v"}, "sleeps": {"v"}}, level="both", restarts=2)
    assert all(v == pytest.approx(1.0) for k, v in r.scores.items()
               if MEASURES[k].higher_is_better)
    poly = {"the": {"d", "n"}, "a": {"d"}}
    with pytest.raises(Exception, match="several|clusters"):
        evaluate_tags(g, poly, level="token")
    t = evaluate_tags(g, poly, level="type", restarts=2)
    assert 0 < t.scores["macro_i_1to1"] < 1


def test_type_list_refuses_resampling_at_every_level():
    """A word -> cluster list has no per-sentence clusters: resampling is refused at the
    token level too, and the message says what to give instead, not "at type level"."""
    g = gold_corpus()
    clusters = {"the": "d", "a": "d", "dog": "n", "cat": "n", "barks": "v", "sleeps": "v"}
    for level in ("token", "type", "both"):
        with pytest.raises(ParameterError) as err:
            evaluate_tags(g, clusters, level=level, items="sentence")
        assert "a cluster per token (a CoNLL-U, CoNLL-X or PASCAL file" in str(err.value)
        assert "word<TAB>cluster list" in str(err.value)
        assert "type level" not in str(err.value)


def test_empty_input_is_refused_at_every_level():
    from induceval.errors import InducevalError

    with pytest.raises(InducevalError, match="no tokens"):
        evaluate_tags(np.zeros(0, dtype=int), np.zeros(0, dtype=int),
                      forms=np.zeros(0, dtype=int), level="both")


def test_registry_metadata():
    for name, m in MEASURES.items():
        assert m.name == name and m.level in ("token", "type") and m.low <= m.high
        assert m.reference


def test_real_brown_slice():
    from induceval.corpus import read_corpus
    from induceval.models.categories.random_baseline import random_type_clusters
    from tests.conftest import shared_path
    root = shared_path("brown", "brown-tagged")
    c = read_corpus([root / "ca01", root / "ca02"], format="brown")
    r = evaluate_tags(c, c, gold_column="cpos", level="both", restarts=2, allow_identical=True)
    assert r.scores["m1"] == 1.0 and r.scores["vi"] == 0.0 and r.scores["micro_c_m1"] == 1.0
    assert "punct:unicode" in r.signature  # no upos column: punctuation by form
    baseline = random_type_clusters(c.forms, c.column("cpos").values, seed=1)
    b = evaluate_tags(c, baseline[c.forms], gold_column="cpos", level="both", restarts=2)
    assert b.scores["m1"] < 0.6 and b.scores["pp"] < r.scores["pp"]


def test_a_detected_gold_column_of_one_label_is_refused_unless_named():
    """One gold class makes every clustering score M-1 1.0: no number unless asked for."""
    b = CorpusBuilder()
    b.add_sentence({"form": ["a", "b"], "upos": ["NOUN", "NOUN"], "xpos": ["c1", "c2"]})
    corpus = b.build()
    with pytest.raises(ParameterError, match="holds one label, 'NOUN'.*--gold-column"):
        evaluate_tags(corpus, corpus, pred_column="xpos")
    assert evaluate_tags(corpus, corpus, gold_column="upos", pred_column="xpos").scores["m1"] == 1
