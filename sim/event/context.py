"""Everything a command needs about one event: the file read, the snapshot taken, the rules chosen.

The command line builds one :class:`EventContext` per call from its shared options; the library
functions behind each command take its parts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from drawsafe.standings.check import CheckReport, check_standings
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import Event
from drawsafe.tiebreaks.packs import RulePack, get_rules, with_tiebreaks
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.standings.table import Standings, compute_standings


@dataclass
class EventContext:
    event: Event
    snapshot: Snapshot
    rules: RulePack
    rules_source: str
    from_sample: bool

    def announce(self, say: Callable[[str], None]) -> None:
        """Tell the user what was read and decided (on stderr)."""
        if self.from_sample:
            say(f"no FILE given: using the embedded sample event '{self.event.name}'")
        s = self.snapshot
        say(f"{self.event.name}: {s.players} players; standings after Swiss round {s.after_round} "
            f"of {s.total_rounds} ({s.rounds_source}); rules {self.rules.name} ({self.rules_source})")
        for text in self.event.notes:
            say(f"note: {text}")

    def standings(self, seed: int = 0) -> Standings:
        return compute_standings(self.snapshot, self.rules, seed)

    def check(self) -> CheckReport:
        if not self.event.standings:
            raise UsageError(f"{self.event.source}: the file has no published standings to check against")
        return check_standings(self.event, self.snapshot, self.rules)


def open_event(file: str | None, format: str = "auto", rules: str | None = None, rounds: int | None = None,
               after_round: int | None = None, tiebreaks: str | None = None) -> EventContext:
    """Read ``file`` (or the embedded sample) and take the snapshot the options ask for.

    ``rules`` names the pack (default: what the file suggests, else mtg); ``tiebreaks`` replaces
    its tiebreak list (``"BH-C1,BH,SB,WIN"``; see :func:`drawsafe.tiebreaks.packs.with_tiebreaks`).

    :raises UsageError: for an unknown pack or tiebreak key, or options the event cannot satisfy.
    """
    event = sample_event() if file is None else load_event(file, format)
    return event_context(event, rules, rounds, after_round, tiebreaks, from_sample=file is None)


def open_event_bytes(raw: bytes, name: str, format: str = "auto", rules: str | None = None,
                     rounds: int | None = None, after_round: int | None = None,
                     tiebreaks: str | None = None) -> EventContext:
    """As :func:`open_event`, for an event already in memory (an upload): ``name`` is only the
    label the error messages use for the file (nothing is read from or written to disk).

    :raises InputError: when the bytes are not a valid event.
    :raises UsageError: as :func:`open_event`.
    """
    return event_context(parse_event(raw, name, format), rules, rounds, after_round, tiebreaks)


def event_context(event: Event, rules: str | None = None, rounds: int | None = None,
                  after_round: int | None = None, tiebreaks: str | None = None,
                  from_sample: bool = False) -> EventContext:
    """Choose the rule pack and take the snapshot of an event already read (see :func:`open_event`)."""
    if rules is not None:
        pack, source = get_rules(rules), "--rules"
    elif event.rules:
        try:
            pack, source = get_rules(event.rules), f"suggested by the {event.format} file"
        except UsageError as e:
            raise InputError(event.source, "rules", str(e), "fix the file's rules field or give --rules") \
                from None
    else:
        pack, source = get_rules("mtg"), "default"
    if tiebreaks is not None:
        pack = with_tiebreaks(pack, tiebreaks)
        source += f"; tiebreaks from --tiebreaks: {', '.join(pack.keys)}"
    return EventContext(event, take_snapshot(event, after_round, rounds), pack, source, from_sample)
