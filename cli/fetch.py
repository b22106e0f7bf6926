"""``drawsafe fetch URL -o FILE``: an event from its link, written as a file drawsafe reads."""

from __future__ import annotations

import click

from drawsafe.app.requests import FetchRequest
from drawsafe.cli.options import (
    check_folder,
    friendly_errors,
    json_option,
    note,
    request_of,
    request_options,
)
from drawsafe.writing import never_an_input, write_atomic


@click.command()
@click.argument("file", metavar="URL")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="Where to write the event (replaced atomically, only once it is complete and valid).")
@request_options(FetchRequest)
@json_option
@friendly_errors
def fetch(file, output, as_json, **params):
    """Fetch an event from its link and write it as a file drawsafe reads.

    \b
    Links read (the platform's published standings are kept in the file for --check):
      https://www.pokedata.ovh/standings/ID/masters/   pokedata (standings and the round's pairings)
      https://lichess.org/swiss/ID                     lichess Swiss (TRF, ranks from the results)
      https://play.limitlesstcg.com/tournament/ID/...  Limitless (API; a key may be needed)
      https://topdeck.gg/event/TID                     TopDeck.gg (API key needed)
      https://melee.gg/Tournament/View/ID              melee.gg (public pages, or organiser API)
      https://tcg.ravensburgerplay.com/events/ID       Play Hub: Lorcana (Riftbound: riftbound.uvsgames.com)
      https://tournaments.nullsignal.games/tournaments/ID  cobra: Netrunner (the NRTM export)
      https://chess-results.com/tnrNNN.aspx            chess-results.com (ranking and crosstable pages)
      https://rk9.gg/pairings/ID                       RK9: Pokemon TCG and VGC (every round's pairings)
      https://battlefy.com/ORG/SLUG/ID/...             Battlefy (the Swiss stage)
      https://www.spicerack.gg/events/TID/...          Spicerack: Magic (the top cut's records only)

    Every command that reads an event also takes the link in place of FILE (keys from the
    environment).  Answers are cached on disk (~/.cache/drawsafe/fetch): a finished round is
    fetched once, a live one again after 30 s.
    """
    from drawsafe.app.commands import fetch as run
    from drawsafe.cli.render import emit_json

    from drawsafe.fetch.http import cache_folder

    request = request_of(FetchRequest, params)
    check_folder(output)
    never_an_input([output], [cache_folder()])  # the cached answers are the fetch's inputs
    fetched = run(file, request, note).result
    write_atomic(output, fetched.content)
    if as_json:
        emit_json(fetched.to_json() | {"output": output})
        return
    state = "in progress" if fetched.live else "finished"
    open_ = f", {fetched.pending} result(s) to come" if fetched.pending else ""
    note(f"wrote {output}: {fetched.name} ({fetched.platform}, {fetched.players} players, round "
         f"{fetched.rounds} {state}{open_}; {fetched.documents} answer(s), {fetched.cached} from the cache; "
         f"format {fetched.format})")
