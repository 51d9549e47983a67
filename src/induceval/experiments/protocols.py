"""The papers' protocols as data: name, help, options and the function that runs each one.

Every ``induceval reproduce NAME`` subcommand is generated from a
:class:`Protocol` record (:mod:`induceval.cli.reproduce`), so the
experiments hold no parser.  The records import neither numpy nor the
modules that run them (``--help`` starts at once): each is declared in
``induceval.experiments._MODULE_protocol``, names its runner by a
:class:`Deferred` and reads its description with :func:`module_doc`.

Example
-------
>>> [p.name for p in protocols()]  # doctest: +NORMALIZE_WHITESPACE
['frank2009', 'reichart2010', 'pascal2012-pos', 'pascal2012-deps', 'pascal2012-joint',
 'chang2006', 'chambers2010']
>>> Option("--k", "K conditions", "12,53,80").spec()
{'help': 'K conditions', 'default': '12,53,80'}
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from induceval.options import SEED as SEED_TYPE
from induceval.random import DEFAULT_SEED

__all__ = ["Option", "Shared", "Protocol", "Deferred", "SEED", "MODULES", "protocols",
           "module_doc", "write_manifest"]


@dataclass(frozen=True)
class Option:
    """``argparse.add_argument``'s arguments as data (``None``: not given).

    A name without leading dashes is a positional argument; a ``type`` that
    raises :class:`~induceval.errors.InducevalError` has its message shown
    as the option's error.
    """

    name: str
    help: str
    default: Any = None
    type: Callable[[str], Any] | None = None
    choices: tuple | None = None
    nargs: str | None = None
    metavar: str | None = None
    action: str | None = None

    def spec(self) -> dict[str, Any]:
        """The keyword arguments given (those not ``None``)."""
        return {k: v for k, v in vars(self).items() if k != "name" and v is not None}


@dataclass(frozen=True)
class Shared:
    """An option the CLI adds as every command spells it: ``data``, ``out`` (``runs/NAME``),
    ``executor``, ``confidence``, ``format``, ``punct``, ``gold-pred-format``; ``params`` go
    to its helper (e.g. ``{"unit": "test items"}`` for ``confidence``)."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Protocol:
    """A ``reproduce`` protocol: what the CLI shows and the function it calls.

    ``run(options, data, show_progress)`` takes the parsed options (one
    attribute each), the shared data folder and whether to show progress;
    it returns the tables to print and the notes for stderr (printed before
    them); in the protocols' records it is a :class:`Deferred`.
    ``raw_description``: the description keeps its line breaks;
    ``says_where``: "written to OUT" goes to stderr after the tables.

    ``findings`` names the paper's findings the report checks on a run, as
    ``"MODULE:NAME"``: the list ``NAME`` of
    :class:`~induceval.experiments.findings.Finding` in
    ``induceval.experiments.findings.MODULE``, which also gives the paper's
    data in words (``PAPER_DATA``) and ours (``our_data(run)``).
    ``run_tables`` tells a run folder without ``run.json`` apart: table keys
    it holds, each a pattern (``*``: any characters) that some key matches.
    """

    name: str
    help: str
    description: str
    options: tuple[Option | Shared, ...]
    run: Callable[[Any, Any, bool], tuple[list, list[str]]]
    raw_description: bool = False
    says_where: bool = False
    findings: str | None = None
    run_tables: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deferred:
    """The function ``target`` (``"MODULE:NAME"``), imported when called.

    A protocol's record names the function that runs it so: the help builds
    every protocol's parser without importing the modules that run them
    (numpy, the models, the measures).

    Parameters
    ----------
    target
        ``"MODULE:NAME"``: a module's dotted name and the name of a function in it.

    Example
    -------
    >>> Deferred("math:hypot")(3, 4)
    5.0
    """

    target: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the function ``target`` names with these arguments."""
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)


def module_doc(module: str) -> str:
    """The docstring of ``module`` (its ``__doc__``), read from its source without importing it.

    A protocol's description is the docstring of the module that runs it,
    which imports numpy: the help reads only the source's first statement.

    Parameters
    ----------
    module
        The module's dotted name.

    Returns
    -------
    str
        The docstring as written (not dedented); empty when there is none.

    Example
    -------
    >>> module_doc("induceval.experiments.protocols").splitlines()[0]
    "The papers' protocols as data: name, help, options and the function that runs each one."
    """
    import ast
    import tokenize

    spec = importlib.util.find_spec(module)
    if spec is None or not (spec.origin or "").endswith(".py"):   # no source: import it
        return importlib.import_module(module).__doc__ or ""
    lines: list[str] = []
    with tokenize.open(spec.origin) as f:
        def readline() -> str:
            lines.append(f.readline())
            return lines[-1]

        for token in tokenize.generate_tokens(readline):
            if token.type == tokenize.NEWLINE:   # the end of the first statement
                break
    return ast.get_docstring(ast.parse("".join(lines)), clean=False) or ""


#: ``--seed`` as most protocols spell it
SEED = Option("--seed", f"seed (default {DEFAULT_SEED})", DEFAULT_SEED, SEED_TYPE)

#: the modules under :mod:`induceval.experiments` that run the protocols, in the order of the
#: help; ``MODULE.PROTOCOL`` is declared in ``_MODULE_protocol``, which imports no numpy
MODULES = ("frank2009", "reichart2010", "pascal2012_pos", "pascal2012_deps", "pascal2012_joint",
           "chang2006", "chambers2010")


def protocols() -> list[Protocol]:
    """Every protocol, in the order of ``induceval reproduce --help``.

    Returns
    -------
    list of Protocol
        The protocols.

    Example
    -------
    >>> [p.name for p in protocols()][:3]
    ['frank2009', 'reichart2010', 'pascal2012-pos']
    """
    return [importlib.import_module(f"induceval.experiments._{m}_protocol").PROTOCOL
            for m in MODULES]


#: options that change what is shown, not the numbers (left out of a run's manifest)
_DISPLAY = {"func", "output", "format", "percent", "no_progress", "table", "command", "what",
            "report"}


def write_manifest(out_dir: str | os.PathLike, protocol: str, options: Mapping[str, Any],
                   data: str | os.PathLike, started: float, seconds: float) -> str:
    """Write ``run.json`` into a run's ``--out`` folder: what ran, with what, and how long.

    The reproduction report (``induceval report``) reads it: the protocol, the
    package version, every option that changes the numbers (the seed among
    them), the data folder, the start time (UTC) and the run time.

    Parameters
    ----------
    out_dir
        The run's folder.
    protocol
        The protocol's name.
    options
        The run's options (those that change no number are left out).
    data
        The data folder.
    started
        The start time, in seconds since the epoch.
    seconds
        The run time.

    Returns
    -------
    str
        The path of ``run.json``.

    Example
    -------
    >>> import json, tempfile, pathlib
    >>> d = tempfile.mkdtemp()
    >>> p = write_manifest(d, "chang2006", {"seed": 7, "format": "json"}, "data", 0.0, 1.5)
    >>> m = json.loads(pathlib.Path(p).read_text())
    >>> m["protocol"], m["options"], m["started"], m["seconds"]
    ('chang2006', {'seed': 7}, '1970-01-01T00:00:00Z', 1.5)
    """
    import json
    import time

    from induceval._version import __version__
    from induceval.atomic import write_atomic

    def plain(v: Any) -> Any:
        return v if isinstance(v, (str, int, float, bool, type(None))) else \
            [plain(x) for x in v] if isinstance(v, (list, tuple)) else str(v)

    doc = {"protocol": protocol, "version": __version__,
           "options": {k: plain(v) for k, v in sorted(options.items()) if k not in _DISPLAY},
           "data": str(data), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                       time.gmtime(started)),
           "seconds": round(seconds, 3)}
    path = os.path.join(out_dir, "run.json")
    write_atomic(path, json.dumps(doc, indent=2) + "\n")
    return path
