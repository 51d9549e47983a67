"""``induceval reproduce chambers2010``: the pseudo-word protocol of Chambers & Jurafsky (2010).

For each corpus: extract (verb, relation, noun) tuples (§3.1), split the
documents into training, development and test (§6), and produce

- the seen/unseen curve: the percentage of test tuples unseen in training
  ("seen" = seen at least ``min_seen`` = 2 times) as training grows, overall
  and by relation (Figures 1-2), and the share of rare verbs and nouns
  (lowest 10% of types by frequency) in seen vs unseen tests (Figure 3);
- Figure 4's table: every model against random, bucket and neighbour
  confounders, with training size ×2;
- Figure 5's table: bucket and neighbour confounders × training size
  ×1, ×2, ×10, here nested fractions 0.1, 0.2 and 1.0 of the training
  documents (the paper's ×1 is one tenth of ×10 and ×2 one fifth);
- Figure 6's table: the baseline's precision, accuracy and accuracy +50%
  on bucket confounders × training size;

with significance marks from the paired approximate randomization test
(Yeh 2000; 1000 iterations by default): ``*`` p < 0.01, ``†`` p < 0.05,
against the column's baseline (Figures 4-5) or the number to the left
(Figure 6).  The Erk models' slot cutoff is tuned on the development
documents by a linear search for every corpus, training size and confounder
method, as in §6.3.

The paper's Figures 4-6 are written next to each corpus's
(``<corpus>_figure4_paper`` ..., :func:`paper_figures`), their rows under our
models' names.

Corpora with fewer than ``min_documents`` documents (e.g. UD treebanks
without ``# newdoc`` marks) are cut into pseudo-documents of
``chunk_sentences`` consecutive sentences, so that the split stays by
document, never by sentence.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §3, §6, §7, Figures 1-6.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, ParameterError
from induceval.experiments import _chambers2010_paper as paper
from induceval.experiments._category_common import add_legend, ensure_dir, finish_figure
from induceval.experiments._chambers2010_protocol import PROTOCOL
from induceval.experiments._cost import run_protocol_cells
from induceval.experiments._uncertainty import BEST, TIES, Marks, interval_columns
from induceval.measures.pseudowords import (
    CONFOUNDER_METHODS,
    SIZES,
    Prepared,
    PseudoTestSet,
    build_test_set,
    corpus_statistics,
    load_corpus,
    parse_random_range,
    prepare,
    pseudo_items,
    rare_words,
    score_models,
    seen_unseen,
    significance_mark,
    tune_parameter,
)
from induceval.models.selpref import MODEL_ORDER, train_models
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, write_tables
from induceval.signature import make_signature

__all__ = ["run_chambers2010", "score_pseudowords", "default_corpora", "load_corpus",
           "paper_figures", "PROTOCOL"]


def _cell(prep: Prepared, size: str, method: str, ties: str, iterations: int, seed: int,
          models: Sequence[str], random_range: str | tuple = "paper") -> dict:
    frac = SIZES[size] if size in SIZES else float(size)
    train = prep.instances.in_documents(prep.split.training(frac)).counts()
    # noun frequencies are counted on all training documents: scale the range to them
    scale = {"random_range": random_range, "corpus_tokens": prep.frequency_tokens or None}
    test, dev = (build_test_set(prep.instances.in_documents(part), prep.noun_frequencies,
                                method, seed=seed + i, corpus=prep.fingerprint,
                                split=prep.split.describe(), **scale)
                 for i, part in enumerate((prep.split.test, prep.split.dev)))
    return {**score_pseudowords(train, test, cooccurrence=prep.cooccurrence.get(size),
                                models=models, dev=dev, ties=ties, iterations=iterations,
                                seed=seed),
            "train_tuples": train.total, "skipped": dict(test.skipped),
            "random_range": test.random_range}


def score_pseudowords(train, test: PseudoTestSet, *, cooccurrence=None,
                      models: Sequence[str] = MODEL_ORDER, dev: PseudoTestSet | None = None,
                      ties: str = "random", iterations: int = 1000, seed: int = DEFAULT_SEED,
                      item_stats: bool = False) -> dict:
    """Train the selectional-preference models on ``train`` and score them on ``test``.

    What ``pseudo score`` and every cell of the protocol run (Chambers &
    Jurafsky 2010, §6-7).

    Parameters
    ----------
    train
        The training tuples' counts (``TupleInstances.counts()``).
    test
        The test set (:func:`~induceval.measures.pseudowords.build_test_set`).
    cooccurrence
        The training documents' co-occurrence counts, for the models that need them.
    models
        Model names (:data:`~induceval.models.selpref.MODEL_ORDER`).
    dev
        Development items: the Erk models' slot cutoff is tuned on them (§6.3);
        without them each model's first candidate is taken.
    ties, iterations, seed, item_stats
        As in :func:`~induceval.measures.pseudowords.score_models`.

    Returns
    -------
    dict
        :func:`~induceval.measures.pseudowords.score_models`'s, and ``cutoffs``.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.pseudowords import corpus_statistics, prepare
    >>> prep = prepare(corpus_statistics(generate_demo_corpus(n_sentences=400, seed=1)))
    >>> train = prep.instances.in_documents(prep.split.training(1.0)).counts()
    >>> test = build_test_set(prep.instances.in_documents(prep.split.test),
    ...                       prep.noun_frequencies, "random", seed=1)
    >>> out = score_pseudowords(train, test, models=["baseline"], iterations=10)
    >>> sorted(out["models"]) == ["baseline"], out["items"] == len(test)
    (True, True)
    """
    tune = None if dev is None else partial(tune_parameter, dev=dev)
    built, cutoffs = train_models(train, cooccurrence, models=models, tune=tune)
    return {"cutoffs": cutoffs, **score_models(built, test, ties=ties, iterations=iterations,
                                               seed=seed, item_stats=item_stats)}


@dataclass(frozen=True)
class _Prefixes:
    """A corpus as the estimate of the cells cuts it: ``head(n)`` is its first ``n``
    sentences prepared as the protocol prepares the whole corpus."""

    corpus: Corpus
    name: str
    scheme: str
    arguments: str
    seed: int
    #: prepare() cuts a corpus of few documents into documents of 100 sentences, and a
    #: split needs three (test, dev, train)
    min_sentences = 300

    @property
    def n_sentences(self) -> int:
        return self.corpus.n_sentences

    def head(self, n: int) -> Prepared:
        part = self.corpus.select(range(min(n, self.n_sentences)))
        return prepare(corpus_statistics(part, scheme=self.scheme, arguments=self.arguments),
                       self.name, seed=self.seed)


def _fmt(value: float | None, p: float | None = None) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "-"
    return f"{100 * value:.1f}{significance_mark(p) if p is not None else ''}"


def _model_items(result: Mapping | None, model: str):
    """The per-item statistics of ``model`` in a cell result (ItemStats), or None."""
    mr = (result or {}).get("models", {}).get(model)
    rows = (mr or {}).get("item_stats")
    return pseudo_items(np.asarray(rows, dtype=np.float64).reshape(-1, 4)) if rows else None


def _mark_columns(rows: list[dict], columns: Sequence[str], cells: Mapping[str, Mapping],
                  marks, measure: str = "accuracy_guess") -> list[str]:
    """``<column> ±`` (points) in every model row, and the rows ``best`` / ``not sig. vs best``.

    ``cells``: column -> {model: ItemStats or None}.  Returns the columns
    with the ``±`` columns inserted.
    """
    best_row, ties_row = {"model": BEST}, {"model": TIES}
    for col in columns:
        have = {}
        for row in rows:
            st = cells[col].get(row["model"])
            iv = marks.interval(st, measure) if st is not None else None
            row[f"{col} ±"] = 100 * iv.half_width if iv is not None else None
            if st is not None:
                have[row["model"]] = st
        if len(have) > 1:
            best, tied = marks.ties(have, measure)
            best_row[col], ties_row[col] = best or "-", ",".join(tied) if tied else "-"
    rows.extend([best_row, ties_row])
    return interval_columns(["model", *columns], columns, ties=False)


def run_chambers2010(corpora: Mapping[str, Corpus], out_dir: str | os.PathLike | None = None, *,
                     seed: int = DEFAULT_SEED, ties: str = "random", iterations: int = 1000,
                     methods: Sequence[str] = CONFOUNDER_METHODS,
                     models: Sequence[str] = MODEL_ORDER, jobs: int = 1,
                     show_progress: bool = False, scheme: str = "auto",
                     plots: bool = True, arguments: str = "nouns",
                     random_range: str | tuple[int, int | None] = "paper",
                     confidence: int = 1000, alpha: float = 0.05) -> dict[str, Table]:
    """Run the whole protocol on each corpus; return (and write) its tables.

    Parameters
    ----------
    corpora
        Name -> corpus with dependency annotation (e.g. child-directed
        Manchester, or a UD language's pooled treebanks).
    out_dir
        Where tables (md/csv/json), figures (PNG) and finished cells go;
        ``None`` writes nothing and keeps no resume state.
    seed
        Seed of the split, confounders, tie guesses and randomization test.
    arguments
        ``"nouns"`` (the paper), ``"nominals"`` (pronouns too) or ``"any"``;
        see :func:`induceval.corpus.tuples.extract_tuples`.
    random_range
        Frequency range of random confounders: ``"paper"`` (Chambers & Jurafsky 2010, §6.2's
        [30, 400000], scaled to a corpus much smaller than the paper's 225M
        tokens; see :func:`induceval.measures.pseudowords.paper_random_range`)
        or ``(low, high)``.
    confidence, alpha
        Bootstrap resamples of test items (0 = none) and level.  Figures 4-5's
        accuracy +50% and Figure 6's numbers get a ``<column> ±`` column
        (half-width of the ``1 - alpha`` percentile interval, in points); every
        column of Figures 4-5 its best model and the models not significantly different
        from it (rows ``best``, ``not sig. vs best``; paired bootstrap,
        two-sided).  The unit is the test item, a ``(v_d, n)`` pair with its
        confounder, as in the paper's test (Chambers & Jurafsky 2010, §7, Yeh
        2000); its 6767 test pairs come from 41 documents and are not
        independent within one, so these intervals (like the paper's tests)
        understate the variation between document samples.  Drawn in the main
        process from the ``resampling.bootstrap`` stream of ``seed``.

    Returns
    -------
    dict of str to Table
        The tables by key (``<corpus>_figure4``, ``<corpus>_sizes``...), and the paper's
        Figures 4-6 next to each corpus's (``<corpus>_figure4_paper``...,
        :func:`paper_figures`).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tables = run_chambers2010({"demo": generate_demo_corpus(n_sentences=400, seed=1)},
    ...                           iterations=50, confidence=0, plots=False)
    >>> sorted(tables)[:4]
    ['demo_figure4', 'demo_figure4_paper', 'demo_figure5', 'demo_figure5_paper']
    """
    from induceval.parallel import Cell

    for m in methods:
        if m not in CONFOUNDER_METHODS:
            raise ParameterError(f"methods must be among {', '.join(CONFOUNDER_METHODS)}; "
                                 f"got {m!r}")
    preps = {name: prepare(corpus_statistics(c, scheme=scheme, arguments=arguments), name,
                           seed=seed)
             for name, c in corpora.items()}
    rr = random_range if isinstance(random_range, str) else \
        f"{random_range[0]}-{'' if random_range[1] is None else random_range[1]}"

    def key(name: str, method: str, size: str) -> str:
        # "|items": cells carry per-item statistics (stored cells without them
        # would leave the tables without intervals)
        return f"{name}|{arguments}|{method}|{size}|{ties}|{iterations}|{seed}|{rr}|items"

    cells = [Cell(key(name, method, size), _cell, (prep, size, method, ties, iterations, seed,
                                                     tuple(models), random_range))
             for name, prep in preps.items() for method in methods for size in SIZES
             if size == "x2" or method != "random"]

    def probe_inputs(cell: Cell) -> Cell:  # the cells' statistics, prepared from corpus prefixes
        prep, *rest = cell.args
        return replace(cell, args=(_Prefixes(corpora[prep.name], prep.name, scheme, arguments,
                                             seed), *rest))

    results = run_protocol_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                                 desc="chambers2010",
                                 shorten="--methods M, --iterations N, --confidence 0",
                                 probe_inputs=probe_inputs)
    sig = "signature: " + make_signature("chambers2010", {
        "ties": ties, "ar": iterations, "scheme": scheme, "arguments": arguments, "range": rr},
        seed=seed)
    tables: dict[str, Table] = {}
    marks = Marks(confidence, alpha, seed, unit="item") if confidence else None
    for name, prep in preps.items():
        def res(method: str, size: str, _name: str = name) -> dict | None:
            return results.get(key(_name, method, size))

        tables.update(_corpus_tables(name, prep, res, methods, models, iterations, seed, sig,
                                     marks))
    if out_dir is not None:
        out = ensure_dir(out_dir)
        write_tables(tables, out)
        if plots:
            _plot_unseen(tables, preps, out)
    return tables


def _accuracy_table(res, columns: Mapping[str, tuple[str, str]], models: Sequence[str], marks,
                    title: str, notes: list[str], items: Mapping | None = None) -> Table:
    """Accuracy +50% of every model (rows) in the cells of ``columns``: column -> (method,
    size); with ``marks``, the intervals and the best model of each column (``items``:
    (method, size) -> {model: ItemStats}, see :func:`_cells_items`)."""
    rows = []
    for m in models:
        row = {"model": m}
        for col, key in columns.items():
            r = res(*key)
            mr = r["models"].get(m) if r else None
            row[col] = _fmt(mr["accuracy_guess"], mr["p_vs_baseline"]) if mr else "-"
        rows.append(row)
    cols = ["model", *columns]
    if marks:
        cols = _mark_columns(rows, list(columns), {col: items[key]
                                                   for col, key in columns.items()}, marks)
        notes = [*notes, *marks.notes("test items")]
    return Table.from_records(rows, cols, title=title, digits=1, notes=notes)


def _cells_items(res, keys, models: Sequence[str], marks) -> dict:
    """(method, size) -> {model: ItemStats or None} of the cells ``keys``, resampled together.

    One ItemStats per cell and model, whichever tables show it (Figures 4 and 5
    share the x2 cells), and one draw of the resample weights for all the cells
    with as many test items: the intervals and ties are those of resampling
    each on its own (see :meth:`Marks.prepare`).
    """
    out = {key: {m: _model_items(res(*key), m) for m in models} for key in keys}
    marks.prepare(st for cell in out.values() for st in cell.values())
    return out


def _corpus_tables(name: str, prep: Prepared, res, methods: Sequence[str], models: Sequence[str],
                   iterations: int, seed: int, sig: str, marks) -> dict[str, Table]:
    """One corpus's tables: unseen tuples, rare words, Figures 4-6 and the training sizes."""
    items = _cells_items(res, [(method, size) for method in methods for size in SIZES
                               if size == "x2" or method != "random"], models,
                         marks) if marks else None
    tables = {f"{name}_unseen": Table.from_records(**seen_unseen(prep)),
              f"{name}_rare": Table.from_records(**rare_words(prep))}
    tables[f"{name}_figure4"] = _accuracy_table(
        res, {method: (method, "x2") for method in methods}, models, marks,
        f"Figure 4 ({name}): accuracy +50% by confounder, training x2 (%)",
        ["* p < 0.01, † p < 0.05 against the column's baseline (approximate randomization)",
         "random confounders: noun frequencies in "
         f"[{(res('random', 'x2') or {}).get('random_range', '-')}] "
         "(Chambers & Jurafsky 2010 §6.2: [30, 400000] on 225M tokens; "
         "upper bound scaled to this corpus)", sig], items)
    tables[f"{name}_figure5"] = _accuracy_table(
        res, {f"{method} {size}": (method, size) for method in methods if method != "random"
              for size in SIZES}, models, marks,
        f"Figure 5 ({name}): accuracy +50% by training size "
        f"(x1, x2, x10 = {', '.join(f'{v:g}' for v in SIZES.values())} of training docs; %)",
        ["* p < 0.01, † p < 0.05 against the column's baseline", sig], items)
    if "buckets" in methods and "baseline" in models:
        tables[f"{name}_figure6"] = _figure6(name, {s: res("buckets", s) for s in SIZES},
                                             iterations, seed, sig, marks)
    tables[f"{name}_sizes"] = Table.from_records(
        [{"size": s, "fraction": f, "train_docs": len(prep.split.training(f)),
          "train_tokens": prep.train_tokens.get(s, 0),
          "test_items_neighbor": (res("neighbor", s) or {}).get("items"),
          "erk_cutoffs_neighbor": str((res("neighbor", s) or {}).get("cutoffs"))}
         for s, f in SIZES.items()],
        title=f"Training sizes and tuned Erk slot cutoffs ({name})")
    tables.update(paper_figures(name, tables))
    return tables


