"""``induceval induce tags``: induce word categories on a corpus and write the predictions.

Example::

    induceval induce tags --model brown --k 12 --demo -o brown12.pascal --clusters clusters.tsv

The output format follows the ``-o`` ending
(:func:`~induceval.corpus.writers.write_predictions`; stdout: PASCAL);
``induceval eval tags --gold gold.conllu --pred brown12.pascal`` scores it.
A summary (clusters, signature, sentences written and anything left out)
goes to stderr.

``brown`` and ``exchange`` on files (any format but CHAT) never hold the
corpus (:mod:`induceval.models.categories.files`): they count the files,
cluster from the summed counts and tag by reading the files again, in one
process or on Dask (see ``--help``).
"""

from __future__ import annotations

import argparse
import json
import sys

from induceval.atomic import atomic_path, write_atomic
from induceval.cli.common import (
    ITERATIONS,
    SHARE,
    SIZE,
    bounded_int,
    finite_float,
)
from induceval.errors import MAX_ITERATIONS, ParameterError, input_named
from induceval.random import DEFAULT_SEED

#: the largest ``--alpha``/``--beta`` of the BHMM: the library's bound
#: (``induceval.models.categories.MAX_DIRICHLET``, not imported: the parser needs no numpy)
MAX_DIRICHLET = 1e6
_DIRICHLET = finite_float(0, MAX_DIRICHLET, low_open=True)

__all__ = ["register", "run"]

#: model parameters exposed on the command line: option -> (model param, type, help)
_PARAMS = {
    "--iterations": ("iterations", ITERATIONS,
                     f"bhmm: Gibbs sweeps (default 2000; at most {MAX_ITERATIONS})"),
    "--alpha": ("alpha", _DIRICHLET, "bhmm: transition Dirichlet parameter (default 0.003; "
                f"in (0, {MAX_DIRICHLET:g}])"),
    "--beta": ("beta", _DIRICHLET, "bhmm: emission Dirichlet parameter (default 1; "
               f"in (0, {MAX_DIRICHLET:g}])"),
    "--no-hyper": ("sample_hyper", None, "bhmm: keep alpha and beta fixed"),
    "--order": ("order", bounded_int(2, 3), "bhmm: 3 (trigram, default) or 2 (bigram)"),
    "--threshold": ("threshold", SHARE, "ff: frame frequency share (default 0.0009)"),
    "--n-targets": ("n_targets", SIZE, "hc: number of target types (default 1000)"),
    "--n-contexts": ("n_contexts", SIZE, "hc: number of context types (default 150)"),
    "--max-iter": ("max_iter", ITERATIONS, "exchange: maximum passes (default 20)"),
    "--init": ("init", str, "exchange: rank|random initial classes"),
    "--restarts": ("restarts", bounded_int(1, MAX_ITERATIONS),
                   "exchange: runs, keep the best likelihood (default 1)"),
    "--min-occur": ("min_count", SIZE, "brown: leave out (unclustered) words seen fewer than N "
                    "times, as wcluster --min-occur (default 1)"),
    "--refine": ("refine", bounded_int(0, 30), "exchange: start from 2**N classes and double "
                 "(default 3; 0: start from k)"),
    "--gold": ("gold", str, "random: gold column whose type-size profile is copied"),
}


