"""Protocols that say what they cost (issue 24): experiments/_cost."""

from __future__ import annotations

import argparse

import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.experiments import frank2009
from induceval.experiments._cost import estimate_cells, extrapolate
from induceval.experiments.pascal2012_pos import run_pascal2012_pos
from induceval.parallel import Cell


class FakeClock:
    """A clock that only the fake work below advances."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_extrapolate_is_linear_in_size_and_never_below_the_probe():
    ticks = iter([0.0, 2.0, 2.0, 5.0])  # 2 s at 100, 3 s at 200: 1 s fixed + 0.01 s each
    assert extrapolate((100, 200), (lambda: 0, lambda: 0), 1000,
                       clock=lambda: next(ticks)) == pytest.approx(11.0)
    ticks = iter([0.0, 3.0, 3.0, 5.0])  # noise: the larger probe faster
    assert extrapolate((100, 200), (lambda: 0, lambda: 0), 1000,
                       clock=lambda: next(ticks)) == pytest.approx(3.0)


def test_cell_estimate_from_probes_on_prefixes_with_a_fake_clock():
    corpus = generate_demo_corpus(n_sentences=1000, seed=1)
    clock = FakeClock()

    def work(c, k, *, params):
        # 0.5 s set-up, 1 ms per sentence and iteration
        clock.now += 0.5 + 0.001 * c.n_sentences * params["iterations"]

    cells = [Cell("a", work, (corpus, 3), {"params": {"iterations": 40}}),
             Cell("b", work, (corpus, 3), {"params": {"iterations": 1}}),
             Cell("c", work, ("not a corpus", 3), {"params": {}})]
    seconds, untimed = estimate_cells(cells, clock=clock)
    # a: iterations probed at 5 and scaled by 40/5 (the set-up with them: an over-estimate)
    a = 40 / 5 * (0.5 + 0.001 * 1000 * 5)
    assert seconds == pytest.approx(a + 0.5 + 0.001 * 1000)
    assert untimed == 1


def test_every_protocol_run_says_its_cells_and_estimate_first(capsys):
    corpus = generate_demo_corpus(n_sentences=150, seed=1)
    run_pascal2012_pos({"demo": corpus}, out_dir=None, confidence=0, show_progress=True,
                       models=("brown",))
    err = capsys.readouterr().err
    line = next(x for x in err.splitlines() if "cells to run" in x)
    assert line.startswith("induceval: pascal2012-pos: 3 of 3 cells to run; estimated ")
    assert "shorten it: --max-sentences N" in line and "--jobs N" in line
    # without progress nothing is probed or said
    run_pascal2012_pos({"demo": corpus}, out_dir=None, confidence=0, models=("brown",))
    assert "cells to run" not in capsys.readouterr().err


def test_stored_cells_take_no_time(tmp_path, capsys):
    corpus = generate_demo_corpus(n_sentences=150, seed=1)
    kw = dict(out_dir=tmp_path, confidence=0, show_progress=True, models=("brown",))
    run_pascal2012_pos({"demo": corpus}, **kw)
    capsys.readouterr()
    run_pascal2012_pos({"demo": corpus}, **kw)
    line = next(x for x in capsys.readouterr().err.splitlines() if "cells to run" in x)
    assert "0 of 3 cells to run (3 stored in" in line and "estimated 0 s" in line


@pytest.mark.parametrize("given, expect", [
    ([], (20000, 100)), (["--max-sentences", "500"], (500, 100)),
    (["--bhmm-iterations", "7"], (20000, 7))])
def test_frank2009_short_setting(monkeypatch, given, expect):
    seen = {}

    def fake(*a, **kw):
        seen.update(kw)
        return {}
    monkeypatch.setattr(frank2009, "run_frank2009", fake)
    p = argparse.ArgumentParser()
    for o in frank2009.PROTOCOL.options:
        if hasattr(o, "spec") and o.name.startswith("--"):
            p.add_argument(o.name, **o.spec())
    p.add_argument("--out")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--confidence", type=int, default=0)
    p.add_argument("--alpha", type=float, default=0.05)
    frank2009._from_options(p.parse_args(["--short", *given]), None, False)
    assert (seen["max_sentences"], seen["bhmm_iterations"]) == expect
    frank2009._from_options(p.parse_args([]), None, False)  # the paper's setting otherwise
    assert (seen["max_sentences"], seen["bhmm_iterations"]) == (None, 2000)
