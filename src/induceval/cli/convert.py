"""``induceval convert IN... -o OUT [--to conllu|conllx|pascal]``: transform and write a corpus.

The output format follows the ``-o`` ending (``.conllu`` CoNLL-U,
``.conll``/``.conllx`` CoNLL-X, ``.pascal`` PASCAL 9 columns) unless ``--to``
is given; an unknown ending without ``--to`` is an error.  What the input
holds is written back (CoNLL-U comments, multiword-token and empty-node lines,
FEATS, DEPS, MISC, and the byte-order mark, CRLF line ends and missing final
blank line or newline that every input file has, counted under "counted"): a
CoNLL-U (CoNLL-X, PASCAL) file converted without transforms is
byte-identical to its source, but for what is normalised: several blank
lines in a row become one, comment lines outside a sentence are dropped
(counted), a zero-padded HEAD (``07``) is written ``7``, and line ends,
byte-order mark and file end are the defaults (LF, none, a blank line) when
the input files differ in them (mixed line ends counted).  What cannot be
written is reported under "left out" (e.g. empty sentences, which CoNLL-U
cannot hold).

The inputs are read together into one corpus, then transformed in this
order (each step only when asked):

1. ``--child-directed``: keep child-directed utterances (CHILDES)
2. ``--split-clitics``: split %mor clitics into tokens (CHILDES)
3. ``--map-tags``: ``ptb-universal`` maps ``xpos`` onto the 12 universal
   tags of Petrov et al. (2011) (unknown tags -> ``X``);
   ``childes-collapsed`` / ``childes-stripped`` map the CHILDES %mor tag in
   ``xpos`` (Frank, Goldwater & Keller 2009, Table 1).  The result goes to the ``upos`` column
   (column 6 of the PASCAL format), replacing any ``upos`` present.
4. ``--remove-punct [POLICY]``: remove punctuation, re-attaching dependents
   (alone: the punctuation detected from the corpus, as ``--punct auto`` of
   the other commands); sentences left empty are dropped (and counted),
   since the output formats cannot hold an empty sentence; the multiword
   and empty-node lines of sentences that lost tokens are left out (counted)
5. ``--max-length N``: keep sentences of at most N tokens (after step 4)
6. ``--boundaries``: add ``<s>`` tokens at sentence starts

Without ``-o`` the corpus is written to stdout as CoNLL-U.  A summary of
what was read, removed, dropped and written goes to stderr.

Example::

    induceval convert --demo --remove-punct --max-length 10 -o demo10.conllu
"""

from __future__ import annotations

import argparse
import sys

from induceval.cli.common import add_output_option
from induceval.cli.info import add_input_options, load_corpus
from induceval.errors import InducevalError, ParameterError, input_named

__all__ = ["register", "run", "transform", "MAP_TAGS"]

#: the one line of ``induceval --help`` (read without building the parser)
HELP = 'transform a corpus (punctuation, length, tags...) and write it'

#: output formats (the -o ending decides when --to is not given)
WRITE_FORMATS = ("conllu", "conllx", "pascal")

#: --map-tags choices
MAP_TAGS = ("ptb-universal", "childes-collapsed", "childes-stripped")


def _tag_mapping(name: str):
    if name == "ptb-universal":
        from induceval.corpus.tagsets.ptb_universal import PTB_TO_UNIVERSAL

        return PTB_TO_UNIVERSAL, "X"
    from induceval.corpus.tagsets.childes import collapsed_tag, stripped_tag

    return (collapsed_tag if name == "childes-collapsed" else stripped_tag), None


def transform(corpus, args: argparse.Namespace):
    """Apply the requested transforms (in the documented order) to ``corpus``."""
    from induceval.corpus import transforms as T
    from induceval.corpus.transforms.childes import select_child_directed, split_clitics

    if args.child_directed:
        corpus = select_child_directed(corpus)
    if args.split_clitics:
        corpus = split_clitics(corpus)
    if args.map_tags:
        mapping, default = _tag_mapping(args.map_tags)
        corpus = T.map_tags(corpus, "xpos", mapping, "upos", default=default)
    remove = getattr(args, "remove_punct", None)
    if remove not in (None, "keep"):
        from induceval.corpus.transforms.punct import resolve_punct_policy

        policy = resolve_punct_policy(corpus, remove)
        corpus = T.drop_empty(T.remove_punctuation(corpus, policy))
    if args.max_length is not None:
        corpus = T.filter_max_length(corpus, args.max_length)
    if args.boundaries:
        corpus = T.add_boundaries(corpus)
    return corpus


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path
    from induceval.corpus.transforms import check_punct_policy
    from induceval.corpus.writers import output_format, write_corpus

    if args.remove_punct is not None:
        check_punct_policy(args.remove_punct)
    check_output_path(args.output)
    if args.max_length is not None and args.max_length < 1:
        raise ParameterError(f"--max-length must be at least 1, got {args.max_length}")
    to = output_format(args.output, args.to or ("conllu" if args.output in (None, "-") else None),
                       allowed=WRITE_FORMATS)
    corpus = load_corpus(args)
    n_in, t_in = corpus.n_sentences, corpus.n_tokens
    if t_in == 0:
        raise InducevalError(f"{input_named(corpus.report.files, corpus.name)}: the input "
                             "corpus has no tokens: nothing to convert")
    corpus = transform(corpus, args)
    to_stdout = args.output in (None, "-")
    written = write_corpus(corpus, sys.stdout if to_stdout else args.output, to)
    summary = [f"read {n_in} sentences, {t_in} tokens; wrote {written.sentences} sentences, "
               f"{written.tokens} tokens ({to}) to {args.output}"]
    summary += [f"  left out: {k}: {v}" for k, v in sorted(written.left_out.items())]
    rep = corpus.report
    summary += [f"  counted: {k}: {v}" for k, v in sorted(rep.counts.items())]
    summary += [f"  skipped: {k}: {v}" for k, v in sorted(rep.skipped.items())]
    if not args.quiet:
        print("\n".join(summary), file=sys.stderr)
    return 0


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    parser = subparsers.add_parser(
        "convert", help=HELP,
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_options(parser)
    add_output_option(parser, help="output file (default: stdout, CoNLL-U); its ending sets the "
                                   "format: .conllu, .conll/.conllx, .pascal")
    parser.add_argument("--to", choices=WRITE_FORMATS, default=None,
                        help="output format (default: from the -o ending; conllu on stdout)")
    parser.add_argument("--remove-punct", nargs="?", const="auto", default=None, metavar="POLICY",
                        help="remove punctuation, re-attaching its dependents; alone: detected "
                             "from the corpus (auto), else upos, ptb, childes, tags:A,B or "
                             "unicode (default: keep everything)")
    from induceval.cli.common import SIZE

    parser.add_argument("--max-length", type=SIZE, default=None, metavar="N",
                        help="keep sentences of at most N tokens (after --remove-punct)")
    parser.add_argument("--child-directed", action="store_true",
                        help="keep only child-directed utterances (CHILDES)")
    parser.add_argument("--split-clitics", action="store_true",
                        help="split %%mor clitics into separate tokens (CHILDES)")
    parser.add_argument("--map-tags", choices=MAP_TAGS, default=None,
                        help="map xpos onto a tag set, written to the upos column")
    parser.add_argument("--boundaries", action="store_true",
                        help="add a <s> token at the start of every sentence")
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    parser.set_defaults(func=run)
