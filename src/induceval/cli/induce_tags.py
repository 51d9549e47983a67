"""``induceval induce tags``: induce word categories on a corpus and write the predictions.

Example::

    induceval induce tags --model brown --k 12 --demo -o brown12.pascal --clusters clusters.tsv

The output format follows the ``-o`` ending (:func:`write_predictions`;
stdout: PASCAL); ``induceval eval tags --gold gold.conllu --pred
brown12.pascal`` scores it.  A summary (clusters, signature, sentences
written and anything left out) goes to stderr.

``brown`` and ``exchange`` on files (any format but CHAT) never hold the
corpus: they count the files while reading them (plain text a part of whole
sentences at a time, :func:`~induceval.corpus.readers.read_parts`), cluster
from the summed counts and tag by reading the files again
(:func:`write_predictions_over_files`), so memory grows with the word types,
not the tokens.  One process is the case of one shard; on Dask (see
``--help``) the workers count and tag the files
(:func:`write_predictions_on_dask`).  Either way the bytes are those of the
corpus read whole (:func:`write_predictions`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
import zlib
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

from induceval.atomic import atomic_path, write_atomic
from induceval.errors import InducevalError, ParameterError
from induceval.random import DEFAULT_SEED

__all__ = ["register", "run", "write_predictions", "write_predictions_over_files",
           "write_predictions_on_dask"]

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
    "--max-iter": ("max_iter", int, "exchange: maximum passes (default 20)"),
    "--init": ("init", str, "exchange: rank|random initial classes"),
    "--restarts": ("restarts", int, "exchange: runs, keep the best likelihood (default 1)"),
    "--min-occur": ("min_count", int, "brown: leave out (unclustered) words seen fewer than N "
                    "times, as wcluster --min-occur (default 1)"),
    "--refine": ("refine", int, "exchange: start from 2**N classes and double (default 3; "
                 "0: start from k)"),
    "--gold": ("gold", str, "random: gold column whose type-size profile is copied"),
}


#: output formats of ``induce tags`` (the -o ending decides; PASCAL on stdout)
TAG_FORMATS = ("conllu", "conllx", "pascal", "tsv")

#: tag slots the clusters go into, per format
_TAG_SLOTS = {"conllu": ("upos", "xpos"), "conllx": ("cpos", "xpos"),
              "pascal": ("cpos", "xpos", "upos")}


def write_predictions(corpus, result, path, fmt: str | None = None):
    """Write the induced tags of ``corpus`` to ``path`` (a path or open text file) in ``fmt``.

    ``fmt`` defaults to the ending of ``path``; another ending is an error.
    ``conllu``/``conllx``/``pascal``: the corpus with the cluster
    (``UNCLUSTERED`` for tokens the model left out) in every tag column
    (UPOS, XPOS; CPOSTAG, POSTAG and PASCAL's UPOSTAG) and HEAD, DEPREL (DEPS,
    PHEAD, PDEPREL) ``_``: a tag prediction never carries the gold trees.
    ``tsv``: the ``word<TAB>cluster`` type list.  Returns the
    :class:`~induceval.corpus.writers.WriteReport` (``None`` for ``tsv``).
    """
    from induceval.corpus.model import Column, Vocabulary
    from induceval.corpus.writers import output_format, write_corpus
    from induceval.measures.categories.io import write_type_clusters
    from induceval.models.categories.result import UNCLUSTERED

    fmt = output_format(path, fmt, allowed=TAG_FORMATS)
    if fmt == "tsv":
        write_type_clusters(path, dict(result.type_clusters))
        return None
    if fmt == "pascal":
        fast = _fast_pascal(corpus, result, path)
        if fast is not None:
            return fast
    n = result.n_labels
    vocab = Vocabulary([str(i) for i in range(n)] + [UNCLUSTERED])
    codes = np.where(result.tags >= 0, result.tags, n).astype(np.int32)
    col = Column(codes, vocab)
    slots = _TAG_SLOTS[fmt]
    columns = {slot: col for slot in slots[1:]}
    columns.update(phead=None, pdeprel=None)
    return write_corpus(corpus, path, fmt, tags_column=col, tags_slot=slots[0],
                        heads_column=None, columns=columns)


#: sentences per block of the fast PASCAL writer
_FAST_BLOCK = 1 << 14


def _fast_pascal(corpus, result, path, *, append: bool = False):
    """PASCAL predictions of a plain-text corpus written to a path, streamed; else ``None``.

    The general writer's bytes, built by a numba kernel a block of sentences at
    a time: no Python string per token, no whole file in memory (a 100M-token
    text cannot afford them).  ``append`` adds to the file's end.
    """
    from induceval.corpus.writers import WriteReport
    from induceval.models.categories.result import UNCLUSTERED

    if not isinstance(path, (str, os.PathLike)) or set(corpus.tokens) != {"form"}:
        return None
    if "_lines" in corpus.sentences or corpus.tokens["form"].vocab is None:
        return None
    items = corpus.tokens["form"].vocab.items
    if any(("\t" in w or "\n" in w or "\r" in w) for w in items):
        return None  # the general writer reports the offending value
    from induceval.cli._fast_pascal import fill_pascal

    def table(strings):
        data = [s.encode("utf-8") for s in strings]
        off = np.zeros(len(data) + 1, dtype=np.int64)
        np.cumsum([len(d) for d in data], out=off[1:])
        return np.frombuffer(b"".join(data), dtype=np.uint8), off

    form_bytes, form_off = table(["_"] + list(items))
    n = result.n_labels
    labels = [UNCLUSTERED] + [str(i) for i in range(n)]
    tag_bytes, tag_off = table([f"\t_\t{t}\t{t}\t{t}\t_\t_\t_\n" for t in labels])
    forms = corpus.tokens["form"].values
    tags = np.asarray(result.tags, dtype=np.int32)
    offsets = corpus.offsets.astype(np.int64)
    lengths = np.diff(offsets)
    report = WriteReport("pascal")
    empty = int(np.count_nonzero(lengths == 0))
    if empty:
        report.left_out["empty sentences"] += empty
    report.sentences = int(len(lengths) - empty)
    report.tokens = int(corpus.n_tokens)
    with contextlib.ExitStack() as stack:
        # a new file appears whole; an append adds to a temporary file of the caller's
        target = path if append else stack.enter_context(atomic_path(path))
        fh = stack.enter_context(open(target, "ab" if append else "wb"))
        for s0 in range(0, corpus.n_sentences, _FAST_BLOCK):
            s1 = min(s0 + _FAST_BLOCK, corpus.n_sentences)
            fh.write(fill_pascal(forms, form_bytes, form_off, tags, tag_bytes, tag_off,
                                 offsets, s0, s1))
    return report


def write_predictions_over_files(files, result, path, fmt: str, *, input_format: str,
                                 on_error: str = "fail", column: str = "form"):
    """Write the induced tags of the corpus of ``files`` by reading them again, one at a time.

    Each file is read as among the others (``auto``: the first file's format),
    tagged with its words' clusters (``brown``, ``exchange``:
    :func:`~induceval.models.categories.counts.tag_tokens`) and added to
    ``path``: the bytes of :func:`write_predictions` on the files read as one
    corpus.  Returns the summed ``WriteReport`` (``None`` for ``tsv``).

    Example
    -------
    >>> import io, os, tempfile
    >>> from induceval.corpus.readers import read_corpus
    >>> from induceval.models.categories import induce_tags
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.txt", "the dog runs\\n"), ("b.txt", "a cat runs\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> files = [os.path.join(d, n) for n in ("a.txt", "b.txt")]
    >>> r = induce_tags(read_corpus(files), "exchange", 2)
    >>> out = io.StringIO()
    >>> write_predictions_over_files(files, r, out, "pascal", input_format="plain").sentences
    2
    >>> whole = io.StringIO(); _ = write_predictions(read_corpus(files), r, whole, "pascal")
    >>> out.getvalue() == whole.getvalue()
    True
    """
    with contextlib.ExitStack() as stack:
        if isinstance(path, (str, os.PathLike)):   # the parts go to a temporary file
            path = stack.enter_context(atomic_path(path))
        return _write_parts(files, result, path, fmt, input_format=input_format,
                            on_error=on_error, column=column, documents=_documents(files))[0]


def _documents(files) -> dict[str, str]:
    """The document names the files get when read together (``read_corpus``: files named
    alike in several folders are named by their path), for files read one at a time."""
    from pathlib import Path

    from induceval.corpus.readers._documents import relative_names

    return {str(f): name for f, name in relative_names([Path(f) for f in files]).items()}


def _write_parts(files, result, path, fmt: str, *, input_format: str, on_error: str = "fail",
                 column: str = "form", documents=None):
    """:func:`write_predictions_over_files`, with the ``(head, last, any)`` of
    :func:`_newdoc_ends` over all it wrote: ``(report, head, last, any)``."""
    from induceval.corpus.readers import detect_format
    from induceval.corpus.readers._documents import renamed
    from induceval.corpus.writers import WriteReport
    from induceval.measures.categories.io import write_type_clusters
    from induceval.models.categories.counts import tag_tokens

    if fmt == "tsv":
        write_type_clusters(path, dict(result.type_clusters))
        return None, None, None, False
    files = [str(f) for f in files]
    if input_format == "auto" and files:
        input_format = detect_format(files[0])
    is_path = isinstance(path, (str, os.PathLike))
    if is_path:
        open(path, "wb").close()
    total = WriteReport(fmt)
    document = None   # the document of the last sentence written (for "# newdoc id")
    first_head, seen = None, False
    for f, part in _file_parts(files, input_format, on_error):
        if documents and f in documents:
            part = renamed(part, {os.path.splitext(os.path.basename(f))[0]: documents[f]})
        tagged = replace(result, tags=tag_tokens(result, part, column))
        report = _fast_pascal(part, tagged, path, append=True) if (
            is_path and fmt == "pascal") else None
        if report is None:
            text = io.StringIO()
            report = write_predictions(part, tagged, text, fmt)
            text = text.getvalue()
            if fmt != "pascal":   # comments: "# newdoc id" as the files read together have it
                head, last, any_ = _newdoc_ends(part)
                if any_ and not seen:
                    first_head, seen = head, True
                text = _without_repeated_newdoc(text, head, document)
                if any_:
                    document = last
            if is_path:
                with open(path, "a", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            else:
                path.write(text)
        del part, tagged
        _add_report(total, report)
    return total, first_head, document, seen


def _file_parts(files, input_format: str, on_error: str):
    """``(file, part)`` for each part of each file (plain text: whole sentences at a time,
    :func:`~induceval.corpus.readers.read_parts`), the part let go before the next is read."""
    from induceval.corpus.readers import read_parts

    for f in files:
        for part in read_parts(f, format=input_format, on_error=on_error):
            yield f, part
            del part   # (else alive while the next part is read: two parts at a time)


def _add_report(total, report) -> None:
    total.sentences += report.sentences
    total.tokens += report.tokens
    total.left_out.update(report.left_out)


def _without_repeated_newdoc(text, head, document):
    """``text`` (str or bytes) without its first line when it is ``# newdoc id = document``."""
    if head is None or document is None or head != document:
        return text
    line = f"# newdoc id = {document}\n"
    if isinstance(text, bytes):
        line = line.encode("utf-8")
    return text[len(line):] if text.startswith(line) else text


