"""Files written whole or not at all: a temporary file beside the target, then a rename.

Every file induceval writes goes through :func:`atomic_path` (or
:func:`write_atomic`), so that an interruption, a full disk or an error
leaves either the previous file or the new one, never half of it.

What a path names decides how it is written:

* a regular file, or a name not yet taken: a temporary file beside it (a
  unique name: ``mkstemp``), renamed onto it when the block succeeds;
* a symbolic link to a file: the same beside the file it points to; the
  link stays;
* a device, a FIFO or a socket (``/dev/null``, ``/dev/stdout``, ``/dev/full``,
  a named pipe), or a link into ``/dev`` or ``/proc``: written through, never
  replaced (a rename would put a regular file in place of the node); a FIFO
  no process reads is refused at once instead of blocking.

A failed write (a full disk, no permission, a closed pipe) raises
:class:`WriteError`, which names the file and the reason, and leaves no
temporary file behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from induceval.errors import InducevalError

__all__ = ["WriteError", "atomic_path", "save_figure", "write_atomic", "writes_through"]

#: the process's umask, read once at import (reading it means setting it, which must not
#: race with threads creating files)
_UMASK = os.umask(0o022)
os.umask(_UMASK)

#: folders whose entries are nodes of the system, never files to replace
_SYSTEM_DIRS = ("/dev/", "/proc/")


class WriteError(InducevalError):
    """A file could not be written: the message names it and says why.

    Example
    -------
    >>> str(WriteError.of("out.csv", OSError(errno.ENOSPC, "No space left on device")))
    'cannot write out.csv: No space left on device'
    """

    def __init__(self, path: str | os.PathLike, reason: str) -> None:
        self.path, self.reason = os.fspath(path), reason
        super().__init__(f"cannot write {self.path}: {reason}")

    @classmethod
    def of(cls, path: str | os.PathLike, exc: OSError) -> WriteError:
        """The error of writing ``path`` that failed with ``exc``."""
        return cls(path, exc.strerror or str(exc))


def writes_through(path: str | os.PathLike) -> bool:
    """Whether ``path`` is written through rather than replaced: it names (or links to) a
    device, a FIFO or a socket, or a link on its way lies in ``/dev`` or ``/proc``.

    Parameters
    ----------
    path
        A path.

    Returns
    -------
    bool
        Whether writes go through.

    Example
    -------
    >>> writes_through("/dev/null"), writes_through("/tmp/no-such-file.txt")
    (True, False)
    """
    p = os.path.abspath(os.fspath(path))
    for _ in range(40):   # the kernel's own limit on links followed
        if p.startswith(_SYSTEM_DIRS):
            return True
        if not os.path.islink(p):
            break
        p = os.path.abspath(os.path.join(os.path.dirname(p), os.readlink(p)))
    try:
        mode = os.stat(path).st_mode
    except OSError:   # absent, or a link to nothing: a new file
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _open_fifo(path: str | os.PathLike) -> int | None:
    """A write end of ``path`` held open while the caller writes, when it is a FIFO (so that
    opening it again does not block); ``None`` for anything else."""
    try:
        if not stat.S_ISFIFO(os.stat(path).st_mode):
            return None
        return os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise WriteError(path, "a FIFO that no process reads (start its reader "
                                   "first)") from None
        raise WriteError.of(path, exc) from None


@contextlib.contextmanager
def _through(path: str | os.PathLike) -> Iterator[str]:
    fd = _open_fifo(path)
    try:
        yield os.fspath(path)
    except OSError as exc:
        if exc.filename not in (None, os.fspath(path)):
            raise
        raise WriteError.of(path, exc) from None
    finally:
        if fd is not None:
            os.close(fd)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[str]:
    """A temporary path beside ``path``, renamed onto it when the block succeeds (else removed),
    with the permissions ``open()`` would give (``0666`` less the umask).

    A device, a FIFO or a link into ``/dev`` or ``/proc`` is yielded itself
    (:func:`writes_through`); a link to a file has that file replaced.  An
    ``OSError`` of the writes in the block (no file name, or the temporary
    one) becomes a :class:`WriteError` naming ``path``.

    Parameters
    ----------
    path
        The file written.

    Yields
    ------
    str
        The temporary path to write (``path`` itself when written through).

    Example
    -------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = pathlib.Path(tmp).write_text("done\\n")
    >>> target.read_text()
    'done\\n'
    """
    if writes_through(path):
        with _through(path) as p:
            yield p
        return
    # a link keeps pointing where it did: the file it names is replaced
    p = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=p.suffix or ".part",
                                   dir=p.parent or ".")
        os.close(fd)
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    try:
        yield tmp
        # mkstemp makes the file private (0600): give it the mode open() would, the user's
        # umask applied, so that colleagues can read it in a shared folder
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, p)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.filename in (None, tmp, os.fspath(p)):
            raise WriteError.of(path, exc) from None
        if isinstance(exc, WriteError) and exc.path == tmp:   # a writer given the temporary
            raise WriteError(path, exc.reason) from None
        raise


#: metadata that would make two saves of one figure differ (a date) or tie them to the
#: matplotlib that wrote them, left out by format: the same run, the same bytes
_FIGURE_METADATA = {"svg": {"Date": None}, "png": {"Software": None},
                    "pdf": {"CreationDate": None, "ModDate": None, "Producer": None}}
#: the salt of the ids in an SVG (clip paths, markers): fixed, not one drawn per process
_SVG_SALT = "induceval"


def _savefig(fig, tmp: str, fmt: str, options: dict) -> None:
    """``fig.savefig`` with the same bytes for the same figure (:data:`_FIGURE_METADATA`,
    :data:`_SVG_SALT`); metadata the caller gives are kept."""
    import matplotlib

    meta = {**_FIGURE_METADATA.get(fmt, {}), **(options.pop("metadata", None) or {})}
    with matplotlib.rc_context({"svg.hashsalt": _SVG_SALT}):
        fig.savefig(tmp, format=fmt, **({"metadata": meta} if meta else {}), **options)


def save_figure(fig, path: str | os.PathLike, *, also: tuple[str, ...] = (),
                **options) -> None:
    """``fig.savefig(path, **options)`` through a temporary file and a rename, in the format
    of the ending of ``path`` (matplotlib's default format without one).

    ``also``: more formats written beside it under the same name (e.g. ``("svg",)``: the
    protocols' figures are also SVG, which the reproduction report shows inline).  The
    same figure gives the same bytes in every run: no date, no matplotlib version, SVG ids
    from a fixed salt (every figure of induceval is saved here).

    Parameters
    ----------
    fig
        A matplotlib figure.
    path
        The file written.
    also
        More formats written beside it.
    **options
        Options of ``fig.savefig``.

    Example
    -------
    >>> import os, tempfile
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.plot([0, 1], [1, 0])
    >>> p = os.path.join(tempfile.mkdtemp(), "fig.png")
    >>> save_figure(fig, p, also=("svg",)); plt.close(fig)
    >>> sorted(os.listdir(os.path.dirname(p)))
    ['fig.png', 'fig.svg']
    """
    import matplotlib

    fmt = Path(path).suffix.lstrip(".").lower() or matplotlib.rcParams["savefig.format"]
    with atomic_path(path) as tmp:
        _savefig(fig, tmp, fmt, dict(options))
    for extra in also:
        with atomic_path(Path(path).with_suffix(f".{extra}")) as tmp:
            _savefig(fig, tmp, extra, dict(options))


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (see `atomic_path`).

    Parameters
    ----------
    path
        The file written.
    text
        The text written (UTF-8).

    Example
    -------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, "done\\n"); target.read_text()
    'done\\n'
    """
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
