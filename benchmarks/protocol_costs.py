"""What the statistics cost inside the protocols (issue 24), as ratios measured in one run.

Run by hand (not in the tests; it needs the shared data); an empty list of
sizes (``--sizes ""``) leaves that workload out::

    PYTHONPATH=src python benchmarks/protocol_costs.py [--sizes 1000,4000] [--resamples 1000]
        [--frank-sizes 20000] [--type-sizes 250000,1000000] [--type-resamples 50]
        [--type-corpus brown|ewt]

Every workload runs in its own process (its peak resident memory is that
process's), one after the other, so that the ratios compare times taken in
the same minutes of a shared machine.  Figures (issue 24, "Done when"):

1. ``pascal2012-pos`` on the PASCAL 2012 treebanks of the shared data, the
   first N sentences of each (``--sizes``; 0 = all): the cells with
   ``--confidence 0`` (fresh), then the same cells reused with
   ``--confidence 1000`` and with ``--confidence 0``; the intervals' cost is
   the difference of the two reused runs, given as a share of the fresh run
   (the target: at most 10%).
2. ``frank2009`` without the BHMM (random, hc, hc_single, ff) on the first N
   utterances of Manchester (``--frank-sizes``; 0 = all 285,864): the
   intervals' and paired tests' time, the same difference (target: under a
   minute).
3. Type-level intervals (``eval tags --level type``): ``--type-resamples``
   resamples of MacroI/MicroI/MicroC under 1-1 and M-1 of an exchange
   clustering (K=17) of the first sentences of ``--type-corpus`` that make
   N tokens (``--type-sizes``; 0 = all): the Brown corpus (1.16M tokens,
   its own tags) or UD English-EWT (dev and test, 50k tokens, UPOS);
   seconds per resample and the time of 1000 (target: 2 minutes at 1M
   tokens).
4. The estimate each ``reproduce`` prints before its first cell against the
   time the cells then took (``pascal2012-pos`` on the demo corpus; target:
   within 3x).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(os.environ.get("INDUCEVAL_SHARED_DATA", "/work/shared/data"))


def _pos(size: int, conf: int, out: str) -> None:
    from induceval.experiments.pascal2012_pos import default_treebanks, run_pascal2012_pos

    run_pascal2012_pos(default_treebanks(DATA), out_dir=out, confidence=conf,
                       max_sentences=size or None)


def _frank(size: int, conf: int, out: str) -> None:
    from induceval.experiments.frank2009 import _default_test, _default_train, run_frank2009

    run_frank2009(_default_train(DATA), _default_test(DATA), out_dir=out,
                  models=["random", "hc", "hc_single", "ff"], max_sentences=size or None,
                  confidence=conf, figures=False)


TYPE_CORPORA = {"brown": ("brown/brown-tagged", "brown"), "ewt": ("ud/UD_English-EWT", "conllu")}


def _type_level(size: int, resamples: int, corpus: str) -> None:
    import numpy as np

    from induceval.corpus.readers import read_corpus
    from induceval.measures.categories import evaluate_tags
    from induceval.measures.resampling import items_of, resample
    from induceval.models.categories import induce_tags

    path, fmt = TYPE_CORPORA[corpus]
    c = read_corpus([str(DATA / path)], format=fmt)
    if size:  # the first sentences that make `size` tokens
        c = c.select(range(min(int(np.searchsorted(np.cumsum(c.lengths), size)) + 1,
                               c.n_sentences)))
    tags = induce_tags(c, "exchange", 17, seed=1).tags.astype(np.int64)
    st = items_of(evaluate_tags(c, tags, level="type", items="sentence"))
    t0 = time.perf_counter()
    resample(st, n=resamples, seed=1)
    print(json.dumps({"tokens": int(c.n_tokens), "seconds": time.perf_counter() - t0}))


def _estimate(size: int, conf: int, out: str) -> None:
    import contextlib
    import io
    import re

    from induceval.corpus.demo import generate_demo_corpus
    from induceval.experiments.pascal2012_pos import run_pascal2012_pos

    corpus = generate_demo_corpus(n_sentences=size, seed=1)
    run_pascal2012_pos({"demo": corpus.select(range(50))}, confidence=0)  # kernels loaded
    err = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stderr(err):
        from induceval.experiments import _cost

        real = _cost.run_cells
        marks = {}

        def timed(*a, **k):  # the cells' own time, after the estimate was printed
            marks["start"] = time.perf_counter()
            return real(*a, **k)
        _cost.run_cells = timed
        run_pascal2012_pos({"demo": corpus}, out_dir=out, confidence=0, show_progress=True)
    cells = time.perf_counter() - marks["start"]
    line = next(x for x in err.getvalue().splitlines() if "cells to run" in x)
    est = re.search(r"estimated ([0-9.]+) (s|min|h)", line)
    seconds = float(est.group(1)) * {"s": 1, "min": 60, "h": 3600}[est.group(2)]
    print(json.dumps({"estimate": seconds, "cells": cells, "probing": marks["start"] - t0,
                      "line": line}))


WORK = {"pos": _pos, "frank": _frank, "type": _type_level, "estimate": _estimate}


def _child(what: str, size: int, arg: int, out: str) -> tuple[float, float, str]:
    """Run one workload in a fresh process: wall seconds, peak RSS (MB), its stdout."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, __file__, "--one", what, str(size), str(arg), out],
                         stdout=subprocess.PIPE, text=True)
    stdout = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        raise SystemExit(f"{what} {size} {arg} failed ({p.returncode})")
    return time.perf_counter() - t0, usage.ru_maxrss / 1024, stdout


