"""The papers' findings checked on run tables, and the reproduction report.

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
                 f"b={toy}", "--confidence", "0", "--out", str(out), "--no-progress",
                 "--report"]) == 0
    assert "<h1>Reproduction report</h1>" in (out / "report.html").read_text()
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


def test_frank2009_best_models_and_the_split_condition():
    # the paper's own Table 3 rows at K = 12 (Frank et al. 2009): BHMM best on PP, MA, SP;
    # HC on PR, SR; Table 4: HC's MA .380 (merge .338 -> split here .380) up, SP/SR down
    t3 = [{"Model": "BHMM", "K": 12, "PP": .314, "PR": .302, "MA": .655, "SP": 9.3e-5,
           "SR": .21},
          {"Model": "HC", "K": 12, "PP": .017, "PR": .909, "MA": .338, "SP": 6.5e-5,
           "SR": .48},
          {"Model": "FF", "K": 12, "PP": .219, "PR": .35, "MA": .45, "SP": 2.1e-5, "SR": .19}]
    t4 = [{"Model": "HC", "K": 12, "PP": .016, "PR": .75, "MA": .380, "SP": 3.0e-5, "SR": .19},
          {"Model": "FF", "K": 12, "PP": .219, "PR": .238, "MA": .486, "SP": 1.8e-5,
           "SR": .095}]
    v = _verdicts(Run("frank2009", {"table3": {"rows": t3}, "table4": {"rows": t4}}))
    assert v == {"bhmm_best_precision": HOLDS, "hc_best_recall": HOLDS,
                 "split_raises_ma": HOLDS, "split_lowers_sp_sr": HOLDS}
    t3[1]["PR"] = .2                                   # FF now best on PR: 1 of 2
    assert _verdicts(Run("frank2009", {"table3": {"rows": t3}, "table4": {"rows": t4}})
                     )["hc_best_recall"] == PARTLY


def test_reichart2010_weak_correlation_and_macro_micro():
    from induceval.experiments.findings.reichart2010 import SIMILAR

    rho = [{"token measure": "M-1", "type measure": t, "rho": r, "p": .5, "N": 6}
           for t, r in (("MacroI M-1", .2), ("MicroI M-1", -.1), ("MicroC M-1", .6))]
    t1 = [{"system": "a", "MacroI 1-1": .50, "MicroI 1-1": .51},
          {"system": "b", "MacroI 1-1": .40, "MicroI 1-1": .40 + SIMILAR}]
    v = _verdicts(Run("reichart2010", {"rank_correlation": {"rows": rho},
                                       "table1": {"rows": t1}}))
    assert v == {"token_type_weak": HOLDS, "macro_micro_1to1": HOLDS}    # median rho .2
    t1[1]["MicroI 1-1"] = .49                          # .09 apart: not "no difference"
    rho = [dict(r, N=2) for r in rho]                  # two systems rank nothing
    v = _verdicts(Run("reichart2010", {"rank_correlation": {"rows": rho},
                                       "table1": {"rows": t1}}))
    assert v == {"token_type_weak": NOT_COMPARABLE, "macro_micro_1to1": NOT}


def test_chambers2010_figures_4_and_5():
    # the paper's Figure 4 numbers (Baseline 91.5 -> 79.5, Erk 93.9 -> 68.1) and a Backoff
    # Erk above both; Figure 5: the Baseline rising with training size
    f4 = [{"model": "baseline", "random": "91.5", "buckets": "85.0*", "neighbor": "79.5"},
          {"model": "erk-jaccard", "random": "93.9", "buckets": "80.0", "neighbor": "68.1"},
          {"model": "backoff-erk", "random": "95.0*", "buckets": "88.0", "neighbor": "81.2"},
          {"model": "best", "random": "backoff-erk", "buckets": "-", "neighbor": "-"}]
    f5 = [{"model": "baseline", "buckets x1": "70", "buckets x2": "75", "buckets x10": "80",
           "neighbor x1": "60", "neighbor x2": "66", "neighbor x10": "72"}]
    run = Run("chambers2010", {"nyt_figure4": {"rows": f4}, "nyt_figure5": {"rows": f5}})
    assert _verdicts(run) == {"random_buckets_neighbor": HOLDS, "backoff_erk_best": HOLDS,
                              "baseline_grows": HOLDS}
    f4[0]["neighbor"] = "86.0"                         # baseline: buckets below neighbor
    assert _verdicts(run)["random_buckets_neighbor"] == PARTLY


def test_gelling2012_dmv_improves_on_its_initialiser():
    rows = [{"treebank": "x", "gainc": 3.1, "gainp": 0.4, "gainu": -1.0},
            {"treebank": "y", "gainc": 1.0, "gainp": 2.0, "gainu": 0.5}]
    run = Run("pascal2012-deps", {"dmv": {"title": "DMV vs its harmonic initialiser, directed "
                                          "accuracy (%), length <= 10", "rows": rows}})
    (_, v), (_, lengths) = check_run(run)
    assert v.status == PARTLY and v.numbers["agree"] == 5 and "x u (length <= 10)" in v.evidence
    assert lengths.status == NOT_COMPARABLE          # this run has no edge-length table


def test_comparisons_name_rows_by_every_identifying_column():
    # Frank et al. 2009's tables have a row per model and K: each is compared with its own
    from induceval.experiments.findings import comparisons

    cols = ["Model", "K", "PP"]
    ours = [{"Model": "HC", "K": 12, "PP": 0.02}, {"Model": "HC", "K": 53, "PP": 0.05}]
    paper = [{"Model": "HC", "K": 53, "PP": 0.059}, {"Model": "HC", "K": 12, "PP": 0.017}]
    run = Run("frank2009", {"table3": {"columns": cols, "rows": ours},
                            "table3_paper": {"columns": cols, "rows": paper}})
    rows = comparisons(run)[0]["rows"]
    assert [(r["row"], r["paper"]) for r in rows] == [("HC K=12", 0.017), ("HC K=53", 0.059)]
    assert rows[0]["difference"] == pytest.approx(0.003)


def test_gelling2012_edge_length_and_joint_below_gold():
    # Figure 1 of Gelling et al. 2012: accuracy falls with edge length for all systems;
    # §6.3: the joint models below DMV on gold tags (Table 4 vs Table 3)
    rows = [{"treebank": "x", "system": "DMVc", "1": 70.0, "2": 40.0, "3": 20.0, "4": 25.0},
            {"treebank": "x", "system": "LB", "1": 10.0, "2": 20.0, "3": 30.0}]
    deps = Run("pascal2012-deps", {"e": {"title": "directed accuracy (%) by gold edge length "
                                         "(Gelling et al. 2012 Figure 1)", "rows": rows},
                                   "g": {"title": "directed accuracy (%), all sentence lengths "
                                         "(Gelling et al. 2012 Table 3)",
                                         "rows": [{"treebank": "x", "DMVc": 40.0,
                                                   "DMVp": 45.0, "DMVu": 38.0}]}})
    v = dict((f.key, v) for f, v in check_run(deps))["gelling2012.edge_length"]
    assert v.status == PARTLY and "x LB (rho +1.00)" in v.evidence
    joint = Run("pascal2012-joint", {"j": {
        "title": "joint task: directed accuracy (%), all sentence lengths (Gelling et al. 2012 "
                 "Table 4)", "rows": [{"treebank": "x", "DMVc": 30.0, "DMVp": 47.0,
                                       "DMVu": 20.0}]}})
    (_, alone), = check_run(joint)
    assert alone.status == NOT_COMPARABLE and "pascal2012-deps run" in alone.evidence
    data = report_data([joint, deps])
    first = data["runs"][0]["findings"][0]
    assert first["status"] == PARTLY and first["numbers"]["agree"] == 2   # DMVp is above gold
