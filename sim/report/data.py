"""The simulations behind a report, run once and shared by every figure.

Two sets of simulations feed a report:

- the draw-or-play figures of :func:`drawsafe.simulation.decisions.draw_decisions` (its own scenarios, with the
  other tables' intentional draws modelled);
- one main batch (:meth:`drawsafe.simulation.simulator.Simulator.run`) of the round as it is expected to be played:
  the current round's tables, with the tables that :func:`draw_decisions` expects to draw drawing
  and every other table playing.  Every other figure (tiebreak swings, ranks, cut line, who to
  root for) reads this one batch.

Before the last round (its tables known) both are the round's kept worlds
(:mod:`drawsafe.simulation.worlds`): the draw-or-play figures read them, every player's P(cut) is
``odds``' answer to the same question from them (:attr:`ReportData.odds`: each world averaged over
the player's own table's results, as precise as the question asks), and the main batch is their
first :data:`FIGURE_WORLDS` worlds, played again to keep the focus players' ranks and tiebreaks.

The main batch keeps per-simulation values for the *focus* players only: those who made the cut
at least once in a pilot of the first :data:`PILOT` simulations (the same simulations the main
batch starts with; before the last round, in any kept world), at most :data:`MAX_FOCUS` of them,
plus the chosen player.  A player never in the cut in the pilot has P(cut) below 0.2% (the 95%
upper bound for 0 of 2,000), far below :data:`CONTENDER_LOW`, so no contender is missed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.errors import UsageError
from drawsafe.event.snapshot import Snapshot
from drawsafe.progress import Progress
from drawsafe.simulation.decisions import DrawReport, current_round, draw_decisions, tables_known
from drawsafe.simulation.forecast import forecast_odds
from drawsafe.simulation.odds import OddsResult, simulate_until
from drawsafe.simulation.question import Answered, Budget, Question
from drawsafe.simulation.simulator import MAX_RANK, FirstRound, SimBatch, Simulator
from drawsafe.standings.table import Standings, compute_standings
from drawsafe.stats import Mean, Proportion
from drawsafe.tiebreaks.packs import RulePack

#: Simulations of the pilot that picks the focus players.
PILOT = 2_000
#: Before the last round: the first worlds of the kept run (at most this many) that figures 2 to 5
#: read (ranks, tiebreaks, the cut line, who to root for); every P(cut) reads the whole kept run.
FIGURE_WORLDS = 4_000
#: Most players whose per-simulation values are kept.
MAX_FOCUS = 64
#: A contender's P(cut) lies in [CONTENDER_LOW, CONTENDER_HIGH].
CONTENDER_LOW, CONTENDER_HIGH = 0.01, 0.99
#: Most contenders shown in the tiebreak figures; most players in the rank heat map.
MAX_CONTENDERS, MAX_RANKED = 12, 24


@dataclass(frozen=True)
class ReportData(Answered):
    """Everything the figures and the text of a report read."""

    snapshot: Snapshot
    rules: RulePack
    #: Where the rule pack comes from, in words ("--rules", "suggested by the melee file").
    rules_source: str
    #: The question the report answers (its cut, its budget and seed, the other tables' model).
    question: Question
    draw: DrawReport
    #: The current round's tables with the modes simulated (expected intentional draws included).
    first_round: FirstRound
    #: "published" or "projected (...)".
    pairings: str
    batch: SimBatch
    #: Player index of each focus column of ``batch``.
    focus: np.ndarray
    #: The main batch reached the requested precision (or ran the exact --sims).
    reached: bool
    standings: Standings
    #: The player of the "who to root for" figure (index), and whether the user chose them.
    player: int
    player_chosen: bool
    #: Before the last round: every player's P(cut) from the round's kept worlds, as ``odds``
    #: answers it (each world averaged over the player's own table's results); None: from ``batch``.
    odds: OddsResult | None = None

    def shares(self) -> np.ndarray:
        """Every player's estimated P(cut) (:meth:`p_cut`), by player index."""
        shares = self.batch.cut / self.batch.n
        if self.odds is not None:
            shares = shares.copy()
            for o in self.odds.players:
                shares[self.snapshot.index[o.player]] = o.cut.estimate
        return shares

    @property
    def event(self):
        return self.snapshot.event

    @property
    def names(self) -> tuple[str, ...]:
        return self.snapshot.names

    def points_now(self, p: int) -> float:
        """Player ``p``'s points before the round, in displayed units."""
        return self.standings.by_player()[self.names[p]].points

    def column(self, p: int) -> int:
        """The focus column of player ``p``."""
        return int(np.flatnonzero(self.focus == p)[0])

    def p_cut(self, p: int) -> Proportion | Mean:
        """P(cut) of any player: from the kept worlds (:attr:`odds`) when there, else the main batch."""
        if self.odds is not None:
            found = next((o.cut for o in self.odds.players if o.player == self.names[p]), None)
            if found is not None:
                return found
        return Proportion(int(self.batch.cut[p]), self.batch.n)

    def in_contention(self) -> list[int]:
        """Every player whose P(cut) is in [1%, 99%], best odds first (not capped: the summary
        counts them all; the figures show :meth:`contenders`)."""
        shares = self.shares()
        keep = [p for p in range(len(shares)) if CONTENDER_LOW <= shares[p] <= CONTENDER_HIGH]
        return sorted(keep, key=lambda p: (-shares[p], self.names[p]))

    def contenders(self) -> list[int]:
        """Focus players whose P(cut) is in [1%, 99%], best odds first (at most MAX_CONTENDERS,
        those closest to 50% kept)."""
        shares = self.shares()
        keep = [p for p in self.focus.tolist() if CONTENDER_LOW <= shares[p] <= CONTENDER_HIGH]
        keep.sort(key=lambda p: abs(shares[p] - 0.5))
        return sorted(keep[:MAX_CONTENDERS], key=lambda p: (-shares[p], self.names[p]))

    def ranked(self) -> list[int]:
        """Players for the rank heat map: P(cut) >= 1% (and the chosen player), best first."""
        shares = self.shares()
        keep = [p for p in np.flatnonzero(shares >= CONTENDER_LOW).tolist()]
        keep.sort(key=lambda p: (-shares[p], self.mean_rank(p), self.names[p]))
        keep = keep[:MAX_RANKED]
        if self.player not in keep:
            keep.append(self.player)
        return keep

    def mean_rank(self, p: int) -> float:
        """Mean final rank (1-based) over the simulations where it is exact (top :data:`MAX_RANK`)."""
        hist = self.batch.rank_hist[p, :MAX_RANK]
        total = hist.sum()
        return float((hist * np.arange(1, len(hist) + 1)).sum() / total) if total else float("inf")


