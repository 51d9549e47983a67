"""Golden CLI tests of ``induceval eval deps`` on the hand-written fixtures.

The numbers are worked by hand in tests/measures/test_dependencies_golden.py:
system.conllu vs gold.conllu, punctuation removed: directed 5/11,
undirected 7/11, NED 10/11, root 2/3; length <= 3: 3/6, 4/6, 6/6.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, one_table

DEPS = FIXTURES / "deps"
GOLD = str(DEPS / "gold.conllu")
SYSTEM = str(DEPS / "system.conllu")


def run_json(capsys, *argv):
    assert main(["eval", "deps", *argv, "--format", "json"]) == 0
    return one_table(json.loads(capsys.readouterr().out))


def test_one_row_per_system(capsys):
    out = run_json(capsys, "--gold", GOLD, "--pred", SYSTEM, "--pred", GOLD)
    rows = {r["system"]: r for r in out["rows"]}
    assert rows["system"]["directed"] == pytest.approx(5 / 11)
    assert rows["system"]["undirected"] == pytest.approx(7 / 11)
    assert rows["system"]["ned"] == pytest.approx(10 / 11)
    assert rows["system"]["root"] == pytest.approx(2 / 3)
    assert rows["gold"]["directed"] == 1.0
    assert any("multiple_roots=1" in n for n in out["notes"])


def test_max_length_and_breakdown(capsys):
    out = run_json(capsys, "--gold", GOLD, "--pred", SYSTEM, "--max-length", "3",
                   "--by", "edge-length")
    main_table, by_edge = out["tables"]
    assert main_table["rows"][0]["directed"] == pytest.approx(0.5)
    assert main_table["rows"][0]["ned"] == 1.0
    # one system: a row per group; s1+s2 gold edges: the 1, dog 1, yes 1, home 1; roots 2
    assert {r["edge-length"]: r["tokens"] for r in by_edge["rows"]} == {"root": 2, "1": 4}


def test_punct_keep_csv_and_plot(capsys, tmp_path):
    png = tmp_path / "fig1.png"
    assert main(["eval", "deps", "--gold", GOLD, "--pred", SYSTEM, "--punct", "keep",
                 "--format", "csv", "--plot", "accuracy-by-edge-length", str(png)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("system,directed")
    assert lines[1].startswith("system,0.428571")       # 6/14, punctuation kept
    assert png.stat().st_size > 0


def test_mismatch_is_an_error(capsys):
    assert main(["eval", "deps", "--gold", GOLD, "--pred", str(DEPS / "ud_system.conllu")]) == 2
    assert "3 sentences" in capsys.readouterr().err
