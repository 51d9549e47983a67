"""Evaluation statistics of many files, counted per file and summed (locally or on Dask).

Every measure of induceval is a pure function of additive statistics: the
gold-by-induced contingency table for categories, per-sentence edge counts
for dependencies.  Over a campaign of many files (a treebank split in
shards, the output of a system per file), each (gold, prediction) pair is
read and counted on its own — in this process, or on Dask workers with
``executor=`` (see :mod:`induceval.parallel`) — and the statistics are summed
in file order, so the numbers are those of one process, bit for bit.

Example
-------
>>> import os, tempfile
>>> d = tempfile.mkdtemp()
>>> for name, text in (("a.conllu", "1\\tdogs\\t_\\tNOUN\\t_\\t_\\t2\\tnsubj\\t_\\t_\\n"
...                                  "2\\tbark\\t_\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"),
...                    ("b.conllu", "1\\tcats\\t_\\tNOUN\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n")):
...     _ = open(os.path.join(d, name), "w").write(text)
>>> pairs = [(os.path.join(d, f), os.path.join(d, f)) for f in ("a.conllu", "b.conllu")]
>>> table = tag_table_over_files(pairs, punct="keep")
>>> table.n, table.gold_labels
(3, ('NOUN', 'VERB'))
>>> dependency_stats_over_files(pairs, punct="keep").scores()["directed"]
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np

from induceval.measures.categories.contingency import ContingencyTable
from induceval.measures.dependencies.stats import SentenceStats

__all__ = ["tag_table_over_files", "dependency_stats_over_files"]


def _costs(pairs) -> list[int]:
    from induceval.parallel import path_size

    return [path_size(g) + (path_size(p) if p != g else 0) for g, p in pairs]


def _read(path, input_format: str):
    from induceval.corpus.readers import read_corpus

    return read_corpus(path, format=input_format)


def _tag_table(pair, *, gold_column, pred_column, punct, input_format) -> ContingencyTable:
    from induceval.measures.categories.evaluate import evaluate_tags

    gold_path, pred_path = pair
    gold = _read(gold_path, input_format)
    pred = gold if pred_path == gold_path else _read(pred_path, input_format)
    # one shard can match the gold by chance: identity is not an error per shard
    ev = evaluate_tags(gold, pred, gold_column=gold_column, pred_column=pred_column,
                       punct=punct, unclustered="merge", allow_identical=True)
    return ev.table


def _add_tables(a: ContingencyTable, b: ContingencyTable) -> ContingencyTable:
    return a + b


def tag_table_over_files(pairs: Sequence[tuple[str, str]], *, gold_column: str = "upos",
                         pred_column: str | None = None, punct: str = "auto",
                         input_format: str = "auto", executor=None,
                         jobs: int = 1) -> ContingencyTable:
    """The token contingency table of many (gold file, prediction file) pairs, summed.

    Parameters
    ----------
    pairs
        (gold path, prediction path) per shard; the same path twice scores a
        file's ``pred_column`` against its ``gold_column``.
    gold_column, pred_column, punct
        As in :func:`~induceval.measures.categories.evaluate.evaluate_tags`
        (unclustered tokens: the ``merge`` condition, whose column does not
        depend on the shard).
    executor, jobs
        Where the pairs are counted (:func:`induceval.parallel.map_reduce`).

    Returns
    -------
    ContingencyTable
        Rows and columns labelled, aligned by label, in order of first
        appearance over the files: score it with
        :func:`~induceval.measures.categories.evaluate.token_scores`.
    """
    from induceval.parallel import map_reduce

    pairs = [tuple(map(str, p)) for p in pairs]
    fn = partial(_tag_table, gold_column=gold_column, pred_column=pred_column, punct=punct,
                 input_format=input_format)
    return map_reduce(fn, pairs, _add_tables, executor=executor, jobs=jobs, name="tag-table",
                      costs=_costs(pairs))


def _dep_stats(pair, *, options, input_format) -> tuple[int, SentenceStats]:
    from induceval.measures.dependencies.evaluate import evaluate_dependencies

    gold_path, pred_path = pair
    gold = _read(gold_path, input_format)
    pred = gold if pred_path == gold_path else _read(pred_path, input_format)
    res = evaluate_dependencies(gold, pred, breakdowns=(), diagnostics=False, **options)
    return gold.n_sentences, res.reference().stats


def _add_stats(a: tuple[int, SentenceStats], b: tuple[int, SentenceStats]):
    na, sa = a
    nb, sb = b
    return na + nb, SentenceStats(np.concatenate([sa.rows, sb.rows]),
                                  np.concatenate([sa.sentence_index,
                                                  np.asarray(sb.sentence_index) + na]))


def dependency_stats_over_files(pairs: Sequence[tuple[str, str]], *, input_format: str = "auto",
                                executor=None, jobs: int = 1, **options) -> SentenceStats:
    """Per-sentence edge counts of many (gold file, prediction file) pairs, concatenated.

    ``options`` are those of
    :func:`~induceval.measures.dependencies.evaluate.evaluate_dependencies`
    (``punct``, ``max_length``, ``pred_column``...; the first reference is
    scored).  Sentence indices run over the files in order, as if the files
    were one corpus; ``.scores()`` gives directed/undirected/NED/root
    accuracy, and the rows feed the bootstrap and paired tests.
    """
    from induceval.parallel import map_reduce

    pairs = [tuple(map(str, p)) for p in pairs]
    fn = partial(_dep_stats, options=options, input_format=input_format)
    return map_reduce(fn, pairs, _add_stats, executor=executor, jobs=jobs, name="dep-stats",
                      costs=_costs(pairs))[1]
