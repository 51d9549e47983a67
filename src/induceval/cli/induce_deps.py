"""``induceval induce deps``: induce dependency trees and write them.

Example::

    induceval convert --demo -o gold.conllu
    induceval induce deps --model dmv gold.conllu -o dmv.conllu
    induceval eval deps --gold gold.conllu --pred dmv.conllu

The tags the DMV is trained on (``--tags``, default ``auto``: UPOS, else PTB
``xpos``, else CHILDES tags) and the punctuation (``--punct``, default
``auto``: detected the same way as by ``eval deps``) come from the corpus.
The output is the input corpus with predicted heads (every token kept;
punctuation, left out of training and parsing, is attached to the root word),
written in the format of the ``-o`` ending (``.conllu`` CoNLL-U,
``.conll``/``.conllx`` CoNLL-X, ``.pascal`` PASCAL 2012) or of ``--to``; an
unknown ending without ``--to`` is an error, and standard output gets CoNLL-U.
Every other field and line of the input is written back as read (CoNLL-U
comments, multiword-token and empty-node lines, FEATS, DEPS, MISC): the token
lines differ from the input only in HEAD and DEPREL (``_``: the models
predict no relations).  A summary (sentences written and anything left out,
sentences skipped from training with the limit named, log-likelihood per
iteration, signature) goes to stderr; ``--log FILE`` writes the training log
as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

from induceval.atomic import atomic_path, write_atomic
from induceval.errors import ParameterError, input_named

__all__ = ["register", "run"]

MODELS = ("dmv", "lb", "rb", "random", "harmonic")

#: the largest ``--smoothing``: the DMV's own bound (``dmv.MAX_SMOOTHING``, not imported
#: here: the parser is built without numpy)
MAX_SMOOTHING = 1e6


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path, progress_enabled
    from induceval.cli.info import load_corpus
    from induceval.corpus.transforms import resolve_punct_policy
    from induceval.corpus.writers import output_format, write_corpus
    from induceval.models.dependencies import induce_dependencies
    from induceval.progress import progress_bars

    _model_params(args)  # options the model does not take fail before any work
    check_output_path(args.output)
    if args.log:
        check_output_path(args.log, option="--log")
    to_stdout = args.output in (None, "-")
    to = output_format(args.output, args.to or ("conllu" if to_stdout else None),
                       allowed=("conllu", "conllx", "pascal"))
    corpus = load_corpus(args, needs=("form", "upos", "xpos", "cpos"))
    if corpus.n_tokens == 0:
        raise ParameterError(f"{input_named(corpus.report.files, corpus.name)}: the input "
                             "corpus has no tokens")
    params = _model_params(args)
    punct = resolve_punct_policy(corpus, args.punct)
    tags = _tag_column(args, corpus)
    log_it = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    # said with the summary, after the run: a refusal of the model (no sentence short
    # enough to train on...) is then its one error line, not the choices and the error
    chosen = [f"{args.model}: tags: {tags or 'none'}"
              + (" (detected)" if args.tags == "auto" else "")
              + f"; punctuation: {punct}" + (" (detected)" if args.punct == "auto" else "")]
    if args.on_error == "fail":
        from induceval.cli.common import unused_tier_faults

        chosen += unused_tier_faults(corpus)
    with progress_bars(progress_enabled(args)):   # EM iterations (on a terminal)
        res = induce_dependencies(corpus, args.model, tags=tags or "upos", seed=args.seed,
                                  punct=punct, **params)
    if to_stdout:
        written = write_corpus(res.corpus, sys.stdout, to)
    else:
        with atomic_path(args.output) as tmp:
            written = write_corpus(res.corpus, tmp, to)
    lines = chosen + [f"{args.model}: parsed {corpus.n_sentences} sentences, "
                      f"{corpus.n_tokens} tokens; wrote {written.sentences} sentences, "
                      f"{written.tokens} tokens ({to}) to {args.output}"]
    lines += [f"  left out: {reason}: {n}" for reason, n in sorted(written.left_out.items())]
    lines += [f"  skipped/flagged: {reason}: {n}" for reason, n in res.skipped.items()]
    ll = res.log_likelihood
    if ll:
        lines.append(f"  EM: {len(ll)} iterations, log-likelihood {ll[0]:.2f} -> {ll[-1]:.2f} "
                     f"({res.log.get('stop_reason', '')})")
    lines.append(f"  signature: {res.signature}")
    log_it("\n".join(lines))
    if args.log:
        from induceval.report.tables import json_clean

        write_atomic(args.log, json.dumps(json_clean({
            "model": args.model, "signature": res.signature, "skipped": res.skipped,
            "log": res.log}), indent=2, allow_nan=False))
    return 0


def _tag_column(args: argparse.Namespace, corpus) -> str | None:
    """The tag column the DMV trains on: ``--tags``, or the corpus's when ``auto``."""
    from induceval.corpus.transforms import detect_gold_scheme

    if args.tags != "auto":
        return args.tags
    tags = detect_gold_scheme(corpus).tag_column
    if tags is None and args.model in ("dmv", "harmonic"):
        raise ParameterError(f"--model {args.model} needs a tag column (upos, xpos or cpos; "
                             f"the corpus has {', '.join(sorted(corpus.tokens))}); "
                             "name one with --tags, or induce categories first "
                             "(induce tags CORPUS --model brown --k 12 -o tagged.conllu) "
                             "and parse tagged.conllu")
    return tags


