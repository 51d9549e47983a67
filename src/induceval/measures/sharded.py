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

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from induceval.measures.categories.contingency import ContingencyTable
from induceval.measures.dependencies.stats import SentenceStats
from induceval.parallel import path_size
from induceval.random import DEFAULT_SEED

__all__ = ["tag_table_over_files", "dependency_stats_over_files", "pair_files",
           "evaluate_tags_over_files", "evaluate_dependencies_over_files", "ShardedTags",
           "ShardedDependencies", "file_groups"]


def _costs(pairs) -> list[int]:
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


# -- whole evaluations over folders -------------------------------------------------------

def pair_files(gold: str | os.PathLike, pred: str | os.PathLike, *, gold_format: str = "auto",
               pred_format: str = "auto") -> list[tuple[str, str]]:
    """The (gold file, prediction file) pairs of two folders, matched by relative path.

    The gold files are those :func:`~induceval.corpus.readers.expand_paths`
    reads from ``gold`` (sorted); each is matched with the prediction file
    at the same path relative to ``pred``, the file ending aside
    (``a/x.conllu`` with ``a/x.pascal``).

    Raises
    ------
    MismatchError
        When a gold file has no prediction or a prediction no gold file
        (naming them), or two files differ only by their ending.

    Example
    -------
    >>> import os, tempfile
    >>> g, p = tempfile.mkdtemp(), tempfile.mkdtemp()
    >>> for d, name in ((g, "a.conllu"), (g, "b.conllu"), (p, "a.conllu")):
    ...     _ = open(os.path.join(d, name), "w").write("\\n")
    >>> pair_files(g, p)
    Traceback (most recent call last):
    ...
    induceval.errors.MismatchError: ... has no file for 1 of 2 gold files: b.conllu (files ...)
    """
    from induceval.corpus.readers import expand_paths
    from induceval.errors import MismatchError

    def keyed(root, fmt: str) -> dict[str, Path]:
        out: dict[str, Path] = {}
        for f in expand_paths(root, fmt):
            rel = f.relative_to(root)
            key = rel.with_suffix("").as_posix()
            if key in out:
                raise MismatchError(f"{root}: {out[key].relative_to(root)} and {rel} differ "
                                    "only by their ending; cannot pair them with the "
                                    "other folder's files")
            out[key] = f
        return out

    gold, pred = Path(gold), Path(pred)
    g, p = keyed(gold, gold_format), keyed(pred, pred_format)
    if not g:
        raise MismatchError(f"no corpus files under the gold folder {gold}")

    def names(keys, files, limit: int = 8) -> str:
        shown = [files[k].relative_to(gold if files is g else pred).as_posix()
                 for k in keys[:limit]]
        return ", ".join(shown) + (f" and {len(keys) - limit} more" if len(keys) > limit
                                   else "")

    missing = [k for k in g if k not in p]
    extra = [k for k in p if k not in g]
    problems = []
    if missing:
        problems.append(f"no file for {len(missing)} of {len(g)} gold files: "
                        f"{names(missing, g)}")
    if extra:
        problems.append(f"{len(extra)} files without a gold file in {gold}: "
                        f"{names(extra, p)}")
    if problems:
        raise MismatchError(f"prediction folder {pred} has " + "; and ".join(problems)
                            + " (files are paired by their path in the folders, the ending "
                            "aside)")
    return [(str(g[k]), str(p[k])) for k in g]


#: bounds of the automatic group size of :func:`file_groups`
GROUP_BYTES = (256 << 10, 32 << 20)


