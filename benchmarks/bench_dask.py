"""Benchmark: cells and counting on a Dask LocalCluster against one process.

Three parts (``--parts grid,count,demo``), each printing its figures:

``grid``
    An 8-cell grid of equal cells: the BHMM (K = 12, ``--iterations``
    Gibbs sweeps) on child-directed Manchester/becky, seeds 1..8, run serially
    in this process and on a LocalCluster of ``--workers`` worker processes
    (time with and without the cluster's start-up).  Target: >= 1.8x on 2
    workers.  The cells' results are checked identical.
``count``
    (verb, relation, noun) tuple counting, as ``pseudo extract`` does it, over
    a sharded corpus of ``--sizes`` tokens: the UD treebanks concatenated and
    repeated into CoNLL-U shards, and the CHILDES Manchester CHAT files (with %gra) grouped
    into shard folders (symbolic links to the shared files), ``--shard-tokens``
    tokens per shard, in a temporary folder.  One process (a fresh
    subprocess, so that its peak RSS is its own) against the LocalCluster;
    peak RSS of each worker, of one process counting a single shard, and the
    merged table's size.  Target: >= 1.7x on 2 workers, worker memory bounded
    by the shard.  The count tables are checked identical (same
    ``most_common()`` list).
``demo``
    Dask's overhead on a small reproduce run (frank2009 on the demo corpus):
    local against ``--jobs 2`` (which starts an embedded LocalCluster).

The machine's load average is printed before and after each part, with the
CPU time each side obtained.  On a shared machine with autogroup scheduling
(``/proc/sys/kernel/sched_autogroup_enabled``), a session's processes share
one group's slice of the CPU: when other sessions keep the cores busy, a
second worker process gets no more CPU and the wall-clock speed-up cannot
show.  The CPU-time figures (serial CPU / the busiest worker's CPU) are the
speed-up the same run gets on idle cores.

Usage: python benchmarks/bench_dask.py [--parts grid,count,demo] [--sizes 5e6,5e7]
       [--shard-tokens 5e5] [--workers 2] [--iterations 200]
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing as mp
import os
import resource
import shutil
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np

from induceval.data import shared_data_dir

SHARED = shared_data_dir()


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    """CPU time (user + system) of this process so far."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


DASK_DEFAULTS = False  # --dask-defaults: the LocalCluster without induceval's worker settings


def start_cluster(workers: int):
    import logging

    import distributed

    from induceval.parallel import local_cluster, tune_client

    if DASK_DEFAULTS:
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                           processes=True, dashboard_address=":0",
                                           silence_logs=logging.CRITICAL)
        client = distributed.Client(cluster)
    else:  # as --jobs N starts it
        cluster = local_cluster(workers)
        client = tune_client(distributed.Client(cluster))
    client.wait_for_workers(workers)
    return cluster, client


# --- grid ----------------------------------------------------------------------------------

def bhmm_cell(corpus, k: int, seed: int, iterations: int) -> dict:
    from induceval.models.categories import induce_tags

    c0 = time.process_time()
    r = induce_tags(corpus, "bhmm", k, seed=seed, iterations=iterations)
    return {"seed": seed, "tags_sha256": hashlib.sha256(r.tags.tobytes()).hexdigest(),
            "signature": r.signature, "cpu_s": time.process_time() - c0, "pid": os.getpid()}


def _strip_cpu(results: dict) -> dict:
    return {k: {f: v for f, v in r.items() if f not in ("cpu_s", "pid")}
            for k, r in results.items()}


def _cpu(results: dict) -> float:
    return sum(r["cpu_s"] for r in results.values())


