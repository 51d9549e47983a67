"""Every public function and class of induceval has a docstring.

Public: the names in a module's ``__all__`` (modules and packages whose
name starts with ``_`` are private), and the public methods and properties
of public classes.  All of them have one (72 had none in 0.1): a new
public function without a docstring fails.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import induceval


def _public():
    for m in pkgutil.walk_packages(induceval.__path__, "induceval."):
        if any(part.startswith("_") for part in m.name.split(".")[1:]):
            continue
        mod = importlib.import_module(m.name)
        for n in getattr(mod, "__all__", ()):
            obj = getattr(mod, n, None)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)) or \
                    getattr(obj, "__module__", "") != m.name:
                continue
            yield f"{m.name}.{n}", obj
            if inspect.isclass(obj):
                for a, f in vars(obj).items():
                    if a.startswith("_"):
                        continue
                    if isinstance(f, property):
                        f = f.fget
                    elif isinstance(f, (classmethod, staticmethod)):
                        f = f.__func__
                    elif not inspect.isfunction(f):
                        continue
                    yield f"{m.name}.{n}.{a}", f


def test_public_functions_have_docstrings():
    found = dict(_public())
    assert len(found) > 300
    missing = sorted(k for k, f in found.items() if not (f.__doc__ or "").strip())
    assert not missing, "public functions without a docstring: " + ", ".join(missing)


def test_public_api_functions_are_numpydoc():
    """The functions listed in help(induceval) have Parameters/Returns or an Example."""
    for name in ("read_corpus", "evaluate_tags", "evaluate_dependencies", "induce_tags",
                 "induce_dependencies", "self_prediction", "run_cells"):
        doc = getattr(induceval, name).__doc__ or ""
        assert "Parameters\n" in doc or "Example" in doc, name
