"""``pseudo build|score|unseen`` over file shards: the same statistics and bytes as one corpus.

The merge logic is checked in this process (``executor="local"`` reads the
shards one after the other); the CLI tests run the same commands on a real
2-worker Dask LocalCluster and compare the bytes with the serial commands.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from induceval.corpus.model import Column, Vocabulary
from induceval.corpus.writers import write_corpus
from induceval.errors import InducevalError
from induceval.experiments.chambers2010 import ensure_documents, load_corpus
from induceval.measures.pseudo_sharded import CorpusSource, sharded_source

from .test_pseudowords import synthetic_corpus


def _conllu_folder(tmp_path: Path, cuts, n_docs: int = 30, per_doc: int = 8,
                   without_lemma: int | None = None) -> Path:
    """The synthetic corpus cut into files at sentence ``cuts`` (documents may span files)."""
    corpus = synthetic_corpus(n_docs, per_doc)
    folder = tmp_path / "conllu"
    folder.mkdir()
    bounds = [0, *cuts, corpus.n_sentences]
    for i in range(len(bounds) - 1):
        part = corpus.select(np.arange(bounds[i], bounds[i + 1]))
        if i == without_lemma:  # forms that are lemmas: only the missing lemma hides them
            part = part.with_tokens(form=part.tokens["lemma"]).without("lemma")
        write_corpus(part, folder / f"part{i}.conllu", "conllu")
    return folder


_UTTERANCES = [  # (main tier, %mor, %gra)
    ("the dog eats the cake .", "det|the n|dog v|eat-3S det|the n|cake .",
     "1|2|DET 2|3|SUBJ 3|0|ROOT 4|5|DET 5|3|OBJ 6|3|PUNCT"),
    ("put the ball on the table .", "v|put det|the n|ball prep|on det|the n|table .",
     "1|0|ROOT 2|3|DET 3|1|OBJ 4|1|JCT 5|6|DET 6|4|POBJ 7|1|PUNCT"),
    ("you want the juice ?", "pro|you v|want det|the n|juice ?",
     "1|2|SUBJ 2|0|ROOT 3|4|DET 4|2|OBJ 5|2|PUNCT"),
    ("the cat drinks milk .", "det|the n|cat v|drink-3S n|milk .",
     "1|2|DET 2|3|SUBJ 3|0|ROOT 4|3|OBJ 5|3|PUNCT"),
    ("throw the ball to daddy .", "v|throw det|the n|ball prep|to n|daddy .",
     "1|0|ROOT 2|3|DET 3|1|OBJ 4|1|JCT 5|4|POBJ 6|1|PUNCT"),
    ("daddy reads the book .", "n|daddy v|read-3S det|the n|book .",
     "1|2|SUBJ 2|0|ROOT 3|4|DET 4|2|OBJ 5|2|PUNCT"),
]


def _chat_folder(tmp_path: Path, n_files: int = 24, seed: int = 0) -> Path:
    """Tiny CHAT sessions in two child folders; the last file holds only the child's speech."""
    rng = np.random.default_rng(seed)
    root = tmp_path / "chat"
    for f in range(n_files):
        folder = root / ("ann" if f % 2 else "bob")
        folder.mkdir(parents=True, exist_ok=True)
        lines = ["@UTF8", "@Begin", "@Languages:\teng",
                 "@Participants:\tCHI Ann Target_Child , MOT Mother",
                 "@ID:\teng|toy|CHI|2;0.07|female|||Target_Child|||",
                 "@ID:\teng|toy|MOT|||||Mother|||"]
        for _ in range(int(rng.integers(3, 9))):
            main, mor, gra = _UTTERANCES[int(rng.integers(len(_UTTERANCES)))]
            speaker = "CHI" if f == n_files - 1 or rng.random() < 0.2 else "MOT"
            lines += [f"*{speaker}:\t{main}", f"%mor:\t{mor}", f"%gra:\t{gra}"]
        lines.append("@End")
        (folder / f"s{f:02d}.cha").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _assert_same(sharded, whole, documents) -> None:
    assert sharded.fingerprint() == whole.fingerprint()
    assert sorted(sharded.documents()) == sorted(whole.documents())
    for docs in (None, documents):
        a, b = sharded.instances(docs), whole.instances(docs)
        for name in ("verb", "relation", "noun", "document"):  # same occurrences, same order
            assert getattr(a, name).tolist() == getattr(b, name).tolist()
        assert a.skipped == b.skipped
        # the training counts' insertion order orders Erk's sums
        assert list(a.counts().counts.items()) == list(b.counts().counts.items())
    assert sharded.noun_frequencies(documents) == whole.noun_frequencies(documents)
    assert sharded.verb_frequencies(documents) == whole.verb_frequencies(documents)
    assert sharded.document_tokens(documents) == whole.document_tokens(documents)
    co = sharded.cooccurrence(documents)
    assert list(co.items()) == list(whole.cooccurrence(documents).items())
    assert sum(co.values()) > 0


