"""The findings of Chang, Lieven & Tomasello (2006), checked on a ``reproduce chang2006`` run.

The tables read: ``means`` (mean WOPA % over corpora per learner),
``ttests`` (paired t-tests between consecutive learners, corpora as the
population) and ``slope_tests`` (t-tests of the developmental slopes).  A
difference is significant at the run's ``alpha`` (0.05 by default), the
paper's level.

References
----------
Chang, F., Lieven, E. and Tomasello, M. (2006). Using child utterances to
evaluate syntax acquisition algorithms. CogSci 28, pp. 157-158.
"""

from __future__ import annotations

from induceval.experiments.findings.base import (
    HOLDS,
    NOT,
    NOT_COMPARABLE,
    PARTLY,
    Finding,
    Run,
    Verdict,
    by,
    fmt,
    share_verdict,
)

__all__ = ["PAPER_DATA", "our_data", "FINDINGS", "ORDER"]

#: the paper's learners, weakest first (its Figures 1 and 2)
ORDER = ("Chance", "Prevword", "Freqframe", "Token/Type", "Type/Token", "Lexstat")

#: the population differs: the paper's 14 corpora in 12 languages, ours the CHILDES
#: corpora of ../shared/data (Manchester's children, Eve, the Estonian corpora)
POPULATION = ("our population is the CHILDES corpora of the shared data (English and "
              "Estonian), the paper's 14 corpora in 12 languages")


def _alpha(run: Run) -> float:
    return float(run.manifest.get("options", {}).get("alpha") or 0.05)


def _test(run: Run, test: str, lower: str, higher: str) -> dict:
    rows = [r for r in run.rows("ttests") if r.get("test") == test
            and r.get("lower") == lower and r.get("higher") == higher]
    if not rows:
        raise KeyError(f"no {test} t-test of {higher} against {lower}")
    return rows[0]


def _better(row: dict, alpha: float) -> bool:
    return row.get("mean_diff") is not None and row["mean_diff"] > 0 and \
        row.get("p") is not None and row["p"] < alpha


def _prevword_beats_chance(run: Run) -> Verdict:
    r, a = _test(run, "self", "Chance", "Prevword"), _alpha(run)
    ok = _better(r, a)
    return Verdict(HOLDS if ok else NOT,
                   f"Prevword - Chance = {fmt(r['mean_diff'], 1)} points (paper: +28), "
                   f"p = {fmt(r['p'])}, over {r.get('n_corpora')} corpora",
                   {"mean_diff": r["mean_diff"], "p": r["p"], "paper_mean_diff": 28.0})


def _self_order(run: Run) -> Verdict:
    a, steps, numbers = _alpha(run), 0, {}
    pairs = list(zip(ORDER[:-1], ORDER[1:], strict=True))
    for lo, hi in pairs:
        r = _test(run, "self", lo, hi)
        steps += _better(r, a)
        numbers[f"{hi} - {lo}"] = {"mean_diff": r["mean_diff"], "p": r["p"]}
    v = share_verdict(steps, len(pairs), "consecutive steps of the order Chance < Prevword < "
                      "Freqframe < Token/Type < Type/Token < Lexstat higher and significant",
                      numbers=numbers)
    v.evidence += "; " + ", ".join(f"{k} {fmt(n['mean_diff'], 1)} (p = {fmt(n['p'])})"
                                   for k, n in numbers.items())
    return v


def _lexstat_71(run: Run) -> Verdict:
    means = by(run.rows("means"), "learner")
    ours = means["Lexstat"]["self"]
    diff = ours - 71.0
    status = HOLDS if abs(diff) <= 5 else PARTLY if abs(diff) <= 10 else NOT
    return Verdict(status, f"Lexstat self-prediction {fmt(ours, 1)} % against the paper's 71 % "
                           f"(difference {diff:+.1f} points; holds within 5, partly within 10)",
                   {"ours": ours, "paper": 71.0, "difference": diff})


def _child_rank_order(run: Run) -> Verdict:
    means = by(run.rows("means"), "learner")
    vals = [means[lr]["adult_child"] for lr in ORDER if lr in means]
    ups = sum(b > a for a, b in zip(vals[:-1], vals[1:], strict=True))
    v = share_verdict(ups, len(vals) - 1, "consecutive learners in the paper's order on the "
                      "child's utterances", numbers=dict(zip(ORDER, vals, strict=False)))
    v.evidence += " (" + " < ".join(f"{lr} {fmt(x, 1)}" for lr, x in zip(ORDER, vals,
                                                                           strict=False)) + ")"
    return v


