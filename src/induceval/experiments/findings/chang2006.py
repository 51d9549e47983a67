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
    UNDECIDED,
    Finding,
    NotChecked,
    Run,
    Verdict,
    apart,
    by,
    fmt,
    half_width,
    share_verdict,
)

__all__ = ["PAPER_DATA", "our_data", "FINDINGS", "NOT_CHECKED", "ORDER"]

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


#: the paper's self-prediction steps (lower, higher, its gain in points)
SELF_STEPS = {"Freqframe": ("Prevword", 10.0), "Token/Type": ("Freqframe", 8.0),
              "Type/Token": ("Token/Type", 5.0), "Lexstat": ("Type/Token", 7.0)}


def _step(row: dict, alpha: float) -> bool | None:
    """A step up (True), down (False) or undecided (None: the t-test is not significant)."""
    if row.get("p") is None or row.get("mean_diff") is None or row["p"] >= alpha:
        return None
    return row["mean_diff"] > 0


def _self_step(higher: str):
    lower, paper = SELF_STEPS[higher]

    def check(run: Run) -> Verdict:
        r, a = _test(run, "self", lower, higher), _alpha(run)
        up = _step(r, a)
        status = UNDECIDED if up is None else HOLDS if up else NOT
        return Verdict(status, f"{higher} - {lower} = {fmt(r['mean_diff'], 1)} points (paper: "
                               f"+{paper:g}), p = {fmt(r['p'])} over {r.get('n_corpora')} "
                               f"corpora (holds: higher at p < {a})",
                       {"mean_diff": r["mean_diff"], "p": r["p"], "paper_mean_diff": paper})
    return check


def _child_steps(run: Run) -> list[tuple[str, bool | None, dict]]:
    a = _alpha(run)
    return [(f"{hi} - {lo}", _step(r := _test(run, "adult-child", lo, hi), a), r)
            for lo, hi in zip(ORDER[:-1], ORDER[1:], strict=True)]


def _lexstat_71(run: Run) -> Verdict:
    means = by(run.rows("means"), "learner")
    ours = means["Lexstat"]["self"]
    diff = ours - 71.0
    status = HOLDS if abs(diff) <= 5 else PARTLY if abs(diff) <= 10 else NOT
    return Verdict(status, f"Lexstat self-prediction {fmt(ours, 1)} % against the paper's 71 % "
                           f"(difference {diff:+.1f} points; holds within 5, partly within 10)",
                   {"ours": ours, "paper": 71.0, "difference": diff})


def _child_rank_order(run: Run) -> Verdict:
    steps = _child_steps(run)
    hits = sum(o is True for _, o, _ in steps)
    decided = sum(o is not None for _, o, _ in steps)
    v = share_verdict(hits, decided, "consecutive learners of the paper's order higher on the "
                      "child's utterances (paired t-test; not significant: undecided)",
                      undecided=len(steps) - decided)
    v.evidence += "; " + ", ".join(f"{k} {fmt(r['mean_diff'], 1)} (p = {fmt(r['p'])})"
                                   for k, _, r in steps)
    return v


def _no_longer_significant(run: Run) -> Verdict:
    a, lost, said = _alpha(run), [], []
    for lo, hi in zip(ORDER[:-1], ORDER[1:], strict=True):
        s, c = _test(run, "self", lo, hi), _test(run, "adult-child", lo, hi)
        if s.get("p") is not None and c.get("p") is not None and s["p"] < a:
            said.append(f"{hi} - {lo}: self p = {fmt(s['p'])}, adult-child p = {fmt(c['p'])}")
            if c["p"] >= a:
                lost.append(f"{hi} - {lo}")
    status = HOLDS if lost else NOT if said else NOT_COMPARABLE
    return Verdict(status, f"{len(lost)} of the {len(said)} significant self-prediction steps "
                           "not significant adult-to-child (holds with at least one); "
                           + "; ".join(said), {"lost": lost})


