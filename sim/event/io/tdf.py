"""Pokémon TOM tournament files (``.tdf``, XML) import and export.

The Tournament Operations Manager (TOM) of Play! Pokémon saves an event as one XML document::

    <tournament type stage version gametype="TRADING_CARD_GAME|VIDEO_GAME" mode="TCG1DAY|PREMIER|...">
      <data><name>..</name><id>..</id><startdate>MM/DD/YYYY</startdate></data>
      <players>
        <player userid="1234567"><firstname>Ash</firstname><lastname>Ketchum</lastname>
          <birthdate>MM/DD/YYYY</birthdate>
          <dropped><status>1</status><round>3</round></dropped></player>   (dropped: optional)
      </players>
      <pods>
        <pod category="2">                 (0 junior, 1 senior, 2 masters, 8 juniors and seniors
                                            paired together, 10 every age paired together)
          <rounds>
            <round number="1" type="3">    (3 or 2 Swiss, 1 single elimination)
              <matches>
                <match outcome="1"><player1 userid=".."/><player2 userid=".."/><tablenumber>1</tablenumber></match>
                <match outcome="5"><player userid=".."/></match>            (a bye)
              </matches></round></rounds></pod></pods>
      <standings><pod category="2" type="finished|dnf"><player id=".." place="1"/></pod></standings>
      <finalsoptions><categorycut key="2"><cut>8</cut></categorycut></finalsoptions>
    </tournament>

Round types: TOM writes Swiss rounds as type 3 in TCG1DAY and VGC premier events and as type 2 in
League Challenge, Prerelease and Custom events; type 1 is single elimination (the top cut).

Outcome codes (``../shared/PLATFORMS.md``): ``1`` player1 wins, ``2`` player2 wins, ``3`` a tie,
``5`` a bye (one ``<player>``, table 0), ``0`` not reported: pending in the latest round, and a
pairing without result (counted as each other's opponents, no points) when later rounds were
played; ``8`` a late or no-show match loss of a single player (one ``<player>``); ``4`` and ``10``
(the double-loss family, not seen in real files) a loss for both players.  Read as well, with a
note, since nothing documents them: a single player with ``2``, ``4`` or ``10`` (a loss without
opponent) and two players with ``8`` (a loss for both).

Pods and divisions (``--division``): a pod of category 0, 1 or 2 is one age division; a pod of
category 8 (juniors and seniors) or 10 (every age) is paired as one, and TOM still publishes its
standings split by division (``<standings>`` pods of categories 0/1/2), each ranked among itself.
``--division junior|senior|masters`` reads that division's own pod, else the combined pod that
holds its players, ranked among themselves (``Event.ranked``), with the division's published places
and announced cut; ``--division combined`` (category 8) or ``all-ages`` (10) the whole combined
pod, its places compared division by division.  Who is in which division comes from the split
standings, else from the birth year (Play! Pokémon's age divisions of the event's season, which
starts in September: juniors are born in the season's year - 12 or later, seniors 3 years before,
masters earlier), with a note.  Default: masters (its pod, or the masters of a pod of every age),
else the file's only pod.

Mapping to the event model: TOM files carry no game scores, so a win is stored as the game score
1-0-0 and a tie as 0-0-1 (the Pokémon tiebreaks use match results only).  Names are
"first last"; two players with the same name stay two players, each named "first last (userid)".
A ``<dropped>`` round R means the player's last round was R when they are paired in round R,
else R - 1 (they dropped before it); a ``<status>`` of 0 is not a drop.  Single-elimination rounds
are the playoff; the number of Swiss rounds is known when the playoff is in the file, else
drawsafe uses the Pokémon attendance table (see :mod:`drawsafe.tiebreaks.cuts`).  Published final
places (``<standings>``, ``finished`` and ``dnf``) are kept as
:attr:`~drawsafe.event.model.Event.places`; VGC files (``gametype="VIDEO_GAME"``) are read the
same way.

:func:`write_tdf` writes an event back, so that a file read and written again gives the same
standings under the ``pokemon`` pack.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from drawsafe.errors import InputError, UsageError
from drawsafe.event import schedule
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder
from drawsafe.event.io.formats import TEXT, Format, register
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, LOSS, MATCH, NO_RESULT, Event, Match
from drawsafe.writing import write_atomic

#: Pod categories by name (``--division``; a category code is accepted too).
DIVISIONS = {"junior": "0", "senior": "1", "masters": "2", "combined": "8", "junior-senior": "8",
             "all-ages": "10"}
DIVISION_NAMES = {"0": "junior", "1": "senior", "2": "masters", "8": "combined", "10": "all ages"}
#: Age divisions (standings are split by these), and the pods that pair several of them together.
AGE_DIVISIONS = ("0", "1", "2")
COMBINED = {"8": ("0", "1"), "10": ("0", "1", "2")}
SWISS_TYPES, ELIMINATION_TYPE = ("3", "2"), "1"
A_WINS, B_WINS, TIE, BYE_OUTCOME, PENDING, DOUBLE, LATE = "1", "2", "3", "5", "0", "10", "8"
OUTCOMES = {"0", "1", "2", "3", "4", "5", "8", "10"}
#: Most players a file may hold (TOM events reach a few thousand per division).
MAX_PLAYERS = 100_000


def looks_like_tdf(text: str) -> bool:
    head = text.lstrip()[:2000]
    return head.startswith("<") and "<tournament" in head


def read_tdf(text: str, file: str, division: str | None = None) -> Event:
    """Read a TOM ``.tdf`` file (one division: ``division`` or the default, see the module text).

    :raises InputError: naming the file and the element for XML that does not parse, a missing
        or repeated player, an unknown outcome code or round type, or anything the shared checks
        of :class:`EventBuilder` reject.
    :raises UsageError: for a division that is not in the file.
    """
    if re.search(r"<!(DOCTYPE|ENTITY)", text[:100_000]):
        raise InputError(file, None, "the XML declares a DOCTYPE or entities, which TOM files never do",
                         "is it a TOM .tdf file?")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        line, col = e.position
        raise InputError(file, f"line {line}, column {col + 1}", f"invalid XML: {short_reason(e)}") from None
    if root.tag != "tournament":
        raise InputError(file, None, f"the XML's root element is <{root.tag}>, not <tournament>",
                         "is it a TOM .tdf file?")
    data = root.find("data")
    name = text_of(data, "name") if data is not None else None
    date = iso_date(text_of(data, "startdate"), file) if data is not None else None
    players = read_players(root, file)
    names = {uid: p.name for uid, p in players.items()}
    published = read_standings(root, names, file)
    pods = read_pods(root, file)
    b = EventBuilder(file, "tdf")
    notes: list[str] = []
    choice = choose_pod(pods, division, file, published, players, date, notes=notes)
    swiss, playoff = read_rounds(choice.pod, choice.category, file, names, b, notes)
    in_pod = b_seen(b, names)
    for uid, p in players.items():
        if uid not in in_pod or p.drop is None:
            continue
        rnd, where = p.drop
        after = rnd if any(p.name in m.players for m in b.rounds.get(rnd, ())) else rnd - 1
        b.add_drop(p.name, max(after, 0), where)
    divisions = {names[uid]: DIVISION_NAMES[d] for uid, d in choice.members.items() if uid in in_pod}
    ranked = None
    if choice.only is not None:
        ranked = frozenset(names[uid] for uid, d in choice.members.items() if d == choice.only and uid in in_pod)
        if not ranked:
            raise UsageError(f"--division {division}: the {DIVISION_NAMES[choice.category]} pod of {file} has "
                             f"no {DIVISION_NAMES[choice.only]} player in its rounds")
    cuts = read_cuts(root, file)
    places: dict[str, int] = {}
    for cat in choice.place_categories:
        places.update({names[uid]: place for uid, place in published.get(cat, {}).items()
                       if uid in in_pod})
    top_cut = cuts.get(choice.only or choice.category)
    division_cuts = {DIVISION_NAMES[c]: cuts[c] for c in AGE_DIVISIONS if c in cuts} \
        if choice.only is None and choice.category in COMBINED else {}
    gametype = (root.get("gametype") or "").strip().upper()
    if gametype == "VIDEO_GAME":
        notes.append("a VGC (video game) event: read like a TCG event (match results only)")
    label = DIVISION_NAMES.get(choice.only or choice.category, f"category {choice.category}")
    # the file publishes final places: the event is over, its Swiss rounds are those played
    known = swiss if playoff or places else None
    rounds, more = swiss_rounds_of(known, swiss, len(ranked) if ranked else len(b.seen))
    return b.build(f"{name or file.rsplit('/', 1)[-1]} ({label})", date=date, swiss_rounds=rounds,
                   rules="pokemon", top_cut=top_cut, places=places, notes=notes + more,
                   divisions=divisions if choice.category in COMBINED else {}, ranked=ranked,
                   division_cuts=division_cuts)


def swiss_rounds_of(known: int | None, played: int, players: int) -> tuple[int | None, list[str]]:
    """The number of Swiss rounds: ``known`` when the file tells it, else the Play! Pokémon table's
    for this many players (at least the rounds played), with a note saying so."""
    if known is not None:
        return known, []
    if players < schedule.POKEMON.min_players:
        rounds = max(played, 1)
        text = (f"{rounds} Swiss round(s), as played: the Play! Pokémon table starts at "
                f"{schedule.POKEMON.min_players} players (the file does not say; --rounds to change)")
        return rounds, [text]
    rounds = max(schedule.POKEMON.rounds(players), played)
    text = (f"{rounds} Swiss rounds: the Play! Pokémon table for {players} players (the file does "
            "not say; --rounds to change)")
    return rounds, [text]


def b_seen(b: EventBuilder, names: dict[str, str]) -> set[str]:
    seen = set(b.seen)
    return {uid for uid, n in names.items() if n in seen}


def short_reason(e: ET.ParseError) -> str:
    return re.sub(r": line \d+, column \d+$", "", str(e))


def text_of(parent: ET.Element | None, tag: str) -> str | None:
    if parent is None:
        return None
    el = parent.find(tag)
    if el is None or el.text is None:
        return None
    return el.text.strip() or None


def iso_date(value: str | None, file: str) -> str | None:
    """``MM/DD/YYYY`` as ``YYYY-MM-DD`` (TOM's start date); other shapes are an error."""
    if value is None:
        return None
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", value)
    if not m or not 1 <= int(m[1]) <= 12 or not 1 <= int(m[2]) <= 31:
        raise InputError(file, "<data><startdate>", f"start date must be MM/DD/YYYY, not {value!r}")
    return f"{m[3]}-{int(m[1]):02d}-{int(m[2]):02d}"


def whole(value: str | None, file: str, where: str, what: str, low: int = 0, high: int = MAX_ROUNDS) -> int:
    s = (value or "").strip()
    if not re.fullmatch(r"[0-9]{1,9}", s) or not low <= int(s) <= high:
        raise InputError(file, where, f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return int(s)


class Player:
    """One ``<player>``: the name drawsafe gives them, their ``<dropped>`` round, birth year."""

    __slots__ = ("born", "drop", "name")

    def __init__(self, name: str, drop: tuple[int, str] | None, born: int | None):
        self.name, self.drop, self.born = name, drop, born


def read_players(root: ET.Element, file: str) -> dict[str, Player]:
    """Players by userid (names made unique), their ``<dropped>`` rounds and birth years."""
    players = root.find("players")
    if players is None:
        raise InputError(file, None, "no <players> element", "is it a TOM .tdf file?")
    raw: dict[str, str] = {}
    dropped: dict[str, tuple[int, str]] = {}
    born: dict[str, int] = {}
    for i, el in enumerate(players.findall("player"), 1):
        uid = (el.get("userid") or "").strip()
        where = f"<players>, player {i}"
        if not uid:
            raise InputError(file, where, "a <player> without userid", "every TOM player has a userid")
        if uid in raw:
            raise InputError(file, where, f"userid {uid} is listed twice")
        first, last = text_of(el, "firstname") or "", text_of(el, "lastname") or ""
        full = f"{first} {last}" if first and last else first or last
        if not full.strip():
            raise InputError(file, where, f"player {uid} has neither first name nor last name")
        raw[uid] = full
        drop = el.find("dropped")
        if drop is not None and (text_of(drop, "status") or "1") != "0":
            r = text_of(drop, "round")
            if r is not None:
                dropped[uid] = (whole(r, file, where + " <dropped><round>", "drop round"), where)
        m = re.fullmatch(r"\d{1,2}/\d{1,2}/(\d{4})", text_of(el, "birthdate") or "")
        if m:
            born[uid] = int(m[1])
        if len(raw) > MAX_PLAYERS:
            raise InputError(file, where, f"more than {MAX_PLAYERS:,} players")
    count: dict[str, int] = {}
    for full in raw.values():
        count[full] = count.get(full, 0) + 1
    names = {uid: (f"{full} ({uid})" if count[full] > 1 else full) for uid, full in raw.items()}
    if len(set(names.values())) < len(names):
        taken: dict[str, str] = {}
        for uid, n in names.items():
            if n in taken:
                raise InputError(file, "<players>", f"players {taken[n]} and {uid} both end up named {n!r}",
                                 "give them different names")
            taken[n] = uid
    return {uid: Player(names[uid], dropped.get(uid), born.get(uid)) for uid in raw}


def read_pods(root: ET.Element, file: str) -> dict[str, ET.Element]:
    pods_el = root.find("pods")
    pods = [] if pods_el is None else pods_el.findall("pod")
    if not pods:
        raise InputError(file, None, "no <pods><pod> element: the file holds no rounds",
                         "is it a TOM .tdf file of a started event?")
    by_cat: dict[str, ET.Element] = {}
    for i, pod in enumerate(pods, 1):
        cat = (pod.get("category") or "").strip()
        if cat in by_cat:
            raise InputError(file, f"<pods>, pod {i}", f"two pods of category {cat}")
        by_cat[cat] = pod
    return by_cat


def pod_players(pod: ET.Element) -> list[str]:
    """The userids paired in a pod's rounds, in order of first appearance."""
    seen: dict[str, None] = {}
    for el in pod.iter():
        if el.tag in ("player", "player1", "player2") and el.get("userid"):
            seen.setdefault(el.get("userid").strip())
    return list(seen)


class PodChoice:
    """The pod read, the age division of each of its players (combined pods), the one division
    ranked (``only``; None: the whole pod) and the standings categories whose places apply."""

    __slots__ = ("category", "members", "only", "place_categories", "pod")

    def __init__(self, pod, category, members, only, place_categories):
        self.pod, self.category, self.members, self.only = pod, category, members, only
        self.place_categories = place_categories


def season_of(date: str | None) -> int | None:
    """The Play! Pokémon season (its year) of an ISO date: from September, the next year's."""
    if not date:
        return None
    year, month = int(date[:4]), int(date[5:7])
    return year + 1 if month >= 9 else year


def age_division(born: int, season: int) -> str:
    """Category of a player born in ``born`` in ``season``: junior 12 and younger, senior 13-16."""
    if born >= season - 12:
        return "0"
    return "1" if born >= season - 16 else "2"


def divisions_of(pod: ET.Element, category: str, published: dict[str, dict[str, int]],
                 players: dict[str, Player], date: str | None, file: str,
                 *, notes: list[str]) -> dict[str, str]:
    """The age division (category 0/1/2) of every player of a combined pod: where the file's
    standings list them, else by birth year (with a note); {} when neither tells."""
    members = pod_players(pod)
    split = {uid: cat for cat in COMBINED[category] if cat in published for uid in published[cat]}
    out = {uid: split[uid] for uid in members if uid in split}
    season = season_of(date)
    guessed = 0
    for uid in members:
        if uid not in out and season is not None and players.get(uid) and players[uid].born is not None:
            out[uid] = min(age_division(players[uid].born, season), max(COMBINED[category]))
            guessed += 1
    if guessed and len(out) == len(members):
        notes.append(f"the division of {guessed} player(s) of the {DIVISION_NAMES[category]} pod from their "
                     f"birth year (season {season}; the file's standings do not list them)")
    return out if len(out) == len(members) else {}


def choose_pod(pods: dict[str, ET.Element], division: str | None, file: str,
               published: dict[str, dict[str, int]], players: dict[str, Player], date: str | None,
               *, notes: list[str]) -> PodChoice:
    """The pod and division to read (see the module text)."""
    known = [DIVISION_NAMES.get(c, f"category {c}") for c in pods]
    for c in pods:
        if c in COMBINED:
            known += [DIVISION_NAMES[d] for d in COMBINED[c] if DIVISION_NAMES[d] not in known]
    listing = ", ".join(known)

    def combined_holding(want: str, required: bool) -> PodChoice | None:
        for c in ("8", "10"):
            if c in pods and want in COMBINED[c]:
                members = divisions_of(pods[c], c, published, players, date, file, notes=notes)
                if not members:
                    if required:
                        raise UsageError(f"--division {division}: the {DIVISION_NAMES[c]} pod of {file} pairs "
                                         "several divisions and the file does not say who is in which (no split "
                                         f"standings, no birth dates): use --division {DIVISION_NAMES[c]}")
                    continue
                if want in members.values():
                    return PodChoice(pods[c], c, members, want, (want,))
        return None

    def entire(c: str) -> PodChoice:
        if c in COMBINED:
            members = divisions_of(pods[c], c, published, players, date, file, notes=notes)
            cats = tuple(d for d in COMBINED[c] if d in published) or (c,)
            return PodChoice(pods[c], c, members, None, cats if c not in published else (c,))
        return PodChoice(pods[c], c, {}, None, (c,))

    if division is not None:
        want = DIVISIONS.get(division.strip().lower(), division.strip())
        if division.strip().lower() == "combined" and want not in pods and "10" in pods:
            want = "10"  # "combined": whichever combined pod the file has
        if want in pods:
            return entire(want)
        if want in AGE_DIVISIONS:
            found = combined_holding(want, True)
            if found is not None:
                return found
        raise UsageError(f"--division {division}: {file} has the division(s) {listing}")
    if "2" in pods:
        return entire("2")
    found = combined_holding("2", False) if "10" in pods else None
    if found is not None:
        return found
    if len(pods) == 1:
        return entire(next(iter(pods)))
    raise UsageError(f"{file} has the divisions {listing} and none is masters: choose one with --division")


def read_rounds(pod: ET.Element, category: str, file: str, names: dict[str, str],
                b: EventBuilder, notes: list[str]) -> tuple[int, int]:
    """Add the pod's matches to ``b``; returns (Swiss rounds, playoff rounds)."""
    rounds_el = pod.find("rounds")
    rounds = [] if rounds_el is None else rounds_el.findall("round")
    label = DIVISION_NAMES.get(category, category)
    swiss_numbers: list[int] = []
    playoff = 0
    numbered = []
    for i, rnd in enumerate(rounds, 1):
        where = f"{label} pod, round {i}"
        kind = (rnd.get("type") or "").strip()
        if kind not in SWISS_TYPES and kind != ELIMINATION_TYPE:
            raise InputError(file, where, f"round type {kind!r} is neither 3 or 2 (Swiss) nor 1 (single elimination)")
        if kind in SWISS_TYPES:
            if playoff:
                raise InputError(file, where, "a Swiss round after a single-elimination round")
            number = whole(rnd.get("number"), file, where, "round number", 1)
            if swiss_numbers and number != swiss_numbers[-1] + 1:
                raise InputError(file, where, f"Swiss round {number} follows round {swiss_numbers[-1]}",
                                 "Swiss rounds must run 1, 2, 3, ... in order")
            swiss_numbers.append(number)
        else:
            playoff += 1
            number = len(swiss_numbers) + playoff
            b.playoff_rounds.add(number)
            b.round_names[number] = f"Top cut round {playoff}"
        numbered.append((number, rnd))
    if len(swiss_numbers) + playoff > MAX_ROUNDS:
        raise InputError(file, f"{label} pod", f"more than {MAX_ROUNDS} rounds")
    # a round with matches after it: a match never reported there is a pairing without result
    last_with_matches = max((n for n, rnd in numbered if rnd.find("matches") is not None
                             and rnd.find("matches").find("match") is not None), default=0)
    odd: set[str] = set()
    for number, rnd in numbered:
        matches_el = rnd.find("matches")
        for j, m in enumerate([] if matches_el is None else matches_el.findall("match"), 1):
            match = read_match(m, number, file, f"{label} pod, round {number}, match {j}", names, odd)
            if match.kind == MATCH and not match.reported and number < last_with_matches:
                match = Match(number, match.player_a, match.player_b, kind=NO_RESULT, where=match.where)
            b.add_match(match)
    notes.extend(sorted(odd))
    return len(swiss_numbers), playoff


def read_match(el: ET.Element, rnd: int, file: str, where: str, names: dict[str, str],
               odd: set[str] | None = None) -> Match:
    table = text_of(el, "tablenumber")
    if table is not None:
        whole(table, file, where + " <tablenumber>", "table number", 0, 10**7)
        where += f" (table {table})"
    outcome = (el.get("outcome") or "").strip()
    if outcome not in OUTCOMES:
        raise InputError(file, where, f"unknown outcome code {outcome!r}",
                         "TOM writes 0 (not reported), 1, 2 (a win), 3 (a tie), 5 (a bye), 8 (a late loss), "
                         "4 and 10 (a double loss)")
    odd = set() if odd is None else odd

    def player(tag: str) -> str | None:
        p = el.find(tag)
        if p is None:
            return None
        uid = (p.get("userid") or "").strip()
        if uid not in names:
            raise InputError(file, where, f"<{tag}> names userid {uid!r}, who is not in <players>",
                             "every player of a match must be listed in <players>")
        return names[uid]

    a, b, solo = player("player1"), player("player2"), player("player")
    if solo is None and (a is None) != (b is None):
        solo = a or b  # a table with one seat filled
        a = b = None
    if solo is not None:
        if a is not None or b is not None:
            raise InputError(file, where, "a match with both <player> and <player1>/<player2>")
        if outcome == BYE_OUTCOME:
            return Match(rnd, solo, kind=BYE, where=where)
        if outcome == LATE:
            return Match(rnd, solo, kind=LOSS, where=where)
        if outcome in ("2", "4", DOUBLE):
            odd.add(f"outcome {outcome} with one player read as a match loss without opponent "
                    "(TOM writes 8 for a late or no-show loss)")
            return Match(rnd, solo, kind=LOSS, where=where)
        raise InputError(file, where, f"a match with one player has outcome {outcome}",
                         "one player is a bye (outcome 5) or a late loss (outcome 8)")
    if a is None or b is None:
        raise InputError(file, where, "a match needs <player1> and <player2> (or one <player> for a bye)")
    if outcome == BYE_OUTCOME:
        raise InputError(file, where, "outcome 5 (a bye) with two players")
    if outcome == PENDING:
        return Match(rnd, a, b, where=where)
    if outcome in ("4", DOUBLE):
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=where)
    if outcome == LATE:
        odd.add("outcome 8 (a late loss) with two players read as a loss for both")
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=where)
    if outcome == A_WINS:
        return Match(rnd, a, b, 1, 0, 0, where=where)
    if outcome == B_WINS:
        return Match(rnd, a, b, 0, 1, 0, where=where)
    return Match(rnd, a, b, 0, 0, 1, where=where)