#: the paper's adult-to-child comparisons: (lower, higher, significant in the paper, its words)
CHILD_TESTS = (("Prevword", "Freqframe", False, "t(13) = 1.31, p = 0.21"),
               ("Freqframe", "Token/Type", True, "t(13) = 3.65, p = 0.003"),
               ("Token/Type", "Type/Token", False, "t(13) = 1.72, p = 0.11"),
               ("Type/Token", "Lexstat", True, "t(13) = 3.03, p = 0.01"))

#: the paper's slope comparisons (lower, higher, significant, its words)
SLOPE_TESTS = (("Prevword", "Freqframe", False, "t(2344) = 0.03, p = .97"),
               ("Freqframe", "Token/Type", False, "t(2344) = 0.80, p = 0.43"),
               ("Token/Type", "Type/Token", True, "t(2344) = 2.0, p = 0.045"),
               ("Type/Token", "Lexstat", False, "t(2344) = 0.82, p = 0.41"))


def _agreement(run: Run, table: str, tests, diff: str, what: str) -> Verdict:
    a, agree, numbers, said = _alpha(run), 0, {}, []
    rows = run.rows(table)
    for lo, hi, significant, paper in tests:
        r = next((x for x in rows if x.get("lower") == lo and x.get("higher") == hi
                  and x.get("test", "adult-child") == "adult-child"), None)
        if r is None or r.get("p") is None:
            continue
        ours = r["p"] < a and (not significant or r[diff] > 0)
        agree += ours == significant
        numbers[f"{hi} vs {lo}"] = {"diff": r[diff], "p": r["p"], "paper": paper}
        said.append(f"{hi} vs {lo}: {fmt(r[diff], 2)}, p = {fmt(r['p'])} (paper: "
                    f"{'significant' if significant else 'n.s.'}, {paper})")
    v = share_verdict(agree, len(numbers), what, numbers=numbers)
    v.evidence += "; " + "; ".join(said) if said else ""
    return v


def _child_tests(run: Run) -> Verdict:
    return _agreement(run, "ttests", CHILD_TESTS, "mean_diff",
                      "adult-to-child comparisons decided as in the paper (significant or not)")


def _slope_tests(run: Run) -> Verdict:
    v = _agreement(run, "slope_tests", SLOPE_TESTS, "slope_diff_per_year",
                   "slope comparisons decided as in the paper (significant or not)")
    if v.status == NOT_COMPARABLE:
        v.reason = "the run has no developmental analysis (no dated child utterances)"
    return v



PAPER_DATA = ("utterances of child-parent interactions in CHILDES corpora of twelve "
              "typologically diverse languages; 14 corpora are the population of the t-tests "
              "(t(13)), recording days of children between 1 and 5 years for the slopes")


def our_data(run: Run) -> str:
    """The run's population: corpora and scored utterances (from ``per_corpus``)."""
    rows = [r for r in run.rows("per_corpus") if r.get("test") == "self"]
    n = sum(r.get("scored") or 0 for r in rows)
    return (f"{len(rows)} corpora, {n} scored adult utterances (self-prediction): "
            + ", ".join(str(r["corpus"]) for r in rows[:20]) + (" ..." if len(rows) > 20 else ""))

FINDINGS = [
    Finding("chang2006.prevword_beats_chance", "Chang et al. 2006, p. 157",
            "Using a learner that categorizes words using the previous word (Prevword) yields "
            "a 28% improvement over what would expected by chance (t(13) = 11.37, p < 0.0001).",
            _prevword_beats_chance, POPULATION),
    Finding("chang2006.self_order", "Chang et al. 2006, p. 157",
            "Freqframe +10%, Token/Type a further 8%, Type/Token 5%, and Lexstat the highest "
            "accuracy (7% higher than Type/Token), each step with p < 0.0001.",
            _self_order, POPULATION),
    Finding("chang2006.lexstat_71", "Chang et al. 2006, p. 157",
            "a learner that just uses lexical-lexical statistics has the highest accuracy (71%)",
            _lexstat_71, POPULATION),
    Finding("chang2006.child_rank_order", "Chang et al. 2006, p. 157",
            "The average adult-child results suggest that rank order of learners is the same, "
            "even when tested on child utterances.", _child_rank_order, POPULATION),
    Finding("chang2006.child_tests", "Chang et al. 2006, pp. 157-158",
            "Prevword and Freqframe Learners are the same; Token/Type is still better than "
            "Freqframe; Type/Token is no different than Token/Type; Lexstat remains better "
            "than Type/Token.", _child_tests, POPULATION),
    Finding("chang2006.slopes", "Chang et al. 2006, p. 158",
            "Prevword and Frequent-frame had the same slope; Token/Type and Frequent-frame the "
            "same slope; Type/Token a more positive slope than Token/Type, not different from "
            "Lexstat.", _slope_tests,
            POPULATION + "; ages in days by the CHAT reader's convention unless --ages chang2006"),
]
