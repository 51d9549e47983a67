"""The staircase: imports go down the layers only, no modules import each other in a circle,
and no paper is cited by its seed-file number.

Layers, lowest first (a module imports its own layer or lower ones):

0. base: errors, random, signature, atomic, parallel, data, progress, the ``_*``
   helpers (everything not below);
1. ``corpus``;
2. ``models`` and ``measures``, siblings: neither imports the other;
3. ``experiments`` and ``report``;
4. ``cli``.

Every import counts, those inside functions too (``ast`` over ``src/induceval``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import induceval

ROOT = Path(induceval.__file__).resolve().parent
RANKS = {"corpus": 1, "models": 2, "measures": 2, "experiments": 3, "report": 3, "cli": 4}

#: imports against the layers that work in progress removes (who, in the comment);
#: the lead empties this list, and a test fails on an entry that no longer occurs
KNOWN: set[tuple[str, str]] = set()
#: module circles that work in progress removes
KNOWN_CIRCLES: list[set[str]] = []

#: a paper cited by the number of its seed file ("paper 003", "004 §5.2", "002 Table 6")
SEED_NUMBER = re.compile(r"\b(?:papers?|seed(?: file)?)\s+00[0-4]\b"
                         r"|(?<![\d.])\b00[0-4]\s*(?:§|Table|Figure|Fig\.|Sec)", re.IGNORECASE)


def layer(module: str) -> tuple[str, int]:
    """The layer of a module: its name and rank (models and measures share rank 2)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] not in RANKS:
        return "base", 0
    return parts[1], RANKS[parts[1]]


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("induceval",) + path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _imports(module: str, path: Path) -> set[str]:
    """The package's modules that ``module`` imports (``from a import b``: ``a.b`` if a module)."""
    is_package = path.name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            # the root package and a package re-exporting its own modules are no edges
            if name not in ("", "induceval", module) and not (
                    is_package and name.startswith(module + ".")):
                found.add(name)
    return found


EDGES = {m: _imports(m, p) for m, p in MODULES.items()}


def _against_the_layers() -> set[tuple[str, str]]:
    bad = set()
    for m, targets in EDGES.items():
        lm, rm = layer(m)
        for t in targets:
            lt, rt = layer(t)
            if rt > rm or (rt == rm == 2 and lt != lm):
                bad.add((m, t))
    return bad


def _circles() -> list[set[str]]:
    """Groups of modules that reach each other through their imports."""
    reach = {}
    for start in EDGES:
        seen, todo = set(), list(EDGES[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(EDGES.get(m, ()))
        reach[start] = seen
    groups: list[set[str]] = []
    for m in sorted(EDGES):
        if m in reach[m] and not any(m in g for g in groups):
            groups.append({m} | {n for n in reach[m] if m in reach[n]})
    return groups


def test_the_walk_sees_imports_inside_functions():
    assert "induceval.progress" in MODULES and layer("induceval.progress") == ("base", 0)
    assert layer("induceval.report.tables") == ("report", 3)
    assert "induceval.experiments.protocols" in EDGES["induceval.cli.reproduce"]
    # a lazy import inside a function
    assert "induceval.corpus.trees" in EDGES["induceval.corpus.stats"]


def test_no_import_against_the_layers():
    bad = sorted(_against_the_layers() - KNOWN)
    assert not bad, "imports against the layers:\n" + "\n".join(
        f"{m} ({layer(m)[0]}) imports {t} ({layer(t)[0]})" for m, t in bad)


def test_no_module_circles():
    new = [sorted(g) for g in _circles() if g not in KNOWN_CIRCLES]
    assert not new, "modules importing each other: " + "; ".join(" <-> ".join(g) for g in new)


def test_known_exceptions_still_occur():
    gone = sorted(KNOWN - _against_the_layers()) + [
        sorted(g) for g in KNOWN_CIRCLES if g not in _circles()]
    assert not gone, f"no longer needed, remove from KNOWN / KNOWN_CIRCLES: {gone}"


def test_no_seed_file_paper_numbers():
    # the package, its tests, benchmarks and docs (this file names the pattern it looks for)
    repo = ROOT.parents[1]
    paths = [*MODULES.values(), *sorted((repo / "benchmarks").glob("*.py")),
             *sorted((repo / "docs").glob("*.md")), repo / "README.md",
             *sorted(p for p in (repo / "tests").rglob("*.py") if p.name != "test_layers.py")]
    found = [f"{path}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
             for path in paths if path.exists()
             for text in [path.read_text(encoding="utf-8")]
             for m in SEED_NUMBER.finditer(text)]
    assert not found, "papers are cited by authors and year:\n" + "\n".join(found)
