"""The commands, each declared once: a request, a function, and how each front end offers it.

A :class:`Command` names its request class (:mod:`drawsafe.app.requests`: every option), the
library function that runs it, and what the front ends make of it: the command line's argument,
its own output options and its renderer; whether the server answers it (its API routes and OpenAPI
paths) and shows it as a page; the compile estimate of its first run.  :func:`register` adds one;
the command line (:mod:`drawsafe.cli.main`), :func:`drawsafe.app.commands.run`, the server
(:mod:`drawsafe.server.options`, :mod:`drawsafe.server.openapi`, :mod:`drawsafe.server.pages`), the
compile notice (:mod:`drawsafe.app.compiling`) and the manual's option tables (:func:`markdown`)
read the declarations.

Functions, renderers and requests of the layers above (the server's, the command line's) are named
by ``"module:name"`` references, imported when used: declaring a command imports nothing heavy
(``drawsafe --help`` builds every command from here without numpy or numba), and no layer is
imported from below.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drawsafe.app.options import Option, fields
from drawsafe.app.requests import (
    EVENT_FIELDS,
    CalibrateRequest,
    DrawRequest,
    EventOptions,
    ExportRequest,
    FetchRequest,
    FieldRequest,
    GenerateRequest,
    OddsRequest,
    PairingsRequest,
    ReportRequest,
    RulesRequest,
    StandingsRequest,
    StudyRequest,
    WarmupRequest,
)
from drawsafe.errors import UsageError

#: A function, or a ``"module:name"`` reference to one (imported on first use).
Ref = str | Callable[..., Any]


def resolve(ref: Any) -> Any:
    """The object a ``"module:name"`` reference names (anything else: itself)."""
    if not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Outcome:
    """What a command returns: its typed result (whose ``to_json()`` is the ``--json`` output) and
    the notes and warnings the command line prints on stderr."""

    result: Any
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class CliOption:
    """An option of the command line only, not a request field: where the output goes (``-o``,
    ``--plot``, ``--json``) or how it is shown (``--all``).

    ``kind``: ``bool`` (a flag), ``str`` or ``int`` (``low``/``high``: its range); ``path``: the
    value names a file or folder (``"file"``: not a folder), ``writable`` checked.  ``keyword``: the
    value is also given to the library function as the keyword ``name`` (``export``'s ``-o``)."""

    flags: tuple[str, ...]
    name: str
    help: str
    kind: type = bool
    default: Any = None
    required: bool = False
    show_default: bool = False
    metavar: str | None = None
    path: str | None = None
    writable: bool = False
    low: int | None = None
    high: int | None = None
    keyword: bool = False


#: Where a command's request options go among its :attr:`Command.options`.
REQUEST = "request"
#: ``--json``: the result's ``to_json()`` on stdout.
JSON = CliOption(("--json",), "as_json", "Write JSON to stdout (notes go to stderr).")

#: What a command's argument is (:attr:`Command.reads`): an event (FILE, or a link; optional: the
#: embedded sample), opened with the request's event options; a file or a folder (that exists)
#: given to the function as its path; a link given as it is.
READS = ("event", "file", "folder", "link")


@dataclass(frozen=True)
class Command:
    """One command, declared once: its request, the function that runs it, and what the command
    line, the server and the manual make of it (:func:`register` adds it)."""

    name: str
    #: Its request class (every option), or a ``"module:Class"`` reference to one.
    request: type | str
    #: Runs the request and returns an :class:`Outcome` (or a bare result):
    #: ``function(source, request, say=...)``, ``source`` what :attr:`reads` gives (the opened event,
    #: the file's path, the link); ``function(request, say=...)`` for a command that reads nothing;
    #: with a :attr:`progress` label, also ``progress=`` (a callback of work done and planned).
    function: Ref
    #: The command line's help (None: the docstring of :attr:`render`).
    help: str | None = None
    #: What its argument is: one of :data:`READS`, or None (no argument).
    reads: str | None = "event"
    #: The label of its progress bar: the command simulates (None: it does not), shown after
    #: ``progress_delay`` seconds.
    progress: str | None = None
    progress_delay: float = 1.5
    #: The command line's options in help order: its request's fields where :data:`REQUEST` stands,
    #: and its own (:class:`CliOption`, :data:`JSON`).
    options: tuple[CliOption | str, ...] = (REQUEST, JSON)
    #: The command line's hooks, functions of :mod:`drawsafe.cli` given a
    #: :class:`drawsafe.cli.options.Run`: ``check(run)`` before any work; ``write(result, run)``
    #: after it (the files its output options name), returning the JSON to print instead of
    #: ``result.to_json()`` or None; ``render(result, run)`` shows the result (without ``--json``).
    check: Ref | None = None
    write: Ref | None = None
    render: Ref | None = None
    #: The command line's ``click.Command`` class (None: click's own): one that writes part of its
    #: help when shown (``fetch`` lists the links of the registered connectors).
    click_class: Ref | None = None
    #: The compile notice's estimate of a first run, in seconds: alone, and with the compile helper
    #: on the second core; ``notice`` False: the command says itself what it compiles.
    compile_seconds: float | None = None
    ahead_seconds: float | None = None
    notice: bool = True
    #: The API answers it: ``"json"`` (the ``--json`` output) or ``"html"`` (the page the command
    #: writes, the result's ``html``; its function also takes ``command=``, the command line that
    #: makes the same page); at ``POST /api/NAME`` with the event (and ``GET /api/events/{id}/NAME``)
    #: when it reads one, else at ``GET /api/NAME``.
    served: str | None = None
    #: The event's page of the command (``/e/{id}/NAME``): a view function of
    #: :mod:`drawsafe.server.pages`.
    page: Ref | None = None

    def __post_init__(self):
        if self.reads is not None and self.reads not in READS:
            raise ValueError(f"{self.name}: reads is one of {', '.join(READS)} or None, not {self.reads!r}")
        if self.served not in (None, "json", "html"):
            raise ValueError(f"{self.name}: served is 'json', 'html' or None, not {self.served!r}")
        if self.served and self.reads not in ("event", None):  # the API takes an event's bytes, or nothing
            raise ValueError(f"{self.name}: the server answers a command that reads an event or nothing")

    @property
    def request_class(self) -> type:
        return resolve(self.request)

    @property
    def simulates(self) -> bool:
        """It takes a progress callback (the command line shows a progress bar)."""
        return self.progress is not None

    @property
    def help_text(self) -> str:
        """The command line's help: :attr:`help`, else the renderer's docstring (cleaned)."""
        return inspect.cleandoc(self.help if self.help is not None else resolve(self.render).__doc__ or "")

    @property
    def summary(self) -> str:
        """The help's first paragraph, on one line."""
        return " ".join(self.help_text.split("\n\n", 1)[0].split())

    def cli_options(self) -> tuple[CliOption, ...]:
        """The command line's own options (every option but the request's)."""
        return tuple(o for o in self.options if isinstance(o, CliOption))

    def run(self, source: Any, request: Any, progress: Callable[[int, int], None] | None = None,
            say: Callable[[str], None] | None = None, **extra: Any) -> Outcome:
        """Run ``request`` on ``source`` (ignored by a command that reads nothing); ``extra``: the
        function's own keywords (``report``'s ``command``, ``export``'s ``output``)."""
        if self.simulates:
            extra["progress"] = progress
        args = (request,) if self.reads is None else (source, request)
        out = resolve(self.function)(*args, say=say, **extra)
        return out if isinstance(out, Outcome) else Outcome(out)


#: Every command, by name, in the order declared.
COMMANDS: dict[str, Command] = {}


def register(command: Command) -> Command:
    """Add ``command`` (a command of the same name is replaced); returns it."""
    COMMANDS[command.name] = command
    return command


def get(name: str) -> Command:
    """The command called ``name``.

    :raises UsageError: for an unknown name, listing the known ones."""
    try:
        return COMMANDS[name]
    except KeyError:
        raise UsageError(f"no such command {name!r}; known: {', '.join(COMMANDS)}") from None


def command_of(request: Any) -> Command:
    """The command that runs ``request``, found by its type (a subclass of a request type runs as
    the nearest one's command).

    :raises UsageError: for a request no command runs."""
    by_type = {c.request_class: c for c in reversed(COMMANDS.values())}
    for kind in type(request).__mro__:
        if kind in by_type:
            return by_type[kind]
    raise UsageError(f"no command runs a {type(request).__name__}")


def served(event: bool | None = None) -> tuple[Command, ...]:
    """The commands the server answers; ``event``: only those that read one (True) or not (False)."""
    return tuple(c for c in COMMANDS.values()
                 if c.served and (event is None or (c.reads == "event") == event))


def requests() -> dict[str, type]:
    """Every command's request, by command name."""
    return {c.name: c.request_class for c in COMMANDS.values()}


def served_requests() -> dict[str, type]:
    """The requests of the commands the server answers, by command name (every field a query
    parameter)."""
    return {c.name: c.request_class for c in served()}


def views() -> tuple[str, ...]:
    """The commands an event's pages show (``/e/{id}/NAME``)."""
    return tuple(c.name for c in COMMANDS.values() if c.page is not None)


# --- the manual ----------------------------------------------------------------------------------

def cell(text: str) -> str:
    """Text in a Markdown table cell (pipes escaped, one line)."""
    return " ".join(str(text).split()).replace("|", "\\|")


#: A value's type as ``--help`` names it.
TYPE_NAMES = {str: "TEXT", int: "INTEGER", float: "FLOAT"}


def shown_default(value: Any) -> str:
    return "" if value is None or value is False or value == () else f"`{value}`"


def option_row(flags: str, value: str, default: str, help: str) -> str:
    return f"| `{flags}` | {cell(value)} | {cell(default)} | {cell(help)} |"


def value_text(o: Option) -> str:
    """What a request option takes, as its table shows it: its metavar, else its choices or type."""
    if o.kind is bool:
        return "flag"
    return o.metavar or (", ".join(o.choices) if o.choices else TYPE_NAMES.get(o.kind, str(o.kind).upper()))


def request_rows(request: type, skip: tuple[str, ...] = ()) -> list[str]:
    return [option_row(o.cli_flag, value_text(o), "required" if o.required else shown_default(o.default), o.help)
            for o in fields(request) if o.name not in skip]


def option_rows(command: Command) -> list[str]:
    """The rows of a command's options in help order (the event options apart: :func:`markdown`)."""
    rows = []
    for item in command.options:
        if item == REQUEST:
            event = issubclass(command.request_class, EventOptions)
            rows += request_rows(command.request_class, EVENT_FIELDS if event else ())
        else:
            value = "flag" if item.kind is bool else item.metavar or ("PATH" if item.path else TYPE_NAMES[item.kind])
            rows.append(option_row(", ".join(item.flags), value,
                                   "required" if item.required else shown_default(item.default), item.help))
    return rows


def markdown() -> str:
    """The manual's option tables (docs/commands.md): the options of every command that reads an
    event, then each registered command with its argument and its own options (value, default,
    help), as the command line has them."""
    head = ["| option | value | default | what it does |", "| --- | --- | --- | --- |"]
    argument = {"event": " [FILE]", "file": " FILE", "folder": " FOLDER", "link": " URL", None: ""}
    out = ["### The event options", "",
           ("Every command that reads an event (FILE: a file, a link, or nothing for the embedded sample) "
            "takes these:"), "", *head, *request_rows(EventOptions), ""]
    for command in COMMANDS.values():
        out += [f"### `drawsafe {command.name}{argument[command.reads]}`", "", command.summary, ""]
        if command.reads == "event":
            out += ["The event options, and:", ""]
        rows = option_rows(command)
        if rows:
            out += [*head, *rows, ""]
    return "\n".join(out)


# --- the commands ----------------------------------------------------------------------------------
# compile_seconds, ahead_seconds: cold seconds measured on the 2-core development machine (an empty
# cache, the sample event; report scaled from draw), in one process and with the compile helper.

REPORT_OUTPUT = CliOption(("-o", "--output"), "output", "The HTML file to write (replaced atomically).",
                          kind=str, default="report.html", show_default=True, path="path")
PNG_DIR = CliOption(("--png-dir",), "png_dir", "Also write each figure as a PNG file into this folder (created "
                                               "if missing).", kind=str, path="path")

register(Command(
    "standings", StandingsRequest, "drawsafe.app.commands:standings",
    """Exact current standings with every tiebreak (the judge's view).

    Ranks by points, then the rule pack's tiebreaks (mtg: OMW%, GW%, OGW%); players tied on all
    of them are marked '=' and ordered at random (--seed).  --check compares with the standings
    published in the file and explains every difference.
    """,
    check="drawsafe.cli.main:standings_check", render="drawsafe.cli.main:standings",
    compile_seconds=8, served="json", page="drawsafe.server.pages:standings_page"))
register(Command(
    "pairings", PairingsRequest, "drawsafe.app.commands:pairings",
    """The next round's pairings: as published in the file, else projected.

    The last Swiss round is paired by standings (1 v 2, 3 v 4; past a rematch, 1 v 3 and 2 v 4),
    which is deterministic up to exact ties; other rounds are random within point groups, so the
    projection is one random draw (--seed).
    """,
    render="drawsafe.cli.main:pairings", compile_seconds=8, served="json",
    page="drawsafe.server.pages:pairings_page"))
register(Command(
    "odds", OddsRequest, "drawsafe.app.commands:odds",
    """Every player's probability of making the cut, with a 95% interval.

    Plays the remaining Swiss rounds many times (pairing as the event software does, results from
    the measured model) and ranks with the exact tiebreaks.  JSON adds each player's distribution
    of final rank (ranks 1-64) and of final points.
    """,
    progress="simulating",
    options=(REQUEST, CliOption(("--all",), "show_all", "List every player (default: those with a chance)."), JSON),
    render="drawsafe.cli.main:odds", compile_seconds=60, ahead_seconds=43, served="json",
    page="drawsafe.server.pages:plain_page"))
register(Command(
    "draw", DrawRequest, "drawsafe.app.commands:draw",
    """Draw or play?  Cut odds if each table draws, plays, wins or loses, with a verdict.

    For the round about to be played (published pairings, else projected) and every table where a
    player has a real stake in the cut.  Draw and play share their random numbers, so their
    difference is sharp.  With two rounds left, "draw" is a double draw: draw now, and draw again
    in the last round when both players are then safe (see --future-draws).
    """,
    progress="simulating", render="drawsafe.cli.main:draw", compile_seconds=63, ahead_seconds=40,
    served="json", page="drawsafe.server.pages:draw_page"))
register(Command(
    "report", ReportRequest, "drawsafe.app.commands:report",
    """A self-contained HTML report with plots, readable on a phone.

    A plain-words summary, then: 1. draw or play per table (as `drawsafe draw`); 2. tiebreak swings
    of the contenders against the cut line; 3. final rank distributions; 4. where the cut line
    falls (points and OMW%); 5. who to root for: the other tables whose result moves one player's
    odds most.  Every probability with its 95% interval; one set of simulations for figures 2-5.
    --json prints a description of what was written.
    """,
    progress="simulating", options=(REQUEST, REPORT_OUTPUT, PNG_DIR, JSON),
    check="drawsafe.cli.report:check", write="drawsafe.cli.report:write",
    compile_seconds=75, ahead_seconds=50, served="html", page="drawsafe.server.pages:report_page"))
register(Command(
    "field", FieldRequest, "drawsafe.app.commands:field",
    """Before the event: which records make the cut with PLAYERS players.

    Simulates whole events from round 1 (engine pairing and tiebreaks, intentional draws per --ids,
    drops by what each player can still reach, fitted on real events) and reports, with 95%
    intervals: players per final record and their P(cut); the points of the last qualifier and the
    bubble; before the last round and the last two, every record's P(cut) if the player draws
    (twice), wins or loses.  With --day2 (or --day2-top) the event has two phases: the players
    advancing to day 2 and every day-1 record's P(day 2) and P(cut) come first.
    """,
    reads=None, progress="field",
    options=(REQUEST, JSON, CliOption(("--plot",), "plot", "Write the figure (records, cut line, draw / win / loss "
                                                           "before the last rounds).",
                                      kind=str, metavar="FILE.png", path="file")),
    write="drawsafe.cli.field:write", render="drawsafe.cli.field:render", served="json"))
register(Command(
    "study", StudyRequest, "drawsafe.app.commands:study", reads=None, progress="study", progress_delay=0.0,
    options=(REQUEST, CliOption(("--plot",), "plot", "Curves: P(cut) of each record against field size; X-0 "
                                                     "double draw.", kind=str, metavar="FILE.png", path="file"),
             CliOption(("--json",), "as_json", "A JSON summary on stdout (notes go to stderr).")),
    check="drawsafe.cli.study:check", write="drawsafe.cli.study:write", render="drawsafe.cli.study:render"))
register(Command(
    "calibrate", CalibrateRequest, "drawsafe.app.commands:calibrate", reads="folder",
    options=(REQUEST, CliOption(("--figure",), "figure", "Write the reliability figure (PNG) here.", kind=str,
                                path="file", writable=True), JSON),
    check="drawsafe.cli.calibrate:check", write="drawsafe.cli.calibrate:write",
    render="drawsafe.cli.calibrate:render"))
register(Command(
    "generate", GenerateRequest, "drawsafe.app.utilities:generate",
    """Write a synthetic event in the native JSON format, played with the simulation engine.

    Pairing and results follow the same rules as the simulations; names are P0001, P0002, ...
    """,
    reads=None,
    options=(REQUEST, CliOption(("-o", "--output"), "output", "Where to write the event (native JSON, replaced "
                                                              "atomically).",
                                kind=str, required=True, path="file", writable=True)),
    check="drawsafe.cli.main:output_check", write="drawsafe.cli.main:generated"))
register(Command(
    "rules", RulesRequest, "drawsafe.app.utilities:rules",
    "List the rule packs, and every tiebreak key usable with --tiebreaks.",
    reads=None,
    options=(JSON, CliOption(("--markdown",), "markdown", "The packs as a Markdown table (the manual's, "
                                                          "docs/games/index.md).")),
    check="drawsafe.cli.main:rules_check", render="drawsafe.cli.main:rules"))
register(Command(
    "export", ExportRequest, "drawsafe.app.commands:export",
    """Write FILE (any input format) as a TOM .tdf file or as Limitless data.

    Players, rounds (Swiss and top cut), byes, drops and pending matches are written; game scores
    are not (neither format has them: a win, a tie or a double loss is what is kept).  The final
    places are the standings after the Swiss rounds under --rules (pokemon: match points, OWP,
    OOWP).  Reading the written file back gives the same standings under the pokemon pack.
    """,
    reads="file",
    options=(REQUEST, CliOption(("-o", "--output"), "output", "Where to write (replaced atomically; never the "
                                                              "input file).",
                                kind=str, required=True, path="path", keyword=True), JSON)))
register(Command(
    "fetch", FetchRequest, "drawsafe.app.commands:fetch", reads="link",
    options=(CliOption(("-o", "--output"), "output", "Where to write the event (replaced atomically, only once it "
                                                     "is complete and valid).",
                       kind=str, required=True, path="file", writable=True), REQUEST, JSON),
    check="drawsafe.cli.fetch:check", write="drawsafe.cli.fetch:write", render="drawsafe.cli.fetch:fetch",
    click_class="drawsafe.cli.fetch:LinksCommand"))
register(Command(
    "warmup", WarmupRequest, "drawsafe.app.utilities:warmup",
    """Compile the simulation kernels now, so that the first real run answers at once.

    drawsafe ships its kernels compiled: an installation of a release compiles nothing, and warmup
    only loads them.  Kernels compile on first use when the shipped ones do not apply (a source
    tree with edited kernels, another numba or Python): for install scripts and container images
    of such an installation, the compiled kernels are kept in the cache folder (NUMBA_CACHE_DIR,
    else ~/.cache/drawsafe) and loaded by every later run.  Says what it compiled and how long it
    took (--json: every kernel compiled).
    """,
    reads=None, progress="warming up", progress_delay=0.0, notice=False, render="drawsafe.cli.warmup:render"))
register(Command(
    "serve", "drawsafe.server.config:ServerConfig", "drawsafe.server.app:serve",
    """The phone page players use between rounds, and a JSON API.

    The scorekeeper publishes the event at http://HOST:PORT/ and updates it after each round;
    players open its link (or QR code), type their name and read their table's verdict.  The API
    answers POST /api/draw (and /standings, /pairings, /odds, /report, GET /api/field) with the
    same JSON as `drawsafe draw --json`; options are query parameters named as the command line's
    (after_round, top, sims, ...).  The server listens at once and warms the kernels first thing
    (GET /healthz says "kernels": "warming", then "warm"); a question asked meanwhile waits for it.
    """,
    reads=None,
    options=(CliOption(("--host",), "host", "Address to listen on (0.0.0.0 to reach it from phones on the same "
                                            "network).", kind=str, default="127.0.0.1", show_default=True,
                       keyword=True),
             CliOption(("--port",), "port", "Port to listen on.", kind=int, default=8000, show_default=True,
                       low=0, high=65535, keyword=True),
             REQUEST),
    check="drawsafe.cli.serve:check"))
