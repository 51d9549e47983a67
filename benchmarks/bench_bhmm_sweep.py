"""Seconds per BHMM Gibbs sweep, the sampler of the base commit against this tree's, on the
child-directed Manchester corpus (Frank et al. 2009's training data) and a slice of it.

Run: ``taskset -c 1 python benchmarks/bench_bhmm_sweep.py [--sweeps 2] [--k 12 53 80]
[--slice 20000] [--no-full] [--burn-in 0] [--base db2cdd6]``.

The base kernel is ``src/induceval/models/categories/bhmm.py`` as of ``--base`` (read with
``git show`` into a temporary folder and imported from there, so no second copy lives in
``src``).  Both kernels start from the same random tagging (the model's init stream) with
the same sampler seed, and run ``--sweeps`` annealed sweeps (temperature 2, as the first
sweep of the default schedule) and ``--sweeps`` sweeps at temperature 1 (the default run
has as many of each); the hyperparameters are held fixed, so that only the sweeps are
timed.  ``--burn-in N`` first runs N sweeps of the new kernel and times both from there (a
chain past its random start retags fewer tokens).  CPU seconds (process time) are printed
with the wall seconds, as the machine may be shared; pin to one core for steady figures.

Memory: the bytes of the arrays each sampler keeps through the sweeps (counts and their
copies, the float arrays), and the peak resident memory of the whole process at the end.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ROOT = Path(__file__).resolve().parents[1]
KERNEL = "src/induceval/models/categories/bhmm.py"


def base_kernel(commit: str, folder: Path):
    """The BHMM module of ``commit``, imported from a copy in ``folder``."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{KERNEL}"],
                          check=True, capture_output=True, text=True).stdout
    path = folder / f"bhmm_{commit}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"bhmm_{commit}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sequences(corpus):
    """Type ids and sentence offsets as ``induce_bhmm`` gives them to the sampler."""
    from induceval.models.categories._bigrams import gather, type_counts

    values, offsets, types, _, dense = type_counts(corpus, "form")
    ids = gather(dense, values)
    keep = ids >= 0
    kept = np.concatenate(([0], np.cumsum(keep)))
    return ids[keep], np.asarray(kept[offsets], dtype=np.int64), max(len(types), 1)


def _timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def old_run(mod, ids, offsets, tags, T, V, seed, sweeps, temp, order=3):
    n3, n2, ne, nt = mod._build_counts(ids, offsets, tags, T, V, order)
    p = np.zeros(T)
    h = np.zeros(sweeps)
    mod._seed_sampler(seed)
    nbytes = sum(a.nbytes for a in (n3, n2, ne, nt, p))
    w, c = _timed(lambda: mod._gibbs_sweeps(ids, offsets, tags, T, V, 0, sweeps, 0.003, 1.0,
                                            temp, temp, 0, False, 10, order, n3, n2, ne, nt,
                                            p, h, h))
    return w / sweeps, c / sweeps, nbytes


def new_run(mod, ids, offsets, tags, T, V, seed, sweeps, temp, order=3):
    state = mod._sampler_state(ids, offsets, tags, T, V, order)
    h = np.zeros(sweeps)
    mod._seed_sampler(seed)
    nbytes = sum(a.nbytes for a in state)
    w, c = _timed(lambda: mod._gibbs_sweeps(ids, offsets, tags, T, V, 0, sweeps, 0.003, 1.0,
                                            temp, temp, 0, False, 10, order, *state, h, h,
                                            -1, state[-1]))
    return w / sweeps, c / sweeps, nbytes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sweeps", type=int, default=2, help="sweeps timed at each temperature")
    ap.add_argument("--k", type=int, nargs="+", default=[12, 53, 80])
    ap.add_argument("--slice", type=int, default=20_000, help="utterances of the slice")
    ap.add_argument("--no-full", action="store_true", help="time the slice only")
    ap.add_argument("--burn-in", type=int, default=0)
    ap.add_argument("--base", default="db2cdd6", help="commit of the old kernel")
    args = ap.parse_args(argv)

    from _brown_slice import SHARED

    from induceval.corpus.readers import read_corpus
    from induceval.experiments.frank2009 import prepare_childes
    from induceval.models.categories import bhmm as new
    from induceval.random import stream, stream_seed

    folder = Path(tempfile.mkdtemp(prefix="bench_bhmm_"))
    old = base_kernel(args.base, folder)
    t0 = time.perf_counter()
    full = prepare_childes(read_corpus(SHARED / "childes" / "eng-uk" / "Manchester",
                                       format="chat"))
    print(f"Manchester CDS: {full.n_tokens} tokens, {full.n_sentences} utterances "
          f"(read + prepare {time.perf_counter() - t0:.1f} s)")
    try:
        print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"affinity {sorted(os.sched_getaffinity(0))}")
    except (OSError, AttributeError):
        pass
    corpora = [(f"slice ({args.slice} utt.)", full.select(range(min(args.slice,
                                                                      full.n_sentences))))]
    if not args.no_full:
        corpora.append(("full", full))
    # compile both kernels before timing: both temperatures, both count types (uint16 on
    # 50 utterances, int32 on the slice, as on the full corpus)
    for c in (corpora[0][1].select(range(50)), corpora[0][1]):
        ids, off, V = sequences(c)
        tags = np.zeros(len(ids), np.int32)
        for temp in (2.0, 1.0):
            old_run(old, ids, off, tags.copy(), 3, V, 1, 1, temp)
            new_run(new, ids, off, tags.copy(), 3, V, 1, 1, temp)
    seed = stream_seed(1, "models.bhmm.sampler")
    print(f"{'corpus':22s} {'K':>3s} {'temp':>4s} {'old s/sweep':>12s} {'new s/sweep':>12s} "
          f"{'ratio':>6s}  (cpu; wall old/new)")
    mem = []
    for name, corpus in corpora:
        ids, off, V = sequences(corpus)
        for k in args.k:
            tags0 = stream(1, "models.bhmm.init").integers(0, k, size=len(ids)).astype(np.int32)
            if args.burn_in:
                new_run(new, ids, off, tags0, k, V, seed, args.burn_in, 1.0)
            mean = [0.0, 0.0]
            for temp in (2.0, 1.0):
                wo, co, bo = old_run(old, ids, off, tags0.copy(), k, V, seed, args.sweeps, temp)
                wn, cn, bn = new_run(new, ids, off, tags0.copy(), k, V, seed, args.sweeps, temp)
                mean[0] += co / 2
                mean[1] += cn / 2
                print(f"{name:22s} {k:3d} {temp:4g} {co:12.3f} {cn:12.3f} {co / cn:6.2f}  "
                      f"(wall {wo:.3f} / {wn:.3f})", flush=True)
            print(f"{name:22s} {k:3d} {'mean':>4s} {mean[0]:12.3f} {mean[1]:12.3f} "
                  f"{mean[0] / mean[1]:6.2f}  (half annealed, half at 1, as the default run)")
            mem.append((name, k, bo, bn))
    print(f"\n{'corpus':22s} {'K':>3s} {'old state MiB':>14s} {'new state MiB':>14s}")
    for name, k, bo, bn in mem:
        print(f"{name:22s} {k:3d} {bo / 2**20:14.1f} {bn / 2**20:14.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of the process {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
