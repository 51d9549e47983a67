"""Bootstrap intervals and paired significance tests over additive per-item statistics.

Every measure is a pure function of summed statistics, so with per-item
statistics (one row per sentence, utterance, test item or document) the
corpus score is ``score(rows.sum(0))`` and a resample, a vector ``w`` of how
often each item was drawn, has the statistics ``w @ rows``: ``B`` resamples
are one product ``W @ rows``, also when ``rows`` is a sparse
sentences-by-cells matrix (the contingency tables of category measures),
scored in a batch.  Dense rows are summed straight from the draws, the
drawn rows added in the order they were drawn (since 0.6.0): counts are
exact in any order, and fractional statistics (Chance's expected accuracy,
credited ties) get the same last bits on every machine and batch size.

:class:`ItemStats` holds the rows and a vectorised score function ``(B, d)
-> {measure: (B,)}``; each measure family builds its own from a result's
statistics and options (the family's ``items``, a result's ``items()``:
:func:`induceval.measures.categories.items.category_items`,
:func:`induceval.measures.dependencies.dependency_items`, ...), with the
generic builders of :mod:`~induceval.measures.resampling.items`.  This
package knows no family.  Two entry points:

- :func:`resample`: percentile bootstrap intervals of every measure
  (Efron & Tibshirani 1993, §13.3);
- :func:`compare`: a paired test of systems against a baseline, the paired
  bootstrap (Koehn 2004; the null distribution is the resampled differences
  shifted to mean zero) or paired approximate randomization (Noreen 1989;
  Yeh 2000, §3: each item's statistics are swapped between the two systems
  with probability 1/2).  Both p-values are two-sided, ``(r + 1) / (N + 1)``
  with ``r`` the resamples whose absolute difference is at least the
  observed one: the smallest is ``1 / (N + 1)``; a system against itself
  gets ``p = 1``.

The unit is the row; ``groups`` (a label per row, e.g. each sentence's
document) first sums the rows of each group, so that documents (or whole
corpora) are resampled instead (``unit="document"``).  Randomness comes from
the named streams ``resampling.bootstrap`` and ``resampling.permutation`` of
:mod:`induceval.random`, drawn independently of how the resamples are
chunked: the same seed gives the same results whatever the batch size or
number of jobs.  The bootstrap's item indices are drawn by a compiled
xoshiro256** seeded from its stream, counted in the same pass (since 0.7.0;
before, numpy's ``integers``: other resamples of the same distribution).

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
    compare,
    items_of,
    resample,
    resampling_signature,
    share_resamples,
    ties_with_best,
)
from induceval.measures.resampling.items import (
    join_items,
    ratio_items,
    ratio_score,
    records_items,
    records_score,
)

__all__ = ["ItemStats", "Interval", "Resampled", "Comparison", "TESTS", "UNITS", "resample",
           "items_of", "compare", "ratio_items", "ratio_score", "records_items",
           "records_score", "join_items", "group_rows", "resampling_signature",
           "ties_with_best", "share_resamples"]
