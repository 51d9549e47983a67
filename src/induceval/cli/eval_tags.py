"""``induceval eval tags``: score induced word categories against gold tags.

Example::

    induceval eval tags --gold test.conllu --pred bhmm.conllu --pred brown.tsv \\
        --level both --unclustered merge --log-base e

Gold and predicted corpora (PASCAL, CoNLL-U/X, ...) are read with
:func:`induceval.corpus.read_corpus`; a prediction may also be a
``word<TAB>cluster`` type list.  Several ``--pred`` give one table with a row
per system and the best value of each column marked.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from induceval.cli.common import add_format_option, emit

__all__ = ["register", "run", "build_table"]


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "tags", help="score induced word categories (M-1, 1-1, VI, V, pairwise, type level)",
        description="Score induced categories against gold tags: token measures (M-1, 1-1 "
                    "optimal and greedy, VI, NVI, V, H(C|K), H(K|C), pairwise P/R/F) and the "
                    "type-level MacroI/MicroI/MicroC of Reichart et al. (2010).")
    p.add_argument("--gold", required=True, metavar="G", help="gold corpus file or directory")
    p.add_argument("--pred", action="append", required=True, metavar="P",
                   help="predicted corpus or word<TAB>cluster list (repeat: one row per system)")
    p.add_argument("--name", action="append", default=None,
                   help="system names, one per --pred (default: file stems)")
    p.add_argument("--gold-column", default="upos", help="gold tag column (default: upos)")
    p.add_argument("--pred-column", default=None,
                   help="predicted cluster column (default: the gold column)")
    p.add_argument("--gold-format", default="auto", help="gold file format (default: auto)")
    p.add_argument("--pred-format", default="auto",
                   help="predicted file format, or 'types' for a word<TAB>cluster list "
                        "(default: auto-detect)")
    p.add_argument("--level", choices=("token", "type", "both"), default="token",
                   help="token measures, type-level measures, or both (default: token)")
    p.add_argument("--unclustered", choices=("merge", "split"), default="merge",
                   help="unclustered words in one cluster (merge) or one cluster per type")
    p.add_argument("--punct", default="auto",
                   help="punctuation excluded from scoring: auto (default: upos when the gold "
                        "has it, else unicode), upos, tags:T1,T2, unicode, or keep")
    p.add_argument("--log-base", choices=("2", "e"), default="2",
                   help="logarithm base of VI, NVI and entropies (default: 2)")
    p.add_argument("--beta", type=float, default=1.0, help="V-measure beta (default: 1)")
    p.add_argument("--restarts", type=int, default=10,
                   help="M-1 hill-climbing restarts for type-level measures (default: 10)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: package seed)")
    add_format_option(p)
    p.set_defaults(func=run)


def _names(preds: list[str], names: list[str] | None) -> list[str]:
    from induceval.errors import ParameterError
    if names:
        if len(names) != len(preds):
            raise ParameterError(f"--name given {len(names)} times for {len(preds)} --pred")
        return names
    stems = [Path(p).stem for p in preds]
    return stems if len(set(stems)) == len(stems) else list(preds)


def build_table(results, names):
    """One row per system; columns the measures; best values marked."""
    from induceval.measures.categories import MEASURES
    from induceval.report.tables import Table
    cols = [m for m in MEASURES if m in results[0].scores]
    rows = [r.row(n) for r, n in zip(results, names)]
    counts = results[0].counts
    notes = [f"signature: {results[0].signature}"]
    notes.append("tokens: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
    for r, n in zip(results, names):
        if r.counts.get("n_unclustered"):
            notes.append(f"{n}: {r.counts['n_unclustered']} scored tokens unclustered")
    return Table(["system"] + cols, rows,
                 higher_is_better={c: MEASURES[c].higher_is_better for c in cols},
                 title="category measures", notes=notes)


def run(args: argparse.Namespace) -> int:
    from induceval.corpus import read_corpus
    from induceval.measures.categories import evaluate_tags, is_type_list, read_type_clusters
    from induceval.random import DEFAULT_SEED
    gold = read_corpus(args.gold, format=args.gold_format)
    names = _names(args.pred, args.name)
    results = []
    for path in args.pred:
        fmt = args.pred_format
        if fmt == "types" or (fmt == "auto" and Path(path).is_file() and is_type_list(path)
                              and Path(path).suffix.lower() not in (".conllu", ".conll",
                                                                    ".pascal", ".conllx")):
            pred = read_type_clusters(path)
        else:
            pred = read_corpus(path, format=fmt)
        results.append(evaluate_tags(
            gold, pred, gold_column=args.gold_column, pred_column=args.pred_column,
            punct=args.punct, unclustered=args.unclustered,
            log_base=args.log_base if args.log_base == "e" else 2, beta=args.beta,
            level=args.level, restarts=args.restarts,
            seed=DEFAULT_SEED if args.seed is None else args.seed))
    emit(build_table(results, names), args)
    return 0
