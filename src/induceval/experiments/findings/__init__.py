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
protocol; :data:`FINDINGS` lists them by protocol.

Example
-------
>>> run = Run("chang2006", {"means": {"rows": [
...     {"learner": "Chance", "self": 10.0}, {"learner": "Prevword", "self": 30.0}]},
...     "ttests": {"rows": [{"test": "self", "lower": "Chance", "higher": "Prevword",
...                          "mean_diff": 20.0, "p": 0.001}]}})
>>> [(f.key, v.status) for f, v in check_run(run)][:1]
[('chang2006.prevword_beats_chance', 'holds')]
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from induceval.errors import InducevalError

__all__ = ["HOLDS", "NOT", "PARTLY", "NOT_COMPARABLE", "STATUSES", "Verdict", "Finding", "Run",
           "load_run", "check_run", "FINDINGS", "detect_protocol", "comparisons", "report_data"]

HOLDS, NOT, PARTLY, NOT_COMPARABLE = "holds", "does not hold", "partly", "not comparable"
#: the verdicts, best first
STATUSES = (HOLDS, PARTLY, NOT, NOT_COMPARABLE)


@dataclass
class Verdict:
    """What a run says of one finding: the status, the numbers behind it, and why it may differ."""

    status: str
    evidence: str
    numbers: dict = field(default_factory=dict)
    reason: str = ""

    def to_dict(self) -> dict:
        """JSON-ready."""
        return {"status": self.status, "evidence": self.evidence, "numbers": self.numbers,
                "reason": self.reason}


@dataclass(frozen=True)
class Finding:
    """A finding a paper states in words, and the check that decides it on a run."""

    key: str
    where: str            # e.g. "Chang et al. 2006, p. 157"
    claim: str            # the paper's words
    check: Callable[[Run], Verdict]
    reason: str = ""      # a known difference between the paper's setting and ours


@dataclass
class Run:
    """One ``reproduce`` run: its protocol, its tables (key -> JSON table) and manifest."""

    protocol: str
    tables: dict[str, dict]
    manifest: dict = field(default_factory=dict)
    path: str = ""
    figures: list[str] = field(default_factory=list)
    #: the other runs of the same report, by protocol (findings that compare two runs)
    others: dict[str, Run] = field(default_factory=dict)

    def rows(self, key: str) -> list[dict]:
        """The rows of table ``key`` (raises :class:`InducevalError` when the run lacks it)."""
        if key not in self.tables:
            raise InducevalError(f"run {self.path or self.protocol}: no table {key!r} "
                                 f"(it has: {', '.join(sorted(self.tables)) or 'none'})")
        return list(self.tables[key].get("rows", []))

    def titled(self, prefix: str) -> dict[str, dict]:
        """The tables whose title starts with ``prefix``, by key (raises when there is none)."""
        found = {k: t for k, t in sorted(self.tables.items())
                 if str(t.get("title", "")).startswith(prefix)}
        if not found:
            raise InducevalError(f"run {self.path or self.protocol}: no table titled "
                                 f"{prefix!r}...")
        return found


#: table keys that tell each protocol's run folder apart (runs without a manifest)
_SIGNS = {"chang2006": {"per_corpus", "means", "ttests"},
          "pascal2012-pos": {"k", "table2_m1"},
          "reichart2010": {"table1"},
          "frank2009": {"table2", "table3"},
          "chambers2010": set()}


def detect_protocol(keys: Sequence[str]) -> str | None:
    """The protocol whose tables a folder holds, from their keys (None when unknown).

    Example
    -------
    >>> detect_protocol(["k", "table2_m1", "table7_m1"]), detect_protocol(["x"])
    ('pascal2012-pos', None)
    """
    have = set(keys)
    for name, sign in _SIGNS.items():
        if sign and sign <= have:
            return name
    if any(k.endswith("_figure4") for k in have):
        return "chambers2010"
    if any(k.startswith("dmv-vs-its-harmonic-initialiser") for k in have):
        return "pascal2012-deps"
    if any(k.startswith("joint-task-") for k in have):
        return "pascal2012-joint"
    return None


