"""Golden tests of the dependency measures on hand-written files, every decision worked by hand.

Fixture ``tests/fixtures/deps/gold.conllu`` vs ``system.conllu`` (the system
file has no UPOS: the punctuation mask comes from the gold).

Sentence s1 "the dog barks ." gold: the->dog, dog->barks, barks->ROOT, .->barks
    system: the->dog, dog->ROOT, barks->dog, .->barks
    the   : system head dog = gold head                       -> directed
    dog   : system ROOT; gold head barks is the root word, so the gold
            grandparent of dog is ROOT -> NED only (the flip forgiven by NED)
    barks : system head dog; gold head of dog is barks (reversed edge)
            -> undirected (and NED), not directed
    .     : punctuation, removed
    => directed 1/3, undirected 2/3, NED 3/3; gold root barks not predicted root: root 0/1
Sentence s2 "yes , go home ." gold: yes->go, ,->go, go->ROOT, home->go, .->go
    system: yes->",", ","->go, go->ROOT, home->".", "."->ROOT (two roots)
    punctuation removal re-attaches in the prediction: yes (under ",") moves to
    ","'s head go; home (under ".") moves to "."'s head ROOT.
    yes  : go = gold head                                      -> directed
    go   : ROOT = gold head                                    -> directed
    home : ROOT = gold grandparent (go is the root word)       -> NED only
    => directed 2/3, undirected 2/3, NED 3/3; root 1/1
Sentence s3 "I saw a big cat" gold: I->saw, saw->ROOT, a->cat, big->cat, cat->saw
    system: I->big, saw->ROOT, a->saw, big->cat, cat->big (cycle big<->cat;
    I->big crosses saw's root edge: non-projective)
    I   : big is neither gold head (saw), gold child, nor grandparent (ROOT) -> wrong
    saw : directed
    a   : saw = gold grandparent (a->cat->saw)                 -> NED only
    big : directed
    cat : gold head of big is cat (reversed)                   -> undirected
    => directed 2/5, undirected 3/5, NED 4/5; root 1/1
Totals (punct removed): 11 tokens, directed 5/11, undirected 7/11, NED 10/11, root 2/3.
Length <= 3 (after removal) keeps s1 and s2: directed 3/6, undirected 4/6, NED 6/6.
Punctuation kept: s1 . ->barks directed: 2/4, 3/4, 4/4; s2 yes->"," wrong (gold
head of "," is go, grandparent of yes is ROOT), ","->go directed, go directed,
home->"." wrong, "."->ROOT = grandparent of "." -> NED: 2/5, 2/5, 3/5; s3 as above.
Totals kept: 14 tokens, directed 6/14, undirected 8/14, NED 11/14.
"""

from __future__ import annotations

import numpy as np
import pytest

from induceval.corpus import read_corpus
from induceval.measures.dependencies import evaluate_dependencies
from tests.conftest import FIXTURES

DEPS = FIXTURES / "deps"


@pytest.fixture(scope="module")
def files():
    return read_corpus(DEPS / "gold.conllu"), read_corpus(DEPS / "system.conllu")


def test_punct_removed_all_lengths(files):
    gold, system = files
    r = evaluate_dependencies(gold, system)
    assert r.scores["tokens"] == 11
    assert r.scores["directed"] == pytest.approx(5 / 11)
    assert r.scores["undirected"] == pytest.approx(7 / 11)
    assert r.scores["ned"] == pytest.approx(10 / 11)
    assert r.scores["root"] == pytest.approx(2 / 3)
    rows = r.reference().stats.rows.tolist()
    # tokens, directed, undirected, ned, root_total, root_directed per sentence
    assert rows == [[3, 1, 2, 3, 1, 0], [3, 2, 2, 3, 1, 1], [5, 2, 3, 4, 1, 1]]
    assert r.preprocessing["punctuation_removed"] == 3
    # raw predicted trees: s2 has two roots, s3 a cycle and crossing edges
    assert r.structure["multiple_roots"] == 1
    assert r.structure["cycles"] == 1
    assert r.structure["non_projective"] == 1
    assert r.structure["no_root"] == 0


