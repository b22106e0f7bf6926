"""The ``drawsafe`` command line: parse options, call the library, print.  No logic of its own."""

from __future__ import annotations

import json

import click

from cli.options import event_options, friendly_errors, note, seed_option
from cli.render import standings_table, check_lines
from sim.context import open_event


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="drawsafe")
def main():
    """Can we draw in?  Exact Swiss standings and Monte Carlo odds of making the cut.

    Every command reads an event file (native JSON or CSV, melee.gg JSON, FIDE TRF); without FILE
    it uses the embedded sample event, a real event cut before its last round.
    """


@main.command()
@event_options
@seed_option
@click.option("--check", is_flag=True,
              help="Compare with the standings published in the file and explain every difference.")
@friendly_errors
def standings(file, fmt, rules, rounds, after_round, as_json, seed, check):
    """Exact current standings with every tiebreak (the judge's view).

    Ranks by points, then the rule pack's tiebreaks (mtg: OMW%, GW%, OGW%); players tied on all
    of them are marked '=' and ordered at random (--seed).
    """
    ctx = open_event(file, fmt, rules, rounds, after_round)
    ctx.announce(note)
    table = ctx.standings(seed)
    if check:
        report = ctx.check()
        if as_json:
            click.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        else:
            for line in check_lines(report, ctx):
                click.echo(line)
        return
    if as_json:
        click.echo(json.dumps(table.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in standings_table(table):
            click.echo(line)


@main.command(name="rules")
@click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")
def rules_command(as_json):
    """List the rule packs and define every tiebreak."""
    from sim.rules import PACKS

    if as_json:
        click.echo(json.dumps([{"name": p.name, "description": p.description,
                                "points": {"win": p.points[2], "draw": p.points[1], "loss": p.points[0]},
                                "tiebreaks": [{"key": t.key, "name": t.name, "definition": t.definition}
                                              for t in p.tiebreaks]} for p in PACKS.values()], indent=1))
        return
    for p in PACKS.values():
        click.echo(f"{p.name}: {p.description}")
        for t in p.tiebreaks:
            click.echo(f"    {t.key:<8} {t.name}: {t.definition}")
