"""``induceval reproduce reichart2010``: token- and type-level scores of taggings
(Reichart et al. 2010, Table 1).

For a set of taggings of one corpus (prediction files, or models run here),
the six token-level measures (M-1, 1-1, NVI, V, H(C|K), H(K|C)) and the six
type-level measures (MacroI, MicroI, MicroC, each under an M-1 mapping found
by hill climbing with restarts and a 1-1 Kuhn-Munkres mapping) are computed
with :func:`induceval.measures.categories.evaluate_tags` (``level="both"``),
punctuation excluded (Reichart et al. 2010, §5.1).

The gold tags are the corpus's fine tags (``gold_column="auto"``: ``xpos``
when present, else ``upos``): Reichart et al. 2010, §5.1 scores against "the
full WSJ POS tags set excluding punctuation" (45 tags, 11 of them
punctuation, so 34).  Punctuation is the tokens whose universal tag is
punctuation (``punct="auto"``: ``upos`` ``PUNCT``/``.``); PTB text without a
universal column gets it in ``upos`` from :func:`with_universal_tags` (Petrov et
al.'s map, whose ``.`` class is ``# $ '' ( ) , -LRB- -RRB- . : `` ! ?``).
That leaves 36 fine tags in the WSJ sample of ../shared/data, as in the full
WSJ (45 minus 9 punctuation tags); the paper's "11 punctuation marks" is two
more than any standard list (``SYM`` and ``LS``, 14 tokens in the sample,
are candidates: ``--punct "tags:# $ '' , -LRB- -RRB- . : `` SYM LS"`` gives
34).  UPOS (12-17 tags) would score the same clustering much higher
(``docs/`` and the CHANGELOG have the figures).

A second table gives Spearman's rho between the system rankings of every
token and every type measure (lower-is-better measures negated), and between
the mean token and type ranks: Reichart et al. 2010's point is that the two
levels rank systems differently.

The paper's own Table 1 is written next to ours (``table1_paper``,
:func:`paper_table1`): its GG07 row beside our BHMM systems, its Clark03 row
beside our exchange clusterings; its other rows (ARR10, GVG09(1)-(3), GJ08*)
have no counterpart among our models and pair only with a prediction given
under the paper's name (``--pred ARR10=PATH``).  The paper gives no rank
correlations.

References
----------
Reichart, Abend & Rappoport (2010). Type level clustering evaluation: new
measures and a POS induction case study. *CoNLL*, Table 1.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from induceval._json import jsonable
from induceval.corpus.model import Corpus
from induceval.data import corpus_dir
from induceval.errors import InducevalError
from induceval.experiments import _reichart2010_paper as paper
from induceval.experiments._category_common import ensure_dir, spearman_rho, stars
from induceval.experiments._cost import PROBE_MIN, run_protocol_cells
from induceval.experiments._reichart2010_protocol import PROTOCOL
from induceval.experiments._uncertainty import (
    Marks,
    category_cell_items,
    interval_columns,
    sparse_to_json,
)
from induceval.parallel import Cell
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, write_tables

__all__ = ["run_reichart2010", "score_tagging", "resolve_gold_column", "paper_table1",
           "TOKEN_COLUMNS", "TYPE_COLUMNS", "PROTOCOL"]

#: Table 1 token columns: label -> (measure, higher is better)
TOKEN_COLUMNS = {"M-1": ("m1", True), "1-1": ("1to1", True), "NVI": ("nvi", False),
                 "V": ("v", True), "H(C|K)": ("h_c_given_k", False),
                 "H(K|C)": ("h_k_given_c", False)}
#: Table 1 type columns
TYPE_COLUMNS = {"MacroI M-1": "macro_i_m1", "MacroI 1-1": "macro_i_1to1",
                "MicroI M-1": "micro_i_m1", "MicroI 1-1": "micro_i_1to1",
                "MicroC M-1": "micro_c_m1", "MicroC 1-1": "micro_c_1to1"}


def resolve_gold_column(gold: Corpus, gold_column: str = "auto") -> str:
    """``"auto"``: ``xpos`` (the fine tags, Reichart et al. 2010, §5.1) when ``gold`` has
    them, else ``upos``.

    Parameters
    ----------
    gold
        The gold corpus.
    gold_column
        A column, or ``"auto"``.

    Returns
    -------
    str
        The gold column.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["a", "b"], "upos": ["DET", "NOUN"], "xpos": ["DT", "NN"]})
    >>> resolve_gold_column(b.build()), resolve_gold_column(b.build(), "upos")
    ('xpos', 'upos')
    """
    if gold_column != "auto":
        return gold_column
    if "xpos" in gold.tokens and gold.n_types("xpos") > 1:
        return "xpos"
    return "upos"


def score_tagging(gold: Corpus, pred, *, gold_column: str = "auto", punct="auto",
                  log_base="e", restarts: int = 10, seed: int = DEFAULT_SEED,
                  items: bool = False) -> dict:
    """Every Table 1 measure of one tagging (a tag array aligned with ``gold`` or a Corpus);
    with ``items``, the per-sentence contingency tables too (for the bootstrap).

    Parameters
    ----------
    gold
        The gold corpus.
    pred
        A tag array aligned with ``gold``, or a Corpus.
    gold_column
        The gold column (``"auto"``: :func:`resolve_gold_column`).
    punct, log_base
        As in :func:`~induceval.measures.categories.evaluate_tags`.
    restarts, seed
        Of the type-level M-1 mappings.
    items
        Also return the per-sentence tables.

    Returns
    -------
    dict
        Measure -> score (and ``items`` when asked).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> s = score_tagging(demo, demo.tokens["upos"].values)
    >>> sorted(s)[:4]
    ['1-1', 'H(C|K)', 'H(K|C)', 'M-1']
    """
    from induceval.measures.categories import evaluate_tags

    gold_column = resolve_gold_column(gold, gold_column)
    if isinstance(pred, Corpus):
        pcol = {"pred_column": gold_column if gold_column in pred.tokens else "upos"}
    else:
        pred, pcol = np.asarray(pred, dtype=np.int64), {}
    ev = evaluate_tags(gold, pred, gold_column=gold_column, punct=punct, log_base=log_base,
                       level="both", restarts=restarts, seed=seed,
                       items="sentence" if items else None, **pcol)
    out = {label: ev.scores[m] for label, (m, _) in TOKEN_COLUMNS.items()}
    out.update({label: ev.scores[m] for label, m in TYPE_COLUMNS.items()})
    out["signature"] = ev.signature
    if items:
        out.update(items=sparse_to_json(ev.table.item_counts), table_shape=list(ev.table.shape))
    return jsonable(out, strict=False)


def _model_cell(gold: Corpus, model: str, k: int, params: dict, seed: int, score_opts: dict
                ) -> dict:
    from induceval.models.categories import induce_tags

    result = induce_tags(gold, model, k, seed=seed, **params)
    out = score_tagging(gold, result.tags, seed=seed, **score_opts)
    out["model_signature"] = result.signature
    return out


def _file_cell(gold: Corpus, path: str | Corpus, fmt: str, score_opts: dict, seed: int) -> dict:
    pred = path if isinstance(path, Corpus) else _read_prediction(path, fmt)
    return score_tagging(gold, pred, seed=seed, **score_opts)


def _read_prediction(path: str, fmt: str) -> Corpus:
    from induceval.corpus.readers import read_corpus

    return read_corpus(path, format=fmt)


def _read_inputs(cell: Cell) -> Cell:
    """A prediction file's cell with the file read (the estimate probes prefixes of it)."""
    if cell.fn is not _file_cell:
        return cell
    gold, path, fmt, *rest = cell.args
    return replace(cell, args=(gold, _read_prediction(path, fmt), fmt, *rest))


