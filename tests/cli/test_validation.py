"""Clean errors, early, before the work (exit 2, a message naming the problem)."""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import build_parser, main
from tests.conftest import FIXTURES, exit_code, one_table

UD = str(FIXTURES / "cli" / "tiny.conllu")
ROW = "{i}\t{f}\t{f}\t{u}\t{x}\t_\t{h}\t{r}\t_\t_\n"


def _conllu(path, sentences):
    """sentences: lists of (form, upos, xpos, head)."""
    text = ""
    for sent in sentences:
        for i, (f, u, x, h) in enumerate(sent, 1):
            text += ROW.format(i=i, f=f, u=u, x=x, h=h, r="dep" if h else "root")
        text += "\n"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _err(capsys):
    return capsys.readouterr().err


def test_option_the_model_does_not_take(capsys, tmp_path):
    out = str(tmp_path / "x.pascal")
    assert main(["induce", "tags", "--demo", "--model", "ff", "--k", "5", "--iterations", "5",
                 "-o", out]) == 2
    err = _err(capsys)
    assert "--model ff does not take --iterations" in err and "--threshold" in err
    assert main(["induce", "deps", "--demo", "--model", "lb", "--iterations", "5",
                 "-o", out]) == 2
    assert "--model lb does not take --iterations" in _err(capsys)


def test_k_above_word_types(tmp_path, capsys):
    three = _conllu(tmp_path / "three.conllu", [[("a", "X", "x", 0), ("b", "X", "x", 1),
                                                 ("c", "X", "x", 1)]])
    for model in ("bhmm", "brown"):
        assert main(["induce", "tags", three, "--model", model, "--k", "6",
                     "-o", str(tmp_path / "o.pascal")]) == 2
        assert "above the number of word types (3)" in _err(capsys)


@pytest.mark.parametrize("argv", [
    ["info", UD], ["convert", UD], ["eval", "tags", "--gold", UD, "--pred", UD,
                                   "--allow-identical"],
    ["eval", "deps", "--gold", UD, "--pred", UD], ["induce", "deps", UD],
    ["induce", "tags", UD, "--model", "brown", "--k", "2"], ["wopa", UD],
    ["demo", "--sentences", "20"],
])
def test_output_path_checked_first(argv, tmp_path, capsys):
    assert main(argv + ["-o", str(tmp_path / "nodir" / "x")]) == 2
    assert "does not exist" in _err(capsys)
    assert main(argv + ["-o", str(tmp_path)]) == 2
    assert "is a folder" in _err(capsys)


@pytest.mark.parametrize("argv", [
    ["convert", "{e}"], ["eval", "tags", "--gold", "{e}", "--pred", "{e}"],
    ["eval", "deps", "--gold", "{e}", "--pred", "{e}"], ["induce", "deps", "{e}"],
    ["induce", "tags", "{e}", "--model", "brown", "--k", "2"], ["wopa", "{e}"],
])
def test_empty_input_is_an_error(argv, tmp_path, capsys):
    empty = tmp_path / "empty.conllu"
    empty.write_text("")
    argv = [a.format(e=empty) for a in argv]
    assert main(argv + ["-o", str(tmp_path / "out.conllu")]) == 2
    assert "no tokens" in _err(capsys)
    assert not (tmp_path / "out.conllu").exists()


def test_max_length_zero_rejected(capsys):
    assert exit_code(["eval", "deps", "--gold", UD, "--pred", UD, "--max-length", "0"]) == 2
    assert "--max-length: must be an integer in [1, 2147483647], got 0" in _err(capsys)
    assert exit_code(["convert", UD, "--max-length", "0"]) == 2
    assert "--max-length: must be an integer in [1, 2147483647], got 0" in _err(capsys)


def test_pseudo_fails_on_error_by_default():
    for what in ("extract", "build", "score", "unseen"):
        extra = {"build": ["-o", "x"], "score": ["--test-set", "x"]}.get(what, [])
        args = build_parser().parse_args(["pseudo", what, "c.conllu"] + extra)
        assert args.on_error == "fail"


def test_gold_cycles_and_self_loops_reported(tmp_path, capsys):
    # s1: 1 <- 2 <- 1 cycle (no root); s2: token 2 heads itself
    bad = _conllu(tmp_path / "bad.conllu", [[("a", "X", "x", 2), ("b", "X", "x", 1)],
                                             [("c", "X", "x", 0), ("d", "X", "x", 2)]])
    assert main(["info", bad, "--format", "json"]) == 0
    head = json.loads(capsys.readouterr().out)["corpora"][0]["dependencies"]["head"]
    assert head["sentences_with_cycles"] == 2 and head["self_loops"] == 1
    assert main(["info", bad]) == 0
    assert "2 sentences with cycles; 1 self-loops" in capsys.readouterr().out
    assert main(["eval", "deps", "--gold", bad, "--pred", bad, "--format", "json"]) == 0
    notes = " ".join(one_table(json.loads(capsys.readouterr().out))["notes"])
    assert "gold_cycles=2" in notes and "gold_self_loops=1" in notes


