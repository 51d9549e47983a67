"""The demo: every area's demonstration steps on the built-in demo corpus.

:func:`run_demo` generates the demo corpus
(:func:`induceval.corpus.demo.generate_demo_corpus`), describes it, then runs
``run(corpus, seed)`` of every module ``induceval.experiments.<step>`` listed
in :data:`DEMO_STEPS`.  A step whose module does not exist yet is reported as
"not available yet"; a step that raises is reported as failed with the error
(or re-raised with ``strict=True``).  The last item is a summary table of the
steps with their status and time.  ``induceval demo`` prints the report.

Example
-------
>>> report = run_demo(n_sentences=50, steps=())
>>> [title for title, _ in report]
['demo corpus', 'demo steps']
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from dataclasses import replace

from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.stats import describe
from induceval.progress import progress
from induceval.random import DEFAULT_SEED
from induceval.report.layouts import describe_table
from induceval.report.tables import Table
from induceval.signature import make_signature

__all__ = ["DEMO_STEPS", "run_demo"]

#: step modules under ``induceval.experiments``, in the order they run
DEMO_STEPS: tuple[str, ...] = (
    "demo_tags", "demo_models", "demo_deps", "demo_dmv", "demo_wopa", "demo_pseudo",
)

ReportItem = tuple[str, "Table | str"]


def run_demo(seed: int = DEFAULT_SEED, n_sentences: int = 2000, *,
             steps: Sequence[str] = DEMO_STEPS, strict: bool = False,
             show_progress: bool = False) -> list[ReportItem]:
    """Run the demo and return its report as ``(title, Table or text)`` pairs.

    ``seed`` seeds the demo corpus of ``n_sentences`` and every step;
    ``strict`` re-raises a step's exception instead of reporting it;
    ``show_progress`` shows a bar over the steps on stderr.  The
    report holds the corpus description, each step's items (titled
    ``step: title``) and a final ``demo steps`` table (step, status, items,
    seconds).

    Parameters
    ----------
    seed
        Seed of the demo corpus and of every step.
    n_sentences
        Sentences of the demo corpus.
    steps
        The steps run, in order (names of :data:`DEMO_STEPS`).
    strict
        Re-raise a step's exception instead of reporting it.
    show_progress
        Show a bar over the steps on stderr.

    Returns
    -------
    list of ReportItem
        ``(title, Table or text)`` pairs.

    Example
    -------
    >>> [title for title, _ in run_demo(1, 200, steps=("tags",))]
    ['demo corpus', 'tags', 'demo steps']
    """
    corpus = generate_demo_corpus(n_sentences=n_sentences, seed=seed)
    # every table says what made its numbers: here the demo corpus's size and seed
    sig = f"signature: {make_signature('demo', {'sentences': n_sentences}, seed=seed)}"
    described = describe_table(describe(corpus))
    report: list[ReportItem] = [("demo corpus", replace(described,
                                                        notes=[*described.notes, sig]))]
    summary = []
    for step in progress(steps, enabled=show_progress, desc="demo", unit="step"):
        module_name = f"induceval.experiments.{step}"
        t0 = time.perf_counter()
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            report.append((step, "not available yet"))
            summary.append({"step": step, "status": "not available yet", "items": 0,
                            "seconds": None})
            continue
        try:
            items = list(module.run(corpus, seed))
        except Exception as exc:  # reported, not hidden: the summary marks the step failed
            if strict:
                raise
            report.append((step, f"failed: {type(exc).__name__}: {exc}"))
            summary.append({"step": step, "status": f"failed ({type(exc).__name__})",
                            "items": 0, "seconds": round(time.perf_counter() - t0, 2)})
            continue
        for item in items:
            title = item.title if isinstance(item, Table) and item.title else ""
            report.append((f"{step}: {title}" if title else step, item))
        summary.append({"step": step, "status": "ok", "items": len(items),
                        "seconds": round(time.perf_counter() - t0, 2)})
    report.append(("demo steps", Table(["step", "status", "items", "seconds"], summary,
                                       title="demo steps",
                                       notes=[f"seed {seed}, {n_sentences} sentences", sig])))
    return report
