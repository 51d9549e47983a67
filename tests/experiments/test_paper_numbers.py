"""The papers' own numbers beside ours: transcribed as printed, and written by the protocols.

Reichart et al. (2010, Table 1), Chang et al. (2006, pp. 157-158) and Chambers &
Jurafsky (2010, Figures 4-6): spot checks of the transcribed values against the
papers (each with its place), the transcription read back from the papers' texts
(../shared/papers, skipped when absent), and a run of each protocol on the small
inputs its other tests use, whose ``<key>_paper`` twins ``comparisons()`` pairs
with the run's rows.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from induceval.experiments import _chambers2010_paper as cj
from induceval.experiments import _chang2006_paper as clt
from induceval.experiments import _reichart2010_paper as rar
from induceval.experiments.findings import comparisons, load_run, report_data
from induceval.experiments.findings.base import printed_number
from induceval.report.reproduction import to_markdown
from induceval.report.tables import write_tables
from tests.experiments.test_findings_quotes import FILES, PAPERS, _located, _section_span

needs_texts = pytest.mark.skipif(not PAPERS.is_dir(), reason=f"no papers' texts at {PAPERS}")


def _text(paper: str) -> str:
    """A paper's text with its whitespace made single spaces and its bold marks dropped."""
    raw = (PAPERS / FILES[paper]).read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"</?b>", "", raw))


# --------------------------------------------------------------- Reichart et al. 2010

def test_reichart2010_table1_spot_checks():
    t = {s: dict(zip(rar.COLUMNS, v, strict=True)) for s, v in rar.TABLE1.items()}
    assert list(t) == ["ARR10", "Clark03", "GG07", "GVG09(1)", "GVG09(2)", "GVG09(3)", "GJ08*"]
    # Reichart et al. 2010, Table 1, row ARR10: M-1 0.675, 1-1 0.588 (bold)
    assert (t["ARR10"]["M-1"], t["ARR10"]["1-1"]) == (0.675, 0.588)
    # row Clark03: H(C|K) 1.04, H(K|C) 1.441
    assert (t["Clark03"]["H(C|K)"], t["Clark03"]["H(K|C)"]) == (1.04, 1.441)
    # row GG07: MicroC 1-1 0.445, the column's best (bold)
    assert t["GG07"]["MicroC 1-1"] == 0.445
    assert max(r["MicroC 1-1"] for r in t.values()) == 0.445
    # row GVG09(3): H(C|K) 0.978 (bold, the lowest), H(K|C) 2.18, MacroI M-1 0.736
    assert (t["GVG09(3)"]["H(C|K)"], t["GVG09(3)"]["H(K|C)"],
            t["GVG09(3)"]["MacroI M-1"]) == (0.978, 2.18, 0.736)
    # row GJ08*: NVI 1.09, MicroI 1-1 0.311
    assert (t["GJ08*"]["NVI"], t["GJ08*"]["MicroI 1-1"]) == (1.09, 0.311)
    # §5.1: GG07 induced 17 clusters, GVG09(1)-(3) 47, 91 and 192
    assert "17 clusters" in rar.SYSTEMS["GG07"] and "192 clusters" in rar.SYSTEMS["GVG09(3)"]


@needs_texts
def test_reichart2010_table1_rows_read_back_from_the_paper():
    text = _text("Reichart et al. 2010")
    for system, values in rar.TABLE1.items():
        m = re.search(re.escape(system) + r" ((?:\d\.\d+ ){11}\d\.\d+)", text)
        assert m, system
        assert [float(x) for x in m.group(1).split()] == list(values), system


def test_reichart2010_run_writes_table1_paper_paired_with_its_systems(tmp_path):
    from induceval.experiments.reichart2010 import run_reichart2010
    from tests.experiments.test_category_protocols import _treebank

    gold = _treebank(2)
    perfect = gold.tokens["upos"].values.astype(np.int64)
    noisy = perfect.copy()
    noisy[::3] = 0
    # a prediction under a paper system's name, our counterpart of Clark03, of nothing
    run_reichart2010(gold, predictions={"ARR10": noisy, "perfect": perfect},
                     models=["exchange:4"], out_dir=tmp_path, punct="keep")
    run = load_run(tmp_path)
    assert run.protocol == "reichart2010" and "table1_paper" in run.tables
    (comp,) = comparisons(run)
    assert comp["key"] == "table1"
    by_row = {}
    for r in comp["rows"]:
        by_row.setdefault(r["row"], {})[r["column"]] = r
    assert sorted(by_row) == ["ARR10", "exchange:4"]          # "perfect" has no paper row
    assert len(by_row["ARR10"]) == len(by_row["exchange:4"]) == 12
    clark = by_row["exchange:4"]["MicroC 1-1"]
    assert clark["paper"] == 0.347                            # Table 1, row Clark03
    ours = next(r for r in run.rows("table1") if r["system"] == "exchange:4")
    assert clark["ours"] == ours["MicroC 1-1"]
    assert clark["difference"] == pytest.approx(ours["MicroC 1-1"] - 0.347)
    notes = " ".join(run.tables["table1_paper"]["notes"])
    assert "Clark03" in notes and "beside our exchange:4" in notes
    no_row = notes.split("paper rows with no run row")[1]
    assert all(s in no_row for s in ("GG07", "GVG09(1)", "GVG09(3)", "GJ08*"))
    assert "ARR10 (" not in no_row and "Clark03 (" not in no_row
    # the report's page says so under the comparison
    page = to_markdown(report_data([run]))
    assert "From the paper: Reichart et al. 2010, Table 1" in page
    assert "beside our exchange:4" in page and "paper rows with no run row" in page


