"""Every measure family: a folder scores as its files read as one corpus, in one
process and on two, with the same bytes.

The demo corpus is cut into three CoNLL-U files of a folder.  Each family is scored
on the folder and on the list of its files (read as one corpus), through the
library; each command is run on the folder with one job and with ``--jobs 2``, and
its JSON output must be the same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from induceval.cli.main import main
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.writers import write_corpus


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("families") / "corpus"
    root.mkdir()
    demo = generate_demo_corpus(n_sentences=600, seed=3)
    for i, (a, b) in enumerate(((0, 170), (170, 420), (420, 600))):
        write_corpus(demo.select(range(a, b)), root / f"part{i}.conllu", "conllu")
    return root


def _files(folder: Path) -> list[str]:
    return [str(p) for p in sorted(folder.iterdir())]


def _same(a, b) -> None:
    assert (a.scores, a.signature, a.counts) == (b.scores, b.signature, b.counts)


def test_tags_and_dependencies_of_a_folder_are_those_of_its_files(folder):
    from induceval.corpus.readers import read_corpus
    from induceval.measures.categories import evaluate_tag_systems
    from induceval.measures.dependencies import evaluate_dependency_systems

    files = read_corpus(_files(folder))     # the files read as one corpus
    for jobs in (1, 2):
        tags = [evaluate_tag_systems(src, [src], pred_column="xpos", jobs=jobs, group_bytes=0)
                for src in (str(folder), files)]
        _same(tags[0].results[0], tags[1].results[0])
        deps = [evaluate_dependency_systems([src], [src], jobs=jobs, group_bytes=0)
                for src in (str(folder), files)]
        _same(deps[0].results[0], deps[1].results[0])


def test_substitutable_wopa_and_pseudo_of_a_folder_are_those_of_its_files(folder):
    from induceval.experiments.wopa import evaluate_wopa_corpus
    from induceval.measures.categories.substitutable import evaluate_substitutable
    from induceval.measures.pseudowords import corpus_statistics
    from induceval.parallel import ExecutorSpec

    words = {w: len(w) for w in generate_demo_corpus(n_sentences=600, seed=3)
             .tokens["form"].vocab.items}
    sub = [evaluate_substitutable(src, src, [words]).results[0]
           for src in (str(folder), _files(folder))]
    _same(*sub)
    wopa = [evaluate_wopa_corpus(src, ["chance", "lexstat"]).results
            for src in (str(folder), _files(folder))]
    for a, b in zip(*wopa):
        _same(a, b)
    local = ExecutorSpec(engine="local", jobs=2)
    stats = [corpus_statistics([str(folder)]),
             corpus_statistics(_files(folder), executor=local, group_bytes=0)]
    assert stats[0].fingerprint() == stats[1].fingerprint()
    a, b = ((s.tuples[:, 0].tolist(), s.strings[s.tuples[:, 1:]].tolist()) for s in stats)
    assert a == b and len(a[0]) > 100
    assert stats[0].documents == stats[1].documents


def _run(argv: list[str], out: Path) -> str:
    assert main([*argv, "--format", "json", "-o", str(out)]) == 0, argv
    return out.read_text()


@pytest.mark.parametrize("family", ["tags", "deps", "substitutable", "wopa", "pseudo"])
def test_every_command_gives_the_same_bytes_with_two_jobs(folder, tmp_path, family):
    f = str(folder)
    if family == "pseudo":
        ts = tmp_path / "test.tsv"
        assert main(["pseudo", "build", f, "--method", "random", "-o", str(ts)]) == 0
    argv = {"tags": ["eval", "tags", "--gold", f, "--pred", f, "--pred-column", "xpos"],
            "deps": ["eval", "deps", "--gold", f, "--pred", f],
            "substitutable": ["eval", "substitutable", "--train", f, "--test", f,
                              "--pred", f],
            "wopa": ["wopa", f, "--learners", "chance,lexstat"],
            "pseudo": ["pseudo", "score", f, "--test-set", str(tmp_path / "test.tsv"),
                       "--iterations", "50"]}[family]
    one = _run(argv, tmp_path / "one.json")
    two = _run([*argv, "--jobs", "2", "--engine", "local"], tmp_path / "two.json")
    assert one == two
    assert json.loads(one)
