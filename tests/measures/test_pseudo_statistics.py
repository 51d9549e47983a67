"""Pseudo-word statistics (Chambers & Jurafsky 2010): one type, additive over shards.

Any cut of a corpus into shards sums to the statistics of the whole, with the
same test sets, counts and fingerprint; files read group by group give the
statistics of the concatenated corpus (documents spanning files, files lacking
columns, CHAT sessions); test sets of 0.3.x (format 1) are still read and
checked; the commands on a real 2-worker Dask LocalCluster write the bytes of
one process.
"""

from __future__ import annotations

import functools
import io
import operator
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from induceval.corpus.model import Column, Vocabulary
from induceval.corpus.writers import write_corpus
from induceval.errors import InducevalError
from induceval.measures.pseudowords import (
    PseudoStatistics,
    PseudoTestSet,
    build_test_set,
    chunk_documents,
    corpus_statistics,
    load_corpus,
    prepare,
    seen_unseen,
    shard_statistics,
    split_documents,
)

from .test_pseudowords import _write_conllu, synthetic_corpus

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pseudo"


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


def _assert_same(sharded: PseudoStatistics, whole: PseudoStatistics, documents) -> None:
    assert sharded.fingerprint() == whole.fingerprint()
    assert sorted(sharded.documents) == sorted(whole.documents)
    for a, b in ((sharded, whole), (whole, sharded)):  # each sentence's document, each token
        names, words = np.array(a.documents, dtype=object), np.append(a.strings, None)
        assert names[a.sentence_document].tolist() == np.array(
            b.documents, dtype=object)[b.sentence_document].tolist()
        assert words[a.words].tolist() == np.append(b.strings, None)[b.words].tolist()
    assert np.array_equal(sharded.lengths, whole.lengths)
    assert np.array_equal(sharded.kinds, whole.kinds)
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


def _test_set_bytes(stats: PseudoStatistics, path: Path, method: str = "buckets") -> bytes:
    split = split_documents(stats.documents, seed=3)
    build_test_set(stats.instances(split.test), stats.noun_frequencies(split.train), method,
                   seed=3, corpus=stats.fingerprint(), split=split.describe(),
                   corpus_tokens=stats.document_tokens(split.train)).write(path)
    return path.read_bytes()


_CORPUS = synthetic_corpus(12, 6)


def _rebuilt(corpus):
    """The corpus with vocabularies of its own (codes differ from shard to shard)."""
    from induceval.corpus.model import CorpusBuilder

    b = CorpusBuilder()
    for s in corpus:
        b.add_sentence({k: s.strings(k) for k in corpus.tokens},
                       {"document": s.meta("document")})
    return b.build()


@settings(max_examples=25, deadline=None)
@given(cuts=st.lists(st.integers(0, _CORPUS.n_sentences), max_size=6),
       grouping=st.lists(st.booleans(), min_size=7, max_size=7))
