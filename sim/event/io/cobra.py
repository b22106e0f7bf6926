"""cobra's event export (Netrunner, Null Signal Games' tournament manager): the NRTM JSON.

``GET https://tournaments.nullsignal.games/tournaments/{id}.json`` answers what cobra's
``NrtmJson`` writes (Project-NISEI/cobra, ``app/services/nrtm_json.rb``):

- ``players``: the Swiss standings, ``{id, name, rank, matchPoints, strengthOfSchedule,
  extendedStrengthOfSchedule, corpIdentity, runnerIdentity}`` (SOS and ESOS are decimal texts or
  numbers); empty while the tournament hides identities.
- ``rounds``: a list of rounds, each a list of pairings ``{table, player1, player2,
  intentionalDraw, twoForOne, eliminationGame}``.  A Swiss pairing's players are ``{id,
  corpScore, runnerScore, combinedScore}``; ``combinedScore`` is cobra's score of the round, the
  one its standings add up.  Single-sided Swiss pairings (and the cut's) also give each player's
  ``role``; a cut pairing has ``winner`` (true/false) instead of scores.
- ``preliminaryRounds`` (Swiss rounds paired so far), ``cutToTop`` (0: no cut),
  ``eliminationPlayers`` (the cut's final order), ``name``, ``date``.

How the file's facts are read:

- Double- or single-sided: cobra writes ``role`` into Swiss pairings only for single-sided Swiss;
  a file without ``role`` whose every played result sums to 3 or less (3-0, 1-1) is single-sided
  too (no double-sided round sums below 4), else double-sided.  A note says which was found.
- Double-sided: a round is two games (3 per game won, 1 per timed tie): combined scores 6-0,
  4-1, 3-3, 2-2 are the games 2-0, 1-0-1, 1-1, 0-0-2.  Single-sided: 3-0 is 1-0, 1-1 a drawn
  game 0-0-1.  ``intentionalDraw`` (3-3, or 1-1 single-sided) is 0-0-3, drawsafe's intentional
  draw.  Another custom score whose points two such games can make is kept with its points (3-0
  double-sided: 1-0), with a note; 0-0 is a double loss (both lose, each other's opponent).  A
  score typed by hand that no two games make (8-0, 5-1, 9-3, a -2: five such rows in the 2023
  World Championship) is counted as cobra counts it, each player their own points
  (:attr:`~drawsafe.event.model.Match.b_draws`), with one note naming the rows.
- A pairing with one player's ``id`` null is the other player's bye (cobra scores it 6
  double-sided, 3 single-sided); a bye an organiser scored 0 is counted as cobra counts it, a
  round without opponent or points (a loss without opponent); another score double-sided is a bye
  of those points, as cobra counts it (the 2023 World Championship's 7: a win's 6 and one tie,
  :attr:`~drawsafe.event.model.Match.draws` of the bye), with a note; single-sided, a bye (noted).
- Unreported pairings (no score on either side): the last Swiss round is in progress; in an
  earlier round they are 0-0 (cobra adds nothing and still counts the round and the opponent).
- Drops: the export has no drop flag; a player not paired in any later Swiss round is taken as
  dropped after their last one (cobra pairs every active player, a bye included).
- ``eliminationGame`` rounds are the cut (playoff rounds; cobra's cut is single or double
  elimination), after the Swiss.
- The Swiss rounds: ``preliminaryRounds`` when the Swiss is over (the file has a cut); without a
  cut the file cannot tell a finished event from one between rounds, so the number is left open.
- Published standings: rank, ``matchPoints`` and the figures SOS and ESOS by tiebreak key
  (:attr:`PublishedStanding.values`), for ``standings --check`` (cobra's own precision; compared
  at 4 decimals).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import replace

from drawsafe.errors import InputError
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder, parse_int, score_problem
from drawsafe.event.io.formats import Format, register
from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, Event, Match, PublishedStanding

DOUBLE = "netrunner"
SINGLE = "netrunner-single"
#: A bye's score as cobra gives it (``pairing_strategies/swiss.rb``, ``single_sided_swiss.rb``).
BYE_SCORE = {DOUBLE: 6, SINGLE: 3}
#: An intentional draw's score (double-sided 3-3, single-sided 1-1).
ID_SCORE = {DOUBLE: 3, SINGLE: 1}
#: Decimals the published SOS and ESOS are compared at (cobra keeps them unrounded).
PRECISION = 4
MAX_PLAYERS = 100_000
MAX_PAIRINGS = 1_000_000
#: The largest score of a round (either sign) read as cobra counts it: its presets give 0 to 6, an
#: organiser's correction typed by hand more (7, 8, 9, -2 in the 2023 World Championship).
MAX_SCORE = 60
NAN = float("nan")


def looks_like_cobra(data: object) -> bool:
    """The NRTM export: cobra's own marks (``uploadedFrom``, ``preliminaryRounds``, ``cutToTop``,
    ``eliminationPlayers``), or rounds that are lists of pairings with ``player1`` objects."""
    if not isinstance(data, dict):
        return False
    if str(data.get("uploadedFrom", "")).lower() == "cobra" or any(
            k in data for k in ("preliminaryRounds", "cutToTop", "eliminationPlayers")):
        return True
    rounds = data.get("rounds")
    return isinstance(rounds, list) and bool(rounds) and all(isinstance(r, list) for r in rounds) and any(
        isinstance(m, dict) and isinstance(m.get("player1"), dict) for r in rounds for m in r[:3])


def read_cobra(data: object, file: str) -> Event:
    """Build an event from a parsed NRTM export (see the module text).

    :raises InputError: naming the file and the entry (``rounds[2][5]``, ``players[3]``) for a
        wrong shape, an unknown player id, a score no Netrunner round makes, or anything the
        shared checks of :class:`EventBuilder` reject.
    """
    if not isinstance(data, dict):
        raise InputError(file, None, "a cobra export must be a JSON object with 'players' and 'rounds'")
    rows, names, notes = read_players(data, file)
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise InputError(file, "rounds", f"must be a list of rounds (lists of pairings), not {kind_of(rounds)}")
    swiss, cut = split_rounds(rounds, file, notes)
    if len(swiss) + len(cut) > MAX_ROUNDS:
        raise InputError(file, "rounds", f"more than {MAX_ROUNDS} rounds")
    if sum(len(r) for _, r in swiss + cut) > MAX_PAIRINGS:
        raise InputError(file, "rounds", f"more than {MAX_PAIRINGS:,} pairings")
    if not names:
        names = ids_as_names(swiss + cut, data.get("eliminationPlayers"), file)
        if names:
            notes.append("the file lists no players (cobra leaves them out while a tournament hides "
                         "identities): players are named by their cobra id, those of the cut by its names")
    rules, said = sidedness(swiss, file)
    notes.append(said)
    b = EventBuilder(file, "cobra", best_of=3 if rules == DOUBLE else 1)
    for name in names.values():
        b.declare_player(name, "players")
    last = len(swiss)
    corrected: list[str] = []
    for number, (i, pairings) in enumerate(swiss, 1):
        for j, p in enumerate(pairings):
            # the last Swiss round may be in progress, unless the cut follows it
            b.add_match(at_table(swiss_match(p, number, number == last and not cut, rules, names, file,
                                             where=f"rounds[{i}][{j}]", notes=notes, corrected=corrected), p))
    if corrected:
        notes.append(f"{len(corrected)} score(s) no two games make, corrected by hand in cobra, counted as "
                     f"cobra counts them (each player their own points): " + "; ".join(corrected))
    for k, (i, pairings) in enumerate(cut, 1):
        number = last + k
        b.playoff_rounds.add(number)
        b.round_names[number] = f"Cut round {k}"
        for j, p in enumerate(pairings):
            b.add_match(cut_match(p, number, names, file, f"rounds[{i}][{j}]"))
    dropped = add_drops(b, last)
    if dropped:
        notes.append(f"{len(dropped)} player(s) not paired after some Swiss round taken as dropped (the "
                     "export has no drop flag; cobra pairs every active player): "
                     + ", ".join(f"{p} (after round {r})" for p, r in dropped))
    preliminary = data.get("preliminaryRounds")
    has_cut = bool(cut) or positive(data.get("cutToTop"))
    swiss_rounds = None
    if has_cut and last:
        swiss_rounds = last
        if isinstance(preliminary, int) and not isinstance(preliminary, bool) and preliminary != last:
            notes.append(f"preliminaryRounds says {preliminary} Swiss rounds; the file holds {last}")
    elif last:
        notes.append(f"no cut in the file: the Swiss rounds planned are not said (preliminaryRounds counts "
                     f"those paired so far, {last}); --rounds to change")
    top = data.get("cutToTop")
    title = data.get("name")
    date = data.get("date")
    return b.build(
        title.strip() if isinstance(title, str) and title.strip() else os.path.basename(file),
        date=date[:10] if isinstance(date, str) and date.strip() else None,
        swiss_rounds=swiss_rounds, rules=rules, notes=notes,
        top_cut=top if positive(top) else None,
        standings=tuple(PublishedStanding(rank, names[pid], points, None, None, None, NAN, NAN, NAN,
                                          values={"SOS": sos, "ESOS": esos})
                        for pid, rank, points, sos, esos in rows) or None,
        precision=PRECISION)


def at_table(m: Match, p: dict) -> Match:
    """``m`` at the pairing's ``table`` (cobra's table number), when the pairing gives one."""
    table = p.get("table")
    return replace(m, table=table) if positive(table) else m


def kind_of(value: object) -> str:
    return "null" if value is None else type(value).__name__


def positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def player_id(value: object, file: str, where: str) -> int | str | None:
    """A cobra player id (a whole number, or a text from another NRTM writer); ``None`` for none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)) or (isinstance(value, str) and not value.strip()):
        raise InputError(file, where, f"id must be a player id (a whole number) or null, not {value!r}")
    return value


