"""What a command writes: whole or not at all, through devices, FIFOs and links (never
replacing them), never over one of its inputs, and one line when a disk is full.

So ``convert`` does not write in place (a failure or SIGKILL leaves no half a
file where the old output was); ``-o /dev/null`` as root keeps the device, not a
regular file; ``-o FIFO`` does not block forever; ``convert b.cha -o b.cha``
does not overwrite the transcript; a full disk is not a traceback.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES

SRC = FIXTURES / "cli" / "tiny.conllu"
OLD = "the previous output\n"


def _env() -> dict:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _cli(*args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import sys; from induceval.cli.main import "
                           "main; sys.exit(main())", *map(str, args)], env=_env(),
                          capture_output=True, text=True, timeout=120, **kw)


def _leftovers(folder: Path, name: str) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(f".{name}.")]


class _FullDisk(io.FileIO):
    """A file whose writes stop with ENOSPC after 100 bytes (a full disk)."""

    def write(self, data):
        if self.tell() + len(data) > 100:
            super().write(bytes(data[:max(0, 100 - self.tell())]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return super().write(data)


_REAL_OPEN = open


def _full_disk(folder: Path):
    """An ``open`` under which files written in ``folder`` stop with ENOSPC after 100 bytes."""

    def full_open(path, mode="r", *args, encoding=None, newline=None, **kw):
        if ("w" not in mode and "a" not in mode) or not isinstance(path, (str, os.PathLike)) \
                or Path(path).parent != folder:
            return _REAL_OPEN(path, mode, *args, encoding=encoding, newline=newline, **kw)
        raw = _FullDisk(path, mode.replace("t", "").replace("b", ""))
        buffered = io.BufferedWriter(raw, 16)
        return buffered if "b" in mode else io.TextIOWrapper(
            buffered, encoding=encoding or "utf-8", newline=newline)

    return full_open


def test_convert_failing_mid_write_leaves_the_old_output(tmp_path, monkeypatch, capsys):
    # before: the writer opened -o itself, so a failure left the first 100 bytes over the old
    # output (and a traceback)
    from induceval.corpus import writers

    out = tmp_path / "out.conllu"
    out.write_text(OLD)
    monkeypatch.setattr(writers, "open", _full_disk(tmp_path), raising=False)
    assert main(["convert", str(SRC), "-o", str(out), "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"induceval: error: cannot write {out}: No space left on device"]
    assert out.read_text() == OLD
    assert _leftovers(tmp_path, out.name) == []


@pytest.mark.parametrize("command", [
    ["convert", str(SRC), "-q"],
    ["info", str(SRC)],
    ["induce", "tags", "--model", "brown", "--k", "2", str(SRC), "-q", "--no-progress"],
    ["induce", "deps", "--model", "rb", str(SRC), "-q"],
    ["eval", "tags", "--gold", str(SRC), "--pred", str(SRC), "--allow-identical"],
])
def test_full_disk_is_one_line_and_no_partial_file(tmp_path, monkeypatch, capsys, command):
    import builtins

    out = tmp_path / ("out.pascal" if command[0] == "induce" and command[1] == "tags"
                      else "out.conllu" if command[0] in ("convert", "induce") else "out.txt")
    out.write_text(OLD)
    monkeypatch.setattr(builtins, "open", _full_disk(tmp_path))
    assert main([*command, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"induceval: error: cannot write {out}: No space left on device"
    assert len([line for line in err if "error" in line]) == 1
    monkeypatch.undo()
    assert out.read_text() == OLD
    assert _leftovers(tmp_path, out.name) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_dev_full_and_a_full_stdout_are_one_line(tmp_path):
    # through a link in the scratch folder: the code before the fix would have replaced the
    # node it was given, which must never be the system's own /dev/full
    full = tmp_path / "full"
    full.symlink_to("/dev/full")
    for args, stdout in ((["convert", SRC, "--to", "conllu", "-o", full], None),
                         (["info", SRC, "-o", full], None),
                         (["info", SRC], "/dev/full")):
        with open(stdout or os.devnull, "w") as fh:
            proc = subprocess.run([sys.executable, "-c", "import sys; from induceval.cli.main "
                                   "import main; sys.exit(main())", *map(str, args)], env=_env(),
                                  stdout=fh, stderr=subprocess.PIPE, text=True, timeout=120)
        assert proc.returncode in (1, 2), proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "No space left on device" in lines[0], proc.stderr
        assert "Traceback" not in proc.stderr
    assert full.is_symlink() and os.readlink(full) == "/dev/full"


def test_closed_stdout_is_one_line():
    proc = subprocess.run([sys.executable, "-c", "import sys; from induceval.cli.main import "
                           "main; sys.exit(main())", "info", str(SRC)], env=_env(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=120, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1
    assert proc.stderr.strip() == "induceval: error: cannot write to stdout: stdout is closed"


def test_a_killed_convert_leaves_the_old_output(tmp_path):
    # a corpus large enough that writing takes a while; SIGKILL once the write has begun (the
    # temporary file appears, or, before the fix, the output itself changes)
    big = tmp_path / "big.conllu"
    sent = "".join(f"{i}\tw{i}\t_\tX\t_\t_\t0\troot\t_\t_\n" for i in range(1, 21)) + "\n"
    big.write_text(sent * 40_000)
    out = tmp_path / "out.conllu"
    out.write_text(OLD)
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from induceval.cli.main import "
                             "main; sys.exit(main())", "convert", str(big), "-o", str(out), "-q"],
                            env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if _leftovers(tmp_path, out.name) or out.read_text() != OLD:
                break
            time.sleep(0.001)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert out.read_text() in (OLD, big.read_text())


@pytest.fixture
def fake_null(tmp_path):
    """A character device like /dev/null in the scratch folder (needs root)."""
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("cannot create a device node here (not root)")
    return node


@pytest.mark.parametrize("command", [
    ["info", str(SRC)],
    ["convert", str(SRC), "--to", "conllu", "-q"],
    ["eval", "tags", "--gold", str(SRC), "--pred", str(SRC), "--allow-identical"],
    ["induce", "tags", "--model", "brown", "--k", "2", str(SRC), "-q", "--no-progress",
     "--clusters", "{node}", "--log", "{node}"],
])
def test_a_device_is_written_through_never_replaced(fake_null, command):
    args = [a.format(node=fake_null) for a in command]
    if "induce" in args:
        args += ["-o", str(fake_null.parent / "pred.pascal")]
    else:
        args += ["-o", str(fake_null)]
    assert main(args) == 0
    assert stat.S_ISCHR(os.lstat(fake_null).st_mode)


def test_dev_stdout_is_written_through(tmp_path):
    # links in the scratch folder to /dev/stdout and to /proc/self/fd/1 (the code before the
    # fix replaced what it was given with a regular file: never give it the system's own)
    for name, target in (("out.txt", "/dev/stdout"), ("fd1.txt", "/proc/self/fd/1")):
        link = tmp_path / name
        link.symlink_to(target)
        proc = _cli("info", SRC, "-o", link)
        assert proc.returncode == 0 and "corpus" in proc.stdout
        assert link.is_symlink() and os.readlink(link) == target


def test_a_link_keeps_pointing_at_its_file(tmp_path):
    target = tmp_path / "real.conllu"
    target.write_text(OLD)
    link = tmp_path / "link.conllu"
    link.symlink_to(target.name)
    assert main(["convert", str(SRC), "-o", str(link), "-q"]) == 0
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_text() == SRC.read_text()


def test_a_fifo_is_written_through_or_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # nobody reads it: refused at once (before: blocked forever)
    proc = _cli("convert", SRC, "--to", "conllu", "-o", fifo, "-q")
    assert proc.returncode == 2
    assert proc.stderr.strip() == (f"induceval: error: cannot write {fifo}: a FIFO that no "
                                   "process reads (start its reader first)")
    got = []
    reader = threading.Thread(target=lambda: got.append(Path(fifo).read_text()))
    reader.start()
    while True:   # the reader's open() is blocked until a writer comes
        proc = _cli("convert", SRC, "--to", "conllu", "-o", fifo, "-q")
        if proc.returncode == 0 or not reader.is_alive():
            break
    reader.join(60)
    assert got == [SRC.read_text()]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def _commands(src: Path, other: Path) -> list[list[str]]:
    """Every command with an output option, the output being ``src``, one of its inputs."""
    s, o = str(src), str(other)
    return [
        ["convert", s, "--to", "conllu", "-o", s],
        ["info", s, "-o", s],
        ["eval", "tags", "--gold", s, "--pred", o, "-o", s],
        ["eval", "deps", "--gold", o, "--pred", s, "-o", s],
        ["eval", "deps", "--gold", o, "--pred", s, "--plot", "edge-length", s],
        ["induce", "tags", "--model", "brown", "--k", "2", s, "-o", s],
        ["induce", "tags", "--model", "brown", "--k", "2", s, "--clusters", s],
        ["induce", "deps", "--model", "rb", s, "--to", "conllu", "-o", s],
        ["induce", "deps", "--model", "dmv", s, "--log", s],
        ["wopa", s, "-o", s],
    ]


@pytest.mark.parametrize("i", range(len(_commands(SRC, SRC))))
@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_an_output_that_is_an_input_is_refused_before_any_work(tmp_path, capsys, i, how):
    src = tmp_path / "b.conllu"
    src.write_text(SRC.read_text())
    other = tmp_path / "other.conllu"
    other.write_text(SRC.read_text())
    out = src
    command = _commands(src, other)[i]
    if how != "same":
        out = tmp_path / "alias.conllu"
        (out.symlink_to if how == "symlink" else out.hardlink_to)(src)
        at = len(command) - 1
        command[at] = str(out)
    assert main(command) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is also an input" in err[0] and str(out) in err[0]
    assert src.read_text() == SRC.read_text()


def test_chat_convert_onto_itself_is_refused(tmp_path, capsys):
    cha = tmp_path / "b.cha"
    cha.write_text((FIXTURES / "chat" / "conventions.cha").read_text())
    before = cha.read_bytes()
    assert main(["convert", str(cha), "--to", "conllu", "-o", str(cha)]) == 2
    assert cha.read_bytes() == before
    assert "is also an input" in capsys.readouterr().err


def test_an_output_inside_an_input_folder_is_refused(tmp_path, capsys):
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.conllu").write_text(SRC.read_text())
    assert main(["convert", str(folder), "-o", str(folder / "a.conllu")]) == 2
    assert "inside the input folder" in capsys.readouterr().err
    # a new file in the folder reads nothing of it: allowed
    assert main(["convert", str(folder), "-o", str(folder / "new.conllu"), "-q"]) == 0


def test_several_csv_tables_to_a_device_are_refused_before_any_work(fake_null, capsys):
    # the other tables would have gone to null.by-relation.csv, a new file beside the device
    assert main(["eval", "deps", "--gold", str(SRC), "--pred", str(SRC), "--by", "relation",
                 "--format", "csv", "-o", str(fake_null)]) == 2
    err = capsys.readouterr().err
    assert f"-o {fake_null} is no file to name the others after" in err
    assert sorted(p.name for p in fake_null.parent.iterdir()) == ["null"]
