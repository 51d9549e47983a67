"""``induceval induce tags|deps``: run an induction model on a corpus."""

from __future__ import annotations

from induceval.cli.group import register_group

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'induce categories or dependencies on a corpus'

MODULES = ("induceval.cli.induce_tags", "induceval.cli.induce_deps")


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    register_group(subparsers, "induce", HELP, MODULES)
