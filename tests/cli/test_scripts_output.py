"""What scripts read from the commands: chosen measure columns, the scores alone, text
tables that fit 100 columns, one-line errors, and notes that say what a number is."""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.writers import write_corpus
from tests.conftest import one_table


@pytest.fixture(scope="module")
def gold(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("scripts") / "gold.conllu"
    write_corpus(generate_demo_corpus(n_sentences=80, seed=1), path, "conllu")
    return str(path)


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(argv)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _json(capsys, argv: list[str]) -> dict:
    rc, out, err = _run(capsys, [*argv, "--format", "json"])
    assert rc == 0, err
    return one_table(json.loads(out))


def test_measures_choose_the_columns_of_every_eval_command(capsys, gold):
    tags = _json(capsys, ["eval", "tags", "--gold", gold, "--pred", gold, "--pred-column",
                          "xpos", "--measures", "vi,m1"])
    assert tags["columns"] == ["system", "vi", "m1"]
    assert set(tags["rows"][0]) == {"system", "vi", "m1"}
    deps = _json(capsys, ["eval", "deps", "--gold", gold, "--pred", gold, "--measures",
                          "ned,directed"])
    assert deps["columns"] == ["system", "ned", "directed", "tokens", "sentences"]
    sub = _json(capsys, ["eval", "substitutable", "--train", gold, "--test", gold, "--pred",
                         gold, "--measures", "sf"])
    assert sub["columns"] == ["system", "sf", "frames", "s_members"]
    ci = _json(capsys, ["eval", "tags", "--gold", gold, "--pred", gold, "--pred-column",
                        "xpos", "--measures", "m1", "--confidence", "20"])
    assert ci["columns"] == ["system", "m1", "m1 ±"]


def test_score_only_prints_one_line_per_system_in_measures_order(capsys, gold):
    rc, out, _ = _run(capsys, ["eval", "tags", "--gold", gold, "--pred", gold, "--pred",
                               gold, "--name", "a,b", "--pred-column", "xpos", "--measures",
                               "vi,m1", "--score-only"])
    table = _json(capsys, ["eval", "tags", "--gold", gold, "--pred", gold, "--pred-column",
                           "xpos"])
    row = table["rows"][0]
    line = f"{row['vi']:.4f} {row['m1']:.4f}"
    assert rc == 0 and out == f"{line}\n{line}\n"
    rc, out, _ = _run(capsys, ["eval", "deps", "--gold", gold, "--pred", gold,
                               "--score-only"])
    assert out == "1.0000 1.0000 1.0000 1.0000\n"   # directed, undirected, ned, root
    rc, out, _ = _run(capsys, ["eval", "substitutable", "--train", gold, "--test", gold,
                               "--pred", gold, "--measures", "sp", "--score-only"])
    assert rc == 0 and len(out.split()) == 1 and float(out)


def test_unknown_measure_is_refused_in_one_line_listing_the_known_ones(capsys, gold):
    for cmd, family in ((["eval", "tags", "--gold", gold, "--pred", gold], "m1, 1to1"),
                        (["eval", "deps", "--gold", gold, "--pred", gold],
                         "directed, undirected, ned, root"),
                        (["eval", "substitutable", "--train", gold, "--test", gold,
                          "--pred", gold], "sp, sr, sf")):
        rc, out, err = _run(capsys, [*cmd, "--measures", "m1,bleu"])
        assert rc == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and "bleu" in err and family in err
    rc, _, err = _run(capsys, ["eval", "tags", "--gold", gold, "--pred", gold,
                               "--measures", "macro_i_m1"])
    assert rc == 2 and "--level type or both" in err


def test_score_only_refuses_what_it_would_not_print(capsys, gold):
    rc, _, err = _run(capsys, ["eval", "tags", "--gold", gold, "--pred", gold,
                               "--score-only", "--confidence", "10"])
    assert rc == 2 and "drop --confidence" in err


def test_text_tables_fit_100_columns(capsys, tmp_path, gold):
    b = CorpusBuilder()
    for i in range(40):
        b.add_sentence({"form": [f"w{i}", f"v{i}", "."],
                        "xpos": [f"tag-number-{i}", f"other-tag-{i}", "."]})
    many = tmp_path / "many.conllu"
    write_corpus(b.build(), many, "conllu")
    for argv in (["info", str(many)],
                 ["eval", "tags", "--gold", gold, "--pred", gold, "--pred-column", "xpos",
                  "--level", "both"]):
        rc, out, err = _run(capsys, argv)
        assert rc == 0, err
        wide = [line for line in out.splitlines() if len(line) > 100
                and not line.startswith("signature:")]
        assert wide == [], argv
    assert "m1" in out and "micro_c_m1" in out   # every column shown, in blocks


def test_name_takes_comma_separated_names(capsys, gold):
    table = _json(capsys, ["eval", "deps", "--gold", gold, "--pred", gold, "--pred", gold,
                           "--name", "DMV,LB"])
    assert [r["system"] for r in table["rows"]] == ["DMV", "LB"]
    rc, _, err = _run(capsys, ["eval", "deps", "--gold", gold, "--pred", gold, "--name",
                               "a,b,c"])
    assert rc == 2 and "--name gives 3 names for 1 --pred" in err


def test_argument_error_is_one_line_not_the_usage(capsys, gold):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "tags", "--gold", gold, "--pred", gold, "--level", "bothh"])
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.splitlines() == [
        "induceval: error: argument --level: invalid choice: 'bothh' (choose from "
        "'token', 'type', 'both') (see: induceval eval tags --help)"]


