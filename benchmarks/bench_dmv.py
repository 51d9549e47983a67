"""Speed of DMV training: one EM iteration (inside-outside) over WSJ10-sized data.

Run by hand:  ``python benchmarks/bench_dmv.py [--sentences 5400] [--iterations 20]``

Input: the first 5.4k sentences of length <= 10 (after punctuation removal,
UPOS) from the UD treebanks in ../shared/data/ud (English-EWT first), about
the size of WSJ10 (a reference Python inside-outside DMV takes 12-17 s per EM
iteration on 5.4k sentences / 28k tokens).  Target: <= 0.5 s per iteration.

Reported: seconds per EM iteration and per Viterbi-EM iteration (numba,
compiled once and cached), iterations per second, and the ratio to the same
inside-outside code run as plain Python (``NUMBA_DISABLE_JIT=1`` in a
subprocess, on a subset, extrapolated per sentence) measured in the same run.
The machine is shared (2 cores, several jobs): figures are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

from induceval.data import shared_data_dir

DATA = shared_data_dir()


def build_input(n_sentences: int):
    from induceval.corpus.readers import read_corpus
    from induceval.corpus.transforms import filter_max_length, remove_punctuation
    from induceval.models.dependencies import tag_codes

    tbs = sorted((DATA / "ud").glob("UD_*"), key=lambda p: (p.name != "UD_English-EWT", p.name))
    tags_all, lengths, names = [], [], {}
    for tb in tbs:
        for f in sorted(tb.glob("*.conllu")):
            c = filter_max_length(remove_punctuation(read_corpus(f, format="conllu"), "upos"), 10)
            c = c.select(np.flatnonzero(c.lengths > 0))
            codes, tn, _ = tag_codes(c, "upos")
            # map to a shared tag inventory
            remap = np.array([names.setdefault(t, len(names)) for t in tn], dtype=np.int64)
            tags_all.append(remap[codes])
            lengths.extend(c.lengths.tolist())
            if len(lengths) >= n_sentences:
                break
        if len(lengths) >= n_sentences:
            break
    lengths = np.array(lengths[:n_sentences])
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    tags = np.concatenate(tags_all)[: offsets[-1]]
    return tags, offsets, len(names)


def _pure_python(n_sub: int, path: str) -> float:
    """Seconds per sentence of one E-step with numba disabled (subprocess)."""
    code = f"""
import time, numpy as np
d = np.load({path!r})
from induceval.models.dependencies.dmv import harmonic_params
from induceval.models.dependencies.inside_outside import expected_counts
tags, off, T = d["tags"], d["offsets"][:{n_sub} + 1], int(d["T"])
tags = tags[:off[-1]]
p = harmonic_params(tags, off, T)
t0 = time.perf_counter()
expected_counts(tags, off, p.root, p.choose, p.stop)
print((time.perf_counter() - t0) / {n_sub})
"""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="DMV EM speed")
    ap.add_argument("--sentences", type=int, default=5400)
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--python-subset", type=int, default=150,
                    help="sentences timed in plain Python (extrapolated)")
    args = ap.parse_args(argv)
    from induceval.models.dependencies.dmv import harmonic_params, train_dmv

    tags, offsets, T = build_input(args.sentences)
    n_sent, n_tok = len(offsets) - 1, int(offsets[-1])
    print(f"input: {n_sent} sentences, {n_tok} tokens, {T} tags (UPOS), length <= 10")
    t0 = time.perf_counter()
    train_dmv(tags[:offsets[3]], offsets[:4], T, iterations=1)  # compile / load cache
    print(f"first call (numba compile or cache load): {time.perf_counter() - t0:.2f} s")
    for label, opts in (("EM", {}), ("Viterbi EM", {"viterbi_em": True})):
        _, log = train_dmv(tags, offsets, T, iterations=args.iterations, tolerance=0.0, **opts)
        secs = np.array(log.seconds)
        print(f"{label}: {len(secs)} iterations, median {np.median(secs):.4f} s/iteration "
              f"(min {secs.min():.4f}, max {secs.max():.4f}), "
              f"{1 / np.median(secs):.1f} iterations/s; target <= 0.5 s: "
              f"{'met' if np.median(secs) <= 0.5 else 'NOT met'}")
        if label == "EM":
            em_median = float(np.median(secs))
    p = harmonic_params(tags, offsets, T)
    t0 = time.perf_counter()
    p.parse(tags, offsets)
    print(f"Viterbi decoding of all {n_sent} sentences: {time.perf_counter() - t0:.4f} s")

    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.npz")
        np.savez(path, tags=tags, offsets=offsets, T=T)
        per_sent = _pure_python(min(args.python_subset, n_sent), path)
    py_iter = per_sent * n_sent
    print(f"plain Python (same code, NUMBA_DISABLE_JIT=1), {args.python_subset} sentences "
          f"timed: {py_iter:.1f} s/iteration extrapolated to {n_sent} sentences")
    print(f"speed-up of numba over plain Python: {py_iter / em_median:.0f}x; over the "
          f"reference Python DMV (12-17 s/iteration): {12 / em_median:.0f}-"
          f"{17 / em_median:.0f}x")
    print(json.dumps({"sentences": n_sent, "tokens": n_tok, "em_s_per_iter": em_median,
                      "python_s_per_iter": py_iter}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
