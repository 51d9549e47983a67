"""The documentation site: complete, runnable, and built without a warning.

- every measure of the registry has its entry (formula, edge cases, source),
  every protocol its cost, every API module its page;
- the public functions of :mod:`induceval` and of its modules (the CLI aside) have
  their numpydoc sections;
- the getting-started page's examples and the tutorial script run;
- the site builds with Sphinx, warnings as errors and every cross-reference
  checked (``-W -n``), and every internal link of the HTML lands on a page and
  an anchor that exist (skipped, with the reason, without Sphinx).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
import os
import pkgutil
import re
import runpy
import shlex
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import induceval
from tests.conftest import REPO

DOCS = REPO / "docs"
sys.path.insert(0, str(DOCS / "_ext"))


# --------------------------------------------------------------------------- completeness

def test_every_measure_has_a_documentation_entry():
    from measure_entries import ENTRIES

    from induceval.measures import MEASURES

    assert not set(MEASURES) - set(ENTRIES), "measures without an entry in " \
        "docs/_ext/measure_entries.py: " + ", ".join(sorted(set(MEASURES) - set(ENTRIES)))
    assert not set(ENTRIES) - set(MEASURES), "entries for no measure: " + \
        ", ".join(sorted(set(ENTRIES) - set(MEASURES)))
    for name, entry in ENTRIES.items():
        assert entry.get("formula", "").strip() and entry.get("edge", "").strip(), name
        assert entry.get("where", "").strip(), f"{name}: no paper and section"


def test_every_family_has_a_guide_page_listing_its_measures():
    from induceval.measures import FAMILIES

    pages = "".join(p.read_text(encoding="utf-8") for p in (DOCS / "guide").glob("*.md"))
    for family in FAMILIES:
        assert f".. induceval-measures:: {family}\n" in pages, family


def test_every_protocol_has_a_cost_entry():
    from protocol_costs import COSTS

    from induceval.experiments.protocols import protocols

    assert sorted(COSTS) == sorted(p.name for p in protocols())


def test_every_api_module_has_a_page_in_the_index():
    pytest.importorskip("sphinx", reason="the API list lives in the Sphinx extension")
    from induceval_docs import API_MODULES

    pages = {p.stem for p in (DOCS / "api").glob("*.md")} - {"index"}
    assert pages == set(API_MODULES)
    index = (DOCS / "api" / "index.md").read_text(encoding="utf-8")
    assert [m for m in API_MODULES if f"\n{m}\n" in index] == list(API_MODULES)
    for module in API_MODULES:      # every listed module exports something
        assert importlib.import_module(module).__all__, module


def test_cli_reference_covers_every_command():
    pytest.importorskip("sphinx", reason="the CLI walk lives in the Sphinx extension")
    from induceval_docs import cli_commands

    from induceval.cli.main import COMMANDS, command_name
    from induceval.experiments.protocols import protocols

    paths = {path for path, _ in cli_commands()}
    assert {f"induceval {command_name(m)}" for m in COMMANDS} <= paths
    assert {f"induceval reproduce {p.name}" for p in protocols()} <= paths
    assert {"induceval eval tags", "induceval eval deps", "induceval pseudo score"} <= paths


# --------------------------------------------------------------------------- docstrings

def _sections(doc: str) -> set[str]:
    return set(re.findall(r"^(\w[\w ]*)\n-{3,}\s*$", inspect.cleandoc(doc or ""), re.M))


def _returns_value(function) -> bool:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    body = tree.body[0]
    for node in ast.walk(body):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            return True
    return False


def _missing_sections(function) -> list[str]:
    found = _sections(function.__doc__)
    missing = []
    if [p for p in inspect.signature(function).parameters if p not in ("self", "cls")] \
            and "Parameters" not in found:
        missing.append("Parameters")
    if _returns_value(function) and not {"Returns", "Yields"} & found:
        missing.append("Returns")
    if not {"Example", "Examples"} & found:
        missing.append("Example")
    return missing


#: Left out for good: the CLI's functions are command plumbing, documented by ``--help``.
_SECTIONS_OUT = ("induceval.cli",)


def _under(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _subpackage_functions() -> dict[str, object]:
    """``module.name`` -> function, for every function in the ``__all__`` of a
    module of the package that defines it (private modules and the CLI aside)."""
    found = {}
    for m in pkgutil.walk_packages(induceval.__path__, "induceval."):
        if _under(m.name, _SECTIONS_OUT) or \
                any(part.startswith("_") for part in m.name.split(".")[1:]):
            continue
        module = importlib.import_module(m.name)
        for n in getattr(module, "__all__", ()):
            f = getattr(module, n, None)
            if inspect.isfunction(f) and f.__module__ == m.name:
                found[f"{m.name}.{n}"] = f
    return found


def test_public_api_functions_have_numpydoc_sections():
    """Every function of ``induceval.__all__``, and of the ``__all__`` of each module of
    the package (the CLI aside): Parameters (when it takes any), Returns (when it returns a
    value) and an Example."""
    functions = {n: getattr(induceval, n) for n in induceval.__all__
                 if inspect.isfunction(getattr(induceval, n))}
    assert len(functions) >= 20
    modules = _subpackage_functions()
    assert len(modules) >= 370
    functions.update(modules)
    lacking = {n: m for n, f in functions.items() if (m := _missing_sections(f))}
    assert not lacking, f"public functions lacking numpydoc sections: {lacking}"


# --------------------------------------------------------------------------- examples run

def _page_blocks(page: Path, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)


def test_getting_started_examples_run(tmp_path, monkeypatch, capsys):
    from induceval.cli.main import main

    page = DOCS / "getting-started.md"
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__getting_started__"}
    blocks = _page_blocks(page, "python")
    assert len(blocks) >= 3
    for i, block in enumerate(blocks):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, f"getting-started.md python block {i + 1}", "exec"), namespace)
    commands = [line.strip() for block in _page_blocks(page, "bash")
                for line in block.splitlines() if line.strip().startswith("induceval ")]
    assert any(c.startswith("induceval eval tags") for c in commands)
    for command in commands:
        assert main(shlex.split(command)[1:]) == 0, (command, capsys.readouterr().err)


def test_tutorial_script_runs(tmp_path, monkeypatch):
    pytest.importorskip("pandas", reason="the tutorial builds a pandas DataFrame")
    pytest.importorskip("matplotlib", reason="the tutorial plots")
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        runpy.run_path(str(DOCS / "tutorial" / "score_three_systems.py"), run_name="__main__")
    assert (tmp_path / "three_systems.png").stat().st_size > 0
    assert "brown" in out.getvalue()


def test_tutorial_cells_render():
    pytest.importorskip("sphinx", reason="the cell reader lives in the Sphinx extension")
    from induceval_docs import percent_cells

    cells = percent_cells((DOCS / "tutorial" / "score_three_systems.py").read_text())
    kinds = [k for k, _ in cells]
    assert kinds.count("code") >= 4 and kinds.count("markdown") >= 4
    assert not any(src.startswith("# ") for k, src in cells if k == "markdown")


# --------------------------------------------------------------------------- the build

class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def _parsed(path: Path) -> _Links:
    links = _Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def test_documentation_builds_without_warnings_and_its_links_resolve(tmp_path):
    pytest.importorskip("sphinx", reason="Sphinx is not installed (pip install '.[docs]')")
    pytest.importorskip("myst_parser", reason="myst-parser is not installed "
                                              "(pip install '.[docs]')")
    out = tmp_path / "html"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO / "src"), str(REPO), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q",
                          "-b", "html", "-d", str(tmp_path / "doctrees"), str(DOCS), str(out)],
                         capture_output=True, text=True, env=env, timeout=900)
    assert run.returncode == 0, run.stderr[-5000:]
    assert not run.stderr.strip(), run.stderr[-5000:]

    pages = {p: _parsed(p) for p in out.rglob("*.html")}
    assert len(pages) >= 30
    broken = []
    for page, links in pages.items():
        for href in links.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                broken.append(f"{page.relative_to(out)}: {href} (no such file)")
            elif parts.fragment and target.suffix == ".html" and \
                    unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{page.relative_to(out)}: {href} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(broken[:50])
    measures = (out / "guide" / "categories.html").read_text(encoding="utf-8")
    assert 'id="measure-micro-c-m1"' in measures
