"""Tables of results rendered as text, Markdown, CSV, JSON or LaTeX.

A :class:`Table` is a list of rows (dicts) with a column order.  Numeric
columns can be marked with the direction in which they improve; the best
value in each such column is then marked (``*`` in text/Markdown, a
``best`` list in JSON, bold in LaTeX).

The signature of the numbers (lines of ``notes`` starting ``signature:``, or
the ``signature`` field) is its own field in JSON and a ``# signature:``
comment line after the rows in CSV.  JSON is strict: NaN and infinities are written as
``null``.  LaTeX tables use the ``booktabs`` rules.

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
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from induceval._json import jsonable
from induceval.errors import ParameterError
from induceval.measures.result import Display, html_table

__all__ = ["Table", "FORMATS", "format_value", "json_clean", "latex_escape", "markdown_escape",
           "markdown_code", "markdown_table", "table_keys", "signed", "tables_json",
           "write_tables"]

FORMATS = ("table", "markdown", "csv", "json", "latex")


#: the legend of the best-value mark of the text formats
BEST_LEGEND = "*: the best value of its column"

#: columns of p-values: in text formats, one below the last digit shows as ``< 0.001``
P_VALUE_COLUMNS = frozenset({"p_value", "p"})

#: the width a text table fits by default (long text wrapped, columns in blocks)
TEXT_WIDTH = 100

#: a text column is not wrapped narrower than this
_MIN_WRAP = 24


def format_value(value: object, digits: int = 4) -> str:
    """Format a cell: floats with ``digits`` decimals, None as ``-``.

    Parameters
    ----------
    value
        A cell's value.
    digits
        Decimals of floats.

    Returns
    -------
    str
        The cell's text.

    Example
    -------
    >>> format_value(0.5), format_value(None), format_value(float("nan")), format_value(3)
    ('0.5000', '-', 'nan', '3')
    """
    if value is None:
        return "-"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return f"{value:.{digits}f}"
    return str(value)


def json_clean(x: object) -> object:
    """Plain JSON values: NaN/inf floats to ``None``, numpy scalars and arrays to Python.

    Parameters
    ----------
    x
        A value (nested dicts, lists, numpy values).

    Returns
    -------
    object
        The same value in plain JSON types.

    Example
    -------
    >>> json_clean({"a": float("nan"), "b": [1.5, float("inf")]})
    {'a': None, 'b': [1.5, None]}
    """
    return jsonable(x)


_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "\\": r"\textbackslash{}"}


def latex_escape(text: str) -> str:
    """Escape LaTeX special characters.

    Parameters
    ----------
    text
        The text.

    Returns
    -------
    str
        The text, escaped.

    Example
    -------
    >>> latex_escape("m1_score 50%")
    'm1\\\\_score 50\\\\%'
    """
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in str(text))


#: characters of Markdown text that a viewer would read as HTML or as a table's cell end
_MARKDOWN_SPECIAL = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "\\|"}


def markdown_escape(text: object) -> str:
    """``text`` as Markdown shows it, never as markup a viewer runs: ``<``, ``>`` and ``&``
    HTML-escaped (a corpus or folder named ``<img onerror=...>`` stays text), ``|`` escaped
    (it would end a table's cell), line ends as spaces (they would end a table's row).

    Parameters
    ----------
    text
        The text.

    Returns
    -------
    str
        The text, escaped.

    Example
    -------
    >>> print(markdown_escape("<img src=x onerror=alert(1)> a|b & c"))
    &lt;img src=x onerror=alert(1)&gt; a\\|b &amp; c
    """
    text = " ".join(str(text).splitlines())
    return "".join(_MARKDOWN_SPECIAL.get(ch, ch) for ch in text)


def markdown_code(text: object) -> str:
    """``text`` as a Markdown code span, its fence longer than any run of backticks inside
    (none of them closes it); text holding ``<``, ``>`` or ``&`` is escaped text instead
    (:func:`markdown_escape`): a code span shows them as typed to a viewer that follows
    CommonMark, as raw HTML to one that does not, and an entity in it would show as typed.
    For text outside a table: a ``|`` in a code span is kept (signatures hold them).

    Parameters
    ----------
    text
        The text.

    Returns
    -------
    str
        The code span, or the escaped text.

    Example
    -------
    >>> markdown_code("runs/a"), markdown_code("a`b"), markdown_code("runs/<b>")
    ('`runs/a`', '`` a`b ``', 'runs/&lt;b&gt;')
    """
    text = " ".join(str(text).splitlines())
    if any(ch in text for ch in "<>&"):
        return markdown_escape(text)
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or text.startswith(" ") or text.endswith(" ") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_table(header: Sequence[object], rows: Sequence[Sequence[object]], *,
                   raw: bool = False) -> list[str]:
    """The lines of a Markdown table, every cell escaped (:func:`markdown_escape`; ``raw``:
    the cells are Markdown already, each made by these helpers): the one place induceval
    writes a Markdown table.

    Parameters
    ----------
    header
        The column names.
    rows
        The rows' cells.
    raw
        The cells are Markdown already.

    Returns
    -------
    list of str
        The table's lines.

    Example
    -------
    >>> markdown_table(["name", "m1"], [["<b>x</b>", "0.5"]])
    ['| name | m1 |', '|---|---|', '| &lt;b&gt;x&lt;/b&gt; | 0.5 |']
    """
    cell = str if raw else markdown_escape
    return (["| " + " | ".join(map(markdown_escape, header)) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
            + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows])


@dataclass(repr=False)
class Table(Display):
    """Rows of results with a column order and best-value marking.

    Data and display as every result (:class:`~induceval.measures.result.Display`):
    :meth:`to_dict`, :meth:`to_pandas`, a short ``repr`` and ``_repr_html_``.

    Example
    -------
    >>> t = Table(["system", "m1"], [{"system": "a", "m1": 0.5}], title="scores")
    >>> t
    Table('scores', 1 row, columns: system, m1)
    >>> t.to_dict()["rows"]
    [{'system': 'a', 'm1': 0.5}]
    """

    columns: list[str]
    rows: list[dict] = field(default_factory=list)
    higher_is_better: Mapping[str, bool] = field(default_factory=dict)
    title: str = ""
    notes: list[str] = field(default_factory=list)
    digits: int = 4
    signature: str = ""

    def signatures(self) -> list[str]:
        """The signature(s) of the numbers: the field, else ``signature:`` lines of notes.

        Example
        -------
        >>> Table(["a"], notes=["signature: m1|v:1", "x"]).signatures()
        ['m1|v:1']
        """
        sigs = [self.signature] if self.signature else []
        for n in self.notes:
            if n.startswith("signature:"):
                s = n.split(":", 1)[1].strip()
                if s and s not in sigs:
                    sigs.append(s)
        return sigs

    def as_percent(self) -> Table:
        """A copy with scores (columns marked better-higher or -lower whose values all lie
        in [0, 1]) multiplied by 100.

        Example
        -------
        >>> t = Table(["s", "m1"], [{"s": "a", "m1": 0.5}], higher_is_better={"m1": True})
        >>> t.as_percent().rows[0]["m1"]
        50.0
        """
        cols = self.percent_columns()
        rows = [{k: (v * 100 if k in cols and isinstance(v, float) and math.isfinite(v) else v)
                 for k, v in r.items()} for r in self.rows]
        return replace(self, rows=rows, digits=max(self.digits - 2, 1) if cols else self.digits)

    def percent_columns(self) -> list[str]:
        """The columns :meth:`as_percent` scales: marked, with finite values all in [0, 1]."""
        def share(col: str) -> bool:
            nums = [v for r in self.rows if isinstance(v := r.get(col), float) and math.isfinite(v)]
            return bool(nums) and all(0.0 <= v <= 1.0 for v in nums)

        return [col for col in self.higher_is_better if share(col)]

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
        return [[self._cell(col, row.get(col)) + ("*" if i in best.get(col, ()) else "")
                 for col in self.columns] for i, row in enumerate(self.rows)]

    def _cell(self, column: str, value: object) -> str:
        small = isinstance(value, float) and abs(value) < 0.5 * 10 ** -self.digits
        if small and column in P_VALUE_COLUMNS and value >= 0:   # a p-value is never 0
            return f"< {10 ** -self.digits:.{self.digits}f}"
        if small and value != 0:   # significant digits, not 0.0000 (e.g. SP of 5 systems)
            return f"{value:.{self.digits}g}"
        return format_value(value, self.digits)

    def to_dict(self) -> dict:
        """The table as plain JSON-ready data (:meth:`to_json`: ``title``, ``signature``,
        ``columns``, ``rows``, ``best``, ``notes``)."""
        return self.to_json()

    def _records(self) -> list[dict]:
        return [{c: r.get(c) for c in self.columns} for r in self.rows]

    def _columns(self) -> list[str]:
        return list(self.columns)

    def _notes(self) -> list[str]:
        return list(self.notes)

    def to_pandas(self):
        """The rows as a ``pandas.DataFrame`` in the table's column order (``attrs``:
        ``title``, ``notes``, ``signatures``).

        Raises
        ------
        InducevalError
            When pandas is not installed (``pip install 'induceval[pandas]'``).
        """
        frame = super().to_pandas()
        frame.attrs.update(title=self.title, signatures=self.signatures())
        return frame

    def _repr_html_(self) -> str:
        return html_table(self.columns, self.rows, caption=self.title, notes=self.notes,
                          digits=self.digits)

    def __repr__(self) -> str:
        shown = ", ".join(self.columns[:8]) + (f", ... ({len(self.columns)} columns)"
                                               if len(self.columns) > 8 else "")
        n = len(self.rows)
        return f"Table({self.title!r}, {n} row{'s' * (n != 1)}, columns: {shown})"

    def render(self, fmt: str = "table", *, width: int | None = TEXT_WIDTH) -> str:
        """Render as ``table`` (aligned text), ``markdown``, ``csv``, ``json`` or ``latex``.

        A text table fits ``width`` columns (``None``: no limit): long text
        cells are wrapped onto more lines, and when the columns are still too
        wide they are shown in blocks, the first column repeated in each.

        Example
        -------
        >>> t = Table(["statistic", "value"], [{"statistic": "tags", "value": "NOUN 5, " * 30}])
        >>> max(map(len, t.render().splitlines())) <= 100
        True
        """
        if fmt not in FORMATS:
            raise ParameterError(f"format must be one of {', '.join(FORMATS)}; got {fmt!r}")
        if fmt == "json":
            return json.dumps(self.to_json(), indent=2, allow_nan=False) + "\n"
        if fmt == "latex":
            return self._latex()
        if fmt == "csv":
            buf = io.StringIO()
            w = csv.writer(buf, lineterminator="\n")
            w.writerow(self.columns)
            for row in self.rows:
                w.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])
            for sig in self.signatures():
                buf.write(f"# signature: {sig}\n")
            return buf.getvalue()
        cells = self._cells(mark=True)
        notes = list(self.notes)
        if self.best() and not any(n.startswith(BEST_LEGEND[:2]) for n in notes):
            notes.append(BEST_LEGEND)   # every mark has its legend line
        if fmt == "markdown":   # names of corpora and treebanks are text, never markup
            lines = []
            if self.title:
                lines += [f"**{markdown_escape(self.title)}**", ""]
            lines += markdown_table(self.columns, cells)
            if notes:
                lines += [""] + [f"_{markdown_escape(n)}_" for n in notes]
            return "\n".join(lines) + "\n"
        lines = [self.title] if self.title else []
        lines += _text_lines(list(self.columns), cells, width)
        lines += [line for n in notes for line in _note_lines(n, width)]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        """The table as a JSON-ready dict (NaN and infinities as ``None``): ``signature``
        (the first, a string or ``None``) and ``signatures`` (all, a list) keep one type.

        Example
        -------
        >>> t = Table(["a"], notes=["signature: m1|v:1", "signature: vi|v:1"])
        >>> t.to_json()["signature"], t.to_json()["signatures"]
        ('m1|v:1', ['m1|v:1', 'vi|v:1'])
        """
        best = {k: sorted(v) for k, v in self.best().items()}
        sigs = self.signatures()
        return {"title": self.title, "signature": sigs[0] if sigs else None, "signatures": sigs,
                "columns": self.columns, "rows": json_clean(self.rows), "best": best,
                "notes": self.notes}

    def _latex(self) -> str:
        cells = self._cells(mark=False)
        best = self.best()
        align = "".join("r" if any(isinstance(r.get(c), (int, float)) for r in self.rows)
                        else "l" for c in self.columns)
        lines = ["\\begin{table}[ht]", "\\centering"]
        if self.title:
            lines.append(f"\\caption{{{latex_escape(self.title)}}}")
        lines += [f"\\begin{{tabular}}{{{align}}}", "\\toprule",
                  " & ".join(latex_escape(c) for c in self.columns) + " \\\\", "\\midrule"]
        for i, row in enumerate(cells):
            out = [f"\\textbf{{{t}}}" if i in best.get(col, ()) else t
                   for col, t in zip(self.columns, map(latex_escape, row))]
            lines.append(" & ".join(out) + " \\\\")
        lines += ["\\bottomrule", "\\end{tabular}"]
        lines += [f"% {n}" for n in self.notes]
        lines.append("\\end{table}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_records(cls, records: Sequence[Mapping], columns: Sequence[str] | None = None,
                     **kwargs) -> Table:
        """Build a table from dicts; columns default to the keys in first-seen order."""
        if columns is None:
            columns = dict.fromkeys(k for r in records for k in r)
        return cls(list(columns), [dict(r) for r in records], **kwargs)

    def write(self, stem: str, formats: Sequence[str] = ("markdown", "csv", "json")) -> list[str]:
        """Write ``stem.md``, ``stem.csv``, ``stem.json``; return the paths."""
        from induceval.atomic import write_atomic

        ext = {"markdown": ".md", "csv": ".csv", "json": ".json", "table": ".txt",
               "latex": ".tex"}
        paths = []
        for fmt in formats:
            path = stem + ext[fmt]
            write_atomic(path, self.render(fmt))
            paths.append(path)
        return paths


def _text_block(columns: list[str], cells: list[list[str]]) -> list[str]:
    """Aligned text of columns whose cells may hold several lines (``\\n``)."""
    widths = [max([len(h)] + [len(line) for c in cells for line in c[j].split("\n")])
              for j, h in enumerate(columns)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(columns, widths)),
             "  ".join("-" * w for w in widths)]
    for row in cells:
        parts = [c.split("\n") for c in row]
        for k in range(max(len(p) for p in parts)):
            lines.append("  ".join((p[k] if k < len(p) else "").ljust(w)
                                   for p, w in zip(parts, widths)))
    return lines


def _text_lines(columns: list[str], cells: list[list[str]], width: int | None) -> list[str]:
    """The text table's lines: long text cells wrapped, then the columns in blocks of
    ``width`` (the first column repeated), so that no line is wider."""
    widths = [max([len(h)] + [len(c[j]) for c in cells]) for j, h in enumerate(columns)]

    def total(ws):
        return sum(ws) + 2 * (len(ws) - 1)

    if width is None or total(widths) <= width:
        return _text_block(columns, cells)
    numeric = [all(_is_number(c[j]) for c in cells) for j in range(len(columns))]
    # wrap the widest text columns, the widest first, down to what fits
    for j in sorted(range(len(columns)), key=lambda j: -widths[j]):
        over = total(widths) - width
        if over <= 0:
            break
        if numeric[j] or widths[j] <= _MIN_WRAP:
            continue
        new = max(_MIN_WRAP, len(columns[j]), widths[j] - over)
        for row in cells:
            row[j] = "\n".join(wrap_items(row[j], new))
        widths[j] = max([len(columns[j])] + [len(line) for c in cells
                                              for line in c[j].split("\n")])
    if total(widths) <= width or len(columns) < 3:
        return _text_block(columns, cells)
    # still too wide: blocks of columns, each after the first column
    blocks, current = [], []
    for j in range(1, len(columns)):
        if current and total([widths[0]] + [widths[i] for i in current + [j]]) > width:
            blocks.append(current)
            current = []
        current.append(j)
    blocks.append(current)
    lines: list[str] = []
    for b, block in enumerate(blocks):
        if b:
            lines.append("")
        idx = [0] + block
        lines += _text_block([columns[i] for i in idx], [[row[i] for i in idx] for row in cells])
    return lines


def _note_lines(note: str, width: int | None) -> list[str]:
    """A note of a text table, wrapped at ``width`` (continued after two spaces); a
    signature stays on one line, to be copied whole."""
    if width is None or len(note) <= width or note.startswith("signature:"):
        return [note]
    return wrap_items(note, width, indent="  ")


def wrap_items(text: str, width: int, *, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width``, broken after the ``, `` and ``; `` that
    separate its items (an item longer than a line is broken between words); the lines
    after the first begin with ``indent``.

    Example
    -------
    >>> wrap_items("NOUN 12, VERB 10, ADJ 3; 15 relations", 18)
    ['NOUN 12, VERB 10,', 'ADJ 3;', '15 relations']
    >>> wrap_items("NOUN 12, VERB 10, ADJ 3", 20, indent="  ")
    ['NOUN 12, VERB 10,', '  ADJ 3']
    """
    import textwrap

    lines: list[str] = []
    line = ""
    for item in re.split(r"(?<=[,;] )", text):
        if line and len(line) + len(item.rstrip()) > width:
            lines.append(line.rstrip())
            line = indent
        if len(line) + len(item.rstrip()) > width:   # one item longer than a line
            parts = textwrap.wrap(item, width, initial_indent=line, subsequent_indent=indent,
                                  break_on_hyphens=False)
            lines += parts[:-1]
            line = parts[-1] + (" " if item.endswith(" ") else "") if parts else line
        else:
            line += item
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _is_number(text: str) -> bool:
    text = text.rstrip("*").strip()
    if text in ("", "-", "nan", "inf", "-inf"):
        return True
    try:
        float(text.lstrip("< "))
    except ValueError:
        return False
    return True


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def table_keys(tables: list[Table], keys: list[str] | None = None) -> list[str]:
    """A distinct file-name key per table: ``keys`` when given, else from the titles.

    Parameters
    ----------
    tables
        The tables.
    keys
        The keys, or ``None``.

    Returns
    -------
    list of str
        One distinct key per table.

    Example
    -------
    >>> table_keys([Table(["a"], title="Dependency accuracy"), Table(["a"], title="x: by pos"),
    ...             Table(["a"])])
    ['dependency-accuracy', 'x-by-pos', 'table3']
    """
    out: list[str] = []
    for i, t in enumerate(tables):
        key = (keys[i] if keys and i < len(keys) and keys[i] else _slug(t.title)) \
            or f"table{i + 1}"
        while key in out:
            key += f"-{i + 1}"
        out.append(key)
    return out


