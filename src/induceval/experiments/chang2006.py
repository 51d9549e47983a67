"""``induceval reproduce chang2006``: WOPA over a population of CHILDES corpora.

Protocol of Chang, Lieven & Tomasello (2006): for every corpus of the
population and every learner, self-prediction (learn from the adults,
predict the adults) and adult-to-child (learn from the adults, predict the
target child); paired t-tests between learners with the corpora as the
population; accuracy of the child's utterances per recording day against
the child's age in days, a linear regression per learner, and t-tests
comparing slopes ``t = (b1 - b2) / sqrt(se1^2 + se2^2)`` with
``n1 + n2 - 4`` degrees of freedom (the paper's ``t(2344)``); Figures 1-3 as
PNG.

The numbers the paper's text states (pp. 157-158: the self-prediction
improvements and Lexstat's 71%, every t and p) are written next to ours
(``means_paper``, ``ttests_paper``, ``slope_tests_paper``, :func:`paper_twins`);
the paper's figures are not read.

Population (:func:`default_population`): each child of Manchester
(``childes/eng-uk/Manchester/<child>``), Eve (``childes/eve``) and each
Estonian corpus (``childes/estonian/<corpus>``; the two loose files at the
top of that folder belong to no corpus and are left out).

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> res = reproduce_corpora({"a": generate_demo_corpus(300, seed=1),
...                          "b": generate_demo_corpus(300, seed=2)},
...                         learners=("chance", "lexstat"), figures_dir=None)
>>> [t for t in res.tables][:5]
['per_corpus', 'means', 'ttests', 'slopes', 'slope_tests']
>>> [t for t in res.tables][5:]   # the paper's numbers (paper_twins)
['means_paper', 'ttests_paper', 'slope_tests_paper']
>>> res.tables["means"].rows[1]["learner"]
'Lexstat'
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError
from induceval.experiments import _chang2006_paper as paper
from induceval.experiments._category_common import add_legend, finish_figure
from induceval.experiments._chang2006_protocol import PROTOCOL
from induceval.experiments._cost import run_protocol_cells
from induceval.experiments._uncertainty import Marks, interval_columns
from induceval.models.wopa import PAPER_ORDER, get_learner
from induceval.parallel import Cell
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, write_tables
from induceval.signature import make_signature

__all__ = ["PAPER_SELF", "default_population", "run_corpus", "reproduce", "reproduce_corpora",
           "paired_ttests", "slope_analysis", "age_window", "paper_twins", "Chang2006Result",
           "PROTOCOL"]

#: Paper's reported improvements (self-prediction, 14 corpora, p. 157): learner ->
#: improvement over the previous learner in PAPER_ORDER (Lexstat: about 71 % overall).
PAPER_SELF = {"prevword": "+28 (t(13)=11.37)", "freqframe": "+10 (t(13)=7.38)",
              "tokentype": "+8 (t(13)=12.19)", "typetoken": "+5 (t(13)=8.0)",
              "lexstat": "+7, 71% (t(13)=12.24)"}


def default_population(data_root: str | os.PathLike) -> dict[str, list[Path]]:
    """Corpus name -> folder, for Manchester children, Eve and the Estonian corpora.

    Missing folders are left out; an empty result raises an error naming the root.

    Parameters
    ----------
    data_root
        The shared data folder.

    Returns
    -------
    dict of str to list of pathlib.Path
        Corpus name -> its folders.

    Example
    -------
    >>> import tempfile
    >>> default_population(tempfile.mkdtemp())   # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    induceval.errors.InducevalError: no CHILDES corpora (Manchester, eve, estonian) under ...
    """
    root = Path(data_root)
    out: dict[str, list[Path]] = {}
    man = root / "childes" / "eng-uk" / "Manchester"
    if man.is_dir():
        for d in sorted(p for p in man.iterdir() if p.is_dir()):
            out[f"Manchester/{d.name}"] = [d]
    eve = root / "childes" / "eve"
    if eve.is_dir():
        out["Eve"] = [eve]
    est = root / "childes" / "estonian"
    if est.is_dir():
        for d in sorted(p for p in est.iterdir() if p.is_dir()):
            out[f"Estonian/{d.name}"] = [d]
    if not out:
        raise InducevalError(f"no CHILDES corpora (Manchester, eve, estonian) under {root}")
    return out


def _learner_objs(learners: Sequence[object], options: Mapping[str, object]) -> list[object]:
    return [get_learner(lr, **{k: v for k, v in options.items() if k.endswith("_count")})
            for lr in learners]


def _with_items(result) -> dict:
    """``result.to_dict()`` plus ``item_correct``: the correctness of each scored utterance."""
    return {**result.to_dict(), "item_correct": result.stats[:, 0].tolist()}


def _read(paths: Sequence[str], options: Mapping) -> Corpus:
    from induceval.corpus.readers import read_corpus

    # the real transcripts hold a few tiers that cannot be aligned (eve06:391,
    # eve06:499): their words are kept and they are counted, not fatal
    # the learners see the words the speakers said, not %mor's tokens (wanna, not wanna to)
    return read_corpus([str(p) for p in paths], format="chat", on_error="skip",
                       ages=str(options.get("ages", "days")), words="spoken")


def _read_inputs(cell: Cell) -> Cell:
    """A cell of CHAT paths with them read (the estimate probes prefixes of the corpus)."""
    corpus, *rest = cell.args
    if isinstance(corpus, Corpus):
        return cell
    return replace(cell, args=(_read(corpus, cell.kwargs), *rest))


def run_corpus(corpus: Corpus | Sequence[str], name: str, learners: Sequence[object] = PAPER_ORDER,
               **options: object) -> dict:
    """One cell of the protocol: both tests and the per-day accuracies of one corpus.

    ``corpus`` is a Corpus or CHAT paths (read here, so cells can run in
    worker processes).  Returns a JSON-serialisable dict.

    Parameters
    ----------
    corpus
        A Corpus, or CHAT paths.
    name
        The corpus's name.
    learners
        The learners, in the paper's order.
    **options
        Options of the WOPA tests (ties, seed, ...).

    Returns
    -------
    dict
        Both tests' results, the per-day accuracies and the errors, JSON-ready.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=40, seed=1)
    >>> sorted(run_corpus(demo, "demo"))[:4]
    ['child', 'corpus', 'days', 'errors']
    """
    from induceval.experiments.wopa import adult_to_child, self_prediction
    from induceval.measures.wopa import accuracy_by_day

    if not isinstance(corpus, Corpus):
        corpus = _read(corpus, options)
    test_opts = {k: v for k, v in options.items() if not k.endswith("_count") and k != "ages"}
    objs = _learner_objs(learners, options)
    out: dict = {"corpus": name, "utterances": corpus.n_sentences, "self": {}, "child": {},
                 "days": {}, "errors": {}}
    for r in self_prediction(corpus, objs, **test_opts):
        out["self"][r.learner] = _with_items(r)
    try:
        child = adult_to_child(corpus, objs, **test_opts)
    except InducevalError as exc:
        out["errors"]["adult-child"] = str(exc)
        child = []
    for r in child:
        out["child"][r.learner] = _with_items(r)
        try:
            out["days"][r.learner] = accuracy_by_day(r, corpus)
        except InducevalError as exc:
            out["errors"]["developmental"] = str(exc)
        out.setdefault("undated", {})[r.learner] = r.counts.get("undated", 0)
    return out


def paired_ttests(per_corpus: Mapping[str, Mapping[str, float]], order: Sequence[str],
                  test: str = "") -> Table:
    """Paired t-tests between consecutive learners, corpora as the population.

    ``per_corpus``: learner -> corpus -> WOPA.  Only corpora with a value for
    both learners enter a test.

    Parameters
    ----------
    per_corpus
        Learner -> corpus -> WOPA.
    order
        The learners, in order: each tested against the next.
    test
        The test's name, in the rows.

    Returns
    -------
    Table
        One row per consecutive pair: the mean difference, t, df and p.

    Example
    -------
    >>> scores = {"A": {"x": 0.5, "y": 0.6, "z": 0.4}, "B": {"x": 0.6, "y": 0.7, "z": 0.6}}
    >>> row = paired_ttests(scores, ["A", "B"]).rows[0]
    >>> row["n_corpora"], row["t"], row["df"]
    (3, 4.0, 2)
    """
    from scipy import stats

    rows = []
    for a, b in zip(order[:-1], order[1:], strict=True):
        common = sorted(set(per_corpus.get(a, {})) & set(per_corpus.get(b, {})))
        x = np.array([per_corpus[a][c] for c in common])
        y = np.array([per_corpus[b][c] for c in common])
        row = {"test": test, "lower": a, "higher": b, "n_corpora": len(common),
               "mean_diff": float(np.mean(y - x)) if len(common) else None,
               "t": None, "df": max(len(common) - 1, 0), "p": None}
        if len(common) >= 2 and np.any(y - x != (y - x)[0]):
            res = stats.ttest_rel(y, x)
            row["t"], row["p"] = float(res.statistic), float(res.pvalue)
        rows.append(row)
    return Table(["test", "lower", "higher", "n_corpora", "mean_diff", "t", "df", "p"], rows,
                 title=f"Paired t-tests between learners ({test})")


def age_window(age_range: tuple[float, float] | None,
               convention: str = "days") -> tuple[int, int] | None:
    """The first and last age in days (inclusive) of ``age_range``, first and last age in
    years (``(1, 5)``: from 1;0.0 to 5;0.0; ``None``: every age, returned as ``None``),
    under the corpus's age ``convention`` (:func:`~induceval.corpus.model.age_in_days`).

    Parameters
    ----------
    age_range
        First and last age in years, or ``None``.
    convention
        The corpus's age convention.

    Returns
    -------
    tuple of (int, int) or None
        The first and last age in days.

    Example
    -------
    >>> age_window((1, 5)), age_window((1, 5), "chang2006"), age_window(None)
    ((365, 1826), (365, 1825), None)
    """
    from induceval.corpus.model import age_in_days

    if age_range is None:
        return None
    lo, hi = (float(a) for a in age_range)
    if not (0 <= lo <= hi < float("inf")):
        raise InducevalError(f"age range: expected 0 <= first <= last (years), got {lo}, {hi}")
    # fractional years go through months (e.g. 1.5 -> 1;6.0)
    def days(y: float) -> int:
        whole = int(y)
        return age_in_days(whole, int(round((y - whole) * 12)), 0, convention=convention)

    return days(lo), days(hi)


def slope_analysis(days: Mapping[str, Sequence[dict]], order: Sequence[str], *,
                   window: tuple[int, int] | None = None) -> tuple[Table, Table]:
    """Regression of per-day accuracy on age per learner, and slope comparisons.

    ``days``: learner -> list of ``{"age_days", "wopa", ...}`` over all corpora.
    ``window``: first and last age in days of the recording days fitted
    (:func:`age_window`); days outside are left out and counted in the notes
    (a few of today's corpora go on to 14 years, where a straight line over
    all ages would be driven by the oldest recordings).

    Parameters
    ----------
    days
        Learner -> per-day records.
    order
        The learners, in order.
    window
        The first and last age in days fitted, or ``None``.

    Returns
    -------
    tuple of (Table, Table)
        The regressions per learner, and the slope comparisons.

    Example
    -------
    >>> days = {"A": [{"age_days": d, "wopa": 50.0 + d / 100} for d in (400, 800, 1200, 4000)]}
    >>> slopes, _ = slope_analysis(days, ["A"], window=(365, 1826))
    >>> slopes.rows[0]["days"], round(float(slopes.rows[0]["slope_per_year"]), 2), slopes.notes[-1]
    (3, 3.65, '1 recording day outside ages 365-1826 days left out')
    """
    from scipy import stats

    fits, rows, outside = {}, [], 0
    for lr in order:
        pts = days.get(lr, [])
        if window is not None:
            kept = [p for p in pts if window[0] <= p["age_days"] <= window[1]]
            outside = max(outside, len(pts) - len(kept))
            pts = kept
        if len(pts) < 3:
            continue
        x = np.array([p["age_days"] for p in pts], dtype=float)
        y = np.array([p["wopa"] for p in pts], dtype=float)
        fit = stats.linregress(x, y)
        fits[lr] = (fit, len(pts))
        rows.append({"learner": lr, "days": len(pts), "slope_per_year": fit.slope * 365,
                     "slope_se": fit.stderr * 365, "intercept": fit.intercept,
                     "r": fit.rvalue, "p": fit.pvalue})
    slopes = Table(["learner", "days", "slope_per_year", "slope_se", "intercept", "r", "p"],
                   rows, title="Accuracy per recording day against age (adult-to-child; WOPA %)",
                   notes=["slope in WOPA points per year of age (365 days)"])
    if window is not None:
        slopes.notes.append(f"{outside} recording day{'s' if outside != 1 else ''} outside ages "
                            f"{window[0]}-{window[1]} days left out")
    trows = []
    have = [lr for lr in order if lr in fits]
    for a, b in zip(have[:-1], have[1:], strict=True):
        (fa, na), (fb, nb) = fits[a], fits[b]
        se = math.sqrt(fa.stderr ** 2 + fb.stderr ** 2)
        t = (fb.slope - fa.slope) / se if se > 0 else float("nan")
        df = na + nb - 4
        p = float(2 * stats.t.sf(abs(t), df)) if math.isfinite(t) else float("nan")
        trows.append({"lower": a, "higher": b, "slope_diff_per_year": (fb.slope - fa.slope) * 365,
                      "t": t, "df": df, "p": p})
    tests = Table(["lower", "higher", "slope_diff_per_year", "t", "df", "p"], trows,
                  title="t-tests comparing regression slopes (df = n1 + n2 - 4)")
    return slopes, tests


def _missing(twin: Table, ours: Table | None, ids: Sequence[str]) -> list[str]:
    """The rows of ``twin`` no row of ``ours`` has (by the columns ``ids``), as words."""
    have = {tuple(r.get(c) for c in ids) for r in (ours.rows if ours is not None else [])}
    return [" ".join(f"{r[c]}" for c in ids) for r in twin.rows
            if tuple(r.get(c) for c in ids) not in have]


def paper_twins(tables: Mapping[str, Table]) -> dict[str, Table]:
    """The numbers Chang et al. 2006 state in their text, as twins of the run's ``means``,
    ``ttests`` and ``slope_tests`` (the report sets each beside the run's rows).

    ``means_paper`` has Lexstat's self-prediction 71% (the only mean the text states);
    ``ttests_paper`` the self-prediction improvements with t(13) and p, and the
    adult-to-child t(13) and p (pp. 157-158); ``slope_tests_paper`` the t(2344) and p
    of the slope comparisons (p. 158).  The notes name the paper's rows the run has no
    row for (a learner it did not run).

    Parameters
    ----------
    tables
        The run's tables (``means``, ``ttests``, ``slope_tests``; a missing one leaves
        every paper row of its twin unpaired).

    Returns
    -------
    dict of str to Table
        ``means_paper``, ``ttests_paper`` and ``slope_tests_paper``.

    Example
    -------
    >>> twins = paper_twins({})
    >>> twins["means_paper"].rows, len(twins["ttests_paper"].rows)
    ([{'learner': 'Lexstat', 'self': 71.0}], 9)
    """
    figures = ("every other mean, and every adult-to-child one, the paper shows only in its "
               "Figures 1-2 (not read off the plots)")
    data = f"the paper's population: {paper.DATA}"
    means = Table(["learner", "self"], [{"learner": "Lexstat", "self": paper.LEXSTAT_SELF}],
                  digits=0,
                  title=f"{paper.WHERE_SELF}: mean WOPA (%) the text states (paper's numbers)",
                  notes=[f"{paper.WHERE_SELF}: Lexstat 'has the highest accuracy (71%)' in "
                         f"self-prediction; {figures}", data])
    rows = [{"test": "self", "lower": lo, "higher": hi, "mean_diff": d, "t": t, "p": p}
            for lo, hi, d, t, p in paper.SELF_TESTS]
    rows += [{"test": "adult-child", "lower": lo, "higher": hi, "mean_diff": None, "t": t,
              "p": p} for lo, hi, t, p in paper.CHILD_TESTS]
    ttests = Table(["test", "lower", "higher", "mean_diff", "t", "p"], rows, digits=3,
                   title="Chang et al. 2006, pp. 157-158: paired t-tests between learners, t("
                         f"{paper.DF_TESTS}) (paper's numbers)",
                   notes=[f"{paper.WHERE_SELF}: self-prediction improvements ('28%' ...) in "
                          "WOPA % points, t(13) and p as printed ('12,19' read 12.19)",
                          f"{paper.WHERE_CHILD}: adult-to-child t(13) and p; the text states "
                          "no improvement and no test of Prevword against Chance", data])
    slopes = Table(["lower", "higher", "t", "p"],
                   [{"lower": lo, "higher": hi, "t": t, "p": p}
                    for lo, hi, t, p in paper.SLOPE_TESTS], digits=3,
                   title=f"{paper.WHERE_CHILD}: t-tests comparing regression slopes, t("
                         f"{paper.DF_SLOPES}) (paper's numbers)",
                   notes=[f"{paper.WHERE_CHILD}: t printed without a sign (ours: higher "
                          "minus lower); the text says which slope is the more positive only "
                          "for Type/Token against Token/Type", data])
    twins = {"means_paper": (means, "means", ["learner"]),
             "ttests_paper": (ttests, "ttests", ["test", "lower", "higher"]),
             "slope_tests_paper": (slopes, "slope_tests", ["lower", "higher"])}
    out = {}
    for key, (twin, ours, ids) in twins.items():
        missing = _missing(twin, tables.get(ours), ids)
        if missing:
            twin.notes.append("paper rows with no run row: " + "; ".join(missing))
        twin.notes.append(f"signature: paper|chang2006|{ours}")
        out[key] = twin
    return out


@dataclass
class Chang2006Result:
    """Tables (per corpus, means, t-tests, slopes, slope tests, and the paper's numbers next
    to the means, t-tests and slope tests), figure paths, raw cells."""

    tables: dict[str, Table]
    figures: list[str] = field(default_factory=list)
    cells: dict[str, dict] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


#: the protocol mirrors the paper's tables and figures in its unit, percent (WOPA
#: itself is a proportion, :mod:`induceval.measures.wopa`); every table says "(%)"
_PERCENT = 100.0


def _utterance_items(result: Mapping | None):
    """WOPA ItemStats of one learner's result in a cell (per scored utterance), or None."""
    from induceval.measures.wopa import wopa_items

    correct = (result or {}).get("item_correct")
    if not correct:
        return None
    c = np.asarray(correct, dtype=np.float64)
    return wopa_items(np.column_stack([c, np.ones(len(c))]))


