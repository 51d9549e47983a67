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

from induceval.experiments._uncertainty import BEST, TIES
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
    half_width,
    printed_number,
    share_verdict,
)

__all__ = ["PAPER_DATA", "our_data", "FINDINGS", "NOT_CHECKED"]

DATA = ("our corpora are the CHILDES and UD dependency corpora of the shared data (at most a "
        "few million tokens), the paper's the 225M tokens of Gigaword's NYT section")


def _figures(run: Run, which: str) -> dict[str, list[dict]]:
    out = {k[: -len(which) - 1]: run.rows(k) for k in sorted(run.tables)
           if k.endswith(f"_{which}")}
    if not out:
        raise KeyError(f"no *_{which} table")
    return out


def _size(run: Run, corpus: str) -> str:
    """The corpus's Train x2 tokens (from ``CORPUS_sizes``), or ""."""
    key = f"{corpus}_sizes"
    if key not in run.tables:
        return ""
    return next((f"{r.get('train_tokens')} tokens" for r in run.rows(key)
                 if r.get("size") == "x2"), "")


def _value(row: dict, col: str) -> tuple[float | None, float | None]:
    """A figure cell's number and its interval's half-width (points), or None."""
    return printed_number(row.get(col)), half_width(row, col)


def _models(rows: list[dict]) -> dict[str, dict]:
    return {str(r["model"]): r for r in rows if r.get("model") not in (BEST, TIES)}


def _per_corpus(run: Run, which: str, judge, what: str) -> Verdict:
    """A finding judged corpus by corpus: ``judge(rows)`` gives the cases of one corpus's
    ``which`` table as ``(outcome, words)``, outcome True (as the paper), False (against
    it) or None (undecided: within the intervals).

    Each corpus gets its own verdict (:func:`share_verdict`); a corpus without a decided
    case is named as too small to decide.  The finding's verdict is over the corpora that
    decide: holds when every one holds, partly when their mean (holds 1, partly 1/2, does
    not hold 0) is at least 1/2, else does not hold; undecided when none decides.
    """
    per, small, said = {}, [], []
    for corpus, rows in _figures(run, which).items():
        cases = judge(rows)
        if not cases:
            continue
        hits = sum(o is True for o, _ in cases)
        decided = sum(o is not None for o, _ in cases)
        und = len(cases) - decided
        v = share_verdict(hits, decided, what, undecided=und)
        size = _size(run, corpus)
        if decided == 0:
            small.append(f"{corpus}{f' ({size})' if size else ''}")
            continue
        per[corpus] = v.status
        against = [w for o, w in cases if o is False]
        said.append(f"{corpus}{f' ({size})' if size else ''}: {v.status}, {v.evidence}"
                    + (f"; against: {', '.join(against[:4])}" if against else ""))
    numbers = {"corpora": per, "too_small": small}
    if not per:
        if small:
            return Verdict(UNDECIDED, "no corpus decides (every case within the run's "
                                      f"intervals): {', '.join(small)}", numbers)
        return Verdict(NOT_COMPARABLE, f"no case to check ({what})", numbers)
    score = sum({HOLDS: 1.0, PARTLY: 0.5}.get(s, 0.0) for s in per.values()) / len(per)
    status = HOLDS if score == 1 else PARTLY if score >= 0.5 else NOT
    held = sum(s == HOLDS for s in per.values())
    ev = f"{held} of {len(per)} deciding corpora hold; " + " | ".join(said)
    if small:
        ev += f" | too small to decide (all cases within the intervals): {', '.join(small)}"
    return Verdict(status, ev, numbers)


def _step(a: tuple, b: tuple) -> bool | None:
    """``a`` above ``b`` (True), below (False) or undecided (None), each ``(value, ±)``: the
    intervals decide when both have one, else the point values (a tie is undecided)."""
    told = apart(a[0], b[0], a[1], b[1])
    if told is False or a[0] == b[0]:
        return None
    return a[0] > b[0]


def _progression(run: Run) -> Verdict:
    def judge(rows):
        cases = []
        for name, r in _models(rows).items():
            vals = [_value(r, m) for m in ("random", "buckets", "neighbor")]
            if any(x is None for x, _ in vals):
                continue
            steps = [_step(vals[0], vals[1]), _step(vals[1], vals[2])]
            outcome = False if False in steps else None if None in steps else True
            cases.append((outcome, f"{name} " + " > ".join(
                f"{x:g}" + (f" ± {h:.1f}" if h is not None else "") for x, h in vals)))
        return cases

    return _per_corpus(run, "figure4", judge, "models with random > buckets > neighbor")


