"""``evaluate_tags``: every category measure in one pass, with a signature.

The contingency table (token measures) and the per-type entries (type-level
measures) are built once from the aligned gold and predicted tags; every
score is then a pure function of those statistics.

Defaults (all stated in the signature):

- ``punct="auto"``: punctuation is excluded from scoring (Reichart et al. 2010, §5.1),
  by gold UPOS (``PUNCT``) when the gold corpus has a ``upos`` column, else by
  the word form (all Unicode punctuation/symbols); ``"keep"`` scores every
  token; any policy of :func:`induceval.corpus.transforms.punctuation_mask`
  or a boolean mask (True = punctuation) is accepted.
- ``unclustered="merge"`` (Frank et al. 2009); ``log_base=2`` (bits; Reichart et al. 2010 uses
  ``"e"``); ``beta=1``; ``restarts=10`` M-1 hill-climbing restarts (Reichart et al.
  2010, §5.2) with :data:`induceval.random.DEFAULT_SEED`.

Example
-------
>>> r = evaluate_tags([0, 0, 1, 1], [3, 3, 3, 4])
>>> r.scores["m1"], r.scores["1to1"], round(r.scores["vi"], 4)
(0.75, 0.75, 1.1887)
>>> r.signature.split("|")[:3]
['tags', 'level:token', 'punct:keep']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import MismatchError, ParameterError, check_choice, check_range
from induceval.measures.categories import token as tok
from induceval.measures.categories.contingency import ContingencyTable, contingency
from induceval.measures.categories.io import tags_from_type_clusters
from induceval.measures.categories.type_level import (
    TypeEntries,
    type_entries,
    type_entries_from_sets,
    type_level_scores,
)
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["Measure", "MEASURES", "TOKEN_MEASURES", "TYPE_LEVEL_MEASURES", "TagEvaluation",
           "token_scores", "evaluate_tags", "check_aligned", "resolve_punct", "tag_signature"]


@dataclass(frozen=True)
class Measure:
    """Metadata of one measure: direction, bounds, level and source."""

    name: str
    level: str
    higher_is_better: bool
    low: float
    high: float
    description: str
    reference: str


INF = math.inf
_M = [
    Measure("m1", "token", True, 0, 1, "many-to-one (matched) accuracy",
            "Frank et al. 2009; Gelling et al. 2012; Reichart et al. 2010, §3"),
    Measure("1to1", "token", True, 0, 1, "one-to-one accuracy, optimal (Kuhn-Munkres)",
            "Gelling et al. 2012; Reichart et al. 2010, §3"),
    Measure("1to1_greedy", "token", True, 0, 1, "one-to-one accuracy, greedy mapping",
            "Gelling et al. 2012 (Christodoulopoulos et al. 2010)"),
    Measure("vi", "token", False, 0, INF, "variation of information H(C|K)+H(K|C)",
            "Gelling et al. 2012; Meila 2007"),
    Measure("nvi", "token", False, 0, INF, "normalized VI (H(C)=0: H(K))",
            "Reichart et al. 2010, §3; Reichart & Rappoport 2009"),
    Measure("v", "token", True, 0, 1, "V-measure (beta)",
            "Gelling et al. 2012; Reichart et al. 2010, §3"),
    Measure("homogeneity", "token", True, 0, 1, "homogeneity h", "Rosenberg & Hirschberg 2007"),
    Measure("completeness", "token", True, 0, 1, "completeness c",
            "Rosenberg & Hirschberg 2007"),
    Measure("h_c_given_k", "token", False, 0, INF, "conditional entropy H(C|K)",
            "Reichart et al. 2010, §3"),
    Measure("h_k_given_c", "token", False, 0, INF, "conditional entropy H(K|C)",
            "Reichart et al. 2010, §3"),
    Measure("pp", "token", True, 0, 1, "pairwise precision", "Frank et al. 2009, eq. 1"),
    Measure("pr", "token", True, 0, 1, "pairwise recall", "Frank et al. 2009, eq. 1"),
    Measure("pf", "token", True, 0, 1, "pairwise F", "Frank et al. 2009, eq. 1"),
]
for _meas, _name, _sec in (("macro_i", "MacroI (= MacroC)", "Reichart et al. 2010, §4.1"),
                           ("micro_i", "MicroI", "Reichart et al. 2010, §4.1"),
                           ("micro_c", "MicroC", "Reichart et al. 2010, §4.2")):
    for _mp, _txt in (("1to1", "1-1 mapping (Kuhn-Munkres)"),
                      ("m1", "M-1 mapping (hill climbing, restarts)")):
        _M.append(Measure(f"{_meas}_{_mp}", "type", True, 0, 1, f"type-level {_name}, {_txt}",
                          _sec))

#: every category measure by name
MEASURES: dict[str, Measure] = {m.name: m for m in _M}
TOKEN_MEASURES = tuple(m.name for m in _M if m.level == "token")
TYPE_LEVEL_MEASURES = tuple(m.name for m in _M if m.level == "type")


def token_scores(table: ContingencyTable, *, log_base: float | str = 2,
                 beta: float = 1.0) -> dict[str, float]:
    """All token measures from one contingency table (pure function).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> s = token_scores(contingency([0, 1], [0, 1]))
    >>> s["m1"], s["vi"], s["v"], s["pp"]
    (1.0, 0.0, 1.0, 1.0)
    """
    h_ck = tok.conditional_entropy_gold(table, log_base)
    h_kc = tok.conditional_entropy_pred(table, log_base)
    hc = tok.entropy_gold(table, log_base)
    if math.isnan(hc):
        nvi = math.nan
    else:
        nvi = tok.entropy_pred(table, log_base) if hc == 0 else (h_ck + h_kc) / hc
    n = table.n
    tp, pred_pairs, gold_pairs = tok.pair_counts(table)
    pp = math.nan if n == 0 else (1.0 if pred_pairs == 0 else tp / pred_pairs)
    pr = math.nan if n == 0 else (1.0 if gold_pairs == 0 else tp / gold_pairs)
    pf = math.nan if n == 0 else (0.0 if pp + pr == 0 else 2 * pp * pr / (pp + pr))
    return {
        "m1": tok.many_to_one(table),
        "1to1": tok.one_to_one(table, "optimal"),
        "1to1_greedy": tok.one_to_one(table, "greedy"),
        "vi": h_ck + h_kc,
        "nvi": nvi,
        "v": tok.v_measure(table, beta),
        "homogeneity": tok.homogeneity(table),
        "completeness": tok.completeness(table),
        "h_c_given_k": h_ck,
        "h_k_given_c": h_kc,
        "pp": pp,
        "pr": pr,
        "pf": pf,
    }


@dataclass
class TagEvaluation:
    """The result of :func:`evaluate_tags`.

    Attributes
    ----------
    scores
        Measure name -> value (see :data:`MEASURES`).
    signature
        Every option that changes a number.
    table
        The contingency table (token level), else ``None``.
    entries
        The per-type entries (type level), else ``None``.
    counts
        ``n_tokens``, ``n_scored``, ``n_punct_excluded``, ``n_missing_gold``,
        ``n_unclustered`` (scored tokens left unclustered), ``n_types``.
    """

    scores: dict[str, float]
    signature: str
    table: ContingencyTable | None = None
    entries: TypeEntries | None = None
    counts: dict[str, int] = field(default_factory=dict)

    def row(self, system: str = "") -> dict:
        """A flat dict for :class:`induceval.report.tables.Table`."""
        out: dict = {"system": system} if system else {}
        out.update(self.scores)
        return out


# -- alignment -----------------------------------------------------------------

def _sent_name(corpus: Corpus, i: int) -> str:
    if "sent_id" in corpus.sentences:
        sid = corpus.sentence(i).meta("sent_id")
        if sid is not None:
            return f"sentence {i + 1} (id {sid})"
    return f"sentence {i + 1}"


def check_aligned(gold: Corpus, pred: Corpus, *, form_column: str = "form") -> None:
    """Raise :class:`MismatchError` unless both corpora hold the same words.

    The message names the first sentence (1-based, with its ``sent_id``) and
    token where they differ.  Nothing is realigned.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b1 = CorpusBuilder(); b1.add_sentence({"form": ["a", "b"]})
    >>> b2 = CorpusBuilder(); b2.add_sentence({"form": ["a", "c"]})
    >>> check_aligned(b1.build(), b2.build())
    Traceback (most recent call last):
    ...
    induceval.errors.MismatchError: gold and prediction differ at sentence 1, token 2: \
