"""Helpers shared by the protocols (frank2009, reichart2010, pascal2012, chang2006...)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from induceval.atomic import save_figure

__all__ = ["spearman_rho", "stars", "ensure_dir", "finish_figure", "add_legend"]


def ensure_dir(path: str | os.PathLike) -> Path:
    p = Path(path)
    p.mkdir(parents=True, exist_ok=True)
    return p


def add_legend(ax, **options) -> None:
    """``ax.legend(**options)`` when the axes hold a labelled artist: a small run (one
    recording day, no fitted line) would otherwise draw an empty box and matplotlib warn
    on stderr, in the middle of the run's lines."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(**options)


def finish_figure(fig, path: str | os.PathLike, dpi: int = 120) -> str:
    """Lay ``fig`` out, save it at ``path`` with an SVG beside it (the report shows those
    inline), close it; returns the path."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    save_figure(fig, path, dpi=dpi, also=("svg",))
    plt.close(fig)
    return str(path)


def spearman_rho(a, b) -> tuple[float, float]:
    """Spearman rho and two-sided p-value (scipy), ``nan`` when undefined."""
    from scipy.stats import spearmanr

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() < 3 or np.ptp(a[ok]) == 0 or np.ptp(b[ok]) == 0:
        return float("nan"), float("nan")
    res = spearmanr(a[ok], b[ok])
    return float(res.statistic), float(res.pvalue)


def stars(p: float) -> str:
    if p != p:  # nan
        return ""
    return "**" if p < 0.01 else "*" if p < 0.05 else ""
