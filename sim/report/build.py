"""Drawing a report's figures and assembling its page."""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TypeVar

from matplotlib.figure import Figure

from drawsafe.errors import StorageError
from drawsafe.report import html, sections
from drawsafe.report.certainty_table import certainty_section
from drawsafe.report.data import ReportData
from drawsafe.report.fig_cutline import cutline_figure
from drawsafe.report.fig_draw import draw_figure
from drawsafe.report.fig_ranks import rank_figure
from drawsafe.report.fig_rooting import rooting_figure
from drawsafe.report.fig_tiebreaks import tiebreak_figure
from drawsafe.report.rooting import who_to_root_for
from drawsafe.report.style import PHONE, WIDE, Layout, png_bytes, styled, undrawable
from drawsafe.report.summary import day2_words, summary
from drawsafe.writing import never_an_input, storage_words, write_atomic

T = TypeVar("T")


@dataclass(frozen=True)
class Report:
    """The page and its figures (file name, PNG bytes), in the order of the page, for wide screens
    and (``phone_figures``, the same names) for phones; the simulations behind it (figures 2-5,
    and per scenario for figure 1) and the player of "who to root for"."""

    html: str
    figures: tuple[tuple[str, bytes], ...]
    phone_figures: tuple[tuple[str, bytes], ...] = ()
    simulations: int = 0
    draw_simulations: int = 0
    player: str = ""

    def write(self, output: str | os.PathLike, png_dir: str | os.PathLike | None = None,
              inputs: tuple = ()) -> None:
        """Write the page to ``output`` and, with ``png_dir``, each figure to ``png_dir/NAME.png``
        (its phone rendition to ``NAME-phone.png``), each file atomically (a failure never leaves a
        half-written file behind).

        :raises UsageError: before writing anything, when a destination is one of ``inputs``
            (the event's file: never written over)."""
        never_an_input([output], inputs)
        if png_dir is not None:
            folder = Path(png_dir)
            never_an_input([folder / name for name, _ in self.figures] +
                           [folder / phone_name(name) for name, _ in self.phone_figures], inputs, "--png-dir")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StorageError(f"--png-dir {png_dir}: cannot be created ({storage_words(e)})") from None
            for name, png in self.figures:
                write_atomic(folder / name, png)
            for name, png in self.phone_figures:
                write_atomic(folder / phone_name(name), png)
        write_atomic(Path(output), self.html.encode("utf-8"))


def build_report(data: ReportData, command: str | None = None) -> Report:
    """Draw every figure from ``data`` and assemble the page; ``command`` (the command line that
    made it) is printed at the end so the report can be regenerated."""
    snap = data.snapshot
    rows = who_to_root_for(data.batch, data.column(data.player), data.player, data.first_round, data.names,
                           snap.opp[:, :snap.after_round], rivals=data.contenders())
    # the certainty section's exact search is worked out here while a child draws the phone's figures
    figures, phone, certainty = draw_renditions(figure_makers(data, rows), lambda: certainty_section(data))
    pngs = {name: (wide, small) for (name, wide), (_, small) in zip(figures, phone)}
    tiebreak_pngs = [pngs[name] for name, _ in figures if name.startswith("2-")]
    points = summary(data, rows)
    missing = undrawable(data.names)
    if missing:  # said, not hidden: the figures draw these names as empty boxes
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        points.append(f"The figures cannot draw every character of {len(missing)} name(s) ({shown}): no font "
                      "installed here has them (install a CJK font, e.g. Debian's fonts-noto-cjk); the "
                      "tables of this page give every name as written.")
    body = [
        html.section("summary", "Summary", html.bullet_list(points)),
        sections.draw_section(data, pngs["1-draw-or-play.png"]),
        certainty,
        sections.tiebreak_section(data, tiebreak_pngs),
        sections.ranks_section(data, pngs["3-ranks.png"]),
        sections.cutline_section(data, pngs["4-cut-line.png"]),
        sections.rooting_section(data, rows, pngs["5-who-to-root-for.png"]),
        sections.method_section(data, command),
    ]
    title = f"Can they draw in? {data.event.name}"
    cut = data.cut.noun(article=False) + (" through day 2" if day2_words(data) else "")
    meta = (f"Round {data.draw.round} of {snap.total_rounds}, {cut}: drawsafe Monte Carlo "
            f"report ({data.batch.n:,} simulations, seed {data.seed})")
    footer = f"drawsafe {package_version()}: exact tiebreaks, Monte Carlo odds with 95% intervals."
    return Report(html.page(title, meta, body, footer), tuple(figures), tuple(phone), data.batch.n,
                  data.draw.simulations, data.names[data.player])


