"""The ``drawsafe`` command line: parse options, call the library, print.  No logic of its own."""

from __future__ import annotations

import click

from drawsafe.choices import DEFAULT_OTHERS, LAST_ROUND, OTHERS, PAIRINGS
from drawsafe.cli.options import event_options, friendly_errors, note, seed_option
from drawsafe.cli.render import (
    check_view,
    draw_view,
    echo,
    emit_json,
    odds_view,
    pairings_view,
    standings_view,
)
from drawsafe.cli.simopts import Progress, sim_config, sim_options


def open_event(*args, **kwargs):
    """:func:`drawsafe.event.context.open_event`, imported when a command runs: ``drawsafe --help``
    and option errors must not wait for numpy and numba (keep every module-level import of the
    cli/ modules free of them; ``tests/test_coldstart.py`` checks)."""
    from drawsafe.event.context import open_event as open_

    return open_(*args, **kwargs)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="drawsafe")
def main():
    """Can we draw in?  Exact Swiss standings and Monte Carlo odds of making the cut.

    Every command reads an event file (native JSON or CSV, melee.gg JSON, FIDE TRF, Pokémon TOM .tdf,
    Limitless JSON or folder); without FILE it uses the embedded sample event, a real event cut
    before its last round.
    """


@main.command()
@event_options
@seed_option
@click.option("--check", is_flag=True,
              help="Compare with the standings published in the file and explain every difference.")
@friendly_errors
def standings(file, fmt, rules, tiebreaks, rounds, after_round, as_json, seed, check):
    """Exact current standings with every tiebreak (the judge's view).

    Ranks by points, then the rule pack's tiebreaks (mtg: OMW%, GW%, OGW%); players tied on all
    of them are marked '=' and ordered at random (--seed).
    """
    ctx = open_event(file, fmt, rules, rounds, after_round, tiebreaks)
    if check:
        report = ctx.check()
        ctx.announce(note)
        if as_json:
            emit_json(report.to_json())
        else:
            echo(check_view(report))
        return
    ctx.announce(note)
    table = ctx.standings(seed)
    if as_json:
        emit_json(table.to_json())
    else:
        echo(standings_view(table))


@main.command()
@event_options
@seed_option
@click.option("--last-round", type=click.Choice(LAST_ROUND), default=None,
              help="How the last Swiss round is paired (default: the rule pack's; standings, pokemon random).")
@click.option("--pairing", type=click.Choice(PAIRINGS), default=None,
              help="mtg (point groups) or dutch (FIDE Dutch approximation); default: the rule pack's.")
@friendly_errors
def pairings(file, fmt, rules, tiebreaks, rounds, after_round, as_json, seed, last_round, pairing):
    """The next round's pairings: as published in the file, else projected.

    The last Swiss round is paired by standings (1 v 2, 3 v 4; past a rematch, 1 v 3 and 2 v 4),
    which is deterministic up to exact ties; other rounds are random within point groups, so the
    projection is one random draw (--seed).
    """
    ctx = open_event(file, fmt, rules, rounds, after_round, tiebreaks)
    ctx.announce(note)
    result = ctx.pairings(last_round, seed, pairing)
    if as_json:
        emit_json(result.to_json())
    else:
        echo(pairings_view(result))


@main.command()
@event_options
@seed_option
@sim_options
@click.option("--all", "show_all", is_flag=True, help="List every player (default: those with a chance).")
@friendly_errors
def odds(file, fmt, rules, tiebreaks, rounds, after_round, as_json, seed, top, sims, precision, max_sims, last_round,
         model, draw_share, pairing, future_draws, show_all):
    """Every player's probability of making the cut, with a 95% interval.

    Plays the remaining Swiss rounds many times (pairing as the event software does, results from
    the measured model) and ranks with the exact tiebreaks.  JSON adds each player's distribution
    of final rank (ranks 1-64) and of final points.
    """
    from drawsafe.simulation.odds import compute_odds

    ctx = open_event(file, fmt, rules, rounds, after_round, tiebreaks)
    ctx.announce(note)
    config = sim_config(ctx, top, last_round, model, draw_share, future_draws, pairing=pairing)
    if config.results.note:
        note(f"results: {config.results.note}")
    bar = Progress("simulating")
    try:
        result = compute_odds(ctx.snapshot, ctx.rules, config, sims, precision, seed, max_sims, bar)
    finally:
        bar.close()
    if not result.reached:
        note(f"warning: stopped at the cap of {result.simulations:,} simulations before every interval "
             f"reached +/-{precision}")
    if as_json:
        emit_json(result.to_json())
    else:
        echo(odds_view(result, show_all))


@main.command()
@event_options
@seed_option
@sim_options
@click.option("--player", default=None, help="Only this player's table (name exactly as in the file).")
@click.option("--safe", type=click.FloatRange(0, 1, min_open=True), default=0.99, show_default=True,
              help="Cut odds from which a draw counts as safe.")
