"""Everything a command needs about one event: the file read, the snapshot taken, the rules chosen.

The command line builds one :class:`EventContext` per call from its shared options; the library
functions behind each command take its parts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from drawsafe.standings.check import CheckReport, check_standings
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event
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
        if self.event.places and self.snapshot.rounds_left == 0:
            from drawsafe.standings.places import compare_places

            found = compare_places(self.event, self.standings())
            if found is not None:
                say(f"note: {found.summary()} (rules {self.rules.name})")

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
    return EventContext(event, take_snapshot(event, after_round, rounds), pack, source, file is None)