def _newdoc_ends(part):
    """The documents at both ends of ``part`` for the ``# newdoc id`` lines: ``(head, last, any)``.

    The writers generate ``# newdoc id = D`` before a sentence without kept
    comment lines whose document ``D`` differs from the previous sentence's
    (an empty sentence counts unless it has kept lines).  A file written
    alone starts from no document; read among others, from the document the
    file before ends on: when both are ``D``, its first line is not written.
    ``head``: the document of the first sentence that counts when it gets a
    generated line (else ``None``); ``last``: that of the last; ``any``:
    whether a sentence counts.
    """
    from induceval.corpus.writers import LINES_COLUMN

    n = part.n_sentences
    if n == 0:
        return None, None, False
    lengths = part.lengths
    kept = part.sentences.get(LINES_COLUMN)
    has_kept = (kept.values >= 0) if kept is not None else np.zeros(n, dtype=bool)
    counted = np.flatnonzero(~((lengths == 0) & has_kept))
    if len(counted) == 0:
        return None, None, False
    col = part.sentences.get("document")

    def doc(i: int):
        if col is None or col.values[i] < 0:
            return None
        v = int(col.values[i])
        return str(v) if col.vocab is None else col.vocab.items[v]

    i0 = int(counted[0])
    head = doc(i0) if lengths[i0] > 0 and not has_kept[i0] else None
    return head, doc(int(counted[-1])), True


