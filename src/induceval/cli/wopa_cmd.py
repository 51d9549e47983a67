"""``induceval wopa CORPUS... --learners ... --test self|adult-child``.

Word Order Prediction Accuracy (Chang, Lieven & Tomasello 2006) of the
chosen learners on each corpus: one row per corpus and learner.  A thin
layer over :mod:`induceval.experiments.wopa` (the paper's two tests) and
:mod:`induceval.measures.wopa`.
"""

from __future__ import annotations

import argparse

from induceval.cli.common import (
    SEED,
    add_executor_options,
    add_format_option,
    add_input_format_option,
    add_punct_option,
    bounded_int,
    comma_list,
    emit,
    progress_enabled,
)
from induceval.errors import MAX_SIZE, ParameterError
from induceval.random import DEFAULT_SEED

__all__ = ["register", "run"]

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'word order prediction accuracy of category learners (Chang et al. 2006)'

_LEARNERS = "chance,prevword,freqframe,tokentype,typetoken,lexstat"


def _learner_names() -> tuple[str, ...]:
    """The learners ``--learners`` takes."""
    from induceval.models.wopa.learners import LEARNERS

    return tuple(LEARNERS)


def _learner_key(name: str) -> str:
    """The learner a name means, as :func:`~induceval.models.wopa.get_learner` reads it."""
    from induceval.models.wopa.learners import _ALIASES

    return _ALIASES.get(name.lower(), name.lower())


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    p = subparsers.add_parser(
        "wopa", help=HELP,
        description="Learn from the adults' utterances of each corpus and predict the order of "
                    "the adults' own (self) or the target child's (adult-child) utterances "
                    "from their bags of words.")
    p.add_argument("corpora", nargs="+", metavar="CORPUS",
                   help="corpus files or folders; each is scored separately")
    add_input_format_option(p)
    p.add_argument("--learners", default=_LEARNERS,
                   type=comma_list(_learner_names, what="learner", key=_learner_key),
                   help=f"comma-separated learners (default: {_LEARNERS})")
    p.add_argument("--test", choices=("self", "adult-child"), default="self",
                   help="predict the adults' own utterances (self, default) or the child's")
    p.add_argument("--ties", choices=("random", "pessimistic"), default="random",
                   help="tie rule of production (random: seeded hash draw)")
    p.add_argument("--seed", type=SEED, default=DEFAULT_SEED,
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
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed sentence or transcript tier: fail (default) or skip it "
                        "and count it (in the notes and the signature)")
    p.add_argument("--words", choices=("spoken", "mor"), default="spoken",
                   help="CHAT's words: as the speaker said them (spoken, default: 'wanna') "
                        "or the tokens of %%mor (mor: 'wanna to'); in the signature")
    p.add_argument("--keep-unintelligible", action="store_true",
                   help="keep utterances the reader flagged unintelligible")
    p.add_argument("--max-words", type=bounded_int(0, MAX_SIZE, note="0: no cap"), default=100,
                   metavar="N",
                   help="leave out utterances of more than N words (default 100; they cost "
                        "N^2 memory), counted in too_long; 0 = no cap (utterances whose "
                        "statistics cannot fit in memory are then refused before any work)")
    p.add_argument("--by-day", action="store_true",
                   help="one row per recording day (age in days) instead of per corpus")
    from induceval.cli.resampling_options import add_resampling_options
    add_resampling_options(p, unit=False, unit_name="utterance",
                           systems="learner of --learners")
    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=run)


def score_corpus(path: str, input_format: str, learner_names: list[str], test: str,
                 by_day: bool, count: str, options: dict,
                 resampling: dict | None = None, on_error: str = "fail"
                 ) -> tuple[list[dict], list[str], str]:
    """One cell of the wopa grid: the rows, signatures and punctuation policy of one corpus
    (:func:`~induceval.experiments.wopa.evaluate_wopa_corpus`).

    ``resampling`` (``confidence``, ``alpha``, ``paired``, ``paired_n``, ``seed``)
    adds bootstrap intervals over the test utterances (``wopa ±``, ``wopa_low``,
    ``wopa_high``) and paired tests of each learner against the first
    (``delta``, ``p_value``), computed in the cell with explicit seeds, so
    the rows do not depend on ``--jobs``.
    """
    from induceval.corpus.stats import reading_errors
    from induceval.experiments.wopa import evaluate_wopa_corpus
    from induceval.measures.shards import ReadOptions
    from induceval.models.wopa import get_learner

    learners = [get_learner(s, prevword_count=count, freqframe_count=count)
                for s in learner_names]
    ev = evaluate_wopa_corpus(path, learners, test=test, by_day=by_day,
                              read=ReadOptions(gold_format=input_format, on_error=on_error),
                              **options)
    report = ev.gold_reports[0].to_dict()
    results = ev.results
    extra: list[dict] = [{} for _ in results]
    if resampling and not by_day and results:
        extra = _resample_learners(results, resampling)
    signatures = []
    if on_error == "fail":
        from induceval.cli.common import unused_tier_faults

        signatures += [f"counted: {path}: {note}" for note in unused_tier_faults(report)]
    errors = reading_errors(report) if on_error == "skip" else {}
    if errors:
        signatures.append(f"skipped: {path}: " + "; ".join(
            f"{k} {e['count']}" + (f" (first at {e['first']})" if e["first"] else "")
            for k, e in errors.items()))
    if ev.resolved["speakers"] == "all":
        signatures.append(f"speakers: {path}: no speaker roles; every utterance is read as "
                          "adult speech")
    rows = []
    for r, more in zip(results, extra):
        signatures.append(r.signature)
        if by_day:
            rows += [{"corpus": path, "learner": r.learner, **d} for d in r.days]
            if r.counts["undated"]:
                signatures.append(f"undated: {path}: {r.learner}: {r.counts['undated']} scored "
                                  "utterances without an age left out")
        else:
            rows.append({"corpus": path, "learner": r.learner, "wopa": r.accuracy,
                         "correct": r.n_correct, "scored": r.n_scored,
                         "one_word": r.counts["one_word"], "no_words": r.counts["no_words"],
                         "unintelligible": r.counts.get("unintelligible_dropped", 0),
                         "too_long": r.counts.get("too_long_dropped", 0),
                         "tied_steps": r.counts["tied_steps"], **more})
    return rows, signatures, ev.resolved["punct"]