def parse_model_spec(spec: str) -> tuple[str, int, dict]:
    """``"bhmm:45:iterations=500"`` -> ``("bhmm", 45, {"iterations": 500})``."""
    parts = spec.split(":")
    if len(parts) < 2:
        raise InducevalError(f"a model spec is MODEL:K[:param=value...]; got {spec!r}")
    params = {}
    for p in parts[2:]:
        key, _, value = p.partition("=")
        try:
            params[key] = int(value)
        except ValueError:
            try:
                params[key] = float(value)
            except ValueError:
                params[key] = value
    return parts[0], int(parts[1]), params


def paper_table1(systems: Mapping[str, str | None]) -> Table:
    """Reichart et al. 2010's Table 1 as the twin of a run's ``table1``: each paper row named
    as the run's systems that stand for it, so that the report pairs them.

    A paper row is named after the run's systems of its counterpart model (GG07: every
    ``bhmm`` system; Clark03: every ``exchange`` one) and after a system of the run that
    has the paper's own name (a prediction file, ``--pred ARR10=PATH``); a row with
    neither keeps the paper's name and is named in the notes as without a run row.

    Parameters
    ----------
    systems
        The run's systems in its order: name -> our model's registry name, or None (a
        prediction file).

    Returns
    -------
    Table
        ``system`` and the 12 measures, the paper's numbers as printed; the notes say
        which paper row stands beside which of ours, and which have no run row.

    Example
    -------
    >>> t = paper_table1({"bhmm:45": "bhmm", "ARR10": None})
    >>> [(r["system"], r["M-1"]) for r in t.rows][:3]
    [('ARR10', 0.675), ('Clark03', 0.65), ('bhmm:45', 0.5)]
    """
    by_model: dict[str, list[str]] = {}
    for name, model in systems.items():
        if model is not None:
            by_model.setdefault(model, []).append(name)
    rows, beside, alone = [], [], []
    for row, values in paper.TABLE1.items():
        ours = by_model.get(paper.OURS[row][0], []) if row in paper.OURS else []
        names = ([row] if row in systems else []) + [n for n in ours if n != row]
        if ours:
            beside.append(f"{row} ({paper.SYSTEMS[row]}) beside our {', '.join(ours)}: "
                          f"{paper.OURS[row][1]}")
        if not names:
            alone.append(f"{row} ({paper.SYSTEMS[row]})")
        rows += [{"system": n, **dict(zip(paper.COLUMNS, values, strict=True))}
                 for n in names or [row]]
    notes = [f"{paper.WHERE}: {paper.TITLE}; the paper's numbers as printed, on "
             f"{paper.DATA}", *beside]
    if alone:
        notes.append("paper rows with no run row (no counterpart among our models; a "
                     "prediction under the paper's name would pair): " + "; ".join(alone))
    notes += ["the paper gives no rank correlations (no twin of rank_correlation)",
              "signature: paper|reichart2010|table:1"]
    return Table(["system", *paper.COLUMNS], rows, digits=3,
                 title=f"{paper.WHERE} (paper's numbers, PTB-WSJ sections 2-21)", notes=notes)


