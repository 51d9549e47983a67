"""Every command on every shared corpus: the choices it reports, given back explicitly.

Run by hand (it reads real corpora; it is not a test)::

    python benchmarks/input_decisions.py                      # every corpus (~15 min)
    python benchmarks/input_decisions.py --only eve,ud-english-ewt --timeout 120
    python benchmarks/input_decisions.py --list               # the corpus names

The last criterion of "every input read as what it is, or refused": on every
corpus of ``../shared/data`` with default options, each command either gives
the numbers of the explicit options it reports, or refuses in one line.

For each corpus (a slice of it copied into a temporary folder: the first
sentences of a big file, the first files of a big folder, with the folder's
README and metadata files, which a user's folder has too) the script runs, each
in a fresh process, the commands a user runs with the defaults: ``info``,
``convert`` (to CoNLL-U), ``induce tags --model brown --k 10`` (the model and K
are required), ``eval tags`` of that prediction against the corpus, ``induce
deps``, ``eval deps``, ``eval substitutable`` (train = test = the corpus, the
``--clusters`` list of ``induce tags`` as the prediction), ``wopa`` and
``pseudo extract``/``build``/``score``.  Then, for each run:

- exit 0: the choices the run reports (its signature, its notes or summary:
  gold and predicted columns, punctuation, tags, references, words, speakers,
  relation scheme, ...) and the input format ``info`` names for the files are
  given back as options (``--gold-column``, ``--punct``, ``--input-format``,
  ...), the command is run again, and its numbers (the JSON tables without the
  notes, or the bytes of the files it wrote) must be identical;
- exit non-zero: standard error must be one ``induceval: error:`` line (and
  at most one ``induceval: hint:`` line), without a traceback.

The table at the end has one row per corpus and command: ``same`` (with the
explicit options, listed), ``refused: <the line>``, or ``PROBLEM: <what>``
(different numbers, a traceback, a multi-line error, a timeout, a refusal of the
explicit options).  The exit code is 1 when a PROBLEM was found.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from induceval.data import shared_data_dir

RUN = [sys.executable, "-c",
       "import sys; from induceval.cli.main import main; sys.exit(main(sys.argv[1:]))"]
UD_SENTENCES = 300      # the first sentences of a treebank's first file
FILES = 3               # the first files of a folder of many
# stderr lines that are neither a result nor an error (the one-time numba notice)
CHATTER = ("induceval: compiling numerical kernels",)


# --- the slices ---------------------------------------------------------------------------

def _head_sentences(src: Path, dst: Path, n: int) -> None:
    """The first ``n`` blank-line-separated blocks of ``src`` (sentences of CoNLL-U or of
    the 3-column PTB dependencies), written to ``dst`` as they were."""
    blocks, cur = [], []
    with open(src, encoding="utf-8", newline="") as f:
        for line in f:
            cur.append(line)
            if not line.strip():
                blocks.append("".join(cur))
                cur = []
                if len(blocks) >= n:
                    break
        else:
            if cur:
                blocks.append("".join(cur))
    dst.write_text("".join(blocks), encoding="utf-8", newline="")


def _copy_docs(src: Path, dst: Path) -> None:
    """The folder's documentation and metadata files (a user's folder has them)."""
    dst.mkdir(parents=True, exist_ok=True)
    for f in sorted(src.iterdir()):
        if f.is_file() and (f.name.upper().startswith(("README", "LICENSE", "CONTENTS"))
                            or f.suffix.lower() in (".md", ".txt", ".cdc", ".xml")):
            shutil.copy(f, dst / f.name)


def _first_files(src: Path, dst: Path, pattern: str, n: int = FILES) -> None:
    _copy_docs(src, dst)
    for f in sorted(p for p in src.glob(pattern) if p.is_file())[:n]:
        shutil.copy(f, dst / f.name)


def corpora(data: Path, tmp: Path) -> dict[str, Path]:
    """Short name -> the slice, in ``tmp``, of every corpus present under ``data``."""
    out: dict[str, Path] = {}
    for ud in sorted((data / "ud").glob("UD_*")):
        files = sorted(ud.glob("*.conllu"))
        if files:
            dst = tmp / ud.name
            _copy_docs(ud, dst)
            _head_sentences(files[0], dst / files[0].name, UD_SENTENCES)
            out[f"ud-{ud.name[3:].lower()}"] = dst
    ptb = data / "ptb" / "treebank-sample"
    for sub, pattern in (("combined", "*.mrg"), ("raw", "wsj_*"), ("tagged", "*.pos"),
                         ("parsed", "*.prd")):
        if (ptb / sub).is_dir():
            _first_files(ptb / sub, tmp / f"ptb-{sub}", pattern)
            out[f"ptb-{sub}"] = tmp / f"ptb-{sub}"
    if ptb.is_dir():  # the sample as distributed: four views of the same files and docs
        dst = tmp / "ptb-sample"
        _copy_docs(ptb, dst)
        for sub, pattern in (("combined", "*.mrg"), ("raw", "wsj_*"), ("tagged", "*.pos"),
                             ("parsed", "*.prd")):
            _first_files(ptb / sub, dst / sub, pattern, 2)
        out["ptb-sample"] = dst
    dep = data / "ptb" / "dependency-treebank-sample"
    if dep.is_dir():
        _first_files(dep, tmp / "ptb-dep", "*.dp")
        out["ptb-dep"] = tmp / "ptb-dep"
    brown = data / "brown" / "brown-tagged"
    if brown.is_dir():
        _first_files(brown, tmp / "brown", "c[a-r][0-9][0-9]")
        out["brown"] = tmp / "brown"
    eve = data / "childes" / "eve"
    if eve.is_dir():
        _first_files(eve, tmp / "eve", "eve0[1-2].cha")
        shutil.copy(eve / "eve06.cha", tmp / "eve" / "eve06.cha")  # the one with %grt
        out["eve"] = tmp / "eve"
    for coll in ("eng-uk", "estonian"):
        root = data / "childes" / coll
        if not root.is_dir():
            continue
        for corpus in sorted(p for p in root.iterdir() if p.is_dir()):
            dst = tmp / f"{coll}-{corpus.name.lower()}"
            _copy_docs(corpus, dst)
            # a corpus is a folder of children (Manchester) or of sessions
            children = sorted(p for p in corpus.iterdir() if p.is_dir())
            for child in children[:1]:
                _first_files(child, dst / child.name, "*.cha", 2)
            _first_files(corpus, dst, "*.cha", 2)
            out[f"{coll}-{corpus.name.lower()}"] = dst
    # a folder mixing them: one CoNLL-U file, one CHAT file, a README, a JSON file
    ud_file = next((f for p in out.values() for f in sorted(p.glob("*.conllu"))), None)
    cha_file = next(iter(sorted((tmp / "eve").glob("*.cha"))), None) if "eve" in out else None
    if ud_file and cha_file:
        dst = tmp / "mixed"
        dst.mkdir()
        shutil.copy(ud_file, dst / ud_file.name)
        shutil.copy(cha_file, dst / cha_file.name)
        (dst / "README.md").write_text("# A folder of mixed corpora\n", encoding="utf-8")
        (dst / "meta.json").write_text('{"source": "shared data"}\n', encoding="utf-8")
        out["mixed"] = dst
    return out


# --- running ------------------------------------------------------------------------------

@dataclass
class Run:
    rc: int | None
    out: str
    err: str
    seconds: float
    files: dict[str, bytes] = field(default_factory=dict)


def run(argv: list[str], timeout: float, outputs: tuple[Path, ...] = ()) -> Run:
    for p in outputs:
        p.unlink(missing_ok=True)
    t0 = time.perf_counter()
    try:
        r = subprocess.run(RUN + argv, capture_output=True, text=True, timeout=timeout)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", ""
    files = {p.name: p.read_bytes() for p in outputs if p.exists()}
    return Run(rc, out, err, time.perf_counter() - t0, files)


def _lines(err: str) -> list[str]:
    return [x for x in err.splitlines()
            if x.strip() and not x.startswith(CHATTER) and not x.startswith("\r")]


def refusal(r: Run) -> str | None:
    """The refusal line when ``r`` is a refusal in one line, else ``None``."""
    lines = _lines(r.err)
    if r.rc in (None, 0) or "Traceback" in r.err or not lines:
        return None
    if not lines[0].startswith("induceval: error:"):
        return None
    rest = lines[1:]
    if len(rest) > 1 or (rest and not rest[0].startswith("induceval: hint:")):
        return None
    return lines[0]


def failure(r: Run) -> str:
    """What is wrong with a run that neither succeeded nor refused in one line."""
    if r.rc is None:
        return "timeout"
    if "Traceback" in r.err:
        last = next((x for x in reversed(_lines(r.err)) if x.strip()), "")
        return f"traceback (rc={r.rc}): {last[:200]}"
    lines = _lines(r.err)
    err = next((x for x in lines if x.startswith("induceval: error:")), lines[-1] if lines else "")
    return f"{len(lines)}-line error (rc={r.rc}): {err[:200]}"


# --- the choices a run reports, as options -------------------------------------------------

def signatures(text: str) -> list[str]:
    """Every ``signature:`` of a run's stdout (JSON tables) and stderr (summaries)."""
    found = re.findall(r"signature: ([^\s\"]+)", text)
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict):
        for t in doc.get("tables", []):
            found += [t.get("signature") or "", *t.get("signatures", [])]
    return [s for s in dict.fromkeys(found) if s]


