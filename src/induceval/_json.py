"""Plain Python values for JSON, from results holding numpy scalars and arrays."""

from __future__ import annotations

import math
import sys

__all__ = ["jsonable"]


def jsonable(x: object, *, strict: bool = True) -> object:
    """``x`` as plain JSON values, recursively.

    Dicts keep their order with their keys as strings, tuples become lists,
    numpy arrays nested lists and numpy scalars Python ones.

    Parameters
    ----------
    x : object
        A value, a dict, list or tuple of values, a numpy array or scalar.
    strict : bool, default True
        JSON as its standard has it: NaN and infinities become ``None`` and
        any other value JSON has no type for its ``str``.  Without ``strict``
        both are kept as they are: results that code computes with (a
        protocol's cells) keep their NaN, which ``json.dumps`` writes as
        ``NaN``.

    Returns
    -------
    object
        The value in plain Python types.

    Examples
    --------
    >>> import numpy as np
    >>> jsonable({"a": float("nan"), 1: (np.int64(2), np.array([1.5, np.inf]))})
    {'a': None, '1': [2, [1.5, None]]}
    >>> jsonable({"a": np.float64("nan"), "b": {1, 2}}, strict=False)
    {'a': nan, 'b': {1, 2}}
    """
    if isinstance(x, float):   # numpy's float64 too
        return float(x) if not strict or math.isfinite(x) else None
    if isinstance(x, dict):
        return {str(k): jsonable(v, strict=strict) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v, strict=strict) for v in x]
    # a numpy value implies numpy is loaded: no import for results without one
    np = sys.modules.get("numpy")
    if np is not None:
        if isinstance(x, np.ndarray):
            return jsonable(x.tolist(), strict=strict)
        if isinstance(x, np.generic):
            return jsonable(x.item(), strict=strict)
    if not strict or x is None or isinstance(x, (bool, int, str)):
        return x
    return str(x)
