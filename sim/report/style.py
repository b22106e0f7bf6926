"""One look for every figure of the report: palette, fonts, sizes, and PNG output.

Figures are drawn on :class:`matplotlib.figure.Figure` objects with the Agg canvas directly (no
``pyplot``, no global backend state), inside :func:`styled`, so that every figure shares the same
rc settings.  Colours are the Okabe-Ito palette, which stays distinguishable with the common forms
of colour blindness; series that share a panel also differ by marker shape.
"""

from __future__ import annotations

import functools
import io
import os
import textwrap
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

#: Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
}
#: Fixed meaning of the four scenarios of a table, used by every figure that shows them.
SCENARIO_STYLE = {
    "draw": (OKABE_ITO["blue"], "o"),
    "play": (OKABE_ITO["black"], "D"),
    "win": (OKABE_ITO["green"], "^"),
    "loss": (OKABE_ITO["vermillion"], "v"),
}
#: A player's own values against the cut line's.
OWN, CUT = OKABE_ITO["blue"], OKABE_ITO["orange"]
#: Sequential map for shares (white at 0), readable in grey scale and with colour blindness.
SEQUENTIAL = "Blues"
#: Width of every figure in inches (height grows with the rows shown) and resolution: 533 pixels
#: wide, shown at that size on a desktop and scaled to the screen on a phone, where the smallest
#: text (10 pt tick labels, 18 pixels in the image) is still 12 pixels on a 390-pixel screen (358
#: pixels of content).
WIDTH = 4.1
DPI = 130
#: Longest player name drawn in a figure (the tables of the page give the full names).
NAME_CHARS = 18

RC = {
    "font.size": 11, "axes.titlesize": 12, "axes.titleweight": "bold", "figure.titlesize": 12,
    "figure.titleweight": "bold", "axes.labelsize": 11,
    "xtick.labelsize": 10, "ytick.labelsize": 10, "legend.fontsize": 10, "legend.frameon": False,
    "axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3,
    "grid.linewidth": 0.6, "figure.facecolor": "white", "axes.facecolor": "white",
    "savefig.facecolor": "white", "font.family": "DejaVu Sans", "svg.fonttype": "none",
}
#: Fonts the figures fall back to, glyph by glyph, for names DejaVu Sans cannot draw (Chinese,
#: Japanese, Korean: Debian's fonts-noto-cjk), when installed.
FALLBACK_FONTS = ("Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR", "Noto Sans CJK TC")


@functools.lru_cache(maxsize=1)
def font_families() -> tuple[str, ...]:
    """DejaVu Sans, then the installed :data:`FALLBACK_FONTS` (one of them: each draws all of CJK)."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    if not installed & set(FALLBACK_FONTS):
        # matplotlib's font list is cached once per version: fonts installed after it was made
        # (apt-get install fonts-noto-cjk) are found by their files
        for path in font_manager.findSystemFonts():
            if os.path.basename(path).startswith("NotoSansCJK-") and ("Regular" in path or "Bold" in path):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        installed = {f.name for f in font_manager.fontManager.ttflist}
    return ("DejaVu Sans", *[f for f in FALLBACK_FONTS if f in installed][:1])


@functools.lru_cache(maxsize=1)
def drawable() -> frozenset[int]:
    """The characters the figures' fonts draw (their character maps)."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    codes: set[int] = set()
    for family in font_families():
        try:
            path = font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
        except ValueError:
            continue
        codes |= set(FT2Font(path).get_charmap())
    return frozenset(codes)


def undrawable(names) -> list[str]:
    """The names with characters no figure font draws (drawn as empty boxes), each once."""
    have = drawable()
    return [n for n in dict.fromkeys(names) if any(ord(c) not in have for c in n if not c.isspace())]


@contextmanager
def styled() -> Iterator[None]:
    """The report's rc settings for the figures drawn inside the block."""
    with matplotlib.rc_context({**RC, "font.family": list(font_families())}):
        yield


def new_figure(height: float, width: float = WIDTH) -> Figure:
    """A figure with the Agg canvas attached and a constrained layout."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def short(name: str, chars: int = NAME_CHARS) -> str:
    """A player name cut to ``chars`` characters for a figure label."""
    return name if len(name) <= chars else name[:chars - 1] + "…"


def row_height(rows: int, per_row: float = 0.32, extra: float = 1.6, least: float = 2.6) -> float:
    """Figure height for ``rows`` labelled rows plus title, axis and legend."""
    return max(least, extra + per_row * rows)


def fit_text(fig: Figure) -> None:
    """Wrap the titles and axis labels that would not fit the figure's width (a narrow figure, for
    phones: every title fits on its lines instead of running off the edges)."""
    width_px = fig.get_figwidth() * DPI
    texts = [fig._suptitle] if getattr(fig, "_suptitle", None) is not None else []
    for ax in fig.axes:
        texts += [ax.title, ax.xaxis.label]
    for t in texts:
        size_px = t.get_fontsize() * DPI / 72
        chars = max(12, int(0.94 * width_px / (0.56 * size_px)))
        wrap_to(t, chars)
    # An axis label is centred on its axes, which the names on the left (up to NAME_CHARS and the
    # points) push aside by up to 45% of the width: a label that fits the figure's width still ran
    # off its edge ("...with 95% interv").  It is wrapped to the narrowest such axes' width.
    for ax in fig.axes:
        t = ax.xaxis.label
        if t.get_text():
            size_px = t.get_fontsize() * DPI / 72
            wrap_to(t, max(20, int(0.94 * 0.55 * width_px / (0.56 * size_px))))


def wrap_to(t, chars: int) -> bool:
    """Wrap text ``t`` at ``chars`` characters a line; whether it changed."""
    lines = t.get_text().split("\n")
    wrapped = "\n".join(textwrap.fill(line, chars) if len(line) > chars else line for line in lines)
    if wrapped == t.get_text():
        return False
    t.set_text(wrapped)
    return True


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes (the same bytes are embedded in the HTML and written by --png-dir).

    The image is stored with a palette of 256 colours (median cut, no dithering): plots use few
    colours, and this keeps a report's figures about 2.5 times smaller.  Characters the font lacks
    (emoji in player names) are drawn as boxes without a warning."""
    fit_text(fig)
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(buf, format="png", dpi=DPI)
    with Image.open(io.BytesIO(buf.getvalue())) as image:
        small = image.convert("RGB").quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG")
    return out.getvalue()


def percent_axis(ax, axis: str = "x") -> None:
    """Show a 0..1 axis as percentages."""
    fmt = matplotlib.ticker.PercentFormatter(xmax=1.0)  # as many decimals as the ticks need
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_formatter(fmt)


def no_data(fig: Figure, title: str, text: str) -> None:
    """A figure that says why there is nothing to plot (keeps every section present)."""
    ax = fig.add_subplot()
    ax.set_axis_off()
    fig.suptitle(title)
    ax.text(0.5, 0.5, text, ha="center", va="center", wrap=True, transform=ax.transAxes)
