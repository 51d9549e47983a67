"""Benchmark: reading CoNLL-U (``induceval info``) and ``eval tags``/``eval deps`` end to end.

Builds its inputs in a temporary folder (never in the repository):

- CoNLL-U versions of the Brown corpus (``../shared/data/brown``) at several
  sizes: 0.2M tokens (the first 90 files), 1.16M (all 500 files, via
  ``induceval convert``) and 2.3M (the 1.16M file twice);
- a ~1M-token UD pair: every UD file of ``../shared/data/ud`` three times
  (0.96M tokens) as gold, ``induce deps --model rb`` as the dependency
  prediction and ``induce tags --model random --k 45 -o x.conllu`` as the
  tag prediction.

Every command runs in its own process under ``/usr/bin/time``: wall time,
CPU time (user + sys: the steadier figure on a shared machine) and peak RSS
of the whole command (Python start-up and imports included).  The reading
reference is the ``conllu`` package (``parse_incr`` over the same file, also
in its own process) when installed: its CPU time and memory are printed as
ratios to induceval's (conllu / induceval).  The scoring reference is the
CoNLL 2018 shared task scorer ``conll18_ud_eval.py`` (``--scorer PATH`` or
the environment variable ``CONLL18_UD_EVAL``; never part of this
repository), timed on the same pair: the dependency prediction as it is, and
the tag prediction with the gold HEAD/DEPREL/DEPS put back (the scorer needs
heads); its times are printed as ratios to induceval's (scorer / induceval).
Run by hand::

    python benchmarks/bench_io.py [--sizes 0.2 1.16 2.3] [--skip-eval] [--scorer PATH]
        [--keep DIR]

``--keep DIR`` keeps the generated inputs there, and reuses them when they
are there already.

Targets: ``info`` on 1.16M CoNLL-U tokens <= 250 MB; ``eval tags``
and ``eval deps`` on a 1M-token pair <= 1.5 s and 300 MB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from induceval.data import shared_data_dir

DATA = shared_data_dir()
PY = sys.executable


def timed(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, peak RSS MB, CPU seconds user+sys) of a command, via /usr/bin/time.

    CPU time is printed too: on a loaded machine it is the steadier figure.
    """
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", *cmd], capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{out.stderr[-2000:]}")
    wall, kb, user, sys_ = out.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kb) / 1024, float(user) + float(sys_)


def cli(*args: str) -> list[str]:
    return [PY, "-m", "induceval.cli.main", *args]


REFERENCE = ("import sys, conllu\n"
             "n = 0\n"
             "with open(sys.argv[1], encoding='utf-8') as fh:\n"
             "    for s in conllu.parse_incr(fh):\n"
             "        n += len(s)\n"
             "print(n)\n")


def has_conllu() -> bool:
    return subprocess.run([PY, "-c", "import conllu"], capture_output=True).returncode == 0


def build_brown(tmp: Path, sizes: list[float]) -> dict[float, Path]:
    brown = DATA / "brown" / "brown-tagged"
    files = sorted(f for f in brown.iterdir() if f.is_file() and f.suffix == ""
                   and not f.name.startswith(".") and f.name not in ("README", "CONTENTS"))
    full = tmp / "brown-1.16M.conllu"
    if not full.is_file():
        subprocess.run(cli("convert", *map(str, files), "--input-format", "brown", "-o",
                           str(full), "-q"), check=True)
    out = {}
    for size in sizes:
        if not 0 < size <= 100:
            raise SystemExit(f"--sizes are in millions of tokens, from 0 to 100: got {size}")
        if abs(size - 1.16) < 1e-9:
            out[size] = full
        elif size < 1.16:
            p = tmp / f"brown-{size}M.conllu"
            n = max(1, int(round(len(files) * size / 1.16)))
            if not p.is_file():
                subprocess.run(cli("convert", *map(str, files[:n]), "--input-format",
                                   "brown", "-o", str(p), "-q"), check=True)
            out[size] = p
        else:
            p = tmp / f"brown-{size}M.conllu"
            reps = int(round(size / 1.16))
            with open(p, "wb") as fh:
                for _ in range(reps):
                    fh.write(full.read_bytes())
            out[size] = p
    return out


