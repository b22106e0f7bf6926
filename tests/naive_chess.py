"""A plain, slow twin of every chess tiebreak (sim/tiebreaks/chess.py, the direct encounter of
sim/tiebreaks/ranking.py), built from the Event model with exact fractions, for exact comparison.

Written from the rule texts rather than from the kernels: the FIDE tiebreak annex of 1998 (seed
004: an unplayed game is a draw against oneself), FIDE C.07 2023 (dummy opponent with one's own
score, withdrawn opponents' missing rounds as draws, voluntary unplayed rounds cut first) and the
2026 caps (art. 16.4), and the virtual draws of German open events of the 2000s as
shared/PLATFORMS.md states them.  ``mode`` is one of "none", "1998", "2023", "2026", "virtual".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, HALF_BYE, LOSS, Event

HALF = Fraction(1, 2)
MODES = ("none", "1998", "2023", "2026", "virtual")
#: FIDE B.02 table 8.1(a): dp for p = 0.00 .. 1.00 (written out from the handbook table).
DP = [-800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309,
      -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
      -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29,
      -21, -14, -7]
DP = DP + [0] + [-d for d in reversed(DP)]


@dataclass(frozen=True)
class Rd:
    """One round of one player: ``kind`` is "game", "+" / "-" (forfeit win / loss), "--" (double
    forfeit), "bye", "half", "zero" or "absent"; ``opp`` the opponent; ``pts`` the real points."""

    kind: str
    opp: str | None
    pts: Fraction


def records(event: Event, nr: int) -> dict[str, list[Rd]]:
    """Every player's first ``nr`` Swiss rounds."""
    rec = {p: [Rd("absent", None, Fraction(0))] * nr for p in event.players}
    for j, rnd in enumerate(event.swiss[:nr]):
        for m in rnd.matches:
            a, b = m.player_a, m.player_b
            if m.kind == BYE:
                rec[a][j] = Rd("bye", None, Fraction(1))
            elif m.kind == HALF_BYE:
                rec[a][j] = Rd("half", None, HALF)
            elif m.kind == LOSS:
                rec[a][j] = Rd("zero", None, Fraction(0))
            elif m.kind == FORFEIT:
                rec[a][j] = Rd("+", b, Fraction(1))
                rec[b][j] = Rd("-", a, Fraction(0))
            elif m.kind == DOUBLE_LOSS:
                rec[a][j] = Rd("--", b, Fraction(0))
                rec[b][j] = Rd("--", a, Fraction(0))
            else:
                pa = Fraction(1) if m.a_wins > m.b_wins else HALF if m.a_wins == m.b_wins else 0
                rec[a][j] = Rd("game", b, Fraction(pa))
                rec[b][j] = Rd("game", a, 1 - Fraction(pa))
    return rec


def score(rec) -> dict[str, Fraction]:
    return {p: sum((x.pts for x in rs), Fraction(0)) for p, rs in rec.items()}


def voluntary(x: Rd) -> bool:
    return x.kind in ("half", "zero", "-", "--", "absent")


def adjusted(rec, mode) -> dict[str, Fraction]:
    """The score an opponent's tiebreaks see."""
    out = {}
    for p, rs in rec.items():
        if mode == "1998":
            out[p] = sum((x.pts if x.kind == "game" else HALF for x in rs), Fraction(0))
        elif mode == "virtual":  # forfeits and byes a draw, rounds not paired as they are (0)
            out[p] = sum((x.pts if x.kind in ("game", "absent") else HALF for x in rs), Fraction(0))
        elif mode in ("2023", "2026"):
            last = max([i for i, x in enumerate(rs) if not voluntary(x)], default=-1)
            out[p] = sum((HALF if i > last and x.opp is None else x.pts for i, x in enumerate(rs)),
                         Fraction(0))
        else:
            out[p] = sum((x.pts for x in rs), Fraction(0))
    return out


def contributions(rec, mode, p) -> list[tuple[Fraction, bool]]:
    """(what each round adds to p's Buchholz, is it a voluntary unplayed round)."""
    s, a = score(rec), adjusted(rec, mode)
    nr = len(rec[p])
    out = []
    for x in rec[p]:
        if mode == "none":
            out.append((s[x.opp] if x.opp else Fraction(0), False))
        elif mode == "virtual":
            if x.kind == "game":
                out.append((a[x.opp], False))
            elif x.opp:  # a forfeit: the opponent's round against p at its result, not a draw
                theirs = Fraction(0) if x.kind in ("+", "--") else Fraction(1)
                out.append((a[x.opp] - HALF + theirs, False))
            else:  # one's own bye: an opponent who drew every round; not paired: nothing
                out.append((Fraction(0) if x.kind == "absent" else HALF * nr, False))
        elif x.kind == "game":
            out.append((a[x.opp], False))
        elif mode == "1998":
            out.append((a[p], False))
        elif mode == "2023":
            out.append((s[p], voluntary(x)))
        else:
            cap = a[x.opp] if x.opp else HALF * nr
            out.append((min(s[p], cap), voluntary(x)))
    return out


def buchholz(rec, mode, low=0, high=0) -> dict[str, Fraction]:
    out = {}
    for p in rec:
        c = contributions(rec, mode, p)
        low_ = min(low, len(c))
        high_ = min(high, len(c) - low_)
        for _ in range(low_):
            vurs = [t for t in c if t[1]]
            c.remove(min(vurs) if vurs else min(c))
        for _ in range(high_):
            c.remove(max(c))
        out[p] = sum((v for v, _ in c), Fraction(0))
    return out


