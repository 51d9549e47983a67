"""Honest output: every option that changes a number changes the signature.

For each command, a base run and one run per score-changing option; the
signature of each variant differs from the base one.
"""

from __future__ import annotations

import json
import math
import re

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, one_table

UD = str(FIXTURES / "cli" / "tiny.conllu")
WOPA = str(FIXTURES / "wopa" / "toy.cha")


@pytest.fixture(scope="module")
def pred(tmp_path_factory):
    d = tmp_path_factory.mktemp("sig")
    p = d / "lb.conllu"
    assert main(["induce", "deps", UD, "--model", "lb", "-o", str(p), "-q"]) == 0
    return str(p)


def _sig_json(argv, capsys):
    assert main(argv + ["--format", "json"]) == 0, capsys.readouterr().err
    out = one_table(json.loads(capsys.readouterr().out))
    return out["signature"]


def _sig_stderr(argv, capsys):
    assert main(argv) == 0
    err = capsys.readouterr().err
    return re.search(r"signature: (\S+)", err).group(1)


EVAL_TAGS = [["--gold-column", "xpos"], ["--pred-column", "xpos"], ["--punct", "keep"],
             ["--unclustered", "split"], ["--log-base", "e"], ["--beta", "2"],
             ["--level", "both"], ["--on-error", "skip"]]


@pytest.mark.parametrize("change", EVAL_TAGS, ids=lambda c: c[0])
def test_eval_tags(change, pred, capsys):
    base = ["eval", "tags", "--gold", UD, "--pred", pred, "--pred-column", "deprel"]
    argv = base + change if change[0] != "--pred-column" else base[:-2] + change
    assert _sig_json(base, capsys) != _sig_json(argv, capsys)


@pytest.mark.parametrize("change", [["--restarts", "3"], ["--seed", "7"]], ids=lambda c: c[0])
def test_eval_tags_type_level(change, pred, capsys):
    base = ["eval", "tags", "--gold", UD, "--pred", pred, "--pred-column", "deprel",
            "--level", "type"]
    assert _sig_json(base, capsys) != _sig_json(base + change, capsys)


@pytest.mark.parametrize("change", [["--punct", "keep"], ["--max-length", "5"],
                                    ["--on-error", "skip"]],
                         ids=lambda c: c[0])
def test_eval_deps(change, pred, capsys):
    base = ["eval", "deps", "--gold", UD, "--pred", pred]
    assert _sig_json(base, capsys) != _sig_json(base + change, capsys)


@pytest.mark.parametrize("change", [["--tags", "xpos"], ["--punct", "keep"],
                                    ["--max-train-length", "3"], ["--iterations", "2"],
                                    ["--tolerance", "0.1"], ["--viterbi-em"],
                                    ["--smoothing", "0.5"]], ids=lambda c: c[0])
def test_induce_deps(change, tmp_path, capsys):
    base = ["induce", "deps", UD, "-o", str(tmp_path / "x.conllu")]
    assert _sig_stderr(base, capsys) != _sig_stderr(base + change, capsys)


@pytest.mark.parametrize("model,change", [("exchange", ["--k", "3"]), ("random", ["--seed", "9"]),
                                          ("exchange", ["--max-iter", "1"]),
                                          ("bhmm", ["--alpha", "0.5"])],
                         ids=lambda c: str(c))
def test_induce_tags(model, change, tmp_path, capsys):
    base = ["induce", "tags", UD, "--model", model, "--k", "2", "-o",
            str(tmp_path / "x.pascal")] + (["--iterations", "3"] if model == "bhmm" else [])
    argv = base + change if change[0] != "--k" else base[:5] + change + base[7:]
    assert _sig_stderr(base, capsys) != _sig_stderr(argv, capsys)


@pytest.mark.parametrize("change", [["--punct", "keep"], ["--ties", "pessimistic"],
                                    ["--seed", "3"], ["--cooccurrence", "pairs"],
                                    ["--initial", "boundary"], ["--chance", "exact"],
                                    ["--count", "pair"], ["--keep-unintelligible"],
                                    ["--max-words", "2"]], ids=lambda c: c[0])
def test_wopa(change, capsys):
    base = ["wopa", WOPA, "--learners", "chance" if change[0] == "--chance" else "prevword"]
    assert _sig_json(base, capsys) != _sig_json(base + change, capsys)


def test_json_is_strict_and_has_signature(pred, capsys):
    """NaN is written as null; the signature is its own field; CSV carries it."""
    from induceval.report.tables import Table

    t = Table(["a", "m1"], [{"a": "x", "m1": math.nan}], higher_is_better={"m1": True},
              notes=["signature: m1|v:1"])
    data = json.loads(t.render("json"))
    assert data["rows"][0]["m1"] is None and data["signature"] == "m1|v:1"
    assert "NaN" not in t.render("json")
    assert t.render("csv").splitlines()[-1] == "# signature: m1|v:1"
    latex = t.render("latex")
    assert "\\toprule" in latex and "\\bottomrule" in latex and "\\midrule" in latex


def test_percent_everywhere(pred, capsys):
    for argv in (["eval", "deps", "--gold", UD, "--pred", pred],
                 ["eval", "tags", "--gold", UD, "--pred", pred, "--pred-column", "deprel"]):
        assert main(argv + ["--format", "json"]) == 0
        plain = one_table(json.loads(capsys.readouterr().out))["rows"][0]
        assert main(argv + ["--format", "json", "--percent"]) == 0
        pct = one_table(json.loads(capsys.readouterr().out))["rows"][0]
        key = "directed" if "deps" in argv else "m1"
        assert pct[key] == pytest.approx(100 * plain[key])


def test_induce_tags_summary_on_stderr(tmp_path, capsys):
    assert main(["induce", "tags", UD, "--model", "brown", "--k", "2",
                 "-o", str(tmp_path / "x.pascal")]) == 0
    err = capsys.readouterr().err
    assert "signature: brown|" in err and "clusters" in err
