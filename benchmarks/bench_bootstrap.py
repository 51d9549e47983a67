"""Speed of bootstrap intervals and paired tests, against a straightforward loop.

Run by hand::

    PYTHONPATH=src python benchmarks/bench_bootstrap.py [--sizes 100000,1000000]
        [--resamples 1000] [--naive-resamples 10] [--type-resamples 20]

Two workloads at each size (synthetic, sentences of 20 tokens, fixed seed):

1. categories: ``--resamples`` bootstrap resamples of the full token suite
   (M-1, optimal and greedy 1-1 re-mapped in every resample, VI, NVI, V,
   H(C|K), H(K|C), pairwise P/R/F), 45 gold tags by 50 clusters, through
   :func:`induceval.measures.resampling.resample` (one sparse product of the
   sentences-by-cells matrix and the weight matrix, batch scoring);
2. dependencies: ``--resamples`` paired bootstrap resamples of directed,
   undirected and NED accuracy for two systems
   (:func:`induceval.measures.resampling.compare`);
3. type level: ``--type-resamples`` bootstrap resamples of MacroI, MicroI
   and MicroC under 1-1 and M-1 (10 restarts), from per-sentence pair counts
   (:func:`induceval.measures.resampling.type_level_items`), 5,000 word
   types (Zipfian, each with a favourite tag, 20% of tokens another), 45 tags
   by 50 clusters.  The naive loop builds the type entries of the drawn
   tokens and scores them (``type_entries`` + ``type_level_scores``); ours also
   scores the full sample once (n + 1 scorings against n).

The straightforward implementation recomputes every resample from the
tokens: draw sentences, gather their tokens, build the contingency table
(``contingency``) and call ``token_scores``, or recompute the edge matches
(``edge_matches``) of both systems.  It runs ``--naive-resamples`` resamples
and its time is scaled linearly to ``--resamples`` (stated in the output).
Peak memory: ``tracemalloc`` peak of the timed call (numpy allocations are
traced) and the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

import numpy as np

LENGTH = 20
#: CPU seconds of each timed call (the machine may be shared: wall time can exceed CPU time)
CPU: list[float] = []


def _tags(n_tokens: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    g = rng.integers(0, 45, n_tokens)
    # a clustering that is right-ish: each gold tag has a favourite cluster
    fav = rng.integers(0, 50, 45)
    p = np.where(rng.random(n_tokens) < 0.6, fav[g], rng.integers(0, 50, n_tokens))
    return g, p, np.arange(n_tokens) // LENGTH


def _typed(n_tokens: int, seed: int = 5):
    """Forms (Zipfian over 5,000 types), gold tags (a favourite per type) and clusters."""
    rng = np.random.default_rng(seed)
    f = np.minimum(rng.zipf(1.3, n_tokens), 5000) - 1
    fav_tag = rng.integers(0, 45, 5000)
    fav_cluster = rng.integers(0, 50, 45)
    g = np.where(rng.random(n_tokens) < 0.8, fav_tag[f], rng.integers(0, 45, n_tokens))
    p = np.where(rng.random(n_tokens) < 0.6, fav_cluster[g], rng.integers(0, 50, n_tokens))
    return f, g, p, np.arange(n_tokens) // LENGTH


def naive_types(f, g, p, n: int, seed: int = 1) -> None:
    from induceval.measures.categories.type_level import type_entries, type_level_scores

    rng = np.random.default_rng(seed)
    m = len(g) // LENGTH
    for _ in range(n):
        sents = rng.integers(0, m, m)
        tok = (sents[:, None] * LENGTH + np.arange(LENGTH)).ravel()
        type_level_scores(type_entries(f[tok], g[tok], p[tok]))


def _heads(n_tokens: int, seed: int):
    rng = np.random.default_rng(seed)
    n_sent = n_tokens // LENGTH
    pos = np.tile(np.arange(1, LENGTH + 1), n_sent)
    heads = rng.integers(0, LENGTH + 1, n_tokens)
    heads = np.where(heads == pos, 0, heads)
    return heads, np.arange(0, n_sent * LENGTH + 1, LENGTH)


def _timed(fn):
    tracemalloc.start()
    t0 = time.perf_counter()
    c0 = time.process_time()
    out = fn()
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    CPU.append(cpu)
    return out, dt, peak / 2 ** 20


def naive_tags(g, p, n: int, seed: int = 1) -> None:
    from induceval.measures.categories.contingency import contingency
    from induceval.measures.categories.evaluate import token_scores

    rng = np.random.default_rng(seed)
    m = len(g) // LENGTH
    for _ in range(n):
        sents = rng.integers(0, m, m)
        tok = (sents[:, None] * LENGTH + np.arange(LENGTH)).ravel()
        token_scores(contingency(g[tok], p[tok], n_gold=45, n_pred=50))


def naive_deps(gold, preds, offsets, n: int, seed: int = 1) -> None:
    from induceval.measures.dependencies.stats import edge_matches

    rng = np.random.default_rng(seed)
    m = len(offsets) - 1
    for _ in range(n):
        sents = rng.integers(0, m, m)
        tok = (sents[:, None] * LENGTH + np.arange(LENGTH)).ravel()
        for p in preds:
            mt = edge_matches(gold[tok], p[tok], offsets)
            n_tok = mt.scored.sum()
            _ = (mt.directed.sum() / n_tok, mt.undirected.sum() / n_tok, mt.ned.sum() / n_tok)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--naive-resamples", type=int, default=10)
    ap.add_argument("--type-resamples", type=int, default=20,
                    help="resamples of the type-level workload (naive: the same number)")
    args = ap.parse_args()

    from induceval.measures.categories.contingency import contingency
    from induceval.measures.categories.items import category_items
    from induceval.measures.resampling import resample

    n = args.resamples
    # warm up numba (greedy 1-1 kernel) outside the timings
    g0, p0, i0 = _tags(2000)
    resample(category_items(contingency(g0, p0, items=i0)), n=2)
    from induceval.measures.categories.type_level import type_entries, type_level_scores

    type_level_scores(type_entries(*_typed(2000)[:3]))      # and the hill-climbing kernel

    print(f"bootstrap benchmark: {n} resamples; naive runs {args.naive_resamples} and is "
          "scaled linearly")
    print(f"{'workload':<34} {'tokens':>9} {'items':>7} {'ours s':>8} {'cpu s':>7} "
          f"{'peak MiB':>9} {'naive s (scaled)':>17} {'naive cpu':>10} {'ratio':>7}")
    print("(ratio = naive CPU time / our CPU time; wall times are shown too, but on a shared "
          "machine they include waiting)")
    for size in [int(s) for s in args.sizes.split(",")]:
        run_size(size, n, args.naive_resamples)
    for size in [int(s) for s in args.sizes.split(",")]:
        run_types(size, args.type_resamples)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"max resident set size of the process: {rss:.0f} MiB")


def run_size(size: int, n: int, naive_n: int) -> None:
    from induceval.measures.categories.contingency import contingency
    from induceval.measures.categories.items import category_items
    from induceval.measures.dependencies import dependency_items
    from induceval.measures.dependencies.stats import edge_matches, sentence_stats
    from induceval.measures.resampling import compare, resample

    g, p, it = _tags(size)
    table, t_build, _ = _timed(lambda: contingency(g, p, items=it, n_gold=45, n_pred=50))
    st = category_items(table)
    res, t_ours, peak = _timed(lambda: resample(st, n=n, seed=1))
    cpu = CPU[-1]
    assert len(res.samples["1to1"]) == n
    _, t_naive, _ = _timed(lambda: naive_tags(g, p, naive_n))
    scaled = t_naive * n / naive_n
    ncpu = CPU[-1] * n / naive_n
    print(f"{'tags: full token suite, 45x50':<34} {size:>9} {len(st):>7} {t_ours:>8.2f} "
          f"{cpu:>7.2f} {peak:>9.1f} {scaled:>17.1f} {ncpu:>10.1f} {ncpu / cpu:>7.1f}")
    print(f"{'  (per-sentence tables, once)':<34} {'':>9} {'':>7} {t_build:>8.2f}")

    gold, offsets = _heads(size, 2)
    preds = [_heads(size, s)[0] for s in (3, 4)]
    items = [dependency_items(sentence_stats(edge_matches(gold, q, offsets), offsets))
             for q in preds]
    res, t_ours, peak = _timed(lambda: compare(items[0], [items[1]], test="bootstrap", n=n))
    cpu = CPU[-1]
    _, t_naive, _ = _timed(lambda: naive_deps(gold, preds, offsets, naive_n))
    scaled = t_naive * n / naive_n
    ncpu = CPU[-1] * n / naive_n
    print(f"{'deps: paired bootstrap, 2 systems':<34} {size:>9} {len(items[0]):>7} "
          f"{t_ours:>8.2f} {cpu:>7.2f} {peak:>9.1f} {scaled:>17.1f} {ncpu:>10.1f} "
          f"{ncpu / cpu:>7.1f}")
    res, t_ar, peak = _timed(lambda: compare(items[0], [items[1]], test="ar", n=n))
    print(f"{'deps: paired AR, 2 systems':<34} {size:>9} {len(items[0]):>7} "
          f"{t_ar:>8.2f} {CPU[-1]:>7.2f} {peak:>9.1f}")


def run_types(size: int, n: int) -> None:
    from induceval.measures.categories.items import type_level_items
    from induceval.measures.categories.type_level import type_entries
    from induceval.measures.resampling import resample

    f, g, p, it = _typed(size)
    e, t_build, _ = _timed(lambda: type_entries(f, g, p, items=it))
    st = type_level_items(e)
    res, t_ours, peak = _timed(lambda: resample(st, n=n, seed=1))
    cpu = CPU[-1]
    assert len(res.samples["micro_c_m1"]) == n
    _, t_naive, _ = _timed(lambda: naive_types(f, g, p, n))
    ncpu = CPU[-1]
    label = f"types: 6 measures, {n} resamples"
    print(f"{label:<34} {size:>9} {len(st):>7} {t_ours:>8.2f} {cpu:>7.2f} {peak:>9.1f} "
          f"{t_naive:>17.1f} {ncpu:>10.1f} {ncpu / cpu:>7.1f}")
    print(f"{'  (pair counts, once; types)':<34} {'':>9} {e.n_types:>7} {t_build:>8.2f}")


if __name__ == "__main__":
    main()
