"""Demo step: DMV and the PASCAL 2012 baselines on the demo corpus, scored.

The DMV (Klein & Manning 2004, trained on the gold UPOS tags of sentences of
length <= 10, punctuation left out), H, both chains and random trees, scored
by directed, undirected and NED accuracy as in Gelling et al. 2012, Table 3.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> out = run(generate_demo_corpus(n_sentences=100, seed=1), seed=1)
>>> [r["system"] for r in out[0].rows]
['DMV', 'H', 'LB', 'RB', 'random']
"""

from __future__ import annotations

from induceval.report.tables import Table

__all__ = ["run"]


def run(corpus, seed: int) -> list:
    """Run this demonstration step; return its report.

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
    >>> items[0].title
    'Dependency induction on the demo corpus (%, punctuation removed)'
    """
    from induceval.measures.dependencies import evaluate_dependencies
    from induceval.models.dependencies import induce_dependencies

    punct = "upos" if "upos" in corpus.tokens else "keep"
    systems = {
        "DMV": induce_dependencies(corpus, "dmv", tags="upos", punct=punct, iterations=50),
        "H": induce_dependencies(corpus, "harmonic", tags="upos", punct=punct),
        "LB": induce_dependencies(corpus, "lb", punct=punct),
        "RB": induce_dependencies(corpus, "rb", punct=punct),
        "random": induce_dependencies(corpus, "random", seed=seed, punct=punct),
    }
    rows, scored = [], ""
    for name, res in systems.items():
        r = evaluate_dependencies(corpus, res.corpus, punct=punct, breakdowns=(), diagnostics=False)
        rows.append({"system": name, "directed": 100 * r.scores["directed"],
                     "undirected": 100 * r.scores["undirected"], "ned": 100 * r.scores["ned"],
                     "EM iterations": len(res.log_likelihood) or None})
        scored = r.signature
    dmv = systems["DMV"]
    ll = dmv.log_likelihood
    notes = [f"signature: {scored}", f"DMV signature: {dmv.signature}"]
    if ll:
        notes.append(f"DMV log-likelihood {ll[0]:.1f} -> {ll[-1]:.1f} over {len(ll)} iterations "
                     f"({dmv.log.get('stop_reason', '')})")
    notes += [f"{k}: {v}" for k, v in dmv.skipped.items()]
    table = Table(["system", "directed", "undirected", "ned", "EM iterations"], rows,
                  higher_is_better={"directed": True, "undirected": True, "ned": True},
                  title="Dependency induction on the demo corpus (%, punctuation removed)",
                  notes=notes, digits=1)
    return [table]
