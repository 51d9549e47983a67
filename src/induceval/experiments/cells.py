"""Run a protocol's independent cells: resumable, in parallel, with progress.

A protocol is a set of *cells* (one model on one corpus at one K, say), each
a picklable call returning a JSON-serialisable dict.  :func:`run_cells`
stores each finished cell as ``<out>/cells/<key>.json`` and skips cells
already stored, so an interrupted run resumes without recomputing them.
A stored cell is reused only when it was written by the same package version.

Where cells run is one seam, the ``executor`` (see :mod:`induceval.parallel`):
``local`` runs them in this process (``jobs=1``) or a local process pool;
``dask`` submits them to a ``distributed.Client`` (an embedded LocalCluster of
``jobs`` workers, an existing scheduler, or a Slurm cluster).  Either way the
results are collected in this process and each cell is written atomically
(temporary file, then rename) as soon as it is back, so a cell interrupted on
a worker is recomputed by the next run (or by Dask on another worker), never
half-stored; results do not depend on the number of workers nor on the order
in which cells finish.  A cell that fails on a worker raises an
:class:`~induceval.errors.InducevalError` naming it; the cells finished
before are kept.

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
>>> list(run_cells([Cell("short", pow, (2, 2)), Cell("long", pow, (2, 9), cost=9.0)], None))
['short', 'long']
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from induceval._version import __version__
from induceval.errors import InducevalError, check_range
from induceval.parallel import _worker_error, dask_client, local_jobs, task_key
from induceval.report.progress import progress

__all__ = ["Cell", "run_cells"]


@dataclass(frozen=True)
class Cell:
    """One unit of a protocol: ``key`` names it; ``fn(*args, **kwargs)`` computes it.

    ``cost`` is the cell's expected cost in any unit shared by the cells of a
    run (e.g. K x sweeps for BHMM cells): parallel runs start the costliest
    cells first, so that a long cell does not start last while the other
    workers idle.  It changes no result.
    """

    key: str
    fn: Callable
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    cost: float = 0.0


def _safe(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", key)


def _run(cell: Cell):
    return cell.fn(*cell.args, **cell.kwargs)


def _run_parts(fn: Callable, args: tuple, kwargs: dict):
    return fn(*args, **kwargs)


def _identity(x):
    return x


def run_cells(cells: Sequence[Cell], out_dir: str | os.PathLike | None, *, jobs: int = 1,
              show_progress: bool = False, desc: str = "cells",
              executor=None) -> dict[str, object]:
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
    executor
        Where cells run: ``None`` (the engine set by
        :func:`induceval.parallel.use_executor`, else local processes, or an
        embedded Dask LocalCluster when ``jobs > 1`` and Dask is installed),
        ``"local"``, ``"dask"``, an :class:`~induceval.parallel.ExecutorSpec`
        or a ``distributed.Client``.

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

    if not todo:
        return {k: results[k] for k in keys}
    # longest processing time first (stable: equal costs keep the cells' order)
    todo.sort(key=lambda c: -c.cost)
    with dask_client(executor, jobs=jobs, n_tasks=len(todo)) as client:
        if client is not None:
            _run_on_dask(client, todo, save, show_progress, desc)
            return {k: results[k] for k in keys}
    n_jobs = local_jobs(executor, jobs)
    if n_jobs == 1 or len(todo) <= 1:
        for cell in progress(todo, desc=desc, enabled=show_progress, unit="cell"):
            save(cell, _run(cell))
    else:
        with ProcessPoolExecutor(max_workers=n_jobs) as pool:
            futures = {pool.submit(_run, c): c for c in todo}
            done = as_completed(futures)
            for fut in progress(done, total=len(todo), desc=desc, enabled=show_progress,
                                unit="cell"):
                cell = futures[fut]
                try:
                    result = fut.result()
                except InducevalError:
                    raise
                except BrokenProcessPool as exc:
                    raise InducevalError(f"cell {cell.key!r}: a worker process died "
                                         f"({exc}); finished cells are stored, rerun to "
                                         "resume") from exc
                save(cell, result)
    return {k: results[k] for k in keys}


def _shared_args(client, todo: Sequence[Cell]) -> dict[int, object]:
    """Arguments passed to several cells (a corpus, say), sent once as Dask tasks.

    They are submitted as tasks rather than scattered, so that Dask can
    recompute them when the worker holding them dies.
    """
    seen: dict[int, int] = {}
    objs: dict[int, object] = {}
    for c in todo:
        for a in (*c.args, *c.kwargs.values()):
            if a is None or isinstance(a, (str, bytes, int, float, bool)):
                continue
            seen[id(a)] = seen.get(id(a), 0) + 1
            objs[id(a)] = a
    shared = {}
    for i, n in seen.items():
        if n > 1:
            shared[i] = client.submit(_identity, objs[i], key=task_key("data", str(i)),
                                      pure=False, priority=len(todo) + 1)
    return shared


def _replicate(client, futures: list) -> None:
    """Copy shared arguments to every worker before the cells that need them are submitted.

    Otherwise Dask places every cell on the worker that computed the shared
    argument (data locality), and another worker gets cells only by work
    stealing, which waits for the busy worker to answer, and a compiled
    kernel holding the GIL keeps it from answering: with 8 equal BHMM cells
    of 3.5 s on 2 workers the second worker started its first cell 1.5 s
    late.  The copies stay recomputable: the shared arguments are tasks, not
    scattered data.  A copy that fails only costs that delay.
    """
    if not futures:
        return
    n_workers = len(client.scheduler_info(n_workers=-1).get("workers", {}))
    if n_workers < 2:
        return
    from distributed import wait

    wait(futures)
    for _ in range(2):  # Dask's memory manager may drop an unneeded copy at once: retry
        try:
            client.replicate(futures)
            held = client.who_has(futures)
        except Exception:  # pragma: no cover - e.g. a worker left meanwhile
            return
        if all(len(w) >= n_workers for w in held.values()):
            return


def _run_on_dask(client, todo: Sequence[Cell], save, show_progress: bool, desc: str) -> None:
    import warnings

    from distributed import as_completed as dask_completed

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*Sending large graph.*")
        warnings.filterwarnings("ignore", message=".*Large object.*")
        shared = _shared_args(client, todo)
        _replicate(client, list(shared.values()))

        def swap(a):
            return shared.get(id(a), a)

        futures = {}
        for rank, c in enumerate(todo):  # todo is costliest first: Dask runs high priorities first
            fut = client.submit(_run_parts, c.fn, tuple(swap(a) for a in c.args),
                                {k: swap(v) for k, v in c.kwargs.items()},
                                key=task_key("cell", _safe(c.key)), pure=False,
                                priority=len(todo) - rank)
            futures[fut] = c
    try:
        for fut in progress(dask_completed(list(futures)), total=len(futures), desc=desc,
                            enabled=show_progress, unit="cell"):
            cell = futures[fut]
            try:
                result = fut.result()
            except Exception as exc:
                raise _worker_error(f"cell {cell.key!r} failed on a Dask worker", exc) from exc
            save(cell, result)
    except BaseException:  # a failure or Ctrl-C: stop the rest (finished cells are stored)
        client.cancel(list(futures) + list(shared.values()))
        raise
