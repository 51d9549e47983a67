"""The ``reproduce frank2009`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.frank2009`: the help imports no numpy."""

from __future__ import annotations

from induceval.experiments.protocols import SEED, Deferred, Option, Protocol, Shared, module_doc
from induceval.options import ITERATIONS, SHARE, SIZE

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.frank2009"

PROTOCOL = Protocol(
    "frank2009", "Frank, Goldwater & Keller (2009): HC, FF, BHMM, Random; Tables 2-4",
    module_doc(_RUNS).split("\n\n")[0], (
        Option("--train", "training CHAT files/folders (default: Manchester under --data)",
               nargs="+"),
        Option("--test", "test CHAT files/folders for SP/SR (default: the other eng-uk corpora)",
               nargs="+"),
        Shared("data"), Shared("out"), Option("--k", "K conditions (default 12,53,80)", "12,53,80"),
        Option("--models", "comma-separated models (default: random,bhmm,hc,hc_single,ff; "
               "hc = average linkage, hc_single = single linkage)", "random,bhmm,hc,hc_single,ff"),
        Option("--spsr-labels", "SP/SR labels of BHMM and FF: their own token labels (default) "
               "or their majority type clustering", "tokens", choices=("tokens", "types")),
        Option("--table2-rows", "Table 2 rows: paper (N=12, the shared random baseline once per "
               "K) or distinct (N=11)", "paper", choices=("paper", "distinct")),
        SEED, Option("--bhmm-iterations", "BHMM Gibbs sweeps (default 2000; 100 with --short)",
                     type=ITERATIONS),
        Option("--short", "a short setting that finishes in minutes: the first 20000 "
               "utterances of train and test and 100 BHMM sweeps (unless given); against "
               "Frank et al. 2009: ~7%% of Manchester, BHMM not converged", action="store_true"),
        Option("--ff-threshold", "frequent-frame threshold share (Frank et al.: 0.0009; Mintz: "
               "0.0013)", 0.0009, SHARE),
        Option("--max-sentences", "use only the first N utterances of train and test (quick "
               "runs)", type=SIZE),
        Shared("confidence", {"unit": "training utterances"}), Shared("executor"),
        Shared("format")),
    Deferred(f"{_RUNS}:_from_options"), says_where=True,
    findings="frank2009:FINDINGS", run_tables=("table2", "table3"))
