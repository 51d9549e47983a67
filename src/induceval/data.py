"""Where the shared data lives: the folder of the protocols' default corpora.

:func:`shared_data_dir` is the one finder of that folder (the ``reproduce``
protocols, the tests and the benchmarks all ask it): ``$INDUCEVAL_SHARED_DATA``
when set; else ``../shared/data`` next to the clone induceval is installed
from (``src/induceval`` -> the clone -> ``../shared/data``); else
``../shared/data`` from the working folder.  :func:`corpus_dir` names the
standard corpora inside it (:data:`CORPORA`), so that the folder's layout is
written once.  Nothing here reads a corpus or copies data.

Example
-------
>>> corpus_dir("manchester", "/data/shared").as_posix()
'/data/shared/childes/eng-uk/Manchester'
>>> isinstance(shared_data_dir(), Path)
True
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV", "CORPORA", "shared_data_dir", "corpus_dir"]

#: environment variable naming the shared data folder
ENV = "INDUCEVAL_SHARED_DATA"

#: the standard corpora: name -> folder under the shared data folder
CORPORA = {
    "brown": "brown/brown-tagged",
    "childes-eng-uk": "childes/eng-uk",
    "manchester": "childes/eng-uk/Manchester",
    "eve": "childes/eve",
    "estonian": "childes/estonian",
    "ud": "ud",
    "wsj-dependencies": "ptb/dependency-treebank-sample",
}


def shared_data_dir() -> Path:
    """The shared data folder (see the module docstring for the order searched).

    When no candidate exists, the clone-relative path is returned, so that
    error messages name the place where the data is expected.
    """
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    clone = Path(__file__).resolve().parents[2]
    candidates = [clone.parent / "shared" / "data", Path("..") / "shared" / "data"]
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[0]


def corpus_dir(name: str, root: str | os.PathLike | None = None) -> Path:
    """The folder of the standard corpus ``name`` (a key of :data:`CORPORA`) under ``root``.

    ``root`` defaults to :func:`shared_data_dir`; the folder may not exist.
    """
    return (Path(root) if root is not None else shared_data_dir()) / CORPORA[name]
