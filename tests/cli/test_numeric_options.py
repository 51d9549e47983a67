"""Every numeric option of every command, given 0, -1, a 20-digit number, nan, inf or the
empty string, either runs (exit 0) within a time bound or is refused in one line (exit 2):
no traceback, no run without end.

The options are found by walking the parser (:func:`induceval.cli.main.build_parser`): an
option is numeric when its ``type`` is ``int``, ``float`` or a typed number of
:mod:`induceval.cli.common` (``numeric``); a bare ``int`` or ``float`` is itself a failure,
as it says no range.
"""

from __future__ import annotations

import argparse
import signal
from collections import Counter

import pytest

from induceval.cli.main import build_parser, main
from tests.conftest import FIXTURES

TINY = str(FIXTURES / "cli" / "tiny.conllu")
TOY = str(FIXTURES / "dependency-models" / "toy.conllu")
CHA = str(FIXTURES / "wopa" / "toy.cha")
DEPS = str(FIXTURES / "deps" / "ud_gold.conllu")

VALUES = ("0", "-1", "99999999999999999999", "nan", "inf", "")

#: seconds a run that is not refused may take
TIME_BOUND = 120


def numeric_options(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """``(command words, option, action)`` of every numeric option, subcommands included."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from numeric_options(sub, (*path, name))
        elif action.option_strings and (action.type in (int, float)
                                        or getattr(action.type, "numeric", False)):
            yield path, action.option_strings[-1], action


OPTIONS = sorted((" ".join(path), option) for path, option, _ in numeric_options(build_parser()))

#: the model of ``induce tags`` that takes each of its model options
TAG_MODELS = {"--iterations": "bhmm", "--alpha": "bhmm", "--beta": "bhmm", "--order": "bhmm",
              "--threshold": "ff", "--n-targets": "hc", "--n-contexts": "hc",
              "--max-iter": "exchange", "--restarts": "exchange", "--refine": "exchange"}


def base_argv(command: str, option: str, tmp) -> list[str]:
    """A small valid command line of ``command`` (the option under test goes last)."""
    out = str(tmp / "out")
    run = ["--out", str(tmp / "run"), "--data", str(tmp / "data"), "--no-progress"]
    if command == "induce tags":
        model = TAG_MODELS.get(option, "brown")
        extra = ["--iterations", "5"] if model == "bhmm" and option != "--iterations" else []
        return ["induce", "tags", TINY, "--model", model, "--k", "2", "-q", *extra,
                "-o", out + ".pascal"]
    test_set = str(FIXTURES / "pseudo" / "testset-0.3.1.tsv")
    return {
        "info": ["info", TINY],
        "convert": ["convert", TINY, "-q", "-o", out + ".conllu"],
        "demo": ["demo", "--sentences", "30", "--steps", "demo_tags", "--no-progress",
                 "-o", out],
        "eval tags": ["eval", "tags", "--gold", TINY, "--pred", TINY, "--allow-identical",
                      "-o", out],
        "eval substitutable": ["eval", "substitutable", "--train", TINY, "--test", TINY,
                               "--pred", TINY, "-o", out],
        "eval deps": ["eval", "deps", "--gold", TOY, "--pred", TOY, "-o", out],
        "induce deps": ["induce", "deps", TOY, "-q", "-o", out + ".conllu"],
        "wopa": ["wopa", CHA, "--no-progress", "-o", out],
        "pseudo extract": ["pseudo", "extract", DEPS, "-o", out],
        "pseudo build": ["pseudo", "build", DEPS, "--method", "random", "-o", out + ".tsv"],
        "pseudo score": ["pseudo", "score", DEPS, "--test-set", test_set,
                         "--allow-foreign-test", "--iterations", "20", "-o", out],
        "pseudo unseen": ["pseudo", "unseen", DEPS, "-o", out],
        "reproduce pascal2012-deps": ["reproduce", "pascal2012-deps", TOY, "--systems", "LB",
                                      "--confidence", "0", *run],
        "reproduce pascal2012-pos": ["reproduce", "pascal2012-pos", "--treebank", f"a={TOY}",
                                     "--models", "brown", "--confidence", "0", *run],
        "reproduce chang2006": ["reproduce", "chang2006", CHA, "--learners", "chance,lexstat",
                                "--no-figures", "--confidence", "0", *run],
    }.get(command) or [*command.split(), *run]   # other protocols: an empty --data folder


class _TimeUp(BaseException):
    """The time bound of one run (a BaseException: no command catches it)."""


def _alarm(signum, frame):
    raise _TimeUp


def outcome(argv: list[str], capsys) -> tuple[str, str]:
    """``exit 0``, ``exit 2`` (one ``induceval: error:`` line on stderr), or what else."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_BOUND)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    except _TimeUp:
        return "hang", ""
    except Exception as exc:  # noqa: BLE001 - a traceback is what this test finds
        return "traceback", f"{type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    err = capsys.readouterr().err.strip().splitlines()
    if code == 0:
        return "exit 0", ""
    if code == 2 and len(err) == 1 and err[0].startswith("induceval: error:"):
        return "exit 2", err[0]
    return f"exit {code}", "\n".join(err[-5:])


def test_every_numeric_option_says_its_range():
    bare = [f"{c} {o}" for c, o in OPTIONS
            if not getattr(next(a for p, opt, a in numeric_options(build_parser())
                                if " ".join(p) == c and opt == o).type, "numeric", False)]
    assert not bare, f"numeric options with a bare int/float type (no range): {bare}"
    assert len(OPTIONS) > 100


@pytest.mark.parametrize("command, option", OPTIONS)
def test_numeric_option_values_run_or_are_refused_in_one_line(command, option, tmp_path,
                                                               capsys):
    seen: Counter = Counter()
    bad = []
    for value in VALUES:
        argv = [*base_argv(command, option, tmp_path), option, value]
        what, detail = outcome(argv, capsys)
        seen[what] += 1
        if what not in ("exit 0", "exit 2"):
            bad.append(f"{option} {value!r}: {what}: {detail}")
        elif what == "exit 2" and value not in ("0",) and option not in detail:
            bad.append(f"{option} {value!r}: the error does not name the option: {detail}")
    assert not bad, "\n".join(bad)
