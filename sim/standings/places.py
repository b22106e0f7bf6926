"""Published final places (TOM's ``<standings>``, Limitless's and pokedata's ``placing``) against
drawsafe's standings, and ``standings --check`` of them with every difference explained.

A Pokémon event's final places are the top cut's places from its single-elimination rounds, then
everyone else in Swiss standings order.  So a published place agrees with drawsafe when: for a
player outside the top cut, it equals their rank in drawsafe's final Swiss standings (players
exactly tied on points and every tiebreak may come in either order: any rank of their tie group
agrees); for a top-cut player, the place is within the cut exactly when their Swiss rank is.
Places published per age division (a TOM pod pairing several divisions together, read whole) are
compared division by division, each ranked among itself with its own announced cut.

:func:`check_places` explains each difference by recomputing under the variants other software
computes and seeing which one gives the published place: tiebreaks not frozen when a player
leaves, a day 2 whose tiebreaks carry on, pairings without result not counted as opponents,
tiebreaks rounded as they are displayed (two decimals of a percentage), dropped players ranked
below the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from drawsafe.event.model import NO_RESULT, Event, Round
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.standings.check import CheckReport, Disagreement
from drawsafe.standings.table import StandingRow, Standings, compute_standings
from drawsafe.tiebreaks.cuts import announced
from drawsafe.tiebreaks.packs import RulePack
from drawsafe.tiebreaks.ranking import TOLERANCE


@dataclass(frozen=True)
class PlacesCheck:
    """How many published places agree with the standings, and the first few that do not."""

    compared: int
    agree: int
    cut: int
    #: (player, published place, drawsafe's Swiss rank) of disagreements, at most 20.
    differences: tuple[tuple[str, int, int], ...]

    def summary(self) -> str:
        text = f"{self.agree} of {self.compared} published final places agree with these standings"
        if self.cut:
            text += f" (top cut of {self.cut} compared as a group)"
        if self.differences:
            text += "; first differences: " + ", ".join(
                f"{p} published {pub}, here {ours}" for p, pub, ours in self.differences[:5])
        return text


@dataclass(frozen=True)
class Comparison:
    """One published place against the standings: the rank here (within the player's division
    when places are per division), the span of their exact tie, and the cut that applies."""

    player: str
    place: int
    rank: int
    span: tuple[int, int]
    cut: int
    division: str | None

    @property
    def agrees(self) -> bool:
        lo, hi = self.span
        if self.cut and (self.place <= self.cut or lo <= self.cut):
            return (self.place <= self.cut) == (lo <= self.cut)
        return lo <= self.place <= hi


def groups(event: Event, rows: tuple[StandingRow, ...]) -> list[tuple[str | None, list[StandingRow], int]]:
    """The rows compared together: (division, rows in standings order, cut) for each division
    when the places are per division, else one group of every row."""
    said = announced(event)
    default = said[0] if said else None
    if event.divisions and event.ranked is None:
        out = []
        for d in dict.fromkeys(event.divisions.values()):
            out.append((d, [r for r in rows if event.divisions.get(r.player) == d],
                        event.division_cuts.get(d, 0)))
        return out
    return [(None, list(rows), default or 0)]


def tie_spans(rows: list[StandingRow]) -> dict[str, tuple[int, int]]:
    """The first and last rank (1-based, within ``rows``) of each row's run of exact ties."""
    span: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1].tied and rows[j].tied and same_keys(rows[j], rows[j + 1]):
            j += 1
        for k in range(i, j + 1):
            span[rows[k].player] = (i + 1, j + 1)
        i = j + 1
    return span


def comparisons(event: Event, standings: Standings) -> list[Comparison]:
    """Every published place of a player in ``standings``, compared.  Ranks count only the players
    the file places (one it does not place, pokedata's 9999, takes no place from the others)."""
    out = []
    for division, rows, cut in groups(event, standings.rows):
        rows = [r for r in rows if r.player in event.places]
        span = tie_spans(rows)
        for rank, r in enumerate(rows, 1):
            if r.player in event.places:
                out.append(Comparison(r.player, event.places[r.player], rank, span[r.player], cut, division))
    return out


