"""A straightforward pure-Python, per-token reference of the dependency measures.

Written independently of the vectorised code (plain loops over lists) to check
it in tests and to time it in ``benchmarks/bench_dependency_measures.py``.
Same definitions: punctuation (from the gold) removed with re-attachment to
the nearest non-punctuation ancestor (0 when none; -1 when the chain loops
through punctuation only), then directed / reversed / gold-grandparent
decisions per token (Schwartz et al. 2011).
"""

from __future__ import annotations

from collections import defaultdict


def reattach(heads: list[int], punct: list[bool]) -> list[int]:
    """Heads of the kept tokens after removing punctuation (1-based, renumbered)."""
    n = len(heads)
    new_index = {}
    k = 0
    for i in range(n):
        if not punct[i]:
            k += 1
            new_index[i + 1] = k
    out = []
    for i in range(n):
        if punct[i]:
            continue
        h = heads[i]
        seen = set()
        while h > 0 and punct[h - 1]:
            if h in seen:
                h = -1
                break
            seen.add(h)
            h = heads[h - 1]
        out.append(new_index[h] if h > 0 else h)
    return out


def edge_length_bucket(d: int) -> str:
    if d == 0:
        return "root"
    if d <= 2:
        return str(d)
    return "3-6" if d <= 6 else "7+"


def score_reference(sentences, max_length=None):
    """``sentences``: list of (gold_heads, pred_heads, punct_flags, deprels, pos).

    Returns (totals dict, breakdowns dict name -> {label: [n, d, u, e]}).
    """
    tot = defaultdict(int)
    bd = {b: defaultdict(lambda: [0, 0, 0, 0]) for b in ("deprel", "pos", "edge-length")}
    for gold, pred, punct, rels, pos in sentences:
        g = reattach(gold, punct)
        p = reattach(pred, punct)
        rels_k = [r for r, x in zip(rels, punct) if not x]
        pos_k = [t for t, x in zip(pos, punct) if not x]
        n = len(g)
        if max_length is not None and n > max_length:
            continue
        for i in range(n):
            gi, pi = g[i], p[i]
            if gi < 0:
                continue
            d = pi == gi
            u = d or (pi > 0 and g[pi - 1] == i + 1)
            e = u or (gi > 0 and g[gi - 1] >= 0 and pi == g[gi - 1])
            tot["tokens"] += 1
            tot["directed"] += d
            tot["undirected"] += u
            tot["ned"] += e
            if gi == 0:
                tot["root_total"] += 1
                tot["root_directed"] += d
            length = abs(i + 1 - gi) if gi > 0 else 0
            for name, key in (("deprel", rels_k[i]), ("pos", pos_k[i]),
                              ("edge-length", edge_length_bucket(length))):
                c = bd[name][key]
                c[0] += 1
                c[1] += d
                c[2] += u
                c[3] += e
    return dict(tot), {k: dict(v) for k, v in bd.items()}