def paper_figures(name: str, tables: Mapping[str, Table]) -> dict[str, Table]:
    """Chambers & Jurafsky 2010's Figures 4-6 as twins of corpus ``name``'s
    ``<name>_figure4/5/6`` (one for each of them ``tables`` has), the report sets each
    beside the run's rows.

    The cells are the paper's as printed (``"93.9*"``); the rows of Figures 4-5 are
    named as our models (the paper's Google is our ``cooccurrence``, Backoff Goog/Google
    our ``backoff-cooccurrence``).  The notes say what differs and name the paper's rows
    the run has no row for.

    Parameters
    ----------
    name
        The corpus's name in the run.
    tables
        The run's tables.

    Returns
    -------
    dict of str to Table
        ``<name>_figure4_paper`` ..., for the figures the run has.

    Example
    -------
    >>> from induceval.report.tables import Table
    >>> run = {"nyt_figure4": Table(["model", "random"], [{"model": "baseline"}])}
    >>> twin = paper_figures("nyt", run)["nyt_figure4_paper"]
    >>> [(r["model"], r["random"]) for r in twin.rows][:2]
    [('baseline', '91.5'), ('erk-jaccard', '93.9*')]
    """
    out = {}
    for fig, (where, caption, cells, columns, against) in paper.FIGURES.items():
        ours = tables.get(f"{name}_{fig}")
        if ours is None:
            continue
        row_id = "measure" if fig == "figure6" else "model"
        rows = [{row_id: paper.MODELS.get(label, label), **dict(zip(columns, vals, strict=True))}
                for label, vals in cells.items()]
        have = {r.get(row_id) for r in ours.rows}
        missing = [f"{label} ({r[row_id]})" if r[row_id] != label else label
                   for label, r in zip(cells, rows, strict=True) if r[row_id] not in have]
        marks = (f"* p < 0.01, † p < 0.05 against {against}" if fig != "figure6" else
                 f"* p < 0.01 against {against} (the caption; it leaves † out, p < 0.05 in "
                 "Figures 4-5)")
        notes = [f"{where}: {caption}; the paper's cells as printed: {marks} (approximate "
                 "randomization)",
                 f"the paper's data: {paper.DATA}; ours: corpus {name}"]
        if fig != "figure6":
            notes.append("rows named as our models: Google is our cooccurrence (the paper "
                         "counts the Google n-grams, ours the training text), Backoff "
                         f"{'Goog' if fig == 'figure4' else 'Google'} our backoff-cooccurrence, "
                         "Backoff Erk our backoff-erk (ours backs off to Erk-Jaccard; the paper "
                         "does not say which)")
        if fig == "figure5":
            notes.append("the paper prints Google at Train x10 only, the numbers of its "
                         "Figure 4 (its n-gram counts are not the NYT training data)")
        if missing:
            notes.append("paper rows with no run row: " + ", ".join(missing))
        notes.append(f"signature: paper|chambers2010|{fig}")
        out[f"{name}_{fig}_paper"] = Table(
            [row_id, *columns], rows, digits=1, notes=notes,
            title=f"{where} (paper's numbers, NYT Gigaword; %)")
    return out