def fields(sig: str) -> dict[str, str]:
    return dict(part.split(":", 1) for part in sig.split("|")[1:] if ":" in part)


# signature key -> option, for the keys a command resolves from the corpus (the others
# are the options' own defaults, not read from the input)
OPTION_OF = {"gold": "--gold-column", "pred": "--pred-column", "punct": "--punct",
             "tags": "--tags", "column": "--column", "words": "--words",
             "scheme": "--scheme", "refs": "--reference", "speakers": "--speakers",
             "min_count": "--min-count", "level": "--level", "unclustered": "--unclustered",
             "arguments": "--arguments", "test": "--test", "initial": "--initial"}
# options a command does not have, though its signature names the choice (reported as a
# fact of the corpus, not a choice a user can give)
NOT_AN_OPTION = {"wopa": {"speakers", "level", "unclustered", "scheme"},
                 "eval tags": {"words", "scheme", "tags", "column"},
                 "eval deps": {"gold", "pred", "words", "scheme", "tags"},
                 "induce deps": {"gold", "pred", "refs", "words", "scheme"},
                 "induce tags": {"punct", "gold", "pred", "refs", "scheme"}}


# the options whose default (auto) a command resolves from the corpus: each must come back
# from the run's report (the input formats come from info, which names them)
RESOLVED = {"eval tags": ("--gold-column", "--pred-column", "--punct"),
            "induce deps": ("--tags", "--punct"), "eval deps": ("--punct", "--reference"),
            "wopa": ("--punct",), "pseudo extract": ("--scheme",),
            "pseudo build": ("--scheme",), "pseudo score": ("--scheme",)}


