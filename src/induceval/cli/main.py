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
    from induceval.cli.common import ShortErrorParser  # an error in one line, not the usage

    parser = ShortErrorParser(
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


def _caused_by_interrupt(exc: BaseException) -> bool:
    """True when ``exc`` wraps a KeyboardInterrupt (numba's dispatcher raises SystemError)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def _interrupted() -> int:
    try:
        print("induceval: interrupted", file=sys.stderr)
    except Exception:  # noqa: BLE001 - stderr may be gone
        pass
    return 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit code (0 ok, 2 bad input, 1 other error, 130 Ctrl-C).

    Ctrl-C ends every command with exit 130 and one line on stderr, no
    traceback; outputs are written through a temporary file and a rename, so
    an interrupted command leaves no half-written file.
    """
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return _interrupted()
    except SystemError as exc:
        if _caused_by_interrupt(exc):
            return _interrupted()
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