def _paired_p(pairs: dict, prev: np.ndarray, st: np.ndarray, key: str, n: int,
              seed: int) -> float:
    """The approximate randomization p-value of ``key`` between two sizes' baseline rows
    (each pair of sizes tested once for every measure)."""
    from induceval.measures.resampling import compare

    got = pairs.get((id(prev), id(st)))
    if got is None:
        got = pairs[(id(prev), id(st))] = compare(pseudo_items(prev), [pseudo_items(st)],
                                                  test="ar", n=n, seed=seed)[0]
    return got.p_value[key]


def _figure6(name: str, res: Mapping[str, dict | None], iterations: int, seed: int,
             sig: str, marks=None) -> Table:
    from induceval.measures.pseudowords import DecisionScores

    measures = {"precision": "Precision", "accuracy": "Accuracy", "accuracy_guess": "Accuracy +50%"}
    stats = {s: np.asarray(r["baseline_stats"]) for s, r in res.items() if r}
    # one ItemStats per size, resampled once for all measures (sizes with as many test
    # items share the draws)
    items = {s: pseudo_items(st) for s, st in stats.items() if len(st)} if marks else {}
    if marks:
        marks.prepare(items.values())
    pairs: dict = {}
    rows = []
    for key, label in measures.items():
        row = {"measure": label}
        prev = None
        for s in SIZES:
            st = stats.get(s)
            if st is None or not len(st):
                row[s] = "-"
                continue
            value = DecisionScores.from_sums(st.sum(0))[key]
            p = None
            if prev is not None:
                p = _paired_p(pairs, prev, st, key, iterations, seed)
            row[s] = _fmt(value, p)
            if marks:
                iv = marks.interval(items[s], key)
                row[f"{s} ±"] = 100 * iv.half_width
            prev = st
        rows.append(row)
    cols, notes = ["measure", *SIZES], ["* p < 0.01, † p < 0.05 against the number to the left",
                                        sig]
    if marks:
        cols = interval_columns(cols, list(SIZES), ties=False)
        notes.extend(marks.notes("test items", ties=False))
    return Table.from_records(rows, cols,
                              title=f"Figure 6 ({name}): baseline details, bucket confounders (%)",
                              digits=1, notes=notes)


