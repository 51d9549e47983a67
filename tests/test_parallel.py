"""parallel.map, imap and map_reduce in this process and in a local pool (Dask: test_dask.py).

Results come in item order whatever the costs and the engine; an item's
InducevalError is raised with its own message, the first in item order; any
other exception of a worker is raised as an InducevalError naming the item;
pool workers end with their parent, whatever signal ends it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from induceval.errors import InducevalError, ParameterError
from induceval.parallel import ExecutorSpec, imap, map, map_reduce, use_executor
from tests.conftest import REPO

POOL = ExecutorSpec(engine="local", jobs=2)

ran: list[int] = []


def _square(x: int) -> int:
    ran.append(x)
    return x * x


def _pid(_) -> int:
    return os.getpid()


def _sleep_square(x: float) -> float:
    time.sleep(x)
    return x * x


def _bad_from(x: int, *, bad: tuple = (1, 3), delay: float = 0.0) -> int:
    """Raises for the items in ``bad``; the first of them only after ``delay`` seconds."""
    if x in bad:
        if x == bad[0]:
            time.sleep(delay)
        raise ParameterError(f"item {x} is bad")
    return x


def _bug(x: int) -> int:
    if x == 2:
        raise ValueError(f"bug at {x}")
    return x


def _scaled(x: int, *, factor: list) -> int:
    return x * len(factor)


def test_results_in_item_order_whatever_the_costs_and_engine():
    items = list(range(7))
    want = [x * x for x in items]
    assert map(_square, items) == want
    assert map(_square, items, executor=POOL, costs=[1, 9, 3, 0, 5, 5, 2]) == want
    assert map(_square, []) == [] and map(_square, [], executor=POOL) == []
    with pytest.raises(ParameterError, match="costs has 2 values for 7 items"):
        map(_square, items, costs=[1, 2])


def test_local_jobs_run_in_a_pool_and_one_job_here():
    assert set(map(_pid, range(4))) == {os.getpid()}
    pids = set(map(_pid, range(6), executor=POOL))
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    with use_executor(POOL):   # the engine of the command, for calls that name none
        assert os.getpid() not in set(map(_pid, range(2)))
    assert map(_pid, [0], executor=POOL) == [os.getpid()]   # one item: no pool


def test_an_items_error_is_raised_in_item_order_with_its_own_message():
    ran.clear()
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map(_bad_from, range(5))
    # in this process the items after the failing one are not run
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map(_square_or_fail, range(5))
    assert ran == [0, 1]
    # in a pool item 3 fails first; item 1's error, the one one process meets, is raised
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map(_bad_from, range(5), executor=POOL, shared={"delay": 0.3})


def _square_or_fail(x: int) -> int:
    _square(x)
    return _bad_from(x)


def test_a_worker_bug_names_the_item_and_the_exception():
    with pytest.raises(ValueError, match="bug at 2"):   # in this process: as raised
        map(_bug, range(4))
    with pytest.raises(InducevalError, match=r"^map failed in a worker process \(item 2\): "
                                             r"ValueError: bug at 2$"):
        map(_bug, range(4), executor=POOL)
    with pytest.raises(InducevalError, match=r"^reduce failed in a worker process \(item 2\)"):
        map_reduce(_bug, range(4), _plus, executor=POOL, name="reduce")


def _plus(a, b):
    return a + b


def test_shared_arguments_reach_every_call():
    big = list(range(1000))
    assert map(_scaled, [1, 2, 3], executor=POOL, shared={"factor": big}) == [1000, 2000, 3000]
    assert map(_scaled, [1], shared={"factor": big}) == [1000]


def test_imap_streams_in_item_order_and_stops_at_the_first_error():
    delays = [0.2, 0.0, 0.1, 0.0]   # the first finishes last
    got = list(imap(_sleep_square, delays, executor=POOL, window=2))
    assert got == [d * d for d in delays]
    it = imap(_bad_from, range(5), executor=POOL, window=3, shared={"delay": 0.2})
    assert next(it) == 0
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        next(it)


def test_an_abandoned_pool_is_killed_not_awaited():
    t0 = time.monotonic()
    it = imap(_sleep_square, [0.0, 30.0, 30.0], executor=POOL)
    assert next(it) == 0.0
    it.close()   # as an exception or Ctrl-C in the consumer would
    assert time.monotonic() - t0 < 10


def test_map_reduce_folds_in_item_order_here_and_in_a_pool():
    words = [f"w{i % 5}" for i in range(17)]
    here = map_reduce(_word_list, words, _plus)
    assert map_reduce(_word_list, words, _plus, executor=POOL) == here == words
    with pytest.raises(ParameterError, match="at least one item"):
        map_reduce(_word_list, [], _plus)
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map_reduce(_bad_from, range(5), _plus, executor=POOL)


def _word_list(w: str) -> list:
    return [w]


_ORPHAN = """
import os, sys, time
from induceval.parallel import ExecutorSpec, map

def work(i):
    open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
    time.sleep(120)

map(work, range(2), executor=ExecutorSpec(engine="local", jobs=2))
"""


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # pragma: no cover - no /proc
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"   # a zombie has ended


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_pool_workers_end_with_their_parent(tmp_path, sig):
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.Popen([sys.executable, "-c", _ORPHAN, str(tmp_path)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(list(tmp_path.iterdir())) < 2:
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        proc.send_signal(sig)
        proc.wait(30)
    workers = [int(p.name) for p in tmp_path.iterdir()]
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in workers if _alive(p)]
    for p in left:  # pragma: no cover - the failure below; do not leave them behind
        os.kill(p, signal.SIGKILL)
    assert not left