def _group_predictions(files, clusters, *, n_clusters, fmt, input_format, on_error, column,
                       documents=None):
    """On a worker: the predictions of consecutive files, as compressed bytes, with their
    document ends."""
    from induceval.models.categories.result import TagInduction

    result = TagInduction(np.zeros(0, np.int32), clusters, set(), n_clusters)
    fd, tmp = tempfile.mkstemp(prefix="induceval-tags-", suffix=f".{fmt}")
    os.close(fd)
    try:
        report, head, last, any_ = _write_parts(files, result, tmp, fmt,
                                                input_format=input_format, on_error=on_error,
                                                column=column, documents=documents)
        data = zlib.compress(Path(tmp).read_bytes(), 1)   # tagged text compresses well
    finally:
        os.unlink(tmp)
    return data, report, head, last, any_


def write_predictions_on_dask(client, groups, result, path, fmt: str, *, input_format: str,
                              on_error: str = "fail", column: str = "form", window: int = 0):
    """:func:`write_predictions_over_files` with each group of files tagged on a worker.

    The workers of ``client`` (a ``distributed.Client``, or any executor of
    :func:`induceval.parallel.imap`) tag the ``groups`` (lists of paths) and
    send the bytes back; this process writes them in order, holding at most
    ``window`` compressed groups (default: twice the workers) and dropping a
    ``# newdoc id`` line a group repeats from the one before.
    """
    from induceval.corpus.writers import WriteReport
    from induceval.parallel import imap

    if fmt == "tsv":
        return write_predictions_over_files([], result, path, fmt, input_format=input_format)
    fn = partial(_group_predictions, n_clusters=result.n_labels, fmt=fmt,
                 input_format=input_format, on_error=on_error, column=column,
                 documents=_documents([f for group in groups for f in group]))
    parts = imap(fn, groups, executor=client, window=window or None, name="tag-files",
                 shared={"clusters": dict(result.type_clusters)})
    total = WriteReport(fmt)
    document = None
    with contextlib.closing(parts), contextlib.ExitStack() as stack:
        out = (stack.enter_context(open(stack.enter_context(atomic_path(path)), "wb"))
               if isinstance(path, (str, os.PathLike)) else None)
        for data, report, head, last, any_ in parts:
            data = _without_repeated_newdoc(zlib.decompress(data), head, document)
            if any_:
                document = last
            if out is not None:
                out.write(data)
            else:
                path.write(data.decode("utf-8"))
            _add_report(total, report)
    return total


