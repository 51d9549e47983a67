"""``evaluate_tags``: every category measure in one pass, with a signature.

The contingency table (token measures) and the per-type entries (type-level
measures) are built once from the aligned gold and predicted tags; every
score is then a pure function of those statistics.

Defaults (all in the signature): ``punct="auto"`` excludes punctuation
(Reichart et al. 2010, §5.1) by gold UPOS (``PUNCT``) when the gold corpus
has a ``upos`` column, else by the word form (all Unicode punctuation and
symbols); ``"keep"`` scores every token; any policy of
:func:`induceval.corpus.transforms.punctuation_mask` or a boolean mask (True
= punctuation) is accepted.  ``unclustered="merge"`` (Frank et al. 2009);
``log_base=2`` (bits; Reichart et al. 2010 uses ``"e"``); ``beta=1``;
``restarts=10`` M-1 hill-climbing restarts (Reichart et al. 2010, §5.2) with
:data:`induceval.random.DEFAULT_SEED`.

Example
-------
>>> r = evaluate_tags([0, 0, 1, 1], [3, 3, 3, 4])
>>> r.scores["m1"], r.scores["1to1"], round(r.scores["vi"], 4)
(0.75, 0.75, 1.1887)
>>> r.signature.split("|")[:3]
['tags', 'level:token', 'punct:keep']
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import (
    MAX_ITERATIONS,
    InducevalError,
    ParameterError,
    check_choice,
    check_range,
)
from induceval.measures.categories.batch import token_scores
from induceval.measures.categories.contingency import ContingencyTable
from induceval.measures.categories.measures import MEASURES, TOKEN, TYPE, log_factor
from induceval.measures.categories.statistics import (
    TagStatistics,
    check_aligned,
    default_pred_column,
    statistics_of,
)
from induceval.measures.categories.type_level import TypeEntries, type_level_scores
from induceval.measures.layouts import LAYOUTS, Layout, detect_layout, read_layout
from induceval.measures.result import Measure, Result
from induceval.measures.shards import (
    Evaluation,
    ReadOptions,
    evaluate_shards,
    label_inventory,
    shards_of,
    system_names,
)
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["Measure", "MEASURES", "TOKEN_MEASURES", "TYPE_LEVEL_MEASURES", "TagEvaluation",
           "TAGS", "token_scores", "tag_evaluation", "evaluate_tags", "evaluate_tag_systems",
           "check_aligned", "resolve_punct", "tag_signature"]


#: the names of the token and the type-level measures (see :mod:`.measures`)
TOKEN_MEASURES = tuple(m.name for m in TOKEN)
TYPE_LEVEL_MEASURES = tuple(m.name for m in TYPE)


@dataclass(repr=False)
class TagEvaluation(Result):
    """The :class:`~induceval.measures.result.Result` of :func:`evaluate_tags`.

    Attributes
    ----------
    counts
        ``n_tokens``, ``n_scored``, ``n_punct_excluded``, ``n_missing_gold``,
        ``n_unclustered`` (scored tokens left unclustered), ``n_types``.
    table
        The contingency table (token level), else ``None``.
    entries
        The per-type entries (type level), else ``None``.
    """

    table: ContingencyTable | None = None
    entries: TypeEntries | None = None


def resolve_punct(gold, punct) -> tuple[np.ndarray | None, str]:
    """The punctuation mask (True = punctuation) and the policy name for the signature.

    Parameters
    ----------
    gold
        The gold :class:`~induceval.corpus.model.Corpus`, or gold code arrays.
    punct
        A policy string (``"auto"``, ``"keep"``, or a policy of
        :func:`induceval.corpus.transforms.resolve_punct_policy`) or a boolean
        mask over the tokens.

    Returns
    -------
    tuple of (numpy.ndarray or None, str)
        The mask (``None`` when nothing is excluded) and the policy name
        (``"keep"``, ``"mask"`` or the resolved policy).

    Example
    -------
    >>> resolve_punct([0, 1], "auto")
    (None, 'keep')
    """
    if isinstance(punct, np.ndarray) or (isinstance(punct, (list, tuple)) and punct and
                                         isinstance(punct[0], (bool, np.bool_))):
        return np.asarray(punct, dtype=bool), "mask"
    if not isinstance(punct, str):
        raise ParameterError(f"punct must be a policy string or a boolean mask; got {punct!r}")
    if not isinstance(gold, Corpus):
        if punct in ("auto", "keep"):
            return None, "keep"
        raise ParameterError(f"punct={punct!r} needs a gold Corpus; with code arrays give a "
                             "boolean mask or 'keep'")
    from induceval.corpus.transforms import punctuation_mask, resolve_punct_policy

    punct = resolve_punct_policy(gold, punct)
    if punct == "keep":
        return None, "keep"
    return punctuation_mask(gold, punct), punct


class _TagFamily:
    """The category measures for :func:`~induceval.measures.shards.evaluate_shards`."""

    name = "tags"
    measures = TOKEN + TYPE

    def options(self, gold_column="auto", pred_column=None, form_column="form", forms=None,
                punct="auto", unclustered="merge", log_base=2, beta=1.0, level="token",
                restarts=10, seed=DEFAULT_SEED, allow_identical=False, items=None,
                gold_name=None, pred_names=None) -> dict:
        """Every option of :func:`evaluate_tags`, checked, with its default."""
        check_choice("unclustered", unclustered, ("merge", "split"))
        check_choice("level", level, ("token", "type", "both"))
        check_range("restarts", restarts, 1, MAX_ITERATIONS)
        for name, column in (("gold_column", gold_column), ("pred_column", pred_column)):
            if isinstance(column, str) and (column in ("head", "id") or
                                            column.startswith("head@")):
                raise ParameterError(f"{name} {column!r} holds token positions, not "
                                     "categories: name a tag or cluster column")
        log_factor(log_base)
        if not beta > 0:
            raise ParameterError(f"beta must be > 0, got {beta!r}")
        return dict(gold_column=gold_column, pred_column=pred_column, form_column=form_column,
                    forms=forms, punct=punct, unclustered=unclustered, log_base=log_base,
                    beta=beta, level=level, restarts=restarts, seed=seed,
                    allow_identical=allow_identical, items=items, gold_name=gold_name,
                    pred_names=pred_names)

    def inventory(self, golds, options) -> dict | None:
        if isinstance(golds[0], Corpus):
            return label_inventory(golds[0], ("upos", "xpos", "cpos"))
        return None

    def prediction_inventory(self, inventory: dict | None, preds, options) -> dict | None:
        """The label counts of each corpus prediction's candidate columns, added to the
        gold's as ``pred<N>:<column>`` (1-based system; unless ``pred_column`` is named)."""
        if inventory is None or options["pred_column"] is not None:
            return inventory
        out = dict(inventory)
        for i, pred in enumerate(preds, 1):
            if isinstance(pred, Corpus):
                counts = label_inventory(pred, _candidates(options["gold_column"]))
                out.update({f"pred{i}:{c}": counts[c] for c in _candidates(
                    options["gold_column"]) if c in counts})
        return out

    def resolve(self, inventory: dict | None, options: Mapping) -> dict:
        gold_column, punct = options["gold_column"], options["punct"]
        if inventory is None:   # codes: the labels are the codes
            return {"gold_column": None, "punct": resolve_punct(None, punct)[1]}
        if isinstance(punct, str):
            from induceval.corpus.transforms import check_punct_policy

            check_punct_policy(punct)
        if "auto" in (gold_column, punct if isinstance(punct, str) else None):
            from induceval.corpus.transforms.punct import gold_scheme_from_counts

            scheme = gold_scheme_from_counts({c: inventory[c] for c in ("upos", "xpos", "cpos")
                                              if c in inventory})
            gold_column = scheme.tag_column if gold_column == "auto" else gold_column
            punct = scheme.punct if punct == "auto" else punct
        name = options.get("gold_name") or "the gold corpus"
        if gold_column is None:
            raise ParameterError(f"{name} has no gold tag column (upos, xpos or cpos); it has: "
                                 f"{', '.join(sorted(c for c in inventory if ':' not in c))}; "
                                 "name one with "
                                 "gold_column= (--gold-column)")
        if gold_column == options["form_column"] and not options["allow_identical"]:
            raise ParameterError(f"the gold column is the word form ({gold_column!r}): every "
                                 "clustering of words would score perfectly; pass "
                                 "allow_identical=True (--allow-identical) to score it anyway")
        labels = [t for t in inventory.get(gold_column, {}) if t not in (None, "_")]
        if options["gold_column"] == "auto" and len(labels) < 2:
            # one gold class: every clustering scores M-1 1.0; a number only if named
            raise ParameterError(
                f"{name}: the gold column detected, {gold_column!r}, holds "
                f"{'one label, ' + repr(labels[0]) if labels else 'no label'}; name the gold "
                "column with --gold-column (gold_column=) to score against it anyway")
        out = {"gold_column": gold_column, "punct": punct if isinstance(punct, str) else "mask"}
        systems = sorted({int(c[4:c.index(":")]) for c in inventory if c.startswith("pred")
                          and ":" in c})
        if systems:
            picked = {i - 1: _pred_column(inventory, i, gold_column, options) for i in systems}
            out["pred_columns"] = {i: c for i, (c, _) in picked.items() if c}
            # why a column other than the default was read, or why none can be (raised
            # by statistics() once the tokens are known to be the gold's)
            out["pred_evidence"] = {i: why for i, (_, why) in picked.items() if why}
        return out

    def statistics(self, golds, preds, resolved: Mapping, options: Mapping) -> list:
        gold = golds[0]
        mask, _ = resolve_punct(gold, options["punct"] if resolved["punct"] == "mask"
                                else resolved["punct"])
        level, columns = options["level"], resolved.get("pred_columns", {})
        for i, pred in enumerate(preds):
            if isinstance(pred, Corpus) and i not in columns and i in resolved.get(
                    "pred_evidence", {}):
                check_aligned(gold, pred, form_column=options["form_column"])
                raise ParameterError(resolved["pred_evidence"][i])
        return [statistics_of(gold, pred.corpus(gold, options["form_column"])
                              if isinstance(pred, Layout) else pred,
                              gold_column=resolved["gold_column"],
                              pred_column=(pred.format if isinstance(pred, Layout) else
                                           columns.get(i, options["pred_column"])), mask=mask,
                              form_column=options["form_column"], forms=options["forms"],
                              items=options["items"], token_level=level != "type",
                              keep_forms=options["unclustered"] == "split" or level != "token")
                for i, pred in enumerate(preds)]

    def result(self, stats: TagStatistics, resolved: Mapping, options: Mapping,
               inventory) -> TagEvaluation:
        return tag_evaluation(stats, resolved, options)

    def items(self, statistics: TagStatistics, options: Mapping):
        from induceval.measures.categories.items import tag_items

        return tag_items(statistics, options)

    def _format(self, paths: tuple, fmt: str) -> str | None:
        """The format of ours a prediction is in (``auto``: by its content), else ``None``."""
        from induceval.measures.categories.io import is_type_list

        if fmt in ("types", "labels", "wordtag"):
            return fmt
        if LAYOUTS.get(fmt) == "deps":
            raise ParameterError(f"--pred-format {fmt} is read by eval deps; eval tags reads "
                                 "labels, wordtag or types (pred_formats=)")
        if fmt != "auto":
            return None
        path = Path(paths[0])
        return detect_layout(paths, "tags") or (
            "types" if len(paths) == 1 and path.is_file() and is_type_list(path)
            and path.suffix.lower() not in (".conllu", ".conll", ".pascal", ".conllx")
            else None)

    def prediction_format(self, paths: tuple, fmt: str) -> str | None:
        """The format of ours a prediction is in (``types``, ``labels``, ``wordtag``), or
        ``None`` for a corpus a reader reads (``fmt="auto"``: told by its content).

        Example
        -------
        >>> TAGS.prediction_format(("clusters.tsv",), "types")
        'types'
        """
        return self._format(paths, fmt)

    def reads_itself(self, paths: tuple, fmt: str) -> bool:
        return self._format(paths, fmt) is not None

    def read_prediction(self, paths: tuple, fmt: str):
        from induceval.measures.categories.io import read_type_clusters

        found = self._format(paths, fmt)
        if found == "types":
            return read_type_clusters(paths[0])
        return read_layout(paths, found, detected=fmt == "auto")


