"""``drawsafe export``: write an event as a Pokémon TOM ``.tdf`` file or as Limitless data."""

from __future__ import annotations

import click

from drawsafe.app.requests import ExportRequest
from drawsafe.cli.options import friendly_errors, json_option, note, request_of, request_options
from drawsafe.cli.render import emit_json


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
    from drawsafe.app import commands  # lazy: numpy and numba

    outcome = commands.export(file, output, request_of(ExportRequest, params), say=note)
    if as_json:
        emit_json(outcome.result.to_json())
