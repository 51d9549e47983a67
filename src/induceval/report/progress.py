"""Progress display for long work (tqdm on a terminal, silent otherwise).

The library never prints results; progress bars go to stderr and only when
``enabled``.  The CLI enables them; library calls default to off.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["progress"]

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
