"""``drawsafe report``: one self-contained HTML report with plots (library: :mod:`drawsafe.report`)."""

from __future__ import annotations

import os
import shlex
import time

import click

from drawsafe.choices import DEFAULT_OTHERS, OTHERS
from drawsafe.cli.options import event_options, friendly_errors, note, seed_option
from drawsafe.cli.render import emit_json
from drawsafe.cli.simopts import Progress, sim_config, sim_options
from drawsafe.errors import UsageError


def command_line(ctx: click.Context) -> str:
    """The command that reproduces this run: the arguments and every option not at its default."""
    parts = ["drawsafe", "report"]
    for param in ctx.command.params:
        value = ctx.params.get(param.name)
        if isinstance(param, click.Argument):
            if value is not None:
                parts.append(str(value))
        elif value is not None and value is not False and value != param.default:
            flag = max(param.opts, key=len)
            parts += [flag] if value is True else [flag, str(value)]
    return shlex.join(parts)


def check_destinations(output: str, png_dir: str | None) -> None:
    """Fail before simulating when the report could not be written."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name such as report.html")
    if png_dir is not None and os.path.exists(png_dir) and not os.path.isdir(png_dir):
        raise UsageError(f"--png-dir {png_dir}: exists and is not a folder")


@click.command()
@event_options
@seed_option
@sim_options
@click.option("--player", default=None,
              help="The player of 'who to root for' (name exactly as in the file; default: the "
                   "contender closest to 50%).")
@click.option("--safe", type=click.FloatRange(0, 1, min_open=True), default=0.99, show_default=True,
              help="Cut odds from which a draw counts as safe.")
@click.option("--others", type=click.Choice(OTHERS), default=DEFAULT_OTHERS,
              show_default=True, help="Other tables' intentional draws (as in `drawsafe draw`).")
@click.option("-o", "--output", type=click.Path(), default="report.html", show_default=True,
              help="The HTML file to write (replaced atomically).")
@click.option("--png-dir", type=click.Path(), default=None,
              help="Also write each figure as a PNG file into this folder (created if missing).")
@friendly_errors
def report(file, fmt, rules, tiebreaks, rounds, after_round, as_json, seed, sims, precision, max_sims, player,
           safe, others, output, png_dir, **config_options):
    """A self-contained HTML report with plots, readable on a phone.

    A plain-words summary, then: 1. draw or play per table (as `drawsafe draw`); 2. tiebreak swings
    of the contenders against the cut line; 3. final rank distributions; 4. where the cut line
    falls (points and OMW%); 5. who to root for: the other tables whose result moves one player's
    odds most.  Every probability with its 95% interval; one set of simulations for figures 2-5.
    --json prints a description of what was written.
    """
    from drawsafe.event.context import open_event
    from drawsafe.report import build_report, gather, write_report
    from drawsafe.report.data import check_request

    started = time.monotonic()
    check_destinations(output, png_dir)
    ctx = open_event(file, fmt, rules, rounds, after_round, tiebreaks)
    check_request(ctx, player)
    ctx.announce(note)
    config = sim_config(ctx, safe=safe, **config_options)  # --top, --last-round, --model, ...
    bars = Progress("draw or play"), Progress("report simulations")
    try:
        data = gather(ctx, config, player, sims, precision, seed, max_sims, others, safe, *bars)
    finally:
        for bar in bars:
            bar.close()
    result = build_report(data, command_line(click.get_current_context()))
    write_report(result, output, png_dir)
    seconds = time.monotonic() - started
    note(f"wrote {output} ({len(result.html.encode()) / 1024:,.0f} KB, {len(result.figures)} figures"
         + (f"; PNG files in {png_dir}" if png_dir else "") + f") in {seconds:.1f} s")
    if as_json:
        emit_json({
            "output": output, "png_dir": png_dir, "figures": [name for name, _ in result.figures],
            "simulations": data.batch.n, "draw_simulations": data.draw.simulations,
            "player": data.names[data.player], "seconds": round(seconds, 2)})
