"""BHMM states that end empty: every K and seed writes its output, the empty states reported.

Before 0.4.1 the writers indexed cluster labels by the number of non-empty
states, so a run whose sampler emptied a state (K=20 seed 7 on UD
English-CHILDES dev) ended in an IndexError after all its sweeps.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from induceval.cli.main import main
from tests.conftest import shared_path

#: 40 sentences over 30 word types: few enough tokens (200) that states end empty
WORDS = [f"w{i}" for i in range(30)]
SENTENCES = [" ".join(WORDS[(7 * s + 3 * j) % 30] for j in range(5)) for s in range(40)]


@settings(max_examples=12, deadline=None)
@given(k=st.integers(1, 30), seed=st.integers(0, 10_000),
       fmt=st.sampled_from(["pascal", "conllu", "tsv"]), plain=st.booleans())
def test_every_k_and_seed_writes(tmp_path_factory, k, seed, fmt, plain):
    # the plain-text input takes the fast PASCAL writer, the CoNLL-U one the general writer
    d = tmp_path_factory.mktemp("bhmm")
    if plain:
        src = d / "small.txt"
        src.write_text("\n".join(SENTENCES) + "\n")
    else:
        src = d / "small.conllu"
        src.write_text("".join("".join(f"{i}\t{w}\t_\tX\t_\t_\t0\troot\t_\t_\n"
                                       for i, w in enumerate(s.split(), 1)) + "\n"
                               for s in SENTENCES))
    out, log = d / f"pred.{fmt}", d / "log.json"
    assert main(["induce", "tags", "--model", "bhmm", "--k", str(k), "--iterations", "3",
                 "--seed", str(seed), str(src), "-o", str(out), "--log", str(log), "-q",
                 "--no-progress"]) == 0
    info = json.loads(log.read_text())
    empty = info.get("empty_states", [])
    assert info["n_clusters"] + len(empty) == k
    if fmt == "tsv":
        labels = {line.split("\t")[1] for line in out.read_text().splitlines()}
    else:
        rows = [r.split("\t") for r in out.read_text().splitlines()
                if r and not r.startswith("#")]
        assert len(rows) == 200
        labels = {r[3] for r in rows}
    assert labels <= {str(i) for i in range(k)} - {str(i) for i in empty}


def test_empty_states_named_on_stderr(tmp_path, capsys):
    out = tmp_path / "pred.pascal"
    src = tmp_path / "small.txt"
    src.write_text("\n".join(SENTENCES) + "\n")
    assert main(["induce", "tags", "--model", "bhmm", "--k", "30", "--iterations", "3",
                 "--seed", "1", str(src), "-o", str(out), "--no-progress"]) == 0
    assert "of 30 states ended empty (ids " in capsys.readouterr().err


def test_english_childes_k20_seed7_with_empty_states_writes_every_token(tmp_path):
    # K=20 seed 7 on UD English-CHILDES dev: 4 of 20 states end empty after 100 sweeps,
    # and the writer still writes a line for every token
    dev = shared_path("ud", "UD_English-CHILDES", "en_childes-ud-dev.conllu")
    out = tmp_path / "pred.pascal"
    assert main(["induce", "tags", "--model", "bhmm", "--k", "20", "--iterations", "100",
                 "--seed", "7", str(dev), "-o", str(out), "-q", "--no-progress"]) == 0
    assert sum(1 for line in out.read_text().splitlines() if line) == 16760