def _stricter(run: Run) -> Verdict:
    hits = cases = undecided = 0
    said = []
    for lr, r in by(run.rows("means"), "learner").items():
        if lr == "Chance" or r.get("self") is None or r.get("adult_child") is None:
            continue
        told = apart(r["self"], r["adult_child"], half_width(r, "self"),
                     half_width(r, "adult_child"))
        said.append(f"{lr} {fmt(r['self'], 1)} -> {fmt(r['adult_child'], 1)}"
                    + (" (undecided)" if told is False else ""))
        if told is False:
            undecided += 1
            continue
        cases += 1
        hits += r["adult_child"] < r["self"]
    v = share_verdict(hits, cases, "learners less accurate adult-to-child than in "
                      "self-prediction (means over corpora, by their intervals)",
                      undecided=undecided)
    v.evidence += "; " + ", ".join(said) if said else ""
    return v


def _above_chance(run: Run) -> Verdict:
    means = by(run.rows("means"), "learner")
    chance = means["Chance"]
    hits = cases = undecided = 0
    for lr, r in means.items():
        if lr == "Chance" or r.get("self") is None:
            continue
        told = apart(r["self"], chance["self"], half_width(r, "self"),
                     half_width(chance, "self"))
        if told is False:
            undecided += 1
            continue
        cases += 1
        hits += r["self"] > chance["self"]
    v = share_verdict(hits, cases, "learners above Chance in self-prediction (means over "
                      "corpora, by their intervals)", undecided=undecided)
    v.evidence += f"; Chance {fmt(chance['self'], 1)}"
    return v


def _slopes(run: Run) -> dict[str, dict]:
    return by(run.rows("slopes"), "learner")


def _slope_negative(run: Run) -> Verdict:
    a, hits, cases, undecided, said = _alpha(run), 0, 0, 0, []
    for lr, r in _slopes(run).items():
        if r.get("slope_per_year") is None or r.get("p") is None:
            continue
        said.append(f"{lr} {fmt(r['slope_per_year'], 2)}/year (p = {fmt(r['p'])})")
        if r["p"] >= a:
            undecided += 1
            continue
        cases += 1
        hits += r["slope_per_year"] < 0
    v = share_verdict(hits, cases, "learners whose accuracy falls with age (regression slope "
                      f"below 0 at p < {a})", undecided=undecided)
    v.evidence += "; " + ", ".join(said) if said else ""
    return v


def _late_best(run: Run) -> Verdict:
    sl = {lr: r for lr, r in _slopes(run).items() if lr != "Chance"
          and r.get("slope_per_year") is not None}
    if not {"Type/Token", "Lexstat"} <= set(sl) or len(sl) < 3:
        return Verdict(NOT_COMPARABLE, "the run has no slopes of Type/Token, Lexstat and "
                                       "another learner")
    hits = cases = undecided = 0
    for best in ("Type/Token", "Lexstat"):
        for lr, r in sl.items():
            if lr in ("Type/Token", "Lexstat"):
                continue
            se = [x.get("slope_se") for x in (sl[best], r)]
            hw = [1.96 * x if x is not None else None for x in se]
            told = apart(sl[best]["slope_per_year"], r["slope_per_year"], *hw)
            if told is False:
                undecided += 1
                continue
            cases += 1
            hits += sl[best]["slope_per_year"] > r["slope_per_year"]
    v = share_verdict(hits, cases, "comparisons of Type/Token's and Lexstat's slopes with the "
                      "other learners' where theirs is higher (95% intervals of the slopes)",
                      undecided=undecided)
    v.evidence += "; " + ", ".join(f"{lr} {fmt(r['slope_per_year'], 2)}/year"
                                   for lr, r in sl.items())
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


def _child_test(i: int):
    def check(run: Run) -> Verdict:
        return _agreement(run, "ttests", CHILD_TESTS[i:i + 1], "mean_diff",
                          "adult-to-child comparison decided as in the paper (significant "
                          "or not)")
    return check


