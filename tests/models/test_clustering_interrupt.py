"""Brown and exchange clustering run in compiled chunks: Ctrl-C stops them, results unchanged."""

from __future__ import annotations

import signal
import sys
import threading
import time

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.models.categories import _bigrams, induce_tags


def test_chunks_give_one_run(monkeypatch):
    c = generate_demo_corpus(n_sentences=400, seed=3)
    brown = induce_tags(c, "brown", 8)
    exchange = induce_tags(c, "exchange", 8)
    monkeypatch.setattr(_bigrams, "CHUNK_SECONDS", 0.0)   # one word (or merge) per call
    brown2 = induce_tags(c, "brown", 8)
    exchange2 = induce_tags(c, "exchange", 8)
    assert np.array_equal(brown.tags, brown2.tags) and brown.paths == brown2.paths
    assert np.array_equal(exchange.tags, exchange2.tags)
    assert exchange.log["loglik"] == exchange2.log["loglik"]


def _interrupted_inside(function: str, argv: list[str]):
    """Run ``main(argv)`` here and send this thread SIGINT once it runs inside ``function``.

    A watcher thread samples the main thread's stack; 0.3 s after ``function`` shows
    up there (the compiled loop called from it is running) it sends the signal.
    Returns ``(exit code, seconds of main-thread CPU after the signal, seconds of wall
    time after it)``: CPU time does not depend on the machine's load.
    """
    from induceval.cli.main import main

    main_id = threading.get_ident()
    clock = time.pthread_getcpuclockid(main_id)
    done = threading.Event()
    sent: list[tuple[float, float]] = []

    def watch():
        while not done.is_set():
            frame = sys._current_frames().get(main_id)
            names = set()
            while frame is not None:
                names.add(frame.f_code.co_name)
                frame = frame.f_back
            if function in names:
                time.sleep(0.3)
                if not done.is_set():
                    sent.append((time.clock_gettime(clock), time.monotonic()))
                    signal.pthread_kill(main_id, signal.SIGINT)
                return
            time.sleep(0.01)

    # a runner started in the background ignores SIGINT; a user's shell does not
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        code = main(argv)
    finally:
        done.set()
        signal.signal(signal.SIGINT, old)
    watcher.join()
    assert sent, f"{function} never ran"
    return code, time.thread_time() - sent[0][0], time.monotonic() - sent[0][1]


@pytest.mark.skipif(not hasattr(time, "pthread_getcpuclockid"), reason="POSIX thread clocks")
@pytest.mark.parametrize("model", ["brown", "exchange"])
def test_ctrl_c_during_brown_and_exchange(tmp_path, capsys, model):
    # load (or compile) the kernels first, so the signal lands in clustering, not compiling
    induce_tags(generate_demo_corpus(n_sentences=50, seed=1), model, 3)
    # 20,000 Zipfian word types, K=1000: each model runs for minutes
    gen = np.random.default_rng(0)
    p = 1.0 / np.arange(1, 20_001)
    words = gen.choice(20_000, size=100_000, p=p / p.sum())
    text = tmp_path / "zipf.txt"
    text.write_text("".join(" ".join(f"w{w}" for w in words[i:i + 10]) + "\n"
                            for i in range(0, len(words), 10)))
    out = tmp_path / f"{model}.pascal"
    code, cpu, wall = _interrupted_inside("run_chunked", [
        "induce", "tags", "--model", model, "--k", "1000", str(text), "--input-format",
        "plain", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 130, err
    # CPU used after the signal: the rest of one compiled chunk (about 0.1 s) and the
    # cleanup; the wall time is generous, for a loaded machine
    assert cpu < 1.0 and wall < 30.0, (cpu, wall)
    assert "Traceback" not in err and "interrupted" in err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["zipf.txt"]
