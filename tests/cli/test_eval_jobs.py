"""``eval tags`` / ``eval deps`` over folders on Dask: the same bytes as one process.

A gold folder of four small CoNLL-U files (one with malformed sentences) and
prediction folders made from it (clusters from the PTB tags with unclustered
words, left-chain heads) are scored serially and file by file on a real
2-worker LocalCluster (``--scheduler``: the cluster is started once for the
module); every output must be byte-identical.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from induceval.cli.main import main

distributed = pytest.importorskip("distributed", reason="Dask is an optional extra: "
                                  "pip install 'induceval[dask]'")

TIMEOUT = 60

#: a sentence with 9 columns on one line (every reader skips it with --on-error skip)
BAD = ("# sent_id = bad-1\n1\tbad\tbad\tNOUN\tNN\t_\t0\troot\t_\n"
       "2\tline\tline\tNOUN\tNN\t_\t1\tdep\t_\t_\n\n")
#: a sentence of punctuation only (empty after punctuation removal)
PUNCT = "1\t!\t!\tPUNCT\t.\t_\t0\troot\t_\t_\n\n"
FIRST = ("1\tlook\tlook\tVERB\tVB\t_\t0\troot\t_\t_\n2\tthere\tthere\tX\tRB\t_\t4\tzzz\t_\t_\n"
         "3\tnow\tnow\tADV\tRB\t_\t1\tadvmod\t_\t_\n4\tok\tok\tINTJ\tUH\t_\t1\tdiscourse\t_\t_\n\n")
#: a gold tag first seen in the last file
SYM = "1\t$\t$\tSYM\t$\t_\t2\tdep\t_\t_\n2\tfive\tfive\tNUM\tCD\t_\t0\troot\t_\t_\n\n"


@pytest.fixture(autouse=True)
def one_file_per_task(monkeypatch):
    """The fixtures are tiny: without this, all the files would make one task."""
    monkeypatch.setattr("induceval.measures.sharded.GROUP_BYTES", (1, 1))


@pytest.fixture(scope="module")
def address():
    from induceval.parallel import local_cluster, tune_client

    cluster = local_cluster(2, silence_logs=50)
    client = tune_client(distributed.Client(cluster, timeout=TIMEOUT))
    client.wait_for_workers(2, timeout=TIMEOUT)
    yield client.scheduler.address
    client.close()
    cluster.close()


def _pred_line(line: str, system: int, file: int) -> str:
    if not line or line.startswith("#"):
        return line
    cols = line.split("\t")
    if len(cols) != 10 or not cols[0].isdigit():
        return line
    # clusters from the PTB tags (merged), a few words unclustered, clusters first seen
    # after the unclustered ones in later files; system 0: left-chain heads, system 1:
    # every word a root
    cols[3] = "_" if cols[1] in ("the", "a") else \
        f"{'ck'[system]}{(sum(map(ord, cols[4])) + system) % (7 if file < 3 else 11)}"
    cols[6] = str(int(cols[0]) - 1) if system == 0 else "0"
    cols[7] = "_"
    return "\t".join(cols)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    from induceval.corpus.demo import generate_demo_corpus
    from induceval.corpus.writers import write_conllu

    root = tmp_path_factory.mktemp("evaljobs")
    gold, pred, other = root / "gold", root / "pred", root / "other"
    for d in (gold, pred, other, gold / "sub", pred / "sub", other / "sub"):
        d.mkdir(exist_ok=True)
    names = ["0.conllu", "a.conllu", "b.conllu", "sub/c.conllu", "sub/d.conllu"]
    for i, name in enumerate(names):
        if i == 0:
            # breakdown groups first seen out of their order: edges of 2 and 3 before 1,
            # the relation group OTHER before the others, a sentence of 4 words first
            (gold / name).write_text(FIRST)
        else:
            write_conllu(generate_demo_corpus(n_sentences=30 + 7 * i, seed=40 + i),
                         gold / name)
        text = (gold / name).read_text()
        if i == 2:
            text += BAD + PUNCT
        if i == 4:
            text += SYM
        (gold / name).write_text(text)
        lines = text.split("\n")
        (pred / name).write_text("\n".join(_pred_line(x, 0, i) for x in lines))
        (other / name).write_text("\n".join(_pred_line(x, 1, i) for x in lines))
    return root


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _same(args: list[str], address: str, capsys) -> str:
    rc1, serial, err1 = _run(args, capsys)
    assert rc1 == 0, err1
    rc2, on_dask, err2 = _run([*args, "--scheduler", address], capsys)
    assert rc2 == 0, err2
    assert on_dask == serial
    return serial


@pytest.mark.parametrize("extra", [
    [],
    ["--punct", "keep"],
    ["--punct", "unicode", "--unclustered", "split", "--log-base", "e", "--level", "both"],
    ["--level", "type", "--restarts", "3", "--seed", "7", "--pred", "{other}"],
    ["--on-error", "skip", "--pred-column", "xpos", "--allow-identical"],
])
def test_eval_tags_on_dask_same_bytes(folders, address, capsys, extra):
    on_error = [] if "--on-error" in extra else ["--on-error", "skip"]
    extra = [str(folders / "other") if a == "{other}" else a for a in extra]
    out = _same(["eval", "tags", "--gold", str(folders / "gold"), "--pred",
                 str(folders / ("gold" if "xpos" in extra else "pred")), *on_error, *extra,
                 "--format", "csv"], address, capsys)
    if "--level" in extra:
        assert "macro_i_m1" in out
    # gold and each prediction, one each
    assert f"|skipped:{2 + ('--pred' in extra)}|" in out
    assert out.count("\n") >= 3


def test_eval_tags_several_predictions_resampling_json(folders, address, capsys):
    out = _same(["eval", "tags", "--gold", str(folders / "gold"), "--pred",
                 str(folders / "pred"), "--pred", str(folders / "other"), "--on-error", "skip",
                 "--confidence", "30", "--paired", "ar", "--paired-n", "30",
                 "--format", "json"], address, capsys)
    doc = json.loads(out)
    assert len(doc["tables"]) == 2 and "m1_low" in out
    # documents: '# newdoc id' lines, and the file's name before the first one
    args = ["eval", "tags", "--gold", str(folders / "gold"), "--pred", str(folders / "pred"),
            "--on-error", "skip", "--confidence", "30", "--format", "csv"]
    by_document = _same([*args, "--unit", "document"], address, capsys)
    by_sentence = _run(args, capsys)[1]
    assert "resample:document" in by_document
    # whole documents resampled: other intervals than sentences (the same point scores)
    doc, sent = (x.splitlines()[1].split(",") for x in (by_document, by_sentence))
    assert by_document.splitlines()[0].split(",")[1:3] == ["m1", "m1 ±"]
    assert doc[1] == sent[1] and doc[2] != sent[2]


@pytest.mark.parametrize("extra", [
    [],
    ["--punct", "keep", "--max-length", "5"],
    ["--confidence", "25", "--paired", "bootstrap"],
    ["--confidence", "25", "--paired", "ar", "--unit", "document", "--seed", "3"],
    ["--reference", "head", "--no-check-forms", "--punct", "tags:."],
])
def test_eval_deps_on_dask_same_bytes(folders, address, capsys, extra):
    out = _same(["eval", "deps", "--gold", str(folders / "gold"), "--pred",
                 str(folders / "pred"), "--pred", str(folders / "other"), "--on-error", "skip",
                 *extra], address, capsys)
    assert "empty_sentences=1" in out or "keep" in extra
    assert "skipped malformed sentences: 3" in out


def test_eval_deps_gold_folder_as_a_prediction_on_dask(folders, address, capsys):
    # the gold files scored as a prediction (beside another system) are read once on the
    # workers, with the columns of both: the same bytes as one process, a perfect score
    out = _same(["eval", "deps", "--gold", str(folders / "gold"), "--pred",
                 str(folders / "gold"), "--pred", str(folders / "pred"), "--on-error", "skip",
                 "--format", "csv"], address, capsys)
    gold_row, pred_row = (line.split(",") for line in out.splitlines()[1:3])
    assert gold_row[:5] == ["gold", "1.0", "1.0", "1.0", "1.0"], out
    assert float(pred_row[1]) < 1.0 and gold_row[5:] == pred_row[5:]


@pytest.mark.parametrize("by", [["relation", "deprel", "pos"],
                                ["edge-length", "edge-length-exact", "sentence-length",
                                 "sentence-length-exact"]])
def test_eval_deps_breakdowns_on_dask_same_bytes(folders, address, capsys, by, tmp_path):
    args = [a for b in by for a in ("--by", b)]
    for preds in (["pred"], ["pred", "other"]):   # one system: groups as rows, else columns
        _same(["eval", "deps", "--gold", str(folders / "gold"), "--on-error", "skip",
               *[a for p in preds for a in ("--pred", str(folders / p))], *args,
               "--format", "json"], address, capsys)
    # the figure of the edge-length breakdown: the same picture
    pngs = []
    for extra in ([], ["--scheduler", address]):
        png = tmp_path / f"fig{len(pngs)}.png"
        rc, _, err = _run(["eval", "deps", "--gold", str(folders / "gold"), "--pred",
                           str(folders / "pred"), "--on-error", "skip", "--plot",
                           "accuracy-by-edge-length", str(png), *extra], capsys)
        assert rc == 0, err
        pngs.append(png.read_bytes())
    assert pngs[0] == pngs[1]


def test_eval_deps_two_gold_references_on_dask(folders, address, capsys, tmp_path):
    import shutil

    second = tmp_path / "second"
    shutil.copytree(folders / "gold", second)
    out = _same(["eval", "deps", "--gold", str(folders / "gold"), "--gold", str(second),
                 "--pred", str(folders / "pred"), "--on-error", "skip", "--by", "relation",
                 "--format", "json"], address, capsys)
    assert "directed[gold:head]" in out and "directed[second:head]" in out


def test_a_gold_file_is_scored_in_one_process(folders, address, capsys):
    _same(["eval", "tags", "--gold", str(folders / "gold" / "a.conllu"), "--pred",
           str(folders / "pred" / "a.conllu")], address, capsys)
    _same(["eval", "deps", "--gold", str(folders / "gold" / "a.conllu"), "--pred",
           str(folders / "pred" / "a.conllu"), "--by", "relation", "--format", "json"],
          address, capsys)


def test_missing_and_extra_prediction_files_are_named(folders, address, capsys, tmp_path):
    import shutil

    pred = tmp_path / "pred"
    shutil.copytree(folders / "pred", pred)
    (pred / "sub" / "c.conllu").unlink()
    for cmd in ("tags", "deps"):
        rc, _, err = _run(["eval", cmd, "--gold", str(folders / "gold"), "--pred", str(pred),
                           "--on-error", "skip", "--scheduler", address], capsys)
        assert rc == 2
        assert "has no file for 1 of 5 gold files: sub/c.conllu" in err
    shutil.copy(folders / "pred" / "a.conllu", pred / "extra.conllu")
    rc, _, err = _run(["eval", "tags", "--gold", str(folders / "gold"), "--pred", str(pred),
                       "--scheduler", address], capsys)
    assert rc == 2 and "has no file for 1 of 5 gold files: sub/c.conllu; and 1 files " \
        "without a gold file" in err and "extra.conllu" in err


@pytest.mark.parametrize("cmd,extra,option", [
    ("tags", ["--level", "both", "--confidence", "10"], "--level both with --confidence/--paired"),
    ("tags", ["--pred-format", "types"], "--pred-format types"),
])
def test_options_the_file_sums_cannot_honour_are_refused(folders, address, capsys, cmd,
                                                         extra, option):
    rc, _, err = _run(["eval", cmd, "--gold", str(folders / "gold"), "--pred",
                       str(folders / "pred"), "--on-error", "skip", *extra,
                       "--scheduler", address], capsys)
    assert rc == 2
    assert f"{option} is not available when the files are scored one by one on Dask" in err
    assert "drop --jobs" in err


def test_library_detects_the_scheme_of_all_files_together(tmp_path):
    """A file whose own tags detect another scheme is recounted with the corpus's one."""
    from induceval.corpus.readers import read_corpus
    from induceval.measures.categories.evaluate import evaluate_tags
    from induceval.measures.sharded import evaluate_tags_over_files

    ud = "1\tdogs\t_\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n2\t.\t_\tPUNCT\t.\t_\t1\tpunct\t_\t_\n\n"
    # mostly cluster ids in UPOS: alone, this file is not UPOS (PTB tags and punctuation)
    odd = "1\tcats\t_\tc1\tNNS\t_\t0\troot\t_\t_\n2\t.\t_\tc2\t.\t_\t1\tpunct\t_\t_\n\n"
    files = []
    for i, text in enumerate([ud * 20, odd]):
        p = tmp_path / f"{i}.conllu"
        p.write_text(text)
        files.append(str(p))
    whole = read_corpus(files)
    want = evaluate_tags(whole, whole, pred_column="xpos")
    got = evaluate_tags_over_files(files, [files], pred_column="xpos")
    assert (got.gold_column, got.punct) == ("upos", "upos")
    assert got.evaluations[0].scores == want.scores
    assert got.evaluations[0].table == want.table
    assert got.evaluations[0].signature == want.signature
    assert got.evaluations[0].counts == want.counts


