"""Options are checked when the command line is read: a number out of its range (one that
would run without end, or give numbers from garbage), a seed numpy refuses, an address that
is none, an option that has no effect with the others given: refused in one line (exit 2)
naming the option, the range or the option that would make it count.  The library refuses
the same values."""

from __future__ import annotations

import math

import pytest

from induceval.cli.common import cores
from induceval.errors import ParameterError
from tests.conftest import FIXTURES, exit_code

TINY = str(FIXTURES / "cli" / "tiny.conllu")
TOY = str(FIXTURES / "dependency-models" / "toy.conllu")
CHA = str(FIXTURES / "wopa" / "toy.cha")
DEPS = str(FIXTURES / "deps" / "ud_gold.conllu")
TEST_SET = str(FIXTURES / "pseudo" / "testset-0.3.1.tsv")
BIG = "99999999999999999999"


def _refused(argv, capsys) -> str:
    assert exit_code(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("induceval: error:"), err
    return err[0]


@pytest.mark.parametrize("argv", [
    ["induce", "tags", TINY, "--model", "brown", "--k", "2", "--jobs", BIG],
    ["eval", "tags", "--gold", TINY, "--pred", TINY, "--jobs", BIG],
    ["eval", "deps", "--gold", TOY, "--pred", TOY, "--jobs", BIG],
    ["wopa", CHA, "--jobs", BIG],
    ["pseudo", "extract", DEPS, "--jobs", BIG],
    ["reproduce", "chang2006", CHA, "--jobs", BIG],
])
def test_jobs_beyond_any_machine_is_refused_with_the_range(argv, capsys):
    assert f"argument --jobs: must be an integer in [1, 1024], got {BIG}" in _refused(argv,
                                                                                      capsys)


def test_jobs_above_the_cores_are_capped_with_a_note(tmp_path, capsys):
    n = cores()
    assert exit_code(["wopa", CHA, "--learners", "chance", "--jobs", str(n + 5), "--engine",
                      "local", "--no-progress", "-o", str(tmp_path / "w.txt")]) == 0
    assert (f"--jobs {n + 5} is more than the {n} cores here: running {n} workers"
            in capsys.readouterr().err)


@pytest.mark.parametrize("argv, option, shown", [
    (["eval", "tags", "--gold", TINY, "--pred", TINY, "--confidence", BIG], "--confidence",
     "[0, 1000000]"),
    (["eval", "deps", "--gold", TOY, "--pred", TOY, "--confidence", BIG], "--confidence",
     "[0, 1000000]"),
    (["reproduce", "chang2006", CHA, "--confidence", BIG], "--confidence", "[0, 1000000]"),
    (["induce", "tags", TINY, "--model", "exchange", "--k", "2", "--restarts", BIG],
     "--restarts", "[1, 1000000]"),
    (["pseudo", "score", DEPS, "--test-set", TEST_SET, "--iterations", BIG], "--iterations",
     "[1, 1000000]"),
    (["demo", "--sentences", BIG], "--sentences", "[1, 1000000]"),
    (["induce", "tags", TINY, "--model", "bhmm", "--k", "2", "--iterations", BIG],
     "--iterations", "[0, 1000000]"),
])
def test_counts_without_bound_are_refused_with_the_range(argv, option, shown, capsys):
    err = _refused(argv, capsys)
    assert f"argument {option}: must be an integer in {shown}" in err and BIG in err


@pytest.mark.parametrize("argv, option", [
    (["induce", "deps", TOY, "--model", "dmv", "--smoothing", "inf"], "--smoothing"),
    (["induce", "tags", TINY, "--model", "bhmm", "--k", "2", "--alpha", "inf"], "--alpha"),
    (["induce", "tags", TINY, "--model", "bhmm", "--k", "2", "--beta", "inf"], "--beta"),
    (["induce", "tags", TINY, "--model", "bhmm", "--k", "2", "--alpha", "nan"], "--alpha"),
])
def test_infinite_model_parameters_are_refused(argv, option, capsys):
    assert f"argument {option}: must be a finite number in" in _refused(argv, capsys)


def test_the_library_refuses_infinite_model_parameters():
    import numpy as np

    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import induce_tags
    from induceval.models.dependencies.dmv import train_dmv

    corpus = generate_demo_corpus(n_sentences=20, seed=1)
    for name in ("alpha", "beta"):
        with pytest.raises(ParameterError, match=f"{name} must be a finite number"):
            induce_tags(corpus, "bhmm", 3, iterations=1, **{name: math.inf})
    with pytest.raises(ParameterError, match="iterations must be in"):
        induce_tags(corpus, "bhmm", 3, iterations=10**20)
    tags, offsets = np.array([0, 1, 0, 1, 1]), np.array([0, 2, 5])
    with pytest.raises(ParameterError, match="smoothing must be a finite number"):
        train_dmv(tags, offsets, 2, iterations=1, smoothing=math.inf)


def test_min_seen_below_one_is_refused(capsys):
    assert "argument --min-seen: must be an integer in [1," in _refused(
        ["pseudo", "unseen", DEPS, "--min-seen", "-1"], capsys)


def test_a_head_column_is_no_category_column(capsys):
    from induceval.measures.categories import evaluate_tag_systems

    assert "argument --pred-column: 'head' holds head positions" in _refused(
        ["eval", "tags", "--gold", TINY, "--pred", TINY, "--pred-column", "head"], capsys)
    with pytest.raises(ParameterError, match="pred_column 'head' holds token positions"):
        evaluate_tag_systems(TINY, [TINY], pred_column="head")


@pytest.mark.parametrize("argv", [
    ["pseudo", "build", DEPS, "-o", "x.tsv", "--seed", "-1"],
    ["demo", "--seed", "-1"],
    ["wopa", CHA, "--seed", "-1"],
])
def test_a_negative_seed_is_refused_with_the_range(argv, capsys):
    assert "argument --seed: must be an integer in [0, 4294967295], got -1" in _refused(
        argv, capsys)


def test_the_library_refuses_a_negative_seed():
    from induceval.random import rng, stream

    with pytest.raises(ParameterError, match="seed must be an integer >= 0"):
        rng(-1)
    with pytest.raises(ParameterError, match="seed must be an integer >= 0"):
        stream(-1, "models.random")


def test_a_scheduler_address_that_is_none_is_refused(capsys, monkeypatch):
    err = _refused(["eval", "deps", "--gold", TOY, "--pred", TOY, "--scheduler",
                    "not an address"], capsys)
    assert "argument --scheduler: expected a Dask scheduler address" in err


@pytest.mark.parametrize("argv, message", [
    (["eval", "tags", "--gold", TINY, "--pred", TINY, "--alpha", "0.1"],
     "--alpha has no effect here: it needs --confidence N > 0 or --paired"),
    (["eval", "deps", "--gold", TOY, "--pred", TOY, "--alpha", "0.05"],
     "--alpha has no effect here: it needs --confidence N > 0 or --paired"),
    (["wopa", CHA, "--alpha", "0.1"],
     "--alpha has no effect here: it needs --confidence N > 0 or --paired"),
    (["pseudo", "score", DEPS, "--test-set", TEST_SET, "--alpha", "0.1"],
     "--alpha has no effect here: it needs --confidence N > 0 or --paired"),
    (["reproduce", "pascal2012-deps", TOY, "--confidence", "0", "--alpha", "0.1"],
     "--alpha has no effect here: it needs --confidence N > 0"),
    (["eval", "tags", "--gold", TINY, "--pred", TINY, "--confidence", "5", "--paired-n", "9"],
     "--paired-n has no effect here: it needs --paired"),
    (["wopa", CHA, "--paired-n", "9"], "--paired-n has no effect here: it needs --paired"),
    (["pseudo", "score", DEPS, "--test-set", TEST_SET, "--paired-n", "9"],
     "--paired-n has no effect here: it needs --paired"),
    (["eval", "deps", "--gold", TOY, "--pred", TOY, "--unit", "document"],
     "--unit has no effect here: it needs --confidence N > 0 or --paired"),
    (["eval", "deps", "--gold", TOY, "--pred", TOY, "--seed", "3"],
     "--seed has no effect here: it needs --confidence N > 0 or --paired"),
])
def test_an_option_without_effect_names_the_option_it_needs(argv, message, capsys):
    assert message in _refused(argv, capsys)


def test_an_alpha_with_what_uses_it_runs(tmp_path):
    assert exit_code(["eval", "tags", "--gold", TINY, "--pred", TINY, "--allow-identical",
                      "--confidence", "20", "--alpha", "0.1", "-o", str(tmp_path / "o")]) == 0
    assert "90%" in (tmp_path / "o").read_text()


@pytest.mark.parametrize("argv, shown", [
    (["demo", "--steps", "bogus"], "argument --steps: unknown step 'bogus'; choose from"),
    (["wopa", CHA, "--learners", ""], "argument --learners: give at least one learner"),
    (["wopa", CHA, "--learners", "chance,nosuch"], "unknown learner 'nosuch'"),
])
def test_lists_of_names_are_checked(argv, shown, capsys):
    assert shown in _refused(argv, capsys)


def test_learner_names_keep_their_aliases(tmp_path):
    assert exit_code(["wopa", CHA, "--learners", "Chance,Token/Type", "--no-progress",
                      "-o", str(tmp_path / "w")]) == 0
