"""The one exception family of induceval.

Every error the library raises on bad input is an :class:`InducevalError`,
which is a :class:`ValueError`, so ``except ValueError`` also catches it.
"""

from __future__ import annotations

__all__ = ["InducevalError", "CorpusFormatError", "ParameterError", "MismatchError", "check_range",
           "check_choice", "shorten", "SHOWN_CHARS", "MAX_SEED", "MAX_ITERATIONS", "MAX_SIZE",
           "input_named"]

#: The most characters of an offending text a message shows.
SHOWN_CHARS = 80

#: The largest seed: 32 bits, as ``numpy.random.seed`` (numpy's ``SeedSequence`` takes any
#: integer >= 0; a negative seed is refused, not mapped).
MAX_SEED = 2**32 - 1

#: The most iterations, sweeps, passes, restarts or resamples a parameter takes: far above
#: any published setting (2000 Gibbs sweeps, 100 EM iterations, 10^4 resamples), far below
#: what would run for ever.
MAX_ITERATIONS = 10**6

#: The largest size, count, length or threshold (the int32 indices of the compiled kernels).
MAX_SIZE = 2**31 - 1


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` cut to ``limit`` characters (``...`` marking the cut), for messages: a
    50 MB line is shown by its start.

    Parameters
    ----------
    text
        The text.
    limit
        The most characters shown.

    Returns
    -------
    str
        The text, cut when longer.

    Example
    -------
    >>> shorten("abc"), shorten("x" * 100, 10)
    ('abc', 'xxxxxxx...')
    """
    return text if len(text) <= limit else text[:limit - 3] + "..."


def input_named(files=(), name: str = "", *, most: int = 3) -> str:
    """How a message names what was read: its file, its first ``most`` files (and how many
    more), else ``name`` (a folder with no files, the demo corpus), else ``the input``.

    Parameters
    ----------
    files
        The files read.
    name
        The input's name without files.
    most
        The most files named.

    Returns
    -------
    str
        The input's name in messages.

    Example
    -------
    >>> input_named(["a.conllu"]), input_named(["a", "b", "c", "d", "e"]), input_named([], "dir")
    ('a.conllu', 'a, b, c and 2 more', 'dir')
    """
    files = [str(f) for f in files or ()]
    if not files:
        return name or "the input"
    shown = ", ".join(files[:most])
    return shown + (f" and {len(files) - most} more" if len(files) > most else "")


class InducevalError(ValueError):
    """Base class of every error induceval raises on bad input or options."""


def _placed(self, message: str, *, path: str | None = None, line: int | None = None,
             text: str | None = None) -> None:
    self.path, self.line, self.text, self.reason = path, line, text, message
    where = ""
    if path is not None:
        where = f"{path}:{line}: " if line is not None else f"{path}: "
    elif line is not None:
        where = f"line {line}: "
    shown = ""
    if text is not None:
        shown = f": {shorten(text)!r}"
    InducevalError.__init__(self, f"{where}{message}{shown}")


class CorpusFormatError(InducevalError):
    """A corpus file is malformed (:class:`MismatchError` takes the same arguments).

    Parameters
    ----------
    message
        What was expected.
    path
        The file (or ``"<string>"``).
    line
        The 1-based line number, when known.
    text
        The offending text, shortened to :data:`SHOWN_CHARS` characters (:func:`shorten`).

    Example
    -------
    >>> err = CorpusFormatError("expected 10 columns, got 3", path="a.conllu", line=7,
    ...                         text="1\\tx\\ty")
    >>> str(err)
    "a.conllu:7: expected 10 columns, got 3: '1\\\\tx\\\\ty'"
    """

    __init__ = _placed


class ParameterError(InducevalError):
    """An option is outside its allowed range or set."""


class MismatchError(InducevalError):
    """Gold and prediction do not describe the same text (``path``/``line``/``text``:
    where in the prediction's file, when known).

    Example
    -------
    >>> str(MismatchError("2 labels for 3 gold tokens", path="p.labels", line=4))
    'p.labels:4: 2 labels for 3 gold tokens'
    """

    __init__ = _placed


def _bound(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:g}"


def check_range(name: str, value: float, low: float | None = None, high: float | None = None,
                *, low_open: bool = False, high_open: bool = False,
                finite: bool = False) -> None:
    """Raise :class:`ParameterError` unless ``low <= value <= high`` (NaN never is);
    ``finite``: infinities refused too, whatever the bounds.

    Parameters
    ----------
    name
        The parameter's name, in the message.
    value
        Its value.
    low, high
        The bounds (``None``: none).
    low_open, high_open
        Exclude the bound.
    finite
        Refuse infinities.

    Example
    -------
    >>> check_range("k", 3, 1)
    >>> check_range("k", 0, 1)
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: k must be in [1, inf), got 0
    >>> check_range("alpha", float("inf"), 0, low_open=True, finite=True)
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: alpha must be a finite number in (0, inf), got inf
    """
    if finite and not (value - value == 0):   # inf - inf and nan - nan are NaN
        lo = "(" if low_open else "["
        lows = "-inf" if low is None else _bound(low)
        highs = "inf" if high is None else _bound(high)
        hi = ")" if high_open or high is None else "]"
        raise ParameterError(f"{name} must be a finite number in {lo}{lows}, {highs}{hi}, "
                             f"got {value!r}")
    ok = True
    if low is not None:
        ok &= value > low if low_open else value >= low
    if high is not None:
        ok &= value < high if high_open else value <= high
    if not ok:
        lo = "(" if low_open else "["
        hi = ")" if high_open or high is None else "]"
        lows = "-inf" if low is None else _bound(low)
        highs = "inf" if high is None else _bound(high)
        raise ParameterError(f"{name} must be in {lo}{lows}, {highs}{hi}, got {value!r}")


def check_choice(name: str, value: object, choices: list[str] | tuple[str, ...] | set[str]) -> None:
    """Raise :class:`ParameterError` unless ``value`` is one of ``choices``.

    Parameters
    ----------
    name
        The parameter's name, in the message.
    value
        Its value.
    choices
        The values allowed.

    Example
    -------
    >>> check_choice("log", "e", ("2", "e"))
    """
    if value not in choices:
        listed = ", ".join(sorted(map(str, choices)))
        raise ParameterError(f"{name} must be one of {listed}; got {value!r}")