def _corpus_mean_interval(values: Sequence[float], marks) -> float | None:
    """Half-width of the bootstrap interval of a mean over corpora (``marks`` of unit corpus)."""
    from induceval.measures.resampling import ratio_items

    if marks is None or len(values) < 2:
        return None
    st = ratio_items(np.column_stack([values, np.ones(len(values))]), "mean")
    return marks.interval(st, "mean").half_width


def _per_corpus(cells: Mapping[str, dict], labels: Sequence[str], marks=None):
    """The per_corpus table, WOPA per test, learner and corpus, the days and the errors."""
    per: dict[str, dict[str, dict[str, float]]] = {"self": {}, "child": {}}
    rows = []
    errors: dict[str, str] = {}
    days: dict[str, list[dict]] = {}
    for cname, cell in cells.items():
        errors.update({f"{cname}:{kind}": msg for kind, msg in cell.get("errors", {}).items()})
        for test in ("self", "child"):
            row = {"corpus": cname, "test": "self" if test == "self" else "adult-child"}
            for lab in labels:
                r = cell[test].get(lab)
                if r is None:
                    continue
                row[lab] = _PERCENT * r["wopa"]
                row["scored"] = r["scored"]
                per[test].setdefault(lab, {})[cname] = _PERCENT * r["wopa"]
            if len(row) > 2:
                if marks is not None:
                    marks.mark(row, {lab: _utterance_items(cell[test].get(lab))
                                     for lab in labels}, "wopa", scale=_PERCENT)
                rows.append(row)
        if "developmental" not in cell.get("errors", {}):
            for lab in labels:
                for d in cell["days"].get(lab, []):
                    days.setdefault(lab, []).append({**d, "wopa": _PERCENT * d["wopa"],
                                                     "corpus": cname})
    cols, notes = ["corpus", "test", "scored", *labels], []
    if marks is not None and any(f"{lab} ±" in r for r in rows for lab in labels):
        cols = interval_columns(cols, labels)
        notes = marks.notes("the corpus's scored utterances")
    table = Table(cols, rows, higher_is_better={}, title="WOPA (%) per corpus and learner",
                  notes=notes)
    return table, per, days, errors


