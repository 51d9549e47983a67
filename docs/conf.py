"""Sphinx configuration of the induceval documentation.

Built offline (no intersphinx), every warning an error (``-W``), every
cross-reference checked (``nitpicky``):

    pip install '.[docs]' && python -m sphinx -W -b html docs docs/_build/html

The measures, the command line, the protocols, the formats and the API are
generated at build time from the package (``_ext/induceval_docs.py``), so the
pages cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))     # this tree's package, installed or not
sys.path.insert(0, str(DOCS / "_ext"))

from induceval import __version__  # noqa: E402

project = "induceval"
author = "the induceval authors"
copyright = "the induceval authors, MIT licence"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "induceval_docs",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**/__pycache__"]

# -- offline and strict
nitpicky = True
#: names outside induceval (no intersphinx: nothing is fetched) and the docstrings' plain
#: words for types; a reference to an induceval name must resolve to a documented object
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|np|scipy|pandas|matplotlib|dask|distributed|argparse|collections"
               r"|typing|os|pathlib|io|dataclasses|concurrent|multiprocessing|enum"
               r"|types|abc|re|json|datetime|functools|contextlib|random)(\..*)?"),
    (r"py:.*", r"(int|float|str|bytes|bool|dict|list|tuple|set|frozenset|object|None|type"
               r"|callable|Callable|Iterable|Iterator|Sequence|Mapping|Any|optional"
               r"|array|array-like|array_like|ndarray|path|Path|PathLike|TextIO|IO|Exception"
               r"|ValueError|KeyError|RuntimeError|OSError|TypeError|Generator|Counter"
               r"|Literal|Union|Optional|Self|default|or|of|shape|the|a|an)"),
    # napoleon reads the first line of a property's Returns as its type: prose there
    # (words with spaces, a lower-case word) names no class
    (r"py:class", r".*\s.*"),
    (r"py:class", r"[a-z_]+"),
]
suppress_warnings: list[str] = []

# -- autodoc / napoleon (numpydoc-style sections)
autodoc_member_order = "bysource"
autodoc_typehints = "none"          # signatures as written; no unresolvable type links
autodoc_default_options = {"show-inheritance": False}
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_param = False
napoleon_custom_sections = ["Example", ("Attributes", "params_style")]

# -- MyST (the Markdown pages)
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3

# -- HTML (the default theme ships with Sphinx: nothing to download)
html_theme = "alabaster"
html_title = f"induceval {release}"
html_static_path: list[str] = []
html_theme_options = {"description": "Evaluating unsupervised induction of linguistic "
                                     "structure", "fixed_sidebar": True}
