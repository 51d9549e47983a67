"""Benchmark: read the Manchester corpus (CHAT) into the corpus model.

Prints, for several input sizes (the first 10%, 25%, 50% and all of the 670
files), our reader's wall time, CPU time and peak RSS in 1 process and in 2
processes (the default on this 2-core machine), each measured in a fresh
child process so that peak memory is that of the read alone; then
pylangacq's time on the whole folder (when installed: ``pip install
pylangacq==0.19.1``, the last version that reads these older files; a
benchmark-only dependency) in the same run and the ratio.  Then the
corpus's counts (utterances read, utterances without words dropped,
sentences, tokens, alignment), the child-directed-speech figures of Frank,
Goldwater & Keller (2009), and, with ``--all``, per-corpus counts for every
``.cha`` file under ``shared/data/childes``.

Usage::

    python benchmarks/bench_read_manchester.py [--data DIR] [--all] [--no-pylangacq]
        [--sizes 0.1,0.25,0.5,1]

The machine is shared: wall times are noisy (the load average is printed);
CPU times are printed too.  The target is the whole corpus in at
most 5 s wall with both cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from induceval.corpus.readers.chat import read
from induceval.corpus.tagsets.childes import PUNCT_POS, add_childes_tagsets
from induceval.corpus.transforms.childes import select_child_directed
from induceval.data import shared_data_dir

DEFAULT_DATA = shared_data_dir() / "childes"


def timed(fn, *args, **kwargs):
    t, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t, time.process_time() - c


_CHILD = """
import resource, sys, time
from pathlib import Path
from induceval.corpus.readers.chat import read
files = [Path(p) for p in sys.argv[2:]]
t, c = time.perf_counter(), time.process_time()
corpus = read(files, jobs=int(sys.argv[1]))
wall, cpu = time.perf_counter() - t, time.process_time() - c
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, kids.ru_maxrss)
print(wall, cpu + kids.ru_utime + kids.ru_stime, peak / 1024, corpus.n_sentences,
      corpus.n_tokens)
