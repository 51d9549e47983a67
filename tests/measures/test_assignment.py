"""The assignment solver loaded on its own equals ``scipy.optimize``'s, before and after it."""

from __future__ import annotations

import subprocess
import sys


def test_solver_alone_then_scipy_optimize_agree():
    code = (
        "import sys\n"
        "import numpy as np\n"
        "from induceval.measures._assignment import linear_sum_assignment\n"
        "rng = np.random.default_rng(3)\n"
        "cases = [rng.integers(0, 5, size=(int(rng.integers(1, 9)), int(rng.integers(1, 9))))\n"
        "         for _ in range(200)]\n"
        "ours = [linear_sum_assignment(c, maximize=True) for c in cases]\n"
        "assert 'scipy.optimize' not in sys.modules\n"
        "import scipy.optimize\n"
        "for c, (r, k) in zip(cases, ours):\n"
        "    r2, k2 = scipy.optimize.linear_sum_assignment(c, maximize=True)\n"
        "    assert r.tolist() == r2.tolist() and k.tolist() == k2.tolist()\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
