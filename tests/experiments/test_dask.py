"""Cells and counting on a real Dask LocalCluster (2 worker processes).

Every result on Dask is compared with the serial path of the same call, byte
for byte for stored cells: the engine must never change a number.  Workers
are killed in the middle of a cell (the cell's function ends its own worker
process the first time it runs, as an out-of-memory kill or a lost node
would) to check that the cell is recomputed and never half-stored.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from induceval.errors import InducevalError, ParameterError
from induceval.parallel import (
    Cell,
    ExecutorSpec,
    map_reduce,
    parse_cluster_options,
    run_cells,
    use_executor,
)

distributed = pytest.importorskip("distributed", reason="Dask is an optional extra: "
                                  "pip install 'induceval[dask]'")

TIMEOUT = 60  # seconds for any one Dask wait; a hung cluster fails instead of hanging CI


@pytest.fixture(scope="module")
def client(dask_client):
    """The session's 2-worker LocalCluster (the embedded cluster of ``--jobs 2``)."""
    import cloudpickle

    # the helpers below travel by value: the workers need not import this test module
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield dask_client
    cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


def _stored(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "cells").iterdir())}


def _slow_square(x: int, delay: float) -> int:
    time.sleep(delay)
    return x * x


def _die_once(x: int, marker: str) -> dict:
    """Kill the worker process running this the first time (marker absent), then compute."""
    if not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(1)  # the worker dies mid-cell, as with an OOM kill
    return {"x": x, "square": x * x}


def _pid_after(shared, i: int, work: int) -> dict:
    sum(range(work))  # holds the GIL, as a compiled kernel does: the worker cannot serve data
    return {"pid": os.getpid(), "i": i, "n": len(shared)}


def _fail(x: int) -> int:
    raise ValueError(f"bad input {x}")


# --- cells -------------------------------------------------------------------------------


def test_frank2009_on_the_demo_corpus_same_bytes_serial_and_dask(tmp_path, client):
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.experiments.frank2009 import run_frank2009

    train = generate_demo_corpus(n_sentences=300, seed=1)
    test = generate_demo_corpus(n_sentences=100, seed=2)
    kw = dict(ks=(12, 20), bhmm_iterations=10, figures=False, confidence=100,
              model_params={"hc": {"n_targets": 30, "n_contexts": 10}})
    serial = run_frank2009(train, test, out_dir=tmp_path / "serial", **kw)
    with use_executor(ExecutorSpec(engine="local", jobs=2)):  # a local process pool
        pooled = run_frank2009(train, test, out_dir=tmp_path / "again", **kw)
    with use_executor(ExecutorSpec(scheduler=client.scheduler.address)):
        on_dask = run_frank2009(train, test, out_dir=tmp_path / "dask", **kw)
    assert _stored(tmp_path / "dask") == _stored(tmp_path / "serial") == _stored(
        tmp_path / "again")
    # intervals and paired tests included: they do not depend on the executor
    for name in ("table3", "table3_significance", "table4", "table4_significance", "table2",
                 "coverage"):
        assert on_dask[name].render("csv") == serial[name].render("csv")
        assert pooled[name].render("csv") == serial[name].render("csv")


def _demo_chat(path: Path, seed: int, age: str) -> str:
    """A demo corpus as a CHAT transcript (mother and target child) of a child of ``age``."""
    from induceval.corpus.demo import generate_demo_corpus

    c = generate_demo_corpus(150, seed=seed)
    lines = ["@UTF8", "@Begin", "@Languages:\teng",
             "@Participants:\tCHI Demo Target_Child , MOT Mother Mother",
             f"@ID:\teng|demo|CHI|{age}|female|||Target_Child|||",
             "@ID:\teng|demo|MOT|||||Mother|||"]
    for i in range(c.n_sentences):
        s = c.sentence(i)
        words = [w for w in s.strings("form") if w not in ".?!"]
        lines.append(f"*{s.meta('speaker')}:\t{' '.join(words)} .")
    path.write_text("\n".join([*lines, "@End", ""]), encoding="utf-8")
    return str(path)


