"""A numeric option given as 0 means what its help says or is refused with its range, never
silently replaced by the default (``induce deps --max-train-length 0``, ``--iterations 0``
and ``--tolerance 0`` must not fall back to 10, 100 and 1e-5, as a check ``0 in (None,
False)``, which is true, would make them)."""

from __future__ import annotations

import json
import re

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, exit_code

TINY = str(FIXTURES / "cli" / "tiny.conllu")
TOY = str(FIXTURES / "dependency-models" / "toy.conllu")
CHA = str(FIXTURES / "wopa" / "toy.cha")


@pytest.mark.parametrize("option, shown", [
    ("--max-train-length", "max_train_length:none"),   # help: 0 = no limit
    ("--iterations", "iterations:0"),
    ("--tolerance", "tolerance:0"),
    ("--smoothing", "smoothing:0"),
])
def test_induce_deps_zero_is_a_value(tmp_path, option, shown):
    log = tmp_path / "log.json"
    assert main(["induce", "deps", "--model", "dmv", TOY, "-o", str(tmp_path / "o.conllu"),
                 "--log", str(log), "-q", option, "0"]) == 0
    doc = json.loads(log.read_text())
    assert f"|{shown}|" in doc["signature"]
    if option == "--iterations":
        assert doc["log"]["log_likelihood"] == []   # the initial model, no EM step


def test_induce_deps_zero_for_a_model_without_the_option_is_refused(tmp_path, capsys):
    assert main(["induce", "deps", "--model", "lb", TOY, "-o", str(tmp_path / "o.conllu"),
                 "--iterations", "0"]) == 2
    assert "--model lb does not take --iterations" in capsys.readouterr().err


# every other numeric option of every command, given 0: used (its signature says so) or
# refused in one line with the allowed range and the 0 received
ACCEPTED = [
    (["induce", "tags", "--model", "bhmm", "--k", "2", TINY, "--iterations", "0"], "|iter:0|"),
    (["induce", "tags", "--model", "ff", "--k", "2", TINY, "--threshold", "0"], "|threshold:0|"),
    (["induce", "tags", "--model", "exchange", "--k", "2", TINY, "--max-iter", "0"],
     "|max_iter:0|"),
    (["induce", "tags", "--model", "exchange", "--k", "2", TINY, "--refine", "0"], "|refine:0|"),
    (["wopa", CHA, "--max-words", "0"], "|max_words:none|"),   # help: 0 = no cap
]
REFUSED = [
    ["induce", "tags", "--model", "bhmm", "--k", "2", TINY, "--alpha", "0"],
    ["induce", "tags", "--model", "bhmm", "--k", "2", TINY, "--beta", "0"],
    ["induce", "tags", "--model", "bhmm", "--k", "2", TINY, "--order", "0"],
    ["induce", "tags", "--model", "hc", "--k", "2", TINY, "--n-targets", "0"],
    ["induce", "tags", "--model", "hc", "--k", "2", TINY, "--n-contexts", "0"],
    ["induce", "tags", "--model", "exchange", "--k", "2", TINY, "--restarts", "0"],
    ["induce", "tags", "--model", "brown", "--k", "2", TINY, "--min-occur", "0"],
    ["induce", "tags", "--model", "brown", "--k", "0", TINY],
    ["induce", "tags", "--model", "brown", "--k", "2", TINY, "--min-count", "0"],
    ["eval", "tags", "--gold", TINY, "--pred", TINY, "--allow-identical", "--restarts", "0"],
    ["eval", "tags", "--gold", TINY, "--pred", TINY, "--allow-identical", "--beta", "0"],
    ["eval", "tags", "--gold", TINY, "--pred", TINY, "--pred", TINY, "--allow-identical",
     "--paired", "bootstrap", "--paired-n", "0"],
    ["eval", "tags", "--gold", TINY, "--pred", TINY, "--allow-identical", "--confidence", "9",
     "--alpha", "0"],
    ["eval", "deps", "--gold", TOY, "--pred", TOY, "--max-length", "0"],
    ["convert", TINY, "--max-length", "0"],
    ["demo", "--sentences", "0"],
    ["wopa", CHA, "--jobs", "0"],
]


@pytest.mark.parametrize("argv, shown", ACCEPTED)
def test_zero_is_used(tmp_path, capsys, argv, shown):
    out = tmp_path / ("o.pascal" if argv[0] == "induce" else "o.txt")
    assert main([*argv, "-o", str(out), "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert shown in captured.err + captured.out + out.read_text()


@pytest.mark.parametrize("argv", REFUSED)
def test_zero_is_refused_with_the_range(capsys, argv):
    assert exit_code(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.search(r"(must be|one of).*got 0", err[0]), err[0]


@pytest.mark.parametrize("protocol", ["frank2009", "pascal2012-pos"])
def test_reproduce_max_sentences_zero_is_refused_before_reading(tmp_path, capsys, protocol):
    # "use only the first N": 0 used all of them
    where = ["--treebank", f"toy={TOY}:conllu"] if protocol == "pascal2012-pos" else []
    assert exit_code(["reproduce", protocol, *where, "--max-sentences", "0", "--data",
                      str(tmp_path), "--out", str(tmp_path / "run"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["induceval: error: argument --max-sentences: must be an integer in "
                   f"[1, 2147483647], got 0 (see: induceval reproduce {protocol} --help)"]
