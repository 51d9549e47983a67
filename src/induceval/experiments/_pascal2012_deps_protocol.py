"""The ``reproduce pascal2012-deps`` record, its systems and the options ``pascal2012-joint``
shares, kept apart from the module that runs them (and exports them),
:mod:`induceval.experiments.pascal2012_deps`: the help imports no numpy."""

from __future__ import annotations

from induceval.errors import MAX_SIZE
from induceval.experiments.protocols import Deferred, Option, Protocol, Shared, module_doc
from induceval.options import ITERATIONS, SEED, bounded_int, finite_float
from induceval.random import DEFAULT_SEED

__all__ = ["PROTOCOL", "SYSTEMS", "OPTIONS"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.pascal2012_deps"

#: system name -> (model, tag kind or None); the column order of Gelling et al. 2012, Tables 3/8.
#: ``H`` uses the fine tags (else coarse, else universal); ``Hc``/``Hp``/``Hu``
#: are the harmonic initialiser on each tag set, for the "DMV improves on its
#: initialiser" table (Gelling et al. 2012, §6.2).
SYSTEMS: dict[str, tuple[str, str | None]] = {
    "DMVc": ("dmv", "c"), "DMVp": ("dmv", "p"), "DMVu": ("dmv", "u"),
    "H": ("harmonic", "pcu"), "LB": ("lb", None), "RB": ("rb", None), "random": ("random", None),
    "Hc": ("harmonic", "c"), "Hp": ("harmonic", "p"), "Hu": ("harmonic", "u"),
}

#: the options of ``reproduce pascal2012-deps`` that ``pascal2012-joint`` shares
OPTIONS = (
    Option("treebanks", "treebank folders or files (UD *.conllu, PTB *.dp, CHAT *.cha; "
           "default: the treebanks under --data)", nargs="*", metavar="TREEBANK"),
    Shared("data"), Shared("out"), Shared("executor"),
    Option("--max-train-length", "DMV trained on sentences of at most N tokens (default 10; "
           "0 = all)", 10, bounded_int(0, MAX_SIZE, note="0: all"), metavar="N"),
    Option("--iterations", "max EM iterations", 100, ITERATIONS),
    Option("--tolerance", "relative log-likelihood gain to stop EM (0 to 1)", 1e-5,
           finite_float(0, 1)),
    Option("--seed", "seed of random trees", DEFAULT_SEED, SEED),
    Shared("confidence"), Shared("format"))

PROTOCOL = Protocol(
    "pascal2012-deps", "PASCAL 2012 dependency track: LB, RB, random, H, DMVc/p/u",
    module_doc(_RUNS),
    OPTIONS + (Option("--systems", f"comma-separated subset of {','.join(SYSTEMS)}"),),
    Deferred(f"{_RUNS}:_from_options"), raw_description=True,
    findings="gelling2012:DEPS_FINDINGS", run_tables=("dmv-vs-its-harmonic-initialiser*",))
