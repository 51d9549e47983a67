"""The registry of the category-induction models and the check of their parameters.

Its own module, below the package and :mod:`~induceval.models.categories.counts`,
so that both use it without importing each other.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from induceval.errors import ParameterError, check_choice
from induceval.models.categories.bhmm import induce_bhmm
from induceval.models.categories.brown import induce_brown
from induceval.models.categories.exchange import induce_exchange
from induceval.models.categories.frequent_frames import induce_frequent_frames
from induceval.models.categories.hierarchical import induce_hierarchical
from induceval.models.categories.random_baseline import induce_random
from induceval.models.categories.result import TagInduction

__all__ = ["CATEGORY_MODELS", "model_params", "check_model_params"]

#: model name -> function ``(corpus, k, *, seed, **params) -> TagInduction``
CATEGORY_MODELS: dict[str, Callable[..., TagInduction]] = {
    "ff": induce_frequent_frames, "hc": induce_hierarchical, "bhmm": induce_bhmm,
    "brown": induce_brown, "exchange": induce_exchange, "random": induce_random}


def model_params(model: str) -> list[str]:
    """The parameters ``model`` takes besides ``corpus``, ``k`` and ``seed``.

    Example
    -------
    >>> model_params("brown")
    ['column', 'min_count']
    """
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
