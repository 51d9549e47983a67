"""The word order learners of Chang, Lieven & Tomasello (2006) and how they produce.

:mod:`~induceval.models.wopa.learners`: the six category learners and the
plug-in protocol; :mod:`~induceval.models.wopa.production`: their statistics,
training (:func:`train`) and production.  The measure is
:mod:`induceval.measures.wopa`, the paper's two tests :mod:`induceval.experiments.wopa`.
"""

from induceval.models.wopa.learners import (
    LEARNERS,
    PAPER_ORDER,
    CategoryLearner,
    Chance,
    Freqframe,
    Lexstat,
    NextWordScorer,
    Prevword,
    TokenType,
    TypeToken,
    get_learner,
)
from induceval.models.wopa.production import (
    LearnedStatistics,
    Production,
    chance_accuracy,
    chance_stats,
    learn_statistics,
    produce,
    train,
)

__all__ = ["LEARNERS", "PAPER_ORDER", "CategoryLearner", "Chance", "Freqframe", "Lexstat",
           "NextWordScorer", "Prevword", "TokenType", "TypeToken", "get_learner",
           "LearnedStatistics", "Production", "chance_accuracy", "chance_stats",
           "learn_statistics", "produce", "train"]