def run_reichart2010(gold: Corpus | str | os.PathLike, *,
                     predictions: Mapping[str, object] | None = None,
                     models: Sequence[str] = (), out_dir: str | os.PathLike | None = None,
                     gold_column: str = "auto", gold_format: str = "auto",
                     pred_format: str = "auto", punct="auto", log_base="e",
                     restarts: int = 10, seed: int = DEFAULT_SEED, jobs: int = 1,
                     show_progress: bool = False, confidence: int = 0,
                     alpha: float = 0.05) -> dict[str, Table]:
    """Score taggings of one corpus at token and type level; return ``table1``,
    ``rank_correlation`` and the paper's ``table1_paper`` (Reichart et al. 2010, Table 1).

    Parameters
    ----------
    predictions
        System name -> prediction file path, Corpus, or tag array aligned with ``gold``.
    models
        Model specs ``MODEL:K[:param=value...]`` run on the gold text here
        (e.g. ``brown:45``, ``bhmm:45:iterations=500``).
    out_dir
        Writes ``table1``, ``rank_correlation`` and ``table1_paper`` (md/csv/json) and the
        cells.
    gold_column, punct, log_base, restarts, seed
        Scoring options (Reichart et al. 2010: fine tags -- ``"auto"`` takes ``xpos`` when
        present --, punctuation excluded, natural log, 10 restarts).

    Returns
    -------
    dict of str to Table
        ``table1``, ``rank_correlation`` and ``table1_paper`` (:func:`paper_table1`).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> sorted(run_reichart2010(demo, predictions={"upos": demo.tokens["upos"].values}))
    ['rank_correlation', 'table1', 'table1_paper']
    """
    if not isinstance(gold, Corpus):
        from induceval.corpus.readers import read_corpus

        gold = read_corpus(gold, format=gold_format)
    gold_column = resolve_gold_column(gold, gold_column)
    # every cell keeps its per-sentence tables, so that a run with another --confidence
    # reuses it (the tables cost little next to the models; the scores do not change)
    score_opts = {"gold_column": gold_column, "punct": punct, "log_base": log_base,
                  "restarts": restarts, "items": True}
    cells, names = _cells(gold, predictions or {}, models, pred_format, score_opts, seed)
    results = run_protocol_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                                 desc="reichart2010",
                                 shorten="--restarts N, --confidence 0",
                                 probe_inputs=_read_inputs,
                                 # HC costs more a sentence on 100-200 sentences than on
                                 # 500 (its estimate there was 20x its cell on the demo)
                                 probe_start=PROBE_MIN)
    rows = [{"system": name, **{c: results[cell.key][c] for c in (*TOKEN_COLUMNS, *TYPE_COLUMNS)}}
            for name, cell in zip(names, cells)]
    higher = {label: hib for label, (_, hib) in TOKEN_COLUMNS.items()}
    higher.update({label: True for label in TYPE_COLUMNS})
    t1 = Table(["system", *TOKEN_COLUMNS, *TYPE_COLUMNS], rows, higher_is_better=higher,
               digits=3, title="Reichart, Abend & Rappoport 2010 Table 1 layout: token level "
                     "(left) and type level (right)",
               notes=[f"gold {gold_column} ({_n_scored_tags(gold, gold_column, punct)} tags "
                      "without punctuation; Reichart, Abend & Rappoport 2010: 34 WSJ tags)",
                      f"punct {punct}; log {log_base}; M-1 type mapping: "
                      f"hill climbing, {restarts} restarts, seed {seed}",
                      *sorted({f"signature: {r['signature']}" for r in results.values()
                               if r.get("signature")})])
    systems = {name: None for name in (predictions or {})}
    systems.update({spec: parse_model_spec(spec)[0] for spec in models})
    tables = {"table1": t1, "rank_correlation": _rank_correlation(rows, higher),
              "table1_paper": paper_table1({n: systems.get(n) for n in names})}
    if confidence:
        _add_intervals(t1, [results[cell.key] for cell in cells], confidence, alpha, seed,
                       log_base)
    if out_dir is not None:
        out = ensure_dir(out_dir)
        write_tables(tables, out)
    return tables


