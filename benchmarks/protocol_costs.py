"""What the statistics cost inside the protocols, as ratios measured in one run.

Run by hand (not in the tests; it needs the shared data)::

    PYTHONPATH=src python benchmarks/protocol_costs.py [--size NAME=N[,N...]] [--only NAMES]
        [--resamples 1000] [--repeat 1] [--keep DIR] [--type-sizes 250000,1000000]
        [--type-corpus brown|ewt] [--type-resamples 50] [--estimate-sizes 60000,200000]
        [--probing pos,deps,joint,chang,chambers,reichart,frank]

Every workload runs in its own process (its peak resident memory is that
process's), one after the other, so that the ratios compare times taken in
the same minutes of a shared machine.  Figures:

1. Every protocol that takes ``--confidence`` (the table :data:`PROTOCOLS`),
   run as ``induceval reproduce NAME`` with its default options on the
   shared data, capped at N sentences (utterances) so that it runs in
   minutes (``--size NAME=N,...``; 0 = all): the cells with
   ``--confidence 0`` (fresh), then the same cells reused with
   ``--confidence 1000`` and with ``--confidence 0``; the intervals' and
   paired tests' cost is the difference of the two reused runs, given as a
   share of the fresh run (the target: at most 10%).  A reused run without
   intervals calls no compiled kernel, so that difference includes the
   imports of numba and scipy that a run computing its cells has paid
   before its intervals: a second figure times, inside two runs that compute
   their cells (one with ``--confidence 1000``), the work after the cells,
   and gives the difference as a share of the first fresh run (and of its
   cells' time); a third, the same work on the stored cells in one process
   whose imports and kernels a first pair of runs has loaded (fastest of
   two more runs with intervals and without).  The cap is the
   protocol's ``--max-sentences`` where it has one (``pascal2012-pos``:
   the first N sentences of each treebank; ``frank2009``, without the BHMM:
   of train and test); the others run on a copy of the shared data made
   for the run, each corpus folder cut to its first N sentences (CoNLL-U,
   PTB ``.dp``) or to its first CHAT files holding N utterances.
2. Type-level intervals (``eval tags --level type``): ``--type-resamples``
   resamples of MacroI/MicroI/MicroC under 1-1 and M-1 of an exchange
   clustering (K=17) of the first sentences of ``--type-corpus`` that make
   N tokens (``--type-sizes``; 0 = all): the Brown corpus (1.16M tokens,
   its own tags) or UD English-EWT (dev and test, 50k tokens, UPOS);
   seconds per resample and the time of 1000 (target: 2 minutes at 1M
   tokens).
3. The estimate each ``reproduce`` prints before its first cell against the
   time the cells then took (``pascal2012-pos`` on the demo corpus; target:
   within 3x).
4. ``--probing NAMES``: what that estimate costs on the shared data, each
   protocol of :data:`PROTOCOLS` run as ``induceval reproduce NAME`` with its
   default options on all the data, progress on, ``--confidence 0``, fresh
   cells: the seconds from the start to the first cell (reading and probing),
   the estimate, and the cells' time.
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
from typing import NamedTuple

DATA = Path(os.environ.get("INDUCEVAL_SHARED_DATA", "/work/shared/data"))


class Workload(NamedTuple):
    """A ``reproduce`` protocol: its extra options, its size cap and its default sizes."""

    protocol: str
    options: tuple[str, ...] = ()
    cap: str | None = None       # the protocol's option, else None: a cut copy of the data
    sizes: str = "1000"


#: every protocol that takes ``--confidence``, with default options but the size cap
PROTOCOLS = {
    "pos": Workload("pascal2012-pos", cap="--max-sentences", sizes="1000,4000"),
    # the BHMM (2000 Gibbs sweeps) would make the statistics' share look small
    "frank": Workload("frank2009", ("--models", "random,hc,hc_single,ff"),
                      cap="--max-sentences", sizes="20000"),
    "deps": Workload("pascal2012-deps", sizes="1000"),
    "joint": Workload("pascal2012-joint", sizes="1000"),
    "chang": Workload("chang2006", sizes="2000"),
    "chambers": Workload("chambers2010", sizes="4000"),
    "reichart": Workload("reichart2010", sizes="2000"),
}

#: the shared data folders the protocols read (the others are left out of a cut copy)
_CUT = ("ud", "ptb/dependency-treebank-sample", "childes")


def _blocks(path: Path) -> list[str]:
    """The sentences of a CoNLL-U or ``.dp`` file: blocks separated by blank lines."""
    return [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]


def _cut_folder(src: Path, dest: Path, n: int) -> None:
    """``src``'s data files, cut to the first ``n`` sentences or utterances (and its small
    other files, e.g. CHAT metadata)."""
    dest.mkdir(parents=True, exist_ok=True)
    left = n
    for f in sorted(p for p in src.iterdir() if p.is_file()):
        if f.suffix in (".conllu", ".dp"):
            if left > 0:
                kept = _blocks(f)[:left]
                left -= len(kept)
                (dest / f.name).write_text("\n\n".join(kept) + "\n\n", encoding="utf-8")
        elif f.suffix == ".cha":
            if left > 0:
                text = f.read_text(encoding="utf-8")
                left -= sum(line.startswith("*") for line in text.splitlines())
                (dest / f.name).write_text(text, encoding="utf-8")
        elif f.stat().st_size < 1 << 20:
            shutil.copyfile(f, dest / f.name)


def _cut_data(n: int, dest: Path) -> Path:
    """A copy of the shared data's protocol corpora, each folder cut to ``n`` sentences."""
    for top in _CUT:
        for folder in [DATA / top, *sorted((DATA / top).rglob("*"))]:
            if folder.is_dir():
                _cut_folder(folder, dest / folder.relative_to(DATA), n)
    return dest