def _candidates(gold_column: str) -> tuple:
    """The columns a prediction's clusters may be in: the gold column's name first."""
    return tuple(dict.fromkeys(([] if gold_column == "auto" else [gold_column])
                               + ["upos", "cpos", "xpos"]))


def _pred_column(inventory: Mapping, system: int, gold_column: str,
                 options: Mapping) -> tuple[str | None, str]:
    """The column system ``system``'s clusters are read from, and why when not the default
    (``None`` and the refusal when none can be read).

    The default is the gold column's name, else the first of ``upos``, ``cpos``,
    ``xpos`` the prediction has (:func:`~.statistics.default_pred_column`); a column
    *holds* clusters when it has two labels or more.  The default is kept when it holds
    them, unless another column holds other labels and the default is not the gold
    column's name (nor its slot: ``cpos`` for ``upos``, and back); when it holds none,
    the one column holding clusters is taken (named in the notes and the signature).
    Otherwise (none, or several that differ) the evaluation refuses, naming the columns
    and ``--pred-column``.
    """
    from induceval.measures.categories.contingency import UNCLUSTERED_LABEL

    found = {c: {k: n for k, n in inventory[f"pred{system}:{c}"].items()
                 if k != UNCLUSTERED_LABEL}
             for c in _candidates(gold_column) if f"pred{system}:{c}" in inventory}
    default = default_pred_column(found, gold_column)
    full = [c for c in found if len(found[c]) > 1]
    distinct = [c for i, c in enumerate(full) if all(found[c] != found[d] for d in full[:i])]

    def shown(c):
        n = len(found[c])
        return f"{c} ({'empty' if not n else 'one label' if n == 1 else f'{n} labels'})"

    names = options.get("pred_names") or ()
    name = names[system - 1] if system <= len(names) and names[system - 1] else (
        f"prediction {system}")
    listed = ", ".join(map(shown, found))
    # the gold column's name, or its slot: CoNLL-X's CPOSTAG is CoNLL-U's UPOS
    gold_named = default == gold_column or {default, gold_column} == {"upos", "cpos"}
    if default in full and (gold_named or distinct == [default]):
        return default, ""
    if default not in full and len(distinct) == 1:
        return distinct[0], (f"{default} is " + ("empty" if not found[default] else
                                                  "one label on every token")
                             if default in found else "")
    return None, (f"{name}: " + ("no column holds clusters" if not full else
                                 "several columns hold different clusters") +
                  f": {listed}; name the column to score with --pred-column (pred_column=)")


