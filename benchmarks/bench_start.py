"""Benchmark: the fixed cost of a command (start-up, imports) against a plain Python script.

Times, each in its own process under ``/usr/bin/time`` (CPU = user + sys, the
steadier figure on a shared machine; peak RSS), interleaved over ``--rounds``:

- a plain Python script's ``--help`` (argparse alone): the floor;
- ``induceval --help``, ``induceval info --help``;
- ``induceval info`` of a 10-line CoNLL-U file (written to a temporary folder).

With ``--base REV`` the same commands run on that revision too (checked out
into a temporary git worktree, run with ``PYTHONPATH`` on its ``src``), and each
figure is printed as a ratio to the floor and to the base.  Run by hand::

    python benchmarks/bench_start.py [--rounds 5] [--base d7d3d25]

Targets: ``induceval --help`` under 0.15 CPU-s; ``info`` of a 10-line file under
0.4 CPU-s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEN_LINES = "".join(f"{i}\tw{i}\tw{i}\tNOUN\tNN\t_\t0\troot\t_\t_\n" for i in range(1, 10)) + "\n"
FLOOR = "import argparse, sys\nargparse.ArgumentParser().parse_args(sys.argv[1:])\n"


def _timed(argv: list[str], env: dict) -> tuple[float, int]:
    run = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", *argv], capture_output=True,
                         text=True, env=env)
    user, system, rss = run.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), int(rss)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--base", default=None, metavar="REV",
                    help="also time this revision (a temporary git worktree)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "ten.conllu").write_text(TEN_LINES)
        (tmp / "floor.py").write_text(FLOOR)
        trees = {"head": REPO / "src"}
        if args.base:
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "-q", "--detach",
                            str(tmp / "base"), args.base], check=True)
            trees["base"] = tmp / "base" / "src"
        cli = [sys.executable, "-c", "import sys; from induceval.cli.main import main; "
               "sys.exit(main(sys.argv[1:]))"]    # what the console script runs
        commands = {"python --help": [sys.executable, str(tmp / "floor.py"), "--help"],
                    "induceval --help": [*cli, "--help"],
                    "induceval info --help": [*cli, "info", "--help"],
                    "induceval info (10 lines)": [*cli, "info", str(tmp / "ten.conllu")]}
        times: dict = {}
        try:
            for _ in range(args.rounds):      # interleaved: the load falls on every tree
                for tree, src in trees.items():
                    env = {**os.environ, "PYTHONPATH": str(src)}
                    for name, argv in commands.items():
                        if name == "python --help" and tree != "head":
                            continue
                        times.setdefault((tree, name), []).append(_timed(argv, env))
        finally:
            if args.base:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                                str(tmp / "base")], check=False)
    floor = statistics.median(t for t, _ in times[("head", "python --help")])
    print(f"{'command':28} {'tree':5} {'CPU s':>7} {'MB':>6} {'x floor':>8} {'x base':>7}")
    for (tree, name), runs in times.items():
        cpu = statistics.median(t for t, _ in runs)
        rss = statistics.median(m for _, m in runs) / 1024
        base = times.get(("base", name))
        ratio = (f"{statistics.median(t for t, _ in base) / cpu:7.2f}"
                 if base and tree == "head" else "")
        print(f"{name:28} {tree:5} {cpu:7.3f} {rss:6.0f} {cpu / floor:8.2f} {ratio:>7}")


if __name__ == "__main__":
    main()
