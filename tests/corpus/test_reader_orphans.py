"""Reader processes end with the command that started them: a SIGKILL or SIGTERM of the
parent while child processes read corpora leaves no process behind (a reader left blocked
would keep the caller's pipes open, and the calling script would hang too)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

# two corpora read in two processes (read_corpora, the path of every multi-corpus command),
# each large enough that the parent is killed while they read
_READ = textwrap.dedent("""
    import sys
    from induceval.corpus.readers import read_corpora
    read_corpora([([p], {"format": "plain"}) for p in sys.argv[1:]], jobs=2)
""")


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_readers_end_with_their_parent(tmp_path, sig):
    line = " ".join(f"w{i}" for i in range(40)) + "\n"
    files = []
    for name in ("a.txt", "b.txt"):
        path = tmp_path / name
        path.write_text(line * 200_000)   # 35 MB each
        files.append(str(path))
    proc = subprocess.Popen([sys.executable, "-c", _READ, *files],
                            env={**os.environ, "PYTHONPATH": SRC},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    readers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while len(readers) < 2 and proc.poll() is None and time.monotonic() < deadline:
            readers = _children(proc.pid)
            time.sleep(0.01)
        assert len(readers) == 2, "the readers did not start"
    finally:
        proc.send_signal(sig)
        proc.wait(30)
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in readers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in readers if _alive(p)]
    for p in left:   # pragma: no cover - the failure below; leave nothing behind
        os.kill(p, signal.SIGKILL)
    assert not left
