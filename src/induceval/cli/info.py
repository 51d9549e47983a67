"""``induceval info PATH...``: what a corpus holds, and what was skipped reading it.

Each PATH (a file or a directory) is read and described separately by
:func:`induceval.corpus.stats.describe`: sentences, tokens, types, the tag
inventory of every tag column, the dependency references present, speakers,
roles, documents, the age range, and everything the reader counted or
skipped, with reasons.  ``--demo`` describes the built-in demo corpus.
"""

from __future__ import annotations

import argparse
import json

from induceval.cli.common import (
    add_format_option,
    add_input_format_option,
    emit,
    progress_enabled,
)

__all__ = ["register", "run", "add_input_options", "load_inputs"]


def add_input_options(parser: argparse.ArgumentParser, *, nargs: str = "*") -> None:
    """PATH arguments, ``--input-format``, ``--on-error``, ``--demo`` and ``--seed``."""
    parser.add_argument("paths", nargs=nargs, metavar="PATH",
                        help="corpus files or directories")
    add_input_format_option(parser)
    parser.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                        help="on a malformed sentence: fail (default) or skip and count it")
    parser.add_argument("--demo", action="store_true",
                        help="use the built-in demo corpus instead of (or besides) PATHs")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed of the models and of the --demo corpus (default: "
                             "induceval's default seed)")


def load_inputs(args: argparse.Namespace, *, together: bool = False) -> list:
    """Read the inputs: one corpus per PATH (or one for all when ``together``)."""
    from induceval.corpus.readers import read_corpus
    from induceval.errors import ParameterError
    from induceval.report.progress import progress

    corpora = []
    if args.demo:
        from induceval.corpus.demo import generate_demo_corpus
        from induceval.random import DEFAULT_SEED

        corpora.append(generate_demo_corpus(seed=DEFAULT_SEED if args.seed is None else args.seed))
    if not args.paths and not args.demo:
        raise ParameterError("give at least one PATH (or --demo)")
    groups = [args.paths] if together and args.paths else [[p] for p in args.paths]
    for group in progress(groups, enabled=progress_enabled(args), desc="reading", unit="input"):
        corpora.append(read_corpus(group if len(group) > 1 else group[0],
                                   format=args.input_format, on_error=args.on_error))
    return corpora


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.corpus.stats import describe, describe_table

    check_output_path(args.output)
    stats = []
    for path, corpus in zip(_labels(args), load_inputs(args), strict=True):
        d = describe(corpus)
        d["name"] = d["name"] or path
        stats.append(d)
    if args.format == "json":
        emit(json.dumps(stats[0] if len(stats) == 1 else stats, indent=2) + "\n", args)
        return 0
    parts = [describe_table(d).render(args.format) for d in stats]
    emit("\n".join(parts), args)
    return 0


def _labels(args: argparse.Namespace) -> list[str]:
    return (["demo"] if args.demo else []) + [str(p) for p in args.paths]


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    parser = subparsers.add_parser(
        "info", help="describe a corpus: sizes, tag sets, dependencies, speakers, ages",
        description=__doc__.split("\n\n")[1] if __doc__ else None)
    add_input_options(parser)
    add_format_option(parser)
    parser.set_defaults(func=run)
