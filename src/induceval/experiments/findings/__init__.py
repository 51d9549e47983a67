"""The papers' findings as checks over a protocol's result tables.

Each paper states findings in words ("Prevword beats Chance", "more tags
will mean a higher score for M-1").  A :class:`Finding` holds those words,
where the paper says them, and a check that reads the tables a
``reproduce`` run wrote and returns a :class:`Verdict`: ``holds``, ``does
not hold``, ``partly`` or ``not comparable``, with the numbers that decide
it and, where a difference between the paper's setting and ours is known,
the reason.  Verdicts are computed from the run, never written by hand.

:func:`load_run` reads a run folder (its ``run.json`` manifest and its
``*.json`` tables); :func:`check_run` applies the findings of the run's
protocol; :data:`FINDINGS` lists them by protocol.  A protocol names its
findings (``findings``, :class:`~induceval.experiments.protocols.Protocol`);
the records they are made of are in :mod:`induceval.experiments.findings.base`.

Example
-------
>>> run = Run("chang2006", {"means": {"rows": [
...     {"learner": "Chance", "self": 10.0}, {"learner": "Prevword", "self": 30.0}]},
...     "ttests": {"rows": [{"test": "self", "lower": "Chance", "higher": "Prevword",
...                          "mean_diff": 20.0, "p": 0.001}]}})
>>> dict((f.key, v.status) for f, v in check_run(run))["chang2006.prevword_beats_chance"]
'holds'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from fnmatch import fnmatchcase
from pathlib import Path
from types import ModuleType

from induceval.errors import InducevalError
from induceval.experiments.findings.base import (
    HOLDS,
    NOT,
    NOT_COMPARABLE,
    PARTLY,
    RULES,
    STATUSES,
    UNDECIDED,
    Finding,
    NotChecked,
    Run,
    Verdict,
    by,
    fmt,
    is_number,
    printed_number,
    share_verdict,
)

__all__ = ["HOLDS", "NOT", "PARTLY", "UNDECIDED", "NOT_COMPARABLE", "STATUSES", "RULES",
           "Verdict", "Finding", "NotChecked", "Run", "load_run", "check_run", "FINDINGS",
           "NOT_CHECKED", "not_checked", "detect_protocol", "comparisons", "report_data",
           "is_number", "printed_number", "fmt", "by", "share_verdict"]


def _protocols() -> list:
    from induceval.experiments.protocols import protocols

    return protocols()


def _findings_module(protocol) -> tuple[ModuleType, str]:
    """The module a protocol's ``findings`` names, and the name of its list of findings."""
    module, name = protocol.findings.split(":")
    return importlib.import_module(f"induceval.experiments.findings.{module}"), name


def _findings_of(name: str) -> tuple[ModuleType, str] | None:
    """The findings module and list name of protocol ``name`` (None: no findings)."""
    for p in _protocols():
        if p.name == name and p.findings:
            return _findings_module(p)
    return None


def not_checked(name: str) -> list[NotChecked]:
    """The findings protocol ``name``'s paper states that no check decides, with the reason.

    A findings list ``NAME`` (``FINDINGS``, ``POS_FINDINGS``) has them in the module's
    ``NAME`` with ``FINDINGS`` read ``NOT_CHECKED`` (``NOT_CHECKED``, ``POS_NOT_CHECKED``).

    Parameters
    ----------
    name
        A protocol's name.

    Returns
    -------
    list of NotChecked
        Where each is, its claim and why it is not checked.

    Example
    -------
    >>> not_checked("chang2006")[0].where
    'Chang et al. 2006, p. 158'
    """
    found = _findings_of(name)
    if found is None:
        return []
    module, listed = found
    return list(getattr(module, listed.replace("FINDINGS", "NOT_CHECKED"), ()))


def detect_protocol(keys: Sequence[str]) -> str | None:
    """The protocol whose tables a folder holds, from their keys (None when unknown).

    Parameters
    ----------
    keys
        The keys of a folder's tables.

    Returns
    -------
    str or None
        The protocol's name.

    Example
    -------
    >>> detect_protocol(["k", "table2_m1", "table7_m1"]), detect_protocol(["x"])
    ('pascal2012-pos', None)
    """
    have = set(keys)
    for p in _protocols():
        if p.run_tables and all(any(fnmatchcase(k, pattern) for k in have)
                                for pattern in p.run_tables):
            return p.name
    return None


