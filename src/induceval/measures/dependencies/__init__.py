"""Dependency measures: directed, undirected, NED and root accuracy (PASCAL 2012).

:func:`evaluate_dependencies` scores one prediction in one pass: punctuation
removal with re-attachment, an optional length filter, several references,
breakdowns (relation, POS, edge length, sentence length), diagnostics of the
predicted trees, per-sentence statistics for :mod:`induceval.measures.resampling`.
:func:`evaluate_dependency_systems` scores several systems against the same
gold, in memory or from files and folders (:mod:`induceval.measures.shards`);
:mod:`~induceval.measures.dependencies.scoring` counts one shard's additive
statistics; :mod:`~induceval.measures.dependencies.relations` maps UD,
CHILDES GRASP and CoNLL labels to the relation groups of Gelling et al.
2012, Table 6.  The report's tables and figure: :mod:`induceval.report.dependencies`.

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
    STAT_COLUMNS,
    Breakdown,
    EdgeMatches,
    SentenceStats,
    edge_matches,
    score_function,
    scores_from_totals,
    sentence_stats,
)

__all__ = ["BREAKDOWNS", "DEPS", "MEASURES", "STAT_COLUMNS", "TABLE6_GROUPS", "Breakdown",
           "DependencyResult", "DependencyStatistics", "EdgeMatches", "ReferenceResult",
           "SentenceStats", "detect_scheme", "edge_matches", "evaluate_dependencies",
           "evaluate_dependency_systems", "relation_group", "score_function", "scores_from_totals",
           "sentence_stats"]

