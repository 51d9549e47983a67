"""Directed, undirected and NED accuracy the PASCAL 2012 way, with breakdowns and references.

:func:`evaluate_dependencies` scores predicted heads against one or more gold
analyses of the same text in one vectorised pass:

1. gold and prediction are checked to describe the same text (sentence
   count, token count, word forms; heads inside their sentence);
2. the predicted trees are diagnosed as they come (no root, multiple roots,
   cycles, crossing edges) — counted, never rejected;
3. punctuation is removed from gold *and* prediction with the gold's mask
   (the prediction is carried as an extra head column of the gold corpus
   through :func:`induceval.corpus.transforms.remove_punctuation`, so both
   are re-attached to the nearest non-punctuation ancestor the same way);
   sentences left empty are counted and kept as zero rows;
4. the optional length filter (:func:`induceval.corpus.transforms.filter_max_length`)
   is applied, on lengths after punctuation removal (Gelling et al. 2012, Tables 8-9);
5. every reference gets per-sentence statistics, scores and breakdowns; the
   maximum over references is reported too (Gelling et al. 2012, §6.4, Table 5 "best").

A predicted head that a cycle of punctuation tokens leaves without a
non-punctuation ancestor becomes missing and counts as wrong.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3, §6.4, Tables 3, 5, 6, 8 and Figure 1.
Schwartz et al. (2011), Neutralizing linguistically problematic annotations
in unsupervised dependency parsing evaluation. ACL.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Column, Corpus
from induceval.errors import InducevalError, MismatchError, ParameterError, check_choice
from induceval.measures.dependencies.relations import TABLE6_GROUPS, group_mapper
from induceval.measures.dependencies.stats import (
    MEASURES,
    Breakdown,
    SentenceStats,
    _positions,
    check_heads,
    edge_matches,
    make_breakdown,
    sentence_stats,
    token_positions,
)
from induceval.report.tables import Table
from induceval.signature import make_signature

__all__ = [
    "BREAKDOWNS",
    "ReferenceResult",
    "DependencyResult",
    "dependency_result",
    "evaluate_dependencies",
    "punct_chain_counts",
    "evaluate_systems",
    "systems_table",
    "breakdown_table",
    "chain_heads",
]

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

_PRED = "head@__pred__"
_INDEX = "__sentence_index__"
_EDGE_BUCKETS = ("root", "1", "2", "3-6", "7+")
_EDGE_TABLE = np.array([0, 1, 2, 3, 3, 3, 3, 4])
_SENT_BUCKETS = ("0", "1-5", "6-10", "11-15", "16-20", "21-30", "31-40", "41+")
_SENT_EDGES = np.array([0, 1, 6, 11, 16, 21, 31, 41])


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


@dataclass
class DependencyResult:
    """Everything :func:`evaluate_dependencies` measured.

    Attributes
    ----------
    references
        Reference name -> :class:`ReferenceResult`, in the order given.
    scores
        ``directed``, ``undirected``, ``ned``, ``root``: the maximum over
        references, each measure separately (Gelling et al. 2012, Table 5's "best" row);
        ``tokens``/``sentences`` scored against the first reference;
        with several references also ``"<measure>[<reference>]"`` entries.
    best_reference
        Measure -> the reference giving the maximum.
    structure
        Predicted-tree diagnostics over all input sentences (see
        :mod:`induceval.corpus.trees`).
    preprocessing
        Counts: input sentences/tokens, punctuation tokens removed, sentences
        empty after removal, sentences dropped by the length filter.
    signature
        Options that change the numbers, and the version.
    """

    references: dict[str, ReferenceResult]
    scores: dict[str, float]
    best_reference: dict[str, str]
    structure: dict[str, int]
    preprocessing: dict[str, int]
    signature: str

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
            ``scores``, ``best_reference``, ``references`` (each with its
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
        """
        return {
            "scores": self.scores,
            "best_reference": self.best_reference,
            "references": {k: {"scores": r.scores,
                               "breakdowns": {b: v.rows() for b, v in r.breakdowns.items()}}
                           for k, r in self.references.items()},
            "structure": self.structure,
            "preprocessing": self.preprocessing,
            "signature": self.signature,
        }


# --------------------------------------------------------------------------- checks

def _describer(corpus: Corpus):
    sid = corpus.sentences.get("sent_id")
    doc = corpus.sentences.get("document")
    forms = corpus.tokens["form"]

    def describe(s: int, t: int) -> str:
        parts = []
        for key, col in (("sent_id", sid), ("document", doc)):
            if col is not None and col.vocab is not None and col.values[s] >= 0:
                parts.append(f"{key}={col.vocab[int(col.values[s])]}")
        text = f"sentence {s + 1}" + (f" ({', '.join(parts)})" if parts else "")
        if t > 0:
            i = int(corpus.offsets[s]) + t - 1
            if i < corpus.n_tokens:
                form = forms.vocab[int(forms.values[i])] if forms.values[i] >= 0 else None
                text += f", token {t} ({form!r})"
            else:
                text += f", token {t}"
        return text

    return describe


def _check_aligned(gold: Corpus, pred: Corpus, check_forms: bool) -> None:
    gname = f"gold {gold.name}" if gold.name else "gold"
    pname = f"prediction {pred.name}" if pred.name else "prediction"
    if gold.n_sentences != pred.n_sentences:
        raise MismatchError(f"{gname} has {gold.n_sentences} sentences but {pname} has "
                            f"{pred.n_sentences}")
    gl, pl = gold.lengths, pred.lengths
    bad = np.flatnonzero(gl != pl)
    if len(bad):
        s = int(bad[0])
        raise MismatchError(f"{_describer(gold)(s, 0)}: {gname} has {int(gl[s])} tokens but "
                            f"{pname} has {int(pl[s])}")
    if not check_forms:
        return
    gf, pf = gold.tokens["form"], pred.tokens["form"]
    if gf.vocab is pf.vocab:
        same = gf.values == pf.values
    else:
        remap = np.append(gf.vocab.encode(pf.vocab.items, add=False), -2).astype(np.int64)
        same = remap[pf.values] == gf.values
    if not same.all():
        i = int(np.flatnonzero(~same)[0])
        s = int(np.searchsorted(gold.offsets, i, side="right") - 1)
        t = i - int(gold.offsets[s]) + 1
        p = pf.vocab[int(pf.values[i])] if pf.values[i] >= 0 else None
        raise MismatchError(f"{_describer(gold)(s, t)}: {gname} has the form "
                            f"{gf.vocab[int(gf.values[i])]!r} but {pname} has {p!r} "
                            "(pass check_forms=False / --no-check-forms to ignore forms)")


def _resolve_references(gold: Corpus, references) -> list[str]:
    available = [k for k in gold.tokens if k == "head" or k.startswith("head@")]
    if references == "auto" or references is None:
        refs = available
    elif isinstance(references, str):
        refs = [references]
    else:
        refs = list(references)
    if not refs:
        raise InducevalError(f"gold corpus {gold.name or '<unnamed>'} has no head column; it "
                             f"has: {', '.join(sorted(gold.tokens))}")
    for r in refs:
        if r not in gold.tokens:
            raise InducevalError(
                f"gold corpus {gold.name or '<unnamed>'} has no reference column {r!r}; head "
                f"columns: {', '.join(available) or 'none'}")
    return refs


def _pos_column(corpus: Corpus, pos_column: str) -> str | None:
    if pos_column != "auto":
        corpus.column(pos_column)
        return pos_column
    for c in ("upos", "cpos", "xpos"):
        if c in corpus.tokens and corpus.tokens[c].vocab is not None:
            return c
    return None


# --------------------------------------------------------------------------- core

def _categorical(name: str, col: Column, m) -> Breakdown:
    labels = list(col.vocab.items) + ["_"]
    codes = np.where(col.values >= 0, col.values, len(labels) - 1)
    return make_breakdown(name, codes, labels, m)


def _breakdowns(work: Corpus, ref: str, gold_h: np.ndarray, m, which: Sequence[str],
                scheme, pos_col: str | None) -> dict[str, Breakdown]:
    out: dict[str, Breakdown] = {}
    rel_name = "deprel" + ref[len("head"):]
    rel = work.tokens.get(rel_name)
    if rel is not None and rel.vocab is not None:
        if "relation" in which:
            mapper = group_mapper(rel.vocab.items, scheme)
            index = {g: i for i, g in enumerate(TABLE6_GROUPS)}
            extra: list[str] = []
            table = []
            for lab in rel.vocab.items:
                g = mapper(lab)
                if g not in index:
                    index[g] = len(index)
                    extra.append(g)
                table.append(index[g])
            table.append(index["OTHER"])
            codes = np.asarray(table, dtype=np.int64)[rel.values]
            # ROOT follows the gold head, not the label (see relations.py)
            codes[(codes == index["ROOT"]) & (gold_h != 0)] = index["OTHER"]
            codes[gold_h == 0] = index["ROOT"]
            labels = list(TABLE6_GROUPS) + extra
            order = list(range(len(TABLE6_GROUPS) - 1)) + \
                [len(TABLE6_GROUPS) + i for i in range(len(extra))] + [len(TABLE6_GROUPS) - 1]
            out["relation"] = make_breakdown("relation", codes, labels, m, order)
        if "deprel" in which:
            out["deprel"] = _categorical("deprel", rel, m)
    if "pos" in which and pos_col is not None:
        out["pos"] = _categorical("pos", work.tokens[pos_col], m)
    if "edge-length" in which or "edge-length-exact" in which:
        _, pos1 = token_positions(work.offsets)
        dist = np.where(gold_h > 0, np.abs(pos1 - gold_h), 0)
        if "edge-length" in which:
            out["edge-length"] = make_breakdown("edge-length",
                                                _EDGE_TABLE[np.minimum(dist, 7)],
                                                _EDGE_BUCKETS, m)
        if "edge-length-exact" in which:
            top = int(dist.max()) if len(dist) else 0
            labels = ["root"] + [str(i) for i in range(1, top + 1)]
            out["edge-length-exact"] = make_breakdown("edge-length-exact", dist, labels, m)
    if "sentence-length" in which or "sentence-length-exact" in which:
        lengths = work.lengths
        tok_len = np.repeat(lengths, lengths)
        if "sentence-length" in which:
            codes = np.searchsorted(_SENT_EDGES, tok_len, side="right") - 1
            out["sentence-length"] = make_breakdown("sentence-length", codes, _SENT_BUCKETS, m)
        if "sentence-length-exact" in which:
            top = int(lengths.max()) if len(lengths) else 0
            out["sentence-length-exact"] = make_breakdown(
                "sentence-length-exact", tok_len, [str(i) for i in range(top + 1)], m)
    return out


def _pred_heads(gold: Corpus, pred, pred_column: str, check_forms: bool) -> np.ndarray:
    if isinstance(pred, Corpus):
        _check_aligned(gold, pred, check_forms)
        if pred_column not in pred.tokens or (
                pred.n_tokens and not (pred.tokens[pred_column].values >= 0).any()):
            raise InducevalError(
                f"{pred.name or 'the prediction'} has no predicted heads (column "
                f"{pred_column!r} is absent or '_' on every token): is it a tag prediction? "
                "eval deps needs a file with predicted HEADs")
        heads = pred.column(pred_column).values
        describe = _describer(pred)
    else:
        heads = np.asarray(pred)
        if heads.ndim != 1 or len(heads) != gold.n_tokens:
            raise MismatchError(f"predicted heads: {heads.shape} values for {gold.n_tokens} "
                                "gold tokens")
        describe = _describer(gold)
    return check_heads(heads, gold.offsets, "predicted head", describe)


def punct_chain_counts(heads: np.ndarray, offsets: np.ndarray,
                       punct: np.ndarray) -> dict[str, int]:
    """Kept tokens whose head chain runs only through removed (punctuation) tokens.

    Returns ``via_punct``: kept tokens whose head is a removed token (they are
    re-attached); ``via_punct_to_root``: of those, the chain reaches the root
    through removed tokens only (re-attached to the root);
    ``lost_in_punct_cycle``: the chain loops among removed tokens (the token
    is left without a head and counts as wrong).

    Example
    -------
    >>> punct_chain_counts(np.array([2, 3, 0, 5, 4]), np.array([0, 3, 5]),
    ...                    np.array([False, True, True, True, True]))
    {'via_punct': 1, 'via_punct_to_root': 1, 'lost_in_punct_cycle': 0}
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    punct = np.asarray(punct, dtype=bool)
    heads = np.asarray(heads)
    n = len(heads)
    index_t = np.int32 if n + 2 < 2**31 else np.int64
    heads = heads.astype(index_t, copy=False)
    # global index of each token's head; -1 for the root, -2 for missing
    target = np.repeat(offsets[:-1].astype(index_t), np.diff(offsets))
    target += heads
    target -= 1
    target[heads == 0] = -1
    target[(heads < 0) | (target >= n)] = -2
    # kept tokens whose head is removed, then their chains (only those) through removed tokens
    via = np.flatnonzero(~punct & (target >= 0) & punct[np.maximum(target, 0)])
    cur = target[via]
    longest = int(np.diff(offsets).max()) if len(offsets) > 1 else 0
    for _ in range(longest + 1):
        on_punct = (cur >= 0) & punct[np.maximum(cur, 0)]
        if not on_punct.any():
            break
        cur = np.where(on_punct, target[np.maximum(cur, 0)], cur)
    still = (cur >= 0) & punct[np.maximum(cur, 0)]
    return {"via_punct": len(via), "via_punct_to_root": int((cur == -1).sum()),
            "lost_in_punct_cycle": int(still.sum())}


def _evaluate_one(gold: Corpus, pred, refs: list[str], prefix: str, *, punct: str,
                  max_length: int | None, pred_column: str, check_forms: bool,
                  which: Sequence[str], scheme, pos_column: str):
    from induceval.corpus.transforms import filter_max_length, remove_punctuation

    heads = _pred_heads(gold, pred, pred_column, check_forms)
    describe = _describer(gold)
    for r in refs:
        check_heads(gold.tokens[r].values, gold.offsets, f"gold head ({r})", describe)
    work = gold.with_tokens(**{_PRED: Column(heads.astype(np.int32))}).with_sentences(
        **{_INDEX: Column(np.arange(gold.n_sentences, dtype=np.int32))})
    pre = {"input_sentences": gold.n_sentences, "input_tokens": gold.n_tokens}
    from induceval.corpus.trees import sentence_cycles

    _, pos = _positions(gold.offsets)
    for r in refs:
        gh = gold.tokens[r].values
        suffix = "" if r == "head" else f"[{r}]"
        pre[f"gold_cycles{suffix}"] = int(sentence_cycles(gh, gold.offsets).sum())
        pre[f"gold_self_loops{suffix}"] = int((gh == pos).sum())
    del pos
    chain = None
    if punct != "keep":
        from induceval.corpus.transforms import punctuation_mask

        chain = punct_chain_counts(heads, gold.offsets, punctuation_mask(gold, punct))
        work = remove_punctuation(work, punct)
    pre["punctuation_removed"] = gold.n_tokens - work.n_tokens
    pre["empty_after_punctuation"] = int(((work.lengths == 0) & (gold.lengths > 0)).sum())
    pre["empty_sentences"] = int((work.lengths == 0).sum())
    if max_length is not None:
        before = work.n_sentences
        work = filter_max_length(work, max_length)
        pre["dropped_by_length"] = before - work.n_sentences
    pre["scored_sentences"] = work.n_sentences
    if chain is not None:
        pre.update({f"pred_{k}": v for k, v in chain.items()})
    pred_h = work.tokens[_PRED].values
    index = work.sentences[_INDEX].values.astype(np.int64)
    pos_col = _pos_column(work, pos_column)
    out = {}
    for r in refs:
        gold_h = work.tokens[r].values
        m = edge_matches(gold_h, pred_h, work.offsets)
        stats = sentence_stats(m, work.offsets, index)
        bds = _breakdowns(work, r, gold_h, m, which, scheme, pos_col)
        out[prefix + r] = ReferenceResult(prefix + r, stats, bds)
    return out, pre, heads


def evaluate_dependencies(gold: Corpus | Sequence[Corpus], pred: Corpus | np.ndarray, *,
                          references: str | Sequence[str] = ("head",), punct: str = "upos",
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
        of predicted heads aligned with the gold tokens.  Trees are taken as
        they come: multiple roots, cycles, crossing edges are scored and
        counted in ``result.structure``.
    references
        Gold head columns to score against, e.g. ``("head", "head@xgrt")``
        for Eve's ``%gra`` and ``%xgrt``; ``"auto"`` takes every ``head`` /
        ``head@NAME`` column.
    punct
        Punctuation policy (``"upos"``, ``"tags:A,B"``, ``"unicode"``,
        ``"keep"``), applied with the *gold* corpus's columns to gold and
        prediction alike, with re-attachment (Gelling et al. 2012, §2.3).
    max_length
        Keep sentences of at most this many tokens after punctuation removal
        (Gelling et al. 2012 uses 10); ``None`` keeps all.
    pred_column
        The head column of ``pred``.
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
        Count roots, cycles and crossing edges of the predicted trees.

    Returns
    -------
    DependencyResult

    Raises
    ------
    MismatchError
        Sentence count, token count or a word form differs (naming the sentence and token).
    InducevalError
        A head is outside its sentence or not an integer (naming the sentence and token).

    References
    ----------
    Gelling et al. (2012), §2.3 and §6.4; Schwartz et al. (2011).
    """
    golds = [gold] if isinstance(gold, Corpus) else list(gold)
    if not golds:
        raise ParameterError("evaluate_dependencies needs at least one gold corpus")
    from induceval.corpus.transforms import check_punct_policy
    check_punct_policy(punct)
    if max_length is not None:
        from induceval.errors import check_range
        check_range("max_length", max_length, 1)
    for b in breakdowns:
        check_choice("breakdown", b, BREAKDOWNS)
    refs_all: dict[str, ReferenceResult] = {}
    preprocessing: dict[str, int] = {}
    heads = None
    ref_names: list[str] = []
    for gi, g in enumerate(golds):
        refs = _resolve_references(g, references)
        prefix = "" if len(golds) == 1 else f"{g.name or f'gold{gi + 1}'}:"
        res, pre, heads = _evaluate_one(
            g, pred, refs, prefix, punct=punct, max_length=max_length, pred_column=pred_column,
            check_forms=check_forms, which=breakdowns, scheme=relation_scheme,
            pos_column=pos_column)
        for k in res:
            if k in refs_all:
                raise ParameterError(f"two references are named {k!r}; give the gold corpora "
                                     "distinct names")
        refs_all.update(res)
        ref_names += list(res)
        if gi == 0:
            preprocessing = pre
    structure: dict[str, int] = {}
    if diagnostics and heads is not None:
        from induceval.corpus.trees import tree_diagnostics
        structure = tree_diagnostics(heads, golds[0].offsets)
        for k in ("pred_via_punct", "pred_via_punct_to_root", "pred_lost_in_punct_cycle"):
            if k in preprocessing:
                structure[k[5:]] = preprocessing.pop(k)
    sig = make_signature("deps", {
        "punct": punct,
        "max_length": max_length,
        "refs": ref_names,
    })
    return dependency_result(refs_all, structure, preprocessing, sig)


def dependency_result(references: dict[str, ReferenceResult], structure: dict[str, int],
                      preprocessing: dict[str, int], signature: str) -> DependencyResult:
    """The :class:`DependencyResult` of per-reference statistics: the maximum of each
    measure over the references, the first reference's token and sentence counts.

    Used by :func:`evaluate_dependencies` and by the per-file sums of
    :mod:`induceval.measures.sharded` (statistics of several files concatenated).

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
        if vals:
            top = max(vals, key=lambda x: x[0])
            scores[measure], best[measure] = top
        else:
            scores[measure], best[measure] = float("nan"), ref_names[0]
    first = per_ref[ref_names[0]]
    scores["tokens"] = first["tokens"]
    scores["sentences"] = first["sentences"]
    if len(per_ref) > 1:
        for k, v in per_ref.items():
            for measure in MEASURES:
                scores[f"{measure}[{k}]"] = v[measure]
    return DependencyResult(references, scores, best, structure, preprocessing, signature)


# --------------------------------------------------------------------------- tables

def systems_table(results: Mapping[str, DependencyResult], *, title: str = "",
                  measures: Sequence[str] = ("directed", "undirected", "ned", "root"),
                  percent: bool = False) -> Table:
    """One row per system, the shape of Gelling et al. 2012, Table 3 (transposed: systems as rows).

    With several references, the main columns hold the maximum over
    references and ``directed[REF]`` columns give each reference (Gelling et al. 2012, Table 5).
    """
    rows = []
    columns = ["system"] + list(measures)
    extra: list[str] = []
    for name, r in results.items():
        k = 100.0 if percent else 1.0
        row: dict = {"system": name}
        for m in measures:
            row[m] = r.scores[m] * k
        if len(r.references) > 1:
            for ref in r.references:
                col = f"directed[{ref}]"
                row[col] = r.scores[f"directed[{ref}]"] * k
                if col not in extra:
                    extra.append(col)
        row["tokens"] = r.scores["tokens"]
        row["sentences"] = r.scores["sentences"]
        rows.append(row)
    columns += extra + ["tokens", "sentences"]
    notes = []
    if results:
        first = next(iter(results.values()))
        notes.append(f"signature: {first.signature}")
        notes.append("preprocessing: " + ", ".join(f"{k}={v}" for k, v in
                                                   first.preprocessing.items()))
        for name, r in results.items():
            if r.structure:
                notes.append(f"{name} trees: " + ", ".join(f"{k}={v}" for k, v in
                                                         r.structure.items()))
    hib = {c: True for c in columns if c not in ("system", "tokens", "sentences")}
    return Table(columns, rows, higher_is_better=hib, title=title, notes=notes,
                 digits=1 if percent else 4)


def breakdown_table(results: Mapping[str, DependencyResult], by: str, *,
                    measure: str = "directed", reference: str | None = None,
                    title: str = "") -> Table:
    """A breakdown as a table.

    One system: a row per group with tokens and all three measures.  Several
    systems: a row per system and a column per group holding ``measure``
    (the shape of Gelling et al. 2012, Table 6).
    """
    check_choice("measure", measure, ("directed", "undirected", "ned"))
    items = list(results.items())
    if len(items) == 1:
        name, r = items[0]
        b = r.breakdown(by, reference)
        rows = b.rows()
        return Table([by, "tokens", "directed", "undirected", "ned"], rows,
                     title=title or f"{name}: accuracy by {by}",
                     notes=[f"signature: {r.signature}"])
    labels: list[str] = []
    for _, r in items:
        for lab in r.breakdown(by, reference).labels:
            if lab not in labels:
                labels.append(lab)
    rows = []
    for name, r in items:
        b = r.breakdown(by, reference)
        row = {"system": name}
        row.update({lab: b.score(lab, measure) for lab in labels})
        rows.append(row)
    first = items[0][1]
    return Table(["system"] + labels, rows, higher_is_better={lab: True for lab in labels},
                 title=title or f"{measure} accuracy by {by}",
                 notes=[f"signature: {first.signature}"])


def evaluate_systems(gold: Corpus | Sequence[Corpus], systems: Mapping[str, Corpus | np.ndarray],
                     **options) -> Table:
    """Score several systems against the same gold; one row per system (Gelling et al.
    2012, Table 3).

    ``options`` are those of :func:`evaluate_dependencies`.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> t = evaluate_systems(g, {"LB": chain_heads(g, "right"), "RB": chain_heads(g, "left")},
    ...                      punct="keep")
    >>> [(r["system"], round(r["directed"], 3)) for r in t.rows]
    [('LB', 0.333), ('RB', 0.333)]
    """
    results = {name: evaluate_dependencies(gold, p, **options) for name, p in systems.items()}
    return systems_table(results)


def chain_heads(corpus: Corpus, head_side: str = "left") -> np.ndarray:
    """Chain baselines: every word headed by its left (or right) neighbour.

    ``head_side="left"``: word ``i`` is headed by ``i - 1`` and the first word
    is the root — PASCAL 2012's **RB** (right-branching: the tree grows to the
    right, ``[w1 [w2 [w3 w4]]]``).  ``head_side="right"``: word ``i`` is headed
    by ``i + 1`` and the last word is the root — PASCAL's **LB**.  This
    reading of Gelling et al. 2012, §4 is checked against their Table 6: LB scores 40.1 on SBJ
    and 41.9 on NMOD in English, where subjects, determiners and adjectives
    precede their heads, and RB 26.2 on OBJ, where objects follow the verb.

    Built over all tokens: after punctuation removal with re-attachment the
    chain over the remaining words is the same chain.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc")}); b.add_sentence({"form": ["d"]})
    >>> c = b.build()
    >>> chain_heads(c, "left").tolist(), chain_heads(c, "right").tolist()
    ([0, 1, 2, 0], [2, 3, 0, 0])
    """
    check_choice("head_side", head_side, ("left", "right"))
    lengths = corpus.lengths
    _, pos1 = token_positions(corpus.offsets)
    if head_side == "left":
        return (pos1 - 1).astype(np.int32)
    size = np.repeat(lengths, lengths)
    return np.where(pos1 == size, 0, pos1 + 1).astype(np.int32)
