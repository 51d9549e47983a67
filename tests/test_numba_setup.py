"""numba's BLAS probe skipped at start-up; scipy.linalg and BLAS still work afterwards."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO

_SCRIPT = """
import sys
from induceval._numba_setup import skip_blas_probe
skip_blas_probe()
assert "numba.np.arraymath" in sys.modules and "scipy.linalg" not in sys.modules
assert "scipy.linalg.cython_blas" not in sys.modules   # unhidden
import numpy as np
import scipy.linalg
from numba import njit
dot = njit(lambda a, b: np.dot(a, b))
assert dot(np.eye(2), np.ones(2)).tolist() == [1.0, 1.0]
skip_blas_probe()   # a second call does nothing
print("ok")
"""


def test_skip_blas_probe_in_a_fresh_process():
    out = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO / "src")},
                         timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
