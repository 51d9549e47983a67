"""A reproduction report in one page: each paper's findings checked on our runs.

Renders the content made by
:func:`induceval.experiments.findings.report_data` (a JSON-ready dict) as
Markdown or as one self-contained HTML page (inline style, figures embedded,
no network), readable from ``file://``.  The first screen summarises every
paper (findings holding, partly, not, not comparable); each paper's section
gives the run (protocol, version, seed, options, run time), the findings
with their verdicts and the numbers behind them, the paper's numbers beside
ours, the figures and every signature.

Example
-------
>>> data = {"summary": {"holds": 1, "partly": 0, "does not hold": 0, "undecided": 0,
...                      "not comparable": 0},
...         "runs": [{"protocol": "chang2006", "path": "runs/chang2006", "manifest": {},
...                   "findings": [{"key": "k", "where": "Chang et al. 2006, p. 157",
...                                 "claim": "Prevword beats Chance", "status": "holds",
...                                 "evidence": "+20 points", "numbers": {}, "reason": ""}],
...                   "comparisons": [], "signatures": ["wopa|v:1"], "figures": [],
...                   "tables": ["means"]}]}
>>> "| holds | Chang et al. 2006, p. 157 |" in to_markdown(data)
True
>>> to_html(data).startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import base64
import html
import itertools
import re
from pathlib import Path

__all__ = ["to_markdown", "to_html", "STATUS_COLOURS"]

#: the colour of each verdict in the page (readable on white, and told apart without
#: colour by the verdict's words)
STATUS_COLOURS = {"holds": "#1b7837", "partly": "#b35806", "does not hold": "#b2182b",
                  "undecided": "#5e3c99", "not comparable": "#6a6a6a"}

_STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:72em;
 padding:0 1em;color:#222}
h1{font-size:1.6em}h2{font-size:1.3em;border-bottom:1px solid #ccc;margin-top:2em}
h3{font-size:1.05em}
table{border-collapse:collapse;margin:.5em 0 1em}
td,th{border:1px solid #ddd;padding:.25em .5em;vertical-align:top}
th{background:#f4f4f4;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
.status{font-weight:600;white-space:nowrap}.claim{font-style:italic}
.muted{color:#555;font-size:.9em}code{font-size:.85em;word-break:break-all}
img,svg{max-width:100%;height:auto;border:1px solid #eee}figure{margin:1em 0}
"""


def _label(run: dict) -> str:
    """The run's name on the page (its protocol, and what sets it apart from another run of
    that protocol)."""
    return run.get("label") or run["protocol"]


def _anchor(run: dict) -> str:
    """The run's id on the HTML page (``frank2009-short``): unique as its label is."""
    return re.sub(r"[^a-z0-9]+", "-", _label(run).lower()).strip("-")


