"""Subcommand groups (``eval``, ``induce``, ``reproduce``) built from module lists."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

__all__ = ["add_group", "register_group"]


def add_group(subparsers, name: str, help_text: str):
    """Add the command ``name`` and return its sub-subcommands (it prints its help alone)."""
    parser = subparsers.add_parser(name, help=help_text, description=help_text)

    def _missing(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=_missing)
    return parser.add_subparsers(dest=f"{name}_command", metavar="WHAT")


def register_group(subparsers, name: str, help_text: str, modules: Sequence[str]) -> None:
    """Add ``name`` with one sub-subcommand per module (each has ``register``)."""
    sub = add_group(subparsers, name, help_text)
    for mod in modules:
        importlib.import_module(mod).register(sub)
