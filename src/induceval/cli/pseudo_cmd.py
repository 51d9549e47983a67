"""``induceval pseudo extract|build|score|unseen``: pseudo-word selectional preferences.

- ``extract``: (verb, relation, noun) counts of a corpus.
- ``build``: a test set with confounders, written to the documented ``.tsv`` format.
- ``score``: models trained on the training documents, scored on a test set.
- ``unseen``: the seen/unseen analysis by training size.
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import partial

from induceval.errors import InducevalError, ParameterError
from induceval.measures.pseudowords.options import RANDOM_RANGE_HELP
from induceval.random import DEFAULT_SEED

__all__ = ["register"]

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'pseudo-word evaluation of selectional preferences (Chambers & Jurafsky 2010)'

_SHARDED = ("With a Dask engine (--jobs N > 1, --scheduler, --cluster) each corpus file is "
            "read and counted on a worker and only its statistics come back: the same "
            "bytes as in one process.")


def _name(args: argparse.Namespace) -> str:
    more = len(args.corpus) - 1
    return args.corpus[0] + (f" (+{more} more)" if more else "")   # named in errors


def _read(args: argparse.Namespace):
    """The whole corpus, in this process."""
    from induceval.measures.pseudowords import load_corpus

    corpus = load_corpus(_name(args), args.corpus, on_error=args.on_error, format=args.input_format)
    if corpus.n_tokens == 0:
        from induceval.errors import input_named
        from induceval.measures.pseudowords.statistics import no_tokens_error

        raise no_tokens_error("chat" if "role" in corpus.sentences else args.input_format,
                              input_named(corpus.report.files, _name(args)))
    return corpus


def _read_shard(path: str, on_error: str = "skip", format: str = "auto"):
    """One file of a corpus, read as :func:`~induceval.measures.pseudowords.load_corpus`."""
    from induceval.measures.pseudowords import load_corpus

    return load_corpus(str(path), [path], on_error=on_error, format=format)


def _extract(args: argparse.Namespace) -> int:
    from induceval.cli.common import emit, executor_from_args
    from induceval.corpus.readers import corpus_files
    from induceval.corpus.tuples import count_tuples, detect_scheme, extract_tuples
    from induceval.report.tables import Table

    spec = executor_from_args(args)
    if spec is not None and spec.resolved_engine() == "dask":
        # one shard per file, counted on the workers and summed in file order
        files = [str(f) for f in corpus_files(list(args.corpus), args.input_format).files]
        reader = partial(_read_shard, on_error=args.on_error, format=args.input_format)
        scheme = args.scheme
        if scheme == "auto":
            scheme = detect_scheme(reader(files[0]))
        counts = count_tuples(files, scheme, reader=reader, arguments=args.arguments)
    else:
        corpus = _read(args)
        scheme = detect_scheme(corpus) if args.scheme == "auto" else args.scheme
        counts = extract_tuples(corpus, scheme, arguments=args.arguments).counts()
    rows = [{"verb": v, "relation": r, "noun": n, "count": c}
            for (v, r, n), c in counts.counts.most_common()]
    opts = {"scheme": scheme, "arguments": args.arguments}
    if args.on_error == "skip":
        opts["on_error"] = "skip"
    from induceval.signature import make_signature

    # the scheme decides which relations are subj/obj/prep: named, as a guess can be wrong
    notes = [f"signature: {make_signature('pseudo-extract', opts)}", _scheme_note(scheme, args)]
    notes += [f"skipped: {n} {reason}" for reason, n in sorted(counts.skipped.items())]
    emit(Table(["verb", "relation", "noun", "count"], rows, notes=notes), args)
    return 0


def _scheme_note(scheme: str | None, args: argparse.Namespace) -> str:
    """``relation scheme: ud (detected)``: the scheme a command read the relations with."""
    return f"relation scheme: {scheme}" + (" (detected)" if args.scheme == "auto" else "")


def _statistics(args: argparse.Namespace, whole: bool = False):
    """The corpus's statistics, with pseudo-documents: read file group by file group (on
    Dask workers with a Dask engine), or ``whole`` in this process (then also the corpus)."""
    from induceval.measures.pseudowords import chunk_documents, corpus_statistics

    source = _read(args) if whole else args.corpus
    stats = chunk_documents(corpus_statistics(source, scheme=args.scheme,
                                              arguments=args.arguments, on_error=args.on_error,
                                              input_format=args.input_format, name=_name(args)))
    return (stats, source) if whole else stats


def _build(args: argparse.Namespace) -> int:
    from induceval.cli.common import check_output_path
    from induceval.measures.pseudowords import build_test_set, parse_random_range, split_documents

    check_output_path(args.output)
    stats = _statistics(args)
    split = split_documents(stats.documents, test_fraction=args.test_fraction,
                            dev_fraction=args.dev_fraction, seed=args.seed)
    part = split.dev if args.part == "dev" else split.test
    ts = build_test_set(stats.instances(part), stats.noun_frequencies(split.train), args.method,
                        seed=args.seed, corpus=stats.fingerprint(), split=split.describe(),
                        random_range=parse_random_range(args.random_range),
                        corpus_tokens=stats.document_tokens(split.train))
    if args.output in ("-", None):
        raise ParameterError("build needs -o FILE for the test set")
    ts.write(args.output)
    skipped = "; ".join(f"{k} {v}" for k, v in sorted(ts.skipped.items()) if v)
    print(f"pseudo build: {len(ts)} {args.part} items (verb, relation, noun, {args.method} "
          f"confounder) from the {args.part} documents of the split {split.describe()}; "
          f"wrote {args.output}\n  signature: {ts.signature}\n  {_scheme_note(stats.scheme, args)}"
          + (f"\n  left out: {skipped}" if skipped else ""), file=sys.stderr)
    return 0


def _split_params(text: str) -> dict[str, float]:
    found = dict(re.findall(r"(seed|test|dev)=([0-9.]+)", text))
    if set(found) != {"seed", "test", "dev"}:
        raise InducevalError(f"the test set's split line is not readable: {text!r}")
    return {k: float(v) for k, v in found.items()}


def _score_signature(ts, args: argparse.Namespace, scheme: str | None) -> str:
    """Every option of ``pseudo score`` that changes a number, with the test set's own
    (``scheme``: the relation scheme the training corpus was read with, resolved)."""
    from induceval.signature import make_signature

    opts = {"method": ts.method, "split": ts.split}
    if ts.random_range:
        opts["range"] = ts.random_range
    opts.update({"test_seed": ts.seed, "scheme": scheme, "arguments": args.arguments,
                 "train_fraction": args.train_fraction, "ties": args.ties,
                 "ar_iterations": args.iterations})
    if args.on_error == "skip":
        opts["on_error"] = "skip"
    return make_signature("pseudo-score", opts, seed=args.seed)


def _sig(model: str, p: float | None) -> str:
    """The ``sig`` cell of ``pseudo score``: never empty, so that a test that was not
    significant is told from one that was not run.

    Example
    -------
    >>> [_sig("baseline", None), _sig("erk", None), _sig("erk", 0.003), _sig("erk", 0.3)]
    ['baseline', '-', '*', 'n.s.']
    """
    from induceval.measures.pseudowords import significance_mark

    if model == "baseline":
        return "baseline"
    if p is None:
        return "-"
    return significance_mark(p) or "n.s."


def _p_note(iterations: int, baseline: bool) -> str:
    """What ``p_vs_baseline`` and ``sig`` test: accuracy_guess, by approximate randomization.

    Example
    -------
    >>> _p_note(1000, True).split(";")[0][:81]
    'p_vs_baseline: approximate randomization (1000 iterations, two-sided) of accuracy'
    """
    if not baseline:
        return ("p_vs_baseline, sig: no test (the model baseline is not among --models); "
                "-: not tested")
    return (f"p_vs_baseline: approximate randomization ({iterations} iterations, two-sided) "
            "of accuracy_guess (each item's credited value) against the baseline model; "
            "sig: * p < 0.01, † p < 0.05, n.s. not significant, -: not tested")


def _score(args: argparse.Namespace) -> int:
    from induceval.cli.common import check_output_path, check_tables_output, emit
    from induceval.experiments.chambers2010 import score_pseudowords
    from induceval.measures.pseudowords import (
        PseudoTestSet,
        fingerprint_v1,
        split_documents,
    )
    from induceval.models.selpref import MODEL_ORDER
    from induceval.report.tables import Table

    check_output_path(args.output)
    check_tables_output(args, bool(getattr(args, "paired", None)), why="--paired")
    ts = PseudoTestSet.read(args.test_set)
    if ts.format == 1:  # 0.3.x's fingerprint: one SHA-1 over the whole corpus
        stats, corpus = _statistics(args, whole=True)
        fp = fingerprint_v1(corpus, stats.documents)
    else:
        stats = _statistics(args)
        fp = stats.fingerprint()
    if ts.corpus and ts.corpus != fp and not args.allow_foreign_test:
        raise InducevalError(
            f"{args.test_set} was built on corpus {ts.corpus}, but the training corpus is {fp}; "
            "pass --allow-foreign-test to score it anyway")
    params = _split_params(ts.split)
    split = split_documents(stats.documents, test_fraction=params["test"],
                            dev_fraction=params["dev"], seed=int(params["seed"]))
    docs = split.training(args.train_fraction)
    models = tuple(args.models.split(",")) if args.models else MODEL_ORDER
    cooc = stats.cooccurrence(docs) if any("cooccurrence" in m for m in models) else None
    from induceval.cli.resampling_options import resampling_requested
    want = resampling_requested(args)
    res = score_pseudowords(stats.instances(docs).counts(), ts, cooccurrence=cooc,
                            models=models, ties=args.ties, iterations=args.iterations,
                            seed=args.seed, item_stats=want)
    rows = []
    for name, sc in res["models"].items():
        p = sc.get("p_vs_baseline")
        rows.append({"model": name, "accuracy_guess": sc["accuracy_guess"],
                     "accuracy": sc["accuracy"], "precision": sc["precision"],
                     "coverage": sc["coverage"], "p_vs_baseline": p,
                     "sig": _sig(name, p)})
    table = Table(["model", "accuracy_guess", "accuracy", "precision", "coverage",
                   "p_vs_baseline", "sig"], rows,
                  higher_is_better={"accuracy_guess": True, "accuracy": True},
                  title=f"{ts.method} confounders, {len(ts)} items",
                  notes=[f"signature: {_score_signature(ts, args, stats.scheme)}",
                         _scheme_note(stats.scheme, args),
                         f"test set: {ts.signature}",
                         f"ties: {args.ties}, randomization: {args.iterations}",
                         _p_note(args.iterations, "baseline" in res["models"])])
    if not want:
        emit(table, args)
        return 0
    from induceval.cli.common import emit_tables
    from induceval.cli.resampling_options import (
        add_intervals,
        paired_table,
        run_resampling,
        sign_resampling,
    )
    from induceval.measures.pseudowords import pseudo_items

    names = list(res["item_stats"])
    if not len(ts):
        raise InducevalError(f"{args.test_set} has no items to resample")
    items = [pseudo_items(res["item_stats"][n]) for n in names]
    intervals, comparisons = run_resampling(items, args)
    measures = ("accuracy_guess", "accuracy", "precision", "coverage")
    scales = add_intervals(table, intervals, measures, percent=getattr(args, "percent", False))
    table.notes[0] = sign_resampling(table.notes[0], args)
    tables = [table]
    if comparisons:
        tables.append(paired_table(comparisons, names[0], names[1:], args, measures, scales=scales))
    emit_tables(tables, args, ["scores", "paired"])
    return 0


def _unseen(args: argparse.Namespace) -> int:
    from induceval.cli.common import emit
    from induceval.measures.pseudowords import prepare, seen_unseen
    from induceval.report.tables import Table

    prep = prepare(_statistics(args), ", ".join(map(str, args.corpus)), seed=args.seed,
                   with_cooccurrence=False, test_fraction=args.test_fraction,
                   dev_fraction=args.dev_fraction)
    emit(Table.from_records(**seen_unseen(prep, min_seen=args.min_seen)), args)
    return 0


def _common(p: argparse.ArgumentParser, split: bool = True) -> None:
    """The options every ``pseudo`` command has (and the document split's)."""
    from induceval.cli.common import add_input_format_option

    p.add_argument("corpus", nargs="+", help="corpus files or folders")
    add_input_format_option(p)
    p.add_argument("--scheme", default="auto", choices=("auto", "ud", "childes", "conll"),
                   help="relation scheme (default: detected)")
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="on a malformed sentence: fail (default) or skip and count it")
    p.add_argument("--arguments", choices=("nouns", "nominals", "any"), default="nouns",
                   help="which dependents count as arguments (default: nouns, as the paper)")
    from induceval.cli.common import SEED, finite_float

    p.add_argument("--seed", type=SEED, default=DEFAULT_SEED,
                   help=f"seed of the document split and confounders (default "
                        f"{DEFAULT_SEED})")
    if split:
        p.add_argument("--test-fraction", type=finite_float(0, 1, high_open=True), default=0.1,
                       help="share of documents in the test part (default 0.1)")
        p.add_argument("--dev-fraction", type=finite_float(0, 1, high_open=True), default=0.05,
                       help="share of documents in the dev part (default 0.05)")


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    from induceval.cli.common import (
        SIZE,
        add_executor_options,
        add_format_option,
        add_output_option,
        add_progress_option,
        bounded_int,
        finite_float,
    )
    from induceval.errors import MAX_ITERATIONS

    parser = subparsers.add_parser("pseudo", help=HELP,
                                   description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="pseudo_command", metavar="WHAT")

    p = sub.add_parser("extract", help="count (verb, relation, noun) tuples")
    _common(p, split=False)
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=_extract)

    p = sub.add_parser("build", help="build a test set with confounders",
                       description="Build a test set with confounders. " + _SHARDED)
    _common(p)
    p.add_argument("--method", choices=("random", "buckets", "neighbor"), default="neighbor",
                   help="how confounders are chosen (default: neighbor)")
    p.add_argument("--part", choices=("test", "dev"), default="test",
                   help="the document part the test set is built from (default: test)")
    p.add_argument("--random-range", default="paper", metavar="paper|scaled|LOW,HIGH",
                   help=RANDOM_RANGE_HELP)
    add_output_option(p, required=True, help="the test-set file to write")
    add_progress_option(p)
    add_executor_options(p)
    p.set_defaults(func=_build)

    p = sub.add_parser("score", help="train the models and score a test set",
                       description="Train the models and score a test set. " + _SHARDED)
    _common(p, split=False)
    p.add_argument("--test-set", required=True, metavar="FILE",
                   help="a test set written by 'pseudo build'")
    p.add_argument("--models", default="", help="comma-separated (default: all)")
    p.add_argument("--train-fraction", type=finite_float(0, 1, low_open=True), default=1.0,
                   help="share of the training documents used (default 1)")
    p.add_argument("--ties", choices=("random", "expected"), default="random",
                   help="ties scored as a random guess or as half right (default: random)")
    p.add_argument("--iterations", type=bounded_int(1, MAX_ITERATIONS), default=1000,
                   help=f"approximate randomization iterations (default 1000; at most "
                        f"{MAX_ITERATIONS})")
    p.add_argument("--allow-foreign-test", action="store_true",
                   help="score a test set built on another corpus")
    from induceval.cli.resampling_options import add_resampling_options
    add_resampling_options(p, unit=False, unit_name="item", systems="model of --models")
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=_score)

    p = sub.add_parser("unseen", help="percentage of unseen test tuples by training size",
                       description="Percentage of unseen test tuples by training size. "
                       + _SHARDED)
    _common(p)
    p.add_argument("--min-seen", type=SIZE, default=2,
                   help="a tuple counts as seen from this many training occurrences (default 2)")
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=_unseen)

    def _help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=_help)
