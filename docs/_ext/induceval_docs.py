"""Sphinx directives that generate the reference pages from the package itself.

- ``induceval-measures FAMILY``: every measure of :data:`induceval.measures.MEASURES`
  in ``FAMILY``, with its formula, direction, bounds, edge cases and source from
  :data:`measure_entries.ENTRIES`; a measure without an entry stops the build.
- ``induceval-cli``: every command and subcommand of
  :func:`induceval.cli.main.build_parser`, with its usage and options.
- ``induceval-protocols``: every protocol of
  :func:`induceval.experiments.protocols.protocols`: its options, its cost
  (:data:`protocol_costs.COSTS`) and what differs from the paper (its findings).
- ``induceval-formats``: the reader formats and file endings, the prediction layouts.
- ``induceval-api MODULE``: the module's docstring and each public name it owns.
- ``induceval-percent PATH``: a percent-format script (``# %%`` cells) as a page.

The text generators are plain functions (no Sphinx needed) so the tests can call them.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

DOCS = Path(__file__).resolve().parent.parent

#: the modules of the API reference, one page each, in this order; a public name is
#: documented once, on the page of the module that defines it when that module is listed,
#: else on the first page whose ``__all__`` holds it (the others link to it)
API_MODULES = (
    "induceval", "induceval.errors", "induceval.signature",
    "induceval.corpus", "induceval.corpus.readers", "induceval.corpus.writers",
    "induceval.corpus.transforms", "induceval.corpus.demo", "induceval.corpus.stats",
    "induceval.measures", "induceval.measures.categories", "induceval.measures.dependencies",
    "induceval.measures.pseudowords", "induceval.measures.resampling",
    "induceval.models.categories", "induceval.models.dependencies", "induceval.models.wopa",
    "induceval.experiments.wopa", "induceval.experiments.findings",
    "induceval.report.tables", "induceval.report.plot", "induceval.parallel",
)


# --------------------------------------------------------------------------- measures

def measure_rst(family: str) -> str:
    """reStructuredText of every measure of ``family``, from the registry and ENTRIES."""
    from measure_entries import ENTRIES

    from induceval.measures import MEASURES

    records = [m for m in MEASURES.values() if m.family == family]
    if not records:
        raise ExtensionError(f"induceval-measures: no measure of family {family!r}")
    lacking = [m.name for m in records if m.name not in ENTRIES]
    if lacking:
        raise ExtensionError(f"measures without an entry in docs/_ext/measure_entries.py: "
                             f"{', '.join(lacking)}")
    out = [".. list-table::", "   :header-rows: 1", "",
           "   * - measure", "     - level", "     - direction", "     - bounds",
           "     - source"]
    for m in records:
        out += [f"   * - :ref:`{m.name} <measure-{m.name}>`", f"     - {m.level}",
                f"     - {'higher' if m.higher_is_better else 'lower'} is better",
                f"     - {_bounds(m)}", f"     - {m.reference}"]
    out.append("")
    for m in records:
        e = ENTRIES[m.name]
        out += [f".. _measure-{m.name}:", "", f".. rubric:: ``{m.name}``: {m.description}", "",
                ".. math::", ""]
        out += ["   " + line for line in e["formula"].strip().splitlines()]
        out += ["", f":Family, level: ``{m.family}``, {m.level}",
                f":Direction: {'higher' if m.higher_is_better else 'lower'} is better",
                f":Bounds: {_bounds(m)}",
                f":Edge cases: {e['edge']}",
                f":Source: {m.reference}" + (f"; {e['where']}" if e.get("where") else ""), ""]
        if e.get("note"):
            out += [e["note"], ""]
    return "\n".join(out)


def _bounds(m) -> str:
    def show(x):
        return "∞" if x == float("inf") else f"{x:g}"
    return f"[{show(m.low)}, {show(m.high)}" + (")" if m.high == float("inf") else "]")


# --------------------------------------------------------------------------- cli

def cli_commands() -> list[tuple[str, argparse.ArgumentParser]]:
    """``(command path, parser)`` of ``induceval`` and every subcommand, depth first."""
    from induceval.cli.main import build_parser

    out: list = []

    def walk(path: str, parser: argparse.ArgumentParser) -> None:
        out.append((path, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(f"{path} {name}", sub)

    walk("induceval", build_parser(None))
    return out


def _option_rows(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    rows = []
    for a in parser._actions:
        if isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)) or \
                a.help == argparse.SUPPRESS:
            continue
        name = parser._get_formatter()._format_action_invocation(a)
        text = (a.help or "").replace("%%", "%")
        if a.help and "%(" in a.help:
            try:
                text = a.help % {**vars(a), "prog": parser.prog}
            except (KeyError, TypeError, ValueError):
                pass
        rows.append((name, " ".join(text.split())))
    return rows


def _section(directive: SphinxDirective, title: str, key: str) -> nodes.section:
    from sphinx.util.nodes import make_id

    section = nodes.section()
    section["ids"].append(make_id(directive.env, directive.state.document, "", key))
    section += nodes.title(title, title)
    return section


def _definitions(rows) -> nodes.definition_list:
    dl = nodes.definition_list()
    for term, text in rows:
        item = nodes.definition_list_item()
        item += nodes.term("", "", nodes.literal(term, term))
        item += nodes.definition("", nodes.paragraph(text, text))
        dl += item
    return dl


class CliDirective(SphinxDirective):
    """Every command of ``induceval`` with its usage, description and options."""

    def run(self):
        out = []
        for path, parser in cli_commands():
            section = _section(self, path, "cli-" + path.replace(" ", "-"))
            section += nodes.literal_block(parser.format_usage(), parser.format_usage())
            if parser.description:
                section += nodes.literal_block(parser.description, parser.description)
            rows = _option_rows(parser)
            if rows:
                section += _definitions(rows)
            subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            for a in subs:
                section += nodes.paragraph("", "Subcommands: " + ", ".join(
                    f"{path} {c}" for c in a.choices) + ".")
            out.append(section)
        return out


# --------------------------------------------------------------------------- protocols

def protocol_records() -> list[dict]:
    """Per protocol: its name, help, description, options, cost and known differences."""
    from protocol_costs import COSTS

    from induceval.experiments.findings import FINDINGS
    from induceval.experiments.protocols import Option, protocols

    out = []
    for p in protocols():
        if p.name not in COSTS:
            raise ExtensionError(f"protocol {p.name!r} has no entry in docs/_ext/"
                                 f"protocol_costs.py")
        options, shared = [], []
        for o in p.options:
            if isinstance(o, Option):
                text = " ".join(o.help.replace("%%", "%").split())
                if o.default not in (None, [], ()) and "default" not in text:
                    text += f" (default {o.default})"
                if o.choices:
                    text += " Choices: " + ", ".join(map(str, o.choices)) + "."
                options.append((o.name + (f" {o.metavar}" if o.metavar else ""), text))
            else:
                shared.append(o.name)
        module = importlib.import_module(
            "induceval.experiments.findings." + p.findings.split(":")[0]) if p.findings else None
        differences = [(f.key, f.where, f.reason) for f in FINDINGS.get(p.name, ()) if f.reason]
        out.append({"name": p.name, "help": p.help, "description": p.description,
                    "options": options, "shared": shared, "cost": COSTS[p.name],
                    "paper_data": getattr(module, "PAPER_DATA", ""),
                    "findings": [(f.key, f.where, f.claim) for f in FINDINGS.get(p.name, ())],
                    "differences": differences})
    return out


class ProtocolsDirective(SphinxDirective):
    """Every ``induceval reproduce`` protocol."""

    def run(self):
        out = []
        for r in protocol_records():
            section = _section(self, f"reproduce {r['name']}", "protocol-" + r["name"])
            section += nodes.paragraph(r["help"], r["help"])
            section += nodes.literal_block(r["description"], r["description"])
            section += nodes.rubric("", "Options")
            section += _definitions(r["options"])
            shared = ("Shared options (spelt as in every command): "
                      + ", ".join(r["shared"]) + "; see the command line reference.")
            section += nodes.paragraph(shared, shared)
            section += nodes.rubric("", "Cost")
            section += nodes.paragraph(r["cost"], r["cost"])
            section += nodes.rubric("", "What differs from the paper")
            data = "The paper's data: " + r["paper_data"]
            section += nodes.paragraph(data, data)
            if r["differences"]:
                section += _definitions([(f"{k} ({w})", why) for k, w, why in r["differences"]])
            if r["findings"]:
                section += nodes.rubric("", "Findings checked by induceval report")
                section += _definitions([(k, f"{w}: {claim}") for k, w, claim in r["findings"]])
            out.append(section)
        return out


# --------------------------------------------------------------------------- formats

class FormatsDirective(SphinxDirective):
    """The reader formats with their file endings, and the prediction layouts."""

    def run(self):
        from induceval.corpus.formats import EXTENSIONS, READERS
        from induceval.measures.layouts import LAYOUTS

        endings = {f: sorted(e for e, g in EXTENSIONS.items() if g == f) for f in READERS}
        rows = [(f, f"module induceval.corpus.readers.{m}; file endings: "
                    + (", ".join(endings[f]) or "none (by content or --input-format)"))
                for f, m in READERS.items()]
        rows += [(f"{name} (prediction layout)", f"read by eval {cmd}")
                 for name, cmd in LAYOUTS.items()]
        return [_definitions(rows)]


# --------------------------------------------------------------------------- api

def api_owners() -> dict[int, tuple[str, str]]:
    """``id(object) -> (module, name)``: where each public object is documented."""
    owners: dict[int, tuple[str, str]] = {}
    listed = []
    for module in API_MODULES:
        mod = importlib.import_module(module)
        for name in mod.__all__:
            listed.append((module, name, getattr(mod, name)))
    for module, name, obj in listed:         # the defining module first
        if _documentable(obj) and getattr(obj, "__module__", None) == module:
            owners.setdefault(id(obj), (module, name))
    for _module, _name, obj in listed:       # else the listed package that holds it
        defined = getattr(obj, "__module__", "") or ""
        if _documentable(obj) and id(obj) not in owners:
            holders = [(m, n) for m, n, o in listed if o is obj]
            best = max(holders, key=lambda mn: (defined.startswith(mn[0] + "."),
                                                len(mn[0])))
            owners[id(obj)] = best
    return owners


def _documentable(obj) -> bool:
    return inspect.isfunction(obj) or inspect.isclass(obj)


def _attribute_doc(module: str, name: str) -> list[str]:
    """The ``#:`` comment of ``name`` in ``module`` or in the module it is loaded from."""
    from sphinx.pycode import ModuleAnalyzer

    mod = importlib.import_module(module)
    for source in (module, getattr(mod, "_API", {}).get(name)):
        if not source:
            continue
        try:
            docs = ModuleAnalyzer.for_module(source).find_attr_docs()
        except Exception:  # noqa: BLE001 - no source: no comment
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return []