def file_groups(sizes: Sequence[int], group_bytes: int | None = None) -> list[tuple[int, int]]:
    """Consecutive files grouped into tasks: ``(start, stop)`` index ranges.

    A group closes once it holds ``group_bytes`` (default: a 32nd of the
    total, between 256 KiB and 32 MiB: enough tasks to balance the
    workers, few enough that Dask's per-task cost and each read's start-up
    stay small next to the counting); ``0`` makes one group per file.  The
    files of a group are read as one corpus, as all the files are in one
    process: the sums do not depend on the grouping.

    Example
    -------
    >>> file_groups([100, 100, 300, 50], 200)
    [(0, 2), (2, 3), (3, 4)]
    >>> file_groups([100, 100], 0)
    [(0, 1), (1, 2)]
    """
    if group_bytes is None:
        group_bytes = min(max(sum(sizes) // 32, GROUP_BYTES[0]), GROUP_BYTES[1])
    out: list[tuple[int, int]] = []
    start = acc = 0
    for i, size in enumerate(sizes):
        acc += size
        if acc >= group_bytes:
            out.append((start, i + 1))
            start, acc = i + 1, 0
    if start < len(sizes):
        out.append((start, len(sizes)))
    return out


_groups = file_groups


def _shard_documents(corpus) -> tuple | None:
    """The document codes of a file's sentences and its document names."""
    col = corpus.sentences.get("document")
    if col is None or col.vocab is None:
        return None
    return np.asarray(col.values, dtype=np.int64), tuple(col.vocab.items)


def _documents(shards: list):
    """The document column of all the files: codes into the names of all of them."""
    from induceval.corpus.model import Column, Vocabulary

    if any(sh.documents is None for sh in shards):
        return None
    names = _union(sh.documents[1] for sh in shards)
    index = {d: i for i, d in enumerate(names)}
    parts = []
    for sh in shards:
        codes, local = sh.documents
        remap = np.array([index[d] for d in local] + [-1], dtype=np.int64)
        parts.append(remap[codes])    # -1 (no document) stays -1
    return Column(np.concatenate(parts), Vocabulary(names))


def _concat(a: list, b: list) -> list:
    return a + b


def _resolved_format(path: str, fmt: str) -> str:
    from induceval.corpus.readers import detect_format

    # as read_corpus reads a folder: the first file's format for every file
    return detect_format(path) if fmt == "auto" else fmt


def _add_counts(parts) -> dict:
    total: dict = {}
    for part in parts:
        for column, counts in part.items():
            acc = total.setdefault(column, {})
            for label, n in counts.items():
                acc[label] = acc.get(label, 0) + n
    return total


def _union(label_lists) -> list:
    out: list = []
    seen: set = set()
    for labels in label_lists:
        for x in labels:
            if x not in seen:
                seen.add(x)
                out.append(x)
    return out


def _merge_reports(reports):
    from induceval.corpus.model import ReadReport

    out = ReadReport()
    for r in reports:
        out = out.merge(r)
    return out


@dataclass
class _TagSystem:
    table: ContingencyTable
    n_vocab: int
    counts: dict
    identical: bool
    report: object
    signature: str
    pred_column: str
    triples: np.ndarray | None = None


@dataclass
class _TagShard:
    gold_path: str
    gold_column: str | None
    punct: str
    label_counts: dict | None
    n_tokens: int
    n_sentences: int
    columns: tuple
    report: object
    forms: tuple | None = None
    systems: list | None = None
    documents: tuple | None = None


def _tag_shard(item, *, gold_column: str, pred_column: str | None, punct: str,
               unclustered: str, log_base, beta: float, items: bool, allow_identical: bool,
               types: bool, gold_format: str, pred_formats: tuple, on_error: str,
               columns) -> list[_TagShard]:
    from dataclasses import replace

    from induceval.corpus.readers import read_corpus
    from induceval.corpus.transforms.punct import (
        check_punct_policy,
        gold_scheme_from_counts,
        scheme_label_counts,
    )
    from induceval.measures.categories.evaluate import (
        _codes,
        _same_labels,
        evaluate_tags,
        resolve_punct,
    )

    gold_files, pred_groups = item
    gold = read_corpus(list(gold_files), gold_format, on_error=on_error, columns=columns)
    counts = None
    gcol, policy = gold_column, punct
    if "auto" in (gold_column, punct):
        counts = scheme_label_counts(gold)
        scheme = gold_scheme_from_counts(counts)
        gcol = scheme.tag_column if gold_column == "auto" else gold_column
        policy = scheme.punct if punct == "auto" else punct
    check_punct_policy(policy)
    shard = _TagShard(gold_files[0], gcol, policy, counts, gold.n_tokens, gold.n_sentences,
                      tuple(sorted(gold.tokens)), gold.report,
                      tuple(gold.column("form").vocab.items)
                      if unclustered == "split" or types else None,
                      documents=_shard_documents(gold))
    if gcol is None:
        return [shard]
    shard.systems = []
    for files, fmt in zip(pred_groups, pred_formats):
        # the gold files as a prediction are read the same way: once
        pred = gold if (files, fmt) == (gold_files, gold_format) else read_corpus(
            list(files), fmt, on_error=on_error, columns=columns)
        pcol = pred_column
        if pcol is None and gcol not in pred.tokens:
            # e.g. a CoNLL-X prediction (CPOSTAG/POSTAG, no UPOS column)
            pcol = next((c for c in ("upos", "cpos", "xpos") if c in pred.tokens), None)
        ev = evaluate_tags(gold, pred, gold_column=gcol, pred_column=pcol, punct=policy,
                           unclustered=unclustered, log_base=log_base, beta=beta,
                           allow_identical=True, items="sentence" if items else None)
        g, glabels = _codes(gold, gcol, "gold")
        p, plabels = _codes(pred, pcol or gcol, "pred")
        identical = not allow_identical and _same_labels(g, glabels, p, plabels)
        triples = None
        if types:
            # the (word, gold tag, cluster) triples of the scored tokens: type-level
            # entries are sets of (word, tag) and (word, cluster) pairs
            keep = g >= 0
            pmask, _ = resolve_punct(gold, policy)
            if pmask is not None:
                keep &= ~pmask
            f = gold.column("form").values.astype(np.int64)
            triples = np.unique(np.stack([f[keep], g[keep], p[keep]]), axis=1)
        n_vocab = len(pred.column(pcol or gcol).vocab or ())
        shard.systems.append(_TagSystem(replace(ev.table, _cache={}), n_vocab, ev.counts,
                                        identical, pred.report, ev.signature, pcol or gcol,
                                        triples))
    return [shard]


@dataclass
class ShardedTags:
    """What :func:`evaluate_tags_over_files` measured.

    Attributes
    ----------
    evaluations
        One :class:`~induceval.measures.categories.evaluate.TagEvaluation`
        per system, equal to that of the files read as one corpus.
    gold_column, punct
        The gold tag column and the punctuation policy (detected from the
        summed tag counts of all gold files when given as ``"auto"``).
    gold_report, pred_reports
        The readers' reports, merged over the files (skipped sentences by
        reason, with the first place each happened).
    n_tokens, n_sentences
        Gold tokens and sentences over all files.
    documents
        The gold's ``document`` sentence column over all files (codes into
        the documents of all files, in order of appearance), or ``None``.
    """

    evaluations: list
    gold_column: str
    punct: str
    gold_report: object
    pred_reports: list
    n_tokens: int
    n_sentences: int
    documents: object = None


def _tag_evaluation(shards: list[_TagShard], s: int, *, unclustered: str, items: bool,
                    log_base, beta: float, allow_identical: bool, gold_column: str,
                    level: str, restarts: int, seed: int | None, policy: str):
    from scipy import sparse as sp

    from induceval.errors import InducevalError, ParameterError
    from induceval.measures.categories.contingency import SPARSE_CELLS, UNCLUSTERED_LABEL
    from induceval.measures.categories.evaluate import TagEvaluation, token_scores

    systems = [sh.systems[s] for sh in shards]
    for sh, x in zip(shards, systems):
        if x.signature != systems[0].signature:
            raise InducevalError(f"{sh.gold_path} is scored with other options than "
                                 f"{shards[0].gold_path} ({x.signature} vs "
                                 f"{systems[0].signature}): are all the files of one format?")
    if not allow_identical and sum(sh.n_tokens for sh in shards) and all(
            x.identical for x in systems):
        raise ParameterError(
            f"the prediction's column {systems[0].pred_column!r} is identical to the gold "
            f"column {gold_column!r} (a file that still holds the gold tags?); name the "
            "predicted column (--pred-column), or pass allow_identical=True "
            "(--allow-identical) to score it anyway")
    gl = _union(x.table.gold_labels for x in systems)
    pl = _union(x.table.pred_labels[:x.n_vocab] for x in systems)
    extra = _union(x.table.pred_labels[x.n_vocab:] for x in systems)
    if unclustered == "split":
        # one column per unclustered word type, in the order of the forms over all files
        order = {f: i for i, f in enumerate(_union(sh.forms for sh in shards))}
        prefix = UNCLUSTERED_LABEL + ":"
        extra = sorted(extra, key=lambda lab: order[lab[len(prefix):]])
    pl += extra
    gi = {x: i for i, x in enumerate(gl)}
    pi = {x: i for i, x in enumerate(pl)}
    G, K = len(gl), len(pl)
    counts = np.zeros((G, K), dtype=np.int64)
    rows, cols, data, offset = [], [], [], 0
    for sh, x in zip(shards, systems):
        r = np.array([gi[lab] for lab in x.table.gold_labels], dtype=np.int64)
        c = np.array([pi[lab] for lab in x.table.pred_labels], dtype=np.int64)
        counts[np.ix_(r, c)] += x.table.dense()
        if items:
            ic = x.table.item_counts.tocoo()
            k = len(x.table.pred_labels)
            rows.append(ic.row.astype(np.int64) + offset)
            cols.append(r[ic.col // k] * K + c[ic.col % k])
            data.append(ic.data)
            offset += sh.n_sentences
    n_items = offset
    item_counts = None
    if items:
        rows_a = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        cols_a = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
        data_a = np.concatenate(data) if data else np.zeros(0, dtype=np.float64)
        item_counts = sp.csr_matrix((data_a, (rows_a, cols_a)), shape=(n_items, G * K))
        item_counts.sum_duplicates()
    table = ContingencyTable(sp.csr_matrix(counts) if G * K > SPARSE_CELLS else counts,
                             tuple(gl), tuple(pl),
                             sum(x.table.n_masked for x in systems),
                             sum(x.table.n_missing_gold for x in systems),
                             sum(x.table.n_unclustered for x in systems), item_counts)
    n = {"n_tokens": sum(x.counts["n_tokens"] for x in systems),
         "n_punct_excluded": sum(x.counts["n_punct_excluded"] for x in systems)}
    scores: dict = {}
    if level != "type":
        n.update(n_scored=table.n, n_missing_gold=table.n_missing_gold,
                 n_unclustered=table.n_unclustered)
        scores.update(token_scores(table, log_base=log_base, beta=beta))
    if level == "token":
        return TagEvaluation(scores, systems[0].signature, table, None, n)
    from induceval.measures.categories.evaluate import tag_signature
    from induceval.measures.categories.type_level import type_entries, type_level_scores

    # the triples of every file in the codes of the whole corpus: type_entries of the
    # union is that of all the tokens (its entries are sets of pairs)
    forms = _union(sh.forms for sh in shards)
    fi = {w: i for i, w in enumerate(forms)}
    pl_vocab = pl[:len(pl) - len(extra)]
    parts = []
    for sh, x in zip(shards, systems):
        fmap = np.array([fi[w] for w in sh.forms], dtype=np.int64)
        gmap = np.array([gi[lab] for lab in x.table.gold_labels], dtype=np.int64)
        pmap = np.array([pi[lab] for lab in x.table.pred_labels[:x.n_vocab]] + [-1],
                        dtype=np.int64)
        f, g, p = x.triples
        parts.append(np.stack([fmap[f], gmap[g], pmap[p]]))   # p = -1 stays -1
    triples = np.concatenate(parts, axis=1)
    entries = type_entries(triples[0], triples[1], triples[2], unclustered=unclustered,
                           form_labels=forms, gold_labels=gl, pred_labels=pl_vocab)
    scores.update(type_level_scores(entries, restarts=restarts, seed=seed))
    n["n_types"] = entries.n_types
    sig = tag_signature(level=level, gold=gold_column, pred=systems[0].pred_column,
                        punct=policy, unclustered=unclustered, log_base=log_base, beta=beta,
                        restarts=restarts, seed=seed)
    return TagEvaluation(scores, sig, table if level == "both" else None, entries, n)


def _rerun(fn, shards: list, work: list, wrong: list[int], executor, jobs: int, name: str,
           **forced) -> list:
    """Recount the shards at ``wrong`` with the options of all the files together."""
    if not wrong:
        return shards
    redo = map_reduce_list(partial(fn, **forced), [work[i] for i in wrong],
                           executor=executor, jobs=jobs, name=name)
    out = list(shards)
    for i, sh in zip(wrong, redo):
        out[i] = sh
    return out


@dataclass
class _Failed:
    """The error a task raised, sent back as its result (raised in file order)."""

    files: str
    error: Exception


def _strings(x) -> list[str]:
    return [x] if isinstance(x, str) else [s for y in x for s in _strings(y)]


class _Guarded:
    """``fn`` with its :class:`~induceval.errors.InducevalError` returned as a value."""

    def __init__(self, fn) -> None:
        self.fn = fn

    def __call__(self, item) -> list:
        from induceval.errors import InducevalError

        try:
            return self.fn(item)
        except InducevalError as exc:
            files = sorted(set(_strings(item[0])))
            return [_Failed(files[0] if len(files) == 1 else
                            f"{files[0]} ... {files[-1]} ({len(files)} files)", exc)]


def map_reduce_list(fn, items: list, *, executor=None, jobs: int = 1, name: str = "map",
                    costs=None) -> list:
    """``fn(item)`` (a one-element list) for every item, concatenated in item order.

    An :class:`~induceval.errors.InducevalError` of a task is raised once all
    tasks are back, the first in item order: the error one process reading
    the files in order meets first (a reader's error names its file and line;
    others are prefixed by the task's gold files).
    """
    from induceval.errors import CorpusFormatError
    from induceval.parallel import map_reduce

    out = map_reduce(_Guarded(fn), items, _concat, executor=executor, jobs=jobs, name=name,
                     costs=costs)
    for r in out:
        if isinstance(r, _Failed):
            if isinstance(r.error, CorpusFormatError):
                raise r.error
            try:
                err = type(r.error)(f"{r.files}: {r.error}")
            except TypeError:  # pragma: no cover - InducevalError subclasses take a message
                raise r.error from None
            raise err from r.error
    return out


def evaluate_tags_over_files(gold_files: Sequence[str], pred_files: Sequence[Sequence[str]], *,
                             gold_column: str = "auto", pred_column: str | None = None,
                             punct: str = "auto", unclustered: str = "merge",
                             log_base: float | str = 2, beta: float = 1.0,
                             level: str = "token", restarts: int = 10,
                             seed: int | None = DEFAULT_SEED,
                             items: bool = False, allow_identical: bool = False,
                             gold_format: str = "auto", pred_format: str = "auto",
                             on_error: str = "fail", columns: Sequence[str] | None = None,
                             group_bytes: int | None = None, executor=None,
                             jobs: int = 1) -> ShardedTags:
    """Category scores of many files, counted per file and summed.

    Each gold file is read with its prediction files (one per system) on a
    worker (``executor``, :func:`induceval.parallel.map_reduce`); the
    contingency tables are aligned by label and summed in file order.  The
    result (tables, every score, counts, signature) is that of
    :func:`~induceval.measures.categories.evaluate.evaluate_tags` on the
    files read as one corpus (``read_corpus(gold_files)``), bit for bit.

    Parameters
    ----------
    gold_files
        The gold files, in corpus order.
    pred_files
        Per system, its prediction files aligned with ``gold_files``
        (e.g. from :func:`pair_files`).
    gold_column, punct
        ``"auto"``: detected as :func:`~induceval.corpus.transforms.detect_gold_scheme`
        detects it on the whole corpus, from the tag counts of every file.
    pred_column
        The predicted column; ``None``: the gold column's name, else the
        first of ``upos``, ``cpos``, ``xpos`` the prediction has.
    unclustered, log_base, beta, allow_identical, level, restarts, seed
        As in :func:`~induceval.measures.categories.evaluate.evaluate_tags`:
        type-level entries are the sets of (word, tag) and (word, cluster)
        pairs of all the files, in the whole corpus's codes.
    items
        Keep per-sentence tables (``table.item_counts``, sentences numbered
        over the files in order) for bootstrap intervals and paired tests
        (token level only).
    gold_format, pred_format, on_error, columns
        Passed to :func:`~induceval.corpus.readers.read_corpus` for every file.
    group_bytes
        Consecutive files are read and counted together up to about this
        many gold bytes per task (see :func:`file_groups`).
    executor, jobs
        Where the files are read and counted.

    Returns
    -------
    ShardedTags

    Example
    -------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.conllu", "1\\tdogs\\t_\\tNOUN\\tNNS\\t_\\t2\\tnsubj\\t_\\t_\\n"
    ...                                  "2\\tbark\\t_\\tVERB\\tVBP\\t_\\t0\\troot\\t_\\t_\\n\\n"),
    ...                    ("b.conllu", "1\\tcats\\t_\\tNOUN\\tNNS\\t_\\t0\\troot\\t_\\t_\\n\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> files = [os.path.join(d, f) for f in ("a.conllu", "b.conllu")]
    >>> r = evaluate_tags_over_files(files, [files], pred_column="xpos")
    >>> r.gold_column, r.punct, r.evaluations[0].scores["m1"], r.n_tokens
    ('upos', 'upos', 1.0, 3)
    """
    from induceval.errors import MismatchError, ParameterError, check_choice

    gold_files = [str(f) for f in gold_files]
    pred_files = [[str(f) for f in files] for files in pred_files]
    if not gold_files:
        raise ParameterError("no gold files")
    for files in pred_files:
        if len(files) != len(gold_files):
            raise MismatchError(f"{len(files)} prediction files for {len(gold_files)} gold "
                                "files")
    gfmt = _resolved_format(gold_files[0], gold_format)
    pfmts = tuple(_resolved_format(files[0], pred_format) for files in pred_files)
    work = [(tuple(gold_files[a:b]), tuple(tuple(files[a:b]) for files in pred_files))
            for a, b in _groups([path_size(g) for g in gold_files], group_bytes)]
    check_choice("level", level, ("token", "type", "both"))
    if items and level != "token":
        raise ParameterError("per-sentence statistics (items) of the type-level measures are "
                             "not summed over files; score the files as one corpus")
    opts = dict(pred_column=pred_column, unclustered=unclustered, log_base=log_base,
                beta=beta, items=items, types=level != "token",
                allow_identical=allow_identical, gold_format=gfmt, pred_formats=pfmts,
                on_error=on_error, columns=tuple(columns) if columns is not None else None)
    costs = [sum(path_size(p) for p in (*g, *(f for fs in ps for f in fs))) for g, ps in work]
    shards = map_reduce_list(partial(_tag_shard, gold_column=gold_column, punct=punct, **opts),
                             work, executor=executor, jobs=jobs, name="tag-tables",
                             costs=costs)
    gcol, policy = gold_column, punct
    if "auto" in (gold_column, punct):
        from induceval.corpus.transforms.punct import gold_scheme_from_counts

        scheme = gold_scheme_from_counts(_add_counts(sh.label_counts for sh in shards))
        gcol = scheme.tag_column if gold_column == "auto" else gold_column
        policy = scheme.punct if punct == "auto" else punct
    n_tokens = sum(sh.n_tokens for sh in shards)
    if n_tokens == 0:
        raise ParameterError("the gold files have no tokens")
    if gcol is None:
        raise ParameterError(f"the gold files have no gold tag column (upos, xpos or cpos); "
                             f"they have: {', '.join(shards[0].columns)}")
    if gcol == "form" and not allow_identical:
        raise ParameterError("the gold column is the word form ('form'): every clustering of "
                             "words would score perfectly; pass allow_identical=True "
                             "(--allow-identical) to score it anyway")
    # a file whose own tags detect another scheme than all the files together: recount it
    wrong = [i for i, sh in enumerate(shards) if (sh.gold_column, sh.punct) != (gcol, policy)
             or sh.systems is None]
    shards = _rerun(_tag_shard, shards, work, wrong, executor, jobs, "tag-tables-again",
                    gold_column=gcol, punct=policy, **opts)
    evaluations = [_tag_evaluation(shards, s, unclustered=unclustered, items=items,
                                   log_base=log_base, beta=beta,
                                   allow_identical=allow_identical, gold_column=gcol,
                                   level=level, restarts=restarts, seed=seed, policy=policy)
                   for s in range(len(pred_files))]
    return ShardedTags(evaluations, gcol, policy, _merge_reports(sh.report for sh in shards),
                       [_merge_reports(sh.systems[s].report for sh in shards)
                        for s in range(len(pred_files))],
                       n_tokens, sum(sh.n_sentences for sh in shards), _documents(shards))


@dataclass
class _DepSystem:
    stats: dict
    structure: dict
    preprocessing: dict
    signature: str
    report: object
    breakdowns: dict


def _label_vocabs(golds, references) -> dict:
    """Per reference: the vocabularies its breakdowns order their groups by, and the
    relation scheme its labels detect (as ``_breakdowns`` of the dependency evaluation)."""
    from induceval.measures.dependencies.evaluate import _pos_column, _resolve_references
    from induceval.measures.dependencies.relations import detect_scheme

    out = {}
    for gi, g in enumerate(golds):
        prefix = "" if len(golds) == 1 else f"{g.name or f'gold{gi + 1}'}:"
        pos = _pos_column(g, "auto")
        pos_items = tuple(g.tokens[pos].vocab.items) if pos is not None else None
        for r in _resolve_references(g, references):
            rel = g.tokens.get("deprel" + r[len("head"):])
            items = tuple(rel.vocab.items) if rel is not None and rel.vocab is not None \
                else None
            out[prefix + r] = (items, pos_items,
                               detect_scheme(items) if items is not None else None)
    return out


@dataclass
class _DepShard:
    gold_path: str
    punct: str
    label_counts: dict | None
    n_tokens: int
    n_sentences: int
    reports: list
    systems: list
    vocabs: dict
    documents: tuple | None = None


def _dep_shard(item, *, punct: str, gold_names: tuple | None, gold_format: str,
               pred_formats: tuple, on_error: str, gold_columns, pred_columns,
               breakdowns: tuple, relation_scheme: str, options: dict) -> list[_DepShard]:
    from dataclasses import replace

    from induceval.corpus.readers import read_corpus
    from induceval.corpus.transforms.punct import (
        check_punct_policy,
        gold_scheme_from_counts,
        scheme_label_counts,
    )
    from induceval.measures.dependencies.evaluate import evaluate_dependencies

    gold_groups, pred_groups = item
    # the gold files as a prediction (a system scored against itself, a parser's
    # output folder given twice) are read once, with the columns of both
    as_gold = [len(gold_groups) == 1 and (tuple(f), fmt) == (tuple(gold_groups[0]), gold_format)
               for f, fmt in zip(pred_groups, pred_formats)]
    columns = gold_columns
    if any(as_gold) and gold_columns is not None:
        columns = None if pred_columns is None else tuple(dict.fromkeys(
            [*gold_columns, *pred_columns]))
    golds = [read_corpus(list(g), gold_format, on_error=on_error, columns=columns)
             for g in gold_groups]
    if gold_names is not None:
        golds = [replace(g, name=n) for g, n in zip(golds, gold_names)]
    counts = None
    policy = punct
    if punct == "auto":
        counts = scheme_label_counts(golds[0])
        policy = gold_scheme_from_counts(counts).punct
    check_punct_policy(policy)
    vocabs = _label_vocabs(golds, options.get("references", ("head",))) if breakdowns else {}
    systems = []
    for files, fmt, same in zip(pred_groups, pred_formats, as_gold):
        pred = golds[0] if same else read_corpus(list(files), fmt, on_error=on_error,
                                                 columns=pred_columns)
        res = evaluate_dependencies(golds if len(golds) > 1 else golds[0], pred, punct=policy,
                                    breakdowns=breakdowns, relation_scheme=relation_scheme,
                                    **options)
        systems.append(_DepSystem({k: r.stats for k, r in res.references.items()},
                                  res.structure, res.preprocessing, res.signature,
                                  pred.report,
                                  {k: r.breakdowns for k, r in res.references.items()}))
    return [_DepShard(gold_groups[0][0], policy, counts, golds[0].n_tokens, golds[0].n_sentences,
                      [g.report for g in golds], systems, vocabs, _shard_documents(golds[0]))]


@dataclass
class ShardedDependencies:
    """What :func:`evaluate_dependencies_over_files` measured.

    Attributes
    ----------
    results
        One :class:`~induceval.measures.dependencies.evaluate.DependencyResult`
        per system, equal to that of the files read as one corpus.
    punct
        The punctuation policy (detected from the summed tag counts of all
        gold files when given as ``"auto"``).
    gold_reports, pred_reports
        The readers' reports, merged over the files: one per gold reference
        folder, one per system.
    n_tokens, n_sentences
        Tokens and sentences of the (first) gold over all files.
    documents
        The first gold's ``document`` sentence column over all files, or ``None``.
    """

    results: list
    punct: str
    gold_reports: list
    pred_reports: list
    n_tokens: int
    n_sentences: int
    documents: object = None


def _sum_dicts(parts) -> dict:
    parts = list(parts)
    out = dict(parts[0])
    for d in parts[1:]:
        if list(d) != list(out):
            from induceval.errors import InducevalError

            raise InducevalError(f"the files give different statistics ({', '.join(d)} vs "
                                 f"{', '.join(out)}): are they all of one format?")
        for k, v in d.items():
            out[k] += v
    return out


def _dep_result(shards: list[_DepShard], s: int, schemes: dict):
    from induceval.errors import InducevalError
    from induceval.measures.dependencies.evaluate import ReferenceResult, dependency_result

    systems = [sh.systems[s] for sh in shards]
    first = systems[0]
    for sh, x in zip(shards, systems):
        if x.signature != first.signature or list(x.stats) != list(first.stats):
            raise InducevalError(f"{sh.gold_path} is scored with other options or references "
                                 f"than {shards[0].gold_path} ({x.signature} vs "
                                 f"{first.signature}): are all the files of one format?")
    offsets = np.cumsum([0] + [sh.n_sentences for sh in shards[:-1]])
    refs = {}
    for name in first.stats:
        rows = np.concatenate([x.stats[name].rows for x in systems])
        index = np.concatenate([np.asarray(x.stats[name].sentence_index, dtype=np.int64) + o
                                for x, o in zip(systems, offsets.tolist())])
        refs[name] = ReferenceResult(name, SentenceStats(rows, index),
                                     _merge_breakdowns(shards, systems, name, schemes))
    return dependency_result(refs, _sum_dicts(x.structure for x in systems),
                             _sum_dicts(x.preprocessing for x in systems), first.signature)


def _global_vocabs(shards: list[_DepShard]) -> dict:
    """Per reference: the relation and POS vocabularies of all the files, in order."""
    names = list(shards[0].vocabs)
    return {r: (_union(sh.vocabs[r][0] or () for sh in shards),
                _union(sh.vocabs[r][1] or () for sh in shards)) for r in names}


def _group_order(by: str, rel_items: list, pos_items: list, scheme):
    """The key ordering a breakdown's groups as the evaluation of the whole corpus does."""
    from induceval.measures.dependencies import evaluate as ev
    from induceval.measures.dependencies.relations import TABLE6_GROUPS, group_mapper

    if by.endswith("-exact"):
        return lambda lab: 0 if lab == "root" else int(lab)
    if by == "relation":
        mapper = group_mapper(rel_items, scheme)
        order = list(TABLE6_GROUPS[:-1])
        for lab in rel_items:
            g = mapper(lab)
            if g not in order and g not in TABLE6_GROUPS:
                order.append(g)
        order.append(TABLE6_GROUPS[-1])
    else:
        order = {"deprel": list(rel_items) + ["_"], "pos": list(pos_items) + ["_"],
                 "edge-length": list(ev._EDGE_BUCKETS),
                 "sentence-length": list(ev._SENT_BUCKETS)}[by]
    position = {lab: i for i, lab in enumerate(order)}
    return position.__getitem__


def _merge_breakdowns(shards, systems, ref: str, schemes: dict) -> dict:
    from induceval.measures.dependencies.stats import Breakdown

    if not shards[0].vocabs:
        return {}
    rel_items, pos_items = _global_vocabs(shards)[ref]
    out = {}
    for by in systems[0].breakdowns[ref]:
        total: dict = {}
        for x in systems:
            b = x.breakdowns[ref].get(by)
            if b is None:
                continue
            for lab, row in zip(b.labels, b.counts):
                total[lab] = total[lab] + row if lab in total else row.copy()
        labels = sorted(total, key=_group_order(by, rel_items, pos_items, schemes.get(ref)))
        counts = np.array([total[lab] for lab in labels], dtype=np.int64).reshape(-1, 4)
        out[by] = Breakdown(by, labels, counts)
    return out


def evaluate_dependencies_over_files(gold_files: Sequence[Sequence[str]],
                                     pred_files: Sequence[Sequence[str]], *,
                                     punct: str = "auto", gold_names: Sequence[str] | None = None,
                                     gold_format: str = "auto", pred_format: str = "auto",
                                     on_error: str = "fail", gold_columns=None,
                                     pred_columns=None, breakdowns: Sequence[str] = (),
                                     relation_scheme: str = "auto",
                                     group_bytes: int | None = None,
                                     executor=None, jobs: int = 1,
                                     **options) -> ShardedDependencies:
    """Directed, undirected, NED and root accuracy of many files, counted per file.

    Each gold file is read with its prediction files (one per system) on a
    worker (``executor``, :func:`induceval.parallel.map_reduce`); the
    per-sentence statistics are concatenated in file order (sentence indices
    running over the files), the tree and preprocessing counts summed.  The
    result (every score, count, breakdown and signature) is that of
    :func:`~induceval.measures.dependencies.evaluate.evaluate_dependencies`
    on the files read as one corpus, bit for bit.

    Parameters
    ----------
    gold_files
        Per gold reference (several conversions of one treebank), its files
        in corpus order.
    pred_files
        Per system, its prediction files aligned with the gold files
        (e.g. from :func:`pair_files`).
    punct
        The punctuation policy; ``"auto"``: detected as
        :func:`~induceval.corpus.transforms.detect_gold_scheme` detects it on
        the whole first gold, from the tag counts of every file.
    gold_names
        Names of the gold references (with several), as in
        ``evaluate_dependencies``.
    gold_format, pred_format, on_error, gold_columns, pred_columns
        Passed to :func:`~induceval.corpus.readers.read_corpus` for every
        file (``columns=``).
    breakdowns, relation_scheme
        As in ``evaluate_dependencies`` (default: none): the groups' counts
        are summed over the files and ordered as for the whole corpus (label
        vocabularies of all the files; relation labels' scheme detected from
        all of them, or a scheme name).
    group_bytes
        Consecutive files are read and counted together up to about this
        many gold bytes per task (see :func:`file_groups`).
    executor, jobs
        Where the files are read and counted.
    **options
        ``references``, ``max_length``, ``pred_column``, ``check_forms``...
        of ``evaluate_dependencies``.

    Returns
    -------
    ShardedDependencies

    Example
    -------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.conllu", "1\\tdogs\\t_\\tNOUN\\t_\\t_\\t2\\tnsubj\\t_\\t_\\n"
    ...                                  "2\\tbark\\t_\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"),
    ...                    ("b.conllu", "1\\tcats\\t_\\tNOUN\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> files = [os.path.join(d, f) for f in ("a.conllu", "b.conllu")]
    >>> r = evaluate_dependencies_over_files([files], [files])
    >>> r.punct, r.results[0].scores["directed"], r.results[0].scores["sentences"]
    ('upos', 1.0, 2)
    """
    from induceval.errors import InducevalError, MismatchError, ParameterError

    gold_files = [[str(f) for f in files] for files in gold_files]
    pred_files = [[str(f) for f in files] for files in pred_files]
    if not gold_files or not gold_files[0]:
        raise ParameterError("no gold files")
    n = len(gold_files[0])
    for files in gold_files + pred_files:
        if len(files) != n:
            raise MismatchError(f"{len(files)} files for {n} gold files")
    gfmt = _resolved_format(gold_files[0][0], gold_format)
    pfmts = tuple(_resolved_format(files[0], pred_format) for files in pred_files)
    work = [(tuple(tuple(files[a:b]) for files in gold_files),
             tuple(tuple(files[a:b]) for files in pred_files))
            for a, b in _groups([path_size(g) for g in gold_files[0]], group_bytes)]
    opts = dict(gold_names=tuple(gold_names) if gold_names is not None else None,
                gold_format=gfmt, pred_formats=pfmts, on_error=on_error,
                gold_columns=tuple(gold_columns) if gold_columns is not None else None,
                pred_columns=tuple(pred_columns) if pred_columns is not None else None,
                breakdowns=tuple(breakdowns), options=options)
    costs = [sum(path_size(p) for fs in (*g, *ps) for p in fs) for g, ps in work]
    shards = map_reduce_list(partial(_dep_shard, punct=punct, relation_scheme=relation_scheme,
                                     **opts),
                             work, executor=executor, jobs=jobs, name="dep-stats", costs=costs)
    policy = punct
    if punct == "auto":
        from induceval.corpus.transforms.punct import gold_scheme_from_counts

        policy = gold_scheme_from_counts(_add_counts(sh.label_counts for sh in shards)).punct
    wrong = {i for i, sh in enumerate(shards) if sh.punct != policy}
    # relation groups: the label scheme of each reference's labels over all the files
    schemes: dict = {}
    scheme = relation_scheme
    if "relation" in breakdowns:
        if relation_scheme == "auto":
            from induceval.measures.dependencies.relations import detect_scheme

            schemes = {r: detect_scheme(rel) for r, (rel, _) in _global_vocabs(shards).items()}
            odd = {i for i, sh in enumerate(shards)
                   if any(v[2] not in (None, schemes[r]) for r, v in sh.vocabs.items())}
            if odd:
                if len(set(schemes.values())) > 1:
                    raise InducevalError(
                        f"{shards[min(odd)].gold_path}: its relation labels detect another "
                        "scheme than all the files together, and the references use "
                        "different schemes; give relation_scheme (or drop --jobs)")
                scheme = next(iter(schemes.values()))
                wrong |= odd
        else:
            schemes = {r: relation_scheme for r in shards[0].vocabs}
    shards = _rerun(_dep_shard, shards, work, sorted(wrong), executor, jobs,
                    "dep-stats-again", punct=policy, relation_scheme=scheme, **opts)
    return ShardedDependencies(
        [_dep_result(shards, s, schemes) for s in range(len(pred_files))], policy,
        [_merge_reports(sh.reports[i] for sh in shards) for i in range(len(gold_files))],
        [_merge_reports(sh.systems[s].report for sh in shards) for s in range(len(pred_files))],
        sum(sh.n_tokens for sh in shards), sum(sh.n_sentences for sh in shards),
        _documents(shards))
