"""Seconds per Gibbs sweep of Frank et al.'s Cython BHMM-I (scfrank/bhmmi) against induceval's
BHMM sampler, in one run on the same input: the first ``--utterances`` utterances of the
child-directed Manchester corpus as Frank et al. 2009 prepare it, ``--k`` tags, trigram
transitions, no annealing (temperature 1), hyperparameters held fixed.

Run: ``taskset -c 1 python benchmarks/bench_bhmmi.py [--k 45] [--utterances 20000]
[--sweeps 5] [--burn-in 0] [--bhmmi-git PATH] [--keep]``.

Needs the GSL headers and library (Debian: ``apt-get install libgsl-dev``), Cython and
CythonGSL (``pip install Cython CythonGSL``), git, and a git directory of the public
repository scfrank/bhmmi (a bare clone is enough; ``--bhmmi-git``, else ``$BHMMI_GIT``, else
``DEFAULT_GIT``).  The script checks for them and says what is missing (exit status 2).

How bhmmi is built: its ``HEAD`` is written with ``git archive`` into a fresh temporary folder
(nothing of it enters this repository), two mechanical fixes for Python 3 and Cython 3 are
applied to that copy only (each printed as it is applied: a ``# cython: language_level=2``
line at the top of the three ``.pyx`` files, whose Python 2 ``print`` statements and
``xrange`` Cython 3 rejects by default; and ``list(...)`` around ``dict.values()`` and
``.keys()`` in ``hasrng.pyx``, views being no lists in Python 3), and its three
``setup_*.py build_ext --inplace`` are run there.

What is timed: bhmmi runs in a child process that reads the slice, written to the temporary
folder in its train-file format (``STYPE TAG word`` lines, two ``XXX XXX xxx`` lines around
every utterance, the stripped ``%mor`` tag in the tag column), and calls its own
``BHMMI.sample`` loop for ``--sweeps`` iterations with annealing and hyperparameter sampling
off.  ``sample`` also scores the model (log probability and V-measure) at its first, every
tenth and its last iteration; those are not part of a sweep, so the child replaces the two
scoring methods of the instance by no-ops.  Ours runs in a second child through
``new_run`` of ``bench_bhmm_sweep.py`` (one untimed sweep first, which compiles or loads the
numba kernel).  Both start from the same random tagging (induceval's init stream; bhmmi takes
it through its ``gold`` initialisation) and time the same sweeps after ``--burn-in`` untimed
ones (default none: from the random tagging).  CPU seconds (process time) and wall seconds
per sweep are printed; pin to one core.  Memory: the peak resident memory of each child
(``ru_maxrss``: of the bhmmi child as its parent reaps it, of ours from ``resource`` in it),
and the bytes of each sampler's arrays.  The corpus is read in a third child, as a child's
``ru_maxrss`` also counts what its parent held when it was started.

The models: bhmmi's BHMM-I conditions every transition on the sentence type of the token
before; with one sentence type for every utterance (``D``) besides its boundary type
(``XXX``, which only a boundary carries) the type is a function of the previous tag, so the
model is a plain trigram BHMM with K + 1 transition outcomes (bhmmi's K, set to ``--k`` + 1,
counts its boundary tag), as ours.  Two differences remain, neither changing the work of a
sweep: its emission distributions have one more outcome (the boundary word ``xxx`` is in its
vocabulary), and the denominators of its trigram factors count the trigram's last two tags
(``bi_trans[s, t_{i-1}, t_i]`` under ``tri_trans[s, t_{i-2}, t_{i-1}, t_i]``) where the GG07
conditional, and ours, counts its context, the first two.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# where the machine this was written on keeps its copy; elsewhere pass --bhmmi-git
DEFAULT_GIT = "/work/.mirror/scfrank+bhmmi/repo/.git"
SETUPS = ("setup_slicesampler.py", "setup_hasrng.py", "setup_BhmmI.py")
ALPHA, BETA = 0.003, 1.0   # the fixed values new_run gives our sampler (GG07's best)

# (file, pattern, replacement, why): applied with re.subn to the temporary copy; a pattern
# that matches nothing stops the build, so a changed upstream is noticed
FIXES = [
    (name, r"\A", "# cython: language_level=2\n",
     "Python 2 source (print statements, xrange); Cython 3 defaults to language level 3")
    for name in ("slice_sampler.pyx", "hasrng.pyx", "BhmmI.pyx")
] + [
    ("hasrng.pyx", r"counts_dict\.(values|keys)\(\)", r"list(counts_dict.\1())",
     "dict views are no lists in Python 3 (a 'cdef list' of them does not compile)"),
]

# The child that times bhmmi: it runs in the build folder, so that the built modules import.
DRIVER = '''\
import json, sys, time
import numpy as np
import BhmmI

train, start, k, sweeps, burn_in, alpha, beta, seed, out = sys.argv[1:]
k, sweeps, burn_in, seed = int(k), int(sweeps), int(burn_in), int(seed)
words, stypes, _, word_ids, _, stype_ids = BhmmI.read_input(train)
# K + 1 tags: bhmmi's K counts its boundary tag 0
model = BhmmI.BHMMI(words, stypes, k + 1, len(word_ids), float(alpha), float(beta), seed)
# the "gold" initialisation takes the given tagging: induceval's random start
model.initialise(init="gold", trigram=True, truetags=np.load(start).tolist())
# scoring at iterations 0, 10, ... and at the end is no part of a sweep
model.log_prob = lambda: (0.0, 0.0)
model.evaluate_vm = lambda output_name=None: 0.0
if burn_in:
    model.sample(num_iters=burn_in, anneal=False, samplehyperparameters=False)
w0, c0 = time.perf_counter(), time.process_time()
model.sample(num_iters=sweeps, anneal=False, samplehyperparameters=False)
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
arrays = (model.X, model.Y, model.S, model.emissions, model.y_sums, model.bi_trans,
          model.tri_trans, model.beta)
with open(out, "w") as f:
    json.dump({"cpu": cpu / sweeps, "wall": wall / sweeps, "N": int(model.N),
               "tokens": int((model.X > 0).sum()), "K": int(model.K), "V": int(model.V),
               "D": int(model.D), "stypes": sorted(stype_ids),
               "nbytes": int(sum(a.nbytes for a in arrays))}, f)
'''


def missing_requirements() -> list[str]:
    """What the bhmmi build needs and this machine lacks."""
    missing = []
    if not Path("/usr/include/gsl/gsl_rng.h").exists() and shutil.which("gsl-config") is None:
        missing.append("GSL headers and library (Debian: apt-get install libgsl-dev)")
    for module, package in (("Cython", "Cython"), ("cython_gsl", "CythonGSL")):
        if find_spec(module) is None:
            missing.append(f"{package} (pip install {package})")
    if shutil.which("git") is None:
        missing.append("git")
    return missing


def build_bhmmi(git_dir: Path, folder: Path) -> str:
    """bhmmi's HEAD written into ``folder``, fixed and compiled there; returns the commit."""
    git = ["git", f"--git-dir={git_dir}"]
    commit = subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True,
                            text=True).stdout.strip()
    tar = subprocess.run(git + ["archive", "--format=tar", commit], check=True,
                         capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(folder, filter="data")
    for name, pattern, replacement, why in FIXES:
        path = folder / name
        text, n = re.subn(pattern, replacement, path.read_text(encoding="utf-8"))
        if not n:
            raise RuntimeError(f"fix {pattern!r} matches nothing in {name}: bhmmi has changed")
        path.write_text(text, encoding="utf-8")
        print(f"fix {name}: {pattern!r} -> {replacement!r} ({n}x): {why}")
    log = folder / "build.log"
    with log.open("w") as out:
        for setup in SETUPS:
            done = subprocess.run([sys.executable, setup, "build_ext", "--inplace"], cwd=folder,
                                  stdout=out, stderr=subprocess.STDOUT)
            if done.returncode:
                tail = log.read_text(errors="replace").splitlines()[-30:]
                raise RuntimeError(f"{setup} failed:\n" + "\n".join(tail))
    return commit


def write_trainfile(path: Path, ids: np.ndarray, offsets: np.ndarray, forms: list[str],
                    gold: np.ndarray) -> np.ndarray:
    """The tokens in bhmmi's train-file format, one sentence type ``D`` for every utterance;
    returns each token's line number (its index in bhmmi's arrays)."""
    bad = [f for f in forms if f == "xxx" or not f or any(c.isspace() for c in f)]
    if bad:   # bhmmi splits lines on white space and takes the word xxx for a boundary
        raise ValueError(f"forms bhmmi cannot read: {bad[:10]}")
    boundary = "XXX\tXXX\txxx\n" * 2
    lengths = np.diff(offsets)
    with path.open("w", encoding="utf-8") as f:
        f.write(boundary)
        for s in range(len(lengths)):
            f.write("".join(f"D\t{gold[i]}\t{forms[ids[i]]}\n"
                            for i in range(offsets[s], offsets[s + 1])))
            f.write(boundary)
    # two boundary lines before the first utterance and two more after each
    return np.arange(len(ids)) + 2 + 2 * np.repeat(np.arange(len(lengths)), lengths)


def run_bhmmi(folder: Path, train: Path, start: Path, k: int, sweeps: int, burn_in: int,
              seed: int) -> dict:
    """Time bhmmi's sweeps in a child; its results with the child's peak resident memory."""
    (folder / "time_bhmmi.py").write_text(DRIVER, encoding="utf-8")
    out = folder / "bhmmi.json"
    with (folder / "bhmmi.log").open("w") as log:
        child = subprocess.Popen([sys.executable, "time_bhmmi.py", str(train), str(start),
                                  str(k), str(sweeps), str(burn_in), str(ALPHA), str(BETA),
                                  str(seed), str(out)], cwd=folder, stdout=log,
                                 stderr=subprocess.STDOUT)
        # reaped here, not by Popen.wait, for the child's own resource usage
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        tail = (folder / "bhmmi.log").read_text(errors="replace").splitlines()[-30:]
        raise RuntimeError("bhmmi's run failed:\n" + "\n".join(tail))
    result = json.loads(out.read_text())
    result["peak"] = usage.ru_maxrss * 1024   # KiB on Linux
    return result


def prepare(utterances: int, k: int, folder: Path) -> dict:
    """Read and prepare the slice, write bhmmi's train file and both samplers' inputs to
    ``folder`` (run in a child: the corpus would otherwise stay in the parent, whose memory
    a child started from it counts in its own peak)."""
    from _brown_slice import SHARED
    from bench_bhmm_sweep import sequences

    from induceval.corpus.readers import read_corpus
    from induceval.experiments.frank2009 import prepare_childes
    from induceval.models.categories._bigrams import type_counts
    from induceval.random import stream, stream_seed

    t0 = time.perf_counter()
    full = prepare_childes(read_corpus(SHARED / "childes" / "eng-uk" / "Manchester",
                                       format="chat"))
    part = full.select(range(min(utterances, full.n_sentences)))
    ids, offsets, V = sequences(part)
    forms = type_counts(part, "form")[2]
    # the gold column of the tokens sequences keeps (those with a form)
    gold = part.label_strings("stripped")[part.column("form").values >= 0]
    assert len(gold) == len(ids)
    seconds = time.perf_counter() - t0
    lines = write_trainfile(folder / "train.txt", ids, offsets, forms, gold)
    # the same random tagging for both, as induce_bhmm draws it; bhmmi numbers the tags
    # 1..K with its boundary 0, ours 0..K-1
    tags0 = stream(1, "models.bhmm.init").integers(0, k, size=len(ids)).astype(np.int32)
    start = np.zeros(lines[-1] + 3, dtype=np.int64)
    start[lines] = tags0 + 1
    np.save(folder / "start.npy", start)
    np.savez(folder / "ours.npz", ids=ids, offsets=offsets, tags0=tags0)
    return {"utterances": part.n_sentences, "all": full.n_sentences, "tokens": len(ids),
            "V": V, "seconds": seconds, "seed": stream_seed(1, "models.bhmm.sampler")}


def time_ours(folder: Path, k: int, V: int, sweeps: int, burn_in: int, seed: int) -> dict:
    """Time our sampler (run in a child of its own, so that its peak memory is its own)."""
    from bench_bhmm_sweep import new_run

    from induceval.models.categories import bhmm

    data = np.load(folder / "ours.npz")
    ids, offsets, tags0 = data["ids"], data["offsets"], data["tags0"]
    new_run(bhmm, ids, offsets, tags0.copy(), k, V, seed, 1, 1.0)   # compile or load first
    tags = tags0.copy()
    if burn_in:
        new_run(bhmm, ids, offsets, tags, k, V, seed, burn_in, 1.0)
    wall, cpu, nbytes = new_run(bhmm, ids, offsets, tags, k, V, seed, sweeps, 1.0)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024   # KiB on Linux
    return {"cpu": cpu, "wall": wall, "nbytes": nbytes, "peak": peak}


def in_child(fn: Callable[..., dict], *args: object) -> dict:
    """``fn(*args)`` in a fresh interpreter (spawned: started from this small process)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(fn, args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", type=int, default=45, help="tags (bhmmi's K is one more)")
    ap.add_argument("--utterances", type=int, default=20_000)
    ap.add_argument("--sweeps", type=int, default=5, help="sweeps timed for each tool")
    ap.add_argument("--burn-in", type=int, default=0, help="untimed sweeps before them")
    ap.add_argument("--bhmmi-git", type=Path,
                    default=Path(os.environ.get("BHMMI_GIT", DEFAULT_GIT)),
                    help="git directory of scfrank/bhmmi")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args(argv)

    missing = missing_requirements()
    if not args.bhmmi_git.exists():
        missing.append(f"a git directory of scfrank/bhmmi (not at {args.bhmmi_git})")
    if missing:
        print("cannot build bhmmi; missing:\n  " + "\n  ".join(missing), file=sys.stderr)
        return 2

    try:
        print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"affinity {sorted(os.sched_getaffinity(0))}")
    except (OSError, AttributeError):
        pass
    folder = Path(tempfile.mkdtemp(prefix="bench_bhmmi_"))
    try:
        t0 = time.perf_counter()
        commit = build_bhmmi(args.bhmmi_git, folder)
        print(f"bhmmi {commit[:7]} built in {folder} ({time.perf_counter() - t0:.0f} s)")

        info = in_child(prepare, args.utterances, args.k, folder)
        print(f"Manchester CDS: {info['utterances']} of {info['all']} utterances, "
              f"{info['tokens']} tokens, {info['V']} word types (read + prepare "
              f"{info['seconds']:.1f} s)")
        b = run_bhmmi(folder, folder / "train.txt", folder / "start.npy", args.k,
                      args.sweeps, args.burn_in, seed=1)
        # one sentence type besides the boundary's: the plain BHMM (see the docstring)
        assert b["D"] == 2 and b["tokens"] == info["tokens"] and b["K"] == args.k + 1, b
        o = in_child(time_ours, folder, args.k, info["V"], args.sweeps, args.burn_in,
                     info["seed"])
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)

    when = f"after {args.burn_in} burn-in sweeps" if args.burn_in else "from the random tagging"
    print(f"\ntrigram, temperature 1, alpha {ALPHA:g} beta {BETA:g} fixed; {args.sweeps} "
          f"sweeps each, {when}; bhmmi: {b['N']} positions with the boundaries, K {b['K']} "
          f"with its boundary tag, V {b['V']} with xxx, sentence types {b['stypes']}")
    head = (f"{'tool':10s} {'K':>3s} {'tokens':>7s} {'s/sweep CPU':>12s} {'wall':>8s} "
            f"{'bhmmi/ours':>10s} {'peak RSS MiB':>12s} {'state MiB':>9s}")
    print(head)
    print("-" * len(head))
    for name, r in (("bhmmi", b), ("induceval", o)):
        print(f"{name:10s} {args.k:3d} {info['tokens']:7d} {r['cpu']:12.4f} {r['wall']:8.4f} "
              f"{r['cpu'] / o['cpu']:10.1f} {r['peak'] / 2**20:12.0f} "
              f"{r['nbytes'] / 2**20:9.1f}")
    print(f"ratio bhmmi/ours: {b['cpu'] / o['cpu']:.1f} (CPU), {b['wall'] / o['wall']:.1f} "
          f"(wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
