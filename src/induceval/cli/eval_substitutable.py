"""``induceval eval substitutable``: gold-free substitutable precision and recall.

Example::

    induceval convert --demo -o gold.conllu
    induceval induce tags --model brown --k 12 gold.conllu -o tags.pascal --clusters clusters.tsv
    induceval eval substitutable --train gold.conllu --test gold.conllu --pred clusters.tsv

``--pred`` is a ``word<TAB>cluster`` type list (one cluster per word; a
word absent from the list, or listed as ``UNCLUSTERED``, is unclustered), or
a tagged corpus such as the output of ``induce tags`` (PASCAL, CoNLL-U/X):
each word then takes the cluster most of its tokens have (ties: the first
cluster label in sorting order), as ``induce tags --clusters`` writes it.
S-clusters come from frames of the test corpus as in Frank et al. (2009).
"""

from __future__ import annotations

import argparse

from induceval.cli.common import (
    NAME_HELP,
    add_executor_options,
    add_format_option,
    add_input_format_option,
    add_measure_options,
    chosen_measures,
    emit,
    emit_scores,
    executor_from_args,
    select_measures,
    system_names,
)

__all__ = ["register", "run"]


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    p = subparsers.add_parser(
        "substitutable", help="substitutable precision/recall (no gold standard needed)",
        description="Substitutable precision and recall (Frank, Goldwater & Keller 2009, "
                    "eqs. 2-3) of a word clustering, with S-clusters from frames of a "
                    "separate test corpus.")
    p.add_argument("--train", required=True, metavar="T", help="training corpus")
    p.add_argument("--test", required=True, metavar="U", help="test corpus")
    p.add_argument("--pred", action="append", required=True, metavar="P",
                   help="word<TAB>cluster list, or a tagged corpus (e.g. induce tags "
                        "output: each word takes its most frequent cluster); repeat: one row "
                        "per system")
    p.add_argument("--name", action="append", default=None, help=NAME_HELP)
    add_input_format_option(p)
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed sentence or transcript tier: fail (default) or skip it "
                        "and count it (in the notes and the signature)")
    p.add_argument("--unclustered", choices=("merge", "split"), default="merge",
                   help="unclustered words in one cluster (merge) or each its own")
    from induceval.cli.common import SIZE

    p.add_argument("--min-frame-count", type=SIZE, default=2,
                   help="frames must occur at least this often in the test corpus (default 2)")
    p.add_argument("--no-boundaries", action="store_true",
                   help="do not add <s>/</s> markers to frames")
    p.add_argument("--cluster-size", choices=("tokens", "types"), default="tokens",
                   help="count |c| of eq. 2 in training tokens (default, the paper's "
                        "magnitudes) or in word types")
    add_executor_options(p)
    add_format_option(p)
    add_measure_options(p, "substitutable")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.measures.categories.substitutable import evaluate_substitutable
    from induceval.measures.shards import ReadOptions
    from induceval.report.tables import Table

    check_output_path(args.output)
    measures = chosen_measures(args, "substitutable")
    names = system_names(args.pred, args.name)
    read = ReadOptions(gold_format=args.input_format,
                       pred_formats=(args.input_format,) * len(args.pred), on_error=args.on_error)
    ev = evaluate_substitutable(args.train, args.test, args.pred, read=read,
                                executor=executor_from_args(args), jobs=args.jobs,
                                unclustered=args.unclustered,
                                min_frame_count=args.min_frame_count,
                                boundaries=not args.no_boundaries, cluster_size=args.cluster_size,
                                names=names)
    rows = [{"system": name, **r.scores, "frames": r.stats.n_frames,
             "s_members": r.stats.n_s_members} for name, r in ev]
    notes = [f"{name}: {note}" for name, r in ev for note in r.notes]
    table = Table(["system", "sp", "sr", "sf", "frames", "s_members"], rows,
                  higher_is_better={"sp": True, "sr": True, "sf": True},
                  title="substitutable precision and recall",
                  notes=[f"signature: {ev.results[-1].signature}", *notes])
    table = select_measures(table, measures, "substitutable")
    if args.score_only:
        emit_scores(table, measures, "substitutable", args)
    else:
        emit(table, args)
    return 0