def figure(value: object, file: str, where: str) -> float:
    """A published SOS or ESOS: a number or a decimal text (cobra's decimal column); NaN when absent."""
    if value is None:
        return NAN
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*", value):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InputError(file, where, f"must be a number, not {value!r}")
    return float(value)


def read_players(data: dict, file: str) -> tuple[list[tuple], dict, list[str]]:
    """The published rows (id, rank, points, SOS, ESOS), unique names by id, and notes."""
    players = data.get("players", [])
    if players is None:
        players = []
    if not isinstance(players, list):
        raise InputError(file, "players", f"must be a list of players, not {kind_of(players)}")
    if len(players) > MAX_PLAYERS:
        raise InputError(file, "players", f"more than {MAX_PLAYERS:,} players")
    raw: dict[int | str, tuple[str, str]] = {}
    rows = []
    notes: list[str] = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise InputError(file, where, "a player must be an object with id, name, rank, matchPoints")
        pid = player_id(p.get("id"), file, where + ".id")
        if pid is None:
            raise InputError(file, where + ".id", "a player needs an id")
        if pid in raw:
            raise InputError(file, where + ".id", f"player id {pid!r} is listed twice (also at {raw[pid][1]})")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            if name is not None and not isinstance(name, str):
                raise InputError(file, where + ".name", f"must be the player's name (a text), not {name!r}")
            notes.append(f"{where} has no name: called #{pid}")
            name = f"#{pid}"
        raw[pid] = (name, where)
        rank = p.get("rank")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= MAX_PLAYERS:
            raise InputError(file, where + ".rank", f"must be a whole number from 1, not {rank!r}")
        points = parse_int(p.get("matchPoints"), file, where + ".matchPoints", "matchPoints")
        if not 0 <= points <= 6 * MAX_ROUNDS:
            raise InputError(file, where + ".matchPoints", f"{points} is not a Swiss total of match points")
        rows.append((pid, rank, points, figure(p.get("strengthOfSchedule"), file, where + ".strengthOfSchedule"),
                     figure(p.get("extendedStrengthOfSchedule"), file, where + ".extendedStrengthOfSchedule")))
    return rows, unique_names(raw, file), notes


