"""``induceval report RUN_DIR... -o report.html``: each paper's findings checked on our runs.

A thin layer over :func:`induceval.experiments.findings.report_data` (the
content: verdicts computed from the runs' tables) and
:mod:`induceval.report.reproduction` (the page).
"""

from __future__ import annotations

import argparse
import sys

from induceval.errors import ParameterError

__all__ = ["register", "run", "write_report"]

#: the one line of ``induceval --help`` (read without building the parser)
HELP = "check each paper's findings on reproduce runs: one page"

#: the report's formats, and the file endings that choose them
FORMATS = {"html": (".html", ".htm"), "markdown": (".md", ".markdown"), "json": (".json",)}


def _format(args: argparse.Namespace) -> str:
    out = str(args.output)
    for name, endings in FORMATS.items():
        if out.lower().endswith(endings):
            return name
    if out == "-":
        return "markdown"
    raise ParameterError(f"-o {out}: the ending must say the format: .html, .md or .json")


def write_report(runs, output: str, fmt: str, *, in_run: bool = False) -> None:
    """Check the findings on the run folders ``runs`` and write the report to ``output``
    (``-``: stdout) as ``fmt`` (html, markdown or json); say where on stderr.

    ``in_run``: the page of ``reproduce --report``, inside the one run's folder: the run
    is named ``.`` (its folder) and its start and duration are left to ``run.json``, so
    that the same run in another folder writes the same bytes."""
    import dataclasses
    import json

    from induceval.atomic import write_atomic
    from induceval.experiments.findings import load_run, report_data
    from induceval.report.reproduction import to_html, to_markdown

    loaded = [load_run(p) for p in runs]
    if in_run:   # named as the folder the page is in (its figures are read where they are)
        loaded = [dataclasses.replace(run, path=".", manifest={
            k: v for k, v in run.manifest.items() if k not in ("started", "seconds")})
            for run in loaded]
    data = report_data(loaded)
    text = (to_html(data) if fmt == "html" else to_markdown(data) if fmt == "markdown"
            else json.dumps(data, indent=2, default=str) + "\n")
    if output == "-":
        sys.stdout.write(text)
        return
    write_atomic(output, text)
    s = data["summary"]
    print(f"induceval: wrote {output}: " + ", ".join(f"{n} {k}" for k, n in s.items())
          + " findings", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path

    check_output_path(args.output)
    write_report(args.runs, args.output, _format(args))
    return 0


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    from induceval.cli.common import add_output_option

    p = subparsers.add_parser(
        "report", help=HELP,
        description="Read the --out folders of reproduce runs and check each paper's findings "
                    "on their tables (holds, partly, does not hold, not comparable), with the "
                    "numbers behind each verdict and the paper's numbers beside ours.",
        epilog="example (a PASCAL 2012 run on the demo corpus, then its page):\n"
               "    induceval convert --demo -o demo.conllu\n"
               "    induceval reproduce pascal2012-pos --treebank demo=demo.conllu "
               "--confidence 0 --out p12\n"
               "    induceval report p12 -o report.html",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+", metavar="RUN_DIR", help="--out folders of reproduce runs")
    add_output_option(p, help="the report file; its ending sets the format: .html (one "
                              "self-contained page), .md, .json (default: Markdown on stdout)")
    p.set_defaults(func=run)
