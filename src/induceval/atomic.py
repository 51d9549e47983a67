"""Files written whole or not at all: a temporary file beside the target, then a rename.

Every file induceval writes goes through :func:`atomic_path` (or
:func:`write_atomic`), so that an interruption, a full disk or an error
leaves either the previous file or the new one, never half of it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["atomic_path", "write_atomic"]

#: the process's umask, read once at import (reading it means setting it, which must not
#: race with threads creating files)
_UMASK = os.umask(0o022)
os.umask(_UMASK)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[str]:
    """A temporary path beside ``path``, renamed onto it when the block succeeds (else removed),
    with the permissions ``open()`` would give (``0666`` less the umask).

    Example
    -------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = pathlib.Path(tmp).write_text("done\\n")
    >>> target.read_text()
    'done\\n'
    """
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=p.suffix or ".part",
                               dir=p.parent or ".")
    os.close(fd)
    try:
        yield tmp
        # mkstemp makes the file private (0600): give it the mode open() would, the user's
        # umask applied, so that colleagues can read it in a shared folder
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (see `atomic_path`)."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
