"""Pokémon TOM tournament files (``.tdf``, XML) import and export.

The Tournament Operations Manager (TOM) of Play! Pokémon saves an event as one XML document::

    <tournament>
      <data><name>..</name><id>..</id><startdate>MM/DD/YYYY</startdate><roundtime>50</roundtime></data>
      <players>
        <player userid="1234567"><firstname>Ash</firstname><lastname>Ketchum</lastname>
          <dropped><round>3</round></dropped></player>            (dropped: optional)
      </players>
      <pods>
        <pod category="2">                                          (0 junior, 1 senior, 2 masters, 8 combined)
          <rounds>
            <round number="1" type="3" stage="..">                 (type 3 Swiss, 1 single elimination)
              <matches>
                <match outcome="1"><player1 userid=".."/><player2 userid=".."/><tablenumber>1</tablenumber></match>
                <match outcome="5"><player userid=".."/></match>    (a bye)
              </matches></round></rounds></pod></pods>
      <finalsoptions><categorycut category="2" cut="8"/></finalsoptions>   (or <cut>8</cut> inside)
      <standings><pod category="2"><player id=".." place="1"/></pod></standings>
    </tournament>

Outcome codes: ``1`` player1 wins, ``2`` player2 wins, ``3`` a tie, ``5`` a bye (one ``<player>``),
``0`` not reported yet (pending); ``4`` and ``8`` appear in some files and are read, as other
parsers of TOM files read them, as wins of player1 and player2; ``10`` a double loss.  A match
with one player and outcome ``2``, ``8`` or ``10`` is read as a match loss without opponent
(an assumption: TOM's documentation of late entries was not found).

Mapping to the event model: TOM files carry no game scores, so a win is stored as the game score
1-0-0 and a tie as 0-0-1 (the Pokémon tiebreaks use match results only).  Names are
"first last"; two players with the same name stay two players, each named "first last (userid)".
A ``<dropped>`` round R means the player's last round was R when they are paired in round R,
else R - 1 (they dropped before it).  ``--division`` picks the pod (default: masters, or the only
pod).  Single-elimination rounds are the playoff; the number of Swiss rounds is known when the
playoff is in the file, else drawsafe uses the Pokémon attendance table (see
:mod:`drawsafe.tiebreaks.cuts`).  Published final places (``<standings>``) are kept as
:attr:`~drawsafe.event.model.Event.places`.

:func:`write_tdf` writes an event back, so that a file read and written again gives the same
standings under the ``pokemon`` pack.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from drawsafe.errors import InputError, UsageError
from drawsafe.event import schedule
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, LOSS, MATCH, Event, Match

#: Pod categories by name (``--division``).
DIVISIONS = {"junior": "0", "senior": "1", "masters": "2", "combined": "8"}
DIVISION_NAMES = {v: k for k, v in DIVISIONS.items()}
SWISS_TYPE, ELIMINATION_TYPE = "3", "1"
A_WINS, B_WINS, TIE, BYE_OUTCOME, PENDING, DOUBLE = "1", "2", "3", "5", "0", "10"
OUTCOMES = {"0", "1", "2", "3", "4", "5", "8", "10"}
#: Most players a file may hold (TOM events reach a few thousand per division).
MAX_PLAYERS = 100_000


def looks_like_tdf(text: str) -> bool:
    head = text.lstrip()[:2000]
    return head.startswith("<") and "<tournament" in head


def read_tdf(text: str, file: str, division: str | None = None) -> Event:
    """Read a TOM ``.tdf`` file (one division: ``division`` or the default, see the module text).

    :raises InputError: naming the file and the element for XML that does not parse, a missing
        or repeated player, an unknown outcome code or round type, a division not in the file, or
        anything the shared checks of :class:`EventBuilder` reject.
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
    names, dropped = read_players(root, file)
    pod, category = choose_pod(root, file, division)
    b = EventBuilder(file, "tdf")
    swiss, playoff = read_rounds(pod, category, file, names, b)
    drops = {}
    in_pod = b_seen(b, names)
    for uid, (rnd, where) in dropped.items():
        if uid not in in_pod:
            continue
        player = names[uid]
        after = rnd if any(player in m.players for m in b.rounds.get(rnd, ())) else rnd - 1
        drops[player] = (max(after, 0), where)
    for player, (after, where) in drops.items():
        b.add_drop(player, after, where)
    cut = read_cut(root, category, file)
    places = read_places(root, category, names, file)
    label = DIVISION_NAMES.get(category, f"category {category}")
    rounds, notes = swiss_rounds_of(swiss if playoff else None, swiss, len(b.seen))
    return b.build(f"{name or file.rsplit('/', 1)[-1]} ({label})", date=date, swiss_rounds=rounds,
                   rules="pokemon", top_cut=cut, places=places, notes=notes)


def swiss_rounds_of(known: int | None, played: int, players: int) -> tuple[int | None, list[str]]:
    """The number of Swiss rounds: ``known`` when the file tells it, else the Play! Pokémon table's
    for this many players (at least the rounds played), with a note saying so."""
    if known is not None or players < schedule.POKEMON.min_players:
        return known, []
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


