"""The ``reproduce pascal2012-pos`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.pascal2012_pos`: the help imports no numpy."""

from __future__ import annotations

from induceval.errors import MAX_SIZE
from induceval.experiments._pascal2012_paper import paper_rows
from induceval.experiments.protocols import SEED, Deferred, Option, Protocol, Shared, module_doc
from induceval.options import SIZE, bounded_int

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.pascal2012_pos"

PROTOCOL = Protocol(
    "pascal2012-pos", "PASCAL 2012 POS track baselines: Brown and mkcls "
    "(Gelling et al. 2012 Tables 2, 7)", module_doc(_RUNS).split("\n\n")[0], (
        Option("--treebank", "a treebank (repeatable); default: the PASCAL 2012 treebanks under "
               "--data; a NAME the paper has rows for (" + ", ".join(paper_rows()) + ") is set "
               "beside its numbers", action="append", metavar="NAME=PATH[,PATH][:FMT]"),
        Shared("data"), Shared("out"),
        Option("--models", "comma-separated models (default: brown,exchange)", "brown,exchange"),
        SEED, Shared("punct", {"what": "punctuation excluded from scoring (auto here: keep, as the "
                                 "PASCAL 2012 POS track scored every token)"}),
        Option("--max-sentences", "use only the first N sentences of each treebank (quick runs)",
               type=SIZE),
        Option("--max-k", "cap on K (default 200; 0: none)", 200,
               bounded_int(0, MAX_SIZE, note="0: none")),
        Shared("confidence"), Shared("executor"), Shared("format")),
    Deferred(f"{_RUNS}:_from_options"), says_where=True,
    findings="gelling2012:POS_FINDINGS", run_tables=("k", "table2_m1"))
