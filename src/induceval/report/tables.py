"""Tables of results rendered as text, Markdown, CSV or JSON.

A :class:`Table` is a list of rows (dicts) with a column order.  Numeric
columns can be marked with the direction in which they improve; the best
value in each such column is then marked (``*`` in text/Markdown, a
``best`` list in JSON).

Example
-------
>>> t = Table(["system", "m1"], [{"system": "a", "m1": 0.5}, {"system": "b", "m1": 0.7}],
...           higher_is_better={"m1": True})
>>> print(t.render("csv").strip())
system,m1
a,0.5
b,0.7
>>> "0.7000*" in t.render("table")
True
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from induceval.errors import ParameterError

__all__ = ["Table", "FORMATS", "format_value"]

FORMATS = ("table", "markdown", "csv", "json")


def format_value(value: object, digits: int = 4) -> str:
    """Format a cell: floats with ``digits`` decimals, None as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return f"{value:.{digits}f}"
    return str(value)


@dataclass
class Table:
    """Rows of results with a column order and best-value marking."""

    columns: list[str]
    rows: list[dict] = field(default_factory=list)
    higher_is_better: Mapping[str, bool] = field(default_factory=dict)
    title: str = ""
    notes: list[str] = field(default_factory=list)
    digits: int = 4

    def best(self) -> dict[str, set[int]]:
        """Indices of the rows holding the best value of each marked column."""
        out: dict[str, set[int]] = {}
        if len(self.rows) < 2:
            return out
        for col, higher in self.higher_is_better.items():
            vals = [(i, r.get(col)) for i, r in enumerate(self.rows)]
            vals = [(i, v) for i, v in vals if isinstance(v, (int, float)) and not
                    (isinstance(v, float) and math.isnan(v))]
            if not vals:
                continue
            target = max(v for _, v in vals) if higher else min(v for _, v in vals)
            out[col] = {i for i, v in vals if v == target}
        return out

    def _cells(self, mark: bool) -> list[list[str]]:
        best = self.best() if mark else {}
        cells = []
        for i, row in enumerate(self.rows):
            line = []
            for col in self.columns:
                s = format_value(row.get(col), self.digits)
                if i in best.get(col, ()):
                    s += "*"
                line.append(s)
            cells.append(line)
        return cells

    def render(self, fmt: str = "table") -> str:
        """Render as ``table`` (aligned text), ``markdown``, ``csv`` or ``json``."""
        if fmt not in FORMATS:
            raise ParameterError(f"format must be one of {', '.join(FORMATS)}; got {fmt!r}")
        if fmt == "json":
            best = {k: sorted(v) for k, v in self.best().items()}
            return json.dumps({"title": self.title, "columns": self.columns, "rows": self.rows,
                               "best": best, "notes": self.notes}, indent=2, default=str) + "\n"
        if fmt == "csv":
            buf = io.StringIO()
            w = csv.writer(buf, lineterminator="\n")
            w.writerow(self.columns)
            for row in self.rows:
                w.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])
            return buf.getvalue()
        cells = self._cells(mark=True)
        if fmt == "markdown":
            lines = []
            if self.title:
                lines += [f"**{self.title}**", ""]
            lines.append("| " + " | ".join(self.columns) + " |")
            lines.append("|" + "|".join("---" for _ in self.columns) + "|")
            lines += ["| " + " | ".join(c) + " |" for c in cells]
            if self.notes:
                lines += [""] + [f"_{n}_" for n in self.notes]
            return "\n".join(lines) + "\n"
        widths = [max([len(h)] + [len(c[j]) for c in cells]) for j, h in enumerate(self.columns)]
        lines = []
        if self.title:
            lines.append(self.title)
        lines.append("  ".join(h.ljust(w) for h, w in zip(self.columns, widths)))
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in cells]
        lines += self.notes
        return "\n".join(lines) + "\n"

    @classmethod
    def from_records(cls, records: Sequence[Mapping], columns: Sequence[str] | None = None,
                     **kwargs) -> Table:
        """Build a table from dicts; columns default to the keys in first-seen order."""
        if columns is None:
            columns = []
            for r in records:
                for k in r:
                    if k not in columns:
                        columns.append(k)
        return cls(list(columns), [dict(r) for r in records], **kwargs)

    def write(self, stem: str, formats: Sequence[str] = ("markdown", "csv", "json")) -> list[str]:
        """Write ``stem.md``, ``stem.csv``, ``stem.json``; return the paths."""
        ext = {"markdown": ".md", "csv": ".csv", "json": ".json", "table": ".txt"}
        paths = []
        for fmt in formats:
            path = stem + ext[fmt]
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(self.render(fmt))
            paths.append(path)
        return paths
