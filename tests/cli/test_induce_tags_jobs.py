"""``induce tags --model brown|exchange`` counting on Dask: the same bytes as one process.

Folders of four tiny files (plain text, and CoNLL-U with a malformed sentence
and a subfolder) where words are first seen in later files, equally frequent
words tie across files and the literal ``<unk>`` occurs, are clustered in one
process and with the files counted on a real 2-worker LocalCluster (the
session's ``dask_client`` via ``--scheduler``; one test starts the embedded
cluster of ``--jobs 2``): the tagged corpus, the ``--clusters`` list, the
``--log`` and the summary must be byte-identical.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from induceval.cli.main import main

pytest.importorskip("distributed", reason="Dask is an optional extra: "
                    "pip install 'induceval[dask]'")

#: sentences of each file: ties in frequency across files, words first seen late
TEXTS = [
    ["the dog runs", "a cat sleeps", "the cat runs fast", "zebra"],
    ["a dog sleeps", "the <unk> runs", "my dog eats the bone", "the cat eats"],
    ["your cat runs", "a bird sings", "the dog sings", "quux quux"],
    ["the bird eats", "a dog runs fast", "my cat sleeps", "the end"],
]

BAD = "1\tbad\tbad\tNOUN\tNN\t_\t0\troot\t_\n\n"   # 9 columns: --on-error skip skips it


def _conllu(sentences: list[str]) -> str:
    out = []
    for i, s in enumerate(sentences):
        words = s.split()
        out.append(f"# sent_id = s{i}\n# text = {s}\n" + "".join(
            f"{j + 1}\t{w}\t{w}\tX\tX\t_\t{j}\t{'root' if j == 0 else 'dep'}\t_\t_\n"
            for j, w in enumerate(words)) + "\n")
    return "".join(out)


@pytest.fixture(autouse=True)
def one_file_per_task(monkeypatch):
    """The fixtures are tiny: without this, all the files would make one task."""
    monkeypatch.setattr("induceval.parallel.files.GROUP_BYTES", (1, 1))


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("induce_jobs")
    for d in ("plain", "conllu", "conllu/sub"):
        (root / d).mkdir()
    names = ["a", "b", "sub/c", "sub/d"]
    for name, sents in zip(names, TEXTS):
        (root / "plain" / f"{name.replace('sub/', 'x')}.txt").write_text(
            "\n".join(sents) + "\n")
        text = _conllu(sents)
        if name == "b":
            text += BAD
        (root / "conllu" / f"{name}.conllu").write_text(text)
    return root


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _outputs(tmp: Path, args: list[str], jobs: list[str], capsys, ending: str) -> dict:
    tmp.mkdir()
    rc, out, err = _run(["induce", "tags", *args, "-o", str(tmp / f"pred{ending}"),
                         "--clusters", str(tmp / "clusters.tsv"), "--log",
                         str(tmp / "log.json"), *jobs], capsys)
    assert rc == 0, err
    files = {p.name: p.read_bytes() for p in sorted(tmp.iterdir())}
    return {"stdout": out, "stderr": err.replace(str(tmp), "OUT"), **files}


@pytest.mark.parametrize("model,extra", [
    ("brown", ["--k", "4", "--min-count", "2"]),
    ("brown", ["--k", "3", "--min-occur", "2"]),
    ("exchange", ["--k", "4", "--min-count", "2"]),
    ("exchange", ["--k", "3", "--restarts", "2", "--refine", "1", "--seed", "7"]),
])
@pytest.mark.parametrize("folder,ending", [("plain", ".pascal"), ("conllu", ".conllu"),
                                           ("conllu", ".tsv")])
def test_induce_tags_on_dask_same_bytes(folders, dask_client, tmp_path, capsys, model, extra,
                                        folder, ending):
    args = ["--model", model, *extra, str(folders / folder)]
    if folder == "conllu":
        args += ["--on-error", "skip"]
    serial = _outputs(tmp_path / "serial", args, [], capsys, ending)
    on_dask = _outputs(tmp_path / "dask", args,
                       ["--scheduler", dask_client.scheduler.address], capsys, ending)
    assert list(on_dask) == list(serial)
    for key, value in serial.items():
        assert on_dask[key] == value, key
    assert len(serial[f"pred{ending}"]) > 50
    if "--min-count" in extra:
        assert b"min_count_unk:2" in serial["log.json"]


def test_stdout_and_several_paths_on_dask(folders, dask_client, capsys):
    plain = sorted(str(p) for p in (folders / "plain").iterdir())
    args = ["induce", "tags", "--model", "exchange", "--k", "3", plain[2], plain[0], plain[1]]
    rc1, serial, err1 = _run(args, capsys)
    rc2, on_dask, err2 = _run([*args, "--scheduler", dask_client.scheduler.address], capsys)
    assert rc1 == rc2 == 0
    assert on_dask == serial and err2 == err1
    assert serial.count("\n\n") == 12


def test_jobs_2_starts_a_local_cluster_same_bytes(folders, tmp_path, capsys):
    args = ["--model", "brown", "--k", "4", "--min-count", "2", "--on-error", "skip",
            str(folders / "conllu")]
    serial = _outputs(tmp_path / "serial", args, ["--jobs", "1"], capsys, ".conllu")
    on_dask = _outputs(tmp_path / "dask", args, ["--jobs", "2"], capsys, ".conllu")
    # on a machine (or an affinity) of one core, --jobs 2 says it runs one worker
    on_dask["stderr"] = "".join(line for line in on_dask["stderr"].splitlines(keepends=True)
                                if not line.startswith("induceval: note: --jobs 2 is more"))
    assert on_dask == serial


@pytest.mark.parametrize("extra,option", [
    (["--model", "hc", "--k", "2"], "--model hc"),
    (["--model", "bhmm", "--k", "2"], "--model bhmm"),
    (["--model", "brown", "--k", "2", "--demo"], "--demo"),
])
def test_options_that_need_the_corpus_are_refused(folders, dask_client, capsys, extra,
                                                  option):
    rc, _, err = _run(["induce", "tags", *extra, str(folders / "plain"), "--scheduler",
                       dask_client.scheduler.address], capsys)
    assert rc == 2
    assert f"{option} cannot be combined with --jobs" in err


def test_library_clusters_from_summed_tables_equal_the_corpus(folders, dask_client):
    from induceval.corpus.counting import count_bigrams
    from induceval.corpus.readers import expand_paths, read_corpus
    from induceval.models.categories import induce_tags
    from induceval.models.categories.counts import tag_tokens

    files = [str(f) for f in expand_paths(folders / "conllu")]
    whole = read_corpus(files, on_error="skip")
    for model, params in (("brown", {"min_count": 2}), ("exchange", {"init": "random"})):
        table = count_bigrams(files, boundary=model == "exchange", on_error="skip",
                              executor=dask_client)
        assert table.vocab == tuple(whole.tokens["form"].vocab.items)
        for unk in (1, 3):
            want = induce_tags(whole, model, 3, seed=5, min_count_unk=unk, **params)
            got = induce_tags(table, model, 3, seed=5, min_count_unk=unk, **params)
            assert list(got.type_clusters.items()) == list(want.type_clusters.items())
            assert (got.signature, got.log, got.n_clusters) == (want.signature, want.log,
                                                                want.n_clusters)
            assert dict(got.paths or {}) == dict(want.paths or {})
            assert np.array_equal(tag_tokens(got, whole), want.tags)
    with pytest.raises(Exception, match="sentence boundaries"):
        induce_tags(table, "brown", 3)


@pytest.mark.parametrize("group_bytes", [(1, 1), (1 << 20, 1 << 20)])  # by file, one task
@pytest.mark.parametrize("ending", [".conllu", ".conllx"])
def test_files_of_the_same_name_one_newdoc_as_in_one_process(tmp_path, dask_client, capsys,
                                                              monkeypatch, ending, group_bytes):
    # plain-text documents are named by the file stem, but a/x.txt and b/x.txt share it:
    # read together, every file's document is named by its path (one "# newdoc id" each,
    # on the workers as in one process)
    monkeypatch.setattr("induceval.parallel.files.GROUP_BYTES", group_bytes)
    root = tmp_path / "same"
    for sub, text in (("a", "the dog runs\na cat\n"), ("b", "the cat runs\n"),
                      ("c", "a dog\n")):
        (root / sub).mkdir(parents=True)
        (root / sub / ("y.txt" if sub == "c" else "x.txt")).write_text(text)
    args = ["--model", "exchange", "--k", "2", str(root)]
    serial = _outputs(tmp_path / "serial", args, [], capsys, ending)
    on_dask = _outputs(tmp_path / "dask", args, ["--scheduler", dask_client.scheduler.address],
                       capsys, ending)
    assert on_dask == serial
    text = serial[f"pred{ending}"].decode()
    assert [line for line in text.split("\n") if line.startswith("# newdoc")] == [
        "# newdoc id = a/x", "# newdoc id = b/x", "# newdoc id = c/y"]


@pytest.mark.parametrize("fmt", ["pascal", "conllu"])
def test_tags_written_on_dask_in_file_order_whatever_the_window(folders, dask_client, fmt):
    import io

    from induceval.corpus.readers import expand_paths, read_corpus
    from induceval.corpus.writers import write_predictions, write_predictions_on_dask
    from induceval.models.categories import induce_tags

    for folder, on_error in (("plain", "fail"), ("conllu", "skip")):
        files = [str(f) for f in expand_paths(folders / folder)]
        whole = read_corpus(files, on_error=on_error)
        result = induce_tags(whole, "brown", 3, min_count=2)
        want = io.StringIO()
        want_report = write_predictions(whole, result, want, fmt)
        groups = [files[:1], files[1:3], files[3:]]
        for window in (1, 2, 8):
            got = io.StringIO()
            report = write_predictions_on_dask(dask_client, groups, result, got, fmt,
                                               input_format="auto", on_error=on_error,
                                               window=window)
            assert got.getvalue() == want.getvalue()
            assert report.to_dict() == want_report.to_dict()
        assert "UNCLUSTERED" in want.getvalue()


def test_a_malformed_file_stops_both_naming_it(folders, dask_client, tmp_path, capsys):
    import shutil

    root = tmp_path / "two_bad"
    shutil.copytree(folders / "conllu", root)
    with open(root / "sub" / "d.conllu", "a") as fh:   # a later, larger malformed file
        fh.write(_conllu(TEXTS[0] * 20) + BAD)
    args = ["induce", "tags", "--model", "brown", "--k", "3", str(root), "-o",
            str(tmp_path / "out.conllu")]
    rc1, _, err1 = _run(args, capsys)
    rc2, _, err2 = _run([*args, "--scheduler", dask_client.scheduler.address], capsys)
    assert rc1 == rc2 != 0
    assert "b.conllu:" in err1 and err2 == err1   # the error one process meets first
    assert not (tmp_path / "out.conllu").exists()
