"""Category (part-of-speech) induction models behind one registry.

:data:`CATEGORY_MODELS` maps a model name to its function; every function takes
``(corpus, k, *, seed=..., **params)`` and returns a :class:`TagInduction`
(token tags with ``-1`` for unclustered tokens, the type clustering, the
unclustered types, Brown paths when any, and a signature).  Each model is
seeded and deterministic: the same seed gives identical output.

=============  ===============================================  ====================
name           model                                            reference
=============  ===============================================  ====================
``ff``         frequent frames, merged to K                     Mintz 2003; paper 000
``hc``         hierarchical clustering of context vectors       Redington et al. 1998
``bhmm``       Bayesian trigram HMM, collapsed Gibbs            Goldwater & Griffiths 2007
``brown``      Brown clustering, windowed exact merges          Brown et al. 1992; Liang 2005
``exchange``   exchange clustering (mkcls / ClusterCat style)   Kneser & Ney 1993; Och 1999
``random``     random types with the gold type-size profile     paper 000
=============  ===============================================  ====================

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> for s in ["the dog runs", "a cat runs", "the cat sleeps", "a dog sleeps"] * 3:
...     b.add_sentence({"form": s.split()})
>>> r = induce_tags(b.build(), "exchange", 3)
>>> r.tags.shape, r.model
((36,), 'exchange')
"""

from __future__ import annotations

from collections.abc import Callable

from induceval.corpus.model import Corpus
from induceval.errors import check_choice
from induceval.models.categories.bhmm import induce_bhmm
from induceval.models.categories.brown import BrownClusters, brown_clusters, induce_brown
from induceval.models.categories.exchange import induce_exchange
from induceval.models.categories.frequent_frames import induce_frequent_frames
from induceval.models.categories.hierarchical import induce_hierarchical
from induceval.models.categories.random_baseline import induce_random
from induceval.models.categories.result import UNCLUSTERED, TagInduction
from induceval.random import DEFAULT_SEED

__all__ = [
    "CATEGORY_MODELS",
    "MODEL_DESCRIPTIONS",
    "induce_tags",
    "TagInduction",
    "UNCLUSTERED",
    "brown_clusters",
    "BrownClusters",
    "induce_bhmm",
    "induce_brown",
    "induce_exchange",
    "induce_frequent_frames",
    "induce_hierarchical",
    "induce_random",
]

#: model name -> function ``(corpus, k, *, seed, **params) -> TagInduction``
CATEGORY_MODELS: dict[str, Callable[..., TagInduction]] = {
    "ff": induce_frequent_frames,
    "hc": induce_hierarchical,
    "bhmm": induce_bhmm,
    "brown": induce_brown,
    "exchange": induce_exchange,
    "random": induce_random,
}

#: one-line description of each model (for ``--help``)
MODEL_DESCRIPTIONS: dict[str, str] = {
    "ff": "frequent frames (Mintz 2003, as in Frank et al. 2009)",
    "hc": "hierarchical clustering (Redington et al. 1998)",
    "bhmm": "Bayesian trigram HMM, Gibbs sampling (Goldwater & Griffiths 2007)",
    "brown": "Brown clustering (Brown et al. 1992; Liang's wcluster)",
    "exchange": "exchange clustering (Och 1999 mkcls; ClusterCat)",
    "random": "random baseline with the gold type-size distribution (Frank et al. 2009)",
}


def induce_tags(corpus: Corpus, model: str, k: int | None, *, seed: int = DEFAULT_SEED,
                **params) -> TagInduction:
    """Run the category-induction ``model`` with ``k`` clusters on ``corpus``.

    Parameters
    ----------
    corpus
        The training text (column ``form`` unless ``column=`` is given).
    model
        A name in :data:`CATEGORY_MODELS`.
    k
        Number of clusters (the random baseline with ``gold=`` ignores it).
    seed
        The seed; the same seed gives the same output.
    **params
        Model parameters (see each model's function).
    """
    check_choice("model", model, tuple(CATEGORY_MODELS))
    return CATEGORY_MODELS[model](corpus, k, seed=seed, **params)