def _on_dask(args: argparse.Namespace):
    """The executor when the counting runs on Dask (else ``None``), refusing what cannot."""
    from induceval.cli.common import executor_from_args
    from induceval.models.categories.counts import COUNT_MODELS

    spec = executor_from_args(args)
    if spec is None or spec.resolved_engine() != "dask":
        return None
    why = ("with --jobs/--scheduler/--cluster on Dask, the files are counted one by one on "
           "the workers")
    if args.model not in COUNT_MODELS:
        raise ParameterError(f"--model {args.model} cannot be combined with --jobs (or "
                             f"--scheduler/--cluster): {why}, and only "
                             f"{' and '.join(COUNT_MODELS)} run from those counts; drop the "
                             "option (or use --engine local) to run in one process")
    if args.demo:
        raise ParameterError(f"--demo cannot be combined with --jobs (or --scheduler/--cluster):"
                             f" {why}; the demo corpus is no file")
    return spec


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path, progress_enabled
    from induceval.cli.info import load_corpus
    from induceval.corpus.writers import TAG_FORMATS, output_format, write_predictions
    from induceval.models.categories import induce_tags
    from induceval.models.categories.files import counts_files, induce_and_write_files
    from induceval.progress import progress_bars

    if args.k is None and not (args.model == "random" and args.gold):
        raise ParameterError("--k is required (except for --model random with --gold)")
    check_output_path(args.output)
    fmt = output_format(args.output, "pascal" if args.output in (None, "-") else None,
                        allowed=TAG_FORMATS, option="the -o ending")
    for opt in ("clusters", "log"):
        if getattr(args, opt):
            check_output_path(getattr(args, opt), option=f"--{opt}")
    spec = _on_dask(args)
    counted = spec is not None or (not args.demo and counts_files(args.model, args.paths,
                                                                  args.input_format))
    if not counted:
        corpus = load_corpus(args, needs=tuple(dict.fromkeys(("form", args.column))))
        if corpus.n_tokens == 0:
            raise ParameterError(f"{input_named(corpus.report.files, corpus.name)}: the input "
                                 "corpus has no tokens")
    params = _model_options(args)
    if not counted:
        with progress_bars(progress_enabled(args)):   # BHMM sweeps (on a terminal)
            result = induce_tags(corpus, args.model, args.k, seed=args.seed,
                                 min_count_unk=args.min_count, **params)
        n_sentences, n_tokens = corpus.n_sentences, corpus.n_tokens
        written = _to_output(args.output, lambda target: write_predictions(
            corpus, result, target, fmt))
    else:
        if not args.paths:
            raise ParameterError("give at least one PATH (or --demo)")
        # in one process (no spec), the one-shard case: count while reading, tag by
        # reading again, never the corpus in memory
        with progress_bars(progress_enabled(args)):
            tag_run = _to_output(args.output, lambda target: induce_and_write_files(
                args.paths, args.model, args.k, target, fmt, seed=args.seed,
                min_count_unk=args.min_count, input_format=args.input_format,
                on_error=args.on_error, executor=spec, **params))
        result, written = tag_run.result, tag_run.written
        n_sentences, n_tokens = tag_run.n_sentences, tag_run.n_tokens
    if args.clusters:
        _write_clusters(args.clusters, result, getattr(args, "clusters_layout", "paths"))
    if args.log:
        _write_log(args.log, result)
    if not args.quiet:
        print(f"{args.model}: {n_sentences} sentences, {n_tokens} tokens; "
              f"{result.n_clusters} clusters, {len(result.unclustered)} types unclustered; "
              f"wrote {args.output}\n  signature: {result.signature}", file=sys.stderr)
        empty = result.log.get("empty_states")
        if empty:
            print(f"  {len(empty)} of {args.k} states ended empty (ids "
                  f"{', '.join(map(str, empty[:20]))}{', ...' if len(empty) > 20 else ''}); "
                  "the other clusters keep their ids", file=sys.stderr)
        if written is not None:
            print("\n".join("  " + line for line in written.summary()), file=sys.stderr)
        if not counted and args.on_error == "fail":
            from induceval.cli.common import unused_tier_faults

            for note in unused_tier_faults(corpus):
                print("  " + note, file=sys.stderr)
    return 0


def _model_options(args: argparse.Namespace) -> dict:
    """The model parameters given on the command line, refusing those the model does not take."""
    from induceval.models.categories import model_params

    params = {}
    for opt, (name, typ, _) in _PARAMS.items():
        value = getattr(args, opt.lstrip("-").replace("-", "_"))
        if typ is None:
            if value:
                params[name] = False
        elif value is not None:
            params[name] = value
    if args.column != "form":
        params["column"] = args.column
    allowed = model_params(args.model)
    bad = [opt for opt, (name, _, _) in _PARAMS.items() if name in params and name not in allowed]
    if bad:
        options = [opt for opt, (name, _, _) in _PARAMS.items() if name in allowed]
        raise ParameterError(f"--model {args.model} does not take {', '.join(bad)}; its options: "
                             f"{', '.join(options + ['--column'])}")
    return params


def _write_log(path, result) -> None:
    """The signature, cluster counts and training log as JSON."""
    from induceval.report.tables import json_clean

    log = {k: v for k, v in result.log.items() if k != "counts"}
    write_atomic(path, json.dumps(json_clean(
        {"signature": result.signature, "n_clusters": result.n_clusters,
         "unclustered_types": len(result.unclustered), **log}), indent=2) + "\n")