def test_pair_files_by_relative_path_ending_aside(tmp_path):
    from induceval.errors import MismatchError
    from induceval.measures.sharded import pair_files

    g, p = tmp_path / "g", tmp_path / "p"
    for d in (g / "x", p / "x"):
        d.mkdir(parents=True)
    for f in ("x/1.conllu", "2.conllu"):
        (g / f).write_text("1\ta\t_\tX\t_\t_\t0\troot\t_\t_\n\n")
    for f in ("x/1.pascal", "2.pascal"):
        (p / f).write_text("1\ta\t_\tX\t_\t_\t0\troot\t_\t_\n\n")
    pairs = pair_files(g, p)
    assert [(Path(a).relative_to(g).as_posix(), Path(b).relative_to(p).as_posix())
            for a, b in pairs] == [("2.conllu", "2.pascal"), ("x/1.conllu", "x/1.pascal")]
    (tmp_path / "empty").mkdir()
    with pytest.raises(MismatchError, match="no corpus files under the gold folder"):
        pair_files(tmp_path / "empty", p)


def test_reader_errors_cross_processes_once_dask_is_imported(tmp_path):
    # distributed pickles an exception with its context: the reader's internal one must
    # travel too (else a forked read of a malformed file breaks the process pool)
    from induceval.corpus.readers import read_corpora
    from induceval.errors import CorpusFormatError

    good, bad = tmp_path / "g.conllu", tmp_path / "b.conllu"
    good.write_text("1\ta\t_\tX\t_\t_\t0\troot\t_\t_\n\n")
    bad.write_text("1\ta\t_\tX\t_\t_\t9\troot\t_\t_\n\n")
    second = read_corpora([(good, {}), (bad, {})], jobs=2)[1]
    with pytest.raises(CorpusFormatError, match=r"b\.conllu:1: head 9 out of range"):
        second.result()


