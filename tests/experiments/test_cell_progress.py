"""A protocol's cells say how far they got: the cell's own sweeps after its number (cells
run in this process), and a status line now and then on a log file (cells on workers)."""

from __future__ import annotations

import io
import re
import sys
import time
from pathlib import Path

from induceval import progress
from induceval.parallel import Cell, run_cells


def _sweeps(n: int) -> int:
    with progress.step_bar(n, "toy sampler", "sweep") as bar:
        for _ in range(n):
            bar.update(1)
    return n


def _bhmm(seed: int) -> int:
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import induce_tags

    corpus = generate_demo_corpus(n_sentences=60, seed=3)
    return int(induce_tags(corpus, "bhmm", 3, iterations=4, seed=seed).tags.sum())


def _until_said(path: str, text: str) -> bool:
    """Wait (at most a minute) until the file ``path`` holds ``text``: the parent's line."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if text in Path(path).read_text():
            return True
        time.sleep(0.01)
    return False


def test_cells_in_this_process_show_their_sweeps_on_a_log_file(monkeypatch):
    """A cell's sweeps are said under reproduce (bars off), so that a log file sees more
    from a cell of hours than the counter at its end."""
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
    cells = [Cell("toy", _sweeps, (3,)), Cell("bhmm|K=3", _bhmm, (5,))]
    assert run_cells(cells, None, show_progress=True, desc="t")["toy"] == 3
    text = err.getvalue()
    assert "induceval: cell 1/2 'toy': toy sampler: 3/3 sweeps (100%)" in text
    assert "induceval: cell 2/2 'bhmm|K=3': BHMM Gibbs: 4/4 sweeps (100%)" in text
    assert "induceval: t: 2/2 cells (100%)" in text
    # without progress, nothing (and the same results)
    err.truncate(0)
    assert run_cells(cells, None, desc="t") == {"toy": 3, "bhmm|K=3": _bhmm(5)}
    assert err.getvalue() == ""


def test_a_log_file_gets_a_status_line_while_a_cell_runs(monkeypatch, tmp_path):
    """A status line is printed while a cell runs, between two cells' ends.  The cell
    waits until the line is in the log (no timing)."""
    log = tmp_path / "err.log"
    with open(log, "w") as err:
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(progress, "LINE_SECONDS", 0.001)
        said = run_cells([Cell("long", _until_said, (str(log), "cells done after"))], None,
                         show_progress=True, desc="frank2009", estimate=3600.0)
    assert said == {"long": True}
    line = next(x for x in log.read_text().splitlines() if "cells done after" in x)
    assert re.fullmatch(r"induceval: frank2009: 0/1 cells done after \d+ s; cell 1/1 running; "
                        r"about \d+ min left \(estimated\)", line), line


def test_cells_on_workers_get_the_status_line(monkeypatch, tmp_path):
    """Cells in worker processes: their bars stay silent, the parent says how far it got."""
    log = tmp_path / "err.log"
    with open(log, "w") as err:
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(progress, "LINE_SECONDS", 0.001)
        cells = [Cell(f"c{i}", _until_said, (str(log), "cells running")) for i in range(2)]
        said = run_cells(cells, None, jobs=2, executor="local", show_progress=True, desc="p")
    assert said == {"c0": True, "c1": True}
    text = log.read_text()
    assert re.search(r"induceval: p: 0/2 cells done after \d+ s; 2 cells running; "
                     r"time left unknown", text), text


def test_status_line_says_the_time_left_from_the_cells_done():
    from induceval.parallel.cells import _status

    line = _status("pos", 4, [1], 100.0, jobs=1)
    assert line(600.0) == "induceval: pos: 1/4 cells done after 10 min; cell 2/4 running; " \
                          "about 30 min left"
    assert _status("pos", 4, [0], 100.0)(150.0).endswith("; over the estimate")
    # while the estimate lasts it says the time left, not the rate of cells done (two cheap
    # cells done in 16 min of a run of 14 whose costliest run first are no guide)
    assert _status("frank2009", 14, [2], 3600.0, jobs=2)(960.0).endswith(
        "2/14 cells done after 16 min; 2 cells running; about 44 min left (estimated)")
    assert _status("pos", 4, [4], None)(5.0) == "induceval: pos: 4/4 cells done after 5 s; " \
                                                "about 0 s left"
