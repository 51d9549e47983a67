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


# Property tests draw their examples from a fixed seed, so that CI runs the same
# cases every time: a failure found once is a failure found always.
from hypothesis import settings  # noqa: E402

settings.register_profile("induceval", derandomize=True, print_blob=True)
settings.load_profile("induceval")
