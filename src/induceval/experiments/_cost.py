"""What a protocol will cost: its cells and an estimate of their time, said before the first one.

:func:`run_protocol_cells` is :func:`~induceval.parallel.run_cells` preceded
(with progress on) by one stderr line: the cells to run, an estimate of
their time on this machine and the options that shorten or spread the work.
The estimate times each cell on two short prefixes of its corpora (and, for
iterative models, a few iterations) and extrapolates linearly in the tokens
(and iterations): ``t(S) = t1 + (t2 - t1) (S - s1) / (s2 - s1)``, so that a
fixed cost per cell (set-up, scoring) is not scaled with the corpus.  Cells
already stored under ``out_dir`` take no time; cells whose arguments hold no
corpus are counted as not timed.

Example
-------
>>> ticks = iter([0.0, 1.0, 1.0, 3.0])          # a fake clock: the probes take 1 s and 2 s
>>> extrapolate((100, 200), (lambda: None, lambda: None), 1000, clock=lambda: next(ticks))
10.0
>>> format_seconds(10.0), format_seconds(9000)
('10 s', '2.5 h')
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from induceval.corpus.model import Corpus
from induceval.parallel import Cell, run_cells
from induceval.report.progress import format_seconds, say

__all__ = ["run_protocol_cells", "estimate_cells", "extrapolate", "format_seconds", "SPREAD"]

#: the options that spread a protocol's cells over processes or machines
SPREAD = "spread it: --jobs N, --scheduler ADDRESS or --cluster slurm"
#: sentences of the smaller probe: this share of the corpus, at least PROBE_MIN
PROBE_SHARE, PROBE_MIN = 0.01, 100
#: model parameters counting iterations, probed with PROBE_ITERATIONS of them
ITERATION_PARAMS, PROBE_ITERATIONS = ("iterations", "sweeps"), 5


def extrapolate(sizes: tuple[float, float], probes: tuple[Callable, Callable], full: float, *,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """The time at size ``full`` of the work timed at ``sizes`` (two probes, linear fit).

    Never less than the larger probe's time (timing noise cannot make the
    slope negative).
    """
    times = []
    for run in probes:
        t0 = clock()
        run()
        times.append(clock() - t0)
    (s1, s2), (t1, t2) = sizes, times
    slope = max(t2 - t1, 0.0) / max(s2 - s1, 1e-9)
    return max(t1 + slope * (full - s1), t2)


def _prefix(arg, n: int):
    return arg.select(range(min(n, arg.n_sentences))) if isinstance(arg, Corpus) else arg


def _fewer_iterations(kwargs: dict) -> tuple[dict, float]:
    """``kwargs`` with its iteration counts cut to PROBE_ITERATIONS, and the factor cut."""
    params = kwargs.get("params")
    if not isinstance(params, dict):
        return kwargs, 1.0
    factor, cut = 1.0, dict(params)
    for name in ITERATION_PARAMS:
        n = params.get(name)
        if isinstance(n, int) and n > PROBE_ITERATIONS:
            cut[name], factor = PROBE_ITERATIONS, factor * n / PROBE_ITERATIONS
    return {**kwargs, "params": cut}, factor


def _cell_estimate(cell: Cell, clock) -> float | None:
    corpora = [a for a in (*cell.args, *cell.kwargs.values()) if isinstance(a, Corpus)]
    if not corpora:
        return None
    n = max(c.n_sentences for c in corpora)
    s1 = min(max(PROBE_MIN, math.ceil(PROBE_SHARE * n)), max(n // 4, 1))
    kwargs, factor = _fewer_iterations(cell.kwargs)

    def probe(size):
        return lambda: cell.fn(*(_prefix(a, size) for a in cell.args),
                               **{k: _prefix(v, size) for k, v in kwargs.items()})

    probe(s1)()  # once untimed: imports and compiled kernels are not the cell's cost
    return factor * extrapolate((s1, 2 * s1), (probe(s1), probe(2 * s1)), n, clock=clock)


def estimate_cells(cells: Sequence[Cell], *, clock: Callable[[], float] = time.perf_counter
                   ) -> tuple[float, int]:
    """The estimated seconds of ``cells`` run one after the other, and how many were not timed."""
    total, untimed = 0.0, 0
    for c in cells:
        est = _cell_estimate(c, clock)
        if est is None:
            untimed += 1
        else:
            total += est
    return total, untimed


def _stored(cells: Sequence[Cell], out_dir) -> set[str]:
    from induceval.parallel.cells import cell_path

    if out_dir is None:
        return set()
    return {c.key for c in cells if cell_path(out_dir, c.key).exists()}


def run_protocol_cells(cells: Sequence[Cell], out_dir: str | os.PathLike | Path | None, *,
                       jobs: int = 1, show_progress: bool = False, desc: str = "cells",
                       shorten: str = "--max-sentences N") -> dict[str, object]:
    """:func:`~induceval.parallel.run_cells`, said first: cells, estimated time, options.

    ``shorten``: the protocol's options that shorten it (for the line).
    """
    seconds = None
    if show_progress:
        done = _stored(cells, out_dir)
        todo = [c for c in cells if c.key not in done]
        seconds, untimed = estimate_cells(todo)
        per_job = f", about {format_seconds(seconds / jobs)} with --jobs {jobs}" if jobs > 1 else ""
        say(f"induceval: {desc}: {len(todo)} of {len(cells)} cells to run"
            + (f" ({len(done)} stored in {out_dir})" if done else "")
            + f"; estimated {format_seconds(seconds)} one after the other on this machine"
            + per_job + (f" ({untimed} cells not timed)" if untimed else "")
            + f"; shorten it: {shorten}; {SPREAD}")
    return run_cells(cells, out_dir, jobs=jobs, show_progress=show_progress, desc=desc,
                     estimate=None if seconds is None else seconds / jobs)
