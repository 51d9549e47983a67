"""A matplotlib figure made without pyplot: no backend chosen, no global state."""

from __future__ import annotations


def new_figure(**options):
    """A ``matplotlib.figure.Figure(**options)`` on an Agg canvas (it draws and saves on its
    own; a notebook shows it as any figure; nothing is registered with pyplot to close)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(**options)
    FigureCanvasAgg(fig)
    return fig
