"""Run a protocol's independent cells: resumable, in parallel, with progress.

A protocol is a set of *cells* (one model on one corpus at one K, say), each
a picklable call returning a JSON-serialisable dict.  :func:`run_cells`
stores each finished cell as ``<out>/cells/<key>.json`` and skips cells
already stored, so an interrupted run resumes without recomputing them.
A stored cell is reused only when it was written by the same package version from
the same inputs, and its content still matches the digest stored with it
(:mod:`~induceval.parallel.digest`): a cell changed since, by hand or by a
disk, is named in a note and computed again.

Where cells run is the ``executor`` of :func:`induceval.parallel.map`
(this process, a local pool, or Dask).  Either way the results are collected
here and each cell is written atomically as soon as it is back, so a cell
interrupted on a worker is recomputed, never half-stored; results depend
neither on the number of workers nor on the order in which cells finish.  A
failing cell raises the error one process meets first (an exception that is
no :class:`~induceval.errors.InducevalError` is raised as one naming the
cell); the cells finished before are kept.  Arguments several cells share (a
corpus) are sent to each worker once.

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

import contextlib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from induceval._version import __version__
from induceval.atomic import write_atomic
from induceval.errors import InducevalError, check_range
from induceval.parallel.digest import content_digest, inputs_digest
from induceval.parallel.lock import folder_lock
from induceval.parallel.maps import stream
from induceval.progress import (
    format_seconds,
    heartbeat,
    note,
    progress,
    progress_bars,
    within,
)

__all__ = ["Cell", "run_cells", "cell_path"]


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


@dataclass(frozen=True)
class _Ref:
    """Stands for a shared argument of a cell (one of the ``shared`` keyword arguments)."""

    name: str


@dataclass(frozen=True)
class _Shown:
    """Where a cell's own progress is shown: in the process (and thread) that runs the
    cells, named by ``label``; a worker process or thread stays silent (its bars
    would write over the counter; the counter's :func:`heartbeat` speaks for it)."""

    label: str
    pid: int
    thread: int

    def here(self) -> bool:
        import threading

        return os.getpid() == self.pid and threading.get_ident() == self.thread


def _call(item: tuple, **shared):
    fn, args, kwargs, shown = item

    def arg(a):
        return shared[a.name] if isinstance(a, _Ref) else a

    with contextlib.ExitStack() as stack:
        if shown is not None and shown.here():
            stack.enter_context(progress_bars(True))   # the cell's sweeps, iterations
            stack.enter_context(within(shown.label))
        return fn(*(arg(a) for a in args), **{k: arg(v) for k, v in kwargs.items()})


def _share(todo: Sequence[Cell], shown: bool = False) -> tuple[list[tuple], dict[str, object]]:
    """The cells as work items, with the arguments passed to several cells sent once
    (``shown``: each item says where its own progress is shown, :class:`_Shown`)."""
    seen: dict[int, int] = {}
    objs: dict[int, object] = {}
    for c in todo:
        for a in (*c.args, *c.kwargs.values()):
            if a is None or isinstance(a, (str, bytes, int, float, bool)):
                continue
            seen[id(a)] = seen.get(id(a), 0) + 1
            objs[id(a)] = a
    names = {i: f"arg{n}" for n, i in enumerate(i for i in seen if seen[i] > 1)}

    def ref(a):
        return _Ref(names[id(a)]) if id(a) in names else a

    import threading

    def where(i: int, c: Cell) -> _Shown | None:
        return (_Shown(f"cell {i + 1}/{len(todo)} {c.key!r}", os.getpid(), threading.get_ident())
                if shown else None)

    items = [(c.fn, tuple(ref(a) for a in c.args), {k: ref(v) for k, v in c.kwargs.items()},
              where(i, c)) for i, c in enumerate(todo)]
    return items, {name: objs[i] for i, name in names.items()}


def _read_stored(path: Path) -> dict | None:
    """The stored cell at ``path`` (``None`` when absent); a damaged one (cut short, empty,
    not a cell, content not matching its digest) is set aside as ``*.damaged`` with a note,
    and is computed again; one without a digest (an older induceval's) is computed again."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
    else:
        try:
            stored = json.loads(text)
            if not (isinstance(stored, dict) and "result" in stored):
                why = "not a stored cell"
            elif "digest" not in stored:
                # nothing to check it against: never trusted, rewritten with a digest
                note(f"stored cell {path} has no digest (stored by an older induceval): "
                     "computing it again")
                return None
            elif stored["digest"] == content_digest(stored):
                return stored
            else:
                why = "stored content does not match its digest"
        except json.JSONDecodeError as exc:
            why = "empty" if not text.strip() else f"invalid JSON, {exc.msg.removesuffix(' at')}" \
                                                    f" at character {exc.pos} of {len(text)}"
    aside = path.with_name(path.name + ".damaged")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged{n}")
    try:
        os.replace(path, aside)
        where = f"set aside as {aside.name}"
    except OSError as exc:
        where = f"could not be set aside ({exc.strerror})"
    note(f"stored cell {path} is damaged ({why}): {where}; computing it again")
    return None


def cell_path(out_dir: str | os.PathLike, key: str) -> Path:
    """Where :func:`run_cells` stores the cell ``key`` under ``out_dir``.

    Parameters
    ----------
    out_dir
        The run's output folder.
    key
        The cell's key.

    Returns
    -------
    pathlib.Path
        The cell's JSON file.

    Example
    -------
    >>> cell_path("runs/x", "a b").as_posix()
    'runs/x/cells/a_b.json'
    """
    return Path(out_dir) / "cells" / f"{_safe(key)}.json"


def _load(cells: Sequence[Cell], store: Path | None,
          inputs: dict[str, str]) -> tuple[dict, list[Cell]]:
    """The results stored by this package version for the same inputs, whose content matches
    its digest, and the cells to compute."""
    results: dict[str, object] = {}
    todo: list[Cell] = []
    for c in cells:
        path = store / f"{_safe(c.key)}.json" if store else None
        stored = _read_stored(path) if path else None
        # a cell stored by another package version is recomputed: defaults may differ
        if stored is not None and stored.get("version") == __version__:
            if stored.get("inputs") == inputs[c.key]:
                results[c.key] = stored["result"]
                continue
            note(f"stored cell {path} was made from other inputs or options (a file it reads "
                 "changed since, or its arguments): computing it again")
        todo.append(c)
    return results, todo


def _stored_record(cell: Cell, inputs: str, result: object) -> dict:
    """What is stored of a cell: key, version, the digest of its inputs, its result (as
    JSON gives it back) and the digest of all of these."""
    record = {"key": cell.key, "version": __version__, "inputs": inputs,
              "result": json.loads(json.dumps(result, default=str))}
    return {**record, "digest": content_digest(record)}


def _save(store: Path, cell: Cell, inputs: str, result: object) -> None:
    # a unique temporary name (atomic_path): two processes never write the same one
    write_atomic(store / f"{_safe(cell.key)}.json",
                 json.dumps(_stored_record(cell, inputs, result), default=str))


def run_cells(cells: Sequence[Cell], out_dir: str | os.PathLike | None, *, jobs: int = 1,
              show_progress: bool = False, desc: str = "cells", executor=None,
              estimate: float | None = None) -> dict[str, object]:
    """Compute every cell not stored under ``out_dir/cells``; key -> result in cell order.

    Parameters
    ----------
    cells
        The cells; keys must be unique.
    out_dir
        Where finished cells are stored (``None``: keep nothing, no resume).
    executor, jobs
        As in :func:`induceval.parallel.map`.
    show_progress
        Show a progress bar on stderr; cells run in this process show their own
        (BHMM sweeps, EM iterations: :func:`~induceval.progress.step_bar`)
        after their number; when stderr is not a terminal, a line now and then
        says the cells done, the time so far and an estimate of the time left.
    estimate
        The expected seconds of the cells to compute (wall clock), for the
        time left before the first cell is done (``None``: not said).

    Returns
    -------
    dict
        Cell key -> result, in the order of ``cells`` (stored cells read back).

    One run at a time stores cells in ``out_dir`` (a second is refused,
    :func:`~induceval.parallel.lock.folder_lock`); a damaged stored cell is
    set aside as ``*.damaged`` with a note and computed again.

    Example
    -------
    >>> out = run_cells([Cell("a", pow, (2, 3)), Cell("b", pow, (3, 2))], None)
    >>> out
    {'a': 8, 'b': 9}
    """
    check_range("jobs", jobs, 1)
    keys = [c.key for c in cells]
    if len(set(keys)) != len(keys):
        raise InducevalError("cell keys must be unique")
    with folder_lock(out_dir) if out_dir is not None else contextlib.nullcontext():
        return _run_cells(cells, keys, out_dir, jobs, show_progress, desc, executor, estimate)


def _status(desc: str, total: int, done: list[int], estimate: float | None, jobs: int = 1):
    """The heartbeat's line: cells done, time so far, time left (from ``estimate`` until it
    is spent, then from the cells done: cells of unequal cost, the costliest first, make a
    rate of cells done a poor guide while the estimate lasts)."""

    def line(elapsed: float) -> str:
        n = done[0]
        if estimate is not None and estimate > elapsed:
            left = f"about {format_seconds(estimate - elapsed)} left (estimated)"
        elif n:
            left = f"about {format_seconds(elapsed * (total - n) / n)} left"
        elif estimate is not None:
            left = "over the estimate"
        else:
            left = "time left unknown"
        running = (f"; cell {n + 1}/{total} running" if jobs == 1 else
                   f"; {min(jobs, total - n)} cells running") if n < total else ""
        return (f"induceval: {desc}: {n}/{total} cells done after "
                f"{format_seconds(elapsed)}{running}; {left}")

    return line


def _run_cells(cells, keys, out_dir, jobs, show_progress, desc, executor,
               estimate) -> dict[str, object]:
    store = None
    if out_dir is not None:
        store = Path(out_dir) / "cells"
        try:
            store.mkdir(parents=True, exist_ok=True)
        except OSError as exc:   # a read-only folder, a file in the way: one line
            raise InducevalError(f"cannot create the folder {store}: "
                                 f"{exc.strerror or exc}") from None
    # the digest of each cell's inputs: checked against the stored cells, stored with new ones
    shared: dict = {}   # a corpus several cells take is hashed once
    inputs = ({c.key: inputs_digest(c.fn, c.args, c.kwargs, shared) for c in cells}
              if store else {})
    results, todo = _load(cells, store, inputs)
    if todo:
        # longest processing time first (stable: equal costs keep the cells' order)
        todo.sort(key=lambda c: -c.cost)
        items, shared = _share(todo, shown=show_progress)
        done = stream(_call, items, executor=executor, jobs=jobs, name="cell", shared=shared,
                      labels=[_safe(c.key) for c in todo],
                      what=lambda i, where: f"cell {todo[i].key!r} failed {where}")
        count = [0]
        with contextlib.closing(done), heartbeat(_status(desc, len(todo), count, estimate, jobs),
                                                 enabled=show_progress):
            # (closing: a failure here stops the workers at once)
            for i, result in progress(done, total=len(todo), desc=desc, enabled=show_progress,
                                      unit="cell"):
                count[0] += 1
                results[todo[i].key] = result
                if store is not None:
                    _save(store, todo[i], inputs[todo[i].key], result)
    return {k: results[k] for k in keys}