def compare_places(event: Event, standings: Standings) -> PlacesCheck | None:
    """Compare ``event.places`` with ``standings`` (the final Swiss standings); ``None`` when the
    file publishes no places."""
    if not event.places:
        return None
    found = comparisons(event, standings)
    cuts = {c.cut for c in found}
    diffs = tuple((c.player, c.place, c.rank) for c in found if not c.agrees)[:20]
    return PlacesCheck(len(found), sum(c.agrees for c in found), max(cuts) if len(cuts) == 1 else 0, diffs)


def same_keys(a, b) -> bool:
    """Equal points and tiebreaks (floating values closer than the ranking's tolerance are equal)."""
    return a.points == b.points and a.values.keys() == b.values.keys() and all(
        abs(a.values[k] - b.values[k]) <= TOLERANCE for k in a.values)


# ---------------------------------------------------------------------------------------------
# standings --check of published places


def without_no_result(event: Event) -> Event:
    """The event with its pairings without result removed (not counted as opponents)."""
    rounds = tuple(Round(r.number, tuple(m for m in r.matches if m.kind != NO_RESULT), r.name, r.playoff)
                   for r in event.rounds)
    return replace(event, rounds=rounds)


def rounded(standings: Standings, decimals: int = 4) -> Standings:
    """The standings re-sorted on tiebreaks rounded to ``decimals`` (as TOM displays them: two
    decimals of a percentage), exact ties in the original order."""
    rows = sorted(standings.rows, key=lambda r: (-r.points, *(-round(v, decimals) for v in r.values.values())))
    out = []
    for i, r in enumerate(rows):
        near = [rows[j] for j in (i - 1, i + 1) if 0 <= j < len(rows)]
        tied = any(n.points == r.points and all(round(n.values[k], decimals) == round(v, decimals)
                                                for k, v in r.values.items()) for n in near)
        out.append(replace(r, rank=i + 1, tied=tied,
                           values={k: round(v, decimals) for k, v in r.values.items()}))
    return replace(standings, rows=tuple(out))


def by_file_figures(event: Event, standings: Standings) -> Standings:
    """The standings re-sorted by points, then the file's own tiebreak figures
    (``Event.published_tiebreaks``; players without them last)."""
    figures = event.published_tiebreaks
    rows = sorted(standings.rows, key=lambda r: (-r.points, r.player not in figures,
                                                 *(-v for v in figures.get(r.player, ()))))
    out = []
    for i, r in enumerate(rows):
        near = [rows[j] for j in (i - 1, i + 1) if 0 <= j < len(rows)]
        tied = r.player in figures and any(n.points == r.points and figures.get(n.player) == figures[r.player]
                                           for n in near)
        out.append(replace(r, rank=i + 1, tied=tied, values=dict(zip(r.values, figures.get(r.player, ())))))
    return replace(standings, rows=tuple(out))


def dropped_last(standings: Standings) -> Standings:
    """The standings with every dropped player below those who finished (stable)."""
    rows = sorted(standings.rows, key=lambda r: r.dropped)
    return replace(standings, rows=tuple(replace(r, rank=i + 1) for i, r in enumerate(rows)))