#: the columns in WOPA's scale (a proportion; percent under --percent)
_WOPA_SCALED = ("wopa", "wopa ±", "wopa_low", "wopa_high", "delta")


def _resample_learners(results, resampling: dict) -> list[dict]:
    from induceval.cli.resampling_options import run_resampling
    from induceval.measures.wopa import wopa_items

    ns = argparse.Namespace(unit="utterance", **resampling)
    intervals, comparisons = run_resampling([wopa_items(r) for r in results], ns)
    out: list[dict] = [{} for _ in results]
    for i in range(len(results)):
        if intervals is not None:
            iv = intervals[i].intervals["wopa"]
            out[i].update({"wopa ±": iv.half_width, "wopa_low": iv.low, "wopa_high": iv.high})
        if comparisons and i > 0:
            c = comparisons[i - 1]
            out[i].update({"delta": c.delta["wopa"], "p_value": c.p_value["wopa"]})
    return out


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.models.wopa import get_learner
    from induceval.parallel import Cell, run_cells
    from induceval.report.tables import Table

    check_output_path(args.output)
    names = args.learners
    for s in names:  # unknown learners fail here, before any corpus is read
        get_learner(s, prevword_count=args.count, freqframe_count=args.count)
    options = dict(punct=args.punct, initial=args.initial, ties=args.ties, seed=args.seed,
                   cooccurrence=args.cooccurrence, chance=args.chance,
                   unintelligible="keep" if args.keep_unintelligible else "drop",
                   max_words=args.max_words or None, words=args.words)
    from induceval.cli.resampling_options import resampling_requested, sign_resampling
    resampling = None
    if resampling_requested(args):
        if args.by_day:
            raise ParameterError("--confidence/--paired apply to whole corpora, not --by-day")
        if args.paired and len(names) < 2:
            raise ParameterError("--paired needs at least two --learners (each is tested "
                                 "against the first)")
        resampling = dict(confidence=args.confidence, alpha=args.alpha, paired=args.paired,
                          paired_n=args.paired_n, seed=args.seed)
    # one cell per corpus: run in parallel with --jobs / --scheduler (same rows either way)
    cells = [Cell(f"{i}:{path}", score_corpus,
                  (str(path), args.input_format, names, args.test, args.by_day, args.count,
                   options, resampling, args.on_error)) for i, path in enumerate(args.corpora)]
    results = run_cells(cells, None, jobs=args.jobs, desc="wopa",
                        show_progress=progress_enabled(args))
    rows, signatures, puncts = [], [], {}
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
    said = ("undated: ", "skipped: ", "counted: ", "speakers: ")
    notes += sorted({s for s in signatures if s.startswith(said)})
    notes += sorted({f"signature: {sign_resampling(s, args)}" for s in signatures
                     if not s.startswith(said)})
    if resampling:
        if args.confidence:
            cols.insert(cols.index("wopa") + 1, "wopa ±")
            notes.append(f"±: half-width of the {1 - args.alpha:.0%} percentile bootstrap "
                         f"interval ({args.confidence} resamples of the test utterances; "
                         "[wopa_low, wopa_high] in the JSON rows)")
        if args.paired:
            cols[cols.index("correct"):cols.index("correct")] = ["delta", "p_value"]
            test = "paired bootstrap" if args.paired == "bootstrap" else \
                "approximate randomization"
            notes.append(f"delta, p_value: {test} of each learner against {names[0]} on the "
                         f"same test utterances, two-sided, "
                         f"{args.paired_n or args.confidence or 1000} resamples")
    # WOPA is a proportion like every score of induceval; --percent shows it (and its
    # interval and paired difference) in the percent of Chang et al. (2006), labelled so
    scale = 100.0 if args.percent else 1.0
    for row in rows:
        row.update({k: row[k] * scale for k in _WOPA_SCALED if isinstance(row.get(k), float)})
    table = Table(cols, rows, title=f"WOPA{' (%)' if args.percent else ''}, test: {args.test}",
                  notes=notes, digits=2 if args.percent else 4)
    emit(table, args)
    return 0