#: the category measures as a family of :mod:`induceval.measures.shards`
TAGS = _TagFamily()


def tag_evaluation(stats: TagStatistics, resolved: Mapping, options: Mapping) -> TagEvaluation:
    """The :class:`TagEvaluation` of summed statistics (a pure function of them).

    Parameters
    ----------
    stats
        The summed :class:`~induceval.measures.categories.statistics.TagStatistics`.
    resolved
        The resolved columns and policy: ``gold_column`` and ``punct``.
    options
        The options of :func:`evaluate_tags`: ``level``, ``unclustered``,
        ``log_base``, ``beta``, ``restarts``, ``seed``, ``allow_identical``.

    Returns
    -------
    TagEvaluation
        The scores, counts and signature.

    Example
    -------
    >>> from induceval.measures.categories.statistics import tag_statistics
    >>> opts = dict(level="token", unclustered="merge", log_base=2, beta=1.0, restarts=10,
    ...             seed=None, allow_identical=False)
    >>> r = tag_evaluation(tag_statistics([0, 1], [0, 1]), {"gold_column": None,
    ...                                                    "punct": "keep"}, opts)
    >>> r.scores["m1"], r.counts
    (1.0, {'n_tokens': 2, 'n_punct_excluded': 0, 'n_scored': 2, 'n_missing_gold': 0, \
'n_unclustered': 0})
    """
    level, unclustered = options["level"], options["unclustered"]
    gold_column = resolved["gold_column"]
    if stats.n_tokens == 0:   # every measure would be 0/0
        raise InducevalError("the input has no tokens: gold and prediction are empty, "
                             "nothing to score")
    if stats.identical and not options["allow_identical"]:
        raise ParameterError(
            f"the prediction's column {stats.pred_column or gold_column!r} is identical to the "
            f"gold column {gold_column!r} (a file that still holds the gold tags?); name the "
            "predicted column (--pred-column), or pass allow_identical=True "
            "(--allow-identical) to score it anyway")
    counts = {"n_tokens": stats.n_tokens, "n_punct_excluded": stats.n_masked}
    scores: dict[str, float] = {}
    table = entries = None
    if level in ("token", "both"):
        table = stats.table(unclustered)
        scores.update(token_scores(table, log_base=options["log_base"], beta=options["beta"]))
        counts.update(n_scored=table.n, n_missing_gold=table.n_missing_gold,
                      n_unclustered=table.n_unclustered)
    if level in ("type", "both"):
        entries = stats.entries(unclustered)
        scores.update(type_level_scores(entries, restarts=options["restarts"],
                                        seed=options["seed"]))
        counts["n_types"] = entries.n_types
    sig = tag_signature(level=level, gold=gold_column,
                        pred=stats.pred_column if gold_column is not None else None,
                        punct=resolved["punct"], unclustered=unclustered,
                        log_base=options["log_base"], beta=options["beta"],
                        restarts=options["restarts"], seed=options["seed"])
    return TagEvaluation(scores, sig, counts, stats, TAGS, dict(options), table=table,
                         entries=entries)