def test_resampling_a_cluster_list_is_refused_in_the_cli_words(capsys, tmp_path, gold):
    clusters = tmp_path / "clusters.tsv"
    clusters.write_text("the\t1\ndog\t2\n")
    rc, _, err = _run(capsys, ["eval", "tags", "--gold", gold, "--pred", str(clusters),
                               "--confidence", "10"])
    assert rc == 2 and "items=" not in err and "--confidence" in err
    assert "word<TAB>cluster list" in err


def test_eval_tags_names_the_gold_tag_set_and_says_when_it_is_raw(capsys, tmp_path, gold):
    table = _json(capsys, ["eval", "tags", "--gold", gold, "--pred", gold, "--pred-column",
                           "xpos"])
    assert "gold tag set: upos, 12 tags" in table["notes"]
    b = CorpusBuilder()   # a Brown-like gold: 150 raw tags (nn-tl, np$...)
    for i in range(150):
        b.add_sentence({"form": [f"w{i}", "the"], "xpos": [f"nn-tl{i}", "at"]})
    brown = tmp_path / "brown.conllu"
    write_corpus(b.build(), brown, "conllu")
    notes = _json(capsys, ["eval", "tags", "--gold", str(brown), "--pred", str(brown),
                           "--pred-column", "form"])["notes"]
    note = next(n for n in notes if n.startswith("gold tag set:"))
    assert note.startswith("gold tag set: xpos, 151 tags: the corpus's raw tags")


@pytest.fixture(scope="module")
def pseudo_corpus(tmp_path_factory):
    from tests.measures.test_pseudowords import _write_conllu, synthetic_corpus

    folder = tmp_path_factory.mktemp("pseudo")
    corpus = folder / "syn.conllu"
    _write_conllu(synthetic_corpus(25, 4), corpus)
    test_set = folder / "test.tsv"
    assert main(["pseudo", "build", str(corpus), "--method", "buckets", "-o",
                 str(test_set)]) == 0
    return str(corpus), str(test_set)


def test_pseudo_score_says_what_p_vs_baseline_tests_and_sig_is_never_empty(capsys,
                                                                            pseudo_corpus):
    corpus, test_set = pseudo_corpus
    table = _json(capsys, ["pseudo", "score", corpus, "--test-set", test_set,
                           "--iterations", "20"])
    assert any("p_vs_baseline: approximate randomization (20 iterations, two-sided) of "
               "accuracy_guess" in n for n in table["notes"])
    sigs = {r["model"]: r["sig"] for r in table["rows"]}
    assert sigs["baseline"] == "baseline" and "" not in sigs.values()
    assert all(s in ("baseline", "*", "†", "n.s.") for s in sigs.values())


def test_pseudo_unseen_names_its_corpus_by_path(capsys, pseudo_corpus):
    corpus, _ = pseudo_corpus
    table = _json(capsys, ["pseudo", "unseen", corpus])
    assert {r["corpus"] for r in table["rows"]} == {corpus}
    assert corpus in table["title"]