def unique_names(raw: dict, file: str) -> dict:
    """Names by id; two players of one name become "name (#id)"."""
    count: dict[str, int] = {}
    for name, _ in raw.values():
        count[name] = count.get(name, 0) + 1
    out, taken = {}, {}
    for pid, (name, where) in raw.items():
        unique = f"{name} (#{pid})" if count[name] > 1 else name
        if unique in taken:
            raise InputError(file, where, f"players {taken[unique]!r} and {pid!r} both end up named {unique!r}")
        taken[unique] = pid
        out[pid] = unique
    return out


def ids_as_names(rounds: list, elimination: object, file: str) -> dict:
    """Names by id for a file without players: the cut's names where given, else ``#id``."""
    known = {}
    for i, e in enumerate(elimination if isinstance(elimination, list) else []):
        if isinstance(e, dict) and isinstance(e.get("name"), str) and e["name"].strip():
            pid = player_id(e.get("id"), file, f"eliminationPlayers[{i}].id")
            if pid is not None:
                known[pid] = e["name"]
    raw = {}
    for i, pairings in rounds:
        for j, p in enumerate(pairings):
            for side in ("player1", "player2"):
                entry = p.get(side)
                pid = player_id(entry.get("id"), file, f"rounds[{i}][{j}].{side}.id") \
                    if isinstance(entry, dict) else None
                if pid is not None and pid not in raw:
                    raw[pid] = (known.get(pid, f"#{pid}"), f"rounds[{i}][{j}].{side}")
    return unique_names(raw, file)