def _means(per: Mapping[str, Mapping[str, Mapping[str, float]]], labels: Sequence[str],
           keys: Sequence[str], marks=None) -> Table:
    """The means table: mean WOPA over corpora per learner and test."""
    by_corpus = Marks(marks.n, marks.alpha, marks.seed, unit="corpus") if marks else None
    mrows = []
    for lab, key in zip(labels, keys, strict=True):
        s = list(per["self"].get(lab, {}).values())
        c = list(per["child"].get(lab, {}).values())
        mrows.append({"learner": lab, "self": float(np.mean(s)) if s else None,
                      "self ±": _corpus_mean_interval(s, by_corpus),
                      "self_sd": float(np.std(s, ddof=1)) if len(s) > 1 else None,
                      "adult_child": float(np.mean(c)) if c else None,
                      "adult_child ±": _corpus_mean_interval(c, by_corpus),
                      "adult_child_sd": float(np.std(c, ddof=1)) if len(c) > 1 else None,
                      "n_corpora": len(s), "paper_self": PAPER_SELF.get(key, "")})
    cols = ["learner", "self", "self_sd", "adult_child", "adult_child_sd", "n_corpora",
            "paper_self"]
    notes = []
    if by_corpus is not None:
        cols = interval_columns(cols, ["self", "adult_child"], ties=False)
        notes = by_corpus.notes("the corpora (the population of the paper's t-tests)", ties=False)
        notes.append("differences between learners: the ttests table")
    return Table(cols, mrows, higher_is_better={"self": True, "adult_child": True},
                 title="Mean WOPA (%) over corpora (paper: Chance < Prevword < Freqframe < "
                       "Token/Type < Type/Token < Lexstat ~71%)", notes=notes)