#: The file's own tiebreak figures (pokedata's resistances) explain a place they give within this many.
FILE_FIGURES, NEAR = "file's figures", 2
SHIFTED = "shifted"
#: (reason, explanation, how to compute the variant from (event, snapshot, rules)).
Variant = tuple[str, str, Callable[[Event, Snapshot, RulePack], Standings]]
VARIANTS: tuple[Variant, ...] = (
    ("not frozen", ("the published place is that of tiebreaks not frozen when players leave (a dropped "
                    "or cut player's opponents' later rounds counted)"),
     lambda e, s, p: compute_standings(s, replace(p, freeze=False))),
    ("day 2 carried", "the published place is that of day-2 tiebreaks counting day 1 too",
     lambda e, s, p: compute_standings(s, replace(p, phase_tiebreaks="carry"))),
    ("no-result left out", "the published place is that of pairings without result not counted as opponents",
     lambda e, s, p: compute_standings(take_snapshot(without_no_result(e), s.after_round), p)),
    ("rounded", "the published place is that of tiebreaks rounded to two decimals of a percentage",
     lambda e, s, p: rounded(compute_standings(s, p))),
    ("dropped last", "the published place is that of dropped players ranked below those who finished",
     lambda e, s, p: dropped_last(compute_standings(s, p))),
    (FILE_FIGURES, ("the published place follows the file's own tiebreak figures (pokedata's "
                        "resistances, the scraper's: byes counted as wins and as opponents, every round of "
                        "both days), not TOM's tiebreaks"),
     lambda e, s, p: by_file_figures(e, compute_standings(s, p))),
)


def explain(c: Comparison, row: StandingRow, variants: dict[str, dict[str, Comparison]]) -> tuple[str, str]:
    """The reason of one difference (see the module text)."""
    # the file's own figures first: a file whose places follow them (pokedata) is explained by them
    order = sorted(VARIANTS, key=lambda v: v[0] != FILE_FIGURES)
    for reason, text, _ in order:
        other = variants[reason].get(c.player)
        if other is not None and other.agrees:
            return reason, text
    figures = variants.get(FILE_FIGURES, {}).get(c.player)
    if figures is not None and abs(figures.rank - c.place) <= NEAR:
        return FILE_FIGURES, (f"the published place is within {NEAR} of the order of the file's own tiebreak "
                              f"figures ({figures.rank}; pokedata's resistances: byes counted as wins and as "
                              "opponents, every round of both days), not TOM's tiebreaks")
    if c.cut and (c.place <= c.cut) != (c.span[0] <= c.cut):
        where = "in" if c.place <= c.cut else "outside"
        return "top cut", (f"published {where} the top cut of {c.cut}, but Swiss rank {c.rank} here: the cut's "
                           "members differ (a player who declined the top cut, or another cut size)")
    values = ", ".join(f"{k} {v:.4%}" for k, v in row.values.items())
    tie = f"; exactly tied with ranks {c.span[0]}-{c.span[1]}" if c.span[0] != c.span[1] else ""
    return "unknown", f"no known variant reproduces the place ({row.points:g} points, {values}{tie})"


#: A published place this far from drawsafe's rank (beyond its tie) is a player placed elsewhere:
#: the places between move by one.
DISPLACED = 3


def displaced(found: list[Comparison]) -> list[Comparison]:
    """The players published far from their rank here (outside the top cut)."""
    out = []
    for c in found:
        lo, hi = c.span
        if not c.agrees and not (c.cut and (c.place <= c.cut or lo <= c.cut)) and \
                (c.place < lo - DISPLACED + 1 or c.place > hi + DISPLACED - 1):
            out.append(c)
    return out


def shifted(event: Event, standings: Standings, moved: list[Comparison]) -> Standings:
    """The standings with the ``moved`` players put at their published places (the others keep
    their order): what the places of everyone else are once those players are placed elsewhere."""
    if not moved:
        return standings
    names = {c.player for c in moved}
    by_division: dict[str | None, list[StandingRow]] = {}
    for division, rows, _ in groups(event, standings.rows):
        keep = [r for r in rows if r.player not in names]
        for c in sorted((c for c in moved if c.division == division), key=lambda c: c.place):
            row = next(r for r in rows if r.player == c.player)
            keep.insert(min(c.place - 1, len(keep)), replace(row, tied=False))
        by_division[division] = keep
    if len(by_division) == 1 and None in by_division:
        rows = by_division[None]
    else:
        rows = [r for d in by_division.values() for r in d]
    return replace(standings, rows=tuple(replace(r, rank=i + 1) for i, r in enumerate(rows)))