def load_run(path: str | Path) -> Run:
    """Read a run folder: ``run.json`` (written by ``reproduce``) and every ``*.json`` table.

    A folder without ``run.json`` (a run of an older version) is recognised by
    its tables' keys.  Raises :class:`InducevalError` for a folder that holds
    neither.

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

    Example
    -------
    >>> [v.status for _, v in check_run(Run("reichart2010", {}))]
    ['not comparable', 'not comparable']
    """
    out = []
    for finding in FINDINGS.get(run.protocol, ()):
        try:
            verdict = finding.check(run)
        except (InducevalError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            verdict = Verdict(NOT_COMPARABLE, f"cannot be checked on this run: {exc}")
        if finding.reason and not verdict.reason:
            verdict.reason = finding.reason
        out.append((finding, verdict))
    return out


# -- helpers of the checks -----------------------------------------------------------------

def is_number(x: object) -> bool:
    """A finite int or float (not a bool, not a string)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def fmt(x: object, digits: int = 3) -> str:
    """A number as the evidence shows it (tiny values with significant digits).

    Example
    -------
    >>> fmt(0.12345), fmt(2e-05), fmt(7), fmt("n/a")
    ('0.123', '2e-05', '7', 'n/a')
    """
    if not is_number(x) or isinstance(x, int):
        return str(x)
    if x != 0 and abs(x) < 10 ** -digits:
        return f"{x:.{digits}g}"
    return f"{x:.{digits}f}"


def by(rows: Sequence[Mapping], column: str) -> dict[str, dict]:
    """Rows keyed by the value of ``column``."""
    return {str(r.get(column)): dict(r) for r in rows}


def share_verdict(hits: int, total: int, what: str, *, numbers: dict | None = None,
                  partly_from: float = 0.5) -> Verdict:
    """``holds`` when all ``total`` cases agree, ``partly`` from ``partly_from`` of them,
    else ``does not hold``; ``not comparable`` without cases."""
    if total == 0:
        return Verdict(NOT_COMPARABLE, f"no case to check ({what})", numbers or {})
    status = HOLDS if hits == total else PARTLY if hits >= partly_from * total else NOT
    return Verdict(status, f"{hits} of {total} {what}", {"agree": hits, "cases": total,
                                                         **(numbers or {})})


def comparisons(run: Run) -> list[dict]:
    """The paper's published numbers beside ours: one table per run table that has a
    ``<key>_paper`` twin, a row per (row, column) both give.

    Each row: the row's name, the column, ours, our interval's half-width (when the
    run has one), the paper's number and ours minus the paper's.

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
        # a row is named by the paper's columns that hold no float (testset; Model and K)
        ids = [c for c in paper.get("columns", []) if prows and
               all(not isinstance(r.get(c), float) for r in prows)]
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
                if is_number(r.get(col)) and is_number(p.get(col)):
                    rows.append({"row": name(r), "column": col, "ours": r[col],
                                 "±": r.get(f"{col} ±"), "paper": p[col],
                                 "difference": r[col] - p[col]})
        if rows:
            out.append({"key": key, "title": ours.get("title", key),
                        "paper_title": paper.get("title", ""), "rows": rows})
    return out


def report_data(runs: Sequence[Run]) -> dict:
    """The content of a reproduction report (JSON-ready): per run its protocol, manifest,
    findings with verdicts, paper-vs-ours comparisons, tables' signatures and figures; and
    a summary of the verdicts over all runs.

    Example
    -------
    >>> data = report_data([Run("reichart2010", {})])
    >>> data["summary"]["not comparable"], [f["key"] for f in data["runs"][0]["findings"]]
    (2, ['reichart2010.token_type_weak', 'reichart2010.macro_micro_1to1'])
    """
    papers, summary = [], dict.fromkeys(STATUSES, 0)
    for run in runs:
        run.others = {r.protocol: r for r in runs if r is not run}
        checked = check_run(run)
        for _, v in checked:
            summary[v.status] += 1
        sigs = sorted({s for t in run.tables.values() for s in t.get("signatures", [])
                       if isinstance(s, str)})
        paper_data, ours = _data(run)
        papers.append({
            "protocol": run.protocol, "path": run.path, "manifest": run.manifest,
            "data": {"paper": paper_data, "ours": ours},
            "findings": [{"key": f.key, "where": f.where, "claim": f.claim, **v.to_dict()}
                         for f, v in checked],
            "comparisons": comparisons(run), "signatures": sigs, "figures": run.figures,
            "tables": sorted(run.tables)})
    return {"summary": summary, "runs": papers}


def _data(run: Run) -> tuple[str, str]:
    """The paper's data in words and ours, from the run (``-`` when it cannot be told)."""
    import importlib

    module = {"chang2006": "chang2006", "pascal2012-pos": "gelling2012",
              "pascal2012-deps": "gelling2012", "pascal2012-joint": "gelling2012",
              "frank2009": "frank2009",
              "reichart2010": "reichart2010", "chambers2010": "chambers2010"}.get(run.protocol)
    if module is None:
        return "-", "-"
    m = importlib.import_module(f"induceval.experiments.findings.{module}")
    try:
        ours = m.our_data(run)
    except (InducevalError, KeyError, TypeError, ValueError) as exc:
        ours = f"cannot be told from this run: {exc}"
    return m.PAPER_DATA, ours


def _registry() -> dict[str, list[Finding]]:
    from induceval.experiments.findings import (
        chambers2010,
        chang2006,
        frank2009,
        gelling2012,
        reichart2010,
    )

    return {"chang2006": chang2006.FINDINGS, "pascal2012-pos": gelling2012.POS_FINDINGS,
            "pascal2012-deps": gelling2012.DEPS_FINDINGS,
            "pascal2012-joint": gelling2012.JOINT_FINDINGS, "frank2009": frank2009.FINDINGS,
            "reichart2010": reichart2010.FINDINGS, "chambers2010": chambers2010.FINDINGS}


#: protocol name -> its findings
FINDINGS: dict[str, list[Finding]] = {}
FINDINGS.update(_registry())
