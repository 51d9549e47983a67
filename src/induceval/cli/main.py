"""Entry point of the ``induceval`` command.

Each subcommand lives in its own module under ``induceval.cli`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a small
function over the public API.  :data:`COMMANDS` is the registry; its order is
the order of ``induceval --help``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import io
import os
import sys
from collections.abc import Sequence

from induceval._version import __version__
from induceval.errors import CorpusFormatError, InducevalError

__all__ = ["COMMANDS", "build_parser", "main"]

#: subcommand modules under ``induceval.cli`` (each has ``register``)
COMMANDS: tuple[str, ...] = ("info", "convert", "demo", "eval_cmd", "induce", "wopa_cmd",
                             "pseudo_cmd", "reproduce", "report_cmd")


def command_name(module: str) -> str:
    """The command a module of :data:`COMMANDS` registers (``eval_cmd`` -> ``eval``).

    Example
    -------
    >>> [command_name(m) for m in ("info", "eval_cmd", "wopa_cmd")]
    ['info', 'eval', 'wopa']
    """
    return module[:-len("_cmd")] if module.endswith("_cmd") else module


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``induceval`` argument parser.

    With ``argv`` whose first word is a command, only that command is
    registered (the others' modules are not even imported: start-up stays
    short); with ``None``, every command is; otherwise (``--help`` first, or
    an unknown word) each command is one line of help (``HELP`` of its module),
    and no command's parser is built.
    """
    from induceval.cli.common import CommandParser  # one-line errors; option checks

    parser = CommandParser(
        prog="induceval", description="Evaluate unsupervised induction of linguistic structure.",
    )
    parser.add_argument("--version", action="version", version=f"induceval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = [m for m in COMMANDS if argv and command_name(m) == argv[0]]
    for name in chosen or COMMANDS:
        module = importlib.import_module(f"induceval.cli.{name}")
        if chosen or argv is None:
            module.register(sub)
        else:   # ``induceval --help``, or no command: the commands' lines, not their parsers
            sub.add_parser(command_name(name), help=module.HELP)
    _clean_tree(parser)
    return parser


def _clean_tree(parser: argparse.ArgumentParser) -> None:
    """Strip Sphinx markup from every description and help."""
    from induceval.cli.common import clean_help

    parser.description = clean_help(parser.description)
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            action.help = clean_help(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = clean_help(choice.help)
            for sub in action.choices.values():
                _clean_tree(sub)


class _Ended(KeyboardInterrupt):
    """SIGTERM or SIGHUP (what ``timeout``, ``docker stop``, Slurm and a closed terminal
    send), raised where the run is as Ctrl-C's KeyboardInterrupt is, so that the same
    clean-up runs: temporary files removed, stored cells kept, the folder's lock freed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: the signals that end a run as Ctrl-C does, and their names in its last line
_ENDING = {"SIGTERM": "terminated", "SIGHUP": "hung up"}


@contextlib.contextmanager
def _ending_signals():
    """SIGTERM and SIGHUP raise :class:`_Ended` while the command runs (the handlers before
    are restored after: ``main`` called in a test's process leaves it as it was)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():   # handlers: main only
        yield
        return
    ending = [False]

    def handler(signum, frame):
        if ending[0]:   # a second signal while the first is cleaned up: the first says it
            return
        ending[0] = True
        raise _Ended(signum)

    before = {}
    for name in _ENDING:
        num = getattr(signal, name, None)
        if num is None:   # pragma: no cover - not POSIX (no SIGHUP)
            continue
        previous = signal.getsignal(num)
        if previous is signal.SIG_IGN:   # started by nohup (SIGHUP ignored): keep it so
            continue
        before[num] = previous
        signal.signal(num, handler)
    try:
        yield
    finally:
        for num, previous in before.items():
            signal.signal(num, previous)


def _caused_by_interrupt(exc: BaseException) -> _Ended | KeyboardInterrupt | None:
    """The KeyboardInterrupt (or :class:`_Ended`) that ``exc`` is or wraps (numba's
    dispatcher raises SystemError), else None."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def _interrupted(exc: BaseException | None = None) -> int:
    """One line on stderr; the exit code: 130 for Ctrl-C, 128 + the signal's number for
    SIGTERM (143) and SIGHUP (129), as a shell reports a process these signals ended."""
    import signal

    code, line = 130, "induceval: interrupted"
    if isinstance(exc, _Ended):
        name = signal.Signals(exc.signum).name
        code, line = 128 + exc.signum, f"induceval: {_ENDING.get(name, 'ended')} ({name})"
    try:
        print(line, file=sys.stderr)
    except Exception:  # noqa: BLE001 - stderr may be gone
        pass
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit code (0 ok, 2 bad input, 1 other error, 130 Ctrl-C,
    143 SIGTERM, 129 SIGHUP).

    Ctrl-C, SIGTERM and SIGHUP end every command with one line on stderr, no
    traceback; outputs are written through a temporary file and a rename, so
    an ended command leaves no half-written file (nor the temporary one).
    """
    try:
        with _ending_signals():
            return _main(argv)
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except SystemError as exc:
        cause = _caused_by_interrupt(exc)
        if cause is not None:
            return _interrupted(cause)
        raise


def _main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    if sys.stdout is None:   # started with stdout closed: writing there is an error
        sys.stdout = _ClosedStdout()
    try:
        from induceval.cli.common import check_outputs_not_inputs, executor_from_args
        from induceval.parallel import use_executor
        from induceval.progress import watch_compilation

        check_outputs_not_inputs(args)
        watch_compilation()
        with use_executor(executor_from_args(args)):
            result = args.func(args)
        sys.stdout.flush()   # a full disk or closed stdout shows here, not at exit
    except InducevalError as exc:
        print(f"induceval: error: {exc}", file=sys.stderr)
        if isinstance(exc, CorpusFormatError) and getattr(args, "on_error", None) == "fail":
            print("induceval: hint: --on-error skip counts such sentences (with file:line in "
                  "the notes) and goes on", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:
        # files go through induceval.atomic, whose errors name the file: an OSError without
        # a file name is a write to stdout (a full disk, /dev/full, a closed stdout)
        if exc.filename is not None or exc.errno not in _STDOUT_ERRORS:
            raise
        print(f"induceval: error: cannot write to stdout: {exc.strerror or exc}",
              file=sys.stderr)
        _drop_stdout()
        return 1
    return int(result or 0)


#: errors of a write to stdout reported in one line
_STDOUT_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF, errno.EROFS,
                  errno.EINVAL}


class _ClosedStdout(io.TextIOBase):
    """``sys.stdout`` of a process started with it closed: a write is an ``EBADF`` error."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of what could not be
    written neither fails again nor prints a second error."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