def canonical(obj) -> str:
    """Where a function or class is documented: its defining module and qualified name."""
    return f"{obj.__module__}.{obj.__qualname__}"


def api_rst(module: str, owners: dict) -> str:
    """The reference of ``module``: its docstring, then each public name it owns.

    Functions and classes are documented under their defining module's path
    (:func:`canonical`), the path the docstrings' cross-references use."""
    mod = importlib.import_module(module)
    lines = [f".. automodule:: {module}", "   :no-members:", ""]
    elsewhere = []
    for name in mod.__all__:
        obj = getattr(mod, name)
        if _documentable(obj):
            where = owners[id(obj)]
            if where != (module, name):
                elsewhere.append((name, canonical(obj),
                                  "class" if inspect.isclass(obj) else "func"))
                continue
            kind = "autoclass" if inspect.isclass(obj) else "autofunction"
            lines += [f".. {kind}:: {canonical(obj)}"]
            if inspect.isclass(obj):
                lines += ["   :members:"]
            lines.append("")
        else:
            lines += [f".. py:data:: {module}.{name}", ""]
            lines += ["   " + ln if ln.strip() else "" for ln in _attribute_doc(module, name)]
            lines.append("")
    if elsewhere:
        lines += [".. rubric:: Also importable from here", ""]
        lines += [f"- ``{module}.{n}``: :py:{k}:`{target}`" for n, target, k in elsewhere]
        lines.append("")
    return "\n".join(lines)


