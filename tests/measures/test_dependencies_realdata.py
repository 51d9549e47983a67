"""Real-data checks on small slices (skipped when ../shared/data is absent)."""

from __future__ import annotations

import pytest

from induceval.corpus import read_corpus
from induceval.measures.dependencies import evaluate_dependencies
from induceval.models.dependencies.chains import left_branching, right_branching
from tests.conftest import shared_path

pytestmark = pytest.mark.realdata


def test_chains_on_ud_english_childes_slice():
    path = shared_path("ud", "UD_English-CHILDES", "en_childes-ud-dev.conllu")
    gold = read_corpus(path).select(range(1500))
    lb = evaluate_dependencies(gold, left_branching(gold.offsets))
    rb = evaluate_dependencies(gold, right_branching(gold.offsets))
    # English: determiners, subjects, adjectives precede their heads -> LB beats RB
    assert lb.scores["directed"] > rb.scores["directed"]
    # the two chains are each other's reversal on most edges: undirected close
    assert abs(lb.scores["undirected"] - rb.scores["undirected"]) < 0.05
    for r in (lb, rb):
        assert r.scores["undirected"] > r.scores["directed"]
        assert r.structure["cycles"] == 0 and r.structure["multiple_roots"] == 0
    rel = {row["relation"] for row in lb.breakdown("relation").rows()}
    assert {"ROOT", "SBJ", "NMOD"} <= rel


def test_eve_two_references():
    path = shared_path("childes", "eve", "eve05.cha")
    gold = read_corpus(path)
    if "head@xgrt" not in gold.tokens:
        pytest.skip("the CHAT reader gives no head@xgrt column")
    r = evaluate_dependencies(gold, right_branching(gold.offsets), punct="unicode",
                              references=("head", "head@xgrt"))
    assert set(r.references) == {"head", "head@xgrt"}
    assert r.scores["directed"] == max(r.scores["directed[head]"],
                                       r.scores["directed[head@xgrt]"])
    assert r.scores["undirected"] > r.scores["directed"]
    assert r.preprocessing["punctuation_removed"] > 0
