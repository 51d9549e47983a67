"""Every command with default options on every corpus of the shared data.

Run by hand (it reads whole corpora; it is not a test)::

    python benchmarks/default_sweep.py                  # every corpus
    python benchmarks/default_sweep.py --only eve,ud-ewt --timeout 120

For each corpus of ``../shared/data`` (each UD treebank, both PTB samples,
Brown, Eve, each folder of the English and Estonian CHILDES collections) it
runs ``info``, ``convert``, ``induce tags --model brown --k 20`` (the model and
K are the options a user must give), ``induce deps``, ``eval tags`` and ``eval deps`` of
those two outputs against the corpus, ``wopa`` and ``pseudo extract``, each in
a fresh process with the package's defaults, and prints one line per run: the
exit code, the seconds, and the last line of standard error.  A run passes
when it exits 0, or exits 2 with exactly one ``induceval: error:`` line (a
refusal that says what the corpus lacks); a traceback, a timeout or any other
exit fails.  The summary line counts both.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
RUN = [sys.executable, "-c",
       "import sys; from induceval.cli.main import main; sys.exit(main(sys.argv[1:]))"]


def corpora(data: Path) -> dict[str, Path]:
    """Short name -> path of every corpus the sweep runs on (those present)."""
    out = {f"ud-{p.name.split('_', 1)[1].lower()}": p
           for p in sorted((data / "ud").glob("UD_*")) if p.is_dir()}
    out.update({"ptb-mrg": data / "ptb" / "treebank-sample",
                "ptb-dep": data / "ptb" / "dependency-treebank-sample",
                "brown": data / "brown" / "brown-tagged", "eve": data / "childes" / "eve"})
    for coll in ("eng-uk", "estonian"):
        for p in sorted((data / "childes" / coll).iterdir()):
            if p.is_dir():
                out[f"{coll}-{p.name.lower()}"] = p
    return {k: v for k, v in out.items() if v.exists()}


def commands(path: Path, out: Path, name: str) -> list[tuple[str, list[str]]]:
    """The runs of one corpus, in order (the evals read what the induce runs wrote)."""
    tags, deps = out / f"{name}.tags.conllu", out / f"{name}.deps.conllu"
    p = str(path)
    return [("info", ["info", p]),
            ("convert", ["convert", p, "-o", str(out / f"{name}.conllu")]),
            ("induce tags", ["induce", "tags", p, "--model", "brown", "--k", "20",
                             "-o", str(tags)]),
            ("induce deps", ["induce", "deps", p, "-o", str(deps)]),
            ("eval tags", ["eval", "tags", "--gold", p, "--pred", str(tags)]),
            ("eval deps", ["eval", "deps", "--gold", p, "--pred", str(deps)]),
            ("wopa", ["wopa", p]),
            ("pseudo extract", ["pseudo", "extract", p, "-o", str(out / f"{name}.tuples")])]


def verdict(rc: int | None, err: str) -> str:
    """``ok``, ``refused`` (one error line), or what went wrong."""
    lines = [x for x in err.splitlines() if x.strip()]
    if rc is None:
        return "TIMEOUT"
    if "Traceback" in err:
        return "TRACEBACK"
    if rc == 0:
        return "ok"
    errors = [x for x in lines if x.startswith("induceval: error:")]
    return "refused" if rc == 2 and len(errors) == 1 else f"FAIL rc={rc}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--only", default="", help="comma-separated corpus names")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per run")
    args = ap.parse_args(argv)
    found = corpora(args.data)
    if not found:
        print(f"no corpora under {args.data}; skipped")
        return 0
    names = [n for n in found if not args.only or n in args.only.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="induceval-sweep-"))
    counts: dict[str, int] = {}
    try:
        for name in names:
            for label, cmd in commands(found[name], tmp, name):
                t0 = time.perf_counter()
                try:
                    r = subprocess.run(RUN + cmd, capture_output=True, text=True,
                                       timeout=args.timeout)
                    rc, err = r.returncode, r.stderr
                except subprocess.TimeoutExpired:
                    rc, err = None, ""
                v = verdict(rc, err)
                counts[v.split()[0]] = counts.get(v.split()[0], 0) + 1
                lines = [x for x in err.splitlines() if x.strip() and not x.startswith("\r")]
                last = next((x for x in lines if x.startswith("induceval: error:")),
                            lines[-1] if lines else "")
                print(f"{name:22s} {label:15s} {v:10s} {time.perf_counter() - t0:7.1f}s  "
                      f"{last[:160] if v != 'ok' else ''}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("summary: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    return 0 if set(counts) <= {"ok", "refused"} else 1


if __name__ == "__main__":
    sys.exit(main())
