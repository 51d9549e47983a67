"""Brown and exchange clustering at scale, side by side with wcluster, mkcls and ClusterCat.

Input: the Brown corpus of ``shared/data/brown/brown-tagged`` as plain text,
one sentence per line (words only), cut to the first 0.2M tokens or
repeated whole (1.16M, x9 = 10.4M, x86 = 99.9M tokens).  Each tool runs once
per size with K=45 and one thread, as one command; this script records its
wall time, CPU time (user + system) and peak RSS (``/usr/bin/time`` on the
child: the whole command, reading and writing included) and scores its word classes with M-1 against
the Brown tags (full tags, e.g. ``nn-tl``; punctuation kept).  Every tool
here gives each word type one class, and the big inputs are whole copies of
the corpus, so the contingency table of a repeated input is that of one
copy times the number of copies: M-1 is computed exactly on one copy.
Words a tool leaves out (ClusterCat's ``--min-count``, default 3, is kept
at 1 here for a like-for-like run; ``--cc-min-count`` changes it) would
form one extra class.

With both brown and wcluster, a second table follows, one row a size: the
bytes of wcluster's ``paths`` file and of induceval's ``--clusters`` file
(wcluster's layout, ``bits<TAB>word<TAB>count``, read back strictly: three
fields, a bit string, a count), their ratio (induceval's over wcluster's), and
for each the lines, the bit-string lengths (min/median/max) and the words the
other file lacks.

Commands (``IN`` the text, K=45):

- induceval brown: ``induceval induce tags --model brown --k 45 IN -o OUT.pascal --clusters CL``
- induceval exchange: the same with ``--model exchange``
- wcluster (Liang 2005): ``wcluster --text IN --c 45 --threads 1 --output_dir DIR``
- mkcls (Och 1999): ``mkcls -c45 -n1 -pIN -VOUT opt``
- ClusterCat (Dehdari et al. 2016): ``clustercat -c 45 -j 1 --min-count 1 --in IN --out OUT``

The reference tools are not part of induceval: build them yourself outside
the repository (their public sources: percyliang/brown-cluster, clab/mkcls,
jonsafari/clustercat; ``make`` in each) and give the binaries with
``--wcluster/--mkcls/--clustercat`` or the environment variables
``WCLUSTER``, ``MKCLS``, ``CLUSTERCAT``.  A tool that is absent is skipped.
Ratios are the tool's figure over induceval's in the same run (brown tools
over induceval brown, exchange tools over induceval exchange): a time ratio
above 1 means the tool is slower than induceval.  While other jobs share
the machine, compare CPU times: wall times then measure the load.

Usage::

    python benchmarks/bench_scale.py --sizes 0.2M,1.16M --wcluster /tmp/refbuild/wcluster
    python benchmarks/bench_scale.py --sizes 10M,100M --tools brown,wcluster

The machine's other load changes wall times; run the big sizes once, quietly.
To compare two versions of induceval (e.g. before and after
streamed counting), run the script once with each on ``PYTHONPATH`` and the
same ``--workdir`` (the inputs are made once).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from induceval.data import corpus_dir

BROWN = corpus_dir("brown")

#: size label -> (repeats of the whole corpus, or a token cut when repeats is 0)
SIZES = {"0.2M": (0, 200_000), "1.16M": (1, 0), "10M": (9, 0), "100M": (86, 0)}
TOOLS = ("brown", "wcluster", "exchange", "mkcls", "clustercat")
FAMILY = {"brown": "brown", "wcluster": "brown", "exchange": "exchange", "mkcls": "exchange",
          "clustercat": "exchange"}


def load_brown() -> tuple[list[list[str]], list[list[str]]]:
    """Sentences of words and of tags (split on the last ``/``), in file order."""
    words, tags = [], []
    for f in sorted(BROWN.iterdir()):
        if f.name in ("README", "CONTENTS", "cats.txt") or f.name.startswith("."):
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            toks = line.split()
            if toks:
                pairs = [t.rpartition("/") for t in toks]
                words.append([p[0] for p in pairs])
                tags.append([p[2] for p in pairs])
    return words, tags


def make_input(label: str, words, tags, workdir: Path):
    """Write the text of one size; return (path, n_tokens, words of one copy, tags)."""
    repeats, cut = SIZES[label]
    if repeats == 0:
        n = 0
        k = 0
        while k < len(words) and n + len(words[k]) <= cut:
            n += len(words[k])
            k += 1
        words, tags, repeats = words[:k], tags[:k], 1
    path = workdir / f"brown_{label}.txt"
    block = "".join(" ".join(s) + "\n" for s in words)
    if not path.exists():
        with open(path, "w", encoding="utf-8") as fh:
            for _ in range(repeats):
                fh.write(block)
    n_tokens = sum(len(s) for s in words) * repeats
    return path, n_tokens, words, tags


TIME = "/usr/bin/time"


def run(cmd: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + sys) and peak RSS (MB) of one command.

    Raises on failure.  Peak RSS and CPU time come from ``/usr/bin/time -f``
    when present (a small parent, so the figures are the command's own);
    else from ``os.wait4``, whose peak RSS also counts the fork of this
    (larger) Python process.  CPU time is what to compare while other jobs
    share the machine: wall time then measures the load.
    """
    timed = os.path.exists(TIME)
    report = cwd / "time.txt"
    full = [TIME, "-f", "%U %S %M", "-o", str(report)] + cmd if timed else cmd
    t = time.perf_counter()
    with open(cwd / "stderr.txt", "wb") as err:
        proc = subprocess.Popen(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if status != 0:
        raise RuntimeError(f"{cmd[0]} failed ({status}): "
                           f"{(cwd / 'stderr.txt').read_text(errors='replace')[-500:]}")
    if timed:
        user, sys_, rss = report.read_text().split()[-3:]
        return wall, float(user) + float(sys_), float(rss) / 1024.0
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def read_classes(tool: str, out: Path) -> dict[str, str]:
    """Word -> class label from a tool's output."""
    classes = {}
    if tool in ("wcluster", "brown"):  # both: wcluster's paths layout
        for line in open(out / "paths" if tool == "wcluster" else out, encoding="utf-8",
                         errors="surrogateescape"):
            bits, word, *_ = line.rstrip("\n").split("\t")
            classes[word] = bits
    else:
        for line in open(out, encoding="utf-8", errors="surrogateescape"):
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2:
                classes[parts[0]] = parts[1]
    return classes


def paths_facts(path: Path) -> tuple[int, int, list[int], set[str]]:
    """Bytes, lines, sorted bit-string lengths and words of a file in wcluster's paths layout
    (``bits<TAB>word<TAB>count``); raises on a line not in it."""
    lengths, forms = [], set()
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        for i, line in enumerate(fh, 1):
            bits, word, count = line.rstrip("\n").split("\t")
            if not (bits and set(bits) <= {"0", "1"} and count.isdigit()):
                raise ValueError(f"{path}:{i}: not bits<TAB>word<TAB>count: {line!r}")
            lengths.append(len(bits))
            forms.add(word)
    return path.stat().st_size, len(lengths), sorted(lengths), forms


def many_to_one(classes: dict[str, str], words, tags) -> float:
    """M-1 of type classes against the gold tags (absent words: one extra class)."""
    table: dict[str, Counter] = defaultdict(Counter)
    n = 0
    for ws, ts in zip(words, tags):
        for w, t in zip(ws, ts):
            table[classes.get(w, "\0absent")][t] += 1
            n += 1
    return sum(max(c.values()) for c in table.values()) / n


def command(tool: str, binary: str, text: Path, out: Path, k: int, cc_min: int) -> list[str]:
    if tool in ("brown", "exchange"):
        return [binary, "induce", "tags", "--model", tool, "--k", str(k), str(text),
                "--input-format", "plain", "-o", str(out.with_suffix(".pascal")),
                "--clusters", str(out), "-q"]
    if tool == "wcluster":
        return [binary, "--text", str(text), "--c", str(k), "--threads", "1",
                "--output_dir", str(out)]
    if tool == "mkcls":
        return [binary, f"-c{k}", "-n1", f"-p{text}", f"-V{out}", "opt"]
    return [binary, "-c", str(k), "-j", "1", "--min-count", str(cc_min), "--in", str(text),
            "--out", str(out)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="0.2M,1.16M,10M,100M",
                    help=f"comma-separated, from {', '.join(SIZES)}")
    ap.add_argument("--tools", default=",".join(TOOLS), help=f"from {', '.join(TOOLS)}")
    ap.add_argument("--k", type=int, default=45)
    ap.add_argument("--induceval", default=shutil.which("induceval") or "induceval")
    ap.add_argument("--wcluster", default=os.environ.get("WCLUSTER"))
    ap.add_argument("--mkcls", default=os.environ.get("MKCLS"))
    ap.add_argument("--clustercat", default=os.environ.get("CLUSTERCAT"))
    ap.add_argument("--cc-min-count", type=int, default=1,
                    help="ClusterCat's --min-count (its default is 3; 1 = every word)")
    ap.add_argument("--workdir", help="where inputs and outputs go (default: a temporary folder)")
    args = ap.parse_args(argv)
    if not BROWN.is_dir():
        print(f"skipped: {BROWN} is absent", file=sys.stderr)
        return 0
    binaries = {"brown": args.induceval, "exchange": args.induceval, "wcluster": args.wcluster,
                "mkcls": args.mkcls, "clustercat": args.clustercat}
    tools = [t for t in args.tools.split(",") if t]
    for t in tools:
        b = binaries.get(t)
        if not b or not (Path(b).exists() or shutil.which(b)):
            print(f"skipped: {t} (no binary; give --{t} or the env variable)", file=sys.stderr)
    tools = [t for t in tools if binaries.get(t) and (Path(binaries[t]).exists()
                                                        or shutil.which(binaries[t]))]
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="bench_scale_"))
    workdir.mkdir(parents=True, exist_ok=True)
    words, tags = load_brown()
    if "brown" in tools or "exchange" in tools:  # warm numba's cache outside the timings
        warm = workdir / "warm.txt"
        warm.write_text("".join(" ".join(s) + "\n" for s in words[:300]), encoding="utf-8")
        for t in ("brown", "exchange"):
            if t in tools:
                run(command(t, args.induceval, warm, workdir / f"warm_{t}.cl", 5, 1), workdir)
    print(f"K={args.k}, one thread; ratios = tool / induceval of the same family "
          f"(brown: wcluster; exchange: mkcls, ClusterCat)")
    print("| size | tokens | tool | wall s | CPU s | peak RSS MB | M-1 | wall ratio | CPU ratio | "
          "RSS ratio | M-1 diff |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    sizes = []
    for label in args.sizes.split(","):
        text, n_tokens, one_w, one_t = make_input(label, words, tags, workdir)
        figures = {}
        for t in tools:
            out = workdir / f"{t}_{label}" if t == "wcluster" else workdir / f"{t}_{label}.cl"
            try:
                wall, cpu, rss = run(command(t, binaries[t], text, out, args.k,
                                             args.cc_min_count), workdir)
            except RuntimeError as exc:
                print(f"| {label} | {n_tokens} | {t} | failed: {exc} | | | | | | | |")
                continue
            m1 = many_to_one(read_classes(t, out), one_w, one_t)
            out.with_suffix(".pascal").unlink(missing_ok=True)  # induceval's big output
            figures[t] = (wall, cpu, rss, m1)
            base = figures.get(FAMILY[t])
            if base is None or t == FAMILY[t]:
                ratios = "1 | 1 | 1 | 0" if t == FAMILY[t] else "– | – | – | –"
            else:
                ratios = (f"{wall / base[0]:.2f} | {cpu / max(base[1], 1e-9):.2f} | "
                          f"{rss / base[2]:.2f} | {100 * (m1 - base[3]):+.1f} pt")
            print(f"| {label} | {n_tokens} | {t} | {wall:.1f} | {cpu:.1f} | {rss:.0f} | "
                  f"{m1:.4f} | {ratios} |", flush=True)
        if label != "0.2M" and not args.workdir:
            text.unlink()
        if "brown" in figures and "wcluster" in figures:
            sizes.append((label, paths_facts(workdir / f"wcluster_{label}" / "paths"),
                          paths_facts(workdir / f"brown_{label}.cl")))
    if sizes:
        print("\n| size | wcluster paths bytes | induceval --clusters bytes | ratio | lines "
              "(wcluster / induceval) | bits min/median/max (wcluster / induceval) | "
              "words only in wcluster / induceval |\n|---|---|---|---|---|---|---|")
    for label, (wb, wn, wl, wf), (ob, on, ol, of) in sizes:
        print(f"| {label} | {wb} | {ob} | {ob / wb:.3f} | {wn} / {on} | "
              f"{wl[0]}/{wl[len(wl) // 2]}/{wl[-1]} / {ol[0]}/{ol[len(ol) // 2]}/{ol[-1]} | "
              f"{len(wf - of)} / {len(of - wf)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
