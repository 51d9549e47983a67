"""``induce tags --model brown|exchange`` in one process counts while reading.

The corpus is never held: plain text is read a part of whole sentences at a
time (parts made a few lines long here, and a line longer than a part) to
count, then again to tag.  The bytes written must be those of the whole
corpus read at once, clustered and written by the library
(:func:`~induceval.models.categories.induce_tags`,
:func:`~induceval.corpus.writers.write_predictions`), on plain text, CoNLL-U
and PASCAL inputs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from induceval.cli.main import main
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.readers import read_corpus, read_parts
from induceval.corpus.writers import write_corpus, write_predictions
from induceval.models.categories import induce_tags
from induceval.random import DEFAULT_SEED


@pytest.fixture(autouse=True)
def small_parts(monkeypatch):
    """Parts of about 300 bytes: the demo text makes many of them."""
    monkeypatch.setattr("induceval.corpus.readers.plain.PART_BYTES", 300)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("stream")
    corpus = generate_demo_corpus(n_sentences=150)
    paths = {}
    for fmt, ending in (("conllu", ".conllu"), ("pascal", ".pascal")):
        paths[fmt] = root / f"demo{ending}"
        write_corpus(corpus, paths[fmt], fmt)
    items = corpus.tokens["form"].vocab.items
    values, off = corpus.tokens["form"].values, corpus.offsets
    lines = [" ".join(items[v] for v in values[off[i]:off[i + 1]])
             for i in range(corpus.n_sentences)]
    lines.insert(40, " ".join(lines[:30]))   # a line longer than a part: one sentence
    paths["plain"] = root / "demo.txt"
    paths["plain"].write_text("\n".join(lines) + "\n\n")
    return paths


def _whole(path: Path, model: str, k: int, out: Path, extra: dict) -> bytes:
    corpus = read_corpus(path)
    result = induce_tags(corpus, model, k, seed=DEFAULT_SEED, **extra)
    write_predictions(corpus, result, out)
    return out.read_bytes()


@pytest.mark.parametrize("model", ["exchange", "brown"])
@pytest.mark.parametrize("source", ["plain", "conllu", "pascal"])
@pytest.mark.parametrize("ending", [".pascal", ".conllu"])
def test_streamed_bytes_are_the_whole_corpus_bytes(inputs, tmp_path, model, source, ending,
                                                   capsys):
    path = inputs[source]
    want = _whole(path, model, 5, tmp_path / f"want{ending}", {})
    out = tmp_path / f"got{ending}"
    assert main(["induce", "tags", "--model", model, "--k", "5", str(path), "-o", str(out),
                 "-q"]) == 0, capsys.readouterr().err
    assert out.read_bytes() == want


def test_min_count_and_stdout(inputs, tmp_path, capsys):
    """``--min-count`` (rare words as <unk>) and PASCAL on stdout, from parts."""
    want = _whole(inputs["plain"], "exchange", 4, tmp_path / "want.pascal", {"min_count_unk": 2})
    assert main(["induce", "tags", "--model", "exchange", "--k", "4", "--min-count", "2",
                 str(inputs["plain"]), "-q"]) == 0
    assert capsys.readouterr().out.encode() == want


def test_plain_text_is_never_read_whole(inputs, tmp_path, monkeypatch, capsys):
    """One process never reads the whole plain-text corpus (``plain.read``): it counts and
    tags from parts."""
    def refuse(*args, **kwargs):
        raise AssertionError("the whole corpus was read")

    monkeypatch.setattr("induceval.corpus.readers.plain.read", refuse)
    assert main(["induce", "tags", "--model", "exchange", "--k", "5", str(inputs["plain"]),
                 "-o", str(tmp_path / "p.pascal"), "-q"]) == 0, capsys.readouterr().err


def test_parts_join_to_the_corpus(inputs):
    """The parts, joined, are the corpus: sentences, tokens and words in order."""
    whole = read_corpus(inputs["plain"])
    parts = list(read_parts(inputs["plain"]))
    assert len(parts) > 5
    assert sum(p.n_sentences for p in parts) == whole.n_sentences
    words = [w for p in parts for w in p.tokens["form"].strings()]
    assert words == list(whole.tokens["form"].strings())
    lengths = [int(n) for p in parts for n in p.lengths]
    assert lengths == [int(n) for n in whole.lengths]


def test_k_above_the_types_names_the_input(tmp_path, capsys):
    """The counted path names the input as the corpus read whole did (not 'the counts')."""
    path = tmp_path / "tiny.txt"
    path.write_text("a b\nb c\n")
    assert main(["induce", "tags", "--model", "exchange", "--k", "9", str(path)]) != 0
    assert f"(3) of column 'form' in {path}; choose k <= 3" in capsys.readouterr().err
