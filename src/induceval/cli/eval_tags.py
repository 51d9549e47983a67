"""``induceval eval tags``: score induced word categories against gold tags.

Example::

    induceval convert --demo -o gold.conllu
    induceval induce tags --model brown --k 12 gold.conllu -o brown12.pascal --clusters clusters.tsv
    induceval eval tags --gold gold.conllu --pred brown12.pascal --pred clusters.tsv \\
        --level both --log-base e

Gold and predicted corpora (PASCAL, CoNLL-U/X, ...) are read with
``induceval.corpus.read_corpus``; a prediction may also be a
``word<TAB>cluster`` type list, or a layout of the gold's tokens
(:mod:`induceval.measures.layouts`: ``labels``, one sentence a line;
``wordtag``, ``word<TAB>label`` a line).  Unless ``--pred-column`` names it,
the prediction's cluster column is the gold column's name (else upos, cpos,
xpos), checked against what the whole prediction holds: when it holds no
clusters (``_`` or one label) and one other column does, that one is read and
named in the notes and the signature; otherwise the command refuses, naming
the columns.  Several ``--pred`` give one table with a row
per system and the best value of each column marked.  The gold tag column
and the punctuation are detected from the gold corpus (UPOS, else PTB
``xpos``, else CHILDES tags) and named in the notes and the signature.

A gold folder with prediction folders is scored shard by shard: each gold
file is paired with the prediction file at the same relative path (the
ending aside), consecutive files are read and counted together, and the
statistics are summed in file order (:mod:`induceval.measures.shards`); with
``--jobs N`` > 1, ``--scheduler`` or ``--cluster`` the shards run on workers.
The numbers are those of the files read as one corpus, wherever they ran.
"""

from __future__ import annotations

import argparse

from induceval.cli.common import (
    NAME_HELP,
    POSITIVE,
    add_executor_options,
    add_format_option,
    add_gold_pred_format_options,
    add_measure_options,
    add_punct_option,
    add_seed_option,
    bounded_int,
    category_column,
    check_score_only,
    chosen_measures,
    emit,
    emit_scores,
    read_options,
    select_measures,
    skipped_notes,
    system_names,
)
from induceval.cli.resampling_options import add_resampling_options
from induceval.errors import MAX_ITERATIONS
from induceval.report.layouts import category_table as build_table

__all__ = ["register", "run", "build_table"]


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    p = subparsers.add_parser(
        "tags", help="score induced word categories (M-1, 1-1, VI, V, pairwise, type level)",
        description="Score induced categories against gold tags: token measures (M-1, 1-1 "
                    "optimal and greedy, VI, NVI, V, H(C|K), H(K|C), pairwise P/R/F) and the "
                    "type-level MacroI/MicroI/MicroC of Reichart et al. (2010).  With Dask "
                    "(--jobs N > 1, --scheduler, --cluster), a gold folder and prediction "
                    "folders are read and counted file by file on the workers (files paired "
                    "by relative path), with the same numbers as in one process.")
    p.add_argument("--gold", required=True, metavar="G", help="gold corpus file or directory")
    p.add_argument("--pred", action="append", required=True, metavar="P",
                   help="predicted corpus or word<TAB>cluster list (repeat: one row per system)")
    p.add_argument("--name", action="append", default=None, help=NAME_HELP)
    p.add_argument("--gold-column", default="auto", type=category_column,
                   help="gold tag column (default auto: upos, else PTB xpos, else CHILDES tags)")
    p.add_argument("--pred-column", default=None, type=category_column,
                   help="predicted cluster column (default: the column of the gold column's "
                        "name, else the first of upos, cpos, xpos the prediction has; when it "
                        "holds no clusters, the one other column that does, named in the "
                        "notes and the signature; an error when several columns hold "
                        "different clusters, or when it is identical to the gold column)")
    p.add_argument("--allow-identical", action="store_true",
                   help="score a prediction column identical to the gold one, or --gold-column "
                        "form")
    add_gold_pred_format_options(
        p, pred_extra="; or a layout read against the gold's tokens: types (a word<TAB>cluster "
                      "list), labels (one sentence a line, one label per gold token, "
                      "whitespace-separated), wordtag (word<TAB>label a line, a blank line "
                      "between sentences, the words checked against the gold's); auto takes "
                      "a .labels file, or a .txt (or unknown ending) file of integers, for "
                      "labels")
    p.add_argument("--level", choices=("token", "type", "both"), default="token",
                   help="token measures, type-level measures, or both (default: token)")
    p.add_argument("--unclustered", choices=("merge", "split"), default="merge",
                   help="unclustered words in one cluster (merge) or one cluster per type")
    add_punct_option(p, what="punctuation excluded from scoring")
    p.add_argument("--log-base", choices=("2", "e"), default="2",
                   help="logarithm base of VI, NVI and entropies (default: 2)")
    p.add_argument("--beta", type=POSITIVE, default=1.0, help="V-measure beta (default: 1)")
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed gold or predicted sentence: fail (default) or skip it "
                        "and count it")
    p.add_argument("--restarts", type=bounded_int(1, MAX_ITERATIONS), default=10,
                   help="M-1 hill-climbing restarts for type-level measures (default: 10)")
    add_seed_option(p)
    add_resampling_options(p)
    add_format_option(p)
    add_measure_options(p, "tags")
    add_executor_options(p)
    p.set_defaults(func=run)


#: a gold tag set larger than this is a corpus's raw tags, said in the notes
RAW_TAG_SET = 100