def _missing_reference(app, env, node, contnode):
    """A Python cross-reference that names no documented object: a link to the object's
    documented (defining) path when it is documented there, plain text when it names an
    existing internal object, else ``None`` (Sphinx then warns: a broken reference)."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    module, cls = node.get("py:module") or "", node.get("py:class") or ""
    candidates = [target]
    if cls:
        candidates.append(f"{module}.{cls}.{target}")
    if module:
        parts = module.split(".")
        candidates += [".".join(parts[:i] + [target]) for i in range(len(parts), 0, -1)]
    domain = env.get_domain("py")
    for name in candidates:
        obj = _lookup(name)
        if obj is _NOTHING:
            continue
        documented = canonical(obj) if _documentable(obj) else name
        entry = domain.objects.get(documented)
        if entry is not None:
            from sphinx.util.nodes import make_refnode

            return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id,
                                contnode, documented)
        return contnode
    return None


_NOTHING = object()


def _lookup(name: str):
    """The induceval object (module or attribute) named by a dotted path, or _NOTHING."""
    if not name.startswith("induceval"):
        return _NOTHING
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            fields = {**getattr(obj, "__annotations__", {}),
                      **getattr(obj, "__dataclass_fields__", {})} if inspect.isclass(obj) else {}
            if hasattr(obj, attr):
                obj = getattr(obj, attr)
            elif attr in fields:     # a dataclass field or annotated attribute: no object
                obj = fields[attr]
            else:
                return _NOTHING
        return obj
    return _NOTHING


class ApiDirective(SphinxDirective):
    """``.. induceval-api:: MODULE``"""

    required_arguments = 1

    def run(self):
        owners = self.env.temp_data.setdefault("induceval_api_owners", None) or api_owners()
        self.env.temp_data["induceval_api_owners"] = owners
        return self._parse(api_rst(self.arguments[0], owners))

    def _parse(self, text: str):
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(text.splitlines(), "<induceval-api>"),
                                 node)
        return node.children


class MeasuresDirective(ApiDirective):
    """``.. induceval-measures:: FAMILY``"""

    def run(self):
        return self._parse(measure_rst(self.arguments[0]))


# --------------------------------------------------------------------------- percent scripts

def percent_cells(text: str) -> list[tuple[str, str]]:
    """``(kind, source)`` of each ``# %%`` cell of a percent-format script
    (``markdown`` cells without their ``# `` prefixes)."""
    cells: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("# %%"):
            cells.append(("markdown" if "[markdown]" in line else "code", []))
        elif cells:
            cells[-1][1].append(line)
    out = []
    for kind, body in cells:
        if kind == "markdown":
            body = [ln[2:] if ln.startswith("# ") else ln.lstrip("#") for ln in body]
        source = "\n".join(body).strip("\n")
        if source.strip():
            out.append((kind, source))
    return out


class PercentDirective(ApiDirective):
    """``.. induceval-percent:: PATH`` (relative to the docs folder)."""

    option_spec = {"caption": directives.unchanged}

    def run(self):
        path = DOCS / self.arguments[0]
        self.env.note_dependency(str(path))
        lines: list[str] = []
        for kind, source in percent_cells(path.read_text(encoding="utf-8")):
            if kind == "markdown":
                # the cells are Markdown: `code` becomes ``code``
                lines += [re.sub(r"(?<!`)`([^`\n]+)`(?!`)", r"``\1``", source), ""]
            else:
                lines += [".. code-block:: python", ""]
                lines += ["   " + ln if ln.strip() else "" for ln in source.splitlines()]
                lines.append("")
        return self._parse("\n".join(lines))


def setup(app):
    app.add_directive("induceval-measures", MeasuresDirective)
    app.add_directive("induceval-cli", CliDirective)
    app.add_directive("induceval-protocols", ProtocolsDirective)
    app.add_directive("induceval-formats", FormatsDirective)
    app.add_directive("induceval-api", ApiDirective)
    app.add_directive("induceval-percent", PercentDirective)
    app.connect("missing-reference", _missing_reference)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
