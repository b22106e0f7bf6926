"""The command line generated from the commands' declarations (:mod:`drawsafe.app.registry`), and
its error handling.

:func:`command` makes a declaration's click command: its argument, :func:`request_options` (every
field of its request as a click option: the same name, type, range, default and help the server
and the library use), its own output options (``--json``, ``-o``, ``--plot``: :func:`cli_option`);
:func:`invoke` runs it: :func:`request_of` builds the request back from what click parsed, the
library function runs, the declared hooks write and render (a :class:`Run`).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import click

from drawsafe.app import registry
from drawsafe.app.options import SPECIAL, Option, fields
from drawsafe.app.registry import REQUEST, CliOption, Command
from drawsafe.app.requests import EventOptions
from drawsafe.cli.render import emit_json
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
    """The event of FILE (the embedded sample when absent) under the request's event options."""
    from drawsafe.app.context import open_event  # lazy: numpy and numba

    return open_event(file, **request.event_options())


def check_folder(output: str) -> None:
    """Fail before any work when ``output`` could not be written."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name")


@contextlib.contextmanager
def friendly(name: str):
    """Library errors as one line on stderr and exit code 2 (no traceback); while kernels compile
    (the first run), one line on stderr says so (:func:`drawsafe.app.compiling.compile_notice`),
    unless the command ``name`` says itself what it compiles (its declaration's ``notice``)."""
    from drawsafe.app.compiling import compile_notice, expected_seconds

    declared = registry.COMMANDS.get(name)
    try:
        if declared is not None and not declared.notice:
            yield
        else:
            with compile_notice(lambda: expected_seconds(name)):
                yield
    except DrawsafeError as e:
        click.echo(printable(f"drawsafe: error: {e}"), err=True)
        sys.exit(2)


# --- the commands of the registry ------------------------------------------------------------------

#: The argument of a command that reads one (:attr:`drawsafe.app.registry.Command.reads`).
ARGUMENTS = {"event": {"required": False, "type": click.Path()},
             "folder": {"type": click.Path(exists=True, file_okay=False), "metavar": "FOLDER"},
             "file": {"type": click.Path(exists=True)},
             "link": {"metavar": "URL"}}


def cli_option(o: CliOption):
    """The click option of one of a command's own options."""
    if o.kind is bool:
        return click.option(*o.flags, o.name, is_flag=True, help=o.help)
    if o.path:
        kind = click.Path(dir_okay=o.path != "file", writable=o.writable)
    elif o.low is not None or o.high is not None:
        kind = click.IntRange(o.low, o.high)
    else:
        kind = o.kind
    given = {"required": True} if o.required else {"default": o.default, "show_default": o.show_default}
    return click.option(*o.flags, o.name, type=kind, help=o.help, metavar=o.metavar, **given)


@dataclass
class Run:
    """One run of a registered command on the command line: what click parsed, for the command's
    hooks (:class:`drawsafe.app.registry.Command`'s ``check``, ``write`` and ``render``)."""

    command: Command
    request: Any
    #: The argument (FILE, URL), None without one.
    file: str | None
    #: The command's own options (:meth:`~drawsafe.app.registry.Command.cli_options`), by name.
    options: dict[str, Any]
    #: Keywords of the library function: the options declared ``keyword``, and what ``check`` adds.
    extra: dict[str, Any]
    started: float = field(default_factory=time.monotonic)
    #: Called with the opened event before anything is said about it (a request the event cannot
    #: answer gives its one line only).
    event_check: Callable[[Any], None] | None = None
    #: Tell what was read after the command ran instead of before.
    announce_after: bool = False

    @property
    def as_json(self) -> bool:
        return bool(self.options.get("as_json"))


def command(declared: Command) -> click.Command:
    """The click command of a declaration: its argument, its request's options and its own, in
    the declared order, running :func:`invoke` within :func:`friendly`."""

    def callback(**params):
        with friendly(declared.name):
            invoke(declared, params)

    decorators = [click.argument("file", **ARGUMENTS[declared.reads])] if declared.reads else []
    for item in declared.options:
        if item == REQUEST:
            decorators.append(request_options(declared.request_class))
        else:
            decorators.append(cli_option(item))
    for decorate in reversed(decorators):
        callback = decorate(callback)
    cls = registry.resolve(declared.click_class) if declared.click_class else None
    made = click.command(declared.name, cls=cls, help=declared.help_text)(callback)
    made.declared = declared  # the group finds its registered commands by it (drawsafe.cli.main.Registered)
    return made


def invoke(declared: Command, params: dict) -> None:
    """Build the request, run the library function (telling what was read, with a progress bar
    when it simulates), then the declared hooks: ``write`` always, ``render`` without --json."""
    file = params.pop("file", None)
    own = {o.name: params.pop(o.name) for o in declared.cli_options()}
    run = Run(declared, request_of(declared.request_class, params), file, own,
              {o.name: own[o.name] for o in declared.cli_options() if o.keyword})
    if declared.check:
        registry.resolve(declared.check)(run)
    source = file
    if declared.reads == "event":
        source = event_of(file, run.request)
        if run.event_check is not None:
            run.event_check(source)
        if not run.announce_after:
            source.announce(note)
    bar = None
    if declared.simulates:
        from drawsafe.cli.progress import ProgressBar

        bar = ProgressBar(declared.progress, delay=declared.progress_delay)
    try:
        result = declared.run(source, run.request, bar, note, **run.extra).result
    finally:
        if bar is not None:
            bar.close()
    if run.announce_after:
        source.announce(note)
    shown = registry.resolve(declared.write)(result, run) if declared.write else None
    if run.as_json:
        emit_json(result.to_json() if shown is None else shown)
    elif declared.render:
        registry.resolve(declared.render)(result, run)
    if getattr(result, "exit_code", 0):  # a result that is partly a failure says so (a study's failed cells)
        sys.exit(result.exit_code)


def note(text: str) -> None:
    """A remark for the user on stderr (keeps stdout clean for --json); names in it are shown
    with their control characters escaped."""
    click.echo(printable(text, newlines=True), err=True)
