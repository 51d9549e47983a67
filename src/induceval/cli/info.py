"""``induceval info PATH...``: what a corpus holds, and what was skipped reading it.

Each PATH (a file or a directory) is read and described separately by
:func:`induceval.corpus.stats.describe`: sentences, tokens, types, the tag
inventory of every tag column, the dependency references present, speakers,
roles, documents, the age range, and everything the reader counted or
skipped, with reasons.  ``--demo`` describes the built-in demo corpus.

info is a diagnostic command, so it reads with --on-error skip by default:
a malformed sentence or transcript tier (a %mor/%gra tier that cannot be
aligned, a line that is not CHAT, a bad CoNLL-U row) is counted with the
file:line of its first occurrence instead of stopping the read, and the
counts are reported in the table and on stderr.  Every other command keeps
--on-error fail; give --on-error fail here to stop at the first error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from induceval.cli.common import add_format_option, add_input_format_option, emit, progress_enabled
from induceval.errors import ParameterError

__all__ = ["register", "run", "add_input_options", "load_inputs", "load_corpus"]

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'describe a corpus: sizes, tag sets, dependencies, speakers, ages'


def add_input_options(parser: argparse.ArgumentParser, *, nargs: str = "*",
                      on_error: str = "fail") -> None:
    """PATH arguments, ``--input-format``, ``--on-error``, ``--demo`` and ``--seed``.

    ``on_error`` is the default of ``--on-error`` (``skip`` only for ``info``).
    """
    parser.add_argument("paths", nargs=nargs, metavar="PATH", help="corpus files or directories")
    add_input_format_option(parser)
    other = "skip" if on_error == "fail" else "fail"
    parser.add_argument("--on-error", choices=("fail", "skip"), default=on_error,
                        help=f"on a malformed sentence or tier: {on_error} (default"
                             f"{'' if on_error == 'fail' else ' of info'}) or {other}; "
                             "skip counts each kind with the file:line of its first "
                             "occurrence")
    parser.add_argument("--demo", action="store_true",
                        help="use the built-in demo corpus instead of (or besides) PATHs")
    from induceval.cli.common import SEED

    parser.add_argument("--seed", type=SEED, default=None,
                        help="random seed of the models and of the --demo corpus (default: "
                             "induceval's default seed)")


def load_inputs(args: argparse.Namespace, *, together: bool = False,
                needs: tuple | None = None) -> list:
    """Read the inputs: one corpus per PATH (or one for all when ``together``); ``needs``:
    the token columns the command uses (``read_corpus``'s ``needs=``)."""
    from induceval.corpus.readers import read_corpus
    from induceval.progress import progress

    corpora = []
    if args.demo:
        from induceval.corpus.demo import generate_demo_corpus
        from induceval.random import DEFAULT_SEED

        corpora.append(generate_demo_corpus(seed=DEFAULT_SEED if args.seed is None else args.seed))
    if not args.paths and not args.demo:
        raise ParameterError("give at least one PATH (or --demo)")
    groups = [args.paths] if together and args.paths else [[p] for p in args.paths]
    for group in progress(groups, enabled=progress_enabled(args) and len(groups) > 1,
                          desc="reading", unit="input"):
        corpora.append(read_corpus(group if len(group) > 1 else group[0],
                                   format=args.input_format, on_error=args.on_error,
                                   needs=needs))
    return corpora


def load_corpus(args: argparse.Namespace, needs: tuple | None = None):
    """The inputs read as one corpus (the demo corpus first, then the PATHs together)."""
    from induceval.corpus.model import concat

    corpora = load_inputs(args, together=True, needs=needs)
    return corpora[0] if len(corpora) == 1 else concat(corpora, name="+".join(
        c.name for c in corpora))


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.corpus.stats import reading_errors
    from induceval.report.layouts import describe_table

    check_output_path(args.output)
    stats = []
    for i, (path, d) in enumerate(zip(_labels(args), _descriptions(args), strict=True)):
        d["name"] = d["name"] or path
        if not (args.demo and i == 0) and Path(path).is_dir():   # a folder: each file
            d["files_read"], d["files_skipped"] = _files(path, args.input_format)
        d["on_error"] = args.on_error
        d["errors"] = reading_errors(d["report"])
        stats.append(d)
        if d["errors"]:
            total = sum(e["count"] for e in d["errors"].values())
            kinds = "; ".join(f"{k} {e['count']}" + (f" (first at {e['first']})"
                                                     if e["first"] else "")
                              for k, e in d["errors"].items())
            print(f"info: {d['name']}: {total} malformed sentence(s)/tier(s) counted and "
                  f"skipped ({kinds}); a command that uses the faulty tier or sentence "
                  "stops at the first unless given --on-error skip", file=sys.stderr)
    if args.format == "json":
        # one corpus as several: a list under "corpora" (tables are under "tables")
        emit(json.dumps({"corpora": stats}, indent=2) + "\n", args)
        return 0
    tables = []
    for d in stats:
        table = describe_table(d)
        table.rows.append({"statistic": "on error", "value": f"{d['on_error']}: "
                           + (f"{sum(e['count'] for e in d['errors'].values())} errors counted"
                              if d["errors"] else "no malformed sentence or tier")})
        tables.append(table.render(args.format))
        if "files_read" in d:
            tables.append(_files_table(d).render(args.format))
    emit("\n".join(tables), args)
    return 0


def _files(path: str, input_format: str) -> tuple[list[dict], list[dict]]:
    """Every file of the folder ``path`` read (with its format) and skipped (with why)."""
    from induceval.corpus.readers import plan_files

    plan = plan_files(path, input_format)
    root = Path(path)

    def rel(f) -> str:
        return Path(f).relative_to(root).as_posix()

    return ([{"file": rel(f), "format": fmt} for f, fmt in zip(plan.files, plan.formats)],
            [{"file": rel(f), "why": why} for f, why in plan.skipped])


def _files_table(d: dict):
    from induceval.report.tables import Table

    read, skipped = d["files_read"], d["files_skipped"]
    rows = [{"file": f["file"], "read as": f["format"]} for f in read]
    rows += [{"file": f["file"], "read as": f"skipped: {f['why']}"} for f in skipped]
    return Table(["file", "read as"], rows,
                 title=f"files of {d['name']}: {len(read)} read, {len(skipped)} skipped, "
                       f"{len(read) + len(skipped)} found")


def _descriptions(args: argparse.Namespace):
    """Each input described: a PATH is read file by file and only its counts kept (in two
    processes from :data:`~induceval.corpus.readers.PARALLEL_BYTES` of input on), so that a
    whole collection costs the memory of a file."""
    import os

    from induceval.corpus.readers import PARALLEL_BYTES, expand_paths
    from induceval.corpus.stats import describe, describe_summary, summarise_files
    from induceval.parallel import path_size
    from induceval.progress import progress

    if args.demo:
        from induceval.corpus.demo import generate_demo_corpus
        from induceval.random import DEFAULT_SEED

        yield describe(generate_demo_corpus(seed=DEFAULT_SEED if args.seed is None
                                            else args.seed))
    if not args.paths and not args.demo:
        raise ParameterError("give at least one PATH (or --demo)")
    for path in progress(args.paths, enabled=progress_enabled(args) and len(args.paths) > 1,
                         desc="reading", unit="input"):
        size = sum(path_size(f) for f in expand_paths(path, args.input_format))
        jobs = min(2, os.cpu_count() or 1) if size >= PARALLEL_BYTES else 1
        yield describe_summary(summarise_files(path, format=args.input_format,
                                               on_error=args.on_error, jobs=jobs))


def _labels(args: argparse.Namespace) -> list[str]:
    return (["demo"] if args.demo else []) + [str(p) for p in args.paths]


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    parser = subparsers.add_parser(
        "info", help=HELP,
        description="\n\n".join(__doc__.split("\n\n")[1:3]) if __doc__ else None)
    add_input_options(parser, on_error="skip")
    add_format_option(parser)
    parser.set_defaults(func=run)
