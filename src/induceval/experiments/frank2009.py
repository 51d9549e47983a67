"""``induceval reproduce frank2009``: Frank, Goldwater & Keller (2009), Tables 2-4, Figures 1-2.

Protocol (paper 000, §"Model Implementation and Experiments"):

- Training data: the child-directed speech of the Manchester corpus — child
  utterances and utterances with unintelligible words removed, contractions
  split (the CHAT reader splits ``%mor`` clitics), punctuation removed.
- Test data for substitutable precision/recall: the other British English
  CHILDES corpora, prepared the same way (the paper uses "the rest of
  CHILDES", 9M words; the shared data holds the eng-uk corpora).
- Models: hierarchical clustering (HC), frequent frames (FF), the Bayesian
  HMM (BHMM, 2000 iterations) and the random baseline, at K = 12, 53 and 80.
  Gold standards: the 12 collapsed categories (Table 1 of 000) for K = 12 and
  the stripped ``%mor`` inventory (53 categories in the paper) for K = 53 and
  80; the random baseline copies the type-size distribution of each gold
  inventory once (the 53 and 80 conditions share it, as in the paper).
- Measures on the training corpus: pairwise precision/recall (PP, PR) and
  matched (many-to-one) accuracy (MA); on the test corpus: substitutable
  precision/recall (SP, SR).  Unclustered words are merged into one cluster
  (Table 3) or each put in its own cluster (split, Table 4).
- Table 2: Spearman's rho between the rankings given by pairs of measures
  over the merge-condition rows, with p-values.
- Figure 1: PP/PR and SP/SR scatter plots; Figure 2: ranked cluster sizes
  (in types) on a log scale, with the gold standard.

Choices the paper leaves open (each an option): SP/SR use each model's type
clustering (for BHMM and FF, every type's majority cluster over its training
tokens) to label test words and frame words; the BHMM annealing schedule is
that of :func:`induceval.models.categories.bhmm.induce_bhmm`.

References
----------
Frank, Goldwater & Keller (2009). Evaluating models of syntactic category
acquisition without using a gold standard. *CogSci* 31, 2576-2581.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, check_choice
from induceval.experiments._category_common import (
    ensure_dir,
    gold_type_sizes,
    shared_data_dir,
    spearman_rho,
    stars,
    to_jsonable,
)
from induceval.experiments.cells import Cell, run_cells
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table

__all__ = ["run_frank2009", "prepare_childes", "frank_cell", "register", "PAPER_TABLE3",
           "PAPER_TABLE4", "PAPER_TABLE2", "MODEL_NAMES"]

#: protocol model key -> (registry name, label in the paper's tables)
MODEL_NAMES = {"random": ("random", "Random"), "bhmm": ("bhmm", "BHMM"),
               "hc": ("hc", "HC"), "ff": ("ff", "FF")}

MEASURE_COLUMNS = ["PP", "PR", "MA", "SP", "SR"]

#: 000 Table 3 (merge condition): model, K, PP, PR, MA, SP, SR
PAPER_TABLE3 = [
    ("Random", 12, 0.205, 0.324, 0.796, 0.000065, 0.254458),
    ("Random", 53, 0.096, 0.254, 0.720, 0.000092, 0.173907),
    ("BHMM", 12, 0.570, 0.263, 0.721, 0.000221, 0.308508),
    ("BHMM", 53, 0.624, 0.175, 0.747, 0.000347, 0.109927),
    ("BHMM", 80, 0.657, 0.128, 0.775, 0.000330, 0.084811),
    ("HC", 12, 0.201, 0.864, 0.361, 0.000046, 0.375467),
    ("HC", 53, 0.330, 0.654, 0.523, 0.000117, 0.202372),
    ("HC", 80, 0.484, 0.512, 0.639, 0.000159, 0.183736),
    ("FF", 12, 0.220, 0.244, 0.448, 0.000027, 0.217124),
    ("FF", 53, 0.219, 0.079, 0.392, 0.000039, 0.120499),
    ("FF", 80, 0.224, 0.053, 0.423, 0.000043, 0.096760),
]

#: 000 Table 4 (split condition)
PAPER_TABLE4 = [
    ("HC", 12, 0.016, 0.750, 0.380, 0.000030, 0.193955),
    ("HC", 53, 0.059, 0.405, 0.550, 0.000061, 0.061327),
    ("HC", 80, 0.086, 0.338, 0.666, 0.000091, 0.046781),
    ("FF", 12, 0.219, 0.238, 0.486, 0.000018, 0.095166),
    ("FF", 53, 0.240, 0.072, 0.440, 0.000028, 0.023271),
    ("FF", 80, 0.260, 0.046, 0.471, 0.000035, 0.014687),
]

#: 000 Table 2: the significant correlations (N = 12 in the paper)
PAPER_TABLE2 = {("SP", "PP"): (0.638, "*"), ("SR", "PR"): (0.755, "**"),
                ("SP", "MA"): (0.677, "*")}


def _default_train(data: Path | None = None) -> Path:
    return (data or shared_data_dir()) / "childes" / "eng-uk" / "Manchester"


def _default_test(data: Path | None = None) -> list[Path]:
    root = (data or shared_data_dir()) / "childes" / "eng-uk"
    return [root / n for n in ("Belfast", "Cruttenden", "Fletcher", "Gathburn", "Howe",
                               "Korman", "Wells", "Wooten")]


def prepare_childes(corpus: Corpus, *, child_directed: bool = True) -> Corpus:
    """000's preprocessing: child-directed utterances, punctuation out, gold tag sets added.

    Adds token columns ``collapsed`` (12 categories) and ``stripped`` (``%mor``
    POS without morphology) from ``xpos``; removes tokens whose collapsed tag
    is ``PUNCT`` and sentences left empty.
    """
    from induceval.corpus.tagsets.childes import add_childes_tagsets

    if child_directed:
        try:
            from induceval.corpus.transforms.childes import select_child_directed

            corpus = select_child_directed(corpus)
        except ImportError:  # pragma: no cover - the transform ships with the readers
            corpus = _select_cds_fallback(corpus)
    if "xpos" in corpus.tokens:
        corpus = add_childes_tagsets(corpus, "xpos")
        col = corpus.tokens["collapsed"]
        punct = col.vocab.id("PUNCT") if col.vocab is not None else -1
        corpus = corpus.keep_tokens(col.values != punct)
    return corpus.select(corpus.lengths > 0)


def _select_cds_fallback(corpus: Corpus) -> Corpus:
    keep = np.ones(corpus.n_sentences, dtype=bool)
    for colname, bad in (("role", "Target_Child"), ("speaker", "CHI"),
                         ("unintelligible", "yes")):
        if colname in corpus.sentences:
            col = corpus.sentences[colname]
            code = col.vocab.id(bad) if col.vocab is not None else -1
            keep &= col.values != code
    return corpus.select(keep)


def gold_for_k(k: int, n_collapsed: int) -> str:
    """The gold inventory a K condition is scored against (000: 12 -> collapsed, else stripped)."""
    return "collapsed" if k <= n_collapsed else "stripped"


def _model_params(model: str, bhmm_iterations: int, extra: dict | None) -> dict:
    params = dict((extra or {}).get(model, {}))
    if model == "bhmm":
        params.setdefault("iterations", bhmm_iterations)
    return params


def frank_cell(model: str, k: int, gold: str, train: Corpus, test: Corpus | None, *,
               seed: int = DEFAULT_SEED, params: dict | None = None) -> dict:
    """One row of Tables 3/4: run ``model`` at ``k`` on ``train``, score it both ways.

    Returns a JSON-ready dict with ``merge`` and ``split`` score dicts
    (``PP PR MA SP SR``), the cluster sizes in types and tokens, coverage
    figures and the model signature.
    """
    from induceval.measures.categories import evaluate_tags, substitutable_scores
    from induceval.models.categories import induce_tags

    params = dict(params or {})
    if model == "random":
        result = induce_tags(train, "random", None, seed=seed, gold=gold, **params)
    else:
        result = induce_tags(train, model, k, seed=seed, **params)
    gold_codes = train.column(gold).values.astype(np.int64)
    ok = gold_codes >= 0
    forms = train.forms.astype(np.int64)
    out: dict = {"model": model, "k": k, "gold": gold, "signature": result.signature,
                 "n_clusters": int(result.n_clusters),
                 "types_clustered": int(sum(c is not None for c in result.type_clusters.values())),
                 "types": len(result.type_clusters),
                 "tokens_clustered": float((result.tags >= 0).mean()) if len(result.tags) else 0.0,
                 "sizes_types": result.cluster_sizes("types").tolist(),
                 "sizes_tokens": result.cluster_sizes("tokens").tolist()}
    for cond in ("merge", "split"):
        ev = evaluate_tags(gold_codes[ok], result.tags[ok].astype(np.int64), forms=forms[ok],
                           punct="keep", unclustered=cond)
        row = {"PP": ev.scores["pp"], "PR": ev.scores["pr"], "MA": ev.scores["m1"]}
        if test is not None:
            sub = substitutable_scores(train, test, result.type_clusters, unclustered=cond)
            row["SP"] = sub.scores["sp"]
            row["SR"] = sub.scores["sr"]
            row["spsr_signature"] = sub.signature
        else:
            row["SP"] = row["SR"] = None
        row["signature"] = ev.signature
        out[cond] = row
    return to_jsonable(out)


def _rows(results: dict, cond: str, order: Sequence[tuple[str, int]]) -> list[dict]:
    rows = []
    for key, (model, k) in order:
        r = results[key]
        row = {"Model": MODEL_NAMES[model][1], "K": k}
        for m in MEASURE_COLUMNS:
            row[m] = r[cond][m]
        rows.append(row)
    return rows


def _paper_table(rows, title) -> Table:
    recs = [dict(zip(["Model", "K", *MEASURE_COLUMNS], r)) for r in rows]
    return Table(["Model", "K", *MEASURE_COLUMNS], recs, title=title, digits=6)


def _table2(rows: list[dict]) -> Table:
    recs = []
    names = MEASURE_COLUMNS
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            rho, p = spearman_rho([r[a] for r in rows if r[a] is not None],
                                  [r[b] for r in rows if r[a] is not None])
            first, second = (b, a) if (b, a) in PAPER_TABLE2 else (a, b)
            paper = PAPER_TABLE2.get((first, second))
            recs.append({"Measures": f"{first}, {second}", "rho": rho, "p": p,
                         "sig": stars(p), "N": len(rows),
                         "paper rho": None if paper is None else f"{paper[0]}{paper[1]}"})
    return Table(["Measures", "rho", "p", "sig", "N", "paper rho"], recs,
                 title="Table 2: Spearman's rho between the rankings of pairs of measures "
                       "(merge condition)",
                 notes=["**: p < 0.01; *: p < 0.05. Paper: N = 12; only the three "
                        "significant pairs are reported there."], digits=3)


def _figures(results: dict, order, gold_sizes: dict, out: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    colors = {"random": "tab:gray", "bhmm": "tab:blue", "hc": "tab:green", "ff": "tab:red"}
    size_of = {}
    for _, (_, k) in order:
        size_of.setdefault(k, 20 + 30 * len(size_of))
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2))
    for ax, (px, py, title) in zip(axes, (("PP", "PR", "Pairwise Precision and Recall"),
                                          ("SP", "SR", "Substitutable Precision and Recall"))):
        seen = set()
        for key, (model, k) in order:
            r = results[key]["merge"]
            if r[px] is None:
                continue
            label = MODEL_NAMES[model][1] if model not in seen else None
            seen.add(model)
            ax.scatter(r[px], r[py], s=size_of[k], c=colors[model], label=label, alpha=0.8)
        ax.set_xlabel("Precision")
        ax.set_ylabel("Recall")
        ax.set_title(title)
        if seen:
            ax.legend(fontsize=8)
    fig.suptitle("Figure 1 (merge condition; point size: K = 12 < 53 < 80)", fontsize=9)
    fig.tight_layout()
    p1 = str(out / "figure1.png")
    fig.savefig(p1, dpi=120)
    plt.close(fig)
    paths.append(p1)
    ks = sorted({k for _, (_, k) in order})
    fig, axes = plt.subplots(1, len(ks), figsize=(4 * len(ks), 3.6), squeeze=False)
    for ax, k in zip(axes[0], ks):
        gs = gold_sizes.get(k)
        if gs:
            ax.plot(range(1, len(gs) + 1), gs, "k-", label="GS")
        for key, (model, kk) in order:
            if kk != k or model == "random":
                continue
            sizes = [s for s in results[key]["sizes_types"] if s > 0]
            if sizes:
                ax.plot(range(1, len(sizes) + 1), sizes, color=colors[model],
                        label=MODEL_NAMES[model][1])
        ax.set_yscale("log")
        ax.set_title(f"{k} clusters")
        ax.set_xlabel("cluster rank")
        ax.set_ylabel("size of cluster (types)")
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
    fig.suptitle("Figure 2: ranked cluster sizes in types (log scale)", fontsize=9)
    fig.tight_layout()
    p2 = str(out / "figure2.png")
    fig.savefig(p2, dpi=120)
    plt.close(fig)
    paths.append(p2)
    return paths


def run_frank2009(train: Corpus | str | os.PathLike | Sequence = None,
                  test: Corpus | str | os.PathLike | Sequence | None = None, *,
                  out_dir: str | os.PathLike | None = None, ks: Sequence[int] = (12, 53, 80),
                  models: Sequence[str] = ("random", "bhmm", "hc", "ff"),
                  seed: int = DEFAULT_SEED, bhmm_iterations: int = 2000,
                  model_params: dict | None = None, max_sentences: int | None = None,
                  prepare: bool = True, jobs: int = 1, show_progress: bool = False,
                  figures: bool = True) -> dict[str, Table]:
    """Run the frank2009 protocol; return its tables (and write them when ``out_dir``).

    Parameters
    ----------
    train, test
        Corpora or CHAT paths (default: Manchester; the other eng-uk corpora).
        ``test=None`` with a Corpus ``train`` skips SP/SR.
    out_dir
        Where tables (``table2/3/4`` + the paper's ``table3_paper``,
        ``table4_paper``), figures and finished cells go (resumable).
    ks, models
        The K conditions and the models (``random bhmm hc ff``).
    seed
        Seed of every model.
    bhmm_iterations
        Gibbs sweeps of the BHMM (paper: 2000).
    model_params
        Extra parameters per model, e.g. ``{"ff": {"threshold": 0.0013}}``.
    max_sentences
        Use only the first N training and test sentences (quick runs).
    prepare
        Apply :func:`prepare_childes` (CDS selection, punctuation, tag sets).
    jobs, show_progress
        Parallel worker processes; progress bar on stderr.
    figures
        Write Figures 1 and 2 (PNG) to ``out_dir``.

    Returns
    -------
    dict
        ``table3`` (merge), ``table4`` (split), ``table2`` (correlations),
        ``table3_paper``, ``table4_paper``, ``coverage``.
    """
    for m in models:
        check_choice("model", m, tuple(MODEL_NAMES))
    train_c = _load(train if train is not None else _default_train())
    test_c = None
    if test is not None or not isinstance(train, Corpus):
        test_c = _load(test if test is not None else _default_test())
    if prepare:
        train_c = prepare_childes(train_c)
        test_c = prepare_childes(test_c) if test_c is not None else None
    if max_sentences:
        train_c = train_c.select(np.arange(min(max_sentences, train_c.n_sentences)))
        if test_c is not None:
            test_c = test_c.select(np.arange(min(max_sentences, test_c.n_sentences)))
    for col in ("collapsed", "stripped"):
        if col not in train_c.tokens:
            raise InducevalError(f"the training corpus has no {col!r} gold column (it needs "
                                 "%mor tags in xpos)")
    n_collapsed = train_c.n_types("collapsed")
    cells: list[Cell] = []
    order: list[tuple[str, tuple[str, int]]] = []
    random_done: set[str] = set()
    for model in models:
        for k in ks:
            gold = gold_for_k(k, n_collapsed)
            if model == "random":
                if gold in random_done:
                    continue  # the K=53 and K=80 conditions share one random baseline
                random_done.add(gold)  # its row is labelled with the first K using that gold
            params = _model_params(model, bhmm_iterations, model_params)
            key = f"{model}-k{k}-seed{seed}" + "".join(
                f"-{p}={v}" for p, v in sorted(params.items()))
            cells.append(Cell(key, frank_cell, (model, k, gold, train_c, test_c),
                              {"seed": seed, "params": params}))
            order.append((key, (model, k)))
    results = run_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                        desc="frank2009")
    t3_rows = _rows(results, "merge", order)
    tables = {
        "table3": Table(["Model", "K", *MEASURE_COLUMNS], t3_rows,
                        higher_is_better={m: True for m in MEASURE_COLUMNS},
                        title="Table 3: results for the merge condition", digits=6,
                        notes=[f"train: {train_c.n_tokens} tokens, {train_c.n_sentences} "
                               "utterances" + (f"; test: {test_c.n_tokens} tokens"
                                               if test_c is not None else "; no test corpus"),
                               f"seed {seed}; BHMM iterations {bhmm_iterations}"]),
        "table4": Table(["Model", "K", *MEASURE_COLUMNS],
                        _rows(results, "split", [o for o in order if o[1][0] in ("hc", "ff")]),
                        higher_is_better={m: True for m in MEASURE_COLUMNS},
                        title="Table 4: results for the split condition", digits=6),
        "table2": _table2(t3_rows),
        "table3_paper": _paper_table(PAPER_TABLE3, "000 Table 3 (paper's numbers, merge)"),
        "table4_paper": _paper_table(PAPER_TABLE4, "000 Table 4 (paper's numbers, split)"),
    }
    cov = []
    for key, (model, k) in order:
        r = results[key]
        cov.append({"Model": MODEL_NAMES[model][1], "K": k, "clusters": r["n_clusters"],
                    "types clustered": r["types_clustered"], "types": r["types"],
                    "token coverage": r["tokens_clustered"], "signature": r["signature"]})
    tables["coverage"] = Table(["Model", "K", "clusters", "types clustered", "types",
                                "token coverage", "signature"], cov,
                               title="Coverage of each model (training corpus)")
    if out_dir is not None:
        out = ensure_dir(out_dir)
        for name, t in tables.items():
            t.write(str(out / name))
        if figures:
            gold_sizes = {k: gold_type_sizes(train_c, gold_for_k(k, n_collapsed)) for k in ks}
            _figures(results, order, gold_sizes, out)
    return tables


def _load(x) -> Corpus:
    if isinstance(x, Corpus):
        return x
    from induceval.corpus.readers import read_corpus

    return read_corpus(x, format="chat")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "frank2009", help="Frank, Goldwater & Keller (2009): HC, FF, BHMM, Random; Tables 2-4",
        description=__doc__.split("\n\n")[0])
    from induceval.cli.common import add_data_option, add_format_option, add_out_dir_option

    p.add_argument("--train", nargs="+", default=None,
                   help="training CHAT files/folders (default: Manchester under --data)")
    p.add_argument("--test", nargs="+", default=None,
                   help="test CHAT files/folders for SP/SR (default: the other eng-uk corpora)")
    add_data_option(p)
    add_out_dir_option(p, default="runs/frank2009")
    p.add_argument("--k", default="12,53,80", help="K conditions (default 12,53,80)")
    p.add_argument("--models", default="random,bhmm,hc,ff",
                   help="comma-separated models (default: random,bhmm,hc,ff)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"seed (default {DEFAULT_SEED})")
    p.add_argument("--bhmm-iterations", type=int, default=2000,
                   help="BHMM Gibbs sweeps (default 2000)")
    p.add_argument("--ff-threshold", type=float, default=0.0009,
                   help="frequent-frame threshold share (Frank et al.: 0.0009; Mintz: 0.0013)")
    p.add_argument("--max-sentences", type=int, default=None,
                   help="use only the first N utterances of train and test (quick runs)")
    from induceval.cli.common import add_executor_options

    add_executor_options(p)
    add_format_option(p)
    p.set_defaults(func=_cli)


def _cli(args: argparse.Namespace) -> int:
    import sys

    from induceval.cli.common import check_output_path, data_dir, emit_tables, progress_enabled

    check_output_path(args.output)
    data = data_dir(args)
    tables = run_frank2009(
        args.train or _default_train(data), args.test or _default_test(data), out_dir=args.out,
        ks=[int(x) for x in args.k.split(",")], models=args.models.split(","), seed=args.seed,
        bhmm_iterations=args.bhmm_iterations,
        model_params={"ff": {"threshold": args.ff_threshold}},
        max_sentences=args.max_sentences, jobs=args.jobs, show_progress=progress_enabled(args))
    emit_tables([tables[name] for name in ("table3", "table4", "table2")], args)
    print(f"induceval: written to {args.out}", file=sys.stderr)
    return 0
