"""Shared fixtures: the real-data folder (skipped with a reason when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from induceval.data import shared_data_dir

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_DATA = shared_data_dir()


def shared_path(*parts: str) -> Path:
    """Path under ../shared/data, or skip the test with a clear reason."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real data not available: {path} is absent (set INDUCEVAL_SHARED_DATA)")
    return path


@pytest.fixture(autouse=True, scope="session")
def _compilation_notice_said():
    """Say numba's once-per-process notice "compiling numerical kernels" as if said already.

    Whether a test's process compiles depends on the cache and on which tests ran
    before in it (a fresh clone compiles in whichever comes first), so tests that compare
    stderr line by line would see it or not; ``tests/cli/test_progress.py`` checks the
    notice in processes of their own.
    """
    from induceval import progress

    progress._ANNOUNCED = True


@pytest.fixture
def shared_data():
    """The ../shared/data folder; the test skips when it is absent."""
    return shared_path()


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


def benchmark_script(name: str):
    """Import ``benchmarks/<name>.py`` (benchmarks/ is no package) for a module fixture:
    yields the module, registered in ``sys.modules`` meanwhile (dataclasses look it up)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


# Property tests draw their examples from a fixed seed, so that CI runs the same
# cases every time: a failure found once is a failure found always.
from hypothesis import settings  # noqa: E402

settings.register_profile("induceval", derandomize=True, print_blob=True)
settings.load_profile("induceval")


@pytest.fixture(scope="session")
def dask_client():
    """A client of a real 2-worker LocalCluster (the embedded cluster of ``--jobs 2``),
    shared by the tests that need one; skipped without the Dask extra."""
    distributed = pytest.importorskip("distributed", reason="Dask is an optional extra: "
                                      "pip install 'induceval[dask]'")
    from induceval.parallel import local_cluster, tune_client

    cluster = local_cluster(2, silence_logs=50)
    client = tune_client(distributed.Client(cluster, timeout=60))
    client.wait_for_workers(2, timeout=60)
    yield client
    client.close()
    cluster.close()


def one_table(doc: dict) -> dict:
    """A command's JSON (``{"tables": [...]}``, one shape for every command): its table when
    there is one, else the whole document."""
    tables = doc["tables"]
    return tables[0] if len(tables) == 1 else doc


def exit_code(argv) -> int:
    """The exit status of ``induceval ARGV`` run in this process: ``main``'s return value,
    or the status of the ``SystemExit`` a refused command line raises (argparse, exit 2)."""
    from induceval.cli.main import main

    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code