def read_cuts(root: ET.Element, file: str) -> dict[str, int]:
    """The announced top cut of each category (``<categorycut key|category>``), 0 for none."""
    fo = root.find("finalsoptions")
    out: dict[str, int] = {}
    if fo is None:
        return out
    for el in fo.findall("categorycut"):
        cat = (el.get("key") or el.get("category") or "").strip()
        value = el.get("cut")
        if value is None:
            value = text_of(el, "cut")
        if value is None or not cat:
            continue
        out[cat] = whole(value, file, f"<finalsoptions><categorycut {cat}>", "cut", 0, MAX_PLAYERS)
    return out


def read_standings(root: ET.Element, names: dict[str, str], file: str) -> dict[str, dict[str, int]]:
    """TOM's published places: {category: {userid: place}} (``finished`` and ``dnf`` pods)."""
    st = root.find("standings")
    out: dict[str, dict[str, int]] = {}
    if st is None:
        return out
    for pod in st.findall("pod"):
        cat = (pod.get("category") or "").strip()
        for i, el in enumerate(pod.findall("player"), 1):
            where = f"<standings> category {cat}, player {i}"
            uid = (el.get("id") or el.get("userid") or "").strip()
            if uid not in names:
                raise InputError(file, where, f"userid {uid!r} is not in <players>")
            out.setdefault(cat, {})[uid] = whole(el.get("place"), file, where, "place", 1, MAX_PLAYERS)
    return out


