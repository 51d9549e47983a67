"""Benchmark: punctuation removal with re-attachment on ~1M tokens.

Run: ``python benchmarks/bench_transforms.py [n_sentences]``.  Prints the time
of ``remove_punctuation`` (numpy, vectorised) and of a plain-Python loop over
the same trees (the naive reference), and their ratio.  No installed tool
does this re-attachment, so the Python loop is the reference.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.corpus.transforms import filter_max_length, remove_punctuation


def random_corpus(n_sentences: int, seed: int = 1) -> Corpus:
    gen = np.random.default_rng(seed)
    lengths = gen.integers(1, 30, n_sentences)
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    n = int(offsets[-1])
    pos = np.arange(n) - np.repeat(offsets[:-1], lengths)
    # head: a random earlier token (or root for the first) -> always a tree
    heads = np.where(pos == 0, 0, (gen.random(n) * pos).astype(np.int64) + 1).astype(np.int32)
    upos = Vocabulary(["NOUN", "PUNCT"])
    tags = (gen.random(n) < 0.15).astype(np.int32)
    forms = Vocabulary([f"w{i}" for i in range(1000)])
    return Corpus(offsets, {"form": Column(gen.integers(0, 1000, n).astype(np.int32), forms),
                            "upos": Column(tags, upos), "head": Column(heads),
                            "head@b": Column(heads.copy())})


def naive(c: Corpus, removed: np.ndarray) -> int:
    heads = c.tokens["head"].values.tolist()
    off = c.offsets.tolist()
    rem = removed.tolist()
    out = 0
    for s in range(len(off) - 1):
        a, b = off[s], off[s + 1]
        for i in range(a, b):
            if rem[i]:
                continue
            h = heads[i]
            while h > 0 and rem[a + h - 1]:
                h = heads[a + h - 1]
            out += h
    return out


def main() -> None:
    n_sent = int(sys.argv[1]) if len(sys.argv) > 1 else 66_000
    c = random_corpus(n_sent)
    print(f"corpus: {c.n_sentences} sentences, {c.n_tokens} tokens, 2 head columns")
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        out = remove_punctuation(c)
        best = min(best, time.perf_counter() - t0)
    print(f"remove_punctuation: {best:.3f} s (best of 3), "
          f"{out.report.counts['removed punctuation tokens']} removed")
    t0 = time.perf_counter()
    filter_max_length(out, 10)
    print(f"filter_max_length:  {time.perf_counter() - t0:.3f} s")
    mask = c.tokens["upos"].values == 1
    t0 = time.perf_counter()
    naive(c, mask)
    t_naive = time.perf_counter() - t0
    print(f"plain-Python loop (one head column): {t_naive:.3f} s; "
          f"ratio naive/numpy (numpy does 2 columns): {t_naive / best:.1f}x")


if __name__ == "__main__":
    main()