# --------------------------------------------------------------- Chang et al. 2006

def test_chang2006_text_numbers_spot_checks():
    # Chang et al. 2006, p. 157: "the highest accuracy (71%)" (Lexstat, self-prediction)
    assert clt.LEXSTAT_SELF == 71.0
    self_tests = {(lo, hi): (d, t, p) for lo, hi, d, t, p in clt.SELF_TESTS}
    # p. 157: Prevword "a 28% improvement over what would expected by chance (t(13) = 11.37"
    assert self_tests[("Chance", "Prevword")] == (28.0, 11.37, "< 0.0001")
    # p. 157: Token/Type "a further 8% improvement (t(13) = 12,19" (the comma as printed)
    assert self_tests[("Freqframe", "Token/Type")][:2] == (8.0, 12.19)
    # the five steps add up to Lexstat's 71% over a Chance of 13% (Fig. 1, our reading)
    assert sum(d for d, _, _ in self_tests.values()) == 58.0
    child = {(lo, hi): (t, p) for lo, hi, t, p in clt.CHILD_TESTS}
    # p. 158: "Token/Type Learner is still better than the Freqframe Learner (t(13) = 3.65,
    # p = 0.003)"
    assert child[("Freqframe", "Token/Type")] == (3.65, 0.003)
    assert ("Chance", "Prevword") not in child
    slopes = {(lo, hi): (t, p) for lo, hi, t, p in clt.SLOPE_TESTS}
    # p. 158: "The Type/Token Learner has a more positive slope than the Token/Type Learner
    # (t(2344) = 2.0, p = 0.045)"
    assert slopes[("Token/Type", "Type/Token")] == (2.0, 0.045)
    assert (clt.DF_TESTS, clt.DF_SLOPES) == (13, 2344)


@needs_texts
def test_chang2006_every_t_and_p_read_back_from_the_paper():
    text = _text("Chang et al. 2006")
    found = re.findall(r"t\((\d+)\) = ([\d.,]+), p ([=<]) ([\d.]+)", text)
    # in the paper's order: self-prediction, adult-to-child, slopes ("12,19" read 12.19)
    printed = [(int(df), float(t.replace(",", ".")), float(p) if op == "=" else f"< {p}")
               for df, t, op, p in found]
    ours = [(13, t, p) for _, _, _, t, p in clt.SELF_TESTS]
    ours += [(13, t, p) for _, _, t, p in clt.CHILD_TESTS]
    ours += [(2344, t, p) for _, _, t, p in clt.SLOPE_TESTS]
    assert printed == ours
    for words in ("a 28% improvement", "accuracy by 10%", "a further 8% improvement",
                  "improvement (5%)", "highest accuracy (71%)", "7% higher than the Type/Token"):
        assert words in text, words


def test_chang2006_run_writes_the_twins_and_the_report_pairs_them(tmp_path):
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.experiments.chang2006 import reproduce_corpora

    corpora = {f"demo{s}": generate_demo_corpus(400, seed=s) for s in (1, 2, 3)}
    res = reproduce_corpora(corpora, ("chance", "prevword", "freqframe", "lexstat"),
                            confidence=0)
    assert {"means_paper", "ttests_paper", "slope_tests_paper"} <= set(res.tables)
    write_tables(res.tables, tmp_path)
    run = load_run(tmp_path)
    assert run.protocol == "chang2006"
    comp = {c["key"]: {(r["row"], r["column"]): r for r in c["rows"]} for c in comparisons(run)}
    assert sorted(comp) == ["means", "slope_tests", "ttests"]
    lexstat = comp["means"][("Lexstat", "self")]
    ours = next(r for r in run.rows("means") if r["learner"] == "Lexstat")
    assert (lexstat["paper"], lexstat["ours"]) == (71.0, ours["self"])
    assert comp["ttests"][("self Chance Prevword", "mean_diff")]["paper"] == 28.0
    assert comp["ttests"][("self Chance Prevword", "t")]["paper"] == 11.37
    assert comp["ttests"][("adult-child Prevword Freqframe", "t")]["paper"] == 1.31
    # the paper states no adult-to-child improvement, and its self-prediction p only as a bound
    assert ("adult-child Prevword Freqframe", "mean_diff") not in comp["ttests"]
    assert ("self Chance Prevword", "p") not in comp["ttests"]
    assert comp["slope_tests"][("Prevword Freqframe", "t")]["paper"] == 0.03
    # Freqframe -> Lexstat is the run's step (no Token/Type, Type/Token): no paper row
    assert not any(row.startswith("self Freqframe Lexstat") for row, _ in comp["ttests"])
    notes = run.tables["ttests_paper"]["notes"]
    missing = next(n for n in notes if n.startswith("paper rows with no run row"))
    assert "self Freqframe Token/Type" in missing and "self Chance Prevword" not in missing


