"""Progress display for long work (tqdm on a terminal, silent otherwise).

The library never prints results; progress bars go to stderr and only when
``enabled``.  The CLI enables them; library calls default to off.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["progress", "announce_compilation", "numba_cache_present"]

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, desc: str = "",
             enabled: bool = False, unit: str = "it") -> Iterator[T]:
    """Wrap ``items`` in a tqdm bar on stderr when ``enabled`` (else pass through).

    Example
    -------
    >>> list(progress([1, 2, 3]))
    [1, 2, 3]
    """
    if not enabled:
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=desc, unit=unit, file=sys.stderr,
                    mininterval=0.5, leave=False, disable=None)


_ANNOUNCED = False


def numba_cache_present() -> bool:
    """True when compiled numba kernels of induceval are cached on disk (``*.nbi`` files).

    Looks in ``$NUMBA_CACHE_DIR`` when set, else in the package's ``__pycache__``
    folders.
    """
    import os
    from pathlib import Path

    root = os.environ.get("NUMBA_CACHE_DIR")
    base = Path(root) if root else Path(__file__).resolve().parents[1]
    try:
        return next(base.rglob("*.nbi"), None) is not None
    except OSError:
        return False


def announce_compilation(stream=None) -> bool:
    """Say once, on stderr, that the first run compiles the numerical kernels.

    Returns True when the line was printed (no compiled kernel cached yet).
    """
    global _ANNOUNCED
    if _ANNOUNCED or numba_cache_present():
        return False
    _ANNOUNCED = True
    print("induceval: compiling numerical kernels (first run only; later runs start at once)",
          file=stream or sys.stderr)
    return True
