"""Benchmark: read every UD dev+test file in ../shared/data/ud.

Prints our reader's time (first call, which imports numba and loads its
cached kernel, then the best of ``--repeat`` warm calls, wall and CPU time),
the time of the ``conllu`` package (``parse_incr`` over the same files) when
installed, and the ratio.  Run by hand: ``python benchmarks/bench_read_ud.py``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from induceval.data import corpus_dir

DEFAULT = corpus_dir("ud")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = sorted(Path(args.folder).glob("*/*.conllu"))
    if not files:
        raise SystemExit(f"no .conllu files under {args.folder}")

    t0 = time.perf_counter()
    from induceval.corpus.readers import conllu as reader

    corpus = reader.read(files)
    first = time.perf_counter() - t0
    walls, cpus = [], []
    for _ in range(args.repeat):
        w, c = time.perf_counter(), time.process_time()
        corpus = reader.read(files)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    ours = min(walls)
    print(f"files: {len(files)}  sentences: {corpus.n_sentences}  tokens: {corpus.n_tokens}  "
          f"(+{corpus.report.counts['multiword_tokens']} multiword, "
          f"{corpus.report.counts['empty_nodes']} empty nodes)")
    print(f"induceval conllu.read: first call {first:.3f} s (incl. numba import); "
          f"warm best {ours:.3f} s wall, {min(cpus):.3f} s CPU")
    try:
        import conllu
    except ImportError:
        print("conllu package not installed: no reference time")
        return
    w, c = time.perf_counter(), time.process_time()
    n = 0
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for sentence in conllu.parse_incr(fh):
                n += len(sentence)
    ref_wall, ref_cpu = time.perf_counter() - w, time.process_time() - c
    print(f"conllu.parse_incr: {ref_wall:.3f} s wall, {ref_cpu:.3f} s CPU ({n} token lines)")
    print(f"speed-up (conllu / induceval, warm): {ref_wall / ours:.1f}x wall, "
          f"{ref_cpu / min(cpus):.1f}x CPU; first call: {ref_wall / first:.1f}x")


if __name__ == "__main__":
    main()