def _backoff_erk_best(run: Run) -> Verdict:
    def judge(rows):
        models = _models(rows)
        best = next((r for r in rows if r.get("model") == BEST), {})
        ties = next((r for r in rows if r.get("model") == TIES), {})
        cases = []
        for method in ("random", "buckets", "neighbor"):
            scored = {m: printed_number(r.get(method)) for m, r in models.items()
                      if printed_number(r.get(method)) is not None}
            if len(scored) < 2 or "backoff-erk" not in scored:
                continue
            top = max(scored.values())
            if best.get(method) not in (None, "-"):        # the paired bootstrap decides
                tied = str(ties.get(method, "-")).split(",")
                out = True if best[method] == "backoff-erk" else \
                    None if "backoff-erk" in tied else False
            else:                                          # no test: the point values
                leaders = [m for m, x in scored.items() if x == top]
                out = None if len(leaders) > 1 and "backoff-erk" in leaders else \
                    scored["backoff-erk"] == top
            lead = best.get(method) if best.get(method) not in (None, "-") else \
                max(scored, key=scored.get)
            cases.append((out, f"{method}: best {lead} {scored.get(lead, top):g}, "
                               f"backoff-erk {scored['backoff-erk']:g}"))
        return cases

    return _per_corpus(run, "figure4", judge, "confounder methods where Backoff Erk is the "
                       "best model (tied with the best: undecided)")


def _sizes(row: dict, method: str) -> list[tuple]:
    return [_value(row, f"{method} {s}") for s in ("x1", "x2", "x10")]


def _baseline_grows(run: Run) -> Verdict:
    def judge(rows):
        base = _models(rows).get("baseline")
        cases = []
        for method in ("buckets", "neighbor"):
            vals = _sizes(base or {}, method)
            if base is None or any(x is None for x, _ in vals):
                continue
            ends = _step(vals[2], vals[0])
            out = None if ends is None else ends and vals[0][0] <= vals[1][0] <= vals[2][0]
            cases.append((out, f"{method}: " + " -> ".join(f"{x:g}" for x, _ in vals)))
        return cases

    return _per_corpus(run, "figure5", judge, "methods where the Baseline rises from Train x1 "
                       "to x10 (x1 against x10 by their intervals)")


def _erk_no_gain(run: Run) -> Verdict:
    def judge(rows):
        cases = []
        for name, r in _models(rows).items():
            if not name.startswith("erk-"):
                continue
            for method in ("buckets", "neighbor"):
                vals = _sizes(r, method)
                if any(x is None for x, _ in vals):
                    continue
                steps = [_step(vals[1], vals[0]), _step(vals[2], vals[1])]
                # a continual gain is two rises told apart; a drop told apart is none
                out = False if steps == [True, True] else True if False in steps else None
                cases.append((out, f"{name} {method}: " + " -> ".join(f"{x:g}" for x, _ in vals)))
        return cases

    return _per_corpus(run, "figure5", judge, "Erk models and methods without a continual gain "
                       "from Train x1 to x10")


def _baseline_beats_erk(run: Run) -> Verdict:
    def judge(rows):
        models, cases = _models(rows), []
        base = models.get("baseline")
        for method in ("buckets", "neighbor"):
            if base is None or _value(base, f"{method} x10")[0] is None:
                continue
            erk = [(_value(r, f"{method} {s}"), f"{m} {s}") for m, r in models.items()
                   if m.startswith("erk-") for s in ("x1", "x2", "x10")
                   if _value(r, f"{method} {s}")[0] is not None]
            if not erk:
                continue
            (top, name) = max(erk, key=lambda e: e[0][0])
            b = _value(base, f"{method} x10")
            cases.append((_step(b, top), f"{method}: Baseline x10 {b[0]:g} against {name} "
                                         f"{top[0]:g} ({b[0] - top[0]:+.1f})"))
        return cases

    return _per_corpus(run, "figure5", judge, "methods where the Baseline at Train x10 is above "
                       "the best Erk model")


def _cooccurrence_worst(run: Run) -> Verdict:
    def judge(rows):
        models, cases = _models(rows), []
        for method in ("random", "buckets", "neighbor"):
            vals = {m: _value(r, method) for m, r in models.items()
                    if _value(r, method)[0] is not None and not m.startswith("backoff")}
            if "cooccurrence" not in vals or len(vals) < 2:
                continue
            others = [v for m, v in vals.items() if m != "cooccurrence"]
            low = min(others, key=lambda v: v[0])
            cases.append((_step(low, vals["cooccurrence"]),
                          f"{method}: cooccurrence {vals['cooccurrence'][0]:g}, next lowest "
                          f"{low[0]:g}"))
        return cases

    return _per_corpus(run, "figure4", judge, "confounder methods where the co-occurrence "
                       "model is below every other non-backoff model")


