"""Ctrl-C: exit 130 within a second, no traceback, no half-written output."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from tests.conftest import REPO


def _restore_sigint():  # a background test runner may ignore SIGINT; the user's shell does not
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (Linux ``/proc``)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _read_until(fd: int, proc, marker: bytes, timeout: float = 120.0) -> bytes:
    """What the process writes to the terminal ``fd``, up to ``marker`` (or its end)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, seen
        ready, _, _ = select.select([fd], [], [], 0.2)
        try:
            chunk = os.read(fd, 4096) if ready else b""
        except OSError:   # the terminal closed: the process ended
            chunk = b""
        if ready and not chunk:
            break
        seen += chunk
    return seen


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="POSIX signals, os.wait4, pty")
def test_ctrl_c_during_bhmm_sampling(tmp_path):
    # Compile (or load) the BHMM kernels here first, so that the numba cache is
    # warm and the signal below lands in sampling, not in a first compilation.
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import induce_tags

    induce_tags(generate_demo_corpus(n_sentences=50, seed=1), "bhmm", 3, iterations=2, seed=1)
    out = tmp_path / "bhmm.pascal"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    # stderr on a terminal: the command shows its sampling bar, so the signal is sent
    # once sampling has started (not after a sleep that a loaded machine can outlast)
    terminal, child = pty.openpty()
    # 24 x 80, as a user's terminal (tqdm draws nothing on a terminal 0 columns wide)
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "induceval.cli.main", "induce", "tags", "--demo", "--model",
         "bhmm", "--k", "10", "--iterations", "1000000", "-o", str(out)],
        stdout=subprocess.DEVNULL, stderr=child, env=env, cwd=tmp_path,
        preexec_fn=_restore_sigint)
    os.close(child)
    try:
        err = _read_until(terminal, proc, b"BHMM Gibbs")
        assert proc.poll() is None, err
        time.sleep(0.3)   # well inside the compiled sweeps
        at_signal = _cpu_seconds(proc.pid)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        err += _read_until(terminal, proc, b"\x00")   # everything, to the end
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        os.close(terminal)
    waited = time.monotonic() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = err.decode(errors="replace")
    assert proc.returncode == 130, err
    # CPU used after the signal (load-independent): the rest of one chunk of sweeps
    # (about 0.1 s), the cleanup and the interpreter's exit; wall time: generous
    assert usage.ru_utime + usage.ru_stime - at_signal < 1.0
    assert waited < 30.0, waited
    assert "Traceback" not in err and "interrupted" in err
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part") or
                p.name.startswith(".bhmm")]


def test_bhmm_chunks_give_one_run(monkeypatch):
    """Sweeps run in chunks from Python (to see Ctrl-C) give the uninterrupted result."""
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import _bigrams, induce_tags

    c = generate_demo_corpus(n_sentences=200, seed=1)
    one = induce_tags(c, "bhmm", 5, iterations=30, seed=2)
    monkeypatch.setattr(_bigrams, "CHUNK_SECONDS", 0.0)   # one sweep per chunk
    many = induce_tags(c, "bhmm", 5, iterations=30, seed=2)
    assert (one.tags == many.tags).all() and one.log["alpha"] == many.log["alpha"]
