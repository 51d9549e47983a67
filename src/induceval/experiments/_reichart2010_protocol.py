"""The ``reproduce reichart2010`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.reichart2010`: the help imports no numpy."""

from __future__ import annotations

from induceval.errors import MAX_ITERATIONS
from induceval.experiments.protocols import SEED, Deferred, Option, Protocol, Shared, module_doc
from induceval.options import bounded_int

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.reichart2010"

PROTOCOL = Protocol(
    "reichart2010", "Reichart et al. (2010): token and type level scores "
    "(Reichart, Abend & Rappoport 2010 Table 1)", module_doc(_RUNS).split("\n\n")[0], (
        Option("--gold", "gold corpus (default: the WSJ dependency sample under --data)"),
        Shared("data"), Shared("gold-pred-format"),
        Option("--gold-column", "gold tag column (default auto: xpos, the fine tags as Reichart "
               "et al., when present, else upos)", "auto"),
        Option("--pred", "prediction files (PASCAL/CoNLL, tags in the gold column or upos)", [],
               nargs="*", metavar="[NAME=]PATH"),
        Option("--model", "models to run on the gold text (default without --pred: "
               "brown:45 exchange:45 hc:45 ff:45 bhmm:45:iterations=200 random)",
               nargs="*", metavar="MODEL:K[:p=v]"),
        Shared("out"), Shared("punct", {"what": "punctuation excluded from scoring"}),
        Option("--log-base", "logarithm base of VI and NVI (default e)", "e"),
        Option("--restarts", "M-1 hill-climbing restarts of the type-level measures (default 10)",
               10, bounded_int(1, MAX_ITERATIONS)),
        SEED, Shared("confidence", {"unit": "sentences"}), Shared("executor"),
        Shared("format")),
    Deferred(f"{_RUNS}:_from_options"), says_where=True,
    findings="reichart2010:FINDINGS", run_tables=("table1",))