def _precision_high(run: Run) -> Verdict:
    def judge(rows):
        by_measure = {r.get("measure"): r for r in rows}
        p, a = by_measure.get("Precision"), by_measure.get("Accuracy +50%")
        cases = []
        for s in ("x1", "x2", "x10"):
            if p is None or a is None or _value(p, s)[0] is None or _value(a, s)[0] is None:
                continue
            above = _step(_value(p, s), _value(a, s))
            out = None if above is None else above and _value(p, s)[0] >= 90
            cases.append((out, f"{s}: precision {_value(p, s)[0]:g}, accuracy +50% "
                               f"{_value(a, s)[0]:g}"))
        return cases

    return _per_corpus(run, "figure6", judge, "training sizes where the Baseline's precision "
                       "is at least 90% and above its accuracy +50%")


PAPER_DATA = ("the NYT and APW sections of the Gigaword corpus parsed into dependencies; "
              "Train x2 about 225M tokens; test items from held-out documents")


def our_data(run: Run) -> str:
    """Training tokens per corpus and size (from the ``*_sizes`` tables).

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
    >>> our_data(Run("chambers2010", {"x_sizes": {"rows": [{"size": "x1", "train_tokens": 100}]}}))
    'x: x1 100 tokens'
    """
    parts = []
    for key in sorted(k for k in run.tables if k.endswith("_sizes")):
        sizes = {r.get("size"): r.get("train_tokens") for r in run.rows(key)}
        parts.append(f"{key[:-6]}: " + ", ".join(f"{s} {t} tokens" for s, t in sizes.items()))
    return "; ".join(parts) or "see the run's tables"

_P = "Chambers & Jurafsky 2010, "
_PER = ("Judged per corpus (the paper's claim is of its one corpus); a case whose intervals "
        "overlap, or a model tied with the best by the paired bootstrap, is undecided, and a "
        "corpus with no decided case is named as too small to decide. ")

FINDINGS = [
    Finding("chambers2010.random_buckets_neighbor", _P + "§7 (Figure 4)",
            "Each model follows the same progression: it performs extremely well on the random "
            "test set, worse on buckets, and the lowest on the nearest neighbor.",
            _progression, _PER + "Each step (random > buckets, buckets > neighbor) is "
            "decided by the two cells' intervals. " + DATA),
    Finding("chambers2010.cooccurrence_worst", _P + "§7 (Figure 4)",
            "The Google model generally performs the worst on all sets, but its 74.3% "
            "performance with random confounders is significantly better than a 50-50 random "
            "choice.", _cooccurrence_worst,
            _PER + "Our co-occurrence model counts (verb, noun) pairs of the training corpus, "
            "not Google's web n-grams; the 74.3% is not checked"),
    Finding("chambers2010.backoff_erk_best", _P + "§7 (Figure 4)",
            "The Backoff Erk model is the best, using the Baseline for the majority of "
            "decisions and backing off to the Erk smoothing model when the Baseline cannot "
            "answer.", _backoff_erk_best,
            _PER + "The best model of each Figure 4 column and those not significantly "
            "different from it (rows best / not sig. vs best) decide. " + DATA),
    Finding("chambers2010.baseline_grows", _P + "§7 (Figure 5)",
            "As expected, the Baseline improves as the training size is increased.",
            _baseline_grows, _PER + "Train x1 against x10 decides by their intervals, x2 "
            "between them by its point value. " + DATA),
    Finding("chambers2010.erk_no_gain", _P + "§7 (Figure 5)",
            "The Erk model, somewhat surprisingly, shows no continual gain with more training "
            "data.", _erk_no_gain,
            _PER + "Both Erk similarities, both methods: two rises told apart are a continual "
            "gain, a drop told apart is none"),
    Finding("chambers2010.baseline_beats_erk", _P + "§7 (Figure 5)",
            "The Baseline achieves the highest accuracies (91.7% and 81.2%) with Train x10, "
            "outperforming the best Erk model by 5.2% and 13.1% absolute on buckets and "
            "nearest neighbor respectively.", _baseline_beats_erk,
            _PER + "The Baseline at x10 against the best Erk cell of any size, by their "
            "intervals; the paper's margins are not checked"),
    Finding("chambers2010.precision_high", _P + "§7 (Figure 6)",
            "Precision is extremely high.", _precision_high,
            _PER + "Figure 6's Baseline precision against 90% and above its accuracy +50% "
            "('extremely high' has no number in the paper: 96.1-95.0 there)"),
]

NOT_CHECKED = [
    NotChecked(_P + "§7 (Figure 5)",
               "The backoff models improve the baseline by just under 1%.",
               "the run stores no interval of a difference between two models, and a band "
               "'just under 1%' within intervals of several points decides nothing"),
    NotChecked(_P + "§8",
               "The only combination when Erk is better is when the training data includes "
               "just one year (one twelfth of the NYT section) and the confounder is chosen "
               "completely randomly.",
               "the protocol runs random confounders at Train x2 only (the paper's Figure 4), "
               "so the run has no Train x1 random cell"),
]
