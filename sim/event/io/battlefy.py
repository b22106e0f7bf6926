"""Battlefy (esports and card games: Pokémon, Hearthstone, VALORANT, ...): a tournament's stages
and their matches, as Battlefy's public API answers them (no key):
``GET https://dtmwra1jsgyb0.cloudfront.net/tournaments/{id}?extend[stages][matches][top.team]=true&...``
gives the tournament with ``stages[]``, each with its ``bracket`` (``type``: ``swiss``,
``elimination``, ``roundrobin``, ...; ``series[].numGames``), ``matches[]`` and ``standings[]``.

A match: ``roundNumber``, ``top`` and ``bottom`` (``team.name``, ``teamID``, ``score``: games won,
``winner``), ``isBye``, ``isComplete``, ``doubleLoss``, ``matchType`` (``winner``/``loser`` in an
elimination bracket).  drawsafe reads the Swiss stage (the first, or ``--division NAME``):
every round's matches, a bye (one side without team) a win, a complete match without winner a
draw, a match not complete pending, ``doubleLoss`` a loss for both.  Standings rows, when the
answer has them, are kept for ``--check`` when they give a team's ``wins`` and ``losses`` (their
shape is not seen in a real answer: read where present, said otherwise).  A file can be the
tournament (or a list holding it), a stage's match list, or the bundle ``drawsafe fetch`` writes.
An event without a Swiss stage is refused in one line naming its stages.
"""

from __future__ import annotations

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import Format, register
from drawsafe.event.model import BYE, DOUBLE_LOSS, Event, Match, PublishedStanding

FORMAT = "battlefy"


def looks_like_battlefy(data) -> bool:
    if isinstance(data, dict) and isinstance(data.get("battlefy"), dict):
        return True
    docs = data if isinstance(data, list) else [data]
    if not docs or not all(isinstance(d, dict) for d in docs[:3]):
        return False
    first = docs[0]
    if isinstance(first.get("stages"), list) and ("stageIDs" in first or "gameName" in first):
        return True
    return "roundNumber" in first and ("top" in first or "bottom" in first) and "isBye" in first


def stages_of(data, file: str) -> tuple[str, list[dict]]:
    """The event's name and its stages (a bare match list is one stage of unknown kind)."""
    if isinstance(data, dict) and isinstance(data.get("battlefy"), dict):
        data = data["battlefy"].get("tournament")
    if isinstance(data, list) and data and isinstance(data[0], dict) and "roundNumber" in data[0]:
        return file, [{"name": "stage", "bracket": {"type": "swiss"}, "matches": data}]
    docs = data if isinstance(data, list) else [data]
    if len(docs) != 1 or not isinstance(docs[0], dict):
        raise InputError(file, None, "a Battlefy answer holds one tournament", "fetch the tournament's link again")
    t = docs[0]
    stages = t.get("stages")
    if not isinstance(stages, list) or not all(isinstance(s, dict) for s in stages):
        raise InputError(file, "stages", "a Battlefy tournament needs its stages (with their matches)",
                         "fetch the tournament's link again")
    return str(t.get("name") or file), stages


def kind_of(stage: dict) -> str:
    b = stage.get("bracket") if isinstance(stage.get("bracket"), dict) else {}
    kind = str(b.get("type") or "?")
    return kind + (f" ({b['style']})" if isinstance(b.get("style"), str) else "")


