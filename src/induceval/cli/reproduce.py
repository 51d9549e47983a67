"""``induceval reproduce NAME``: run a paper's experimental protocol.

One subcommand per :class:`~induceval.experiments.protocols.Protocol`, its parser
generated from the record; the shared options come from :mod:`induceval.cli.common`.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from functools import partial
from pathlib import Path

from induceval.cli import common as c
from induceval.cli.group import add_group
from induceval.data import shared_data_dir
from induceval.errors import InducevalError
from induceval.experiments.protocols import Option, Protocol, Shared, protocols, write_manifest

#: the CLI helper of each shared option (see :class:`~induceval.experiments.protocols.Shared`)
SHARED = {"data": c.add_data_option, "out": c.add_out_dir_option,
          "executor": c.add_executor_options, "confidence": c.add_confidence_options,
          "format": c.add_format_option, "punct": c.add_punct_option,
          "gold-pred-format": c.add_gold_pred_format_options}


#: the one line of ``induceval --help`` (read without building the parser)
HELP = "reproduce a paper's experiment"


def _argument_type(parse):
    """``parse`` with the library's errors shown as the option's error message."""
    def typed(text: str):
        try:
            return parse(text)
        except InducevalError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    typed.__name__ = parse.__name__
    return typed


def _add_protocol(sub, protocol: Protocol) -> None:
    p = sub.add_parser(protocol.name, help=protocol.help, description=protocol.description,
                       formatter_class=argparse.RawDescriptionHelpFormatter
                       if protocol.raw_description else argparse.HelpFormatter)
    for o in protocol.options:
        if isinstance(o, Option):
            spec = o.spec()
            if o.type is not None and not getattr(o.type, "numeric", False):
                spec["type"] = _argument_type(o.type)   # a typed number says its own range
            p.add_argument(o.name, **spec)
        else:
            SHARED[o.name](p, **({"default": f"runs/{protocol.name}"} if o.name == "out"
                                 else o.params))
    if any(isinstance(o, Shared) and o.name == "out" for o in protocol.options):
        p.add_argument("--report", action="store_true",
                       help="also write the reproduction report of this run, OUT/report.html "
                            "(the paper's findings checked on its tables; see induceval report)")
    p.set_defaults(func=partial(_run, protocol))


def _run(protocol: Protocol, args: argparse.Namespace) -> int:
    from induceval.parallel import folder_lock

    c.check_output_path(args.output)
    data = Path(args.data) if args.data else shared_data_dir()
    # --out is created with its parents; one run at a time uses it
    with folder_lock(args.out) if getattr(args, "out", None) else contextlib.nullcontext():
        return _run_locked(protocol, args, data)


def _run_locked(protocol: Protocol, args: argparse.Namespace, data: Path) -> int:
    started = time.time()
    tables, notes = protocol.run(args, data, c.progress_enabled(args))
    if getattr(args, "out", None) and Path(args.out).is_dir():   # for induceval report
        write_manifest(args.out, protocol.name, vars(args), data, started, time.time() - started)
        if getattr(args, "report", False):
            from induceval.cli.report_cmd import write_report

            write_report([args.out], str(Path(args.out) / "report.html"), "html", in_run=True)
    for note in notes:
        print(f"induceval: note: {note}", file=sys.stderr)
    c.emit_tables(tables, args)
    if protocol.says_where:
        print(f"induceval: written to {args.out}", file=sys.stderr)
    return 0


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    sub = add_group(subparsers, "reproduce", HELP)
    for protocol in protocols():
        _add_protocol(sub, protocol)
