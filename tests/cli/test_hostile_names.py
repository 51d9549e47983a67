"""Names of corpora, treebanks and run folders are text in every output a viewer renders:
Markdown tables and reports escape them as the HTML report does.

Before: ``per_corpus.md`` and ``report -o x.md`` carried ``<img src=x onerror=...>`` from a
corpus or folder of that name as raw HTML, which a Markdown viewer runs; the HTML page
escaped it.
"""

from __future__ import annotations

import shutil

from induceval.cli.main import main
from induceval.report.tables import Table, markdown_code, markdown_escape
from tests.conftest import FIXTURES

HOSTILE = "<img src=x onerror=alert(1)>"
RAW = "<img src=x"


def _assert_text(page: str, where: str) -> None:
    assert RAW not in page, where
    assert "&lt;img src=x onerror=alert(1)&gt;" in page, where


def test_a_hostile_corpus_and_folder_name_stay_text_in_markdown_and_html(tmp_path, capsys):
    corpus = tmp_path / f"{HOSTILE}.cha"
    shutil.copy(FIXTURES / "wopa" / "toy.cha", corpus)
    out = tmp_path / HOSTILE
    assert main(["reproduce", "chang2006", str(corpus), "--out", str(out), "--learners",
                 "chance,lexstat", "--no-progress", "--report", "--format", "markdown"]) == 0
    assert RAW not in capsys.readouterr().out
    for md in out.glob("*.md"):
        assert RAW not in md.read_text(), md.name
    _assert_text((out / "per_corpus.md").read_text(), "per_corpus.md")
    assert RAW not in (out / "report.html").read_text()
    for name in ("x.md", "x.html"):
        assert main(["report", str(out), "-o", str(tmp_path / name)]) == 0
        _assert_text((tmp_path / name).read_text(), name)


def test_a_hostile_treebank_name_stays_text_in_the_dependency_tables(tmp_path, capsys):
    treebank = tmp_path / f"{HOSTILE}.conllu"
    shutil.copy(FIXTURES / "dependency-models" / "toy.conllu", treebank)
    out = tmp_path / "run"
    assert main(["reproduce", "pascal2012-deps", str(treebank), "--systems", "LB",
                 "--out", str(out), "--no-progress", "--report"]) == 0
    capsys.readouterr()
    pages = sorted(out.glob("*.md"))
    assert pages
    for md in pages:
        assert RAW not in md.read_text(), md.name
    assert any("&lt;img src=x onerror=alert(1)&gt;" in md.read_text() for md in pages)
    assert RAW not in (out / "report.html").read_text()


def test_markdown_cells_escape_html_and_pipes_in_one_place():
    t = Table(["name", "m1"], [{"name": "a|b <i>&", "m1": 0.5}], title="<b>T</b>",
              notes=["from <script>x</script>"])
    md = t.render("markdown")
    assert "| a\\|b &lt;i&gt;&amp; | 0.5000 |" in md
    assert "**&lt;b&gt;T&lt;/b&gt;**" in md and "_from &lt;script&gt;x&lt;/script&gt;_" in md
    assert "<" not in md
    assert markdown_escape("line\nbreak") == "line break"
    assert markdown_code("a``b") == "``` a``b ```"
