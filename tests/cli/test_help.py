"""Help text: plain words, and every example in --help and in the CLI docstrings runs.

Examples are the lines starting with ``induceval `` (a trailing backslash
continues a line) in the help of every subcommand and in the docstrings of
the ``induceval.cli`` modules.  They run in order in one folder prepared by
:data:`SETUP` (the files the examples name).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import shlex

import pytest

import induceval
import induceval.cli
from induceval.cli.main import build_parser, main

SETUP = ["convert --demo -o gold.conllu",
         "induce deps --model lb --demo -o lb.conllu -q"]


def _leaves(parser, path=()):
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield " ".join(path), parser
        return
    for action in subs:
        for name, sub in action.choices.items():
            yield from _leaves(sub, path + (name,))


LEAVES = dict(_leaves(build_parser()))


def _examples(text: str) -> list[str]:
    text = re.sub(r"\\\n\s*", " ", text)
    # example blocks are indented (reST literal blocks, kept by the raw help formatter)
    return [line.strip() for line in text.splitlines()
            if line.startswith("    ") and line.strip().startswith("induceval ")]


def _all_examples() -> list[str]:
    found: list[str] = []
    for mod in pkgutil.iter_modules(induceval.cli.__path__, "induceval.cli."):
        found += _examples(importlib.import_module(mod.name).__doc__ or "")
    for parser in LEAVES.values():
        found += _examples(parser.format_help())
    out: list[str] = []
    for ex in found:
        if ex not in out:
            out.append(ex)
    # producers before consumers: induce and convert first
    return sorted(out, key=lambda e: (e.split()[1] not in ("convert", "induce"), ))


@pytest.mark.parametrize("cmd", sorted(LEAVES))
def test_help_is_plain(cmd):
    text = LEAVES[cmd].format_help()
    assert not re.search(r":(func|class|mod|data|meth):`", text), cmd
    assert "``" not in text, cmd
    # a seed file number (not a decimal such as the default alpha 0.003)
    assert not re.search(r"(?<![\d.])\b00[0-4]\b", text), f"{cmd}: internal paper number in help"


def test_examples_run(tmp_path, monkeypatch, capsys):
    examples = _all_examples()
    assert len(examples) >= 6
    monkeypatch.chdir(tmp_path)
    for cmd in SETUP + examples:
        rc = main(shlex.split(cmd)[1:] if cmd.startswith("induceval ") else shlex.split(cmd))
        assert rc == 0, (cmd, capsys.readouterr().err)


def test_public_api_listed_in_help():
    # every public name is described in the package docstring and resolves
    doc = induceval.__doc__
    for name in induceval._API:
        assert f"``{name}``" in doc, name
        assert getattr(induceval, name) is not None
