"""Protocols that say what they cost: experiments/_cost."""

from __future__ import annotations

import argparse

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.errors import InducevalError
from induceval.experiments import frank2009
from induceval.experiments._cost import (
    PROBE_MIN,
    PROBE_START,
    PROBING_FLOOR,
    PROBING_SHARE,
    WARM_UP,
    estimate_cells,
    extrapolate,
    pool_seconds,
)
from induceval.experiments.pascal2012_pos import run_pascal2012_pos
from induceval.parallel import Cell


class FakeClock:
    """A clock that only the fake work below advances."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_pool_estimate_lays_cells_out_costliest_first_on_the_first_free_worker():
    cells = [Cell(k, abs, cost=c) for k, c in (("k12", 1.0), ("k80", 3.0), ("k53", 2.0))]
    # k80 alone on one worker, k53 then k12 on the other: not the sum over the workers
    assert pool_seconds(cells, [10.0, 50.0, 30.0], 2) == 50.0
    assert pool_seconds(cells, [10.0, 50.0, 30.0], 1) == 90.0
    assert pool_seconds(cells, [10.0, 20.0, 30.0], 2) == 30.0


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
    # a: iterations probed at 5 and 10, the set-up counted once (scaled by 40/5 with the
    # iterations, it would be 44 s)
    a = 0.5 + 0.001 * 1000 * 40
    assert seconds == pytest.approx(a + 0.5 + 0.001 * 1000, rel=0.02)
    assert untimed == 1


class Sized:
    """An input the probes cut by ``head(n)`` (as a treebank with its tag sets)."""

    min_sentences = 0

    def __init__(self, n: int):
        self.n_sentences = n

    def head(self, n: int) -> Sized:
        return type(self)(n)


def test_inputs_read_by_probe_inputs_and_cut_by_head_with_a_fake_clock():
    """A cell of file paths is timed, not 'not timed' (pascal2012-deps/-joint, chang2006
    with CHAT paths, chambers2010's prepared statistics): its inputs are read by
    probe_inputs and cut by head."""
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


def _probed_sizes(n: int, fixed: float, per_sentence: float, **kw) -> tuple[list[int], float]:
    """The sizes a cell on ``n`` sentences was run on while estimated, and the estimate."""
    clock, seen = FakeClock(), []

    def work(source, model):
        seen.append(source.n_sentences)
        clock.now += fixed + per_sentence * source.n_sentences

    seconds, _ = estimate_cells([Cell("a", work, (Sized(n), "m"))], clock=clock, **kw)
    return seen, seconds


def test_probes_double_while_cheap_and_stop_at_the_budget():
    """Probing costs a share of the estimate, not more than the cells (as probes of 1/4
    and 1/2 of a corpus of a few thousand sentences, run twice, would): the first pair is
    PROBE_START and twice that, and each next probe doubles only while its predicted time
    fits the budget: PROBING_SHARE of the estimate, at least PROBING_FLOOR s or the
    estimate (hand-worked below)."""
    assert (PROBE_START, PROBE_MIN, PROBING_SHARE, PROBING_FLOOR) == (100, 500, 0.1, 0.15)
    # 0.1 ms a sentence: the first pair (10 and 20 ms) estimates 0.2 s, a budget of 0.15 s;
    # the probe of 400 (40 ms, run twice) fits in it, that of 800 (2 x 80 ms) no longer
    seen, seconds = _probed_sizes(2000, 0.0, 1e-4)
    assert sorted(set(seen)) == [100, 200, 400] and seconds == pytest.approx(0.2)
    # 10 ms and 1 us a sentence: the pair (10.1, 10.2 ms) estimates 12 ms, the budget; the
    # probe of 400 (2 x 10.4 ms) is over it: a cell of milliseconds gets its first pair only
    seen, seconds = _probed_sizes(2000, 0.01, 1e-6)
    assert sorted(set(seen)) == [100, 200] and seconds == pytest.approx(0.012)
    # 0.5 s + 1 ms a sentence: the first pair (0.6 s, 0.7 s; run once each, over
    # REPEAT_BELOW) estimates 2.5 s, a budget of 0.25 s; the next probe (0.9 s) is over it
    seen, seconds = _probed_sizes(2000, 0.5, 1e-3)
    assert seen == [100, 100, 200] and seconds == pytest.approx(2.5)   # warm-up, pair
    # a protocol whose models' cost on few sentences is no guide starts at PROBE_MIN
    seen, _ = _probed_sizes(4000, 0.5, 1e-3, probe_start=PROBE_MIN)
    assert seen == [100, 500, 1000]
    # on a large corpus the pair is 1% and 2% of it, as before
    seen, _ = _probed_sizes(200000, 0.5, 1e-5)
    assert seen == [100, 2000, 4000]


def test_one_warm_up_per_cell_function_and_model():
    """The untimed warm-up (compiling kernels) runs once per function and string arguments:
    cells differing only in numbers or inputs share it."""
    clock, seen = FakeClock(), []

    def work(source, model, k):
        seen.append(source.n_sentences)
        clock.now += 1.0

    cells = [Cell(f"{m}{k}", work, (Sized(100000), m, k)) for m in ("brown", "exchange")
             for k in (12, 45)]
    estimate_cells(cells, clock=clock)
    assert seen.count(WARM_UP) == 2 and len(seen) == 2 + 2 * len(cells)


def test_a_probe_that_fails_is_not_timed_and_does_not_stop_the_run():
    """Arrays aligned with a corpus (reichart2010's tag array) are cut with it, so that
    estimating raises no MismatchError, and any probe that fails only makes its cell
    'not timed'."""
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
    """With progress (on by default) the estimate cuts the prediction read from the file as
    it cuts the gold (no "gold has 1 sentences but prediction has 4")."""
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    tiny = str(FIXTURES / "category-models" / "tiny.conllu")
    pred = tmp_path / "ex.pascal"
    assert main(["induce", "tags", "--model", "exchange", "--k", "4", tiny, "-o", str(pred)]) == 0
    assert main(["reproduce", "reichart2010", "--gold", tiny, "--pred", f"ex={pred}",
                 "--out", str(tmp_path / "run")]) == 0
    assert "induceval: reichart2010: 1 of 1 cells to run" in capsys.readouterr().err
