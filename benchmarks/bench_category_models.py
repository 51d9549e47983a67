"""Speed of the category-induction models on a 200k-token slice of the Brown corpus, K=45.

Run: ``python benchmarks/bench_category_models.py [--tokens 200000] [--k 45] [--sweeps 5]``.

The reference tools are not installed here, so their times are the published
reference figures (about 200k tokens of WSJ, 45 clusters, one thread, same kind of
machine): Liang's ``wcluster`` 2.5 s, ``mkcls`` 3.6 s, ClusterCat 1.45 s, the
Cython BHMM of Frank et al. 6.5 s per trigram Gibbs sweep, ``pgibbs`` about
5 s per bigram sweep.  Both wall-clock and process CPU seconds are printed,
because the machine may be shared (CPU time is the fairer figure then).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

#: row key -> [(reference tool, seconds)], the reference figures above
REFERENCE = {
    "brown": [("wcluster", 2.5)],
    "exchange": [("ClusterCat", 1.45), ("mkcls", 3.6)],
    "bhmm": [("Cython BHMM (Frank et al.)", 6.5)],
}


def _timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w0, time.process_time() - c0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokens", type=int, default=200_000)
    ap.add_argument("--k", type=int, default=45)
    ap.add_argument("--sweeps", type=int, default=5, help="BHMM sweeps to time")
    ap.add_argument("--quality", action="store_true",
                    help="also score Brown and exchange clusters (K=45) on the Brown slice and "
                         "on the WSJ sample")
    ap.add_argument("--manchester", action="store_true",
                    help="also time FF and HC on all child-directed Manchester (K=12, 53, 80)")
    args = ap.parse_args(argv)

    from _brown_slice import brown_slice

    from induceval.models.categories import induce_tags

    corpus = brown_slice(args.tokens)
    print(f"corpus: Brown (../shared/data/brown), {corpus.n_tokens} tokens, "
          f"{corpus.n_sentences} sentences, {corpus.n_types()} types; K={args.k}")
    try:
        print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    except OSError:
        pass
    # compile the numba kernels on a tiny slice first (cached on disk afterwards)
    tiny = corpus.select(range(50))
    for m, p in (("brown", {}), ("exchange", {}), ("bhmm", {"iterations": 2})):
        induce_tags(tiny, m, 5, **p)

    rows = []
    _, w, c = _timed(lambda: induce_tags(corpus, "brown", args.k))
    rows.append(("brown", w, c))
    r, w, c = _timed(lambda: induce_tags(corpus, "exchange", args.k))
    rows.append((f"exchange ({len(r.log['moves'])} passes)", w, c))
    r, w, c = _timed(lambda: induce_tags(corpus, "bhmm", args.k, iterations=args.sweeps,
                                         seed=1, anneal_fraction=1.0))
    rows.append(("bhmm trigram, per sweep (annealed)", w / args.sweeps, c / args.sweeps))
    r, w, c = _timed(lambda: induce_tags(corpus, "bhmm", args.k, iterations=args.sweeps,
                                         seed=1, temp_start=1.0, sample_hyper=False))
    rows.append(("bhmm trigram, per sweep (T=1)", w / args.sweeps, c / args.sweeps))
    r, w, c = _timed(lambda: induce_tags(corpus, "bhmm", args.k, iterations=args.sweeps,
                                         seed=1, anneal_fraction=1.0, order=2))
    rows.append(("bhmm bigram, per sweep (annealed)", w / args.sweeps, c / args.sweeps))
    _, w, c = _timed(lambda: induce_tags(corpus, "ff", args.k))
    rows.append(("ff", w, c))
    _, w, c = _timed(lambda: induce_tags(corpus, "hc", args.k))
    rows.append(("hc", w, c))

    print(f"{'model':40s} {'wall s':>8s} {'cpu s':>8s}  reference")
    for name, w, c in rows:
        refs = REFERENCE.get(name.split()[0], [])
        if name.startswith("bhmm bigram"):
            refs = [("pgibbs (about)", 5.0)]
        ref = "; ".join(f"{tool} {secs:g} s -> ratio {c / secs:.2f}" for tool, secs in refs)
        print(f"{name:40s} {w:8.2f} {c:8.2f} {ref}")
    if args.quality:
        quality(corpus, args.k)
    if args.manchester:
        manchester()
    return 0


def manchester() -> None:
    """FF and HC on the whole child-directed Manchester corpus (Frank et al. 2009's data)."""
    from _brown_slice import SHARED

    from induceval.corpus.readers import read_corpus
    from induceval.experiments.frank2009 import prepare_childes
    from induceval.models.categories import induce_tags

    c, w, cpu = _timed(lambda: prepare_childes(read_corpus(
        SHARED / "childes" / "eng-uk" / "Manchester", format="chat")))
    print(f"\nManchester CDS: {c.n_tokens} tokens, {c.n_sentences} utterances "
          f"(read + prepare {w:.1f} s wall, {cpu:.1f} s cpu)")
    for model in ("ff", "hc"):
        for k in (12, 53, 80):
            _, w, cpu = _timed(lambda m=model, kk=k: induce_tags(c, m, kk))
            print(f"{model} K={k}: {w:.2f} s wall, {cpu:.2f} s cpu")


def quality(brown_corpus, k: int) -> None:
    """M-1, 1-1, VM (percent) and VI (bits) of Brown and exchange clusters, all tokens."""
    from _brown_slice import SHARED

    from induceval.corpus.readers import read_corpus
    from induceval.experiments.pascal2012_pos import prepare_treebank
    from induceval.measures.categories import evaluate_tags
    from induceval.models.categories import induce_tags

    wsj = prepare_treebank(read_corpus(SHARED / "ptb" / "dependency-treebank-sample",
                                       format="malt"))
    print(f"\nquality at K={k} (all tokens scored)")
    print(f"{'corpus':26s} {'gold':10s} {'model':9s} {'M-1':>6s} {'1-1':>6s} {'VM':>6s} {'VI':>6s}")
    for cname, corpus, golds in (("Brown 200k slice", brown_corpus, ("xpos",)),
                                 ("WSJ sample (94k)", wsj, ("xpos", "upos"))):
        for model in ("brown", "exchange"):
            r = induce_tags(corpus, model, k)
            for g in golds:
                s = evaluate_tags(corpus, r.tags, gold_column=g, punct="keep").scores
                print(f"{cname:26s} {g:10s} {model:9s} {100 * s['m1']:6.2f} "
                      f"{100 * s['1to1']:6.2f} {100 * s['v']:6.2f} {s['vi']:6.2f}")


if __name__ == "__main__":
    sys.exit(main())
