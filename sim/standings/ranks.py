"""Published points and ranks (a TRF's points and rank columns, lichess's ranking order) against
the computed standings, every difference explained.

A pairing program publishes each player's points and final rank.  Rank 0 means "not ranked":
programs leave withdrawn players and their bye dummy out of the ranking, so the computed order
is compared among the ranked players only (withdrawn players still count as opponents).  Players
exactly tied on points and every tiebreak may come in either order (programs break such ties by
start number, rating or lot).

Each difference gets a reason:

``rules``     the published ranking follows another rule pack of the game, under which this rank
              agrees (every pack of the game is tried; the best is named);
``entered``   the published points count the byes entered ahead for a round not paired yet;
``team``      a team event: the 001 points column is not the player's own score;
``start-order`` the file ranks equal points by start number, without tiebreaks (programs write
              such a rank column before the final ranking, e.g. in a pairing program's input);
``tiebreak``  the program ranks two players the other way than the pack: the first key that
              separates them here is named;
``points``    the rank differs because the points do;
``unknown``   none of these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drawsafe.event.model import Event, PublishedStanding
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.event.unpaired import unpaired_round
from drawsafe.standings.check import Disagreement
from drawsafe.standings.table import StandingRow, Standings, compute_standings
from drawsafe.tiebreaks.packs import PACKS, RulePack, display_points


def publishes_ranks_only(rows: tuple[PublishedStanding, ...] | None) -> bool:
    """True for published rows with points and ranks but no Magic tiebreaks (a TRF)."""
    return bool(rows) and all(r.omw is None and r.gw is None and r.ogw is None for r in rows)


@dataclass(frozen=True)
class RankCheck:
    """Published points and ranks compared with the standings under ``rules``."""

    rules: str
    after_round: int
    #: Published players whose points and rank (those published) both agree.
    agreed: int
    points_compared: int
    points_agreed: int
    ranks_compared: int
    ranks_agreed: int
    #: (player, why) of the published players not ranked by the file.
    unranked: tuple[tuple[str, str], ...]
    #: One per player whose points or rank differ (fields "points", "rank").
    disagreements: tuple[Disagreement, ...]
    #: Every rule pack of the game with the published ranks it reproduces, best first.
    packs: tuple[tuple[str, int], ...]
    missing: tuple[str, ...] = field(default=())
    #: The description of the best pack (:attr:`best`).
    best_description: str = ""

    @property
    def best(self) -> tuple[str, int] | None:
        """The rule pack reproducing the most published ranks and how many (``None``: no ranks)."""
        return self.packs[0] if self.packs else None

    def summary(self) -> str:
        """One line: how many published points and ranks agree, and which pack fits best."""
        text = (f"published points: {self.points_agreed} of {self.points_compared} agree; ranks: "
                f"{self.ranks_agreed} of {self.ranks_compared} under {self.rules}")
        if self.best and self.best[0] != self.rules and self.best[1] > self.ranks_agreed:
            text += f"; --rules {self.best[0]} reproduces {self.best[1]}"
        return text + " (standings --check explains each difference)" if self.disagreements else text

    @property
    def compared(self) -> int:
        """Published players compared (on points, rank or both)."""
        return self.agreed + len(self.disagreements)

    def to_json(self) -> dict:
        return {"compared": self.compared, "agreed": self.agreed, "rules": self.rules,
                "after_round": self.after_round,
                "points": {"compared": self.points_compared, "agreed": self.points_agreed},
                "ranks": {"compared": self.ranks_compared, "agreed": self.ranks_agreed},
                "unranked": [{"player": p, "why": why} for p, why in self.unranked],
                "packs": [{"rules": name, "ranks_agreed": n} for name, n in self.packs],
                "summary": self.summary(),
                "disagreements": [d.to_json() for d in self.disagreements],
                "missing": list(self.missing)}


def final_snapshot(event: Event, snap: Snapshot) -> Snapshot:
    """The snapshot the published table belongs to: after the last round with results."""
    last = take_snapshot(event, None, snap.total_rounds)
    return snap if last.after_round == snap.after_round else last


def tie_spans(rows: list[StandingRow]) -> dict[str, tuple[int, int]]:
    """The first and last position (from 1) of each player's run of exact ties in ``rows``."""
    span: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and same_keys(rows[j], rows[j + 1]):
            j += 1
        for k in range(i, j + 1):
            span[rows[k].player] = (i + 1, j + 1)
        i = j + 1
    return span


