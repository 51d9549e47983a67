"""Signatures: every option that changes a number, plus version and seed.

A signature is a ``|``-separated list of ``key:value`` pairs, e.g.
``m1|punct:excluded|log:2|v:0.3.1``.  The first field is the measure or
protocol name.  Results carry one so that numbers are comparable across runs
and papers, in the manner of sacrebleu.
"""

from __future__ import annotations

from collections.abc import Mapping

from induceval._version import __version__

__all__ = ["make_signature", "parse_signature"]


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


def make_signature(name: str, options: Mapping[str, object] | None = None, *,
                   seed: int | None = None) -> str:
    """Build the signature string of a result.

    Parameters
    ----------
    name
        The measure, model or protocol name (first field).
    options
        Every option that changes the number, in a stable order.
    seed
        The seed, when randomness was involved.

    Returns
    -------
    str

    Example
    -------
    >>> sig = make_signature("m1", {"punct": "excluded", "log": 2})
    >>> sig.startswith("m1|punct:excluded|log:2|v:")
    True
    """
    parts = [name]
    for key, value in (options or {}).items():
        parts.append(f"{key}:{_fmt(value)}")
    if seed is not None:
        parts.append(f"seed:{seed}")
    parts.append(f"v:{__version__}")
    return "|".join(parts)


def parse_signature(signature: str) -> dict[str, str]:
    """Split a signature back into its fields (``name`` holds the first).

    Example
    -------
    >>> parse_signature("m1|log:2|v:0.3.1")["log"]
    '2'
    """
    head, *rest = signature.split("|")
    out = {"name": head}
    for part in rest:
        key, _, value = part.partition(":")
        out[key] = value
    return out
