"""Files as work items: their sizes (the costs of :func:`~induceval.parallel.map`) and the
one rule that groups consecutive files into tasks.

Example
-------
>>> file_groups([100, 100, 300, 50], 200)
[(0, 2), (2, 3), (3, 4)]
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence

#: bounds of the automatic group size of :func:`file_groups` (bytes)
GROUP_BYTES = (256 << 10, 32 << 20)


def path_size(item) -> int:
    """Bytes of a file, of the files under a folder, or of a list of those (0 for anything else).

    Example
    -------
    >>> path_size("no/such/file"), path_size(42), path_size(["no/such/file"])
    (0, 0, 0)
    """
    if isinstance(item, (list, tuple)):
        return sum(path_size(x) for x in item)
    if not isinstance(item, (str, os.PathLike)):
        return 0
    try:
        if os.path.isdir(item):
            total = 0
            for root, _, files in os.walk(item, followlinks=True):
                for f in files:
                    with contextlib.suppress(OSError):
                        total += os.stat(os.path.join(root, f)).st_size
            return total
        return os.stat(item).st_size
    except OSError:
        return 0


def file_groups(sizes: Sequence[int], group_bytes: int | None = None) -> list[tuple[int, int]]:
    """Consecutive files (``sizes`` in bytes, :func:`path_size`) grouped into tasks:
    ``(start, stop)`` index ranges.

    A group closes once it holds ``group_bytes`` (``None``: a 32nd of the
    total, within :data:`GROUP_BYTES`: enough tasks to balance the workers,
    few enough that each task's scheduling and each read's start-up stay
    small next to the work); ``0`` makes one group per file.  The files of a
    group are read as one corpus, as all the files are in one process: sums
    over the groups do not depend on the grouping.

    Example
    -------
    >>> file_groups([100, 100], 0)
    [(0, 1), (1, 2)]
    >>> file_groups([10] * 5)   # 50 bytes in all: one group
    [(0, 5)]
    """
    if group_bytes is None:
        group_bytes = min(max(sum(sizes) // 32, GROUP_BYTES[0]), GROUP_BYTES[1])
    out: list[tuple[int, int]] = []
    start = acc = 0
    for i, size in enumerate(sizes):
        acc += size
        if acc >= group_bytes:
            out.append((start, i + 1))
            start, acc = i + 1, 0
    if start < len(sizes):
        out.append((start, len(sizes)))
    return out
