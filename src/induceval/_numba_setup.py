"""Loading numba's compiled code without its BLAS probe (a start-up cost of every model).

The first compiled call of a process makes numba import its NumPy
implementations, and one of them, ``numba.np.arraymath``, probes for BLAS by
importing ``scipy.linalg``, a large import (``docs/scale.md``).  No induceval
kernel calls BLAS, so :func:`skip_blas_probe` imports that module with
``scipy.linalg.cython_blas`` hidden, then unhides it: ``scipy.linalg`` imports
normally afterwards, and numba still finds BLAS for ``np.dot`` or
``np.linalg`` when it compiles them; only its ``np.correlate`` and
``np.convolve`` then use a plain loop instead of a BLAS inner product.
Nothing is done when ``scipy.linalg`` or that module is already imported.

Example
-------
>>> skip_blas_probe()
>>> import numba.np.arraymath, scipy.linalg   # both import normally afterwards
"""

from __future__ import annotations

import sys

__all__ = ["skip_blas_probe"]

_PROBED = "scipy.linalg.cython_blas"


def skip_blas_probe() -> None:
    """Import ``numba.np.arraymath`` without its ``scipy.linalg`` BLAS probe (see above)."""
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules[_PROBED] = None  # an import of it raises ImportError: no BLAS probed
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        if sys.modules.get(_PROBED, 0) is None:
            del sys.modules[_PROBED]
