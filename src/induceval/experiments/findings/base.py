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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from induceval.errors import InducevalError

__all__ = ["HOLDS", "NOT", "PARTLY", "NOT_COMPARABLE", "STATUSES", "Verdict", "Finding", "Run",
           "is_number", "fmt", "by", "share_verdict"]

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