def split_rounds(rounds: list, file: str, notes: list[str]) -> tuple[list, list]:
    """(index, pairings) of the Swiss rounds and of the cut's, in order; empty rounds left out."""
    swiss, cut, empty = [], [], []
    for i, r in enumerate(rounds):
        where = f"rounds[{i}]"
        if not isinstance(r, list):
            raise InputError(file, where, f"a round must be a list of pairings, not {kind_of(r)}")
        if not r:
            empty.append(i + 1)
            continue
        flags = set()
        for j, p in enumerate(r):
            if not isinstance(p, dict):
                raise InputError(file, f"{where}[{j}]", "a pairing must be an object with player1 and player2")
            flag = p.get("eliminationGame", False)
            if not isinstance(flag, bool):
                raise InputError(file, f"{where}[{j}].eliminationGame", f"must be true or false, not {flag!r}")
            flags.add(flag)
        if len(flags) > 1:
            raise InputError(file, where, "the round mixes Swiss pairings and cut games (eliminationGame)")
        if True in flags:
            cut.append((i, r))
        elif cut:
            raise InputError(file, where, "a Swiss round after the cut's rounds",
                             "cobra lists the Swiss rounds first, then the cut")
        else:
            swiss.append((i, r))
    if empty:
        notes.append(f"round(s) {', '.join(map(str, empty))} of the file hold no pairing: left out")
    return swiss, cut


def side_score(entry: dict, file: str, where: str) -> int | None:
    """A player's score of a Swiss round: ``combinedScore``, else corp + runner; None if unreported."""
    combined = entry.get("combinedScore")
    if combined is None:
        sides = [entry.get(k) for k in ("corpScore", "runnerScore")]
        if all(s is None for s in sides):
            return None
        combined = sum(parse_int(s, file, where, "a side's score") for s in sides if s is not None)
    score = parse_int(combined, file, where + ".combinedScore", "combinedScore")
    if not -MAX_SCORE <= score <= MAX_SCORE:
        raise InputError(file, where + ".combinedScore",
                         f"{score} is not a round's score (cobra's are 0 to 6; a corrected one within "
                         f"{MAX_SCORE} of 0 is counted as it stands)")
    return score


def sidedness(swiss: list, file: str) -> tuple[str, str]:
    """The rule pack, and a note saying how the file shows it."""
    role = any(isinstance(p.get(s), dict) and "role" in p[s] for _, r in swiss for p in r for s in ("player1", "player2"))
    if role:
        return SINGLE, ("single-sided Swiss (rules netrunner-single): cobra gives each player's side "
                        "('role') in the Swiss pairings only for single-sided Swiss")
    sums = []
    for i, r in swiss:
        for j, p in enumerate(r):
            a, b = p.get("player1"), p.get("player2")
            if not isinstance(a, dict) or not isinstance(b, dict) or a.get("id") is None or b.get("id") is None:
                continue
            sa = side_score(a, file, f"rounds[{i}][{j}].player1")
            sb = side_score(b, file, f"rounds[{i}][{j}].player2")
            if sa is not None and sb is not None and sa + sb > 0:
                sums.append(sa + sb)
    if sums and max(sums) <= 3:
        return SINGLE, (f"single-sided Swiss (rules netrunner-single): no side ('role') given, but every one of "
                        f"the {len(sums)} played results sums to 3 points or less, as one game does")
    return DOUBLE, ("double-sided Swiss (rules netrunner): no player side ('role') in the Swiss pairings, "
                    "which cobra gives only for single-sided Swiss" + (
                        f"; results of up to {max(sums)} points (two games)" if sums else ""))