# --------------------------------------------------------------- Chambers & Jurafsky 2010

def test_chambers2010_figures_spot_checks():
    # Chambers & Jurafsky 2010, Figure 4, row Erk-Jaccard, Random: 93.9* (§8: "Our reported
    # 93.9% for Erk-Jaccard")
    assert cj.FIGURE4["Erk-Jaccard"][0] == "93.9*"
    # Figure 4, row Backoff Goog: 92.7† 89.7 79.8
    assert cj.FIGURE4["Backoff Goog"] == ("92.7†", "89.7", "79.8")
    # Figure 5, row Google: printed at Train x10 only
    assert cj.FIGURE5["Google"] == ("-", "-", "70.4*", "-", "-", "59.4*")
    # Figure 6, row Precision: 96.1 95.5* 95.0†
    assert cj.FIGURE6["Precision"] == ("96.1", "95.5*", "95.0†")


def test_chambers2010_figures_agree_with_each_other_and_the_prose():
    # Figure 4 is Train x2: its buckets and neighbor columns are Figure 5's x2 columns
    # (Google, whose counts are no NYT training data, is printed at Train x10 only)
    for label, (_, buckets, neighbor) in cj.FIGURE4.items():
        row = cj.FIGURE5["Backoff Google" if label == "Backoff Goog" else label]
        b, n = (2, 5) if label == "Google" else (1, 4)
        assert (printed_number(row[b]), printed_number(row[n])) == \
            (printed_number(buckets), printed_number(neighbor)), label
    # Figure 6's accuracy +50% is "the full Baseline in all other figures" (§7)
    assert [printed_number(c) for c in cj.FIGURE6["Accuracy +50%"]] == \
        [printed_number(c) for c in cj.FIGURE5["Baseline"][:3]]
    for where, words, fig, label, column, cell in cj.PROSE:
        cells, columns = cj.FIGURES[fig][2], cj.FIGURES[fig][3]
        assert cells[label][columns.index(column)] == cell, (where, words)
        assert str(printed_number(cell)) in words, (where, words)


@needs_texts
def test_chambers2010_figure_rows_read_back_from_the_paper():
    text = _text("Chambers & Jurafsky 2010")
    for fig in ("figure4", "figure5", "figure6"):
        for label, cells in cj.FIGURES[fig][2].items():
            pattern = re.escape(label) + "".join(rf" {re.escape(c)}" for c in cells) + r"(?![\d.])"
            assert re.search(pattern, text), (fig, label)
    for where, words, *_ in cj.PROSE:       # verbatim, in its section
        found = _located("Chambers & Jurafsky 2010", words)
        assert found is not None, (where, words)
        span = _section_span(found[2], where[1:])
        assert span is not None and span[0] <= found[1] < span[1], (where, words)


def test_chambers2010_run_writes_the_figures_twins_and_the_report_pairs_them(tmp_path):
    from induceval.experiments.chambers2010 import run_chambers2010
    from tests.measures.test_pseudowords import synthetic_corpus

    tables = run_chambers2010({"syn": synthetic_corpus()}, tmp_path, iterations=20,
                              plots=False, confidence=0)
    assert {"syn_figure4_paper", "syn_figure5_paper", "syn_figure6_paper"} <= set(tables)
    run = load_run(tmp_path)
    comp = {c["key"]: {(r["row"], r["column"]): r for r in c["rows"]} for c in comparisons(run)}
    assert sorted(comp) == ["syn_figure4", "syn_figure5", "syn_figure6"]
    ours = {r["model"]: r for r in run.rows("syn_figure4")}
    base = comp["syn_figure4"][("baseline", "random")]
    assert base["paper"] == 91.5 and base["ours"] == printed_number(ours["baseline"]["random"])
    assert base["difference"] == pytest.approx(base["ours"] - 91.5)
    # the paper's Google is our co-occurrence model; its "-" cells pair with nothing
    assert comp["syn_figure4"][("cooccurrence", "random")]["paper"] == 74.3
    assert ("cooccurrence", "buckets x1") not in comp["syn_figure5"]
    assert comp["syn_figure5"][("cooccurrence", "buckets x10")]["paper"] == 70.4
    assert comp["syn_figure6"][("Precision", "x10")]["paper"] == 95.0
    # every model the run scored is a paper row: none unpaired, the rows "best" aside
    assert {row for row, _ in comp["syn_figure4"]} == set(ours) - {"best", "not sig. vs best"}
    assert not any("no run row" in n for n in run.tables["syn_figure4_paper"]["notes"])
