"""Dependency measures: directed, undirected, NED and root accuracy (PASCAL 2012).

- :func:`evaluate_dependencies`: one pass over the corpus with punctuation
  removal and re-attachment, an optional length filter, multiple references,
  breakdowns (relation, POS, edge length, sentence length) and diagnostics of
  the predicted trees; per-sentence additive statistics for the bootstrap
  and significance tests of :mod:`induceval.measures.resampling`.
- :func:`evaluate_systems`, :func:`systems_table`, :func:`breakdown_table`: tables
  in the shape of Gelling et al. 2012, Tables 3, 5 and 6.
- :func:`chain_heads`: the LB / RB chain baselines.
- :mod:`~induceval.measures.dependencies.relations`: the Gelling et al. 2012, Table 6 relation
  groups and maps from UD, CHILDES GRASP and CoNLL labels.
- :func:`~induceval.measures.dependencies.plot.plot_accuracy_by_edge_length`: Gelling et
  al. 2012, Figure 1.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar Induction.
Schwartz, Abend, Reichart & Rappoport (2011), Neutralizing linguistically
problematic annotations in unsupervised dependency parsing evaluation.
"""

from induceval.measures.dependencies.evaluate import (
    BREAKDOWNS,
    DependencyResult,
    ReferenceResult,
    breakdown_table,
    chain_heads,
    evaluate_dependencies,
    evaluate_systems,
    systems_table,
)
from induceval.measures.dependencies.relations import (
    TABLE6_GROUPS,
    detect_scheme,
    relation_group,
)
from induceval.measures.dependencies.stats import (
    MEASURES,
    STAT_COLUMNS,
    Breakdown,
    EdgeMatches,
    SentenceStats,
    edge_matches,
    score_function,
    scores_from_totals,
    sentence_stats,
)

__all__ = [
    "BREAKDOWNS",
    "MEASURES",
    "STAT_COLUMNS",
    "TABLE6_GROUPS",
    "Breakdown",
    "DependencyResult",
    "EdgeMatches",
    "ReferenceResult",
    "SentenceStats",
    "breakdown_table",
    "chain_heads",
    "detect_scheme",
    "edge_matches",
    "evaluate_dependencies",
    "evaluate_systems",
    "plot_accuracy_by_edge_length",
    "relation_group",
    "score_function",
    "scores_from_totals",
    "sentence_stats",
    "systems_table",
]


def __getattr__(name: str):
    """Load the plotting function (matplotlib) on first use."""
    if name == "plot_accuracy_by_edge_length":
        from induceval.measures.dependencies.plot import plot_accuracy_by_edge_length
        return plot_accuracy_by_edge_length
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
