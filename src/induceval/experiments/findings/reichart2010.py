"""The findings of Reichart, Abend & Rappoport (2010), checked on a ``reproduce reichart2010``
run.

The tables read: ``table1`` (token-level and type-level scores per system)
and ``rank_correlation`` (Spearman's rho between the system rankings of each
token and each type measure).

References
----------
Reichart, R., Abend, O. and Rappoport, A. (2010). Type level clustering
evaluation: new measures and a POS induction case study. CoNLL, §1 and §5.2,
Table 1.
"""

from __future__ import annotations

import statistics

from induceval.experiments.findings.base import (
    HOLDS,
    NOT,
    NOT_COMPARABLE,
    PARTLY,
    UNDECIDED,
    Finding,
    NotChecked,
    Run,
    Verdict,
    fmt,
    is_number,
    spearman_interval,
)

__all__ = ["PAPER_DATA", "our_data", "FINDINGS", "NOT_CHECKED", "WEAK", "SIMILAR"]

#: below this median rho, token and type rankings "correlate weakly or even negatively"
#: (the paper gives no number: a documented reading); partly below 0.7
WEAK = 0.5
#: MacroI 1-1 and MicroI 1-1 "no substantial difference": at most 0.02 apart for every
#: system (the paper's Table 1 differences are within about 2 points); partly within 0.05
SIMILAR = 0.02

SYSTEMS = "our systems are the models the run induced (default: Brown, exchange, HC, FF, " \
          "BHMM and random at K = 45), the paper's seven published taggers"


def _weak(run: Run) -> Verdict:
    rows = [r for r in run.rows("rank_correlation") if is_number(r.get("rho"))
            and r.get("token measure") != "mean token rank"]
    n = max((r.get("N") or 0 for r in rows), default=0)
    if not rows or n < 3:
        return Verdict(NOT_COMPARABLE, f"{n} systems: a ranking needs at least 3")
    med = statistics.median(r["rho"] for r in rows)
    mean_rank = next((r["rho"] for r in run.rows("rank_correlation")
                      if r.get("token measure") == "mean token rank"), None)
    neg = sum(r["rho"] < 0 for r in rows)
    iv = spearman_interval(med, n)
    # the interval of one rho over n systems, at the median: the rhos share the systems,
    # so the median is no surer than one of them
    if iv is not None and iv[0] < WEAK <= iv[1]:
        status = UNDECIDED
    else:
        status = HOLDS if med < WEAK else PARTLY if med < 0.7 else NOT
    said = (f"[{iv[0]:+.2f}, {iv[1]:+.2f}]" if iv else "none (fewer than 4 systems)")
    return Verdict(status, f"median Spearman rho over the {len(rows)} token/type measure pairs "
                           f"{fmt(med, 2)}, {med - WEAK:+.2f} from the threshold {WEAK} (holds "
                           f"below it; the paper gives no number), 95% interval {said} over "
                           f"{n} systems (undecided when it covers {WEAK}); {neg} pairs "
                           f"negative; mean token rank vs mean type rank {fmt(mean_rank, 2)}",
                   {"median_rho": med, "threshold": WEAK, "distance": med - WEAK,
                    "interval": list(iv) if iv else None, "negative": neg,
                    "pairs": len(rows), "mean_rank_rho": mean_rank, "systems": n})


def _macro_micro(run: Run) -> Verdict:
    diffs = {str(r["system"]): abs(r["MacroI 1-1"] - r["MicroI 1-1"]) for r in run.rows("table1")
             if is_number(r.get("MacroI 1-1")) and is_number(r.get("MicroI 1-1"))}
    if not diffs:
        return Verdict(NOT_COMPARABLE, "no system with both MacroI 1-1 and MicroI 1-1")
    worst = max(diffs.values())
    status = HOLDS if worst <= SIMILAR + 1e-12 else PARTLY if worst <= 0.05 + 1e-12 else NOT
    return Verdict(status, "|MacroI 1-1 - MicroI 1-1| per system: " + ", ".join(
        f"{s} {fmt(d)}" for s, d in diffs.items()) + f" (holds when all <= {SIMILAR})",
        {"differences": diffs, "largest": worst})



PAPER_DATA = ("sections 2-21 of the PTB-WSJ: 39,832 sentences, 950,028 tokens, 45 tags of "
              "which 34 are not punctuation; seven published POS induction systems")


def our_data(run: Run) -> str:
    """The gold tag set and the systems of the run's Table 1.

    Parameters
    ----------
    run
        The run.

    Returns
    -------
    str
        The line of the report's "ours" data.

    Example
    -------
    >>> our_data(Run("reichart2010", {"table1": {"notes": ["gold upos"],
    ...                                          "rows": [{"system": "bhmm"}]}}))
    'gold upos; 1 systems: bhmm'
    """
    t1 = run.tables["table1"]
    gold = next((n for n in t1.get("notes", []) if n.startswith("gold ")), "")
    systems = [str(r.get("system")) for r in t1.get("rows", [])]
    return f"{gold}; {len(systems)} systems: " + ", ".join(systems)

FINDINGS = [
    Finding("reichart2010.token_type_weak", "Reichart et al. 2010, §1",
            "We compare seven leading algorithms, showing that token and type level measures "
            "can weakly or even negatively correlate.", _weak,
            "Decided by the median of the run's Spearman rhos between each token and each "
            "type measure's system ranking, against 0.5 (our reading: the paper gives no "
            "number), with the interval of a rho over the run's systems; " + SYSTEMS),
    Finding("reichart2010.macro_micro_1to1", "Reichart et al. 2010, §5.2",
            "The table indicates that there is no substantial difference between the two item "
            "based type level scores with 1-1 mapping.", _macro_micro,
            "Decided per system by |MacroI 1-1 - MicroI 1-1| at most 0.02 (the paper's "
            "differences; no interval of the type measures is computed); " + SYSTEMS),
]

NOT_CHECKED = [
    NotChecked("Reichart et al. 2010, Table 1 (caption)",
               "ARR10, a monosemous algorithm, yields the best results in most measures.",
               "the paper's seven systems are not ours (the run induces its own)"),
    NotChecked("Reichart et al. 2010, §5.2",
               "Inducing a larger number of clusters, however, is likely to positively affect "
               "M-1 and H(C|K) but to have a negative effect on 1-1 and H(K|C).",
               "the run induces every system at one K (45); no pair of K to compare"),
    NotChecked("Reichart et al. 2010, §5.2",
               "This had only a minor effect on the final scores.",
               "the hill climbing's restarts are not stored per restart"),
]