def _on_dask(args: argparse.Namespace):
    """The executor when the counting runs on Dask (else ``None``), refusing what cannot."""
    from induceval.cli.common import executor_from_args
    from induceval.models.categories.counts import COUNT_MODELS

    spec = executor_from_args(args)
    if spec is None or spec.resolved_engine() != "dask":
        return None
    why = ("with --jobs/--scheduler/--cluster on Dask, the files are counted one by one on "
           "the workers")
    if args.model not in COUNT_MODELS:
        raise ParameterError(f"--model {args.model} cannot be combined with --jobs (or "
                             f"--scheduler/--cluster): {why}, and only "
                             f"{' and '.join(COUNT_MODELS)} run from those counts; drop the "
                             "option (or use --engine local) to run in one process")
    if args.demo:
        raise ParameterError(f"--demo cannot be combined with --jobs (or --scheduler/--cluster):"
                             f" {why}; the demo corpus is no file")
    return spec


def _counts_files(args: argparse.Namespace) -> bool:
    """Whether one process runs the model from the files' counts, read a part at a time
    (:func:`_induce_over_files` with no client): Brown and exchange on files in any format
    but CHAT, whose reading for the words alone counts faults in the other tiers that the
    tagged output, holding them, refuses."""
    from induceval.corpus.readers import _expand, detect_format
    from induceval.models.categories.counts import COUNT_MODELS

    if args.model not in COUNT_MODELS or args.demo or not args.paths:
        return False
    if args.input_format != "auto":
        return args.input_format != "chat"
    files = _expand(list(args.paths), args.input_format)[0]
    return bool(files) and detect_format(files[0]) != "chat"


