"""One event as read, its snapshot and rule pack, and the building blocks the commands are made of.

:class:`OpenedEvent` holds them: :mod:`drawsafe.app.commands` runs each command on one, and the
library's facade (:class:`drawsafe.app.context.EventContext`, what
:func:`~drawsafe.app.context.open_event` returns) is an :class:`OpenedEvent` whose methods also run
the commands.  The facade calls the commands; the commands see only this module, so that no module
imports one that imports it.

The pairing and simulation layers are imported by the methods that use them (start-up time of
``drawsafe standings``: the README's "Layout").
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from drawsafe.app.requests import SEED
from drawsafe.errors import InputError, UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import Event
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import Snapshot, read_day2, refuse_in_day2, take_snapshot, through_day2
from drawsafe.standings.check import CheckReport
from drawsafe.standings.places import check_places, compare_places
from drawsafe.standings.published import check_event
from drawsafe.standings.ranks import RankCheck, publishes_ranks_only
from drawsafe.standings.table import StandingRow, Standings, compute_standings
from drawsafe.tiebreaks.cuts import event_cut
from drawsafe.tiebreaks.packs import (
    DEFAULT_PACK,
    RulePack,
    Tiebreak,
    display_points,
    get_rules,
    with_tiebreaks,
)

if TYPE_CHECKING:
    from drawsafe.pairing.next_round import Pairings


@dataclass
class OpenedEvent:
    """One event as read, its snapshot and rule pack, and the building blocks of the commands (the
    facade :class:`~drawsafe.app.context.EventContext` adds the commands themselves)."""

    event: Event
    snapshot: Snapshot
    rules: RulePack
    rules_source: str
    from_sample: bool
    #: How ``--day2`` was read (:meth:`through_day2`), None without it.
    day2_note: str | None = None

    @classmethod
    def from_event(cls, event: Event, rules: str | None = None, rounds: int | None = None,
                   after_round: int | None = None, tiebreaks: str | None = None,
                   from_sample: bool = False) -> OpenedEvent:
        """An event already read, with the options of :func:`drawsafe.app.context.open_event`:
        its rule pack (``rules``, else the file's, else the default; ``tiebreaks`` replacing the
        pack's) and its snapshot."""
        if rules is not None:
            pack, source = get_rules(rules), "--rules"
        elif event.rules:
            try:
                pack, source = get_rules(event.rules), f"suggested by the {event.format} file"
            except UsageError as e:
                raise InputError(event.source, "rules", str(e), "fix the file's rules field or give --rules") \
                    from None
        else:
            pack, source = get_rules(DEFAULT_PACK), "default"
        if tiebreaks is not None:
            pack = with_tiebreaks(pack, tiebreaks)
            source += f"; tiebreaks from --tiebreaks: {', '.join(pack.keys)}"
        snapshot = take_snapshot(event, after_round, rounds, schedule=pack.schedule)
        check_rounds(snapshot, pack, rounds)
        return cls(event, snapshot, pack, source, from_sample)

    def announce(self, say: Callable[[str], None]) -> None:
        """Tell the user what was read and decided (on stderr)."""
        if self.from_sample:
            say(f"no FILE given: using the embedded sample event '{self.event.name}'")
        s = self.snapshot
        if self.without_swiss:
            n = self.alone_round
            held = ("standings; no Swiss round in the file" if n is None else
                    f"pairings of round {n}; {'round 1 is' if n == 2 else f'rounds 1-{n - 1} are'} not in the file")
            say(f"{self.event.name}: {s.players} players in the published {held}; rules {self.rules.name} "
                f"({self.rules_source})")
        else:
            say(f"{self.event.name}: {s.players} players; standings after Swiss round {s.after_round} "
                f"of {s.total_rounds} ({s.rounds_source}); rules {self.rules.name} ({self.rules_source})")
        for text in self.event.notes:
            say(f"note: {text}")
        if self.event.places and self.snapshot.rounds_left == 0:
            found = compare_places(self.event, self.standings())
            if found is not None:
                say(f"note: {found.summary()} (rules {self.rules.name})")
        if publishes_ranks_only(self.event.standings) and self.snapshot.rounds_left == 0:
            say(f"note: {self.check().summary()}")

    @property
    def without_swiss(self) -> bool:
        """True for a file with published standings or pairings but no Swiss round (an MTGO entry of
        the decklist cache: its top 32 and its playoff; a chess-results ranking or pairings page
        alone): they are shown as published, and only ``standings --check`` may apply."""
        return not self.event.swiss and (bool(self.event.standings) and not publishes_ranks_only(
            self.event.standings) or self.event.published_pairings is not None)

    @property
    def alone_round(self) -> int | None:
        """The round of the pairings the file publishes without the rounds before it (None: none)."""
        alone = self.event.published_pairings
        return alone.round.number if alone is not None and not self.event.swiss else None

    @property
    def records_published(self) -> bool:
        """The published standings have each player's record (W-L-D): ``--check`` has something to
        check them by (a chess-results ranking alone has points and tie-breaks only)."""
        return all(r.wins is not None for r in self.event.standings or ())

    def where_games_are(self) -> str:
        """What a file without games is told: its format's words for where the games are (the
        format's declaration, :attr:`drawsafe.event.io.formats.Format.games`), else how to check
        what the file publishes."""
        from drawsafe.event.io.formats import discover  # the registry: every reader declares itself

        fmt = discover().get(self.event.format)
        if fmt is not None and fmt.games:
            return fmt.games
        return "`drawsafe standings --check` checks the published figures against each other"

    def refuse_without_swiss(self, what: str) -> None:
        """:raises UsageError: for an event whose file has no Swiss round to compute ``what`` from."""
        if self.without_swiss:
            if self.event.standings:
                held = "the published standings and the playoff" if self.event.playoff else "published standings"
                why = " (as the decklist cache keeps MTGO events)" if self.event.format == "mtgo" else ""
                held += f" but no Swiss round{why}"
            else:
                n = self.alone_round
                held = f"the pairings of round {n} but not {'round 1' if n == 2 else f'rounds 1-{n - 1}'}"
            raise UsageError(f"{self.event.source}: the file holds {held}: {what}; {self.where_games_are()}")

    # --- the building blocks of the commands

    def standings(self, seed: int = 0) -> Standings:
        """Exact standings with every tiebreak; players tied on all of them ordered by ``seed``.

        :raises OptionError: for a seed out of the range the kernels take (the ``seed`` option's)."""
        SEED.but(name="seed").check(seed)
        self.refuse_without_swiss("its standings cannot be recomputed")
        return compute_standings(self.snapshot, self.rules, seed)

    def published_standings(self) -> Standings:
        """The standings the file publishes, as it publishes them: a file with published standings
        but no Swiss round to recompute them from (a Play Hub standings page, an MTGO entry of
        the decklist cache).  A figure the file leaves out is NaN ("nan" in the table, null in
        JSON); ranks are the file's."""
        if not self.event.standings:
            raise UsageError(f"{self.event.source}: the file publishes the pairings of round {self.alone_round}, no "
                             f"standings (`drawsafe pairings` shows them); {self.where_games_are()}")
        names = {"OMW": "omw", "GW": "gw", "OGW": "ogw"}
        rules = shown_pack(self.rules, self.event.standings)
        rows = []
        for r in sorted(self.event.standings, key=lambda r: (r.rank == 0, r.rank)):  # not ranked: last
            values = {}
            for key in rules.keys:
                v = r.values.get(key, getattr(r, names.get(key, ""), None))
                values[key] = float("nan") if v is None else float(v)
            rows.append(StandingRow(r.rank, r.player, r.points, r.wins, r.losses, r.draws, values))
        return Standings(self.snapshot, rules, tuple(rows), 0)

    def check(self) -> CheckReport | RankCheck:
        """The computed standings against those the file publishes, every difference explained.

        A file that publishes only final places (TOM, Limitless, pokedata) is checked on them
        (:func:`drawsafe.standings.places.check_places`).

        :raises UsageError: when the file publishes neither standings nor final places, or its
            final places are checked against a snapshot before the last Swiss round."""
        if not self.event.standings and self.event.places:
            if self.snapshot.rounds_left > 0:
                raise UsageError(f"{self.event.source}: the file publishes final places; check them against "
                                 f"the final standings (after Swiss round {self.snapshot.total_rounds}, not "
                                 f"{self.snapshot.after_round})")
            return check_places(self.event, self.snapshot, self.rules)
        if not self.event.standings:
            raise UsageError(f"{self.event.source}: the file has no published standings to check against")
        if self.without_swiss and not self.records_published:
            raise UsageError(f"{self.event.source}: the file publishes standings without the players' records and "
                             f"no games: nothing to check them against; {self.where_games_are()}")
        published = self.published_round()
        if not self.without_swiss and self.snapshot.after_round != published:
            raise UsageError(f"--after-round {self.snapshot.after_round}: the file publishes its standings after "
                             f"Swiss round {published} only, none for round {self.snapshot.after_round} to check "
                             f"against (check them with --after-round {published}, or without --after-round)")
        return check_event(self.event, self.snapshot, self.rules)

    def published_round(self) -> int:
        """The Swiss round after which the file's published standings stand: the round the file
        names (``Event.standings_round``), else its last paired round with every result in (files
        hold one table of standings, the latest; a TRF's column of byes entered ahead is no round)."""
        if self.event.standings_round:
            return self.event.standings_round
        n = 0
        for r in self.event.swiss:
            if not r.complete or not r.paired:
                break
            n += 1
        return n

    @property
    def checkable(self) -> bool:
        """Whether ``check`` has published standings for this snapshot to compare with (a ranking
        published alone, without records, has nothing to check it by)."""
        if self.without_swiss:
            return bool(self.event.standings) and self.records_published
        return bool(self.event.standings) and self.snapshot.after_round == self.published_round()

    def pairings(self, last_round: str | None = None, seed: int = 0, pairing: str | None = None) -> Pairings:
        """The next round's pairings, as published or projected (the last round as the pack pairs
        it unless ``last_round`` says).

        :raises OptionError: for a seed out of the range the kernels take (the ``seed`` option's)."""
        from drawsafe.pairing.next_round import (  # lazy: the pairing kernels
            Pairings,
            Table,
            next_round_pairings,
        )

        SEED.but(name="seed").check(seed)
        if self.alone_round is not None:  # a round's pairings published alone: as published
            alone = self.event.published_pairings
            points = {p: display_points(v) for p, v in alone.points.items()}
            return Pairings(self.alone_round, "published", tuple(
                Table(m.table or i + 1, m.player_a, m.player_b, points.get(m.player_a, 0),
                      points.get(m.player_b, 0) if m.player_b else None, m.kind)
                for i, m in enumerate(alone.round.matches)))
        self.refuse_without_swiss("the next round cannot be paired")
        return next_round_pairings(self.snapshot, self.rules, last_round or self.rules.last_round, seed,
                                   pairing)

    def through_day2(self, day2: str | None, day2_top: int | None = None) -> OpenedEvent:
        """This event simulated through day 2 to the final cut (``--day2 POINTS:ROUNDS``, or ROUNDS
        with the file's day-1 cut or ``day2_top``): :func:`drawsafe.event.snapshot.through_day2`, of
        this class; itself when neither is given.

        :raises UsageError: for a spec it cannot read or a snapshot not in day 1."""
        if day2 is None:
            if day2_top is not None:
                raise UsageError("--day2-top needs --day2 ROUNDS (the rounds of day 2)")
            return self
        self.refuse_without_swiss("its rounds cannot be simulated")
        spec = read_day2(day2)
        points, rounds = (None, self.file_day2_rounds()) if spec is None else spec
        snap = through_day2(self.snapshot, rounds, points, day2_top, f"--day2 {day2}")
        words, cut = tiebreak_words(self.rules), snap.phase_cut.cut.label(sentence=True)
        if snap.after_round == snap.phase_end and snap.next_round is None:
            snap = self.cut_now(snap)
            left = snap.rounds_left
            note = (f"day 1 is over: the {int(snap.active.sum())} players through its cut ({cut}) play {left} "
                    f"more round{'s' if left != 1 else ''} (day 2, tiebreaks {words})")
        else:
            note = (f"day 1 is played out to round {snap.phase_end}; day 2 ({rounds} more rounds, tiebreaks "
                    f"{words} as rules {self.rules.name} say) is for {cut}")
        return dataclasses.replace(self, snapshot=snap, day2_note=note)

    def cut_now(self, snap: Snapshot) -> Snapshot:
        """``snap`` after day 1's last round, day 2 not paired yet: the day-1 cut made at once on
        its standings (a rank cut's exact ties in the standings' seed-0 order), so that day 2's
        first round is paired, projected and answered among the players through only."""
        cut = snap.phase_cut.cut
        rows = compute_standings(snap, self.rules).rows  # after day 1's last round: day 1's standings
        kept = cut.made((row.player, row.points) for row in rows if snap.active[snap.index[row.player]])
        through = np.array([p in kept for p in snap.names], dtype=bool)
        cut_out = (snap.cut_out if snap.cut_out is not None else np.zeros(snap.players, dtype=bool)) | \
            (snap.active & ~through)
        return dataclasses.replace(snap, active=snap.active & through, cut_out=cut_out, phase_end=0,
                                   phase_cut=None,
                                   rounds_source=f"{snap.rounds_source}; day 1's cut, {cut.label(sentence=True)}")

    def file_day2_rounds(self) -> int:
        """The rounds of day 2 the file shows (``--day2 auto``: a replay of a finished event).

        :raises UsageError: when the file shows no day 2 or the snapshot is not in its day 1."""
        s, swiss = self.snapshot, self.event.swiss_rounds
        refuse_in_day2(s, "--day2 auto")
        if s.phase_cut is None or not swiss or swiss <= s.total_rounds:
            raise UsageError("--day2 auto: the file shows no day 2 after this snapshot's day 1; give --day2 "
                             "POINTS:ROUNDS")
        return swiss - s.total_rounds

    def cut(self, top: int | str | None = "auto", cut_points: float | None = None) -> Cut:
        """The cut of a question, worked out once (:class:`~drawsafe.event.cut.Cut`, its note saying
        how it was chosen when the options did not say it plainly): a Top ``top`` (``"auto"`` or
        None, the default: the event's own cut, :func:`drawsafe.tiebreaks.cuts.event_cut`: the one
        the file announces, else the pack's attendance table, else a Top 8), or with ``cut_points``
        everyone on at least that many points (day 2).

        During an earlier phase of the event (a day 1, ``Snapshot.phase_cut``) the simulations end
        with that phase, and without ``cut_points`` the cut is the one that ends it (the file's day-2
        cut: by points, or the first N)."""
        auto = top is None or top == "auto"
        own = event_cut(self.event, self.rules, len(self.snapshot.names)) if auto else None
        size = own.top if own is not None else int(top)  # what a points cut counts by rank
        phase = self.snapshot.phase_cut if not self.snapshot.phase_end else None  # (crossed: the final cut)
        if cut_points is None and phase is not None and phase.cut is not None and \
                (phase.cut.points is not None or phase.cut.top):
            said = (f"the {phase.name} cut found in the file, {phase.cut.label(sentence=True)} (the simulations "
                    f"end with {phase.name}, round {self.snapshot.total_rounds}; --cut-points to change, "
                    "--day2 ROUNDS for the final cut through day 2)")
            return dataclasses.replace(phase.cut.sized(size), note=said)
        if cut_points is not None:
            return Cut(size, cut_points)
        return own if own is not None else Cut(size)


#: Platforms that cap the Swiss rounds of an event, by rule pack: (most rounds, where it comes from).
ROUND_CAPS = {"lichess": (100, "lichess Swiss allows up to 100 rounds")}


def most_rounds(players: int) -> int:
    """The Swiss rounds ``players`` can play without a rematch: each opponent once (and with an odd
    number, one bye each)."""
    return players - 1 + players % 2


def check_rounds(snap: Snapshot, rules: RulePack, given: int | None) -> None:
    """The event's Swiss rounds checked before any work, when rounds are left to simulate: no more
    than the platform allows (:data:`ROUND_CAPS`) and than its players can pair without a rematch
    (every simulated round would fail to pair, the search running through every pairing).

    :raises UsageError: naming the cap and where it comes from."""
    total = snap.total_rounds
    if snap.rounds_left <= 0 or len(snap.names) < 2:  # no field to pair: the commands say so
        return
    said = f"--rounds {total}" if given is not None else f"{total} Swiss rounds ({snap.rounds_source})"
    cap = ROUND_CAPS.get(rules.name)
    if cap is not None and total > cap[0]:
        raise UsageError(f"{said}: {cap[1]} (rules {rules.name})")
    players = len(snap.names)
    most = most_rounds(players)
    if total > most:
        bye = " and one bye" if players % 2 else ""
        raise UsageError(f"{said}: {players} players can play at most {most} Swiss rounds without a rematch "
                         f"(each opponent once{bye})")


def check_cut(snap: Snapshot, cut: Cut) -> None:
    """A cut by rank below the number of players (at or above it, everyone makes it and every
    table is "safe to draw").

    :raises UsageError: for a Top N of N players or more."""
    players = len(snap.names)
    if cut.points is None and cut.top >= players:
        said = f"--top {cut.top}" if cut.note is None else f"cut: {cut.note}"
        raise UsageError(f"{said}: the event has {players} players; the cut must be smaller than the field (at "
                         "or above it everyone makes the cut)")


def shown_pack(rules: RulePack, rows) -> RulePack:
    """``rules``, or for standings published under the page's own column labels ("TB1", "TB2" of a
    chess-results ranking alone) a pack of those columns, to show each as the page labels it."""
    labels = [k for k in (rows[0].values if rows else {}) if k not in rules.keys]
    if not labels:
        return rules

    def decimals(key: str) -> int:  # the fewest that show every published value exactly
        values = [r.values[key] for r in rows if key in r.values and r.values[key] == r.values[key]]
        return next((d for d in range(3) if all(abs(v * 10 ** d - round(v * 10 ** d)) < 1e-9 for v in values)), 2)

    shown = tuple(Tiebreak(k, -1, k, "as the file publishes it", percent=False, decimals=decimals(k), reach=0)
                  for k in labels)
    return dataclasses.replace(rules, tiebreaks=shown)


def tiebreak_words(rules: RulePack) -> str:
    """What a day 2 does to the pack's tiebreaks, in words."""
    return "restart" if rules.phase_tiebreaks == "restart" else "carry over"


def read(source: str | os.PathLike | bytes | dict | Event | None = None, *, text: str | None = None,
         format: str = "auto", division: str | None = None, name: str = "<data>") -> Event:
    """The event of ``source`` (see :func:`drawsafe.app.context.open_event`)."""
    if text is not None:
        if source is not None:
            raise TypeError("give either source or text, not both")
        return parse_event(text.encode("utf-8"), name, format, division)
    if source is None:
        return sample_event()
    if isinstance(source, Event):
        return source
    if isinstance(source, (bytes, bytearray)):
        return parse_event(bytes(source), name, format, division)
    if isinstance(source, dict):
        return parse_event(json.dumps(source).encode("utf-8"), name, "json" if format == "auto" else format,
                           division)
    if isinstance(source, str) and source.strip().lower().startswith(("http://", "https://")):
        from drawsafe.fetch import read_url  # lazy: httpx, for links only

        return read_url(source.strip(), format, division)
    return load_event(source, format, division)