def test_max_length_3(files):
    gold, system = files
    r = evaluate_dependencies(gold, system, max_length=3)
    assert r.scores["tokens"] == 6
    assert (r.scores["directed"], r.scores["undirected"], r.scores["ned"]) == \
        pytest.approx((3 / 6, 4 / 6, 6 / 6))
    assert r.preprocessing["dropped_by_length"] == 1
    assert r.reference().stats.sentence_index.tolist() == [0, 1]
    assert "max_length:3" in r.signature


def test_punct_kept(files):
    gold, system = files
    r = evaluate_dependencies(gold, system, punct="keep")
    assert r.scores["tokens"] == 14
    assert (r.scores["directed"], r.scores["undirected"], r.scores["ned"]) == \
        pytest.approx((6 / 14, 8 / 14, 11 / 14))


def test_breakdowns_by_hand(files):
    gold, system = files
    r = evaluate_dependencies(gold, system)
    rel = {row["relation"]: row for row in r.breakdown("relation").rows()}
    # ROOT: barks (wrong), go (right), saw (right)
    assert rel["ROOT"]["tokens"] == 3 and rel["ROOT"]["directed"] == pytest.approx(2 / 3)
    # SBJ: dog (NED only), I (wrong); OBJ: home (NED only), cat (undirected)
    assert rel["SBJ"]["tokens"] == 2 and rel["SBJ"]["directed"] == 0.0
    assert rel["SBJ"]["ned"] == 0.5
    assert rel["OBJ"]["undirected"] == 0.5 and rel["OBJ"]["ned"] == 1.0
    # NMOD: the (directed), a (NED only), big (directed)
    assert rel["NMOD"]["tokens"] == 3 and rel["NMOD"]["directed"] == pytest.approx(2 / 3)
    edge = {row["edge-length"]: row["tokens"] for row in r.breakdown("edge-length").rows()}
    # gold lengths: the 1, dog 1, yes 1 (after removal: yes(1)->go(2)), home 1,
    # I 1, a 2, big 1, cat 3; roots barks, go, saw
    assert edge == {"root": 3, "1": 6, "2": 1, "3-6": 1}
    pos = {row["pos"]: row["tokens"] for row in r.breakdown("pos").rows()}
    assert pos == {"DET": 2, "NOUN": 3, "VERB": 3, "INTJ": 1, "PRON": 1, "ADJ": 1}
    sl = {row["sentence-length"]: row["tokens"] for row in r.breakdown("sentence-length").rows()}
    assert sl == {"1-5": 11}
    # every breakdown sums to the totals
    for b in r.reference().breakdowns.values():
        assert b.counts[:, 0].sum() == 11 and b.counts[:, 1].sum() == 5
        assert b.counts[:, 3].sum() == 10


def test_conll2018_uas_equivalence():
    """Punctuation kept, no length limit: directed == CoNLL 2018 UAS.

    conll18_ud_eval.py's UAS is (words whose head is right) / (gold words),
    over syntactic words (the multiword token "don't" counts as do + n't).
    By hand on ud_gold/ud_system: sentence a: I->do wrong, do->know right,
    n't->do wrong, know root right, .->know right (3/5); sentence b: cats and
    sleep swapped (0/2).  UAS = 3/7 = 0.428571.
    """
    gold = read_corpus(DEPS / "ud_gold.conllu")
    system = read_corpus(DEPS / "ud_system.conllu")
    r = evaluate_dependencies(gold, system, punct="keep")
    assert r.scores["tokens"] == 7
    assert r.scores["directed"] == pytest.approx(3 / 7)
    assert round(100 * r.scores["directed"], 2) == 42.86


def test_prediction_array_equals_corpus(files):
    gold, system = files
    a = evaluate_dependencies(gold, system)
    b = evaluate_dependencies(gold, system.tokens["head"].values.copy())
    assert a.scores == b.scores
    assert np.array_equal(a.reference().stats.rows, b.reference().stats.rows)