@pytest.mark.parametrize("arguments", ["nouns", "nominals", "any"])
def test_conllu_files_with_documents_spanning_files(tmp_path, arguments):
    # documents of 8 sentences, files cut inside documents 2 and 11; with "any", the second
    # file's lemmas are all "_" (its tuples skipped and counted, as in one corpus)
    folder = _conllu_folder(tmp_path, [20, 90, 91], without_lemma=1 if arguments == "any" else None)
    whole = CorpusSource(ensure_documents(load_corpus("c", [str(folder)])), arguments=arguments)
    sharded = sharded_source([str(folder)], executor="local", arguments=arguments)
    assert not sharded.chunked and len(whole.documents()) == 30
    _assert_same(sharded, whole, whole.documents()[::3])


def test_few_documents_are_cut_over_the_whole_corpus(tmp_path):
    # 5 documents < 20: pseudo-documents of 100 sentences numbered across the files, and a
    # file without lemmas read with a missing lemma column (as in the concatenated corpus)
    folder = _conllu_folder(tmp_path, [130, 250, 333], n_docs=5, per_doc=70,
                            without_lemma=2)
    whole = CorpusSource(ensure_documents(load_corpus("c", [str(folder)])))
    sharded = sharded_source([str(folder)], executor="local")
    assert sharded.chunked
    assert {"doc01#0", "doc01#1"} <= set(whole.documents()) and sharded.instances().skipped
    _assert_same(sharded, whole, [d for d in whole.documents() if d.endswith(("#1", "#3"))])


