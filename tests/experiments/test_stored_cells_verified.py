"""Stored cells are verified before a resume reads them: their content against its digest,
their inputs and options against those of the run.

Before: one digit changed in a stored chang2006 cell (``"wopa": 0.1039`` -> ``0.9039``) was
read back into the tables by the resume, which moved Chance's mean and ended with exit 0;
a cell made from a corpus since edited was reused as well.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from induceval.cli.main import main
from induceval.parallel import Cell, run_cells
from tests.conftest import FIXTURES, REPO

TOY_CHA = FIXTURES / "wopa" / "toy.cha"
TOY_DEPS = FIXTURES / "dependency-models" / "toy.conllu"


def _chang(out: Path) -> list[str]:
    return ["reproduce", "chang2006", str(TOY_CHA), "--out", str(out), "--learners",
            "chance,lexstat", "--no-figures", "--no-progress", "--format", "csv"]


def _change_one_digit(path: Path, field: str) -> None:
    """The first digit after the decimal point of the first ``field`` value, changed."""
    text = path.read_text()
    m = re.search(rf'"{field}": (\d)\.(\d)', text)
    assert m, text[:300]
    digit = "9" if m.group(2) != "9" else "1"
    path.write_text(text[:m.start(2)] + digit + text[m.end(2):])


def test_a_digit_changed_in_a_stored_chang2006_cell_is_named_and_recomputed(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(_chang(out)) == 0
    means = (out / "means.csv").read_bytes()
    capsys.readouterr()
    (cell,) = (out / "cells").glob("*.json")
    _change_one_digit(cell, "wopa")
    assert main(_chang(out)) == 0
    err = capsys.readouterr().err
    assert f"stored cell {cell} is damaged (stored content does not match its digest)" in err
    assert "computing it again" in err
    assert (out / "means.csv").read_bytes() == means          # the tables of the first run
    assert (out / "cells" / (cell.name + ".damaged")).exists()  # the changed one kept aside
    # recomputed and stored again with its digest: the next resume reads it silently
    assert main(_chang(out)) == 0
    assert "note" not in capsys.readouterr().err


def test_a_digit_changed_in_a_stored_pascal2012_deps_cell_is_recomputed(tmp_path, capsys):
    argv = ["reproduce", "pascal2012-deps", str(TOY_DEPS), "--systems", "LB,RB",
            "--out", str(tmp_path), "--no-progress"]
    assert main(argv) == 0
    tables = sorted(tmp_path.glob("*.csv"))
    before = {p.name: p.read_bytes() for p in tables}
    capsys.readouterr()
    cell = tmp_path / "cells" / "toy_LB.json"
    text = cell.read_text()
    m = re.search(r"(\d)(\d*\.\d+)", text[text.index('"result"'):])
    assert m
    at = text.index('"result"') + m.start(1)
    cell.write_text(text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1:])
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert f"stored cell {cell} is damaged (stored content does not match its digest)" in err
    assert {p.name: p.read_bytes() for p in tables} == before


def _lines(path: str) -> int:
    with open(path, encoding="utf-8") as fh:
        return sum(1 for _ in fh)


def test_a_cell_whose_input_file_changed_is_recomputed(tmp_path, capsys):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("a\nb\n")
    cells = [Cell("lines", _lines, (str(corpus),))]
    assert run_cells(cells, tmp_path / "run") == {"lines": 2}
    assert run_cells(cells, tmp_path / "run") == {"lines": 2}
    assert "note" not in capsys.readouterr().err
    corpus.write_text("a\nb\nc\n")
    assert run_cells(cells, tmp_path / "run") == {"lines": 3}
    assert "was made from other inputs or options" in capsys.readouterr().err


def test_a_cell_of_other_options_under_the_same_key_is_recomputed(tmp_path, capsys):
    assert run_cells([Cell("a", pow, (2, 3))], tmp_path) == {"a": 8}
    assert run_cells([Cell("a", pow, (2, 4))], tmp_path) == {"a": 16}
    assert "other inputs or options" in capsys.readouterr().err


def test_a_cell_without_a_digest_is_not_trusted(tmp_path, capsys):
    from induceval._version import __version__

    store = tmp_path / "cells"
    store.mkdir()
    (store / "a.json").write_text(json.dumps({"key": "a", "version": __version__,
                                              "result": 1000}))
    assert run_cells([Cell("a", pow, (2, 3))], tmp_path) == {"a": 8}
    assert "has no digest" in capsys.readouterr().err
    assert "digest" in json.loads((store / "a.json").read_text())


def test_the_inputs_digest_is_the_same_in_another_process():
    """A resume is another process (another hash seed): the digest of a corpus, its options
    and files must not depend on it, or every resume would recompute every cell."""
    code = ("from induceval.corpus.demo import generate_demo_corpus\n"
            "from induceval.parallel.digest import inputs_digest\n"
            "from induceval.experiments.chang2006 import run_corpus\n"
            "c = generate_demo_corpus(60, seed=3)\n"
            f"print(inputs_digest(run_corpus, (c, [{str(TOY_CHA)!r}], {{'x', 'y', 'z'}}),"
            " {'seed': 1, 'ties': 'random'}))\n")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONPATH": str(REPO / "src"),
                                               "PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2")}
    assert len(digests) == 1 and len(digests.pop().strip()) == 32


def _n_tokens(corpus) -> int:
    return int(corpus.n_tokens)


def test_a_cell_of_another_corpus_under_the_same_key_is_recomputed(tmp_path, capsys):
    from induceval.corpus.demo import generate_demo_corpus

    one, other = generate_demo_corpus(30, seed=1), generate_demo_corpus(30, seed=2)
    assert one.n_tokens != other.n_tokens
    assert run_cells([Cell("c", _n_tokens, (one,))], tmp_path) == {"c": one.n_tokens}
    assert run_cells([Cell("c", _n_tokens, (generate_demo_corpus(30, seed=1),))],
                     tmp_path) == {"c": one.n_tokens}    # the same content: read back
    assert "note" not in capsys.readouterr().err
    assert run_cells([Cell("c", _n_tokens, (other,))], tmp_path) == {"c": other.n_tokens}
    assert "other inputs or options" in capsys.readouterr().err
