"""The ``reproduce chambers2010`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.chambers2010`: the help imports no numpy."""

from __future__ import annotations

from induceval.errors import MAX_ITERATIONS
from induceval.experiments.protocols import SEED, Deferred, Option, Protocol, Shared, module_doc
from induceval.measures.pseudowords.options import CONFOUNDER_METHODS, RANDOM_RANGE_HELP
from induceval.options import bounded_int

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.chambers2010"

PROTOCOL = Protocol(
    "chambers2010", "pseudo-word selectional preferences (Chambers & Jurafsky 2010)",
    module_doc(_RUNS).split("\n\n")[0], (
        Option("--corpus", "a corpus (repeatable); default: Manchester CDS and UD per language "
               "under --data", [], action="append", metavar="NAME=PATH[,PATH]"),
        Shared("data"), Shared("out"),
        Option("--methods", f"confounder methods (default: {','.join(CONFOUNDER_METHODS)})",
               ",".join(CONFOUNDER_METHODS)),
        Option("--ties", "ties scored as a random guess or as half right (default: random)",
               "random", choices=("random", "expected")),
        Option("--arguments", "which dependents count as arguments (default: nouns, as the "
               "paper)", "nouns", choices=("nouns", "nominals", "any")),
        Option("--iterations", "approximate randomization iterations (default 1000)", 1000,
               bounded_int(1, MAX_ITERATIONS)),
        Option("--random-range", RANDOM_RANGE_HELP, "paper", metavar="paper|scaled|LOW,HIGH"),
        SEED, Shared("confidence", {"unit": "test items"}), Shared("executor"),
        Shared("format", {"default": "markdown"})),
    Deferred(f"{_RUNS}:_from_options"),
    findings="chambers2010:FINDINGS", run_tables=("*_figure4",))
