"""A prediction handed in as labels, wordtag or heads scores as the same prediction in
CoNLL-U, on slices of the PTB sample and of UD English EWT (skipped without ../shared/data)."""

from __future__ import annotations

import json
import shutil
import zlib

import numpy as np
import pytest

from induceval.cli.main import main
from induceval.corpus import read_corpus
from induceval.corpus.writers import write_conllu
from induceval.models.dependencies.chains import left_branching
from tests.conftest import one_table, shared_path

pytestmark = pytest.mark.realdata

N_FILES = 25     # about 300 sentences of the PTB sample
N_SENTENCES = 300


def clusters(corpus) -> np.ndarray:
    """A clustering of the words by their last letters (deterministic, 40 clusters)."""
    words = corpus.label_strings("form")
    return np.array([zlib.crc32(w.lower()[-3:].encode()) % 40 for w in words])


def lines(corpus, values, words: bool = False) -> str:
    out = []
    for i in range(corpus.n_sentences):
        a, b = corpus.offsets[i], corpus.offsets[i + 1]
        if words:
            out.append("".join(f"{w}\t{v}\n" for w, v in zip(corpus.label_strings("form")[a:b],
                                                             values[a:b])))
        else:
            out.append(" ".join(map(str, values[a:b])) + "\n")
    return "\n".join(out) if words else "".join(out)


def scored(capsys, command, gold, pred, *extra):
    capsys.readouterr()
    assert main(["eval", command, "--gold", str(gold), "--pred", str(pred), *extra,
                 "--format", "json"]) == 0
    table = one_table(json.loads(capsys.readouterr().out))
    row = {k: v for k, v in table["rows"][0].items() if k != "system"}
    # the field naming where the clusters were read (a column, or the layout) aside
    signature = "|".join(f for f in table["signature"].split("|") if not f.startswith("pred:"))
    return row, signature, table["notes"]


def ptb_slice(tmp_path, folder: str, ending: str):
    files = sorted(shared_path("ptb", folder).glob(f"*{ending}"))[:N_FILES]
    gold = tmp_path / "gold"
    gold.mkdir()
    for f in files:
        shutil.copy(f, gold / f.name)
    return gold, files


def ewt_slice(tmp_path):
    text = shared_path("ud", "UD_English-EWT", "en_ewt-ud-dev.conllu").read_text()
    gold = tmp_path / "gold.conllu"
    gold.write_text("\n\n".join(text.split("\n\n")[:N_SENTENCES]) + "\n\n")
    return gold


def test_ptb_sample_tags_score_alike_in_conllu_labels_and_wordtag(tmp_path, capsys):
    gold, files = ptb_slice(tmp_path, "treebank-sample/combined", ".mrg")
    corpus = read_corpus(gold)
    cl = clusters(corpus)
    # clusters in UPOS and '_' in XPOS (the gold column's name): read from upos, and said
    conllu = tmp_path / "pred.conllu"
    write_conllu(corpus, conllu, tags_column=cl, heads_column=None,
                 columns={"xpos": np.full(corpus.n_tokens, -1)})
    ref, signature, notes = scored(capsys, "tags", gold, conllu)
    assert "pred: clusters read from upos (detected: xpos is empty)" in notes
    assert scored(capsys, "tags", gold, conllu, "--pred-column", "upos")[0] == ref
    assert 0.3 < ref["m1"] < 0.9
    (tmp_path / "pred.txt").write_text(lines(corpus, cl))
    (tmp_path / "pred.tsv").write_text(lines(corpus, cl, words=True))
    folder = tmp_path / "labels"
    folder.mkdir()
    for f in files:   # one labels file per gold file, paired by name
        part = read_corpus(f)
        (folder / f"{f.stem}.labels").write_text(lines(part, clusters(part)))
    for pred, fmt in ((tmp_path / "pred.txt", "auto"), (tmp_path / "pred.txt", "labels"),
                      (tmp_path / "pred.tsv", "auto"), (tmp_path / "pred.tsv", "wordtag"),
                      (folder, "auto"), (folder, "labels")):
        assert scored(capsys, "tags", gold, pred, "--pred-format", fmt)[:2] == (ref, signature)


def test_ptb_sample_heads_score_alike_in_conllu_and_heads(tmp_path, capsys):
    gold, files = ptb_slice(tmp_path, "dependency-treebank-sample", ".dp")
    corpus = read_corpus(gold)
    heads = left_branching(corpus.offsets)
    conllu = tmp_path / "pred.conllu"
    write_conllu(corpus, conllu, heads_column=heads)
    ref = scored(capsys, "deps", gold, conllu)
    assert 0.0 < ref[0]["directed"] < 1.0
    (tmp_path / "pred.txt").write_text(lines(corpus, heads))
    folder = tmp_path / "heads"
    folder.mkdir()
    for f in files:
        part = read_corpus(f)
        (folder / f"{f.stem}.heads").write_text(lines(part, left_branching(part.offsets)))
    for pred, fmt in ((tmp_path / "pred.txt", "auto"), (tmp_path / "pred.txt", "heads"),
                      (folder, "auto")):
        assert scored(capsys, "deps", gold, pred, "--pred-format", fmt)[:2] == ref[:2]


def test_ewt_tags_and_heads_score_alike_in_conllu_and_the_layouts(tmp_path, capsys):
    gold = ewt_slice(tmp_path)
    corpus = read_corpus(gold)
    assert corpus.n_sentences == N_SENTENCES
    cl = clusters(corpus)
    conllu = tmp_path / "tags.conllu"
    write_conllu(corpus, conllu, tags_column=cl, heads_column=None,
                 columns={"xpos": np.full(corpus.n_tokens, -1)})
    ref = scored(capsys, "tags", gold, conllu)
    (tmp_path / "tags.txt").write_text(lines(corpus, cl))
    (tmp_path / "tags.tsv").write_text(lines(corpus, cl, words=True))
    for pred in ("tags.txt", "tags.tsv"):
        assert scored(capsys, "tags", gold, tmp_path / pred)[:2] == ref[:2]
    heads = left_branching(corpus.offsets)
    hconllu = tmp_path / "heads.conllu"
    write_conllu(corpus, hconllu, heads_column=heads)
    href = scored(capsys, "deps", gold, hconllu)
    (tmp_path / "heads.txt").write_text(lines(corpus, heads))
    assert scored(capsys, "deps", gold, tmp_path / "heads.txt")[:2] == href[:2]
