"""``drawsafe calibrate FOLDER``: its command line's hooks (the command's declaration:
:mod:`drawsafe.app.registry`; the library: :func:`drawsafe.app.commands.calibrate`)."""

from __future__ import annotations

import click

from drawsafe.cli.options import Run, check_folder, note
from drawsafe.writing import printable, write_atomic


def check(run: Run) -> None:
    """Before any forecast: the figure's folder exists."""
    if run.options["figure"]:
        check_folder(run.options["figure"])


def write(result, run: Run) -> None:
    """--figure: the reliability figure written."""
    figure = run.options["figure"]
    if figure:
        from drawsafe.report.fig_reliability import reliability_png  # lazy: matplotlib

        write_atomic(figure, reliability_png(result.runs))
        note(f"wrote {figure}")


def render(result, run: Run) -> None:
    """Forecasts before the last round of every event in FOLDER against what happened, per game.

    FOLDER holds real event files of any format with a playoff or a cut (cobra, pokedata, TOM,
    Play Hub bundles, melee.gg, TopDeck, ...), or melee.gg event files and their index.json (as
    ../shared/data/melee). For every event with a playoff (of --top players when given), every
    player's P(cut) from the start of the round is scored against who played the playoff: Brier
    score with its interval, skill over the naive "current rank <= cut" call, a reliability table
    (and --figure), the tables expected to draw against the real intentional draws (precision,
    recall), and the "safe to draw" calls that missed; each game apart. Events where a player
    with more points than a qualifier is missing from the playoff (a declined invitation) are
    reported apart, not scored.
    """
    for line in result.lines():
        click.echo(printable(line))
