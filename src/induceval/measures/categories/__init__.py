"""Category measures: token-level, type-level (polysemous) and gold-free substitutable.

Every measure is a pure function of additive statistics:

- the gold-by-induced :class:`ContingencyTable` (token level: M-1, 1-1
  optimal and greedy, VI, NVI, V-measure, homogeneity, completeness,
  H(C|K), H(K|C), pairwise P/R/F);
- the per-type :class:`TypeEntries` (type level: MacroI, MicroI, MicroC under
  1-1 and M-1 mappings, Reichart et al. 2010);
- the S-cluster pair sums :class:`SubstitutableStats` (SP/SR, Frank et al.
  2009).

:func:`evaluate_tags` computes every measure in one pass with a signature;
:data:`MEASURES` holds each measure's direction, bounds and source.

Example
-------
>>> r = evaluate_tags(["N", "N", "V", "V"], [1, 1, 2, 2])
>>> r.scores["m1"], r.scores["v"], MEASURES["vi"].higher_is_better
(1.0, 1.0, False)
"""

from induceval.corpus.stats import majority_gold_by_type
from induceval.measures.categories.contingency import (
    UNCLUSTERED,
    UNCLUSTERED_LABEL,
    ContingencyTable,
    contingency,
)
from induceval.measures.categories.evaluate import (
    MEASURES,
    TAGS,
    TOKEN_MEASURES,
    TYPE_LEVEL_MEASURES,
    Measure,
    TagEvaluation,
    check_aligned,
    evaluate_tag_systems,
    evaluate_tags,
    token_scores,
)
from induceval.measures.categories.io import (
    is_type_list,
    read_type_clusters,
    tags_from_type_clusters,
    write_type_clusters,
)
from induceval.measures.categories.statistics import TagStatistics
from induceval.measures.categories.substitutable import (
    SubstitutableResult,
    SubstitutableStats,
    sp_sr,
    substitutable_scores,
    substitutable_stats,
)
from induceval.measures.categories.token import (
    completeness,
    conditional_entropy_gold,
    conditional_entropy_pred,
    entropy_gold,
    entropy_pred,
    homogeneity,
    many_to_one,
    many_to_one_mapping,
    mutual_information,
    normalized_variation_of_information,
    one_to_one,
    one_to_one_mapping,
    pair_counts,
    pairwise_f,
    pairwise_precision,
    pairwise_recall,
    v_measure,
    variation_of_information,
)
from induceval.measures.categories.type_level import (
    TypeEntries,
    macro_i,
    many_to_one_type_mapping,
    micro_c,
    micro_i,
    one_to_one_type_mapping,
    type_entries,
    type_entries_from_sets,
    type_level_scores,
    type_scores_for_mapping,
)

__all__ = ["UNCLUSTERED", "UNCLUSTERED_LABEL", "ContingencyTable", "contingency", "MEASURES",
           "TOKEN_MEASURES", "TYPE_LEVEL_MEASURES", "Measure", "TAGS", "TagEvaluation",
           "TagStatistics", "check_aligned", "evaluate_tag_systems", "evaluate_tags",
           "token_scores", "many_to_one", "many_to_one_mapping", "one_to_one", "one_to_one_mapping",
           "entropy_gold", "entropy_pred", "mutual_information", "conditional_entropy_gold",
           "conditional_entropy_pred", "variation_of_information",
           "normalized_variation_of_information", "homogeneity", "completeness", "v_measure",
           "pair_counts", "pairwise_precision", "pairwise_recall", "pairwise_f", "TypeEntries",
           "type_entries", "type_entries_from_sets", "type_scores_for_mapping",
           "one_to_one_type_mapping", "many_to_one_type_mapping", "macro_i", "micro_i", "micro_c",
           "type_level_scores", "SubstitutableStats", "SubstitutableResult", "substitutable_stats",
           "substitutable_scores", "sp_sr", "majority_gold_by_type", "read_type_clusters",
           "write_type_clusters", "is_type_list", "tags_from_type_clusters"]