"""


def measure(files: list[Path], jobs: int) -> tuple[float, float, float, int, int]:
    """(wall s, CPU s of all processes, peak RSS MB of one process, sentences, tokens)
    of ``read(files, jobs=jobs)`` in a fresh interpreter (import time excluded)."""
    out = subprocess.run([sys.executable, "-c", _CHILD, str(jobs), *map(str, files)],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2]), int(out[3]), int(out[4])


def reference(manchester: Path, wall1: float, wall2: float) -> None:
    """Time pylangacq on the same folder (it may refuse files it cannot align)."""
    try:
        import pylangacq
    except ImportError:
        print("pylangacq not installed: no reference time (pip install pylangacq==0.19.1)")
        return
    t = time.perf_counter()
    try:
        ref = pylangacq.read_chat(str(manchester))
        wall_ref = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} read_chat (its own process pool): "
              f"{wall_ref:6.2f} s wall ({len(ref.utterances())} utterances; peak RSS of "
              f"this process {_peak_mb():.0f} MB)")
    except ValueError as exc:
        wall_fail = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} read_chat on the folder FAILS after "
              f"{wall_fail:.1f} s: {str(exc).splitlines()[0]}")
        # reference time: one process, file by file, skipping the files it rejects
        t, c = time.perf_counter(), time.process_time()
        n_utt, failed = 0, []
        for f in sorted(manchester.rglob("*.cha")):
            try:
                r = pylangacq.Reader.from_files([str(f)], parallel=False)
                n_utt += len(r.utterances())
            except ValueError:
                failed.append(f.name)
        wall_ref = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} file by file, 1 process: {wall_ref:6.2f} s "
              f"wall, {time.process_time() - c:6.2f} s CPU ({n_utt} utterances; "
              f"{len(failed)} files rejected, e.g. {failed[:3]})")
    print(f"ratio pylangacq / induceval: {wall_ref / wall1:.1f}x (induceval 1 process), "
          f"{wall_ref / wall2:.1f}x (induceval 2 processes)")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("CHILDES", DEFAULT_DATA)))
    ap.add_argument("--all", action="store_true", help="also read every .cha file")
    ap.add_argument("--no-pylangacq", action="store_true")
    ap.add_argument("--sizes", default="0.1,0.25,0.5,1",
                    help="fractions of the files to read (default 0.1,0.25,0.5,1)")
    args = ap.parse_args()
    manchester = args.data / "eng-uk" / "Manchester"
    files = sorted(manchester.rglob("*.cha"))
    print(f"Manchester: {manchester} ({len(files)} files, "
          f"{sum(f.stat().st_size for f in files) / 1e6:.1f} MB); {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'files':>6} {'jobs':>4} {'wall s':>7} {'CPU s':>7} {'peak MB':>8} "
          f"{'sentences':>10} {'tokens':>9}")
    wall = {}
    for frac in [float(x) for x in args.sizes.split(",")]:
        part = files[: max(1, round(frac * len(files)))]
        for jobs in (1, 2):
            w, c, mb, n_s, n_t = measure(part, jobs)
            wall[len(part), jobs] = w
            print(f"{len(part):6d} {jobs:4d} {w:7.2f} {c:7.2f} {mb:8.0f} {n_s:10d} {n_t:9d}")
    wall1, wall2 = wall[len(files), 1], wall[len(files), 2]
    print(f"whole corpus, 2 processes: {wall2:.2f} s (target <= 5 s: "
          f"{'met' if wall2 <= 5 else 'NOT met'}); speed-up over 1 process "
          f"{wall1 / wall2:.2f}x")
    if not args.no_pylangacq:
        reference(manchester, wall1, wall2)
    corpus = read(manchester, jobs=2)
    skipped = corpus.report.skipped
    print(f"utterances read {corpus.report.counts['utterances']}, without words (dropped) "
          f"{skipped['utterances without words']}, sentences {corpus.n_sentences}, "
          f"tokens {corpus.n_tokens}")
    counts = corpus.report.counts
    print(f"alignment: unaligned %mor {counts['unaligned_mor']}, "
          f"aligned %gra {counts['aligned_gra']}, unaligned %gra {counts['unaligned_gra']}")

    cds = add_childes_tagsets(select_child_directed(corpus))
    drops = {k: v for k, v in cds.report.counts.items() if k.startswith("utterances dropped")}
    col = cds.label_strings("collapsed")
    is_word = col != "PUNCT"  # punctuation items of %mor are not words
    children = {d.split("/")[1].rstrip("0123456789ab") for d in
                cds.sentences["document"].vocab.items}
    stripped = {k for k in cds.inventory("stripped") if k not in PUNCT_POS}
    print("\nChild-directed speech (Frank et al. 2009 preparation):")
    print(f"  dropped: {drops}")
    print(f"  children: {len(children)}; utterances: {cds.n_sentences}; tokens: {cds.n_tokens}; "
          f"words (tokens that are not punctuation, contractions split): {int(is_word.sum())}")
    forms = cds.label_strings("form")
    clitic = np.array([f is not None and (f.startswith("'") or f.lower() == "n't")
                       for f in forms])
    print(f"  clitic tokens: {int((clitic & is_word).sum())}; words with contractions "
          f"unsplit: {int((is_word & ~clitic).sum())}")
    print(f"  stripped categories (non-punctuation): {len(stripped)} (paper: 53); "
          f"collapsed: {sorted(set(col.tolist()) - {'PUNCT', None})}")
    print("  Frank et al. 2009 (12 children): ~1.5M words, ~360,000 utterances")

    if args.all:
        print("\nAll CHAT files under", args.data)
        files = sorted(args.data.rglob("*.cha"))
        everything, wall, cpu = timed(read, files, on_error="skip")
        print(f"  {len(files)} files read in {wall:.1f} s wall ({cpu:.1f} s CPU): "
              f"{everything.n_sentences} utterances, {everything.n_tokens} tokens")
        groups: dict[str, list[Path]] = {}
        for f in files:
            rel = f.relative_to(args.data).parts
            key = "/".join(rel[:2]) if rel[0] == "eng-uk" else rel[0]
            groups.setdefault(key, []).append(f)
        for key, fs in sorted(groups.items()):
            c = read(fs, on_error="skip")
            k = c.report.counts
            print(f"  {key:22s} {len(fs):4d} files {c.n_sentences:7d} utt "
                  f"unaligned mor {k['unaligned_mor']:5d} gra {k['unaligned_gra']:5d}; "
                  f"aligned gra {k['aligned_gra']:6d} xgrt {k['aligned_xgrt']:6d} "
                  f"(unaligned xgrt {k['unaligned_xgrt']}); has xpos: {'xpos' in c.tokens}")


if __name__ == "__main__":
    main()