def test_a_file_lacking_columns_is_read_as_in_the_concatenated_corpus(tmp_path):
    # a Malt-TAB file (form, tag, head, relation: no lemma, no upos) between CoNLL-U files: in
    # one corpus its lemma and upos are missing values; its file is read again with them
    folder = _conllu_folder(tmp_path, [100, 160])
    part = load_corpus("p", [str(folder / "part1.conllu")])
    lines = []
    for s in part:
        lines += ["\t".join(map(str, row)) for row in zip(
            s.strings("lemma"), s.strings("upos"), s.strings("head"), s.strings("deprel"))]
        lines.append("")
    (folder / "part1.conllu").unlink()
    (folder / "part1.malt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    files = [str(folder / f) for f in ("part0.conllu", "part1.malt", "part2.conllu")]
    whole = CorpusSource(ensure_documents(load_corpus("c", files)))
    sharded = sharded_source(files, executor="local")
    assert "part1" in whole.documents()
    _assert_same(sharded, whole, ["part1", *whole.documents()[::4]])


def test_chat_folder_child_directed_speech(tmp_path):
    root = _chat_folder(tmp_path)
    whole = CorpusSource(ensure_documents(load_corpus("c", [str(root)])))
    sharded = sharded_source([str(root)], executor="local")
    # the child-only session keeps its document name (no utterance left), as in one corpus
    assert "toy/s23" in sharded.documents()
    _assert_same(sharded, whole, sorted(whole.documents())[::2])


def test_no_dependency_relations_refused_as_serially(tmp_path, fixtures):
    from induceval.cli.main import main

    ptb = str(fixtures / "readers" / "tiny.mrg")
    with pytest.raises(InducevalError, match="no dependency relations"):
        sharded_source([ptb], executor="local")
    assert main(["pseudo", "build", ptb, "-o", str(tmp_path / "t.tsv")]) == 2


def test_unseen_on_a_corpus_prepare_cuts_twice(tmp_path):
    from induceval.experiments.chambers2010 import prepare, seen_unseen
    from induceval.measures.pseudo_sharded import prepare_sharded

    # 150 sentences in 2 documents: 3 pseudo-documents, which prepare() cuts again
    folder = _conllu_folder(tmp_path, [70], n_docs=2, per_doc=75)
    sharded = sharded_source([str(folder)], executor="local")
    assert sharded.chunked and len(sharded.documents()) == 3
    got = prepare_sharded(sharded, "c", test_fraction=0.34, dev_fraction=0)
    want = prepare(ensure_documents(load_corpus("c", [str(folder)])), "c", test_fraction=0.34,
                   dev_fraction=0, with_cooccurrence=False)
    assert "doc01#1#1" in got.split.train + got.split.test
    assert (got.split, got.fingerprint, got.train_tokens) == (want.split, want.fingerprint,
                                                              want.train_tokens)
    assert got.noun_frequencies == want.noun_frequencies
    assert seen_unseen(got).render("csv") == seen_unseen(want).render("csv")


def test_sentences_without_a_document_are_refused(tmp_path):
    from induceval.measures.pseudo_sharded import _Context, _read

    corpus = synthetic_corpus(2, 3)
    vocab = Vocabulary(["doc00"])
    values = np.array([0, 0, 0, -1, -1, -1], dtype=np.int32)
    path = tmp_path / "x.conllu"
    with pytest.raises(InducevalError, match="outside any document"):
        from unittest import mock

        with mock.patch("induceval.experiments.chambers2010.load_corpus",
                        return_value=corpus.with_sentences(document=Column(values, vocab))):
            _read(str(path), _Context())


# --- the commands on a real 2-worker LocalCluster ---------------------------------------------


def _run(argv: list[str]) -> str:
    from induceval.cli.main import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0, argv
    return out.getvalue()


def _build_score(corpus: list[str], tmp_path: Path, extra: list[str], tag: str,
                 score_options: list[str]) -> tuple[bytes, str, str]:
    ts = tmp_path / f"{tag}.tsv"
    _run(["pseudo", "build", *corpus, "-o", str(ts), *extra])
    score = _run(["pseudo", "score", *corpus, "--test-set", str(ts), "--format", "json",
                  *score_options, *extra])
    unseen = _run(["pseudo", "unseen", *corpus, "--format", "csv", *extra])
    return ts.read_bytes(), score, unseen


@pytest.mark.parametrize("kind", ["conllu", "chat"])
def test_cli_on_dask_same_bytes_as_serial(tmp_path, dask_client, kind):
    if kind == "conllu":
        corpus = [str(p) for p in sorted(_conllu_folder(tmp_path, [20, 90, 91]).iterdir())]
        broken = Path(corpus[2])  # a malformed token line, skipped and counted
        broken.write_text(broken.read_text().replace("\tthe\tthe\t", "\tthe\t", 1))
        corpus.extend(["--on-error", "skip"])  # every command
        score_options = ["--iterations", "20", "--train-fraction", "0.5", "--confidence", "30",
                         "--paired", "ar"]
    else:
        corpus = [str(_chat_folder(tmp_path))]
        score_options = ["--iterations", "20", "--models", "baseline,backoff-cooccurrence"]
    serial = _build_score(corpus, tmp_path, [], "serial", score_options)
    on_dask = _build_score(corpus, tmp_path, ["--scheduler", dask_client.scheduler.address],
                           "dask", score_options)
    if kind == "conllu":
        assert "on_error:skip" in serial[1]
    assert serial[0] == on_dask[0] and serial[0].count(b"\n") > 10
    assert serial[1] == on_dask[1] and "cooccurrence" in serial[1]
    assert serial[2] == on_dask[2]


def test_cli_on_dask_reports_the_first_error_in_file_order(tmp_path, dask_client, capsys):
    from induceval.cli.main import main

    # the first file is the largest and broken at its end, the last one small and broken at
    # its start: the last fails first on the workers, but one process reports the first
    folder = _conllu_folder(tmp_path, [6000, 6020, 6040], n_docs=380, per_doc=16)
    files = sorted(folder.iterdir())
    for path, where in ((files[0], -3), (files[-1], 3)):
        lines = path.read_text().split("\n")
        lines[where] = "1\tbroken"
        path.write_text("\n".join(lines))
    argv = ["pseudo", "build", *map(str, files), "-o", str(tmp_path / "t.tsv")]
    assert main(argv) == 2
    serial = capsys.readouterr().err.splitlines()[0]
    assert main([*argv, "--scheduler", dask_client.scheduler.address]) == 2
    on_dask = capsys.readouterr().err.splitlines()[0]
    assert "part0.conllu:" in serial and serial.split("part0.conllu", 1)[1] in on_dask
