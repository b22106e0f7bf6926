"""``drawsafe export``: write an event as a Pokémon TOM ``.tdf`` file or as Limitless data."""

from __future__ import annotations

import os

import click

from drawsafe.app.requests import ExportRequest
from drawsafe.cli.options import friendly_errors, json_option, note, request_of, request_options
from drawsafe.cli.render import emit_json
from drawsafe.errors import UsageError
from drawsafe.writing import write_atomic


@click.command()
@click.argument("file", type=click.Path(exists=True))
@request_options(ExportRequest)
@click.option("-o", "--output", type=click.Path(), required=True,
              help="Where to write (replaced atomically; never the input file).")
@json_option
@friendly_errors
def export(file, output, as_json, **params):
    """Write FILE (any input format) as a TOM .tdf file or as Limitless data.

    Players, rounds (Swiss and top cut), byes, drops and pending matches are written; game scores
    are not (neither format has them: a win, a tie or a double loss is what is kept).  The final
    places are the standings after the Swiss rounds under --rules (pokemon: match points, OWP,
    OOWP).  Reading the written file back gives the same standings under the pokemon pack.
    """
    from drawsafe.app.context import open_event  # lazy: numpy and numba
    from drawsafe.event.io.limitless import write_limitless
    from drawsafe.event.io.tdf import to_tdf

    request = request_of(ExportRequest, params)
    if os.path.exists(output) and os.path.exists(file) and os.path.samefile(output, file):
        raise UsageError(f"-o {output}: is the input file; drawsafe never overwrites its input")
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if request.to == "tdf" and os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name such as event.tdf")
    ctx = open_event(file, format=request.format, rules=request.rules, division=request.division)
    places = {row.player: i + 1 for i, row in enumerate(ctx.standings().rows)}
    if request.to == "tdf":
        snap = ctx.snapshot
        if snap.rounds_left > 0:  # TOM writes its standings when the event ends: a file with them reads as finished
            places = None
            note(f"note: after round {snap.after_round} of {snap.total_rounds} the event is not finished: no final "
                 f"places written, and a .tdf does not hold the number of Swiss rounds: read it with --rounds "
                 f"{snap.total_rounds}")
        write_atomic(output, to_tdf(ctx.event, request.division or "masters", places, ctx.event.top_cut))
        written = [output]
    else:
        written = write_limitless(ctx.event, output, places)
    note(f"wrote {', '.join(written)}: {len(ctx.event.players)} players, {len(ctx.event.swiss)} Swiss "
         f"rounds, {len(ctx.event.playoff)} top cut rounds ({request.to})")
    if as_json:
        emit_json({"written": written, "to": request.to, "players": len(ctx.event.players),
                   "swiss_rounds": len(ctx.event.swiss), "playoff_rounds": len(ctx.event.playoff)})
