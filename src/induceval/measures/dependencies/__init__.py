"""Dependency measures: directed, undirected, NED and root accuracy (PASCAL 2012).

:func:`evaluate_dependencies` scores one prediction (punctuation removal
with re-attachment, length filter, several references, breakdowns, tree
diagnostics, per-sentence statistics); :func:`evaluate_dependency_systems`
several systems against the same gold, in memory or from files and folders.
Tables and figure: :mod:`induceval.report.dependencies`.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar Induction.
Schwartz, Abend, Reichart & Rappoport (2011), Neutralizing linguistically
problematic annotations in unsupervised dependency parsing evaluation.
"""

from induceval.measures.dependencies.evaluate import (
    BREAKDOWNS,
    DEPS,
    DependencyResult,
    ReferenceResult,
    evaluate_dependencies,
    evaluate_dependency_systems,
)
from induceval.measures.dependencies.relations import (
    TABLE6_GROUPS,
    detect_scheme,
    relation_group,
)
from induceval.measures.dependencies.scoring import DependencyStatistics
from induceval.measures.dependencies.stats import (
    MEASURES,
    RECORDS,
    STAT_COLUMNS,
    Breakdown,
    EdgeMatches,
    SentenceStats,
    dependency_items,
    edge_matches,
    scores_from_totals,
    sentence_stats,
)

__all__ = ["BREAKDOWNS", "DEPS", "MEASURES", "RECORDS", "STAT_COLUMNS", "TABLE6_GROUPS",
           "Breakdown", "DependencyResult", "DependencyStatistics", "EdgeMatches",
           "ReferenceResult", "SentenceStats", "dependency_items", "detect_scheme",
           "edge_matches", "evaluate_dependencies", "evaluate_dependency_systems",
           "relation_group", "scores_from_totals", "sentence_stats"]

