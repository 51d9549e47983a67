"""``induceval wopa CORPUS... --learners ... --test self|adult-child``.

Word Order Prediction Accuracy (Chang, Lieven & Tomasello 2006) of the
chosen learners on each corpus: one row per corpus and learner.  A thin
layer over :mod:`induceval.measures.wopa`.
"""

from __future__ import annotations

import argparse

from induceval.cli.common import add_executor_options, add_format_option, emit
from induceval.random import DEFAULT_SEED

__all__ = ["register", "run"]

_LEARNERS = "chance,prevword,freqframe,tokentype,typetoken,lexstat"


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "wopa", help="word order prediction accuracy of category learners (Chang et al. 2006)",
        description="Learn from the adults' utterances of each corpus and predict the order of "
                    "the adults' own (self) or the target child's (adult-child) utterances "
                    "from their bags of words.")
    p.add_argument("corpora", nargs="+", metavar="CORPUS",
                   help="corpus files or folders; each is scored separately")
    p.add_argument("--input-format", default="auto", help="reader format (default: auto)")
    p.add_argument("--learners", default=_LEARNERS,
                   help=f"comma-separated learners (default: {_LEARNERS})")
    p.add_argument("--test", choices=("self", "adult-child"), default="self")
    p.add_argument("--ties", choices=("random", "pessimistic"), default="random",
                   help="tie rule of production (random: seeded hash draw)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--cooccurrence", choices=("utterance", "pairs"), default="utterance",
                   help="normalisation of the statistics")
    p.add_argument("--punct", default="unicode",
                   help="punctuation policy: unicode, upos, tags:A,B, keep (default: unicode)")
    p.add_argument("--initial", choices=("punct", "boundary"), default="punct",
                   help="initial previous word: the final punctuation or one marker")
    p.add_argument("--chance", choices=("paper", "exact"), default="paper",
                   help="chance per utterance: 1/n! (paper) or with repeated words (exact)")
    p.add_argument("--count", choices=("frame", "pair"), default="frame",
                   help="Prevword/Freqframe: global frequency of the context or the word's "
                        "own count in it")
    p.add_argument("--keep-unintelligible", action="store_true",
                   help="keep utterances the reader flagged unintelligible")
    p.add_argument("--by-day", action="store_true",
                   help="one row per recording day (age in days) instead of per corpus")
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=run)


def score_corpus(path: str, input_format: str, learner_names: list[str], test: str,
                 by_day: bool, count: str, options: dict) -> tuple[list[dict], list[str]]:
    """One cell of the wopa grid: the rows and signatures of one corpus (read here)."""
    from induceval.corpus.readers import read_corpus
    from induceval.measures.wopa import accuracy_by_day, adult_to_child, self_prediction
    from induceval.models.wopa_learners import get_learner

    learners = [get_learner(s, prevword_count=count, freqframe_count=count)
                for s in learner_names]
    scorer = self_prediction if test == "self" else adult_to_child
    corpus = read_corpus(path, format=input_format)
    rows, signatures = [], []
    for r in scorer(corpus, learners, **options):
        signatures.append(r.signature)
        if by_day:
            for d in accuracy_by_day(r, corpus):
                rows.append({"corpus": path, "learner": r.learner, **d})
        else:
            rows.append({"corpus": path, "learner": r.learner, "wopa": r.accuracy,
                         "correct": r.n_correct, "scored": r.n_scored,
                         "one_word": r.counts["one_word"],
                         "no_words": r.counts["no_words"],
                         "unintelligible": r.counts.get("unintelligible_dropped", 0),
                         "tied_steps": r.counts["tied_steps"]})
    return rows, signatures


def run(args: argparse.Namespace) -> int:
    from induceval.experiments.cells import Cell, run_cells
    from induceval.models.wopa_learners import get_learner
    from induceval.report.tables import Table

    names = [s.strip() for s in args.learners.split(",") if s.strip()]
    for s in names:  # unknown learners fail here, before any corpus is read
        get_learner(s, prevword_count=args.count, freqframe_count=args.count)
    options = dict(punct=args.punct, initial=args.initial, ties=args.ties, seed=args.seed,
                   cooccurrence=args.cooccurrence, chance=args.chance,
                   unintelligible="keep" if args.keep_unintelligible else "drop")
    # one cell per corpus: run in parallel with --jobs / --scheduler (same rows either way)
    cells = [Cell(f"{i}:{path}", score_corpus,
                  (str(path), args.input_format, names, args.test, args.by_day, args.count,
                   options)) for i, path in enumerate(args.corpora)]
    results = run_cells(cells, None, jobs=args.jobs, desc="wopa")
    rows = []
    signatures = []
    for cell in cells:
        r, sig = results[cell.key]
        rows += r
        signatures += sig
    cols = (["corpus", "learner", "age_days", "wopa", "correct", "scored"] if args.by_day else
            ["corpus", "learner", "wopa", "correct", "scored", "one_word", "no_words",
             "unintelligible", "tied_steps"])
    notes = ["no_words: utterances without words after removing punctuation (skipped); "
             "one_word: not scored (one order); unintelligible: utterances flagged by the reader, "
             "dropped from training and test"]
    notes += sorted({f"signature: {s}" for s in signatures})
    table = Table(cols, rows, title=f"WOPA (%), test: {args.test}", notes=notes, digits=2)
    emit(table, args)
    return 0
