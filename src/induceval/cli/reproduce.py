"""``induceval reproduce NAME``: run a paper's experimental protocol."""

from __future__ import annotations

from induceval.cli.group import register_group

#: protocol name -> module under induceval.experiments (each has ``register``)
MODULES = (
    "induceval.experiments.frank2009",
    "induceval.experiments.reichart2010",
    "induceval.experiments.pascal2012_pos",
    "induceval.experiments.pascal2012_deps",
    "induceval.experiments.pascal2012_joint",
    "induceval.experiments.chang2006",
    "induceval.experiments.chambers2010",
)


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    register_group(subparsers, "reproduce", "reproduce a paper's experiment", MODULES)
