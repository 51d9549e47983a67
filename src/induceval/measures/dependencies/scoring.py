"""The statistics of dependency accuracy on one part of a text (a shard).

:func:`dependency_statistics` checks a prediction against the gold analyses
(same sentences, tokens and forms; heads inside their sentence), removes
punctuation from both with re-attachment, applies the length filter, and
counts per sentence and per breakdown group what every dependency measure is
a ratio of (:mod:`induceval.measures.dependencies.stats`).
:class:`DependencyStatistics` is additive: ``+`` appends the next part's
sentences (indices renumbered) and sums groups and counts;
:func:`order_breakdowns` puts the groups of a sum in the whole corpus's order.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3, §6.4, Table 6 and Figure 1.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["dogs", "bark"], "upos": ["NOUN", "VERB"], "head": [2, 0]})
>>> gold = b.build()
>>> s = dependency_statistics([gold], gold, punct="keep")
>>> (s + s).references["head"].rows.tolist(), (s + s).references["head"].sentence_index
([[2, 2, 2, 2, 1, 1], [2, 2, 2, 2, 1, 1]], array([0, 1]))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from induceval.corpus.model import Column, Corpus
from induceval.errors import InducevalError, MismatchError, ParameterError
from induceval.measures.dependencies.relations import TABLE6_GROUPS, group_mapper
from induceval.measures.dependencies.stats import (
    Breakdown,
    SentenceStats,
    check_heads,
    edge_matches,
    make_breakdown,
    sentence_stats,
    token_positions,
)

__all__ = ["DependencyStatistics", "dependency_statistics", "order_breakdowns",
           "punct_chain_counts", "pos_column_of", "references_of"]

_PRED = "head@__pred__"
_INDEX = "__sentence_index__"
_EDGE_BUCKETS = ("root", "1", "2", "3-6", "7+")
_EDGE_TABLE = np.array([0, 1, 2, 3, 3, 3, 3, 4])
_SENT_BUCKETS = ("0", "1-5", "6-10", "11-15", "16-20", "21-30", "31-40", "41+")
_SENT_EDGES = np.array([0, 1, 6, 11, 16, 21, 31, 41])


@dataclass
class DependencyStatistics:
    """One system's dependency statistics over some sentences (additive).

    Attributes
    ----------
    references
        Reference name -> per-sentence statistics (sentence indices into the
        input sentences, scored ones only).
    breakdowns
        Reference name -> breakdown name -> counts per group.
    structure
        Diagnostics of the predicted trees (counts).
    preprocessing
        Counts of the preprocessing (input sizes, punctuation removed...).
    n_sentences
        Input sentences covered.
    """

    references: dict[str, SentenceStats]
    breakdowns: dict[str, dict[str, Breakdown]]
    structure: dict[str, int]
    preprocessing: dict[str, int]
    n_sentences: int

    def __add__(self, other: DependencyStatistics) -> DependencyStatistics:
        """The statistics of this part followed by ``other``."""
        if not isinstance(other, DependencyStatistics):
            return NotImplemented
        if list(self.references) != list(other.references):
            raise InducevalError(f"parts scored against different references "
                                 f"({', '.join(self.references)} vs "
                                 f"{', '.join(other.references)}): are all the files of one "
                                 "format?")
        refs = {k: SentenceStats(np.concatenate([s.rows, other.references[k].rows]),
                                 np.concatenate([s.sentence_index, np.asarray(
                                     other.references[k].sentence_index) + self.n_sentences]))
                for k, s in self.references.items()}
        bds = {}
        for k, mine in self.breakdowns.items():
            theirs = other.breakdowns[k]
            bds[k] = {by: mine[by] + theirs[by] if by in mine and by in theirs
                      else mine.get(by) or theirs[by]
                      for by in dict.fromkeys([*mine, *theirs])}
        return DependencyStatistics(refs, bds, _add_counts(self.structure, other.structure),
                                    _add_counts(self.preprocessing, other.preprocessing),
                                    self.n_sentences + other.n_sentences)


def _add_counts(a: dict, b: dict) -> dict:
    return {k: a.get(k, 0) + b.get(k, 0) for k in {**a, **b}}


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


def references_of(gold: Corpus, references) -> list[str]:
    """The gold's head columns to score against: ``"auto"``/``None`` every ``head``
    and ``head@NAME`` column, else the given ones (each must exist).

    Parameters
    ----------
    gold
        The gold corpus.
    references
        ``"auto"``/``None``, a column name or a sequence of them.

    Returns
    -------
    list of str
        The head columns to score against.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> references_of(generate_demo_corpus(n_sentences=20, seed=1), "auto")
    ['head']
    """
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


def pos_column_of(corpus: Corpus, pos_column: str) -> str | None:
    """The POS column of the ``pos`` breakdown: the given one, or (``"auto"``) the
    first of ``upos``, ``cpos``, ``xpos`` with labels.

    Parameters
    ----------
    corpus
        The gold corpus.
    pos_column
        A column name, or ``"auto"``.

    Returns
    -------
    str or None
        The column, ``None`` when ``"auto"`` finds none with labels.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> pos_column_of(generate_demo_corpus(n_sentences=20, seed=1), "auto")
    'upos'
    """
    if pos_column != "auto":
        corpus.column(pos_column)
        return pos_column
    for c in ("upos", "cpos", "xpos"):
        if c in corpus.tokens and corpus.tokens[c].vocab is not None:
            return c
    return None


# --------------------------------------------------------------------------- core

def _relation_groups(labels: Sequence, scheme) -> tuple[list[str], list[str]]:
    """Each label's Table 6 group, and the groups in display order (Table 6's, then the
    others in order of first appearance, ``OTHER`` last)."""
    mapper = group_mapper(list(labels), scheme)
    groups = [mapper(lab) for lab in labels]
    return groups, [*TABLE6_GROUPS[:-1], *dict.fromkeys(g for g in groups
                                                        if g not in TABLE6_GROUPS),
                    TABLE6_GROUPS[-1]]


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
            groups, order = _relation_groups(rel.vocab.items, scheme)
            index = {g: i for i, g in enumerate(order)}
            codes = np.asarray([index[g] for g in groups] + [index["OTHER"]],
                               dtype=np.int64)[rel.values]
            # ROOT follows the gold head, not the label (see relations.py)
            codes[(codes == index["ROOT"]) & (gold_h != 0)] = index["OTHER"]
            codes[gold_h == 0] = index["ROOT"]
            out["relation"] = make_breakdown("relation", codes, order, m)
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

    Parameters
    ----------
    heads
        Gold heads of every token (1-based within its sentence, 0 = root).
    offsets
        Sentence start offsets, with the total as the last entry.
    punct
        ``True`` for the removed tokens.

    Returns
    -------
    dict of str to int
        ``via_punct``, ``via_punct_to_root`` and ``lost_in_punct_cycle``.

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
                  which: Sequence[str], schemes: Mapping, pos_column: str):
    from induceval.corpus.transforms import filter_max_length, remove_punctuation

    heads = _pred_heads(gold, pred, pred_column, check_forms)
    describe = _describer(gold)
    for r in refs:
        check_heads(gold.tokens[r].values, gold.offsets, f"gold head ({r})", describe)
    work = gold.with_tokens(**{_PRED: Column(heads.astype(np.int32))}).with_sentences(
        **{_INDEX: Column(np.arange(gold.n_sentences, dtype=np.int32))})
    pre = {"input_sentences": gold.n_sentences, "input_tokens": gold.n_tokens}
    from induceval.corpus.trees import sentence_cycles

    _, pos = token_positions(gold.offsets)
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
    pos_col = pos_column_of(work, pos_column)
    out = {}
    for r in refs:
        gold_h = work.tokens[r].values
        m = edge_matches(gold_h, pred_h, work.offsets)
        stats = sentence_stats(m, work.offsets, index)
        out[prefix + r] = (stats, _breakdowns(work, r, gold_h, m, which,
                                              schemes.get(prefix + r, "auto"), pos_col))
    return out, pre, (pred_h, work.offsets)


def dependency_statistics(golds: Sequence[Corpus], pred, *, references="auto",
                          punct: str = "upos", max_length: int | None = None,
                          pred_column: str = "head", breakdowns: Sequence[str] = (),
                          schemes: Mapping[str, object] | None = None,
                          pos_column: str = "auto", check_forms: bool = True,
                          diagnostics: bool = True) -> DependencyStatistics:
    """The statistics of predicted heads against one or more gold analyses of a text.

    Parameters
    ----------
    golds
        The gold analyses of the same text (one per gold corpus); with
        several, references are named ``NAME:head`` by the corpora's names.
    pred
        The predicted corpus, or an array of heads aligned with the gold tokens.
    references, punct, max_length, pred_column, pos_column, check_forms, diagnostics
        As in :func:`~induceval.measures.dependencies.evaluate.evaluate_dependencies`
        (``punct`` a concrete policy).
    breakdowns
        Which breakdowns to count.
    schemes
        Reference name -> relation scheme of its ``relation`` breakdown
        (default ``"auto"``: detected from its labels).

    Returns
    -------
    DependencyStatistics
        Per reference the per-sentence counts (and breakdowns), with the
        structure and preprocessing counts.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "b"], "head": [2, 0]})
    >>> gold = b.build()
    >>> dependency_statistics([gold], np.array([0, 1]), punct="keep").references["head"].scores()
    {'directed': 0.0, 'undirected': 0.5, 'ned': 1.0, 'root': 0.0}
    """
    refs: dict[str, tuple] = {}
    preprocessing: dict[str, int] = {}
    scored = None
    for gi, g in enumerate(golds):
        prefix = "" if len(golds) == 1 else f"{g.name or f'gold{gi + 1}'}:"
        res, pre, trees = _evaluate_one(
            g, pred, references_of(g, references), prefix, punct=punct, max_length=max_length,
            pred_column=pred_column, check_forms=check_forms, which=breakdowns,
            schemes=schemes or {}, pos_column=pos_column)
        for k in res:
            if k in refs:
                raise ParameterError(f"two references are named {k!r}; give the gold corpora "
                                     "distinct names")
        refs.update(res)
        if gi == 0:
            preprocessing, scored = pre, trees
    structure: dict[str, int] = {}
    if diagnostics and scored is not None:
        from induceval.corpus.trees import tree_diagnostics

        # the trees scored (punctuation removed and re-attached, length filter applied), not
        # the file's: a chain over the words is projective whatever its punctuation did
        structure = tree_diagnostics(*scored)
        for k in ("pred_via_punct", "pred_via_punct_to_root", "pred_lost_in_punct_cycle"):
            if k in preprocessing:
                structure[k[5:]] = preprocessing.pop(k)
    return DependencyStatistics({k: v[0] for k, v in refs.items()},
                                {k: v[1] for k, v in refs.items()}, structure, preprocessing,
                                golds[0].n_sentences)


def _group_order(by: str, relations: Sequence, pos: Sequence, scheme):
    """The key ordering a breakdown's groups as the evaluation of a whole corpus does."""
    if by.endswith("-exact"):
        return lambda lab: 0 if lab == "root" else int(lab)
    if by == "relation":
        order = _relation_groups(relations, scheme)[1]
    else:
        order = {"deprel": list(relations) + ["_"], "pos": list(pos) + ["_"],
                 "edge-length": list(_EDGE_BUCKETS),
                 "sentence-length": list(_SENT_BUCKETS)}[by]
    position = {lab: i for i, lab in enumerate(order)}
    return position.__getitem__