def _reproduce(name: str, size: int, conf: int, out: str, run: str = "run") -> dict:
    """``induceval reproduce`` of workload ``name`` on the cells in ``out/run`` (data:
    ``out/data``): the seconds of its cells and of its work after them."""
    from induceval.cli.main import main as cli
    from induceval.experiments import _cost

    w = PROTOCOLS[name]
    data = Path(out) / "data" if size and not w.cap else DATA
    cap = (w.cap, str(size)) if size and w.cap else ()
    real, marks = _cost.run_cells, {}

    def timed(*a, **k):
        marks["start"] = time.perf_counter()
        result = real(*a, **k)
        marks["end"] = time.perf_counter()
        return result

    _cost.run_cells = timed
    try:
        code = cli(["reproduce", w.protocol, *w.options, *cap, "--data", str(data),
                    "--out", str(Path(out) / run), "--confidence", str(conf), "--no-progress",
                    "--format", "json", "-o", str(Path(out) / f"tables-{run}-{conf}.json")])
    finally:
        _cost.run_cells = real
    if code:
        raise SystemExit(code)
    return {"cells": marks["end"] - marks["start"], "after": time.perf_counter() - marks["end"]}


def _warm(name: str, size: int, conf: int, out: str) -> dict:
    """The work after the stored cells of ``out/run`` in one process, with ``conf``
    resamples and without, alternating three times: the fastest of the last two each (the
    first pair loads the imports and kernels)."""
    after: dict[int, list[float]] = {0: [], conf: []}
    for _ in range(3):
        for c in (0, conf):
            after[c].append(_reproduce(name, size, c, out)["after"])
    return {"without": min(after[0][1:]), "with": min(after[conf][1:])}


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


def _said_and_timed(run) -> dict:
    """``run()`` (a protocol with progress on): seconds from the start to its first cell,
    the estimate its line said, the cells' own time, the line."""
    import contextlib
    import io
    import re

    from induceval.experiments import _cost

    real, marks = _cost.run_cells, {}

    def timed(*a, **k):  # the cells' own time, after the estimate was printed
        marks["start"] = time.perf_counter()
        out = real(*a, **k)
        marks["end"] = time.perf_counter()
        return out

    _cost.run_cells = timed
    err = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stderr(err):
        run()
    line = next(x for x in err.getvalue().splitlines() if "cells to run" in x)
    est = re.search(r"estimated ([0-9.]+) (s|min|h)", line)
    seconds = float(est.group(1)) * {"s": 1, "min": 60, "h": 3600}[est.group(2)]
    return {"before_cells": marks["start"] - t0, "estimate": seconds,
            "cells": marks["end"] - marks["start"], "line": line}


def _estimate(size: int, conf: int, out: str) -> None:
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.experiments.pascal2012_pos import run_pascal2012_pos

    corpus = generate_demo_corpus(n_sentences=size, seed=1)
    run_pascal2012_pos({"demo": corpus.select(range(50))}, confidence=0)  # kernels loaded
    print(json.dumps(_said_and_timed(lambda: run_pascal2012_pos(
        {"demo": corpus}, out_dir=out, confidence=0, show_progress=True))))


