"""Every protocol says its estimate before its cells, within 3x of their time.

Every protocol prints its estimate before work, and the estimate is within 3x
of the measured time on the demo corpus.  Each ``reproduce`` protocol runs
here on demo inputs in the form its CLI gives them (treebank files for
pascal2012-deps and -joint, a prediction file for reichart2010, corpora for
the others), with progress on.
The line must be on stderr when ``run_cells`` starts the first cell, with
every cell timed; the cells are measured from that call to its return.

This is the estimate's acceptance check, so it compares times (the project
otherwise leaves timings to benchmarks/), marked ``timing``: out of the default
run, in CI's run of its own.  To keep it a check of the
estimate and not of the machine's load, both sides are CPU seconds of this
process: the estimate is made with ``clock=time.process_time`` (the line
then says CPU seconds) and the cells are timed by the same clock; other
processes on a shared machine blur wall-clock times by more than 3x.  The
demo sizes make every protocol's cells take 0.5-1.5 CPU s on the
development machine; FLOOR (0.4 CPU s) is the shortest accepted as a check.
A protocol out of 3x is run a second time, and fails when that one is too: an
estimate 4x off fails it (checked by scaling the estimate by hand: 3.8-5.3x
in both runs of pascal2012-pos and chang2006).
"""

from __future__ import annotations

import functools
import io
import re
import sys
import time

import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.writers import write_conllu
from induceval.experiments import _cost

#: demo sentences per corpus: the cells take about a second or more (see the docstring)
N = 4000
#: CPU seconds: below this the cells' time is too short to check the estimate against
FLOOR = 0.4


@functools.lru_cache(maxsize=8)
def _demo(seed: int = 1, n: int = N):
    return generate_demo_corpus(n_sentences=n, seed=seed)


def _treebank(tmp_path) -> str:
    path = tmp_path / "demo.conllu"
    write_conllu(_demo(n=6000), path)
    return str(path)


def _frank2009(tmp_path):
    from induceval.experiments.frank2009 import run_frank2009

    # the demo's CHILDES-like categories as the %mor tags the protocol maps
    train, test = (c.with_tokens(xpos=c.tokens["cpos"]) for c in (_demo(1), _demo(2)))
    run_frank2009(train, test, ks=(5, 12), bhmm_iterations=20, confidence=0, figures=False,
                  show_progress=True)


def _reichart2010(tmp_path):
    from induceval.experiments.reichart2010 import run_reichart2010
    from induceval.models.categories import induce_tags

    gold = _demo(n=8000)
    tags = induce_tags(gold, "brown", 20, seed=1).tags
    path = tmp_path / "brown.conllu"   # a prediction file, its tags where the gold's are
    write_conllu(gold, path, tags_column=tags, tags_slot="xpos", heads_column=None)
    run_reichart2010(gold, predictions={"brown": str(path), "array": tags},
                     models=["exchange:45", "hc:45", "bhmm:45:iterations=10"], show_progress=True)


def _pascal2012_pos(tmp_path):
    from induceval.experiments.pascal2012_pos import run_pascal2012_pos

    run_pascal2012_pos({"demo": _demo(n=60000)}, confidence=0, show_progress=True)


def _pascal2012_deps(tmp_path):
    from induceval.experiments.pascal2012_deps import pascal2012_deps

    pascal2012_deps([_treebank(tmp_path)], None, confidence=0, show_progress=True,
                    figures=False)


def _pascal2012_joint(tmp_path):
    from induceval.experiments.pascal2012_joint import pascal2012_joint

    pascal2012_joint([_treebank(tmp_path)], None, confidence=0, show_progress=True)


def _chang2006(tmp_path):
    from induceval.experiments.chang2006 import reproduce_corpora

    reproduce_corpora({f"demo{s}": _demo(s, 8000) for s in (1, 2, 3)}, confidence=0,
                      show_progress=True)


def _chambers2010(tmp_path):
    from induceval.experiments.chambers2010 import run_chambers2010

    run_chambers2010({"demo": _demo(n=16000)}, None, iterations=1000, plots=False, confidence=0,
                     show_progress=True)


PROTOCOLS = {"frank2009": _frank2009, "reichart2010": _reichart2010,
             "pascal2012-pos": _pascal2012_pos, "pascal2012-deps": _pascal2012_deps,
             "pascal2012-joint": _pascal2012_joint, "chang2006": _chang2006,
             "chambers2010": _chambers2010}


def test_every_protocol_is_here():
    from induceval.experiments.protocols import protocols

    assert [p.name for p in protocols()] == list(PROTOCOLS)


def _estimate_and_cells(name, folder, monkeypatch) -> tuple[float, float]:
    """One run of protocol ``name`` with progress on: its estimate and its cells' CPU time,
    after checking the line said before the first cell."""
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    seen: dict = {}
    cell_times, run_cells = _cost._cell_times, _cost.run_cells

    def estimated(cells, clock, *a):
        times, untimed = cell_times(cells, time.process_time, *a)
        seen["estimate"] = sum(times), untimed
        return times, untimed

    def timed(*a, **kw):
        seen["said"] = err.getvalue()       # what stderr held when the first cell started
        t0 = time.process_time()
        out = run_cells(*a, **kw)
        seen["cells"] = time.process_time() - t0
        return out

    monkeypatch.setattr(_cost, "_cell_times", estimated)
    monkeypatch.setattr(_cost, "run_cells", timed)
    try:
        folder.mkdir()
        PROTOCOLS[name](folder)
    finally:
        monkeypatch.setattr(_cost, "_cell_times", cell_times)
        monkeypatch.setattr(_cost, "run_cells", run_cells)
    line = next(x for x in seen["said"].splitlines() if "cells to run" in x)
    assert re.match(rf"induceval: {name}: (\d+) of \1 cells to run; estimated \d", line), line
    assert "not timed" not in line and "shorten it: " in line and "--jobs N" in line
    seconds, untimed = seen["estimate"]
    assert untimed == 0
    assert seen["cells"] >= FLOOR, f"{name}: cells took {seen['cells']:.2f} s, too short to check"
    return seconds, seen["cells"]


@pytest.mark.timing
@pytest.mark.parametrize("name", list(PROTOCOLS))
def test_estimate_said_first_and_within_3x(name, tmp_path, monkeypatch):
    """A second run when the first is out of 3x (see the module's text): probes of
    milliseconds, scaled up 10-100x, still missed 3x in about 1 run of 40 on the loaded
    2-core machine; an estimate off by its method, not by noise, misses it twice."""
    said = []
    for attempt in range(2):
        seconds, cells = _estimate_and_cells(name, tmp_path / f"run{attempt}", monkeypatch)
        said.append(f"estimated {seconds:.2f} s, cells took {cells:.2f} s "
                    f"(ratio {seconds / cells:.2f})")
        if 1 / 3 <= seconds / cells <= 3:
            return
    pytest.fail(f"{name}: " + "; ".join(said))
