"""CLI writing: output format from the -o ending, lossless convert and induce deps,
tag predictions without heads, left-out counts.  Inputs are hand-written below."""

from __future__ import annotations

import numpy as np

from induceval.cli.main import main
from induceval.corpus.readers import conllu, conllx, pascal, read_corpus
from induceval.measures.categories.io import read_type_clusters
from tests.conftest import FIXTURES, shared_path

# a multiword range, an empty node, FEATS/DEPS/MISC, comments, a '#' word
SOURCE = (
    "# newdoc id = d1\n"
    "# sent_id = s1\n"
    "# text = I don't know #audiobooks.\n"
    "1\tI\tI\tPRON\tPRP\tCase=Nom\t4\tnsubj\t4:nsubj\t_\n"
    "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tdo\tdo\tAUX\tVBP\t_\t4\taux\t4:aux\t_\n"
    "3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t4:advmod\t_\n"
    "4\tknow\tknow\tVERB\tVB\t_\t0\troot\t0:root\t_\n"
    "4.1\tknew\tknow\tVERB\tVBD\t_\t_\t_\t4:conj\t_\n"
    "5\t#audiobooks\t#audiobooks\tX\tADD\t_\t4\tobj\t4:obj\tSpaceAfter=No\n"
    "6\t.\t.\tPUNCT\t.\t_\t4\tpunct\t4:punct\t_\n"
    "\n"
    "# sent_id = s2\n"
    "1\tyes\tyes\tINTJ\tUH\t_\t0\troot\t0:root\t_\n"
    "2\t!\t!\tPUNCT\t.\t_\t1\tpunct\t1:punct\t_\n"
    "\n"
)


def _src(tmp_path):
    p = tmp_path / "src.conllu"
    p.write_text(SOURCE, encoding="utf-8")
    return p


def _token_rows(text: str) -> list[list[str]]:
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def test_convert_without_transforms_is_byte_identical(tmp_path):
    out = tmp_path / "out.conllu"
    assert main(["convert", str(_src(tmp_path)), "-o", str(out), "-q"]) == 0
    assert out.read_text(encoding="utf-8") == SOURCE


def test_convert_format_follows_the_ending(tmp_path, capsys):
    src = _src(tmp_path)
    for ending, module, ncols in ((".conll", conllx, 10), (".conllx", conllx, 10),
                                  (".pascal", pascal, 9)):
        out = tmp_path / f"out{ending}"
        assert main(["convert", str(src), "-o", str(out), "-q"]) == 0
        rows = _token_rows(out.read_text(encoding="utf-8"))
        assert {len(r) for r in rows} == {ncols}
        assert module.read(out).n_tokens == 8
    # an unknown ending without --to is an error naming the endings understood
    assert main(["convert", str(src), "-o", str(tmp_path / "out.txt")]) == 2
    err = capsys.readouterr().err
    assert "cannot tell the output format" in err and ".conllu" in err
    # --to overrides the ending
    assert main(["convert", str(src), "-o", str(tmp_path / "out.txt"), "--to", "conllu",
                 "-q"]) == 0


