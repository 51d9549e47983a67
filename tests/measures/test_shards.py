"""One evaluation path: the statistics of any cut of a text sum to those of the whole.

A corpus is written once as one file and once cut into files at random
sentence boundaries (each file then has its own vocabularies, in its own
order of first appearance); every measure family scores both and must give
the same statistics, label for label and row for row, the same scores and
the same signature.  Work on workers runs through the same path: one smoke
test per family compares a Dask run with one process, byte for byte.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from induceval.cli.main import main
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.writers import write_conllu
from induceval.errors import MismatchError, ParameterError
from induceval.measures.categories import evaluate_tag_systems, evaluate_tags
from induceval.measures.dependencies import evaluate_dependencies, evaluate_dependency_systems
from induceval.measures.shards import ReadOptions, pair_files
from tests.conftest import one_table

#: a sentence with 9 columns on one line (every reader skips it with --on-error skip)
BAD = ("# sent_id = bad-1\n1\tbad\tbad\tNOUN\tNN\t_\t0\troot\t_\n"
       "2\tline\tline\tNOUN\tNN\t_\t1\tdep\t_\t_\n\n")


def _predicted(line: str, system: int) -> str:
    """A prediction line: clusters from the PTB tags (a few words unclustered), chain heads."""
    cols = line.split("\t")
    if len(cols) != 10 or not cols[0].isdigit():
        return line
    cols[3] = "_" if cols[1] in ("the", "a") else f"{'ck'[system]}{sum(map(ord, cols[4])) % 7}"
    cols[6] = str(int(cols[0]) - 1) if system == 0 else "0"
    cols[7] = "_"
    return "\t".join(cols)


def _sentences(text: str) -> list[str]:
    return [s + "\n\n" for s in text.strip("\n").split("\n\n")]


def _write(root: Path, blocks: list[str], cuts: list[int]) -> None:
    """``blocks`` (sentences) as one file ``whole.conllu`` and as files cut at ``cuts``."""
    for kind, system in (("gold", None), ("pred", 0), ("other", 1)):
        texts = blocks if system is None else ["\n".join(_predicted(x, system)
                                                         for x in b.split("\n"))
                                               for b in blocks]
        (root / kind).mkdir(parents=True, exist_ok=True)
        (root / f"{kind}.conllu").write_text("".join(texts))
        bounds = [0, *cuts, len(texts)]
        for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
            (root / kind / f"{i:02d}.conllu").write_text("".join(texts[a:b]))


def _same_tags(a, b) -> None:
    assert a.scores == b.scores and a.signature == b.signature and a.counts == b.counts
    if a.table is not None:
        assert a.table == b.table and a.table.pred_labels == b.table.pred_labels
        if a.table.item_counts is not None:
            assert (a.table.item_counts != b.table.item_counts).nnz == 0
    if a.entries is not None:
        for field in ("gold_pairs", "pred_pairs"):
            assert np.array_equal(getattr(a.entries, field), getattr(b.entries, field))
        for field in ("type_labels", "gold_labels", "pred_labels"):
            assert getattr(a.entries, field) == getattr(b.entries, field)
        if a.entries.item_counts is not None:
            assert (a.entries.item_counts != b.entries.item_counts).nnz == 0


def _same_deps(a, b) -> None:
    assert a.scores == b.scores and a.signature == b.signature
    assert a.structure == b.structure and a.preprocessing == b.preprocessing
    for name, ref in a.references.items():
        other = b.references[name]
        assert np.array_equal(ref.stats.rows, other.stats.rows)
        assert np.array_equal(ref.stats.sentence_index, other.stats.sentence_index)
        assert list(ref.breakdowns) == list(other.breakdowns)
        for by, bd in ref.breakdowns.items():
            assert bd.labels == other.breakdowns[by].labels, by
            assert np.array_equal(bd.counts, other.breakdowns[by].counts)


@pytest.fixture(scope="module")
def blocks() -> list[str]:
    import io

    buf = io.StringIO()
    write_conllu(generate_demo_corpus(n_sentences=48, seed=5), buf)
    return _sentences(buf.getvalue())


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_cut_of_a_corpus_sums_to_the_whole(tmp_path_factory, blocks, data):
    cuts = sorted(data.draw(st.sets(st.integers(1, len(blocks) - 1), min_size=1, max_size=6)))
    root = tmp_path_factory.mktemp("cut")
    _write(root, blocks, cuts)
    for options in ({"level": "both", "unclustered": "split", "items": "sentence",
                     "restarts": 2, "seed": 4},
                    {"level": "token", "punct": "keep"}):
        whole = evaluate_tag_systems(root / "gold.conllu", [root / "pred.conllu",
                                                            root / "other.conllu"], **options)
        cut = evaluate_tag_systems(root / "gold", [root / "pred", root / "other"],
                                   group_bytes=0, **options)
        assert cut.resolved == whole.resolved and cut.n_sentences == whole.n_sentences
        for a, b in zip(whole.results, cut.results):
            _same_tags(a, b)
    options = {"punct": "auto", "max_length": 12, "breakdowns": ("relation", "deprel", "pos",
                                                                 "edge-length-exact")}
    whole = evaluate_dependency_systems([root / "gold.conllu"], [root / "pred.conllu"],
                                        **options)
    cut = evaluate_dependency_systems([root / "gold"], [root / "pred"], group_bytes=0, **options)
    _same_deps(whole.results[0], cut.results[0])


def test_a_file_whose_own_tags_detect_another_scheme_is_counted_again(tmp_path):
    from induceval.corpus.readers import read_corpus

    ud = "1\tdogs\t_\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n2\t.\t_\tPUNCT\t.\t_\t1\tpunct\t_\t_\n\n"
    # mostly cluster ids in UPOS: alone, this file is not UPOS (PTB tags and punctuation)
    odd = "1\tcats\t_\tc1\tNNS\t_\t0\troot\t_\t_\n2\t.\t_\tc2\t.\t_\t1\tpunct\t_\t_\n\n"
    (tmp_path / "g").mkdir()
    for i, text in enumerate([ud * 20, odd]):
        (tmp_path / "g" / f"{i}.conllu").write_text(text)
    whole = read_corpus(tmp_path / "g")
    want = evaluate_tags(whole, whole, pred_column="xpos")
    got = evaluate_tag_systems(tmp_path / "g", [tmp_path / "g"], pred_column="xpos",
                               group_bytes=0)
    assert got.resolved == {"gold_column": "upos", "punct": "upos"}
    _same_tags(got.results[0], want)


def test_a_file_and_a_folder_holding_it_give_the_same_bytes(tmp_path, capsys, fixtures):
    for kind in ("gold", "pred"):
        (tmp_path / kind).mkdir()
        shutil.copy(fixtures / "cli" / "tiny.conllu", tmp_path / kind / "tiny.conllu")
    outputs = []
    for where in (tmp_path / "gold" / "tiny.conllu", tmp_path / "gold"):
        pred = tmp_path / "pred" / ("tiny.conllu" if where.is_file() else "")
        for cmd in (["tags", "--pred-column", "xpos", "--allow-identical"], ["deps"]):
            cmd.extend(["--name", "system"])
            assert main(["eval", cmd[0], "--gold", str(where), "--pred", str(pred), *cmd[1:],
                         "--format", "json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_library_and_cli_sign_the_resolved_options(tmp_path, capsys, fixtures):
    from induceval.corpus.readers import read_corpus

    path = fixtures / "cli" / "tiny.conllu"
    corpus = read_corpus(path)
    lib = evaluate_dependencies(corpus, corpus, punct="auto")
    assert "|punct:upos|" in lib.signature
    assert main(["eval", "deps", "--gold", str(path), "--pred", str(path), "--format",
                 "json"]) == 0
    cli = one_table(json.loads(capsys.readouterr().out))
    assert f"signature: {lib.signature}" in cli["notes"]
    skip = evaluate_tag_systems(path, [path], read=ReadOptions(on_error="skip"),
                                pred_column="xpos").results[0]
    assert "|on_error:skip|skipped:0|" in skip.signature


def test_pair_files_by_relative_path_ending_aside(tmp_path):
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


@pytest.fixture(scope="module")
def folders(tmp_path_factory, blocks) -> Path:
    root = tmp_path_factory.mktemp("folders")
    _write(root, blocks, [10, 20, 30])
    with open(root / "gold" / "01.conllu", "a") as fh:
        fh.write(BAD)
    with open(root / "pred" / "01.conllu", "a") as fh:
        fh.write(BAD)
    return root


def test_missing_and_extra_prediction_files_are_named(folders, tmp_path):
    pred = tmp_path / "pred"
    shutil.copytree(folders / "pred", pred)
    (pred / "02.conllu").unlink()
    shutil.copy(folders / "pred" / "00.conllu", pred / "extra.conllu")
    with pytest.raises(MismatchError, match="has no file for 1 of 4 gold files: 02.conllu; "
                                            "and 1 files without a gold file.*extra.conllu"):
        evaluate_tag_systems(folders / "gold", [pred])


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize("cmd", ["tags", "deps"])
def test_the_first_malformed_file_in_order_stops_every_path(folders, dask_client, capsys,
                                                            tmp_path, cmd):
    gold = tmp_path / "gold"
    shutil.copytree(folders / "gold", gold)
    with open(gold / "03.conllu", "a") as fh:   # the largest file, counted first on Dask
        fh.write(BAD * 40)
    args = ["eval", cmd, "--gold", str(gold), "--pred", str(folders / "pred")]
    rc1, _, serial = _run(args, capsys)
    rc2, _, on_dask = _run([*args, "--scheduler", dask_client.scheduler.address], capsys)
    assert rc1 == rc2 == 2 and on_dask == serial and "01.conllu:" in serial


@pytest.mark.parametrize("args", [
    ["tags", "--pred", "{other}", "--level", "both", "--unclustered", "split",
     "--confidence", "20", "--paired", "ar", "--paired-n", "20", "--unit", "document"],
    ["deps", "--pred", "{other}", "--by", "relation", "--by", "edge-length-exact",
     "--confidence", "20", "--paired", "bootstrap"],
])
def test_on_dask_the_same_bytes_as_one_process(folders, dask_client, capsys, args):
    args = [str(folders / "other") if a == "{other}" else a for a in args]
    base = ["eval", args[0], "--gold", str(folders / "gold"), "--pred", str(folders / "pred"),
            *args[1:], "--on-error", "skip", "--format", "json"]
    rc1, serial, err = _run(base, capsys)
    assert rc1 == 0, err
    rc2, on_dask, err = _run([*base, "--scheduler", dask_client.scheduler.address], capsys)
    assert rc2 == 0, err
    assert on_dask == serial and "|skipped:2|" in serial


def test_an_empty_gold_is_refused(tmp_path):
    (tmp_path / "empty.conllu").write_text("\n")
    with pytest.raises(ParameterError, match="has no tokens"):
        evaluate_tag_systems(tmp_path / "empty.conllu", [tmp_path / "empty.conllu"])


def _local(codes: np.ndarray, labels: list) -> tuple[np.ndarray, list]:
    """Codes re-numbered in order of first appearance (as a reader of this part alone)."""
    order = list(dict.fromkeys(int(c) for c in codes if c >= 0))
    remap = {c: i for i, c in enumerate(order)}
    return (np.array([remap.get(int(c), -1) for c in codes], dtype=np.int64),
            [labels[c] for c in order])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_tag_statistics_of_any_cut_sum_to_the_whole(data):
    from induceval.measures.categories.statistics import tag_statistics

    n = data.draw(st.integers(1, 60))
    codes = st.lists(st.integers(-1, 5), min_size=n, max_size=n)
    gold, pred = np.array(data.draw(codes)), np.array(data.draw(codes))
    forms = np.array(data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)))
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    items = np.sort(np.array(data.draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))))
    cuts = sorted(data.draw(st.sets(st.integers(1, n), max_size=4)) | {n})
    names = {"g": [f"G{i}" for i in range(6)], "p": [f"P{i}" for i in range(6)],
             "f": [f"w{i}" for i in range(9)]}

    def stats(sl, n_items, first_item):
        (g, gl), (p, pl), (f, fl) = (_local(x[sl], names[k]) for x, k in
                                     ((gold, "g"), (pred, "p"), (forms, "f")))
        return tag_statistics(g, p, mask=mask[sl], forms=f, items=items[sl] - first_item,
                              n_items=n_items, keep_forms=True, gold_labels=gl,
                              pred_labels=pl, form_labels=fl)

    # a part holds whole items (sentences): cuts fall between items
    cuts = [c for c in cuts if c == n or items[c - 1] != items[c]]
    whole = stats(slice(0, n), int(items[-1]) + 1, 0)
    parts, start, first = [], 0, 0
    for c in cuts:
        last = int(items[c - 1])
        parts.append(stats(slice(start, c), last - first + 1, first))
        start, first = c, last + 1
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    for unclustered in ("merge", "split"):
        a, b = whole.table(unclustered), total.table(unclustered)
        assert a == b and a.pred_labels == b.pred_labels
        assert (a.item_counts != b.item_counts).nnz == 0
        ea, eb = whole.entries(unclustered), total.entries(unclustered)
        assert ea.type_labels == eb.type_labels and ea.pred_labels == eb.pred_labels
        assert np.array_equal(ea.gold_pairs, eb.gold_pairs)
        assert (ea.item_counts != eb.item_counts).nnz == 0
