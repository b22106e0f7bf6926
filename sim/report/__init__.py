"""Plotted reports: one self-contained HTML page from one set of simulations.

:func:`drawsafe.report.data.gather` runs the simulations; :func:`build_report` draws the figures and
assembles the page; :func:`write_report` writes it (and the figures as PNG files) atomically.

Sections: a plain-words summary, then 1. draw or play per table, 2. tiebreak swings against the
cut line, 3. final rank distributions, 4. the cut line, 5. who to root for.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from drawsafe.report import html, sections
from drawsafe.report.data import ReportData, gather
from drawsafe.report.fig_cutline import cutline_figure
from drawsafe.report.fig_draw import draw_figure
from drawsafe.report.fig_ranks import rank_figure
from drawsafe.report.fig_rooting import rooting_figure
from drawsafe.report.fig_tiebreaks import tiebreak_figure
from drawsafe.report.rooting import who_to_root_for
from drawsafe.report.style import png_bytes
from drawsafe.report.summary import summary

__all__ = ["Report", "ReportData", "build_report", "gather", "write_report"]


@dataclass(frozen=True)
class Report:
    """The page and its figures (file name, PNG bytes), in the order of the page."""

    html: str
    figures: tuple[tuple[str, bytes], ...]


def build_report(data: ReportData, command: str | None = None) -> Report:
    """Draw every figure from ``data`` and assemble the page; ``command`` (the command line that
    made it) is printed at the end so the report can be regenerated."""
    snap = data.ctx.snapshot
    rows = who_to_root_for(data.batch, data.column(data.player), data.player, data.first_round, data.names,
                           snap.opp[:, :snap.after_round], data.contenders())
    figures = [("1-draw-or-play.png", png_bytes(draw_figure(data.draw, data.config.cut_label)))]
    for k, tb in enumerate(data.rules.tiebreaks):
        figures.append((f"2-tiebreak-{tb.key.lower()}.png", png_bytes(tiebreak_figure(data, k))))
    figures += [("3-ranks.png", png_bytes(rank_figure(data))),
                ("4-cut-line.png", png_bytes(cutline_figure(data))),
                ("5-who-to-root-for.png", png_bytes(rooting_figure(data, rows)))]
    pngs = dict(figures)
    tiebreak_pngs = [png for name, png in figures if name.startswith("2-")]
    body = [
        html.section("summary", "Summary", html.bullet_list(summary(data, rows))),
        sections.draw_section(data, pngs["1-draw-or-play.png"]),
        sections.tiebreak_section(data, tiebreak_pngs),
        sections.ranks_section(data, pngs["3-ranks.png"]),
        sections.cutline_section(data, pngs["4-cut-line.png"]),
        sections.rooting_section(data, rows, pngs["5-who-to-root-for.png"]),
        sections.method_section(data, command),
    ]
    title = f"Can they draw in? {data.ctx.event.name}"
    meta = (f"Round {data.draw.round} of {snap.total_rounds}, {data.config.cut_label}: drawsafe Monte Carlo "
            f"report ({data.batch.n:,} simulations, seed {data.seed})")
    footer = f"drawsafe {package_version()}: exact tiebreaks, Monte Carlo odds with 95% intervals."
    return Report(html.page(title, meta, body, footer), tuple(figures))


def package_version() -> str:
    try:
        return version("drawsafe")
    except PackageNotFoundError:
        return "(source tree)"


def write_report(report: Report, output: str | os.PathLike, png_dir: str | os.PathLike | None = None) -> None:
    """Write the page to ``output`` and, with ``png_dir``, each figure to ``png_dir/NAME.png``.

    Each file is written to a temporary file in its folder and renamed, so a failure never leaves a
    half-written file behind.
    """
    if png_dir is not None:
        folder = Path(png_dir)
        folder.mkdir(parents=True, exist_ok=True)
        for name, png in report.figures:
            atomic_write(folder / name, png)
    atomic_write(Path(output), report.html.encode("utf-8"))


def atomic_write(path: Path, content: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent.resolve(), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
        os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
