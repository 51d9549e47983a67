"""Benchmark: ``eval tags`` / ``eval deps`` over folders, one process against Dask.

Cases (``--cases``):

``ewt``
    UD English-EWT dev + test (50k tokens) split into ``--shards`` CoNLL-U
    files in a temporary folder, repeated ``--repeat`` times (``ewt`` at
    every repeat given, e.g. ``1,10``: 50k and 500k tokens); the prediction
    folder holds the same files with UPOS replaced by 40 clusters of the
    word forms (``the`` unclustered) and left-chain heads.
``manchester``
    The CHILDES Manchester folder (670 CHAT files, 2.2M words) scored
    against itself (``--pred-column xpos`` for tags), ``--on-error skip``.

Each command runs in a fresh process under ``/usr/bin/time`` with
``--jobs 1`` and ``--jobs 2`` (an embedded LocalCluster of 2 workers,
start-up included); the outputs must be byte-identical.  Printed: wall
time, CPU time (user + system, the workers included) and the peak RSS of
the largest single process.  On a shared machine the wall times mean
little; the CPU times and memory do.

Usage: python benchmarks/bench_eval_jobs.py [--cases ewt,manchester] [--repeat 1,10]
       [--shards 8]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from induceval.data import shared_data_dir

SHARED = shared_data_dir()
MAIN = "import sys; from induceval.cli.main import main; sys.exit(main())"


def _sentences(paths: list[Path]) -> list[list[str]]:
    out, cur = [], []
    for path in paths:
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                cur.append(line)
            elif cur:
                out.append(cur)
                cur = []
    return out


def _pred_line(line: str) -> str:
    cols = line.split("\t")
    if line.startswith("#") or not cols[0].isdigit():
        return line
    cols[3] = "_" if cols[1].lower() == "the" else \
        f"k{zlib.crc32(cols[1].lower().encode()) % 40}"
    cols[6] = str(int(cols[0]) - 1)
    return "\t".join(cols)


def make_ewt(root: Path, shards: int, repeat: int) -> tuple[Path, Path]:
    """Gold and prediction folders of EWT dev+test, ``repeat`` times, in ``shards`` files each."""
    src = SHARED / "ud" / "UD_English-EWT"
    sents = _sentences(sorted(src.glob("*.conllu")))
    gold, pred = root / f"ewt{repeat}-gold", root / f"ewt{repeat}-pred"
    gold.mkdir()
    pred.mkdir()
    size = -(-len(sents) // shards)
    for r in range(repeat):
        for i in range(shards):
            part = sents[i * size:(i + 1) * size]
            name = f"r{r:03d}-part{i}.conllu"
            (gold / name).write_text("".join("\n".join(s) + "\n\n" for s in part),
                                     encoding="utf-8")
            (pred / name).write_text("".join("\n".join(map(_pred_line, s)) + "\n\n"
                                             for s in part), encoding="utf-8")
    return gold, pred


def run(args: list[str], out: Path) -> dict:
    """One command in a fresh process: wall, CPU and peak RSS (GNU time), and its output."""
    timing = out.with_suffix(".time")
    cmd = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(timing), sys.executable, "-c",
           MAIN, *args, "--no-progress"]
    with open(out, "wb") as fh:
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.PIPE, check=False)
    if proc.returncode:
        errors = [x for x in proc.stderr.decode(errors="replace").splitlines()
                  if x.startswith("induceval:")]
        print("   ", errors[-1] if errors else f"exit {proc.returncode}")
    wall, user, system, rss = timing.read_text().split()[-4:]
    return {"rc": proc.returncode, "wall": float(wall), "cpu": float(user) + float(system),
            "rss_mb": int(rss) / 1024, "out": out.read_bytes()}


def compare(name: str, args: list[str], root: Path) -> None:
    res = {j: run([*args, "--jobs", str(j)], root / f"{name}.j{j}.out") for j in (1, 2)}
    same = res[1]["out"] == res[2]["out"] and res[1]["rc"] == res[2]["rc"] == 0
    for j, r in res.items():
        print(f"{name:28s} --jobs {j}  rc {r['rc']}  wall {r['wall']:6.2f} s  "
              f"CPU {r['cpu']:6.2f} s  peak RSS {r['rss_mb']:6.0f} MB")
    print(f"{name:28s} {'IDENTICAL' if same else 'DIFFERENT'} ({len(res[1]['out'])} bytes); "
          f"CPU ratio {res[2]['cpu'] / max(res[1]['cpu'], 1e-9):.2f}, "
          f"RSS ratio {res[2]['rss_mb'] / res[1]['rss_mb']:.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", default="ewt,manchester")
    ap.add_argument("--repeat", default="1,10")
    ap.add_argument("--shards", type=int, default=8)
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time"):
        sys.exit("needs GNU time (/usr/bin/time)")
    root = Path(tempfile.mkdtemp(prefix="bench-eval-jobs-"))
    print(f"load average {os.getloadavg()}; temporary folder {root}")
    try:
        cases = a.cases.split(",")
        if "ewt" in cases:
            for repeat in map(int, a.repeat.split(",")):
                gold, pred = make_ewt(root, a.shards, repeat)
                for cmd in ("tags", "deps"):
                    compare(f"ewt x{repeat} eval {cmd}",
                            ["eval", cmd, "--gold", str(gold), "--pred", str(pred)], root)
        if "manchester" in cases:
            m = str(SHARED / "childes" / "eng-uk" / "Manchester")
            compare("manchester eval tags", ["eval", "tags", "--gold", m, "--pred", m,
                                             "--pred-column", "xpos", "--on-error", "skip"],
                    root)
            compare("manchester eval deps", ["eval", "deps", "--gold", m, "--pred", m,
                                             "--on-error", "skip"], root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
