"""Demo step: one induced tagging per category model on the demo corpus, scored when possible.

Small iteration counts keep the step fast (BHMM: 100 sweeps).  Scores: M-1,
1-1, VM and VI against the demo corpus's UPOS (all tokens), with the share of
tokens each model clusters.
"""

from __future__ import annotations

from induceval.corpus.model import Corpus
from induceval.report.tables import Table

__all__ = ["run", "DEMO_SETTINGS"]

#: model -> (K, parameters) used in the demo
DEMO_SETTINGS = {
    "brown": (12, {}), "exchange": (12, {}), "hc": (12, {"n_targets": 200, "n_contexts": 50}),
    "ff": (12, {"threshold": 0.002}), "bhmm": (12, {"iterations": 100}),
    "random": (None, {"gold": "upos"}),
}


def run(corpus: Corpus, seed: int) -> list:
    """Induce one tagging per model on ``corpus`` and score it against ``upos``.

    Parameters
    ----------
    corpus
        The demo corpus.
    seed
        The seed of the step.

    Returns
    -------
    list
        The step's report items (tables, or text).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> items = run(generate_demo_corpus(n_sentences=20, seed=1), 1)
    >>> [row["model"] for row in items[0].rows]
    ['brown', 'exchange', 'hc', 'ff', 'bhmm', 'random']
    """
    from induceval.measures.categories import evaluate_tags
    from induceval.models.categories import induce_tags

    rows, signatures = [], []
    for model, (k, params) in DEMO_SETTINGS.items():
        if model == "random" and "upos" not in corpus.tokens:
            continue
        r = induce_tags(corpus, model, k, seed=seed, **params)
        row = {"model": model, "K": r.n_clusters, "coverage": float((r.tags >= 0).mean())}
        if "upos" in corpus.tokens:
            ev = evaluate_tags(corpus, r.tags, gold_column="upos", punct="keep")
            row.update({"M-1": ev.scores["m1"], "1-1": ev.scores["1to1"],
                        "VM": ev.scores["v"], "VI": ev.scores["vi"]})
            signatures.append(f"signature: {ev.signature}")
        signatures.append(f"{model} signature: {r.signature}")
        rows.append(row)
    cols = ["model", "K", "coverage", "M-1", "1-1", "VM", "VI"]
    table = Table([c for c in cols if any(c in r for r in rows)], rows,
                  higher_is_better={"M-1": True, "1-1": True, "VM": True, "VI": False},
                  title="Category induction on the demo corpus (scored against UPOS)",
                  notes=["unclustered tokens merged into one cluster; BHMM 100 sweeps",
                         *dict.fromkeys(signatures)])
    return [table]