def order_breakdowns(breakdowns: Mapping[str, Breakdown], *, relations: Sequence,
                     pos: Sequence, scheme) -> dict[str, Breakdown]:
    """The breakdowns of a reference with their groups in the order of the whole corpus.

    ``relations`` and ``pos``: the reference's relation labels and the POS
    labels in order of first appearance in the whole gold; ``scheme``: its
    relation scheme.

    Parameters
    ----------
    breakdowns
        Breakdown name -> :class:`Breakdown` of one reference.
    relations
        The reference's relation labels in corpus order.
    pos
        The POS labels in corpus order.
    scheme
        The reference's relation scheme.

    Returns
    -------
    dict of str to Breakdown
        The same breakdowns, their groups reordered.

    Example
    -------
    >>> b = Breakdown("pos", ["VERB", "NOUN"], np.array([[1, 1, 1, 1], [2, 0, 1, 2]]))
    >>> order_breakdowns({"pos": b}, relations=(), pos=("NOUN", "VERB"), scheme="ud")["pos"].labels
    ['NOUN', 'VERB']
    """
    out = {}
    for by, b in breakdowns.items():
        key = _group_order(by, relations, pos, scheme)
        order = sorted(range(len(b.labels)), key=lambda i: key(b.labels[i]))
        out[by] = Breakdown(b.name, [b.labels[i] for i in order],
                            b.counts[order] if len(order) else b.counts)
    return out