# ---------------------------------------------------------------------------------------------
# Writing


def split_name(name: str) -> tuple[str, str]:
    """First name and last name such that ``f"{first} {last}"`` (or the one present) is ``name``."""
    first, sep, last = name.partition(" ")
    if sep and first and last and last == last.strip():
        return first, last
    return name, ""


def to_tdf(event: Event, division: str = "masters", places: dict[str, int] | None = None,
           top_cut: int | None = None) -> str:
    """The TOM XML of ``event`` as one pod (see the module text).  ``places`` (player -> final
    place) becomes ``<standings>``; ``top_cut`` the ``<finalsoptions>`` cut.

    :raises UsageError: for a result TOM cannot hold (a half-point bye) or a name XML cannot hold.
    """
    # imported here: xml.sax.saxutils loads urllib and http, and `--format`'s choices load this module
    from xml.sax.saxutils import escape, quoteattr

    category = DIVISIONS.get(division, division)
    uid = {p: f"{i + 1:07d}" for i, p in enumerate(event.players)}
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<tournament type="2" stage="5" version="1.7" gametype="TRADING_CARD_GAME" mode="TCG1DAY">',
           "<data>", f"<name>{escape(event_name(event.name, category))}</name>", "<id>drawsafe-export</id>"]
    if event.date and re.fullmatch(r"\d{4}-\d{2}-\d{2}", event.date):
        y, m, d = event.date.split("-")
        out.append(f"<startdate>{m}/{d}/{y}</startdate>")
    out += ["<roundtime>50</roundtime>", "</data>", "<players>"]
    for p in event.players:
        first, last = split_name(p)
        out.append(f"<player userid={quoteattr(uid[p])}><firstname>{xml_text(first)}</firstname>"
                   f"<lastname>{xml_text(last)}</lastname>")
        if p in event.drops:
            out.append(f"<dropped><round>{event.drops[p]}</round></dropped>")
        out.append("</player>")
    out += ["</players>", "<pods>", f"<pod category={quoteattr(category)} stage=\"5\">", "<rounds>"]
    for r in event.rounds:
        kind = ELIMINATION_TYPE if r.playoff else SWISS_TYPES[0]
        out.append(f'<round number="{r.number}" type="{kind}" stage="5"><matches>')
        for t, m in enumerate(r.matches, 1):
            out.append(match_xml(m, uid, t))
        out.append("</matches></round>")
    out += ["</rounds>", "</pod>", "</pods>"]
    if top_cut:
        out.append(f'<finalsoptions><categorycut category={quoteattr(category)} cut="{top_cut}"/></finalsoptions>')
    if places:
        out.append(f"<standings><pod category={quoteattr(category)} type=\"finished\">")
        for p, place in sorted(places.items(), key=lambda kv: kv[1]):
            out.append(f'<player id={quoteattr(uid[p])} place="{place}"/>')
        out.append("</pod></standings>")
    out.append("</tournament>")
    return "\n".join(out) + "\n"


