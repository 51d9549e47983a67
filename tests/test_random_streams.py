"""Independent random streams: every random use has its own stream."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import numpy as np
import pytest

from induceval.measures.pseudowords import score_decisions
from induceval.measures.resampling import ItemStats, compare
from induceval.random import STREAMS, rng, spawn, stream, stream_seed

SRC = Path(__file__).resolve().parents[1] / "src" / "induceval"


def test_stream_keys_distinct():
    assert len(set(STREAMS)) == len(STREAMS)
    assert len({zlib.crc32(s.encode()) for s in STREAMS}) == len(STREAMS)


def test_streams_reproducible_and_independent():
    draws = {s: stream(5, s).random(8) for s in STREAMS}
    for s in STREAMS:
        assert (stream(5, s).random(8) == draws[s]).all()
    vals = np.concatenate(list(draws.values()))
    assert len(np.unique(vals)) == len(vals)
    root = rng(5).random(8)
    assert not np.isin(root, vals).any()
    assert stream_seed(5, "models.bhmm.sampler") != stream_seed(6, "models.bhmm.sampler")
    a, b = spawn(5, "resampling.bootstrap", 2)
    assert a.random() != b.random()


def test_no_other_generators_in_package():
    """No module but random.py builds a generator; every named stream is registered."""
    pat = re.compile(r"default_rng|RandomState|np\.random\.seed\(")
    used: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r"(?:stream|rng|stream_seed)\(\s*seed\s*,\s*\"([\w.]+)\"", text))
        if path.name == "random.py":
            continue
        for line in text.splitlines():
            if pat.search(line):
                # the only exception: numba's own generator, seeded from a stream
                assert "numba" in line, f"{path}: {line.strip()}"
    assert used <= set(STREAMS), used - set(STREAMS)
    assert len(used) >= 10


@pytest.mark.parametrize("seed", [0, 1, 12345, 2024])
def test_smallest_p_is_one_over_n_plus_one(seed):
    """A clearly better model against a guessing baseline, same seed for both uses.

    The baseline decides nothing, so its credited score is the seeded coin
    of ``score_decisions``; the model is right on every item.  Every
    shuffle that swaps any item lowers the difference, so no shuffle counts
    as a hit and p = (0 + 1) / (n + 1).  With one shared stream the first
    shuffle replayed the coin (swapping exactly the items the baseline
    guessed right, which changes nothing) and p was 2 / (n + 1).
    """
    m, n = 200, 100
    base = score_decisions(np.zeros(m, dtype=int), ties="random", seed=seed)
    model = score_decisions(np.ones(m, dtype=int), ties="random", seed=seed)
    def credited(scores):
        return ItemStats(scores.credited[:, None].copy(), lambda t: {"credited": t[:, 0]})

    p = compare(credited(base), [credited(model)], test="ar", n=n,
                seed=seed)[0].p_value["credited"]
    assert p == pytest.approx(1 / (n + 1))
