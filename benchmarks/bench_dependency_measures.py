"""Benchmark: directed/undirected/NED + every breakdown on ~1M tokens, punctuation removal included.

Usage::

    python benchmarks/bench_dependency_measures.py [--tokens 1000000] [--repeat 3]

Builds a synthetic corpus (random trees, ~10% punctuation, UD labels, UPOS),
a random prediction with multiple roots and cycles, and times
``evaluate_dependencies`` with all breakdowns and tree diagnostics.  The
reference is a straightforward pure-Python per-token implementation
(``tests/measures/_deps_reference.py``, same definitions) timed on the same
input; its numbers are checked equal.  No CoNLL 2018 scorer is installed here
(no network): the reference figures are ~45 s for ``conll18_ud_eval.py`` and ~18 s for
``eval.pl`` on 1M tokens, which are printed for comparison only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from induceval.corpus.model import Column, Corpus, Vocabulary  # noqa: E402
from induceval.measures.dependencies import evaluate_dependencies  # noqa: E402

UPOS = ["NOUN", "VERB", "DET", "ADJ", "ADP", "PRON", "ADV", "PUNCT"]
RELS = ["nsubj", "obj", "det", "amod", "case", "advmod", "root", "punct", "conj", "cc"]


def synthetic(n_tokens: int, seed: int = 1) -> tuple[Corpus, np.ndarray]:
    rng = np.random.default_rng(seed)
    lengths = rng.integers(1, 40, size=n_tokens // 20 + 10)
    lengths = lengths[np.cumsum(lengths) <= n_tokens]
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    n = int(offsets[-1])
    sid = np.repeat(np.arange(len(lengths)), lengths)
    pos0 = np.arange(n) - offsets[:-1][sid]
    # random recursive tree on a random permutation of positions
    order = np.lexsort((rng.random(n), sid))          # position -> node rank
    rank = np.empty(n, dtype=np.int64)
    rank[order] = pos0                                # token at global order[k] has rank pos0[k]
    parent_rank = np.where(rank > 0, (rng.random(n) * rank).astype(np.int64), -1)
    # the token of rank r in sentence s is order[offsets[s] + r]
    start = offsets[:-1][sid]
    parent = order[np.maximum(parent_rank, 0) + start]
    head = np.where(parent_rank >= 0, parent - start + 1, 0)
    upos = rng.integers(0, len(UPOS), n)
    rel = rng.integers(0, len(RELS), n)
    rel[head == 0] = RELS.index("root")
    forms = Vocabulary([f"w{i}" for i in range(1000)])
    tokens = {
        "form": Column(rng.integers(0, 1000, n).astype(np.int32), forms),
        "upos": Column(upos.astype(np.int32), Vocabulary(UPOS)),
        "head": Column(head.astype(np.int32)),
        "deprel": Column(rel.astype(np.int32), Vocabulary(RELS)),
    }
    gold = Corpus(offsets=offsets, tokens=tokens, name="synthetic")
    # prediction: gold head 40%, else a random position or root (cycles, multiple roots)
    rand = (rng.random(n) * (lengths[sid] + 1)).astype(np.int64)
    pred = np.where(rng.random(n) < 0.4, head, rand).astype(np.int32)
    pred = np.where(pred == pos0 + 1, 0, pred)         # no self-loops
    return gold, pred


def reference_input(gold: Corpus, pred: np.ndarray):
    head = gold.tokens["head"].values.tolist()
    upos = gold.label_strings("upos").tolist()
    rel = gold.label_strings("deprel").tolist()
    p = pred.tolist()
    off = gold.offsets.tolist()
    out = []
    for a, b in zip(off[:-1], off[1:]):
        out.append((head[a:b], p[a:b], [t == "PUNCT" for t in upos[a:b]], rel[a:b], upos[a:b]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-reference", action="store_true")
    args = ap.parse_args()
    gold, pred = synthetic(args.tokens)
    print(f"corpus: {gold.n_tokens} tokens, {gold.n_sentences} sentences "
          "(2 cores shared with other jobs: timings are noisy)")
    evaluate_dependencies(gold.select(np.arange(10)), pred[: gold.offsets[10]])  # warm numba
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        r = evaluate_dependencies(gold, pred)
        times.append(time.perf_counter() - t0)
    best = min(times)
    print(f"induceval evaluate_dependencies (punct removal, 7 breakdowns, diagnostics): "
          f"best {best:.3f} s of {args.repeat} (all: {', '.join(f'{t:.3f}' for t in times)})")
    t0 = time.perf_counter()
    evaluate_dependencies(gold, pred, breakdowns=(), diagnostics=False)
    print(f"  scores only (no breakdowns, no diagnostics): {time.perf_counter() - t0:.3f} s")
    from induceval.models.dependencies.chains import left_branching
    t0 = time.perf_counter()
    evaluate_dependencies(gold, left_branching(gold.offsets))
    print(f"  LB chain prediction (no punctuation-only cycles to re-attach through): "
          f"{time.perf_counter() - t0:.3f} s")
    print(f"  directed={r.scores['directed']:.4f} undirected={r.scores['undirected']:.4f} "
          f"ned={r.scores['ned']:.4f} root={r.scores['root']:.4f}; trees: {r.structure}")
    if not args.no_reference:
        from tests.measures._deps_reference import score_reference
        t0 = time.perf_counter()
        sents = reference_input(gold, pred)
        t_conv = time.perf_counter() - t0
        t0 = time.perf_counter()
        tot, bd = score_reference(sents)
        t_ref = time.perf_counter() - t0
        print(f"pure-Python per-token reference (punct removal, 3 breakdowns): {t_ref:.3f} s "
              f"(+{t_conv:.2f} s to build its lists)")
        ok = (tot["tokens"] == r.scores["tokens"]
              and abs(tot["directed"] / tot["tokens"] - r.scores["directed"]) < 1e-12
              and abs(tot["ned"] / tot["tokens"] - r.scores["ned"]) < 1e-12)
        print(f"  same numbers: {ok}; ratio reference / induceval = {t_ref / best:.1f}x")
    print("reference figures (not measured here): conll18_ud_eval.py ~45 s, eval.pl ~18 s "
          f"per 1M tokens -> {45 / best:.0f}x and {18 / best:.0f}x")


if __name__ == "__main__":
    main()