def load_run(path: str | Path) -> Run:
    """Read a run folder: ``run.json`` (written by ``reproduce``) and every ``*.json`` table.

    A folder without ``run.json`` (a run of an older version) is recognised by
    its tables' keys.  Raises :class:`InducevalError` for a folder that holds
    neither.

    Parameters
    ----------
    path
        The run's folder.

    Returns
    -------
    Run
        Its protocol, manifest and tables.

    Example
    -------
    >>> import json, tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "run.json").write_text(json.dumps({"protocol": "chang2006", "version": "x"}))
    >>> _ = (d / "means.json").write_text(json.dumps({"title": "Mean WOPA", "rows": []}))
    >>> run = load_run(d)
    >>> run.protocol, sorted(run.tables), run.manifest["version"]
    ('chang2006', ['means'], 'x')
    """
    p = Path(path)
    if not p.is_dir():
        raise InducevalError(f"{p}: not a run folder (give the --out folder of a reproduce run)")
    manifest = {}
    if (p / "run.json").exists():
        try:
            manifest = json.loads((p / "run.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InducevalError(f"{p / 'run.json'}: not readable as a run manifest: {exc}"
                                 ) from None
    tables = {}
    for f in sorted(p.glob("*.json")):
        if f.name == "run.json":
            continue
        try:
            doc = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue        # not a table (a damaged file is named by the report's notes)
        if isinstance(doc, dict) and "rows" in doc:
            tables[f.stem] = doc
    protocol = manifest.get("protocol") or detect_protocol(list(tables))
    if protocol is None:
        raise InducevalError(f"{p}: no run.json and no protocol's tables; give the --out "
                             "folder of a reproduce run")
    # a figure written as SVG and PNG is shown once, as SVG (inline in the page)
    found = {f.with_suffix(""): f for ext in ("*.png", "*.svg") for f in p.rglob(ext)}
    figures = sorted(str(f) for f in found.values())
    return Run(protocol, tables, manifest, str(p), figures)


def check_run(run: Run) -> list[tuple[Finding, Verdict]]:
    """Every finding of the run's protocol with its verdict on the run.

    A check that cannot be made (a table the run lacks, a model it did not
    run) gives ``not comparable`` with the reason, never an error.

    Parameters
    ----------
    run
        A run, as :func:`load_run` reads it.

    Returns
    -------
    list of tuple of (Finding, Verdict)
        Every finding with its verdict.

    Example
    -------
    >>> [v.status for _, v in check_run(Run("reichart2010", {}))][:2]
    ['not comparable', 'not comparable']
    """
    out = []
    found = _findings_of(run.protocol)
    for finding in getattr(*found) if found else ():
        try:
            verdict = finding.check(run)
        except (InducevalError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            verdict = Verdict(NOT_COMPARABLE, f"cannot be checked on this run: {exc}")
        if finding.reason and not verdict.reason:
            verdict.reason = finding.reason
        out.append((finding, verdict))
    return out


def comparisons(run: Run) -> list[dict]:
    """The paper's published numbers beside ours: one table per run table that has a
    ``<key>_paper`` twin, a row per (row, column) both give.

    Each row: the row's name, the column, ours, our interval's half-width (when the
    run has one), the paper's number and ours minus the paper's.  A row is named by the
    twin's columns that hold no float and no printed number; a cell that prints a number
    with its significance marks (``"91.5*"``, Chambers & Jurafsky 2010's figures) compares
    by that number, a cell without one (``"-"``, ``"< 0.0001"``) is left out.

    Parameters
    ----------
    run
        A run, as :func:`load_run` reads it.

    Returns
    -------
    list of dict
        One comparison table per run table with a paper twin: its ``key``, ``title``,
        the twin's ``paper_title`` and ``paper_notes`` (its notes but its signature), and
        ``rows``.

    Example
    -------
    >>> run = Run("pascal2012-pos", {
    ...     "table2_m1": {"title": "M-1 (%)", "columns": ["testset", "Bc", "Bc ±"],
    ...                   "rows": [{"testset": "danish", "Bc": 60.0, "Bc ±": 1.5}]},
    ...     "table2_m1_paper": {"columns": ["testset", "Bc"],
    ...                         "rows": [{"testset": "danish", "Bc": 64.0}]}})
    >>> comparisons(run)[0]["rows"]
    [{'row': 'danish', 'column': 'Bc', 'ours': 60.0, '±': 1.5, 'paper': 64.0, 'difference': -4.0}]
    """
    out = []
    for key in sorted(run.tables):
        paper = run.tables.get(f"{key}_paper")
        if paper is None or key.endswith("_paper"):
            continue
        ours = run.tables[key]
        prows = paper.get("rows", [])
        # a row is named by the paper's columns that hold no float and no printed number
        # ("93.9*"): testset; Model and K
        ids = [c for c in paper.get("columns", []) if prows and
               not any(_value_cell(r.get(c)) for r in prows)]
        values = [c for c in paper.get("columns", []) if c not in ids]

        def name(r: Mapping, ids: list[str] = ids) -> str:
            return " ".join(f"{'K=' if c == 'K' else ''}{r.get(c)}" for c in ids)

        theirs = {name(r): r for r in prows}
        rows = []
        for r in ours.get("rows", []):
            p = theirs.get(name(r))
            if p is None:
                continue
            for col in values:
                mine, printed = printed_number(r.get(col)), printed_number(p.get(col))
                if mine is not None and printed is not None:
                    rows.append({"row": name(r), "column": col,
                                 "ours": r[col] if is_number(r[col]) else mine,
                                 "±": r.get(f"{col} ±"),
                                 "paper": p[col] if is_number(p[col]) else printed,
                                 "difference": mine - printed})
        if rows:
            # the twin's notes say which paper row stands beside which of ours, and which
            # paper rows the run has none for
            notes = [str(n) for n in paper.get("notes", []) if not str(n).startswith("signature:")]
            out.append({"key": key, "title": ours.get("title", key),
                        "paper_title": paper.get("title", ""), "paper_notes": notes,
                        "rows": rows})
    return out


def _value_cell(x: object) -> bool:
    """A cell that holds a value, not a row's name: a float, or a printed number (``93.9*``)."""
    return isinstance(x, float) or (isinstance(x, str) and printed_number(x) is not None)


def run_labels(runs: Sequence[Run]) -> list[str]:
    """The name of each run on the page: its protocol, and where runs of one protocol
    differ, the flags set on one and not the other (``frank2009 (--short)``), else its
    folder.

    Parameters
    ----------
    runs
        The runs reported.

    Returns
    -------
    list of str
        One label a run, all different.

    Example
    -------
    >>> full = Run("frank2009", {}, manifest={"options": {"short": False}}, path="runs/a")
    >>> short = Run("frank2009", {}, manifest={"options": {"short": True}}, path="runs/b")
    >>> run_labels([full, short, Run("chang2006", {})])
    ['frank2009', 'frank2009 (--short)', 'chang2006']
    """
    labels = []
    for run in runs:
        same = [r for r in runs if r.protocol == run.protocol]
        options = [(r.manifest or {}).get("options") or {} for r in same]
        mine = (run.manifest or {}).get("options") or {}
        flags = sorted(k for k, v in mine.items()
                       if v is True and any(o.get(k) is not True for o in options))
        labels.append(run.protocol + (f" ({', '.join('--' + f.replace('_', '-') for f in flags)})"
                                      if flags else ""))
    return [f"{label} ({Path(run.path).name})" if labels.count(label) > 1 else label
            for run, label in zip(runs, labels)]


def report_data(runs: Sequence[Run]) -> dict:
    """The content of a reproduction report (JSON-ready): per run its protocol, manifest,
    findings with verdicts, paper-vs-ours comparisons, tables' signatures and figures; and
    a summary of the verdicts over all runs.

    Parameters
    ----------
    runs
        The runs reported.

    Returns
    -------
    dict
        ``runs``, ``summary`` and ``rules``.

    Example
    -------
    >>> data = report_data([Run("reichart2010", {})])
    >>> [f["key"] for f in data["runs"][0]["findings"]][:2]
    ['reichart2010.token_type_weak', 'reichart2010.macro_micro_1to1']
    >>> data["rules"] == RULES and data["summary"]["not comparable"] > 0
    True
    """
    papers, summary = [], dict.fromkeys(STATUSES, 0)
    labels = run_labels(runs)
    for run, label in zip(runs, labels):
        run.others = {r.protocol: r for r in runs if r is not run}
        checked = check_run(run)
        for _, v in checked:
            summary[v.status] += 1
        sigs = sorted({s for t in run.tables.values() for s in t.get("signatures", [])
                       if isinstance(s, str)})
        paper_data, ours = _data(run)
        papers.append({
            "protocol": run.protocol, "label": label, "path": run.path,
            "manifest": run.manifest, "data": {"paper": paper_data, "ours": ours},
            "findings": [{"key": f.key, "where": f.where, "claim": f.claim, **v.to_dict()}
                         for f, v in checked],
            "not_checked": [{"where": n.where, "claim": n.claim, "reason": n.reason}
                            for n in not_checked(run.protocol)],
            "comparisons": comparisons(run), "signatures": sigs, "figures": run.figures,
            "tables": sorted(run.tables)})
    return {"summary": summary, "rules": RULES, "runs": papers}


def _data(run: Run) -> tuple[str, str]:
    """The paper's data in words and ours, from the run (``-`` when it cannot be told)."""
    found = _findings_of(run.protocol)
    if found is None:
        return "-", "-"
    m = found[0]
    try:
        ours = m.our_data(run)
    except (InducevalError, KeyError, TypeError, ValueError) as exc:
        ours = f"cannot be told from this run: {exc}"
    return m.PAPER_DATA, ours


def __getattr__(name: str) -> dict[str, list]:
    """:data:`FINDINGS` (protocol name -> its findings) and :data:`NOT_CHECKED` (protocol
    name -> the findings no check decides), read from the protocols when asked."""
    if name == "FINDINGS":
        found = {p.name: getattr(*_findings_module(p)) for p in _protocols() if p.findings}
    elif name == "NOT_CHECKED":
        found = {p.name: not_checked(p.name) for p in _protocols() if p.findings}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = found
    return found
