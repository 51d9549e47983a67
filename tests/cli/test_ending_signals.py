"""SIGTERM and SIGHUP end a command as Ctrl-C does: one line, exit 128 + the signal's number,
no temporary file left, the stored cells kept, the folder's lock gone.

Before: SIGTERM (what ``timeout``, ``docker stop`` and Slurm send) ended a run with exit
-15 and no message, and ``convert`` left its hidden temporary file beside the output.

Each child process is made slow where the signal should land (a cell, a write) by the
script that runs it, and the signal is sent once it says it got there: no sleep that a
loaded machine could outlast.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")

TOY = FIXTURES / "dependency-models" / "toy.conllu"
SIGNALS = {"SIGTERM": (signal.SIGTERM, 143, "terminated"),
           "SIGHUP": (getattr(signal, "SIGHUP", 1), 129, "hung up")}

#: the RB cell of pascal2012-deps waits (the LB cell before it is stored by then)
SLOW_CELL = """
    import sys, time
    import induceval.experiments.pascal2012_deps as p
    real = p.run_cell
    def run_cell(path, system, **options):
        if system == "RB":
            print("READY", file=sys.stderr, flush=True)
            time.sleep(120)
        return real(path, system, **options)
    p.run_cell = run_cell
"""

#: convert waits with its output half written to its temporary file
SLOW_WRITE = """
    import contextlib, sys, time
    from induceval.corpus import writers
    real = writers._open
    @contextlib.contextmanager
    def _open(target):
        with real(target) as fh:
            fh.write("# half\\n")
            fh.flush()
            print("READY", file=sys.stderr, flush=True)
            time.sleep(120)
            yield fh
    writers._open = _open
"""


def _run_until_ready(prelude: str, argv: list[str], cwd: Path, signum: int):
    """Run the CLI with ``prelude`` first, send ``signum`` once it prints READY; return
    its exit code and what it wrote to stderr after READY."""
    code = (textwrap.dedent(prelude) + "\nfrom induceval.cli.main import main\n"
            f"sys.exit(main({argv!r}))\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=cwd, stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO / "src")},
                            preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    try:
        before = []
        for line in proc.stderr:
            if line.strip() == "READY":
                break
            before.append(line)
        else:
            pytest.fail("the command ended before READY: " + "".join(before))
        proc.send_signal(signum)
        rest = proc.stderr.read()
        return proc.wait(60), rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize("name", sorted(SIGNALS))
def test_a_signal_ends_a_reproduce_run_keeping_its_stored_cells(name, tmp_path):
    signum, code, words = SIGNALS[name]
    out = tmp_path / "run"
    rc, err = _run_until_ready(SLOW_CELL, ["reproduce", "pascal2012-deps", str(TOY),
                                           "--systems", "LB,RB", "--out", str(out),
                                           "--no-progress"], tmp_path, signum)
    assert rc == code, err
    assert err.splitlines() == [f"induceval: {words} ({name})"]
    assert sorted(p.name for p in (out / "cells").iterdir()) == ["toy_LB.json"]
    assert [p.name for p in out.iterdir()] == ["cells"]   # no lock, no temporary file


@pytest.mark.parametrize("name", sorted(SIGNALS))
def test_a_signal_ends_convert_without_its_temporary_file(name, tmp_path):
    signum, code, words = SIGNALS[name]
    rc, err = _run_until_ready(SLOW_WRITE, ["convert", str(TOY), "-o", "out.conllu"],
                               tmp_path, signum)
    assert rc == code, err
    assert err.splitlines() == [f"induceval: {words} ({name})"]
    assert list(tmp_path.iterdir()) == []   # neither the output nor its temporary file
