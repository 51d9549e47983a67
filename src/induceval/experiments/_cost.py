"""What a protocol will cost: its cells and an estimate of their time, said before the first one.

:func:`run_protocol_cells` is :func:`~induceval.parallel.run_cells` preceded
(with progress on) by one stderr line: the cells to run, an estimate of
their time on this machine and the options that shorten or spread the work.
The estimate times each cell on two short prefixes of its inputs (and, for
iterative models, a few iterations, and twice as many on the larger prefix)
and extrapolates linearly in the sentences (and iterations): ``t(S) = t1 +
(t2 - t1) (S - s1) / (s2 - s1)``, so that a fixed cost per cell (set-up,
scoring) is not scaled with the corpus nor with the iterations.  With
``jobs`` workers the cells' estimates are laid out as the pool starts them
(costliest first, each on the first free worker), and the last to finish is
the estimate.  The prefixes are 1% and 2% of the corpus, or on a smaller corpus
PROBE_START and twice that, doubled while the next probe's predicted time
fits a budget (PROBING_SHARE of the estimate, at least PROBING_FLOOR s or the
estimate) and
the smaller one is under PROBE_MIN sentences: probing costs a share of the
cells, not more than them, and a cell of milliseconds is still probed on
enough sentences to see its slope.  Cells already stored under ``out_dir``
take no time.

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
from induceval.progress import format_seconds, say

__all__ = ["run_protocol_cells", "estimate_cells", "pool_seconds", "extrapolate", "cut",
           "format_seconds", "SPREAD"]

#: the options that spread a protocol's cells over processes or machines
SPREAD = "spread it: --jobs N, --scheduler ADDRESS or --cluster slurm"
#: sentences of the smaller probe: this share of the corpus; on a smaller corpus it grows
#: towards PROBE_MIN (at most a quarter of the corpus) while the budget allows (on fewer
#: sentences the cost of models tuned by corpus shares, such as frequent frames above a
#: share of the tokens, is less of a guide to it)
PROBE_SHARE, PROBE_MIN = 0.01, 500
#: sentences of the first pair of probes on a corpus where PROBE_MIN is more than its 1%;
#: each next pair doubles them while the budget allows
PROBE_START = 100
#: the probing of a cell spends at most this share of its estimate on probes beyond its
#: first pair, or PROBING_FLOOR seconds if its estimate is as long (on a corpus of a few
#: thousand sentences probes of 500 and 1000 sentences, run twice, cost more than the
#: cell; a cell of tens of milliseconds gets no more probes than its first pair)
PROBING_SHARE, PROBING_FLOOR = 0.1, 0.15
#: sentences of the untimed first run (imports and compiled kernels are not the cell's
#: cost), made once per cell function and string arguments (a model's name): cells that
#: differ only in their inputs and numbers (K, sizes) run the same compiled kernels
WARM_UP = 100
#: model parameters counting iterations, probed with PROBE_ITERATIONS of them
ITERATION_PARAMS, PROBE_ITERATIONS = ("iterations", "sweeps"), 5
#: a probe whose first run took under REPEAT_BELOW seconds is run again (PROBE_RUNS runs in
#: all), its fastest run kept: one run slowed by the machine's load or a garbage collection,
#: scaled up to the corpus, would be the estimate
REPEAT_BELOW, PROBE_RUNS = 0.5, 2
#: a probe of milliseconds is run until its runs add up to SHORT_TOTAL seconds (at most
#: SHORT_RUNS runs): the two probes' difference, scaled by the corpus over the probe's size
#: (100x on a small one), is otherwise a millisecond of noise times 100
SHORT_TOTAL, SHORT_RUNS = 0.05, 8


def _timed(run: Callable, clock: Callable[[], float]) -> tuple[float, float]:
    """The time of ``run`` (its fastest run if short: REPEAT_BELOW, SHORT_TOTAL) and the
    time all its runs took."""
    runs: list[float] = []
    while not runs or (runs[0] < REPEAT_BELOW and (
            len(runs) < PROBE_RUNS or (sum(runs) < SHORT_TOTAL and len(runs) < SHORT_RUNS))):
        t0 = clock()
        run()
        runs.append(clock() - t0)
    return min(runs), sum(runs)


def _linear(sizes: tuple[float, float], times: tuple[float, float], full: float) -> float:
    (s1, s2), (t1, t2) = sizes, times
    slope = max(t2 - t1, 0.0) / max(s2 - s1, 1e-9)
    return max(t1 + slope * (full - s1), t2)


def extrapolate(sizes: tuple[float, float], probes: tuple[Callable, Callable], full: float, *,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """The time at size ``full`` of the work timed at ``sizes`` (two probes, linear fit).

    Never less than the larger probe's time (timing noise cannot make the
    slope negative).  A short probe is timed by its fastest run (REPEAT_BELOW, SHORT_TOTAL).
    """
    return _linear(sizes, (_timed(probes[0], clock)[0], _timed(probes[1], clock)[0]), full)


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


def _fewer_iterations(kwargs: dict, probe: int = PROBE_ITERATIONS) -> tuple[dict, float]:
    """``kwargs`` with its iteration counts cut to ``probe``, and the factor cut."""
    params = kwargs.get("params")
    if not isinstance(params, dict):
        return kwargs, 1.0
    factor, fewer = 1.0, dict(params)
    for name in ITERATION_PARAMS:
        n = params.get(name)
        if isinstance(n, int) and n > 2 * PROBE_ITERATIONS:
            fewer[name], factor = probe, factor * n / probe
    return {**kwargs, "params": fewer}, factor


def _cell_estimate(cell: Cell, clock, probe_inputs: Callable[[Cell], Cell] | None,
                   probe_start: int, warmed: set) -> float | None:
    try:  # an estimate never stops a run: a cell it cannot probe is counted as not timed
        return _probed(cell, clock, probe_inputs, probe_start, warmed)
    except Exception:  # noqa: BLE001 -- the cell itself will say what is wrong
        return None


def _probed(cell: Cell, clock, probe_inputs, probe_start: int, warmed: set) -> float | None:
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
    share = math.ceil(PROBE_SHARE * n)
    target = max(min(max(PROBE_MIN, share), n // 4), fewest)
    s1 = max(min(probe_start, target), share, fewest)
    kwargs, factor = _fewer_iterations(cell.kwargs)

    def probe(size, kwargs=kwargs):
        # the inputs are cut before the clock starts: cutting is not the cell's cost
        cut_values = cut([*cell.args, *kwargs.values()], size)
        args, kw = cut_values[:len(cell.args)], dict(zip(kwargs, cut_values[len(cell.args):]))
        return lambda: cell.fn(*args, **kw)

    kind = (id(cell.fn), *(a for a in cell.args if isinstance(a, str)))
    if kind not in warmed:
        probe(max(min(WARM_UP, s1), fewest))()  # untimed
        warmed.add(kind)
    s2 = min(2 * s1, n)
    t1, t2 = _timed(probe(s1), clock)[0], _timed(probe(s2), clock)[0]
    # the first pair is always run; doubled ones while short of the target and in the budget
    estimate = factor * _linear((s1, s2), (t1, t2), n)
    budget = max(PROBING_SHARE * estimate, min(PROBING_FLOOR, estimate))
    while s1 < target and s2 < n:
        s3 = min(2 * s2, n)
        runs = 1 if t2 >= REPEAT_BELOW else PROBE_RUNS
        if runs * _linear((s1, s2), (t1, t2), s3) > budget:
            break
        t3, took = _timed(probe(s3), clock)
        budget -= took
        s1, t1, s2, t2 = s2, t2, s3, t3
    at_n = _linear((s1, s2), (t1, t2), n)
    if factor > 1 and t2 > 0:
        # An iterative cell's set-up and scoring are paid once, not once per iteration:
        # twice the iterations on the larger probe give the time of an iteration there,
        # taken as proportional to the sentences, and the cell is the probed iterations
        # extrapolated to the corpus plus the remaining ones.
        more, _ = _fewer_iterations(cell.kwargs, 2 * PROBE_ITERATIONS)
        per_iteration = (_timed(probe(s2, more), clock)[0] - t2) / PROBE_ITERATIONS
        if per_iteration > 0:
            rest = factor * PROBE_ITERATIONS - PROBE_ITERATIONS
            return read + at_n + rest * per_iteration * n / s2
    return read + factor * at_n


def estimate_cells(cells: Sequence[Cell], *, clock: Callable[[], float] = time.perf_counter,
                   probe_inputs: Callable[[Cell], Cell] | None = None,
                   probe_start: int = PROBE_START) -> tuple[float, int]:
    """The estimated seconds of ``cells`` run one after the other, and how many were not timed.

    ``probe_inputs``: for cells whose inputs are files, the cell with them read (see the
    module's text); ``probe_start``: sentences of the first pair of probes where PROBE_MIN
    is more than 1% of the corpus (PROBE_MIN for models whose cost on fewer sentences is
    no guide).
    """
    times, untimed = _cell_times(cells, clock, probe_inputs, probe_start)
    return sum(times), untimed


def _cell_times(cells, clock, probe_inputs, probe_start) -> tuple[list[float], int]:
    times, untimed, warmed = [], 0, set()
    for c in cells:
        est = _cell_estimate(c, clock, probe_inputs, probe_start, warmed)
        untimed += est is None
        times.append(0.0 if est is None else est)
    return times, untimed


def pool_seconds(cells: Sequence[Cell], times: Sequence[float], jobs: int) -> float:
    """The wall time of cells taking ``times`` on ``jobs`` workers started as the pool starts
    them: costliest (by ``Cell.cost``) first, each on the first worker free.

    Parameters
    ----------
    cells
        The cells, with their ``cost`` (the pool's order).
    times
        The estimated seconds of each cell.
    jobs
        Workers (1: the cells one after the other).

    Returns
    -------
    float
        The seconds until the last cell is done.

    Example
    -------
    >>> cells = [Cell("a", abs, cost=3.0), Cell("b", abs, cost=2.0), Cell("c", abs, cost=1.0)]
    >>> pool_seconds(cells, [30.0, 20.0, 15.0], 2)   # a on one worker; b, then c, on the other
    35.0
    """
    if jobs <= 1:
        return float(sum(times))
    order = sorted(range(len(cells)), key=lambda i: -cells[i].cost)   # stable, as the pool's
    free = [0.0] * jobs
    for i in order:
        w = free.index(min(free))
        free[w] += times[i]
    return max(free)


def _stored(cells: Sequence[Cell], out_dir) -> set[str]:
    from induceval.parallel.cells import cell_path

    if out_dir is None:
        return set()
    return {c.key for c in cells if cell_path(out_dir, c.key).exists()}


def run_protocol_cells(cells: Sequence[Cell], out_dir: str | os.PathLike | Path | None, *,
                       jobs: int = 1, show_progress: bool = False, desc: str = "cells",
                       shorten: str = "--max-sentences N",
                       probe_inputs: Callable[[Cell], Cell] | None = None,
                       probe_start: int = PROBE_START) -> dict[str, object]:
    """:func:`~induceval.parallel.run_cells`, said first: cells, estimated time, options.

    ``shorten``: the protocol's options that shorten it (for the line);
    ``probe_inputs``, ``probe_start``: as in :func:`estimate_cells`.
    """
    seconds = None
    if show_progress:
        done = _stored(cells, out_dir)
        todo = [c for c in cells if c.key not in done]
        times, untimed = _cell_times(todo, time.perf_counter, probe_inputs, probe_start)
        seconds, wall = sum(times), pool_seconds(todo, times, jobs)
        per_job = f", about {format_seconds(wall)} with --jobs {jobs}" if jobs > 1 else ""
        say(f"induceval: {desc}: {len(todo)} of {len(cells)} cells to run"
            + (f" ({len(done)} stored in {out_dir})" if done else "")
            + f"; estimated {format_seconds(seconds)} one after the other on this machine"
            + per_job + (f" ({untimed} cells not timed)" if untimed else "")
            + f"; shorten it: {shorten}; {SPREAD}")
    return run_cells(cells, out_dir, jobs=jobs, show_progress=show_progress, desc=desc,
                     estimate=None if seconds is None else wall)