@pytest.mark.parametrize("group_bytes", [0, 20000, None])
def test_library_sums_do_not_depend_on_the_grouping_of_files(folders, group_bytes):
    from induceval.corpus.readers import expand_paths, read_corpus
    from induceval.measures.categories.evaluate import evaluate_tags
    from induceval.measures.dependencies.evaluate import evaluate_dependencies
    from induceval.measures.sharded import (
        evaluate_dependencies_over_files,
        evaluate_tags_over_files,
        file_groups,
    )

    gold = [str(f) for f in expand_paths(folders / "gold")]
    pred = [str(f) for f in expand_paths(folders / "pred")]
    from induceval.parallel import path_size

    n_groups = len(file_groups([path_size(f) for f in gold], group_bytes))
    assert 1 < n_groups < 5 if group_bytes == 20000 else n_groups == 5
    g, p = read_corpus(gold, on_error="skip"), read_corpus(pred, on_error="skip")
    tags = evaluate_tags_over_files(gold, [pred], on_error="skip", items=True,
                                    group_bytes=group_bytes).evaluations[0]
    want = evaluate_tags(g, p, items="sentence")
    assert tags.scores == want.scores and tags.table == want.table
    assert (tags.table.item_counts != want.table.item_counts).nnz == 0
    split = evaluate_tags_over_files(gold, [pred], on_error="skip", unclustered="split",
                                     group_bytes=group_bytes).evaluations[0]
    want = evaluate_tags(g, p, unclustered="split")
    assert split.table == want.table and split.scores == want.scores   # columns in order
    assert len(split.table.pred_labels) > len(tags.table.pred_labels)
    deps = evaluate_dependencies_over_files([gold], [pred], on_error="skip", punct="upos",
                                            group_bytes=group_bytes).results[0]
    want = evaluate_dependencies(g, p, punct="upos", breakdowns=())
    assert deps.scores == want.scores and deps.structure == want.structure
    assert deps.preprocessing == want.preprocessing
    assert (deps.reference().stats.rows == want.reference().stats.rows).all()
    assert (deps.reference().stats.sentence_index == want.reference().stats.sentence_index).all()


def test_the_first_malformed_file_in_order_stops_both_paths(folders, address, capsys, tmp_path):
    import shutil

    gold = tmp_path / "gold"
    shutil.copytree(folders / "gold", gold)
    # the largest file, counted first on Dask, is malformed too: the error is still the first
    # one a single process meets, in file order
    with open(gold / "sub" / "d.conllu", "a") as fh:
        fh.write(BAD)
    for cmd in ("tags", "deps"):
        args = ["eval", cmd, "--gold", str(gold), "--pred", str(folders / "pred")]
        rc1, _, serial = _run(args, capsys)
        rc2, _, on_dask = _run([*args, "--scheduler", address], capsys)
        assert rc1 == rc2 == 2
        assert on_dask == serial
        assert "b.conllu:" in serial and "wrong" not in serial