def test_reproduce_chang2006_same_bytes_in_one_process_and_on_dask(tmp_path, client):
    # per_corpus.csv (Chance's fractional intervals included) the same byte for byte
    from induceval.cli.main import main

    files = [_demo_chat(tmp_path / f"demo{s}.cha", s, age) for s, age in
             ((1, "1;11.02"), (2, "2;03.10"), (3, "2;08.00"))]
    args = ["reproduce", "chang2006", *files, "--learners", "chance,prevword,lexstat",
            "--confidence", "200", "--no-figures", "--table", "per_corpus", "--format", "csv"]
    assert main([*args, "--out", str(tmp_path / "serial")]) == 0
    assert main([*args, "--out", str(tmp_path / "dask"), "--scheduler",
                 client.scheduler.address]) == 0
    assert _stored(tmp_path / "dask") == _stored(tmp_path / "serial")
    for table in ("per_corpus", "means", "ttests", "slopes", "slope_tests"):
        serial = (tmp_path / "serial" / f"{table}.csv").read_bytes()
        assert (tmp_path / "dask" / f"{table}.csv").read_bytes() == serial, table
    assert b"Chance \xc2\xb1" in (tmp_path / "serial" / "per_corpus.csv").read_bytes()


def test_any_completion_order_same_results_and_bytes(tmp_path, client):
    # the first cells are the slowest: they finish last on 2 workers
    cells = [Cell(f"c{i}", _slow_square, (i, 0.05 * (6 - i))) for i in range(6)]
    serial = run_cells(cells, tmp_path / "serial")
    on_dask = run_cells(cells, tmp_path / "dask", executor=client)
    assert list(on_dask) == [c.key for c in cells]
    assert on_dask == serial == {f"c{i}": i * i for i in range(6)}
    assert _stored(tmp_path / "dask") == _stored(tmp_path / "serial")


def test_a_killed_worker_cell_is_recomputed_never_half_stored(tmp_path, client):
    marker = str(tmp_path / "died")
    cells = [Cell(f"k{i}", _die_once, (i, marker if i == 2 else str(tmp_path)))
             for i in range(5)]
    out = run_cells(cells, tmp_path / "run", executor=client)
    assert os.path.exists(marker)  # a worker did die in the middle of cell k2
    assert out == {f"k{i}": {"x": i, "square": i * i} for i in range(5)}
    names = sorted(p.name for p in (tmp_path / "run" / "cells").iterdir())
    assert names == [f"k{i}.json" for i in range(5)]  # no temporary file left
    client.wait_for_workers(2, timeout=TIMEOUT)  # the nanny restarted it


def test_a_failing_cell_is_named_and_finished_cells_are_kept(tmp_path, client):
    cells = [Cell("ok", _slow_square, (3, 0.0)), Cell("broken-cell", _fail, (7,))]
    with pytest.raises(InducevalError, match=r"cell 'broken-cell'.*ValueError: bad input 7"):
        run_cells(cells, tmp_path, executor=client)
    assert run_cells(cells[:1], tmp_path, executor="local") == {"ok": 9}


def test_cli_reproduce_with_scheduler_equals_serial(tmp_path, capsys, client):
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    toy = str(FIXTURES / "dependency-models" / "toy.conllu")
    args = ["reproduce", "pascal2012-deps", toy, "--systems", "LB,RB,DMVu", "--format", "csv"]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    serial = capsys.readouterr().out
    assert main([*args, "--out", str(tmp_path / "b"), "--scheduler",
                 client.scheduler.address]) == 0
    assert capsys.readouterr().out == serial
    assert _stored(tmp_path / "a") == _stored(tmp_path / "b")


