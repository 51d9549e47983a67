"""The README's tour runs: its Python blocks execute and its CLI examples exit 0.

Python blocks of the tour (after "## A short tour") run in order in one
namespace, in a fresh folder; each ``induceval ...`` line of its bash blocks
then runs through :func:`induceval.cli.main.main` in that folder.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex

import pytest

from tests.conftest import REPO

README = REPO / "README.md"
TOUR = "## A short tour"


def _blocks(lang: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    assert TOUR in text, f"README has no {TOUR!r} section"
    tour = text[text.index(TOUR):]
    return re.findall(rf"```{lang}\n(.*?)```", tour, flags=re.S)


def _commands() -> list[str]:
    return [line.strip() for block in _blocks("bash") for line in block.splitlines()
            if line.strip().startswith("induceval ")]


@pytest.fixture(scope="module")
def tour_dir(tmp_path_factory):
    """Run the Python blocks once (they create the files the CLI examples use)."""
    import os

    folder = tmp_path_factory.mktemp("readme")
    old = os.getcwd()
    os.chdir(folder)
    try:
        namespace: dict = {"__name__": "__readme__"}
        for i, block in enumerate(_blocks("python")):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, f"README.md python block {i + 1}", "exec"), namespace)
    finally:
        os.chdir(old)
    return folder


def test_tour_has_examples():
    assert len(_blocks("python")) >= 4
    assert any(c.startswith("induceval info") for c in _commands())


def test_python_blocks_run(tour_dir):
    assert (tour_dir / "tiny.conllu").exists()


@pytest.mark.parametrize("command", _commands())
def test_cli_examples_run(command, tour_dir, monkeypatch, capsys):
    from induceval.cli.main import main

    argv = shlex.split(command)[1:]
    monkeypatch.chdir(tour_dir)
    assert main(argv) == 0, capsys.readouterr().err


def test_one_chain_vocabulary():
    # LB and RB are named as Gelling et al. (2012, §4) name them (right_branching's score
    # is no "left chain"), and no text names a chain by the direction of its arcs
    texts = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")),
             *sorted((REPO / "src" / "induceval").rglob("*.py"))]
    found = [f"{p.relative_to(REPO)}:{i}" for p in texts
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b(left|right)[ -]chain\b", line, re.I)]
    assert not found, found


def test_chains_point_as_named():
    # LB: each word's head is the next word; RB: the previous word (1-based heads)
    from induceval.models.dependencies.chains import left_branching, right_branching
    assert left_branching([0, 3]).tolist() == [2, 3, 0]
    assert right_branching([0, 3]).tolist() == [0, 1, 2]
