"""``induceval eval deps``: directed, undirected and NED accuracy (PASCAL 2012).

Example::

    induceval eval deps --gold test.conllu --pred dmv.conllu --pred lb.conllu \\
        --max-length 10 --by relation --plot accuracy-by-edge-length fig1.png

Several ``--pred`` give one table with a row per system (003 Table 3);
several ``--gold`` (or ``--reference`` columns such as ``head@xgrt``) are
several references: each is scored and the maximum is reported (003 §6.4).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from induceval.cli.common import add_format_option, emit

__all__ = ["register", "run"]

BY_CHOICES = ("relation", "deprel", "pos", "edge-length", "edge-length-exact",
              "sentence-length", "sentence-length-exact")
PLOTS = ("accuracy-by-edge-length",)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "deps", help="score predicted dependency trees (directed, undirected, NED)",
        description="Score predicted dependency heads against gold trees the PASCAL 2012 way: "
                    "punctuation removed with re-attachment, optional length limit, multiple "
                    "references, breakdowns.")
    p.add_argument("--gold", action="append", required=True, metavar="G",
                   help="gold file or directory (repeat for several gold conversions)")
    p.add_argument("--pred", action="append", required=True, metavar="P",
                   help="predicted file (repeat: one row per system)")
    p.add_argument("--name", action="append", default=None,
                   help="system names, one per --pred (default: file stems)")
    p.add_argument("--reference", action="append", default=None, metavar="COLUMN",
                   help="gold head column(s) to score against (default: every head and "
                        "head@NAME column of the gold, e.g. head and head@xgrt for Eve)")
    p.add_argument("--max-length", type=int, default=None, metavar="N",
                   help="keep sentences of at most N words after punctuation removal")
    p.add_argument("--punct", default="upos",
                   help="punctuation policy: upos (default), tags:T1,T2, unicode or keep")
    p.add_argument("--by", action="append", choices=BY_CHOICES, default=None,
                   help="add a breakdown table (repeatable)")
    p.add_argument("--measure", choices=("directed", "undirected", "ned"), default="directed",
                   help="measure shown in breakdown tables of several systems")
    p.add_argument("--gold-format", default="auto", help="gold file format (default: auto)")
    p.add_argument("--pred-format", default="auto", help="predicted file format (default: auto)")
    p.add_argument("--no-check-forms", action="store_true",
                   help="do not require identical word forms in gold and prediction")
    p.add_argument("--percent", action="store_true", help="scores in percent")
    p.add_argument("--plot", nargs=2, metavar=("KIND", "PATH"), default=None,
                   help="draw a figure: accuracy-by-edge-length out.png (003 Figure 1)")
    add_format_option(p)
    p.set_defaults(func=run)


def _names(preds: list[str], names: list[str] | None) -> list[str]:
    from induceval.errors import ParameterError
    if names:
        if len(names) != len(preds):
            raise ParameterError(f"--name given {len(names)} times for {len(preds)} --pred")
        return names
    stems = [Path(p).stem for p in preds]
    return stems if len(set(stems)) == len(stems) else list(preds)


def run(args: argparse.Namespace) -> int:
    from induceval.corpus import read_corpus
    from induceval.errors import ParameterError
    from induceval.measures.dependencies import (
        breakdown_table,
        evaluate_dependencies,
        systems_table,
    )

    golds = []
    for i, g in enumerate(args.gold):
        corpus = read_corpus(g, format=args.gold_format)
        if len(args.gold) > 1:
            from dataclasses import replace
            corpus = replace(corpus, name=Path(g).stem if len(set(map(lambda x: Path(x).stem,
                                                                      args.gold))) == len(
                args.gold) else f"gold{i + 1}")
        golds.append(corpus)
    names = _names(args.pred, args.name)
    breakdowns = tuple(sorted(set(args.by or ()) | ({"edge-length-exact"} if args.plot else set())))
    results = {}
    for name, path in zip(names, args.pred):
        pred = read_corpus(path, format=args.pred_format)
        results[name] = evaluate_dependencies(
            golds if len(golds) > 1 else golds[0], pred,
            references=args.reference or "auto", punct=args.punct, max_length=args.max_length,
            breakdowns=breakdowns, check_forms=not args.no_check_forms)
    tables = [systems_table(results, percent=args.percent,
                            title="Dependency accuracy" + (f" (length <= {args.max_length})"
                                                           if args.max_length else ""))]
    for by in args.by or ():
        tables.append(breakdown_table(results, by, measure=args.measure))
    if args.plot:
        kind, path = args.plot
        if kind not in PLOTS:
            raise ParameterError(f"--plot kind must be one of {', '.join(PLOTS)}; got {kind!r}")
        from induceval.measures.dependencies.plot import plot_accuracy_by_edge_length
        plot_accuracy_by_edge_length(results, path)
    if len(tables) == 1:
        emit(tables[0], args)
    elif args.format == "json":
        emit(json.dumps({"tables": [json.loads(t.render("json")) for t in tables]}, indent=2)
             + "\n", args)
    else:
        emit("\n".join(t.render(args.format) for t in tables), args)
    return 0
