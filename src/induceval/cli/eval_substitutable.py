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
from pathlib import Path

from induceval.cli.common import add_format_option, add_input_format_option, emit
from induceval.errors import InducevalError, ParameterError
from induceval.signature import Signature

__all__ = ["register", "run", "majority_clusters"]


def majority_clusters(pred, columns=("upos", "cpos", "xpos")) -> tuple[dict, int]:
    """Word -> the cluster most of its tokens have in a tagged corpus, and how many
    words had several clusters.

    The cluster column is the first of ``columns`` the corpus has; ties go to the
    first cluster label in sorting order; ``UNCLUSTERED`` (or a missing tag) is
    ``None``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["the", "dog", "the"], "upos": ["3", "1", "3"]})
    >>> b.add_sentence({"form": ["dog", "the"], "upos": ["2", "UNCLUSTERED"]})
    >>> clusters, n_several = majority_clusters(b.build())
    >>> sorted(clusters.items()), n_several
    ([('dog', '1'), ('the', '3')], 2)
    """
    import numpy as np

    from induceval.measures.categories.contingency import UNCLUSTERED_LABEL

    col = next((c for c in columns if c in pred.tokens), None)
    if col is None:
        raise ParameterError(f"{pred.name or 'the prediction'} has no cluster column "
                             f"({', '.join(columns)}); it has: {', '.join(sorted(pred.tokens))}")
    forms, tags = pred.tokens["form"], pred.tokens[col]
    labels = list(tags.vocab.items)
    rank = np.argsort(np.argsort(np.array(labels, dtype=object)))   # label sorting order
    f, t = forms.values.astype(np.int64), tags.values.astype(np.int64)
    ok = (f >= 0) & (t >= 0)
    keys, counts = np.unique(f[ok] * len(labels) + t[ok], return_counts=True)
    w, c = keys // len(labels), keys % len(labels)
    order = np.lexsort((rank[c], -counts, w))
    w, c = w[order], c[order]
    first = np.ones(len(w), dtype=bool)
    first[1:] = w[1:] != w[:-1]
    n_several = int(np.count_nonzero(np.bincount(w, minlength=1) > 1)) if len(w) else 0
    out = {forms.vocab[wi]: None if labels[ci] == UNCLUSTERED_LABEL else labels[ci]
           for wi, ci in zip(w[first].tolist(), c[first].tolist())}
    return out, n_several


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
    p.add_argument("--name", action="append", default=None,
                   help="system names, one per --pred (default: file stems)")
    add_input_format_option(p)
    p.add_argument("--on-error", choices=("fail", "skip"), default="fail",
                   help="a malformed sentence or transcript tier: fail (default) or skip it "
                        "and count it (in the notes and the signature)")
    p.add_argument("--unclustered", choices=("merge", "split"), default="merge",
                   help="unclustered words in one cluster (merge) or each its own")
    p.add_argument("--min-frame-count", type=int, default=2,
                   help="frames must occur at least this often in the test corpus (default 2)")
    p.add_argument("--no-boundaries", action="store_true",
                   help="do not add <s>/</s> markers to frames")
    p.add_argument("--cluster-size", choices=("tokens", "types"), default="tokens",
                   help="count |c| of eq. 2 in training tokens (default, the paper's "
                        "magnitudes) or in word types")
    add_format_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.corpus import read_corpus
    from induceval.measures.categories import is_type_list, read_type_clusters, substitutable_scores
    from induceval.report.tables import Table

    check_output_path(args.output)
    train = read_corpus(args.train, format=args.input_format, on_error=args.on_error)
    test = read_corpus(args.test, format=args.input_format, on_error=args.on_error)
    for what, c in (("--train", train), ("--test", test)):
        if c.n_tokens == 0:
            raise ParameterError(f"{what} corpus has no tokens")
    names = args.name or [Path(p).stem for p in args.pred]
    if len(names) != len(args.pred):
        raise ParameterError(f"--name given {len(names)} times for {len(args.pred)} --pred")
    rows, sig, notes = [], "", []
    for path, name in zip(args.pred, names):
        if Path(path).is_file() and is_type_list(path):
            sets = read_type_clusters(path)
            poly = [w for w, cs in sets.items() if len(cs) > 1]
            if poly:
                raise InducevalError(f"{path}: word {poly[0]!r} has several clusters; "
                                     "substitutable scores need one cluster per word")
            mapping = {w: (next(iter(cs)) if cs else None) for w, cs in sets.items()}
        else:
            mapping, n_several = majority_clusters(read_corpus(path, format=args.input_format,
                                                               on_error=args.on_error))
            notes.append(f"{name}: a tagged corpus; each word takes its most frequent cluster "
                         f"({n_several} words had several)")
        r = substitutable_scores(train, test, mapping, unclustered=args.unclustered,
                                 min_frame_count=args.min_frame_count,
                                 boundaries=not args.no_boundaries, cluster_size=args.cluster_size)
        sig = r.signature
        rows.append({"system": name, **r.scores, "frames": r.stats.n_frames,
                     "s_members": r.stats.n_s_members})
    if args.on_error == "skip":
        from induceval.corpus.stats import reading_errors

        n_err = sum(e["count"] for c in (train, test)
                    for e in reading_errors(c.report.to_dict()).values())
        sig = Signature.parse(sig).update(on_error="skip", skipped=n_err).format()
    table = Table(["system", "sp", "sr", "sf", "frames", "s_members"], rows,
                  higher_is_better={"sp": True, "sr": True, "sf": True},
                  title="substitutable precision and recall", notes=[f"signature: {sig}", *notes])
    emit(table, args)
    return 0
