"""Helpers shared by CLI subcommands: output format and writing results."""

from __future__ import annotations

import argparse
import sys

from induceval.report.tables import FORMATS, Table

__all__ = ["add_format_option", "add_executor_options", "executor_from_args", "emit"]


def add_format_option(parser: argparse.ArgumentParser, default: str = "table") -> None:
    parser.add_argument("--format", choices=FORMATS, default=default,
                        help=f"output format (default: {default})")
    parser.add_argument("-o", "--output", default="-",
                        help="write the result to this file (default: stdout)")


def add_executor_options(parser: argparse.ArgumentParser) -> None:
    """``--jobs``, ``--engine``, ``--scheduler``, ``--cluster``, ``--cluster-opt``.

    One meaning in every command: where the command's cells (or count shards)
    run; see :mod:`induceval.parallel`.  The result does not depend on them.
    """
    import os

    from induceval.parallel import CLUSTERS, ENGINES, SCHEDULER_ENV

    g = parser.add_argument_group("parallel execution (Dask: pip install 'induceval[dask]')")
    g.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="parallel workers: N > 1 starts an embedded Dask LocalCluster of N "
                        "worker processes (a local process pool without Dask); default 1")
    g.add_argument("--engine", choices=ENGINES, default="auto",
                   help="local (this process / a process pool) or dask; auto: dask with "
                        "--scheduler/--cluster or --jobs > 1 when Dask is installed")
    g.add_argument("--scheduler", default=os.environ.get(SCHEDULER_ENV) or None,
                   metavar="ADDRESS",
                   help=f"address of a running Dask scheduler (default: ${SCHEDULER_ENV})")
    g.add_argument("--cluster", choices=CLUSTERS, default=None,
                   help="start a dask-jobqueue cluster (slurm) scaled to --jobs "
                        "(or to the number of cells)")
    g.add_argument("--cluster-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="option of the --cluster, e.g. queue=short, memory=8GB, cores=1, "
                        "walltime=04:00:00, account=lab (repeatable)")


def executor_from_args(args: argparse.Namespace):
    """The :class:`~induceval.parallel.ExecutorSpec` of parsed executor options, or ``None``.

    Example
    -------
    >>> p = argparse.ArgumentParser(); add_executor_options(p)
    >>> spec = executor_from_args(p.parse_args(["--jobs", "2", "--engine", "local"]))
    >>> spec.jobs, spec.resolved_engine()
    (2, 'local')
    """
    if not hasattr(args, "engine") or not hasattr(args, "cluster_opt"):
        return None
    from induceval.parallel import ExecutorSpec, parse_cluster_options

    return ExecutorSpec(engine=args.engine, jobs=args.jobs, scheduler=args.scheduler,
                        cluster=args.cluster,
                        cluster_options=parse_cluster_options(args.cluster_opt))


def emit(text_or_table: str | Table, args: argparse.Namespace) -> None:
    """Write a table in ``args.format`` (or a string) to ``args.output``."""
    text = text_or_table.render(args.format) if isinstance(text_or_table, Table) else text_or_table
    if getattr(args, "output", "-") in ("-", None):
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
