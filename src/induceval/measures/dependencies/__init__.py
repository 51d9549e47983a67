"""Dependency measures: directed, undirected, NED and root accuracy (PASCAL 2012).

- :func:`evaluate_dependencies`: one pass over the corpus with punctuation
  removal and re-attachment, an optional length filter, multiple references,
  breakdowns (relation, POS, edge length, sentence length) and diagnostics of
  the predicted trees; per-sentence additive statistics for the bootstrap
  and significance tests of :mod:`induceval.measures.resampling`.
- :func:`evaluate_dependency_systems`: several systems against the same
  gold, in memory or from files and folders (shard by shard, here or on
  workers; :mod:`induceval.measures.shards`).
- :mod:`~induceval.measures.dependencies.scoring`: the additive statistics
  of one shard (:class:`~induceval.measures.dependencies.scoring.DependencyStatistics`).
- :mod:`~induceval.measures.dependencies.relations`: the Gelling et al. 2012, Table 6 relation
  groups and maps from UD, CHILDES GRASP and CoNLL labels.

Tables and the figure of the PASCAL 2012 report are in :mod:`induceval.report.dependencies`.

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

