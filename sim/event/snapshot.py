"""A standings snapshot: the event after round R, as arrays the numba kernels read.

Arrays are indexed ``[player, round]`` (round 0 is round 1) and hold, for every player and round:

``opp``   opponent index, or -1 when there is none (bye, loss without opponent, absent)
``kind``  how the round went (:mod:`drawsafe.event.kinds`)
``gw``, ``gl``, ``gd``  games won, lost and drawn (a bye is stored as a 2-0 win; 1-0 in best-of-one;
          a bye scored apart by hand with its extra points as drawn games, ``Match.draws``)

Only Swiss rounds are in the arrays unless ``include_playoff`` is asked for (used to explain
published standings that count the playoff).

Phases (``Event.phases``): ``phase_start`` is the 0-based index of the first round of the last
phase (a day 2), which the tiebreak kernels of a pack whose tiebreaks restart read
(:meth:`drawsafe.tiebreaks.packs.RulePack.flags`); a snapshot taken during an earlier phase plays
only to that phase's end (``total_rounds``, ``phase_cut``: the cut that ends it), unless
:func:`through_day2` extends it: then the simulations play that phase out, apply its cut before
round ``phase_end`` and play the next phase to the event's end.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from drawsafe.choices import MAX_ROUNDS
from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.event.cut import Cut
from drawsafe.event.model import (
    BYE,
    DOUBLE_LOSS,
    FORFEIT,
    HALF_BYE,
    LOSS,
    NO_RESULT,
    Event,
    Match,
    Phase,
    Round,
)
from drawsafe.event.schedule import APPENDIX_E, Schedule
from drawsafe.event.unpaired import unpaired_round


@dataclass(frozen=True, eq=False)
class Snapshot:
    """The event after ``after_round`` Swiss rounds, with the known pairings of the next round."""

    event: Event
    after_round: int
    total_rounds: int
    #: Where ``total_rounds`` comes from: "file", "--rounds", a schedule's name ("Appendix E") or
    #: "rounds in the file" (no schedule: chess).
    rounds_source: str
    names: tuple[str, ...]
    opp: np.ndarray
    kind: np.ndarray
    gw: np.ndarray
    gl: np.ndarray
    gd: np.ndarray
    #: Players who will be paired in the next round.
    active: np.ndarray
    #: The published pairings of round ``after_round + 1`` (results reported so far kept, or none).
    next_round: Round | None = None
    index: dict[str, int] = field(default_factory=dict)
    #: Rating per player (0 where the file gives none).
    ratings: np.ndarray = field(default_factory=lambda: np.zeros(0))
    #: 0-based index of the first round of the event's last phase (a day 2), 0 for one phase.
    phase_start: int = 0
    #: The snapshot is in an earlier phase: the simulations play to its end, where this cut decides
    #: who goes on (``None``: the snapshot is in the last phase).
    phase_cut: Phase | None = None
    #: Players the file ranks (``Event.ranked``: one division of a combined pod); all when None.
    ranked: np.ndarray | None = None
    #: Players eliminated by a phase's cut (not dropped: they are simply not in the next phase).
    cut_out: np.ndarray | None = None
    #: The simulations cross into the next phase: before 0-based round ``phase_end`` only the
    #: players through ``phase_cut`` play on (0: no phase is crossed; :func:`through_day2`).
    phase_end: int = 0

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def rounds_left(self) -> int:
        return self.total_rounds - self.after_round

    def ranked_mask(self) -> np.ndarray:
        """True for the players who are ranked (every player unless the file ranks one division)."""
        return np.ones(self.players, dtype=bool) if self.ranked is None else self.ranked

    @property
    def competed(self) -> np.ndarray:
        """True for players who competed in at least one counted round."""
        return (self.kind != kinds.ABSENT).any(axis=1)

    @property
    def has_rematch(self) -> bool:
        """True when some pair of players met twice (then each opponent counts once)."""
        # each row sorted: a rematch is two equal opponents side by side (a loop over the players
        # took 57 ms at 20,000 players, asked 23 times by one draw)
        met = np.sort(self.opp, axis=1)
        return bool(((met[:, 1:] == met[:, :-1]) & (met[:, 1:] >= 0)).any())


def take_snapshot(event: Event, after_round: int | None = None, rounds: int | None = None,
                  include_playoff: bool = False, schedule: Schedule | None = APPENDIX_E) -> Snapshot:
    """The snapshot of ``event`` after Swiss round ``after_round``.

    ``after_round=None`` takes every Swiss round with all results in; a round in progress (pairings
    published, some results missing) becomes ``next_round`` with the results it has.  With an
    explicit ``after_round`` the pairings of the following round are kept and its results ignored.
    ``rounds`` overrides the number of Swiss rounds of the event.  When neither it nor the file
    says, ``schedule`` (the rule pack's attendance table, passed in by the application layer)
    gives them; with ``None`` (chess: no such table) the event has the rounds the file shows.
    A last round that is not paired yet (:mod:`drawsafe.event.unpaired`: only byes entered before
    its pairing) is not played: no published pairings, everyone of the round before pending.

    :raises UsageError: when ``after_round`` or ``rounds`` do not fit the event.
    """
    swiss = event.swiss
    played = event.rounds_played
    unpaired = unpaired_round(event)
    if unpaired is not None and played == len(swiss):
        played -= 1
    if after_round is None:
        after = played
        following = swiss[after] if after < len(swiss) else None
    else:
        if after_round < 0 or after_round > played:
            raise UsageError(
                f"--after-round {after_round}: the event has results for Swiss rounds 1..{played}"
                + (f" (round {played + 1} is still in progress)" if played < len(swiss)
                   and swiss[played] is not unpaired else "")
                + (f" (round {unpaired.number} is not paired yet)" if unpaired is not None else "")
            )
        after = after_round
        following = strip_results(swiss[after]) if after < len(swiss) else None
    if following is not None and following.number == getattr(unpaired, "number", None):
        following = None  # entered byes only: the round is still to be paired
    total, source = total_rounds(event, rounds, after, schedule)
    counted = list(swiss[:after]) + (list(event.playoff) if include_playoff else [])
    names = event.players
    index = {p: i for i, p in enumerate(names)}
    n, r = len(names), len(counted)
    opp = np.full((n, r), -1, dtype=np.int32)
    kind = np.zeros((n, r), dtype=np.int8)
    gw = np.zeros((n, r), dtype=np.int8)
    gl = np.zeros((n, r), dtype=np.int8)
    gd = np.zeros((n, r), dtype=np.int8)
    bye_games = event.best_of // 2 + 1
    for j, rnd in enumerate(counted):
        for m in rnd.matches:
            fill(m, j, index, (opp, kind, gw, gl, gd), bye_games)
    active = np.zeros(n, dtype=bool)
    if following is not None:
        for p in following.players:
            active[index[p]] = True
    elif after == 0:
        active[:] = True
    else:
        for p in swiss[after - 1].players:
            active[index[p]] = True
        if unpaired is not None and unpaired.number == after + 1:
            for p in unpaired.players:  # entered for the next round: still in the event
                active[index[p]] = True
    for p, last in event.drops.items():
        if last <= after and (following is None or p not in following.players):
            active[index[p]] = False
    ratings = np.array([float(event.ratings.get(p, 0.0)) for p in names])
    starts = event.phase_starts()
    phase_start = starts[-1] - 1 if starts else 0
    phase_cut = None
    if rounds is None and starts and after < starts[0] - 1:
        # during day 1: the simulations play to its end and answer for its cut
        total, source, phase_cut = starts[0] - 1, f"{event.phases[0].name} of the file's phases", \
            event.phases[0]
    ranked = None
    if event.ranked is not None:
        ranked = np.array([p in event.ranked for p in names], dtype=bool)
    cut_out = np.zeros(n, dtype=bool)
    for k in starts:
        # once round k (a new phase) is paired, who played round k - 1 but is not in it was cut
        if after >= k - 1 and k - 1 < len(swiss):
            for p in swiss[k - 2].players - swiss[k - 1].players:
                if p not in event.drops:
                    cut_out[index[p]] = True
    return Snapshot(event, after, total, source, names, opp, kind, gw, gl, gd, active, following, index,
                    ratings, phase_start, phase_cut, ranked, cut_out)


def fill(m: Match, j: int, index: dict[str, int], columns: tuple, bye_games: int) -> None:
    """Match ``m`` written into column ``j`` of the round arrays ``columns`` (opp, kind, gw, gl, gd:
    ``[players, rounds]``), players numbered by ``index``; a bye wins ``bye_games`` games."""
    opp, kind, gw, gl, gd = columns
    a = index[m.player_a]
    if m.kind == BYE:
        # a bye scored apart by hand carries its extra points as ties (Match.draws; 0 for the others)
        kind[a, j], gw[a, j], gd[a, j] = kinds.BYE, bye_games, m.draws or 0
    elif m.kind == LOSS:
        kind[a, j] = kinds.LOSS_NO_OPPONENT
    elif m.kind == HALF_BYE:
        kind[a, j] = kinds.HALF_BYE
    else:
        b = index[m.player_b]
        opp[a, j], opp[b, j] = b, a
        if m.kind == FORFEIT:
            kind[a, j], kind[b, j] = kinds.FORFEIT_WIN, kinds.FORFEIT_LOSS
        elif m.kind == NO_RESULT:
            kind[a, j] = kind[b, j] = kinds.NO_RESULT
        elif m.kind == DOUBLE_LOSS:
            kind[a, j] = kind[b, j] = kinds.DOUBLE_LOSS
        else:
            kind[a, j] = kind[b, j] = kinds.PLAYED
            gw[a, j] = gl[b, j] = m.a_wins
            gl[a, j] = gw[b, j] = m.b_wins
            gd[a, j] = gd[b, j] = m.draws
            if m.b_draws is not None:  # a score the platform counted apart for each side
                gd[b, j] = m.b_draws


def strip_results(r: Round) -> Round:
    """The pairings of a round without its match results (byes and losses stay).  What was decided
    without play becomes the pairing it was, result pending: a forfeit, a double loss, and a
    pairing that was never played (``NO_RESULT``: both players left after the pairings were out,
    as pokedata and TOM keep it); when the pairings came out, those tables were still to play."""
    return replace(r, matches=tuple(
        replace(m, a_wins=None, b_wins=None, draws=None, b_draws=None, kind="match")
        if m.kind in ("match", FORFEIT, DOUBLE_LOSS, NO_RESULT) else m for m in r.matches
    ))


def total_rounds(event: Event, rounds: int | None, after: int,
                 schedule: Schedule | None = APPENDIX_E) -> tuple[int, str]:
    swiss = len(event.swiss)
    if rounds is not None:
        if rounds < max(after, 1):
            raise UsageError(f"--rounds {rounds}: the snapshot already has {after} Swiss rounds")
        if rounds < swiss:
            raise UsageError(f"--rounds {rounds}: the file already holds {swiss} Swiss rounds")
        return rounds, "--rounds"
    if event.swiss_rounds is not None:
        return max(event.swiss_rounds, swiss), "file"
    shown = (max(swiss, 1), "rounds in the file")
    if schedule is None:
        return shown
    entrants = len(event.players)
    byes = (dict(event.awarded_byes) or guess_awarded_byes(event)) if schedule.byes_count else None
    try:
        return max(schedule.rounds(entrants, byes), swiss), schedule.name
    except UsageError:  # fewer players than the table's first row
        return shown


def guess_awarded_byes(event: Event) -> dict[str, int]:
    """Byes given before the event started: a run of byes from round 1, when more than one player
    has a bye in round 1 or someone's run is longer than one (one lone round-1 bye is the odd
    player's)."""
    runs: dict[str, int] = {}
    for r in event.swiss:
        byes = {m.player_a for m in r.matches if m.kind == BYE}
        for p in byes:
            if runs.get(p, 0) == r.number - 1:
                runs[p] = r.number
    if len([p for p, k in runs.items() if k >= 1]) > 1 or any(k > 1 for k in runs.values()):
        return runs
    return {}


def through_day2(snap: Snapshot, rounds: int, cut_points: float | None = None, cut_top: int | None = None,
                 said: str = "--day2") -> Snapshot:
    """``snap`` taken during day 1, simulated to the event's end: day 1 played out (its last round
    being ``snap.total_rounds``), then the players on at least ``cut_points`` points (or the first
    ``cut_top`` of the day-1 standings; neither: the day-1 cut the file shows) play ``rounds`` more
    Swiss rounds, whose tiebreaks restart or carry on as the rule pack says
    (:attr:`drawsafe.tiebreaks.packs.RulePack.phase_tiebreaks`, read through ``phase_start``).

    :raises UsageError: when the snapshot is not in day 1, or no day-1 cut is given or known."""
    if rounds < 1:
        raise UsageError(f"{said}: day 2 needs at least 1 round")
    if cut_points is not None and cut_top is not None:
        raise UsageError(f"{said}: give the day-1 cut by points (POINTS:ROUNDS) or by rank (--day2-top), not both")
    day1 = snap.total_rounds
    refuse_in_day2(snap, said)
    if cut_points is None and cut_top is None:
        known = snap.phase_cut
        if known is None or known.cut is None or (known.cut.points is None and not known.cut.top):
            raise UsageError(f"{said}: the file shows no day-1 cut; give its points as "
                             f"POINTS:ROUNDS (e.g. --day2 19:{rounds}) or its size with --day2-top N")
        cut_points, cut_top = known.cut.points, known.cut.top
    if cut_top is not None and cut_top < 1:
        raise UsageError(f"{said}: the day-2 cut by rank must keep at least 1 player")
    name = snap.phase_cut.name if snap.phase_cut is not None else "day 1"
    phase = Phase(name, day1, Cut(cut_top, cut_points))
    return replace(snap, total_rounds=day1 + rounds,
                   rounds_source=f"{day1} of {name}, then {rounds} of day 2 ({said})",
                   phase_start=day1, phase_cut=phase, phase_end=day1)


def refuse_in_day2(snap: Snapshot, said: str) -> None:
    """:raises UsageError: when ``snap`` is already in the file's day 2 (there is no day 1 to play
    out, its cut is made)."""
    if snap.phase_cut is None and snap.phase_start > 0:
        raise UsageError(f"{said}: the standings after round {snap.after_round} are already in the file's "
                         f"day 2 (from round {snap.phase_start + 1}): its cut is made; drop {said}")


def read_day2(text: str) -> tuple[int | None, int] | None:
    """``--day2`` as :func:`parse_day2` reads it, or None for ``auto`` (the file's own day 2).

    :raises UsageError: for anything else."""
    return None if text.strip().lower() == "auto" else parse_day2(text)


def parse_day2(text: str | None) -> tuple[int | None, int]:
    """``--day2 POINTS:ROUNDS`` (or ``:ROUNDS`` / ``ROUNDS`` with ``--day2-top``) as (points or
    None, rounds).

    :raises UsageError: for anything else."""
    if text is None or text == "":
        return None, 0
    points, sep, rounds = text.partition(":")
    if not sep:
        points, rounds = "", points
    try:
        if len(rounds.strip()) > 9 or len(points.strip()) > 9:
            raise ValueError(text)
        r = int(rounds)
        p = int(points) if points.strip() else None
    except ValueError:
        raise UsageError(f"--day2 {text!r}: use POINTS:ROUNDS (e.g. 19:5: players on 19 or more points "
                         "play 5 more rounds), or ROUNDS with --day2-top N") from None
    if r < 1:
        raise UsageError(f"--day2 {text!r}: day 2 needs at least 1 round")
    if r > MAX_ROUNDS:
        raise UsageError(f"--day2 {text!r}: day 2 can have at most {MAX_ROUNDS} rounds")
    if p is not None and p < 0:
        raise UsageError(f"--day2 {text!r}: the points must be at least 0")
    return p, r