#: The results of one round as cobra's score presets enter them (combined scores of A and B).
USUAL = {DOUBLE: {(6, 0), (0, 6), (4, 1), (1, 4), (3, 3), (2, 2)}, SINGLE: {(3, 0), (0, 3), (1, 1)}}


def games_of(a: int, b: int, rules: str) -> tuple[int, int, int] | None:
    """Games won by each player and drawn games of combined scores ``a``-``b`` (3 a game won, 1 a
    tie, a tie counting for both), as the round's games (two double-sided: 6-0 is 2-0, 4-1 1-0-1,
    3-3 1-1, 2-2 0-0-2; one single-sided: 3-0 is 1-0, 1-1 0-0-1) when they can make it, else the
    fewest ties that make these points (3-0 double-sided: 1-0); ``None`` when no games do (5-0)."""
    if a % 3 != b % 3:
        return None
    games = 2 if rules == DOUBLE else 1
    t = 3 * games - a - b  # wins + losses + ties = games, each tie counted in both scores
    if not (0 <= t <= min(a, b) and t % 3 == a % 3):
        t = a % 3
    return (a - t) // 3, (b - t) // 3, t


def swiss_match(p: dict, rnd: int, last: bool, rules: str, names: dict, file: str, *, where: str,
                notes: list[str], corrected: list[str]) -> Match:
    """One Swiss pairing (``last``: of a round that may still be in progress); a score cobra
    counted that no games make is listed in ``corrected``."""
    entries = []
    for side in ("player1", "player2"):
        entry = p.get(side)
        if entry is None:
            entry = {}
        if not isinstance(entry, dict):
            raise InputError(file, f"{where}.{side}", f"must be an object with id and scores, not {entry!r}")
        pid = player_id(entry.get("id"), file, f"{where}.{side}.id")
        if pid is not None and pid not in names:
            raise InputError(file, f"{where}.{side}.id", f"player id {pid!r} is not in the players",
                             "every player of a pairing must be listed in 'players'")
        entries.append((pid, entry, side))
    (ia, ea, _), (ib, eb, _) = entries
    here = f"{where} (round {rnd})"
    if ia is None and ib is None:
        raise InputError(file, here, "a pairing without players (both ids are null)")
    if ia is None or ib is None:
        pid, entry, side = entries[0] if ib is None else entries[1]
        score = side_score(entry, file, f"{where}.{side}")
        if score == 0:  # cobra counts it as it stands: a round without opponent and no points
            notes.append(f"round {rnd}: {names[pid]}'s bye is scored 0: counted as cobra counts it, a "
                         "round without opponent and without points (a loss without opponent)")
            return Match(rnd, names[pid], kind=LOSS, where=here)
        if score is not None and score != BYE_SCORE[rules]:
            if rules == DOUBLE:  # the pack scores games: the points beyond a win's are ties
                notes.append(f"round {rnd}: {names[pid]}'s bye is scored {score}: counted as cobra counts it, "
                             f"{score} points ({score - BYE_SCORE[rules]:+d} on a bye's {BYE_SCORE[rules]})")
                return Match(rnd, names[pid], kind=BYE, draws=score - BYE_SCORE[rules], where=here)
            notes.append(f"round {rnd}: {names[pid]}'s bye is scored {score}; read as a bye "
                         f"({BYE_SCORE[rules]} points in rules {rules}, which scores a round by its result: "
                         f"this player's total is {BYE_SCORE[rules] - score:+d} from cobra's)")
        return Match(rnd, names[pid], kind=BYE, where=here)
    a, b = names[ia], names[ib]
    sa, sb = side_score(ea, file, f"{where}.player1"), side_score(eb, file, f"{where}.player2")
    if sa is None and sb is None:
        if last:
            return Match(rnd, a, b, where=here)  # the round in progress
        notes.append(f"round {rnd}: {a} v {b} has no result but later rounds were played: counted 0-0, as cobra "
                     "counts it (no points, the round and the opponent count)")
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=here)
    sa, sb = sa or 0, sb or 0  # cobra's standings add a missing score as 0
    intentional = p.get("intentionalDraw", False)
    if intentional not in (True, False, None):
        raise InputError(file, f"{where}.intentionalDraw", f"must be true or false, not {intentional!r}")
    if intentional and sa == sb == ID_SCORE[rules]:
        return Match(rnd, a, b, 0, 0, 3, where=here)
    if sa == sb == 0:
        notes.append(f"round {rnd}: {a} v {b} reported 0-0: read as a double loss")
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=here)
    if intentional:
        notes.append(f"round {rnd}: {a} v {b} is an intentional draw scored {sa}-{sb}: read by its score")
    if (sa, sb) in USUAL[rules]:
        return Match(rnd, a, b, *games_of(sa, sb, rules), where=here)
    if rules == SINGLE:  # the pack scores a single-sided round by its result: 3/1/0
        games = (1, 0, 0) if sa > sb else (0, 1, 0) if sa < sb else (0, 0, 1)
        notes.append(f"round {rnd}: {a} v {b} scored {sa}-{sb}, not a single-sided result: read as "
                     f"{'a win' if sa != sb else 'a draw'} (3/1/0 points, not cobra's {sa}-{sb})")
        return Match(rnd, a, b, *games, where=here)
    games = games_of(sa, sb, rules)
    if games is None or score_problem(*games, 3):
        corrected.append(f"{where} (round {rnd}, {a} v {b}, {sa}-{sb})")
        return counted_match(rnd, a, b, sa, sb, here)
    notes.append(f"round {rnd}: {a} v {b} scored {sa}-{sb}, not a usual result: read as the games "
                 f"{games[0]}-{games[1]}-{games[2]} (the same points)")
    return Match(rnd, a, b, *games, where=here)


