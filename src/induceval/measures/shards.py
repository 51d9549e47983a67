"""One evaluation path: statistics per shard, summed in shard order, scored once.

A *shard* is a part of the text with its gold analyses and each system's
prediction: corpora in memory, or files read together as one corpus.  One
corpus is the one-shard case; a gold folder with prediction folders is cut
into shards of consecutive files (paired by relative path) that run here or
on workers (:func:`induceval.parallel.map`).  Each shard sends back one
additive statistics object per system and the :class:`Family` scores their
sum in shard order once: the numbers depend neither on the cut nor on where
the shards ran.

Options given as ``"auto"`` (the gold tag column, the punctuation policy,
the relation scheme) are resolved once, from the summed label inventory of
every shard's gold (:func:`label_inventory`: what
:func:`induceval.corpus.transforms.detect_gold_scheme` counts).  A shard
first resolves them from its own labels; one whose resolution differs from
the whole's is counted again with the whole's (its files read twice), so
the statistics are those of the text read as one corpus.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> from induceval.measures.categories.evaluate import TAGS
>>> demo = generate_demo_corpus(n_sentences=40, seed=1)
>>> options = TAGS.options(pred_column="xpos")
>>> one = evaluate_shards(TAGS, [Shard((demo,), (demo,))], options)
>>> halves = [Shard((part,), (part,)) for part in (demo.select(range(20)),
...                                                  demo.select(range(20, 40)))]
>>> two = evaluate_shards(TAGS, halves, options)
>>> one.results[0].scores == two.results[0].scores, one.resolved["gold_column"]
(True, 'upos')
"""

from __future__ import annotations

import operator
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial, reduce
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from induceval.corpus.model import Column, Corpus, ReadReport, Vocabulary
from induceval.errors import InducevalError, MismatchError, ParameterError
from induceval.measures.result import Display, Result, html_table, short_value
from induceval.signature import Signature

__all__ = ["ReadOptions", "Shard", "Family", "Evaluation", "evaluate_shards", "shards_of",
           "pair_files", "label_inventory", "system_names"]

@dataclass(frozen=True)
class ReadOptions:
    """How a shard's files are read (:func:`induceval.corpus.readers.read_corpus`).

    ``pred_formats`` holds one format per system (``"types"``: a
    ``word<TAB>cluster`` list, read by the family); ``gold_columns`` and
    ``pred_columns`` are the ``columns=`` hints (``None``: every column);
    ``needs``: the gold's token columns the family uses (a CHAT fault in a
    tier that gives none of them is counted, not raised); ``words``: CHAT's
    words as :func:`~induceval.corpus.readers.read_corpus` reads them.
    """

    gold_format: str = "auto"
    pred_formats: tuple = ()
    on_error: str = "fail"
    gold_columns: tuple | None = None
    pred_columns: tuple | None = None
    needs: tuple | None = None
    words: str = "mor"