def test_cli_wopa_grid_with_scheduler_equals_serial(capsys, client, monkeypatch):
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    files = sorted(str(p) for p in (FIXTURES / "wopa").glob("*.cha"))[:3]
    if not files:
        pytest.skip("no CHAT fixtures under tests/fixtures/wopa")
    args = ["wopa", *files, "--learners", "chance,prevword", "--format", "csv"]
    assert main(args) == 0
    serial = capsys.readouterr().out
    monkeypatch.setenv("INDUCEVAL_SCHEDULER", client.scheduler.address)
    assert main(args) == 0  # the address from the environment
    assert capsys.readouterr().out == serial


# --- counting ----------------------------------------------------------------------------


def _shards(tmp_path: Path, n: int = 4) -> list[str]:
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.corpus.writers import write_conllu

    paths = []
    for i in range(n):
        p = tmp_path / f"shard{i}.conllu"
        write_conllu(generate_demo_corpus(n_sentences=120, seed=10 + i), p)
        paths.append(str(p))
    return paths


def _read_or_die(path: str, marker: str):
    from induceval.corpus.readers import read_corpus

    if path.endswith("shard2.conllu") and not os.path.exists(marker):
        Path(marker).write_text("x")
        os._exit(1)
    return read_corpus(path)


def test_count_tuples_over_shards_identical_to_one_process(tmp_path, client):
    from functools import partial

    from induceval.corpus.readers import read_corpus
    from induceval.corpus.tuples import count_tuples, extract_tuples

    paths = _shards(tmp_path)
    whole = extract_tuples(read_corpus(paths), "ud").counts()
    serial = count_tuples(paths, "ud")
    on_dask = count_tuples(paths, "ud", executor=client)
    assert whole.total > 0
    for got in (serial, on_dask):
        assert got.counts == whole.counts
        # same insertion order: most_common() breaks ties identically
        assert got.counts.most_common() == whole.counts.most_common()
        assert got.skipped == whole.skipped
    # a worker dies while reading shard 2: the shard is recounted, the total is the same
    marker = str(tmp_path / "died")
    again = count_tuples(paths, "ud", executor=client,
                         reader=partial(_read_or_die, marker=marker))
    assert os.path.exists(marker)
    assert again.counts.most_common() == whole.counts.most_common()


def test_bigram_tables_over_shards_identical_to_the_whole_corpus(tmp_path, client):
    import numpy as np

    from induceval.corpus.counting import bigram_table, count_bigrams
    from induceval.corpus.readers import read_corpus

    paths = _shards(tmp_path)
    for boundary in (False, True):
        whole = bigram_table(read_corpus(paths), boundary=boundary)
        for got in (count_bigrams(paths, boundary=boundary),
                    count_bigrams(paths, boundary=boundary, executor=client)):
            assert got.vocab == whole.vocab and got.n_tokens == whole.n_tokens
            assert np.array_equal(got.unigrams, whole.unigrams)
            for x, y in zip(got.triples(), whole.triples()):
                assert np.array_equal(x, y)
    assert whole.n_tokens == sum(read_corpus(p).n_tokens for p in paths)


def test_cli_pseudo_extract_sharded_on_dask_equals_serial(tmp_path, capsys, client):
    from induceval.cli.main import main

    paths = _shards(tmp_path, 3)
    args = ["pseudo", "extract", *paths, "--format", "csv"]
    assert main(args) == 0
    serial = capsys.readouterr().out
    assert main([*args, "--scheduler", client.scheduler.address]) == 0
    assert capsys.readouterr().out == serial
    assert serial.count("\n") > 10


def test_map_reduce_keeps_item_order(client):
    items = [f"w{i % 7}" for i in range(40)]
    serial = map_reduce(lambda w: Counter([w]), items, lambda a, b: a + b)
    on_dask = map_reduce(_counter_of, items, _add_counters, executor=client, split_every=3)
    assert list(on_dask.items()) == list(serial.items())


def test_map_reduce_costliest_items_first_same_result(client):
    items = [f"w{i % 5}" for i in range(23)]
    costs = [(i * 7) % 11 for i in range(23)]
    serial = map_reduce(_counter_of, items, _add_counters)
    on_dask = map_reduce(_counter_of, items, _add_counters, executor=client, split_every=4,
                         costs=costs)
    assert list(on_dask.items()) == list(serial.items())
    with pytest.raises(ParameterError, match="costs has 2 values for 23 items"):
        map_reduce(_counter_of, items, _add_counters, executor=client, costs=[1, 2])