def same_keys(a: StandingRow, b: StandingRow) -> bool:
    return a.points == b.points and a.values == b.values


def ranked_rows(standings: Standings, ranked: set[str]) -> list[StandingRow]:
    return [r for r in standings.rows if r.player in ranked]


def rank_agreement(standings: Standings, published: dict[str, int]) -> dict[str, tuple[bool, int]]:
    """Per ranked player: (the published rank falls in their tie run here, their position here)."""
    rows = ranked_rows(standings, set(published))
    span = tie_spans(rows)
    out = {}
    for i, r in enumerate(rows):
        lo, hi = span[r.player]
        out[r.player] = (lo <= published[r.player] <= hi, i + 1)
    return out


def check_ranks(event: Event, snap: Snapshot, rules: RulePack) -> RankCheck:
    """Compare ``event.standings`` (points and ranks) with the standings under ``rules``."""
    snap = final_snapshot(event, snap)
    standings = compute_standings(snap, rules)
    by_player = standings.by_player()
    # a player who never played (and is not in the next round) is not in the standings
    rows = [r for r in event.standings or () if r.player in by_player]
    missing = tuple(r.player for r in event.standings or () if r.player not in by_player)
    published_rank = {r.player: r.rank for r in rows if r.rank}
    found: dict[str, dict] = {}
    reasons: dict[str, tuple[str, str]] = {}
    # points
    entered = entered_points(event, snap, rules)
    team = any("team event" in n for n in event.notes)
    points_rows = [r for r in rows if r.points is not None]
    points_agreed = 0
    for r in points_rows:
        ours = by_player[r.player].points
        if ours == r.points:
            points_agreed += 1
            continue
        found.setdefault(r.player, {})["points"] = (ours, r.points)
        if entered.get(r.player) is not None and ours + entered[r.player] == r.points:
            reasons[r.player] = ("entered", ("the published points count the byes entered for round "
                                 f"{snap.after_round + 1}, which is not paired yet"))
        elif team:
            reasons[r.player] = ("team", ("a team event: the 001 points column is not the player's "
                                 "own score"))
        else:
            reasons[r.player] = ("unknown", ("no known program behaviour reproduces the published "
                                 "points"))
    # ranks, among the ranked players, under this pack and every other pack of the game
    agreement = rank_agreement(standings, published_rank)
    packs = []
    alternatives: dict[str, dict[str, tuple[bool, int]]] = {}
    for pack in PACKS.values():
        if pack.game != rules.game or not published_rank:
            continue
        got = agreement if pack.name == rules.name else rank_agreement(
            compute_standings(snap, pack), published_rank)
        alternatives[pack.name] = got
        packs.append((pack.name, sum(ok for ok, _ in got.values())))
    if rules.name not in alternatives and published_rank:
        packs.append((rules.name, sum(ok for ok, _ in agreement.values())))
    packs.sort(key=lambda item: (-item[1], item[0] != rules.name))
    best = packs[0][0] if packs else rules.name
    by_start = start_order_agreement(standings, published_rank, event.players)
    start_fits = sum(ok for ok, _ in by_start.values())
    if packs and start_fits <= packs[0][1]:
        start_fits = 0  # a pack does at least as well: name the pack
    ranks_agreed = 0
    ours_rows = ranked_rows(standings, set(published_rank))
    for player, rank in published_rank.items():
        ok, here = agreement[player]
        if ok:
            ranks_agreed += 1
            continue
        found.setdefault(player, {})["rank"] = (here, rank)
        if player in reasons:
            continue
        if "points" in found[player]:
            reasons[player] = ("points", "the points differ")
        elif start_fits and by_start[player][0]:
            reasons[player] = ("start-order", (f"the file ranks equal points by start number, without "
                                               f"tiebreaks (that order reproduces {start_fits} of "
                                               f"{len(published_rank)} published ranks)"))
        elif best != rules.name and alternatives[best][player][0]:
            reasons[player] = ("rules", (f"agrees under --rules {best} (tiebreaks "
                                        f"{', '.join(PACKS[best].keys)}), which reproduces "
                                        f"{packs[0][1]} of {len(published_rank)} published ranks"))
        else:
            reasons[player] = ("tiebreak", tiebreak_text(player, rank, here, ours_rows,
                                                         published_rank, rules))
    unranked = tuple((r.player, why_unranked(event, snap, r.player)) for r in rows if r.rank == 0)
    disagreements = tuple(
        Disagreement(p, published_rank.get(p, 0), found[p], *reasons[p])
        for p in sorted(found, key=lambda p: (published_rank.get(p) or 10**9, p)))
    return RankCheck(rules.name, snap.after_round, len(rows) - len(found), len(points_rows),
                     points_agreed, len(published_rank), ranks_agreed, unranked, disagreements,
                     tuple(packs), missing, PACKS[best].description if best in PACKS else "")


