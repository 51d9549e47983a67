"""Run a protocol's independent cells: resumable, in parallel, with progress.

A protocol is a set of *cells* (one model on one corpus at one K, say), each
a picklable call returning a JSON-serialisable dict.  :func:`run_cells`
stores each finished cell as ``<out>/cells/<key>.json`` and skips cells
already stored, so an interrupted run resumes without recomputing them.
``jobs > 1`` runs cells in local worker processes.  A stored cell is reused
only when it was written by the same package version.

Example
-------
>>> import tempfile
>>> d = tempfile.mkdtemp()
>>> cells = [Cell("a", pow, (2, 3)), Cell("b", pow, (3, 2))]
>>> res = run_cells(cells, d)
>>> res["a"], res["b"]
(8, 9)
>>> run_cells(cells, d)["a"]   # read back, not recomputed
8
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from induceval._version import __version__
from induceval.errors import InducevalError, check_range
from induceval.report.progress import progress

__all__ = ["Cell", "run_cells"]


@dataclass(frozen=True)
class Cell:
    """One unit of a protocol: ``key`` names it; ``fn(*args, **kwargs)`` computes it."""

    key: str
    fn: Callable
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)


def _safe(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", key)


def _run(cell: Cell):
    return cell.fn(*cell.args, **cell.kwargs)


def run_cells(cells: Sequence[Cell], out_dir: str | os.PathLike | None, *, jobs: int = 1,
              show_progress: bool = False, desc: str = "cells") -> dict[str, object]:
    """Compute every cell not already stored under ``out_dir/cells``.

    Parameters
    ----------
    cells
        The cells; keys must be unique.
    out_dir
        Where finished cells are stored (``None``: keep nothing, no resume).
    jobs
        Worker processes (1 = in this process).
    show_progress
        Show a progress bar on stderr.

    Returns
    -------
    dict
        Cell key -> result, in the order of ``cells``.
    """
    check_range("jobs", jobs, 1)
    keys = [c.key for c in cells]
    if len(set(keys)) != len(keys):
        raise InducevalError("cell keys must be unique")
    store = None
    if out_dir is not None:
        store = Path(out_dir) / "cells"
        store.mkdir(parents=True, exist_ok=True)
    results: dict[str, object] = {}
    todo: list[Cell] = []
    for c in cells:
        path = store / f"{_safe(c.key)}.json" if store else None
        stored = None
        if path is not None and path.exists():
            with open(path, encoding="utf-8") as fh:
                stored = json.load(fh)
        # a cell stored by another package version is recomputed: defaults may differ
        if stored is not None and stored.get("version") == __version__:
            results[c.key] = stored["result"]
        else:
            todo.append(c)

    def save(cell: Cell, result: object) -> None:
        results[cell.key] = result
        if store is not None:
            tmp = store / f".{_safe(cell.key)}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump({"key": cell.key, "version": __version__, "result": result}, fh,
                          default=str)
            os.replace(tmp, store / f"{_safe(cell.key)}.json")

    if jobs == 1 or len(todo) <= 1:
        for cell in progress(todo, desc=desc, enabled=show_progress, unit="cell"):
            save(cell, _run(cell))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_run, c): c for c in todo}
            done = as_completed(futures)
            for fut in progress(done, total=len(todo), desc=desc, enabled=show_progress,
                                unit="cell"):
                save(futures[fut], fut.result())
    return {k: results[k] for k in keys}
