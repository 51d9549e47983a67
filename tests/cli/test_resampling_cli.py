"""Golden tests of ``--confidence``, ``--paired``, ``--alpha`` and ``--unit``.

Hand-worked case (tests/fixtures/categories): gold "the dog barks ." / "a cat
sleeps ." (DET NOUN VERB PUNCT, punctuation excluded); ``mixed`` clusters
sentence 1 as c1 c1 c2 and sentence 2 as c1 c2 c2.  Each sentence alone has
M-1 = 2/3, and so has every bootstrap resample of the two sentences
({s1,s1}: c1 = DET 2 + NOUN 2, c2 = VERB 2 -> 4/6; {s2,s2} and {s1,s2} alike),
so the M-1 interval is [2/3, 2/3].  Pairwise precision is 3/7 for {s1,s1} and
{s2,s2} (7 same-cluster pairs, 3 of them same-tag) and 2/6 for {s1,s2}, so its
interval is [1/3, 3/7].  ``perfect`` against ``mixed``: every bootstrap
resample gives the same M-1 difference 1/3, so the paired bootstrap p-value is
the smallest attainable, 1/(N+1); approximate randomization swaps one of the
two sentences in half of the shuffles, which makes both halves score 5/6
(difference 0), and keeps or swaps both in the other half (difference 1/3),
so its p-value is about 1/2.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, exit_code, one_table

CAT = FIXTURES / "categories"
DEPS = FIXTURES / "deps"


def run_json(capsys, *args):
    assert main([*args, "--format", "json"]) == 0
    return one_table(json.loads(capsys.readouterr().out))


def _tables(out):
    return out["tables"] if "tables" in out else [out]


def test_tags_confidence_hand_worked(capsys):
    out = run_json(capsys, "eval", "tags", "--gold", str(CAT / "gold.conllu"), "--pred",
                   str(CAT / "mixed.conllu"), "--confidence", "500")
    row = out["rows"][0]
    assert row["m1"] == pytest.approx(4 / 6)
    assert row["m1_low"] == pytest.approx(4 / 6) and row["m1_high"] == pytest.approx(4 / 6)
    assert row["m1 ±"] == pytest.approx(0.0)
    assert row["pp_low"] == pytest.approx(1 / 3) and row["pp_high"] == pytest.approx(3 / 7)
    assert "m1 ±" in out["columns"] and out["columns"].index("m1 ±") == \
        out["columns"].index("m1") + 1
    sig = out["signature"]
    assert "|ci:bootstrap|ci_level:0.95|ci_n:500|resample:sentence|seed:12345|" in sig


def test_tags_paired_hand_worked(capsys):
    base = ["eval", "tags", "--gold", str(CAT / "gold.conllu"), "--pred",
            str(CAT / "perfect.conllu"), "--pred", str(CAT / "mixed.conllu")]
    out = run_json(capsys, *base, "--paired", "bootstrap", "--paired-n", "999")
    paired = {r["measure"]: r for r in _tables(out)[1]["rows"]}
    assert paired["m1"]["delta"] == pytest.approx(-1 / 3)
    assert paired["m1"]["p_value"] == pytest.approx(1 / 1000)
    assert paired["m1"]["significant"] == "yes"
    assert "paired:bootstrap|paired_n:999" in _tables(out)[0]["signature"]
    out = run_json(capsys, *base, "--paired", "ar", "--paired-n", "999")
    p = {r["measure"]: r for r in _tables(out)[1]["rows"]}["m1"]["p_value"]
    assert 0.4 < p < 0.6


def test_self_comparison_and_same_seed(capsys):
    args = ["eval", "deps", "--gold", str(DEPS / "gold.conllu"), "--pred",
            str(DEPS / "system.conllu"), "--pred", str(DEPS / "system.conllu"),
            "--name", "a", "--name", "b", "--confidence", "200", "--paired", "ar"]
    out = run_json(capsys, *args)
    tables = _tables(out)
    assert {r["p_value"] for r in tables[1]["rows"]} == {1.0}
    assert {r["significant"] for r in tables[1]["rows"]} == {"no"}
    rows = tables[0]["rows"]
    assert rows[0]["directed_low"] <= rows[0]["directed"] <= rows[0]["directed_high"]
    again = run_json(capsys, *args)
    assert again == out
    other = run_json(capsys, *args, "--seed", "7")
    assert "seed:7" in _tables(other)[0]["signature"]


def test_table_shows_plus_minus_and_paired_table(capsys):
    assert main(["eval", "deps", "--gold", str(DEPS / "gold.conllu"), "--pred",
                 str(DEPS / "system.conllu"), "--pred", str(DEPS / "gold.conllu"),
                 "--confidence", "100", "--paired", "bootstrap", "--percent"]) == 0
    text = capsys.readouterr().out
    assert "directed ±" in text and "paired test against system (paired bootstrap)" in text
    assert "smallest attainable p = 1/101" in text


def test_errors(capsys):
    gold, pred = str(CAT / "gold.conllu"), str(CAT / "mixed.conllu")
    assert main(["eval", "tags", "--gold", gold, "--pred", pred, "--paired", "ar"]) == 2
    assert "at least two --pred" in capsys.readouterr().err
    assert exit_code(["eval", "tags", "--gold", gold, "--pred", pred, "--confidence",
                      "-1"]) == 2
    assert "--confidence" in capsys.readouterr().err
    assert exit_code(["eval", "tags", "--gold", gold, "--pred", pred, "--confidence",
                      "--alpha", "1.5"]) == 2
    assert "--alpha" in capsys.readouterr().err
    assert main(["eval", "tags", "--gold", gold, "--pred", pred, "--confidence",
                 "--unit", "document"]) == 2
    assert "document" in capsys.readouterr().err


def test_confidence_zero_means_no_intervals_in_eval_as_in_reproduce(capsys):
    """--confidence N has one meaning in every command: N resamples, 0 none."""
    from induceval.cli.main import build_parser

    gold, pred = str(CAT / "gold.conllu"), str(CAT / "mixed.conllu")
    plain = run_json(capsys, "eval", "tags", "--gold", gold, "--pred", pred)
    assert run_json(capsys, "eval", "tags", "--gold", gold, "--pred", pred,
                    "--confidence", "0") == plain
    parser = build_parser()
    for argv, n in ((["eval", "tags", "--gold", gold, "--pred", pred], 0),
                    (["eval", "tags", "--gold", gold, "--pred", pred, "--confidence"], 1000),
                    (["reproduce", "frank2009"], 1000),
                    (["reproduce", "frank2009", "--confidence"], 1000),
                    (["reproduce", "frank2009", "--confidence", "0"], 0)):
        assert parser.parse_args(argv).confidence == n, argv


def test_wopa_confidence_independent_of_jobs(capsys, dask_client):
    # the corpora scored on the session's 2-worker cluster (what --jobs 2 starts) give the
    # intervals and tests of one process
    toy = str(FIXTURES / "wopa" / "toy.cha")
    args = ["wopa", toy, toy, "--learners", "chance,lexstat", "--confidence", "100",
            "--paired", "ar", "--no-progress"]
    one = run_json(capsys, *args)
    two = run_json(capsys, *args, "--scheduler", dask_client.scheduler.address)
    assert one == two
    rows = one["rows"]
    assert rows[0]["wopa_low"] <= rows[0]["wopa"] <= rows[0]["wopa_high"]
    assert rows[1]["p_value"] is not None and "delta" in one["columns"]
    assert "paired:ar" in one["notes"][-3] or any("paired:ar" in n for n in one["notes"])
