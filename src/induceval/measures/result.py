"""The one shape of every measure family's result.

Whatever the family (categories, dependencies, word order, pseudo-words), a
:class:`Result` carries scores, signature, counts and the additive statistics
the scores were computed from; families add what is theirs (a contingency
table, per-reference scores...).

Every result is data and display: :meth:`Result.to_dict` (plain, JSON-ready
values, the system's name included), :meth:`Result.to_pandas` (a one-row
``pandas.DataFrame``; pandas is the optional extra ``induceval[pandas]``), a
short ``repr`` (name, scores, signature: never an array) and ``_repr_html_``, the
small table a notebook shows.  :class:`Display` holds that behaviour for any
object that lays itself out as rows (results, evaluations of several systems,
breakdowns, tables).

Example
-------
>>> r = Result({"m1": 0.5}, "m1|v:0", {"n_tokens": 4}, name="sys")
>>> r.row()
{'system': 'sys', 'm1': 0.5}
>>> r
Result(system='sys', m1=0.5, signature='m1|v:0')
>>> r.to_dict()
{'system': 'sys', 'scores': {'m1': 0.5}, 'counts': {'n_tokens': 4}, 'signature': 'm1|v:0'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from induceval.errors import ParameterError

__all__ = ["Result", "Measure", "Display", "score_records", "ratio_of", "import_pandas",
           "short_value", "html_table"]

#: what :func:`import_pandas` asks to install
PANDAS_EXTRA = "pip install 'induceval[pandas]'"


def import_pandas():
    """The ``pandas`` module, or a one-line :class:`~induceval.errors.InducevalError`
    naming the extra to install.

    Returns
    -------
    module
        :mod:`pandas`.

    Example
    -------
    >>> import_pandas().__name__   # doctest: +SKIP
    'pandas'
    """
    try:
        import pandas
    except ImportError:
        from induceval.errors import InducevalError

        raise InducevalError(f"to_pandas() needs pandas, which is not installed: "
                             f"{PANDAS_EXTRA}") from None
    return pandas


def short_value(value: object, digits: int = 4) -> str:
    """A value as a repr shows it: floats with ``digits`` significant digits.

    Parameters
    ----------
    value
        Any value.
    digits
        Significant digits of floats.

    Returns
    -------
    str
        Its short repr.

    Example
    -------
    >>> short_value(0.123456), short_value(3), short_value("a")
    ('0.1235', '3', "'a'")
    """
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        return f"{float(value):.{digits}g}"
    return repr(value) if isinstance(value, str) else str(value)


def html_table(columns: Sequence[str], rows: Sequence[Mapping], *, caption: str = "",
               notes: Sequence[str] = (), digits: int = 4) -> str:
    """A small HTML table (every text escaped): what a notebook shows of a result.

    Parameters
    ----------
    columns
        The column names, in order.
    rows
        One mapping column -> value per row (missing: empty cell).
    caption
        A caption, or ``""``.
    notes
        Lines shown under the table.
    digits
        Significant digits of floats.

    Returns
    -------
    str
        The HTML of the table.

    Example
    -------
    >>> html = html_table(["system", "m1"], [{"system": "<b>", "m1": 0.5}])
    >>> "<td>&lt;b&gt;</td><td>0.5</td>" in html, html.startswith("<table><thead>")
    (True, True)
    """
    from html import escape

    def cell(v) -> str:
        if v is None:
            return ""
        return escape(short_value(v, digits) if not isinstance(v, str) else v)

    head = "".join(f"<th>{escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(r.get(c))}</td>" for c in columns) + "</tr>"
                   for r in rows)
    out = (f"<caption>{escape(caption)}</caption>" if caption else "") + \
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
    foot = "".join(f"<br><small>{escape(n)}</small>" for n in notes)
    return f"<table>{out}</table>{foot}"


class Display:
    """Data and display of an object that lays itself out as rows.

    A subclass gives :meth:`_records` (flat rows) and :meth:`_notes` (the
    signature...); :meth:`to_pandas` and ``_repr_html_`` follow from them.

    Example
    -------
    >>> class Counts(Display):
    ...     def _records(self):
    ...         return [{"label": "NOUN", "tokens": 4}]
    >>> "<td>NOUN</td><td>4</td>" in Counts()._repr_html_()
    True
    """

    def _records(self) -> list[dict]:
        raise NotImplementedError

    def _notes(self) -> list[str]:
        return []

    def _columns(self) -> list[str]:
        return list(dict.fromkeys(k for r in self._records() for k in r))

    def to_pandas(self):
        """The rows as a ``pandas.DataFrame`` (``attrs``: the notes, e.g. the signature).

        Raises
        ------
        InducevalError
            When pandas is not installed (``pip install 'induceval[pandas]'``).
        """
        pd = import_pandas()
        frame = pd.DataFrame(self._records(), columns=self._columns())
        frame.attrs["notes"] = self._notes()
        return frame

    def _repr_html_(self) -> str:
        return html_table(self._columns(), self._records(), caption=type(self).__name__,
                          notes=self._notes())


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

    Parameters
    ----------
    num, den
        The numerator's and the denominator's columns.
    scale
        A factor of the ratio.

    Returns
    -------
    callable
        ``(B, d)`` totals -> ``(B,)`` scores.

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

    Parameters
    ----------
    records
        :class:`Measure` records.
    view
        What their ``score`` functions take (e.g. ``(B, d)`` column totals).
    want
        The names to score (default: every record).

    Returns
    -------
    dict
        Measure name -> its score (an array over the batch).

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


@dataclass(repr=False)
class Result(Display):
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
    name
        The system's name (a file stem, a learner, a model; ``""``: none).

    Example
    -------
    >>> r = Result({"m1": 0.5, "vi": 1.25}, "tags|v:0", name="brown")
    >>> r.row(), r.to_dict()["system"]
    ({'system': 'brown', 'm1': 0.5, 'vi': 1.25}, 'brown')
    """

    scores: dict[str, float]
    signature: str
    counts: dict[str, int] = field(default_factory=dict)
    statistics: Any = field(default=None, repr=False)
    #: the family that scored it and the options it was scored with (for :meth:`items`)
    family: Any = field(default=None, repr=False, compare=False)
    options: Mapping = field(default_factory=dict, repr=False, compare=False)
    name: str = field(default="", compare=False)

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

    def row(self, system: str | None = None) -> dict:
        """The scores as a flat dict, after ``system`` (default: the result's name) when
        there is one (a table row)."""
        system = self.name if system is None else system
        out: dict = {"system": system} if system else {}
        out.update(self.scores)
        return out

    def to_dict(self) -> dict:
        """The result as plain JSON-ready data.

        Returns
        -------
        dict
            ``system`` (the name, ``None`` without one), ``scores``, ``counts`` and
            ``signature``; families add what is theirs.  NaN stays NaN (JSON
            writers of the CLI write ``null``).

        Example
        -------
        >>> Result({"m1": 0.5}, "tags|v:0").to_dict()["system"] is None
        True
        """
        from induceval._json import jsonable

        return {"system": self.name or None,
                "scores": jsonable(dict(self.scores), strict=False),
                "counts": jsonable(dict(self.counts), strict=False),
                "signature": self.signature}

    def _records(self) -> list[dict]:
        return [{"system": self.name or None, **self.scores, "signature": self.signature}]

    def _notes(self) -> list[str]:
        return [f"signature: {self.signature}"]

    def _repr_html_(self) -> str:
        row = {"system": self.name or None, **self.scores}
        return html_table(list(row), [row], caption=type(self).__name__, notes=self._notes())

    #: the scores a repr shows before eliding the others with a count
    REPR_SCORES = 12

    def __repr__(self) -> str:
        shown = list(self.scores.items())
        parts = [f"system={self.name!r}"] if self.name else []
        parts += [f"{k}={short_value(v)}" for k, v in shown[:self.REPR_SCORES]]
        if len(shown) > self.REPR_SCORES:
            parts.append(f"... {len(shown) - self.REPR_SCORES} more scores")
        parts.append(f"signature={self.signature!r}")
        return f"{type(self).__name__}({', '.join(parts)})"