def _bad_from(x: int, delay: float = 0.0) -> int:
    """Items 1 and 3 raise; item 1 only after ``delay`` seconds (item 3 fails first)."""
    if x in (1, 3):
        time.sleep(delay if x == 1 else 0.0)
        raise ParameterError(f"item {x} is bad")
    if x == 5:
        raise ValueError(f"bug at {x}")
    return x


def _local_map_pids() -> tuple:
    from induceval.parallel import map

    return os.getpid(), set(map(_pid_of, range(3), executor=ExecutorSpec(engine="local",
                                                                          jobs=2)))


def _pid_of(_) -> int:
    return os.getpid()


def test_map_on_dask_item_order_and_the_first_error_in_item_order(client):
    from induceval.parallel import imap, map

    assert map(_counter_of, ["a", "b", "c"], executor=client, costs=[1, 3, 2]) == [
        Counter("a"), Counter("b"), Counter("c")]
    assert map(_counter_of, [], executor=client) == []
    assert list(imap(_bad_from, [0, 2, 4], executor=client, window=1)) == [0, 2, 4]
    # the error one process meets first, with its own message
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map(_bad_from, range(5), executor=client, shared={"delay": 0.3})
    with pytest.raises(ParameterError, match=r"^item 1 is bad$"):
        map_reduce(partial(_bad_from, delay=0.3), range(5), _add_counters, executor=client)
    # on a worker (a daemon process, which may have no children) a local map runs there
    pid, pids = client.submit(_local_map_pids, pure=False).result(timeout=TIMEOUT)
    assert pids == {pid}
    with pytest.raises(InducevalError, match=r"^map failed on a Dask worker \(item 2\): "
                                             r"ValueError: bug at 5$"):   # items[2] == 5
        map(_bad_from, [0, 2, 5], executor=client)


@pytest.mark.timing
def test_cells_sharing_an_argument_start_on_every_worker(client):
    # the shared argument (a corpus, say) is copied to both workers before the cells are
    # submitted: without the copy, Dask queued every cell on the worker holding it (data
    # locality) and the other waited for work stealing (figures in docs/scale.md)
    client.wait_for_workers(2, timeout=TIMEOUT)
    # an array, as a corpus's columns are (a list of 200,000 Python ints took Dask ~8 s to
    # copy between workers, whatever induceval does)
    shared = np.arange(200_000)
    cells = [Cell(f"share{i}", _pid_after, (shared, i, 20_000_000)) for i in range(4)]
    out = run_cells(cells, None, executor=client)
    assert [r["i"] for r in out.values()] == [0, 1, 2, 3]
    assert {r["n"] for r in out.values()} == {200_000}
    first_two = {out[f"share{i}"]["pid"] for i in range(2)}
    assert len(first_two) == 2