def sum_of_buchholz(rec, mode) -> dict[str, Fraction]:
    bh = buchholz(rec, mode)
    out = {}
    for p, rs in rec.items():
        if mode == "none":
            out[p] = sum((bh[x.opp] if x.opp else Fraction(0) for x in rs), Fraction(0))
        else:
            out[p] = sum((bh[x.opp] if x.kind == "game" else bh[p] for x in rs), Fraction(0))
    return out


def sonneborn_berger(rec, mode) -> dict[str, Fraction]:
    out = {}
    for p, rs in rec.items():
        c = contributions(rec, mode, p)
        res = [HALF if (mode == "1998" and x.kind != "game") or (mode == "virtual" and x.kind in ("+", "bye"))
               else x.pts for x in rs]
        out[p] = sum((v * r for (v, _), r in zip(c, res)), Fraction(0))
    return out


def progressive(rec, cut=0) -> dict[str, Fraction]:
    out = {}
    for p, rs in rec.items():
        running = [sum((x.pts for x in rs[: i + 1]), Fraction(0)) for i in range(len(rs))]
        out[p] = sum(running[cut:], Fraction(0))
    return out


def koya(rec) -> dict[str, Fraction]:
    s = score(rec)
    out = {}
    for p, rs in rec.items():
        nr = len(rs)
        out[p] = sum((x.pts for x in rs if x.opp and s[x.opp] >= HALF * nr), Fraction(0))
    return out


def wins(rec, mode, over_the_board=False) -> dict[str, int]:
    board = over_the_board or mode == "1998"
    return {p: sum(1 for x in rs if x.pts == 1 and (x.kind == "game" or not board))
            for p, rs in rec.items()}


def half_up(x: Fraction) -> int:
    """Round to the nearest whole number, halves up."""
    return int((x + HALF) // 1)


def rated_games(rec, mode, ratings, p):
    """(opponent rating, points) of the games rating tiebreaks use; and the unrated count."""
    games, unrated = [], 0
    for x in rec[p]:
        if x.kind == "game":
            rating, pts = ratings.get(x.opp, 0), x.pts
        elif mode == "1998":
            rating, pts = ratings.get(p, 0), HALF
        else:
            continue
        if rating > 0:
            games.append((int(rating), pts))
        else:
            unrated += 1
    return games, unrated


def aro(rec, mode, ratings, cut=0) -> dict[str, int]:
    out = {}
    for p in rec:
        games, unrated = rated_games(rec, mode, ratings, p)
        values = sorted(r for r, _ in games)
        if cut and not unrated:
            values = values[cut:]
        out[p] = half_up(Fraction(sum(values), len(values))) if values else 0
    return out


def tpr(rec, mode, ratings) -> dict[str, int]:
    out = {}
    for p in rec:
        games, _ = rated_games(rec, mode, ratings, p)
        if not games:
            out[p] = 0
            continue
        average = half_up(Fraction(sum(r for r, _ in games), len(games)))
        percent = half_up(100 * sum((s for _, s in games), Fraction(0)) / len(games))
        out[p] = average + DP[percent]
    return out


def lichess_performance(rec, ratings) -> dict[str, int]:
    """lichess: mean over the rounds with an opponent of (their rating + 500 for a win, - 500 for
    a loss), whole part; one's own rating without such rounds; 0 when a rating is missing."""
    out = {}
    for p, rs in rec.items():
        met = [x for x in rs if x.opp]
        if not met:
            out[p] = int(Fraction(ratings.get(p, 0)) // 1) if ratings.get(p, 0) > 0 else 0
            continue
        if any(ratings.get(x.opp, 0) <= 0 for x in met):
            out[p] = 0
            continue
        total = sum((Fraction(ratings[x.opp]) + (500 if x.pts == 1 else -500 if x.pts == 0 else 0)
                     for x in met), Fraction(0))
        out[p] = int((total / len(met)) // 1)
    return out


def direct_encounter(rec, groups, swiss_rule: bool) -> dict[str, int]:
    """Direct encounter inside each group of players tied before it: the number of players of the
    group it ranks below each player (recursive, as the rule text reads)."""
    out = {p: 0 for p in rec}

    def points_among(group):
        inside = set(group)
        sc, met = {}, {}
        for p in group:
            games = [x for x in rec[p] if x.kind == "game" and x.opp in inside]
            sc[p] = sum((x.pts for x in games), Fraction(0))
            met[p] = len({x.opp for x in games})
        return sc, met

    def classes(group):
        """The group split into ordered classes by direct encounter."""
        if len(group) < 2:
            return [group]
        sc, met = points_among(group)
        if all(met[p] == len(group) - 1 for p in group):
            values = sorted({sc[p] for p in group}, reverse=True)
            if len(values) == 1:
                return [group]
            out_ = []
            for v in values:
                out_ += classes([p for p in group if sc[p] == v])
            return out_
        if not swiss_rule:
            return [group]
        most = {p: sc[p] + (len(group) - 1 - met[p]) for p in group}
        rest = sorted(group, key=lambda p: (-sc[p], -most[p]))
        top = []
        while len(rest) > 1 and sc[rest[0]] > max(most[q] for q in rest[1:]):
            top.append([rest.pop(0)])
        if not top:
            return [group]
        return top + classes(rest)

    for group in groups:
        below = len(group)
        for cls in classes(list(group)):
            below -= len(cls)
            for p in cls:
                out[p] = below
    return out
