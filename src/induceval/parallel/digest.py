"""Digests that let a resume trust a stored cell: of its inputs and options, and of its content.

A stored cell (:func:`~induceval.parallel.run_cells`) records two digests:
``inputs``, of what made it (the cell's function, its arguments and options,
the content of the files and folders its arguments name), and ``digest``, of
its own content (key, version, inputs and result).  A resume reuses a cell only
when both still match: a stored number changed by hand, a disk error that
keeps the JSON valid, or a corpus edited since the run is computed again
instead of being read into the tables.

The inputs digest is taken over the values themselves, never their ``id`` or
address: the same inputs in another process (another run, a resume) give the
same digest.  Files are read for it (a resume reads each once; a file named
by several cells is read once per process while its size and time of change
stay the same).

Example
-------
>>> inputs_digest(pow, (2, 3), {}) == inputs_digest(pow, (2, 3), {})
True
>>> inputs_digest(pow, (2, 3), {}) == inputs_digest(pow, (2, 4), {})
False
>>> content_digest({"key": "a", "result": 8}) == content_digest({"result": 8, "key": "a"})
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
import os
import re
import sys
import types
from collections.abc import Mapping
from pathlib import PurePath

__all__ = ["inputs_digest", "content_digest", "canonical_json"]

#: the digest's algorithm and size (hex digits: twice the bytes)
_ALGORITHM, _SIZE = "blake2b", 16
#: bytes read from a file at a time while hashing it
_CHUNK = 1 << 20
#: file digests of this process: (real path, size, mtime_ns) -> digest
_FILES: dict[tuple, str] = {}
#: strings this deep in a call's arguments are looked up as files and folders: an argument
#: (1) or an item of a list argument (2)
_PATH_DEPTH = 2
#: the types of values a large mapping holds to be hashed as one JSON text
_PLAIN = frozenset({str, int, float, bool, type(None)})
#: an address in a repr (``<object at 0x7f...>``): differs between processes, never hashed
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _hasher():
    return hashlib.blake2b(digest_size=_SIZE)


def canonical_json(value: object) -> str:
    """``value`` as JSON with sorted keys and no spaces: the text its digest is taken over
    (a value read back from the stored JSON gives the same text as the value written).

    Parameters
    ----------
    value
        A JSON-serialisable value.

    Returns
    -------
    str
        Its canonical JSON.

    Example
    -------
    >>> canonical_json({"b": [1, 2.5], "a": None})
    '{"a":null,"b":[1,2.5]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def content_digest(stored: Mapping) -> str:
    """The digest of a stored cell's fields (its ``digest`` field aside).

    Parameters
    ----------
    stored
        A stored cell's fields.

    Returns
    -------
    str
        The hexadecimal digest.

    Example
    -------
    >>> content_digest({"a": 1, "digest": "x"}) == content_digest({"a": 1})
    True
    """
    h = _hasher()
    h.update(canonical_json({k: v for k, v in stored.items() if k != "digest"}).encode())
    return h.hexdigest()


def _file_digest(path: str) -> str:
    st = os.stat(path)
    key = (os.path.realpath(path), st.st_size, st.st_mtime_ns)
    if key not in _FILES:
        h = _hasher()
        with open(path, "rb") as fh:
            while chunk := fh.read(_CHUNK):
                h.update(chunk)
        _FILES[key] = h.hexdigest()
    return _FILES[key]


def _path_content(text: str) -> str | None:
    """The content digest of the file or folder ``text`` names (``None``: it names none)."""
    try:
        if os.path.isfile(text):
            return _file_digest(text)
        if not os.path.isdir(text):
            return None
        h = _hasher()
        for root, dirs, files in os.walk(text):
            dirs.sort()
            for name in sorted(files):
                full = os.path.join(root, name)
                if os.path.isfile(full):
                    rel = os.path.relpath(full, text)
                    h.update(f"{rel}\x00{_file_digest(full)}\x00".encode())
        return h.hexdigest()
    except OSError:   # unreadable: the cell itself will say so
        return None


