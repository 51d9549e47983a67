"""Pseudo-word evaluation (Chambers & Jurafsky 2010): tuples, confounders, models, scores."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.corpus.tuples import (
    TupleCounts,
    cooccurrence_counts,
    count_tuples,
    extract_tuples,
    word_frequencies,
)
from induceval.errors import CorpusFormatError, InducevalError, ParameterError
from induceval.measures.pseudowords import (
    PseudoTestSet,
    build_test_set,
    confounders,
    decide,
    model_decisions,
    score_decisions,
    split_documents,
)
from induceval.models.selpref import Backoff, ConditionalProbability, Cooccurrence, ErkSimilarity

OBJ = lambda *xs: np.array(xs, dtype=object)  # noqa: E731


def synthetic_corpus(n_docs: int = 30, per_doc: int = 20, seed: int = 0):
    """Subjects eat food, drive vehicles: a corpus with real selectional preferences."""
    rng = np.random.default_rng(seed)
    verbs = {"eat": ["cake", "apple", "soup", "bread"], "drive": ["car", "bus", "truck"],
             "read": ["book", "letter", "paper"]}
    subjects = ["man", "woman", "child", "dog"]
    b = CorpusBuilder()
    for d in range(n_docs):
        for _ in range(per_doc):
            v = list(verbs)[rng.integers(3)]
            o = verbs[v][rng.integers(len(verbs[v]))]
            s = subjects[rng.integers(4)]
            b.add_sentence({"form": [s, v + "s", "the", o, "in", "town", "."],
                            "lemma": [s, v, "the", o, "in", "town", "."],
                            "upos": ["NOUN", "VERB", "DET", "NOUN", "ADP", "NOUN", "PUNCT"],
                            "head": [2, 0, 4, 2, 6, 2, 2],
                            "deprel": ["nsubj", "root", "det", "obj", "case", "obl", "punct"]},
                           {"document": f"doc{d:02d}"})
    return b.build()


def test_extract_ud_relations_hand_worked():
    # "man eats the cake in town": nsubj man, obj cake, obl town with case 'in' -> prep
    c = synthetic_corpus(1, 1)
    t = extract_tuples(c, "ud")
    assert t.relation.tolist() == ["subj", "obj", "prep"]
    assert t.noun[0] in {"man", "woman", "child", "dog"} and t.noun[2] == "town"
    assert t.verb[1] in {"eat", "drive", "read"}
    assert set(t.document) == {"doc00"}


def test_extract_childes_pobj_through_preposition():
    # put(v) it(pro) on(prep) table(n): POBJ table -> on -> put  => (put, prep, table)
    b = CorpusBuilder()
    b.add_sentence({"form": ["put", "ball", "on", "table"], "lemma": ["put", "ball", "on", "table"],
                    "cpos": ["v", "n", "prep", "n"], "head": [0, 1, 1, 3],
                    "deprel": ["ROOT", "OBJ", "JCT", "POBJ"]})
    t = extract_tuples(b.build())
    assert list(zip(t.verb, t.relation, t.noun)) == [("put", "obj", "ball"),
                                                     ("put", "prep", "table")]


def test_arguments_option_adds_pronouns():
    # "you eat it": both arguments are pronouns -> no tuple with nouns only
    b = CorpusBuilder()
    b.add_sentence({"form": ["you", "eat", "it"], "upos": ["PRON", "VERB", "PRON"],
                    "head": [2, 0, 2], "deprel": ["nsubj", "root", "obj"]})
    c = b.build()
    assert len(extract_tuples(c, "ud")) == 0
    t = extract_tuples(c, "ud", arguments="nominals")
    assert list(zip(t.relation, t.noun)) == [("subj", "you"), ("obj", "it")]
    assert word_frequencies(c, "ud", arguments="nominals")[1] == Counter({"you": 1, "it": 1})
    with pytest.raises(ParameterError, match="arguments must be one of"):
        extract_tuples(c, "ud", arguments="pronouns")


def test_missing_lemma_counted_not_dropped_silently():
    b = CorpusBuilder()
    b.add_sentence({"form": ["eat", "x"], "lemma": ["eat", "_"], "upos": ["VERB", "NOUN"],
                    "head": [0, 1], "deprel": ["root", "obj"]})
    t = extract_tuples(b.build(), "ud")
    assert len(t) == 0 and t.skipped["verb or noun without lemma"] == 1


def test_scheme_errors_name_columns():
    b = CorpusBuilder()
    b.add_sentence({"form": ["a"]})
    with pytest.raises(InducevalError, match="deprel"):
        extract_tuples(b.build())
    with pytest.raises(ParameterError, match="scheme must be one of"):
        extract_tuples(synthetic_corpus(1, 1), "xyz")


def test_counting_is_additive_over_shards():
    c = synthetic_corpus(4, 5)
    whole = extract_tuples(c).counts()
    shards = count_tuples([c.select(np.arange(0, 10)), c.select(np.arange(10, 20))])
    assert shards.counts == whole.counts and shards.total == 60


def test_confounder_methods_hand_worked():
    freq = Counter({"a": 1, "b": 1, "c": 3, "d": 8, "e": 30, "f": 2000})
    # neighbor: sorted by (freq, word): a b c d e f -> next above
    conf, _ = confounders(["a", "c", "f", "zz"], freq, "neighbor")
    assert conf.tolist()[:3] == ["b", "d", "e"]  # top takes the one below
    assert conf[3] in {"a", "b"}  # unseen -> a noun of the lowest frequency (1: a, b)
    # buckets (4, 10, 25, 200, 1000): a,b,c in bucket 0; d in bucket 1 alone -> no confounder
    conf, skipped = confounders(["a", "d"], freq, "buckets", seed=3)
    assert conf[0] in {"b", "c"} and conf[1] is None
    assert skipped["no other noun in the frequency bucket"] == 1
    # random never returns the original, and excludes the top nouns
    # (the top is capped at a tenth of the nouns: 10 nouns -> 1 excluded)
    many = Counter({w: i + 1 for i, w in enumerate("abcdefghij")})
    conf, _ = confounders(["a"] * 50, many, "random", exclude_top=5, seed=1,
                          random_range=(1, None))
    assert "a" not in set(conf) and "j" not in set(conf) and "i" in set(conf)


def test_unseen_nouns_get_different_neighbour_confounders():
    """Unseen nouns, at frequency 0, draw different lowest-frequency confounders, not all
    the first hapax.

    Hand-worked: the lowest training frequency is 1 (five hapaxes h0..h4);
    each of 40 unseen nouns draws one of them, so with 40 draws all five
    occur with overwhelming probability, and the same seed repeats them.
    """
    freq = Counter({f"h{i}": 1 for i in range(5)} | {"m": 4, "z": 9})
    unseen = [f"u{i}" for i in range(40)]
    conf, _ = confounders(unseen, freq, "neighbor", seed=3)
    assert set(conf) == {f"h{i}" for i in range(5)}
    again, _ = confounders(unseen, freq, "neighbor", seed=3)
    assert again.tolist() == conf.tolist()
    # seen nouns are unaffected: h4 -> m (next in (frequency, spelling) order)
    assert confounders(["h4", "m"], freq, "neighbor", seed=3)[0].tolist() == ["m", "z"]


def test_random_confounders_paper_range_hand_worked():
    """Chambers & Jurafsky 2010, §6.2: random confounders from [30, 400000], ``scaled`` reading.

    Hand-worked: 2.25M training tokens are 1/100 of the paper's 225M, so the
    upper bound is 4,000 and the lower one stays 30: of a(2) b(29) c(30)
    d(4000) e(4001) only c and d qualify.
    """
    from induceval.measures.pseudowords import paper_random_range

    freq = Counter({"a": 2, "b": 29, "c": 30, "d": 4000, "e": 4001})
    assert paper_random_range(freq, 2_250_000, reading="scaled") == (30, 4000)
    conf, _ = confounders(["a"] * 40 + ["c"] * 10, freq, "random", seed=2,
                          corpus_tokens=2_250_000, random_range="scaled")
    assert set(conf[:40]) == {"c", "d"} and set(conf[40:]) == {"d"}
    # the paper's reading (default): five nouns keep all (a tenth of 5 is 0), floor 30
    conf, _ = confounders(["a"] * 60, freq, "random", seed=2)
    assert set(conf) == {"c", "d", "e"}
    # a range given by hand is used as is
    conf, _ = confounders(["a"] * 60, freq, "random", seed=2, random_range=(1, 29))
    assert set(conf) == {"b"} or set(conf) <= {"a", "b"}
    with pytest.raises(InducevalError, match="frequency range"):
        confounders(["a"], freq, "random", random_range=(5000, None))


def test_paper_range_scales_both_bounds_for_tiny_corpora():
    from induceval.measures.pseudowords import paper_random_range, parse_random_range

    # 22,500 tokens: s = 1e-4; [30, 40] holds no noun -> [max(1, round(.003)), 40]
    assert paper_random_range(Counter({"a": 2, "b": 3}), 22_500, reading="scaled") == (1, 40)
    # at or above half the paper's size: unscaled
    assert paper_random_range(Counter({"a": 2}), 200_000_000, reading="scaled") == (30, 400000)
    assert parse_random_range("5,") == (5, None)
    with pytest.raises(InducevalError, match="random-range"):
        parse_random_range("5")
    with pytest.raises(InducevalError, match="below LOW"):
        parse_random_range("9,3")


def test_paper_range_leaves_out_the_top_100_nouns_by_default():
    # the paper's aim (§6.2) is to leave out about the top 100 nouns, where [30, 400000]
    # scaled to Manchester's size would leave out only the 3 most frequent. Zipf frequencies of
    # 2,000 nouns on 2M tokens: the scaled upper bound is 3,556 (400000 * 2M / 225M)
    from induceval.measures.pseudowords import paper_random_range

    freq = Counter({f"n{r}": int(60_000 / r) for r in range(1, 2001)})
    lo, hi = paper_random_range(freq, 2_000_000)
    assert (lo, hi) == (30, int(60_000 / 101))
    assert sum(f > hi for f in freq.values()) == 100
    lo, hi = paper_random_range(freq, 2_000_000, reading="scaled")
    assert hi == 3556 and sum(f > hi for f in freq.values()) == 16
    with pytest.raises(InducevalError, match="reading"):
        paper_random_range(freq, reading="rank")


def test_random_range_is_in_signature_and_file(tmp_path):
    from induceval.corpus.tuples import TupleInstances
    from induceval.measures.pseudowords import PseudoTestSet, build_test_set

    obj = lambda *xs: np.array(xs, dtype=object)  # noqa: E731
    t = TupleInstances(obj("eat", "eat"), obj("obj", "obj"), obj("a", "c"), obj("d1", "d1"))
    freq = Counter({"a": 2, "b": 29, "c": 30, "d": 4000, "e": 4001})
    ts = build_test_set(t, freq, "random", seed=1, corpus_tokens=2_250_000,
                        random_range="scaled")
    assert ts.random_range == "30-4000" and "range:30-4000" in ts.signature
    ts.write(tmp_path / "t.tsv")
    back = PseudoTestSet.read(tmp_path / "t.tsv")
    assert back.random_range == "30-4000" and back.signature == ts.signature


def test_confounders_are_seeded():
    freq = Counter({w: i + 1 for i, w in enumerate("abcdefghij")})
    a, _ = confounders(list("abcabc"), freq, "buckets", seed=7)
    b, _ = confounders(list("abcabc"), freq, "buckets", seed=7)
    assert a.tolist() == b.tolist()


def test_split_by_document_is_seeded_and_disjoint():
    docs = [f"d{i}" for i in range(40)]
    s1 = split_documents(docs, seed=5)
    s2 = split_documents(docs, seed=5)
    assert s1 == s2
    assert not (set(s1.train) & set(s1.test)) and not (set(s1.dev) & set(s1.test))
    assert set(s1.training(0.5)) <= set(s1.training(1.0))
    with pytest.raises(InducevalError, match="at least"):
        split_documents(["a", "b"], dev_fraction=0.5)


def test_decisions_and_scores_hand_worked():
    # 4 items: two right, one wrong, one tie. accuracy 2/4, +50%: 2.5/4,
    # precision 2/3, coverage 3/4
    s = score_decisions(decide([3, 2, 0, 1], [1, 1, 1, 1]), ties="expected").scores
    assert s["accuracy"] == 0.5 and s["accuracy_guess"] == 0.625
    assert s["precision"] == pytest.approx(2 / 3) and s["coverage"] == 0.75
    r = score_decisions(np.zeros(1000, dtype=np.int8), ties="random", seed=1).scores
    assert 0.45 < r["accuracy_guess"] < 0.55 and r["accuracy"] == 0.0


def test_models_guess_their_ties_independently():
    # the paper's models guess independently: with one shared stream of tie guesses, two
    # models that tie on the same items would get the same guesses and a paired test
    # would see no difference (p = 1)
    from induceval.measures.pseudowords import score_models

    class Undecided:
        def score(self, verbs, relations, nouns):
            return np.zeros(len(nouns))

    n = 400
    test = PseudoTestSet(OBJ(*["eat"] * n), OBJ(*["obj"] * n), OBJ(*[f"n{i}" for i in range(n)]),
                         OBJ(*[f"c{i}" for i in range(n)]), "neighbor", 1)
    out = score_models({"baseline": Undecided(), "other": Undecided()}, test, ties="random",
                       iterations=200, seed=3, item_stats=True)
    a, b = (out["item_stats"][m][:, 3] for m in ("baseline", "other"))
    assert 0.3 < np.mean(a != b) < 0.7            # about half the guesses differ
    assert out["models"]["other"]["p_vs_baseline"] < 1.0
    again = score_models({"other": Undecided()}, test, ties="random", iterations=200, seed=3,
                         item_stats=True)
    assert (again["item_stats"]["other"][:, 3] == b).all()    # a model's guesses: its own


def test_conditional_probability_and_backoff():
    counts = TupleCounts(Counter({("eat", "obj", "cake"): 3, ("eat", "obj", "soup"): 1}))
    test = PseudoTestSet(OBJ("eat", "eat", "eat"), OBJ("obj", "obj", "obj"),
                         OBJ("cake", "pizza", "soup"), OBJ("soup", "rock", "cake"), "neighbor", 1)
    base = ConditionalProbability(counts)
    assert model_decisions(base, test).tolist() == [1, 0, -1]
    # fallback decides the tie on item 2 only
    fallback = Cooccurrence(Counter({("eat", "pizza"): 2}))
    assert model_decisions(Backoff(base, fallback), test).tolist() == [1, 1, -1]


def test_erk_scores_by_hand():
    # Slots: eat_obj {cake:2, pie:1}, bake_obj {cake:1, pie:1, bread:1}; query bread for eat_obj.
    # Jaccard(bread, cake) = |{bake}| / |{eat,bake}| = 1/2; Jaccard(bread, pie) = 1/2
    # S = 1/2 * 2 + 1/2 * 1 = 1.5 (bread never filled eat_obj itself)
    counts = TupleCounts(Counter({("eat", "obj", "cake"): 2, ("eat", "obj", "pie"): 1,
                                  ("bake", "obj", "cake"): 1, ("bake", "obj", "pie"): 1,
                                  ("bake", "obj", "bread"): 1}))
    jac = ErkSimilarity(counts, "jaccard")
    assert jac.score(["eat"], ["obj"], ["bread"])[0] == pytest.approx(1.5)
    # cosine(bread=(0,1), cake=(2,1)/sqrt5) = 1/sqrt5; pie=(1,1)/sqrt2 -> 1/sqrt2
    cos = ErkSimilarity(counts, "cosine")
    want = 2 / np.sqrt(5) + 1 / np.sqrt(2)
    assert cos.score(["eat"], ["obj"], ["bread"])[0] == pytest.approx(want)
    # unknown noun or slot scores 0
    assert jac.score(["fly"], ["obj"], ["bread"])[0] == 0.0
    # the cutoff removes slots seen <= x times: with x=3 only eat_obj (3) ... removed too -> 0
    cut = ErkSimilarity(counts, "jaccard", slot_cutoff=3)
    assert cut.score(["eat"], ["obj"], ["bread"])[0] == 0


def test_cooccurrence_windows_count_each_pair_once():
    b = CorpusBuilder()
    # eat x x x cake: distance 4 -> counted; eat x x x x cake: distance 5 -> not
    b.add_sentence({"form": ["eat", "a", "b", "c", "cake", "d", "cake"],
                    "upos": ["VERB", "X", "X", "X", "NOUN", "X", "NOUN"]})
    assert cooccurrence_counts(b.build(), "ud") == Counter({("eat", "cake"): 1})


def test_test_set_file_round_trip(tmp_path):
    c = synthetic_corpus(3, 5)
    inst = extract_tuples(c)
    _, nouns = word_frequencies(c)
    ts = build_test_set(inst, nouns, "buckets", seed=9, corpus="abc", split="s")
    path = tmp_path / "t.tsv"
    ts.write(path)
    back = PseudoTestSet.read(path)
    assert back.confounder.tolist() == ts.confounder.tolist()
    assert (back.method, back.seed, back.corpus) == ("buckets", 9, "abc")
    bad = tmp_path / "bad.tsv"
    bad.write_text(path.read_text().replace("\tbuckets\t9", "", 1))
    with pytest.raises(CorpusFormatError, match=r"bad.tsv:\d+: expected 6"):
        PseudoTestSet.read(bad)


def test_protocol_shape_on_synthetic_corpus(tmp_path):
    from induceval.experiments.chambers2010 import run_chambers2010

    tables = run_chambers2010({"syn": synthetic_corpus()}, tmp_path, iterations=20, plots=False,
                              confidence=100)
    f4 = tables["syn_figure4"]
    assert [r["model"] for r in f4.rows][0] == "baseline"
    methods = ["random", "buckets", "neighbor"]
    assert f4.columns == ["model"] + [c for m in methods for c in (m, f"{m} ±")]
    # a bootstrap half-width (points) next to each accuracy, and per column the best
    # model and the models not significantly different from it
    assert [r["model"] for r in f4.rows][-2:] == ["best", "not sig. vs best"]
    for m in methods:
        scores = {r["model"]: float(r[m].rstrip("*†")) for r in f4.rows[:-2]}
        assert scores[f4.rows[-2][m]] == max(scores.values())
        assert all(0 < r[f"{m} ±"] < 20 for r in f4.rows[:-2])
    # the run's signature first (it was a bare note), then the resampling one
    assert f4.signatures()[0].startswith("chambers2010|") and "resample:item" in \
        f4.signatures()[1]
    f6 = tables["syn_figure6"]
    assert f6.columns == ["measure", "x1", "x1 ±", "x2", "x2 ±", "x10", "x10 ±"]
    unseen = tables["syn_unseen"].rows
    assert unseen[-1]["unseen_pct"] <= unseen[0]["unseen_pct"]
    # resumable: the finished cells are stored and read back
    assert list((tmp_path / "cells").glob("*.json"))
    again = run_chambers2010({"syn": synthetic_corpus()}, tmp_path, iterations=20, plots=False,
                             confidence=100)
    assert again["syn_figure4"].rows == f4.rows


def _write_conllu(corpus, path):
    lines = []
    for s in corpus:
        lines.append(f"# newdoc id = {s.meta('document')}")
        for i, (f, le, u, h, d) in enumerate(zip(s.strings("form"), s.strings("lemma"),
                                                  s.strings("upos"), s.strings("head"),
                                                  s.strings("deprel")), 1):
            lines.append(f"{i}\t{f}\t{le}\t{u}\t_\t_\t{h}\t{d}\t_\t_")
        lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_cli_build_then_score_and_foreign_test(tmp_path, capsys):
    from induceval.cli.main import main

    corpus_file = tmp_path / "syn.conllu"
    _write_conllu(synthetic_corpus(25, 8), corpus_file)
    ts = tmp_path / "t.tsv"
    assert main(["pseudo", "build", str(corpus_file), "--method", "neighbor", "-o", str(ts)]) == 0
    assert ts.read_text().startswith("# format: induceval-pseudowords 2")
    assert main(["pseudo", "score", str(corpus_file), "--test-set", str(ts), "--iterations", "10",
                 "--models", "baseline,erk-jaccard", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("model,accuracy_guess") and "erk-jaccard" in out
    other = tmp_path / "other.conllu"
    _write_conllu(synthetic_corpus(25, 8, seed=4), other)
    assert main(["pseudo", "score", str(other), "--test-set", str(ts)]) == 2
    assert "--allow-foreign-test" in capsys.readouterr().err
    assert main(["pseudo", "score", str(other), "--test-set", str(ts), "--iterations", "5",
                 "--allow-foreign-test", "--models", "baseline"]) == 0


def test_chat_without_child_directed_speech_says_so(tmp_path, capsys):
    # pseudo extract on a collection of the target child's lines alone (as CHILDES
    # Cruttenden) says there are no child-directed utterances, not "the input corpus has
    # no tokens" after reading thousands
    from induceval.cli.main import main

    cha = tmp_path / "child.cha"
    cha.write_text("@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Target_Child\n"
                   "@ID:\teng|x|CHI|2;0.0||||Target_Child|||\n*CHI:\tmore juice .\n@End\n")
    assert main(["pseudo", "extract", str(cha), "-o", str(tmp_path / "t.tsv")]) == 2
    assert "no child-directed utterances" in capsys.readouterr().err


def test_pseudo_commands_name_the_relation_scheme_they_detected(tmp_path, capsys):
    # the detected scheme decides which relations are subj/obj/prep: extract, build and
    # score each name it, and score's signature holds the scheme read, not "auto"
    from induceval.cli.main import main

    corpus_file = tmp_path / "syn.conllu"
    _write_conllu(synthetic_corpus(25, 8), corpus_file)
    ts = tmp_path / "t.tsv"
    assert main(["pseudo", "extract", str(corpus_file), "--format", "json"]) == 0
    table = json.loads(capsys.readouterr().out)["tables"][0]
    assert "scheme:ud" in table["signature"]
    assert "relation scheme: ud (detected)" in table["notes"]
    assert main(["pseudo", "build", str(corpus_file), "-o", str(ts)]) == 0
    assert "relation scheme: ud (detected)" in capsys.readouterr().err
    assert main(["pseudo", "score", str(corpus_file), "--test-set", str(ts), "--iterations", "5",
                 "--models", "baseline", "--format", "json"]) == 0
    detected = json.loads(capsys.readouterr().out)["tables"][0]
    assert "|scheme:ud|" in detected["signature"]
    # given explicitly, the same scheme gives the same signature and numbers
    assert main(["pseudo", "score", str(corpus_file), "--test-set", str(ts), "--iterations", "5",
                 "--models", "baseline", "--scheme", "ud", "--format", "json"]) == 0
    explicit = json.loads(capsys.readouterr().out)["tables"][0]
    assert explicit["signature"] == detected["signature"]
    assert explicit["rows"] == detected["rows"]