def evaluate_tag_systems(gold, preds: Sequence, *, names: Sequence[str] | None = None,
                         read: ReadOptions | None = None, executor=None, jobs: int = 1,
                         group_bytes: int | None = None, **options) -> Evaluation:
    """Score several systems' categories against one gold standard, in one pass over it.

    ``gold`` and each of ``preds`` are what :func:`evaluate_tags` takes, or
    paths (a file, a folder or a list of files) read as one corpus; folders
    are counted shard by shard (:func:`~induceval.measures.shards.shards_of`)
    with the numbers of the files read as one corpus.

    Parameters
    ----------
    names
        The systems' names (default: the file stems, as ``eval tags`` names them, else
        the corpora's names, else ``system1``, ...;
        :func:`~induceval.measures.shards.system_names`).
    read
        How files are read (formats, ``on_error``, columns).
    executor, jobs, group_bytes
        Where shards of files are counted
        (:func:`~induceval.measures.shards.evaluate_shards`), and their size in gold bytes.
    **options
        Those of :func:`evaluate_tags`.

    Returns
    -------
    Evaluation
        One :class:`TagEvaluation` per system, by name (``for name, result in ev``,
        ``ev["brown"]``); ``resolved``: ``gold_column`` and ``punct`` as detected.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=30, seed=1)
    >>> ev = evaluate_tag_systems(demo, [demo, demo], pred_column="xpos", names=["a", "b"])
    >>> len(ev), ev.resolved, ev["b"].name
    (2, {'gold_column': 'upos', 'punct': 'upos'}, 'b')
    """
    opts = TAGS.options(**options)
    if opts["gold_name"] is None and isinstance(gold, (str, os.PathLike)):
        opts["gold_name"] = str(gold)
    if opts["pred_names"] is None:
        opts["pred_names"] = tuple(str(p) if isinstance(p, (str, os.PathLike)) else
                                   getattr(p, "name", None) for p in preds)
    names = system_names(preds, names)
    shards = shards_of([gold], list(preds), read or ReadOptions(), group_bytes=group_bytes)
    return evaluate_shards(TAGS, shards, opts, executor=executor, jobs=jobs, names=names)