def _num(x: object, sign: bool = False) -> str:
    """A number at a precision its size needs: percent with 2 decimals, proportions with 3,
    tiny values (Frank et al.'s SP, about 1e-4) with 2 significant digits.

    Example
    -------
    >>> [_num(x) for x in (71.04, 0.4532, 7.667e-05, 0.0, 3)], _num(-0.12, sign=True)
    (['71.04', '0.453', '7.7e-05', '0', '3'], '-0.120')
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "" if x is None else str(x)
    if isinstance(x, int):
        return str(x)
    plus = "+" if sign else ""
    if x == 0:
        return "0"
    if abs(x) >= 1:
        return f"{x:{plus}.2f}"
    if abs(x) >= 0.01:
        return f"{x:{plus}.3f}"
    return f"{x:{plus}.2g}"


def _run_line(run: dict) -> str:
    m = run.get("manifest") or {}
    bits = [f"version {m['version']}" if m.get("version") else "",
            f"seed {m['options']['seed']}" if (m.get("options") or {}).get("seed") is not None
            else "", f"{m['seconds']:.0f} s" if isinstance(m.get("seconds"), (int, float))
            else "", f"started {m['started']}" if m.get("started") else ""]
    return ", ".join(b for b in bits if b) or "no run.json (a run of an older version)"


def _counts(run: dict) -> dict[str, int]:
    out = dict.fromkeys(STATUS_COLOURS, 0)
    for f in run["findings"]:
        out[f["status"]] = out.get(f["status"], 0) + 1
    return out


def to_markdown(data: dict) -> str:
    """The report as Markdown (for a paper's appendix); names of runs, corpora and
    treebanks are text, never markup (:func:`~induceval.report.tables.markdown_table`).

    Parameters
    ----------
    data
        The report's data (its ``summary`` and ``runs``).

    Returns
    -------
    str
        The Markdown.

    Example
    -------
    >>> data = {"summary": {"holds": 2}, "runs": []}
    >>> to_markdown(data).splitlines()[:3]
    ['# Reproduction report', '', 'Findings: 2 holds']
    """
    from induceval.report.tables import markdown_code as code
    from induceval.report.tables import markdown_escape as esc
    from induceval.report.tables import markdown_table

    s = data["summary"]
    lines = ["# Reproduction report", "",
             "Findings: " + esc(", ".join(f"{n} {k}" for k, n in s.items())), "",
             *([f"How a verdict is reached: {esc(data['rules'])}", ""] if data.get("rules")
               else [])]
    lines += markdown_table(["protocol", *STATUS_COLOURS],
                            [[_label(run), *(_counts(run)[k] for k in STATUS_COLOURS)]
                             for run in data["runs"]])
    for run in data["runs"]:
        data = run.get("data") or {}
        lines += ["", f"## {esc(_label(run))}", "",
                  f"Run: {code(run['path'])}; {esc(_run_line(run))}", "",
                  f"- the paper's data: {esc(data.get('paper', '-'))}",
                  f"- ours: {esc(data.get('ours', '-'))}", ""]
        lines += markdown_table(
            ["verdict", "where", "the paper's words", "ours", "what decides it"],
            [[f["status"], f["where"], f["claim"], f["evidence"], f["reason"]]
             for f in run["findings"]])
        if run.get("not_checked"):
            lines += ["", "Not checked:", ""]
            lines += markdown_table(["where", "the paper's words", "why"],
                                    [[n["where"], n["claim"], n["reason"]]
                                     for n in run["not_checked"]])
        for comp in run["comparisons"]:
            lines += ["", f"### {esc(comp['title'])}: ours beside the paper's", ""]
            lines += markdown_table(
                ["row", "column", "ours", "±", "paper", "difference"],
                [[r["row"], r["column"], _num(r["ours"]), _num(r["±"]), _num(r["paper"]),
                  _num(r["difference"], sign=True)] for r in comp["rows"]])
            if comp.get("paper_title") or comp.get("paper_notes"):
                lines += ["", f"From the paper: {esc(comp.get('paper_title') or '-')}", ""]
                lines += [f"- {esc(n)}" for n in comp.get("paper_notes", [])]
        if run["figures"]:
            lines += ["", "Figures: " + ", ".join(code(f) for f in run["figures"])]
        lines += ["", "Signatures:", ""] + [f"- {code(sig)}" for sig in run["signatures"]]
    return "\n".join(lines) + "\n"


def _e(x: object) -> str:
    return html.escape(str(x), quote=True)


def _inline_svg(text: str, prefix: str) -> str:
    """An SVG document as an element of the page: its XML prologue dropped and its ids
    prefixed, so that two figures' ids (matplotlib's clip paths) never meet."""
    import re

    body = text[text.find("<svg"):] if "<svg" in text else text
    ids = set(re.findall(r'\bid="([^"]+)"', body))
    if not ids:
        return body

    def fix(m: re.Match) -> str:
        return m.group(1) + (prefix + m.group(2) if m.group(2) in ids else m.group(2)) + \
            m.group(3)

    body = re.sub(r'(\bid=")([^"]+)(")', fix, body)
    return re.sub(r'((?:url\(|href=")#)([^")]+)([")])', fix, body)


def _figure(path: str, number: int = 0) -> str:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError:
        return f'<p class="muted">figure {_e(path)} could not be read</p>'
    if p.suffix == ".svg":
        body = _inline_svg(raw.decode("utf-8", "replace"), f"f{number}-")
    else:
        body = (f'<img alt="{_e(p.name)}" src="data:image/png;base64,'
                f'{base64.b64encode(raw).decode("ascii")}">')
    return f"<figure>{body}<figcaption class=muted>{_e(p.name)}</figcaption></figure>"


def _badge(status: str) -> str:
    return (f'<span class=status style="color:{STATUS_COLOURS.get(status, "#222")}">'
            f"{_e(status)}</span>")


def _comparison_html(comp: dict) -> str:
    """Ours beside the paper's as the paper's own layout: a row per table row, a column per
    system; each cell ours (± our interval) over the paper's number and the difference."""
    rows = list(dict.fromkeys(r["row"] for r in comp["rows"]))
    cols = list(dict.fromkeys(r["column"] for r in comp["rows"]))
    cell = {(r["row"], r["column"]): r for r in comp["rows"]}
    out = [f"<h3>{_e(comp['title'])}: ours beside the paper's</h3>",
           "<p class=muted>each cell: ours (± the half-width of our interval), below it the "
           "paper's number and ours minus the paper's</p>",
           "<table><tr><th></th>" + "".join(f"<th>{_e(c)}</th>" for c in cols) + "</tr>"]
    for name in rows:
        tds = []
        for c in cols:
            r = cell.get((name, c))
            if r is None:
                tds.append("<td></td>")
                continue
            pm = f" ± {_num(r['±'])}" if isinstance(r.get("±"), (int, float)) else ""
            tds.append(f"<td class=num><b>{_num(r['ours'])}</b>{pm}<br><span class=muted>"
                       f"{_num(r['paper'])} ({_num(r['difference'], sign=True)})</span></td>")
        out.append(f"<tr><th>{_e(name)}</th>{''.join(tds)}</tr>")
    out.append("</table>")
    if comp.get("paper_title") or comp.get("paper_notes"):
        out.append(f"<p class=muted>from the paper: {_e(comp.get('paper_title') or '-')}</p>")
        if comp.get("paper_notes"):
            out.append("<ul class=muted>" + "".join(f"<li>{_e(n)}</li>"
                                                    for n in comp["paper_notes"]) + "</ul>")
    return "\n".join(out)