def explicit(label: str, r: Run, fmt: str | None) -> list[str]:
    """The options that say what ``r`` reports it chose (and the input format)."""
    opts: list[str] = []
    seen: set[str] = set()
    for sig in signatures(r.out + "\n" + r.err):
        for key, value in fields(sig).items():
            option = OPTION_OF.get(key)
            if option is None or key in NOT_AN_OPTION.get(label, ()) or key in seen:
                continue
            if label.startswith("pseudo") and key not in ("scheme", "arguments"):
                continue
            if value in ("auto", "all"):
                continue  # not resolved: nothing to give back
            seen.add(key)
            if key == "refs":
                for ref in value.split(","):
                    opts += [option, ref]
            else:
                opts += [option, value]
    said = re.search(r"relation scheme: (\w+)", r.out + "\n" + r.err)  # pseudo build's summary
    if label.startswith("pseudo") and said and "scheme" not in seen:
        opts += ["--scheme", said.group(1)]
    if fmt:
        if label in ("eval tags", "eval deps"):
            # the prediction is the CoNLL-U file induce wrote (told by its ending)
            opts += ["--gold-format", fmt, "--pred-format", "conllu"]
        else:
            opts += ["--input-format", fmt]
    if label == "info":
        opts += ["--on-error", "skip"]  # info's own default, said in its JSON
    return opts


