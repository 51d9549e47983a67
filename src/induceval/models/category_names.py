"""Names and one-line descriptions of the category-induction models, and the names of the
word order learners.

Kept apart from :mod:`induceval.models.categories` and :mod:`induceval.models.wopa`
(whose models import numpy and numba) so that building the command-line parser stays light.

Example
-------
>>> sorted(MODEL_DESCRIPTIONS)
['bhmm', 'brown', 'exchange', 'ff', 'hc', 'random']
"""

from __future__ import annotations

__all__ = ["MODEL_DESCRIPTIONS", "WOPA_LEARNERS"]

#: one-line description of each model (for ``--help``)
MODEL_DESCRIPTIONS: dict[str, str] = {
    "ff": "frequent frames (Mintz 2003, as in Frank et al. 2009)",
    "hc": "hierarchical clustering (Redington et al. 1998)",
    "bhmm": "Bayesian trigram HMM, Gibbs sampling (Goldwater & Griffiths 2007)",
    "brown": "Brown clustering (Brown et al. 1992; Liang's wcluster)",
    "exchange": "exchange clustering (Och 1999 mkcls; ClusterCat)",
    "random": "random baseline with the gold type-size distribution (Frank et al. 2009)",
}

#: the word order learners of :mod:`induceval.models.wopa` by name, in the paper's order,
#: worst to best (Chang et al. 2006, Fig. 1)
WOPA_LEARNERS: tuple[str, ...] = ("chance", "prevword", "freqframe", "tokentype", "typetoken",
                                  "lexstat")
