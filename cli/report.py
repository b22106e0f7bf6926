"""``drawsafe report``: one self-contained HTML report with plots (library: :mod:`drawsafe.report`;
the command's declaration: :mod:`drawsafe.app.registry`)."""

from __future__ import annotations

import os
import re
import shlex
import time

import click

from drawsafe.cli.options import Run, note
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


def check(run: Run) -> None:
    """Before any work: the command line that reproduces the run (printed at the report's end),
    the destinations writable and not the event's file; once the event is open, the player known
    (:func:`drawsafe.report.check_request`), before anything is said about it."""
    run.extra["command"] = command_line(click.get_current_context())
    check_destinations(run.options["output"], run.options["png_dir"], run.file)
    from drawsafe.report import check_request  # lazy: matplotlib

    run.event_check = lambda ctx: check_request(ctx.snapshot, run.request.player)


def write(result, run: Run) -> dict:
    """The page (and the figures with --png-dir) written; what was written, as --json prints it."""
    from drawsafe.report import phone_name  # lazy: matplotlib

    output, png_dir = run.options["output"], run.options["png_dir"]
    result.write(output, png_dir, inputs=(run.file,))
    seconds = time.monotonic() - run.started
    note(f"wrote {output} ({len(result.html.encode()) / 1024:,.0f} KB, {len(result.figures)} figures, each for wide "
         "screens and for phones" + (f"; PNG files in {png_dir}" if png_dir else "") + f") in {seconds:.1f} s")
    return {"output": output, "png_dir": png_dir, "figures": [name for name, _ in result.figures],
            "phone_figures": [phone_name(name) for name, _ in result.phone_figures],
            "simulations": result.simulations, "draw_simulations": result.draw_simulations,
            "player": result.player, "seconds": round(seconds, 2)}
