"""One interface: the shared options are the same on every command that has them.

Walks the whole ``induceval`` parser tree (every leaf subcommand) and checks
the options defined once in :mod:`induceval.cli.common`.
"""

from __future__ import annotations

import argparse
import json
import math
import re

import pytest

from induceval.cli.common import PUNCT_DEFAULT
from induceval.cli.main import build_parser, main
from induceval.report.tables import FORMATS
from tests.conftest import one_table


def _leaves(parser: argparse.ArgumentParser, path=()):
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield " ".join(path), parser
        return
    for action in subs:
        for name, sub in action.choices.items():
            yield from _leaves(sub, path + (name,))


LEAVES = dict(_leaves(build_parser()))
#: commands that can run longer than a few seconds
LONG = ("info", "induce tags", "induce deps", "wopa", "pseudo build", "pseudo score",
        "pseudo unseen", "pseudo extract", "demo")


def _options(parser) -> dict[str, argparse.Action]:
    return {s: a for a in parser._actions for s in a.option_strings}


def test_tree_is_complete():
    for cmd in ("info", "convert", "demo", "eval tags", "eval deps", "eval substitutable",
                "induce tags", "induce deps", "wopa", "pseudo build", "pseudo score",
                "reproduce frank2009", "reproduce reichart2010", "reproduce pascal2012-pos",
                "reproduce pascal2012-deps", "reproduce pascal2012-joint",
                "reproduce chang2006", "reproduce chambers2010"):
        assert cmd in LEAVES, cmd


@pytest.mark.parametrize("cmd", sorted(LEAVES))
def test_shared_options(cmd):
    opts = _options(LEAVES[cmd])
    for banned in ("--from", "--format-in", "--shared", "--to-format"):
        assert banned not in opts, f"{cmd}: {banned} is not an induceval option name"
    if "-o" in opts or "--output" in opts:
        a = opts["-o"]
        assert a is opts["--output"] and a.dest == "output" and a.metavar == "FILE", cmd
    if "--out" in opts:
        assert cmd.startswith("reproduce "), f"{cmd}: --out is the folder of a protocol"
        assert opts["--out"].metavar == "DIR" and opts["--out"].dest == "out"
    if "--input-format" in opts:
        assert opts["--input-format"].dest == "input_format"
        assert opts["--input-format"].default == "auto"
    assert ("--gold-format" in opts) == ("--pred-format" in opts), cmd
    if "--format" in opts:
        assert tuple(opts["--format"].choices) == FORMATS, cmd
        for needed in ("-o", "--no-progress", "--percent"):
            assert needed in opts, f"{cmd} prints a table but has no {needed}"
    if "--punct" in opts:
        assert opts["--punct"].default == PUNCT_DEFAULT, cmd
    if "--no-progress" in opts:
        assert opts["--no-progress"].dest == "no_progress"
    if cmd in LONG or cmd.startswith("reproduce "):
        assert "--no-progress" in opts, f"{cmd} can run long but has no --no-progress"
    if "--on-error" in opts:
        # info is a diagnostic command: it counts malformed input and goes on;
        # every other command stops at the first error unless told to skip
        assert opts["--on-error"].default == ("skip" if cmd == "info" else "fail"), cmd
        assert set(opts["--on-error"].choices) == {"fail", "skip"}
        assert opts["--on-error"].default in opts["--on-error"].help, cmd


@pytest.mark.parametrize("cmd", sorted(LEAVES))
def test_every_option_has_help(cmd):
    for action in LEAVES[cmd]._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{cmd}: {action.option_strings or action.dest} has no help"


@pytest.mark.parametrize("cmd", sorted(c for c in LEAVES if c.startswith("reproduce ")))
def test_protocols_take_no_required_arguments(cmd):
    opts = _options(LEAVES[cmd])
    for needed in ("--out", "--data", "--format", "-o", "--no-progress"):
        assert needed in opts, f"{cmd} lacks {needed}"
    args = build_parser().parse_args(cmd.split())
    assert args.out == f"runs/{cmd.split()[1]}"


def test_eval_tags_and_deps_take_on_error():
    for cmd in ("eval tags", "eval deps"):
        assert "--on-error" in _options(LEAVES[cmd])


