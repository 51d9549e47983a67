"""``induceval wopa CORPUS... --learners ... --test self|adult-child``.

Word Order Prediction Accuracy (Chang, Lieven & Tomasello 2006) of the
chosen learners on each corpus: one row per corpus and learner.  A thin
layer over :mod:`induceval.measures.wopa`.
"""

from __future__ import annotations

import argparse

from induceval.cli.common import (
    add_executor_options,
    add_format_option,
    add_input_format_option,
    add_punct_option,
    emit,
    progress_enabled,
)
from induceval.random import DEFAULT_SEED

__all__ = ["register", "run"]

_LEARNERS = "chance,prevword,freqframe,tokentype,typetoken,lexstat"


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    p = subparsers.add_parser(
        "wopa", help="word order prediction accuracy of category learners (Chang et al. 2006)",
        description="Learn from the adults' utterances of each corpus and predict the order of "
                    "the adults' own (self) or the target child's (adult-child) utterances "
                    "from their bags of words.")
    p.add_argument("corpora", nargs="+", metavar="CORPUS",
                   help="corpus files or folders; each is scored separately")
    add_input_format_option(p)
    p.add_argument("--learners", default=_LEARNERS,
                   help=f"comma-separated learners (default: {_LEARNERS})")
    p.add_argument("--test", choices=("self", "adult-child"), default="self",
                   help="predict the adults' own utterances (self, default) or the child's")
    p.add_argument("--ties", choices=("random", "pessimistic"), default="random",
                   help="tie rule of production (random: seeded hash draw)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"seed of random tie breaking (default {DEFAULT_SEED})")
    p.add_argument("--cooccurrence", choices=("utterance", "pairs"), default="utterance",
                   help="normalisation of the statistics")
    add_punct_option(p, what="punctuation: out of the bag of words, its last token the initial "
                              "previous word")
    p.add_argument("--initial", choices=("punct", "boundary"), default="punct",
                   help="initial previous word: the final punctuation or one marker")
    p.add_argument("--chance", choices=("paper", "exact"), default="paper",
                   help="chance per utterance: 1/n! (paper) or with repeated words (exact)")
    p.add_argument("--count", choices=("frame", "pair"), default="frame",
                   help="Prevword/Freqframe: global frequency of the context or the word's "
                        "own count in it")
    p.add_argument("--keep-unintelligible", action="store_true",
                   help="keep utterances the reader flagged unintelligible")
    p.add_argument("--max-words", type=int, default=100, metavar="N",
                   help="leave out utterances of more than N words (default 100; they cost "
                        "N^2 memory), counted in too_long; 0 = no cap")
    p.add_argument("--by-day", action="store_true",
                   help="one row per recording day (age in days) instead of per corpus")
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=run)


def score_corpus(path: str, input_format: str, learner_names: list[str], test: str,
                 by_day: bool, count: str, options: dict) -> tuple[list[dict], list[str], str]:
    """One cell of the wopa grid: the rows, signatures and punctuation policy of one corpus.

    The corpus is read here; ``--punct auto`` is resolved on it.
    """
    from induceval.corpus.readers import read_corpus
    from induceval.measures.wopa import accuracy_by_day, adult_to_child, self_prediction
    from induceval.models.wopa_learners import get_learner

    learners = [get_learner(s, prevword_count=count, freqframe_count=count)
                for s in learner_names]
    from induceval.corpus.transforms import resolve_punct_policy
    from induceval.errors import ParameterError

    scorer = self_prediction if test == "self" else adult_to_child
    corpus = read_corpus(path, format=input_format)
    if corpus.n_tokens == 0:
        raise ParameterError(f"corpus {path} has no tokens")
    punct = resolve_punct_policy(corpus, options.get("punct", "auto"))
    options = {**options, "punct": punct}
    rows, signatures = [], []
    for r in scorer(corpus, learners, **options):
        signatures.append(r.signature)
        if by_day:
            for d in accuracy_by_day(r, corpus):
                rows.append({"corpus": path, "learner": r.learner, **d})
            if r.counts["undated"]:
                signatures.append(f"undated: {path}: {r.learner}: {r.counts['undated']} scored "
                                  "utterances without an age left out")
        else:
            rows.append({"corpus": path, "learner": r.learner, "wopa": r.accuracy,
                         "correct": r.n_correct, "scored": r.n_scored,
                         "one_word": r.counts["one_word"],
                         "no_words": r.counts["no_words"],
                         "unintelligible": r.counts.get("unintelligible_dropped", 0),
                         "too_long": r.counts.get("too_long_dropped", 0),
                         "tied_steps": r.counts["tied_steps"]})
    return rows, signatures, punct


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.experiments.cells import Cell, run_cells
    from induceval.models.wopa_learners import get_learner
    from induceval.report.tables import Table

    check_output_path(args.output)
    names = [s.strip() for s in args.learners.split(",") if s.strip()]
    for s in names:  # unknown learners fail here, before any corpus is read
        get_learner(s, prevword_count=args.count, freqframe_count=args.count)
    options = dict(punct=args.punct, initial=args.initial, ties=args.ties, seed=args.seed,
                   cooccurrence=args.cooccurrence, chance=args.chance,
                   unintelligible="keep" if args.keep_unintelligible else "drop",
                   max_words=args.max_words or None)
    # one cell per corpus: run in parallel with --jobs / --scheduler (same rows either way)
    cells = [Cell(f"{i}:{path}", score_corpus,
                  (str(path), args.input_format, names, args.test, args.by_day, args.count,
                   options)) for i, path in enumerate(args.corpora)]
    results = run_cells(cells, None, jobs=args.jobs, desc="wopa",
                        show_progress=progress_enabled(args))
    rows = []
    signatures = []
    puncts = {}
    for cell, path in zip(cells, args.corpora):
        r, sig, *rest = results[cell.key]
        rows += r
        signatures += sig
        if rest:
            puncts[path] = rest[0]
    cols = (["corpus", "learner", "age_days", "wopa", "correct", "scored"] if args.by_day else
            ["corpus", "learner", "wopa", "correct", "scored", "one_word", "no_words",
             "unintelligible", "too_long", "tied_steps"])
    notes = ["no_words: utterances without words after removing punctuation (skipped); "
             "one_word: not scored (one order); unintelligible: utterances of the scored speakers "
             "flagged by the reader (dropped; flagged lines of other speakers are left out of "
             "training too); too_long: utterances of more than "
             f"{args.max_words or 'any'} words, dropped from training and test"]
    notes += [f"punctuation: {p}" + (" (detected)" if args.punct == "auto" else "") + f" in {c}"
              for c, p in puncts.items()]
    notes += sorted({s for s in signatures if s.startswith("undated: ")})
    notes += sorted({f"signature: {s}" for s in signatures if not s.startswith("undated: ")})
    table = Table(cols, rows, title=f"WOPA (%), test: {args.test}", notes=notes, digits=2)
    emit(table, args)
    return 0