def with_gold_heads(pred: Path, gold: Path, out: Path) -> None:
    """``pred`` with HEAD, DEPREL and DEPS of ``gold`` (the files align line by line)."""
    with open(pred, encoding="utf-8") as fp, open(gold, encoding="utf-8") as fg, \
            open(out, "w", encoding="utf-8") as fo:
        for p, g in zip(fp, fg, strict=True):
            pf, gf = p.rstrip("\n").split("\t"), g.rstrip("\n").split("\t")
            if len(pf) == 10 and len(gf) == 10:
                pf[6:9] = gf[6:9]
                p = "\t".join(pf) + "\n"
            fo.write(p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="+", type=float, default=[0.2, 1.16, 2.3],
                        help="CoNLL-U sizes in millions of tokens (Brown)")
    parser.add_argument("--skip-eval", action="store_true", help="only the reading benchmark")
    parser.add_argument("--keep", help="keep the generated inputs in this folder (and reuse "
                                       "those found there)")
    parser.add_argument("--scorer", default=os.environ.get("CONLL18_UD_EVAL"),
                        help="conll18_ud_eval.py, timed on the same pair (default: "
                             "$CONLL18_UD_EVAL)")
    args = parser.parse_args()
    if not (DATA / "brown").is_dir() or not (DATA / "ud").is_dir():
        raise SystemExit(f"skipped: {DATA} has no brown/ or ud/")
    ref = has_conllu()
    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench_io_"))
    if args.scorer and not Path(args.scorer).is_file():
        raise SystemExit(f"--scorer {args.scorer}: no such file")
    tmp.mkdir(parents=True, exist_ok=True)
    try:
        print("== reading: induceval info FILE.conllu (whole command) ==")
        print(f"{'tokens':>8} {'MB file':>8} {'wall s':>7} {'CPU s':>6} {'RSS MB':>7}"
              + (f" {'conllu s':>9} {'CPU s':>6} {'conllu MB':>9} {'CPU ratio':>9} "
                 f"{'mem ratio':>9}" if ref else ""))
        for size, path in build_brown(tmp, args.sizes).items():
            wall, rss, cpu = timed(cli("info", str(path), "-o", str(tmp / "info.txt")))
            line = (f"{size:>7}M {path.stat().st_size / 2**20:>8.1f} {wall:>7.2f} {cpu:>6.2f} "
                    f"{rss:>7.0f}")
            if ref:
                script = tmp / "ref.py"
                script.write_text(REFERENCE)
                rwall, rrss, rcpu = timed([PY, str(script), str(path)])
                line += (f" {rwall:>9.2f} {rcpu:>6.2f} {rrss:>9.0f} {rcpu / cpu:>9.1f} "
                         f"{rrss / rss:>9.2f}")
            print(line, flush=True)
        if args.skip_eval:
            return
        print("\n== eval end to end on a ~1M-token UD pair (gold + prediction read) ==")
        ud = sorted((DATA / "ud").glob("*/*.conllu"))
        gold = tmp / "ud3.conllu"
        deps = tmp / "ud3.rb.conllu"
        tags = tmp / "ud3.random.conllu"
        if not (gold.is_file() and deps.is_file() and tags.is_file()):
            with open(gold, "wb") as fh:
                for _ in range(3):
                    for f in ud:
                        fh.write(f.read_bytes())
            subprocess.run(cli("induce", "deps", "--model", "rb", str(gold), "-o", str(deps),
                               "-q"), check=True)
            subprocess.run(cli("induce", "tags", "--model", "random", "--k", "45", str(gold),
                               "-o", str(tags), "-q"), check=True)
        print(f"{'command':30s} {'wall':>7s} {'CPU':>7s} {'RSS MB':>7s}")
        ours = {}
        for name, cmd in (
                ("eval deps", cli("eval", "deps", "--gold", str(gold), "--pred", str(deps),
                                  "-o", str(tmp / "d.txt"))),
                ("eval tags", cli("eval", "tags", "--gold", str(gold), "--pred", str(tags),
                                  "-o", str(tmp / "t.txt"))),
                ("info (one file of the pair)", cli("info", str(gold), "-o",
                                                   str(tmp / "i.txt"))),
                ("python + CLI start-up only", cli("--help"))):
            wall, rss, cpu = timed(cmd)
            ours[name] = (wall, rss, cpu)
            print(f"{name:30s} {wall:6.2f}s {cpu:6.2f}s {rss:7.0f}", flush=True)
        if args.scorer:
            print(f"\n== CoNLL 2018 scorer ({args.scorer}) on the same pair: "
                  "ratio = scorer / induceval ==")
            tags_heads = tmp / "ud3.random.heads.conllu"
            if not tags_heads.is_file():
                with_gold_heads(tags, gold, tags_heads)
            print(f"{'pair':12s} {'wall':>7s} {'CPU':>7s} {'RSS MB':>7s} {'wall ratio':>10s} "
                  f"{'CPU ratio':>9s} {'mem ratio':>9s}")
            for name, pred in (("eval deps", deps), ("eval tags", tags_heads)):
                wall, rss, cpu = timed([PY, args.scorer, str(gold), str(pred)])
                w0, r0, c0 = ours[name]
                print(f"{name:12s} {wall:6.2f}s {cpu:6.2f}s {rss:7.0f} {wall / w0:10.1f} "
                      f"{cpu / c0:9.1f} {rss / r0:9.2f}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
