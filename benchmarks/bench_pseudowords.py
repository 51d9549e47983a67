"""Benchmark: the Chambers & Jurafsky (2010) protocol on child-directed Manchester.

Times reading, tuple extraction, and then "building all three test sets,
training every model and scoring them with 1000-iteration randomization
tests" (the target: at most 60 s), and prints the protocol's tables.

Usage: python benchmarks/bench_pseudowords.py [MANCHESTER_DIR] [--iterations N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from induceval.corpus.tuples import extract_tuples
from induceval.data import corpus_dir
from induceval.experiments.chambers2010 import run_chambers2010
from induceval.measures.pseudowords import load_corpus

HERE = Path(__file__).resolve().parent
DEFAULT = corpus_dir("manchester")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=str(DEFAULT))
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--out", default=None, help="write tables and figures here")
    args = ap.parse_args()
    t0 = time.perf_counter()
    corpus = load_corpus("manchester-cds", [args.path])
    t1 = time.perf_counter()
    inst = extract_tuples(corpus)
    t2 = time.perf_counter()
    rel = {r: int((inst.relation == r).sum()) for r in ("subj", "obj", "prep")}
    print(f"read (child-directed): {t1 - t0:.1f} s, {corpus.n_sentences} utterances, "
          f"{corpus.n_tokens} tokens")
    print(f"tuples: {len(inst)} {rel} in {t2 - t1:.2f} s; skipped {dict(inst.skipped)}")
    t3 = time.perf_counter()
    tables = run_chambers2010({"manchester": corpus}, args.out, iterations=args.iterations,
                              plots=args.out is not None)
    t4 = time.perf_counter()
    print(f"protocol (3 confounder sets x sizes, all models, AR {args.iterations}): "
          f"{t4 - t3:.1f} s (target <= 60 s)")
    for key in ("manchester_unseen", "manchester_rare", "manchester_figure4",
                "manchester_figure5", "manchester_figure6", "manchester_sizes"):
        print(tables[key].render("markdown"))


if __name__ == "__main__":
    main()
