"""Protocols that say what they cost (issue 24): experiments/_cost."""

from __future__ import annotations

import argparse

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.errors import InducevalError
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


class Sized:
    """An input the probes cut by ``head(n)`` (as a treebank with its tag sets)."""

    min_sentences = 0

    def __init__(self, n: int):
        self.n_sentences = n

    def head(self, n: int) -> Sized:
        return type(self)(n)


def test_inputs_read_by_probe_inputs_and_cut_by_head_with_a_fake_clock():
    """Fails before: a cell of file paths was 'not timed' (issue 24: pascal2012-deps/-joint,
    chang2006 with CHAT paths, chambers2010's prepared statistics)."""
    clock = FakeClock()

    def work(source, system, *, scale):
        clock.now += 0.5 + 0.001 * source.n_sentences * scale

    def read(cell):  # the file of 1000 sentences, read in 2 s
        clock.now += 2.0
        return Cell(cell.key, cell.fn, (Sized(1000), *cell.args[1:]), cell.kwargs)

    cells = [Cell("a", work, ("treebank.conllu", "LB"), {"scale": 3})]
    assert estimate_cells(cells, clock=clock) == (0.0, 1)
    assert estimate_cells(cells, clock=clock, probe_inputs=read) == pytest.approx((5.5, 0))
    # an input that cannot be cut below its min_sentences: probed there (here all of it)
    Sized.min_sentences = 1000
    seen = []
    try:
        estimate_cells([Cell("b", lambda s: seen.append(s.n_sentences), (Sized(1000),))],
                       clock=clock)
    finally:
        Sized.min_sentences = 0
    assert min(seen) == 1000


def test_a_probe_that_fails_is_not_timed_and_does_not_stop_the_run():
    """Fails before: reichart2010 with a tag array raised a MismatchError while estimating
    (the gold was cut, the tagging not); now aligned arrays are cut with their corpus, and
    any probe that fails only makes its cell 'not timed'."""
    corpus = generate_demo_corpus(n_sentences=1000, seed=1)
    tags = np.zeros(corpus.n_tokens, dtype=np.int64)

    def aligned(c, t):
        assert len(t) == c.n_tokens

    def fails(c):
        raise InducevalError("too few sentences")

    cells = [Cell("a", aligned, (corpus, tags)), Cell("b", fails, (corpus,))]
    seconds, untimed = estimate_cells(cells)
    assert seconds > 0 and untimed == 1


def test_chang2006_chat_paths_are_read_for_the_estimate(capsys):
    from induceval.experiments.chang2006 import reproduce_corpora
    from tests.conftest import FIXTURES

    reproduce_corpora({"toy": [str(FIXTURES / "wopa" / "toy.cha")]}, ("chance", "lexstat"),
                      confidence=0, show_progress=True)
    line = next(x for x in capsys.readouterr().err.splitlines() if "cells to run" in x)
    assert line.startswith("induceval: chang2006: 1 of 1 cells to run; estimated ")
    assert "not timed" not in line


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


def test_reichart2010_with_a_prediction_file_runs_with_progress(tmp_path, capsys):
    """Fails before: progress is on by default, and the estimate cut the gold but not the
    prediction read from the file ("gold has 1 sentences but prediction has 4")."""
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    tiny = str(FIXTURES / "category-models" / "tiny.conllu")
    pred = tmp_path / "ex.pascal"
    assert main(["induce", "tags", "--model", "exchange", "--k", "4", tiny, "-o", str(pred)]) == 0
    assert main(["reproduce", "reichart2010", "--gold", tiny, "--pred", f"ex={pred}",
                 "--out", str(tmp_path / "run")]) == 0
    assert "induceval: reichart2010: 1 of 1 cells to run" in capsys.readouterr().err