def _induce_over_files(args: argparse.Namespace, client, params: dict):
    """Count the files (on Dask with a ``client``, else here a part at a time), cluster from
    the summed table: ``(result, table, groups, fmt)`` (``groups``: the consecutive files a
    task reads together)."""
    from induceval.corpus.counting import count_bigrams
    from induceval.corpus.readers import _expand, detect_format, read_name
    from induceval.models.categories import induce_tags
    from induceval.models.categories.counts import COUNT_MODELS

    if not args.paths:
        raise ParameterError("give at least one PATH (or --demo)")
    files, binary = _expand(list(args.paths), args.input_format)
    if not files:
        shown = args.paths[0] if len(args.paths) == 1 else args.paths   # as read_corpus's
        raise InducevalError(f"no corpus files found in {shown!r}"
                             + (f" ({len(binary)} binary files skipped)" if binary else ""))
    fmt = detect_format(files[0]) if args.input_format == "auto" else args.input_format
    files = [str(f) for f in files]
    # consecutive small files read together (a group's table is the sum of its files')
    from induceval.parallel import file_groups, path_size

    shards = [files[i:j] for i, j in file_groups([path_size(f) for f in files])]
    table = count_bigrams(shards, args.column, boundary=COUNT_MODELS[args.model],
                          input_format=fmt, on_error=args.on_error, executor=client)
    # named as the corpus read whole is, for the messages
    name = read_name(args.paths if len(args.paths) > 1 else args.paths[0], list(map(Path, files)))
    table = replace(table, name=name or "the corpus")
    if table.n_tokens + table.n_missing == 0:
        raise ParameterError("the input corpus has no tokens")
    result = induce_tags(table, args.model, args.k, seed=args.seed,
                         min_count_unk=args.min_count, **params)
    return result, table, shards, fmt


def run(args: argparse.Namespace) -> int:
    """Run the command on the parsed arguments; return the exit code."""
    from induceval.cli.common import check_output_path, progress_enabled
    from induceval.cli.info import load_corpus
    from induceval.corpus.writers import output_format
    from induceval.models.categories import induce_tags
    from induceval.progress import progress_bars

    if args.k is None and not (args.model == "random" and args.gold):
        raise ParameterError("--k is required (except for --model random with --gold)")
    check_output_path(args.output)
    fmt = output_format(args.output, "pascal" if args.output in (None, "-") else None,
                        allowed=TAG_FORMATS, option="the -o ending")
    for opt in ("clusters", "log"):
        if getattr(args, opt):
            check_output_path(getattr(args, opt), option=f"--{opt}")
    spec = _on_dask(args)
    counted = spec is not None or _counts_files(args)
    if not counted:
        corpus = load_corpus(args, needs=tuple(dict.fromkeys(("form", args.column))))
        if corpus.n_tokens == 0:
            raise ParameterError("the input corpus has no tokens")
    params = _model_options(args)
    if not counted:
        with progress_bars(progress_enabled(args)):   # BHMM sweeps (on a terminal)
            result = induce_tags(corpus, args.model, args.k, seed=args.seed,
                                 min_count_unk=args.min_count, **params)
        n_sentences, n_tokens = corpus.n_sentences, corpus.n_tokens
        written = _write_output(corpus, result, args.output, fmt)
    else:
        from induceval.parallel import dask_client

        # one cluster for the counts and the tags; in one process (no spec), the one-shard
        # case: count while reading, tag by reading again, never the corpus in memory
        with progress_bars(progress_enabled(args)), dask_client(spec) as client:
            result, table, shards, in_fmt = _induce_over_files(args, client, params)
            n_sentences, n_tokens = table.n_sentences, table.n_tokens + table.n_missing
            del table
            written = _write_output(shards, result, args.output, fmt, client=client,
                                    input_format=in_fmt, on_error=args.on_error, column=args.column)
    if args.clusters:
        _write_clusters(args.clusters, result)
    if args.log:
        _write_log(args.log, result)
    if not args.quiet:
        print(f"{args.model}: {n_sentences} sentences, {n_tokens} tokens; "
              f"{result.n_clusters} clusters, {len(result.unclustered)} types unclustered; "
              f"wrote {args.output}\n  signature: {result.signature}", file=sys.stderr)
        empty = result.log.get("empty_states")
        if empty:
            print(f"  {len(empty)} of {args.k} states ended empty (ids "
                  f"{', '.join(map(str, empty[:20]))}{', ...' if len(empty) > 20 else ''}); "
                  "the other clusters keep their ids", file=sys.stderr)
        if written is not None:
            print("\n".join("  " + line for line in written.summary()), file=sys.stderr)
        if not counted and args.on_error == "fail":
            from induceval.cli.common import unused_tier_faults

            for note in unused_tier_faults(corpus):
                print("  " + note, file=sys.stderr)
    return 0