@dataclass(frozen=True)
class Shard:
    """A part of the text: its gold analyses and each system's prediction.

    Attributes
    ----------
    golds
        Per gold reference: a :class:`~induceval.corpus.model.Corpus`, or a
        tuple of paths read together as one corpus.
    preds
        Per system: a Corpus (or what the family accepts in memory: code
        arrays, a type list), or a tuple of paths.
    gold_names
        Names of several gold references (their label in the results).
    """

    golds: tuple
    preds: tuple
    read: ReadOptions = field(default_factory=ReadOptions)
    gold_names: tuple | None = None
    #: per gold, then per prediction: the :class:`~induceval.corpus.readers.FilePlan` of its
    #: folder (what was read by its content, what was not read), on the first shard of a
    #: folder's (the others hold ``()``)
    plans: tuple = ()

    @property
    def cost(self) -> int:
        """Bytes of the shard's files (0 in memory), for the order of work on workers."""
        from induceval.parallel import path_size

        return sum(path_size(p) for s in (*self.golds, *self.preds) if isinstance(s, tuple)
                   for p in s)

    @property
    def where(self) -> str:
        """The shard's first gold file (or corpus name), for messages."""
        first = self.golds[0]
        return first[0] if isinstance(first, tuple) else (getattr(first, "name", "") or "")

    def load(self, family: Family) -> tuple[list[Corpus], list]:
        """The gold corpora and the predictions, read in order (the first error raised)."""
        from induceval.corpus.readers import read_corpora

        opts = self.read
        formats = opts.pred_formats or ("auto",) * len(self.preds)
        # the gold files given as a prediction (a system scored against itself) are read
        # once, with the columns of both
        same = [isinstance(p, tuple) and p == self.golds[0] and f == opts.gold_format
                for p, f in zip(self.preds, formats)]
        gold_columns = opts.gold_columns
        if any(same) and gold_columns is not None:
            gold_columns = (None if opts.pred_columns is None
                            else tuple(dict.fromkeys([*gold_columns, *opts.pred_columns])))
        # a family with a reading of its own (the pseudo-words' documents) reads its gold
        reader = getattr(family, "read_gold", None)
        requests = [] if reader else [
            (list(g), {"format": opts.gold_format, "on_error": opts.on_error,
                       "columns": gold_columns, "needs": opts.needs, "words": opts.words})
            for g in self.golds if isinstance(g, tuple)]
        requests += [(list(p), {"format": fmt, "on_error": opts.on_error,
                                "columns": opts.pred_columns})
                     for p, fmt, s in zip(self.preds, formats, same)
                     if isinstance(p, tuple) and not s and not family.reads_itself(p, fmt)]
        pending = iter(read_corpora(requests))
        golds = [(reader(g, opts) if reader else next(pending)) if isinstance(g, tuple) else g
                 for g in self.golds]
        if self.gold_names is not None:
            golds = [replace(g, name=n) for g, n in zip(golds, self.gold_names)]
        preds = []
        for p, fmt, s in zip(self.preds, formats, same):
            if s:
                preds.append(golds[0])
            elif isinstance(p, tuple) and family.reads_itself(p, fmt):
                preds.append(family.read_prediction(p, fmt))
            else:
                preds.append(next(pending) if isinstance(p, tuple) else p)
        return golds, preds


class Family(Protocol):
    """What a measure family tells the driver (see the module docstring).

    A family owns its measures: :attr:`measures` are their records
    (:class:`~induceval.measures.result.Measure`: name, direction, bounds,
    source and the batched score function), and :meth:`items` builds the
    per-item statistics that bootstrap intervals and paired tests resample,
    from a result's statistics and the options it was scored with.
    """

    #: names the family's tasks
    name: str
    #: the family's measure records, in the order of its tables' columns
    measures: tuple

    def items(self, statistics: Any, options: Mapping) -> Any:
        """Summed statistics and the scoring options -> the per-item statistics
        (:class:`~induceval.measures.resampling.ItemStats`)."""

    def options(self, **options) -> dict:
        """Keyword options -> the family's options, checked, with their defaults."""

    def inventory(self, golds: list[Corpus], options: Mapping) -> dict:
        """The gold's label counts that ``"auto"`` options are resolved from
        (:func:`label_inventory`; additive)."""

    # optional: ``prediction_inventory(inventory, preds, options) -> dict``, the
    # inventory with the predictions' label counts added (additive too), for options
    # resolved from what the predictions hold (the column of a prediction's clusters)

    def resolve(self, inventory: dict, options: Mapping) -> dict:
        """Inventory and options -> the resolved options (raising when the text
        cannot be scored)."""

    def statistics(self, golds: list[Corpus], preds: list, resolved: Mapping,
                   options: Mapping) -> list:
        """One shard's corpora -> one additive statistics object per system (``+``
        sums two in shard order)."""

    def result(self, statistics: Any, resolved: Mapping, options: Mapping,
               inventory: dict) -> Any:
        """Summed statistics -> the family's result."""

    def reads_itself(self, paths: tuple, fmt: str) -> bool:
        """Whether a prediction's files are in a format of the family's own (a type list,
        a layout of :mod:`induceval.measures.layouts`)."""

    def read_prediction(self, paths: tuple, fmt: str) -> Any:
        """Read a prediction in a format of the family's own (read against the gold's
        tokens in :meth:`statistics`)."""


