"""The memory this process can still take, to refuse work that cannot fit before it starts."""

from __future__ import annotations

import os

__all__ = ["available_memory"]


def _read_int(path: str) -> int | None:
    try:
        with open(path, encoding="ascii") as fh:
            text = fh.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def available_memory() -> int | None:
    """Bytes of memory available to this process (``None`` when the system does not say):
    ``MemAvailable`` of ``/proc/meminfo``, bounded by a cgroup (v2) limit when one is set;
    elsewhere the physical memory.

    Example
    -------
    >>> m = available_memory()
    >>> m is None or m > 0
    True
    """
    found = None
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    found = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        pass
    if found is None:
        try:
            found = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (AttributeError, ValueError, OSError):
            return None
    limit = _read_int("/sys/fs/cgroup/memory.max")   # "max" (no limit) reads as None
    if limit is not None:
        found = min(found, max(0, limit - (_read_int("/sys/fs/cgroup/memory.current") or 0)))
    return found