def _probing(name: str, out: str) -> None:
    """Workload ``name`` on all the shared data with progress on: start to first cell,
    the estimate said, the cells' time (:data:`PROTOCOLS`'s options, confidence 0)."""
    from induceval.cli.main import main as cli

    w = PROTOCOLS[name]

    def run():
        code = cli(["reproduce", w.protocol, *w.options, "--data", str(DATA), "--out",
                    str(Path(out) / "run"), "--confidence", "0", "--format", "json", "-o",
                    str(Path(out) / "tables.json")])
        if code:
            raise SystemExit(code)

    print(json.dumps(_said_and_timed(run)))


def _in_child(what: str, size: int) -> tuple[float, dict]:
    """Workload ``what`` of ``size`` in a fresh process and folder: its peak RSS (MB) and
    the JSON it printed last."""
    out = tempfile.mkdtemp(prefix=f"costs-{what.replace(':', '-')}-")
    try:
        _, rss, stdout, _ = _child(what, size, 0, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return rss, json.loads(stdout.strip().splitlines()[-1])


WORK = {"type": _type_level, "estimate": _estimate}


def _child(what: str, size: int, arg: int, out: str) -> tuple[float, float, str, float]:
    """Run one workload in a fresh process: wall seconds, peak RSS (MB), its stdout, and
    its CPU seconds (user + system, its own workers included)."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, __file__, "--one", what, str(size), str(arg), out],
                         stdout=subprocess.PIPE, text=True)
    stdout = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        raise SystemExit(f"{what} {size} {arg} failed ({p.returncode})")
    return (time.perf_counter() - t0, usage.ru_maxrss / 1024, stdout,
            usage.ru_utime + usage.ru_stime)


def _intervals_share(what: str, size: int, resamples: int, keep: str | None = None,
                     repeat: int = 1) -> None:
    """Fresh cells with confidence 0, then reused with ``resamples`` and with 0: the share.

    ``keep``: a folder that receives the two reused runs' JSON tables (to compare versions);
    ``repeat``: the reused pair runs so many times, each figure the fastest of its runs (on a
    shared machine the reused runs' wall time varies by seconds); the first run with
    intervals is shown too: a protocol that computes cells again for them is slow only then.
    """
    out = tempfile.mkdtemp(prefix=f"costs-{what}-")
    try:
        if size and not PROTOCOLS[what].cap:
            _cut_data(size, Path(out) / "data")
        fresh, rss0, said0, cpu0 = _child(what, size, 0, out)
        # the cells once more, in a folder of their own, then the intervals in that process
        _, rss_f, said1, _ = _child(f"{what}:fresh", size, resamples, out)
        pairs = [(_child(what, size, resamples, out), _child(what, size, 0, out))
                 for _ in range(repeat)]
        _, _, said_warm, _ = _child(f"{what}:warm", size, resamples, out)
        with_ci, rss1 = min(a[0] for a, _ in pairs), max(a[1] for a, _ in pairs)
        without = min(b[0] for _, b in pairs)
        cpu_extra = min(a[3] for a, _ in pairs) - min(b[3] for _, b in pairs)
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            for conf in (0, resamples):
                shutil.copyfile(Path(out) / f"tables-run-{conf}.json",
                                Path(keep) / f"{what}-{size}-{conf}.json")
    finally:
        shutil.rmtree(out, ignore_errors=True)
    extra = with_ci - without
    first = f" (first {pairs[0][0][0]:.1f} s)" if repeat > 1 else ""
    r0, r1 = (json.loads(x.strip().splitlines()[-1]) for x in (said0, said1))
    in_run = r1["after"] - r0["after"]
    print(f"{what:8} size {size or 'all':>6}: cells (confidence 0, fresh) {fresh:7.1f} s, "
          f"peak {rss0:5.0f} MB | reused {without:6.1f} s, with intervals {with_ci:6.1f} s"
          f"{first} | intervals + paired tests "
          f"({resamples}) {extra:6.1f} s = {100 * extra / fresh:5.1f}% of the run "
          f"(CPU {cpu_extra:5.1f} s = {100 * cpu_extra / cpu0:5.1f}%), peak {rss1:5.0f} MB",
          flush=True)
    print(f"{'':8} in a fresh run: cells {r0['cells']:6.1f} s; after them {r0['after']:5.1f} s "
          f"without intervals, {r1['after']:5.1f} s with: intervals + paired tests "
          f"{in_run:5.1f} s = {100 * in_run / fresh:5.1f}% of the run "
          f"({100 * in_run / r0['cells']:5.1f}% of its cells), peak {rss_f:5.0f} MB", flush=True)
    warm = json.loads(said_warm.strip().splitlines()[-1])
    in_one = warm["with"] - warm["without"]
    print(f"{'':8} warm, in one process on the stored cells: after them {warm['without']:5.1f} s "
          f"without intervals, {warm['with']:5.1f} s with: intervals + paired tests "
          f"{in_one:5.1f} s = {100 * in_one / fresh:5.1f}% of the run", flush=True)


def _sizes(a: argparse.Namespace) -> dict[str, list[int]]:
    """Workload -> sizes: the defaults of :data:`PROTOCOLS`, then ``--size``, ``--only``."""
    sizes = {k: w.sizes for k, w in PROTOCOLS.items()}
    sizes.update(pos=a.sizes or sizes["pos"], frank=a.frank_sizes or sizes["frank"])
    for spec in a.size:
        name, _, value = spec.partition("=")
        if name not in PROTOCOLS or not value:
            raise SystemExit(f"--size takes NAME=N[,N...] with NAME in {', '.join(PROTOCOLS)}; "
                             f"got {spec!r}")
        sizes[name] = value
    only = a.only.split(",") if a.only else list(PROTOCOLS)
    return {k: [int(x) for x in sizes[k].split(",")] for k in only if k in PROTOCOLS}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", action="append", default=[], metavar="NAME=N[,N...]",
                    help=f"sizes of a workload (0 = all); NAME in {', '.join(PROTOCOLS)}")
    ap.add_argument("--only", help="comma-separated workloads (protocols, type, estimate)")
    ap.add_argument("--sizes", help="the sizes of pos (as --size pos=...)")
    ap.add_argument("--frank-sizes", help="the sizes of frank (as --size frank=...)")
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--keep", help="folder for the JSON tables of every reused run")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs of the reused pair, the fastest of each counted (default 1)")
    ap.add_argument("--type-sizes", default="250000,1000000",
                    help="type level: tokens of --type-corpus (0 = all)")
    ap.add_argument("--type-corpus", choices=sorted(TYPE_CORPORA), default="brown")
    ap.add_argument("--type-resamples", type=int, default=50)
    ap.add_argument("--estimate-sizes", default="60000,200000",
                    help="estimate: demo sentences (smaller ones run in a tenth of a second, "
                         "below the estimate line's whole seconds)")
    ap.add_argument("--probing", default="",
                    help="comma-separated workloads whose estimate's cost is measured on all "
                         f"the shared data ({', '.join(PROTOCOLS)})")
    ap.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.probing and not a.only:
        a.only = "probing"  # only the probing figures
    if a.one:
        what, size, arg, out = a.one
        if what.startswith("probing:"):
            _probing(what.partition(":")[2], out)
        elif what.partition(":")[0] in PROTOCOLS:   # NAME, NAME:fresh (own cells), NAME:warm
            name, _, run = what.partition(":")
            if run == "warm":
                print(json.dumps(_warm(name, int(size), int(arg), out)))
            else:
                print(json.dumps(_reproduce(name, int(size), int(arg), out, run or "run")))
        else:
            WORK[what](int(size), int(arg), out)
        return
    for what, sizes in _sizes(a).items():
        for s in sizes:
            _intervals_share(what, s, a.resamples, a.keep, a.repeat)
    only = a.only.split(",") if a.only else ["type", "estimate"]
    for s in ([x for x in a.type_sizes.split(",") if x] if "type" in only else []):
        _, rss, stdout, _ = _child("type", int(s), a.type_resamples, a.type_corpus)
        r = json.loads(stdout.strip().splitlines()[-1])
        per = r["seconds"] / a.type_resamples
        print(f"type  {r['tokens']:>7} tokens: {per:6.3f} s per resample, 1000 in "
              f"{per * 1000 / 60:5.1f} min, peak {rss:5.0f} MB", flush=True)
    for s in ([x for x in a.estimate_sizes.split(",") if x] if "estimate" in only else []):
        _, r = _in_child("estimate", int(s))
        print(f"estimate, demo {s} sentences: estimated {r['estimate']:.0f} s, cells took "
              f"{r['cells']:.1f} s (ratio {r['estimate'] / max(r['cells'], 1e-9):.2f}; "
              f"probing took {r['before_cells']:.1f} s)", flush=True)
    for name in [x for x in a.probing.split(",") if x]:
        if name not in PROTOCOLS:
            raise SystemExit(f"--probing takes names in {', '.join(PROTOCOLS)}; got {name!r}")
        rss, r = _in_child(f"probing:{name}", 0)
        print(f"probing {name:8}: start to first cell {r['before_cells']:6.1f} s, cells "
              f"{r['cells']:6.1f} s (estimated {r['estimate']:.0f} s, ratio "
              f"{r['estimate'] / max(r['cells'], 1e-9):.2f}), peak {rss:5.0f} MB", flush=True)

if __name__ == "__main__":
    main()
