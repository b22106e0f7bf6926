"""``standings --check`` of every kind of published table: :func:`check_event` picks the check.

- melee.gg and native files: every figure recomputed (:func:`drawsafe.standings.check.check_standings`);
- TRF: points and ranks (:func:`drawsafe.standings.ranks.check_ranks`);
- TopDeck entries of the decklist cache (match results only, :func:`check_match_results`): points,
  records (the playoff included, byes left out of the wins, as TopDeck counts them), OMW% as
  TopDeck computes it (each opponent's match-win % floored at 0.33, not 1/3: this reproduces every
  published OMW% of the real files) and the published ranks (the playoff's places, then the Swiss
  order by points, OMW%, and TopDeck's GW% and OGW%, which cannot be recomputed: the file keeps no
  game scores);
- MTGO entries (standings and bracket, no Swiss rounds, :func:`check_without_swiss`): the published
  figures against each other: points from the record and the byes they imply, the ranking order,
  the floors of OMW% and OGW%, the bracket's seeding, the final places;
- files publishing their tiebreak figures by key (cobra's SOS and ESOS, :func:`check_figures_and_ranks`):
  points, those figures of the pack's tiebreaks, and the Swiss rank.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from drawsafe.event import kinds
from drawsafe.event.model import Event
from drawsafe.event.snapshot import Snapshot
from drawsafe.standings.check import (
    CheckReport,
    Disagreement,
    agrees,
    check_standings,
    one_reason_per_swap,
)
from drawsafe.standings.ranks import RankCheck, check_ranks, publishes_ranks_only
from drawsafe.standings.table import compute_standings, records
from drawsafe.tiebreaks.packs import RulePack
from drawsafe.tiebreaks.values import faced, player_records

#: TopDeck floors an opponent's match-win % at 0.33 (measured: every OMW% of the real files).
TOPDECK_FLOOR = 0.33
MTR_FLOOR = 1.0 / 3.0


def check_event(event: Event, snap: Snapshot, rules: RulePack) -> CheckReport | RankCheck:
    """The comparison with the standings ``event`` publishes, by what the file holds."""
    if publishes_ranks_only(event.standings):
        return check_ranks(event, snap, rules)
    if not event.swiss:
        return check_without_swiss(event)
    if event.format == "topdeck" and event.best_of == 1:
        return check_match_results(event, snap, rules)
    if any(r.values for r in event.standings or ()):
        return check_figures_and_ranks(event, snap, rules)
    return check_standings(event, snap, rules)


# --- the pieces both checks use ------------------------------------------------------------------

def playoff_record(event: Event) -> dict[str, tuple[int, int, int]]:
    """Wins, losses and draws of every player in the playoff rounds."""
    out: dict[str, list[int]] = {}
    for r in event.playoff:
        for m in r.matches:
            for p in m.players:
                w = out.setdefault(p, [0, 0, 0])
                won = m.winner()
                w[0 if won == p else 2 if m.is_draw else 1] += 1
    return {p: tuple(v) for p, v in out.items()}


def playoff_stage(event: Event) -> dict[str, int]:
    """0 for the playoff's winner, 1 for the player beaten in the last round, 2 in the round
    before, ...: the group of final places (1, 2, 3-4, 5-8, ...) each player of the playoff ends in."""
    rounds = event.playoff
    out: dict[str, int] = {}
    for j, r in enumerate(rounds):
        for m in r.matches:
            won = m.winner()
            for p in m.players:
                if p != won:
                    out[p] = len(rounds) - j
                elif j == len(rounds) - 1:
                    out[p] = 0
    return out


def expected_places(order: list[str], stage: dict[str, int]) -> list[str]:
    """Final places: the playoff's players by stage (each group in Swiss order), then the rest."""
    cut = [p for p in order if p in stage]
    rest = [p for p in order if p not in stage]
    return sorted(cut, key=lambda p: stage[p]) + rest  # sorted is stable: Swiss order in a group


def swiss_order(keys: dict[str, tuple]) -> list[str]:
    """Players by their keys, best first (higher is better on every key)."""
    return sorted(keys, key=lambda p: tuple(-k for k in keys[p]))