def _model_options(args: argparse.Namespace) -> dict:
    """The model parameters given on the command line, refusing those the model does not take."""
    from induceval.models.categories import model_params

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
    allowed = model_params(args.model)
    bad = [opt for opt, (name, _, _) in _PARAMS.items() if name in params and name not in allowed]
    if bad:
        options = [opt for opt, (name, _, _) in _PARAMS.items() if name in allowed]
        raise ParameterError(f"--model {args.model} does not take {', '.join(bad)}; its options: "
                             f"{', '.join(options + ['--column'])}")
    return params


def _write_log(path, result) -> None:
    """The signature, cluster counts and training log as JSON."""
    from induceval.report.tables import json_clean

    log = {k: v for k, v in result.log.items() if k != "counts"}
    write_atomic(path, json.dumps(json_clean(
        {"signature": result.signature, "n_clusters": result.n_clusters,
         "unclustered_types": len(result.unclustered), **log}), indent=2) + "\n")


def _write_clusters(path, result) -> None:
    """The ``word<TAB>cluster[<TAB>path]`` list, streamed through a temporary file (Brown's
    paths of a large vocabulary run to 10^8 characters)."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        paths = result.paths
        for form, c in result.type_clusters.items():
            label = "UNCLUSTERED" if c is None else str(c)
            tail = f"\t{paths[form]}" if paths and form in paths else ""
            fh.write(f"{form}\t{label}{tail}\n")


def _write_output(corpus, result, output, fmt, client=None, **over_files):
    """Write the predictions of a corpus, or with ``client`` of groups of files on Dask."""
    def write(target):
        if client is not None:
            return write_predictions_on_dask(client, corpus, result, target, fmt, **over_files)
        if over_files:   # groups of files, tagged here
            return write_predictions_over_files([f for group in corpus for f in group], result,
                                                target, fmt, **over_files)
        return write_predictions(corpus, result, target, fmt)

    if output in (None, "-"):
        return write(sys.stdout)
    with atomic_path(output) as tmp:
        return write(tmp)


def register(subparsers) -> None:
    """Add this command's parser (options and ``func``) to ``subparsers``."""
    from induceval.cli.common import add_output_option, add_progress_option
    from induceval.cli.info import add_input_options
    from induceval.models.category_names import MODEL_DESCRIPTIONS

    models = ", ".join(f"{k} ({v})" for k, v in MODEL_DESCRIPTIONS.items())
    p = subparsers.add_parser(
        "tags", help="induce word categories and write the predictions (format from -o)",
        description=f"Induce word categories on CORPUS. Models: {models}. With --jobs N > 1 "
                    "(Dask), --scheduler or --cluster, brown and exchange count the files one "
                    "per task on the workers and cluster here from the summed counts; the "
                    "workers then tag the files and this process writes them in order: the same "
                    "bytes as one process, without the corpus in memory (other models and "
                    "--demo refuse these options). In one process too, brown and exchange "
                    "count while reading and tag by reading the files again (plain text a part "
                    "at a time): memory grows with the word types, not the tokens.")
    add_input_options(p)
    p.set_defaults(seed=DEFAULT_SEED)
    p.add_argument("--model", required=True, choices=sorted(MODEL_DESCRIPTIONS),
                   help="the induction model")
    p.add_argument("--k", type=int, default=None,
                   help="number of clusters (required except for random with --gold)")
    add_output_option(p, help="output file, its ending sets the format: .conllu, .conll/.conllx, "
                              ".pascal (the corpus with the clusters as tags, no heads), .tsv "
                              "(word<TAB>cluster); default: stdout, PASCAL")
    p.add_argument("--column", "--tags-column", dest="column", default="form",
                   help="token column holding the words to cluster (default: form)")
    add_progress_option(p)
    p.add_argument("--min-count", type=int, default=1, metavar="N",
                   help="map words seen fewer than N times to one symbol, <unk>, before "
                        "clustering (as ClusterCat; every model; default 1: off; recorded in "
                        "the signature as min_count_unk:N)")
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
    from induceval.cli.common import add_executor_options

    add_executor_options(p)
    p.set_defaults(func=run)
