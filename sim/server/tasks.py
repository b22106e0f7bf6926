"""What the server's worker processes run (:mod:`drawsafe.server.workers`): plain functions of
picklable arguments, each ending with the ``progress`` callback the worker passes.  No HTTP here,
no closure: a child process receives the function by name.  (Imported by the server too: the
parent already loads the library through its warm-up module.)"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

import numba

from drawsafe.app.commands import check_question
from drawsafe.app.context import open_event
from drawsafe.app.options import OptionError
from drawsafe.app.warmup import default_packs, warm_up
from drawsafe.errors import DrawsafeError
from drawsafe.event.cut import Cut
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.server.questions import answer
from drawsafe.simulation.generate import generate_event
from drawsafe.standings.table import compute_standings
from drawsafe.text import round_progress
from drawsafe.tiebreaks.packs import get_rules

log = logging.getLogger("drawsafe.server")


class TooLarge(DrawsafeError):
    """The body or the event is over a server limit (HTTP 413)."""


class Unexpected(DrawsafeError):
    """The library failed in a way it does not report on purpose (a bug; logged, HTTP 400)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits a worker checks before any work."""

    max_body: int
    max_players: int


@dataclass(frozen=True)
class EventInfo:
    """What the event page shows before any simulation."""

    name: str
    players: int
    after_round: int
    total_rounds: int
    rounds_left: int
    rules: str
    has_standings: bool
    names: tuple[str, ...]
    #: Where the number of Swiss rounds comes from ("file", "--rounds", "Appendix E").
    rounds_source: str = ""
    #: The file publishes standings for this snapshot (``standings --check`` compares with them).
    checkable: bool = False
    #: The event's own cut (when the publisher does not choose one), with its note saying how it
    #: was chosen ("Top 16, as the file announces (--top N to change)"), :meth:`OpenedEvent.cut`.
    cut: Cut = field(default_factory=lambda: Cut(8))
    #: The round being played (``after_round + 1``): its tables (byes not counted; 0 before its
    #: pairings are out) and the results in of them, for the pages' "updated" line.
    round_tables: int = 0
    round_results: int = 0

    @property
    def progress(self) -> str:
        """How far the round being played has come ("round 15: results 37 of 488 in"), or that
        every Swiss round is played."""
        if not self.rounds_left:
            return f"all {self.total_rounds} Swiss rounds played"
        return round_progress(self.after_round + 1, self.round_tables, self.round_results)

    @property
    def cut_note(self) -> str:
        """How the event's own cut was chosen (its label when nothing needed saying)."""
        return self.cut.note or self.cut.label()


def guard(name: str, fn):
    """``fn()``, a failure the library does not report on purpose turned into :class:`Unexpected`
    (logged with its trace: a bug)."""
    try:
        return fn()
    except (DrawsafeError, OptionError):
        raise
    except Exception as e:
        log.exception("unexpected error on %s", name)
        raise Unexpected(f"{name}: the file could not be analysed ({type(e).__name__}); it may be "
                         "malformed; please report this file to the drawsafe developers") from None


def open_checked(raw: bytes, name: str, event_options: dict, limits: Limits):
    """The event of ``raw`` (:func:`~drawsafe.app.context.open_event`) within the server's limits.

    :raises TooLarge: over a limit."""
    if len(raw) > limits.max_body:
        raise TooLarge(f"{name}: the file is larger than this server's limit of {limits.max_body:,} bytes")
    ctx = open_event(raw, name=name, **event_options)
    if ctx.snapshot.players > limits.max_players:
        raise TooLarge(f"{name}: {ctx.snapshot.players:,} players is over this server's limit of "
                       f"{limits.max_players:,}")
    return ctx


def info(raw: bytes, name: str, event_options: dict, limits: Limits, progress=None) -> EventInfo:
    """The event's name, size and round (validates the file and the event options)."""
    def read():
        ctx = open_checked(raw, name, event_options, limits)
        s, cut = ctx.snapshot, ctx.cut()
        tables = [m for m in s.next_round.matches if m.player_b is not None] if s.next_round else []
        return EventInfo(ctx.event.name, s.players, s.after_round, s.total_rounds, s.rounds_left,
                         ctx.rules.name, bool(ctx.event.standings), tuple(s.names), s.rounds_source,
                         ctx.checkable, cut, len(tables), sum(m.reported for m in tables))
    return guard(name, read)


def check(raw: bytes, name: str, request, limits: Limits, progress=None) -> bool:
    """The options of a simulating question checked against the event before any simulation
    (:func:`drawsafe.app.commands.check_question`): the cut within the field, the player known."""
    def read():
        check_question(open_checked(raw, name, request.event_options(), limits), request)
        return True
    return guard(name, read)


def ask(command: str, raw: bytes, name: str, request, limits: Limits, progress=None):
    """``drawsafe COMMAND --json`` on these bytes (:func:`drawsafe.server.questions.answer`)."""
    return guard(name, lambda: answer(command, open_checked(raw, name, request.event_options(), limits),
                                      request, progress, name))


def field(request, command: str = "field", progress=None):
    """``drawsafe field --json`` (or of another ``command`` that reads no event)."""
    return guard(command, lambda: answer(command, None, request, progress))


def warm_worker(what: str) -> str:
    """Load the kernels a worker runs before its first question (compiling those the cache lacks):
    ``all`` (:func:`drawsafe.app.warmup.warm_up`), ``light`` (standings and pairings of the sample
    under each warmed pack); one line for the log."""
    if what == "all":
        report = warm_up()
        how = (f"compiled {len(report.compiled)} kernels the cache lacked in {report.compile_seconds:.1f} s"
               if report.compiled else "every kernel loaded from the cache")
        return f"{how} ({report.seconds:.1f} s; {numba.get_num_threads()} threads)"
    started = time.perf_counter()
    sample = sample_event()
    for pack in default_packs():
        rules = get_rules(pack)
        snap = take_snapshot(sample) if pack == sample.rules else \
            take_snapshot(generate_event(24, 6, 4, seed=1, rules=rules))
        compute_standings(snap, rules)
        next_round_pairings(snap, rules)
    return f"standings and pairings loaded in {time.perf_counter() - started:.1f} s"