def simulated_round(snap, rules, draw: DrawReport) -> tuple[FirstRound, str]:
    """The current round's tables with the draw report's expected intentional draws (with
    ``others="behaviour"``: each table drawing with its probability in each simulation)."""
    fr, how = current_round(snap, rules, draw.question.last_round, draw.question.seed)
    if draw.others == "behaviour":
        p = np.zeros(fr.tables)
        for table, q in draw.draw_probabilities:
            p[table - 1] = q
        return fr.with_draw_probabilities(p), how
    modes = fr.mode.copy()
    for table in draw.drawing_tables:
        modes[table - 1] = engine.INTENTIONAL
    return fr.with_modes(modes), how


def pick_player(shares: np.ndarray, focus: np.ndarray) -> int:
    """The focus player whose P(cut) (``shares``, by player index) is closest to 50% (ties: better
    odds, then lower index)."""
    shares = shares[focus]
    order = sorted(range(len(focus)), key=lambda i: (abs(shares[i] - 0.5), -shares[i], focus[i]))
    return int(focus[order[0]])


def check_request(snap: Snapshot, player: str | None) -> None:
    """Fail early (before any simulation) when a report cannot be made.

    :raises UsageError: for an unknown ``player`` or a snapshot with no Swiss round left to play.
    """
    if player is not None and player not in snap.index:
        raise UsageError(f"unknown player {player!r}; names must match the file exactly")
    if snap.rounds_left < 1:
        raise UsageError(f"no Swiss round left to play after round {snap.after_round} (the event has "
                         f"{snap.total_rounds}); use --after-round or --rounds")


