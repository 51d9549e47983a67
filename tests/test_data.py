"""Finding the shared data folder, from a clone and from an installed copy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import induceval.data


def _found(package_root: Path, cwd: Path, env: dict) -> Path:
    code = "from induceval.data import shared_data_dir; print(shared_data_dir())"
    base = {k: v for k, v in os.environ.items() if k != induceval.data.ENV}
    env = {**base, **env, "PYTHONPATH": str(package_root)}
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, check=True,
                         capture_output=True, text=True).stdout
    return Path(out.strip()).resolve()


def test_installed_copy_finds_the_data_beside_the_working_folder(tmp_path):
    """``pip install .`` puts the package in site-packages, away from the clone: the data is
    found from the working folder (the clone, or a folder in it), as from an editable install
    (it was looked for in <venv>/lib/shared/data)."""
    site = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "induceval"
    site.mkdir(parents=True)
    (site / "__init__.py").write_text("")
    shutil.copy(induceval.data.__file__, site / "data.py")
    data = tmp_path / "shared" / "data"
    data.mkdir(parents=True)
    clone = tmp_path / "clone" / "docs"
    clone.mkdir(parents=True)
    assert _found(site.parent, clone.parent, {}) == data.resolve()
    assert _found(site.parent, clone, {}) == data.resolve()
    other = tmp_path / "elsewhere"
    other.mkdir()
    assert _found(site.parent, clone, {induceval.data.ENV: str(other)}) == other.resolve()