def _summarise(cells: Mapping[str, dict], learners: Sequence[object],
               figures_dir: str | os.PathLike | None, marks=None,
               window: tuple[int, int] | None = None) -> Chang2006Result:
    labels = [getattr(lr, "label", "") or getattr(lr, "name", str(lr)) for lr in learners]
    keys = [getattr(lr, "name", str(lr)) for lr in learners]
    per_corpus, per, days, errors = _per_corpus(cells, labels, marks)
    t_self = paired_ttests(per["self"], labels, "self")
    t_child = paired_ttests(per["child"], labels, "adult-child")
    ttests = Table(t_self.columns, t_self.rows + t_child.rows,
                   title="Paired t-tests between consecutive learners (corpora = population; "
                         "mean_diff in WOPA % points)")
    slopes, slope_tests = slope_analysis(days, [lab for lab in labels if lab != "Chance"],
                                         window=window)
    age_sig = f"{window[0]}-{window[1]}" if window is not None else "all"
    dev_err = [v for k, v in errors.items() if k.endswith(":developmental")]
    for t in (slopes, slope_tests):
        t.notes.append(f"signature: {make_signature('chang2006-slopes', {'age_days': age_sig})}")
        if dev_err:
            t.notes.append("developmental analysis without: " + "; ".join(dev_err))
    tables = {"per_corpus": per_corpus, "means": _means(per, labels, keys, marks),
              "ttests": ttests, "slopes": slopes, "slope_tests": slope_tests}
    figs: list[str] = []
    if figures_dir is not None:
        figs = _figures(per, days, labels, slopes, Path(figures_dir), window)
    return Chang2006Result(tables, figs, dict(cells), errors)


