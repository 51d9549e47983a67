"""``induceval induce tags``: induce word categories on a corpus and write PASCAL predictions.

Example::

    induceval induce tags --model brown --k 12 --demo -o brown12.pascal

The predicted cluster (``UNCLUSTERED`` for tokens a model leaves out) is
written in the tag columns (CPOS, POS and UPOS) of the PASCAL 9-column format,
so ``induceval eval tags --gold gold.conllu --pred brown12.pascal`` scores it.
Without ``-o`` the predictions go to stdout.  A summary (clusters, signature)
goes to stderr.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from induceval.random import DEFAULT_SEED

__all__ = ["register", "run", "write_predictions"]

#: model parameters exposed on the command line: option -> (model param, type, help)
_PARAMS = {
    "--iterations": ("iterations", int, "bhmm: Gibbs sweeps (default 2000)"),
    "--alpha": ("alpha", float, "bhmm: transition Dirichlet parameter (default 0.003)"),
    "--beta": ("beta", float, "bhmm: emission Dirichlet parameter (default 1)"),
    "--no-hyper": ("sample_hyper", None, "bhmm: keep alpha and beta fixed"),
    "--order": ("order", int, "bhmm: 3 (trigram, default) or 2 (bigram)"),
    "--threshold": ("threshold", float, "ff: frame frequency share (default 0.0009)"),
    "--n-targets": ("n_targets", int, "hc: number of target types (default 1000)"),
    "--n-contexts": ("n_contexts", int, "hc: number of context types (default 150)"),
    "--min-count": ("min_count", int, "brown: minimum type count (default 1)"),
    "--max-iter": ("max_iter", int, "exchange: maximum passes (default 20)"),
    "--init": ("init", str, "exchange: rank|random initial classes"),
    "--restarts": ("restarts", int, "exchange: runs, keep the best likelihood (default 1)"),
    "--gold": ("gold", str, "random: gold column whose type-size profile is copied"),
}


def write_predictions(corpus, result, path: str) -> None:
    """Write ``corpus`` with the induced tags in its tag columns, PASCAL format."""
    from induceval.corpus.model import Column, Vocabulary
    from induceval.models.categories.result import UNCLUSTERED

    n = result.n_clusters
    vocab = Vocabulary([str(i) for i in range(n)] + [UNCLUSTERED])
    codes = np.where(result.tags >= 0, result.tags, n).astype(np.int32)
    col = Column(codes, vocab)
    pred = corpus.with_tokens(upos=col, xpos=col, cpos=col)
    try:
        from induceval.corpus.writers import write_pascal
    except ImportError:  # the project writer is not there yet: write the 9 columns here
        write_pascal = _write_pascal_fallback
    write_pascal(pred, path)


def _write_pascal_fallback(corpus, path) -> None:
    forms = corpus.label_strings("form")
    tags = corpus.label_strings("upos")
    has_head = "head" in corpus.tokens
    heads = corpus.tokens["head"].values if has_head else None
    with open(path, "w", encoding="utf-8") as fh:
        for s in range(corpus.n_sentences):
            a, b = int(corpus.offsets[s]), int(corpus.offsets[s + 1])
            for i in range(a, b):
                head = "_" if heads is None or heads[i] < 0 else str(int(heads[i]))
                fh.write(f"{i - a + 1}\t{forms[i]}\t_\t{tags[i]}\t{tags[i]}\t{tags[i]}\t_\t"
                         f"{head}\t_\n")
            fh.write("\n")


def run(args: argparse.Namespace) -> int:
    import sys

    from induceval.cli.common import check_output_path
    from induceval.cli.info import load_inputs
    from induceval.corpus.model import concat
    from induceval.errors import ParameterError
    from induceval.models.categories import induce_tags

    check_output_path(args.output)
    for opt in ("clusters", "log"):
        if getattr(args, opt):
            check_output_path(getattr(args, opt), option=f"--{opt}")
    corpora = load_inputs(args, together=True)
    corpus = corpora[0] if len(corpora) == 1 else concat(corpora, name="+".join(
        c.name for c in corpora))
    if corpus.n_tokens == 0:
        raise ParameterError("the input corpus has no tokens")
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
    result = induce_tags(corpus, args.model, args.k, seed=args.seed, **params)
    _write_output(corpus, result, args.output)
    from induceval.cli.common import write_atomic
    from induceval.report.tables import json_clean

    if args.clusters:
        lines = []
        for form, c in result.type_clusters.items():
            label = "UNCLUSTERED" if c is None else str(c)
            path = f"\t{result.paths[form]}" if result.paths and form in result.paths else ""
            lines.append(f"{form}\t{label}{path}\n")
        write_atomic(args.clusters, "".join(lines))
    if args.log:
        log = {k: v for k, v in result.log.items() if k != "counts"}
        write_atomic(args.log, json.dumps(json_clean(
            {"signature": result.signature, "n_clusters": result.n_clusters,
             "unclustered_types": len(result.unclustered), **log}), indent=2) + "\n")
    if not args.quiet:
        print(f"{args.model}: {corpus.n_sentences} sentences, {corpus.n_tokens} tokens; "
              f"{result.n_clusters} clusters, {len(result.unclustered)} types unclustered; "
              f"wrote {args.output}\n  signature: {result.signature}", file=sys.stderr)
    return 0


def _write_output(corpus, result, output) -> None:
    import os
    import sys
    import tempfile
    from pathlib import Path

    if output in (None, "-"):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "out.pascal"
            write_predictions(corpus, result, str(path))
            sys.stdout.write(path.read_text(encoding="utf-8"))
        return
    p = Path(output)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=p.suffix, dir=p.parent)
    os.close(fd)
    try:
        write_predictions(corpus, result, tmp)
        os.replace(tmp, p)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def register(subparsers) -> None:
    from induceval.cli.common import add_output_option, add_progress_option
    from induceval.cli.info import add_input_options
    from induceval.models.categories import MODEL_DESCRIPTIONS

    models = ", ".join(f"{k} ({v})" for k, v in MODEL_DESCRIPTIONS.items())
    p = subparsers.add_parser(
        "tags", help="induce word categories and write PASCAL-format predictions",
        description=f"Induce word categories on CORPUS. Models: {models}.")
    add_input_options(p)
    p.set_defaults(seed=DEFAULT_SEED)
    p.add_argument("--model", required=True, choices=sorted(MODEL_DESCRIPTIONS),
                   help="the induction model")
    p.add_argument("--k", type=int, default=None,
                   help="number of clusters (required except for random with --gold)")
    add_output_option(p, help="PASCAL-format output file (default: stdout)")
    p.add_argument("--column", "--tags-column", dest="column", default="form",
                   help="token column holding the words to cluster (default: form)")
    add_progress_option(p)
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    p.add_argument("--clusters", metavar="FILE",
                   help="also write 'word<TAB>cluster[<TAB>path]' lines here")
    p.add_argument("--log", metavar="FILE",
                   help="also write the signature and training log as JSON here")
    for opt, (_, typ, help_text) in _PARAMS.items():
        if typ is None:
            p.add_argument(opt, action="store_true", help=help_text)
        else:
            p.add_argument(opt, type=typ, default=None, help=help_text)
    p.set_defaults(func=_checked_run)


def _checked_run(args: argparse.Namespace) -> int:
    from induceval.errors import ParameterError

    if args.k is None and not (args.model == "random" and args.gold):
        raise ParameterError("--k is required (except for --model random with --gold)")
    return run(args)
