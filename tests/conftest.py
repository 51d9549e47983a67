"""Shared fixtures: the real-data folder (skipped with a reason when absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_DATA = Path(os.environ.get("INDUCEVAL_SHARED_DATA", REPO.parent / "shared" / "data"))


def shared_path(*parts: str) -> Path:
    """Path under ../shared/data, or skip the test with a clear reason."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real data not available: {path} is absent (set INDUCEVAL_SHARED_DATA)")
    return path


@pytest.fixture
def shared_data():
    """The ../shared/data folder; the test skips when it is absent."""
    return shared_path()


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
