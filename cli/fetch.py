"""``drawsafe fetch URL -o FILE``: an event from its link, written as a file drawsafe reads."""

from __future__ import annotations

from drawsafe.cli.options import Run, check_folder, note
from drawsafe.writing import never_an_input, write_atomic


def check(run: Run) -> None:
    from drawsafe.fetch.http import cache_folder

    check_folder(run.options["output"])
    never_an_input([run.options["output"]], [cache_folder()])  # the cached answers are the fetch's inputs


def write(fetched, run: Run) -> dict:
    write_atomic(run.options["output"], fetched.content)
    return fetched.to_json() | {"output": run.options["output"]}


def fetch(fetched, run: Run) -> None:
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
    output = run.options["output"]
    state = "in progress" if fetched.live else "finished"
    open_ = f", {fetched.pending} result(s) to come" if fetched.pending else ""
    note(f"wrote {output}: {fetched.name} ({fetched.platform}, {fetched.players} players, round "
         f"{fetched.rounds} {state}{open_}; {fetched.documents} answer(s), {fetched.cached} from the cache; "
         f"format {fetched.format})")
