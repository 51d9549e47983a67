"""The ``reproduce chang2006`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.chang2006`: the help imports no numpy."""

from __future__ import annotations

from induceval.errors import ParameterError
from induceval.experiments.protocols import SEED, Deferred, Option, Protocol, Shared, module_doc
from induceval.models.category_names import WOPA_LEARNERS

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.chang2006"


def _age_range(text: str) -> tuple[float, float] | None:
    """``--age-range`` value: ``FIRST,LAST`` in years, or ``all`` (``None``)."""
    if text.strip().lower() == "all":
        return None
    try:
        lo, hi = (float(x) for x in text.split(","))
    except ValueError:
        raise ParameterError(
            f"expected FIRST,LAST in years (e.g. 1,5) or 'all', got {text!r}") from None
    if not (0 <= lo <= hi < float("inf")):
        raise ParameterError(f"expected 0 <= FIRST <= LAST, finite, got {text!r}")
    return lo, hi


PROTOCOL = Protocol(
    "chang2006", "WOPA learners over CHILDES corpora (Chang, Lieven & Tomasello 2006)",
    module_doc(_RUNS).split("\n\n")[0], (
        Option("corpora", "corpus folders or files, each one corpus of the population "
               "(default: the population under --data)", nargs="*", metavar="CORPUS"),
        Shared("data"), Shared("out"),
        Option("--learners", f"comma-separated, from {', '.join(WOPA_LEARNERS)}",
               ",".join(WOPA_LEARNERS)),
        Shared("executor"),
        Option("--ties", "tie rule of production (default: random, a seeded draw)", "random",
               choices=("random", "pessimistic")),
        SEED, Option("--cooccurrence", "normalisation of the statistics (default: utterance)",
               "utterance", choices=("utterance", "pairs")),
        Option("--count", "Prevword/Freqframe category choice: global frequency of the context "
               "(frame) or the word's own count in it (pair)", "frame", choices=("frame", "pair")),
        Option("--ages", "age in days: days (default, monotonic: floor(365.25 y + 30.4375 m) "
               "+ d) or chang2006 (the paper's y*365 + m*31 + d, for its slopes)", "days",
               choices=("days", "chang2006")),
        Shared("confidence", {"unit": "utterances, and of corpora for the means"}),
        Option("--age-range", "ages in years of the recording days in the developmental "
               "regression and Figure 3 (default 1,5: the paper's children between 1 and 5 "
               "years; 'all' keeps every age)", (1.0, 5.0), _age_range, metavar="FIRST,LAST"),
        Option("--no-figures", "write tables only", action="store_true"),
        Option("--table", "which table to print (all are written to --out)", "means",
               choices=("per_corpus", "means", "ttests", "slopes", "slope_tests", "all")),
        Shared("format", {"default": "markdown"})),
    Deferred(f"{_RUNS}:_from_options"),
    findings="chang2006:FINDINGS", run_tables=("per_corpus", "means", "ttests"))