def event_name(name: str, category: str) -> str:
    """The event's name without the division the reader appended, without control characters."""
    suffix = f" ({DIVISION_NAMES.get(category, category)})"
    name = name.removesuffix(suffix)
    return re.sub(r"[\x00-\x1f\ufffe\uffff]", " ", name).strip() or "event"


def xml_text(value: str) -> str:
    if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", value) or value != value.strip():
        raise UsageError(f"the name {value!r} holds characters (or surrounding spaces) a TOM file cannot hold")
    from xml.sax.saxutils import escape  # as in to_tdf

    return escape(value)


def match_xml(m: Match, uid: dict[str, str], table: int) -> str:
    tail = f"<tablenumber>{table}</tablenumber></match>"
    if m.kind == BYE:
        return f'<match outcome="5"><player userid="{uid[m.player_a]}"/>{tail}'
    if m.kind == LOSS:
        return f'<match outcome="2"><player userid="{uid[m.player_a]}"/>{tail}'
    if m.kind == DOUBLE_LOSS:
        outcome = DOUBLE
    elif m.kind == FORFEIT:
        outcome = A_WINS
    elif m.kind == MATCH:
        if not m.reported:
            outcome = PENDING
        elif m.a_wins > m.b_wins:
            outcome = A_WINS
        elif m.a_wins < m.b_wins:
            outcome = B_WINS
        else:
            outcome = TIE
    else:
        raise UsageError(f"round {m.round}: a {m.kind} cannot be written to a TOM file")
    return (f'<match outcome="{outcome}"><player1 userid="{uid[m.player_a]}"/>'
            f'<player2 userid="{uid[m.player_b]}"/>{tail}')


def write_tdf(event: Event, output: str, division: str | None = None, places: dict[str, int] | None = None
              ) -> list[str]:
    """``event`` written to ``output`` as a TOM file (:func:`to_tdf`, the pod of ``division``,
    default masters); the files written."""
    write_atomic(output, to_tdf(event, division or "masters", places, event.top_cut))
    return [output]


register(Format("tdf", "Pokémon TOM files (Tournament Operations Manager), one division", read_tdf, TEXT,
                looks_like_tdf, priority=40, division=True, write=write_tdf,
                page="[Pokémon: TOM, pokedata, Limitless](pokemon.md)"))
