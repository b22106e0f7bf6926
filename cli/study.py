"""``drawsafe study``: its command line's hooks (the command's declaration:
:mod:`drawsafe.app.registry`; the library: :func:`drawsafe.app.commands.study`)."""

from __future__ import annotations

import click

from drawsafe.cli.options import Run, check_folder, note
from drawsafe.writing import printable, write_atomic


def check(run: Run) -> None:
    """Before any cell runs: the table's and the figure's folders exist."""
    check_folder(run.request.out)
    if run.options["plot"]:
        check_folder(run.options["plot"])


def write(result, run: Run) -> None:
    """--plot: the curves of a field study written (a calibration study has none)."""
    plot = run.options["plot"]
    if plot and not run.request.events:
        from drawsafe.planning.plots import study_figure  # lazy: matplotlib

        write_atomic(plot, study_figure(result.rows))
        note(f"figure written to {plot}")


def render(result, run: Run) -> None:
    """Sweep planning questions into one tidy table with a row per (cell, stage, record).

    Each cell is one `drawsafe field` question (field size, rounds, cut, ID policy, draw share,
    drops); stages are the final record, before the last round and before the last two. A cell's
    seed comes from --seed and its parameters only: the same table whatever the workers and
    however the grid is split.

    \b
    Example:  drawsafe study --players 33..409:16 --ids none,safe --out study.csv --plot study.png
    Cluster:  dask scheduler            (prints tcp://HOST:8786)
              dask worker tcp://HOST:8786   (on every machine with drawsafe installed)
              drawsafe study ... --scheduler tcp://HOST:8786
    """
    for line in result.lines():
        click.echo(printable(line))
