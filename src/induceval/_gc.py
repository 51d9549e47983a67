"""Pausing Python's cyclic garbage collector around allocation-heavy work."""

from __future__ import annotations

import gc


class paused_gc:  # noqa: N801 - used as a function: ``with paused_gc():``
    """Run a block with the cyclic garbage collector paused (restored afterwards).

    Reading a corpus allocates millions of small objects that all stay alive;
    each burst triggers collections that traverse the whole heap and free
    nothing, at a cost that grows with what the process already holds
    (``docs/scale.md``).  Reference counting still frees what is not in a
    cycle; cycles made in the block are collected after it.  Nested use is
    safe: only the outermost block re-enables the collector, if it was on.

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