def read_players(root: ET.Element, file: str) -> tuple[dict[str, str], dict[str, tuple[int, str]]]:
    """Players by userid (names made unique), and their ``<dropped>`` rounds."""
    players = root.find("players")
    if players is None:
        raise InputError(file, None, "no <players> element", "is it a TOM .tdf file?")
    raw: dict[str, str] = {}
    dropped: dict[str, tuple[int, str]] = {}
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
        if drop is not None:
            r = text_of(drop, "round")
            if r is not None:
                dropped[uid] = (whole(r, file, where + " <dropped><round>", "drop round"), where)
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
    return names, dropped


def choose_pod(root: ET.Element, file: str, division: str | None) -> tuple[ET.Element, str]:
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
    known = ", ".join(f"{DIVISION_NAMES.get(c, c)}" for c in by_cat)
    if division is not None:
        want = DIVISIONS.get(division.strip().lower(), division.strip())
        if want not in by_cat:
            raise UsageError(f"--division {division}: {file} has the division(s) {known}")
        return by_cat[want], want
    if DIVISIONS["masters"] in by_cat:
        return by_cat[DIVISIONS["masters"]], DIVISIONS["masters"]
    if len(by_cat) == 1:
        cat = next(iter(by_cat))
        return by_cat[cat], cat
    raise UsageError(f"{file} has the divisions {known} and none is masters: choose one with --division")


def read_rounds(pod: ET.Element, category: str, file: str, names: dict[str, str],
                b: EventBuilder) -> tuple[int, int]:
    """Add the pod's matches to ``b``; returns (Swiss rounds, playoff rounds)."""
    rounds_el = pod.find("rounds")
    rounds = [] if rounds_el is None else rounds_el.findall("round")
    label = DIVISION_NAMES.get(category, category)
    swiss_numbers: list[int] = []
    playoff = 0
    for i, rnd in enumerate(rounds, 1):
        where = f"{label} pod, round {i}"
        kind = (rnd.get("type") or "").strip()
        if kind not in (SWISS_TYPE, ELIMINATION_TYPE):
            raise InputError(file, where, f"round type {kind!r} is neither 3 (Swiss) nor 1 (single elimination)")
        if kind == SWISS_TYPE:
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
        matches_el = rnd.find("matches")
        for j, m in enumerate([] if matches_el is None else matches_el.findall("match"), 1):
            b.add_match(read_match(m, number, file, f"{label} pod, round {number}, match {j}", names))
    if len(swiss_numbers) + playoff > MAX_ROUNDS:
        raise InputError(file, f"{label} pod", f"more than {MAX_ROUNDS} rounds")
    return len(swiss_numbers), playoff


def read_match(el: ET.Element, rnd: int, file: str, where: str, names: dict[str, str]) -> Match:
    table = text_of(el, "tablenumber")
    if table is not None:
        whole(table, file, where + " <tablenumber>", "table number", 0, 10**7)
        where += f" (table {table})"
    outcome = (el.get("outcome") or "").strip()
    if outcome not in OUTCOMES:
        raise InputError(file, where, f"unknown outcome code {outcome!r}",
                         "TOM writes 0 (pending), 1, 2 (a win), 3 (a tie), 5 (a bye), 10 (a double loss)")

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
    if solo is not None:
        if a is not None or b is not None:
            raise InputError(file, where, "a match with both <player> and <player1>/<player2>")
        if outcome == BYE_OUTCOME:
            return Match(rnd, solo, kind=BYE, where=where)
        if outcome in ("2", "8", "10"):
            return Match(rnd, solo, kind=LOSS, where=where)
        raise InputError(file, where, f"a match with one player has outcome {outcome}",
                         "one player is a bye (outcome 5)")
    if a is None or b is None:
        raise InputError(file, where, "a match needs <player1> and <player2> (or one <player> for a bye)")
    if outcome == BYE_OUTCOME:
        raise InputError(file, where, "outcome 5 (a bye) with two players")
    if outcome == PENDING:
        return Match(rnd, a, b, where=where)
    if outcome == DOUBLE:
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=where)
    if outcome in ("1", "4"):
        return Match(rnd, a, b, 1, 0, 0, where=where)
    if outcome in ("2", "8"):
        return Match(rnd, a, b, 0, 1, 0, where=where)
    return Match(rnd, a, b, 0, 0, 1, where=where)


def read_cut(root: ET.Element, category: str, file: str) -> int | None:
    fo = root.find("finalsoptions")
    if fo is None:
        return None
    for el in fo.findall("categorycut"):
        if (el.get("category") or "").strip() != category:
            continue
        value = el.get("cut")
        if value is None:
            value = text_of(el, "cut")
        if value is None:
            return None
        cut = whole(value, file, "<finalsoptions><categorycut>", "cut", 0, MAX_PLAYERS)
        return cut or None
    return None


def read_places(root: ET.Element, category: str, names: dict[str, str], file: str) -> dict[str, int]:
    st = root.find("standings")
    out: dict[str, int] = {}
    if st is None:
        return out
    for pod in st.findall("pod"):
        if (pod.get("category") or "").strip() != category:
            continue
        for i, el in enumerate(pod.findall("player"), 1):
            where = f"<standings>, player {i}"
            uid = (el.get("id") or el.get("userid") or "").strip()
            if uid not in names:
                raise InputError(file, where, f"userid {uid!r} is not in <players>")
            out[names[uid]] = whole(el.get("place"), file, where, "place", 1, MAX_PLAYERS)
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
        kind = ELIMINATION_TYPE if r.playoff else SWISS_TYPE
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
