"""Check: ``induceval convert`` output of every UD file is scored 1.0 by the CoNLL 2018 scorer.

For every ``*.conllu`` under the UD folder (default ``../shared/data/ud``)
this runs ``induceval convert FILE -o OUT.conllu`` (the CLI, in a subprocess)
and the official CoNLL 2018 shared-task evaluation script
``conll18_ud_eval.py --verbose SOURCE OUT`` on the pair, and checks that every
metric it prints (Tokens, Sentences, Words, UPOS, XPOS, UFeats, AllTags,
Lemmas, UAS, LAS, CLAS, MLAS, BLEX) has precision, recall and F1 of 100.00.
It also reports whether the output is byte-identical to the source.  With
``--induce-deps`` it also scores ``induce deps --model rb`` output against
its source, where only UAS/LAS/CLAS/MLAS/BLEX may differ from 100.

The scorer is not part of induceval and is never committed.  Fetch the
public repository ``ufal/conll2018`` and give the path of
``evaluation_script/conll18_ud_eval.py`` with ``--scorer`` or the
``CONLL18_UD_EVAL`` environment variable; without it the check is skipped.
Run by hand::

    python benchmarks/check_conll2018_scorer.py --scorer /tmp/x/conll18_ud_eval.py
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from induceval.data import corpus_dir

DEFAULT = corpus_dir("ud")
TOKEN_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas")
TREE_METRICS = ("UAS", "LAS", "CLAS", "MLAS", "BLEX")


def score(scorer: Path, gold: Path, system: Path) -> dict[str, tuple[float, float, float]]:
    """Run the scorer; ``{metric: (precision, recall, f1)}`` in percent."""
    out = subprocess.run([sys.executable, str(scorer), "--verbose", str(gold), str(system)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"scorer rejected {system}: {out.stderr.strip() or out.stdout}")
    scores = {}
    for line in out.stdout.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) >= 4 and parts[0] in TOKEN_METRICS + TREE_METRICS:
            scores[parts[0]] = tuple(float(p) for p in parts[1:4])
    return scores


def induceval(*args: str) -> None:
    cmd = [sys.executable, "-m", "induceval.cli.main", *args]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {out.stderr.strip()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", default=str(DEFAULT))
    parser.add_argument("--scorer", default=os.environ.get("CONLL18_UD_EVAL"),
                        help="path of conll18_ud_eval.py (default: $CONLL18_UD_EVAL)")
    parser.add_argument("--induce-deps", action="store_true",
                        help="also score induce deps --model rb output (token metrics 100)")
    args = parser.parse_args()
    if not args.scorer or not Path(args.scorer).is_file():
        print("skipped: conll18_ud_eval.py not given (--scorer or $CONLL18_UD_EVAL)")
        return 0
    files = sorted(Path(args.folder).glob("*/*.conllu"))
    if not files:
        print(f"skipped: no .conllu files under {args.folder}")
        return 0
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            t0 = time.perf_counter()
            out = Path(tmp) / f.name
            induceval("convert", str(f), "-o", str(out), "-q")
            identical = out.read_bytes() == f.read_bytes()
            s = score(Path(args.scorer), f, out)
            bad = {m: v for m, v in s.items() if v != (100.0, 100.0, 100.0)}
            ok = not bad and len(s) == len(TOKEN_METRICS + TREE_METRICS)
            failures += not ok
            line = (f"{f.name:32s} convert: {'all 13 metrics 1.0' if ok else f'NOT 1.0: {bad}'}"
                    f"; byte-identical: {identical}")
            if args.induce_deps:
                pred = Path(tmp) / f"rb-{f.name}"
                induceval("induce", "deps", "--model", "rb", str(f), "-o", str(pred), "-q")
                s2 = score(Path(args.scorer), f, pred)
                bad2 = {m: v for m, v in s2.items()
                        if m in TOKEN_METRICS and v != (100.0, 100.0, 100.0)}
                failures += bool(bad2)
                line += (f"; induce deps rb: token metrics {'1.0' if not bad2 else bad2}, "
                         f"UAS {s2['UAS'][2]:.2f}")
            print(line + f"  ({time.perf_counter() - t0:.1f} s)", flush=True)
    print(f"{len(files)} files, {failures} with a score below 1.0")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
