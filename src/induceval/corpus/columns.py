"""The storage of one corpus column: a :class:`Vocabulary` and a :class:`Column`.

Categorical columns store ``int32`` codes over a vocabulary (``-1`` =
:data:`MISSING`); integer columns (:data:`INT_COLUMNS`: ``head``, ``head@NAME``,
``age_days``) store the values themselves.

Example
-------
>>> col = Column(Vocabulary(["a", "b"]).encode(["b", None, "a"]), Vocabulary(["a", "b"]))
>>> col.values.tolist(), col.strings()
([1, -1, 0], ['b', None, 'a'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import repeat

import numpy as np

from induceval.errors import InducevalError

__all__ = ["Vocabulary", "Column", "MISSING", "INT_COLUMNS"]

#: Code used for a missing value in every column.
MISSING = -1

#: Column names stored as integers rather than categorical codes.
INT_COLUMNS = frozenset({"head", "age_days"})


def _is_int_column(name: str) -> bool:
    return name in INT_COLUMNS or name.startswith("head@")


class Vocabulary:
    """An append-only bijection between strings and dense integer ids.

    Example
    -------
    >>> v = Vocabulary(["a", "b"])
    >>> v.add("c"), v[1], v.id("zz"), len(v)
    (2, 'b', -1, 3)
    """

    __slots__ = ("_items", "_index")

    def __init__(self, items: Iterable[str] = ()) -> None:
        self._items: list[str] = []
        self._index: dict[str, int] = {}
        for item in items:
            self.add(item)

    @classmethod
    def from_unique(cls, items: list[str]) -> Vocabulary:
        """A vocabulary over ``items``, which must be distinct (not checked
        item by item: a duplicate raises :class:`InducevalError`).

        Example
        -------
        >>> Vocabulary.from_unique(["x", "y"]).id("y")
        1
        """
        vocab = cls()
        vocab._items = list(items)
        vocab._index = dict(zip(vocab._items, range(len(vocab._items))))
        if len(vocab._index) != len(vocab._items):
            raise InducevalError("Vocabulary.from_unique got duplicate items")
        return vocab

    def add(self, item: str) -> int:
        """Return the id of ``item``, adding it if new."""
        idx = self._index.get(item)
        if idx is None:
            idx = self._index[item] = len(self._items)
            self._items.append(item)
        return idx

    def id(self, item: str) -> int:
        """Return the id of ``item`` or ``-1`` when unknown."""
        return self._index.get(item, MISSING)

    def __getitem__(self, idx: int) -> str:
        return self._items[idx]

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item: object) -> bool:
        return item in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    @property
    def items(self) -> list[str]:
        """The strings, in id order (do not modify)."""
        return self._items

    def encode(self, strings: Iterable[str | None], *, add: bool = True) -> np.ndarray:
        """Map strings to ids (``None`` -> -1); unknown strings are added or -1."""
        index = self._index
        if add:
            items = self._items
            out = []
            append = out.append
            for s in strings:
                if s is None:
                    append(MISSING)
                    continue
                i = index.get(s)
                if i is None:
                    i = index[s] = len(items)
                    items.append(s)
                append(i)
        else:  # (None is never a key: it maps to MISSING like any unknown string)
            out = list(map(index.get, strings, repeat(MISSING)))
        return np.asarray(out, dtype=np.int32)

    def decode(self, ids: Iterable[int]) -> list[str | None]:
        """Map ids back to strings (``-1`` -> ``None``)."""
        items = self._items
        return [None if i < 0 else items[i] for i in ids]

    def to_array(self) -> np.ndarray:
        """The strings as a numpy object array, for fancy indexing."""
        arr = np.empty(len(self._items), dtype=object)
        arr[:] = self._items
        return arr


@dataclass(frozen=True)
class Column:
    """One aligned column: integer values, with a vocabulary when categorical."""

    values: np.ndarray
    vocab: Vocabulary | None = None

    def take(self, index: np.ndarray | slice) -> Column:
        """The values at ``index`` (positions, a boolean mask or a slice), sharing (not
        copying) this column's vocabulary.

        Example
        -------
        >>> col = Column(np.array([0, 1, 0]), Vocabulary(["a", "b"]))
        >>> col.take(np.array([1, 2])).strings()
        ['b', 'a']
        """
        return Column(self.values[index], self.vocab)

    def strings(self, index: np.ndarray | slice | None = None) -> list[str | None]:
        """Decoded values (categorical) or Python ints (integer columns)."""
        vals = self.values if index is None else self.values[index]
        if self.vocab is None:
            return [int(v) for v in vals]
        return self.vocab.decode(vals.tolist())
