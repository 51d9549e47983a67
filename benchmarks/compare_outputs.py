"""Same bytes before and after: run the CLI on two revisions and compare every file it writes.

What it shows
-------------
Nothing a user sees may change except where a number was wrong:
``induceval demo``, every ``reproduce`` protocol on the demo corpus (those
that read it: frank2009 and chang2006 read CHAT only) and on slices of the
shared data, the CLI golden tests, and every other command on small real
inputs, write the same bytes on the base revision and on the head.  A
*command* is a short sequence of CLI calls (steps) run in its own empty
folder; everything it writes is compared, file by file, byte for byte: the
stdout of every step (``N.stdout``), every file under ``-o`` / ``--out`` /
``--log`` / ``--clusters`` / ``--plot`` (tables, cells, figures), and, for a
step expected to fail (a bad input, exit 2), its exit code and stderr
(``N.stderr``).  Otherwise stderr (summaries, progress) is kept aside and
shown only when a step fails.

How to run it (by hand; benchmarks/ is not collected by pytest)::

    python benchmarks/compare_outputs.py --base main            # main vs this working tree
    python benchmarks/compare_outputs.py --base 82e125b --head main --jobs 2
    python benchmarks/compare_outputs.py --list                 # the commands
    python benchmarks/compare_outputs.py --base main --only demo,eval-deps-fixtures

``--base`` and ``--head`` take a git revision of the repository this script
lives in, or ``.`` for its working tree (uncommitted changes included; the
default head).  A revision is extracted with ``git archive`` (``src`` and
``tests/fixtures`` only; no worktree is registered, nothing in the repository
changes) into ``--trees DIR/<sha>`` when given (kept, with the compiled
numba kernels, for the next run), else into the temporary folder.  Each side
runs ``python -c "from induceval.cli.main import main ..."`` (what the
``induceval`` entry point runs) with this interpreter and
``PYTHONPATH=<side>/src``, in a clean environment (no ``INDUCEVAL_*``
variable, ``TMPDIR`` per side, ``MPLBACKEND=Agg``).  The sides run one after
the other; ``--jobs N`` runs N commands of one side at once.

Inputs are made once and shared by both sides, so that a difference is the
command's: slices of the corpora under ``--data`` (default
``$INDUCEVAL_SHARED_DATA``, else ``../shared/data`` beside the repository;
copied byte for byte or cut at sentence boundaries: UD English-EWT dev, PTB
dependency and bracketed samples, Brown, CHILDES Eve, Manchester, Belfast
and Estonian files), the test fixtures of the base revision, the demo corpus
written by the base revision's ``convert --demo``, and
seeded synthetic predictions written by this script (clusters from a hash
of the form, random heads).  Commands that need ``--data`` are skipped when
it is absent.

Normalisation (applied to both sides before comparing; nothing else is)::

    v:0.3.1  ->  v:VERSION            the version field of signatures (text and JSON)
    "version": "0.3.1"                the version of stored cells (cells/*.json)
    "digest": "1b55..."               a stored cell's digest of its own content, version
                                      included (the content is compared as it is)
    "started": "2026-...", "data": "/..."   a run's start time and data folder (run.json)
    JSON "seconds", "seconds_per_sweep", "seconds_per_iteration" -> "SECONDS"
                                      (induce tags/deps --log, demo --format json)
    the seconds column of the demo's "demo steps" table (text output)

A release bump is expected to change the version; the seconds are wall-clock
times.  A version of another length also changes the padding of table
columns that hold signatures: read those diffs.  PNG figures are compared
byte for byte (matplotlib writes no date into a PNG; two runs of one tree
give the same bytes) and reported separately ("figures only") when nothing
else differs.

Output: one line per command -- identical, differs (the first differing
files and a few lines of unified diff), failed (the step, its exit code and
the last lines of its stderr) or skipped, with its wall time on each side --
then the counts and the wall and CPU time of each side.  Exit status 0 when
every command run is identical, 1 otherwise.  ``--keep DIR`` keeps the
inputs and both output trees (``DIR/base/<command>``,
``DIR/head/<command>``; stderr and the seconds of each step in
``DIR/stderr``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import random
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENTRY = "import sys; from induceval.cli.main import main; sys.exit(main())"
IN = "../../inputs"          # the inputs, seen from a command's folder (<work>/<side>/<command>)
FIGURES = (".png", ".svg", ".pdf")


# --------------------------------------------------------------------------- the commands

@dataclass(frozen=True)
class Step:
    """One CLI call: its arguments (``{in}`` = the inputs folder) and expected exit code."""

    args: str
    exit: int = 0

    def argv(self) -> list[str]:
        return shlex.split(self.args.replace("{in}", IN))


@dataclass(frozen=True)
class Command:
    """A named sequence of steps run in one empty folder; ``real``: needs ``--data``."""

    name: str
    steps: tuple[Step, ...]

    @property
    def real(self) -> bool:
        return any("{in}/real/" in s.args for s in self.steps)


def C(name: str, *steps: str) -> Command:
    """A command; a step written ``"!2 ARGS"`` is expected to exit with status 2."""
    parsed = []
    for s in steps:
        m = re.match(r"!(\d+) (.*)", s, re.S)
        parsed.append(Step(m.group(2), int(m.group(1))) if m else Step(s))
    return Command(name, tuple(parsed))


# input paths (under the inputs folder; see prepare_inputs)
FX = "{in}/fixtures"
CAT, DEPS, CLI = f"{FX}/categories", f"{FX}/deps", f"{FX}/cli"
DEMO = "{in}/demo/demo.conllu"
DEMO_P1, DEMO_P2 = "{in}/demo/pred1.conllu", "{in}/demo/pred2.conllu"
DEMO_ALT, DEMO_TYPES = "{in}/demo/alt-gold.conllu", "{in}/demo/types.tsv"
R = "{in}/real"
EWT_DIR = f"{R}/ud/UD_English-EWT"
EWT = f"{EWT_DIR}/en_ewt-ud-dev-500.conllu"
EWT_P1, EWT_P2, EWT_ALT = f"{R}/ud/pred1.conllu", f"{R}/ud/pred2.conllu", f"{R}/ud/alt-gold.conllu"
UDF_GOLD, UDF_PRED = f"{R}/ud-folder/gold", f"{R}/ud-folder/pred"
WSJ, WSJ_PRED, MRG = f"{R}/ptb/wsj-dp", f"{R}/ptb/wsj-dp-pred", f"{R}/ptb/wsj-mrg"
BROWN, BROWN_TYPES = f"{R}/brown/brown-tagged", f"{R}/brown/types.tsv"
EVE, EVE01 = f"{R}/childes/eve", f"{R}/childes/eve/eve01.cha"
BECKY, CARL = f"{R}/childes/manchester/becky", f"{R}/childes/manchester/carl"
BELFAST, ESTONIAN = f"{R}/childes/belfast", f"{R}/childes/estonian"
CONFIDENCE = "--confidence 50"


HELP = ("", "info", "convert", "demo", "eval", "eval tags", "eval substitutable", "eval deps",
        "induce", "induce tags", "induce deps", "wopa", "pseudo", "pseudo extract", "pseudo build",
        "pseudo score", "pseudo unseen", "reproduce", "reproduce frank2009",
        "reproduce reichart2010", "reproduce pascal2012-pos", "reproduce pascal2012-deps",
        "reproduce pascal2012-joint", "reproduce chang2006", "reproduce chambers2010")


DEMO_COMMANDS = [
    C("demo", "demo"),
    C("demo-json", "demo --format json -o demo.json"),
    C("demo-steps",
      "demo --sentences 300 --steps demo_pseudo,demo_deps --format json -o demo.json",
      "demo --sentences 300 --steps demo_tags,demo_wopa --percent",
      "!2 demo --sentences 60 --steps demo_no_such_step -o missing.txt"),
]
INFO_CONVERT = [
    C("help", *(f"{sub} --help".strip() for sub in HELP)),
    C("info-fixtures",
      f"info {CLI}/tiny.conllu", f"info {CLI}/tiny.conllu --format json -o info.json",
      "info --demo --format json -o demo-info.json",
      f"info {FX}/readers/tiny.dp {FX}/readers/tiny.mrg {FX}/readers/tiny.txt "
      f"{FX}/readers/tiny4.malt {FX}/readers/tiny.pascal {FX}/readers/tiny.conll "
      f"{FX}/chat/conventions.cha {FX}/chat/nomor.cha --format markdown",
      f"!2 info {FX}/chat/conventions.cha --on-error fail",
      "!2 info {in}/absent.conllu"),
    C("info-real",
      f"info {EWT} {WSJ} {MRG} {BROWN} {EVE} {BECKY} {ESTONIAN}",
      f"info {EWT} {WSJ} {EVE} --format json -o info.json"),
    C("convert-fixtures",
      f"convert {CLI}/tiny.conllu --remove-punct upos --max-length 6 --to conllu "
      "-o out.conllu -q",
      f"convert {CLI}/tiny.conllu --remove-punct upos --max-length 6 --to pascal "
      "-o out.pascal -q",
      f"convert {CLI}/tiny.conllu --map-tags ptb-universal --boundaries -o mapped.conll",
      f"convert {CLI}/tiny.conllu",
      f"!2 convert {CLI}/tiny.conllu --remove-punct bogus --to conllu",
      f"!2 convert {FX}/chat/conventions.cha -o x.conllu -q",
      f"convert {FX}/chat/conventions.cha --on-error skip --child-directed "
      "--split-clitics -o chat.conllu -q"),
    C("convert-demo",
      "convert --demo --map-tags ptb-universal --to conllu -o demo.conllu",
      "convert --demo --remove-punct --max-length 10 -o demo10.pascal",
      "convert --demo --seed 7 --boundaries -o demo7.conllx"),
    C("convert-real",
      f"convert {EWT} -o ewt.conllu -q",
      f"convert {EWT} --remove-punct --max-length 10 --to pascal -o ewt10.pascal",
      f"convert {MRG} --to conllx -o mrg.conll",
      f"convert {WSJ} --map-tags ptb-universal -o wsj.conllu",
      f"convert {BROWN} -o brown.conllu",
      f"convert {BECKY} --child-directed --split-clitics --map-tags childes-collapsed "
      "--remove-punct -o becky.conllu",
      f"convert {EVE01} --map-tags childes-stripped -o eve01.conllu",
      f"convert {ESTONIAN} -o estonian.conllu"),
]
EVAL_TAGS = [
    C("eval-tags-fixtures",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/perfect.conllu "
      f"--pred {CAT}/mixed.conllu --pred {CAT}/types.tsv --format json",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/perfect.conllu "
      f"--pred {CAT}/mixed.conllu",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/types_unclustered.tsv --level both "
      "--unclustered split --restarts 2 --seed 1 --format json",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/types_unclustered.tsv",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/mixed.conllu --format csv "
      "--log-base e",
      f"eval tags --gold {CAT}/gold.conllu --pred {CAT}/perfect.conllu "
      f"--pred {CAT}/mixed.conllu --paired ar --paired-n 20 --format csv -o tags.csv",
      f"eval tags --gold {CLI}/ptb-tiny.dp --pred {CLI}/ptb-tiny.dp --pred-column form "
      "--format json",
      f"eval tags --gold {CLI}/childes-tiny.conllu --pred {CLI}/childes-tiny.conllu "
      "--pred-column form --format json",
      f"!2 eval tags --gold {CAT}/gold.conllu --pred {CAT}/mismatch.conllu",
      f"!2 eval tags --gold {CLI}/tiny.conllu --pred {CLI}/tiny.conllu",
      "eval substitutable --train {in}/subst/train.txt --test {in}/subst/test.txt "
      "--pred {in}/subst/cl.tsv --format json",
      "eval substitutable --train {in}/subst/train.txt --test {in}/subst/test.txt "
      "--pred {in}/subst/cl.tsv --cluster-size types"),
    C("eval-tags-demo",
      f"eval tags --gold {DEMO} --pred {DEMO_P1} --pred {DEMO_P2} --level both "
      f"{CONFIDENCE} --paired ar --format json -o tags.json",
      f"eval tags --gold {DEMO} --pred {DEMO_P1} --pred {DEMO_TYPES} --unclustered split "
      "--level both --restarts 2",
      f"eval tags --gold {DEMO} --pred {DEMO_P1} {CONFIDENCE} --unit document "
      "--format markdown --percent",
      f"eval tags --gold {DEMO} --gold-column xpos --pred {DEMO_P1} --pred-column upos "
      "--format latex",
      f"eval substitutable --train {DEMO} --test {DEMO_ALT} --pred {DEMO_TYPES} "
      f"--pred {DEMO_P1}"),
    C("eval-tags-real",
      f"eval tags --gold {EWT} --pred {EWT_P1} --pred {EWT_P2} --level both --restarts 2",
      f"eval tags --gold {EWT} --pred {EWT_P1} {CONFIDENCE} --paired bootstrap "
      f"--pred {EWT_P2} --format json -o ewt.json",
      f"eval tags --gold {BROWN} --pred {BROWN_TYPES} --unclustered split",
      f"eval tags --gold {WSJ} --pred {WSJ_PRED} --format csv -o wsj.csv"),
    C("eval-tags-folder",
      f"eval tags --gold {UDF_GOLD} --pred {UDF_PRED} --format json -o tags.json"),
    C("eval-tags-folder-jobs2",
      f"eval tags --gold {UDF_GOLD} --pred {UDF_PRED} --format json -o tags.json --jobs 2"),
]
EVAL_DEPS = [
    C("eval-deps-fixtures",
      f"eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/system.conllu "
      f"--pred {DEPS}/gold.conllu --format json",
      f"eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/system.conllu --max-length 3 "
      "--by edge-length --format json",
      f"eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/system.conllu --punct keep "
      "--format csv --plot accuracy-by-edge-length fig1.png",
      f"eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/system.conllu "
      f"--pred {DEPS}/gold.conllu --name sys --name gold --by relation --by edge-length "
      "--format csv -o deps.csv",
      f"eval deps --gold {CLI}/ptb-tiny.dp --pred {CLI}/ptb-tiny.dp --format json",
      f"!2 eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/ud_system.conllu",
      f"!2 eval deps --gold {DEPS}/gold.conllu --pred {DEPS}/system.conllu --by relation "
      "--format csv"),
    C("eval-deps-demo",
      f"eval deps --gold {DEMO} --pred {DEMO_P1} --pred {DEMO_P2} --by relation --by pos "
      "--by edge-length --max-length 10 --plot accuracy-by-edge-length fig.png "
      f"{CONFIDENCE} --paired bootstrap --format json -o deps.json",
      f"eval deps --gold {DEMO} --pred {DEMO_P1} --pred {DEMO_P2} --by sentence-length "
      "--measure ned",
      f"eval deps --gold {DEMO} --gold {DEMO_ALT} --pred {DEMO_P1} {CONFIDENCE} "
      "--unit document --format markdown"),
    C("eval-deps-real",
      f"eval deps --gold {EWT} --gold {EWT_ALT} --pred {EWT_P1} --pred {EWT_P2} "
      f"--by relation --by pos --by edge-length --max-length 10 {CONFIDENCE} --paired ar "
      "--plot accuracy-by-edge-length fig.png",
      f"eval deps --gold {WSJ} --pred {WSJ_PRED} --by edge-length-exact --format json "
      "-o wsj.json",
      f"induce deps {EVE01} --iterations 5 -o eve-dmv.conllu -q",
      f"eval deps --gold {EVE01} --pred eve-dmv.conllu --by relation --format json "
      "-o eve.json"),
    C("eval-deps-folder",
      f"eval deps --gold {UDF_GOLD} --pred {UDF_PRED} --by relation --format json "
      "-o deps.json",
      f"eval deps --gold {WSJ} --pred {WSJ_PRED} --format json -o wsj.json"),
    C("eval-deps-folder-jobs2",
      f"eval deps --gold {UDF_GOLD} --pred {UDF_PRED} --by relation --format json "
      "-o deps.json --jobs 2",
      f"eval deps --gold {WSJ} --pred {WSJ_PRED} --format json -o wsj.json --jobs 2"),
]
INDUCE = [
    C("induce-tags-bhmm",
      f"induce tags {DEMO} --model bhmm --k 12 --iterations 20 -o bhmm.pascal "
      "--clusters bhmm.tsv --log bhmm.json",
      f"induce tags {DEMO} --model bhmm --k 12 --iterations 10 --order 2 --no-hyper "
      "-o bhmm2.conllu -q"),
    C("induce-tags-brown",
      f"induce tags {DEMO} --model brown --k 12 -o brown.conllu --clusters brown.tsv "
      "--log brown.json",
      f"induce tags {DEMO} --model brown --k 12 --min-count 2 --min-occur 2 -o brown2.tsv",
      "induce tags --demo --model brown --k 6"),
    C("induce-tags-exchange",
      f"induce tags {DEMO} --model exchange --k 12 --max-iter 3 -o exchange.tsv "
      "--log exchange.json",
      f"induce tags {DEMO} --model exchange --k 12 --max-iter 2 --init random "
      "--restarts 2 --refine 0 -o exchange2.pascal -q"),
    C("induce-tags-ff-hc-random",
      f"induce tags {DEMO} --model ff --k 12 -o ff.conllu --clusters ff.tsv",
      f"induce tags {DEMO} --model hc --k 12 --n-targets 200 --n-contexts 50 -o hc.conllu",
      f"induce tags {DEMO} --model random --gold upos -o random.conllu",
      f"induce tags {DEMO} --model random --k 10 -o random.tsv",
      f"eval tags --gold {DEMO} --pred ff.conllu --pred hc.conllu --pred random.conllu"),
    C("induce-tags-real",
      f"induce tags {EWT} --model brown --k 20 -o ewt-brown.conllu",
      f"induce tags {WSJ} --model exchange --k 20 --max-iter 3 -o wsj-exchange.tsv",
      f"induce tags {BECKY} --model ff --k 12 --on-error skip -o becky-ff.tsv",
      f"eval tags --gold {EWT} --pred ewt-brown.conllu --format json -o ewt.json"),
    C("induce-tags-folder",
      f"induce tags {UDF_GOLD} --model brown --k 12 -o brown.conllu --clusters brown.tsv",
      f"induce tags {UDF_GOLD} --model exchange --k 12 --max-iter 3 -o exchange.tsv"),
    C("induce-tags-folder-jobs2",
      f"induce tags {UDF_GOLD} --model brown --k 12 -o brown.conllu --clusters brown.tsv "
      "--jobs 2",
      f"induce tags {UDF_GOLD} --model exchange --k 12 --max-iter 3 -o exchange.tsv "
      "--jobs 2"),
    C("induce-deps-demo",
      f"induce deps {DEMO} --model dmv --iterations 10 -o dmv.conllu --log dmv.json",
      f"induce deps {DEMO} --viterbi-em --iterations 5 --smoothing 0.1 --to pascal "
      "-o dmv-viterbi.pascal",
      f"induce deps {DEMO} --model lb -o lb.conllu",
      f"induce deps {DEMO} --model rb --to conllx -o rb.conll",
      f"induce deps {DEMO} --model random -o random.conllu",
      f"induce deps {DEMO} --model harmonic --tags xpos -o harmonic.conllu",
      "induce deps --demo --model dmv --iterations 3 --max-train-length 0",
      f"eval deps --gold {DEMO} --pred dmv.conllu --pred lb.conllu --pred rb.conll "
      "--pred random.conllu --pred harmonic.conllu"),
    C("induce-deps-real",
      f"induce deps {WSJ} --iterations 10 -o wsj-dmv.conllu --log wsj-dmv.json",
      f"induce deps {EWT} --tags xpos --iterations 10 -o ewt-dmv.conllu",
      f"eval deps --gold {WSJ} --pred wsj-dmv.conllu --max-length 10",
      f"eval deps --gold {EWT} --pred ewt-dmv.conllu"),
]
WOPA_PSEUDO = [
    C("wopa-demo",
      f"wopa {DEMO}",
      f"wopa {DEMO} --learners lexstat,prevword,chance --test self {CONFIDENCE} "
      "--paired ar --format json -o wopa.json",
      f"wopa {DEMO} --test adult-child --by-day --ties pessimistic --chance exact",
      f"wopa {DEMO} {DEMO_ALT} --cooccurrence pairs --count pair --initial boundary "
      "--format csv -o wopa.csv"),
    C("wopa-fixtures", f"wopa {FX}/wopa/toy.cha", f"wopa {FX}/wopa/toy.cha --test adult-child",
      f"wopa {FX}/wopa/adults_only.cha --format json"),
    C("wopa-real",
      f"wopa {BECKY} {CARL} --test adult-child {CONFIDENCE} --paired bootstrap",
      f"wopa {EVE01} --by-day --format json -o eve.json",
      f"wopa {ESTONIAN} --learners chance,prevword,lexstat"),
    C("pseudo-demo",
      f"pseudo extract {DEMO} --format json -o tuples.json",
      f"pseudo build {DEMO} --method neighbor -o test-set.tsv",
      f"pseudo build {DEMO} --method random -o random.tsv",
      f"pseudo build {DEMO} --method buckets --part dev -o buckets.tsv",
      f"pseudo score {DEMO} --test-set test-set.tsv --iterations 100 {CONFIDENCE} "
      "--paired ar",
      f"pseudo score {DEMO} --test-set random.tsv --iterations 20 --models baseline "
      "--ties expected --format csv",
      f"pseudo unseen {DEMO} --format json -o unseen.json"),
    C("pseudo-real",
      # one corpus of CHAT and UD files: two relation schemes, refused since 0.9.0
      f"!2 pseudo extract {EWT} {BECKY} --on-error skip",
      f"pseudo build {EWT} -o ewt-test-set.tsv",
      f"pseudo score {EWT} --test-set ewt-test-set.tsv --iterations 100 {CONFIDENCE}",
      f"pseudo build {BECKY} --on-error skip --arguments nominals -o becky-test-set.tsv",
      f"pseudo unseen {BECKY} --on-error skip"),
    C("pseudo-folder",
      f"pseudo build {UDF_GOLD} -o test-set.tsv",
      f"pseudo score {UDF_GOLD} --test-set test-set.tsv --iterations 50 --format json "
      "-o score.json",
      f"pseudo unseen {UDF_GOLD}"),
    C("pseudo-folder-jobs2",
      f"pseudo build {UDF_GOLD} -o test-set.tsv --jobs 2",
      f"pseudo score {UDF_GOLD} --test-set test-set.tsv --iterations 50 --format json "
      "-o score.json --jobs 2",
      f"pseudo unseen {UDF_GOLD} --jobs 2"),
]
REPRODUCE = [
    C("frank2009-real",
      f"reproduce frank2009 --train {BECKY} --test {BELFAST} --k 12,53 "
      f"--bhmm-iterations 20 --max-sentences 1500 {CONFIDENCE} --out out"),
    C("frank2009-real-noci",
      f"reproduce frank2009 --train {CARL} --test {BELFAST} --k 12 --models random,hc,ff "
      "--spsr-labels types --table2-rows distinct --confidence 0 --format json --out out"),
    C("reichart2010-demo",
      f"reproduce reichart2010 --gold {DEMO} --gold-column upos --pred p1={DEMO_P1} "
      f"p2={DEMO_P2} --out out"),
    C("reichart2010-real",
      f"reproduce reichart2010 --gold {WSJ} --gold-format malt --model brown:20 "
      "exchange:20:max_iter=3 hc:20 ff:20 bhmm:20:iterations=20 random:20 --restarts 2 "
      "--out out"),
    C("pascal2012-pos-demo",
      f"reproduce pascal2012-pos --treebank demo={DEMO} --max-k 20 {CONFIDENCE} --out out"),
    C("pascal2012-pos-real",
      f"reproduce pascal2012-pos --treebank ewt={EWT} --treebank wsj={WSJ}:malt "
      "--max-sentences 300 --max-k 20 --confidence 0 --out out"),
    C("pascal2012-deps-demo",
      f"reproduce pascal2012-deps {DEMO} --iterations 10 --confidence 0 --out out"),
    C("pascal2012-deps-real",
      f"reproduce pascal2012-deps {EWT_DIR} {WSJ} {EVE} --iterations 10 {CONFIDENCE} "
      "--out out"),
    C("pascal2012-joint-demo",
      f"reproduce pascal2012-joint {DEMO} --iterations 10 --max-k 20 {CONFIDENCE} "
      "--out out"),
    C("pascal2012-joint-real",
      f"reproduce pascal2012-joint {EWT_DIR} {WSJ} --iterations 10 --max-k 20 "
      "--confidence 0 --out out"),
    # chang2006 reads CHAT only: no demo-corpus run
    C("chang2006-real",
      f"reproduce chang2006 {BECKY} {CARL} {EVE} {CONFIDENCE} --table all --out out"),
    C("chang2006-real-noci",
      f"reproduce chang2006 {BECKY} {CARL} --learners chance,prevword,lexstat --ages chang2006 "
      "--age-range all --confidence 0 --no-figures --format json --out out"),
    C("chambers2010-demo",
      f"reproduce chambers2010 --corpus demo={DEMO} --iterations 100 {CONFIDENCE} "
      "--out out"),
    C("chambers2010-real",
      f"reproduce chambers2010 --corpus ewt={EWT} --corpus becky={BECKY} "
      "--methods random,neighbor --iterations 100 --confidence 0 --out out"),
]

COMMANDS = (DEMO_COMMANDS + INFO_CONVERT + EVAL_TAGS + EVAL_DEPS + INDUCE + WOPA_PSEUDO
            + REPRODUCE)


# --------------------------------------------------------------------------- the inputs

def _blocks(text: str) -> list[str]:
    """The sentences of a CoNLL-like text (blocks of lines between blank lines)."""
    return [b for b in re.split(r"\n\s*\n", text.strip("\n")) if b.strip()]


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def _cluster(form: str, k: int = 12) -> str:
    return f"c{zlib.crc32(form.encode('utf-8')) % k}"


def synthetic(text: str, *, seed: int, tags: bool = True, share: float = 1.0,
              dp: bool = False) -> str:
    """A seeded prediction of a CoNLL-U text (``dp``: of a 3-column PTB ``.dp`` text).

    Tags become clusters of a hash of the form (when ``tags``); a ``share`` of
    the heads are redrawn uniformly (any token or the root, never the token
    itself: multiple roots and cycles occur, as in real systems' output).
    Comments, multiword and empty-node lines are kept.

    >>> synthetic("dog\\tNN\\t2\\nbarks\\tVBZ\\t0\\n", seed=1, dp=True)
    'dog\\tc1\\t0\\nbarks\\tc10\\t1\\n\\n'
    """
    form_col, tag_col, head_col = (0, 1, 2) if dp else (1, 3, 6)
    rng = random.Random(seed)
    out = []
    for block in _blocks(text):
        rows = [ln.split("\t") for ln in block.split("\n")]
        tokens = [r for r in rows if (len(r) == 3 if dp else len(r) == 10 and r[0].isdigit())]
        for i, r in enumerate(tokens, 1):
            if tags:
                r[tag_col] = _cluster(r[form_col])
            if rng.random() < share:
                h = rng.randrange(len(tokens))
                r[head_col] = str(h if h < i else h + 1)
        out.append("\n".join("\t".join(r) for r in rows))
    return "\n\n".join(out) + "\n\n"


def _types(words: set[str]) -> str:
    """``word<TAB>cluster`` lines; one word in 20 is left out (unclustered)."""
    return "".join(f"{w}\t{_cluster(w, 10)}\n" for w in sorted(words)
                   if zlib.crc32(w.encode("utf-8")) % 20)


def _forms(text: str, col: int = 1) -> set[str]:
    return {r[col] for ln in text.split("\n") if ln and not ln.startswith("#")
            for r in [ln.split("\t")] if len(r) > col and r[0].isdigit()}


def prepare_inputs(inputs: Path, base_tree: Path, base_env: dict, data: Path | None) -> None:
    """Write every input (see the module docstring) under ``inputs``."""
    shutil.copytree(base_tree / "tests" / "fixtures", inputs / "fixtures")
    _write(inputs / "subst" / "train.txt", "the dog runs\nthe cat runs\na dog sleeps\n")
    _write(inputs / "subst" / "test.txt", "the dog runs\nthe cat runs\nthe cat runs\n")
    _write(inputs / "subst" / "cl.tsv", "the\t0\na\t0\ndog\t1\ncat\t1\nruns\t2\nsleeps\t2\n")
    demo = inputs / "demo"
    demo.mkdir()
    proc = subprocess.run([sys.executable, "-c", ENTRY, "convert", "--demo", "-o", "demo.conllu",
                           "-q"], cwd=demo, env=base_env, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"convert --demo failed on the base side:\n{proc.stderr}")
    text = (demo / "demo.conllu").read_text(encoding="utf-8")
    _write(demo / "pred1.conllu", synthetic(text, seed=1))
    _write(demo / "pred2.conllu", synthetic(text, seed=2, share=0.5))
    _write(demo / "alt-gold.conllu", synthetic(text, seed=3, tags=False, share=0.1))
    _write(demo / "types.tsv", _types(_forms(text)))
    if data is not None:
        _real_inputs(inputs / "real", data)


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _real_inputs(real: Path, data: Path) -> None:
    """Slices of the shared corpora (files copied whole, or the first sentences)."""
    ewt = _blocks((data / "ud/UD_English-EWT/en_ewt-ud-dev.conllu").read_text(encoding="utf-8"))
    text = "\n\n".join(ewt[:500]) + "\n\n"
    _write(real / "ud/UD_English-EWT/en_ewt-ud-dev-500.conllu", text)
    _write(real / "ud/pred1.conllu", synthetic(text, seed=1))
    _write(real / "ud/pred2.conllu", synthetic(text, seed=2, share=0.5))
    _write(real / "ud/alt-gold.conllu", synthetic(text, seed=3, tags=False, share=0.1))
    for i in range(4):  # the same 400 sentences as a folder of 4 files
        part = "\n\n".join(ewt[100 * i:100 * (i + 1)]) + "\n\n"
        _write(real / f"ud-folder/gold/ewt-{i + 1}.conllu", part)
        _write(real / f"ud-folder/pred/ewt-{i + 1}.conllu", synthetic(part, seed=10 + i))
    ptb = data / "ptb"
    for i in range(1, 9):
        dp = ptb / f"dependency-treebank-sample/wsj_{i:04d}.dp"
        _copy(dp, real / f"ptb/wsj-dp/{dp.name}")
        _write(real / f"ptb/wsj-dp-pred/{dp.name}",
               synthetic(dp.read_text(encoding="utf-8"), seed=i, dp=True))
    for i in range(1, 4):
        _copy(ptb / f"treebank-sample/combined/wsj_{i:04d}.mrg",
              real / f"ptb/wsj-mrg/wsj_{i:04d}.mrg")
    words: set[str] = set()
    for name in ("ca01", "ca02"):
        src = data / "brown/brown-tagged" / name
        _copy(src, real / "brown/brown-tagged" / name)
        words |= {t.rsplit("/", 1)[0] for t in src.read_text(encoding="utf-8").split()}
    _write(real / "brown/types.tsv", _types(words))
    childes = data / "childes"
    for src, dst in ((childes / "eve/eve01.cha", "eve/eve01.cha"),
                     (childes / "eve/eve06.cha", "eve/eve06.cha"),
                     *((childes / f"eng-uk/Manchester/becky/{n}.cha", f"manchester/becky/{n}.cha")
                       for n in ("becky01a", "becky01b", "becky02a")),
                     *((childes / f"eng-uk/Manchester/carl/{n}.cha", f"manchester/carl/{n}.cha")
                       for n in ("carl01a", "carl01b")),
                     *((childes / f"eng-uk/Belfast/{n}.cha", f"belfast/{n}.cha")
                       for n in ("barb01", "barb02")),
                     *((childes / f"estonian/Argus/{n}.cha", f"estonian/{n}.cha")
                       for n in ("hend01", "hend02", "hend03"))):
        _copy(src, real / "childes" / dst)


# --------------------------------------------------------------------------- the sides

@dataclass
class Side:
    """One revision under test: where its sources are and where its outputs go."""

    label: str            # "base" or "head"
    rev: str              # the revision as given ("." = the working tree)
    tree: Path            # holds src/ and tests/fixtures/
    out: Path             # <work>/<label>: one folder per command
    stderr: Path          # <work>/stderr/<label>
    env: dict = field(default_factory=dict)
    seconds: float = 0.0  # wall time of its commands
    cpu: float = 0.0      # CPU time of its processes (user + system; the Dask workers too)


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def materialise(rev: str, trees: Path) -> Path:
    """The tree of ``rev`` (``.``: this working tree), extracted with ``git archive``."""
    if rev == ".":
        return REPO
    sha = _git("rev-parse", "--verify", f"{rev}^{{commit}}")
    dst = trees / sha
    if (dst / ".complete").exists():
        return dst
    shutil.rmtree(dst, ignore_errors=True)
    dst.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", sha, "src", "tests/fixtures"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dst)], input=archive, check=True)
    (dst / ".complete").write_text(sha + "\n")
    return dst


def side_env(tree: Path, tmp: Path) -> dict:
    """A clean environment importing induceval from ``tree/src``."""
    env = {k: v for k, v in os.environ.items()  # COLUMNS would change the --help layout
           if not k.startswith(("INDUCEVAL_", "PYTHON", "DASK_")) and k not in ("COLUMNS", "LINES")}
    tmp.mkdir(parents=True, exist_ok=True)
    env.update(PYTHONPATH=str(tree / "src"), TMPDIR=str(tmp), MPLBACKEND="Agg")
    where = subprocess.run([sys.executable, "-c", "import induceval; print(induceval.__file__)"],
                           env=env, capture_output=True, text=True, check=True).stdout.strip()
    if not Path(where).resolve().is_relative_to((tree / "src").resolve()):
        sys.exit(f"PYTHONPATH={tree / 'src'} imports induceval from {where}")
    return env


@dataclass
class Run:
    """What one command did on one side: per step, the exit code (None: timed out)."""

    exits: list[int | None]
    seconds: list[float]       # per step


def run_command(cmd: Command, side: Side, timeout: float) -> Run:
    """Run every step of ``cmd`` in ``side.out/<name>`` (stops at the first unexpected exit)."""
    cwd = side.out / cmd.name
    cwd.mkdir(parents=True)
    run = Run([], [])
    for i, step in enumerate(cmd.steps, 1):
        err_path = side.stderr / f"{cmd.name}.{i}.stderr"
        t0 = time.monotonic()
        with open(cwd / f"{i}.stdout", "wb") as out, open(err_path, "wb") as err:
            try:
                code: int | None = subprocess.run(
                    [sys.executable, "-c", ENTRY, *step.argv()], cwd=cwd, env=side.env,
                    stdin=subprocess.DEVNULL, stdout=out, stderr=err, timeout=timeout).returncode
            except subprocess.TimeoutExpired:
                code = None
        run.exits.append(code)
        run.seconds.append(time.monotonic() - t0)
        if code != step.exit:
            break
        if step.exit:  # an expected error: what the user reads is on stderr
            shutil.copyfile(err_path, cwd / f"{i}.stderr")
    (side.stderr / f"{cmd.name}.seconds").write_text(
        "".join(f"{i}\t{t:.2f}\n" for i, t in enumerate(run.seconds, 1)))
    return run


def run_side(side: Side, commands: list[Command], jobs: int, timeout: float) -> dict[str, Run]:
    side.out.mkdir(parents=True)
    side.stderr.mkdir(parents=True)
    t0, r0 = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    # the first command runs alone: a fresh tree compiles (and caches) its numba kernels
    # once, not in every command that starts meanwhile
    runs = {commands[0].name: run_command(commands[0], side, timeout)}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs.update(zip([c.name for c in commands[1:]],
                        pool.map(lambda c: run_command(c, side, timeout), commands[1:])))
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    side.seconds = time.monotonic() - t0
    side.cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
    return runs


# --------------------------------------------------------------------------- comparing

VERSION = re.compile(rb"(?<![\w.])v:\d+(?:\.\d+)+[\w.+-]*")
CELL_VERSION = re.compile(rb'"version": "\d+(?:\.\d+)+[\w.+-]*"')
CELL_DIGEST = re.compile(rb'"digest": "[0-9a-f]{32}"')
RUN_STARTED = re.compile(rb'"started": "[^"]*"')
RUN_DATA = re.compile(rb'"data": "[^"]*"')
SECONDS_JSON = re.compile(rb'("seconds(?:_per_sweep|_per_iteration)?": )'
                          rb'(-?[\d.]+(?:e-?\d+)?|null|\[[^\]]*\])')
DEMO_STEPS = re.compile(rb"^demo steps\n(?:.+\n?)*", re.M)
DEMO_ROW = re.compile(rb"^(.*\S)\s+(?:seconds|-+|\d+(?:\.\d+)?|None)\s*$")


def _demo_steps_seconds(block: re.Match) -> bytes:
    """The seconds column (the last one) of the demo's "demo steps" text table, blanked."""
    return b"\n".join(DEMO_ROW.sub(rb"\1 SECONDS", ln)
                      for ln in block.group(0).split(b"\n"))


def normalise(data: bytes) -> bytes:
    """The listed normalisations (module docstring); nothing else.

    >>> normalise(b'tags|log:2|v:0.3.1 {"version": "0.3.1", "seconds": 1.5}')
    b'tags|log:2|v:VERSION {"version": "VERSION", "seconds": "SECONDS"}'
    >>> print(normalise(b"demo steps\\nstep  status  items  seconds\\n"
    ...                 b"----  ------  -----  -------\\ntags  ok      2      12.3400 \\n"
    ...                 b"seed 12345, 2000 sentences\\n").decode())
    demo steps
    step  status  items SECONDS
    ----  ------  ----- SECONDS
    tags  ok      2 SECONDS
    seed 12345, 2000 sentences
    <BLANKLINE>
    """
    data = VERSION.sub(b"v:VERSION", data)
    data = CELL_VERSION.sub(b'"version": "VERSION"', data)
    data = CELL_DIGEST.sub(b'"digest": "DIGEST"', data)
    data = RUN_STARTED.sub(b'"started": "STARTED"', data)
    data = RUN_DATA.sub(b'"data": "DATA"', data)
    data = SECONDS_JSON.sub(rb'\1"SECONDS"', data)
    return DEMO_STEPS.sub(_demo_steps_seconds, data)


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def _excerpt(name: str, a: bytes, b: bytes, lines: int) -> list[str]:
    """A few lines of unified diff; long lines shown around their first difference."""
    if name.endswith(FIGURES) or b"\0" in a[:8192] + b[:8192]:
        return [f"    (binary: {len(a)} vs {len(b)} bytes)"]
    diff = list(difflib.unified_diff(a.decode("utf-8", "replace").splitlines(),
                                     b.decode("utf-8", "replace").splitlines(), n=0, lineterm=""))
    diff = [ln for ln in diff[2:] if not ln.startswith("@@")]  # no ---/+++ header
    old = next((ln[1:] for ln in diff if ln.startswith("-")), "")
    new = next((ln[1:] for ln in diff if ln.startswith("+")), "")
    first = next((i for i, (x, y) in enumerate(zip(old, new)) if x != y), min(len(old), len(new)))
    start = max(0, first - 60) if max(len(old), len(new)) > 150 else 0
    out = [f"    {ln[0]}{'...' if start else ''}{ln[1 + start:1 + start + 150]}" for ln in diff]
    return out[:lines] + ([f"    ... ({len(out) - lines} more diff lines)"]
                          if len(out) > lines else [])


@dataclass
class Outcome:
    status: str                    # identical, differs, figures only, failed, skipped
    lines: list[str] = field(default_factory=list)


def compare(cmd: Command, base: Path, head: Path, diff_lines: int) -> Outcome:
    """Compare the normalised files two sides wrote for ``cmd``."""
    a_files, b_files = _files(base), _files(head)
    only = sorted(a_files ^ b_files)
    differing = [n for n in sorted(a_files & b_files)
                 if normalise((base / n).read_bytes()) != normalise((head / n).read_bytes())]
    if not only and not differing:
        return Outcome("identical")
    lines = [f"  only on {'base' if n in a_files else 'head'}: {n}" for n in only]
    figures = all(n.endswith(FIGURES) for n in differing) and not only
    # the other files first: a figure may differ only in its metadata
    differing.sort(key=lambda n: n.endswith(FIGURES))
    for k, n in enumerate(differing[:10]):
        lines.append(f"  {'figure ' if n.endswith(FIGURES) else ''}differs: {n}")
        if k < 3:
            lines += _excerpt(n, normalise((base / n).read_bytes()),
                              normalise((head / n).read_bytes()), diff_lines)
    if len(differing) > 10:
        lines.append(f"  ... and {len(differing) - 10} more files")
    return Outcome("figures only" if figures else "differs", lines)


def _failure(cmd: Command, side: Side, run: Run) -> list[str]:
    i = len(run.exits)
    step = cmd.steps[i - 1]
    code = "timed out" if run.exits[-1] is None else f"exit {run.exits[-1]}"
    tail = (side.stderr / f"{cmd.name}.{i}.stderr").read_text(encoding="utf-8", errors="replace")
    return ([f"  {side.label}: step {i} ({code}, expected {step.exit}): induceval {step.args}"]
            + [f"    {ln}" for ln in tail.strip().splitlines()[-6:]])


def outcome(cmd: Command, sides: list[Side], runs: list[dict[str, Run]],
            diff_lines: int) -> Outcome:
    failed = []
    for side, r in zip(sides, runs):
        run = r[cmd.name]
        if len(run.exits) < len(cmd.steps) or run.exits[-1] != cmd.steps[-1].exit:
            failed += _failure(cmd, side, run)
    if failed:
        return Outcome("failed", failed)
    return compare(cmd, sides[0].out / cmd.name, sides[1].out / cmd.name, diff_lines)


# --------------------------------------------------------------------------- main

def _default_data() -> Path:
    env = os.environ.get("INDUCEVAL_SHARED_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring (python -m pydoc benchmarks/compare_outputs.py) for "
               "the inputs and the normalisation.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", help="the revision before (a git revision, or . = this working "
                                  "tree); required unless --list")
    p.add_argument("--head", default=".",
                   help="the revision after (default: ., this working tree)")
    p.add_argument("--data", type=Path, default=_default_data(),
                   help="the shared corpora (default: $INDUCEVAL_SHARED_DATA, else "
                        "../shared/data beside the repository); commands on them are "
                        "skipped when it is absent")
    p.add_argument("--only", default=None,
                   help="comma-separated command names (or prefixes ending in '*', e.g. "
                        "'eval-*')")
    p.add_argument("--list", action="store_true", help="print the commands and exit")
    p.add_argument("--keep", type=Path, default=None,
                   help="work in this folder (must not exist) and keep inputs and outputs")
    p.add_argument("--trees", type=Path, default=None,
                   help="keep the extracted revisions here (by commit) for the next run")
    p.add_argument("--jobs", type=int, default=1,
                   help="commands of one side run at once (default 1)")
    p.add_argument("--timeout", type=float, default=900, help="seconds per step (default 900)")
    p.add_argument("--diff-lines", type=int, default=8,
                   help="lines of diff shown per differing file (default 8)")
    args = p.parse_args(argv)
    if not args.list and not args.base:
        p.error("--base is required")
    return args


def select(commands: list[Command], only: str | None) -> list[Command]:
    if not only:
        return commands
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    chosen = [c for c in commands
              if any(c.name == w or (w.endswith("*") and c.name.startswith(w[:-1]))
                     for w in wanted)]
    unknown = [w for w in wanted if not any(
        c.name == w or (w.endswith("*") and c.name.startswith(w[:-1])) for c in commands)]
    if unknown:
        sys.exit(f"unknown command(s): {', '.join(unknown)} (see --list)")
    return chosen


def list_commands(commands: list[Command]) -> None:
    for c in commands:
        print(f"{c.name}{'  [needs --data]' if c.real else ''}")
        for s in c.steps:
            print(f"    {'' if not s.exit else f'(exit {s.exit}) '}induceval {s.args}")
    n_real = sum(c.real for c in commands)
    print(f"{len(commands)} commands ({n_real} on --data), "
          f"{sum(len(c.steps) for c in commands)} steps")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    commands = select(COMMANDS, args.only)
    if args.list:
        list_commands(commands)
        return 0
    data = args.data if args.data.is_dir() else None
    if data is None:
        print(f"no data folder {args.data}: commands on real corpora are skipped")
    if args.keep is not None:
        args.keep.mkdir(parents=True)  # an existing folder is an error: nothing is overwritten
    work = args.keep or Path(tempfile.mkdtemp(prefix="compare-outputs-"))
    try:
        return _compare_sides(args, commands, work.resolve(), data)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept in {args.keep}")


def _compare_sides(args: argparse.Namespace, commands: list[Command], work: Path,
                   data: Path | None) -> int:
    trees = (args.trees or work / "trees").resolve()
    sides = []
    for label, rev in (("base", args.base), ("head", args.head)):
        tree = materialise(rev, trees)
        sides.append(Side(label, rev, tree, work / label, work / "stderr" / label,
                          side_env(tree, work / f"tmp-{label}")))
    print(f"base {args.base} ({sides[0].tree}), head {args.head} ({sides[1].tree})")
    prepare_inputs(work / "inputs", sides[0].tree, sides[0].env, data)
    run_list = [c for c in commands if data is not None or not c.real]
    skipped = [c for c in commands if c not in run_list]
    runs = []
    for side in sides:
        print(f"running {len(run_list)} commands on {side.label} ...", flush=True)
        runs.append(run_side(side, run_list, args.jobs, args.timeout))
    counts: dict[str, int] = {}
    width = max(len(c.name) for c in commands)
    print("\nnormalised: v:VERSION in signatures, cells' \"version\", JSON seconds fields, "
          "the demo's seconds column\ncommand, status, (wall seconds on base / head)")
    for c in commands:
        res = Outcome("skipped", ["  needs --data"]) if c in skipped else \
            outcome(c, sides, runs, args.diff_lines)
        counts[res.status] = counts.get(res.status, 0) + 1
        timing = "" if c in skipped else \
            f"  ({sum(runs[0][c.name].seconds):.1f} s / {sum(runs[1][c.name].seconds):.1f} s)"
        print(f"{c.name:<{width}}  {res.status}{timing}")
        for line in res.lines:
            print(line)
    print("\n" + ", ".join(f"{counts.get(s, 0)} {s}" for s in
                           ("identical", "differs", "figures only", "failed", "skipped")))
    for side in sides:
        print(f"{side.label} ({side.rev}): {side.seconds:.0f} s wall, {side.cpu:.0f} s CPU, "
              f"--jobs {args.jobs}")
    bad = sum(counts.get(s, 0) for s in ("differs", "figures only", "failed"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
