"""Category measures and the random baseline on Manchester child-directed speech (Frank et
al. 2009).

Run by hand: ``python benchmarks/manchester_random_baseline.py [--seed S]``.

- gold collapsed tags scored against themselves: every measure perfect;
- the random baseline of Frank et al. (2009) at K = 12 (type sizes of the
  collapsed tags) and K = 53-ish (type sizes of the stripped %mor tags),
  scored against the collapsed gold (PP, PR, MA = M-1) and, with Manchester
  as training and the other eng-uk corpora as test, SP/SR — to compare with
  the pattern of Frank et al. 2009, Table 3 (Random 12: PP .205, PR .324, MA .796;
  Random 53: PP .096, PR .254, MA .720).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from induceval.data import corpus_dir

DATA = corpus_dir("childes-eng-uk")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-spsr", action="store_true")
    args = ap.parse_args(argv)
    from induceval.corpus import read_corpus
    from induceval.corpus.tagsets.childes import add_childes_tagsets
    from induceval.corpus.transforms.childes import select_child_directed
    from induceval.measures.categories import evaluate_tags, substitutable_scores
    from induceval.models.categories.random_baseline import random_type_clusters
    from induceval.random import DEFAULT_SEED, rng
    seed = DEFAULT_SEED if args.seed is None else args.seed
    t = time.perf_counter()
    man = add_childes_tagsets(select_child_directed(read_corpus(DATA / "Manchester",
                                                                format="chat")))
    print(f"Manchester CDS: {man.n_sentences:,} utterances, {man.n_tokens:,} tokens, "
          f"{man.n_types():,} types (read {time.perf_counter() - t:.1f} s)")
    coll = man.column("collapsed")
    print(f"collapsed tags used: {man.n_types('collapsed')}, stripped: {man.n_types('stripped')}")
    r = evaluate_tags(man, man, gold_column="collapsed", punct="tags@collapsed:PUNCT")
    bad = {k: v for k, v in r.scores.items() if v not in (0.0, 1.0)}
    print(f"gold collapsed vs itself: m1={r.scores['m1']} 1to1={r.scores['1to1']} "
          f"vi={r.scores['vi']} v={r.scores['v']} pp={r.scores['pp']} pr={r.scores['pr']} "
          f"(non-perfect: {bad or 'none'}); {r.signature}")
    punct = np.asarray(coll.vocab.id("PUNCT"))
    scored = man.column("collapsed").values != punct
    forms = man.forms.astype(np.int64)
    rows = []
    test = None
    if not args.no_spsr:
        others = sorted(p for p in DATA.iterdir() if p.is_dir() and p.name != "Manchester")
        t = time.perf_counter()
        test = select_child_directed(read_corpus(others, format="chat"))
        print(f"test (other eng-uk CDS): {test.n_tokens:,} tokens "
              f"(read {time.perf_counter() - t:.1f} s)")
    for source in ("collapsed", "stripped"):
        g_src = man.column(source).values.astype(np.int64)
        g_src = np.where(scored, g_src, -1)  # punctuation types own no random cluster
        clusters = random_type_clusters(forms, g_src,
                                        generator=rng(seed, "categories.random_baseline"))
        k = int(clusters.max()) + 1
        tags = np.where(clusters[forms] >= 0, clusters[forms], k)
        res = evaluate_tags(man, tags, gold_column="collapsed", punct="tags@collapsed:PUNCT")
        row = {"K": k, "from": source, "PP": res.scores["pp"],
               "PR": res.scores["pr"], "MA": res.scores["m1"]}
        if test is not None:
            vocab = man.vocab.items
            cl = {vocab[i]: int(c) for i, c in enumerate(clusters) if c >= 0}
            t = time.perf_counter()
            sp = substitutable_scores(man, test, cl)
            row.update(SP=sp.scores["sp"], SR=sp.scores["sr"],
                       spsr_seconds=round(time.perf_counter() - t, 2))
            tk = substitutable_scores(man, test, cl, cluster_size="tokens")
            row.update(SP_token_sizes=tk.scores["sp"])
        rows.append(row)
        print("random baseline " + ", ".join(
            f"{k}={v:.6f}" if isinstance(v, float) else f"{k}={v}" for k, v in row.items()))
    print("Frank et al. 2009, Table 3 (merge): Random 12: PP 0.205 PR 0.324 MA 0.796 SP 0.000065 "
          "SR 0.254; Random 53: PP 0.096 PR 0.254 MA 0.720 SP 0.000092 SR 0.174")
    return 0


if __name__ == "__main__":
    sys.exit(main())
