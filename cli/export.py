"""``drawsafe export``: write an event as a Pokémon TOM ``.tdf`` file or as Limitless data."""

from __future__ import annotations

import os

import click

from drawsafe.cli.options import friendly_errors, note, with_division
from drawsafe.cli.render import emit_json
from drawsafe.errors import UsageError
from drawsafe.event.io import FORMATS

TARGETS = ("tdf", "limitless")


@click.command()
@click.argument("file", type=click.Path(exists=True))
@click.option("--to", "target", type=click.Choice(TARGETS), required=True,
              help="tdf: a TOM tournament file (XML); limitless: the Limitless API's details, standings "
                   "and pairings as one JSON object (or three files when -o is a folder).")
@click.option("-o", "--output", type=click.Path(), required=True,
              help="Where to write (replaced atomically; never the input file).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="Input format; auto decides by content.")
@click.option("--division", default=None, metavar="DIVISION",
              help="The division to read from a TOM input, and the pod category written to a TOM output "
                   "(default: masters).")
@click.option("--rules", default="pokemon", show_default=True, metavar="PACK",
              help="Rule pack of the final places written with the event (standings / placings).")
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON on stdout.")
@friendly_errors
@with_division
def export(file, target, output, fmt, rules, as_json):
    """Write FILE (any input format) as a TOM .tdf file or as Limitless data.

    Players, rounds (Swiss and top cut), byes, drops and pending matches are written; game scores
    are not (neither format has them: a win, a tie or a double loss is what is kept).  The final
    places are the standings after the Swiss rounds under --rules (pokemon: match points, OWP,
    OOWP).  Reading the written file back gives the same standings under the pokemon pack.
    """
    from drawsafe.event.context import open_event
    from drawsafe.event.io import DIVISION
    from drawsafe.event.io.limitless import write_limitless
    from drawsafe.event.io.tdf import to_tdf
    from drawsafe.event.io.writing import write_atomic

    if os.path.exists(output) and os.path.exists(file) and os.path.samefile(output, file):
        raise UsageError(f"-o {output}: is the input file; drawsafe never overwrites its input")
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if target == "tdf" and os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name such as event.tdf")
    ctx = open_event(file, fmt, rules)
    places = {row.player: i + 1 for i, row in enumerate(ctx.standings().rows)}
    if target == "tdf":
        division = DIVISION.get() or "masters"
        write_atomic(output, to_tdf(ctx.event, division, places, ctx.event.top_cut))
        written = [output]
    else:
        written = write_limitless(ctx.event, output, places)
    note(f"wrote {', '.join(written)}: {len(ctx.event.players)} players, {len(ctx.event.swiss)} Swiss "
         f"rounds, {len(ctx.event.playoff)} top cut rounds ({target})")
    if as_json:
        emit_json({"written": written, "to": target, "players": len(ctx.event.players),
                   "swiss_rounds": len(ctx.event.swiss), "playoff_rounds": len(ctx.event.playoff)})