def test_start_order_finishes_groups_one_after_another_costliest_first():
    from induceval.parallel import _start_order

    # 88 shards of two sizes alternating, groups of 8 (as bench_dask's counting): ordering
    # by cost alone ran all 44 large ones first and every group waited for its small ones
    costs = [30 if i % 2 == 0 else 20 for i in range(88)]
    order = _start_order(costs, 8)
    assert sorted(order) == list(range(88))
    groups = [i // 8 for i in order]
    assert groups == sorted(groups)                    # one group finished before the next
    assert order[:8] == [0, 2, 4, 6, 1, 3, 5, 7]       # in a group: costliest first
    # groups: costliest first, ties in item order; the last group (8 items) is cheaper
    assert _start_order([1, 1, 5, 5, 2], 2) == [2, 3, 0, 1, 4]
    assert _start_order([], 8) == []


def _worker_settings(dask_worker) -> tuple:
    return (os.environ.get("MALLOC_TRIM_THRESHOLD_"),
            "profile" in dask_worker.periodic_callbacks)


def test_workers_run_without_malloc_trim_and_profiler(client, tmp_path):
    # Dask's defaults make a counting task cost more CPU on a worker than in one process
    marker = str(tmp_path / "died")
    assert run_cells([Cell("die", _die_once, (3, marker))], None, executor=client)
    client.wait_for_workers(2, timeout=TIMEOUT)
    # a restarted worker included; its plugin may be set up just after it registers
    deadline = time.monotonic() + TIMEOUT
    while True:
        settings = client.run(_worker_settings)
        if (len(settings) == 2 and set(settings.values()) == {(None, False)}
                or time.monotonic() > deadline):
            break
        time.sleep(0.2)
    assert len(settings) == 2
    assert set(settings.values()) == {(None, False)}


def _counter_of(w: str) -> Counter:
    return Counter([w])


def _add_counters(a: Counter, b: Counter) -> Counter:
    return a + b


# --- options and errors (no cluster) -----------------------------------------------------


def test_engine_resolution_and_option_errors(monkeypatch):
    monkeypatch.delenv("INDUCEVAL_SCHEDULER", raising=False)
    assert ExecutorSpec(jobs=1).resolved_engine() == "local"
    assert ExecutorSpec(jobs=2).resolved_engine() == "dask"
    assert ExecutorSpec(jobs=2, engine="local").resolved_engine() == "local"
    assert ExecutorSpec(scheduler="tcp://x:1").resolved_engine() == "dask"
    monkeypatch.setenv("INDUCEVAL_SCHEDULER", "tcp://h:8786")
    assert ExecutorSpec().address == "tcp://h:8786"
    with pytest.raises(ParameterError, match="engine must be one of"):
        ExecutorSpec(engine="spark")
    with pytest.raises(InducevalError, match="jobs"):
        ExecutorSpec(jobs=0)
    with pytest.raises(ParameterError, match="cannot use a Dask scheduler"):
        ExecutorSpec(engine="local", cluster="slurm")
    with pytest.raises(ParameterError, match="KEY=VALUE"):
        parse_cluster_options(["memory"])


def test_without_dask_the_error_says_how_to_install(monkeypatch):
    from induceval.parallel import require_dask

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InducevalError, match=r"pip install 'induceval\[dask\]'"):
        require_dask()
    with pytest.raises(InducevalError, match=r"induceval\[dask\]"):
        with use_executor(ExecutorSpec(engine="dask")):
            pass
    # --jobs N without Dask falls back to local processes
    assert ExecutorSpec(jobs=2).resolved_engine() == "local"


def test_slurm_cluster_is_built_from_cluster_options():
    pytest.importorskip("dask_jobqueue")
    from induceval.parallel import make_cluster

    opts = parse_cluster_options(["queue=short", "memory=8GB", "walltime=02:00:00",
                                  "account=lab", "job_extra_directives=--exclusive"])
    opts["scheduler_options"] = {"dashboard_address": ":0"}
    cluster = make_cluster("slurm", opts)  # constructed, not scaled: no sbatch here
    try:
        script = cluster.job_script()
    finally:
        cluster.close()
    assert "#SBATCH -p short" in script
    assert "#SBATCH -A lab" in script
    assert "#SBATCH -t 02:00:00" in script
    assert "#SBATCH --exclusive" in script
    assert "--nthreads 1" in script or "--nworkers 1" in script


def test_slurm_without_sbatch_is_a_clear_error(tmp_path, capsys, monkeypatch):
    pytest.importorskip("dask_jobqueue")
    from induceval.cli.main import main
    from tests.conftest import FIXTURES

    monkeypatch.setenv("PATH", str(tmp_path))  # no sbatch here
    toy = str(FIXTURES / "dependency-models" / "toy.conllu")
    rc = main(["reproduce", "pascal2012-deps", toy, "--systems", "LB", "--cluster", "slurm",
               "--cluster-opt", "queue=short", "--out", str(tmp_path / "o")])
    assert rc == 2
    assert "sbatch" in capsys.readouterr().err
