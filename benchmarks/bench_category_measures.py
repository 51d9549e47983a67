"""Benchmark of the category measures, with scikit-learn measured in the same run.

Run by hand: ``python benchmarks/bench_category_measures.py [--skip-brown] [--skip-spsr]``.

1. The full token-level suite (M-1, 1-1 optimal and greedy, VI, NVI, V,
   homogeneity, completeness, H(C|K), H(K|C), pairwise P/R/F) on 1M tokens,
   45 gold tags x 50 clusters, from the label arrays; target <= 0.3 s.
   scikit-learn equivalents (contingency matrix, homogeneity/completeness/V,
   mutual information, pair confusion matrix) on integer and string labels.
2. The six type-level measures with 10 M-1 restarts on the Brown corpus
   (../shared/data/brown), target <= 5 s (read time reported separately).
3. SP/SR with Manchester (child-directed speech) as training and the other
   eng-uk CHILDES corpora as test, target <= 30 s (read time separate).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from induceval.data import shared_data_dir

REPO = Path(__file__).resolve().parents[1]
DATA = shared_data_dir()


def best_of(fn, repeat=3):
    times = []
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def bench_tokens(n=1_000_000, g=45, k=50, seed=0):
    from sklearn import metrics
    from sklearn.metrics.cluster import contingency_matrix, pair_confusion_matrix

    from induceval.measures.categories import contingency, token_scores
    r = np.random.default_rng(seed)
    gold = r.integers(0, g, n)
    pred = np.where(r.random(n) < 0.6, gold % k, r.integers(0, k, n))
    token_scores(contingency(gold[:1000], pred[:1000]))  # warm imports

    def ours():
        return token_scores(contingency(gold, pred))

    def sk(a, b):
        def f():
            cm = contingency_matrix(a, b, sparse=True)
            metrics.homogeneity_completeness_v_measure(a, b)
            metrics.mutual_info_score(a, b)
            metrics.mutual_info_score(a, a)
            metrics.mutual_info_score(b, b)
            pair_confusion_matrix(a, b)
            return cm
        return f

    t_ours, scores = best_of(ours)
    t_sk_int, _ = best_of(sk(gold, pred), repeat=1)
    gs = np.array([f"G{x}" for x in range(g)])[gold]
    ps = np.array([f"K{x}" for x in range(k)])[pred]
    t_sk_str, _ = best_of(sk(gs, ps), repeat=1)
    print(f"[tokens] {n:,} tokens, {g} gold x {k} clusters: full token suite "
          f"{t_ours:.3f} s (target <= 0.3 s)")
    print(f"[tokens] scikit-learn equivalents: int labels {t_sk_int:.3f} s "
          f"(ratio {t_sk_int / t_ours:.1f}x), string labels {t_sk_str:.3f} s "
          f"(ratio {t_sk_str / t_ours:.1f}x)")
    print("[tokens] scores: " + ", ".join(f"{k}={v:.4f}" for k, v in scores.items()))


def bench_brown(restarts=10):
    from induceval.corpus import read_corpus
    from induceval.corpus.transforms import punctuation_mask
    from induceval.measures.categories import type_entries, type_level_scores
    from induceval.measures.categories._hillclimb import warm_up
    path = DATA / "brown" / "brown-tagged"
    if not path.exists():
        print(f"[brown] skipped: {path} absent")
        return
    t = time.perf_counter()
    c = read_corpus(path, format="brown")
    t_read = time.perf_counter() - t
    gold = c.column("cpos").values.astype(np.int64)
    forms = c.forms.astype(np.int64)
    mask = ~punctuation_mask(c, "unicode")
    # a synthetic induced tagging with 50 clusters: gold-derived, 30% noise (polysemous)
    r = np.random.default_rng(1)
    pred = np.where(r.random(len(gold)) < 0.7, gold % 50, r.integers(0, 50, len(gold)))
    warm_up()

    def run():
        e = type_entries(forms, gold, pred, mask=mask)
        return e, type_level_scores(e, restarts=restarts, seed=1)

    t_type, (e, s) = best_of(run, repeat=2)
    print(f"[brown] read {c.n_tokens:,} tokens in {t_read:.1f} s; {e.n_types:,} types, "
          f"{e.n_gold} gold cpos tags, {e.n_pred} clusters")
    print(f"[brown] six type-level measures, {restarts} M-1 restarts: {t_type:.2f} s "
          "(target <= 5 s; no reference implementation to compare)")
    print("[brown] scores: " + ", ".join(f"{k}={v:.4f}" for k, v in s.items()))


def bench_spsr():
    from induceval.corpus import read_corpus
    from induceval.measures.categories import majority_gold_by_type, substitutable_scores
    root = DATA / "childes" / "eng-uk"
    if not (root / "Manchester").exists():
        print(f"[spsr] skipped: {root / 'Manchester'} absent")
        return
    try:
        from induceval.corpus.transforms.childes import select_child_directed
    except ImportError:
        select_child_directed = None
    t = time.perf_counter()
    train = read_corpus(root / "Manchester", format="chat")
    others = sorted(p for p in root.iterdir() if p.is_dir() and p.name != "Manchester")
    test = read_corpus(others, format="chat")
    if select_child_directed is not None:
        train, test = select_child_directed(train), select_child_directed(test)
    t_read = time.perf_counter() - t
    maj = majority_gold_by_type(train.forms, train.column("cpos").values)
    vocab = train.vocab.items
    cl = {vocab[i]: int(g) for i, g in enumerate(maj) if g >= 0}
    t_sp, r = best_of(lambda: substitutable_scores(train, test, cl), repeat=1)
    print(f"[spsr] read train {train.n_tokens:,} / test {test.n_tokens:,} tokens in "
          f"{t_read:.1f} s")
    print(f"[spsr] SP/SR of the gold-majority cpos clustering: {t_sp:.2f} s (target <= 30 s); "
          f"SP={r.scores['sp']:.6f} SR={r.scores['sr']:.6f} frames={r.stats.n_frames:,}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-brown", action="store_true")
    ap.add_argument("--skip-spsr", action="store_true")
    args = ap.parse_args(argv)
    bench_tokens()
    if not args.skip_brown:
        bench_brown()
    if not args.skip_spsr:
        bench_spsr()
    return 0


if __name__ == "__main__":
    sys.exit(main())
