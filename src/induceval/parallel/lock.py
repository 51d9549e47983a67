"""One run per output folder: a lock file naming the run that holds it.

Two runs writing the cells of one ``--out`` folder at once would interleave
their files; :func:`folder_lock` lets the first in and refuses the second with
one line naming the first (its pid, start time and command).  The lock is an
advisory ``flock`` on ``<folder>/.induceval.lock``: the kernel releases it
when its holder ends, however it ends, so the lock of a run that was killed
is taken over by the next one.  A run that ends (normally, on an error or a
signal) removes its lock file, so that ``--out`` keeps nothing of the run's
machinery; only a run killed outright (``SIGKILL``) leaves it, for the next.
Within one process the lock is re-entrant (a command holds it for its whole
run, :func:`~induceval.parallel.run_cells` again for its cells).

Example
-------
>>> import tempfile
>>> d = tempfile.mkdtemp()
>>> with folder_lock(d):
...     with folder_lock(d):   # the same process: re-entrant
...         pass
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from induceval.errors import InducevalError

__all__ = ["LOCK_NAME", "FolderInUseError", "folder_lock"]

#: the lock file in a locked folder
LOCK_NAME = ".induceval.lock"

#: folders this process holds: real path -> (open lock file, depth)
_HELD: dict[str, list] = {}


class FolderInUseError(InducevalError):
    """Another run holds the output folder."""


def _holder(fh) -> str:
    """Who holds the lock, as its file says."""
    with contextlib.suppress(OSError, ValueError):
        fh.seek(0)
        info = json.loads(fh.read() or "{}")
        return (f"pid {info['pid']}, started {info['started']}: "
                f"{info['command']}")
    return "a run that has not yet said who it is"


@contextlib.contextmanager
def folder_lock(folder: str | os.PathLike) -> Iterator[None]:
    """Hold ``folder`` (created with its parents when absent) for this run, or raise
    :class:`FolderInUseError` naming the run that holds it.

    Parameters
    ----------
    folder
        The run's folder.

    Yields
    ------
    None
        Control, for the block, the folder held.

    Example
    -------
    >>> import os, tempfile
    >>> d = os.path.join(tempfile.mkdtemp(), "run")
    >>> with folder_lock(d):
    ...     os.path.isdir(d)
    True
    """
    try:
        import fcntl  # noqa: F401 - only whether it exists: _locked uses it
    except ImportError:   # pragma: no cover - not POSIX: no lock
        yield
        return
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InducevalError(f"cannot create the folder {folder}: {exc.strerror or exc}"
                             + (f" ({exc.filename})" if exc.filename not in (None, str(folder))
                                else "")) from None
    key = os.path.realpath(path)
    if key in _HELD:
        _HELD[key][1] += 1
        try:
            yield
        finally:
            _HELD[key][1] -= 1
        return
    fh = _locked(path, folder)
    try:
        # flock is held by this open file: the lock file is rewritten in place, never replaced
        fh.seek(0)
        fh.truncate()
        fh.write(json.dumps({"pid": os.getpid(), "started": datetime.datetime.now().isoformat(
            timespec="seconds"), "command": " ".join(["induceval", *sys.argv[1:]])}) + "\n")
        fh.flush()
        _HELD[key] = [fh, 1]
        yield
    finally:
        _HELD.pop(key, None)
        # removed while still held, so that the folder keeps nothing of the run: a run
        # waiting on this file finds it gone once it gets the lock, and takes a new one
        with contextlib.suppress(OSError):
            os.unlink(path / LOCK_NAME)
        fh.close()   # releases the lock


def _locked(path: Path, folder) -> IO[str]:
    """The lock file of ``path``, open and locked by this process (see :func:`folder_lock`)."""
    import fcntl

    while True:
        try:
            fh = open(path / LOCK_NAME, "a+", encoding="utf-8")
        except OSError as exc:   # a read-only folder, a lock file of another user
            raise InducevalError(f"cannot write in the folder {folder}: "
                                 f"{exc.strerror or exc}") from None
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            who = _holder(fh)
            fh.close()
            raise FolderInUseError(f"{folder} is in use by another run ({who}); wait for it "
                                   "to end or give another folder") from None
        # the holder before may have removed the file between our open and our lock: the
        # lock is then on a file no other run will see; take the one at the path again
        try:
            same = os.path.samestat(os.fstat(fh.fileno()), os.stat(path / LOCK_NAME))
        except OSError:
            same = False
        if same:
            return fh
        fh.close()
