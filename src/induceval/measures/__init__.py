"""The measures of induceval, one family a subpackage or module, and their registry.

:data:`MEASURES` (loaded on first use) is the union of the five families'
registries (``tags``, ``substitutable``, ``deps``, ``wopa``, ``pseudo``,
:data:`FAMILIES`): every measure by name with its family, level,
direction, bounds, source and score function; a report marks the best value
of a column with ``higher_is_better``.

Example
-------
>>> from induceval.measures import MEASURES
>>> MEASURES["directed"].family, MEASURES["vi"].higher_is_better
('deps', False)
"""

from __future__ import annotations

__all__ = ["MEASURES", "FAMILIES", "family"]


#: the modules holding each family's registry (its ``measures`` records)
FAMILIES = {
    "tags": ("induceval.measures.categories.evaluate", "TAGS"),
    "substitutable": ("induceval.measures.categories.substitutable", "SUBSTITUTABLE"),
    "deps": ("induceval.measures.dependencies.evaluate", "DEPS"),
    "wopa": ("induceval.measures.wopa", "WOPA"),
    "pseudo": ("induceval.measures.pseudowords.scores", "PSEUDO"),
}


def family(name: str):
    """The measure family named ``name`` (its records in ``.measures``, its
    per-item statistics from ``.items``).

    Parameters
    ----------
    name
        A family of :data:`FAMILIES`: ``tags``, ``substitutable``, ``deps``, ``wopa`` or
        ``pseudo``.

    Returns
    -------
    object
        The family's object, with its ``measures`` records and ``items``.

    Example
    -------
    >>> [m.name for m in family("deps").measures]
    ['directed', 'undirected', 'ned', 'root']
    """
    import importlib

    from induceval.errors import check_choice

    check_choice("family", name, tuple(FAMILIES))
    module, attribute = FAMILIES[name]
    return getattr(importlib.import_module(module), attribute)


def _registry() -> dict:
    out: dict = {}
    for name in FAMILIES:
        for m in family(name).measures:
            if m.name in out:
                raise RuntimeError(f"measure {m.name!r} is declared by the families "
                                   f"{out[m.name].family!r} and {m.family!r}")
            out[m.name] = m
    return out


def __getattr__(name: str):
    if name == "MEASURES":
        value = globals()["MEASURES"] = _registry()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