def grid(args) -> None:
    from induceval.corpus.readers import read_corpus
    from induceval.experiments.frank2009 import prepare_childes
    from induceval.parallel import Cell, run_cells

    corpus = prepare_childes(read_corpus(SHARED / "childes" / "eng-uk" / "Manchester" / "becky",
                                         format="chat"))
    cells = [Cell(f"bhmm-k12-seed{s}", bhmm_cell, (corpus, 12, s, args.iterations))
             for s in range(1, 9)]
    print(f"\n## grid: 8 BHMM cells (K=12, {args.iterations} sweeps) on Manchester/becky CDS, "
          f"{corpus.n_tokens} tokens, {corpus.n_sentences} utterances; {load()}")
    bhmm_cell(corpus.select(np.arange(50)), 12, 0, 2)  # compile numba kernels in this process
    t0 = time.perf_counter()
    serial = run_cells(cells, None, executor="local")
    t_serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    cluster, client = start_cluster(args.workers)
    t_start = time.perf_counter() - t0
    try:
        client.run(bhmm_cell, corpus.select(np.arange(50)), 12, 0, 2)  # load kernels
        cpu0 = client.run(cpu_seconds)
        t0 = time.perf_counter()
        on_dask = run_cells(cells, None, executor=client)
        t_dask = time.perf_counter() - t0
        cpu1 = client.run(cpu_seconds)
        per_worker = [cpu1[w] - cpu0.get(w, 0.0) for w in cpu1]
    finally:
        client.close()
        cluster.close()
    assert _strip_cpu(on_dask) == _strip_cpu(serial), "the grid's results differ on Dask"
    cs, cd = _cpu(serial), _cpu(on_dask)
    print(f"serial (1 process):        {t_serial:7.1f} s ({t_serial / 8:.2f} s per cell); "
          f"cells' CPU {cs:.1f} s = {cs / t_serial:.2f} cores obtained")
    print(f"dask, {args.workers} workers:          {t_dask:7.1f} s   speed-up "
          f"{t_serial / t_dask:.2f}x; cells' CPU {cd:.1f} s = {cd / t_dask:.2f} cores obtained")
    print(f"dask incl. start-up {t_start:4.1f} s: {t_dask + t_start:7.1f} s   speed-up "
          f"{t_serial / (t_dask + t_start):.2f}x")
    print("workers' CPU: " + ", ".join(f"{c:.1f}" for c in per_worker) + " s; on idle cores "
          f"the Dask run takes the busiest worker's CPU: projected speed-up "
          f"{cs / max(per_worker):.2f}x (serial cells' CPU / busiest worker's CPU)")
    by_worker: dict[int, list[float]] = {}
    for r in on_dask.values():
        by_worker.setdefault(r["pid"], []).append(r["cpu_s"])
    print("cells per worker (CPU s each): " + "; ".join(
        ", ".join(f"{c:.2f}" for c in cpus) for cpus in by_worker.values())
        + "; serial: " + ", ".join(f"{r['cpu_s']:.2f}" for r in serial.values()))
    print(f"results identical: yes; {load()}")


# --- counting ------------------------------------------------------------------------------

def _tokens_of(path: Path) -> int:
    from induceval.corpus.readers import read_corpus

    return read_corpus(path, on_error="skip").n_tokens


def build_shards(root: Path, total: int, shard_tokens: int) -> tuple[list[str], dict]:
    """UD CoNLL-U shards and CHAT shard folders alternating, ``total`` tokens in all."""
    ud_files = sorted((SHARED / "ud").glob("*/*.conllu"))
    ud_text = "".join(f.read_text(encoding="utf-8").rstrip("\n") + "\n\n" for f in ud_files)
    ud_tokens = sum(_tokens_of(f) for f in ud_files)
    chat_files = sorted((SHARED / "childes" / "eng-uk" / "Manchester").rglob("*.cha"))
    cache = root.parent / "bench_dask_chat_tokens.txt"
    if cache.exists():
        sizes = {line.split("\t")[0]: int(line.split("\t")[1])
                 for line in cache.read_text().splitlines()}
    else:
        sizes = {}
    for f in chat_files:
        if str(f) not in sizes:
            sizes[str(f)] = _tokens_of(f)
    cache.write_text("".join(f"{k}\t{v}\n" for k, v in sizes.items()))
    paths, n, i, ci = [], 0, 0, 0
    stats = {"ud_shards": 0, "chat_shards": 0, "bytes": 0}
    while n < total:
        if i % 2 == 0:
            reps = max(1, round(shard_tokens / ud_tokens))
            p = root / f"shard{i:04d}.conllu"
            p.write_text(ud_text * reps, encoding="utf-8")
            n += reps * ud_tokens
            stats["ud_shards"] += 1
            stats["bytes"] += p.stat().st_size
        else:
            p = root / f"shard{i:04d}"
            p.mkdir()
            got = 0
            while got < shard_tokens:
                f = chat_files[ci % len(chat_files)]
                (p / f"{ci:06d}.cha").symlink_to(f)
                got += sizes[str(f)]
                stats["bytes"] += f.stat().st_size
                ci += 1
            n += got
            stats["chat_shards"] += 1
        paths.append(str(p))
        i += 1
    stats["tokens"] = n
    return paths, stats


