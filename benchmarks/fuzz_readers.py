"""Hostile input for every reader: mutated copies of small corpus slices through the CLI.

A seeded generator takes small slices of the real files in ``../shared/data``
(when present) and small built-in samples of every format (CoNLL-U, CoNLL-X,
CHAT, PTB ``.mrg``, the 3-column dependency sample, Brown, plain text), mutates
them (cut inside the last line, NUL bytes, huge
integers, empty fields, bad multiword ranges, CR-only line ends, tier names in
the wrong case or without their colon, ages that are not ages, long lines ...)
and runs ``info``, ``info --format json``, ``convert``, ``eval tags`` and
``eval deps`` on each.  Every run must end in one of two ways:

- exit 0, and when the mutation made a fault, the fault counted (``--on-error
  skip``) -- else it is a *silent acceptance*;
- exit != 0 with one error line naming the file and line (``path:N:``) -- a
  *clean error* (a hint line may follow);

never a traceback, never an input file changed.

Run ``python benchmarks/fuzz_readers.py [--cases N] [--seed S]`` for the table
of the closing note (runs through the real CLI in subprocesses);
``tests/corpus/test_fuzz_cli.py`` runs a smaller number in-process.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from induceval.data import shared_data_dir

DATA = shared_data_dir()

#: format -> file ending written
ENDINGS = {"conllu": ".conllu", "conllx": ".conll", "chat": ".cha", "ptb": ".mrg",
           "malt": ".dp", "brown": "", "plain": ".txt"}

_CONLLU = ("# sent_id = a1\n# text = The dog barks.\n"
           "1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n"
           "2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
           "3-4\tbarks.\t_\t_\t_\t_\t_\t_\t_\t_\n"
           "3\tbarks\tbark\tVERB\tVBZ\t_\t0\troot\t_\t_\n"
           "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n\n"
           "# sent_id = a2\n"
           "1\tCats\tcat\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n"
           "2\tsleep\tsleep\tVERB\tVBP\t_\t0\troot\t_\t_\n\n")
_CONLLX = ("1\tThe\tthe\tDT\tDT\t_\t2\tNMOD\t_\t_\n2\tdog\tdog\tNN\tNN\t_\t3\tSBJ\t_\t_\n"
           "3\tbarks\tbark\tVB\tVBZ\t_\t0\tROOT\t_\t_\n\n"
           "1\tCats\tcat\tNN\tNNS\t_\t2\tSBJ\t_\t_\n2\tsleep\tsleep\tVB\tVBP\t_\t0\tROOT\t_\t_\n\n")
_CHAT = ("@UTF8\n@Begin\n@Languages:\teng\n"
         "@Participants:\tCHI Anne Target_Child , MOT Mary Mother\n"
         "@ID:\teng|test|CHI|2;4.09|female|||Target_Child|||\n"
         "@ID:\teng|test|MOT|||||Mother|||\n"
         "*MOT:\twhere is the dog ?\n"
         "%mor:\tadv:wh|where v:cop|be&3S det|the n|dog ?\n"
         "%gra:\t1|2|PRED 2|0|ROOT 3|4|DET 4|2|SUBJ 5|2|PUNCT\n"
         "*CHI:\tdoggie .\n%mor:\tn|doggie .\n%gra:\t1|0|ROOT 2|1|PUNCT\n@End\n")
_PTB = ("( (S (NP-SBJ (DT The) (NN dog)) (VP (VBZ barks)) (. .)) )\n"
        "( (S (NP-SBJ (NNS Cats)) (VP (VBP sleep)) (. .)) )\n")
_MALT = "The\tDT\t2\ndog\tNN\t3\nbarks\tVBZ\t0\n.\t.\t3\n\nCats\tNNS\t2\nsleep\tVBP\t0\n\n"
_BROWN = "\n\tThe/at dog/nn barks/vbz ./.\n\n\n\tCats/nns sleep/vb ./.\n"
_PLAIN = "the dog barks .\ncats sleep .\n"
BUILTIN = {"conllu": _CONLLU, "conllx": _CONLLX, "chat": _CHAT, "ptb": _PTB, "malt": _MALT,
           "brown": _BROWN, "plain": _PLAIN}


def _head_blocks(path: Path, n_blocks: int, sep: str = "\n\n") -> str | None:
    """The first ``n_blocks`` blank-line separated blocks of a file (None when absent)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(200_000)
    except OSError:
        return None
    blocks = text.split(sep)
    return sep.join(blocks[:n_blocks]) + sep if len(blocks) > n_blocks else None


