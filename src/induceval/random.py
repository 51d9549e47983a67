"""Seeding: randomness only through an explicit seed with a fixed default.

Every random use in the package draws from its own **named stream**: a
``numpy.random.Generator`` built from ``SeedSequence(seed, spawn_key=(NS,
crc32(name)))``, i.e. a child of the user's seed in the sense of
``SeedSequence.spawn``, keyed by a stable hash of the use's name instead of
a spawn counter (so that adding a new use never shifts the others).  Two
uses of the same user seed never see the same numbers (if the pseudo-word
guesses and the randomization test's shuffles drew one stream, the smallest
p-value would be 2/(n+1), not 1/(n+1)).

:data:`STREAMS` lists every stream name the package uses; a test checks
that their keys are distinct and that no module calls ``default_rng``,
``RandomState`` or the global ``np.random`` outside this module (the BHMM's
numba sampler seeds numba's own generator from its stream).  The root
stream ``rng(seed)`` (no name) is kept for the demo corpus generator only,
so that the demo corpus stays byte for byte what earlier versions produced.

Example
-------
>>> int(rng(1).integers(100)) == int(rng(1).integers(100))
True
>>> a = stream(7, "pseudowords.guess").random(3)
>>> b = stream(7, "resampling.permutation").random(3)
>>> bool((a == stream(7, "pseudowords.guess").random(3)).all()), bool((a == b).any())
(True, False)
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DEFAULT_SEED", "STREAMS", "rng", "stream", "stream_seed", "spawn"]

#: The seed used when the user gives none.  Same seed, same output.
DEFAULT_SEED = 12345

#: First spawn-key word of named streams (keeps them apart from
#: ``SeedSequence(seed).spawn(n)`` children, whose keys are ``(0,)``, ``(1,)``...).
_NAMESPACE = 0x1D0CE

#: Every named stream used in the package (one per random use).
STREAMS: tuple[str, ...] = (
    "pseudowords.split", "pseudowords.confounders", "pseudowords.guess",
    "resampling.bootstrap", "resampling.permutation",
    "categories.random_baseline", "categories.type_level_restarts",
    "models.random", "models.exchange", "models.frequent_frames", "models.bhmm.init",
    "models.bhmm.sampler", "deps.random_trees")


def _seed(seed: int | None) -> int:
    """The seed as numpy takes it: an integer >= 0 (a negative one is refused, not mapped)."""
    if seed is None:
        return DEFAULT_SEED
    value = int(seed)
    if value < 0:
        from induceval.errors import MAX_SEED, ParameterError

        raise ParameterError(f"seed must be an integer >= 0 (the command line takes 0 to "
                             f"{MAX_SEED}), got {seed!r}")
    return value


def rng(seed: int | None = None, name: str | None = None) -> np.random.Generator:
    """Return a numpy ``Generator`` for ``seed`` (or :data:`DEFAULT_SEED`).

    With ``name``, the generator of the named stream (see :func:`stream`);
    without, the root stream ``default_rng(seed)``.

    Parameters
    ----------
    seed
        The seed (``None``: :data:`DEFAULT_SEED`).
    name
        A stream name, or ``None`` for the root stream.

    Returns
    -------
    numpy.random.Generator
        The generator.

    Example
    -------
    >>> int(rng(1).integers(100)) == int(rng(1).integers(100))
    True
    """
    import numpy as np

    if name is not None:
        return stream(seed, name)
    return np.random.default_rng(_seed(seed))


def _sequence(seed: int | None, name: str) -> np.random.SeedSequence:
    import numpy as np

    return np.random.SeedSequence(_seed(seed),
                                  spawn_key=(_NAMESPACE, zlib.crc32(name.encode("utf-8"))))


def stream(seed: int | None, name: str) -> np.random.Generator:
    """The independent random stream ``name`` derived from ``seed``.

    Parameters
    ----------
    seed
        The seed (``None``: :data:`DEFAULT_SEED`).
    name
        The stream's name.

    Returns
    -------
    numpy.random.Generator
        The stream's generator.

    Example
    -------
    >>> bool(stream(3, "a").random() == stream(3, "a").random())
    True
    >>> bool(stream(3, "a").random() == stream(3, "b").random())
    False
    """
    import numpy as np

    return np.random.Generator(np.random.PCG64(_sequence(seed, name)))


def stream_seed(seed: int | None, name: str, bits: int = 32) -> int:
    """An integer seed drawn from stream ``name`` (for numba's own generator).

    Parameters
    ----------
    seed
        The seed (``None``: :data:`DEFAULT_SEED`).
    name
        The stream's name.
    bits
        The seed's size in bits.

    Returns
    -------
    int
        The seed.

    Example
    -------
    >>> stream_seed(1, "models.bhmm.sampler") == stream_seed(1, "models.bhmm.sampler")
    True
    """
    import numpy as np

    return int(_sequence(seed, name).generate_state(1, np.uint64)[0] % (2 ** bits))


def spawn(seed: int | None, name: str, n: int) -> list[np.random.Generator]:
    """``n`` independent generators spawned from stream ``name`` (one per job/restart).

    Parameters
    ----------
    seed
        The seed (``None``: :data:`DEFAULT_SEED`).
    name
        The stream's name.
    n
        The number of generators.

    Returns
    -------
    list of numpy.random.Generator
        The generators.

    Example
    -------
    >>> a, b = spawn(1, "resampling.bootstrap", 2)
    >>> bool(a.random() == b.random())
    False
    """
    import numpy as np

    return [np.random.Generator(np.random.PCG64(s)) for s in _sequence(seed, name).spawn(n)]
