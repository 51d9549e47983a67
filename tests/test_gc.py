"""The collector pause around corpus reading (induceval._gc)."""

import gc

import pytest

from induceval._gc import paused_gc
from induceval.corpus.readers import read_corpus
from induceval.errors import CorpusFormatError


def test_pause_restores_the_collector_after_errors_and_when_nested():
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with paused_gc():
            assert not gc.isenabled()
            with paused_gc():
                assert not gc.isenabled()
            assert not gc.isenabled()          # only the outermost block re-enables it
            raise RuntimeError("boom")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()              # a collector disabled before stays disabled
    finally:
        gc.enable()


def test_reading_pauses_the_collector_and_restores_it(tmp_path, monkeypatch):
    seen = []
    import induceval.corpus.readers.plain as plain

    real = plain.read

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(plain, "read", spy)
    p = tmp_path / "a.txt"
    p.write_text("the dog barks\n", encoding="utf-8")
    assert read_corpus(p, format="plain").n_tokens == 3
    assert seen == [False] and gc.isenabled()
    bad = tmp_path / "b.conllu"
    bad.write_text("1\tthe\t_\tDET\t_\t_\t9\tdet\t_\t_\n\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError):
        read_corpus(bad)
    assert gc.isenabled()