class _Fingerprint:
    """Feeds a canonical description of values into one hash; objects met again (a corpus
    several arguments share) are described by their first description's number."""

    def __init__(self) -> None:
        self.h = _hasher()
        self.seen: dict[int, int] = {}
        self.keep: list = []   # the objects of ``seen`` stay alive: their ids stay theirs

    def put(self, *parts: str) -> None:
        for p in parts:
            self.h.update(p.encode("utf-8", "surrogatepass"))
            self.h.update(b"\x00")

    def value(self, x: object, depth: int = 0) -> None:
        if depth > 200:   # a structure this deep is described by its type only
            self.put("deep", type(x).__qualname__)
            return
        if x is None or isinstance(x, (bool, int, float, complex)):
            self.put(type(x).__name__, repr(x))
            return
        if isinstance(x, str):
            self.put("str", x)
            # only the call's own strings (and those of its lists) may name what it reads: a
            # corpus's vocabulary holds words such as "." that name folders too
            content = _path_content(x) if x and depth <= _PATH_DEPTH else None
            if content is not None:   # a file or folder read by the cell: its content counts
                self.put("content", content)
            return
        if isinstance(x, (bytes, bytearray, memoryview)):
            self.put("bytes", str(len(x)))
            self.h.update(bytes(x))
            return
        if isinstance(x, PurePath):
            self.value(os.fspath(x), depth)
            return
        # a numpy value implies numpy is loaded: none imported for arguments without one
        np = sys.modules.get("numpy")
        if np is not None and isinstance(x, np.generic):
            self.put("np", x.dtype.str, repr(x.item()))
            return
        if isinstance(x, enum.Enum):
            self.put("enum", type(x).__qualname__, repr(x.value))
            return
        if isinstance(x, (types.FunctionType, types.BuiltinFunctionType, type)):
            self.put("callable", getattr(x, "__module__", "") or "", x.__qualname__)
            return
        if id(x) in self.seen:
            self.put("again", str(self.seen[id(x)]))
            return
        self.seen[id(x)] = len(self.seen)
        self.keep.append(x)
        self._compound(x, depth + 1)

    def _compound(self, x: object, depth: int) -> None:
        np = sys.modules.get("numpy")
        if np is not None and isinstance(x, np.ndarray):
            self.put("ndarray", x.dtype.str, repr(x.shape))
            if x.dtype.hasobject:
                items = x.ravel().tolist()
                if depth > _PATH_DEPTH and all(type(i) is str for i in items):   # ids: fast
                    self.put("\x01".join(items))
                    return
                for item in items:
                    self.value(item, depth)
            else:
                self.h.update(np.ascontiguousarray(x).data)
            return
        if isinstance(x, (list, tuple)):
            self.put(type(x).__name__, str(len(x)))
            if depth > _PATH_DEPTH and all(type(i) is str for i in x):   # a vocabulary: fast
                self.put("\x01".join(x))
                return
            for item in x:
                self.value(item, depth)
            return
        if isinstance(x, Mapping):
            self.put(type(x).__name__, str(len(x)))
            if depth > _PATH_DEPTH and len(x) > 16 and all(
                    type(k) is str and type(v) in _PLAIN for k, v in x.items()):
                self.put(json.dumps(x, sort_keys=True))   # a vocabulary's index: fast
                return
            for k, v in sorted(x.items(), key=lambda kv: repr(kv[0])):
                self.value(k, depth)
                self.value(v, depth)
            return
        if isinstance(x, (set, frozenset)):
            self.put(type(x).__name__, str(len(x)))
            for item in sorted(x, key=repr):
                self.value(item, depth)
            return
        if isinstance(x, functools.partial):
            self.put("partial")
            self.value(x.func, depth)
            self.value(x.args, depth)
            self.value(x.keywords, depth)
            return
        if isinstance(x, types.MethodType):
            self.put("method", x.__func__.__qualname__)
            self.value(x.__self__, depth)
            return
        cls = type(x)
        self.put("object", cls.__module__, cls.__qualname__)
        if dataclasses.is_dataclass(x):
            for f in dataclasses.fields(x):
                self.put(f.name)
                self.value(getattr(x, f.name, None), depth)
            return
        fields = dict(getattr(x, "__dict__", {}))
        for cls_ in cls.__mro__:
            for name in getattr(cls_, "__slots__", ()):
                if name not in ("__dict__", "__weakref__") and hasattr(x, name):
                    fields[name] = getattr(x, name)
        if fields:
            self.value(fields, depth)
            return
        try:   # what pickle would keep of it (a numpy Generator: its state)
            reduced = x.__reduce_ex__(4)
        except Exception:  # noqa: BLE001 - not picklable: its repr, addresses dropped
            reduced = None
        if isinstance(reduced, tuple):
            self.value(reduced[1:], depth)
        else:
            self.put("repr", _ADDRESS.sub("", repr(x)))


def inputs_digest(fn, args: tuple, kwargs: Mapping, cache: dict | None = None) -> str:
    """The digest of the call ``fn(*args, **kwargs)``: the function's name, the values (and
    the content of the files and folders that strings among them name).

    ``cache``: digests of the arguments already met, by ``id`` (give one dict to the cells
    of one run: a corpus that every cell takes is hashed once; the dict keeps the objects,
    so that their ids stay theirs).

    Parameters
    ----------
    fn
        The function called.
    args, kwargs
        Its arguments.
    cache
        Digests of arguments already met, by ``id``, or ``None``.

    Returns
    -------
    str
        The hexadecimal digest.

    Example
    -------
    >>> inputs_digest(len, ([1, 2],), {}) == inputs_digest(len, ([1, 2],), {})
    True
    >>> inputs_digest(len, ([1, 2],), {}) == inputs_digest(len, ([2, 1],), {})
    False
    """
    fp = _Fingerprint()
    fp.value(getattr(fn, "__module__", "") or "")
    fp.value(getattr(fn, "__qualname__", None) or type(fn).__qualname__)
    if not isinstance(fn, (types.FunctionType, types.BuiltinFunctionType, type)):
        fp.value(fn)   # a callable object: its fields too
    for name, value in [*enumerate(args), *sorted(dict(kwargs).items())]:
        fp.put(repr(name), _argument_digest(value, cache))
    return fp.h.hexdigest()


def _argument_digest(value: object, cache: dict | None) -> str:
    """The digest of one argument of a call (an argument at depth 1: its strings, and those
    of its lists, may name files)."""
    shared = cache is not None and not isinstance(value, (str, int, float, bool, type(None)))
    if shared and id(value) in cache:
        return cache[id(value)][1]
    fp = _Fingerprint()
    fp.value(value, 1)
    digest = fp.h.hexdigest()
    if shared:
        cache[id(value)] = (value, digest)
    return digest
