"""Helpers shared by CLI subcommands: output format and writing results."""

from __future__ import annotations

import argparse
import sys

from induceval.report.tables import FORMATS, Table

__all__ = ["add_format_option", "emit"]


def add_format_option(parser: argparse.ArgumentParser, default: str = "table") -> None:
    parser.add_argument("--format", choices=FORMATS, default=default,
                        help=f"output format (default: {default})")
    parser.add_argument("-o", "--output", default="-",
                        help="write the result to this file (default: stdout)")


def emit(text_or_table: str | Table, args: argparse.Namespace) -> None:
    """Write a table in ``args.format`` (or a string) to ``args.output``."""
    text = text_or_table.render(args.format) if isinstance(text_or_table, Table) else text_or_table
    if getattr(args, "output", "-") in ("-", None):
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