def label_inventory(corpus: Corpus, columns: Sequence[str]) -> dict[str, dict]:
    """Tokens per label of ``columns`` (labels in order of first appearance), and
    every other token column of ``corpus`` with no counts.

    Additive (:func:`_add_inventories`): the inventory of files read one by one
    and summed is that of the files read as one corpus.

    Parameters
    ----------
    corpus
        The corpus.
    columns
        The columns whose labels are counted.

    Returns
    -------
    dict of str to dict
        Column -> label -> tokens (empty for the other columns).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "."], "upos": ["X", "PUNCT"]})
    >>> label_inventory(b.build(), ["upos"])
    {'form': {}, 'upos': {'X': 1, 'PUNCT': 1}}
    """
    out: dict[str, dict] = {}
    for name, col in corpus.tokens.items():
        if name not in columns:
            out[name] = {}
            continue
        values = col.values[col.values >= 0]
        if col.vocab is None:
            out[name] = {None: int(len(values))} if len(values) else {}
            continue
        counts = np.bincount(values, minlength=len(col.vocab))
        out[name] = {item: int(c) for item, c in zip(col.vocab.items, counts.tolist()) if c}
    return out


def _add_inventories(a: dict, b: dict) -> dict:
    out = {k: dict(v) for k, v in a.items()}
    for column, counts in b.items():
        acc = out.setdefault(column, {})
        for label, n in counts.items():
            acc[label] = acc.get(label, 0) + n
    return out


@dataclass
class _Part:
    """What one shard sends back."""

    inventory: dict
    resolved: dict | None
    statistics: list | None
    error: InducevalError | None
    n_tokens: int
    n_sentences: int
    documents: tuple | None
    gold_reports: list
    pred_reports: list


def _reports(corpora) -> list:
    return [c.report if isinstance(c, Corpus) else ReadReport() for c in corpora]


def _part(family: Family, options: Mapping, resolved: dict | None, shard: Shard) -> _Part:
    golds, preds = shard.load(family)
    inventory = family.inventory(golds, options)
    if hasattr(family, "prediction_inventory"):   # the predictions' "auto" columns
        inventory = family.prediction_inventory(inventory, preds, options)
    stats = error = None
    forced = resolved is not None
    try:
        if resolved is None:
            resolved = family.resolve(inventory, options)
        stats = family.statistics(golds, preds, resolved, options)
    except InducevalError as exc:
        if forced:
            raise
        # resolved from this shard alone: raised only if the whole resolves the same way
        error = exc
    g = golds[0]
    documents = None
    if isinstance(g, Corpus):
        col = g.sentences.get("document")
        if col is not None and col.vocab is not None:
            documents = (np.asarray(col.values, dtype=np.int64), tuple(col.vocab.items))
        size = (g.n_tokens, g.n_sentences)
    else:
        size = (len(g), 0)
    return _Part(inventory, resolved, stats, error, *size, documents,
                 _reports(golds), _reports(p for p in preds if isinstance(p, Corpus)))


