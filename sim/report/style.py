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
import re
import textwrap
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from drawsafe.writing import printable

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
#: CSS pixels per inch of a figure (CSS's 96): a 10-point label is 13.3 CSS pixels on any screen.
CSS_PER_INCH = 96


@dataclass(frozen=True)
class Layout:
    """A rendition of the figures for a class of screens: ``css_width`` CSS pixels wide, drawn at
    ``density`` image pixels per CSS pixel, player names cut to ``name_chars`` characters.  The page
    shows each figure at its CSS width, so its text keeps its point size instead of being scaled
    to the screen."""

    name: str
    css_width: int
    density: float
    name_chars: int

    @property
    def width(self) -> float:
        """Inches."""
        return self.css_width / CSS_PER_INCH

    @property
    def dpi(self) -> float:
        return CSS_PER_INCH * self.density

    @property
    def pixels(self) -> int:
        """Width of the image."""
        return round(self.css_width * self.density)


#: Phones (the page's content is 358 CSS pixels wide on a 390-pixel screen).
PHONE = Layout("phone", 354, 1.5, 16)
#: Laptops and desktops (the page's content is up to 960 CSS pixels wide).
WIDE = Layout("wide", 672, 1.25, 24)
LAYOUTS = (WIDE, PHONE)
#: The rendition of the figures being drawn (set by :func:`styled`).
_LAYOUT: ContextVar[Layout] = ContextVar("layout", default=WIDE)


def layout() -> Layout:
    """The rendition the figure being drawn is for."""
    return _LAYOUT.get()


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
    """The names with characters no figure font draws (drawn as empty boxes), each once (control
    characters are drawn escaped, :func:`short`)."""
    have = drawable()
    return [n for n in dict.fromkeys(names) if any(ord(c) not in have for c in printable(n) if not c.isspace())]


@contextmanager
def styled(rendition: Layout | None = None) -> Iterator[None]:
    """The report's rc settings for the figures drawn inside the block, in ``rendition`` (default:
    the one already chosen, else :data:`WIDE`)."""
    token = _LAYOUT.set(rendition or _LAYOUT.get())
    try:
        with matplotlib.rc_context({**RC, "font.family": list(font_families())}):
            yield
    finally:
        _LAYOUT.reset(token)


def new_figure(height: float, width: float | None = None) -> Figure:
    """A figure with the Agg canvas attached and a constrained layout, as wide as the rendition
    being drawn unless ``width`` (inches) says otherwise."""
    fig = Figure(figsize=(width or layout().width, height), layout="constrained")
    fig.set_dpi(layout().dpi)
    FigureCanvasAgg(fig)
    return fig


def short(name: str, chars: int | None = None) -> str:
    """A player name cut to ``chars`` characters (default: the rendition's) for a figure label, its
    control characters escaped as the terminal shows them (:func:`~drawsafe.writing.printable`:
    ``\\x1b``): no font draws them, and matplotlib's warning about a missing glyph carried the raw
    bytes to the terminal and the server's log."""
    name = printable(name)
    chars = chars or layout().name_chars
    return name if len(name) <= chars else name[:chars - 1] + "…"


def label_chars(width: float, fontsize: float = 10, share: float = 1.0, em: float = 0.6) -> int:
    """About how many characters of ``fontsize`` points fit in ``share`` of ``width`` inches, a
    character ``em`` of the font size wide on average."""
    return max(12, int(0.94 * share * width * 72 / (em * fontsize)))


def row_height(rows: int, per_row: float = 0.32, extra: float = 1.6, least: float = 2.6) -> float:
    """Figure height for ``rows`` labelled rows plus title, axis and legend."""
    return max(least, extra + per_row * rows)


def fit_text(fig: Figure) -> None:
    """Wrap the titles, axis labels and legend entries that would not fit the figure's width (a
    narrow figure, for phones: every text fits on its lines instead of running off the edges)."""
    def chars(t, share: float = 1.0) -> int:
        return label_chars(fig.get_figwidth(), t.get_fontsize(), share, em=0.56)

    texts = [fig._suptitle] if getattr(fig, "_suptitle", None) is not None else []
    for ax in fig.axes:
        texts += [ax.title, ax.xaxis.label]
    original = {t: t.get_text() for t in texts}
    for t in texts:
        wrap_to(t, chars(t))
    # Legend entries wrap to the figure's width less the markers before them.
    for legend in [*fig.legends, *[ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]]:
        for t in legend.get_texts():
            wrap_to(t, chars(t) - 5)
    # A panel's title and axis label are centred on the panel, which the names on the left push
    # aside: a label that fits the figure's width still ran off its edge ("...with 95% interv").
    # Once laid out, they are wrapped again from their own text to twice the room between the
    # panel's centre and the nearer edge of the figure.
    engine = fig.get_layout_engine()
    if engine is not None:
        engine.execute(fig)
    for ax in fig.axes:
        box = ax.get_position()
        room = 2 * min(box.x0 + box.width / 2, 1 - box.x0 - box.width / 2)
        for t in (ax.title, ax.xaxis.label):
            if t.get_text():
                t.set_text(original[t])
                wrap_to(t, min(chars(t), max(20, chars(t, room))))


def wrap_to(t, chars: int) -> bool:
    """Wrap text ``t`` at ``chars`` characters a line, each line too long for them split into
    lines of about equal length (no lone last word); whether it changed."""
    lines = t.get_text().split("\n")
    wrapped = "\n".join(balanced(line, chars) for line in lines)
    if wrapped == t.get_text():
        return False
    t.set_text(wrapped)
    return True


def balanced(line: str, chars: int) -> str:
    """``line`` in as few lines of at most ``chars`` characters as textwrap gives, of about equal
    length."""
    if len(line) <= chars:
        return line
    count = len(textwrap.wrap(line, chars))
    for width in range(-(-len(line) // count), chars + 1):
        parts = textwrap.wrap(line, width)
        if len(parts) <= count:
            return "\n".join(parts)
    return textwrap.fill(line, chars)


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes at its own resolution (the same bytes are embedded in the HTML and
    written by --png-dir).

    The image is stored with a palette of 256 colours (median cut, no dithering): plots use few
    colours, and this keeps a report's figures about 2.5 times smaller.  Characters the font lacks
    (emoji in player names) are drawn as boxes without a warning (:func:`glyphs_quiet`)."""
    with glyphs_quiet():
        fit_text(fig)  # lays the text out: matplotlib looks the glyphs up here first
        # the canvas's own pixels (the figure's dpi, white face: savefig's): savefig's PNG, encoded
        # only to be decoded again here, was a sixth of a report's figure time
        fig.canvas.draw()
    rgba = fig.canvas.buffer_rgba()
    image = Image.frombuffer("RGBA", (rgba.shape[1], rgba.shape[0]), rgba, "raw", "RGBA", 0, 1)
    small = image.convert("RGB").quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG")
    return out.getvalue()


@contextmanager
def glyphs_quiet() -> Iterator[None]:
    """Draw figures without matplotlib's "Glyph N (c) missing from font(s)" warnings (the report
    says which names the fonts cannot draw, :func:`undrawable`); any other warning raised meanwhile
    is passed on with its control characters escaped (:func:`~drawsafe.writing.printable`): a
    warning's text may quote a player's name, and warnings reach the terminal and the server's log."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for w in caught:
        if not MISSING_GLYPH.match(str(w.message)):
            warnings.warn_explicit(printable(str(w.message)), w.category, w.filename, w.lineno)


#: matplotlib's warning for a character no font of the figure has.
MISSING_GLYPH = re.compile(r"Glyph \d+ .*missing from font", re.DOTALL)


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