def _add_intervals(table: Table, cells: list, n: int, alpha: float, seed: int,
                   log_base) -> None:
    """``<measure> ±`` after each token measure of Table 1: the half-width of its bootstrap
    interval over sentences (the type-level measures get none: they are not sums over
    sentences of one table)."""
    marks = Marks(n, alpha, seed, unit="sentence")
    wanted = tuple(m for m, _ in TOKEN_COLUMNS.values())
    for row, cell in zip(table.rows, cells, strict=True):
        st = category_cell_items(cell, wanted, log_base=log_base)
        for label, (m, _) in TOKEN_COLUMNS.items():
            iv = marks.interval(st, m) if st is not None else None
            row[f"{label} ±"] = iv.half_width if iv is not None else None
    table.columns = interval_columns(table.columns, list(TOKEN_COLUMNS), ties=False)
    table.notes.extend(marks.notes("sentences", ties=False))


def _cells(gold: Corpus, predictions: Mapping, models: Sequence[str], pred_format: str,
           score_opts: dict, seed: int) -> tuple[list[Cell], list[str]]:
    """A cell per prediction and per model spec, and the system names."""
    cells: list[Cell] = []
    names: list[str] = []
    gold_column, punct = score_opts["gold_column"], score_opts["punct"]
    items = "-items" if score_opts.get("items") else ""   # cells with per-sentence tables
    for name, pred in predictions.items():
        key = f"pred-{name}-{gold_column}-{punct}{items}"
        if isinstance(pred, (str, os.PathLike)):
            cells.append(Cell(key, _file_cell, (gold, str(pred), pred_format, score_opts, seed)))
        else:
            cells.append(Cell(key, score_tagging, (gold, pred),
                              {"seed": seed, **score_opts}))
        names.append(name)
    for spec in models:
        model, k, params = parse_model_spec(spec)
        cells.append(Cell(f"model-{spec}-seed{seed}-{gold_column}-{punct}{items}", _model_cell,
                          (gold, model, k, params, seed, score_opts)))
        names.append(spec)
    if len(cells) < 1:
        raise InducevalError("give at least one prediction or model")
    return cells, names