def _chat_slice(path: Path, n_utts: int) -> str | None:
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return None
    out, utts = [], 0
    for line in lines:
        if line.startswith("*"):
            utts += 1
            if utts > n_utts:
                break
        if line.startswith("@End"):
            break
        out.append(line)
    return "\n".join(out) + "\n@End\n"


def samples(data: Path = DATA) -> list[tuple[str, str, str]]:
    """``(format, name, text)``: the built-in samples, and slices of the real files found."""
    out = [(fmt, f"builtin-{fmt}", text) for fmt, text in BUILTIN.items()]
    real = [("conllu", data / "ud" / "UD_English-EWT" / "en_ewt-ud-dev.conllu",
             lambda p: _head_blocks(p, 4)),
            ("conllu", data / "ud" / "UD_English-CHILDES", None),
            ("chat", data / "childes" / "eng-uk" / "Belfast" / "barb01.cha",
             lambda p: _chat_slice(p, 5)),
            ("chat", data / "childes" / "eve", None),
            ("ptb", data / "ptb" / "treebank-sample" / "combined" / "wsj_0001.mrg",
             lambda p: p.read_text(encoding="utf-8")),
            ("malt", data / "ptb" / "dependency-treebank-sample" / "wsj_0001.dp",
             lambda p: _head_blocks(p, 2)),
            ("brown", data / "brown" / "brown-tagged" / "ca01",
             lambda p: "\n".join(p.read_text(encoding="utf-8").split("\n")[:12]) + "\n")]
    for fmt, path, take in real:
        if take is None:   # a folder: its first file of the format
            files = sorted(path.rglob("*" + ENDINGS[fmt])) if path.is_dir() else []
            if not files:
                continue
            path = files[0]
            take = (lambda p: _head_blocks(p, 3)) if fmt == "conllu" else \
                (lambda p: _chat_slice(p, 5))
        if path.is_file():
            text = take(path)
            if text:
                out.append((fmt, f"{path.parent.name}/{path.name}", text))
    return out


# --- mutations: (name, applies to formats, function(text, rng) -> text, makes a fault) ------

def _lines(text: str) -> list[str]:
    return text.split("\n")


def _token_lines(text: str, fmt: str) -> list[int]:
    """Indices of the lines that hold tokens (data lines) in ``text``."""
    lines = _lines(text)
    if fmt == "chat":
        return [i for i, s in enumerate(lines) if s.startswith(("*", "%mor", "%gra"))]
    return [i for i, s in enumerate(lines) if s.strip() and not s.startswith("#")]


def _id_lines(lines: list[str], fmt: str) -> list[int]:
    """Indices of the regular token lines of a tabular text."""
    return [i for i, s in enumerate(lines) if s.strip() and not s.startswith("#")
            and (fmt == "malt" or s.split("\t")[0].isdigit())]