def _figures(per: Mapping[str, Mapping[str, Mapping[str, float]]],
             days: Mapping[str, list[dict]], labels: Sequence[str], slopes: Table,
             out: Path, window: tuple[int, int] | None = None) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for num, test, title in ((1, "self", "Self-prediction"), (2, "child", "Adult-to-child")):
        fig, ax = plt.subplots(figsize=(7, 4))
        means, ses = [], []
        for i, lab in enumerate(labels):
            vals = np.array(list(per[test].get(lab, {}).values()), dtype=float)
            means.append(vals.mean() if len(vals) else np.nan)
            ses.append(vals.std(ddof=1) / np.sqrt(len(vals)) if len(vals) > 1 else 0.0)
            ax.scatter(np.full(len(vals), i) + np.linspace(-0.2, 0.2, max(len(vals), 1))
                       [: len(vals)], vals, s=8, color="black", alpha=0.5, zorder=3)
        ax.bar(range(len(labels)), means, yerr=ses, color="0.75", capsize=3)
        ax.set_xticks(range(len(labels)), labels)
        ax.set_ylabel("WOPA (% utterances correct)")
        ax.set_ylim(0, 100)
        ax.set_title(f"Fig. {num}: {title} (bars: mean ± SE over corpora; dots: corpora)")
        paths.append(finish_figure(
            fig, out / f"figure{num}_{'self' if test == 'self' else 'adult_child'}.png"))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    fits = {r["learner"]: r for r in slopes.rows}
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    every_x = np.array([p["age_days"] for lab in labels for p in days.get(lab, [])], dtype=float)
    # the x axis covers the fitted age window (the paper's 1-5 years by default), or the
    # bulk of the recordings (1st-99th percentile) without one; the fitted lines are
    # drawn over that range and never below 0 %
    if window is not None:
        inside_x = every_x[(every_x >= window[0]) & (every_x <= window[1])]
        lo, hi = ((inside_x.min(), inside_x.max()) if len(inside_x) else window)
        what = f"ages {window[0]}-{window[1]} days (not fitted)"
    else:
        lo, hi = (np.percentile(every_x, [1, 99]) if len(every_x) else (0.0, 1.0))
        what = "the 1st-99th age percentile"
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    n_outside = int(((every_x < lo) | (every_x > hi)).sum())
    for i, lab in enumerate(lab for lab in labels if lab in fits):
        pts = days.get(lab, [])
        x = np.array([p["age_days"] for p in pts], dtype=float)
        y = np.array([p["wopa"] for p in pts], dtype=float)
        c = colors[i % len(colors)]
        inside = (x >= lo) & (x <= hi)
        ax.scatter(x[inside], y[inside], s=4, alpha=0.25, color=c)
        xs = np.linspace(lo, hi, 50)
        ys = fits[lab]["intercept"] + fits[lab]["slope_per_year"] / 365 * xs
        ax.plot(xs, np.clip(ys, 0, 100), color=c, label=lab, lw=2)
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, None)
    if n_outside:
        ax.text(0.99, 0.01, f"{n_outside} learner-days outside {what} not shown",
                transform=ax.transAxes, ha="right", va="bottom", fontsize=7)
    ax.set_xlabel("age of the child in days (CHAT reader's age convention)")
    ax.set_ylabel("WOPA per recording day (%)")
    ax.set_title("Fig. 3: Adult-to-child accuracy per recording day")
    add_legend(ax, fontsize=8)
    paths.append(finish_figure(fig, out / "figure3_development.png"))
    return paths


