"""Option types: each numeric option's type and range, declared once, checked when the
command line is read.

Typed argparse ``type=`` callables (:func:`bounded_int`, :func:`finite_float`,
:func:`comma_list`) and the ranges the commands share (:data:`SEED`, :data:`JOBS`,
:data:`ITERATIONS`, :data:`RESAMPLES`, :data:`SIZE`, ...): a value out of range is
argparse's one-line error naming the option, the range and the value.  Only the standard
library: the parser is built without numpy.  :mod:`induceval.cli.common` re-exports them
for the commands; the ``reproduce`` protocols (:mod:`induceval.experiments`) declare their
options with them.
"""

from __future__ import annotations

import argparse

from induceval.errors import MAX_ITERATIONS, MAX_SEED, MAX_SIZE

__all__ = ["OptionType", "bounded_int", "finite_float", "comma_list", "MAX_JOBS", "SEED",
           "JOBS", "ITERATIONS", "RESAMPLES", "SIZE", "POSITIVE", "SHARE", "ALPHA"]


class OptionType:
    """An argparse ``type=``: the text read as a number in ``[low, high]`` (``(``/``)``:
    open ends), refused in argparse's one line with the option's name, the range and the value.

    ``kind`` is ``int`` or ``float`` (floats are finite: ``nan`` and ``inf`` are refused);
    ``numeric`` tells it apart from other types (the option walk of the tests uses it).

    Example
    -------
    >>> bounded_int(1, 8)("3"), finite_float(0, 1, low_open=True)("0.5")
    (3, 0.5)
    >>> bounded_int(1, 8)("9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer in [1, 8], got 9
    >>> finite_float(0, 1, low_open=True, high_open=True)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a finite number in (0, 1), got nan
    """

    numeric = True

    def __init__(self, kind: type, low: float, high: float | None, *, low_open: bool = False,
                 high_open: bool = False, note: str = "") -> None:
        self.kind, self.low, self.high = kind, low, high
        self.low_open, self.high_open, self.note = low_open, high_open, note
        self.__name__ = kind.__name__

    @property
    def range(self) -> str:
        """The allowed range as the messages show it, e.g. ``[0, 1000000]`` or ``(0, 1)``."""
        def show(x):
            if x is None:
                return "inf"
            return str(int(x)) if isinstance(x, int) or x == int(x) else f"{x:g}"
        return (("(" if self.low_open else "[") + f"{show(self.low)}, {show(self.high)}"
                + (")" if self.high_open or self.high is None else "]"))

    def _refuse(self, text: str):
        what = "an integer" if self.kind is int else "a finite number"
        shown = text.strip() if text.strip() and len(text) <= 40 else repr(
            text if len(text) <= 40 else text[:37] + "...")
        raise argparse.ArgumentTypeError(f"must be {what} in {self.range}"
                                         f"{' (' + self.note + ')' if self.note else ''}, "
                                         f"got {shown}")

    def __call__(self, text: str):
        try:
            value = self.kind(text.strip()) if self.kind is int else float(text)
        except (TypeError, ValueError):
            return self._refuse(text)
        if self.kind is float and not (value - value == 0):   # nan, inf
            return self._refuse(text)
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return self._refuse(text)
        if self.high is not None and (value >= self.high if self.high_open
                                      else value > self.high):
            return self._refuse(text)
        return value

    def __repr__(self) -> str:
        return f"{self.__name__} in {self.range}"


def bounded_int(low: int, high: int, *, note: str = "") -> OptionType:
    """An integer option in ``[low, high]`` (``note``: what a special value means, shown
    in the error).

    Parameters
    ----------
    low, high
        The bounds, included.
    note
        What a special value means, shown in the error.

    Returns
    -------
    OptionType
        The argparse ``type=``.

    Example
    -------
    >>> bounded_int(1, 10)("3")
    3
    """
    return OptionType(int, low, high, note=note)


def finite_float(low: float, high: float | None = None, *, low_open: bool = False,
                 high_open: bool = False) -> OptionType:
    """A finite number option in ``[low, high]`` (``low_open``/``high_open``: ends excluded;
    ``high=None``: no upper bound but finite).

    Parameters
    ----------
    low, high
        The bounds (``high`` ``None``: none).
    low_open, high_open
        Exclude the bound.

    Returns
    -------
    OptionType
        The argparse ``type=``.

    Example
    -------
    >>> finite_float(0, low_open=True)("0.5")
    0.5
    """
    return OptionType(float, low, high, low_open=low_open, high_open=high_open)


def comma_list(choices, *, what: str = "item", key=None):
    """An argparse ``type=``: ``A,B,...``, each one of ``choices`` (a sequence, or a function
    returning it, called when the option is given; ``key(name)``: the name looked up, e.g.
    lower-cased), at least one.

    Parameters
    ----------
    choices
        The names allowed, or a function returning them.
    what
        What an item is called, in the error.
    key
        ``name -> name looked up``, or ``None``.

    Returns
    -------
    callable
        ``text -> list of str``.

    Example
    -------
    >>> comma_list(("a", "b"))("b,a")
    ['b', 'a']
    >>> comma_list(("a", "b"), what="step")("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give at least one step (of a, b), got ''
    """
    def parse(text: str) -> list[str]:
        known = tuple(choices() if callable(choices) else choices)
        names = [s.strip() for s in text.split(",") if s.strip()]
        if not names:
            raise argparse.ArgumentTypeError(f"give at least one {what} (of "
                                             f"{', '.join(known)}), got {text!r}")
        bad = [n for n in names if (key(n) if key else n) not in known]
        if bad:
            raise argparse.ArgumentTypeError(f"unknown {what} {', '.join(map(repr, bad))}; "
                                             f"choose from {', '.join(known)}")
        return names

    parse.__name__ = "comma_list"
    return parse


#: the most ``--jobs``; local engines are capped further at the usable cores (:func:`jobs_capped`)
MAX_JOBS = 1024

#: ``--seed``: 0 to 2^32-1 (a negative seed is refused; numpy takes none)
SEED = bounded_int(0, MAX_SEED)
#: ``--jobs``
JOBS = bounded_int(1, MAX_JOBS)
#: iterations, sweeps, passes (0: none)
ITERATIONS = bounded_int(0, MAX_ITERATIONS)
#: resamples of ``--confidence`` (0: none)
RESAMPLES = bounded_int(0, MAX_ITERATIONS, note="0: none")
#: sizes, counts, lengths, thresholds of at least 1
SIZE = bounded_int(1, MAX_SIZE)
#: a positive finite number
POSITIVE = finite_float(0, None, low_open=True)
#: a share in [0, 1]
SHARE = finite_float(0, 1)
#: ``--alpha``: a level in (0, 1)
ALPHA = finite_float(0, 1, low_open=True, high_open=True)