def rank_differences(published: dict[str, int], order: list[str], keys: dict[str, tuple],
                     grouping: dict[str, int] | None = None) -> dict[str, tuple[int, str]]:
    """Players whose published rank is not their place in ``order`` (players with equal keys, and
    equal group, may come in either order): player -> (place here, the player ranked there)."""
    at = {p: i + 1 for i, p in enumerate(order)}
    out = {}
    for p, rank in published.items():
        if p not in at or at[p] == rank:
            continue
        there = order[rank - 1] if 0 < rank <= len(order) else None
        if there is not None and keys[there] == keys[p] and (grouping or {}).get(there) == (grouping or {}).get(p):
            continue  # an exact tie
        out[p] = (at[p], there or "")
    return out


def explain_rank(p: str, there: str, keys: dict[str, tuple], names: tuple[str, ...]) -> str:
    if not there:
        return "the published rank is beyond the players compared"
    for name, a, b in zip(names, keys[p], keys[there]):
        if a != b:
            return (f"{there} is at this rank here: {name} {fmt(b)} against {p}'s {fmt(a)}")
    return f"{there} is at this rank here (the playoff decides)"


def fmt(value) -> str:
    return f"{value:g}" if isinstance(value, int) or float(value).is_integer() else f"{value:.5f}"


# --- published figures by tiebreak key (cobra), and the Swiss rank -------------------------------

#: Places a computed tiebreak is rounded to before exact ties are told apart (far below any
#: published precision, far above the kernels' floating-point noise).
TIE_DECIMALS = 9


def check_figures_and_ranks(event: Event, snap: Snapshot, rules: RulePack) -> CheckReport:
    """Points and the figures of ``PublishedStanding.values`` whose keys are the pack's tiebreaks
    (:func:`drawsafe.standings.check.check_standings`), then each published rank against the
    order by points and the pack's tiebreaks (players exactly tied on all of them either way)."""
    report = check_standings(event, snap, rules)
    rows = {r.player: r for r in event.standings or () if r.player in snap.index}
    table = compute_standings(snap, rules)
    names = ("points",) + tuple(t.key for t in rules.tiebreaks)
    keys = {r.player: (r.points, *(round(r.values[t.key], TIE_DECIMALS) for t in rules.tiebreaks))
            for r in table.rows}
    order = [r.player for r in table.rows]
    published = {p: r.rank for p, r in rows.items() if p in keys}
    found = {d.player: d for d in report.disagreements}
    for p, (here, there) in rank_differences(published, order, keys).items():
        d = found.get(p)
        if d is not None:
            found[p] = Disagreement(p, d.rank, {**d.fields, "rank": (here, published[p])}, d.reason,
                                    d.explanation)
        else:
            found[p] = Disagreement(p, published[p], {"rank": (here, published[p])}, "order",
                                    explain_rank(p, there, keys, names) + manual_seeds(event))
    keys_published = sorted({k for r in rows.values() for k in r.values})
    compared = [k for k in names if k in keys_published]
    figures = f", {', '.join(compared)} (within {10.0 ** -report.precision:g})" if compared else ""
    notes = [(f"compared: points{figures} and the Swiss rank (players exactly tied on points and every "
              f"tiebreak of rules {rules.name} either way)")]
    left = [k for k in keys_published if k not in names]
    if left:
        notes.append(f"published {', '.join(left)} not compared: not tiebreaks of rules {rules.name}")
    disagreements = tuple(one_reason_per_swap(sorted(found.values(), key=lambda d: d.rank)))
    return CheckReport(report.compared, disagreements, report.precision, report.missing,
                       notes=report.notes + tuple(notes))


def manual_seeds(event: Event) -> str:
    """What else a cobra rank may follow: the organiser's manual seeds rank before SOS there."""
    if event.format != "cobra":
        return ""
    return " (cobra ranks an organiser's manual seeds before SOS; the export does not keep them)"


# --- TopDeck: match results only ------------------------------------------------------------------

