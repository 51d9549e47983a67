"""The ``reproduce pascal2012-joint`` record, kept apart from the module that runs it (and
exports it), :mod:`induceval.experiments.pascal2012_joint`: the help imports no numpy."""

from __future__ import annotations

from induceval.experiments._pascal2012_deps_protocol import OPTIONS
from induceval.experiments.protocols import Deferred, Option, Protocol, module_doc
from induceval.options import SIZE

__all__ = ["PROTOCOL"]

#: the module that runs the protocol
_RUNS = "induceval.experiments.pascal2012_joint"

PROTOCOL = Protocol(
    "pascal2012-joint", "PASCAL 2012 joint track: DMV on Brown clusters (K = #tags)",
    module_doc(_RUNS),
    OPTIONS + (Option("--max-k", "cap on the number of Brown clusters (default 200)", 200, SIZE),),
    Deferred(f"{_RUNS}:_from_options"), raw_description=True,
    findings="gelling2012:JOINT_FINDINGS", run_tables=("joint-task-*",))
