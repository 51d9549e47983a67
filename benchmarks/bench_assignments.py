"""The 1-1 overlaps of resampled tables against scipy and a plain greedy.

Run by hand (synthetic tables, no data needed)::

    PYTHONPATH=src python benchmarks/bench_assignments.py [--resamples 1000]
        [--reference-resamples 100] [--shapes 12x17x170,45x45x700,131x131x2500,881x200x9900]

Each shape ``GxKxC`` is a table of ``G`` gold tags by ``K`` clusters with
``C`` cells holding counts (Zipfian, 50,000 tokens in all), the sizes of
``pascal2012-pos``'s tables (12 universal tags by 17 clusters; the Slovene
fine tags, 881, by 200 clusters).  ``--resamples`` tables are drawn from it
(Poisson counts around each cell's, as a bootstrap resample of sentences
varies them) and their optimal and greedy 1-1 overlaps computed:

- induceval: :func:`~induceval.measures.categories._assign.optimal_overlaps`
  and :func:`~induceval.measures.categories._assign.greedy_overlaps`, one
  compiled call for all the tables;
- the references, table by table: scipy's ``linear_sum_assignment`` on the
  dense table (what the reference scripts and scikit-learn-based evaluations
  call), and a plain greedy (numpy's stable sort of the cells, then the cells
  taken in that order while their row and column are free, stopping when no
  pair is left).  They run ``--reference-resamples`` tables, scaled to
  ``--resamples`` (stated in the output).

Every overlap of the references equals induceval's (checked).  Prints
milliseconds per 1000 tables and the ratios reference / induceval, and the peak
resident memory of the process.
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np


def _tables(g: int, k: int, c: int, n: int, seed: int = 0):
    """``n`` resamples of a ``g x k`` table with ``c`` cells: cells, ``(n, c)`` counts."""
    rng = np.random.default_rng(seed)
    flat = np.sort(rng.choice(g * k, size=min(c, g * k), replace=False))
    weights = 1.0 / np.arange(1, len(flat) + 1) ** 1.1
    base = rng.permutation(weights / weights.sum() * 50_000)
    values = rng.poisson(base, size=(n, len(flat))).astype(np.float64)
    gold, pred = np.divmod(flat, k)
    return gold.astype(np.int64), pred.astype(np.int64), values


def _plain_greedy(table: np.ndarray) -> float:
    flat = table.ravel()
    used_r: set = set()
    used_c: set = set()
    left = min(np.count_nonzero(table.any(axis=1)), np.count_nonzero(table.any(axis=0)))
    total = 0.0
    for f in np.argsort(-flat, kind="stable"):
        if not left or flat[f] <= 0:
            break
        i, j = divmod(int(f), table.shape[1])
        if i not in used_r and j not in used_c:
            used_r.add(i)
            used_c.add(j)
            total += flat[f]
            left -= 1
    return total


def _timed(fn, *args):
    t = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--reference-resamples", type=int, default=100)
    ap.add_argument("--shapes", default="12x17x170,45x45x700,131x131x2500,881x200x9900")
    a = ap.parse_args()
    from scipy.optimize import linear_sum_assignment

    from induceval.measures.categories._assign import greedy_overlaps, optimal_overlaps

    n, n_ref = a.resamples, min(a.reference_resamples, a.resamples)
    print(f"{n} resampled tables per shape; the references run {n_ref} and are scaled "
          f"x{n / n_ref:g}; milliseconds per 1000 tables")
    print("| shape G x K, cells | induceval optimal | scipy | ratio | induceval greedy "
          "| plain greedy | ratio |")
    print("|---|---|---|---|---|---|---|")
    for shape in a.shapes.split(","):
        g, k, c = (int(x) for x in shape.split("x"))
        gold, pred, v = _tables(g, k, c, n)
        optimal_overlaps(v[:2], gold, pred, g, k)     # compiled kernels loaded first
        greedy_overlaps(v[:2], gold, pred, g, k)
        opt, t_opt = _timed(optimal_overlaps, v, gold, pred, g, k)
        gre, t_gre = _timed(greedy_overlaps, v, gold, pred, g, k)
        dense = np.zeros((n_ref, g, k))
        dense[:, gold, pred] = v[:n_ref]
        t = time.perf_counter()
        ref_opt = [x[r, cc].sum() for x in dense for r, cc in [linear_sum_assignment(x, True)]]
        t_ref_opt = (time.perf_counter() - t) * n / n_ref
        t = time.perf_counter()
        ref_gre = [_plain_greedy(x) for x in dense]
        t_ref_gre = (time.perf_counter() - t) * n / n_ref
        assert ref_opt == opt[:n_ref].tolist() and ref_gre == gre[:n_ref].tolist(), shape
        ms = 1e6 / n    # milliseconds per 1000 tables
        print(f"| {g} x {k}, {len(gold)} | {t_opt * ms:.1f} | {t_ref_opt * ms:.1f} | "
              f"{t_ref_opt / t_opt:.1f}x | {t_gre * ms:.1f} | {t_ref_gre * ms:.1f} | "
              f"{t_ref_gre / t_gre:.1f}x |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
