"""``induceval eval tags``: score induced word categories against gold tags.

Example::

    induceval eval tags --gold gold.conllu --pred brown12.pascal --pred clusters.tsv \\
        --level both --log-base e

Gold and predicted corpora (PASCAL, CoNLL-U/X, ...) are read with
``induceval.corpus.read_corpus``; a prediction may also be a
``word<TAB>cluster`` type list.  Several ``--pred`` give one table with a row
per system and the best value of each column marked.  The gold tag column
and the punctuation are detected from the gold corpus (UPOS, else PTB
``xpos``, else CHILDES tags) and named in the notes and the signature.

With a Dask engine (``--jobs N`` > 1 with Dask installed, ``--scheduler``
or ``--cluster``), a gold folder and prediction folders are scored file by
file on the workers: each gold file is paired with the prediction file at
the same relative path (the ending aside), read and counted there, and the
contingency tables are summed in file order: the same table, bit for bit,
as one process.  A gold file, or a prediction file, is scored in one
process, as without the options.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from induceval.cli.common import (
    add_executor_options,
    add_format_option,
    add_gold_pred_format_options,
    add_punct_option,
    emit,
)
from induceval.cli.resampling_options import add_resampling_options
from induceval.report.layouts import category_table as build_table
from induceval.signature import Signature

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
    p.add_argument("--name", action="append", default=None,
                   help="system names, one per --pred (default: file stems)")
    p.add_argument("--gold-column", default="auto",
                   help="gold tag column (default auto: upos, else PTB xpos, else CHILDES tags)")
    p.add_argument("--pred-column", default=None,
                   help="predicted cluster column (default: the column of the gold column's "
                        "name, else the first of upos, cpos, xpos the prediction has; an "
                        "error when it is identical to the gold column)")
    p.add_argument("--allow-identical", action="store_true",
                   help="score a prediction column identical to the gold one, or --gold-column "
                        "form")
    add_gold_pred_format_options(p, pred_extra=", or types for a word<TAB>cluster list")
    p.add_argument("--level", choices=("token", "type", "both"), default="token",
                   help="token measures, type-level measures, or both (default: token)")
    p.add_argument("--unclustered", choices=("merge", "split"), default="merge",
                   help="unclustered words in one cluster (merge) or one cluster per type")
    add_punct_option(p, what="punctuation excluded from scoring")
    p.add_argument("--log-base", choices=("2", "e"), default="2",
                   help="logarithm base of VI, NVI and entropies (default: 2)")
    p.add_argument("--beta", type=float, default=1.0, help="V-measure beta (default: 1)")
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed gold or predicted sentence: fail (default) or skip it "
                        "and count it")
    p.add_argument("--restarts", type=int, default=10,
                   help="M-1 hill-climbing restarts for type-level measures (default: 10)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: package seed)")
    add_resampling_options(p)
    add_format_option(p)
    add_executor_options(p)
    p.set_defaults(func=run)


def _names(preds: list[str], names: list[str] | None) -> list[str]:
    from induceval.errors import ParameterError
    if names:
        if len(names) != len(preds):
            raise ParameterError(f"--name given {len(names)} times for {len(preds)} --pred")
        return names
    stems = [Path(p).stem for p in preds]
    return stems if len(set(stems)) == len(stems) else list(preds)


def _run_serial(args: argparse.Namespace, needed: tuple, want_items: bool):
    from induceval.corpus import read_corpus
    from induceval.corpus.readers import read_corpora
    from induceval.corpus.transforms import detect_gold_scheme, resolve_punct_policy
    from induceval.errors import ParameterError
    from induceval.measures.categories import evaluate_tags, is_type_list, read_type_clusters
    from induceval.random import DEFAULT_SEED

    def type_list(path: str) -> bool:
        fmt = args.pred_format
        return fmt == "types" or (fmt == "auto" and Path(path).is_file() and is_type_list(path)
                                  and Path(path).suffix.lower() not in (".conllu", ".conll",
                                                                        ".pascal", ".conllx"))

    # the gold corpus and the first predicted corpus are read at once (two processes on
    # large inputs); errors surface in the order below, as when reading one after the other
    first_pred = None if type_list(args.pred[0]) else (
        args.pred[0], {"format": args.pred_format, "on_error": args.on_error, "columns": needed})
    pending = read_corpora([(args.gold, {"format": args.gold_format, "on_error": args.on_error,
                                         "columns": needed})] + ([first_pred] if first_pred
                                                                 else []))
    gold = pending[0].result()
    if gold.n_tokens == 0:
        raise ParameterError(f"gold corpus {args.gold} has no tokens")
    scheme = detect_gold_scheme(gold)
    gold_column = scheme.tag_column if args.gold_column == "auto" else args.gold_column
    if gold_column is None:
        raise ParameterError(f"{args.gold} has no gold tag column (upos, xpos or cpos); it has: "
                             f"{', '.join(sorted(gold.tokens))}; name one with --gold-column")
    punct = resolve_punct_policy(gold, args.punct)
    skipped = {f"gold {args.gold}: {k}": v for k, v in gold.report.skipped.items() if v}
    results = []
    first_read = pending[1] if first_pred else None
    del pending
    for path in args.pred:
        fmt = args.pred_format
        if first_read is None and type_list(path):
            pred = read_type_clusters(path)
        else:
            if first_read is not None:
                pred, first_read = first_read.result(), None
            else:
                pred = read_corpus(path, format=fmt, on_error=args.on_error, columns=needed)
            for k, v in pred.report.skipped.items():
                if v:
                    skipped[f"pred {path}: {k}"] = v
        pred_column = args.pred_column
        if pred_column is None and not isinstance(pred, dict) \
                and gold_column not in pred.tokens:
            # e.g. a CoNLL-X prediction (CPOSTAG/POSTAG, no UPOS column)
            pred_column = next((c for c in ("upos", "cpos", "xpos") if c in pred.tokens), None)
        results.append(evaluate_tags(
            gold, pred, gold_column=gold_column, pred_column=pred_column,
            punct=punct, unclustered=args.unclustered,
            log_base=args.log_base if args.log_base == "e" else 2, beta=args.beta,
            level=args.level, restarts=args.restarts,
            seed=DEFAULT_SEED if args.seed is None else args.seed,
            allow_identical=args.allow_identical,
            items="sentence" if want_items else None))
    return gold, results, gold_column, punct, skipped


def sharded(args: argparse.Namespace, golds: list[str]) -> bool:
    """Whether the command scores file by file on Dask: a Dask engine, gold and
    prediction folders (see :mod:`induceval.measures.sharded`)."""
    from induceval.cli.common import executor_from_args

    spec = executor_from_args(args)
    return (spec is not None and spec.resolved_engine() == "dask"
            and all(Path(g).is_dir() for g in golds)
            and all(Path(p).is_dir() for p in args.pred))


def refuse_on_dask(option: str, why: str) -> None:
    """An option the per-file sums on Dask cannot honour: a clear error."""
    from induceval.errors import ParameterError

    raise ParameterError(f"{option} is not available when the files are scored one by one on "
                         f"Dask ({why}); drop --jobs/--scheduler/--cluster (or use --engine "
                         "local) to score in one process")


def _run_sharded(args: argparse.Namespace, needed: tuple, want_items: bool):
    from induceval.measures.sharded import evaluate_tags_over_files, pair_files
    from induceval.random import DEFAULT_SEED

    if args.level != "token" and want_items:
        refuse_on_dask(f"--level {args.level} with --confidence/--paired", "per-sentence "
                       "type-level statistics are not summed over files")
    if args.pred_format == "types":
        refuse_on_dask("--pred-format types", "a word<TAB>cluster list is one file")
    pairs = [pair_files(args.gold, pred, gold_format=args.gold_format,
                        pred_format=args.pred_format) for pred in args.pred]
    r = evaluate_tags_over_files(
        [g for g, _ in pairs[0]], [[p for _, p in ps] for ps in pairs],
        gold_column=args.gold_column, pred_column=args.pred_column, punct=args.punct,
        unclustered=args.unclustered, log_base=args.log_base if args.log_base == "e" else 2,
        beta=args.beta, level=args.level, restarts=args.restarts,
        seed=DEFAULT_SEED if args.seed is None else args.seed, items=want_items,
        allow_identical=args.allow_identical,
        gold_format=args.gold_format, pred_format=args.pred_format, on_error=args.on_error,
        columns=needed)
    skipped = {f"gold {args.gold}: {k}": v for k, v in r.gold_report.skipped.items() if v}
    for path, report in zip(args.pred, r.pred_reports):
        for k, v in report.skipped.items():
            if v:
                skipped[f"pred {path}: {k}"] = v
    return r.evaluations, r.gold_column, r.punct, skipped, documents_of(r, args.gold)


def documents_of(result, name: str):
    """A stand-in for the gold corpus in ``document_groups``: the document column of
    all the files of a sharded result, under the gold folder's name."""
    from types import SimpleNamespace

    docs = result.documents
    return SimpleNamespace(name=name, sentences={} if docs is None else {"document": docs})


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
    names = _names(args.pred, args.name)
    if sharded(args, [args.gold]):
        results, gold_column, punct, skipped, gold = _run_sharded(args, needed, want_items)
    else:
        gold, results, gold_column, punct, skipped = _run_serial(args, needed, want_items)
    notes = [f"gold tags: {gold_column}" + (" (detected)" if args.gold_column == "auto" else "")
             + f"; punctuation: {punct}" + (" (detected)" if args.punct == "auto" else "")]
    if args.on_error == "skip":
        n_skip = sum(skipped.values())
        notes.append(f"skipped malformed sentences: {n_skip}" + (
            " (" + "; ".join(f"{k}: {v}" for k, v in sorted(skipped.items())) + ")"
            if skipped else ""))
        for r in results:
            r.signature = Signature.parse(r.signature).update(on_error="skip",
                                                              skipped=n_skip).format()
    if not want_items:
        emit(build_table(results, names, notes), args)
        return 0
    from induceval.cli.common import emit_tables
    from induceval.cli.resampling_options import (
        add_intervals,
        document_groups,
        paired_table,
        run_resampling,
        sign_resampling,
    )
    from induceval.measures.resampling import category_items, join_items, type_level_items
    from induceval.random import DEFAULT_SEED

    items = []
    for r in results:
        parts = []
        if r.table is not None:
            parts.append(category_items(r.table, beta=args.beta,
                                        log_base=args.log_base if args.log_base == "e" else 2))
        if r.entries is not None:
            parts.append(type_level_items(r.entries, restarts=args.restarts,
                                          seed=DEFAULT_SEED if args.seed is None else args.seed))
        items.append(join_items(*parts) if len(parts) > 1 else parts[0])
    groups = document_groups(gold) if args.unit == "document" else None
    intervals, comparisons = run_resampling(items, args, groups)
    for r in results:
        r.signature = sign_resampling(r.signature, args)
    table = build_table(results, names, notes)
    scales = add_intervals(table, intervals, percent=getattr(args, "percent", False))
    tables = [table]
    if comparisons:
        tables.append(paired_table(comparisons, names[0], names[1:], args, scales=scales))
    emit_tables(tables, args, ["measures", "paired"])
    return 0
