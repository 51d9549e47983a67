"""Bootstrap intervals and paired significance tests over additive per-item statistics.

Every measure in induceval is a pure function from summed sufficient
statistics to a score.  Given per-item statistics (one row per sentence,
utterance, test item or document), the corpus score is
``score(rows.sum(0))``.  A resample is a vector of item weights ``w`` (how
often each item was drawn); its statistics are ``w @ rows``, so ``B``
resamples are one matrix product ``W @ rows`` (``W`` of shape ``B x m``),
also when ``rows`` is a sparse sentences-by-cells matrix (the contingency
tables of category measures): all resampled tables come out of one sparse
product and are scored in a batch.

The API has two entry points over :class:`ItemStats` (rows + a vectorised
score function ``(B, d) -> {measure: (B,)}``), which also take any measure
family's result directly (:func:`items_of`):

- :func:`resample`: percentile bootstrap intervals of every measure
  (Efron & Tibshirani 1993, §13.3);
- :func:`compare`: a paired test of systems against a baseline, either the
  paired bootstrap (Koehn 2004; the null distribution is the resampled
  differences shifted to mean zero) or paired approximate randomization
  (Noreen 1989; Yeh 2000: each item's statistics are swapped between the two
  systems with probability 1/2).  Both p-values are two-sided,
  ``(r + 1) / (N + 1)`` with ``r`` the resamples at least as extreme as the
  observed difference, so the smallest attainable p-value is ``1 / (N + 1)``
  and a system compared with itself gets ``p = 1``.

The resampling unit is the row; ``groups`` (one label per row, e.g. the
document of each sentence) first sums rows into one row per group, so that
documents (or whole corpora) are resampled instead (``unit="document"``).

Family builders turn results into :class:`ItemStats`:
:func:`dependency_items` (per-sentence edge counts), :func:`category_items`
(per-sentence sparse contingency tables: every token measure, M-1 and both
1-1 mappings recomputed in every resample), :func:`wopa_items`
(per-utterance correct/scored) and :func:`pseudo_items` (per-item
outcomes).

Randomness comes from the named streams ``resampling.bootstrap`` and
``resampling.permutation`` of :mod:`induceval.random`; the draws do not
depend on how the resamples are chunked, so results are identical for the
same seed whatever the batch size or number of jobs.

References
----------
Efron, B. & Tibshirani, R. (1993). An Introduction to the Bootstrap.
Koehn, P. (2004). Statistical significance tests for machine translation
evaluation. EMNLP.
Noreen, E. (1989). Computer-Intensive Methods for Testing Hypotheses.
Yeh, A. (2000). More accurate tests for the statistical significance of
result differences. COLING.
Post, M. (2018). A call for clarity in reporting BLEU scores (sacrebleu's
``--confidence``, ``--paired-bs``, ``--paired-ar``).

Example
-------
>>> import numpy as np
>>> rows = np.array([[1, 2], [2, 2], [0, 2], [2, 2]])     # matched, total per sentence
>>> st = ratio_items(rows, "acc")
>>> st.scores()
{'acc': 0.625}
>>> r = resample(st, n=200, seed=1)
>>> iv = r.intervals["acc"]
>>> iv.low <= 0.625 <= iv.high
True
>>> c = compare(st, [st], test="ar", n=99)[0]
>>> c.p_value["acc"]                     # a system against itself
1.0
"""

from induceval.measures.resampling.base import ItemStats, group_rows
from induceval.measures.resampling.engine import (
    TESTS,
    UNITS,
    Comparison,
    Interval,
    Resampled,
    approximate_randomization,
    bootstrap_interval,
    bootstrap_scores,
    compare,
    resample,
    resampling_signature,
    ties_with_best,
)
from induceval.measures.resampling.items import (
    category_items,
    dependency_items,
    items_of,
    join_items,
    pseudo_items,
    ratio_items,
    type_level_items,
    wopa_items,
)

__all__ = [
    "ItemStats",
    "Interval",
    "Resampled",
    "Comparison",
    "TESTS",
    "UNITS",
    "resample",
    "items_of",
    "compare",
    "ratio_items",
    "dependency_items",
    "category_items",
    "type_level_items",
    "join_items",
    "wopa_items",
    "pseudo_items",
    "group_rows",
    "resampling_signature",
    "ties_with_best",
    "bootstrap_scores",
    "bootstrap_interval",
    "approximate_randomization",
]