@dataclass(repr=False)
class Evaluation(Display):
    """What :func:`evaluate_shards` measured: one result per system, by name.

    Iterating gives ``(name, result)`` pairs in the systems' order
    (``dict(ev)`` maps names to results); ``ev["brown"]`` is one system's
    result (``ev[0]`` the first's); ``len(ev)`` the number of systems.

    Attributes
    ----------
    results
        One result of the family per system.
    resolved
        The options as resolved for the whole text (``"auto"`` replaced).
    inventory
        The gold's label inventory, summed over the shards.
    gold_reports, pred_reports
        The readers' reports merged over the shards: one per gold reference,
        one per system read from files.  When sentences may be skipped
        (``on_error="skip"``), every result's signature says how many were.
    n_tokens, n_sentences
        Tokens and sentences of the (first) gold.
    documents
        The first gold's ``document`` sentence column over all shards, or ``None``.
    names
        The systems' names, one per result (:func:`system_names`: the ``names=``
        of the entry point, else the file stems, else the corpora's names).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.categories.evaluate import evaluate_tag_systems
    >>> demo = generate_demo_corpus(n_sentences=30, seed=1)
    >>> ev = evaluate_tag_systems(demo, [demo, demo], pred_column="xpos", names=["a", "b"])
    >>> [name for name, _ in ev], ev["b"].name, round(ev["a"].scores["m1"], 4)
    (['a', 'b'], 'b', 0.9394)
    """

    results: list
    resolved: dict
    inventory: dict
    gold_reports: list
    pred_reports: list
    n_tokens: int
    n_sentences: int
    documents: Column | None = None
    names: tuple = ()

    def __post_init__(self) -> None:
        if len(self.names) != len(self.results):
            self.names = tuple(getattr(r, "name", "") or f"system{i + 1}"
                               for i, r in enumerate(self.results))

    def __iter__(self):
        return iter(zip(self.names, self.results))

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.results[key]
        for name, result in self:
            if name == key:
                return result
        raise KeyError(f"no system {key!r}; the systems: {', '.join(map(str, self.names))}")

    def __contains__(self, key) -> bool:
        return key in self.names

    def keys(self) -> list:
        """The systems' names (as a dict's keys: ``dict(ev)`` maps them to the results)."""
        return list(self.names)

    def to_dict(self) -> dict:
        """The evaluation as plain JSON-ready data: ``systems`` (each result's
        ``to_dict()``, its name in ``system``), ``resolved``, ``n_tokens``, ``n_sentences``.

        Example
        -------
        >>> from induceval.measures.categories.evaluate import evaluate_tag_systems
        >>> d = evaluate_tag_systems([0, 1, 1], [[0, 1, 1], [0, 0, 1]]).to_dict()
        >>> [s["system"] for s in d["systems"]], d["n_tokens"]
        (['system1', 'system2'], 3)
        """
        from induceval._json import jsonable

        return {"systems": [r.to_dict() for r in self.results],
                "resolved": jsonable(self.resolved, strict=False),
                "n_tokens": self.n_tokens, "n_sentences": self.n_sentences}

    def _records(self) -> list[dict]:
        return [row for r in self.results for row in r._records()]

    def _notes(self) -> list[str]:
        sigs = dict.fromkeys(r.signature for r in self.results)
        return [f"signature: {s}" for s in sigs]

    def _repr_html_(self) -> str:
        rows = [{"system": name, **r.scores} for name, r in self]
        columns = list(dict.fromkeys(k for row in rows for k in row))
        return html_table(columns, rows, caption=f"Evaluation of {len(self)} systems",
                          notes=self._notes())

    def __repr__(self) -> str:
        lines = [f"Evaluation of {len(self)} system{'s' * (len(self) != 1)} "
                 f"({self.n_tokens} tokens, {self.n_sentences} sentences)"]
        width = max((len(str(n)) for n in self.names), default=0)
        for name, r in self:
            shown = list(r.scores.items())
            text = " ".join(f"{k}={short_value(v)}" for k, v in shown[:8])
            more = f" (+{len(shown) - 8} more)" if len(shown) > 8 else ""
            lines.append(f"  {str(name).ljust(width)}  {text}{more}")
        lines += [f"  {n}" for n in self._notes()]
        return "\n".join(lines)


