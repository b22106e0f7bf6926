"""Options shared by the commands that simulate (odds, draw, report), and the progress bar."""

from __future__ import annotations

import functools
import sys
import time
from dataclasses import dataclass

import click

# drawsafe.choices imports nothing: --help must not load numpy or numba (the library is imported
# when a command runs)
from drawsafe.choices import FUTURE_DRAWS, LAST_ROUND, PAIRINGS, RESULT_MODELS
from drawsafe.cli.options import note


class TopType(click.ParamType):
    """``--top``: a whole number from 1, or ``auto`` (the rule pack's attendance table)."""

    name = "N|auto"

    def convert(self, value, param, ctx):
        if isinstance(value, int) or value == "auto":
            return value
        text = str(value).strip().lower()
        if text == "auto":
            return "auto"
        if text.isdigit() and int(text) >= 1:
            return int(text)
        self.fail(f"{value!r} is neither a whole number from 1 nor 'auto'", param, ctx)


@dataclass(frozen=True)
class CutRequest:
    """What --top and --cut-points asked for (resolved against the event by :func:`sim_config`)."""

    top: int | str = 8
    points: float | None = None


def sim_options(func):
    """--top/--cut-points/--sims/--precision/--max-sims/--last-round/--model/--draw-share."""
    options = [
        click.option("--top", type=TopType(), default=8, show_default=True,
                     help="Size of the cut (Top 8), or auto: the file's announced cut, else the rule "
                          "pack's table by attendance (pokemon: the Play! Pokemon table; mtg: Top 8)."),
        click.option("--cut-points", type=click.FloatRange(min=0, max=10_000), default=None, metavar="P",
                     help="A points cut instead (day 2): everyone finishing on at least P points "
                          "advances, however many they are (e.g. --cut-points 19)."),
        click.option("--sims", type=click.IntRange(min=1), default=None,
                     help="Run exactly this many simulations (default: adapt to --precision)."),
        click.option("--precision", type=click.FloatRange(min=0, min_open=True, max=0.5), default=0.005,
                     show_default=True,
                     help="Simulate until every reported 95%% interval has at most this half-width."),
        click.option("--max-sims", type=click.IntRange(min=1000), default=2_000_000, show_default=True,
                     help="Cap on the number of simulations when adapting to --precision."),
        click.option("--last-round", type=click.Choice(LAST_ROUND), default=None,
                     help="How the last Swiss round is paired: by standings (1 v 2, 3 v 4, ...) or at "
                          "random within point groups. Default: the rule pack's (standings; pokemon: "
                          "random, as TOM's documented pairing)."),
        click.option("--model", type=click.Choice(RESULT_MODELS), default=None,
                     help="Who wins a played match: coin (1/2 each), elo (ratings in the file), "
                          "probability (per-player win_probability in the file). Default: coin; "
                          "elo for chess events whose players are all rated."),
        click.option("--draw-share", type=click.FloatRange(0, 1, max_open=True), default=None,
                     help="Share of played matches ending in an unintentional draw (a tie) "
                          "(default: 2.84%%, measured on real Magic events; pokemon: the event's own "
                          "ties when it has 200 matches before its last two rounds, else 18%%)."),
        click.option("--pairing", type=click.Choice(PAIRINGS), default=None,
                     help="How simulated rounds are paired: mtg (point groups in random order, the "
                          "last round per --last-round) or dutch (FIDE Dutch approximation, every "
                          "round). Default: the rule pack's (dutch for chess packs)."),
        click.option("--future-draws", type=click.Choice(FUTURE_DRAWS), default="safe",
                     show_default=True,
                     help="Intentional draws in the last round of a simulated future: none; locked "
                          "(both guaranteed the cut on points); safe (locked, or both reach a points "
                          "total from which 99%% made the cut in a pilot run)."),
    ]
    func = with_cut(func)
    for option in reversed(options):
        func = option(func)
    return func


def with_cut(func):
    """Fold --cut-points into the ``top`` argument (a :class:`CutRequest`), so that every command
    taking ``top`` gets both without a parameter of its own."""

    @functools.wraps(func)
    def wrapper(*args, cut_points=None, **kwargs):
        kwargs["top"] = CutRequest(kwargs.get("top", 8), cut_points)
        return func(*args, **kwargs)

    return wrapper


def sim_config(ctx, top, last_round, model, draw_share, future_draws: str = "safe", safe: float = 0.99,
               pairing: str | None = None):
    """The simulation settings from the options (:meth:`drawsafe.event.context.EventContext.sim_config`);
    ``top`` is a :class:`CutRequest` (or a plain size), and how ``--top auto`` was resolved is noted."""
    request = top if isinstance(top, CutRequest) else CutRequest(top)
    cut = ctx.cut(request.top, request.points)
    if cut.note:
        note(f"cut: {cut.note}")
    return ctx.sim_config(cut.top, last_round, model, draw_share, future_draws, safe, pairing, cut.points)


class Progress:
    """A progress bar on stderr (rich), shown once a run has taken more than ``delay`` seconds and
    only on a terminal; called as ``progress(done, target)`` by the library's long loops."""

    def __init__(self, label: str, enabled: bool | None = None, delay: float = 1.5):
        self.label = label
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.delay = delay
        self.start = time.monotonic()
        self.bar = None
        self.task = None

    def __call__(self, done: int, target: int) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            self.bar = Bar(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                           TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=max(target, 1))
        self.bar.update(self.task, completed=min(done, target), total=max(target, 1))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
