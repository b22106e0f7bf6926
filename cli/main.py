"""The ``drawsafe`` command line: parse options into a request, call the library, print.

Every command's options come from its request (:mod:`drawsafe.app.requests`); the work is one call
of :mod:`drawsafe.app.commands`.  The library is imported when a command runs (lazy imports below):
``drawsafe --help`` and option errors must not wait for numpy and numba
(``tests/app/test_coldstart.py`` checks).
"""

from __future__ import annotations

import click

from drawsafe.app.requests import (
    DrawRequest,
    GenerateRequest,
    OddsRequest,
    PairingsRequest,
    StandingsRequest,
)
from drawsafe.cli.options import (
    check_folder,
    commands,
    event_argument,
    event_of,
    friendly_errors,
    json_option,
    note,
    request_of,
    request_options,
    simulate,
)
from drawsafe.cli.render import (
    check_view,
    draw_view,
    echo,
    echo_certainty,
    emit_json,
    odds_view,
    pairings_view,
    standings_view,
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="drawsafe")
def main():
    """Can we draw in?  Exact Swiss standings and Monte Carlo odds of making the cut.

    Every command reads an event file (native JSON or CSV, melee.gg JSON, FIDE TRF, Pokémon TOM .tdf,
    Limitless JSON or folder); without FILE it uses the embedded sample event, a real event cut
    before its last round.
    """


@main.command()
@event_argument
@request_options(StandingsRequest)
@json_option
@friendly_errors
def standings(file, as_json, **params):
    """Exact current standings with every tiebreak (the judge's view).

    Ranks by points, then the rule pack's tiebreaks (mtg: OMW%, GW%, OGW%); players tied on all
    of them are marked '=' and ordered at random (--seed).  --check compares with the standings
    published in the file and explains every difference.
    """
    request = request_of(StandingsRequest, params)
    ctx = event_of(file, request)
    if not request.check:
        ctx.announce(note)
    result = commands().standings(ctx, request, note).result
    if request.check:
        ctx.announce(note)
    if as_json:
        emit_json(result.to_json())
    else:
        echo(check_view(result) if request.check else standings_view(result))


@main.command()
@event_argument
@request_options(PairingsRequest)
@json_option
@friendly_errors
def pairings(file, as_json, **params):
    """The next round's pairings: as published in the file, else projected.

    The last Swiss round is paired by standings (1 v 2, 3 v 4; past a rematch, 1 v 3 and 2 v 4),
    which is deterministic up to exact ties; other rounds are random within point groups, so the
    projection is one random draw (--seed).
    """
    request = request_of(PairingsRequest, params)
    ctx = event_of(file, request)
    ctx.announce(note)
    result = commands().pairings(ctx, request, note).result
    if as_json:
        emit_json(result.to_json())
    else:
        echo(pairings_view(result))


@main.command()
@event_argument
@request_options(OddsRequest)
@click.option("--all", "show_all", is_flag=True, help="List every player (default: those with a chance).")
@json_option
@friendly_errors
def odds(file, show_all, as_json, **params):
    """Every player's probability of making the cut, with a 95% interval.

    Plays the remaining Swiss rounds many times (pairing as the event software does, results from
    the measured model) and ranks with the exact tiebreaks.  JSON adds each player's distribution
    of final rank (ranks 1-64) and of final points.
    """
    result = simulate(file, request_of(OddsRequest, params))
    if as_json:
        emit_json(result.to_json())
    elif getattr(result, "exact", None) is not None:  # the last round, answered exactly
        from drawsafe.cli.live import live_odds_view

        echo(live_odds_view(result, show_all))
    else:
        echo(odds_view(result, show_all))
    if not as_json:
        echo_certainty(result)


@main.command()
@event_argument
@request_options(DrawRequest)
@json_option
@friendly_errors
def draw(file, as_json, **params):
    """Draw or play?  Cut odds if each table draws, plays, wins or loses, with a verdict.

    For the round about to be played (published pairings, else projected) and every table where a
    player has a real stake in the cut.  Draw and play share their random numbers, so their
    difference is sharp.  With two rounds left, "draw" is a double draw: draw now, and draw again
    in the last round when both players are then safe (see --future-draws).
    """
    report = simulate(file, request_of(DrawRequest, params))
    if as_json:
        emit_json(report.to_json())
    elif getattr(report, "exact", None) is not None:  # the last round, answered exactly
        from drawsafe.cli.live import live_draw_view

        echo(live_draw_view(report))
    else:
        echo(draw_view(report))
    if not as_json:
        echo_certainty(report)


@main.command()
@request_options(GenerateRequest)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="Where to write the event (native JSON, replaced atomically).")
@friendly_errors
def generate(output, **params):
    """Write a synthetic event in the native JSON format, played with the simulation engine.

    Pairing and results follow the same rules as the simulations; names are P0001, P0002, ...
    """
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    request = request_of(GenerateRequest, params)
    check_folder(output)
    event = generate_event(request.players, request.rounds, request.played, request.seed,
                           get_rules(request.rules))
    write_native_json(event, output)
    note(f"wrote {output}: {request.players} players, {request.played} of {request.rounds} rounds played")


@main.command(name="rules")
@json_option
@click.option("--markdown", is_flag=True, help="The packs as a Markdown table (the manual's, docs/games/index.md).")
def rules_command(as_json, markdown):
    """List the rule packs, and every tiebreak key usable with --tiebreaks."""
    from drawsafe.tiebreaks.catalogue import catalogue

    packs = catalogue()
    if markdown:
        click.echo(packs.markdown())
        return
    if as_json:
        emit_json(packs.to_json())
        return
    for line in packs.lines():
        click.echo(line)
    rules_certainty()


def rules_certainty() -> None:
    """What ``odds`` and ``draw`` prove (clinched / eliminated / open): exact and bounded parts."""
    from drawsafe.simulation.certainty import PROOF_TEXT

    click.echo("")
    click.echo("Certainty (odds and draw: clinched / eliminated / open, per own result, what you need):")
    for line in PROOF_TEXT:
        click.echo(f"  {line}")


def add_commands() -> None:
    from drawsafe.cli.calibrate import calibrate
    from drawsafe.cli.export import export
    from drawsafe.cli.fetch import fetch
    from drawsafe.cli.field import field
    from drawsafe.cli.report import report
    from drawsafe.cli.serve import serve
    from drawsafe.cli.study import study
    from drawsafe.cli.warmup import warmup

    for command in (report, serve, field, study, calibrate, export, warmup, fetch):
        main.add_command(command)


add_commands()

if __name__ == "__main__":
    main()
