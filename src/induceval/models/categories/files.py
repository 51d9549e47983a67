"""Category induction over corpus files, never holding the corpus: count, cluster, tag.

Brown and exchange clustering need no more than the bigram counts and each
token's word (:data:`~induceval.models.categories.counts.COUNT_MODELS`).
:func:`induce_and_write_files` counts the files while reading them (plain
text a part of whole sentences at a time,
:func:`~induceval.corpus.readers.read_parts`), clusters from the summed
table and tags by reading the files again
(:func:`~induceval.corpus.writers.write_predictions_over_files`), so memory
grows with the word types, not the tokens.  One process is the case of one
shard; on Dask the workers count and tag the files
(:func:`~induceval.corpus.writers.write_predictions_on_dask`).  Either way
the bytes are those of the corpus read whole
(:func:`~induceval.corpus.writers.write_predictions`).

Example
-------
>>> import io, os, tempfile
>>> d = tempfile.mkdtemp()
>>> for name, text in (("a.txt", "the dog runs\\n"), ("b.txt", "a cat runs\\n")):
...     _ = open(os.path.join(d, name), "w").write(text)
>>> counts_files("exchange", [d]), counts_files("bhmm", [d])
(True, False)
>>> out = io.StringIO()
>>> run = induce_and_write_files([d], "exchange", 2, out, "pascal")
>>> run.n_sentences, run.n_tokens, run.written.sentences, run.result.n_clusters
(2, 6, 2, 2)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO

from induceval.corpus.writers import WriteReport
from induceval.errors import ParameterError, input_named
from induceval.models.categories.result import TagInduction
from induceval.random import DEFAULT_SEED

__all__ = ["TagRun", "counts_files", "induce_and_write_files"]


@dataclass
class TagRun:
    """A clustering run over files: the result, the corpus's size and what was written.

    ``n_tokens`` counts the tokens with a word and those without
    (a missing value in the clustered column).
    """

    result: TagInduction
    n_sentences: int
    n_tokens: int
    written: WriteReport | None


def counts_files(model: str, paths: Sequence[str | os.PathLike],
                 input_format: str = "auto") -> bool:
    """Whether ``model`` runs on ``paths`` from the files' counts, read a part at a time.

    Brown and exchange on files in any format but CHAT, whose reading for the
    words alone counts faults in the other tiers that the tagged output,
    holding them, refuses.

    Parameters
    ----------
    model
        A model of :func:`~induceval.models.categories.induce_tags`.
    paths
        Corpus files or folders (none: ``False``).
    input_format
        The files' format, or ``"auto"`` (each file's, by its ending and content:
        :func:`~induceval.corpus.readers.plan_files`).

    Returns
    -------
    bool
        Whether the files are clustered from their counts.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> p = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(n_sentences=20, seed=1), p)
    >>> counts_files("brown", [p]), counts_files("bhmm", [p])
    (True, False)
    """
    from induceval.corpus.readers import plan_files
    from induceval.models.categories.counts import COUNT_MODELS

    if model not in COUNT_MODELS or not paths:
        return False
    if input_format != "auto":
        return input_format != "chat"
    # files of several formats are read as one corpus instead (each by its own format)
    formats = set(plan_files(list(paths), input_format).formats)
    return len(formats) == 1 and "chat" not in formats


def induce_and_write_files(paths: Sequence[str | os.PathLike], model: str, k: int | None,
                           output: str | os.PathLike | IO[str], fmt: str, *,
                           seed: int = DEFAULT_SEED, min_count_unk: int = 1,
                           input_format: str = "auto", on_error: str = "fail",
                           executor=None, **params) -> TagRun:
    """Count the files, cluster from the summed table and write the predictions to ``output``.

    Parameters
    ----------
    paths
        Corpus files or folders, read as one corpus.
    model, k, seed, min_count_unk, params
        As in :func:`~induceval.models.categories.induce_tags` (a model of
        :data:`~induceval.models.categories.counts.COUNT_MODELS`;
        ``params["column"]``: the column clustered, default ``form``).
    output, fmt
        Where the predictions go (a path or open text file) and their format
        (:data:`~induceval.corpus.writers.TAG_FORMATS`).
    input_format, on_error
        How the files are read (:func:`~induceval.corpus.readers.read_parts`).
    executor
        The executor of :func:`induceval.parallel.dask_client`: on Dask the
        workers count the files and tag them; else this process does, a
        part at a time.

    Returns
    -------
    TagRun
        The result, the corpus's sentences and tokens, and the writer's report.

    Example
    -------
    >>> import io, os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> p = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(n_sentences=20, seed=1), p)
    >>> out = io.StringIO()
    >>> run = induce_and_write_files([p], "brown", 3, out, "conllu")
    >>> run.result.n_clusters, run.n_tokens, run.written.tokens
    (3, 83, 83)
    """
    from induceval.corpus.writers import write_predictions_on_dask, write_predictions_over_files
    from induceval.parallel import dask_client

    column = params.get("column", "form")
    # one cluster for the counts and the tags
    with dask_client(executor) as client:
        result, table, groups, in_fmt = _induce_over_files(
            paths, model, k, seed=seed, min_count_unk=min_count_unk,
            input_format=input_format, on_error=on_error, client=client, **params)
        n_sentences, n_tokens = table.n_sentences, table.n_tokens + table.n_missing
        del table
        options = dict(input_format=in_fmt, on_error=on_error, column=column)
        if client is not None:
            written = write_predictions_on_dask(client, groups, result, output, fmt, **options)
        else:
            written = write_predictions_over_files([f for group in groups for f in group],
                                                   result, output, fmt, **options)
    return TagRun(result, n_sentences, n_tokens, written)


def _induce_over_files(paths, model, k, *, seed, min_count_unk, input_format, on_error,
                       client, **params):
    """Count the files (on Dask with a ``client``, else here a part at a time), cluster from
    the summed table: ``(result, table, groups, fmt)`` (``groups``: the consecutive files a
    task reads together)."""
    from induceval.corpus.counting import count_bigrams
    from induceval.corpus.readers import corpus_files, read_name
    from induceval.models.categories import induce_tags
    from induceval.models.categories.counts import COUNT_MODELS
    from induceval.parallel import file_groups, path_size

    paths = list(paths)
    # named as read_corpus names them in its message
    plan = corpus_files(paths[0] if len(paths) == 1 else paths, input_format)
    if len(set(plan.formats)) > 1:
        raise ParameterError(f"the files to count are of {len(set(plan.formats))} formats "
                             f"({', '.join(sorted(set(plan.formats)))}); counted on workers, "
                             "they must share one: give the files of one format")
    fmt, files = plan.formats[0], [str(f) for f in plan.files]
    # consecutive small files read together (a group's table is the sum of its files')
    groups = [files[i:j] for i, j in file_groups([path_size(f) for f in files])]
    table = count_bigrams(groups, params.get("column", "form"), boundary=COUNT_MODELS[model],
                          input_format=fmt, on_error=on_error, executor=client)
    # named as the corpus read whole is, for the messages
    name = read_name(paths if len(paths) > 1 else paths[0], list(map(Path, files)))
    table = replace(table, name=name or "the corpus")
    if table.n_tokens + table.n_missing == 0:
        raise ParameterError(f"{input_named(files, name)}: the input corpus has no tokens")
    result = induce_tags(table, model, k, seed=seed, min_count_unk=min_count_unk, **params)
    return result, table, groups, fmt