def read_battlefy(data, file: str, division: str | None = None) -> Event:
    """Read a Battlefy tournament's Swiss stage (see the module text).

    :raises InputError: for an event without a Swiss stage, a stage not found, a match without
        its teams, a round number that is not a whole number.
    """
    if division is None and isinstance(data, dict) and isinstance(data.get("battlefy"), dict):
        division = data["battlefy"].get("stage") or None  # the stage of the fetched link
    name, stages = stages_of(data, file)
    swiss = [s for s in stages if kind_of(s).startswith("swiss")]
    if division is not None:
        chosen = [s for s in stages if str(s.get("name")) == division or str(s.get("_id")) == division]
        if not chosen:
            raise InputError(file, None, f"no Battlefy stage {division!r}",
                             f"its stages: {', '.join(str(s.get('name')) for s in stages)}")
        swiss = chosen
    if not swiss:
        listed = "; ".join(f"{s.get('name')} ({kind_of(s)})" for s in stages) or "none"
        raise InputError(file, None, f"no Swiss stage in this Battlefy event (stages: {listed})",
                         "drawsafe reads Swiss stages; elimination brackets have no standings to forecast")
    stage = swiss[0]
    notes = [] if len(swiss) == 1 or division else [
        (f"Battlefy Swiss stages {', '.join(str(s.get('name')) for s in swiss)}: read {stage.get('name')} "
         "(--division NAME to choose)")]
    matches = stage.get("matches")
    if not isinstance(matches, list):
        raise InputError(file, "matches", "the Swiss stage has no match list", "fetch the tournament's link again")
    series = (stage.get("bracket") or {}).get("series") if isinstance(stage.get("bracket"), dict) else None
    games = [s.get("numGames") for s in series or [] if isinstance(s, dict) and isinstance(s.get("numGames"), int)]
    best_of = max(games) if games and max(games) % 2 == 1 and max(games) < 100 else 3
    b = EventBuilder(file, FORMAT, strict=False, best_of=best_of)
    names: dict[str, str] = {}

    def team(side, where: str) -> str | None:
        if not isinstance(side, dict):
            return None
        t = side.get("team") if isinstance(side.get("team"), dict) else {}
        tid = str(side.get("teamID") or t.get("_id") or "")
        shown = str(t.get("name") or "").strip()
        if not tid and not shown:
            return None
        key = tid or shown
        if key not in names:
            label = shown or f"team {tid[-6:]}"
            if label in names.values():
                label = f"{label} ({tid[-4:] or len(names)})"
            names[key] = label
        return names[key]

    rows = sorted((m for m in matches if isinstance(m, dict)), key=lambda m: (m.get("roundNumber") or 0,
                                                                               m.get("matchNumber") or 0))
    if len(rows) != len(matches):
        raise InputError(file, "matches", "a match must be an object")
    for i, m in enumerate(rows):
        where = f"matches[{i}] (round {m.get('roundNumber')}, match {m.get('matchNumber')})"
        rnd = m.get("roundNumber")
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= 99:
            raise InputError(file, where, f"roundNumber must be a round from 1 to 99, not {rnd!r}")
        if m.get("matchType") == "loser":
            raise InputError(file, where, "a lower-bracket match: this stage is an elimination bracket, not a Swiss")
        a, c = team(m.get("top"), where), team(m.get("bottom"), where)
        if a is None and c is None:
            raise InputError(file, where, "a match without teams")
        if a is None or c is None or m.get("isBye") is True:
            solo = a or c
            b.add_match(Match(rnd, solo, kind=BYE, where=where))
            continue
        if m.get("doubleLoss") is True:
            b.add_match(Match(rnd, a, c, kind=DOUBLE_LOSS, where=where))
            continue
        if m.get("isComplete") is not True:
            b.add_match(Match(rnd, a, c, where=where))
            continue
        top, bottom = m["top"], m["bottom"]
        sa, sb = top.get("score"), bottom.get("score")
        sa = sa if isinstance(sa, int) and not isinstance(sa, bool) and 0 <= sa <= 99 else 0
        sb = sb if isinstance(sb, int) and not isinstance(sb, bool) and 0 <= sb <= 99 else 0
        wa, wb = top.get("winner") is True, bottom.get("winner") is True
        if wa and wb:
            raise InputError(file, where, "both teams are marked the winner")
        if wa and sa <= sb:
            sa, sb = 1, 0  # a win the games do not show (a forfeit, a reported win without score)
        elif wb and sb <= sa:
            sa, sb = 0, 1
        draws = 0 if (wa or wb) else 1
        if not (wa or wb) and sa != sb:
            raise InputError(file, where, f"a complete match without winner at {sa}-{sb}")
        b.add_match(Match(rnd, a, c, sa, sb, draws, where=where))
    standings, said = published(stage.get("standings"), names)
    notes += said
    return b.build(f"{name} - {stage.get('name')}" if stage.get("name") not in (None, "stage") else name,
                   standings=standings, notes=tuple(notes))


def published(rows, names: dict[str, str]) -> tuple[tuple[PublishedStanding, ...] | None, list[str]]:
    """The stage's standings rows with a team and numeric ``wins``/``losses`` (``ties``, ``points``
    where given), in order."""
    if not isinstance(rows, list) or not rows:
        return None, []
    out = []
    for i, r in enumerate(rows):
        if not isinstance(r, dict):
            continue
        t = r.get("team") if isinstance(r.get("team"), dict) else {}
        key = str(r.get("teamID") or t.get("_id") or t.get("name") or "")
        player = names.get(key) or names.get(str(t.get("name") or ""))
        w, lo = r.get("wins"), r.get("losses")
        if player is None or not all(isinstance(x, int) and not isinstance(x, bool) for x in (w, lo)):
            continue
        ties = r.get("ties") if isinstance(r.get("ties"), int) else 0
        pts = r.get("points") if isinstance(r.get("points"), int) else 3 * w + ties
        out.append(PublishedStanding(rank=i + 1, player=player, points=pts, wins=w, losses=lo, draws=ties,
                                     omw=float("nan"), gw=float("nan"), ogw=float("nan")))
    if not out:
        return None, ["the stage's standings rows have no wins and losses drawsafe reads: none kept for --check"]
    return tuple(out), [("Battlefy's standings rows (rank, wins, losses, ties) are kept for --check; their "
                         "shape is read as third-party clients describe it, not from a real answer")]


register(Format("battlefy", "Battlefy's tournament answers (a Swiss stage), a stage's matches, or the bundle "
                "`drawsafe fetch` writes", read_battlefy, sniff=looks_like_battlefy, priority=50, division=True,
                page="[Battlefy and Spicerack](battlefy.md)"))
