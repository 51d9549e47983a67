"""A run's ``--out`` folder: one run at a time, damaged cells set aside and recomputed,
parents created, a full disk named.

Before: two runs started together wrote the same temporary cell name and one
crashed; a truncated cell made every resume end in a ``JSONDecodeError`` that
named no file; an ``--out`` under a file ended in a ``mkdir`` traceback.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from induceval.cli.main import main
from induceval.errors import InducevalError
from induceval.parallel import Cell, run_cells
from tests.conftest import FIXTURES

TOY = FIXTURES / "dependency-models" / "toy.conllu"
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _square(x: int) -> int:
    return x * x


CELLS = [Cell("a", _square, (3,)), Cell("b", _square, (4,))]


@pytest.mark.parametrize("damage", ["", '{"key": "a", "version"', "[1, 2]", "\x00\x01"])
def test_a_damaged_cell_is_named_set_aside_and_recomputed(tmp_path, capsys, damage):
    assert run_cells(CELLS, tmp_path) == {"a": 9, "b": 16}
    stored = tmp_path / "cells" / "a.json"
    stored.write_text(damage)
    assert run_cells(CELLS, tmp_path) == {"a": 9, "b": 16}
    err = capsys.readouterr().err
    assert f"stored cell {stored} is damaged" in err and "set aside as a.json.damaged" in err
    assert (tmp_path / "cells" / "a.json.damaged").read_text() == damage
    assert json.loads(stored.read_text())["result"] == 9
    # damaged again: set aside beside the first, not over it
    stored.write_text("{")
    assert run_cells(CELLS, tmp_path)["a"] == 9
    assert (tmp_path / "cells" / "a.json.damaged2").read_text() == "{"


def _holder(folder: Path) -> subprocess.Popen:
    """Another process holding ``folder`` until its stdin closes."""
    code = textwrap.dedent(f"""
        import sys
        from induceval.parallel import folder_lock
        with folder_lock({str(folder)!r}):
            print("held", flush=True)
            sys.stdin.read()
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": SRC})
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_run_into_a_folder_in_use_is_refused(tmp_path, capsys):
    out = tmp_path / "run"
    other = _holder(out)
    try:
        with pytest.raises(InducevalError, match=rf"is in use by another run \(pid {other.pid},"):
            run_cells(CELLS, out)
        assert main(["reproduce", "pascal2012-deps", str(TOY), "--systems", "LB",
                     "--out", str(out), "--no-progress"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and f"in use by another run (pid {other.pid}" in err[0]
    finally:
        other.stdin.close()
        other.wait()
    # its holder gone (however it ended), the folder is free again
    assert run_cells(CELLS, out) == {"a": 9, "b": 16}


def test_the_lock_of_a_killed_run_is_taken_over(tmp_path):
    out = tmp_path / "run"
    other = _holder(out)
    other.kill()
    other.wait()
    assert str(other.pid) in (out / ".induceval.lock").read_text()
    assert run_cells(CELLS, out) == {"a": 9, "b": 16}
    # the run that took it over removed it when it ended
    assert not (out / ".induceval.lock").exists()


def test_a_run_leaves_no_lock_file_and_the_next_run_locks_again(tmp_path):
    from induceval.parallel import folder_lock

    out = tmp_path / "run"
    with folder_lock(out):
        held = json.loads((out / ".induceval.lock").read_text())
        assert held["pid"] == os.getpid()
        with pytest.raises(InducevalError, match="in use by another run"):
            _other_process_locks(out)
    assert list(out.iterdir()) == []
    other = _holder(out)   # the folder is free: another process takes it
    try:
        with pytest.raises(InducevalError, match=rf"in use by another run \(pid {other.pid},"):
            run_cells(CELLS, out)
    finally:
        other.stdin.close()
        other.wait()
    assert list(out.iterdir()) == []


def _other_process_locks(folder: Path) -> None:
    """Try to lock ``folder`` from another process; its refusal raised here."""
    code = textwrap.dedent(f"""
        from induceval.parallel import folder_lock
        with folder_lock({str(folder)!r}):
            pass
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": SRC})
    if proc.returncode:
        raise InducevalError(proc.stderr.strip().splitlines()[-1])


def test_an_out_folder_that_cannot_be_written_is_one_line(tmp_path, monkeypatch, capsys):
    """Before: an OSError traceback from the lock file's open."""
    out = tmp_path / "readonly"
    out.mkdir()
    out.chmod(0o555)
    if os.access(out, os.W_OK):   # root writes anywhere: the refusal is made as the kernel's
        from induceval.parallel import lock

        def refused(path, *args, **kwargs):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

        monkeypatch.setattr(lock, "open", refused, raising=False)
    try:
        assert main(["reproduce", "pascal2012-deps", str(TOY), "--systems", "LB",
                     "--out", str(out), "--no-progress"]) == 2
    finally:
        out.chmod(0o755)
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"induceval: error: cannot write in the folder {out}: Permission denied"]


def test_two_concurrent_runs_one_finishes_the_other_is_refused(tmp_path):
    out = tmp_path / "run"
    cmd = [sys.executable, "-c", "import sys; from induceval.cli.main import main; "
           "sys.exit(main())", "reproduce", "pascal2012-deps", str(TOY), "--systems",
           "LB,RB,DMVu", "--out", str(out), "--no-progress"]
    env = {**os.environ, "PYTHONPATH": SRC}
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    results = [(p.wait(300), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    codes = sorted(rc for rc, _ in results)
    assert codes in ([0, 0], [0, 2]), results   # the second may start after the first ended
    for rc, err in results:
        assert "Traceback" not in err
        if rc == 2:
            assert err.strip().count("\n") == 0 and "in use by another run (pid" in err
    assert not [p.name for p in (out / "cells").iterdir() if not p.name.endswith(".json")]


def test_out_parents_are_created_and_a_file_in_the_way_is_one_line(tmp_path, capsys):
    deep = tmp_path / "a" / "b" / "run"
    assert main(["reproduce", "pascal2012-deps", str(TOY), "--systems", "LB",
                 "--out", str(deep), "--no-progress"]) == 0
    assert (deep / "cells").is_dir()
    capsys.readouterr()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["reproduce", "pascal2012-deps", str(TOY), "--systems", "LB",
                 "--out", str(blocker / "run"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"induceval: error: cannot create the folder {blocker / 'run'}: "
                   "Not a directory"]


def test_a_full_disk_while_storing_cells_is_one_line(tmp_path, monkeypatch, capsys):
    from induceval import atomic

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    out = tmp_path / "run"
    monkeypatch.setattr(atomic.os, "replace", full)
    assert main(["reproduce", "pascal2012-deps", str(TOY), "--systems", "LB",
                 "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"induceval: error: cannot write {out}/cells/")
    assert err[0].endswith(": No space left on device")
    monkeypatch.undo()
    assert [p.name for p in (out / "cells").iterdir()] == []   # no partial file left
