"""What each ``reproduce`` protocol costs on the shared data, as measured.

Keyed by protocol name; ``tests/test_docs.py`` fails on a protocol without an
entry.  The figures are of the 2-core development machine with default options
and ``--confidence 0`` (``benchmarks/protocol_costs.py --probing ...``,
2026-11-27; the BHMM grid measured on full Manchester), from
``docs/history/scale-notebook.md``.  Every protocol also prints its own
estimate, timed on this machine, before its first cell (``experiments/_cost.py``).
"""

_SPREAD = " Cells run in parallel with --jobs N, --scheduler ADDRESS or --cluster slurm."

COSTS: dict[str, str] = {
    "frank2009": "The BHMM cells dominate: 2,000 Gibbs sweeps on child-directed Manchester "
                 "(1.2M tokens) take about 13 min at K = 12, 1.8 h at K = 53 and 3.1 h at "
                 "K = 80, 5.1 CPU-hours a seed of the K grid; HC, FF and the random "
                 "baseline take seconds (reading Manchester and their cells about 25 s). "
                 "--short (20,000 utterances, 100 sweeps) finishes in minutes." + _SPREAD,
    "reichart2010": "About 16 s to read and probe, then 27-31 s of cells (Brown, exchange, "
                    "HC, FF, BHMM at 200 sweeps and random on the WSJ sample); type-level "
                    "intervals (--confidence) cost far more per resample." + _SPREAD,
    "pascal2012-pos": "About 20 s to read and probe the treebanks, then 36-48 s of cells "
                      "(Brown and mkcls-style exchange clustering per treebank and K)."
                      + _SPREAD,
    "pascal2012-deps": "About 24-29 s to read and probe, then 110 cells of about 0.2 s "
                       "(21.5-23.2 s in all: LB, RB, random, H and DMV on three tag sets per "
                       "treebank)." + _SPREAD,
    "pascal2012-joint": "About 16 s to read and probe, then 44-51 s of cells (Brown "
                        "clustering then DMV per treebank and tag set)." + _SPREAD,
    "chang2006": "About 20 s to read the CHILDES population and probe, then 50-54 s of "
                 "cells (six learners, one cell per corpus)." + _SPREAD,
    "chambers2010": "About 31-33 s to read, extract the tuples and probe, then 16-19 s of "
                    "cells (three confounder methods, the models, 1,000 approximate "
                    "randomization iterations)." + _SPREAD,
}