def info_format(r: Run) -> tuple[str | None, str]:
    """The one format ``info`` names for every file read (``None`` when they differ)."""
    try:
        doc = json.loads(r.out)
    except ValueError:
        return None, "info's output is not JSON"
    formats = {f["format"] for c in doc.get("corpora", []) for f in c.get("files_read", [])}
    if len(formats) == 1:
        return formats.pop(), ""
    return None, f"files read as {', '.join(sorted(formats))}: no one --input-format"


def numbers(label: str, r: Run) -> object:
    """What must not change: the JSON tables without their notes and signatures (which
    say how the choice was made, e.g. "(detected)"), or the bytes of the files written."""
    if r.files:
        return r.files
    doc = json.loads(r.out)
    if label == "info":
        for c in doc["corpora"]:
            # how a format was told (ending, content, option) is not a number
            c.pop("files_read", None)
            # which files were left out is a number; why in words follows the option given
            c["files_skipped"] = [f["file"] for f in c.get("files_skipped", [])]
            c["report"]["counts"] = {k: v for k, v in c["report"]["counts"].items()
                                     if not k.startswith("files read as")}
            c["report"]["examples"] = {k: v for k, v in c["report"]["examples"].items()
                                       if not k.startswith("files read as")}
        return doc
    for t in doc.get("tables", []):
        for k in ("notes", "signature", "signatures", "title", "key"):
            t.pop(k, None)
    return doc


# --- the commands -------------------------------------------------------------------------

def commands(path: Path, out: Path) -> list[tuple[str, list[str], tuple[Path, ...], str]]:
    """(label, argv, files it writes, the run it needs) of one corpus, in order."""
    p = str(path)
    tags, clusters = out / "tags.conllu", out / "clusters.tsv"
    deps, testset = out / "deps.conllu", out / "test.tsv"
    return [
        ("info", ["info", p, "--format", "json"], (), ""),
        ("convert", ["convert", p, "-o", str(out / "c.conllu")], (out / "c.conllu",), ""),
        ("induce tags", ["induce", "tags", p, "--model", "brown", "--k", "10", "-o", str(tags),
                         "--clusters", str(clusters)], (tags, clusters), ""),
        ("eval tags", ["eval", "tags", "--gold", p, "--pred", str(tags), "--format", "json"],
         (), "induce tags"),
        ("induce deps", ["induce", "deps", p, "-o", str(deps)], (deps,), ""),
        ("eval deps", ["eval", "deps", "--gold", p, "--pred", str(deps), "--format", "json"],
         (), "induce deps"),
        ("eval substitutable", ["eval", "substitutable", "--train", p, "--test", p,
                                "--pred", str(clusters), "--format", "json"], (), "induce tags"),
        ("wopa", ["wopa", p, "--format", "json"], (), ""),
        ("pseudo extract", ["pseudo", "extract", p, "--format", "json"], (), ""),
        ("pseudo build", ["pseudo", "build", p, "-o", str(testset)], (testset,), ""),
        ("pseudo score", ["pseudo", "score", p, "--test-set", str(testset), "--format", "json"],
         (), "pseudo build"),
    ]