def opponents_win_percent(snap: Snapshot, rules: RulePack, floor: float) -> np.ndarray:
    """OMW% of every player with each opponent's match-win % floored at ``floor`` (byes left out;
    every round against an opponent counts, as the ``mtg`` pack counts them)."""
    nr = snap.kind.shape[1]
    table = rules.points_table()
    rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, table)
    win = table[kinds.WIN]
    mw = np.array([max(floor, rec[p, 0] / (win * rec[p, 1])) if rec[p, 1] else floor
                   for p in range(snap.players)])
    out = np.full(snap.players, floor)
    for p in range(snap.players):
        met = [snap.opp[p, r] for r in range(nr) if faced(int(snap.kind[p, r]))]
        if met:
            out[p] = float(np.mean([mw[o] for o in met]))
    return out


def check_match_results(event: Event, snap: Snapshot, rules: RulePack) -> CheckReport:
    """TopDeck (see the module text): points, records, OMW% and ranks; GW% and OGW% are not
    compared (TopDeck's, from game scores the file does not keep)."""
    decimals = event.precision or 12
    table = compute_standings(snap, rules)
    by_player = table.by_player()
    omw = opponents_win_percent(snap, rules, TOPDECK_FLOOR)
    omw_mtr = opponents_win_percent(snap, rules, MTR_FLOOR)
    rec = records(snap)
    byes = (snap.kind == kinds.BYE).sum(axis=1)
    playoff = playoff_record(event)
    rows = [r for r in event.standings or () if r.player in snap.index]
    missing = tuple(r.player for r in event.standings or () if r.player not in snap.index)
    found: dict[str, dict] = {}
    reasons: dict[str, tuple[str, str]] = {}
    for r in rows:
        i = snap.index[r.player]
        diff = {}
        if by_player[r.player].points != r.points:
            diff["points"] = (by_player[r.player].points, r.points)
        pw, pl, pd = playoff.get(r.player, (0, 0, 0))
        ours = (int(rec[i, 0] - byes[i]) + pw, int(rec[i, 1]) + pl, int(rec[i, 2]) + pd)
        if ours != (r.wins, r.losses, r.draws):
            diff["record"] = ("-".join(map(str, ours)), f"{r.wins}-{r.losses}-{r.draws}")
            if ours[0] + int(byes[i]) == r.wins and ours[1:] == (r.losses, r.draws):
                reasons[r.player] = ("byes", "the published wins count the byes")
        if not agrees(float(omw[i]), r.omw, decimals):
            diff["omw"] = (float(omw[i]), r.omw)
            if agrees(float(omw_mtr[i]), r.omw, decimals):
                reasons[r.player] = ("floor", "the published OMW% floors opponents at 1/3, not 0.33")
        if diff:
            found[r.player] = diff
    # ranks: the playoff's places, then the Swiss order by points, OMW%, TopDeck's GW% and OGW%
    keys = {r.player: (by_player[r.player].points, round(float(omw[snap.index[r.player]]), decimals),
                       r.gw, r.ogw) for r in rows}
    stage = playoff_stage(event)
    order = expected_places(swiss_order(keys), stage)
    published = {r.player: r.rank for r in rows}
    wrong = rank_differences(published, order, keys, stage)
    names = ("points", "OMW%", "GW% (TopDeck's)", "OGW% (TopDeck's)")
    for p, (here, there) in wrong.items():
        found.setdefault(p, {})["rank"] = (here, published[p])
        if p not in reasons:
            reasons[p] = ("order", explain_rank(p, there, keys, names)) if "points" not in found[p] \
                and "omw" not in found[p] else ("figures", "the points or OMW% differ (above)")
    for p in found:
        reasons.setdefault(p, ("unknown", "no known publisher behaviour reproduces the published figures"))
    notes = ((f"OMW% as TopDeck computes it: each opponent's match-win % floored at {TOPDECK_FLOOR} (drawsafe's "
             "mtg pack floors at 1/3, as the Magic Tournament Rules say)"),
             ("GW% and OGW% not compared: TopDeck's own, from game scores the file does not keep (the ranks "
             "below are checked with the published GW% and OGW%)"),
             (f"records include the playoff and leave byes out of the wins; ranks: the playoff's places "
             f"({len(stage)} players), then the Swiss order"))
    disagreements = tuple(one_reason_per_swap([Disagreement(p, published.get(p, 0), found[p], *reasons[p])
                                               for p in sorted(found, key=lambda p: published.get(p, 0))]))
    return CheckReport(len(rows), disagreements, decimals, missing, notes=notes)


