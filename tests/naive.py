"""An obvious, slow twin of the MTG tiebreak kernels, written from the rule text for clarity.

It reads an :class:`~drawsafe.event.model.Event`'s :class:`~drawsafe.event.model.Match` objects directly (never the numpy
arrays of :mod:`drawsafe.event.snapshot`) and computes with exact fractions, following the Magic Tournament
Rules, Appendix C, as quoted in the product brief:

- match points: win 3, draw 1, loss 0; a bye is a match win;
- game points: game win 3, drawn game 1, loss 0; a bye is a 2-0 win (6 game points, 2 games), or a
  1-0 win in a best-of-one event; an intentional draw ``0-0-3`` is three drawn games;
- MW% = match points / (3 x rounds competed), at least 1/3;
- GW% = game points / (3 x games played); floored at 1/3 in the current rules (``floored=True``),
  not floored in the older wording;
- OMW% / OGW% = mean of the opponents' MW% / GW%, each at least 1/3; rounds with a bye, or a loss
  without opponent, have no opponent and are left out;
- a match loss without opponent counts as a round competed (for MW%) and adds no games;
- a double loss is a match loss for both players with no games; they are each other's opponents;
- with ``dedupe`` an opponent met more than once counts once in OMW%/OGW% (as melee.gg counts
  playoff rematches; the standings turn it on whenever some pair met twice).

Conventions where the rule text is silent (the kernels must make the same choice):

- a player with no games has GW% 1/3 in both variants (0/0 has no value; the floor is neutral);
- a player with no opponent has OMW% and OGW% 1/3;
- a player with no round competed has MW% 1/3.

Only the MTG match kinds are handled (match, bye, loss, double-loss); the chess kinds raise.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, MATCH, Event, Match

THIRD = Fraction(1, 3)


@dataclass(frozen=True)
class Line:
    """One player's record and tiebreaks, all exact."""

    player: str
    points: int
    wins: int
    losses: int
    draws: int
    rounds: int
    game_points: int
    games: int
    mw: Fraction
    gw: Fraction  # floored or not, as asked
    gw_raw: Fraction  # never floored (1/3 without games)
    omw: Fraction
    ogw: Fraction
    opponents: tuple[str, ...]


def counted_matches(event: Event, after_round: int | None = None) -> list[Match]:
    """Every match of Swiss rounds ``1..after_round`` (default: every complete Swiss round)."""
    swiss = event.swiss
    if after_round is None:
        after_round = 0
        for r in swiss:
            if not all(m.reported for m in r.matches):
                break
            after_round += 1
    out = []
    for r in swiss[:after_round]:
        out.extend(r.matches)
    return out


def outcome(m: Match, player: str) -> tuple[str, int, int, int, str | None]:
    """``(result, games won, games lost, games drawn, opponent)`` of ``m`` for ``player``.

    ``result`` is "W", "L" or "D".  Games here are the games that count for GW% (none for a loss
    without opponent or a double loss).
    """
    if m.kind == BYE:
        raise AssertionError("byes are handled by the caller (their game count depends on best-of)")
    if m.kind == LOSS:
        return "L", 0, 0, 0, None
    if m.kind == DOUBLE_LOSS:
        return "L", 0, 0, 0, m.player_b if player == m.player_a else m.player_a
    if m.kind != MATCH:
        raise NotImplementedError(f"the naive MTG twin does not handle {m.kind!r}")
    if player == m.player_a:
        won, lost, opponent = m.a_wins, m.b_wins, m.player_b
    else:
        won, lost, opponent = m.b_wins, m.a_wins, m.player_a
    result = "W" if won > lost else "L" if won < lost else "D"
    return result, won, lost, m.draws, opponent


def at_least_third(x: Fraction) -> Fraction:
    return max(THIRD, x)


def mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else THIRD


def standings_lines(event: Event, after_round: int | None = None, floored: bool = True,
                    dedupe: bool | None = None) -> dict[str, Line]:
    """Record and tiebreaks of every player who competed in a counted round.

    ``dedupe=None`` dedupes when some pair of players met more than once (what the standings do).
    """
    matches = counted_matches(event, after_round)
    bye_wins = event.best_of // 2 + 1
    results: dict[str, list[str]] = {}
    game_points: dict[str, int] = {}
    games: dict[str, int] = {}
    opponents: dict[str, list[str]] = {}
    for m in matches:
        for p in m.players:
            results.setdefault(p, [])
            game_points.setdefault(p, 0)
            games.setdefault(p, 0)
            opponents.setdefault(p, [])
            if m.kind == BYE:
                results[p].append("W")
                game_points[p] += 3 * bye_wins
                games[p] += bye_wins
                continue
            result, won, lost, drawn, opponent = outcome(m, p)
            results[p].append(result)
            game_points[p] += 3 * won + drawn
            games[p] += won + lost + drawn
            if opponent is not None:
                opponents[p].append(opponent)
    if dedupe is None:
        dedupe = any(len(set(o)) != len(o) for o in opponents.values())
    if dedupe:
        opponents = {p: list(dict.fromkeys(o)) for p, o in opponents.items()}

    points = {p: 3 * r.count("W") + r.count("D") for p, r in results.items()}
    mw = {p: at_least_third(Fraction(points[p], 3 * len(r))) for p, r in results.items()}
    gw_raw = {p: Fraction(game_points[p], 3 * games[p]) if games[p] else THIRD for p in results}
    gw_floored = {p: at_least_third(v) for p, v in gw_raw.items()}
    lines = {}
    for p, r in results.items():
        opps = opponents[p]
        lines[p] = Line(
            player=p, points=points[p], wins=r.count("W"), losses=r.count("L"), draws=r.count("D"),
            rounds=len(r), game_points=game_points[p], games=games[p], mw=mw[p],
            gw=gw_floored[p] if floored else gw_raw[p], gw_raw=gw_raw[p],
            omw=mean([mw[o] for o in opps]), ogw=mean([gw_floored[o] for o in opps]),
            opponents=tuple(opps),
        )
    return lines


def match_win_pct(event: Event, player: str, after_round: int | None = None) -> Fraction:
    """MW% of one player (what an opponent's OMW% averages)."""
    return standings_lines(event, after_round)[player].mw


def ranking_key(line: Line) -> tuple:
    """Sort key of the standings order: points, OMW%, GW%, OGW% (best first with ``reverse``)."""
    return (line.points, line.omw, line.gw, line.ogw)
