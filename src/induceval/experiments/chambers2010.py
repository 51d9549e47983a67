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
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.corpus.tuples import TupleCounts, TupleInstances, extract_tuples, word_frequencies
from induceval.errors import InducevalError, ParameterError
from induceval.experiments.protocols import SEED, Option, Protocol, Shared
from induceval.measures.pseudowords import (
    CONFOUNDER_METHODS,
    DocumentSplit,
    PseudoTestSet,
    build_test_set,
    corpus_fingerprint,
    parse_random_range,
    score_decisions,
    significance_mark,
    split_documents,
)
from induceval.measures.resampling import approximate_randomization
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table
from induceval.signature import make_signature

__all__ = [
    "Prepared",
    "ensure_documents",
    "prepare",
    "seen_unseen",
    "rare_words",
    "tune_slot_cutoff",
    "evaluate_models",
    "run_chambers2010",
    "PROTOCOL",
    "MODEL_ORDER",
    "SIZES",
]

#: the models in the order of the paper's tables
MODEL_ORDER = ("baseline", "erk-jaccard", "erk-cosine", "cooccurrence", "backoff-erk",
               "backoff-cooccurrence")
#: training sizes ×1, ×2, ×10 as nested fractions of the training documents
SIZES = {"x1": 0.1, "x2": 0.2, "x10": 1.0}
CUTOFFS = (0, 1, 2, 3, 5, 10, 20, 50)


def ensure_documents(corpus: Corpus, min_documents: int = 20,
                     chunk_sentences: int = 100) -> Corpus:
    """Give a corpus enough documents for a document split.

    When it has fewer than ``min_documents`` distinct documents, consecutive
    runs of ``chunk_sentences`` sentences become pseudo-documents named
    ``<document>#<k>``.
    """
    n = corpus.n_sentences
    if "document" in corpus.sentences:
        col = corpus.sentences["document"]
        if len(np.unique(col.values)) >= min_documents:
            return corpus
        base = np.append(col.vocab.to_array(), "doc")[col.values]
    else:
        base = np.full(n, corpus.name or "doc", dtype=object)
    chunk = np.arange(n) // chunk_sentences
    names = [f"{b}#{k}" for b, k in zip(base.tolist(), chunk.tolist())]
    vocab = Vocabulary()
    return corpus.with_sentences(document=Column(vocab.encode(names), vocab))


@dataclass
class Prepared:
    """A corpus's tuples, split and test material, ready for the cells."""

    name: str
    fingerprint: str
    instances: TupleInstances
    split: DocumentSplit
    noun_frequencies: Counter
    verb_frequencies: Counter
    train_tokens: dict[str, int]
    cooccurrence: dict[str, Counter]
    #: tokens of all training documents (where the noun frequencies are counted)
    frequency_tokens: int = 0


def prepare(corpus: Corpus, name: str = "", *, scheme: str = "auto", seed: int = DEFAULT_SEED,
            test_fraction: float = 0.1, dev_fraction: float = 0.05,
            sizes: Mapping[str, float] = SIZES, with_cooccurrence: bool = True,
            min_documents: int = 20, chunk_sentences: int = 100,
            arguments: str = "nouns") -> Prepared:
    """Extract tuples, split documents and count what the models need."""
    from induceval.models.selpref import cooccurrence_counts

    corpus = ensure_documents(corpus, min_documents, chunk_sentences)
    inst = extract_tuples(corpus, scheme, arguments=arguments)
    if len(inst) == 0:
        raise InducevalError(f"corpus {name or corpus.name!r} yields no (verb, relation, noun) "
                             "tuples: does it have heads, relations and verb/noun tags?")
    split = split_documents(corpus.sentences["document"].vocab.items,
                            test_fraction=test_fraction, dev_fraction=dev_fraction, seed=seed)
    verbs, nouns = word_frequencies(corpus, scheme, documents=split.train, arguments=arguments)
    docs = corpus.sentences["document"]
    doc_names = docs.vocab.to_array()[docs.values]
    tokens_per_doc = Counter()
    for d, n in zip(doc_names.tolist(), corpus.lengths.tolist()):
        tokens_per_doc[d] += n
    train_tokens = {k: sum(tokens_per_doc[d] for d in split.training(f)) for k, f in sizes.items()}
    cooc = {}
    if with_cooccurrence:
        for key, frac in sizes.items():
            cooc[key] = cooccurrence_counts(corpus, scheme, documents=split.training(frac))
    return Prepared(name=name or corpus.name, fingerprint=corpus_fingerprint(corpus),
                    instances=inst, split=split, noun_frequencies=nouns, verb_frequencies=verbs,
                    train_tokens=train_tokens, cooccurrence=cooc,
                    frequency_tokens=sum(tokens_per_doc[d] for d in split.train))


