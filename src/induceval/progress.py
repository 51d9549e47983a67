"""Progress display for long work (tqdm on stderr; library calls default to off).

On a terminal the display is a tqdm bar; when stderr is a file or a pipe (a
cluster job's log) it is a plain line every :data:`LINE_SECONDS`, so that a
long job still says how far it got.

:func:`progress` wraps an iterable (files read, cells run); :func:`step_bar`
is a bar that library loops (BHMM sweeps, DMV EM iterations) update, a no-op
unless a :func:`progress_bars` block enabled bars (the ``induce`` commands
do, on a terminal and without ``--no-progress``), so results never depend on
it.  :func:`watch_compilation` announces the compilation of numba kernels
once per process, when it actually happens (a fresh install, a stale cache).
Inside a :func:`within` block (a protocol's cell) step bars name the cell
first; :func:`heartbeat` prints a status line now and then on a log file
while a long piece of work runs elsewhere (a cell on a worker process).
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["note", "say", "progress", "progress_bars", "step_bar", "watch_compilation",
           "within", "heartbeat", "format_seconds", "COMPILING"]

#: the line printed (once) when numba compiles kernels
COMPILING = "induceval: compiling numerical kernels (first run only; later runs start at once)"

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, desc: str = "",
             enabled: bool = False, unit: str = "it") -> Iterator[T]:
    """Wrap ``items`` in a tqdm bar on stderr when ``enabled`` (else pass through).

    Parameters
    ----------
    items
        The items.
    total
        Their number, when ``items`` has no length.
    desc
        The bar's label.
    enabled
        Show the bar.
    unit
        What an item is called.

    Yields
    ------
    object
        The items, in order.

    Example
    -------
    >>> list(progress([1, 2, 3]))
    [1, 2, 3]
    """
    if not enabled:
        yield from items
        return
    if not _is_terminal():
        total = total if total is not None else getattr(items, "__len__", lambda: None)()
        with _LineBar(total, desc, unit) as bar:
            for item in items:
                yield item
                bar.update(1)
        return
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=desc, unit=unit, file=sys.stderr,
                    mininterval=0.5, leave=False, disable=None)


_ANNOUNCED = False
_BARS = False


@contextlib.contextmanager
def _setting(name: str, value: object) -> Iterator[None]:
    """Inside the block, the module global ``name`` is ``value``."""
    before = globals()[name]
    globals()[name] = value
    try:
        yield
    finally:
        globals()[name] = before


@contextlib.contextmanager
def progress_bars(enabled: bool = True) -> Iterator[None]:
    """Inside the block, :func:`step_bar` shows real bars on stderr when ``enabled``.

    Parameters
    ----------
    enabled
        Show the bars.

    Yields
    ------
    None
        Control, for the block.

    Example
    -------
    >>> with progress_bars(False):
    ...     bar = step_bar(10, "sweeps")
    >>> bar.update(3); bar.close()
    """
    with _setting("_BARS", bool(enabled)):
        yield


class _NoBar:
    """The bar of silent runs: every method does nothing."""

    def update(self, n: int = 1) -> None:
        """Nothing."""

    def set_postfix_str(self, text: str = "", refresh: bool = True) -> None:
        """Nothing."""

    def close(self) -> None:
        """Nothing."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc) -> None:
        return None


#: seconds between two progress lines when stderr is not a terminal
LINE_SECONDS = 60.0
#: the clock of progress lines (tests replace it)
_clock = time.monotonic
#: when the last progress line was printed (a heartbeat is not printed right after one)
_last_line = [float("-inf")]
#: what step bars belong to ("cell 2/14 'key'"), said before their own name
_context = ""


def format_seconds(s: float) -> str:
    """``s`` seconds as a short duration (s, min or h).

    Parameters
    ----------
    s
        Seconds.

    Returns
    -------
    str
        The duration, e.g. ``"10 min"``.

    Example
    -------
    >>> format_seconds(10.0), format_seconds(600), format_seconds(9000)
    ('10 s', '10 min', '2.5 h')
    """
    if s < 90:
        return f"{s:.0f} s"
    if s < 5400:
        return f"{s / 60:.0f} min"
    return f"{s / 3600:.1f} h"


@contextlib.contextmanager
def within(label: str) -> Iterator[None]:
    """Inside the block, step bars start with ``label`` (the cell whose sweeps they count).

    Parameters
    ----------
    label
        The label of the bars started in the block.

    Yields
    ------
    None
        Control, for the block.

    Example
    -------
    >>> import contextlib, io
    >>> with within("cell 2/14 'bhmm|K=12'"), progress_bars(True), \\
    ...         contextlib.redirect_stderr(io.StringIO()):   # a log file: progress lines
    ...     bar = step_bar(4, "BHMM Gibbs", "sweep")
    >>> bar.desc
    "cell 2/14 'bhmm|K=12': BHMM Gibbs"
    """
    with _setting("_context", label):
        yield


def _line(text: str, stream=None) -> None:
    print(text, file=stream if stream is not None else sys.stderr, flush=True)
    _last_line[0] = _clock()