def test_random_shard_cuts_sum_to_the_whole(tmp_path_factory, cuts, grouping):
    """Cut the corpus anywhere (empty shards included), sum the shards in any grouping:
    the statistics, test set and fingerprint of the whole corpus."""
    whole = shard_statistics(_CORPUS)
    bounds = [0, *sorted(cuts), _CORPUS.n_sentences]
    parts = [shard_statistics(_rebuilt(_CORPUS.select(np.arange(a, b))) if b > a
                              else _CORPUS.select([]), scheme="ud")
             for a, b in zip(bounds[:-1], bounds[1:])]
    summed = PseudoStatistics.concat(parts)
    # associativity: add neighbours first where ``grouping`` says so, then the rest in order
    paired, i = [], 0
    while i < len(parts):
        if i + 1 < len(parts) and grouping[i]:
            paired.append(parts[i] + parts[i + 1])
            i += 2
        else:
            paired.append(parts[i])
            i += 1
    folded = functools.reduce(operator.add, paired)
    docs = sorted(whole.documents)[::3]
    for got in (summed, folded):
        _assert_same(got, whole, docs)
    tmp = tmp_path_factory.mktemp("cut")
    assert _test_set_bytes(folded, tmp / "a.tsv") == _test_set_bytes(whole, tmp / "b.tsv")
    # pseudo-documents are numbered over the whole corpus, whatever the cut
    _assert_same(chunk_documents(folded), chunk_documents(whole), ["doc00#0"])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The synthetic corpus in 8 CoNLL-U files cut inside documents."""
    root = tmp_path_factory.mktemp("files")
    corpus = synthetic_corpus(10, 6)
    bounds = [0, 5, 13, 14, 22, 31, 40, 52, 60]
    for i in range(8):
        write_corpus(corpus.select(np.arange(bounds[i], bounds[i + 1])),
                     root / f"part{i}.conllu", "conllu")
    return root


@settings(max_examples=15, deadline=None)
@given(cuts=st.sets(st.integers(1, 7)))
def test_a_folder_read_in_any_groups_gives_the_test_set_of_the_whole(folder, tmp_path_factory,
                                                                     cuts):
    files = sorted(str(f) for f in folder.iterdir())
    whole = chunk_documents(corpus_statistics(load_corpus("c", [str(folder)])))
    bounds = [0, *sorted(cuts), len(files)]
    shards = chunk_documents(PseudoStatistics.concat(
        [shard_statistics(files[a:b]) for a, b in zip(bounds[:-1], bounds[1:])]))
    assert shards.fingerprint() == whole.fingerprint()
    tmp = tmp_path_factory.mktemp("groups")
    assert _test_set_bytes(shards, tmp / "a.tsv", "neighbor") == _test_set_bytes(
        whole, tmp / "b.tsv", "neighbor")


@pytest.mark.parametrize("arguments", ["nouns", "nominals", "any"])
def test_conllu_files_with_documents_spanning_files(tmp_path, arguments):
    # documents of 8 sentences, files cut inside documents 2 and 11; with "any", the second
    # file's lemmas are all "_" (its tuples skipped and counted, as in one corpus)
    folder = _conllu_folder(tmp_path, [20, 90, 91], without_lemma=1 if arguments == "any" else None)
    whole = corpus_statistics(load_corpus("c", [str(folder)]), arguments=arguments)
    sharded = corpus_statistics([str(folder)], arguments=arguments, group_bytes=0)
    assert len(whole.documents) == 30
    _assert_same(sharded, whole, whole.documents[::3])


def test_few_documents_are_cut_over_the_whole_corpus(tmp_path):
    # 5 documents < 20: pseudo-documents of 100 sentences numbered across the files, and a
    # file without lemmas read with a missing lemma column (as in the concatenated corpus)
    folder = _conllu_folder(tmp_path, [130, 250, 333], n_docs=5, per_doc=70,
                            without_lemma=2)
    whole = chunk_documents(corpus_statistics(load_corpus("c", [str(folder)])))
    sharded = chunk_documents(corpus_statistics([str(folder)], group_bytes=0))
    assert {"doc01#0", "doc01#1"} <= set(whole.documents) and sharded.instances().skipped
    _assert_same(sharded, whole, [d for d in whole.documents if d.endswith(("#1", "#3"))])


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
    whole = corpus_statistics(load_corpus("c", files))
    sharded = corpus_statistics(files, group_bytes=0)
    assert "part1" in whole.documents
    _assert_same(sharded, whole, ["part1", *whole.documents[::4]])


def test_chat_folder_child_directed_speech(tmp_path):
    root = _chat_folder(tmp_path)
    whole = chunk_documents(corpus_statistics(load_corpus("c", [str(root)])))
    sharded = chunk_documents(corpus_statistics([str(root)], group_bytes=0))
    # the child-only session keeps its document name (no utterance left), as in one corpus
    assert "toy/s23" in corpus_statistics([str(root)]).documents
    _assert_same(sharded, whole, sorted(whole.documents)[::2])


def test_no_dependency_relations_refused(tmp_path, fixtures):
    from induceval.cli.main import main

    ptb = str(fixtures / "readers" / "tiny.mrg")
    with pytest.raises(InducevalError, match="no dependency relations"):
        corpus_statistics([ptb])
    assert main(["pseudo", "build", ptb, "-o", str(tmp_path / "t.tsv")]) == 2


def test_unseen_cuts_pseudo_documents_again(tmp_path):
    # 150 sentences in 2 documents: 3 pseudo-documents, which prepare() cuts again
    folder = _conllu_folder(tmp_path, [70], n_docs=2, per_doc=75)
    stats = chunk_documents(corpus_statistics([str(folder)], group_bytes=0))
    assert len(stats.documents) == 3
    prep = prepare(stats, "c", test_fraction=0.34, dev_fraction=0, with_cooccurrence=False)
    assert "doc01#1#1" in prep.split.train + prep.split.test
    assert seen_unseen(prep)["records"][-1]["train_docs"] == 2


def test_sentences_without_a_document_are_refused():
    corpus = synthetic_corpus(2, 3)
    values = np.array([0, 0, 0, -1, -1, -1], dtype=np.int32)
    with pytest.raises(InducevalError, match="outside any document"):
        shard_statistics(corpus.with_sentences(document=Column(values, Vocabulary(["doc00"]))))


def test_a_test_set_of_0_3_is_read_and_its_fingerprint_checked(tmp_path, capsys):
    """Format 1 (induceval 0.3.1, ``pseudo build syn.conllu --method buckets`` on the corpus
    below) carries the old fingerprint: still read, checked by reading the corpus whole."""
    from induceval.cli.main import main

    old = FIXTURES / "testset-0.3.1.tsv"
    ts = PseudoTestSet.read(old)
    assert ts.format == 1 and len(ts) == 16 and ts.corpus == "e0a11cb36927a1e4"
    corpus = tmp_path / "syn.conllu"
    _write_conllu(synthetic_corpus(25, 4), corpus)
    new = tmp_path / "new.tsv"
    capsys.readouterr()
    assert main(["pseudo", "build", str(corpus), "--method", "buckets", "-o", str(new)]) == 0
    # it says what it built (it was silent)
    assert "pseudo build: 16 test items (verb, relation, noun, buckets confounder)" in \
        capsys.readouterr().err

    def items(path: Path) -> list[str]:  # all but the format, fingerprint and version
        return [line for line in path.read_text().split("\n")
                if not line.startswith(("# format", "# corpus", "# signature"))]

    assert items(new) == items(old)
    scores = []
    for test_set in (old, new):
        capsys.readouterr()
        assert main(["pseudo", "score", str(corpus), "--test-set", str(test_set),
                     "--iterations", "20", "--format", "csv"]) == 0
        scores.append(capsys.readouterr().out)
    assert scores[0] == scores[1] and "erk-jaccard" in scores[0]
    other = tmp_path / "other.conllu"
    _write_conllu(synthetic_corpus(25, 4, seed=1), other)
    assert main(["pseudo", "score", str(other), "--test-set", str(old)]) == 2
    assert "e0a11cb36927a1e4" in capsys.readouterr().err


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


def test_cli_on_dask_same_bytes_as_serial(tmp_path, dask_client):
    corpus = [str(p) for p in sorted(_conllu_folder(tmp_path, [20, 90, 91]).iterdir())]
    broken = Path(corpus[2])  # a malformed token line, skipped and counted
    broken.write_text(broken.read_text().replace("\tthe\tthe\t", "\tthe\t", 1))
    corpus.extend(["--on-error", "skip"])  # every command
    score_options = ["--iterations", "20", "--train-fraction", "0.5", "--confidence", "30",
                     "--paired", "ar"]
    serial = _build_score(corpus, tmp_path, [], "serial", score_options)
    on_dask = _build_score(corpus, tmp_path, ["--scheduler", dask_client.scheduler.address],
                           "dask", score_options)
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
    assert "part0.conllu:" in serial and on_dask == serial
