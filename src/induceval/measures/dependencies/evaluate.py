"""Directed, undirected and NED accuracy the PASCAL 2012 way, with breakdowns and references.

:func:`evaluate_dependencies` scores predicted heads against one or more gold
analyses of the same text in one vectorised pass.  The predicted trees as
scored (punctuation removed, length filter applied) are diagnosed (no root,
several roots, cycles, crossing edges), never rejected;
punctuation is removed from gold *and* prediction with the gold's mask, both
re-attached to the nearest non-punctuation ancestor (a predicted head that a
cycle of punctuation leaves without one counts as wrong; sentences left empty
are kept as zero rows); the length filter applies after punctuation removal
(Gelling et al. 2012, Tables 8-9).  The maximum over references is reported
too (Gelling et al. 2012, §6.4, Table 5 "best").

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3, §6.4, Tables 3, 5, 6, 8 and Figure 1.
Schwartz et al. (2011), Neutralizing linguistically problematic annotations
in unsupervised dependency parsing evaluation. ACL.

Example
-------
>>> from induceval.corpus.model import Column, CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["the", "dog", "barks", "."], "upos": ["DET", "NOUN", "VERB", "PUNCT"],
...                 "head": [2, 3, 0, 3], "deprel": ["det", "nsubj", "root", "punct"]})
>>> gold = b.build()
>>> pred = gold.with_tokens(head=Column(np.array([0, 1, 2, 3], dtype=np.int32)))
>>> r = evaluate_dependencies(gold, pred)
>>> r.scores["directed"], r.scores["undirected"], r.scores["tokens"]
(0.0, 0.6666666666666666, 3)
>>> r.signature.split("|v:")[0]
'deps|punct:upos|max_length:none|refs:head'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import ParameterError, check_choice
from induceval.measures.dependencies.scoring import (
    DependencyStatistics,
    dependency_statistics,
    order_breakdowns,
)
from induceval.measures.dependencies.stats import (
    MEASURES,
    RECORDS,
    Breakdown,
    SentenceStats,
    dependency_items,
)
from induceval.measures.layouts import LAYOUTS, Layout, detect_layout, read_layout
from induceval.measures.result import Result
from induceval.measures.shards import (
    Evaluation,
    ReadOptions,
    evaluate_shards,
    label_inventory,
    shards_of,
    system_names,
)
from induceval.signature import make_signature

__all__ = ["BREAKDOWNS", "DEPS", "ReferenceResult", "DependencyResult", "dependency_result",
           "evaluate_dependencies", "evaluate_dependency_systems"]

#: Breakdown names computed by :func:`evaluate_dependencies`.
BREAKDOWNS: tuple[str, ...] = (
    "relation",               # Gelling et al. 2012, Table 6 groups (ROOT by gold head 0)
    "deprel",                 # the gold label as it is (per UD relation on UD data)
    "pos",                    # gold POS of the dependent
    "edge-length",            # gold edge length: root, 1, 2, 3-6, 7+
    "edge-length-exact",      # root, 1, 2, 3, ... (Gelling et al. 2012, Figure 1)
    "sentence-length",        # 1-5, 6-10, 11-15, 16-20, 21-30, 31-40, 41+
    "sentence-length-exact",
)

@dataclass
class ReferenceResult:
    """Scores of a prediction against one gold reference.

    Attributes
    ----------
    name
        The reference (head column, prefixed by the gold corpus's label when
        several gold corpora are given).
    stats
        Per-sentence statistics (:data:`~induceval.measures.dependencies.stats.STAT_COLUMNS`).
    breakdowns
        Breakdown name -> :class:`~induceval.measures.dependencies.stats.Breakdown`.
    """

    name: str
    stats: SentenceStats
    breakdowns: dict[str, Breakdown] = field(default_factory=dict)

    @property
    def scores(self) -> dict[str, float]:
        """``directed``, ``undirected``, ``ned`` and ``root`` against this
        reference, with the ``tokens`` scored and the ``sentences`` kept."""
        out: dict = self.stats.scores()
        out["tokens"] = int(self.stats.column("tokens").sum())
        out["sentences"] = len(self.stats)
        return out


@dataclass(repr=False)
class DependencyResult(Result):
    """Everything :func:`evaluate_dependencies` measured (a :class:`Result`).

    Attributes
    ----------
    scores
        ``directed``, ``undirected``, ``ned``, ``root``: the maximum over
        references, each measure separately (Gelling et al. 2012, Table 5's "best" row);
        ``tokens``/``sentences`` scored against the first reference;
        with several references also ``"<measure>[<reference>]"`` entries.
    counts, statistics
        ``preprocessing`` then ``structure``; the
        :class:`~induceval.measures.dependencies.scoring.DependencyStatistics`.
    references
        Reference name -> :class:`ReferenceResult`, in the order given.
    best_reference
        Measure -> the reference giving the maximum.
    structure
        Diagnostics of the predicted trees scored: after punctuation removal
        and re-attachment, over the sentences the length filter keeps (see
        :mod:`induceval.corpus.trees`).
    preprocessing
        Counts: input sentences/tokens, punctuation tokens removed, sentences
        empty after removal, sentences dropped by the length filter.
    """

    references: dict[str, ReferenceResult] = field(default_factory=dict)
    best_reference: dict[str, str] = field(default_factory=dict)
    structure: dict[str, int] = field(default_factory=dict)
    preprocessing: dict[str, int] = field(default_factory=dict)

    def reference(self, name: str | None = None) -> ReferenceResult:
        """One reference's result (the first when ``name`` is None)."""
        if name is None:
            return next(iter(self.references.values()))
        try:
            return self.references[name]
        except KeyError:
            raise ParameterError(f"no reference {name!r}; have: "
                                 f"{', '.join(self.references)}") from None

    def breakdown(self, by: str, reference: str | None = None) -> Breakdown:
        """A breakdown (see :data:`BREAKDOWNS`) against one reference (default: the first)."""
        ref = self.reference(reference)
        if by not in ref.breakdowns:
            raise ParameterError(f"breakdown {by!r} not computed for {ref.name}; have: "
                                 f"{', '.join(ref.breakdowns) or 'none'}")
        return ref.breakdowns[by]

    def to_dict(self) -> dict:
        """The result as plain JSON-ready data (what ``eval deps --format json`` writes).

        Returns
        -------
        dict
            ``system`` (the name, ``None`` without one), ``scores``,
            ``best_reference``, ``references`` (each with its
            ``scores`` and its breakdowns as lists of rows), ``structure``,
            ``preprocessing`` and ``signature``.  Scores without tokens are
            ``nan`` here; the CLI writes them as ``null``.

        Example
        -------
        >>> from induceval.corpus.model import CorpusBuilder
        >>> b = CorpusBuilder()
        >>> b.add_sentence({"form": ["dogs", "bark"], "upos": ["NOUN", "VERB"],
        ...                 "head": [2, 0]})
        >>> gold = b.build()
        >>> d = evaluate_dependencies(gold, gold).to_dict()
        >>> d["scores"]["directed"], sorted(d)[:3]
        (1.0, ['best_reference', 'preprocessing', 'references'])
        >>> repr(evaluate_dependencies(gold, gold)).split(", signature=")[0]
        "DependencyResult(system='system1', directed=1, undirected=1, ned=1, root=1, tokens=2, \
sentences=1"

        """
        return {
            "system": self.name or None,
            "scores": self.scores,
            "best_reference": self.best_reference,
            "references": {k: {"scores": r.scores,
                               "breakdowns": {b: v.rows() for b, v in r.breakdowns.items()}}
                           for k, r in self.references.items()},
            "structure": self.structure,
            "preprocessing": self.preprocessing,
            "signature": self.signature,
        }


class _DependencyFamily:
    """The dependency measures for :func:`~induceval.measures.shards.evaluate_shards`."""

    name = "deps"
    measures = RECORDS

    def options(self, references="auto", punct="auto", max_length=None,
                pred_column="head", breakdowns=BREAKDOWNS, relation_scheme="auto",
                pos_column="auto", check_forms=True, diagnostics=True, gold_name=None) -> dict:
        """Every option of :func:`evaluate_dependencies`, checked, with its default."""
        from induceval.corpus.transforms import check_punct_policy
        from induceval.errors import check_range

        check_punct_policy(punct)
        if max_length is not None:
            check_range("max_length", max_length, 1)
        for b in breakdowns:
            check_choice("breakdown", b, BREAKDOWNS)
        return dict(references=references, punct=punct, max_length=max_length,
                    pred_column=pred_column, breakdowns=tuple(breakdowns),
                    relation_scheme=relation_scheme, pos_column=pos_column,
                    check_forms=check_forms, diagnostics=diagnostics, gold_name=gold_name)

    def inventory(self, golds, options) -> dict:
        out: dict = {}
        for gi, g in enumerate(golds):
            prefix = "" if len(golds) == 1 else f"{g.name or f'gold{gi + 1}'}:"
            counted = [c for c in g.tokens if c.startswith("deprel")
                       or c in ("upos", "xpos", "cpos")]
            out.update({prefix + k: v for k, v in label_inventory(g, counted).items()})
            if gi == 0 and prefix:   # the first gold's tags detect the punctuation
                out.update(label_inventory(g, ("upos", "xpos", "cpos")))
        return out

    def resolve(self, inventory: dict, options: Mapping) -> dict:
        punct = options["punct"]
        if punct == "auto":
            from induceval.corpus.transforms.punct import gold_scheme_from_counts

            punct = gold_scheme_from_counts({c: inventory[c] for c in ("upos", "xpos", "cpos")
                                             if c in inventory}).punct
        schemes: dict = {}
        if "relation" in options["breakdowns"]:
            from induceval.measures.dependencies.relations import detect_scheme

            scheme = options["relation_scheme"]
            for column in inventory:
                name = column.rpartition(":")[2]
                if name == "head" or name.startswith("head@"):
                    labels = inventory.get(column[:len(column) - len(name)] + "deprel"
                                           + name[len("head"):], {})
                    schemes[column] = (scheme if scheme != "auto" else
                                       detect_scheme(list(labels)) if labels else None)
        return {"punct": punct, "schemes": schemes}

    def statistics(self, golds, preds, resolved: Mapping, options: Mapping) -> list:
        return [dependency_statistics(
            golds, pred.values(golds[0]) if isinstance(pred, Layout) else pred,
            references=options["references"], punct=resolved["punct"],
            max_length=options["max_length"], pred_column=options["pred_column"],
            breakdowns=options["breakdowns"], schemes=resolved["schemes"],
            pos_column=options["pos_column"], check_forms=options["check_forms"],
            diagnostics=options["diagnostics"]) for pred in preds]

    def result(self, stats: DependencyStatistics, resolved: Mapping, options: Mapping,
               inventory: dict) -> DependencyResult:
        refs = {}
        for name, st in stats.references.items():
            prefix = name[:name.index(":") + 1] if ":" in name else ""
            reference = name[len(prefix):]
            relations = tuple(inventory.get(prefix + "deprel" + reference[len("head"):], ()))
            pos_column = options["pos_column"]
            if pos_column == "auto":
                pos_column = next((c for c in ("upos", "cpos", "xpos")
                                   if inventory.get(prefix + c)), "upos")
            pos = tuple(inventory.get(prefix + pos_column, ()))
            refs[name] = ReferenceResult(name, st, order_breakdowns(
                stats.breakdowns[name], relations=relations, pos=pos,
                scheme=resolved["schemes"].get(name) or "auto"))
        sig = make_signature("deps", {"punct": resolved["punct"],
                                      "max_length": options["max_length"],
                                      "refs": list(refs)})
        return dependency_result(refs, stats.structure, stats.preprocessing, sig, stats)

    def items(self, statistics: DependencyStatistics, options: Mapping):
        """The per-sentence rows of the first reference (:func:`dependency_items`)."""
        return dependency_items(next(iter(statistics.references.values())))

    def reads_itself(self, paths: tuple, fmt: str) -> bool:
        if LAYOUTS.get(fmt) == "tags" or fmt == "types":
            raise ParameterError(f"--pred-format {fmt} is read by eval tags; eval deps reads "
                                 "heads (pred_formats=)")
        return fmt == "heads" or (fmt == "auto" and detect_layout(paths, "deps") == "heads")

    def read_prediction(self, paths: tuple, fmt: str) -> Layout:
        return read_layout(paths, "heads", detected=fmt == "auto")


#: the dependency measures as a family of :mod:`induceval.measures.shards`
DEPS = _DependencyFamily()


def evaluate_dependencies(gold: Corpus | Sequence[Corpus], pred: Corpus | np.ndarray, *,
                          references: str | Sequence[str] = "auto", punct: str = "auto",
                          max_length: int | None = None, pred_column: str = "head",
                          breakdowns: Sequence[str] = BREAKDOWNS,
                          relation_scheme: str | Mapping[str, str] = "auto",
                          pos_column: str = "auto", check_forms: bool = True,
                          diagnostics: bool = True) -> DependencyResult:
    """Score predicted dependency heads: directed, undirected, NED and root accuracy.

    Parameters
    ----------
    gold
        The gold corpus, or several gold corpora of the same text (several
        conversions of one treebank); every head column in ``references`` of
        every gold corpus is a reference.
    pred
        The predicted corpus (same sentences, tokens and forms), or an array
        of predicted heads aligned with the gold tokens.
    references
        Gold head columns to score against, e.g. ``("head", "head@xgrt")``
        for Eve's ``%gra`` and ``%xgrt``; ``"auto"`` (default, as ``eval deps``)
        takes every ``head`` / ``head@NAME`` column.
    punct
        Punctuation policy (``"auto"``, the default of ``eval deps`` too:
        decided from the gold's tag columns by
        :func:`induceval.corpus.transforms.detect_gold_scheme`, named in the
        result; ``"upos"``, ``"tags:A,B"``, ``"unicode"``, ``"keep"``),
        applied with the *gold* corpus's columns to gold and prediction alike,
        with re-attachment (Gelling et al. 2012, §2.3).
    max_length
        Keep sentences of at most this many tokens after punctuation removal
        (Gelling et al. 2012 uses 10); ``None`` keeps all.
    breakdowns
        Which of :data:`BREAKDOWNS` to compute (all by default; ``()`` for none).
    relation_scheme
        Map of gold labels to Gelling et al. 2012, Table 6 groups: ``"auto"``, ``"ud"``,
        ``"childes"``, ``"conll"``, or a dict (see
        :mod:`induceval.measures.dependencies.relations`).
    pos_column
        Gold POS column of the ``pos`` breakdown (``"auto"``: upos, else cpos, else xpos).
    check_forms
        Require identical word forms in gold and prediction.
    diagnostics
        Count roots, cycles and crossing edges of the predicted trees
        (``result.structure``).

    Returns
    -------
    DependencyResult
        ``scores`` (``directed``, ``undirected``, ``ned``, ``root``, with the
        numbers of scored tokens and sentences), the breakdowns, the
        predicted trees' structure and a signature.

    Raises
    ------
    MismatchError
        Sentence count, token count or a word form differs (naming the sentence and token).
    InducevalError
        A head is outside its sentence or not an integer (naming the sentence and token).

    References
    ----------
    Gelling et al. (2012), §2.3 and §6.4; Schwartz et al. (2011).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.models.dependencies import induce_dependencies
    >>> demo = generate_demo_corpus(n_sentences=30, seed=1)
    >>> rb = induce_dependencies(demo, "rb").corpus
    >>> s = evaluate_dependencies(demo, rb, punct="upos").scores
    >>> round(s["directed"], 4), s["ned"] >= s["undirected"] >= s["directed"]
    (0.1616, True)
    """
    golds = [gold] if isinstance(gold, Corpus) else list(gold)
    return evaluate_dependency_systems(
        golds, [pred], references=references, punct=punct, max_length=max_length,
        pred_column=pred_column, breakdowns=breakdowns, relation_scheme=relation_scheme,
        pos_column=pos_column, check_forms=check_forms, diagnostics=diagnostics).results[0]


def evaluate_dependency_systems(golds: Sequence, preds: Sequence, *,
                                names: Sequence[str] | None = None,
                                read: ReadOptions | None = None, gold_names=None,
                                executor=None, jobs: int = 1, group_bytes: int | None = None,
                                **options) -> Evaluation:
    """Score several systems' heads against the same gold analyses, in one pass over them.

    ``golds`` (one per gold reference: several conversions of one text) and
    each of ``preds`` are what :func:`evaluate_dependencies` takes, or paths
    read as in :func:`~induceval.measures.categories.evaluate.evaluate_tag_systems`.

    Parameters
    ----------
    names, read, executor, jobs, group_bytes
        As in :func:`~induceval.measures.categories.evaluate.evaluate_tag_systems`
        (``names``: the systems', default their file stems).
    gold_names
        Names of several gold references (default: their corpus names).
    **options
        Those of :func:`evaluate_dependencies`.

    Returns
    -------
    Evaluation
        One :class:`DependencyResult` per system, by name (``ev["DMV"]``);
        ``resolved``: ``punct`` and the relation ``schemes`` as detected.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=30, seed=1)
    >>> ev = evaluate_dependency_systems([demo], [demo, demo], punct="auto",
    ...                                  names=["DMV", "LB"])
    >>> ev.resolved["punct"], ev["LB"].scores["directed"]
    ('upos', 1.0)
    """
    opts = DEPS.options(**options)
    if opts["gold_name"] is None and golds and isinstance(golds[0], (str, os.PathLike)):
        opts["gold_name"] = str(golds[0])
    names = system_names(preds, names)
    shards = shards_of(list(golds), list(preds), read or ReadOptions(),
                       gold_names=gold_names, group_bytes=group_bytes)
    return evaluate_shards(DEPS, shards, opts, executor=executor, jobs=jobs, names=names)


def dependency_result(references: dict[str, ReferenceResult], structure: dict[str, int],
                      preprocessing: dict[str, int], signature: str,
                      statistics: DependencyStatistics | None = None) -> DependencyResult:
    """The :class:`DependencyResult` of per-reference statistics: the maximum of each
    measure over the references, the first reference's token and sentence counts.

    Parameters
    ----------
    references
        Reference name -> its :class:`ReferenceResult`.
    structure
        Diagnostics of the predicted trees as scored
        (:func:`~induceval.corpus.trees.tree_diagnostics`), reported as they are.
    preprocessing
        Counts of the preprocessing (punctuation removed, sentences over the
        length limit), reported as they are.
    signature
        The result's signature.
    statistics
        The summed statistics, kept for resampling, or ``None``.

    Returns
    -------
    DependencyResult
        The scores (the maximum over the references), counts and signature.

    Example
    -------
    >>> from induceval.measures.dependencies.stats import SentenceStats
    >>> ref = ReferenceResult("head", SentenceStats(np.array([[2, 1, 2, 2, 1, 1]])))
    >>> dependency_result({"head": ref}, {}, {}, "deps").scores["directed"]
    0.5
    """
    scores: dict = {}
    best: dict[str, str] = {}
    ref_names = list(references)
    per_ref = {k: r.scores for k, r in references.items()}
    for measure in MEASURES:
        vals = [(v[measure], k) for k, v in per_ref.items() if not np.isnan(v[measure])]
        scores[measure], best[measure] = (max(vals, key=lambda x: x[0]) if vals
                                          else (float("nan"), ref_names[0]))
    first = per_ref[ref_names[0]]
    scores.update(tokens=first["tokens"], sentences=first["sentences"])
    if len(per_ref) > 1:
        for k, v in per_ref.items():
            for measure in MEASURES:
                scores[f"{measure}[{k}]"] = v[measure]
    return DependencyResult(scores, signature, {**preprocessing, **structure}, statistics,
                            DEPS, {}, references=references, best_reference=best,
                            structure=structure, preprocessing=preprocessing)