def reproduce_corpora(corpora: Mapping[str, Corpus | Sequence[str]],
                      learners: Sequence[object] = PAPER_ORDER, *,
                      out_dir: str | os.PathLike | None = None,
                      figures_dir: str | os.PathLike | None = None, jobs: int = 1,
                      show_progress: bool = False, confidence: int = 1000,
                      alpha: float = 0.05, age_range: tuple[float, float] | None = (1, 5),
                      **options: object) -> Chang2006Result:
    """Run the protocol over named corpora (Corpus objects or lists of CHAT paths).

    ``age_range``: the ages in years whose recording days enter the
    developmental regression and Figure 3 (default ``(1, 5)``, the paper's
    "between 1 and 5 years", p. 157, taken as 1;0.0 to 5;0.0 inclusive;
    ``None``: every age).  Days outside are counted in the slopes table's
    notes; the cells, the per-corpus and mean tables do not depend on it.

    ``confidence`` bootstrap resamples (0 = none) at level ``1 - alpha``:
    ``per_corpus`` gets ``<learner> ±`` (WOPA's interval over the corpus's
    scored utterances, each one outcome, Chang et al. 2006, p. 156) and per
    row the best learner and those not significantly different from it
    (paired bootstrap, two-sided); ``means`` gets ``self ±`` /
    ``adult_child ±`` over the corpora (the population of the paper's
    t-tests, p. 157).  Drawn in the main process from the
    ``resampling.bootstrap`` stream of the ``seed`` option.

    ``out_dir`` stores finished cells (resume); ``figures_dir`` receives the
    PNG figures (``None``: none); ``options`` go to the tests
    (``ties``, ``seed``, ``cooccurrence``, ``punct``, ``initial``,
    ``unintelligible``, ``chance``), the learners (``prevword_count`` ...) and
    the CHAT reader (``ages``: ``"days"``, the default monotonic age in days,
    or ``"chang2006"``, the paper's ``years*365 + months*31 + days`` for
    reproducing its slopes; see :func:`~induceval.corpus.model.age_in_days`).
    Scored utterances without an age are left out of the per-day analysis and
    counted per learner in each cell's ``"undated"``.

    Parameters
    ----------
    corpora
        Name -> Corpus, or CHAT paths.
    learners
        The learners, in the paper's order.
    out_dir, figures_dir
        Where finished cells and figures go (``None``: none).
    jobs
        Processes running the corpora.
    show_progress
        Show a bar over the corpora.
    confidence, alpha, age_range
        See above.
    **options
        Options of the tests, learners and reader (see above).

    Returns
    -------
    Chang2006Result
        The tables, figures, cells and errors.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=40, seed=1)
    >>> result = reproduce_corpora({"demo": demo}, confidence=0)
    >>> "per_corpus" in result.tables
    True
    """
    if not corpora:
        raise InducevalError("no corpora given")
    objs = _learner_objs(learners, options)
    names = [getattr(lr, "name", str(lr)) for lr in objs]
    cells = []
    for cname, c in corpora.items():
        arg = c if isinstance(c, Corpus) else [str(p) for p in c]
        opt_key = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        # "|items": cells carry per-utterance outcomes (for the intervals)
        cells.append(Cell(f"{cname}|{','.join(names)}|{opt_key}|items", run_corpus,
                          (arg, cname, names), dict(options)))
    results = run_protocol_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                                 desc="chang2006",
                                 shorten="--learners L, --ages A, --confidence 0",
                                 probe_inputs=_read_inputs)
    by_name = {cell["corpus"]: cell for cell in results.values()}
    marks = (Marks(confidence, alpha, options.get("seed", DEFAULT_SEED), unit="utterance")
             if confidence else None)
    window = age_window(age_range, str(options.get("ages", "days")))
    res = _summarise(by_name, objs, figures_dir, marks, window)
    # the run's signature first in every table (the resampling one only adds the intervals')
    fields = {"learners": ",".join(names), **{k: str(v) for k, v in sorted(options.items())
                                              if k != "seed"},
              "age_range": "all" if age_range is None else f"{age_range[0]:g}-{age_range[1]:g}"}
    sig = "signature: " + make_signature("chang2006", fields,
                                         seed=options.get("seed", DEFAULT_SEED))
    for table in res.tables.values():
        table.notes.insert(0, sig)
    res.tables.update(paper_twins(res.tables))
    return res