def evaluate_tags(gold, pred, *, gold_column: str = "auto", pred_column: str | None = None,
                  form_column: str = "form", forms=None, punct="auto",
                  unclustered: str = "merge", log_base: float | str = 2, beta: float = 1.0,
                  level: str = "token", restarts: int = 10,
                  seed: int | None = DEFAULT_SEED,
                  allow_identical: bool = False, items=None) -> TagEvaluation:
    """Score induced categories against gold ones with every measure at once.

    Parameters
    ----------
    gold
        A :class:`Corpus` (tags in ``gold_column``), an array of gold codes
        (or strings), or a path (file or folder) read as a corpus.
    pred
        A :class:`Corpus` (tags in ``pred_column``), an array of cluster
        codes aligned with ``gold`` (``-1`` / ``"UNCLUSTERED"`` =
        unclustered), a type list ``{word: set of clusters}`` (see
        :mod:`.io`; polysemous lists only at type level), or a path.
    gold_column, pred_column
        The gold tag column (``"auto"``:
        :func:`induceval.corpus.transforms.detect_gold_scheme`, UPOS, else PTB
        ``xpos``, else CHILDES tags) and the predicted cluster column of a
        Corpus prediction (default: the gold column's name, else the first of
        ``upos``, ``cpos``, ``xpos`` it has); both in the signature.
    forms
        Form codes of the tokens when ``gold`` is an array (needed for
        ``unclustered="split"`` and type-level measures).
    punct
        See the module docstring.
    unclustered, level
        ``"merge"`` or ``"split"`` (Frank et al. 2009); ``"token"``, ``"type"`` or ``"both"``.
    log_base
        ``2`` (bits) or ``"e"`` (nats) for VI, NVI and the entropies.
    beta
        V-measure weight.
    restarts, seed
        M-1 hill climbing of the type-level measures (Reichart et al. 2010, §4.1, §5.2).
    allow_identical
        Score a prediction column identical to the gold column, or the gold
        column ``form``; without it these are errors (a prediction that still
        holds the gold tags scores 1.0).
    items
        ``"sentence"`` (a Corpus gold), or an item index per token: the
        table and the type entries then carry per-item counts
        (``item_counts``) for bootstrap intervals and paired tests
        (:mod:`induceval.measures.resampling`).

    Returns
    -------
    TagEvaluation
        ``scores`` (every measure of :data:`MEASURES` at the requested level),
        ``signature`` (every option that changes a number), ``counts`` and the
        additive statistics the scores are computed from.

    Raises
    ------
    MismatchError
        When gold and prediction do not hold the same tokens.
    InducevalError
        When the input has no tokens (no score is defined).

    References
    ----------
    Frank, Goldwater & Keller (2009); Gelling et al. (2012), §2; Reichart,
    Abend & Rappoport (2010), §3-4.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=30, seed=1)
    >>> r = evaluate_tags(demo, demo, pred_column="xpos")
    >>> r.signature.split("|")[:4], round(r.scores["m1"], 4)
    (['tags', 'level:token', 'gold:upos', 'pred:xpos'], 0.9394)
    """
    return evaluate_tag_systems(
        gold, [pred], gold_column=gold_column, pred_column=pred_column,
        form_column=form_column, forms=forms, punct=punct, unclustered=unclustered,
        log_base=log_base, beta=beta, level=level, restarts=restarts, seed=seed,
        allow_identical=allow_identical, items=items).results[0]