def _intervals_share(what: str, size: int, resamples: int) -> None:
    out = tempfile.mkdtemp(prefix=f"costs-{what}-")
    try:
        fresh, rss0, _ = _child(what, size, 0, out)
        with_ci, rss1, _ = _child(what, size, resamples, out)
        without, _, _ = _child(what, size, 0, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    extra = with_ci - without
    print(f"{what:5} size {size or 'all':>6}: cells (confidence 0, fresh) {fresh:7.1f} s, "
          f"peak {rss0:5.0f} MB | intervals + paired tests ({resamples}) {extra:6.1f} s "
          f"= {100 * extra / fresh:5.1f}% of the run, peak {rss1:5.0f} MB", flush=True)


def _sizes(text: str) -> list[str]:
    """A comma-separated list of sizes; empty: that workload is not run."""
    return [x for x in text.split(",") if x.strip()]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,4000")
    ap.add_argument("--frank-sizes", default="20000")
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--type-sizes", default="250000,1000000")
    ap.add_argument("--type-corpus", choices=sorted(TYPE_CORPORA), default="brown")
    ap.add_argument("--type-resamples", type=int, default=50)
    ap.add_argument("--estimate-sizes", default="2000,10000")
    ap.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.one:
        what, size, arg, out = a.one
        WORK[what](int(size), int(arg), out)
        return
    for s in _sizes(a.sizes):
        _intervals_share("pos", int(s), a.resamples)
    for s in _sizes(a.frank_sizes):
        _intervals_share("frank", int(s), a.resamples)
    for s in _sizes(a.type_sizes):
        _, rss, stdout = _child("type", int(s), a.type_resamples, a.type_corpus)
        r = json.loads(stdout.strip().splitlines()[-1])
        per = r["seconds"] / a.type_resamples
        print(f"type  {r['tokens']:>7} tokens: {per:6.3f} s per resample, 1000 in "
              f"{per * 1000 / 60:5.1f} min, peak {rss:5.0f} MB", flush=True)
    for s in _sizes(a.estimate_sizes):
        out = tempfile.mkdtemp(prefix="costs-estimate-")
        try:
            _, _, stdout = _child("estimate", int(s), 0, out)
        finally:
            shutil.rmtree(out, ignore_errors=True)
        r = json.loads(stdout.strip().splitlines()[-1])
        print(f"estimate, demo {s} sentences: estimated {r['estimate']:.0f} s, cells took "
              f"{r['cells']:.1f} s (ratio {r['estimate'] / max(r['cells'], 1e-9):.2f}; "
              f"probing took {r['probing']:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
