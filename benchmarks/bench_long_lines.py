"""Benchmark: peak memory of ``induceval info`` on single-line files (the limits of line length).

Writes 50 MB files of one line each (``--mb``) in a temporary folder -- plain
text of many words, plain text of one word, a CoNLL-U token with a 50 MB form,
a Brown line, a CHAT utterance, a PTB tree -- and runs ``induceval info`` on
each under ``/usr/bin/time -v``: the peak resident memory, the same for a
tiny file (the cost of the imports), and the ratio of the difference to the
input size.  Run by hand: ``python benchmarks/bench_long_lines.py``.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def _words(rng: random.Random, n_bytes: int) -> str:
    vocab = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 8)))
             for _ in range(5000)]
    out, size = [], 0
    while size < n_bytes:
        w = rng.choice(vocab)
        out.append(w)
        size += len(w) + 1
    return " ".join(out)


def files(folder: Path, n_bytes: int) -> dict[str, Path]:
    rng = random.Random(25)
    text = _words(rng, n_bytes)
    made = {
        "plain, many words": ("one.txt", text + "\n"),
        "plain, one word": ("onetok.txt", "x" * n_bytes + "\n"),
        "CoNLL-U, one form": ("one.conllu",
                              "1\t" + "x" * n_bytes + "\t_\t_\t_\t_\t0\troot\t_\t_\n\n"),
        "Brown": ("ca01", "\t" + " ".join(w + "/nn" for w in text[: n_bytes * 2 // 3].split())
                  + "\n"),
        "CHAT, one utterance": ("one.cha", "@UTF8\n@Begin\n@Participants:\tCHI A Target_Child\n"
                                "*CHI:\t" + text + " .\n@End\n"),
        "PTB, one tree": ("one.mrg", "( (S " + " ".join(f"(NN {w})" for w in
                                                        text[: n_bytes * 2 // 5].split())
                          + ") )\n"),
        "tiny (imports)": ("tiny.txt", "a b\n"),
    }
    out = {}
    for label, (name, content) in made.items():
        p = folder / name
        p.write_text(content)
        out[label] = p
    return out


def peak_mb(path: Path) -> tuple[float, float]:
    """Peak resident MB and wall seconds of ``induceval info PATH``."""
    cmd = ["/usr/bin/time", "-v", sys.executable, "-c",
           "import sys; from induceval.cli.main import main; sys.exit(main())",
           "info", "--no-progress", str(path)]
    err = subprocess.run(cmd, capture_output=True, text=True).stderr
    kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", err).group(1)
    secs = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall.split(":"))))
    return kb / 1024, secs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=50, help="input size (default 50 MB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as d:
        made = files(Path(d), int(args.mb * 1e6))
        base, _ = peak_mb(made.pop("tiny (imports)"))
        print(f"imports alone: {base:.0f} MB peak")
        print("| input | MB | peak MB | (peak - imports) / input | seconds |\n"
              "|---|---:|---:|---:|---:|")
        for label, p in made.items():
            size = p.stat().st_size / 2 ** 20
            mb, secs = peak_mb(p)
            print(f"| {label} | {size:.0f} | {mb:.0f} | {(mb - base) / size:.1f} | {secs:.1f} |")


if __name__ == "__main__":
    main()
