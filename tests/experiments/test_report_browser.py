"""The reproduction report's page opened in headless Chromium from ``file://``.

Skips with a reason where Debian's ``chromium`` is not installed (CI installs
it: ``.ci/run``).  The page must parse as HTML5 without an error (html5lib,
strict), load with no console error and no failed request, embed every figure
(SVG inline, PNG as data; nothing fetched from outside), and render: the screenshot is kept in
the test's folder (``report.png``) for a person to look at.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """A report over a tiny pascal2012-pos run and a run folder with a figure."""
    d = tmp_path_factory.mktemp("report")
    toy = FIXTURES / "category-models" / "tiny.conllu"
    out = d / "p12"
    assert main(["reproduce", "pascal2012-pos", "--treebank", f"a={toy}", "--treebank",
                 f"b={toy}", "--confidence", "0", "--out", str(out), "--no-progress"]) == 0
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from induceval.atomic import save_figure

    for name in ("figure_a", "figure_b"):     # two SVGs with matplotlib's ids, one PNG
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.plot([1, 2, 3], [3, 1, 2])
        save_figure(fig, out / f"{name}.png", also=("svg",))
        plt.close(fig)
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.bar([1, 2], [2, 1])
    save_figure(fig, out / "figure_c.png")
    plt.close(fig)
    html = d / "report.html"
    assert main(["report", str(out), "-o", str(html)]) == 0
    return html


def test_page_is_strict_html5_with_embedded_figures(page):
    html5lib = pytest.importorskip("html5lib", reason="html5lib (the [test] extra) is needed")
    text = page.read_text(encoding="utf-8")
    html5lib.HTMLParser(strict=True).parse(text)       # raises on any parse error
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(images) == 1 and base64.b64decode(images[0]).startswith(b"\x89PNG\r\n")
    assert text.count("<svg") == 2                      # a figure with an SVG is shown as SVG
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))                    # two figures' ids never meet
    assert not re.search(r'(src|href)="(?!#|data:)', text)   # nothing from outside the page


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian's 'chromium' "
                                             "package) is not installed")
def test_page_loads_in_headless_chromium(page, tmp_path):
    shot = page.parent / "report.png"
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", "--window-size=1280,1600", "--enable-logging=stderr",
                        "--v=0", f"--user-data-dir={tmp_path}", f"--screenshot={shot}",
                        page.as_uri()], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    problems = [line for line in r.stderr.splitlines()
                if "CONSOLE" in line or "Uncaught" in line or "net::ERR" in line
                or "Failed to load resource" in line]
    assert not problems, problems
    assert shot.exists() and shot.stat().st_size > 10_000    # a rendered page, not a blank