def check_places(event: Event, snap: Snapshot, rules: RulePack, seed: int = 0) -> CheckReport:
    """``standings --check`` of a file's published places: every place compared (rank order, the
    top cut as a group, exact ties either way), each difference with its most likely reason."""
    base = compute_standings(snap, rules, seed)
    found = comparisons(event, base)
    by_row = {r.player: r for r in base.rows}
    variants: dict[str, dict[str, Comparison]] = {}
    wrong = [c for c in found if not c.agrees]
    moved = displaced(wrong)
    if moved:
        variants[SHIFTED] = {c.player: c for c in comparisons(event, shifted(event, base, moved))
                             if c.player not in {m.player for m in moved}}
    if wrong:
        for reason, _, compute in VARIANTS:
            if reason == FILE_FIGURES and not event.published_tiebreaks:
                variants[reason] = {}
                continue
            variants[reason] = {c.player: c for c in comparisons(event, compute(event, snap, rules))}
    out = []
    exact_figures = variants.get(FILE_FIGURES, {})
    for c in wrong:
        if c.player in exact_figures and exact_figures[c.player].agrees:
            reason, text = explain(c, by_row[c.player], variants)  # the file's own figures first
        elif c.player in variants.get(SHIFTED, {}) and variants[SHIFTED][c.player].agrees:
            far = sorted(moved, key=lambda m: -abs(m.place - m.rank))[:3]
            reason, text = SHIFTED, ("the place moves by the players published far from their rank here ("
                                     + ", ".join(f"{m.player} published {m.place}, here {m.rank}" for m in far)
                                     + "): the others between keep their order")
        elif c in moved:
            reason, text = explain(c, by_row[c.player], variants)
            if reason == "unknown":
                text = (f"published {abs(c.place - c.rank)} places from its rank here: a penalty, "
                        "disqualification or late change the file does not show? " + text)
        else:
            reason, text = explain(c, by_row[c.player], variants)
        label = f"{c.division} place" if c.division else "place"
        out.append(Disagreement(c.player, c.place, {label: (c.rank, c.place)}, reason, text))
    out = one_reason_per_swap(out, wrong, variants)
    missing = tuple(p for p in event.places if p not in by_row)
    return CheckReport(len(found), tuple(out), 0, missing, what="final places")


def one_reason_per_swap(out: list[Disagreement], wrong: list[Comparison],
                        variants: dict[str, dict[str, Comparison]]) -> list[Disagreement]:
    """Two players published in each other's places (647 and 648 swapped) differ for one reason,
    so both get the same: the first variant (in :func:`explain`'s order) that ranks them as
    published, else "unknown" for both, saying so."""
    at = {(c.division, c.rank): c for c in wrong}
    by_player = {d.player: i for i, d in enumerate(out)}
    order = [FILE_FIGURES] + [v[0] for v in VARIANTS if v[0] != FILE_FIGURES]
    for c in wrong:
        o = at.get((c.division, c.place))
        if o is None or o.place != c.rank or c.place > o.place:
            continue  # not a swap, or its pair is handled from the other player
        a, b = out[by_player[c.player]], out[by_player[o.player]]
        if (a.reason, a.explanation) == (b.reason, b.explanation):
            continue
        reason, text = "unknown", (f"{c.player} and {o.player} are published in each other's places ({c.place} "
                                   f"and {o.place}): no known variant orders them so")
        for name in order:
            got = variants.get(name, {})
            if c.player in got and o.player in got and got[c.player].rank < got[o.player].rank:
                reason = name
                text = ({v[0]: v[1] for v in VARIANTS}[name]
                        + f"; it ranks {c.player} above {o.player}, as published (their places swapped here)")
                break
        for i, d in ((by_player[c.player], a), (by_player[o.player], b)):
            out[i] = Disagreement(d.player, d.rank, d.fields, reason, text)
    return out