def seen_unseen(prep: Prepared, fractions: Sequence[float] = (0.1, 0.2, 0.3, 0.5, 0.7, 1.0),
                min_seen: int = 2) -> Table:
    """Percentage of test tuples unseen in training as training grows (Figs. 1-2)."""
    test = prep.instances.in_documents(prep.split.test)
    keys = list(zip(test.verb.tolist(), test.relation.tolist(), test.noun.tolist()))
    rows = []
    for frac in fractions:
        counts = prep.instances.in_documents(prep.split.training(frac)).counts().counts
        unseen = np.array([counts.get(k, 0) < min_seen for k in keys], dtype=bool)
        row = {"corpus": prep.name, "train_fraction": frac,
               "train_docs": len(prep.split.training(frac)),
               "train_tuples": sum(counts.values()), "test_tuples": len(keys),
               "unseen_pct": 100.0 * unseen.mean() if len(keys) else float("nan")}
        for rel in ("subj", "obj", "prep"):
            m = test.relation == rel
            row[f"unseen_{rel}_pct"] = 100.0 * unseen[m].mean() if m.any() else float("nan")
        rows.append(row)
    return Table.from_records(rows, title=f"Unseen test tuples by training size ({prep.name}); "
                              f"seen = seen at least {min_seen} times",
                              notes=[make_signature("unseen", {"min_seen": min_seen,
                                                               "split": prep.split.describe()})])


def _rare_set(freq: Counter, share: float = 0.1) -> set[str]:
    ordered = sorted(freq, key=lambda w: (freq[w], w))
    return set(ordered[: int(np.ceil(share * len(ordered)))])


def rare_words(prep: Prepared, min_seen: int = 2, share: float = 0.1) -> Table:
    """Share of rare verbs and nouns in seen vs unseen tests (Figure 3).

    A word is rare when it is in the lowest ``share`` of the training
    frequency list (verbs counted as lemmas without relations); a test word
    absent from training is rare too.
    """
    test = prep.instances.in_documents(prep.split.test)
    counts = prep.instances.in_documents(prep.split.train).counts().counts
    keys = list(zip(test.verb.tolist(), test.relation.tolist(), test.noun.tolist()))
    unseen = np.array([counts.get(k, 0) < min_seen for k in keys], dtype=bool)
    rare_v = _rare_set(prep.verb_frequencies, share)
    rare_n = _rare_set(prep.noun_frequencies, share)
    is_rv = np.array([v in rare_v or v not in prep.verb_frequencies for v in test.verb])
    is_rn = np.array([n in rare_n or n not in prep.noun_frequencies for n in test.noun])
    rows = []
    for label, m in (("unseen tests", unseen), ("seen tests", ~unseen)):
        rows.append({"corpus": prep.name, "tests": label, "n": int(m.sum()),
                     "rare_verbs_pct": 100.0 * is_rv[m].mean() if m.any() else float("nan"),
                     "rare_nouns_pct": 100.0 * is_rn[m].mean() if m.any() else float("nan")})
    return Table.from_records(rows, title=f"Rare words in seen and unseen tests ({prep.name})")


def _build_models(counts: TupleCounts, cooc: Counter | None, cutoffs: Mapping[str, int]) -> dict:
    from induceval.models.selpref import (
        Backoff,
        ConditionalProbability,
        Cooccurrence,
        ErkSimilarity,
    )

    base = ConditionalProbability(counts)
    models = {"baseline": base}
    for sim in ("jaccard", "cosine"):
        models[f"erk-{sim}"] = ErkSimilarity(counts, sim, slot_cutoff=cutoffs.get(sim, 0))
    models["backoff-erk"] = Backoff(base, models["erk-jaccard"])
    if cooc is not None:
        models["cooccurrence"] = Cooccurrence(cooc)
        models["backoff-cooccurrence"] = Backoff(base, models["cooccurrence"])
    return models