def reproduce(data_root: str | os.PathLike, out_dir: str | os.PathLike | None = None, *,
              learners: Sequence[object] = PAPER_ORDER, jobs: int = 1,
              show_progress: bool = False, figures: bool = True, confidence: int = 1000,
              alpha: float = 0.05, age_range: tuple[float, float] | None = (1, 5),
              **options: object) -> Chang2006Result:
    """The paper's protocol on the default population under ``data_root``.

    Tables are returned; figures are written to ``out_dir`` when given;
    ``confidence``/``alpha`` as in :func:`reproduce_corpora`.

    Parameters
    ----------
    data_root
        The shared data folder.
    out_dir
        Where tables, figures and finished cells go (``None``: nothing written).
    learners
        The learners, in the paper's order.
    jobs
        Processes running the corpora.
    show_progress
        Show a bar over the corpora.
    figures
        Draw the figures.
    confidence, alpha, age_range
        As in :func:`reproduce_corpora`.
    **options
        Options of the WOPA tests.

    Returns
    -------
    Chang2006Result
        The tables, figures, cells and errors.

    Example
    -------
    >>> import tempfile
    >>> reproduce(tempfile.mkdtemp())   # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    induceval.errors.InducevalError: no CHILDES corpora (Manchester, eve, estonian) under ...
    """
    pop = default_population(data_root)
    figdir = out_dir if (figures and out_dir is not None) else None
    return reproduce_corpora(pop, learners, out_dir=out_dir, figures_dir=figdir, jobs=jobs,
                             show_progress=show_progress, confidence=confidence, alpha=alpha,
                             age_range=age_range, **options)


# -- the reproduce protocol ------------------------------------------------------------

def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce chang2006`` options; every table is written to --out."""
    learners = [s.strip() for s in o.learners.split(",") if s.strip()]
    opts = {"ties": o.ties, "seed": o.seed, "cooccurrence": o.cooccurrence,
            "prevword_count": o.count, "freqframe_count": o.count}
    if o.ages != "days":  # the default stays out of the cell keys
        opts["ages"] = o.ages
    common = dict(jobs=o.jobs, show_progress=show_progress, confidence=o.confidence,
                  alpha=o.alpha, age_range=o.age_range, **opts)
    if o.corpora:
        res = reproduce_corpora({Path(c).name: [c] for c in o.corpora}, learners, out_dir=o.out,
                                figures_dir=None if o.no_figures else o.out, **common)
    else:
        res = reproduce(data, o.out, learners=learners, figures=not o.no_figures, **common)
    write_tables(res.tables, o.out)
    names = list(res.tables) if o.table == "all" else [o.table]
    return [res.tables[n] for n in names], [f"{k}: {msg}" for k, msg in res.errors.items()]