@click.option("--others", type=click.Choice(OTHERS), default=DEFAULT_OTHERS,
              show_default=True,
              help="Other tables' intentional draws: none; locked (both guaranteed the cut on points "
                   "after a draw); rational (best responses iterated to a fixed point); behaviour (each "
                   "table draws with the probability learned on real events, mixed over simulations; "
                   "also in the last round of simulated futures unless --future-draws says otherwise; "
                   "measured best by `drawsafe calibrate`).")
@friendly_errors
def draw(file, fmt, rules, tiebreaks, rounds, after_round, as_json, seed, top, sims, precision, max_sims, last_round,
         model, draw_share, pairing, future_draws, player, safe, others):
    """Draw or play?  Cut odds if each table draws, plays, wins or loses, with a verdict.

    For the round about to be played (published pairings, else projected) and every table where a
    player has a real stake in the cut.  Draw and play share their random numbers, so their
    difference is sharp.  With two rounds left, "draw" is a double draw: draw now, and draw again
    in the last round when both players are then safe (see --future-draws).
    """
    from drawsafe.simulation.decisions import draw_decisions

    ctx = open_event(file, fmt, rules, rounds, after_round, tiebreaks)
    ctx.announce(note)
    config = sim_config(ctx, top, last_round, model, draw_share, future_draws, safe, pairing)
    if config.results.note:
        note(f"results: {config.results.note}")
    bar = Progress("simulating")
    try:
        report = draw_decisions(ctx.snapshot, ctx.rules, config, others, safe, player, sims, precision,
                                seed, max_sims, bar)
    finally:
        bar.close()
    if not report.precision_reached:
        note(f"warning: stopped at the cap of {report.simulations:,} simulations per scenario before "
             f"every interval reached +/-{precision}")
    if not report.converged:
        note(f"warning: the other tables' choices did not settle after {report.iterations} rounds of "
             "best responses; the last choices are used")
    if as_json:
        emit_json(report.to_json())
    else:
        echo(draw_view(report))


@main.command()
@click.option("--players", type=click.IntRange(min=2), required=True, help="Number of players.")
@click.option("--rounds", type=click.IntRange(min=1), required=True, help="Swiss rounds in the event.")
@click.option("--played", type=click.IntRange(min=0), required=True, help="Rounds already played.")
@click.option("--rules", default="mtg", show_default=True, help="Rule pack used to pair the last round.")
@seed_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="Where to write the event (native JSON).")
@friendly_errors
def generate(players, rounds, played, rules, seed, output):
    """Write a synthetic event in the native JSON format, played with the simulation engine.

    Pairing and results follow the same rules as the simulations; names are P0001, P0002, ...
    """
    import os
    import tempfile

    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    event = generate_event(players, rounds, played, seed, get_rules(rules))
    folder = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    os.close(fd)
    try:
        write_native_json(event, tmp)
        os.replace(tmp, output)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    note(f"wrote {output}: {players} players, {played} of {rounds} rounds played")


@main.command(name="rules")
@click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")
def rules_command(as_json):
    """List the rule packs, and every tiebreak key usable with --tiebreaks."""
    from drawsafe.tiebreaks.packs import PACKS, tiebreak_catalogue

    def points(p):
        return {name: p.points[i] / p.point_scale for i, name in ((2, "win"), (1, "draw"), (0, "loss"))}

    if as_json:
        emit_json({
            "packs": [{"name": p.name, "description": p.description, "points": points(p),
                       "tiebreaks": [t.key for t in p.tiebreaks]} for p in PACKS.values()],
            "tiebreaks": [{"key": key, "name": t.name, "definition": t.definition}
                          for key, t in tiebreak_catalogue()]})
        return
    click.echo("Rule packs (--rules); every pack ranks by points first:")
    for p in PACKS.values():
        pts = points(p)
        click.echo(f"  {p.name}: {p.description}")
        click.echo(f"      points win/draw/loss {pts['win']:g}/{pts['draw']:g}/{pts['loss']:g}; "
                   f"tiebreaks {', '.join(p.keys)}")
    click.echo("")
    click.echo("Tiebreaks (--tiebreaks KEY,KEY,...):")
    for key, t in tiebreak_catalogue():
        click.echo(f"  {key:<8} {t.name}: {t.definition}")


from drawsafe.cli.report import report

main.add_command(report)
from drawsafe.cli.serve import serve

main.add_command(serve)

from drawsafe.cli.field import field

main.add_command(field)

from drawsafe.cli.study import study

main.add_command(study)

from drawsafe.cli.calibrate import calibrate

main.add_command(calibrate)

from drawsafe.cli.export import export

main.add_command(export)


from drawsafe.cli.warmup import warmup

main.add_command(warmup)

if __name__ == "__main__":
    main()