@contextlib.contextmanager
def heartbeat(status: Callable[[float], str], *, enabled: bool = True,
              every: float | None = None, stream=None) -> Iterator[None]:
    """While the block runs, print ``status(elapsed seconds)`` every :data:`LINE_SECONDS`.

    Only when ``enabled`` and stderr is not a terminal (a terminal has its
    bars), and only when no other progress line was printed in that time
    (a cell's own sweeps say more).  The line is printed by a daemon thread,
    so it comes while this process waits for workers or runs a long call.

    Parameters
    ----------
    status
        ``elapsed seconds -> line``.
    enabled
        Print the lines.
    every
        Seconds between lines (default :data:`LINE_SECONDS`).
    stream
        Where the lines go (default: stderr).

    Yields
    ------
    None
        Control, for the block.

    Example
    -------
    >>> with heartbeat(lambda s: f"induceval: {s:.0f} s", enabled=False):
    ...     pass
    """
    if not enabled or (stream is None and _is_terminal()):
        yield
        return
    every = LINE_SECONDS if every is None else every
    stop = threading.Event()
    start = _clock()

    def beat() -> None:
        while not stop.wait(every):
            now = _clock()
            if now - _last_line[0] >= every:
                _line(status(now - start), stream)

    thread = threading.Thread(target=beat, name="induceval-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class _LineBar(_NoBar):
    """A progress line on stderr every :data:`LINE_SECONDS` (none for short work).

    Example
    -------
    >>> import io
    >>> bar = _LineBar(4, "BHMM Gibbs", "sweep", stream=io.StringIO(), every=0.0)
    >>> bar.update(1); bar.stream.getvalue().split(" after ")[0]
    'induceval: BHMM Gibbs: 1/4 sweeps (25%)'
    """

    def __init__(self, total: int | None, desc: str, unit: str, *, stream=None,
                 every: float | None = None) -> None:
        self.total, self.desc, self.unit, self.n, self.postfix = total, desc, unit, 0, ""
        self.stream = stream if stream is not None else sys.stderr
        self.every = LINE_SECONDS if every is None else every
        self.start = self.last = _clock()

    def update(self, n: int = 1) -> None:
        self.n += n
        now = _clock()
        if now - self.last < self.every:
            return
        self.last = now
        done = f"{self.n}/{self.total}" if self.total else str(self.n)
        share = f" ({100 * self.n // self.total}%)" if self.total else ""
        more = f", {self.postfix}" if self.postfix else ""
        _line(f"induceval: {self.desc}: {done} {self.unit}s{share}{more} after "
              f"{(now - self.start) / 60:.1f} min", self.stream)

    def set_postfix_str(self, text: str = "", refresh: bool = True) -> None:
        self.postfix = text


def step_bar(total: int | None, desc: str = "", unit: str = "it"):
    """A progress bar for a library loop: tqdm on stderr inside an enabled
    :func:`progress_bars` block, else an object whose methods do nothing.

    ``total``: number of steps (``None``: unknown).

    Parameters
    ----------
    total
        The number of steps (``None``: unknown).
    desc
        The bar's label.
    unit
        What a step is called.

    Returns
    -------
    object
        With ``update(n)``, ``set_postfix_str(text)`` and ``close()``; also a
        context manager that closes the bar.

    Example
    -------
    >>> with step_bar(100, "BHMM", "sweep") as bar:   # silent: bars not enabled
    ...     bar.update(100)
    """
    if not _BARS:
        return _NoBar()
    if _context:
        desc = f"{_context}: {desc}"
    if not _is_terminal():
        return _LineBar(total, desc, unit)
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, mininterval=0.5,
                leave=False, dynamic_ncols=True)


def say(text: str) -> None:
    """Print a line of ``text`` on stderr (above the bars when bars are shown).

    Parameters
    ----------
    text
        The line.

    Example
    -------
    >>> say("induceval: 3 cells to run")
    """
    _say(text)


def note(text: str) -> None:
    """``induceval: note: text`` on stderr, above any progress bars.

    Parameters
    ----------
    text
        The note.

    Example
    -------
    >>> note("the demo corpus is small")   # on stderr
    """
    say(f"induceval: note: {text}")


def _say(text: str, stream=None) -> None:
    if _BARS and stream is None:
        from tqdm import tqdm

        tqdm.write(text, file=sys.stderr)   # above the bars, not through them
    else:
        print(text, file=stream or sys.stderr, flush=True)


def _on_compile(stream=None) -> bool:
    global _ANNOUNCED
    if _ANNOUNCED:
        return False
    _ANNOUNCED = True
    _say(COMPILING, stream)
    return True


def _install_listener(stream=None):
    from numba.core import event

    class _Notice(event.Listener):
        def on_start(self, ev) -> None:
            _on_compile(stream)

        def on_end(self, ev) -> None:
            return None

    listener = _Notice()
    event.register("numba:compile", listener)
    return listener


class _NumbaImportHook:
    """Installs the compile listener right after numba is first imported (a
    command that never uses numba does not pay for importing it)."""

    def __init__(self, stream=None) -> None:
        self.stream = stream

    def find_spec(self, name, path=None, target=None):
        if name != "numba":
            return None
        import importlib.util

        with contextlib.suppress(ValueError):
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec("numba")
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        run = loader.exec_module
        stream = self.stream

        def exec_module(module) -> None:
            run(module)
            _install_listener(stream)

        loader.exec_module = exec_module
        return spec


_WATCHING = False


def watch_compilation(stream=None):
    """Announce numba compilation once, on stderr, when it actually starts.

    Uses numba's ``numba:compile`` event, which fires only when a kernel is
    compiled (not when it is loaded from the cache).  When numba is not
    imported yet, the listener is installed as numba is imported.  Returns the
    listener when it was installed now (for ``numba.core.event.unregister``),
    else ``None``.

    Parameters
    ----------
    stream
        Where the announcement goes (default: stderr).

    Returns
    -------
    callable or None
        The listener installed now, else ``None``.

    Example
    -------
    >>> _ = watch_compilation()   # idempotent (the listener when installed now)
    """
    global _WATCHING
    if _WATCHING:
        return None
    _WATCHING = True
    if "numba" in sys.modules:
        return _install_listener(stream)
    sys.meta_path.insert(0, _NumbaImportHook(stream))
    return None
