"""What the findings modules share: verdicts, findings, runs and the checks' helpers.

A module of :mod:`induceval.experiments.findings` holds one paper's findings
(named by its protocol's ``findings``, :class:`~induceval.experiments.protocols.Protocol`)
and imports what it needs from here, never from the package.

Example
-------
>>> share_verdict(3, 4, "corpora").status, fmt(0.12345)
('partly', '0.123')
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from induceval.errors import InducevalError

__all__ = ["HOLDS", "NOT", "PARTLY", "UNDECIDED", "NOT_COMPARABLE", "STATUSES", "RULES",
           "Verdict", "Finding", "NotChecked", "Run", "is_number", "printed_number", "fmt", "by",
           "share_verdict", "apart", "half_width", "spearman_interval"]

HOLDS, NOT, PARTLY, NOT_COMPARABLE = "holds", "does not hold", "partly", "not comparable"
#: a finding whose every case is within the run's uncertainty (an interval covering the
#: decision, a test not significant): the run cannot say, which is neither for nor against
UNDECIDED = "undecided"
#: the verdicts, best first
STATUSES = (HOLDS, PARTLY, NOT, UNDECIDED, NOT_COMPARABLE)

#: how a verdict is reached from its cases, stated once on the report's page
RULES = ("A finding is checked case by case (a model and K, a corpus, a treebank...). A case "
         "whose interval or test covers the decision (the two intervals overlap, the test is "
         "not significant) is undecided and counted apart. Over the decided cases: holds when "
         "all agree with the paper, partly when at least half do, does not hold when fewer; "
         "undecided when no case is decided; not comparable when the run lacks what the "
         "check reads. A check with its own rule (a threshold, a band) states it in its "
         "evidence.")


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
    where: str            # e.g. "Chang et al. 2006, p. 157": the page or section the paper has
    claim: str            # the paper's sentence, verbatim ("..." where words are left out)
    check: Callable[[Run], Verdict]
    reason: str = ""      # what decides the verdict and the difference from the paper that
    #                      may change it, for this finding


@dataclass(frozen=True)
class NotChecked:
    """A finding the paper states that no check decides, and why (shown on the page)."""

    where: str
    claim: str
    reason: str


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


def is_number(x: object) -> bool:
    """A finite int or float (not a bool, not a string).

    Parameters
    ----------
    x
        Any value.

    Returns
    -------
    bool
        Whether it is a finite number.

    Example
    -------
    >>> is_number(1.5), is_number(True), is_number(float("nan")), is_number("3")
    (True, False, False, False)
    """
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


#: a number as a figure prints it: decimals, then the significance marks (``91.5*``)
_PRINTED = re.compile(r"\s*(-?\d+\.\d+)\s*[*†‡]*\s*")


def printed_number(x: object) -> float | None:
    """The number of a table cell: a finite int or float, or a string that prints a decimal
    number with significance marks after it (``"91.5*"``, ``"95.0†"``, as Chambers &
    Jurafsky 2010's Figures 4-6 print them); None for anything else (``"-"``, a name).

    Parameters
    ----------
    x
        A cell.

    Returns
    -------
    float or None
        Its number.

    Example
    -------
    >>> printed_number("93.9*"), printed_number(0.5), printed_number("-"), printed_number("x1")
    (93.9, 0.5, None, None)
    """
    if is_number(x):
        return float(x)
    m = _PRINTED.fullmatch(x) if isinstance(x, str) else None
    return float(m.group(1)) if m else None


def fmt(x: object, digits: int = 3) -> str:
    """A number as the evidence shows it (tiny values with significant digits).

    Parameters
    ----------
    x
        A value.
    digits
        Decimals of ordinary numbers.

    Returns
    -------
    str
        The value's text.

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
    """Rows keyed by the value of ``column``.

    Parameters
    ----------
    rows
        A table's rows.
    column
        The key column.

    Returns
    -------
    dict of str to dict
        Key -> row (the last row of a repeated key).

    Example
    -------
    >>> by([{"model": "ff", "m1": 0.5}, {"model": "hc", "m1": 0.4}], "model")["hc"]["m1"]
    0.4
    """
    return {str(r.get(column)): dict(r) for r in rows}


def share_verdict(hits: int, total: int, what: str, *, numbers: dict | None = None,
                  partly_from: float = 0.5, undecided: int = 0) -> Verdict:
    """``holds`` when all ``total`` decided cases agree, ``partly`` from ``partly_from`` of
    them, else ``does not hold``; the ``undecided`` cases (their interval covers the
    decision) are counted apart: ``undecided`` when no case is decided, ``not comparable``
    without any case (:data:`RULES`).

    Parameters
    ----------
    hits
        The decided cases that agree.
    total
        The decided cases.
    what
        What a case is, in the evidence.
    numbers
        The numbers shown with the verdict.
    partly_from
        The share of agreeing cases from which the finding partly holds.
    undecided
        The cases left undecided.

    Returns
    -------
    Verdict
        The status, evidence and numbers.

    Example
    -------
    >>> v = share_verdict(2, 2, "steps", undecided=1)
    >>> v.status, v.evidence
    ('holds', '2 of 2 decided steps (1 more undecided)')
    >>> share_verdict(0, 0, "steps", undecided=3).status
    'undecided'
    """
    nums = {"agree": hits, "cases": total, "undecided": undecided, **(numbers or {})}
    if total == 0:
        if undecided:
            return Verdict(UNDECIDED, f"all {undecided} {what} undecided (within the run's "
                                      "intervals)", nums)
        return Verdict(NOT_COMPARABLE, f"no case to check ({what})", numbers or {})
    status = HOLDS if hits == total else PARTLY if hits >= partly_from * total else NOT
    said = f"{hits} of {total} decided {what}" if undecided else f"{hits} of {total} {what}"
    return Verdict(status, said + (f" ({undecided} more undecided)" if undecided else ""), nums)


def half_width(row: Mapping, column: str) -> float | None:
    """The half-width of ``column``'s interval in a run row (``<column> ±``), or None.

    Parameters
    ----------
    row
        A run table's row.
    column
        The column.

    Returns
    -------
    float or None
        The half-width.

    Example
    -------
    >>> half_width({"m1": 60.0, "m1 ±": 1.5}, "m1"), half_width({"m1": 60.0}, "m1")
    (1.5, None)
    """
    h = row.get(f"{column} ±")
    return float(h) if is_number(h) else None


def apart(a: float, b: float, ha: float | None, hb: float | None) -> bool | None:
    """Whether ``a`` and ``b`` are told apart by their intervals (half-widths ``ha``,
    ``hb``): True when the intervals do not overlap, False when they do, None when one has
    no interval (the point values decide then, and the evidence says so).

    Non-overlap is the conservative reading of two intervals (a paired test would decide
    more cases); it is used where the run stores intervals but no test of the pair.

    Parameters
    ----------
    a, b
        The two values.
    ha, hb
        Their intervals' half-widths (``None``: none).

    Returns
    -------
    bool or None
        Whether the intervals are disjoint; ``None`` without both.

    Example
    -------
    >>> apart(0.70, 0.60, 0.02, 0.03), apart(0.70, 0.66, 0.02, 0.03), apart(1, 0, None, 0.1)
    (True, False, None)
    """
    if ha is None or hb is None:
        return None
    return abs(a - b) > ha + hb


def spearman_interval(rho: float, n: int, level: float = 0.95) -> tuple[float, float] | None:
    """The interval of a Spearman rho over ``n`` items: Fisher's z with the standard error
    sqrt(1.06 / (n - 3)) of Fieller, Hartley & Pearson (1957); None for n < 4.

    Parameters
    ----------
    rho
        The Spearman correlation.
    n
        The number of items.
    level
        The confidence level.

    Returns
    -------
    tuple of (float, float) or None
        The interval's ends.

    Example
    -------
    >>> [round(x, 2) for x in spearman_interval(0.49, 6)]
    [-0.56, 0.94]
    """
    from statistics import NormalDist

    if n < 4 or not is_number(rho):
        return None
    z, se = math.atanh(max(min(rho, 0.999999), -0.999999)), math.sqrt(1.06 / (n - 3))
    q = NormalDist().inv_cdf(0.5 + level / 2)
    return math.tanh(z - q * se), math.tanh(z + q * se)
