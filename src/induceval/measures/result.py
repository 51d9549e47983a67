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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from induceval.errors import ParameterError

__all__ = ["Result", "Measure", "score_records", "ratio_of"]


@dataclass(frozen=True)
class Measure:
    """One measure: its name, direction, bounds, level, family, source and score function.

    ``score`` is batched: it takes the family's view of ``B`` summed
    statistics (for category measures the quantities of ``B`` contingency
    tables, for ratio measures the ``(B, d)`` column totals) and returns a
    ``(B,)`` array; a corpus score is the one-resample case, so the number
    reported and every bootstrap resample come from the same function.
    ``None``: the family computes the measure jointly with others (the
    type-level mappings).

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
    score: Callable | None = field(default=None, repr=False, compare=False)


def ratio_of(num: int, den: int, scale: float = 1.0) -> Callable:
    """The batched score ``scale * totals[:, num] / totals[:, den]`` of a ratio measure
    (``nan`` where the denominator is 0).

    Example
    -------
    >>> import numpy as np
    >>> ratio_of(0, 1)(np.array([[1.0, 4.0], [1.0, 0.0]])).tolist()
    [0.25, nan]
    """
    import numpy as np

    def score(totals):
        num_, den_ = totals[:, num], totals[:, den]
        return np.where(den_ > 0, scale * num_ / np.where(den_ > 0, den_, 1), np.nan)
    return score


def score_records(records, view, want=None) -> dict:
    """``{name: record.score(view)}`` of the ``records`` in ``want`` (default: all), in
    the records' order.

    Example
    -------
    >>> import numpy as np
    >>> acc = Measure("acc", "item", True, 0, 1, "accuracy", "",
    ...               score=lambda t: t[:, 0] / t[:, 1])
    >>> score_records([acc], np.array([[1.0, 4.0]]))["acc"].tolist()
    [0.25]
    """
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        return {m.name: m.score(view) for m in records
                if m.score is not None and (want is None or m.name in want)}


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
    #: the family that scored it and the options it was scored with (for :meth:`items`)
    family: Any = field(default=None, repr=False, compare=False)
    options: Mapping = field(default_factory=dict, repr=False, compare=False)

    def items(self):
        """The per-item statistics to resample (an
        :class:`~induceval.measures.resampling.ItemStats`), built by the family from
        the statistics and the options the result was scored with.

        Raises
        ------
        ParameterError
            When the result keeps no per-item statistics.
        """
        if self.family is None or not hasattr(self.family, "items"):
            raise ParameterError(f"no per-item statistics in a {type(self).__name__}")
        return self.family.items(self.statistics, self.options)

    def row(self, system: str = "") -> dict:
        """The scores as a flat dict, after ``system`` when given (a table row)."""
        out: dict = {"system": system} if system else {}
        out.update(self.scores)
        return out