def _measures(args: argparse.Namespace) -> list[str] | None:
    """``--measures``, checked against the family and ``--level`` before any work."""
    from induceval.errors import ParameterError

    chosen = chosen_measures(args, "tags")
    if chosen is None:
        return None
    from induceval.measures.categories import MEASURES

    levels = {"token": ("token",), "type": ("type",), "both": ("token", "type")}[args.level]
    other = [m for m in chosen if MEASURES[m].level not in levels]
    if other:
        need = "type or both" if args.level == "token" else "token or both"
        raise ParameterError(f"--measures {', '.join(other)}: not measured at --level "
                             f"{args.level}; give --level {need}")
    return chosen


def _check_resampled(args: argparse.Namespace) -> None:
    """Before any work: ``--confidence``/``--paired`` resample sentences, which a
    ``word<TAB>cluster`` list has no clusters of (said in the CLI's words)."""
    from pathlib import Path

    from induceval.errors import ParameterError
    from induceval.measures.categories.evaluate import TAGS

    for path in args.pred:
        if Path(path).exists() and TAGS.prediction_format((path,), args.pred_format) == "types":
            asked = " and ".join(o for o, v in (("--confidence", args.confidence),
                                                ("--paired", args.paired)) if v)
            raise ParameterError(
                f"{asked} resample{'s' * (' and ' not in asked)} the gold's {args.unit}s, but "
                f"--pred {path} is a word<TAB>cluster list: it has no clusters per "
                f"{args.unit} to resample; give a prediction with a cluster per token (a "
                "CoNLL-U, CoNLL-X or PASCAL file of the corpus, as induce tags -o writes it)")


def tag_set_note(column: str | None, labels) -> list[str]:
    """The note naming the gold tag set's size, and when it is large (more than
    :data:`RAW_TAG_SET` tags) that it is the corpus's raw tags.

    Example
    -------
    >>> tag_set_note("upos", ["NOUN", "VERB"])
    ['gold tag set: upos, 2 tags']
    >>> tag_set_note("xpos", [f"t{i}" for i in range(472)])[0][:60]
    "gold tag set: xpos, 472 tags: the corpus's raw tags, not a c"
    """
    if column is None:
        return []
    n = len(labels)
    note = f"gold tag set: {column}, {n} tag{'s' * (n != 1)}"
    if n > RAW_TAG_SET:
        note += (": the corpus's raw tags, not a coarse tag set (such as the 12 universal or "
                 "45 PTB tags), so scores are not comparable with those against one; map "
                 "the tags to one, or name another column with --gold-column")
    return [note]


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path

    check_output_path(args.output)
    from induceval.cli.common import check_tables_output

    check_tables_output(args, bool(args.paired) and len(args.pred) > 1, why="--paired")
    from induceval.cli.resampling_options import resampling_requested
    from induceval.corpus.readers import SCORING_COLUMNS

    # tags only (no heads or relations: they are never scored here)
    needed = tuple(c for c in SCORING_COLUMNS if c not in ("head", "deprel")) + tuple(
        c for c in (args.gold_column, args.pred_column) if c not in (None, "auto"))
    want_items = resampling_requested(args)
    check_score_only(args)
    measures = _measures(args)
    if want_items:
        _check_resampled(args)
    names = system_names(args.pred, args.name)
    from induceval.measures.categories import evaluate_tag_systems
    from induceval.random import DEFAULT_SEED

    ev = evaluate_tag_systems(
        args.gold, args.pred, read=read_options(args, needed, needed),
        gold_column=args.gold_column, pred_column=args.pred_column, punct=args.punct,
        unclustered=args.unclustered, log_base=args.log_base if args.log_base == "e" else 2,
        beta=args.beta, level=args.level, restarts=args.restarts,
        seed=DEFAULT_SEED if args.seed is None else args.seed,
        allow_identical=args.allow_identical, items="sentence" if want_items else None,
        names=names)
    results = ev.results
    gold_column, punct = ev.resolved["gold_column"], ev.resolved["punct"]
    notes = [f"gold tags: {gold_column}" + (" (detected)" if args.gold_column == "auto" else "")
             + f"; punctuation: {punct}" + (" (detected)" if args.punct == "auto" else "")]
    notes += tag_set_note(gold_column, (ev.inventory or {}).get(gold_column, ()))
    notes += [f"{names[i]}: clusters read from {ev.resolved['pred_columns'][i]} (detected: "
              f"{why})" for i, why in ev.resolved.get("pred_evidence", {}).items()]
    notes += skipped_notes(ev, [args.gold], args.pred, args.on_error)
    if not want_items:
        table = select_measures(build_table(results, names, notes), measures, "tags")
        if args.score_only:
            emit_scores(table, measures, "tags", args)
        else:
            emit(table, args)
        return 0
    from induceval.cli.common import emit_tables
    from induceval.cli.resampling_options import (
        add_intervals,
        document_groups,
        paired_table,
        run_resampling,
        sign_resampling,
    )
    from induceval.measures.resampling import items_of

    items = [items_of(r) for r in results]
    groups = document_groups(ev.documents, args.gold) if args.unit == "document" else None
    intervals, comparisons = run_resampling(items, args, groups)
    for r in results:
        r.signature = sign_resampling(r.signature, args)
    table = build_table(results, names, notes)
    scales = add_intervals(table, intervals, percent=getattr(args, "percent", False))
    tables = [select_measures(table, measures, "tags")]
    if comparisons:
        tables.append(select_measures(paired_table(comparisons, names[0], names[1:], args,
                                                   scales=scales), measures, "tags"))
    emit_tables(tables, args, ["measures", "paired"])
    return 0
