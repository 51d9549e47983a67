"""``induceval induce tags``: induce word categories on a corpus and write PASCAL predictions.

Example: ``induceval induce tags --model brown --k 45 wsj.conllu -o brown45.pascal``.
The predicted cluster (``UNCLUSTERED`` for tokens a model leaves out) is
written in the tag columns (CPOS, POS and UPOS) of the PASCAL 9-column format,
so ``induceval eval tags --gold wsj.conllu --pred brown45.pascal`` scores it.
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
    from induceval.corpus.readers import read_corpus
    from induceval.models.categories import induce_tags

    corpus = read_corpus(args.corpus, format=args.input_format)
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
    write_predictions(corpus, result, args.output)
    if args.clusters:
        with open(args.clusters, "w", encoding="utf-8") as fh:
            for form, c in result.type_clusters.items():
                label = "UNCLUSTERED" if c is None else str(c)
                path = f"\t{result.paths[form]}" if result.paths and form in result.paths else ""
                fh.write(f"{form}\t{label}{path}\n")
    if args.log:
        log = {k: v for k, v in result.log.items() if k != "counts"}
        with open(args.log, "w", encoding="utf-8") as fh:
            json.dump({"signature": result.signature, "n_clusters": result.n_clusters,
                       "unclustered_types": len(result.unclustered), **log}, fh, indent=2,
                      default=str)
    return 0


def register(subparsers) -> None:
    from induceval.models.categories import MODEL_DESCRIPTIONS

    models = ", ".join(f"{k} ({v})" for k, v in MODEL_DESCRIPTIONS.items())
    p = subparsers.add_parser(
        "tags", help="induce word categories and write PASCAL-format predictions",
        description=f"Induce word categories on CORPUS. Models: {models}.")
    p.add_argument("corpus", nargs="+", help="corpus file(s) or folder(s)")
    p.add_argument("--model", required=True, choices=sorted(MODEL_DESCRIPTIONS))
    p.add_argument("--k", type=int, default=None,
                   help="number of clusters (required except for random with --gold)")
    p.add_argument("-o", "--output", required=True, help="PASCAL-format output file")
    p.add_argument("--input-format", default="auto", help="corpus format (default: auto)")
    p.add_argument("--column", "--tags-column", dest="column", default="form",
                   help="token column holding the words to cluster (default: form)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--clusters", help="also write 'word<TAB>cluster[<TAB>path]' lines here")
    p.add_argument("--log", help="also write the signature and training log as JSON here")
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