def tag_signature(*, level: str, gold: str | None, pred: str | None, punct: str,
                  unclustered: str, log_base: float | str, beta: float, restarts: int,
                  seed: int | None) -> str:
    """The signature of :func:`evaluate_tags`: every option that changes its numbers.

    ``gold``/``pred``: the gold and predicted columns (``None`` for code arrays);
    ``log_base`` and ``beta`` count at token level, ``restarts`` and ``seed``
    at type level.

    Parameters
    ----------
    level
        ``"token"``, ``"type"`` or ``"both"``.
    gold, pred
        The gold and predicted column names, ``None`` for code arrays.
    punct
        The punctuation policy name.
    unclustered
        ``"merge"`` or ``"split"``.
    log_base, beta
        The log base and V-measure beta (token level).
    restarts, seed
        Restarts and seed of the type-level mapping search.

    Returns
    -------
    str
        The signature string, ``"tags|level:...|..."``.

    Example
    -------
    >>> tag_signature(level="token", gold="upos", pred="xpos", punct="keep",
    ...               unclustered="merge", log_base=2, beta=1.0, restarts=10,
    ...               seed=None).split("|v:")[0]
    'tags|level:token|gold:upos|pred:xpos|punct:keep|unclustered:merge|log:2|beta:1'
    """
    opts: dict = {"level": level}
    if gold is not None:
        opts["gold"] = gold
        if pred is not None:
            opts["pred"] = pred
    opts.update(punct=punct, unclustered=unclustered)
    if level != "type":
        opts.update(log=log_base, beta=beta)
    if level != "token":
        opts["restarts"] = restarts
        opts["greedy_start"] = True
    return make_signature("tags", opts,
                          seed=(DEFAULT_SEED if seed is None else seed) if level != "token"
                          else None)
