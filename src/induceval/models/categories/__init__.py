"""Category (part-of-speech) induction models behind one registry.

:data:`CATEGORY_MODELS` maps a model name to its function; every function takes
``(corpus, k, *, seed=..., **params)`` and returns a :class:`TagInduction`
(token tags with ``-1`` for unclustered tokens, the type clustering, the
unclustered types, Brown paths when any, and a signature).  Each model is
seeded and deterministic: the same seed gives identical output.

=============  ===============================================  ====================
name           model                                            reference
=============  ===============================================  ====================
``ff``         frequent frames, merged to K                     Mintz 2003; Frank et al. 2009
``hc``         hierarchical clustering of context vectors       Redington et al. 1998
``bhmm``       Bayesian trigram HMM, collapsed Gibbs            Goldwater & Griffiths 2007
``brown``      Brown clustering, windowed exact merges          Brown et al. 1992; Liang 2005
``exchange``   exchange clustering (mkcls / ClusterCat style)   Kneser & Ney 1993; Och 1999
``random``     random types with the gold type-size profile     Frank et al. 2009
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

import numpy as np

from induceval.corpus.counting import BigramTable
from induceval.corpus.model import Corpus
from induceval.errors import MAX_ITERATIONS, ParameterError, check_choice, check_range
from induceval.models.categories._registry import (
    CATEGORY_MODELS,
    check_model_params,
    model_params,
)
from induceval.models.categories.bhmm import induce_bhmm
from induceval.models.categories.brown import BrownClusters, brown_clusters, induce_brown
from induceval.models.categories.exchange import induce_exchange
from induceval.models.categories.frequent_frames import induce_frequent_frames
from induceval.models.categories.hierarchical import induce_hierarchical
from induceval.models.categories.random_baseline import induce_random
from induceval.models.categories.result import UNCLUSTERED, TagInduction
from induceval.models.category_names import MODEL_DESCRIPTIONS
from induceval.random import DEFAULT_SEED

__all__ = ["CATEGORY_MODELS", "check_model_params", "model_params", "MODEL_DESCRIPTIONS",
           "induce_tags", "TagInduction", "UNCLUSTERED", "brown_clusters", "BrownClusters",
           "induce_bhmm", "induce_brown", "induce_exchange", "induce_frequent_frames",
           "induce_hierarchical", "induce_random"]


#: the largest Dirichlet parameter of the BHMM (``alpha``, ``beta``): far above any setting
#: that still prefers sparse distributions, far below where the sampler's sums overflow
MAX_DIRICHLET = 1e6


def _check_bhmm(params) -> None:
    """The BHMM's iterations and Dirichlet parameters: finite, in range (an infinite alpha
    put every token in one cluster; 10^20 sweeps overflowed the sampler's counter)."""
    if "iterations" in params:
        check_range("iterations", params["iterations"], 0, MAX_ITERATIONS)
    for name in ("alpha", "beta"):
        if name in params:
            check_range(name, params[name], 0, MAX_DIRICHLET, low_open=True, finite=True)


def induce_tags(corpus: Corpus | BigramTable, model: str, k: int | None, *,
                seed: int = DEFAULT_SEED, min_count_unk: int = 1, **params) -> TagInduction:
    """Run the category-induction ``model`` with ``k`` clusters on ``corpus``.

    Parameters
    ----------
    corpus
        The training text (column ``form`` unless ``column=`` is given), or
        for ``brown`` and ``exchange`` a
        :class:`~induceval.corpus.counting.BigramTable` of its counts (e.g.
        summed on Dask workers): the same result but no token tags (see
        :func:`~induceval.models.categories.counts.induce_tags_from_counts`).
    k
        Number of clusters (the random baseline with ``gold=`` ignores it).
    min_count_unk
        Words seen fewer times are mapped to one symbol, ``<unk>``, before the
        model runs (the CLI's ``--min-count``, as ClusterCat's; see
        :func:`~induceval.models.categories._bigrams.map_rare`): their tokens
        and ``type_clusters`` entries take the cluster of ``<unk>``.  Default
        1: off; above, recorded in the signature (``min_count_unk:N``) and
        counted in ``log["rare_types"]``, ``log["rare_tokens"]``.  (A model's
        own ``min_count``, e.g. Brown's, goes in ``params``.)
    **params
        Model parameters (see each model's function).

    Returns
    -------
    TagInduction
        The token tags (``tags``), the type clustering (``type_clusters``),
        the model's log and a signature.

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
    >>> r = induce_tags(generate_demo_corpus(n_sentences=200), "brown", 5, min_count_unk=3)
    >>> "|min_count_unk:3|" in r.signature, r.log["rare_types"] > 0
    (True, True)
    """
    from induceval.models.categories._bigrams import code_counts, map_rare, with_rare

    check_choice("model", model, tuple(CATEGORY_MODELS))
    check_model_params(model, params)
    check_range("min_count_unk", min_count_unk, 1)
    if model == "bhmm":
        _check_bhmm(params)
    if isinstance(corpus, BigramTable):
        from induceval.models.categories.counts import induce_tags_from_counts

        return induce_tags_from_counts(corpus, model, k, seed=seed, min_count_unk=min_count_unk,
                                       **params)
    column = params.get("column", "form")
    rare: list[str] = []
    n_rare = 0
    if min_count_unk > 1:
        corpus, rare, n_rare = map_rare(corpus, min_count_unk, column=column)
    if k is not None and not (model == "random" and params.get("gold")):
        if column in corpus.tokens:
            values = corpus.tokens[column].values
            n_types = int(np.count_nonzero(code_counts(values, int(values.max(initial=-1)) + 1)))
            if k > n_types:
                raise ParameterError(
                    f"k={k} is above the number of word types ({n_types}) of column "
                    f"{column!r} in {corpus.name or 'the corpus'}; choose k <= {n_types}")
    result = CATEGORY_MODELS[model](corpus, k, seed=seed, **params)
    if min_count_unk > 1:
        result = with_rare(result, min_count_unk, rare, n_rare)
    return result
