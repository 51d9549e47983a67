"""Brown and exchange clustering run in compiled chunks: Ctrl-C stops them, results unchanged."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.models.categories import _bigrams, induce_tags
from tests.conftest import REPO


def _restore_sigint():  # a background test runner may ignore SIGINT; the user's shell does not
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (Linux ``/proc``)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_chunks_give_one_run(monkeypatch):
    c = generate_demo_corpus(n_sentences=400, seed=3)
    brown = induce_tags(c, "brown", 8)
    exchange = induce_tags(c, "exchange", 8)
    monkeypatch.setattr(_bigrams, "CHUNK_SECONDS", 0.0)   # one word (or merge) per call
    brown2 = induce_tags(c, "brown", 8)
    exchange2 = induce_tags(c, "exchange", 8)
    assert np.array_equal(brown.tags, brown2.tags) and brown.paths == brown2.paths
    assert np.array_equal(exchange.tags, exchange2.tags)
    assert exchange.log["loglik"] == exchange2.log["loglik"]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="POSIX signals, /proc")
def test_ctrl_c_during_brown_and_exchange(tmp_path):
    # load (or compile) the kernels first, so the signal lands in clustering, not compiling
    demo = generate_demo_corpus(n_sentences=50, seed=1)
    induce_tags(demo, "brown", 3)
    induce_tags(demo, "exchange", 3)
    # 20,000 Zipfian word types, K=1000: each model runs for minutes
    gen = np.random.default_rng(0)
    p = 1.0 / np.arange(1, 20_001)
    words = gen.choice(20_000, size=100_000, p=p / p.sum())
    text = tmp_path / "zipf.txt"
    text.write_text("".join(" ".join(f"w{w}" for w in words[i:i + 10]) + "\n"
                            for i in range(0, len(words), 10)))
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    procs = {}
    for model in ("brown", "exchange"):
        out = tmp_path / f"{model}.pascal"
        procs[model] = (out, subprocess.Popen(
            [sys.executable, "-m", "induceval.cli.main", "induce", "tags", "--model", model,
             "--k", "1000", str(text), "--input-format", "plain", "-o", str(out)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
            preexec_fn=_restore_sigint))
    # imports, reading and counting take about 1 s of CPU: past 2 s each is clustering
    # (CPU time, not a sleep, so that a loaded machine does not send the signal early)
    deadline = time.monotonic() + 120
    for model, (_, proc) in procs.items():
        while proc.poll() is None and _cpu_seconds(proc.pid) < 2.0:
            assert time.monotonic() < deadline, model
            time.sleep(0.05)
        assert proc.poll() is None, (model, proc.communicate())
    at_signal = {}
    for model, (_, proc) in procs.items():
        at_signal[model] = _cpu_seconds(proc.pid)
        proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    for model, (out, proc) in procs.items():
        _, status, usage = os.wait4(proc.pid, 0)
        waited = time.monotonic() - t0
        err = proc.stderr.read().decode()
        proc.stdout.close()
        proc.stderr.close()
        proc.returncode = os.waitstatus_to_exitcode(status)
        after = usage.ru_utime + usage.ru_stime - at_signal[model]
        assert proc.returncode == 130, (model, err)
        # CPU used after the signal (load-independent): the rest of one chunk, the
        # cleanup and the interpreter's exit; about 0.2 s measured
        assert after < 1.0, (model, after)
        assert waited < 30.0, (model, waited)   # wall time: generous, for a loaded machine
        assert "Traceback" not in err and "interrupted" in err
        assert not out.exists()