def counted_match(rnd: int, a: str, b: str, sa: int, sb: int, where: str) -> Match:
    """A double-sided round scored ``sa``-``sb`` by hand, points no two games make (8-0, 5-1, a
    -2), as cobra counts it: each side its own games (a game won per 3 points, ties for the rest,
    negative for a negative score), so each gets exactly its points (:attr:`Match.b_draws`)."""
    wa, wb = max(sa, 0) // 3, max(sb, 0) // 3
    return Match(rnd, a, b, wa, wb, sa - 3 * wa, b_draws=sb - 3 * wb, where=where)


def cut_match(p: dict, rnd: int, names: dict, file: str, where: str) -> Match:
    """A game of the cut: ``winner`` true for one player (1-0), null for both while unplayed."""
    here = f"{where} (cut)"
    out = []
    for side in ("player1", "player2"):
        entry = p.get(side)
        if not isinstance(entry, dict):
            raise InputError(file, f"{where}.{side}", f"must be an object with id and winner, not {entry!r}")
        pid = player_id(entry.get("id"), file, f"{where}.{side}.id")
        if pid is not None and pid not in names:
            raise InputError(file, f"{where}.{side}.id", f"player id {pid!r} is not in the players")
        won = entry.get("winner")
        if won not in (True, False, None):
            raise InputError(file, f"{where}.{side}.winner", f"must be true, false or null, not {won!r}")
        out.append((pid, won))
    (ia, wa), (ib, wb) = out
    if ia is None or ib is None:
        if ia is None and ib is None:
            raise InputError(file, here, "a cut game without players (both ids are null)")
        return Match(rnd, names[ia if ib is None else ib], kind=BYE, where=here)
    a, b = names[ia], names[ib]
    if wa is None and wb is None:
        return Match(rnd, a, b, where=here)
    if wa and wb:
        raise InputError(file, here, "both players of a cut game are marked winner")
    if not wa and not wb:
        return Match(rnd, a, b, 0, 0, 1, where=here)  # cobra's equal scores: neither won
    return Match(rnd, a, b, 1 if wa else 0, 1 if wb else 0, 0, where=here)


def add_drops(b: EventBuilder, last: int) -> list[tuple[str, int]]:
    """Every player not paired in a Swiss round after some round of theirs, nor in the cut: dropped
    after it."""
    seen: dict[str, int] = {p: 0 for p in b.seen}
    for n, matches in b.rounds.items():
        for m in matches:
            for p in m.players:
                seen[p] = max(seen[p], n)
    out = []
    for p, n in seen.items():
        if n < last:
            b.add_drop(p, n, f"round {n + 1} (not paired)")
            out.append((p, n))
    return out


register(Format("cobra", "cobra's NRTM export (Netrunner)", read_cobra, sniff=looks_like_cobra, priority=40,
                page="[cobra](cobra.md)"))
