"""``induceval eval tags|deps|substitutable``: score predictions against gold."""

from __future__ import annotations

from induceval.cli.group import register_group

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'score induced structure against a gold standard'

#: one module per ``eval`` target
MODULES = ("induceval.cli.eval_tags", "induceval.cli.eval_substitutable", "induceval.cli.eval_deps")


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    register_group(subparsers, "eval", HELP, MODULES)