def _slope_test(*i: int):
    def check(run: Run) -> Verdict:
        v = _agreement(run, "slope_tests", [SLOPE_TESTS[j] for j in i], "slope_diff_per_year",
                       "slope comparisons decided as in the paper (significant or not)")
        if v.status == NOT_COMPARABLE:
            v.evidence += " (the run has no developmental analysis: no dated child utterances)"
        return v
    return check



PAPER_DATA = ("utterances of child-parent interactions in CHILDES corpora of twelve "
              "typologically diverse languages; 14 corpora are the population of the t-tests "
              "(t(13)), recording days of children between 1 and 5 years for the slopes")


def our_data(run: Run) -> str:
    """The run's population: corpora and scored utterances (from ``per_corpus``).

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
    >>> our_data(Run("chang2006", {"per_corpus": {"rows": [{"test": "self", "scored": 5,
    ...                                                     "corpus": "eve"}]}}))
    '1 corpora, 5 scored adult utterances (self-prediction): eve'
    """
    rows = [r for r in run.rows("per_corpus") if r.get("test") == "self"]
    n = sum(r.get("scored") or 0 for r in rows)
    return (f"{len(rows)} corpora, {n} scored adult utterances (self-prediction): "
            + ", ".join(str(r["corpus"]) for r in rows[:20]) + (" ..." if len(rows) > 20 else ""))

_157, _158 = "Chang et al. 2006, p. 157", "Chang et al. 2006, p. 158"
_T = ("Decided by the run's paired t-test over corpora (the paper's population: 14 corpora, "
      "t(13)); a step not significant at the run's alpha is undecided. ")
_CT = ("Decided by the run's adult-to-child paired t-test over corpora: significant at alpha "
       "or not, as the paper's. ")
_SL = ("Decided by the run's t-test of two regression slopes (accuracy per recording day "
       "against age): significant at alpha or not, as the paper's; ages in days by the CHAT "
       "reader's convention unless --ages chang2006. ")

