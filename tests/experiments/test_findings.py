"""The papers' findings checked on run tables, and the reproduction report (issue 23).

The reference values are the papers' own: Chang et al. (2006, pp. 157-158)
for the learner order and its t-tests, Gelling et al. (2012, §2.2) for "more
tags will mean a higher score for M-1, and the converse is true for 1-1".
The run tables below are written by hand so that each verdict is known.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from induceval.cli.main import main
from induceval.errors import InducevalError
from induceval.experiments.findings import (
    HOLDS,
    NOT,
    NOT_COMPARABLE,
    PARTLY,
    Run,
    check_run,
    load_run,
    report_data,
)
from induceval.experiments.findings.chang2006 import ORDER
from tests.conftest import FIXTURES


def _chang_run(self_means, child_means, p_self=0.001, child_p=None, slopes=None) -> Run:
    means = [{"learner": lr, "self": s, "adult_child": c}
             for lr, s, c in zip(ORDER, self_means, child_means, strict=True)]
    tests = []
    for test, vals in (("self", self_means), ("adult-child", child_means)):
        for i, (lo, hi) in enumerate(zip(ORDER[:-1], ORDER[1:], strict=True)):
            p = p_self if test == "self" else (child_p or [0.5] * 5)[i]
            tests.append({"test": test, "lower": lo, "higher": hi, "n_corpora": 14,
                          "mean_diff": vals[i + 1] - vals[i], "p": p})
    tables = {"means": {"rows": means}, "ttests": {"rows": tests}}
    if slopes is not None:
        tables["slope_tests"] = {"rows": slopes}
    return Run("chang2006", tables)


def _verdicts(run: Run) -> dict[str, str]:
    return {f.key.split(".", 1)[1]: v.status for f, v in check_run(run)}


def test_chang2006_the_papers_own_numbers_hold():
    # the paper's means (Fig. 1: chance ~13, then +28, +10, +8, +5, +7 = 71) and its
    # adult-to-child decisions: n.s., p = .003, n.s., p = .01 (pp. 157-158)
    self_means = [13, 41, 51, 59, 64, 71]
    child_p = [0.5, 0.21, 0.003, 0.11, 0.01]
    slopes = [{"lower": "Prevword", "higher": "Freqframe", "slope_diff_per_year": 0.0, "p": 0.97},
              {"lower": "Freqframe", "higher": "Token/Type", "slope_diff_per_year": 0.5,
               "p": 0.43},
              {"lower": "Token/Type", "higher": "Type/Token", "slope_diff_per_year": 2.0,
               "p": 0.045},
              {"lower": "Type/Token", "higher": "Lexstat", "slope_diff_per_year": -0.5,
               "p": 0.41}]
    v = _verdicts(_chang_run(self_means, [10, 30, 32, 40, 42, 50], child_p=child_p,
                             slopes=slopes))
    assert v == {"prevword_beats_chance": HOLDS, "self_order": HOLDS, "lexstat_71": HOLDS,
                 "child_rank_order": HOLDS, "child_tests": HOLDS, "slopes": HOLDS}


def test_chang2006_verdicts_that_do_not_hold():
    # Prevword below Chance, Lexstat at 50 %, the child order broken in 2 of 5 steps,
    # every child test significant (the paper has two n.s.), no developmental table
    v = _verdicts(_chang_run([40, 30, 51, 59, 64, 50], [10, 9, 32, 31, 42, 50],
                             child_p=[0.01] * 5))
    assert v["prevword_beats_chance"] == NOT
    assert v["self_order"] == PARTLY          # 3 of 5 steps up and significant
    assert v["lexstat_71"] == NOT             # 21 points below
    assert v["child_rank_order"] == PARTLY    # 3 of 5
    assert v["child_tests"] == NOT            # 1 of 4 decided as the paper (Lexstat)
    assert v["slopes"] == NOT_COMPARABLE      # the run has no slope_tests table


def _pascal_run(m1: dict, oto: dict, ks: dict) -> Run:
    k = [{"testset": t, "Kc": c, "Kp": p, "Ku": u} for t, (c, p, u) in ks.items()]
    rows = lambda d: [{"testset": t, **cols} for t, cols in d.items()]  # noqa: E731
    return Run("pascal2012-pos", {"k": {"rows": k}, "table2_m1": {"rows": rows(m1)},
                                  "table2_1to1": {"rows": rows(oto)}})


def test_gelling2012_more_tags_higher_m1_lower_1to1():
    # one treebank, K c=17 > u=12, p = c (no fine tags: one clustering, no pair):
    # M-1 rises with K for B and MK, 1-1 falls for both -> 4 of 4
    ks = {"x": (17, 17, 12)}
    m1 = {"x": {"Bc": 70, "Bp": 70, "Bu": 60, "MKc": 65, "MKp": 65, "MKu": 55}}
    oto = {"x": {"Bc": 40, "Bp": 40, "Bu": 45, "MKc": 38, "MKp": 38, "MKu": 44}}
    (finding, verdict), = check_run(_pascal_run(m1, oto, ks))
    assert verdict.status == HOLDS and verdict.numbers["pairs"] == 2
    oto["x"]["Bu"] = 30                                  # 1-1 rises with K for B: 3 of 4
    (_, verdict), = check_run(_pascal_run(m1, oto, ks))
    assert verdict.status == PARTLY and "x Bc (K=17) vs Bu (K=12)" in verdict.evidence


def test_a_check_that_cannot_be_made_is_not_comparable_not_an_error():
    (f, v), *_ = check_run(Run("chang2006", {}))
    assert v.status == NOT_COMPARABLE and "no table 'ttests'" in v.evidence


def test_load_run_reads_the_manifest_or_the_tables(tmp_path):
    with pytest.raises(InducevalError, match="not a run folder"):
        load_run(tmp_path / "missing")
    with pytest.raises(InducevalError, match="no run.json and no protocol's tables"):
        load_run(tmp_path)
    (tmp_path / "k.json").write_text(json.dumps({"rows": []}))
    (tmp_path / "table2_m1.json").write_text(json.dumps({"rows": []}))
    assert load_run(tmp_path).protocol == "pascal2012-pos"
    (tmp_path / "run.json").write_text(json.dumps({"protocol": "chang2006"}))
    assert load_run(tmp_path).protocol == "chang2006"


class _Balanced(HTMLParser):
    """Checks that every element opened is closed in order (void elements excepted)."""

    VOID = {"meta", "img", "br", "link", "hr", "input"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.sources = [], [], []

    def handle_starttag(self, tag, attrs):
        self.sources += [v for k, v in attrs if k in ("src", "href") and v]
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def test_reproduce_then_report_one_self_contained_page(tmp_path, capsys):
    # a tiny PASCAL run (two treebanks: the toy UD file under two names), then the page
    toy = FIXTURES / "category-models" / "tiny.conllu"
    out = tmp_path / "p12"
    assert main(["reproduce", "pascal2012-pos", "--treebank", f"a={toy}", "--treebank",
                 f"b={toy}", "--confidence", "0", "--out", str(out), "--no-progress"]) == 0
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["protocol"] == "pascal2012-pos" and manifest["options"]["seed"] == 12345
    assert "format" not in manifest["options"] and manifest["version"]
    page = tmp_path / "report.html"
    assert main(["report", str(out), "-o", str(page)]) == 0
    text = page.read_text()
    parser = _Balanced()
    parser.feed(text)
    assert not parser.errors and parser.stack == []
    assert all(s.startswith(("#", "data:")) for s in parser.sources)   # nothing from outside
    assert "Gelling et al. 2012, §2.2" in text and "pascal2012-pos|" in text
    assert main(["report", str(out), "-o", str(tmp_path / "report.json")]) == 0
    data = json.loads((tmp_path / "report.json").read_text())
    assert main(["report", str(out), "-o", str(tmp_path / "report.txt")]) == 2
    assert "the ending must say the format" in capsys.readouterr().err
    assert data["runs"][0]["findings"][0]["status"] in (HOLDS, PARTLY, NOT, NOT_COMPARABLE)
    assert sum(data["summary"].values()) == len(data["runs"][0]["findings"]) == 1
    assert report_data([load_run(out)]) == data