def gather(snap: Snapshot, rules: RulePack, question: Question, progress: Progress | None = None, *,
           rules_source: str = "") -> ReportData:
    """Run the simulations of a report (see the module docstring): ``question`` as ``drawsafe draw``
    asks it (its budget applies to both the draw-or-play scenarios and the main batch; its
    ``player``: whose "who to root for" the report shows, default the contender closest to 50%).
    ``progress`` sees the two phases (draw or play, then the main batch) as the two halves of one
    run; ``rules_source`` says where the rule pack comes from.

    :raises UsageError: for an unknown ``player`` or a snapshot with no round left to play.
    """
    player, budget = question.player, question.budget
    sims, seed = budget.sims, budget.seed
    check_request(snap, player)
    progress_draw, progress_main = halves(progress)
    draw = draw_decisions(snap, rules, replace(question, player=None), progress_draw)
    played = question
    if question.others == "behaviour" and snap.rounds_left >= 2 and question.future_draws == "safe":
        played = replace(question, future_draws="behaviour")  # as draw_decisions does
    sim = Simulator(snap, rules, played)
    fr, how = simulated_round(snap, rules, draw)
    odds = kept_odds(snap, rules, question, progress_main)
    if odds is not None:  # every P(cut) from the kept worlds; the figures' worlds: the first of them
        shares = np.zeros(snap.players)
        for o in odds.players:
            shares[snap.index[o.player]] = o.cut.estimate if o.cut.k else 0.0
        ever = np.flatnonzero(shares > 0)
        focus = ever[np.argsort(-shares[ever], kind="stable")][:MAX_FOCUS]
        budget = Budget(min(odds.simulations, FIGURE_WORLDS), None, budget.max_sims, seed)
    else:
        pilot = sim.run(min(PILOT, sims or PILOT), seed=seed, first_round=fr)
        ever = np.flatnonzero(pilot.cut > 0)
        focus = ever[np.argsort(-pilot.cut[ever], kind="stable")][:MAX_FOCUS]
    chosen = snap.index[player] if player is not None else None
    if chosen is not None and chosen not in focus:
        focus = np.append(focus, chosen)
    focus = focus.astype(np.int64)
    batch, reached = simulate_until(
        lambda first, n: sim.run(n, seed=seed, first=first, focus=focus, first_round=fr, keep_per_sim=True),
        lambda b: b.focus_cut.sum(axis=0), budget, progress_main)
    data = ReportData(snap, rules, rules_source, question, draw, fr, how, batch, focus,
                      reached if odds is None else odds.reached, compute_standings(snap, rules, seed),
                      -1 if chosen is None else chosen, player is not None, odds)
    return data if chosen is not None else replace(data, player=pick_player(data.shares(), focus))


def kept_odds(snap: Snapshot, rules: RulePack, question: Question, progress: Progress | None = None
              ) -> OddsResult | None:
    """Before the last round (its tables known, the worlds kept: :mod:`drawsafe.simulation.worlds`):
    every player's odds as ``odds`` answers the same question, from the same worlds as the report's
    draw-or-play figures; None otherwise."""
    if not tables_known(snap, rules, question) or snap.rounds_left != 1 or snap.phase_end:
        return None
    return forecast_odds(snap, rules, replace(question, player=None), progress)


def halves(progress: Progress | None) -> tuple[Progress | None, Progress | None]:
    """A report's two phases (draw or play, then its own batch) as the two halves of one bar."""
    if progress is None:
        return None, None

    def first(done: int, target: int) -> None:
        progress(done, 2 * max(target, 1))

    def second(done: int, target: int) -> None:
        progress(max(target, 1) + done, 2 * max(target, 1))

    return first, second

