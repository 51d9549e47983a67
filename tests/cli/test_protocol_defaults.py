"""Every reproduce protocol runs without arguments on the shared data folder.

The folder is ``$INDUCEVAL_SHARED_DATA``, else ``../shared/data`` next to the
clone, else ``../shared/data`` from the working folder, or ``--data DIR``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import induceval
from induceval.cli.main import main
from induceval.data import shared_data_dir

PROTOCOLS = ("frank2009", "reichart2010", "pascal2012-pos", "pascal2012-deps",
             "pascal2012-joint", "chang2006", "chambers2010")


def test_shared_data_dir_env_then_clone(monkeypatch, tmp_path):
    monkeypatch.setenv("INDUCEVAL_SHARED_DATA", str(tmp_path))
    assert shared_data_dir() == tmp_path
    monkeypatch.delenv("INDUCEVAL_SHARED_DATA")
    monkeypatch.chdir(tmp_path)   # no ../shared/data here
    clone = Path(induceval.__file__).resolve().parents[2]
    assert shared_data_dir() == clone.parent / "shared" / "data"


@pytest.mark.parametrize("name", PROTOCOLS)
def test_protocol_uses_the_environment_folder(name, monkeypatch, tmp_path, capsys):
    """No arguments: the protocol looks in $INDUCEVAL_SHARED_DATA (an empty folder here)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("INDUCEVAL_SHARED_DATA", str(empty))
    monkeypatch.chdir(tmp_path)
    assert main(["reproduce", name, "--no-progress"]) == 2
    assert str(empty) in capsys.readouterr().err


@pytest.mark.parametrize("name", PROTOCOLS)
def test_protocol_data_option(name, tmp_path, capsys):
    assert main(["reproduce", name, "--data", str(tmp_path), "--out", str(tmp_path / "o"),
                 "--no-progress"]) == 2
    assert str(tmp_path) in capsys.readouterr().err


def test_pascal2012_deps_counts_transcript_errors_in_eve(tmp_path):
    """eve06.cha:391 holds a %gra tier that cannot be aligned: the protocol's default
    treebanks include Eve, so it is counted in the treebank's notes, not fatal."""
    import shutil

    from induceval.experiments.pascal2012_deps import load_treebank
    from tests.conftest import shared_path

    eve = tmp_path / "eve"
    eve.mkdir()
    shutil.copy(shared_path("childes", "eve", "eve06.cha"), eve)   # a slice, in a temp folder
    tb = load_treebank(str(eve))
    note = next(n for n in tb.notes if "transcript errors" in n)
    assert "unaligned_gra 1 (first at eve06.cha:391)" in note
    assert tb.corpus.n_sentences > 0