def _write_clusters(path, result, layout: str = "paths") -> None:
    """The clusters file, streamed through a temporary file.  A model with a cluster
    hierarchy (Brown), ``layout`` ``paths``: wcluster's ``paths`` file, ``bits<TAB>word<TAB>
    count`` (the bit string of the word's cluster in the tree over the K clusters), which
    tools that read Brown clusters read; ``history``: ``word<TAB>cluster<TAB>path`` with the
    word's whole merge path (10^8 characters for a large vocabulary).  Other models:
    ``word<TAB>cluster``."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        paths = result.paths
        if layout == "paths" and hasattr(paths, "wcluster_rows"):
            for bits, form, count in paths.wcluster_rows():
                fh.write(f"{bits}\t{form}\t{count}\n")
            return
        for form, c in result.type_clusters.items():
            label = "UNCLUSTERED" if c is None else str(c)
            tail = f"\t{paths[form]}" if paths and form in paths else ""
            fh.write(f"{form}\t{label}{tail}\n")


def _to_output(output, write):
    """``write(target)`` with the target of ``-o``: stdout, or a file that appears whole."""
    if output in (None, "-"):
        return write(sys.stdout)
    with atomic_path(output) as tmp:
        return write(tmp)


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    from induceval.cli.common import add_output_option, add_progress_option
    from induceval.cli.info import add_input_options
    from induceval.models.category_names import MODEL_DESCRIPTIONS

    models = ", ".join(f"{k} ({v})" for k, v in MODEL_DESCRIPTIONS.items())
    p = subparsers.add_parser(
        "tags", help="induce word categories and write the predictions (format from -o)",
        description=f"Induce word categories on CORPUS. Models: {models}. With --jobs N > 1 "
                    "(Dask), --scheduler or --cluster, brown and exchange count the files one "
                    "per task on the workers and cluster here from the summed counts; the "
                    "workers then tag the files and this process writes them in order: the same "
                    "bytes as one process, without the corpus in memory (other models and "
                    "--demo refuse these options). In one process too, brown and exchange "
                    "count while reading and tag by reading the files again (plain text a part "
                    "at a time): memory grows with the word types, not the tokens.")
    add_input_options(p)
    p.set_defaults(seed=DEFAULT_SEED)
    p.add_argument("--model", required=True, choices=sorted(MODEL_DESCRIPTIONS),
                   help="the induction model")
    p.add_argument("--k", type=SIZE, default=None,
                   help="number of clusters (required except for random with --gold)")
    add_output_option(p, help="output file, its ending sets the format: .conllu, .conll/.conllx, "
                              ".pascal (the corpus with the clusters as tags, no heads), .tsv "
                              "(word<TAB>cluster); default: stdout, PASCAL")
    p.add_argument("--column", "--tags-column", dest="column", default="form",
                   help="token column holding the words to cluster (default: form)")
    add_progress_option(p)
    p.add_argument("--min-count", type=SIZE, default=1, metavar="N",
                   help="map words seen fewer than N times to one symbol, <unk>, before "
                        "clustering (as ClusterCat; every model; default 1: off; recorded in "
                        "the signature as min_count_unk:N)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    p.add_argument("--clusters", metavar="FILE",
                   help="also write the clusters here: 'word<TAB>cluster' lines, or for brown "
                        "the layout of --clusters-layout")
    p.add_argument("--clusters-layout", choices=("paths", "history"), default="paths",
                   help="brown's --clusters file: paths (default), wcluster's paths file "
                        "'bits<TAB>word<TAB>count', the bit string of the word's cluster in "
                        "the tree over the K clusters; history, 'word<TAB>cluster<TAB>path' "
                        "with the word's whole merge path")
    p.add_argument("--log", metavar="FILE",
                   help="also write the signature and training log as JSON here")
    for opt, (_, typ, help_text) in _PARAMS.items():
        if typ is None:
            p.add_argument(opt, action="store_true", help=help_text)
        else:
            p.add_argument(opt, type=typ, default=None, help=help_text)
    from induceval.cli.common import add_executor_options

    add_executor_options(p)
    p.set_defaults(func=run)
