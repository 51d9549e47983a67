"""The chang2006 protocol on tiny corpora: tables, t-tests, slopes, figures, resume, CLI."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.errors import InducevalError
from induceval.experiments.chang2006 import (
    default_population,
    paired_ttests,
    reproduce_corpora,
    slope_analysis,
)


def test_paired_ttests_match_scipy():
    per = {"A": {"c1": 10.0, "c2": 20.0, "c3": 30.0},
           "B": {"c1": 15.0, "c2": 22.0, "c3": 40.0}}
    row = paired_ttests(per, ["A", "B"], "self").rows[0]
    # hand: differences 5, 2, 10 -> mean 17/3, sd 4.0415, t = mean / (sd / sqrt 3)
    d = np.array([5.0, 2.0, 10.0])
    t = d.mean() / (d.std(ddof=1) / math.sqrt(3))
    assert row["t"] == pytest.approx(t)
    assert row["t"] == pytest.approx(stats.ttest_rel([15, 22, 40], [10, 20, 30]).statistic)
    assert (row["df"], row["n_corpora"]) == (2, 3)
    assert row["mean_diff"] == pytest.approx(17 / 3)


def test_slope_comparison_by_hand():
    # A: accuracy = 50 + 0 * age; B: accuracy rises 0.01 per day, with noise
    rng = np.random.default_rng(0)
    ages = np.arange(600, 1100, 10)
    days = {"A": [{"age_days": int(a), "wopa": 50 + rng.normal()} for a in ages],
            "B": [{"age_days": int(a), "wopa": 40 + 0.01 * a + rng.normal()} for a in ages]}
    slopes, tests = slope_analysis(days, ["A", "B"])
    fa = stats.linregress(ages, [d["wopa"] for d in days["A"]])
    fb = stats.linregress(ages, [d["wopa"] for d in days["B"]])
    t = (fb.slope - fa.slope) / math.sqrt(fa.stderr ** 2 + fb.stderr ** 2)
    row = tests.rows[0]
    assert row["t"] == pytest.approx(t)
    assert row["df"] == 2 * len(ages) - 4          # the paper's t(2344) = 2 * 1174 - 4
    assert row["p"] < 1e-6
    assert slopes.rows[1]["slope_per_year"] == pytest.approx(fb.slope * 365)


def test_reproduce_on_demo_corpora(tmp_path):
    corpora = {f"demo{s}": generate_demo_corpus(400, seed=s) for s in (1, 2, 3)}
    res = reproduce_corpora(corpora, ("chance", "prevword", "lexstat"), out_dir=tmp_path,
                            figures_dir=tmp_path, confidence=100)
    means = {r["learner"]: r for r in res.tables["means"].rows}
    assert means["Chance"]["self"] < means["Lexstat"]["self"]
    assert means["Lexstat"]["n_corpora"] == 3
    assert len(res.tables["per_corpus"].rows) == 6            # 3 corpora x 2 tests
    # WOPA ± (utterances resampled), the best learner per row and those not
    # significantly different; the means' ± from resampling the corpora
    pc = res.tables["per_corpus"]
    assert pc.columns[-2:] == ["best", "not sig. vs best"] and "Lexstat ±" in pc.columns
    for r in pc.rows:
        assert r["best"] == max(("Chance", "Prevword", "Lexstat"), key=lambda k: r[k])
        assert all(0 < r[f"{k} ±"] < 20 for k in ("Chance", "Prevword", "Lexstat"))
    # the run's signature first (tables showed only the resampling one), then the resampling
    assert pc.signatures()[0].startswith("chang2006|learners:chance,prevword,lexstat|")
    assert "resample:utterance" in pc.signatures()[1]
    assert 0 < means["Lexstat"]["self ±"] < 10
    assert "resample:corpus" in res.tables["means"].signatures()[1]
    tt = res.tables["ttests"].rows
    assert [(r["test"], r["lower"], r["higher"]) for r in tt][:2] == \
        [("self", "Chance", "Prevword"), ("self", "Prevword", "Lexstat")]
    assert all(r["df"] == 2 for r in tt)
    # 6 recording days per demo corpus, 3 corpora -> 18 points per learner
    assert {r["days"] for r in res.tables["slopes"].rows} == {18}
    assert [r["df"] for r in res.tables["slope_tests"].rows] == [32]
    assert len(res.figures) == 3 and all((tmp_path / p).exists() for p in res.figures)
    assert res.figures[0].endswith(".png")
    # resume: the cells are read back, same numbers
    again = reproduce_corpora(corpora, ("chance", "prevword", "lexstat"), out_dir=tmp_path,
                              confidence=100)
    assert again.tables["means"].rows == res.tables["means"].rows
    assert again.tables["per_corpus"].rows == pc.rows         # same seed, same intervals
    md = res.tables["means"].render("markdown")
    assert "| Lexstat |" in md


def test_missing_ages_only_affect_development():
    b = CorpusBuilder(name="noage")
    for spk, text in [("MOT", "where is the ball ?"), ("MOT", "the ball is here ."),
                      ("CHI", "ball here ."), ("CHI", "where ball ?")]:
        b.add_sentence({"form": text.split()},
                       {"speaker": spk, "role": "Target_Child" if spk == "CHI" else "Mother"})
    res = reproduce_corpora({"noage": b.build(), "demo": generate_demo_corpus(200)},
                            ("chance", "lexstat"))
    assert len(res.tables["per_corpus"].rows) == 4
    assert "noage:developmental" in res.errors
    assert any("age" in n for n in res.tables["slopes"].notes)


def test_default_population(tmp_path):
    for d in ("childes/eng-uk/Manchester/anne", "childes/eng-uk/Manchester/becky",
              "childes/eve", "childes/estonian/Vija"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "childes/estonian/loose.cha").write_text("")
    pop = default_population(tmp_path)
    assert list(pop) == ["Manchester/anne", "Manchester/becky", "Eve", "Estonian/Vija"]
    with pytest.raises(InducevalError, match="no CHILDES corpora"):
        default_population(tmp_path / "nothing")


def test_cli_on_fixture(tmp_path, capsys):
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    toy = str(FIXTURES / "wopa" / "toy.cha")
    rc = main(["reproduce", "chang2006", toy, "--out", str(tmp_path), "--learners",
               "chance,lexstat", "--no-figures", "--format", "csv"])
    assert rc == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("learner,self,self ±,self_sd,adult_child,adult_child ±")
    assert out[2].startswith("Lexstat,50.0,,,50.0")   # one corpus: no interval of the mean
    assert (tmp_path / "means.md").exists() and (tmp_path / "ttests.json").exists()


def test_age_window_leaves_out_days_outside_the_papers_ages():
    # the paper's children are "between 1 and 5 years" (p. 157): a recording day at 10 years
    # (3652 days) with a very low accuracy must not pull the slope down
    from induceval.experiments.chang2006 import age_window

    pts = [{"age_days": d, "wopa": 40 + d / 100} for d in range(400, 1800, 100)]
    days = {"A": pts + [{"age_days": 3652, "wopa": 0.0}]}
    window = age_window((1, 5))
    assert window == (365, 1826)                              # 1;0.0 and 5;0.0, by hand
    inside, _ = slope_analysis(days, ["A"], window=window)
    every, _ = slope_analysis(days, ["A"])
    assert inside.rows[0]["days"] == 14 and every.rows[0]["days"] == 15
    assert inside.rows[0]["slope_per_year"] == pytest.approx(3.65)   # 0.01 per day
    assert every.rows[0]["slope_per_year"] < 0
    assert "1 recording day outside ages 365-1826 days left out" in inside.notes
    assert any(n.startswith("signature: ") for n in inside.notes) is False  # added by reproduce
    with pytest.raises(ValueError, match="age range"):
        age_window((5, 1))


def test_cli_age_range_option(tmp_path):
    from induceval.cli.main import build_parser

    parser = build_parser()
    args = parser.parse_args(["reproduce", "chang2006", "--age-range", "all"])
    assert args.age_range is None
    assert parser.parse_args(["reproduce", "chang2006"]).age_range == (1.0, 5.0)
    with pytest.raises(SystemExit):
        parser.parse_args(["reproduce", "chang2006", "--age-range", "5"])
