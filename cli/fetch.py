"""``drawsafe fetch URL -o FILE``: an event from its link, written as a file drawsafe reads."""

from __future__ import annotations

import inspect

import click

from drawsafe.app.options import fields
from drawsafe.app.requests import FetchRequest
from drawsafe.cli.options import Run, check_folder, note
from drawsafe.writing import never_an_input, write_atomic


class LinksCommand(click.Command):
    """A command whose help lists the links drawsafe reads and the platforms' keys, from the
    connectors' declarations when the help is shown: ``drawsafe --help`` loads no connector, and
    one registered later (a test's) is listed."""

    def get_help(self, ctx: click.Context) -> str:
        from drawsafe.fetch import registry  # lazy: every connector module, for this help only

        plain = self.help
        first, _, rest = inspect.cleandoc(plain).partition("\n\n")
        links = "\n".join("  " + line for line in registry.links_help())
        self.help = (f"{first}\n\n\b\nLinks read (the platform's published standings are kept in the file for "
                     f"--check):\n{links}\n\n{rest}")
        key = next(o for o in fields(FetchRequest) if o.name == "key")
        param = next(p for p in self.params if p.name == "key")
        param.help = f"{key.help.rstrip('.')}: {registry.keys_help()}."
        try:
            return super().get_help(ctx)
        finally:  # the declared texts again: the help is built anew each time it is shown
            self.help, param.help = plain, key.help


def check(run: Run) -> None:
    from drawsafe.fetch.http import cache_folder

    check_folder(run.options["output"])
    never_an_input([run.options["output"]], [cache_folder()])  # the cached answers are the fetch's inputs


def write(fetched, run: Run) -> dict:
    write_atomic(run.options["output"], fetched.content)
    return fetched.to_json() | {"output": run.options["output"]}


def fetch(fetched, run: Run) -> None:
    """Fetch an event from its link and write it as a file drawsafe reads.

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