def _reader():
    from induceval.cli.pseudo_cmd import _read_shard

    return partial(_read_shard, on_error="skip")


def _digest(counts) -> str:
    return hashlib.sha256(repr(counts.counts.most_common()).encode()).hexdigest()[:16]


def _count_in_subprocess(paths, queue) -> None:
    from induceval.corpus.tuples import count_tuples

    t0 = time.perf_counter()
    c0 = cpu_seconds()
    c = count_tuples(paths, reader=_reader())
    queue.put((time.perf_counter() - t0, peak_rss_mb(), c.total, len(c), _digest(c),
               cpu_seconds() - c0))


def one_process(paths):
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=_count_in_subprocess, args=(paths, q))
    p.start()
    out = q.get()
    p.join()
    return out


def count(args) -> None:
    from induceval.corpus.tuples import count_tuples

    tmp = Path(tempfile.mkdtemp(prefix="bench_dask_"))
    try:
        for size in args.sizes:
            root = tmp / f"corpus{size}"
            root.mkdir()
            t0 = time.perf_counter()
            paths, st = build_shards(root, size, args.shard_tokens)
            print(f"\n## counting: {st['tokens'] / 1e6:.1f}M tokens in {len(paths)} shards "
                  f"({st['ud_shards']} UD CoNLL-U, {st['chat_shards']} CHAT folders; "
                  f"~{args.shard_tokens / 1e6:.1f}M tokens, {st['bytes'] / len(paths) / 2**20:.0f} "
                  f"MiB per shard; {st['bytes'] / 2**30:.2f} GiB in all); built in "
                  f"{time.perf_counter() - t0:.1f} s; {load()}")
            shard1 = one_process(paths[:2])  # one UD + one CHAT shard
            print(f"one process, 2 shards:  {shard1[0]:7.1f} s, peak RSS {shard1[1]:6.0f} MiB")
            t_one, rss_one, total, distinct, dig, cpu_one = one_process(paths)
            print(f"one process, all:       {t_one:7.1f} s, peak RSS {rss_one:6.0f} MiB; "
                  f"{total} tuples, {distinct} distinct; "
                  f"{st['tokens'] / t_one / 1e6:.2f}M tokens/s, "
                  f"{t_one / len(paths):.2f} s per shard; CPU {cpu_one:.1f} s = "
                  f"{cpu_one / t_one:.2f} cores obtained, {cpu_one / len(paths):.2f} CPU-s "
                  "per shard")
            t0 = time.perf_counter()
            cluster, client = start_cluster(args.workers)
            t_start = time.perf_counter() - t0
            try:
                cpu0 = client.run(cpu_seconds)
                t0 = time.perf_counter()
                c = count_tuples(paths, executor=client, reader=_reader())
                t_dask = time.perf_counter() - t0
                rss = client.run(peak_rss_mb)
                cpu1 = client.run(cpu_seconds)
                cpu_dask = sum(cpu1[w] - cpu0.get(w, 0.0) for w in cpu1)
            finally:
                client.close()
                cluster.close()
            assert _digest(c) == dig and c.total == total, "counts differ on Dask"
            print(f"dask, {args.workers} workers:         {t_dask:7.1f} s, speed-up "
                  f"{t_one / t_dask:.2f}x (incl. {t_start:.1f} s start-up: "
                  f"{t_one / (t_dask + t_start):.2f}x); peak RSS per worker "
                  + ", ".join(f"{v:.0f}" for v in rss.values()) + " MiB; workers' CPU "
                  f"{cpu_dask:.1f} s = {cpu_dask / t_dask:.2f} cores obtained")
            busiest = max(cpu1[w] - cpu0.get(w, 0.0) for w in cpu1)
            print("workers' CPU: " + ", ".join(f"{cpu1[w] - cpu0.get(w, 0.0):.1f}"
                                                for w in cpu1)
                  + f" s; projected speed-up on idle cores {cpu_one / busiest:.2f}x "
                  "(one process's CPU / busiest worker's CPU)")
            print(f"merged table: {distinct} distinct tuples; identical to one process: yes; "
                  f"{load()}")
            shutil.rmtree(root)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- demo overhead -------------------------------------------------------------------------

