"""Pausing Python's cyclic garbage collector around allocation-heavy work."""

from __future__ import annotations

import gc


class paused_gc:  # noqa: N801 - used as a function: ``with paused_gc():``
    """Run a block with the cyclic garbage collector paused (restored afterwards).

    Reading a corpus allocates millions of small objects that all stay alive
    (strings, lists, tuples); each allocation burst triggers collections that
    traverse every live container and free nothing.  A full collection costs
    time in proportion to the whole heap, so a process that already holds
    much (a Dask worker keeping partial count tables, a session with a large
    corpus loaded) pays more per token (``docs/scale.md``).  Reference
    counting still frees everything that is not in a cycle; cycles made in
    the block are collected at the next collection after it.  Nested use is
    safe: only the outermost block re-enables the collector, and only if it
    was enabled.

    Example
    -------
    >>> import gc
    >>> with paused_gc():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """

    __slots__ = ("_was_enabled",)

    def __enter__(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc_info) -> None:
        if self._was_enabled:
            gc.enable()
