"""Benchmark: read the Manchester corpus (CHAT) into the corpus model.

Prints our reader's time (1 process and 2 processes), pylangacq 0.19.1's time
(``pylangacq.read_chat`` on the same folder) measured in the same run, and the
ratio; then the child-directed-speech figures of Frank, Goldwater & Keller
(2009) (utterances and words after dropping the target child's utterances and
unintelligible ones, contractions split), and, with ``--all``, reads every
``.cha`` file under ``shared/data/childes`` and prints per-corpus counts
(unaligned tiers, Eve's ``%gra``/``%xgrt`` alignment).

Usage::

    python benchmarks/bench_read_manchester.py [--data DIR] [--all] [--no-pylangacq]

The machine is shared: wall times are noisy; CPU times are printed too.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

from induceval.corpus.readers.chat import read
from induceval.corpus.tagsets.childes import PUNCT_POS, add_childes_tagsets
from induceval.corpus.transforms.childes import select_child_directed

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "childes"


def timed(fn, *args, **kwargs):
    t, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t, time.process_time() - c


def reference(manchester: Path, wall1: float, wall2: float) -> None:
    """Time pylangacq on the same folder (it may refuse files it cannot align)."""
    try:
        import pylangacq
    except ImportError:
        print("pylangacq not installed: no reference time")
        return
    t = time.perf_counter()
    try:
        ref = pylangacq.read_chat(str(manchester))
        wall_ref = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} read_chat (its own process pool): "
              f"{wall_ref:6.2f} s wall ({len(ref.utterances())} utterances)")
    except ValueError as exc:
        wall_fail = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} read_chat on the folder FAILS after "
              f"{wall_fail:.1f} s: {str(exc).splitlines()[0]}")
        # reference time: one process, file by file, skipping the files it rejects
        t, c = time.perf_counter(), time.process_time()
        n_utt, failed = 0, []
        for f in sorted(manchester.rglob("*.cha")):
            try:
                r = pylangacq.Reader.from_files([str(f)], parallel=False)
                n_utt += len(r.utterances())
            except ValueError:
                failed.append(f.name)
        wall_ref = time.perf_counter() - t
        print(f"pylangacq {pylangacq.__version__} file by file, 1 process: {wall_ref:6.2f} s "
              f"wall, {time.process_time() - c:6.2f} s CPU ({n_utt} utterances; "
              f"{len(failed)} files rejected, e.g. {failed[:3]})")
    print(f"ratio pylangacq / induceval: {wall_ref / wall1:.1f}x (1 process), "
          f"{wall_ref / wall2:.1f}x (induceval 2 processes)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("CHILDES", DEFAULT_DATA)))
    ap.add_argument("--all", action="store_true", help="also read every .cha file")
    ap.add_argument("--no-pylangacq", action="store_true")
    args = ap.parse_args()
    manchester = args.data / "eng-uk" / "Manchester"
    n_files = len(list(manchester.rglob("*.cha")))
    print(f"Manchester: {manchester} ({n_files} files)")

    corpus, wall1, cpu1 = timed(read, manchester)
    print(f"induceval chat.read, 1 process : {wall1:6.2f} s wall, {cpu1:6.2f} s CPU  "
          f"({corpus.n_sentences} utterances, {corpus.n_tokens} tokens)")
    c2, wall2, _ = timed(read, manchester, jobs=2)
    assert c2.n_tokens == corpus.n_tokens
    print(f"induceval chat.read, 2 processes: {wall2:6.2f} s wall")
    if not args.no_pylangacq:
        reference(manchester, wall1, wall2)
    counts = corpus.report.counts
    print(f"alignment: unaligned %mor {counts['unaligned_mor']}, "
          f"aligned %gra {counts['aligned_gra']}, unaligned %gra {counts['unaligned_gra']}")

    cds = add_childes_tagsets(select_child_directed(corpus))
    drops = {k: v for k, v in cds.report.counts.items() if k.startswith("utterances dropped")}
    col = cds.label_strings("collapsed")
    is_word = col != "PUNCT"  # punctuation items of %mor are not words
    children = {d.split("/")[1].rstrip("0123456789ab") for d in
                cds.sentences["document"].vocab.items}
    stripped = {k for k in cds.inventory("stripped") if k not in PUNCT_POS}
    print("\nChild-directed speech (Frank et al. 2009 preparation):")
    print(f"  dropped: {drops}")
    print(f"  children: {len(children)}; utterances: {cds.n_sentences}; tokens: {cds.n_tokens}; "
          f"words (tokens that are not punctuation, contractions split): {int(is_word.sum())}")
    forms = cds.label_strings("form")
    clitic = np.array([f is not None and (f.startswith("'") or f.lower() == "n't")
                       for f in forms])
    print(f"  clitic tokens: {int((clitic & is_word).sum())}; words with contractions "
          f"unsplit: {int((is_word & ~clitic).sum())}")
    print(f"  stripped categories (non-punctuation): {len(stripped)} (paper: 53); "
          f"collapsed: {sorted(set(col.tolist()) - {'PUNCT', None})}")
    print("  paper 000 (12 children): ~1.5M words, ~360,000 utterances")

    if args.all:
        print("\nAll CHAT files under", args.data)
        files = sorted(args.data.rglob("*.cha"))
        everything, wall, cpu = timed(read, files)
        print(f"  {len(files)} files read in {wall:.1f} s wall ({cpu:.1f} s CPU): "
              f"{everything.n_sentences} utterances, {everything.n_tokens} tokens")
        groups: dict[str, list[Path]] = {}
        for f in files:
            rel = f.relative_to(args.data).parts
            key = "/".join(rel[:2]) if rel[0] == "eng-uk" else rel[0]
            groups.setdefault(key, []).append(f)
        for key, fs in sorted(groups.items()):
            c = read(fs)
            k = c.report.counts
            print(f"  {key:22s} {len(fs):4d} files {c.n_sentences:7d} utt "
                  f"unaligned mor {k['unaligned_mor']:5d} gra {k['unaligned_gra']:5d}; "
                  f"aligned gra {k['aligned_gra']:6d} xgrt {k['aligned_xgrt']:6d} "
                  f"(unaligned xgrt {k['unaligned_xgrt']}); has xpos: {'xpos' in c.tokens}")


if __name__ == "__main__":
    main()
