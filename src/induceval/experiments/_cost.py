"""What a protocol will cost: its cells and an estimate of their time, said before the first one.

:func:`run_protocol_cells` is :func:`~induceval.parallel.run_cells` preceded
(with progress on) by one stderr line: the cells to run, an estimate of
their time on this machine and the options that shorten or spread the work.
The estimate times each cell on two short prefixes of its inputs (and, for
iterative models, a few iterations) and extrapolates linearly in the
sentences (and iterations): ``t(S) = t1 + (t2 - t1) (S - s1) / (s2 - s1)``,
so that a fixed cost per cell (set-up, scoring) is not scaled with the
corpus.  Cells already stored under ``out_dir`` take no time.

Inputs cut for the probes (:func:`cut`): a :class:`~induceval.corpus.model.Corpus`
(its first sentences); any argument with ``n_sentences`` and ``head(n)``
(the same input holding its first ``n`` sentences, e.g. a treebank read with
its tag sets; an optional ``min_sentences`` is the fewest a probe of it may
hold); a token-aligned array (one value per token of a corpus
argument, e.g. a tagging) with its corpus.  A cell whose inputs are files
(read inside the cell, so that workers read them) is probed through the
protocol's ``probe_inputs(cell)``: the same cell with its files read into
such inputs; the reading is timed and counted in full.  Cells with no input
to cut, or whose probe fails, are counted as not timed.

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

import numpy as np

from induceval.corpus.model import Corpus
from induceval.parallel import Cell, run_cells
from induceval.report.progress import format_seconds, say

__all__ = ["run_protocol_cells", "estimate_cells", "extrapolate", "cut", "format_seconds",
           "SPREAD"]

#: the options that spread a protocol's cells over processes or machines
SPREAD = "spread it: --jobs N, --scheduler ADDRESS or --cluster slurm"
#: sentences of the smaller probe: this share of the corpus, at least PROBE_MIN (on fewer
#: sentences the cost of models tuned by corpus shares, such as frequent frames above a
#: share of the tokens, is no guide to it)
PROBE_SHARE, PROBE_MIN = 0.01, 500
#: sentences of the untimed first run (imports and compiled kernels are not the cell's cost)
WARM_UP = 100
#: model parameters counting iterations, probed with PROBE_ITERATIONS of them
ITERATION_PARAMS, PROBE_ITERATIONS = ("iterations", "sweeps"), 5
#: a probe whose first run took under REPEAT_BELOW seconds is run again (PROBE_RUNS runs in
#: all), its fastest run kept: one run slowed by the machine's load or a garbage collection,
#: scaled up to the corpus, would be the estimate
REPEAT_BELOW, PROBE_RUNS = 1.0, 2


def extrapolate(sizes: tuple[float, float], probes: tuple[Callable, Callable], full: float, *,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """The time at size ``full`` of the work timed at ``sizes`` (two probes, linear fit).

    Never less than the larger probe's time (timing noise cannot make the
    slope negative).  A short probe is timed by its fastest run (REPEAT_BELOW).
    """
    times = []
    for run in probes:
        runs: list[float] = []
        while not runs or (len(runs) < PROBE_RUNS and runs[0] < REPEAT_BELOW):
            t0 = clock()
            run()
            runs.append(clock() - t0)
        times.append(min(runs))
    (s1, s2), (t1, t2) = sizes, times
    slope = max(t2 - t1, 0.0) / max(s2 - s1, 1e-9)
    return max(t1 + slope * (full - s1), t2)


def _sentences(arg) -> int | None:
    """The sentences of an input the probes can cut (None: not such an input)."""
    if isinstance(arg, Corpus) or (hasattr(arg, "n_sentences") and hasattr(arg, "head")):
        return int(arg.n_sentences)
    return None


def cut(args: Sequence, n: int) -> list:
    """``args`` with every input cut to its first ``n`` sentences (see the module's text).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> c = generate_demo_corpus(50, seed=1)
    >>> tags = np.zeros(c.n_tokens, dtype=np.int64)        # one tag per token of c
    >>> small, small_tags, k = cut([c, tags, 12], 10)
    >>> small.n_sentences, len(small_tags) == small.n_tokens, k
    (10, True, 12)
    """
    aligned = {c.n_tokens: int(c.lengths[:n].sum()) for c in args if isinstance(c, Corpus)}
    out = []
    for a in args:
        if isinstance(a, Corpus):
            a = a.select(range(min(n, a.n_sentences)))
        elif _sentences(a) is not None:
            a = a.head(min(n, a.n_sentences))
        elif isinstance(a, np.ndarray) and a.ndim == 1 and len(a) in aligned:
            a = a[:aligned[len(a)]]
        out.append(a)
    return out


def _fewer_iterations(kwargs: dict) -> tuple[dict, float]:
    """``kwargs`` with its iteration counts cut to PROBE_ITERATIONS, and the factor cut."""
    params = kwargs.get("params")
    if not isinstance(params, dict):
        return kwargs, 1.0
    factor, fewer = 1.0, dict(params)
    for name in ITERATION_PARAMS:
        n = params.get(name)
        if isinstance(n, int) and n > PROBE_ITERATIONS:
            fewer[name], factor = PROBE_ITERATIONS, factor * n / PROBE_ITERATIONS
    return {**kwargs, "params": fewer}, factor


def _cell_estimate(cell: Cell, clock, probe_inputs: Callable[[Cell], Cell] | None = None
                   ) -> float | None:
    try:  # an estimate never stops a run: a cell it cannot probe is counted as not timed
        return _probed(cell, clock, probe_inputs)
    except Exception:  # noqa: BLE001 -- the cell itself will say what is wrong
        return None


def _probed(cell: Cell, clock, probe_inputs) -> float | None:
    read = 0.0
    if probe_inputs is not None:
        t0 = clock()
        cell = probe_inputs(cell)
        read = clock() - t0
    values = [*cell.args, *cell.kwargs.values()]
    sizes = [n for n in map(_sentences, values) if n is not None]
    if not sizes:
        return None
    n = max(sizes)
    # an input that cannot be run on fewer sentences says so (its min_sentences)
    fewest = max([1, *(getattr(v, "min_sentences", 0) for v in values)])
    s1 = max(min(max(PROBE_MIN, math.ceil(PROBE_SHARE * n)), n // 4), fewest)
    s2 = min(2 * s1, n)
    kwargs, factor = _fewer_iterations(cell.kwargs)

    def probe(size):
        # the inputs are cut before the clock starts: cutting is not the cell's cost
        cut_values = cut([*cell.args, *kwargs.values()], size)
        args, kw = cut_values[:len(cell.args)], dict(zip(kwargs, cut_values[len(cell.args):]))
        return lambda: cell.fn(*args, **kw)

    probe(max(min(WARM_UP, s1), fewest))()  # untimed
    return read + factor * extrapolate((s1, s2), (probe(s1), probe(s2)), n, clock=clock)


def estimate_cells(cells: Sequence[Cell], *, clock: Callable[[], float] = time.perf_counter,
                   probe_inputs: Callable[[Cell], Cell] | None = None) -> tuple[float, int]:
    """The estimated seconds of ``cells`` run one after the other, and how many were not timed.

    ``probe_inputs``: for cells whose inputs are files, the cell with them read (see the
    module's text).
    """
    total, untimed = 0.0, 0
    for c in cells:
        est = _cell_estimate(c, clock, probe_inputs)
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
                       shorten: str = "--max-sentences N",
                       probe_inputs: Callable[[Cell], Cell] | None = None) -> dict[str, object]:
    """:func:`~induceval.parallel.run_cells`, said first: cells, estimated time, options.

    ``shorten``: the protocol's options that shorten it (for the line);
    ``probe_inputs``: for cells whose inputs are files, the cell with them read
    (see the module's text).
    """
    seconds = None
    if show_progress:
        done = _stored(cells, out_dir)
        todo = [c for c in cells if c.key not in done]
        seconds, untimed = estimate_cells(todo, probe_inputs=probe_inputs)
        per_job = f", about {format_seconds(seconds / jobs)} with --jobs {jobs}" if jobs > 1 else ""
        say(f"induceval: {desc}: {len(todo)} of {len(cells)} cells to run"
            + (f" ({len(done)} stored in {out_dir})" if done else "")
            + f"; estimated {format_seconds(seconds)} one after the other on this machine"
            + per_job + (f" ({untimed} cells not timed)" if untimed else "")
            + f"; shorten it: {shorten}; {SPREAD}")
    return run_cells(cells, out_dir, jobs=jobs, show_progress=show_progress, desc=desc,
                     estimate=None if seconds is None else seconds / jobs)