def test_info_defaults_to_skip_and_reports_errors(tmp_path, capsys):
    """conventions.cha holds a %mor and a %gra tier that cannot be aligned (on purpose):
    info counts them with file:line and exits 0; --on-error fail stops at the first;
    convert (like every other command) fails by default."""
    import json

    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    cha = FIXTURES / "chat" / "conventions.cha"
    out = tmp_path / "info.json"
    assert main(["info", str(cha), "--format", "json", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    d = json.loads(out.read_text())["corpora"][0]
    assert d["on_error"] == "skip"
    assert set(d["errors"]) == {"unaligned_mor", "unaligned_gra"}
    for kind, e in d["errors"].items():
        assert e["count"] >= 1 and e["first"].startswith(f"{cha}:"), kind
        assert f"{kind} {e['count']} (first at {e['first']})" in err
    assert main(["info", str(cha), "-o", str(tmp_path / "t.txt")]) == 0
    assert "on error" in (tmp_path / "t.txt").read_text()
    assert main(["info", str(cha), "--on-error", "fail"]) == 2
    assert "conventions.cha:" in capsys.readouterr().err
    assert main(["convert", str(cha), "-o", str(tmp_path / "x.conllu"), "-q"]) == 2


def test_plain_install_has_matplotlib():
    """``pip install .`` (the README's first command) must finish every protocol's figures."""
    import tomllib

    from tests.conftest import REPO

    deps = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.startswith("matplotlib") for d in deps)


def test_every_reading_command_can_skip_malformed_input(tmp_path, capsys):
    """wopa and eval substitutable read CHAT too and take --on-error skip, recorded in the
    signature.  A tier error stops only a command that uses the tier: eval substitutable
    (tags from %mor) by default, never wopa (words only; Eve's eve06.cha:391, a %gra fault,
    blocked it), which counts the faults in its notes and gives the number of the skip run."""
    import json

    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    for cmd in LEAVES:
        opts = _options(LEAVES[cmd])
        if "--input-format" in opts:
            assert "--on-error" in opts, cmd
    cha = str(FIXTURES / "chat" / "conventions.cha")
    runs = []
    for skip in ([], ["--on-error", "skip"]):
        out = tmp_path / "w.json"
        # the %mor tokens (the spoken words read no tier, so meet no tier fault)
        assert main(["wopa", cha, "--learners", "lexstat", "--words", "mor", *skip,
                     "--format", "json", "-o", str(out)]) == 0
        runs.append(one_table(json.loads(out.read_text())))
    default, skipped = runs
    assert default["rows"] == skipped["rows"]
    assert "|on_error:skip|skipped:2|" in skipped["signature"]
    assert "on_error" not in default["signature"]
    assert any(n.startswith("skipped: ") and "conventions.cha:43" in n for n in skipped["notes"])
    assert any(n.startswith("counted: ") and "conventions.cha:43" in n for n in default["notes"])
    assert main(["eval", "substitutable", "--train", cha, "--test", cha, "--pred", cha]) == 2
    assert main(["eval", "substitutable", "--train", cha, "--test", cha, "--pred", cha,
                 "--on-error", "skip", "-o", str(tmp_path / "s.txt")]) == 0
    assert "|on_error:skip|" in (tmp_path / "s.txt").read_text()



#: column names of scores that are proportions (WOPA, category and dependency measures)
_SCORES = re.compile(r"^(wopa|m1|1to1|v|vm|h|c|directed|undirected|ned|root|self|adult_child|"
                     r"accuracy\w*)( ±|_low|_high)?$")


def test_scores_are_proportions_unless_labelled_percent(capsys):
    # one scale for scores in machine-readable output, WOPA (demo, wopa) and the demo's
    # chain table included: a table in percent (a paper's layout) says "%" in its title,
    # every other score lies in [0, 1]
    assert main(["demo", "--sentences", "300", "--format", "json", "--no-progress"]) == 0
    tables = json.loads(capsys.readouterr().out)["tables"]
    wrong, seen = [], set()
    for t in tables:
        for col in t["columns"]:
            nums = [r[col] for r in t["rows"] if isinstance(r.get(col), float)
                    and math.isfinite(r[col])]
            if not nums or not _SCORES.match(col):
                continue
            seen.add(col)
            if "%" not in t["title"] and not all(0.0 <= x <= 1.0 for x in nums):
                wrong.append(f"{t['title']}: {col} {nums[:3]}")
    assert not wrong, wrong
    assert {"self", "adult_child", "directed", "m1"} <= seen   # WOPA, chains, tags were seen