def start_order_agreement(standings: Standings, published: dict[str, int], players: tuple[str, ...]
                          ) -> dict[str, tuple[bool, int]]:
    """Per ranked player: the published rank is their place by points, then start number (the
    order of the file's player lines)."""
    start = {p: i for i, p in enumerate(players)}
    rows = sorted(ranked_rows(standings, set(published)), key=lambda r: (-r.points, start[r.player]))
    return {r.player: (published[r.player] == i + 1, i + 1) for i, r in enumerate(rows)}


def entered_points(event: Event, snap: Snapshot, rules: RulePack) -> dict[str, float]:
    """Points of the byes entered ahead for the round after the snapshot (not yet paired)."""
    r = unpaired_round(event)
    if r is None or r.number != snap.after_round + 1:
        return {}
    win, draw = rules.points[2], rules.points[1]
    out = {}
    for m in r.matches:
        raw = win if m.kind == "bye" else draw if m.kind == "half-bye" else 0
        out[m.player_a] = display_points(raw, rules.point_scale)
    return out


def tiebreak_text(player: str, rank: int, here: int, rows: list[StandingRow],
                  published: dict[str, int], rules: RulePack) -> str:
    """Why the pack puts ``player`` at ``here`` rather than at the published ``rank``: the player
    here at that rank, and the first key that separates the two."""
    other = rows[rank - 1] if 0 < rank <= len(rows) else None
    mine = next(r for r in rows if r.player == player)
    if other is None or other.player == player:
        return f"ranked {here} here"
    keys = [("points", mine.points, other.points)] + [
        (t.key, mine.values[t.key], other.values[t.key]) for t in rules.tiebreaks]
    side = "above" if published[player] < published.get(other.player, 10**9) else "below"
    for key, a, b in keys:
        if a != b:
            return (f"the file ranks {player} {side} {other.player}; here {key} {a:g} v {b:g} "
                    "decides the other way")
    return f"the file ranks {player} {side} {other.player}; here they are exactly tied"


def why_unranked(event: Event, snap: Snapshot, player: str) -> str:
    """In words: why the file leaves ``player`` out of its ranking (withdrawn, or not said)."""
    last = 0
    for r in event.swiss[:snap.after_round]:
        if player in r.players:
            last = r.number
    if last == 0:
        return "never played"
    if last < snap.after_round:
        return f"withdrawn after round {last}"
    return "not ranked by the file"
