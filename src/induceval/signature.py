"""Signatures: every option that changes a number, plus version and seed.

A signature is a ``|``-separated list of ``key:value`` fields, e.g.
``m1|punct:excluded|log:2|v:0.3.1``.  The first field is the measure or
protocol name and the last the package version.  Results carry one so that
numbers are comparable across runs and papers, in the manner of sacrebleu.

A :class:`Signature` is built from options and extended with
:meth:`Signature.update` (never by splicing text): fields keep the order in
which they were added, the version stays last, and :meth:`Signature.format`
gives the one text form.

References
----------
Post, M. (2018). A call for clarity in reporting BLEU scores. WMT, §4
(the signature of sacrebleu).

Example
-------
>>> sig = Signature("m1", {"punct": "excluded", "log": 2})
>>> sig.update(on_error="skip").format().split("|v:")[0]
'm1|punct:excluded|log:2|on_error:skip'
"""

from __future__ import annotations

from collections.abc import Mapping

from induceval._version import __version__

__all__ = ["Signature", "make_signature", "parse_signature"]


def _fmt(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ",".join(_fmt(v) for v in value)
    return str(value)


class Signature:
    """The options behind a number, in the order they were given.

    ``name`` (the measure, model or protocol) is the first field, then
    ``options`` in a stable order, the ``seed`` when randomness was involved,
    and the package ``version`` last.

    Example
    -------
    >>> s = Signature("tags", {"level": "type"}, seed=7, version="1.0")
    >>> s.format()
    'tags|level:type|seed:7|v:1.0'
    >>> s.update({"skipped": 3}).format()
    'tags|level:type|seed:7|skipped:3|v:1.0'
    >>> Signature.parse("tags|level:type|seed:7|skipped:3|v:1.0") == s
    True
    """

    def __init__(self, name: str, options: Mapping[str, object] | None = None, *,
                 seed: int | None = None, version: str = __version__) -> None:
        self.name = name
        self.version = version
        self.fields: dict[str, str] = {}
        self.update(options or {})
        if seed is not None:
            self.update(seed=seed)

    def update(self, options: Mapping[str, object] | None = None, /,
               **more: object) -> Signature:
        """Add or replace fields (a replaced field keeps its place); returns ``self``.

        Example
        -------
        >>> Signature("m1", {"log": 2}, version="1").update(log="e", beta=1.0).format()
        'm1|log:e|beta:1|v:1'
        """
        for key, value in {**(options or {}), **more}.items():
            self.fields[key] = _fmt(value)
        return self

    def get(self, key: str, default: str | None = None) -> str | None:
        """The text of field ``key`` (``name`` and ``v`` included), else ``default``."""
        if key == "name":
            return self.name
        if key == "v":
            return self.version
        return self.fields.get(key, default)

    def format(self, *, version: bool = True) -> str:
        """The text form: ``name|key:value|...|v:VERSION`` (without ``|v:`` when not ``version``).

        Example
        -------
        >>> Signature("resampling", {"ci_n": 200}).format(version=False)
        'resampling|ci_n:200'
        """
        tail = [f"v:{self.version}"] if version else []
        return "|".join([self.name, *(f"{k}:{v}" for k, v in self.fields.items()), *tail])

    __str__ = format

    def __repr__(self) -> str:
        return f"Signature({self.format()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Signature):
            return self.format() == other.format()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.format())

    @classmethod
    def parse(cls, text: str) -> Signature:
        """The signature of a text made by :meth:`format` (values stay text; without a
        ``v:`` field, this package's version).

        Example
        -------
        >>> Signature.parse("m1|log:2|v:0.3.1").update(skipped=0).format()
        'm1|log:2|skipped:0|v:0.3.1'
        """
        head, *rest = text.split("|")
        sig = cls(head)
        for part in rest:
            key, _, value = part.partition(":")
            if key == "v":
                sig.version = value
            else:
                sig.fields[key] = value
        return sig


def make_signature(name: str, options: Mapping[str, object] | None = None, *,
                   seed: int | None = None) -> str:
    """The text of ``Signature(name, options, seed=seed)`` (parameters as :class:`Signature`).

    Parameters
    ----------
    name, options, seed
        As in :class:`Signature`.

    Returns
    -------
    str
        ``name|key:value|...|seed:N|v:VERSION``.

    Example
    -------
    >>> sig = make_signature("m1", {"punct": "excluded", "log": 2})
    >>> sig.startswith("m1|punct:excluded|log:2|v:")
    True
    """
    return Signature(name, options, seed=seed).format()


def parse_signature(signature: str) -> dict[str, str]:
    """Split a signature back into its fields (``name`` holds the first).

    Parameters
    ----------
    signature
        A signature string.

    Returns
    -------
    dict of str to str
        Field -> value, ``name`` the first field.

    Example
    -------
    >>> parse_signature("m1|log:2|v:0.3.1")["log"]
    '2'
    """
    sig = Signature.parse(signature)
    return {"name": sig.name, **sig.fields, "v": sig.version}