#: model -> the options it takes (with their defaults)
MODEL_OPTIONS = {
    "dmv": {"--max-train-length": 10, "--iterations": 100, "--tolerance": 1e-5,
            "--viterbi-em": False, "--smoothing": 0.0},
    "harmonic": {"--max-train-length": 10},
}


def _given(value) -> bool:
    """Whether an option was given: not its ``None`` default, nor an unset flag (a 0 was).

    Example
    -------
    >>> [_given(v) for v in (None, False, 0, 0.0, True, 5)]
    [False, False, True, True, True, True]
    """
    return value is not None and value is not False


def _model_params(args: argparse.Namespace) -> dict:
    """The model's parameters; an option it does not take is a :class:`ParameterError`."""
    allowed = MODEL_OPTIONS.get(args.model, {})
    every = MODEL_OPTIONS["dmv"]
    # "is": 0 == False, and a 0 the user gave is a value, not "not given"
    given = [o for o in every if _given(getattr(args, o[2:].replace("-", "_")))]
    bad = [o for o in given if o not in allowed]
    if bad:
        raise ParameterError(f"--model {args.model} does not take {', '.join(bad)}; its options: "
                             f"{', '.join(allowed) or 'none'} (and --tags, --punct, --seed)")
    params = {}
    for opt, default in allowed.items():
        value = getattr(args, opt[2:].replace("-", "_"))
        params[opt[2:].replace("-", "_")] = value if _given(value) else default
    if "max_train_length" in params:
        if params["max_train_length"] < 0:
            raise ParameterError(f"--max-train-length must be >= 0, got "
                                 f"{params['max_train_length']}")
        if params["max_train_length"] == 0:
            params["max_train_length"] = None
    return params


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    from induceval.cli.common import add_output_option, add_progress_option, add_punct_option
    from induceval.cli.info import add_input_options
    from induceval.random import DEFAULT_SEED

    parser = subparsers.add_parser(
        "deps", help="induce dependency trees (DMV, chains, random, harmonic)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_options(parser)
    parser.set_defaults(seed=DEFAULT_SEED)
    parser.add_argument("--model", choices=MODELS, default="dmv",
                        help="dmv (default), lb, rb, random, harmonic")
    parser.add_argument("--tags", default="auto",
                        help="tag column the DMV is trained on: auto (default: upos, else PTB "
                             "xpos, else CHILDES tags), upos, xpos, cpos, or an induced "
                             "cluster column")
    add_output_option(parser, help="output file (default: stdout)")
    parser.add_argument("--to", choices=("conllu", "conllx", "pascal"), default=None,
                        help="output format (default: from the -o ending: .conllu, "
                             ".conll/.conllx, .pascal; conllu on stdout)")
    from induceval.cli.common import ITERATIONS, bounded_int, finite_float
    from induceval.errors import MAX_ITERATIONS, MAX_SIZE

    parser.add_argument("--max-train-length", type=bounded_int(0, MAX_SIZE, note="0: no limit"),
                        default=None, metavar="N",
                        help="train on sentences of at most N tokens (default 10, WSJ10; "
                             "0 = no limit); all sentences are parsed")
    parser.add_argument("--iterations", type=ITERATIONS, default=None,
                        help="maximum EM iterations (default 100; 0: parse with the "
                             f"initial model; at most {MAX_ITERATIONS})")
    parser.add_argument("--tolerance", type=finite_float(0, 1), default=None,
                        help="stop when the relative log-likelihood gain falls below this "
                             "(default 1e-5; 0: only when the likelihood stops rising)")
    parser.add_argument("--viterbi-em", action="store_true", help="hard (Viterbi) EM")
    parser.add_argument("--smoothing", type=finite_float(0, MAX_SMOOTHING), default=None,
                        help="pseudo-count added to every event in the M-step (default 0; "
                             f"at most {MAX_SMOOTHING:g})")
    add_punct_option(parser, what="punctuation left out of training and parsing (attached to "
                                   "the root word in the output)")
    add_progress_option(parser)
    parser.add_argument("--log", default=None, metavar="FILE",
                        help="write the training log (log-likelihood per iteration) as JSON")
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    parser.set_defaults(func=run)