def _plot_unseen(tables: Mapping[str, Table], preps: Mapping[str, Prepared], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # one colour per corpus from a 20-colour map (no repeats up to 20 corpora; beyond,
    # markers differ too); legends below the axes, never over the title or the lines
    cmap = plt.get_cmap("tab20")
    markers = "osD^v<>pPX*h"
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.5))
    for i, name in enumerate(preps):
        colour, marker = cmap(i % 20), markers[(i // 20) % len(markers)]
        t = tables[f"{name}_unseen"]
        x = [r["train_tuples"] for r in t.rows]
        axes[0].plot(x, [r["unseen_pct"] for r in t.rows], marker=marker, color=colour, label=name)
        for rel, style in (("subj", "-"), ("obj", "--"), ("prep", ":")):
            axes[1].plot(x, [r[f"unseen_{rel}_pct"] for r in t.rows], style, marker=marker,
                         markersize=3, color=colour, label=f"{name} {rel}")
    axes[0].set(title="Unseen test tuples (Fig. 1)", xlabel="training tuples",
                ylabel="percent unseen")
    axes[1].set(title="Unseen by relation (Fig. 2)", xlabel="training tuples")
    for ax in axes:
        # corpora differ in size by 10x and more: on a linear axis the small ones are
        # squeezed into the left edge
        ax.set_xscale("log")
        add_legend(ax, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.15),
                  ncol=3 if ax is axes[1] else 2, frameon=False)
    finish_figure(fig, out / "figures_1_2_unseen.png")
    fig, ax = plt.subplots(figsize=(6, 5.5))
    width = 0.8 / max(1, 2 * len(preps))
    k = 0
    for i, name in enumerate(preps):
        rows = tables[f"{name}_rare"].rows
        for j, r in enumerate(rows):
            if not r.get("n"):   # no such tests: no bars, no empty legend entry
                continue
            off = (2 * i + j) * width
            bars = ax.bar([0 + off, 1 + off], [r["rare_verbs_pct"], r["rare_nouns_pct"]], width,
                          label=f"{name}: {r['tests']} (n={r['n']})", color=cmap(k % 20),
                          hatch=("", "//", "..")[(k // 20) % 3])
            ax.bar_label(bars, fmt="%.1f", fontsize=7)   # a 0% bar is seen as 0.0
            k += 1
    ax.set_xticks([0.4, 1.4], ["verbs", "nouns"])
    ax.set(title="Rare words in tests (Fig. 3)", ylabel="percent rare words")
    add_legend(ax, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncol=2,
               frameon=False)
    finish_figure(fig, out / "figure_3_rare.png")


# -- corpora and CLI ----------------------------------------------------------

def default_corpora(shared: str | os.PathLike) -> dict[str, list[str]]:
    """The paper-style setup on the shared data: Manchester CDS and UD per language.

    Parameters
    ----------
    shared
        The shared data folder.

    Returns
    -------
    dict of str to list of str
        Corpus name -> its folders.

    Example
    -------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp(); os.makedirs(os.path.join(d, "ud", "UD_English-EWT"))
    >>> list(default_corpora(d))
    ['ud-english']
    """
    root = Path(shared)
    out: dict[str, list[str]] = {}
    man = root / "childes" / "eng-uk" / "Manchester"
    if man.exists():
        out["manchester-cds"] = [str(man)]
    ud = root / "ud"
    if ud.exists():
        for folder in sorted(ud.glob("UD_*")):
            lang = folder.name[3:].split("-")[0].lower()
            out.setdefault(f"ud-{lang}", []).append(str(folder))
    return out


def _parse_corpus_args(specs: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in specs:
        name, sep, paths = spec.partition("=")
        if not sep or not name or not paths:
            raise ParameterError(f"--corpus takes NAME=PATH[,PATH...]; got {spec!r}")
        out[name] = paths.split(",")
    return out


def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce chambers2010`` options."""
    specs = _parse_corpus_args(o.corpus) if o.corpus else default_corpora(data)
    if not specs:
        raise InducevalError(f"no corpora under {data}: give --corpus NAME=PATH or --data DIR")
    corpora = {name: load_corpus(name, paths) for name, paths in specs.items()}
    tables = run_chambers2010(corpora, o.out, seed=o.seed, ties=o.ties, iterations=o.iterations,
                              jobs=o.jobs, show_progress=show_progress,
                              methods=o.methods.split(","), arguments=o.arguments,
                              random_range=parse_random_range(o.random_range),
                              confidence=o.confidence, alpha=o.alpha)
    # the paper's figures are written to --out (the report sets them beside ours)
    return [t for key, t in tables.items() if not key.endswith("_paper")], []
