"""Progress bars inside long library loops, and the compilation notice.

Bars (tqdm, stderr) show only inside :func:`progress_bars` (the ``induce``
commands enable it on a terminal, not with ``--no-progress``); library calls
stay silent, and the results do not depend on the bars.
"""

from __future__ import annotations

import io
import subprocess
import sys

from induceval import progress
from tests.conftest import REPO


def test_step_bar_silent_unless_enabled(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(progress, "_is_terminal", lambda: True)   # tqdm bars
    with progress.step_bar(5, "sweeps", "sweep") as bar:
        bar.update(5)
    assert err.getvalue() == ""
    with progress.progress_bars(True):
        with progress.step_bar(5, "sweeps", "sweep") as bar:
            bar.update(5)
    assert "sweeps:" in err.getvalue() and "/5 [" in err.getvalue()   # cleared at the end
    with progress.progress_bars(False):
        assert isinstance(progress.step_bar(5), progress._NoBar)


def test_bars_in_bhmm_and_dmv_do_not_change_results(monkeypatch):
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import induce_tags
    from induceval.models.dependencies import induce_dependencies

    corpus = generate_demo_corpus(n_sentences=150, seed=3)
    quiet_t = induce_tags(corpus, "bhmm", 4, iterations=20, seed=5)
    quiet_d = induce_dependencies(corpus, "dmv", seed=5)
    quiet_c = {m: induce_tags(corpus, m, 6) for m in ("brown", "exchange")}
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(progress, "_is_terminal", lambda: True)   # tqdm bars
    with progress.progress_bars(True):
        shown_t = induce_tags(corpus, "bhmm", 4, iterations=20, seed=5)
        shown_d = induce_dependencies(corpus, "dmv", seed=5)
        shown_c = {m: induce_tags(corpus, m, 6) for m in ("brown", "exchange")}
    text = err.getvalue()
    assert "BHMM Gibbs:" in text and "/20 [" in text and "DMV EM:" in text
    assert "Brown clustering:" in text and "exchange:" in text
    for m in quiet_c:
        assert (quiet_c[m].tags == shown_c[m].tags).all(), m
    assert (quiet_t.tags == shown_t.tags).all() and quiet_t.signature == shown_t.signature
    assert (quiet_d.heads == shown_d.heads).all()
    assert quiet_d.log_likelihood == shown_d.log_likelihood


def test_a_log_file_gets_a_progress_line_now_and_then(monkeypatch):
    """stderr not a terminal (a cluster job's log): no bars, but a line every LINE_SECONDS
    (long jobs were silent until the end); short work writes nothing."""
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.models.categories import induce_tags

    corpus = generate_demo_corpus(n_sentences=100, seed=3)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    with progress.progress_bars(True):
        induce_tags(corpus, "bhmm", 4, iterations=10, seed=5)
        assert err.getvalue() == ""   # well under a minute
        monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
        induce_tags(corpus, "bhmm", 4, iterations=10, seed=5)
        list(progress.progress(range(3), desc="reading", unit="file", enabled=True))
    lines = err.getvalue().splitlines()
    assert lines and all(line.startswith("induceval: ") for line in lines)
    assert any("BHMM Gibbs: 10/10 sweeps (100%)" in line for line in lines)
    assert "induceval: reading: 3/3 files (100%)" in err.getvalue()
    assert "\r" not in err.getvalue()


def test_compilation_announced_once_when_it_happens(tmp_path):
    """In a fresh process: numba imported after the watch, two compilations, one line;
    a kernel loaded from the cache (a new dispatcher of the same function) says nothing."""
    code = (
        "import sys\n"
        "from induceval import progress\n"
        "progress.watch_compilation()\n"
        "assert 'numba' not in sys.modules\n"
        "from numba import njit\n"
        "def f(x):\n    return x + 1\n"
        "g = njit(cache=True)(f)\n"
        "g(1); g(2.5)\n"
        "print('-- cached --', file=sys.stderr, flush=True)\n"
        "progress._ANNOUNCED = False\n"
        "h = njit(cache=True)(f)\n"
        "h(1); h(2.5)\n")
    script = tmp_path / "k.py"
    script.write_text(code)
    env = {"PYTHONPATH": str(REPO / "src"), "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    compiled, cached = run.stderr.split("-- cached --")
    assert compiled.count(progress.COMPILING) == 1
    assert progress.COMPILING not in cached       # both signatures cached now