FINDINGS = [
    Finding("chang2006.above_chance", _157,
            "Fig 1 shows that our learners were able to predict the order of words in these "
            "typologically-different languages.", _above_chance,
            "Decided by each learner's mean self-prediction WOPA against Chance's, with the "
            "intervals of the means over corpora. " + POPULATION),
    Finding("chang2006.prevword_beats_chance", _157,
            "Using a learner that categorizes words using the previous word (Prevword) yields "
            "a 28% improvement over what would expected by chance (t(13) = 11.37, p < 0.0001).",
            _prevword_beats_chance, _T + POPULATION),
    Finding("chang2006.freqframe_step", _157,
            "Restricting the categories with the following word (Freqframe) increases the "
            "prediction accuracy by 10% (t(13) = 7.38, p < 0.0001).", _self_step("Freqframe"),
            _T + "The size of the gain is shown, not decided. " + POPULATION),
    Finding("chang2006.token_type_step", _157,
            "Both of these algorithms pick the most frequent categorizers, but if we divide by "
            "the number of unique words in that frame and pick the frame with the best ratio "
            "(Token/Type), we get a further 8% improvement (t(13) = 12,19, p < 0.0001).",
            _self_step("Token/Type"), _T + POPULATION),
    Finding("chang2006.type_token_step", _157,
            "But an even higher improvement (5%) is reached if we pick frames with a high "
            "Type/Token ratio (t(13) = 8.0, p < 0.0001).", _self_step("Type/Token"),
            _T + POPULATION),
    Finding("chang2006.lexstat_step", _157,
            "Finally, a learner that just uses lexical-lexical statistics has the highest "
            "accuracy (71%) over all the category-based learners (7% higher than the "
            "Type/Token learner, t(13) = 12.24, p < 0.0001).", _self_step("Lexstat"),
            _T + POPULATION),
    Finding("chang2006.lexstat_71", _157,
            "Finally, a learner that just uses lexical-lexical statistics has the highest "
            "accuracy (71%) over all the category-based learners (7% higher than the "
            "Type/Token learner, t(13) = 12.24, p < 0.0001).", _lexstat_71,
            "Decided by Lexstat's mean self-prediction WOPA against the paper's 71%: within 5 "
            "points holds, within 10 partly. " + POPULATION),
    Finding("chang2006.stricter", _157,
            "This is a stricter test, because there are words and utterances in the child’s "
            "speech which are not present in the adult speech, and hence this tests the "
            "systems’ ability to generalize to novel sentences.", _stricter,
            "Decided per learner by the mean adult-to-child WOPA below the mean "
            "self-prediction, with their intervals over corpora. " + POPULATION),
    Finding("chang2006.child_rank_order", _158,
            "The average adult-child results suggest that rank order of learners is the same, "
            "even when tested on child utterances.", _child_rank_order,
            "Decided per consecutive pair of the paper's order by the adult-to-child paired "
            "t-test: higher and significant agrees, a step not significant is undecided (the "
            "paper's own are two of five). " + POPULATION),
    Finding("chang2006.no_longer_significant", _158,
            "But some of the adult differences between learners are no longer significant.",
            _no_longer_significant,
            "Decided by the consecutive steps significant in self-prediction: holds when at "
            "least one is not significant adult-to-child. " + POPULATION),
    Finding("chang2006.child_prevword_freqframe", _158,
            "Prevword and Freqframe Learners are the same (t(13) = 1.31, p = 0.21).",
            _child_test(0), _CT + POPULATION),
    Finding("chang2006.child_tokentype_freqframe", _158,
            "Token/Type Learner is still better than the Freqframe Learner (t(13) = 3.65, "
            "p = 0.003).", _child_test(1), _CT + POPULATION),
    Finding("chang2006.child_typetoken_tokentype", _158,
            "The Type/Token Learner is no different than the Token/Type Learner (t(13) = 1.72, "
            "p = 0.11).", _child_test(2), _CT + POPULATION),
    Finding("chang2006.child_lexstat_typetoken", _158,
            "And the Lexstat Learner remains the better than the Type/Token Learner (t(13) = "
            "3.03, p = 0.01).", _child_test(3), _CT + POPULATION),
    Finding("chang2006.slope_negative", _158,
            "Since the utterances that children produce are becoming more syntactically "
            "complex over time, the slope is typically negative, since the systems can "
            "usually predict simpler utterances better than longer and more complex "
            "utterances.", _slope_negative,
            "Decided per learner by its regression slope below 0 at p < alpha (not "
            "significant: undecided). " + POPULATION),
    Finding("chang2006.slope_prevword_freqframe", _158,
            "The Prevword and Frequent-frame learners had the same slope (t(2344) = 0.03, "
            "p = .97).", _slope_test(0), _SL + POPULATION),
    Finding("chang2006.slope_tokentype_freqframe", _158,
            "And although the intercept for the Token/Type is higher than the Frequent-frame, "
            "the slope is the same (t(2344) = 0.80, p = 0.43).", _slope_test(1),
            _SL + POPULATION),
    Finding("chang2006.slope_typetoken", _158,
            "The Type/Token Learner has a more positive slope than the Token/Type Learner "
            "(t(2344) = 2.0, p = 0.045) and was not different from the Lexstat Learner "
            "(t(2344) = 0.82, p = 0.41).", _slope_test(2, 3), _SL + POPULATION),
    Finding("chang2006.late_development", _158,
            "This suggests that the Type/Token and Lexstat learners are best able to account "
            "for the more complex utterances later in development, where the accuracy results "
            "for five algorithms diverge.", _late_best,
            "Decided by Type/Token's and Lexstat's slopes above each other learner's, with "
            "95% intervals from the slopes' standard errors. " + POPULATION),
]

NOT_CHECKED = [
    NotChecked(_158, "And although the intercept for the Token/Type is higher than the "
               "Frequent-frame, the slope is the same",
               "the intercept part: the run's slopes table has the intercepts but no test of "
               "their difference (the slope part is checked)"),
]
