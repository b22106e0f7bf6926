"""The other card games' points and tiebreaks in plain Python with exact fractions, written from
their rule texts (../shared/GAMES.md; cobra's SosCalculator for Netrunner), independent of the
kernels: the naive twin of drawsafe.tiebreaks.cardgames and of the packs' points.

:func:`naive_keys` gives each player's ranking key (points, then the pack's tiebreaks as the game
publishes them); :func:`naive_order_key` turns it into "higher ranks first" (a lower-is-better
tiebreak negated).  Only the codes of the packs in :data:`COVERED` are known here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, LOSS, MATCH, Event
from drawsafe.tiebreaks import cardgames
from drawsafe.tiebreaks.packs import RulePack

THIRD = Fraction(1, 3)
#: Carde.io's floor, written 0.33 (Lorcana, Riftbound).
FLOOR_033 = Fraction(33, 100)
#: The packs whose every tiebreak this twin computes.
COVERED = ("netrunner", "netrunner-single", "lorcana", "riftbound", "swu", "onepiece", "fab", "yugioh")
LOWER_BETTER = ("MLP", "OMLP")


@dataclass
class Player:
    points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    #: Rounds other than byes: (points by the match result, lost?).
    counted: list = field(default_factory=list)
    opponents: list = field(default_factory=list)


def result_points(pack: RulePack, mine: int, theirs: int) -> int:
    loss, draw, win = pack.points
    return win if mine > theirs else (loss if mine < theirs else draw)


def played_points(pack: RulePack, a: int, b: int, d: int) -> int:
    per_win, per_draw = pack.game_points
    if per_win:
        return per_win * a + per_draw * d  # Netrunner double-sided: 3 per game won, 1 per tie
    return result_points(pack, a, b)


def players_of(event: Event, pack: RulePack, after_round: int | None = None) -> dict[str, Player]:
    out = {p: Player() for p in event.players}
    bye_games = event.best_of // 2 + 1
    loss, _, win = pack.points
    for rnd in event.swiss[:after_round]:
        for m in rnd.matches:
            if m.kind == MATCH:
                if not m.reported:
                    continue
                for me, them, a, b in ((m.player_a, m.player_b, m.a_wins, m.b_wins),
                                       (m.player_b, m.player_a, m.b_wins, m.a_wins)):
                    x = out[me]
                    x.rounds += 1
                    x.points += played_points(pack, a, b, m.draws)
                    x.game_points += 3 * a + m.draws
                    x.games += a + b + m.draws
                    x.counted.append((result_points(pack, a, b), a < b))
                    x.opponents.append(them)
            elif m.kind == BYE:
                x = out[m.player_a]
                x.rounds += 1
                extra = m.draws or 0  # a bye scored apart by hand: its extra points as ties
                x.points += win + pack.game_points[1] * extra
                x.game_points += 3 * bye_games + extra
                x.games += bye_games + extra
            elif m.kind == LOSS:
                x = out[m.player_a]
                x.rounds += 1
                x.points += loss
                x.counted.append((loss, True))
            elif m.kind == DOUBLE_LOSS:
                for me, them in ((m.player_a, m.player_b), (m.player_b, m.player_a)):
                    x = out[me]
                    x.rounds += 1
                    x.points += loss
                    x.counted.append((loss, True))
                    x.opponents.append(them)
            elif m.kind == FORFEIT:
                out[m.player_a].rounds += 1
                out[m.player_a].points += win
                out[m.player_a].counted.append((win, False))
                out[m.player_b].rounds += 1
                out[m.player_b].points += loss
                out[m.player_b].counted.append((loss, True))
    return out


def mean(values, empty: Fraction) -> Fraction:
    values = list(values)
    return sum(values, Fraction(0)) / len(values) if values else empty


def naive_keys(event: Event, pack: RulePack, after_round: int | None = None) -> dict[str, tuple]:
    """Every player's (points, tiebreak values as published, in the pack's order)."""
    ps = players_of(event, pack, after_round)
    win = pack.points[2]

    def mw(p):  # Magic's match-win %, by the pack's points (SWU: wins only)
        x = ps[p]
        return max(THIRD, Fraction(x.points, win * x.rounds)) if x.rounds else THIRD

    def gw(p):
        x = ps[p]
        return Fraction(x.game_points, 3 * x.games) if x.games else THIRD

    def sos(p):
        return mean((Fraction(ps[o].points, ps[o].rounds) if ps[o].rounds else Fraction(0)
                     for o in ps[p].opponents), Fraction(0))

    def wr(p):
        c = ps[p].counted
        return max(THIRD, Fraction(sum(v for v, _ in c), win * len(c))) if c else THIRD

    def mlp(p):
        c = ps[p].counted
        return Fraction(sum(lost for _, lost in c), len(c)) if c else Fraction(0)

    def omw(p):
        return mean((mw(o) for o in ps[p].opponents), THIRD)

    def mw_033(p):
        x = ps[p]
        return max(FLOOR_033, Fraction(x.points, win * x.rounds)) if x.rounds else FLOOR_033

    values = {
        "OMW": omw,
        "GW": lambda p: max(THIRD, gw(p)),
        "OGW": lambda p: mean((max(THIRD, gw(o)) for o in ps[p].opponents), THIRD),
        "SOS": sos,
        "ESOS": lambda p: mean((sos(o) for o in ps[p].opponents), Fraction(0)),
        "WR": wr,
        "OWR": lambda p: mean((wr(o) for o in ps[p].opponents), THIRD),
        "OOMW": lambda p: mean((omw(o) for o in ps[p].opponents), THIRD),
        "MLP": mlp,
        "OMLP": lambda p: mean((mlp(o) for o in ps[p].opponents), Fraction(0)),
        "OPTS": lambda p: mean((Fraction(ps[o].points) for o in ps[p].opponents), Fraction(0)),
        "OMW33": lambda p: mean((mw_033(o) for o in ps[p].opponents), FLOOR_033),
    }

    def name(t):
        return "OMW33" if t.code == cardgames.OMW33 else t.key

    return {p: (ps[p].points, *(values[name(t)](p) for t in pack.tiebreaks)) for p in ps
            if ps[p].rounds}


def naive_order_key(pack: RulePack, key: tuple) -> tuple:
    """Higher ranks first: lower-is-better tiebreaks negated."""
    return (key[0], *(-v if t.key in LOWER_BETTER else v for t, v in zip(pack.tiebreaks, key[1:])))