def check_corpus(name: str, path: Path, work: Path, timeout: float) -> list[tuple[str, str]]:
    """(command, verdict) of every command on one corpus."""
    work.mkdir(parents=True, exist_ok=True)
    results: list[tuple[str, str]] = []
    ok: set[str] = set()
    fmt, why_no_fmt = None, ""
    for label, argv, outputs, needs in commands(path, work):
        if needs and needs not in ok:
            results.append((label, f"not run ({needs} refused)"))
            continue
        first = run(argv, timeout, outputs)
        if first.rc == 0:
            ok.add(label)  # its output is there for the commands that read it
        else:
            line = refusal(first)
            results.append((label, f"refused: {line}" if line else f"PROBLEM: {failure(first)}"))
            continue
        if label == "info":
            fmt, why_no_fmt = info_format(first)
        opts = explicit(label, first, fmt)
        unsaid = [o for o in RESOLVED.get(label, ()) if o not in opts]
        if unsaid:
            results.append((label, f"PROBLEM: resolves {', '.join(unsaid)} without saying "
                                   f"to what (reported: {' '.join(opts) or 'nothing'})"))
            continue
        # the re-run writes its files beside the first run's, compared by content
        again_argv = [a.replace(str(work), str(work / "again")) if a in map(str, outputs)
                      else a for a in argv]
        again_out = tuple(Path(str(o).replace(str(work), str(work / "again"))) for o in outputs)
        (work / "again").mkdir(exist_ok=True)
        second = run(again_argv + opts, timeout, again_out)
        shown = " ".join(opts) + (f" ({why_no_fmt})" if why_no_fmt else "")
        if second.rc != 0:
            line = refusal(second) or failure(second)
            results.append((label, f"PROBLEM: explicit {shown} refused: {line}"))
            continue
        a = numbers(label, first)
        b = numbers(label, second)
        if a != b:
            results.append((label, f"PROBLEM: other numbers with {shown}"))
            continue
        results.append((label, f"same with {shown}" if opts else "same (no choice reported)"))
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=None,
                    help="the shared data folder (default: induceval.data.shared_data_dir())")
    ap.add_argument("--only", default="", help="comma-separated corpus names")
    ap.add_argument("--list", action="store_true", help="list the corpus names and stop")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per run (300)")
    args = ap.parse_args(argv)
    data = args.data or shared_data_dir()
    if not data.is_dir():
        print(f"no shared data at {data}; skipped")
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="induceval-decisions-"))
    t_all = time.perf_counter()
    rows: list[tuple[str, str, str]] = []
    try:
        found = corpora(data, tmp / "corpora")
        if args.list:
            print("\n".join(found))
            return 0
        only = [x for x in args.only.split(",") if x]
        unknown = set(only) - set(found)
        if unknown:
            print(f"unknown corpus: {', '.join(sorted(unknown))}; known: {', '.join(found)}")
            return 2
        for name, path in found.items():
            if only and name not in only:
                continue
            t0 = time.perf_counter()
            for label, verdict in check_corpus(name, path, tmp / "runs" / name, args.timeout):
                rows.append((name, label, verdict))
                print(f"{name:24s} {label:19s} {verdict}", flush=True)
            print(f"{name:24s} {'':19s} ({time.perf_counter() - t0:.0f} s)", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    labels = list(dict.fromkeys(label for _, label, _ in rows))
    names = list(dict.fromkeys(name for name, _, _ in rows))
    code = {"same": "same", "refu": "refused", "PROB": "PROBLEM", "not ": "-"}
    cell = {(n, lab): code[v[:4]] for n, lab, v in rows}
    print("\n| corpus | " + " | ".join(labels) + " |")
    print("|---" * (len(labels) + 1) + "|")
    for n in names:
        print(f"| {n} | " + " | ".join(cell.get((n, lab), "") for lab in labels) + " |")
    counts = {c: sum(1 for v in cell.values() if v == c) for c in dict.fromkeys(code.values())}
    print("\nsummary: " + ", ".join(f"{c} {k}" for c, k in counts.items() if k)
          + f"; {time.perf_counter() - t_all:.0f} s")
    return 1 if counts.get("PROBLEM") else 0


if __name__ == "__main__":
    sys.exit(main())
