"""The ``drawsafe`` command line: every command of :mod:`drawsafe.app.registry`, generated
(:func:`drawsafe.cli.options.command`).

A command's options come from its request; its work is one call of its library function; the
renderers of the commands without a module of their own are here.  The library is imported when a
command runs: ``drawsafe --help`` and option errors must not wait for numpy and numba
(``tests/app/test_coldstart.py`` checks).
"""

from __future__ import annotations

import click

from drawsafe.app import registry
from drawsafe.cli.options import Run, check_folder, command, note
from drawsafe.cli.render import (
    check_view,
    draw_view,
    echo,
    echo_certainty,
    odds_view,
    pairings_view,
    standings_view,
    styled,
)
from drawsafe.sentences import hypothetical_line


class Registered(click.Group):
    """A group of the registry's commands (:mod:`drawsafe.app.registry`) and of commands added by
    hand: the registry is read again whenever the group lists or looks up a command, so a command
    registered after start-up (a test's, a plugin's) is there too, and one removed is gone."""

    def sync(self) -> None:
        for name, declared in registry.COMMANDS.items():
            if getattr(self.commands.get(name), "declared", None) is not declared:
                self.commands[name] = command(declared)
        for name, made in list(self.commands.items()):
            if getattr(made, "declared", None) is not None and registry.COMMANDS.get(name) is not made.declared:
                del self.commands[name]

    def list_commands(self, ctx):
        self.sync()
        return super().list_commands(ctx)

    def get_command(self, ctx, name):
        self.sync()
        return super().get_command(ctx, name)


@click.group(cls=Registered, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="drawsafe")
def main():
    """Can we draw in?  Exact Swiss standings and Monte Carlo odds of making the cut.

    The commands that read an event take its file in any format drawsafe reads (recognised by
    content; `drawsafe standings --help` lists them under --format) or the event's link on a
    platform (`drawsafe fetch --help` lists them); without FILE they use the embedded sample event,
    a real event cut before its last round.
    """


# --- the hooks of the registry's commands (drawsafe.app.registry) ---------------------------------

def standings_check(run: Run) -> None:
    # --check says what was read after comparing: a file without published standings gives its one line only
    run.announce_after = run.request.check


def standings(result, run: Run) -> None:
    echo(check_view(result) if run.request.check else standings_view(result))


def pairings(result, run: Run) -> None:
    echo(pairings_view(result))


def odds(result, run: Run) -> None:
    echo_fixed(result)
    if getattr(result, "exact", None) is not None:  # the last round, answered exactly
        from drawsafe.cli.live import live_odds_view

        echo(live_odds_view(result, run.options["show_all"]))
    else:
        echo(odds_view(result, run.options["show_all"]))
    echo_certainty(result)


def draw(result, run: Run) -> None:
    echo_fixed(result)
    if getattr(result, "exact", None) is not None:  # the last round, answered exactly
        from drawsafe.cli.live import live_draw_view

        echo(live_draw_view(result))
    else:
        echo(draw_view(result))
    echo_certainty(result)


def echo_fixed(result) -> None:
    """The results ``--if`` fixed, first and apart from the official ones (one line each)."""
    for f in result.question.fixed:
        echo(styled(hypothetical_line(f.words()), "yellow"))


def output_check(run: Run) -> None:
    check_folder(run.options["output"])


def generated(event, run: Run) -> None:
    """``generate``: the event written to -o."""
    from drawsafe.event.io.export import write_native_json

    write_native_json(event, run.options["output"])
    request = run.request
    note(f"wrote {run.options['output']}: {request.players} players, {request.played} of {request.rounds} "
         "rounds played")


def rules_check(run: Run) -> None:
    if run.options["markdown"]:  # --markdown wins over --json
        run.options["as_json"] = False


def rules(packs, run: Run) -> None:
    """List the rule packs, and every tiebreak key usable with --tiebreaks."""
    if run.options["markdown"]:
        click.echo(packs.markdown())
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


if __name__ == "__main__":
    main()