def figure_makers(data: ReportData, rows: list) -> list[tuple[str, Callable[[], Figure]]]:
    """Each figure of the page: its file name and what draws it (in the rendition being drawn);
    ``rows``: the who-to-root-for tables."""
    makers = [("1-draw-or-play.png", lambda: draw_figure(data.draw, data.cut))]
    makers += [(f"2-tiebreak-{tb.key.lower()}.png", lambda k=k: tiebreak_figure(data, k))
               for k, tb in enumerate(data.rules.tiebreaks)]
    makers += [("3-ranks.png", lambda: rank_figure(data)), ("4-cut-line.png", lambda: cutline_figure(data)),
               ("5-who-to-root-for.png", lambda: rooting_figure(data, rows))]
    return makers


def draw_renditions(makers: list[tuple[str, Callable[[], Figure]]], meanwhile: Callable[[], T]
                    ) -> tuple[list[tuple[str, bytes]], list[tuple[str, bytes]], T]:
    """Every figure of ``makers`` drawn for wide screens and for phones, (name, PNG bytes) each,
    and what ``meanwhile()`` returns.

    matplotlib draws on one core: where that is safe (:func:`can_fork`), the phone's figures are
    drawn in a forked child while this process draws the wide ones and runs ``meanwhile``, about
    halving the figures' time on two cores.  The child starts from this process's state and draws
    deterministically, so the bytes are the same either way; a child that fails is not trusted
    (this process then draws them itself, raising any error as a serial draw would)."""
    def draw(rendition: Layout) -> list[tuple[str, bytes]]:
        with styled(rendition):
            return [(name, png_bytes(make())) for name, make in makers]

    try:
        phone = Forked(lambda: draw(PHONE)) if can_fork() else None
    except OSError:  # no process to spare (EAGAIN, ENOMEM): drawn here
        phone = None
    if phone is None:
        return draw(WIDE), draw(PHONE), meanwhile()
    # matplotlib's many short-lived objects start full collections that walk every object of the
    # process (the event, the kernels' dispatchers): 0.6 s of the figures, loaded; frozen, they are skipped
    gc.freeze()
    try:
        wide, also = draw(WIDE), meanwhile()
    except BaseException:
        phone.stop()
        raise
    finally:
        gc.unfreeze()
    drawn = phone.result()
    return wide, drawn if drawn is not None else draw(PHONE), also


def can_fork() -> bool:
    """Whether figures may be drawn in a forked child: Linux, two cores for this process (and two
    kernel threads: a server's worker set to one draws serially), and no thread but this main
    thread and drawsafe's idle kernel pool (:func:`drawsafe.jit.thread_pool`).  A fork copies only
    the calling thread: any other thread (a server's, a progress thread) could hold a lock the
    child then waits on forever; jobs run in the server's own threads draw serially."""
    import numba

    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return False
    if len(os.sched_getaffinity(0)) < 2 or numba.get_num_threads() < 2:
        return False
    return all(t is threading.current_thread() or t.name.startswith("drawsafe_") for t in threading.enumerate())


class Forked:
    """``work()`` run in a forked child, its result pickled back through a pipe."""

    def __init__(self, work: Callable[[], object]):
        for stream in (sys.stdout, sys.stderr):  # nothing buffered is written twice
            if stream is not None:
                stream.flush()
        read, write = os.pipe()
        try:
            self.pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            raise
        if self.pid == 0:  # the child: never returns
            os.close(read)
            code = 1
            try:
                gc.disable()  # it exits soon: collecting its garbage is wasted time
                payload = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as out:
                    out.write(payload)
                code = 0
            finally:
                os._exit(code)  # no atexit handler, no flush of the parent's buffers
        os.close(write)
        self.read = read

    def result(self) -> object | None:
        """What ``work()`` returned; None when the child failed."""
        with os.fdopen(self.read, "rb") as pipe:
            payload = pipe.read()
        _, status = os.waitpid(self.pid, 0)
        return pickle.loads(payload) if status == 0 and payload else None

    def stop(self) -> None:
        """Kill the child and reap it (its result is not wanted)."""
        os.close(self.read)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)


def phone_name(name: str) -> str:
    """The file name of a figure's phone rendition: ``1-draw-or-play.png`` -> ``1-draw-or-play-phone.png``."""
    stem, dot, ext = name.rpartition(".")
    return f"{stem}-phone{dot}{ext}"


def package_version() -> str:
    try:
        return version("drawsafe")
    except PackageNotFoundError:
        return "(source tree)"