def demo(args) -> None:
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.experiments.frank2009 import run_frank2009
    from induceval.parallel import ExecutorSpec, use_executor

    train = generate_demo_corpus(n_sentences=2000, seed=1)
    test = generate_demo_corpus(n_sentences=500, seed=2)
    kw = dict(ks=(12, 30), bhmm_iterations=50, figures=False)
    print(f"\n## demo reproduce: frank2009 on the demo corpus ({train.n_tokens} tokens, "
          f"7 cells); {load()}")
    run_frank2009(train, test, **kw)  # warm caches
    times = {}
    for name, spec in (("local, 1 process", ExecutorSpec(engine="local")),
                       ("local, 2 processes", ExecutorSpec(engine="local", jobs=2)),
                       ("dask, --jobs 2 (LocalCluster)", ExecutorSpec(engine="dask", jobs=2))):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            with use_executor(spec):
                run_frank2009(train, test, out_dir=d, **kw)
            times[name] = time.perf_counter() - t0
        print(f"{name:32s} {times[name]:6.1f} s")
    over = times["dask, --jobs 2 (LocalCluster)"] - times["local, 1 process"]
    print(f"Dask's overhead: {over:+.1f} s against one process (warm); {load()}")
    # where it goes: cluster start-up, the workers' first cells (imports, compiled kernels
    # loaded from numba's cache), a second run on the same warm workers, shutdown
    from induceval.parallel import dask_client

    t0 = time.perf_counter()
    with use_executor(ExecutorSpec(engine="dask", jobs=2)), dask_client() as client:
        client.wait_for_workers(2)
        t1 = time.perf_counter()
        with tempfile.TemporaryDirectory() as d:
            run_frank2009(train, test, out_dir=d, **kw)
        t2 = time.perf_counter()
        with tempfile.TemporaryDirectory() as d:
            run_frank2009(train, test, out_dir=d, **kw)
        t3 = time.perf_counter()
    t4 = time.perf_counter()
    print(f"breakdown: start-up {t1 - t0:.1f} s, first run (cold workers) {t2 - t1:.1f} s, "
          f"second run (warm workers) {t3 - t2:.1f} s, shutdown {t4 - t3:.1f} s; {load()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parts", default="grid,count,demo")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=200, help="BHMM sweeps per grid cell")
    ap.add_argument("--sizes", default="5e6,5e7", help="corpus sizes in tokens")
    ap.add_argument("--shard-tokens", type=float, default=5e5)
    ap.add_argument("--dask-defaults", action="store_true",
                    help="start the LocalCluster with Dask's default worker settings (malloc "
                         "trim threshold, statistical profiler) instead of induceval's")
    args = ap.parse_args()
    global DASK_DEFAULTS
    DASK_DEFAULTS = args.dask_defaults
    args.sizes = [int(float(x)) for x in args.sizes.split(",")]
    args.shard_tokens = int(args.shard_tokens)
    print(f"induceval bench_dask: {os.cpu_count()} CPUs; {load()}")
    parts = args.parts.split(",")
    if "grid" in parts:
        grid(args)
    if "count" in parts:
        count(args)
    if "demo" in parts:
        demo(args)


if __name__ == "__main__":
    main()
