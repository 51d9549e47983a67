"""Shared CLI options and table decoration for bootstrap intervals and paired tests.

``--confidence [N]``, ``--alpha``, ``--paired {bootstrap,ar}``,
``--paired-n``, ``--unit {sentence,document}`` mean the same in ``eval tags``,
``eval deps``, ``wopa`` and ``pseudo score``; the computation is
:mod:`induceval.measures.resampling`.  Intervals become ``<m> ±`` columns
(half-width of the percentile interval) next to each measure, and each row
also carries ``<m>_low`` / ``<m>_high`` (in JSON); paired tests become a
second table (one row per system and measure: baseline score, system score,
difference, two-sided p-value, significance at ``--alpha``).  The signature
records the interval level, the test, the unit, the number of resamples and
the seed.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from induceval.cli.common import SEED
from induceval.errors import ParameterError
from induceval.signature import Signature

if TYPE_CHECKING:
    import numpy as np

__all__ = ["add_resampling_options", "resampling_requested", "add_intervals", "paired_table",
           "sign_resampling", "document_groups", "run_resampling"]


def add_resampling_options(parser: argparse.ArgumentParser, *, paired: bool = True,
                           unit: bool = True, seed: bool = False,
                           unit_name: str = "sentence", systems: str = "--pred") -> None:
    """Add ``--confidence [N]``, ``--alpha``, ``--paired``/``--paired-n``, ``--unit``, ``--seed``.

    ``seed``: add ``--seed`` too (for commands without one).  Without
    ``unit`` the resampled unit is ``unit_name`` (utterance, item).
    ``systems``: what ``--paired`` compares, as the help names it.
    """
    from induceval.cli.common import (
        GivenAction,
        add_alpha_option,
        add_confidence_option,
        bounded_int,
        requires,
    )
    from induceval.errors import MAX_ITERATIONS

    def resampling(a):
        return bool(a.confidence) or bool(getattr(a, "paired", None))

    needs = "--confidence N > 0" + (" or --paired" if paired else "")
    if seed:
        parser.add_argument("--seed", type=SEED, default=None, action=GivenAction,
                            help="seed of the resampling (default: the package seed)")
        requires(parser, "--seed", needs, resampling)
    add_confidence_option(parser)
    add_alpha_option(parser, paired=paired)
    if paired:
        parser.add_argument("--paired", choices=("bootstrap", "ar"), default=None,
                            help=f"paired test of each {systems} against the first: paired "
                                 "bootstrap or approximate randomization (two-sided)")
        parser.add_argument("--paired-n", type=bounded_int(1, MAX_ITERATIONS), default=None,
                            metavar="N", action=GivenAction,
                            help="resamples of --paired (default: the --confidence N, "
                                 f"else 1000; at most {MAX_ITERATIONS})")
        requires(parser, "--paired-n", "--paired", lambda a: bool(a.paired))
    if not unit:
        parser.set_defaults(unit=unit_name)
    else:
        parser.add_argument("--unit", choices=("sentence", "document"), default="sentence",
                            action=GivenAction,
                            help="resampling unit: sentences (utterances, items) or whole "
                                 "documents (default: sentence)")
        requires(parser, "--unit", needs, resampling)


def resampling_requested(args: argparse.Namespace) -> bool:
    """Whether intervals (``--confidence`` N > 0) or ``--paired`` were asked for."""
    return bool(getattr(args, "confidence", 0)) or bool(getattr(args, "paired", None))


def _check(args: argparse.Namespace, n_systems: int) -> None:
    if args.confidence is not None and args.confidence < 0:
        raise ParameterError(f"--confidence N must be 0 (none) or more, got {args.confidence}")
    if getattr(args, "paired_n", None) is not None and args.paired_n < 1:
        raise ParameterError(f"--paired-n must be at least 1, got {args.paired_n}")
    if not 0 < args.alpha < 1:
        raise ParameterError(f"--alpha must be in (0, 1), got {args.alpha}")
    if getattr(args, "paired", None) and n_systems < 2:
        raise ParameterError("--paired needs at least two --pred (each is tested against "
                             "the first)")


def document_groups(documents, name: str, sentence_index: np.ndarray | None = None) -> np.ndarray:
    """The document of each (kept) sentence, for ``--unit document``.

    ``documents``: the gold's ``document`` sentence column (or ``None``);
    ``name`` names the gold in errors.
    """
    if documents is None:
        raise ParameterError(
            f"--unit document: corpus {name} has no document boundaries "
            "(CoNLL-U '# newdoc', one CHAT/PTB file per document); use --unit sentence")
    import numpy as np

    docs = np.asarray(documents.values)
    if len(docs) and (docs < 0).all():
        raise ParameterError(
            f"--unit document: corpus {name} names no documents "
            "(no '# newdoc id' lines); use --unit sentence")
    docs = docs if sentence_index is None else docs[np.asarray(sentence_index, dtype=np.int64)]
    n_docs = len(np.unique(docs))
    if n_docs < 2:
        raise ParameterError(
            f"--unit document: corpus {name} has {n_docs} document; "
            "resampling needs at least two ('# newdoc id' lines in CoNLL-U, or one file per "
            "document); use --unit sentence")
    return docs


def run_resampling(items: Sequence, args: argparse.Namespace, groups=None):
    """Intervals of every system and paired comparisons against the first.

    Returns ``(intervals, comparisons)``: a list of
    :class:`~induceval.measures.resampling.Resampled` (or ``None`` without
    ``--confidence``) and a list of
    :class:`~induceval.measures.resampling.Comparison` (empty without ``--paired``).
    """
    from induceval.measures.resampling import compare, resample

    _check(args, len(items))
    seed = getattr(args, "seed", None)
    unit = getattr(args, "unit", "sentence")
    intervals = None
    if args.confidence:
        intervals = [resample(st, n=args.confidence, alpha=args.alpha, seed=seed, groups=groups,
                              unit=unit) for st in items]
    comparisons = []
    if getattr(args, "paired", None):
        n = args.paired_n or args.confidence or 1000
        comparisons = compare(items[0], list(items[1:]), test=args.paired, n=n, alpha=args.alpha,
                              seed=seed, groups=groups, unit=unit)
    return intervals, comparisons


def sign_resampling(signature: str, args: argparse.Namespace) -> str:
    """Insert the resampling fields (interval, test, unit, N, seed) before ``|v:``.

    Example
    -------
    >>> ns = argparse.Namespace(confidence=1000, alpha=0.05, paired="ar", paired_n=None,
    ...                         unit="sentence", seed=None)
    >>> sign_resampling("m1|log:2|v:0.3.1", ns)
    'm1|log:2|ci:bootstrap|ci_level:0.95|ci_n:1000|paired:ar|paired_n:1000|resample:sentence|\
seed:12345|v:0.3.1'
    """
    from induceval.measures.resampling import resampling_signature

    if not resampling_requested(args):
        return signature
    fields = resampling_signature(confidence=args.confidence, alpha=args.alpha,
                                  paired=getattr(args, "paired", None),
                                  paired_n=getattr(args, "paired_n", None),
                                  unit=getattr(args, "unit", "sentence"),
                                  seed=getattr(args, "seed", None))
    sig = Signature.parse(signature)
    # a field the result already signs with the same value (its seed) keeps its place
    new = Signature("", fields).fields
    return sig.update({k: v for k, v in new.items() if sig.get(k) != v}).format()


def add_intervals(table, intervals, measures: Sequence[str] | None = None, *,
                  percent: bool = False) -> dict[str, float]:
    """Put ``<m> ±`` columns after each measure and ``<m>_low/_high`` in the rows (in place).

    ``table.rows[i]`` belongs to ``intervals[i]``.  With ``percent`` the
    interval of a column that ``--percent`` scales is scaled alike.  Returns
    the scale of each measure (for :func:`paired_table`).
    """
    scaled = table.percent_columns() if percent else ()   # as --percent will scale them
    scales = {m: 100.0 if m in scaled else 1.0 for m in table.columns}
    if intervals is None:
        return scales
    cols = list(table.columns)
    names = [m for m in (measures or intervals[0].intervals) if m in cols]
    for row, res in zip(table.rows, intervals):
        for m in names:
            iv, scale = res.intervals.get(m), scales[m]
            if iv is not None:
                row.update({f"{m} ±": iv.half_width * scale, f"{m}_low": iv.low * scale,
                            f"{m}_high": iv.high * scale})
    from induceval.experiments._uncertainty import interval_columns

    table.columns = interval_columns(cols, names, ties=False)
    level = 1 - intervals[0].alpha
    table.notes.append(f"±: half-width of the {level:.0%} percentile bootstrap interval "
                       f"({intervals[0].n} resamples of {intervals[0].n_items} "
                       f"{intervals[0].unit}s; [low, high] in the JSON rows)")
    return scales


def paired_table(comparisons, baseline: str, names: Sequence[str], args: argparse.Namespace,
                 measures: Sequence[str] | None = None, *, scales: dict[str, float] | None = None):
    """One row per (system, measure): baseline, system, difference, p-value, significant."""
    from induceval.report.tables import Table

    rows = []
    first = comparisons[0] if comparisons else None
    for name, c in zip(names, comparisons):
        for m in (measures or c.delta):
            if m not in c.delta:
                continue
            p = c.p_value[m]
            scale = (scales or {}).get(m, 1.0)
            row = {"system": name, "measure": m, "baseline": c.baseline[m] * scale,
                   "score": c.system[m] * scale, "delta": c.delta[m] * scale, "p_value": p,
                   "significant": "yes" if p < args.alpha else "no"}
            if m in c.delta_interval:
                row["delta_low"] = c.delta_interval[m].low * scale
                row["delta_high"] = c.delta_interval[m].high * scale
            rows.append(row)
    test = "paired bootstrap" if args.paired == "bootstrap" else "approximate randomization"
    n = first.n if first else 0
    notes = [f"{test}, two-sided, {n} resamples of {first.n_items if first else 0} "
             f"{first.unit if first else 'sentence'}s, seed {first.seed if first else ''}; "
             f"smallest attainable p = 1/{n + 1}; significant: p < {args.alpha:g}"]
    return Table(["system", "measure", "baseline", "score", "delta", "p_value", "significant"],
                 rows, title=f"paired test against {baseline} ({test})", notes=notes)