# --- MTGO: the published standings and the bracket, no Swiss rounds -------------------------------

def check_without_swiss(event: Event) -> CheckReport:
    """The published figures of a file without Swiss rounds (MTGO) against each other."""
    rows = list(event.standings or ())
    decimals = event.precision or 5
    playoff = playoff_record(event)
    rounds = event.swiss_rounds or 0
    found: dict[str, dict] = {}
    reasons: dict[str, tuple[str, str]] = {}

    def flag(p: str, field: str, ours, theirs, reason: str, text: str) -> None:
        found.setdefault(p, {})[field] = (ours, theirs)
        reasons.setdefault(p, (reason, text))

    floor = math.floor(MTR_FLOOR * 10**decimals) / 10**decimals
    for r in rows:
        pw, pl, pd = playoff.get(r.player, (0, 0, 0))
        wins, losses, draws = r.wins - pw, r.losses - pl, r.draws - pd
        byes = Fraction(r.points - 3 * wins - draws, 3)
        if min(wins, losses, draws) < 0 or byes < 0 or byes.denominator != 1 or \
                wins + losses + draws + byes > rounds:
            flag(r.player, "points", 3 * wins + draws, r.points, "record",
                 f"the points do not follow from the Swiss record {wins}-{losses}-{draws} (the published "
                 f"record less the playoff's {pw}-{pl}-{pd}) and whole byes in {rounds} rounds")
        for name, value in (("omw", r.omw), ("ogw", r.ogw)):
            if value < floor:
                flag(r.player, name, floor, value, "floor", f"{name.upper()}% below the 1/3 floor of the "
                                                             "Magic Tournament Rules")
    keys = {r.player: (r.points, r.omw, r.gw, r.ogw) for r in rows}
    order = swiss_order(keys)
    published = {r.player: r.rank for r in rows}
    for p, (here, there) in rank_differences(published, order, keys).items():
        flag(p, "rank", here, published[p], "order", "the ranking is not by points, OMW%, GW%, OGW%: "
             + explain_rank(p, there, keys, ("points", "OMW%", "GW%", "OGW%")))
    seeding = bracket_problems(event, published)
    for p, text in seeding.items():
        flag(p, "seed", "", published.get(p, 0), "bracket", text)
    stage = playoff_stage(event)
    if event.places:
        places = expected_places(order, stage)
        for i, p in enumerate(places):
            got = event.places.get(p)
            if got is not None and got != i + 1:
                flag(p, "place", i + 1, got, "places", "the final place is not the playoff's result, then "
                                                       "the Swiss rank")
    notes = ("the file holds the published standings and the playoff, not the Swiss rounds: OMW%, GW% "
             "and OGW% cannot be recomputed; checked: points against the Swiss record and byes, the "
             "ranking order, the 1/3 floors, the playoff's seeding"
             + (" and the final places" if event.places else ""),)
    disagreements = tuple(one_reason_per_swap([Disagreement(p, published.get(p, 0), found[p], *reasons[p])
                                               for p in sorted(found, key=lambda p: published.get(p, 0))]))
    return CheckReport(len(rows), disagreements, decimals, (), notes=notes)


def bracket_problems(event: Event, published: dict[str, int]) -> dict[str, str]:
    """Players of the first playoff round not seeded as single elimination seeds (1 v N, 2 v N-1,
    ... of the Swiss ranks), with the reason."""
    if not event.playoff:
        return {}
    first = event.playoff[0].matches
    size = 2 * len(first)
    out = {}
    for m in first:
        if m.player_b is None:
            continue
        a, b = published.get(m.player_a), published.get(m.player_b)
        if a is None or b is None or a > size or b > size or a + b != size + 1:
            for p in m.players:
                out[p] = (f"{m.player_a} (rank {a}) v {m.player_b} (rank {b}) in the "
                          f"{event.playoff[0].name or 'first playoff round'}: seeds meet as 1 v {size}, "
                          f"2 v {size - 1}, ...")
    return out

