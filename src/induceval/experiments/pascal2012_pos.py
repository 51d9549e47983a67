"""``induceval reproduce pascal2012-pos``: Brown and mkcls baselines of the PASCAL 2012 POS track.

For every treebank, Brown clusters (B) and exchange/mkcls clusters (MK) are
induced with K equal to the number of coarse (c), fine (p) and universal (u)
tags of that treebank, and scored with many-to-one (M-1), one-to-one (1-1),
V-measure (VM) and variation of information (VI, bits) against the 12
universal tags of Petrov et al. (2011) (Gelling et al. 2012, Table 2) and
against the fine tags (Gelling et al. 2012, Table 7).  The tag sets are
those of every PASCAL protocol (:func:`prepare_treebank`): on UD, coarse =
UPOS, universal = UPOS mapped to Petrov et al.'s 12.  M-1, 1-1 and VM
are given in percent as in the paper.  The 1-1 of the paper's tables is the
greedy mapping of PASCAL's scorer (each cluster takes the free tag it
overlaps most, largest overlaps first; Christodoulopoulos et al. 2010, whose
scorer Gelling et al. 2012 used); the optimal (Kuhn-Munkres) 1-1, never lower, is reported
beside it (tables ``*_1to1_optimal``).

Choices (each an option): the clusters are induced on all the text given for
a treebank and scored on all of it (the shared data holds UD dev+test splits,
not the PASCAL training sets); every token is scored (``punct="keep"``);
a treebank without fine tags uses its coarse tags for p; the WSJ sample
(Malt format, PTB tags) gets coarse tags from the tags' first two letters
and universal tags by Petrov et al.'s mapping.  K values are in the ``k``
table.  The paper's own numbers are written next to ours (``*_paper``).

References
----------
Gelling, Cohn, Blunsom & Graça (2012). The PASCAL Challenge on Grammar
Induction. *NAACL-HLT WILS*, Tables 2 and 7 (columns Bc Bp Bu MKc MKp MKu).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import numpy as np

from induceval._json import jsonable
from induceval.corpus.model import Corpus
from induceval.corpus.readers import READERS
from induceval.data import corpus_dir
from induceval.errors import InducevalError, check_choice, check_range
from induceval.experiments._category_common import ensure_dir
from induceval.experiments._cost import run_protocol_cells
from induceval.experiments._pascal2012_paper import COLUMNS, PAPER, paper_rows
from induceval.experiments._pascal2012_pos_protocol import PROTOCOL
from induceval.experiments._uncertainty import (
    Marks,
    category_cell_items,
    interval_columns,
    sparse_to_json,
)
from induceval.parallel import Cell
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, write_tables
from induceval.signature import make_signature

__all__ = ["run_pascal2012_pos", "default_treebanks", "pos_cell", "tag_counts", "paper_rows",
           "unmatched_names", "PROTOCOL"]

MODELS = {"brown": "B", "exchange": "MK"}
TAGSETS = ("c", "p", "u")
#: (score key of evaluate_tags, table suffix, label, higher is better, scale); the paper's
#: 1-1 is the greedy one (``*_1to1``), the optimal one is ``*_1to1_optimal`` (see the module)
METRICS = (("m1", "m1", "M-1", True, 100.0), ("1to1_greedy", "1to1", "1-1", True, 100.0),
           ("1to1", "1to1_optimal", "1-1 optimal (not in Gelling et al. 2012)", True, 100.0),
           ("v", "v", "VM", True, 100.0), ("vi", "vi", "VI", False, 1.0))
PAPER_KEY = {"m1": "m1", "1to1_greedy": "1to1", "v": "vm", "vi": "vi"}


def default_treebanks(root=None) -> dict[str, tuple[list[str], str]]:
    """The PASCAL 2012 treebank names -> (paths, format) in the shared data (those present).

    Parameters
    ----------
    root
        The shared data folder (default: :func:`~induceval.data.shared_data_dir`).

    Returns
    -------
    dict of str to tuple of (list of str, str)
        Treebank name -> its paths and format.

    Example
    -------
    >>> import tempfile
    >>> default_treebanks(tempfile.mkdtemp())
    {}
    """
    ud = corpus_dir("ud", root)
    spec = {
        "basque": ud / "UD_Basque-BDT", "czech": ud / "UD_Czech-CAC",
        "danish": ud / "UD_Danish-DDT", "dutch": ud / "UD_Dutch-Alpino",
        "en-childes": ud / "UD_English-CHILDES", "portuguese": ud / "UD_Portuguese-Bosque",
        "slovene": ud / "UD_Slovenian-SSJ", "swedish": ud / "UD_Swedish-Talbanken",
    }
    out = {name: ([str(p)], "conllu") for name, p in spec.items() if p.exists()}
    ptb = corpus_dir("wsj-dependencies", root)
    if ptb.exists():
        out["en-ptb"] = ([str(ptb)], "malt")
    return dict(sorted(out.items()))


def prepare_treebank(corpus: Corpus) -> tuple[Corpus, dict[str, str]]:
    """The corpus with its PASCAL tag sets, and the column of each condition c, p and u.

    The tag sets are those of every PASCAL protocol
    (:mod:`induceval.experiments._pascal2012_tagsets`): on UD, c = UPOS, p =
    XPOS and u = the 12 universal tags of Petrov et al. (2011) mapped from
    UPOS; on PTB tags, c = the tag's first two letters and u = Petrov et al.'s
    map.  A treebank without fine tags uses its coarse ones for p.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["dogs", "bark", "."], "xpos": ["NNS", "VBP", "."]})
    >>> corpus, cols = prepare_treebank(b.build())
    >>> cols, tag_counts(corpus, cols)
    ({'c': 'cpos', 'p': 'xpos', 'u': 'universal'}, {'c': 3, 'p': 3, 'u': 3})
    """
    from induceval.experiments._pascal2012_tagsets import pascal_tagsets

    corpus, tags = pascal_tagsets(corpus)
    if "u" not in tags:
        raise InducevalError(f"{corpus.name or 'treebank'}: no universal tags for the u "
                             "condition (no UPOS column, and fine tags that are not PTB tags)")
    return corpus, {"c": tags["c"], "p": tags.get("p", tags["c"]), "u": tags["u"]}


def tag_counts(corpus: Corpus, columns: Mapping[str, str],
               max_k: int | None = None) -> dict[str, int]:
    """K for the c, p and u conditions: the number of tags in each one's column.

    ``max_k`` caps K (e.g. UD Czech has 600+ positional fine tags, where the
    PASCAL data had 61).

    Parameters
    ----------
    corpus
        The treebank.
    columns
        Condition -> its tag column.
    max_k
        The largest K, or ``None``.

    Returns
    -------
    dict of str to int
        Condition -> K.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=40, seed=1)
    >>> tag_counts(demo, {"c": "upos", "p": "xpos", "u": "upos"})
    {'c': 12, 'p': 20, 'u': 12}
    """
    ks = {t: corpus.n_types(columns[t]) for t in TAGSETS}
    if max_k is not None:
        ks = {t: min(k, max_k) for t, k in ks.items()}
    return ks


def pos_cell(corpus: Corpus, model: str, k: int, *, seed: int = DEFAULT_SEED,
             punct: str = "keep", params: Mapping | None = None,
             gold: Mapping[str, str] | None = None) -> dict:
    """Induce ``model`` with ``k`` clusters; score against the universal and the fine tags.

    ``gold``: the column of each, ``{"upos": ..., "fine": ...}`` (default: ``upos``
    and ``xpos``); the results are keyed ``upos`` (Gelling et al. 2012, Table 2) and
    ``fine`` (Table 7).

    Parameters
    ----------
    corpus
        The treebank.
    model
        The model.
    k
        The number of clusters.
    seed
        The seed of the model.
    punct
        The punctuation policy of the scores.
    params
        The model's other parameters.
    gold
        The gold columns (see above).

    Returns
    -------
    dict
        The scores under ``upos`` and ``fine``, with the model's signature.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=40, seed=1)
    >>> sorted(pos_cell(demo, "brown", 5))
    ['fine', 'k', 'model', 'n_clusters', 'signature', 'upos']
    """
    from induceval.measures.categories import evaluate_tags
    from induceval.models.categories import induce_tags

    result = induce_tags(corpus, model, k, seed=seed, **dict(params or {}))
    out = {"model": model, "k": k, "signature": result.signature,
           "n_clusters": int(result.n_clusters)}
    pred = result.tags.astype(np.int64)
    for name, col in {"upos": "upos", "fine": "xpos", **dict(gold or {})}.items():
        ev = evaluate_tags(corpus, pred, gold_column=col, punct=punct, log_base=2, items="sentence")
        out[name] = {m: ev.scores[m] for m, *_ in METRICS}
        out[name]["signature"] = ev.signature
        # per-sentence contingency tables: intervals and paired tests in the tables
        out[name]["items"] = sparse_to_json(ev.table.item_counts)
        out[name]["table_shape"] = list(ev.table.shape)
    return jsonable(out, strict=False)


def run_pascal2012_pos(treebanks: Mapping[str, Corpus | tuple] | None = None, *,
                       out_dir: str | os.PathLike | None = None,
                       models: Sequence[str] = ("brown", "exchange"),
                       seed: int = DEFAULT_SEED, punct: str = "keep",
                       max_sentences: int | None = None, model_params: Mapping | None = None,
                       max_k: int | None = 200, jobs: int = 1,
                       show_progress: bool = False, confidence: int = 1000,
                       alpha: float = 0.05) -> dict[str, Table]:
    """Run the pascal2012-pos protocol; return (and write) its tables by name.

    Parameters
    ----------
    treebanks
        Name -> Corpus or ``(paths, format)`` (default: :func:`default_treebanks`).
    out_dir
        Tables ``table2_<metric>``, ``table7_<metric>`` (+ ``_paper``), ``k``,
        and the finished cells (resumable).
    models
        ``brown`` (B) and/or ``exchange`` (MK).
    max_sentences
        Use only the first N sentences of each treebank.
    max_k
        Cap on K (``None``: no cap); the ``k`` table shows the tag counts and the K used.
    confidence, alpha
        Bootstrap resamples of sentences (0 = none) and level, as in
        :func:`induceval.experiments.pascal2012_deps.accuracy_tables` (each
        resample's contingency table is rebuilt from per-sentence tables and
        re-mapped for M-1 and 1-1), drawn in the main process from the
        ``resampling.bootstrap`` stream of ``seed``: independent of ``jobs``.

    Returns
    -------
    dict of str to Table
        The tables by name: ``k``, ``table2_*`` (universal tags), ``table7_*``
        (fine tags) and the paper's ``*_paper`` twins.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=40, seed=1)
    >>> tables = run_pascal2012_pos({"demo": demo}, models=("brown",), confidence=0)
    >>> sorted(tables)[:3]
    ['k', 'table2_1to1', 'table2_1to1_optimal']
    """
    for m in models:
        check_choice("model", m, tuple(MODELS))
    treebanks = treebanks if treebanks is not None else default_treebanks()
    if not treebanks:
        raise InducevalError("no treebank given and none found in ../shared/data")
    if max_sentences is not None:   # 0 would silently mean "all"
        check_range("max_sentences", max_sentences, 1)
    read = {name: _read_treebank(spec, max_sentences) for name, spec in treebanks.items()}
    corpora = {name: c for name, (c, _) in read.items()}
    cells, keys, kinfo = _cells(read, models, max_k, seed, punct, model_params)
    results = run_protocol_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                                 desc="pascal2012-pos",
                                 shorten="--max-sentences N, --models brown, --max-k K, "
                                         "--confidence 0")
    # the cell of each (treebank, system column), e.g. ("danish", "Bc")
    systems = {(name, f"{MODELS[m]}{t}"): keys[(name, m, t)] for name in corpora
               for m in models for t in TAGSETS}
    marks = Marks(confidence, alpha, seed) if confidence else None
    wanted = tuple(m for m, *_ in METRICS)
    items = {(key, against): category_cell_items(results[key][against], wanted)
             for key in set(keys.values()) for against in ("upos", "fine")} if marks else {}
    tables: dict[str, Table] = {}
    # the run's signature first (the resampling one only adds the intervals' options)
    sig = "signature: " + make_signature("pascal2012-pos", {
        "models": ",".join(models), "max_k": max_k, "max_sentences": max_sentences,
        "punct": punct, "universal": "petrov12"}, seed=seed)
    for tab, against in (("table2", "upos"), ("table7", "fine")):
        paper = "Table 2" if tab == "table2" else "Table 7"
        for metric, suffix, label, higher, scale in METRICS:
            unit = " (%)" if scale == 100.0 else ""   # the paper's percent, labelled so
            what = ("the 12 universal tags (Petrov et al. 2011)" if against == "upos"
                    else "fine POS tags")
            rows = _score_rows(results, systems, list(corpora), against, metric, scale, marks,
                               items, higher)
            cols = [f"{MODELS[m]}{t}" for m in models for t in TAGSETS]
            tcols, tnotes = ["testset", *cols], [sig, f"seed {seed}; punct {punct}"]
            if marks and any(f"{c} ±" in r for r in rows for c in cols):
                tcols = interval_columns(tcols, cols)
                tnotes.extend(marks.notes("sentences"))
                tnotes.append("columns with the same K are one clustering (a tie, p = 1)")
            tables[f"{tab}_{suffix}"] = Table(
                tcols, rows, digits=2, title=f"Gelling et al. 2012 {paper} layout: {label}{unit} "
                                             f"against {what}", notes=tnotes)
            if metric in PAPER_KEY:
                prow = [{"testset": name, **dict(zip(COLUMNS, vals))} for name in corpora
                        if (vals := PAPER.get((tab, PAPER_KEY[metric]), {}).get(name))
                        is not None]
                tables[f"{tab}_{suffix}_paper"] = Table(
                    ["testset", *COLUMNS], prow, digits=2,
                    title=f"Gelling et al. 2012 {paper}: {label}{unit} (paper's numbers, "
                          "PASCAL data)",
                    notes=[f"signature: paper|pascal2012|table:{paper.split()[-1]}"])
    tables["k"] = Table(["testset", "tokens", "Kc", "Kp", "Ku", "c column", "p column",
                         "u column"], kinfo, title="K values (numbers of tags) per treebank",
                   notes=[sig])
    if out_dir is not None:
        out = ensure_dir(out_dir)
        write_tables(tables, out)
    return tables


def _read_treebank(spec: Corpus | tuple, max_sentences: int | None
                   ) -> tuple[Corpus, dict[str, str]]:
    """A treebank (a Corpus or ``(paths, format)``) read, cut, and its tag set columns."""
    from induceval.corpus.readers import read_corpus

    c = spec if isinstance(spec, Corpus) else read_corpus(spec[0], format=spec[1])
    if max_sentences is not None:
        c = c.select(np.arange(min(max_sentences, c.n_sentences)))
    return prepare_treebank(c)


def _cells(read: Mapping[str, tuple[Corpus, dict[str, str]]], models, max_k, seed, punct,
           model_params):
    """The cells, the cell key of each ``(treebank, model, tag set)`` (one cell per distinct
    K) and the rows of the ``k`` table."""
    cells = []
    keys: dict[tuple[str, str, str], str] = {}
    kinfo = []
    for name, (c, cols) in read.items():
        ks = tag_counts(c, cols, max_k)
        n_tags = tag_counts(c, cols)
        kinfo.append({"testset": name, "tokens": c.n_tokens, **{f"K{t}": ks[t] for t in TAGSETS},
                      **{f"{t} column": f"{cols[t]} ({n_tags[t]} tags)" for t in TAGSETS}})
        gold = {"upos": cols["u"], "fine": cols["p"]}
        done: dict[tuple[str, int], str] = {}
        for model in models:
            for t in TAGSETS:
                k = ks[t]
                if (model, k) in done:  # same K: same clustering
                    keys[(name, model, t)] = done[(model, k)]
                    continue
                params = dict((model_params or {}).get(model, {}))
                key = (f"{name}-{model}-k{k}-seed{seed}-{punct}-fine={cols['p']}-u={cols['u']}"
                       "-1to1g-items" + "".join(f"-{p}={v}" for p, v in sorted(params.items())))
                cells.append(Cell(key, pos_cell, (c, model, k),
                                  {"seed": seed, "punct": punct, "params": params,
                                   "gold": gold}))
                keys[(name, model, t)] = key
                done[(model, k)] = key
    return cells, keys, kinfo


def _score_rows(results, systems, treebanks, against, metric, scale, marks, items,
                higher) -> list[dict]:
    """One row per treebank of ``metric`` (times ``scale``) against ``against`` for every system
    column, marked with intervals and ties; an ``averages`` row when there are several."""
    cols = list(dict.fromkeys(col for _, col in systems))
    rows = []
    for name in treebanks:
        row = {"testset": name, **{col: results[systems[(name, col)]][against][metric] * scale
                                   for col in cols}}
        if marks:
            marks.mark(row, {col: items[(systems[(name, col)], against)] for col in cols},
                       metric, scale=scale, higher_is_better=higher)
        rows.append(row)
    if len(rows) > 1:
        rows.append({"testset": "averages", **{c: float(np.mean([r[c] for r in rows]))
                                               for c in cols}})
    return rows


def _parse_treebank(spec: str) -> tuple[str, tuple[list[str], str]]:
    if "=" not in spec:
        raise InducevalError(f"--treebank must be NAME=PATH[,PATH][:FORMAT]; got {spec!r}")
    name, rest = spec.split("=", 1)
    fmt = "auto"
    if ":" in rest and rest.rsplit(":", 1)[1] in READERS:
        rest, fmt = rest.rsplit(":", 1)
    return name, (rest.split(","), fmt)


def unmatched_names(names: Sequence[str]) -> list[str]:
    """One note per treebank name the paper has no row for, with the nearest of its names.

    Parameters
    ----------
    names
        The ``--treebank`` names given.

    Returns
    -------
    list of str
        The notes (none when every name is one of :func:`paper_rows`).

    Example
    -------
    >>> note, = unmatched_names(["danish", "english-ptb"])
    >>> note.split(";")[0]
    "--treebank english-ptb: no row of that name in Gelling et al. 2012 (did you mean 'en-ptb'?)"
    """
    import difflib

    rows = paper_rows()
    notes = []
    for name in names:
        if name in rows:
            continue
        near = difflib.get_close_matches(name, rows, n=1, cutoff=0.5)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        notes.append(f"--treebank {name}: no row of that name in Gelling et al. 2012{hint}; "
                     f"its scores stand without the paper's; the paper's rows: "
                     f"{', '.join(rows)}")
    return notes


def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce pascal2012-pos`` options."""
    treebanks = (dict(_parse_treebank(s) for s in o.treebank) if o.treebank
                 else default_treebanks(data))
    if not treebanks:
        raise InducevalError(f"no treebanks under {data}; give --treebank or --data")
    notes = unmatched_names(list(treebanks)) if o.treebank else []
    tables = run_pascal2012_pos(treebanks, out_dir=o.out, models=o.models.split(","),
                                seed=o.seed, punct="keep" if o.punct == "auto" else o.punct,
                                max_sentences=o.max_sentences, max_k=o.max_k or None,
                                jobs=o.jobs, show_progress=show_progress,
                                confidence=o.confidence, alpha=o.alpha)
    return [tables[name] for name in ("k", "table2_m1", "table2_1to1", "table2_1to1_optimal",
                                      "table2_v", "table2_vi")], notes
