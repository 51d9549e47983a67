"""``scipy.optimize.linear_sum_assignment`` without importing all of ``scipy.optimize``.

Importing ``scipy.optimize`` pulls in ``scipy.linalg``, ``scipy.sparse`` and
more for one small assignment problem per scored table.  The compiled solver
``scipy.optimize._lsap`` is loaded on its own from its file; the ordinary
import is used when that fails or ``scipy.optimize`` is loaded already.

Example
-------
>>> import numpy as np
>>> rows, cols = linear_sum_assignment(np.array([[5, 4], [4, 0]]), maximize=True)
>>> rows.tolist(), cols.tolist()
([0, 1], [1, 0])
"""

from __future__ import annotations

import sys

__all__ = ["linear_sum_assignment"]

_SOLVER = None


def _load():
    if "scipy.optimize" in sys.modules:
        from scipy.optimize import linear_sum_assignment as solver

        return solver
    try:
        import importlib.machinery
        import importlib.util
        import os

        import scipy

        folder = os.path.join(os.path.dirname(scipy.__file__), "optimize")
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(folder, "_lsap" + suffix)
            if os.path.exists(path):
                loader = importlib.machinery.ExtensionFileLoader("scipy.optimize._lsap", path)
                spec = importlib.util.spec_from_file_location("scipy.optimize._lsap", path,
                                                              loader=loader)
                module = importlib.util.module_from_spec(spec)
                loader.exec_module(module)
                return module.linear_sum_assignment
    except Exception:  # noqa: BLE001 - any other layout: the ordinary import below
        pass
    from scipy.optimize import linear_sum_assignment as solver

    return solver


def linear_sum_assignment(cost, maximize: bool = False):
    """``scipy.optimize.linear_sum_assignment(cost, maximize)`` (see the module notes)."""
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = _load()
    return _SOLVER(cost, maximize=maximize)