gold 'b', prediction 'c'
    """
    lg, lp = gold.lengths, pred.lengths
    m = min(len(lg), len(lp))
    diff = np.flatnonzero(lg[:m] != lp[:m])
    if len(diff):
        i = int(diff[0])
        raise MismatchError(
            f"gold and prediction differ at {_sent_name(gold, i)}: gold has {int(lg[i])} "
            f"tokens, prediction {int(lp[i])} (first words: "
            f"{' '.join(map(str, gold.sentence(i).strings(form_column)[:8]))!r})")
    if len(lg) != len(lp):
        raise MismatchError(
            f"gold has {len(lg)} sentences but prediction has {len(lp)}; they differ at "
            f"sentence {m + 1}")
    gcol, pcol = gold.column(form_column), pred.column(form_column)
    if gcol.vocab is None or pcol.vocab is None:
        return
    remap = np.append(gcol.vocab.encode(pcol.vocab.items, add=False), -1)
    pv = remap[pcol.values]
    bad = np.flatnonzero(pv != gcol.values)
    if len(bad):
        t = int(bad[0])
        i = int(np.searchsorted(gold.offsets, t, side="right") - 1)
        j = t - int(gold.offsets[i])
        raise MismatchError(
            f"gold and prediction differ at {_sent_name(gold, i)}, token {j + 1}: "
            f"gold {gcol.vocab[gcol.values[t]]!r}, prediction {pcol.vocab[pcol.values[t]]!r}")


def _same_labels(g: np.ndarray, glabels, p: np.ndarray, plabels) -> bool:
    """True when two coded columns hold the same label on every token."""
    if glabels is None or plabels is None:
        return bool(np.array_equal(g, p))
    ga = np.asarray(list(glabels) + [None], dtype=object)[g]
    pa = np.asarray(list(plabels) + [None], dtype=object)[p]
    return bool(np.array_equal(ga, pa))


def resolve_punct(gold, punct) -> tuple[np.ndarray | None, str]:
    """The punctuation mask (True = punctuation) and the policy name for the signature.

    Example
    -------
    >>> resolve_punct([0, 1], "auto")
    (None, 'keep')
    """
    if isinstance(punct, np.ndarray) or (isinstance(punct, (list, tuple)) and punct and
                                         isinstance(punct[0], (bool, np.bool_))):
        mask = np.asarray(punct, dtype=bool)
        return mask, "mask"
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


def _codes(x, column: str | None, what: str) -> tuple[np.ndarray, list | None]:
    if isinstance(x, Corpus):
        col = x.column(column or "upos")
        labels = None if col.vocab is None else list(col.vocab.items)
        return col.values.astype(np.int64), labels
    arr = np.asarray(x)
    if arr.ndim != 1:
        raise ParameterError(f"{what} must be a Corpus or a 1-d array of codes")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        # string labels: code them (None/'UNCLUSTERED' = -1 for predictions)
        labels = sorted({str(v) for v in arr.tolist() if v is not None and v != "UNCLUSTERED"})
        index = {v: i for i, v in enumerate(labels)}
        codes = np.array([-1 if v is None or v == "UNCLUSTERED" else index[str(v)]
                          for v in arr.tolist()], dtype=np.int64)
        return codes, labels
    return arr.astype(np.int64), None


def _item_index(gold, items, n_tokens: int) -> tuple[np.ndarray | None, int | None]:
    if items is None:
        return None, None
    if isinstance(items, str):
        check_choice("items", items, ("sentence",))
        if not isinstance(gold, Corpus):
            raise ParameterError("items='sentence' needs a gold Corpus; with code arrays give "
                                 "an item index per token")
        lengths = np.diff(np.asarray(gold.offsets, dtype=np.int64))
        return np.repeat(np.arange(len(lengths), dtype=np.int64), lengths), len(lengths)
    arr = np.asarray(items, dtype=np.int64)
    if arr.shape != (n_tokens,):
        raise MismatchError(f"items has {arr.size} entries for {n_tokens} tokens")
    return arr, None


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
        A :class:`Corpus` (tags in ``gold_column``) or an array of gold codes
        (or strings).
    gold_column
        The gold tag column; ``"auto"`` (default) detects it with
        :func:`induceval.corpus.transforms.detect_gold_scheme` (UPOS, else PTB
        ``xpos``, else CHILDES tags).  Recorded in the signature.
    pred_column
        The predicted cluster column of a Corpus prediction (default: the
        gold column's name).  Recorded in the signature.
    allow_identical
        Score a prediction column identical to the gold column, or the gold
        column ``form``; without it these are errors (a prediction that still
        holds the gold tags scores 1.0).
    pred
        A :class:`Corpus` (tags in ``pred_column``, default ``gold_column``),
        an array of cluster codes aligned with ``gold`` (``-1`` /
        ``"UNCLUSTERED"`` = unclustered), or a type list ``{word: set of
        clusters}`` (see :mod:`.io`; polysemous lists only at type level).
    forms
        Form codes of the tokens when ``gold`` is an array (needed for
        ``unclustered="split"`` and type-level measures).
    punct
        See the module docstring.
    unclustered
        ``"merge"`` or ``"split"`` (Frank et al. 2009).
    log_base
        ``2`` (bits) or ``"e"`` (nats) for VI, NVI and the entropies.
    beta
        V-measure weight.
    level
        ``"token"``, ``"type"`` or ``"both"``.
    restarts, seed
        M-1 hill climbing of the type-level measures (Reichart et al. 2010, §4.1, §5.2).
    items
        ``"sentence"`` (a Corpus gold), or an item index per token: the
        token table then also carries per-item tables (``table.item_counts``)
        and the type entries per-item pair counts (``entries.item_counts``)
        for bootstrap intervals and paired tests
        (:func:`induceval.measures.resampling.category_items`,
        :func:`~induceval.measures.resampling.type_level_items`).

    Returns
    -------
    TagEvaluation

    Raises
    ------
    MismatchError
        When gold and prediction do not hold the same tokens.
    """
    check_choice("unclustered", unclustered, ("merge", "split"))
    check_choice("level", level, ("token", "type", "both"))
    check_range("restarts", restarts, 1)
    tok.log_factor(log_base)
    if not beta > 0:
        raise ParameterError(f"beta must be > 0, got {beta!r}")
    if isinstance(gold, Corpus) and gold_column == "auto":
        from induceval.corpus.transforms import detect_gold_scheme

        gold_column = detect_gold_scheme(gold).tag_column
        if gold_column is None:
            raise ParameterError(
                f"corpus {gold.name or '<unnamed>'} has no gold tag column (upos, xpos or cpos); "
                f"it has: {', '.join(sorted(gold.tokens))}")
    elif gold_column == "auto":
        gold_column = "upos"
    if isinstance(gold, Corpus) and gold_column == form_column and not allow_identical:
        raise ParameterError(f"the gold column is the word form ({form_column!r}): every "
                             "clustering of words would score perfectly; pass "
                             "allow_identical=True (--allow-identical) to score it anyway")
    g, glabels = _codes(gold, gold_column, "gold")
    form_labels = None
    if isinstance(gold, Corpus):
        fcol = gold.column(form_column)
        f = fcol.values.astype(np.int64)
        form_labels = fcol.vocab.items if fcol.vocab is not None else None
    elif forms is not None:
        f = np.asarray(forms, dtype=np.int64)
        if len(f) != len(g):
            raise MismatchError(f"forms has {len(f)} entries for {len(g)} gold tokens")
    else:
        f = None
    type_sets = None
    if isinstance(pred, Mapping):
        if not isinstance(gold, Corpus):
            raise ParameterError("a type-list prediction needs a gold Corpus")
        type_sets = {w: ({c} if isinstance(c, str) else set(c or ())) for w, c in pred.items()}
        if level == "type":
            p, plabels = np.full(len(g), -1, dtype=np.int64), None
        else:
            p, plabels, _ = tags_from_type_clusters(gold, type_sets, form_column=form_column)
    else:
        if isinstance(pred, Corpus):
            if not isinstance(gold, Corpus):
                raise ParameterError("a Corpus prediction needs a gold Corpus")
            check_aligned(gold, pred, form_column=form_column)
        p, plabels = _codes(pred, pred_column or gold_column, "pred")
        if (isinstance(pred, Corpus) and not allow_identical and len(p) == len(g) and len(g)
                and _same_labels(g, glabels, p, plabels)):
            raise ParameterError(
                f"the prediction's column {pred_column or gold_column!r} is identical to the "
                f"gold column {gold_column!r} (a file that still holds the gold tags?); name the "
                "predicted column (--pred-column), or pass allow_identical=True "
                "(--allow-identical) to score it anyway")
    if len(p) != len(g):
        raise MismatchError(f"gold has {len(g)} tokens but prediction has {len(p)}")
    pmask, policy = resolve_punct(gold, punct)
    if pmask is not None and len(pmask) != len(g):
        raise MismatchError(f"punctuation mask has {len(pmask)} entries for {len(g)} tokens")
    score_mask = None if pmask is None else ~pmask
    counts = {"n_tokens": int(len(g)),
              "n_punct_excluded": 0 if pmask is None else int(pmask.sum())}
    scores: dict[str, float] = {}
    table = entries = None
    item_index, n_items = _item_index(gold, items, len(g))
    if level in ("token", "both"):
        if unclustered == "split" and f is None:
            raise ParameterError("unclustered='split' needs forms (a gold Corpus or forms=)")
        table = contingency(g, p, mask=score_mask, unclustered=unclustered, forms=f,
                            gold_labels=glabels, pred_labels=plabels, form_labels=form_labels,
                            items=item_index, n_items=n_items)
        scores.update(token_scores(table, log_base=log_base, beta=beta))
        counts.update(n_scored=table.n, n_missing_gold=table.n_missing_gold,
                      n_unclustered=table.n_unclustered)
    if level in ("type", "both"):
        if f is None:
            raise ParameterError("type-level measures need word forms (a gold Corpus or forms=)")
        if type_sets is not None:
            if item_index is not None:
                raise ParameterError("resampling (items=, --confidence, --paired) at type level "
                                     "needs a token prediction (a type "
                                     "list has no per-sentence clusters to resample)")
            keep = g >= 0
            if score_mask is not None:
                keep &= score_mask
            gsets: dict = {}
            for fi, gi in zip(f[keep].tolist(), g[keep].tolist()):
                w = form_labels[fi] if form_labels is not None else fi
                gsets.setdefault(w, set()).add(glabels[gi] if glabels else gi)
            entries = type_entries_from_sets(gsets, type_sets, unclustered=unclustered)
        else:
            entries = type_entries(f, g, p, mask=score_mask, unclustered=unclustered,
                                   form_labels=form_labels, gold_labels=glabels,
                                   pred_labels=plabels, items=item_index, n_items=n_items)
        scores.update(type_level_scores(entries, restarts=restarts, seed=seed))
        counts["n_types"] = entries.n_types
    sig = tag_signature(level=level,
                        gold=gold_column if isinstance(gold, Corpus) else None,
                        pred=(pred_column or gold_column)
                        if isinstance(gold, Corpus) and isinstance(pred, Corpus) else None,
                        punct=policy, unclustered=unclustered, log_base=log_base, beta=beta,
                        restarts=restarts, seed=seed)
    return TagEvaluation(scores, sig, table, entries, counts)


def tag_signature(*, level: str, gold: str | None, pred: str | None, punct: str,
                  unclustered: str, log_base: float | str, beta: float, restarts: int,
                  seed: int | None) -> str:
    """The signature of :func:`evaluate_tags`: every option that changes its numbers.

    ``gold``/``pred``: the gold and predicted columns (``None`` for code arrays);
    ``log_base`` and ``beta`` count at token level, ``restarts`` and ``seed``
    at type level.

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
