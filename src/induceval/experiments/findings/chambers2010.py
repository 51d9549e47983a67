"""The findings of Chambers & Jurafsky (2010), checked on a ``reproduce chambers2010`` run.

The tables read, per corpus ``NAME``: ``NAME_figure4`` (accuracy +50% per
model and confounder method, Train x2) and ``NAME_figure5`` (per model,
method and training size).  Their cells are the paper's percent with a
significance mark (``84.2*``); a cell without a number (``-``) is skipped.

References
----------
Chambers, N. and Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §7 (Figures 4 and 5).
"""

from __future__ import annotations

import re

from induceval.experiments._uncertainty import BEST, TIES
from induceval.experiments.findings.base import (
    NOT_COMPARABLE,
    Finding,
    Run,
    Verdict,
    share_verdict,
)

__all__ = ["PAPER_DATA", "our_data", "FINDINGS", "cell_value"]

DATA = ("our corpora are the CHILDES and UD dependency corpora of the shared data (at most a "
        "few million tokens), the paper's the 225M tokens of Gigaword's NYT section")
_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)")


def cell_value(cell: object) -> float | None:
    """The number of a figure cell (``"84.2*"`` -> 84.2; ``"-"`` -> None).

    Example
    -------
    >>> cell_value("84.2*"), cell_value("-"), cell_value(71.5)
    (84.2, None, 71.5)
    """
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return float(cell)
    m = _NUMBER.match(str(cell))
    return float(m.group(1)) if m else None


def _figures(run: Run, which: str) -> dict[str, list[dict]]:
    out = {k[: -len(which) - 1]: run.rows(k) for k in sorted(run.tables)
           if k.endswith(f"_{which}")}
    if not out:
        raise KeyError(f"no *_{which} table")
    return out


def _by_corpus(per: dict[str, list[bool]]) -> str:
    """``by corpus: a 6/6, b 1/6``: how the cases of each corpus went."""
    return "by corpus: " + ", ".join(f"{c} {sum(x)}/{len(x)}" for c, x in per.items() if x)


def _progression(run: Run) -> Verdict:
    per: dict[str, list[bool]] = {}
    for corpus, rows in _figures(run, "figure4").items():
        for r in rows:
            vals = [cell_value(r.get(m)) for m in ("random", "buckets", "neighbor")]
            if None in vals or r.get("model") in (BEST, TIES):
                continue
            per.setdefault(corpus, []).append(vals[0] > vals[1] > vals[2])
    flat = [x for xs in per.values() for x in xs]
    v = share_verdict(sum(flat), len(flat), "models with random > buckets > neighbor")
    v.evidence += "; " + _by_corpus(per) if per else ""
    return v


def _backoff_erk_best(run: Run) -> Verdict:
    per: dict[str, list[bool]] = {}
    said = []
    for corpus, rows in _figures(run, "figure4").items():
        models = [r for r in rows if r.get("model") not in (BEST, TIES)]
        for method in ("random", "buckets", "neighbor"):
            scored = [(cell_value(r.get(method)), r["model"]) for r in models
                      if cell_value(r.get(method)) is not None]
            if len(scored) < 2:
                continue
            value, best = max(scored)
            per.setdefault(corpus, []).append(best == "backoff-erk")
            if best != "backoff-erk":
                said.append(f"{corpus} {method}: {best} {value:g}")
    flat = [x for xs in per.values() for x in xs]
    if not flat:
        return Verdict(NOT_COMPARABLE, "no figure 4 column with two models")
    v = share_verdict(sum(flat), len(flat), "confounder methods where Backoff Erk is the best "
                      "model")
    v.evidence += "; " + _by_corpus(per) + ("; best instead: " + ", ".join(said[:6])
                                           if said else "")
    return v


def _baseline_grows(run: Run) -> Verdict:
    hits = cases = 0
    said = []
    for corpus, rows in _figures(run, "figure5").items():
        base = next((r for r in rows if r.get("model") == "baseline"), None)
        if base is None:
            continue
        for method in ("buckets", "neighbor"):
            vals = [cell_value(base.get(f"{method} {s}")) for s in ("x1", "x2", "x10")]
            if None in vals:
                continue
            cases += 1
            hits += vals[0] <= vals[1] <= vals[2] and vals[0] < vals[2]
            said.append(f"{corpus} {method}: " + " -> ".join(f"{x:g}" for x in vals))
    v = share_verdict(hits, cases, "methods where the Baseline rises from Train x1 to x10")
    v.evidence += "; " + ", ".join(said) if said else ""
    return v



PAPER_DATA = ("the NYT and APW sections of the Gigaword corpus parsed into dependencies; "
              "Train x2 about 225M tokens; test items from held-out documents")


def our_data(run: Run) -> str:
    """Training tokens per corpus and size (from the ``*_sizes`` tables)."""
    parts = []
    for key in sorted(k for k in run.tables if k.endswith("_sizes")):
        sizes = {r.get("size"): r.get("train_tokens") for r in run.rows(key)}
        parts.append(f"{key[:-6]}: " + ", ".join(f"{s} {t} tokens" for s, t in sizes.items()))
    return "; ".join(parts) or "see the run's tables"

FINDINGS = [
    Finding("chambers2010.random_buckets_neighbor", "Chambers & Jurafsky 2010, §7 (Figure 4)",
            "Each model follows the same progression: it performs extremely well on the random "
            "test set, worse on buckets, and the lowest on the nearest neighbor.",
            _progression, DATA),
    Finding("chambers2010.backoff_erk_best", "Chambers & Jurafsky 2010, §7 (Figure 4)",
            "The Backoff Erk model is the best, using the Baseline for the majority of "
            "decisions and backing off to the Erk smoothing model when the Baseline cannot "
            "answer.", _backoff_erk_best, DATA),
    Finding("chambers2010.baseline_grows", "Chambers & Jurafsky 2010, §7 (Figure 5)",
            "As expected, the Baseline improves as the training size is increased.",
            _baseline_grows, DATA),
]
