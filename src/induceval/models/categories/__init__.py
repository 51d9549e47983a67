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

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import ParameterError, check_choice
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
    "check_model_params",
    "model_params",
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

    Raises
    ------
    ParameterError
        Before any work: a parameter the model does not take (the message
        lists the model's parameters), or ``k`` above the number of word
        types of the clustered column.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> induce_tags(generate_demo_corpus(n_sentences=50, seed=1), "ff", 5, iterations=3)
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: model 'ff' does not take iterations; its parameters: \
threshold, column, outside_frames
    """
    check_choice("model", model, tuple(CATEGORY_MODELS))
    check_model_params(model, params)
    if k is not None and not (model == "random" and params.get("gold")):
        column = params.get("column", "form")
        if column in corpus.tokens:
            n_types = int(len(np.unique(corpus.tokens[column].values[
                corpus.tokens[column].values >= 0])))
            if k > n_types:
                raise ParameterError(
                    f"k={k} is above the number of word types ({n_types}) of column "
                    f"{column!r} in {corpus.name or 'the corpus'}; choose k <= {n_types}")
    return CATEGORY_MODELS[model](corpus, k, seed=seed, **params)


def model_params(model: str) -> list[str]:
    """The parameters ``model`` takes besides ``corpus``, ``k`` and ``seed``.

    Example
    -------
    >>> model_params("brown")
    ['column', 'min_count']
    """
    import inspect

    check_choice("model", model, tuple(CATEGORY_MODELS))
    sig = inspect.signature(CATEGORY_MODELS[model])
    return [n for n, p in sig.parameters.items() if n not in ("corpus", "k", "seed")
            and p.kind is not inspect.Parameter.VAR_KEYWORD]


def check_model_params(model: str, params) -> None:
    """Raise :class:`ParameterError` for a parameter ``model`` does not take.

    Example
    -------
    >>> check_model_params("brown", {"min_count": 2})
    """
    allowed = model_params(model)
    bad = [p for p in params if p not in allowed]
    if bad:
        raise ParameterError(f"model {model!r} does not take {', '.join(bad)}; its parameters: "
                             f"{', '.join(allowed)}")