def _cut_last_field(text: str, rng: random.Random, fmt: str) -> str:
    """Cut inside the last data line (CoNLL: inside its fields), no final newline."""
    lines = _lines(text.rstrip("\n"))
    last = lines[-1]
    if fmt in ("conllu", "conllx", "malt"):
        tabs = [i for i, c in enumerate(last) if c == "\t"]
        at = tabs[len(tabs) // 2] + 1 if tabs else max(1, len(last) // 2)
    else:
        at = rng.randrange(1, max(2, len(last)))
    return "\n".join(lines[:-1] + [last[:at]])


def _drop_final_newline(text: str, rng: random.Random, fmt: str) -> str:
    return text.rstrip("\n")


def _nul(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = rng.choice(_token_lines(text, fmt))
    at = rng.randrange(1, max(2, len(lines[i])))
    lines[i] = lines[i][:at] + "\x00" + lines[i][at:]
    return "\n".join(lines)


_HUGE = ["99999999999999999999999", "9223372036854775808", "2147483648", "4294967297"]


def _huge_head(text: str, rng: random.Random, fmt: str) -> str:
    col = {"conllu": 6, "conllx": 6, "malt": 2}[fmt]
    lines = _lines(text)
    i = rng.choice(_id_lines(lines, fmt))
    fields = lines[i].split("\t")
    fields[col] = rng.choice(_HUGE)
    lines[i] = "\t".join(fields)
    return "\n".join(lines)


def _huge_gra(text: str, rng: random.Random, fmt: str) -> str:
    return re.sub(r"\b1\|0\|ROOT", rng.choice(_HUGE) + "|0|ROOT", text, count=1)


def _empty_field(text: str, rng: random.Random, fmt: str, col: int | None = None) -> str:
    lines = _lines(text)
    i = rng.choice(_id_lines(lines, fmt))
    fields = lines[i].split("\t")
    if col is None:
        col = {"conllu": 1, "conllx": 1, "malt": 0}[fmt]
    fields[col] = ""
    lines[i] = "\t".join(fields)
    return "\n".join(lines)


def _empty_tag(text: str, rng: random.Random, fmt: str) -> str:
    return _empty_field(text, rng, fmt, {"conllu": 3, "conllx": 4, "malt": 1}[fmt])


def _bad_range(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = next(i for i, s in enumerate(lines) if s.startswith("2\t"))
    bad = rng.choice(["2-1", "2-999", "2-2"])
    lines.insert(i, bad + "\tx" + "\t_" * 8)
    return "\n".join(lines)


def _empty_node_first(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = next(i for i, s in enumerate(lines) if s.startswith("1\t"))
    # (UD's "0.1" is an empty node before token 1, allowed; "1.1" must follow token 1)
    lines.insert(i, "1.1\tx\t_\t_\t_\t_\t_\t_\t_\t_")
    return "\n".join(lines)


def _cr_only(text: str, rng: random.Random, fmt: str) -> str:
    return text.replace("\n", "\r")


def _crlf(text: str, rng: random.Random, fmt: str) -> str:
    return text.replace("\n", "\r\n")


def _long_line(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = rng.choice(_token_lines(text, fmt))
    lines[i] = lines[i] + "x" * rng.choice([2000, 20000])
    return "\n".join(lines)


def _long_bad_line(text: str, rng: random.Random, fmt: str) -> str:
    """A long line that is no data line of the format."""
    lines = _lines(text)
    i = rng.choice(_token_lines(text, fmt))
    lines.insert(i, "(" * 3 + "\t" * 3 + "z" * 5000 if fmt != "plain" else "z " * 10)
    return "\n".join(lines)


def _long_bad_token(text: str, rng: random.Random, fmt: str) -> str:
    """A 5,000-character field or token that is wrong where it stands."""
    lines = _lines(text)
    if fmt == "brown":
        i = rng.choice(_token_lines(text, fmt))
        lines[i] += " " + "y" * 5000
    elif fmt == "chat":
        return _set_age(text, "9" * 5000)
    else:
        i = rng.choice(_id_lines(lines, fmt))
        fields = lines[i].split("\t")
        if fmt == "malt":
            fields += ["z" * 5000] * 2
        else:
            fields[0] = "z" * 5000
        lines[i] = "\t".join(fields)
    return "\n".join(lines)


def _no_end(text: str, rng: random.Random, fmt: str) -> str:
    return text.replace("@End\n", "")


def _tier_case(text: str, rng: random.Random, fmt: str) -> str:
    return text.replace("%mor:", rng.choice(["%MOR:", "%Mor:"]), 1)


def _tier_colon(text: str, rng: random.Random, fmt: str) -> str:
    return re.sub(r"%(mor|gra):", rng.choice([r"%\1", r"%\1 "]), text, count=1)


_BAD_AGES = ["2;13.26", "2;7.40", "2;7.26.3", "2;", "two", "-2;3.04", "٢;٣.١٠", "2;-3.10",
             "99999999999999;0.0", "2.3;1", ";4.", "1;2.3x"]


def _set_age(text: str, age: str) -> str:
    """``text`` with the age of the child's ``@ID`` header set to ``age``."""
    return re.sub(r"(@ID:\t[^|]*\|[^|]*\|CHI\|)[^|]*", lambda m: m.group(1) + age, text,
                  count=1)


def _bad_age(text: str, rng: random.Random, fmt: str) -> str:
    return _set_age(text, rng.choice(_BAD_AGES))


def _brown_untagged_first(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = next(i for i, s in enumerate(lines) if s.strip())
    toks = lines[i].split()
    j = rng.randrange(len(toks))
    toks[j] = toks[j].rsplit("/", 1)[0]
    lines[i] = "\t" + " ".join(toks)
    return "\n".join(lines)


def _unbalanced(text: str, rng: random.Random, fmt: str) -> str:
    at = text.rfind(")")
    return text[:at] + text[at + 1:]


def _bad_utf8(text: str, rng: random.Random, fmt: str) -> str:
    lines = _lines(text)
    i = rng.choice(_token_lines(text, fmt))
    lines[i] = lines[i] + "\udcff"
    return "\n".join(lines)


def _bom(text: str, rng: random.Random, fmt: str) -> str:
    return "\ufeff" + text


@dataclass(frozen=True)
class Mutation:
    name: str
    formats: tuple[str, ...]
    apply: Callable[[str, random.Random, str], str]
    #: the result holds a fault that must be refused (fail) or counted (skip)
    fault: bool
    #: the fault is in the heads alone (``eval tags`` reads no heads: not a fault there)
    heads_only: bool = False


_TAB = ("conllu", "conllx", "malt")
_ALL = tuple(BUILTIN)
MUTATIONS = [
    Mutation("none", _ALL, lambda t, r, f: t, False),
    Mutation("cut inside the last field", _TAB + ("ptb",), _cut_last_field, True),
    Mutation("no final newline", _ALL, _drop_final_newline, False),
    Mutation("NUL byte", _ALL, _nul, True),
    Mutation("huge head", _TAB, _huge_head, True, heads_only=True),
    Mutation("huge %gra index", ("chat",), _huge_gra, True, heads_only=True),
    Mutation("empty FORM", _TAB, _empty_field, True),
    Mutation("empty tag", _TAB, _empty_tag, True),
    Mutation("bad multiword range", ("conllu",), _bad_range, True),
    Mutation("empty node before token 1", ("conllu",), _empty_node_first, True),
    Mutation("CR-only line ends", _ALL, _cr_only, False),
    Mutation("CRLF line ends", _ALL, _crlf, False),
    Mutation("long line", ("plain", "brown"), _long_line, False),
    Mutation("long bad line", _TAB + ("ptb", "chat"), _long_bad_line, True),
    Mutation("long bad token", _TAB + ("brown", "chat"), _long_bad_token, True),
    Mutation("no @End", ("chat",), _no_end, True),
    Mutation("tier name case", ("chat",), _tier_case, True),
    Mutation("tier without colon", ("chat",), _tier_colon, True),
    Mutation("bad age", ("chat",), _bad_age, True),
    Mutation("Brown first line untagged token", ("brown",), _brown_untagged_first, True),
    Mutation("unbalanced brackets", ("ptb",), _unbalanced, True),
    Mutation("invalid UTF-8", _ALL, _bad_utf8, True),
    Mutation("byte-order mark", _ALL, _bom, False),
]

#: formats with tags (eval tags) and with heads (eval deps)
TAGGED = ("conllu", "conllx", "chat", "ptb", "malt", "brown")
HEADED = ("conllu", "conllx", "chat", "malt")


def commands(fmt: str, path: str, out_dir: str) -> list[tuple[str, list[str]]]:
    """``(label, argv)`` of the commands run on one mutated file."""
    fmt_opt: list[str] = []   # (every format by its ending or, Brown, its content)
    gold_fmt: list[str] = []
    cmds = [("info", ["info", "--no-progress", *fmt_opt, path]),
            ("info fail", ["info", "--no-progress", "--on-error", "fail", *fmt_opt, path]),
            ("info json", ["info", "--no-progress", "--format", "json", *fmt_opt, path]),
            ("convert", ["convert", "-q", *fmt_opt, path, "--to", "conllu",
                         "-o", os.path.join(out_dir, "out.conllu")])]
    if fmt in TAGGED:
        cmds.append(("eval tags", ["eval", "tags", "--no-progress", "--gold", path, "--pred",
                                   path, "--allow-identical", *gold_fmt]))
    if fmt in HEADED:
        cmds.append(("eval deps", ["eval", "deps", "--no-progress", "--gold", path, "--pred",
                                   path, *gold_fmt]))
    return cmds


@dataclass
class Outcome:
    code: int
    stderr: str
    traceback: bool
    stdout: str = ""


def run_in_process(argv: list[str]) -> Outcome:
    """Run the CLI's main function here, stdout and stderr captured."""
    from induceval.cli.main import main

    err, out = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except Exception:  # noqa: BLE001 - a traceback is what is counted
        import traceback

        return Outcome(1, err.getvalue() + traceback.format_exc(), True)
    return Outcome(code, err.getvalue(), False, out.getvalue())


def run_subprocess(argv: list[str]) -> Outcome:
    """Run the real ``induceval`` command."""
    proc = subprocess.run([sys.executable, "-c", "import sys; from induceval.cli.main import "
                           "main; sys.exit(main())", *argv], capture_output=True, text=True,
                          timeout=300)
    return Outcome(proc.returncode, proc.stderr, "Traceback (most recent call last)"
                   in proc.stderr, proc.stdout)


_ERROR = "induceval: error: "


def classify(outcome: Outcome, path: str, fault: bool, skip: bool) -> tuple[str, str]:
    """``(kind, why)``: kind is clean error, accepted, counted, traceback, silent
    acceptance or unclear error."""
    if outcome.traceback:
        return "traceback", outcome.stderr.strip().splitlines()[-1]
    lines = [s for s in outcome.stderr.splitlines() if s.strip()]
    if outcome.code != 0:
        errors = [s for s in lines if s.startswith(_ERROR)]
        others = [s for s in lines if not s.startswith(("induceval: hint:", _ERROR))]
        if len(errors) == 1 and not others and re.search(re.escape(path) + r":\d+: ",
                                                         errors[0]) and len(errors[0]) < 400:
            return "clean error", ""
        return "unclear error", " | ".join(lines)[:300]
    if not fault:
        return "accepted", ""
    if skip and re.search(re.escape(path) + r":\d+", outcome.stderr + outcome.stdout):
        return "counted", ""
    return "silent acceptance", ""


def cases(n: int, seed: int, data: Path = DATA, real: bool | None = None
          ) -> list[tuple[str, str, Mutation, str]]:
    """``n`` seeded ``(format, sample name, mutation, mutated text)`` cases, every
    (sample, mutation) pair once before any twice; ``real``: only the slices of real files
    (True), only the built-in samples (False), both (None)."""
    rng = random.Random(seed)
    pairs = [(fmt, name, text, m) for fmt, name, text in samples(data)
             if real is None or real != name.startswith("builtin-")
             for m in MUTATIONS if fmt in m.formats]
    out = []
    while len(out) < n:
        order = list(range(len(pairs)))
        rng.shuffle(order)
        for i in order[:n - len(out)]:
            fmt, name, text, m = pairs[i]
            out.append((fmt, name, m, m.apply(text, rng, fmt)))
    return out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_case(fmt: str, mutation: Mutation, text: str, run: Callable[[list[str]], Outcome],
             ) -> list[tuple[str, str, str]]:
    """Run every command on one mutated file: ``(command, kind, why)`` per run; an input
    changed is reported as kind ``input changed``."""
    results = []
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / ("in" + ENDINGS[fmt])
        path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
        before = _digest(path)
        for label, argv in commands(fmt, str(path), d):
            outcome = run(argv)
            skip = label in ("info", "info json")
            fault = mutation.fault and not (mutation.heads_only and label == "eval tags")
            kind, why = classify(outcome, str(path), fault, skip)
            if _digest(path) != before:
                kind, why = "input changed", label
            results.append((label, kind, why))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=600, help="mutated files (default 600)")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--in-process", action="store_true",
                        help="call the CLI's main function instead of a subprocess (faster)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every bad run")
    args = parser.parse_args(argv)
    run = run_in_process if args.in_process else run_subprocess
    kinds: Counter = Counter()
    bad: list[str] = []
    all_cases = cases(args.cases, args.seed)
    for fmt, name, mutation, text in all_cases:
        for label, kind, why in run_case(fmt, mutation, text, run):
            kinds[kind] += 1
            if kind in ("traceback", "silent acceptance", "unclear error", "input changed"):
                bad.append(f"{kind}: {name} / {mutation.name} / {label}: {why}")
    runs = sum(kinds.values())
    print(f"{len(all_cases)} mutated files (seed {args.seed}), {runs} runs")
    print("| outcome | runs |\n|---|---:|")
    for kind in ("accepted", "counted", "clean error", "unclear error", "traceback",
                 "silent acceptance", "input changed"):
        print(f"| {kind} | {kinds[kind]} |")
    if args.verbose or len(bad) <= 40:
        for line in sorted(set(bad)):
            print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