def to_html(data: dict) -> str:
    """The report as one self-contained HTML page (no network, figures embedded).

    Parameters
    ----------
    data
        The report's data (its ``summary`` and ``runs``).

    Returns
    -------
    str
        The HTML page.

    Example
    -------
    >>> data = {"summary": {"holds": 2}, "runs": []}
    >>> to_html(data).startswith("<!DOCTYPE html>")
    True
    """
    s = data["summary"]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>induceval reproduction report</title>", f"<style>{_STYLE}</style>",
           "</head><body>", "<h1>Reproduction report</h1>",
           "<p>" + ", ".join(f"{_badge(k)} {n}" for k, n in s.items()) + " findings</p>",
           *([f"<p class=muted>How a verdict is reached: {_e(data['rules'])}</p>"]
             if data.get("rules") else []),
           "<table><tr><th>protocol</th>" + "".join(f"<th>{_e(k)}</th>" for k in STATUS_COLOURS)
           + "</tr>"]
    for run in data["runs"]:
        c = _counts(run)
        out.append(f'<tr><td><a href="#{_anchor(run)}">{_e(_label(run))}</a></td>'
                   + "".join(f"<td class=num>{c[k]}</td>" for k in STATUS_COLOURS) + "</tr>")
    out.append("</table>")
    counter = itertools.count()
    for run in data["runs"]:
        out += [f'<h2 id="{_anchor(run)}">{_e(_label(run))}</h2>',
                f"<p class=muted>Run <code>{_e(run['path'])}</code>; {_e(_run_line(run))}</p>",
                "<table><tr><th>the paper's data</th><td>"
                f"{_e((run.get('data') or {}).get('paper', '-'))}</td></tr><tr><th>ours</th>"
                f"<td>{_e((run.get('data') or {}).get('ours', '-'))}</td></tr></table>",
                "<table><tr><th>verdict</th><th>the paper's words</th><th>our numbers</th>"
                "<th>what decides it</th></tr>"]
        for f in run["findings"]:
            out.append(f"<tr><td>{_badge(f['status'])}</td><td><span class=claim>"
                       f"&ldquo;{_e(f['claim'])}&rdquo;</span><br><span class=muted>"
                       f"{_e(f['where'])}</span></td><td>{_e(f['evidence'])}</td>"
                       f"<td class=muted>{_e(f['reason'])}</td></tr>")
        out.append("</table>")
        if run.get("not_checked"):
            out.append("<h3>Not checked</h3><table><tr><th>the paper's words</th><th>why</th>"
                       "</tr>" + "".join(
                           f"<tr><td><span class=claim>&ldquo;{_e(n['claim'])}&rdquo;</span>"
                           f"<br><span class=muted>{_e(n['where'])}</span></td>"
                           f"<td class=muted>{_e(n['reason'])}</td></tr>"
                           for n in run["not_checked"]) + "</table>")
        out += [_comparison_html(comp) for comp in run["comparisons"]]
        out += [_figure(f, next(counter)) for f in run["figures"]]
        out.append("<h3>Signatures</h3><ul>" + "".join(
            f"<li><code>{_e(sig)}</code></li>" for sig in run["signatures"]) + "</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
