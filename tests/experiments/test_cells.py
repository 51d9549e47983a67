"""The resumable cell runner: reuse, recomputation across versions, key checks."""

from __future__ import annotations

import json

import pytest

from induceval.errors import InducevalError
from induceval.parallel import Cell, run_cells

calls: list[int] = []


def _square(x: int) -> int:
    calls.append(x)
    return x * x


def test_finished_cells_are_reused_only_for_the_same_version(tmp_path):
    calls.clear()
    cells = [Cell("a", _square, (3,)), Cell("b", _square, (4,))]
    assert run_cells(cells, tmp_path) == {"a": 9, "b": 16}
    assert run_cells(cells, tmp_path) == {"a": 9, "b": 16}
    assert calls == [3, 4]  # second run read both back
    stored = tmp_path / "cells" / "a.json"
    data = json.loads(stored.read_text())
    data["version"], data["result"] = "0.0.0-old", -1
    stored.write_text(json.dumps(data))
    assert run_cells(cells, tmp_path)["a"] == 9  # an old version's cell is recomputed
    assert calls == [3, 4, 3]


def test_duplicate_keys_and_bad_jobs_are_errors(tmp_path):
    with pytest.raises(InducevalError, match="unique"):
        run_cells([Cell("a", _square, (1,)), Cell("a", _square, (2,))], tmp_path)
    with pytest.raises(InducevalError, match="jobs"):
        run_cells([Cell("a", _square, (1,))], tmp_path, jobs=0)


def test_parallel_cells_give_the_same_results(tmp_path):
    cells = [Cell(f"c{i}", _square, (i,)) for i in range(4)]
    assert run_cells(cells, None, jobs=2, executor="local") == {f"c{i}": i * i for i in range(4)}
