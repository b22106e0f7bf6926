"""Everything a command needs about one event: the file read, the snapshot taken, the rules chosen.

The command line builds one :class:`EventContext` per call from its shared options; the library
functions behind each command take its parts.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drawsafe.choices import DEFAULT_OTHERS
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event
from drawsafe.event.model import Event
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.standings.check import CheckReport, check_standings
from drawsafe.standings.table import Standings, compute_standings
from drawsafe.tiebreaks.packs import RulePack, get_rules, with_tiebreaks


@dataclass(frozen=True)
class Cut:
    """Who makes it: the first ``top`` active players, or (``points`` not None) everyone on at
    least ``points`` points; ``note`` says how ``--top auto`` was resolved."""

    top: int
    points: float | None = None
    note: str | None = None


#: Progress callbacks receive (simulations done, simulations planned).
ProgressCallback = Callable[[int, int], None]


@dataclass
class EventContext:
    """One event as read, its snapshot and rule pack; its methods answer what the commands answer."""

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
        """Exact standings with every tiebreak; players tied on all of them ordered by ``seed``."""
        return compute_standings(self.snapshot, self.rules, seed)

    def check(self) -> CheckReport:
        """The computed standings against those the file publishes, every difference explained.

        :raises UsageError: when the file publishes no standings."""
        if not self.event.standings:
            raise UsageError(f"{self.event.source}: the file has no published standings to check against")
        return check_standings(self.event, self.snapshot, self.rules)

    def pairings(self, last_round: str | None = None, seed: int = 0, pairing: str | None = None):
        """The next round's pairings, as published or projected
        (:class:`~drawsafe.pairing.next_round.NextRound`; the last round as the pack pairs it
        unless ``last_round`` says)."""
        from drawsafe.pairing.next_round import next_round_pairings

        return next_round_pairings(self.snapshot, self.rules, last_round or self.rules.last_round, seed,
                                   pairing)

    def cut(self, top: int | str = 8, cut_points: float | None = None) -> Cut:
        """The cut these options ask for: a Top ``top`` (``"auto"``: the file's announced cut, else
        the pack's attendance table, :func:`drawsafe.tiebreaks.cuts.auto_top`), or with
        ``cut_points`` everyone on at least that many points (day 2).

        :raises UsageError: for ``top="auto"`` where the pack has no published table."""
        from drawsafe.tiebreaks.cuts import auto_top

        if cut_points is not None:
            size = top if isinstance(top, int) else 8
            said = f"everyone on {cut_points:g}+ points (--cut-points); --top auto is not used" \
                if top == "auto" else None
            return Cut(size, cut_points, said)
        if top == "auto":
            choice = auto_top(self.rules.name, len(self.snapshot.names), self.event.top_cut)
            return Cut(choice.top, None, f"Top {choice.top} ({choice.source})")
        return Cut(int(top), None, None)

    def sim_config(self, top: int | str = 8, last_round: str | None = None, model: str | None = None,
                   draw_share: float | None = None, future_draws: str = "safe", safe: float = 0.99,
                   pairing: str | None = None, cut_points: float | None = None):
        """The :class:`~drawsafe.simulation.simulator.SimConfig` of these options: the cut of
        :meth:`cut`, the last round paired as the rule pack pairs it unless ``last_round`` says,
        and the result model fitted to this event and pack
        (:meth:`drawsafe.engine.results.ResultModel.for_event`)."""
        from drawsafe.engine.results import ResultModel
        from drawsafe.simulation.simulator import SimConfig

        cut = self.cut(top, cut_points)
        results = ResultModel.for_event(self.event, self.rules, model, draw_share)
        return SimConfig(top=cut.top, last_round=last_round or self.rules.last_round, results=results,
                         future_draws=future_draws, safe=safe, pairing=pairing, cut_points=cut.points)

    def odds(self, *, sims: int | None = None, precision: float = 0.005, seed: int = 0,
             max_sims: int = 2_000_000, progress: ProgressCallback | None = None, **options: Any):
        """Every player's P(cut) with its 95% interval (:class:`~drawsafe.simulation.odds.OddsResult`).

        ``sims`` exactly, else adapt until every interval is at most +/- ``precision``; ``options``:
        those of :meth:`sim_config` (top, last_round, model, draw_share, future_draws, pairing)."""
        from drawsafe.simulation.odds import compute_odds

        return compute_odds(self.snapshot, self.rules, self.sim_config(**options), sims, precision, seed,
                            max_sims, progress)

    def draw(self, *, player: str | None = None, safe: float = 0.99, others: str = DEFAULT_OTHERS,
             sims: int | None = None, precision: float = 0.005, seed: int = 0, max_sims: int = 2_000_000,
             progress: ProgressCallback | None = None, **options: Any):
        """Draw or play, table by table (:class:`~drawsafe.simulation.decisions.DrawReport`).

        ``others``: the other tables' intentional draws (none, locked, rational); ``player``: only
        that player's table; the rest as :meth:`odds`."""
        from drawsafe.simulation.decisions import draw_decisions

        config = self.sim_config(safe=safe, **options)
        return draw_decisions(self.snapshot, self.rules, config, others, safe, player, sims, precision, seed,
                              max_sims, progress)

    def report(self, output: str | os.PathLike | None = None, *, player: str | None = None,
               safe: float = 0.99, others: str = DEFAULT_OTHERS, sims: int | None = None,
               precision: float = 0.005, seed: int = 0, max_sims: int = 2_000_000,
               png_dir: str | os.PathLike | None = None, **options: Any):
        """The plotted HTML report (:class:`~drawsafe.report.Report`: ``html``, ``figures``), written
        atomically to ``output`` when given; ``player``: whose "who to root for" it shows."""
        from drawsafe.report import build_report, gather, write_report

        config = self.sim_config(safe=safe, **options)
        data = gather(self, config, player, sims, precision, seed, max_sims, others, safe)
        result = build_report(data)
        if output is not None:
            write_report(result, output, png_dir)
        return result


def open_event(file: str | None, format: str = "auto", rules: str | None = None, rounds: int | None = None,
               after_round: int | None = None, tiebreaks: str | None = None) -> EventContext:
    """Read ``file`` (or the embedded sample) and take the snapshot the options ask for.

    ``rules`` names the pack (default: what the file suggests, else mtg); ``tiebreaks`` replaces
    its tiebreak list (``"BH-C1,BH,SB,WIN"``; see :func:`drawsafe.tiebreaks.packs.with_tiebreaks`).

    :raises InputError: when the file cannot be read or is not a valid event.
    :raises UsageError: for an unknown pack or tiebreak key, or options the event cannot satisfy.
    """
    event = sample_event() if file is None else load_event(file, format)
    return event_context(event, rules, rounds, after_round, tiebreaks, from_sample=file is None)


def event_context(event: Event, rules: str | None = None, rounds: int | None = None,
                  after_round: int | None = None, tiebreaks: str | None = None,
                  from_sample: bool = False) -> EventContext:
    """The context of an event already read (see :func:`open_event` for the options)."""
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
