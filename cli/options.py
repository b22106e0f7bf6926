"""Option bundles shared by every command that reads an event, and error handling."""

from __future__ import annotations

import functools
import sys

import click

from drawsafe.errors import DrawsafeError
from drawsafe.event.io import FORMATS


def event_options(func):
    """FILE plus --format/--rules/--tiebreaks/--rounds/--after-round/--json, shared by every event
    command (passed on to :func:`drawsafe.event.context.open_event`)."""
    options = [
        click.argument("file", required=False, type=click.Path()),
        click.option("--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
                     help="Input format; auto decides by content."),
        click.option("--rules", default=None, metavar="PACK",
                     help="Rule pack (see `drawsafe rules`). Default: what the file suggests, else mtg."),
        click.option("--tiebreaks", default=None, metavar="KEY,KEY,...",
                     help="Replace the pack's tiebreaks by this ordered list, e.g. BH-C1,BH,SB,WIN "
                          "(keys: `drawsafe rules`); points always rank first."),
        click.option("--rounds", type=click.IntRange(min=1), default=None,
                     help="Swiss rounds in the event (default: from the file, else MTR Appendix E)."),
        click.option("--after-round", type=click.IntRange(min=0), default=None, metavar="R",
                     help="Use the results of Swiss rounds 1..R only (and the pairings of round R+1)."),
        click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout (notes go to stderr)."),
        click.option("--division", default=None, metavar="DIVISION",
                     help="The age division of a TOM .tdf file: junior, senior, masters or combined "
                          "(default: masters, or the file's only division)."),
    ]
    func = with_division(func)
    for option in reversed(options):
        func = option(func)
    return func


def with_division(func):
    """Take ``--division`` out of the command's arguments and hand it to the readers for the
    duration of the command (:data:`drawsafe.event.io.DIVISION`), so commands need no parameter."""
    from drawsafe.event.io import DIVISION

    @functools.wraps(func)
    def wrapper(*args, division=None, **kwargs):
        token = DIVISION.set(division)
        try:
            return func(*args, **kwargs)
        finally:
            DIVISION.reset(token)

    return wrapper


def seed_option(func):
    return click.option("--seed", type=int, default=0, show_default=True,
                        help="Random seed: the same seed gives the same output on any number of threads.")(func)


def friendly_errors(func):
    """Turn library errors into one line on stderr and exit code 2 (no traceback); while kernels
    compile (the first run), one line on stderr says so (:func:`drawsafe.engine.warmup.compile_notice`)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from drawsafe.engine.warmup import compile_notice, expected_seconds

        try:
            if func.__name__ == "warmup":  # it reports its own compile
                return func(*args, **kwargs)
            with compile_notice(expected_seconds(func.__name__.removesuffix("_command"))):
                return func(*args, **kwargs)
        except DrawsafeError as e:
            click.echo(f"drawsafe: error: {e}", err=True)
            sys.exit(2)

    return wrapper


def note(text: str) -> None:
    """A remark for the user on stderr (keeps stdout clean for --json)."""
    click.echo(text, err=True)