def _rank_correlation(rows: list[dict], higher: dict[str, bool]) -> Table:
    """Spearman's rho between the system rankings of every token and every type measure, and
    between the mean token and type ranks."""
    def signed(label):
        sign = 1.0 if higher[label] else -1.0
        return [sign * r[label] for r in rows]

    corr = []
    for tl in TOKEN_COLUMNS:
        for yl in TYPE_COLUMNS:
            rho, p = spearman_rho(signed(tl), signed(yl))
            corr.append({"token measure": tl, "type measure": yl, "rho": rho, "p": p,
                         "sig": stars(p), "N": len(rows)})
    if len(rows) >= 3:
        from scipy.stats import rankdata

        tok_rank = np.mean([rankdata([-v for v in signed(t)]) for t in TOKEN_COLUMNS], axis=0)
        typ_rank = np.mean([rankdata([-v for v in signed(t)]) for t in TYPE_COLUMNS], axis=0)
        rho, p = spearman_rho(tok_rank, typ_rank)
        corr.append({"token measure": "mean token rank", "type measure": "mean type rank",
                     "rho": rho, "p": p, "sig": stars(p), "N": len(rows)})
    return Table(["token measure", "type measure", "rho", "p", "sig", "N"], corr, digits=3,
                 title="Spearman's rho between token-level and type-level system rankings",
                 notes=["lower-is-better measures (NVI, H(C|K), H(K|C)) ranked by their "
                        "negation; **: p < 0.01, *: p < 0.05"])


def _n_scored_tags(gold: Corpus, gold_column: str, punct) -> int:
    from induceval.measures.categories.evaluate import resolve_punct

    mask, _ = resolve_punct(gold, punct)
    col = gold.column(gold_column)
    vals = col.values if mask is None else col.values[~mask]
    return int(len(np.unique(vals[vals >= 0])))


def with_universal_tags(corpus: Corpus) -> Corpus:
    """PTB-tagged text without UPOS gets Petrov et al.'s (2011) universal tags as ``upos``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["dogs", "bark", "."], "xpos": ["NNS", "VBP", "."]})
    >>> with_universal_tags(b.build()).sentence(0).strings("upos")
    ['NOUN', 'VERB', '.']
    """
    if "upos" not in corpus.tokens or corpus.n_types("upos") == 0:
        if "xpos" not in corpus.tokens:
            raise InducevalError(f"{corpus.name}: no upos or xpos column to score against")
        from induceval.corpus.tagsets.ptb_universal import PTB_TO_UNIVERSAL
        from induceval.corpus.transforms import map_tags

        corpus = map_tags(corpus, "xpos", PTB_TO_UNIVERSAL, "upos")
    return corpus


DEFAULT_MODELS = ("brown:45", "exchange:45", "hc:45", "ff:45", "bhmm:45:iterations=200",
                  "random:45:gold=upos")


def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce reichart2010`` options."""
    from induceval.corpus.readers import read_corpus

    gold, gold_format = o.gold, o.gold_format
    if gold is None:
        gold, gold_format = str(corpus_dir("wsj-dependencies", data)), "malt"
    corpus = with_universal_tags(read_corpus(gold, format=gold_format))
    preds = {}
    for spec in o.pred:
        name, _, path = spec.rpartition("=")
        preds[name or os.path.basename(path)] = path
    models = o.model if o.model is not None else ([] if preds else list(DEFAULT_MODELS))
    tables = run_reichart2010(corpus, predictions=preds, models=models, out_dir=o.out,
                              gold_column=o.gold_column, punct=o.punct,
                              log_base=o.log_base if o.log_base == "e" else float(o.log_base),
                              restarts=o.restarts, seed=o.seed, jobs=o.jobs,
                              show_progress=show_progress, confidence=o.confidence,
                              alpha=o.alpha)
    return [tables["table1"], tables["rank_correlation"]], []
