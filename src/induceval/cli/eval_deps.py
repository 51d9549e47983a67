"""``induceval eval deps``: directed, undirected and NED accuracy (PASCAL 2012).

Example::

    induceval convert --demo -o gold.conllu
    induceval induce deps --model dmv gold.conllu -o dmv.conllu
    induceval induce deps --model lb gold.conllu -o lb.conllu
    induceval eval deps --gold gold.conllu --pred dmv.conllu --pred lb.conllu \\
        --max-length 10 --by relation --plot accuracy-by-edge-length fig1.png

Several ``--pred`` give one table with a row per system (as in Table 3 of
the PASCAL 2012 report); several ``--gold`` (or ``--reference`` columns such
as ``head@xgrt``) are several references: each is scored and the maximum is
reported.  Punctuation is detected from the gold corpus (UPOS, else the PTB
punctuation tags, else CHILDES, else punctuation characters) unless
``--punct`` names a policy; the choice is in the notes and the signature.

A prediction may also be a ``heads`` file: one sentence a line, one head
index per gold token (``0`` the root), read against the gold's tokens
(:mod:`induceval.measures.layouts`).

Gold folders with prediction folders are scored shard by shard (files
paired by relative path, the ending aside; :mod:`induceval.measures.shards`):
per-sentence statistics are concatenated in file order; with ``--jobs N`` >
1, ``--scheduler`` or ``--cluster`` the shards run on workers.  The numbers
are those of the files read as one corpus, wherever they ran.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from induceval.cli.common import (
    NAME_HELP,
    add_executor_options,
    add_format_option,
    add_gold_pred_format_options,
    add_measure_options,
    add_punct_option,
    check_score_only,
    chosen_measures,
    emit_scores,
    read_options,
    select_measures,
    skipped_notes,
    system_names,
)
from induceval.cli.resampling_options import add_resampling_options
from induceval.errors import ParameterError
from induceval.signature import Signature

__all__ = ["register", "run"]

BY_CHOICES = ("relation", "deprel", "pos", "edge-length", "edge-length-exact",
              "sentence-length", "sentence-length-exact")
PLOTS = ("accuracy-by-edge-length",)


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    p = subparsers.add_parser(
        "deps", help="score predicted dependency trees (directed, undirected, NED)",
        description="Score predicted dependency heads against gold trees the PASCAL 2012 way: "
                    "punctuation removed with re-attachment, optional length limit, multiple "
                    "references, breakdowns.  With Dask (--jobs N > 1, --scheduler, "
                    "--cluster), gold and prediction folders are read and scored file by file "
                    "on the workers (files paired by relative path), with the same numbers as "
                    "in one process.")
    p.add_argument("--gold", action="append", required=True, metavar="G",
                   help="gold file or directory (repeat for several gold conversions)")
    p.add_argument("--pred", action="append", required=True, metavar="P",
                   help="predicted file (repeat: one row per system)")
    p.add_argument("--name", action="append", default=None, help=NAME_HELP)
    p.add_argument("--reference", action="append", default=None, metavar="COLUMN",
                   help="gold head column(s) to score against (default: every head and "
                        "head@NAME column of the gold, e.g. head and head@xgrt for Eve)")
    from induceval.cli.common import SIZE

    p.add_argument("--max-length", type=SIZE, default=None, metavar="N",
                   help="keep sentences of at most N words after punctuation removal")
    add_punct_option(p, what="punctuation removed (with re-attachment) before scoring")
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed gold or predicted sentence: fail (default) or skip it "
                        "and count it")
    p.add_argument("--by", action="append", choices=BY_CHOICES, default=None,
                   help="add a breakdown table (repeatable); with --format csv give -o "
                        "out.csv: the scores go to out.csv and each breakdown to "
                        "out.by-KEY.csv (e.g. out.by-relation.csv)")
    p.add_argument("--measure", choices=("directed", "undirected", "ned"), default="directed",
                   help="measure shown in breakdown tables of several systems")
    add_gold_pred_format_options(
        p, pred_extra="; or heads: one sentence a line, one head index per gold token (0 the "
                      "root), read against the gold's tokens; auto takes a .heads file, or a "
                      ".txt (or unknown ending) file of integers, for heads")
    p.add_argument("--no-check-forms", action="store_true",
                   help="do not require identical word forms in gold and prediction")
    p.add_argument("--plot", nargs=2, metavar=("KIND", "PATH"), default=None,
                   help="draw a figure: accuracy-by-edge-length out.png (Figure 1 of the "
                        "PASCAL 2012 report)")
    add_resampling_options(p, seed=True)
    add_format_option(p)
    add_measure_options(p, "deps")
    add_executor_options(p)
    p.set_defaults(func=run)


def _resampling(table, results, names, documents, args) -> list:
    """Intervals (``--confidence``) into ``table``; the paired-test table (``--paired``)."""
    from induceval.cli.resampling_options import (
        add_intervals,
        document_groups,
        paired_table,
        resampling_requested,
        run_resampling,
        sign_resampling,
    )
    from induceval.measures.dependencies import dependency_items

    if not resampling_requested(args):
        return []
    stats = [results[n].reference().stats for n in names]
    items = [dependency_items(s) for s in stats]
    groups = None
    if args.unit == "document":
        groups = document_groups(documents, args.gold[0], stats[0].sentence_index)
    intervals, comparisons = run_resampling(items, args, groups)
    table.notes = [sign_resampling(n, args) if n.startswith("signature:") else n
                   for n in table.notes]
    measures = ("directed", "undirected", "ned", "root")
    scales = add_intervals(table, intervals, measures, percent=getattr(args, "percent", False))
    first = results[names[0]]
    if len(first.references) > 1:
        table.notes.append(f"intervals and tests against the first reference "
                           f"({next(iter(first.references))})")
    if not comparisons:
        return []
    return [paired_table(comparisons, names[0], names[1:], args, measures, scales=scales)]


def _gold_names(golds: list[str]) -> list[str]:
    """The names of several gold corpora: their file stems, else gold1, gold2..."""
    stems = [Path(g).stem for g in golds]
    return stems if len(set(stems)) == len(stems) else [f"gold{i + 1}"
                                                        for i in range(len(golds))]


def _sign_notes(notes: list[str], **options) -> list[str]:
    """The notes with ``options`` added to each ``signature:`` note."""
    prefix = "signature: "
    return [prefix + Signature.parse(n[len(prefix):]).update(options).format()
            if n.startswith(prefix) else n for n in notes]


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path, emit_tables
    from induceval.report.dependencies import breakdown_table, systems_table

    check_output_path(args.output)
    if args.plot:
        _check_plot(*args.plot)
    from induceval.cli.common import check_tables_output

    check_tables_output(args, bool(args.by) or (bool(args.paired) and len(args.pred) > 1),
                        why="--by" if args.by else "--paired")
    if args.max_length is not None and args.max_length < 1:
        raise ParameterError(f"--max-length must be at least 1, got {args.max_length}")
    check_score_only(args, "--by", "--plot")
    measures = chosen_measures(args, "deps")
    names = system_names(args.pred, args.name)
    breakdowns = tuple(sorted(set(args.by or ()) | ({"edge-length-exact"} if args.plot else set())))
    from induceval.corpus.readers import SCORING_COLUMNS
    from induceval.measures.dependencies import evaluate_dependency_systems

    # a prediction is scored on its forms and heads only: its other columns are not read
    ev = evaluate_dependency_systems(
        args.gold, args.pred, read=read_options(args, SCORING_COLUMNS, ("form", "head")),
        gold_names=_gold_names(args.gold) if len(args.gold) > 1 else None,
        references=args.reference or "auto", punct=args.punct, max_length=args.max_length,
        breakdowns=breakdowns, check_forms=not args.no_check_forms, names=names)
    results = dict(ev)
    punct = ev.resolved["punct"]
    table = systems_table(results, title="Dependency accuracy" + (
        f" (length <= {args.max_length})" if args.max_length else ""))
    table.notes.insert(0, f"punctuation: {punct}" + (" (detected)" if args.punct == "auto"
                                                      else ""))
    table.notes += skipped_notes(ev, args.gold, args.pred, args.on_error)
    if args.score_only:
        emit_scores(select_measures(table, measures, "deps"), measures, "deps", args)
        return 0
    tables = [table]
    tables += _resampling(table, results, names, ev.documents, args)
    tables = [select_measures(t, measures, "deps") for t in tables]
    keys = ["accuracy", "paired"][:len(tables)]
    for by in args.by or ():
        bt = breakdown_table(results, by, measure=args.measure)
        # the breakdown and (several systems) the measure in its cells change its numbers
        extra = {"by": by, **({"measure": args.measure} if len(results) > 1 else {})}
        bt.notes = _sign_notes(bt.notes, **extra)
        tables.append(bt)
        keys.append(f"by-{by}")
    emit_tables(tables, args, keys)   # first: a failing figure never costs the tables
    if args.plot:
        from induceval.errors import InducevalError
        from induceval.report.dependencies import plot_accuracy_by_edge_length

        try:
            first = next(iter(results.values()))
            plot_accuracy_by_edge_length(
                results, args.plot[1],
                title=f"{', '.join(args.gold)}: {first.signature}")
        except (OSError, ValueError) as exc:
            raise InducevalError(f"--plot {args.plot[1]}: the figure was not written: "
                                 f"{exc}") from None
    return 0


#: figure file endings matplotlib writes
FIGURE_ENDINGS = (".png", ".pdf", ".svg", ".svgz", ".eps", ".ps", ".jpg", ".jpeg", ".tif",
                  ".tiff", ".webp", ".pgf")


def _check_plot(kind: str, path: str) -> None:
    """``--plot KIND PATH`` checked before any work, like ``-o``."""
    from induceval.cli.common import check_output_path
    from induceval.errors import ParameterError

    if kind not in PLOTS:
        raise ParameterError(f"--plot kind must be one of {', '.join(PLOTS)}; got {kind!r}")
    check_output_path(path, option="--plot")
    if Path(path).suffix.lower() not in FIGURE_ENDINGS:
        raise ParameterError(f"--plot {path}: the ending must be one of "
                             f"{', '.join(FIGURE_ENDINGS)}; got {Path(path).suffix or 'none'!r}")