def test_eval_on_error_skip_counts(tmp_path, capsys):
    good = _conllu(tmp_path / "g.conllu", [[("a", "NOUN", "n", 0), ("b", "VERB", "v", 1)]] * 2)
    text = open(good).read() + "1\tbroken line\n\n"
    (tmp_path / "m.conllu").write_text(text)
    m = str(tmp_path / "m.conllu")
    assert main(["eval", "deps", "--gold", m, "--pred", m]) == 2
    capsys.readouterr()
    sigs = []
    for cmd in (["eval", "deps", "--gold", m, "--pred", m],
                ["eval", "tags", "--gold", m, "--pred", m, "--pred-column", "xpos"]):
        assert main(cmd + ["--on-error", "skip", "--format", "json"]) == 0
        out = one_table(json.loads(capsys.readouterr().out))
        assert any(n.startswith("skipped malformed sentences: 2") for n in out["notes"]), out
        assert "on_error:skip|skipped:2" in out["signature"]
        sigs.append(out["signature"])


def test_pred_heads_through_punctuation_counted(tmp_path, capsys):
    # gold: a , b . ; the prediction hangs b on "," and "," on the root: b's chain runs
    # only through punctuation to the root; d hangs on "." which loops with ";"
    gold = _conllu(tmp_path / "g.conllu", [[("a", "X", "x", 0), (",", "PUNCT", ",", 1),
                                            ("b", "X", "x", 1), (".", "PUNCT", ".", 1),
                                            (";", "PUNCT", ":", 1), ("d", "X", "x", 1)]])
    pred = _conllu(tmp_path / "p.conllu", [[("a", "X", "x", 0), (",", "PUNCT", ",", 0),
                                            ("b", "X", "x", 2), (".", "PUNCT", ".", 5),
                                            (";", "PUNCT", ":", 4), ("d", "X", "x", 4)]])
    assert main(["eval", "deps", "--gold", gold, "--pred", pred, "--format", "json"]) == 0
    notes = " ".join(one_table(json.loads(capsys.readouterr().out))["notes"])
    assert "via_punct=2" in notes and "via_punct_to_root=1" in notes
    assert "lost_in_punct_cycle=1" in notes


def test_wopa_caps_utterance_length(tmp_path, capsys):
    words = " ".join(f"w{i}" for i in range(150))
    lines = ["@Begin", "@Languages:\teng", "@Participants:\tMOT Mother Mother, CHI Target Child",
             "@ID:\teng|c|MOT|||||Mother|||", "@ID:\teng|c|CHI|2;0.||||Target_Child|||",
             f"*MOT:\t{words} .", "*MOT:\tlook at that .", "*MOT:\tthat is it .", "@End"]
    cha = tmp_path / "long.cha"
    cha.write_text("\n".join(lines) + "\n")
    assert main(["wopa", str(cha), "--learners", "lexstat", "--format", "json"]) == 0
    out = one_table(json.loads(capsys.readouterr().out))
    assert out["rows"][0]["too_long"] == 1 and out["rows"][0]["scored"] == 2
    assert "max_words:100" in out["signature"]
    assert main(["wopa", str(cha), "--learners", "lexstat", "--max-words", "0",
                 "--format", "json"]) == 0
    out = one_table(json.loads(capsys.readouterr().out))
    assert out["rows"][0]["too_long"] == 0 and out["rows"][0]["scored"] == 3


@pytest.mark.skipif(not hasattr(__import__("os"), "wait4"), reason="os.wait4 (POSIX)")
def test_wopa_pathological_utterance_stays_bounded(tmp_path):
    """One 'utterance' of 37,500 words (a transcript without terminators) needed 23.6 GB
    before the cap; capped (default 100 words) the whole command peaks at ~170 MB."""
    import os
    import subprocess
    import sys

    from tests.conftest import REPO

    words = " ".join(f"w{i % 3000}" for i in range(37_500))
    lines = ["@Begin", "@Languages:\teng",
             "@Participants:\tMOT Mother Mother, CHI Target_Child Target_Child",
             "@ID:\teng|c|MOT|||||Mother|||", "@ID:\teng|c|CHI|2;0.||||Target_Child|||",
             f"*MOT:\t{words} .", "*MOT:\tlook at that .", "*MOT:\tthat is it .", "@End"]
    cha = tmp_path / "patho.cha"
    cha.write_text("\n".join(lines) + "\n")
    out = tmp_path / "w.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "induceval.cli.main", "wopa", str(cha), "--format", "json",
         "-o", str(out)], env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, proc.stderr.read().decode()
    peak_mb = usage.ru_maxrss / 1024          # kilobytes on Linux
    assert peak_mb < 1000, peak_mb            # uncapped: n^2 pairs, ~27 bytes each
    rows = one_table(json.loads(out.read_text()))["rows"]
    assert {r["too_long"] for r in rows} == {1} and {r["scored"] for r in rows} == {2}
