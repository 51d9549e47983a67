"""``induceval demo``: run every area's demonstration on the built-in demo corpus."""

from __future__ import annotations

import argparse

from induceval.cli.common import SEED, add_format_option, bounded_int, comma_list, emit
from induceval.errors import check_range
from induceval.random import DEFAULT_SEED

__all__ = ["register", "run", "render_report", "MAX_DEMO_SENTENCES"]

#: the largest demo corpus (``--sentences``): 500 times the default, minutes of work
MAX_DEMO_SENTENCES = 10**6


def _steps() -> tuple[str, ...]:
    from induceval.experiments.demo import DEMO_STEPS

    return DEMO_STEPS

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'run the whole pipeline on the built-in demo corpus'


def render_report(report, fmt: str = "table") -> str:
    """Render ``run_demo``'s ``(title, Table|str)`` list as text (or JSON)."""
    from dataclasses import replace

    from induceval.report.tables import Table, tables_json

    if fmt == "json":   # the shape of every command; a step's message as a text item
        tables = [replace(x, title=t) for t, x in report if isinstance(x, Table)]
        texts = {i: f"{t}: {x}" for i, (t, x) in enumerate(report) if not isinstance(x, Table)}
        return tables_json(tables, texts=texts)
    parts = []
    for title, item in report:
        if isinstance(item, Table):
            body = item.render(fmt)
            if fmt in ("table", "markdown") and not item.title:
                body = f"{title}\n{body}"
            elif fmt == "csv":
                body = f"# {title}\n{body}"
        else:
            body = f"{title}\n{item}\n" if fmt != "markdown" else f"**{title}**\n\n{item}\n"
        parts.append(body)
    return ("\n" if fmt != "csv" else "").join(parts)


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.experiments.demo import DEMO_STEPS, run_demo

    check_range("--sentences", args.sentences, 1, MAX_DEMO_SENTENCES)
    steps = DEMO_STEPS if args.steps is None else tuple(args.steps)
    from induceval.cli.common import check_output_path, progress_enabled

    check_output_path(args.output)
    report = run_demo(seed=args.seed, n_sentences=args.sentences, steps=steps,
                      show_progress=progress_enabled(args))
    emit(render_report(report, args.format), args)
    summary = report[-1][1]
    failed = [r["step"] for r in summary.rows if r["status"].startswith("failed")]
    return 1 if failed else 0


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    parser = subparsers.add_parser(
        "demo", help=HELP, description=__doc__)
    parser.add_argument("--seed", type=SEED, default=DEFAULT_SEED,
                        help=f"seed (default {DEFAULT_SEED})")
    parser.add_argument("--sentences", type=bounded_int(1, MAX_DEMO_SENTENCES), default=2000,
                        help=f"size of the demo corpus (default 2000; at most "
                             f"{MAX_DEMO_SENTENCES})")
    parser.add_argument("--steps", type=comma_list(_steps, what="step"), default=None,
                        help="comma-separated step modules to run (default: all of "
                             "demo_tags, demo_models, demo_deps, demo_dmv, demo_wopa, "
                             "demo_pseudo)")
    add_format_option(parser)
    parser.set_defaults(func=run)
