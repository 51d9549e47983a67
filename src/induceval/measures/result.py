"""The one shape of every measure family's result.

Whatever the family (categories, dependencies, word order, pseudo-words), a
:class:`Result` carries scores, signature, counts and the additive statistics
the scores were computed from; families add what is theirs (a contingency
table, per-reference scores...).

Example
-------
>>> r = Result({"m1": 0.5}, "m1|v:0", {"n_tokens": 4})
>>> r.row("sys")
{'system': 'sys', 'm1': 0.5}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Result", "Measure"]


@dataclass(frozen=True)
class Measure:
    """Metadata of one measure: direction, bounds, level, family and source.

    Example
    -------
    >>> Measure("m1", "token", True, 0, 1, "many-to-one accuracy", "Frank et al. 2009").family
    'tags'
    """

    name: str
    level: str
    higher_is_better: bool
    low: float
    high: float
    description: str
    reference: str
    family: str = "tags"


@dataclass
class Result:
    """Scores, signature, counts and statistics of one system.

    Attributes
    ----------
    scores
        Measure name -> value.
    signature
        Every option that changes a number, the version and the seed.
    counts
        What was scored and what was left out (tokens, sentences...).
    statistics
        The additive statistics the scores are a pure function of (sum them
        over parts of a text, resample them, compare two systems with them).
    """

    scores: dict[str, float]
    signature: str
    counts: dict[str, int] = field(default_factory=dict)
    statistics: Any = field(default=None, repr=False)

    def row(self, system: str = "") -> dict:
        """The scores as a flat dict, after ``system`` when given (a table row)."""
        out: dict = {"system": system} if system else {}
        out.update(self.scores)
        return out
