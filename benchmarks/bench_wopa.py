"""Benchmark WOPA: self-prediction and adult-to-child, all six learners, whole Manchester.

Usage: python benchmarks/bench_wopa.py [DATA_ROOT] [--children N]

Prints reading time (the CHAT reader, not WOPA), WOPA time per child and in total
(target: <= 120 s for the whole corpus), and the speed ratio of the numba production
against a direct pure-Python transcription of the paper's procedure on a slice (no public
WOPA implementation exists to compare with).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from induceval.data import shared_data_dir


def python_reference(train_lists, test_lists):
    """Lexstat statistics and greedy production in plain Python (pessimistic ties)."""
    ctx, cden, acc, aden = Counter(), Counter(), Counter(), Counter()
    for el in train_lists:
        ws = el[1:]
        for i, w in enumerate(ws):
            ctx[(el[i], w)] += 1
        cden.update({(el[a], el[b]) for a in range(len(el)) for b in range(1, len(el))
                     if a != b})
        aden.update({(ws[i], ws[j]) for i in range(len(ws)) for j in range(len(ws)) if i != j})
        for i in range(len(ws)):
            for j in range(i + 1, len(ws)):
                acc[(ws[i], ws[j])] += 1
    correct = 0
    scored = 0
    for el in test_lists:
        ws = el[1:]
        if len(ws) < 2:
            continue
        scored += 1
        rem = list(range(len(ws)))
        prev = el[0]
        ok = True
        for step in range(len(ws)):
            def val(m, prev=prev, ws=ws, rem=rem):
                k = (prev, ws[m])
                c = ctx[k] / cden[k] if cden[k] else 0.0
                a = 0.0
                for l in rem:
                    if l != m:
                        kk = (ws[m], ws[l])
                        a += acc[kk] / aden[kk] if aden[kk] else 0.0
                return c * len(rem) + a
            vals = {m: val(m) for m in rem}
            best = max(vals.values())
            tied = [m for m in rem if vals[m] >= best - 1e-9 * max(1, abs(best))]
            wrong = [m for m in tied if ws[m] != ws[step]]
            pick = wrong[0] if wrong else tied[0]
            if ws[pick] != ws[step]:
                ok = False
                break
            rem.remove(pick)
            prev = ws[pick]
        correct += ok
    return 100.0 * correct / scored


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(shared_data_dir()))
    ap.add_argument("--children", type=int, default=0, help="only the first N children")
    args = ap.parse_args()
    from induceval.corpus.readers import read_corpus
    from induceval.corpus.utterances import split_speakers, utterances_from_corpus
    from induceval.experiments.wopa import adult_to_child, evaluate_wopa, self_prediction
    from induceval.models.wopa import PAPER_ORDER

    man = Path(args.data) / "childes" / "eng-uk" / "Manchester"
    if not man.is_dir():
        print(f"no Manchester corpus under {args.data}", file=sys.stderr)
        return 2
    children = sorted(p for p in man.iterdir() if p.is_dir())
    if args.children:
        children = children[: args.children]
    # warm-up (numba cache load / compile) on a tiny slice, reported separately
    t0 = time.perf_counter()
    small = read_corpus(sorted(children[0].glob("*.cha"))[:1], format="chat")
    self_prediction(small, PAPER_ORDER)
    adult_to_child(small, PAPER_ORDER)
    print(f"warm-up (numba load/compile): {time.perf_counter() - t0:.1f} s")
    total_read = total_wopa = 0.0
    n_utt = 0
    for child in children:
        t = time.perf_counter()
        corpus = read_corpus(str(child), format="chat")
        t_read = time.perf_counter() - t
        t = time.perf_counter()
        s = self_prediction(corpus, PAPER_ORDER)
        c = adult_to_child(corpus, PAPER_ORDER)
        t_wopa = time.perf_counter() - t
        total_read += t_read
        total_wopa += t_wopa
        n_utt += corpus.n_sentences
        print(f"{child.name:6s} utts={corpus.n_sentences:6d} read={t_read:5.1f}s "
              f"wopa={t_wopa:5.1f}s  self: " + " ".join(f"{r.learner}={r.accuracy:.1f}"
                                                       for r in s)
              + "  child: " + " ".join(f"{r.learner}={r.accuracy:.1f}" for r in c))
    print(f"TOTAL {len(children)} children, {n_utt} utterances: read {total_read:.1f} s, "
          f"WOPA (self + adult-child, 6 learners) {total_wopa:.1f} s (target <= 120 s)")

    # speed ratio against the plain-Python transcription on one child's first 3 files
    corpus = read_corpus(sorted(children[0].glob("*.cha"))[:3], format="chat")
    utts, _ = utterances_from_corpus(corpus)
    adult, _ = split_speakers(corpus)
    train = utts.select(adult)
    lists = train.as_lists()
    t = time.perf_counter()
    ref = python_reference(lists, lists)
    t_ref = time.perf_counter() - t
    t = time.perf_counter()
    ours = evaluate_wopa(train, train, "lexstat", ties="pessimistic").accuracy
    t_ours = time.perf_counter() - t
    print(f"slice {train.n_utterances} utts, Lexstat self-prediction: python reference "
          f"{t_ref:.2f} s ({ref:.2f}%), induceval {t_ours:.3f} s ({ours:.2f}%), "
          f"ratio {t_ref / max(t_ours, 1e-9):.0f}x; same value: {np.isclose(ref, ours)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