def test_convert_reports_what_it_leaves_out(tmp_path, capsys):
    out = tmp_path / "out.conllu"
    assert main(["convert", str(_src(tmp_path)), "--remove-punct", "upos", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    # sentence s1 lost its '.', so its range line and empty node no longer hold
    assert "wrote 2 sentences, 6 tokens" in err
    assert "left out: multiword/empty-node lines of changed sentences: 2" in err
    back = conllu.read(out)
    assert back.n_sentences == 2 and back.n_tokens == 6


def test_induce_deps_keeps_every_other_field_and_line(tmp_path, capsys):
    out = tmp_path / "lb.conllu"
    assert main(["induce", "deps", "--model", "rb", str(_src(tmp_path)), "-o", str(out),
                 "-q"]) == 0
    got, want = out.read_text(encoding="utf-8").splitlines(), SOURCE.splitlines()
    assert len(got) == len(want)
    for g, w in zip(got, want):
        gf, wf = g.split("\t"), w.split("\t")
        if len(wf) == 10 and wf[0].isdigit():
            assert gf[:6] + gf[8:] == wf[:6] + wf[8:]
            assert gf[7] == "_"
        else:
            assert g == w
    # unknown ending
    assert main(["induce", "deps", "--model", "rb", str(_src(tmp_path)), "-o",
                 str(tmp_path / "x.out")]) == 2
    assert "cannot tell the output format" in capsys.readouterr().err


def test_induce_tags_writes_no_heads_and_eval_deps_refuses(tmp_path, capsys):
    tiny = FIXTURES / "category-models" / "tiny.conllu"
    for ending, slots in ((".conllu", (3, 4)), (".conll", (3, 4)), (".pascal", (3, 4, 5))):
        out = tmp_path / f"pred{ending}"
        assert main(["induce", "tags", "--model", "brown", "--k", "2", str(tiny),
                     "-o", str(out)]) == 0
        rows = _token_rows(out.read_text(encoding="utf-8"))
        head_col = 7 if ending == ".pascal" else 6
        assert {r[head_col] for r in rows} == {"_"}
        assert {r[head_col + 1] for r in rows} == {"_"}
        for s in slots:
            assert {r[s] for r in rows} <= {"0", "1", "UNCLUSTERED"}
        assert main(["eval", "deps", "--gold", str(tiny), "--pred", str(out)]) == 2
        assert "no predicted heads" in capsys.readouterr().err
        # eval tags reads what induce tags wrote
        assert main(["eval", "tags", "--gold", str(tiny), "--pred", str(out),
                     "-o", str(tmp_path / "score.txt")]) == 0
    assert main(["induce", "tags", "--model", "brown", "--k", "2", str(tiny),
                 "-o", str(tmp_path / "pred.txt")]) == 2
    assert "cannot tell the output format" in capsys.readouterr().err


def test_induce_tags_tsv_keeps_words_beginning_with_hash(tmp_path):
    out = tmp_path / "clusters.tsv"
    assert main(["induce", "tags", "--model", "brown", "--k", "2", str(_src(tmp_path)),
                 "-o", str(out)]) == 0
    clusters = read_type_clusters(out)
    assert "#audiobooks" in clusters and len(clusters) == 8  # 8 word types
    assert main(["eval", "tags", "--gold", str(_src(tmp_path)), "--pred", str(out),
                 "-o", str(tmp_path / "score.txt")]) == 0


def test_chat_metadata_survives_conversion(tmp_path):
    cha = FIXTURES / "chat" / "conventions.cha"
    out = tmp_path / "conv.conllu"
    # conventions.cha holds a %mor and a %gra tier that cannot be aligned (on purpose)
    assert main(["convert", str(cha), "-o", str(out), "-q"]) == 2
    assert main(["convert", str(cha), "-o", str(out), "-q", "--on-error", "skip"]) == 0
    a, b = read_corpus(cha, on_error="skip"), conllu.read(out)
    assert (a.n_sentences, a.n_tokens) == (b.n_sentences, b.n_tokens)
    for col in ("speaker", "role", "age_days", "document", "language", "unintelligible"):
        assert b.sentences[col].strings() == a.sentences[col].strings(), col
    # --child-directed selects the same utterances on the converted file
    cd_a, cd_b = tmp_path / "a.conllu", tmp_path / "b.conllu"
    assert main(["convert", str(cha), "--child-directed", "-o", str(cd_a), "-q",
                 "--on-error", "skip"]) == 0
    assert main(["convert", str(out), "--child-directed", "-o", str(cd_b), "-q"]) == 0
    assert conllu.read(cd_a).n_sentences == conllu.read(cd_b).n_sentences


# -- real data ---------------------------------------------------------------------

def test_induce_deps_on_ud_slice_keeps_gold_lines_apart_from_head_deprel():
    """Three UD files (multiword tokens, empty nodes, CHILDES comments): the
    library path of ``induce deps`` (rb chain) then the CoNLL-U writer."""
    import io

    from induceval.corpus.writers import write_conllu
    from induceval.models.dependencies import induce_dependencies

    ud = shared_path("ud")
    for f in (ud / "UD_English-EWT" / "en_ewt-ud-dev.conllu",
              ud / "UD_Portuguese-Bosque" / "pt_bosque-ud-test.conllu",
              ud / "UD_English-CHILDES" / "en_childes-ud-dev.conllu"):
        gold = conllu.read(f)
        res = induce_dependencies(gold, "rb", punct="upos")
        out = io.StringIO()
        rep = write_conllu(res.corpus, out)
        assert rep.left_out == {}
        got = out.getvalue().split("\n")
        want = f.read_text(encoding="utf-8").split("\n")
        assert len(got) == len(want)
        g = np.array(got, dtype=object)
        w = np.array(want, dtype=object)
        differ = np.flatnonzero(g != w)
        for i in differ.tolist():
            gf, wf = got[i].split("\t"), want[i].split("\t")
            assert gf[:6] + gf[8:] == wf[:6] + wf[8:], (f.name, i)


def test_type_list_comment_needs_no_tab(tmp_path):
    p = tmp_path / "t.tsv"
    p.write_text("# a comment line\n#audiobooks\t3\n#\t1\nword\t2\t0110\n", encoding="utf-8")
    assert read_type_clusters(p) == {"#audiobooks": {"3"}, "#": {"1"}, "word": {"2"}}


def test_parser_and_eval_import_no_numba(tmp_path):
    """``--help`` and scoring load no numba (~0.9 s, ~100 MB)."""
    import subprocess
    import sys

    gold = tmp_path / "g.conllu"
    gold.write_text(SOURCE, encoding="utf-8")
    code = ("import sys\n"
            "from induceval.cli.main import build_parser, main\n"
            "build_parser()\n"
            f"g = {str(gold)!r}\n"
            "assert main(['eval', 'deps', '--gold', g, '--pred', g, '-o', g + '.d']) == 0\n"
            "assert main(['eval', 'tags', '--gold', g, '--pred', g, '--allow-identical',\n"
            "             '-o', g + '.t']) == 0\n"
            "print('numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