def tune_slot_cutoff(counts: TupleCounts, dev: PseudoTestSet, similarity: str,
                     candidates: Sequence[int] = CUTOFFS) -> int:
    """The slot cutoff with the best accuracy +50% (expected) on development data.

    A linear search over ``candidates``, as in §6.3; ties go to the smaller cutoff.
    """
    from induceval.models.selpref import ErkSimilarity, model_decisions

    if len(dev) == 0:
        return 0
    best, best_acc = 0, -1.0
    for x in candidates:
        d = model_decisions(ErkSimilarity(counts, similarity, slot_cutoff=x), dev)
        acc = score_decisions(d, ties="expected").scores["accuracy_guess"]
        if acc > best_acc + 1e-12:
            best, best_acc = x, acc
    return best


def evaluate_models(counts: TupleCounts, test: PseudoTestSet, *, dev: PseudoTestSet | None = None,
                    cooccurrence: Counter | None = None, ties: str = "random",
                    iterations: int = 1000, seed: int = DEFAULT_SEED,
                    models: Sequence[str] = MODEL_ORDER, item_stats: bool = False) -> dict:
    """Score every model on one test set, with p-values against the baseline.

    Returns a JSON-serialisable dict: per model its scores, ``p_vs_baseline``
    and (for the baseline) the per-item statistics used by Figure 6.  With
    ``item_stats`` also ``"item_stats"``: model -> per-item statistics array
    (not JSON; for :func:`induceval.measures.resampling.pseudo_items`).
    """
    from induceval.models.selpref import model_decisions

    for m in models:
        if m not in MODEL_ORDER:
            raise ParameterError(f"models must be among {', '.join(MODEL_ORDER)}; got {m!r}")
    cutoffs = {}
    if dev is not None:
        for sim in ("jaccard", "cosine"):
            if f"erk-{sim}" in models or (sim == "jaccard" and "backoff-erk" in models):
                cutoffs[sim] = tune_slot_cutoff(counts, dev, sim)
    built = _build_models(counts, cooccurrence, cutoffs)
    out: dict = {"cutoffs": cutoffs, "items": len(test), "models": {}}
    stats = {}
    for name in models:
        if name not in built:
            continue
        d = model_decisions(built[name], test)
        sc = score_decisions(d, ties=ties, seed=seed)
        stats[name] = sc
        out["models"][name] = dict(sc.scores)
        # per-item (correct, wrong, undecided, credited): bootstrap intervals in the tables
        out["models"][name]["item_stats"] = sc.stats.astype(float).tolist()
    base = stats.get("baseline")
    for name, sc in stats.items():
        p = None
        if base is not None and name != "baseline" and len(test):
            p = approximate_randomization(base.credited[:, None], sc.credited[:, None],
                                          lambda s: float(s[0]), n=iterations, seed=seed)
        out["models"][name]["p_vs_baseline"] = p
    if base is not None:
        out["baseline_stats"] = base.stats.astype(float).tolist()
    if item_stats:
        out["item_stats"] = {name: sc.stats for name, sc in stats.items()}
    return out


def _cell(prep: Prepared, size: str, method: str, ties: str, iterations: int, seed: int,
          models: Sequence[str], random_range: str | tuple = "paper") -> dict:
    frac = SIZES.get(size, None)
    if frac is None:
        frac = float(size)
    train = prep.instances.in_documents(prep.split.training(frac)).counts()
    # noun frequencies are counted on all training documents: scale the range to them
    scale = {"random_range": random_range, "corpus_tokens": prep.frequency_tokens or None}
    test = build_test_set(prep.instances.in_documents(prep.split.test), prep.noun_frequencies,
                          method, seed=seed, corpus=prep.fingerprint,
                          split=prep.split.describe(), **scale)
    dev = build_test_set(prep.instances.in_documents(prep.split.dev), prep.noun_frequencies,
                         method, seed=seed + 1, corpus=prep.fingerprint,
                         split=prep.split.describe(), **scale)
    res = evaluate_models(train, test, dev=dev, cooccurrence=prep.cooccurrence.get(size),
                          ties=ties, iterations=iterations, seed=seed, models=models)
    res["train_tuples"] = train.total
    res["skipped"] = dict(test.skipped)
    res["random_range"] = test.random_range
    return res