def tables_json(tables: Sequence[Table], keys: Sequence[str] | None = None, *,
                texts: Mapping[int, str] | None = None) -> str:
    """The one JSON shape of every command: ``{"tables": [{"key": ..., **table}]}``.

    ``texts``: position -> a text item (the demo's step messages), written as
    ``{"key", "title", "text"}`` at that position.

    Parameters
    ----------
    tables
        The tables.
    keys
        Their keys (default: :func:`table_keys`).
    texts
        Position -> a text item, or ``None``.

    Returns
    -------
    str
        The JSON text.

    Example
    -------
    >>> import json
    >>> json.loads(tables_json([Table(["a"], [{"a": 1}], title="T")]))["tables"][0]["key"]
    't'
    """
    items = [{"key": k, **t.to_json()} for k, t in zip(table_keys(list(tables), keys), tables)]
    for i, text in sorted((texts or {}).items()):
        items.insert(i, {"key": f"text{i + 1}", "title": text.split("\n", 1)[0], "text": text})
    return json.dumps({"tables": items}, indent=2, allow_nan=False) + "\n"


def signed(tables: Sequence[Table]) -> list[Table]:
    """The tables, each without a signature given the first signed table's (the tables of
    one run): every table written carries the options its numbers depend on.

    Parameters
    ----------
    tables
        The tables.

    Returns
    -------
    list of Table
        The tables, each with a signature.

    Example
    -------
    >>> a, b = Table(["x"], notes=["signature: m1|v:1"]), Table(["y"])
    >>> [t.signatures() for t in signed([b, a])]
    [['m1|v:1'], ['m1|v:1']]
    """
    sigs = next((t.signatures() for t in tables if t.signatures()), [])
    return [t if t.signatures() else replace(t, notes=[*t.notes, *(f"signature: {s}"
                                                                   for s in sigs)])
            for t in tables]


def write_tables(tables: Mapping[str, Table] | Sequence[Table],
                 out_dir: str | os.PathLike) -> list[str]:
    """Write each table as ``out_dir/KEY.md``, ``.csv`` and ``.json``, signed (:func:`signed`).

    ``tables``: by key, or a list keyed by :func:`table_keys`.

    Parameters
    ----------
    tables
        Tables by key, or a list.
    out_dir
        The folder written.

    Returns
    -------
    list of str
        The paths written.

    Example
    -------
    >>> import tempfile, pathlib
    >>> d = tempfile.mkdtemp()
    >>> [pathlib.Path(p).name for p in write_tables([Table(["a"], title="Table 3")], d)]
    ['table-3.md', 'table-3.csv', 'table-3.json']
    """
    if isinstance(tables, Mapping):
        keys, tables = list(tables), list(tables.values())
    else:
        keys = table_keys(list(tables))
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for key, table in zip(keys, signed(tables)):
        paths += table.write(os.path.join(out_dir, key))
    return paths
