"""The shared data folder (the protocols' default corpora) and its standard corpora.

The protocols, the tests and the benchmarks all find it here:
``$INDUCEVAL_SHARED_DATA`` when set; else ``shared/data`` beside the clone
induceval is installed from (an editable install); else ``shared/data`` in
the working folder or in one of its parents (so ``../shared/data`` from the
clone, also when ``pip install .`` copied the package into a virtual
environment, away from the clone).

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
    "brown": "brown/brown-tagged", "childes-eng-uk": "childes/eng-uk",
    "manchester": "childes/eng-uk/Manchester", "eve": "childes/eve", "ud": "ud",
    "wsj-dependencies": "ptb/dependency-treebank-sample",
}


def shared_data_dir() -> Path:
    """The shared data folder; when none exists, the first place looked, for error messages.

    Returns
    -------
    pathlib.Path
        The folder (from the environment variable, a checkout's ``../shared/data``,
        or the first ``shared/data`` up from the working folder).

    Example
    -------
    >>> shared_data_dir().name == "data" or bool(os.environ.get(ENV))
    True
    """
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    here = Path(__file__).resolve().parents[2]
    cwd = Path.cwd()
    # a source checkout has its pyproject.toml two floors up; an installed copy does not
    clones = [here.parent] if (here / "pyproject.toml").is_file() else []
    candidates = [d / "shared" / "data" for d in (*clones, cwd, *cwd.parents)]
    return next((c for c in candidates if c.is_dir()), candidates[0])


def corpus_dir(name: str, root: str | os.PathLike | None = None) -> Path:
    """The folder (maybe absent) of a corpus of :data:`CORPORA` under ``root`` or the shared one.

    Parameters
    ----------
    name
        A corpus of :data:`CORPORA`.
    root
        The data folder (default :func:`shared_data_dir`).

    Returns
    -------
    pathlib.Path
        The corpus folder, which may not exist.

    Example
    -------
    >>> corpus_dir(next(iter(CORPORA)), "/data").parent.as_posix().startswith("/data")
    True
    """
    return (Path(root) if root is not None else shared_data_dir()) / CORPORA[name]