def _fmt(value: float | None, p: float | None = None) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "-"
    return f"{100 * value:.1f}{significance_mark(p) if p is not None else ''}"


def _model_items(result: Mapping | None, model: str):
    """The per-item statistics of ``model`` in a cell result (ItemStats), or None."""
    from induceval.measures.resampling import pseudo_items

    mr = (result or {}).get("models", {}).get(model)
    rows = (mr or {}).get("item_stats")
    return pseudo_items(np.asarray(rows, dtype=np.float64).reshape(-1, 4)) if rows else None


def _mark_columns(rows: list[dict], columns: Sequence[str], cells: Mapping[str, Mapping],
                  marks, measure: str = "accuracy_guess") -> list[str]:
    """``<column> ±`` (points) in every model row, and the rows ``best`` / ``not sig. vs best``.

    ``cells``: column -> {model: ItemStats or None}.  Returns the columns
    with the ``±`` columns inserted.
    """
    from induceval.experiments._uncertainty import BEST, TIES, interval_columns

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
    seed, ties, iterations
        Seed of the split, confounders, tie guesses and randomization test;
        tie policy; randomization iterations.
    methods, models
        Confounder methods and models to run.
    arguments
        ``"nouns"`` (the paper), ``"nominals"`` (pronouns too) or ``"any"``;
        see :func:`induceval.corpus.tuples.extract_tuples`.
    random_range
        Frequency range of random confounders: ``"paper"`` (Chambers & Jurafsky 2010, §6.2's
        [30, 400000], scaled to a corpus much smaller than the paper's 225M
        tokens; see :func:`induceval.measures.pseudowords.paper_random_range`)
        or ``(low, high)``.
    jobs
        Cells run in parallel processes.
    confidence, alpha
        Bootstrap resamples of test items (0 = none) and level.  Every
        accuracy +50% of Figures 4-5 gets a ``<column> ±`` column (half-width
        of the ``1 - alpha`` percentile interval, in points) and every column
        its best model and the models not significantly different from it
        (rows ``best``, ``not sig. vs best``; paired bootstrap, two-sided,
        level ``alpha``); Figure 6's numbers get their ``±`` too.  The
        resampled unit is the test item, a ``(v_d, n)`` pair with its
        confounder, as in the paper's significance test (approximate
        randomization over test pairs, Chambers & Jurafsky 2010, §7, Yeh 2000); its 6767 test pairs
        come from 41 documents and are not independent within a document,
        so these intervals (like the paper's tests) understate the variation
        between document samples.  Drawn in the main process from the
        ``resampling.bootstrap`` stream of ``seed``: independent of ``jobs``.
    """
    from induceval.parallel import Cell, run_cells

    for m in methods:
        if m not in CONFOUNDER_METHODS:
            raise ParameterError(f"methods must be among {', '.join(CONFOUNDER_METHODS)}; "
                                 f"got {m!r}")
    preps = {name: prepare(c, name, scheme=scheme, seed=seed, arguments=arguments)
             for name, c in corpora.items()}
    rr = random_range if isinstance(random_range, str) else \
        f"{random_range[0]}-{'' if random_range[1] is None else random_range[1]}"
    cells = []
    for name, prep in preps.items():
        for method in methods:
            for size in SIZES:
                if size != "x2" and method == "random":
                    continue
                # "|items": cells carry per-item statistics (stored cells without them
                # would leave the tables without intervals)
                cells.append(Cell(f"{name}|{arguments}|{method}|{size}|{ties}|{iterations}|{seed}"
                                  f"|{rr}|items", _cell,
                                  (prep, size, method, ties, iterations, seed, tuple(models),
                                   random_range)))
    results = run_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                        desc="chambers2010")
    sig = make_signature("chambers2010", {"ties": ties, "ar": iterations, "scheme": scheme,
                                          "arguments": arguments, "range": rr}, seed=seed)
    tables: dict[str, Table] = {}
    marks = None
    if confidence:
        from induceval.experiments._uncertainty import Marks

        marks = Marks(confidence, alpha, seed, unit="item")
    for name, prep in preps.items():
        def res(method: str, size: str, _name: str = name) -> dict | None:
            return results.get(f"{_name}|{arguments}|{method}|{size}|{ties}|{iterations}|{seed}"
                               f"|{rr}|items")

        tables[f"{name}_unseen"] = seen_unseen(prep)
        tables[f"{name}_rare"] = rare_words(prep)
        # Figure 4
        rows = []
        for m in models:
            row = {"model": m}
            for method in methods:
                r = res(method, "x2")
                mr = r["models"].get(m) if r else None
                row[method] = _fmt(mr["accuracy_guess"], mr["p_vs_baseline"]) if mr else "-"
            rows.append(row)
        cols, extra = ["model", *methods], []
        if marks:
            cols = _mark_columns(rows, methods, {
                method: {m: _model_items(res(method, "x2"), m) for m in models}
                for method in methods}, marks)
            extra = marks.notes("test items")
        tables[f"{name}_figure4"] = Table.from_records(
            rows, cols,
            title=f"Figure 4 ({name}): accuracy +50% by confounder, training x2", digits=1,
            notes=["* p < 0.01, † p < 0.05 against the column's baseline "
                   "(approximate randomization)",
                   "random confounders: noun frequencies in "
                   f"[{(res('random', 'x2') or {}).get('random_range', '-')}] "
                   "(Chambers & Jurafsky 2010 §6.2: [30, 400000] on 225M tokens; "
                   "upper bound scaled to this corpus)",
                   sig, *extra])
        # Figure 5
        rows = []
        f5_methods = [m for m in methods if m != "random"]
        for m in models:
            row = {"model": m}
            for method in f5_methods:
                for size in SIZES:
                    r = res(method, size)
                    mr = r["models"].get(m) if r else None
                    row[f"{method} {size}"] = (_fmt(mr["accuracy_guess"], mr["p_vs_baseline"])
                                               if mr else "-")
            rows.append(row)
        f5_cols = [f"{m} {s}" for m in f5_methods for s in SIZES]
        cols, extra = ["model", *f5_cols], []
        if marks:
            cols = _mark_columns(rows, f5_cols, {
                f"{method} {size}": {m: _model_items(res(method, size), m) for m in models}
                for method in f5_methods for size in SIZES}, marks)
            extra = marks.notes("test items")
        tables[f"{name}_figure5"] = Table.from_records(
            rows, cols,
            digits=1, title=f"Figure 5 ({name}): accuracy +50% by training size "
                  f"(x1, x2, x10 = {', '.join(f'{v:g}' for v in SIZES.values())} of training docs)",
            notes=["* p < 0.01, † p < 0.05 against the column's baseline", sig, *extra])
        # Figure 6
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
    if out_dir is not None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        for key, table in tables.items():
            table.write(str(out / key))
        if plots:
            _plot_unseen(tables, preps, out)
    return tables


def _figure6(name: str, res: Mapping[str, dict | None], iterations: int, seed: int,
             sig: str, marks=None) -> Table:
    from induceval.measures.pseudowords import DecisionScores
    from induceval.measures.resampling import pseudo_items

    measures = {"precision": "Precision", "accuracy": "Accuracy",
                "accuracy_guess": "Accuracy +50%"}
    stats = {s: np.asarray(r["baseline_stats"]) for s, r in res.items() if r}
    items: dict = {}  # one ItemStats per size: each is resampled once for all measures
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
                p = approximate_randomization(
                    prev, st, lambda v, k=key: DecisionScores.from_sums(v)[k], n=iterations,
                    seed=seed)
            row[s] = _fmt(value, p)
            if marks:
                iv = marks.interval(items.setdefault(s, pseudo_items(st)), key)
                row[f"{s} ±"] = 100 * iv.half_width
            prev = st
        rows.append(row)
    cols, notes = ["measure", *SIZES], ["* p < 0.01, † p < 0.05 against the number to the left",
                                        sig]
    if marks:
        from induceval.experiments._uncertainty import interval_columns

        cols = interval_columns(cols, list(SIZES), ties=False)
        notes.extend(marks.notes("test items", ties=False))
    return Table.from_records(rows, cols,
                              title=f"Figure 6 ({name}): baseline details, bucket confounders",
                              digits=1,
                              notes=notes)


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
        axes[0].plot(x, [r["unseen_pct"] for r in t.rows], marker=marker, color=colour,
                     label=name)
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
        ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.15),
                  ncol=3 if ax is axes[1] else 2, frameon=False)
    fig.tight_layout()
    fig.savefig(out / "figures_1_2_unseen.png", dpi=120)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(6, 5.5))
    width = 0.8 / max(1, 2 * len(preps))
    k = 0
    for i, name in enumerate(preps):
        rows = tables[f"{name}_rare"].rows
        for j, r in enumerate(rows):
            off = (2 * i + j) * width
            ax.bar([0 + off, 1 + off], [r["rare_verbs_pct"], r["rare_nouns_pct"]], width,
                   label=f"{name}: {r['tests']}", color=cmap(k % 20),
                   hatch=("", "//", "..")[(k // 20) % 3])
            k += 1
    ax.set_xticks([0.4, 1.4], ["verbs", "nouns"])
    ax.set(title="Rare words in tests (Fig. 3)", ylabel="percent rare words")
    ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncol=2,
              frameon=False)
    fig.tight_layout()
    fig.savefig(out / "figure_3_rare.png", dpi=120)
    plt.close(fig)


# -- corpora and CLI ----------------------------------------------------------

def default_corpora(shared: str | os.PathLike) -> dict[str, list[str]]:
    """The paper-style setup on the shared data: Manchester CDS and UD per language."""
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


def load_corpus(name: str, paths: Sequence[str], on_error: str = "skip",
                format: str = "auto") -> Corpus:
    """Read a corpus for the protocol; CHAT corpora keep child-directed speech only.

    ``format`` is the reader format (``auto``: by file ending and content).
    """
    from induceval.corpus.model import concat
    from induceval.corpus.readers import detect_format, expand_paths, read_corpus

    files = expand_paths(list(paths))
    if not files:
        raise InducevalError(f"no corpus files under {', '.join(paths)}")
    fmt = detect_format(files[0]) if format == "auto" else format
    if fmt == "chat":
        from induceval.corpus.transforms.childes import select_child_directed

        corpus = select_child_directed(read_corpus(files, "chat", on_error=on_error))
    else:
        parts = []
        for f in files:
            c = read_corpus(f, format=format, on_error=on_error)
            if "document" not in c.sentences:
                vocab = Vocabulary([Path(f).stem])
                c = c.with_sentences(document=Column(np.zeros(c.n_sentences, np.int32), vocab))
            parts.append(c)
        corpus = concat(parts, name=name)
    return corpus


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
    return list(tables.values()), []


PROTOCOL = Protocol(
    "chambers2010", "pseudo-word selectional preferences (Chambers & Jurafsky 2010)",
    __doc__.split("\n\n")[0], (
        Option("--corpus", "a corpus (repeatable); default: Manchester CDS and UD per language "
               "under --data", [], action="append", metavar="NAME=PATH[,PATH]"),
        Shared("data"), Shared("out"),
        Option("--methods", f"confounder methods (default: {','.join(CONFOUNDER_METHODS)})",
               ",".join(CONFOUNDER_METHODS)),
        Option("--ties", "ties scored as a random guess or as half right (default: random)",
               "random", choices=("random", "expected")),
        Option("--arguments", "which dependents count as arguments (default: nouns, as the "
               "paper)", "nouns", choices=("nouns", "nominals", "any")),
        Option("--iterations", "approximate randomization iterations (default 1000)", 1000, int),
        Option("--random-range", "noun frequency range of random confounders (default: paper = "
               "Chambers & Jurafsky's [30, 400000], scaled to a smaller training corpus)",
               "paper", metavar="paper|LOW,HIGH"),
        SEED, Shared("confidence", {"unit": "test items"}), Shared("executor"),
        Shared("format", {"default": "markdown"})),
    _from_options)
