"""The measures of induceval, one family a subpackage or module, and their registry.

:data:`MEASURES` (loaded on first use) lists every measure by name with its
family (``tags``, ``substitutable``, ``deps``, ``wopa``, ``pseudo``),
level, direction, bounds and source; a report marks the best value of a
column with ``higher_is_better``.

Example
-------
>>> from induceval.measures import MEASURES
>>> MEASURES["directed"].family, MEASURES["vi"].higher_is_better
('deps', False)
"""

from __future__ import annotations

__all__ = ["MEASURES"]


def _registry() -> dict:
    from induceval.measures.categories.evaluate import MEASURES as TAG_MEASURES
    from induceval.measures.result import Measure

    out = dict(TAG_MEASURES)
    for name, what in (("sp", "substitutable precision"), ("sr", "substitutable recall"),
                       ("sf", "substitutable F")):
        out[name] = Measure(name, "token", True, 0, float("inf"), what,
                            "Frank et al. 2009, eqs. 2-3", "substitutable")
    for name, what in (("directed", "directed (attachment) accuracy"),
                       ("undirected", "undirected accuracy"),
                       ("ned", "neutral edge direction accuracy (Schwartz et al. 2011)"),
                       ("root", "accuracy of the gold roots")):
        out[name] = Measure(name, "token", True, 0, 1, what, "Gelling et al. 2012, §2.3",
                            "deps")
    out["wopa"] = Measure("wopa", "utterance", True, 0, 100,
                          "word order prediction accuracy (percent)",
                          "Chang et al. 2006, p. 154", "wopa")
    for name, what in (("accuracy", "pseudo-word accuracy (undecided items wrong)"),
                       ("accuracy_guess", "accuracy with undecided items guessed"),
                       ("precision", "accuracy over decided items"),
                       ("coverage", "share of decided items")):
        out[name] = Measure(name, "item", True, 0, 1, what, "Chambers & Jurafsky 2010, §7",
                            "pseudo")
    return out


def __getattr__(name: str):
    if name == "MEASURES":
        value = globals()["MEASURES"] = _registry()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