def system_names(inputs: Sequence, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """One name per system: ``names`` when given, else each input's file stem (the paths
    when two stems are alike), a corpus's name, else ``system1``, ``system2``...

    Parameters
    ----------
    inputs
        The systems' inputs (paths, corpora or arrays).
    names
        The names given by the user, or ``None``.

    Returns
    -------
    tuple of str
        One name per system.

    Raises
    ------
    ParameterError
        When ``names`` has not one name per system.

    Example
    -------
    >>> system_names(["out/brown.conllu", "out/dmv.conllu", [0, 1]])
    ('brown', 'dmv', 'system3')
    >>> system_names(["a/x.conllu", "b/x.conllu"])
    ('a/x.conllu', 'b/x.conllu')
    """
    inputs = list(inputs)
    if names is not None:
        names = [names] if isinstance(names, str) else list(names)
        if len(names) != len(inputs):
            raise ParameterError(f"names= has {len(names)} names for {len(inputs)} systems")
        return tuple(map(str, names))

    def path_of(x):
        if _is_path(x):
            return Path(x)
        if isinstance(x, (list, tuple)) and len(x) == 1 and _is_path(x[0]):
            return Path(x[0])
        return None

    paths = [path_of(x) for x in inputs]
    stems = [p.stem if p is not None else
             (Path(x.name).stem if isinstance(x, Corpus) and x.name else f"system{i + 1}")
             for i, (x, p) in enumerate(zip(inputs, paths))]
    if len(set(stems)) == len(stems):
        return tuple(stems)
    full = [str(p) if p is not None else f"system{i + 1}" for i, p in enumerate(paths)]
    return tuple(full) if len(set(full)) == len(full) else tuple(
        f"system{i + 1}" for i in range(len(inputs)))


def _documents(parts: list[_Part]) -> Column | None:
    """The document column of all the shards: codes into the names of all of them."""
    if any(p.documents is None for p in parts):
        return None
    names = list(dict.fromkeys(name for p in parts for name in p.documents[1]))
    index = {d: i for i, d in enumerate(names)}
    codes = [np.array([index[d] for d in p.documents[1]] + [-1], dtype=np.int64)[p.documents[0]]
             for p in parts]
    return Column(np.concatenate(codes), Vocabulary(names))


def evaluate_shards(family: Family, shards: Sequence[Shard], options: Mapping, *,
                    executor=None, jobs: int = 1,
                    names: Sequence[str] | None = None) -> Evaluation:
    """Score every system over ``shards``: statistics per shard, summed, scored once.

    Parameters
    ----------
    family
        The measure family (e.g. :data:`induceval.measures.categories.evaluate.TAGS`).
    shards
        The parts of the text, in corpus order (see :func:`shards_of`).
    options
        The family's options (``"auto"`` ones resolved from the whole text).
    executor, jobs
        Where shards of files are read and counted
        (:func:`induceval.parallel.map`); shards in memory stay in this process.
    names
        The systems' names (each result's ``name``; default: the name the family gave
        the result, e.g. a WOPA learner's, else ``system1``, ``system2``...).

    Returns
    -------
    Evaluation
        One result per system, by name, and the resolved options.

    Raises
    ------
    InducevalError
        The first error in shard order: a reader's (naming file and line),
        or the family's (e.g. gold and prediction differ).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.categories.evaluate import TAGS
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> ev = evaluate_shards(TAGS, shards_of([demo], [demo]), TAGS.options(pred_column="xpos"))
    >>> len(ev), round(ev[0].scores["m1"], 4)
    (1, 0.9231)
    """
    from induceval.parallel import map as parallel_map

    shards = list(shards)
    if not shards:
        raise ParameterError("no gold files to score")
    in_memory = all(s.cost == 0 for s in shards)
    run = partial(parallel_map, executor=None if in_memory else executor,
                  jobs=1 if in_memory else jobs, name=f"eval-{family.name}")
    parts = run(partial(_part, family, options, None), shards,
                costs=[s.cost for s in shards])
    if all(isinstance(g, tuple) for s in shards for g in s.golds) and \
            not sum(p.n_tokens for p in parts):
        if hasattr(family, "no_tokens"):
            raise family.no_tokens(options)
        raise ParameterError(f"gold corpus {options.get('gold_name') or shards[0].where} has "
                             "no tokens")
    inventory = reduce(_add_inventories, (p.inventory for p in parts))
    resolved = family.resolve(inventory, options)
    again = [i for i, p in enumerate(parts) if p.resolved != resolved]
    for p in parts:
        if p.error is not None and p.resolved == resolved:
            raise p.error
    if again:
        redo = run(partial(_part, family, options, resolved), [shards[i] for i in again],
                   costs=[shards[i].cost for i in again])
        for i, p in zip(again, redo):
            parts[i] = p
    results = [family.result(reduce(operator.add, stats), resolved, options, inventory)
               for stats in zip(*(p.statistics for p in parts))]
    names = tuple(names) if names is not None else tuple(
        getattr(r, "name", "") or f"system{i + 1}" for i, r in enumerate(results))
    for r, name in zip(results, names):   # what its per-item statistics are built with
        if isinstance(r, Result):
            r.family, r.options, r.name = family, dict(options), name
    gold_reports, pred_reports = ([reduce(ReadReport.merge, per_shard, ReadReport())
                                   for per_shard in zip(*(getattr(p, kind) for p in parts))]
                                  for kind in ("gold_reports", "pred_reports"))
    for report, plan in zip(gold_reports + pred_reports, shards[0].plans):
        plan.annotate(report)
    if any(s.read.on_error == "skip" for s in shards):
        # what was skipped (sentences, tiers) changes the numbers: every result signs it
        from induceval.corpus.stats import reading_errors

        skipped = sum(e["count"] for r in gold_reports + pred_reports
                      for e in reading_errors(r.to_dict()).values())
        for r in (r for r in results if isinstance(r, Result)):
            r.signature = Signature.parse(r.signature).update(on_error="skip",
                                                              skipped=skipped).format()
    return Evaluation(results, resolved, inventory, gold_reports, pred_reports,
                      sum(p.n_tokens for p in parts), sum(p.n_sentences for p in parts),
                      _documents(parts), names)


# -- shards of the user's inputs ----------------------------------------------------------

def _layout(path: Path) -> bool:
    from induceval.measures.layouts import detect_layout

    return detect_layout((path,), "tags") is not None


def _plan(root, fmt: str, prediction: bool = False):
    """The files of a folder as read (:func:`~induceval.corpus.readers.plan_files`); in a
    prediction's, the files in a layout (no reader's format) are the family's to read."""
    from induceval.corpus.readers import READERS, plan_files

    return plan_files(root, fmt if fmt in READERS else "auto",
                      claimed=_layout if prediction and fmt not in READERS else None)


def _keyed(root: Path, fmt: str, prediction: bool = False) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for f in _plan(root, fmt, prediction).files:
        rel = f.relative_to(root)
        key = rel.with_suffix("").as_posix()
        if key in out:
            raise MismatchError(f"{root}: {out[key].relative_to(root)} and {rel} differ only by "
                                "their ending; cannot pair them with the other folder's files")
        out[key] = f
    return out


def pair_files(gold: str | os.PathLike, pred: str | os.PathLike, *, gold_format: str = "auto",
               pred_format: str = "auto") -> list[tuple[str, str]]:
    """The (gold file, prediction file) pairs of two folders, matched by relative path.

    The gold files are those :func:`~induceval.corpus.readers.expand_paths`
    reads from ``gold`` (sorted); each is matched with the prediction file
    at the same path relative to ``pred``, the file ending aside
    (``a/x.conllu`` with ``a/x.pascal``).

    Parameters
    ----------
    gold, pred
        The gold and the prediction folders.
    gold_format, pred_format
        Their files' formats, or ``"auto"``.

    Returns
    -------
    list of tuple of (str, str)
        The (gold file, prediction file) pairs, in gold order.

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
    gold, pred = Path(gold), Path(pred)
    g, p = _keyed(gold, gold_format), _keyed(pred, pred_format, prediction=True)
    if not g:
        raise MismatchError(f"no corpus files under the gold folder {gold}")

    def names(keys, files, root, limit: int = 8) -> str:
        shown = [files[k].relative_to(root).as_posix() for k in keys[:limit]]
        return ", ".join(shown) + (f" and {len(keys) - limit} more" if len(keys) > limit
                                   else "")

    missing = [k for k in g if k not in p]
    extra = [k for k in p if k not in g]
    problems = [f"no file for {len(missing)} of {len(g)} gold files: "
                f"{names(missing, g, gold)}"] if missing else []
    if extra:
        problems.append(f"{len(extra)} files without a gold file in {gold}: "
                        f"{names(extra, p, pred)}")
    if problems:
        raise MismatchError(f"prediction folder {pred} has " + "; and ".join(problems)
                            + " (files are paired by their path in the folders, the ending "
                            "aside)")
    return [(str(g[k]), str(p[k])) for k in g]


def _is_path(x) -> bool:
    return isinstance(x, (str, os.PathLike))


def shards_of(golds: Sequence, preds: Sequence, read: ReadOptions = ReadOptions(), *,
              gold_names: Sequence[str] | None = None,
              group_bytes: int | None = None) -> list[Shard]:
    """The shards of the user's inputs: corpora in memory, files, or folders.

    When every gold and every prediction is a folder, their files are
    paired by relative path (:func:`pair_files`) and consecutive files are
    grouped into shards (:func:`induceval.parallel.file_groups`); otherwise
    each path (a file or a folder) is read as one corpus and there is one shard.
    Each file of a folder is read by its own format, as
    :func:`~induceval.corpus.readers.read_corpus` reads a folder
    (:func:`~induceval.corpus.readers.plan_files`), and the files it does not
    read are named in the readers' reports (``skipped_files``).

    Parameters
    ----------
    golds
        The gold inputs (corpora, files or folders), one per gold analysis.
    preds
        The systems' predictions, one per system.
    read
        How the files are read.
    gold_names
        Names of the gold analyses, or ``None``.
    group_bytes
        About the size of the file groups of one shard (default: chosen by
        :func:`induceval.parallel.file_groups`).

    Returns
    -------
    list of Shard
        The shards, in corpus order.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=5, seed=1)
    >>> len(shards_of([demo], [demo]))
    1
    """
    golds, preds = list(golds), list(preds)
    names = tuple(gold_names) if gold_names is not None else None
    formats = read.pred_formats or ("auto",) * len(preds)

    def source(x):
        return (str(x),) if _is_path(x) else x

    folders = all(_is_path(x) and Path(x).is_dir() for x in golds + preds)
    if folders and "types" not in formats:
        from induceval.parallel import file_groups, path_size

        inputs = [*golds, *preds]
        plans = [_plan(x, f, i >= len(golds)) for i, (x, f) in enumerate(
            zip(inputs, [read.gold_format] * len(golds) + list(formats)))]
        format_of = [dict(zip(map(str, p.files), p.formats)) for p in plans]
        paired = [[b for _, b in pair_files(golds[0], x, gold_format=read.gold_format,
                                            pred_format=f)]
                  for x, f in zip(inputs, [read.gold_format] * len(golds) + list(formats))]
        # each file is read by its own format: a shard holds files of one format per input
        kinds = [tuple(format_of[j][files[i]] for j, files in enumerate(paired))
                 for i in range(len(paired[0]))]
        sizes = [path_size(f) for f in paired[0]]
        shards, start = [], 0
        for end in range(1, len(kinds) + 1):
            if end < len(kinds) and kinds[end] == kinds[start]:
                continue
            kind = kinds[start]
            here = replace(read, gold_format=kind[0], pred_formats=kind[len(golds):])
            for a, b in file_groups(sizes[start:end], group_bytes):
                shards.append(Shard(tuple(tuple(files[start + a:start + b])
                                          for files in paired[:len(golds)]),
                                    tuple(tuple(files[start + a:start + b])
                                          for files in paired[len(golds):]), here, names))
            start = end
        shards[0] = replace(shards[0], plans=tuple(plans))
        return shards
    return [Shard(tuple(map(source, golds)), tuple(map(source, preds)), read, names)]
