"""Golden tests of ``induceval wopa`` on the hand-written CHAT fixture tests/fixtures/wopa.

toy.cha: the mother says "it is here ." and "here it is ." (plus one-word "look !" and
"look xxx !", flagged unintelligible); the child says the same two utterances, "here ."
and "xxx here ." (flagged unintelligible).
Hand-worked (Lexstat, paper p. 157): from "." the first step scores
it: C(.->it)*3 + A(it>is) + A(it>here) = 0.5*3 + 1 + 0.5 = 3.0, here: 0.5*3 + 0.5 + 0.5 =
2.5, is: 0 + 0 + 0.5 = 0.5 -> "it"; then "is" (C(it->is)*2 + A(is>here) = 2.5 vs 0.5) and
"here": every bag {it, is, here} becomes "it is here", so one of the two utterances is
right: 50%.  Chance: 100/3! = 16.67%.  Flagged utterances are left out of training and
test alike; "unintelligible" counts those of the speakers being scored: the mother's one
in the self test, the child's one in the adult-to-child test.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, exit_code, one_table

TOY = str(FIXTURES / "wopa" / "toy.cha")
ADULTS = str(FIXTURES / "wopa" / "adults_only.cha")


def test_golden_csv_self(capsys):
    assert main(["wopa", TOY, "--learners", "chance,lexstat", "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("corpus,learner,wopa,correct,scored,one_word,no_words,unintelligible,"
                      "too_long,tied_steps")
    assert out[1] == f"{TOY},Chance,0.16666666666666666,0.3333333333333333,2,1,0,1,0,0"
    assert out[2] == f"{TOY},Lexstat,0.5,1.0,2,1,0,1,0,0"


def test_golden_json_adult_child(capsys):
    assert main(["wopa", TOY, "--learners", "lexstat", "--test", "adult-child",
                 "--format", "json"]) == 0
    data = one_table(json.loads(capsys.readouterr().out))
    row = data["rows"][0]
    # child: 2 scored, "here ." one word, "xxx here ." dropped as unintelligible
    assert (row["wopa"], row["scored"], row["one_word"], row["unintelligible"]) == \
        (0.5, 2, 1, 1)
    assert any("ties:random" in n and "seed:12345" in n for n in data["notes"])


def test_one_scale_percent_only_when_asked_and_labelled(capsys):
    # WOPA is a proportion like every other score: the JSON holds .5 (1 of 2 scored
    # utterances in the toy file's original order) and --percent shows 50, its interval
    # and paired difference alike, under "WOPA (%)"
    args = ["wopa", TOY, "--learners", "chance,lexstat", "--format", "json",
            "--confidence", "50", "--paired", "bootstrap", "--paired-n", "50"]
    assert main(args) == 0
    plain = one_table(json.loads(capsys.readouterr().out))
    assert main(args + ["--percent"]) == 0
    pct = one_table(json.loads(capsys.readouterr().out))
    assert plain["title"] == "WOPA, test: self" and pct["title"] == "WOPA (%), test: self"
    a, b = plain["rows"][1], pct["rows"][1]
    assert a["wopa"] == 0.5 and b["wopa"] == 50.0
    for k in ("wopa ±", "wopa_low", "wopa_high", "delta"):
        assert b[k] == pytest.approx(100 * a[k]), k
    assert 0 <= a["wopa_low"] <= a["wopa"] <= a["wopa_high"] <= 1


def test_by_day(capsys):
    assert main(["wopa", TOY, "--learners", "lexstat", "--test", "adult-child", "--by-day",
                 "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    # @ID age 2;0.07 -> floor(2*365.25 + 0*30.4375) + 7 = 737 days
    assert out[1] == f"{TOY},Lexstat,737,0.5,1.0,2"


def test_no_child_lines_error(capsys):
    assert main(["wopa", ADULTS, "--test", "adult-child"]) == 2
    assert "no target-child lines" in capsys.readouterr().err
    assert main(["wopa", ADULTS, "--learners", "lexstat"]) == 0


def test_bad_learner(capsys):
    assert exit_code(["wopa", TOY, "--learners", "lexstat,bogus"]) == 2
    assert "unknown learner 'bogus'; choose from chance," in capsys.readouterr().err


@pytest.mark.realdata
def test_real_eve_two_files(capsys):
    from tests.conftest import shared_path

    eve = shared_path("childes", "eve")
    files = [str(eve / "eve01.cha"), str(eve / "eve02.cha")]
    from induceval.corpus.readers import read_corpus
    from induceval.experiments.wopa import adult_to_child, self_prediction

    corpus = read_corpus(files, format="chat")
    order = ["chance", "prevword", "lexstat"]
    s = [r.accuracy for r in self_prediction(corpus, order)]
    c = [r.accuracy for r in adult_to_child(corpus, order)]
    # the paper's ordering holds on two Eve sessions already
    assert s[0] < s[1] < s[2]
    assert c[0] < c[2]
