"""The command line's options, generated from the requests (:mod:`drawsafe.app.requests`), and
its error handling.

:func:`request_options` turns every field of a request into a click option (the same name, type,
range, default and help the server and the library use); :func:`request_of` builds the request
back from what click parsed.  Only options of the output (``--json``, ``-o``, ``--plot``) are
declared here, by the commands themselves.
"""

from __future__ import annotations

import functools
import os
import sys

import click

from drawsafe.app.options import SPECIAL, Option, fields
from drawsafe.app.requests import EventOptions
from drawsafe.errors import DrawsafeError, UsageError
from drawsafe.writing import printable


class SpecialType(click.ParamType):
    """A value of one of :data:`drawsafe.app.options.SPECIAL`'s types (``--top N|auto``,
    ``--byes A,B,C``), parsed as the server and the library parse it."""

    def __init__(self, kind: str, metavar: str | None):
        self.kind = kind
        self.name = metavar or kind

    def convert(self, value, param, ctx):
        parser, what, _ = SPECIAL[self.kind]
        try:
            return parser(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a valid {what}", param, ctx)


class LazyChoice(click.Choice):
    """A choice among words read when used: the input formats register themselves, and building
    the command line imports no reader."""

    def __init__(self, choices):
        self.words, self.case_sensitive = choices, True

    @property
    def choices(self):
        return tuple(self.words)


def click_type(o: Option):
    if isinstance(o.kind, str):
        return SpecialType(o.kind, o.metavar)
    if o.kind is str:
        return LazyChoice(o.choices) if o.choices is not None else click.STRING
    if o.low is None and o.high is None:
        return o.kind
    rng = click.IntRange if o.kind is int else click.FloatRange
    return rng(min=o.low, max=o.high, min_open=o.low_open, max_open=o.high_open)


def click_option(o: Option):
    """The click option of ``o`` (named ``o.name``, so click passes it as the field's keyword)."""
    flags = [o.cli_flag] + ([o.short] if o.short else [])
    if o.kind is bool:
        return click.option(*flags, o.name, is_flag=True, default=o.default, help=o.help)
    kwargs = {"type": click_type(o), "help": o.help, "metavar": o.metavar, "multiple": o.multiple}
    if o.required:
        kwargs["required"] = True
    else:
        kwargs["default"] = None if isinstance(o.kind, str) and o.name == "byes" else o.default
        kwargs["show_default"] = o.default is not None and not o.multiple
    return click.option(*flags, o.name, **kwargs)


def request_options(request: type, exclude: tuple[str, ...] = ()):
    """A decorator adding every field of ``request`` as an option, in field order."""
    options = [click_option(o) for o in fields(request) if o.name not in exclude]

    def decorate(func):
        for option in reversed(options):
            func = option(func)
        return func

    return decorate


def request_of(request: type, params: dict, **given):
    """The request from click's parsed ``params`` (its fields are taken out of ``params``; what is
    left is the command's own output options); ``given`` sets fields the command fixes."""
    values = dict(given)
    for o in fields(request):
        if o.name in params:
            value = params.pop(o.name)
            if o.name == "byes" and value is None:
                value = o.default
            values[o.name] = value
    return request(**values)


def event_of(file: str | None, request: EventOptions):
    """The event of FILE (the embedded sample when absent) under the request's event options, told
    to the user on stderr."""
    from drawsafe.app.context import open_event  # lazy: numpy and numba

    return open_event(file, **request.event_options())


def commands():
    from drawsafe.app import commands as app_commands  # lazy: numpy and numba

    return app_commands


def simulate(file: str | None, request, check=None, **extra):
    """Open FILE, tell the user what was read, and run the simulating command of ``request`` (odds,
    draw, report: found by its type) with a progress bar on stderr; returns the command's result.
    ``check(ctx)`` runs first, before anything is said (a request that cannot be answered gives its
    one line only)."""
    from drawsafe.cli.progress import ProgressBar

    ctx = event_of(file, request)
    if check is not None:
        check(ctx)
    ctx.announce(note)
    bar = ProgressBar("simulating")
    try:
        return commands().run(ctx, request, bar, note, **extra).result
    finally:
        bar.close()


def event_argument(func):
    """FILE: the event file (optional: the embedded sample event)."""
    return click.argument("file", required=False, type=click.Path())(func)


def json_option(func):
    return click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout (notes go to stderr).")(func)


def check_folder(output: str) -> None:
    """Fail before any work when ``output`` could not be written."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name")


def friendly_errors(func):
    """Turn library errors into one line on stderr and exit code 2 (no traceback); while kernels
    compile (the first run), one line on stderr says so (:func:`drawsafe.app.compiling.compile_notice`)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from drawsafe.app.compiling import compile_notice, expected_seconds

        try:
            if func.__name__ == "warmup":  # it reports its own compile
                return func(*args, **kwargs)
            with compile_notice(lambda: expected_seconds(func.__name__.removesuffix("_command"))):
                return func(*args, **kwargs)
        except DrawsafeError as e:
            click.echo(printable(f"drawsafe: error: {e}"), err=True)
            sys.exit(2)

    return wrapper


def note(text: str) -> None:
    """A remark for the user on stderr (keeps stdout clean for --json); names in it are shown
    with their control characters escaped."""
    click.echo(printable(text, newlines=True), err=True)
