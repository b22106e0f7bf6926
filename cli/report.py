"""``drawsafe report``: one self-contained HTML report with plots (library: :mod:`drawsafe.report`)."""

from __future__ import annotations

import os
import re
import shlex
import time

import click

from drawsafe.app.requests import ReportRequest
from drawsafe.cli.options import (
    event_argument,
    friendly_errors,
    json_option,
    note,
    request_of,
    request_options,
    simulate,
)
from drawsafe.cli.render import emit_json
from drawsafe.errors import UsageError
from drawsafe.writing import never_an_input


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


def check_destinations(output: str, png_dir: str | None, file: str | None = None) -> None:
    """Fail before simulating when the report could not be written, or would be written over the
    event's file."""
    never_an_input([output], [file])
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name such as report.html")
    if png_dir is not None and os.path.exists(png_dir) and not os.path.isdir(png_dir):
        raise UsageError(f"--png-dir {png_dir}: exists and is not a folder")
    if png_dir is not None and os.path.isdir(png_dir):  # the figures' names: N-words.png, N-words-phone.png
        never_an_input([os.path.join(png_dir, name) for name in os.listdir(png_dir)
                        if re.fullmatch(r"[0-9]+-[A-Za-z0-9._-]+\.png", name)], [file], "--png-dir")


@click.command()
@event_argument
@request_options(ReportRequest)
@click.option("-o", "--output", type=click.Path(), default="report.html", show_default=True,
              help="The HTML file to write (replaced atomically).")
@click.option("--png-dir", type=click.Path(), default=None,
              help="Also write each figure as a PNG file into this folder (created if missing).")
@json_option
@friendly_errors
def report(file, output, png_dir, as_json, **params):
    """A self-contained HTML report with plots, readable on a phone.

    A plain-words summary, then: 1. draw or play per table (as `drawsafe draw`); 2. tiebreak swings
    of the contenders against the cut line; 3. final rank distributions; 4. where the cut line
    falls (points and OMW%); 5. who to root for: the other tables whose result moves one player's
    odds most.  Every probability with its 95% interval; one set of simulations for figures 2-5.
    --json prints a description of what was written.
    """
    started = time.monotonic()
    command = command_line(click.get_current_context())
    request = request_of(ReportRequest, params)
    check_destinations(output, png_dir, file)
    from drawsafe.report import check_request, phone_name  # lazy: matplotlib

    result = simulate(file, request, lambda ctx: check_request(ctx.snapshot, request.player),
                      command=command)
    result.write(output, png_dir, inputs=(file,))
    seconds = time.monotonic() - started
    note(f"wrote {output} ({len(result.html.encode()) / 1024:,.0f} KB, {len(result.figures)} figures, each for wide "
         "screens and for phones" + (f"; PNG files in {png_dir}" if png_dir else "") + f") in {seconds:.1f} s")
    if as_json:
        emit_json({
            "output": output, "png_dir": png_dir, "figures": [name for name, _ in result.figures],
            "phone_figures": [phone_name(name) for name, _ in result.phone_figures],
            "simulations": result.simulations, "draw_simulations": result.draw_simulations,
            "player": result.player, "seconds": round(seconds, 2)})
