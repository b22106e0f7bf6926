"""RK9 on its real markup (issue 49): a real pairings page captured from rk9.gg (round 1 of a 2024
Regional's masters, reformatted by the capturing project: ``<br />``, ``<br`` and ``/>`` on two
lines; 38 of its 495 rows, tests/data/pokemon/rk9/README.md) reads every player with the page's
points, and reads the same in every way the markup can be written (tests/fuzzing.py's
SERIALIZATIONS applied to the real page: ``<br>``, ``<br/>``, ``<br />``, ``</br>``, tags broken
over lines or run together, upper case, quotes, entities, CRLF); two different players of one name stay two players, told apart
round to round by their records; one name per player whatever seat or country tag a round writes;
an over-long number is one line naming its line."""

from __future__ import annotations

import html
import re

import pytest
from conftest import DATA
from fuzzing import SERIALIZATIONS

from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.io.rk9 import read_rows
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.check import check_standings
from drawsafe.tiebreaks.packs import get_rules

PAGE = DATA / "pokemon" / "rk9" / "vancouver-2024-masters-round1.excerpt.html"
TEXT = PAGE.read_text(encoding="utf-8")
TWIN = "Ronald Sharpsteen [US]"


def page_points() -> list[tuple[int, str, int]]:
    """Each seat's table, name and points as the page writes them, read with a regular expression
    over the real markup (not with the reader)."""
    out = []
    cells = re.findall(r'<div id="cell-2-1-(\d+)-([12])" class="[^"]*">(.*?)</div>', TEXT, re.DOTALL)
    for table, seat, inner in cells:
        name = re.search(r'<span class="name"\s*>(.*?)</span>', inner, re.DOTALL)
        if name:
            text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", name.group(1))).split())
            out.append((int(table), text, int(re.search(r"(\d+) pts", inner).group(1))))
    return out


def test_the_real_page_reads_every_player_with_the_pages_points():
    event = parse_event(PAGE.read_bytes(), PAGE.name)
    seats = page_points()
    assert len(seats) == 71 and len(event.players) == 71  # 33 tables of two, 5 players alone at table 0
    assert len(event.rounds) == 1 and event.rounds[0].complete and event.standings_round == 1
    published = {r.player: r.points for r in event.standings}
    assert sorted(published.values()) == sorted(p for _, _, p in seats)
    for table, name, points in seats:  # the page's points, by name (the second Sharpsteen: "#2")
        name = re.sub(r"^\[[^\]]*\]\s*", "", name)  # a seat tag is not part of the name
        assert published[name if (table, name) != (355, TWIN) else f"{TWIN} #2"] == points, (table, name)
    snap = take_snapshot(event)
    report = check_standings(event, snap, get_rules("pokemon"))
    assert report.compared == 71 and not report.disagreements
    # the names as the page writes them, one space where the page breaks the line
    assert {"Gaby Caloca [CA]", "Geneses InkCognito Pabuna [CA]", "Nolan O'Brien [CA]", "Victor Montañez [MX]",
            "Brant Bull-Strongman", "Carlos Eduardo Ruiz [MX]"} <= set(event.players)
    assert event.drops == {"Will Hildebrandt [US]": 1}
    losses = [m for m in event.rounds[0].matches if m.player_b is None]
    assert len(losses) == 5 and all(m.kind == "loss" for m in losses)  # table 0 without winner: no-shows


def test_two_players_of_one_name_stay_two_players():
    event = parse_event(PAGE.read_bytes(), PAGE.name)
    twins = [p for p in event.players if p.startswith(TWIN)]
    assert twins == [TWIN, f"{TWIN} #2"]
    by = {m.player_a: m for m in event.rounds[0].matches} | {m.player_b: m for m in event.rounds[0].matches}
    assert by[TWIN].table == 266 and by[f"{TWIN} #2"].table == 355
    points = {r.player: r.points for r in event.standings}
    assert (points[TWIN], points[f"{TWIN} #2"]) == (3, 0)  # table 266 won, table 355 lost
    note = next(n for n in event.notes if "different players named" in n)
    assert note == (f"2 different players named {TWIN!r} (round 1, tables 266 and 355): read as {TWIN!r}, "
                    f"'{TWIN} #2', told apart in later rounds by their records (RK9 shows no player ids)")


def test_seat_tags_are_left_out_and_said():
    event = parse_event(PAGE.read_bytes(), PAGE.name)
    assert "Kristopher Kemp [US]" in event.players and "Michele Lesage [CA]" in event.players
    assert not any(p.startswith("[") for p in event.players)
    assert "seat tags written before 2 name(s) ('[VIP 6]', '[TABLE 3]'): left out of the names" in event.notes


# --- every way of writing the same markup ------------------------------------------------------


def digest(event):
    return (event.players, [[(m.player_a, m.player_b, m.kind, m.a_wins, m.b_wins, m.draws, m.table)
                             for m in r.matches] for r in event.rounds], event.drops,
            [(r.player, r.points, r.wins, r.losses, r.draws) for r in event.standings], event.notes)


@pytest.mark.parametrize("how", sorted(SERIALIZATIONS))
def test_every_serialization_of_the_real_page_reads_the_same(how):
    expected = digest(parse_event(PAGE.read_bytes(), "page.html"))
    text = SERIALIZATIONS[how](TEXT)
    assert text != TEXT or how.startswith("as captured")
    assert digest(parse_event(text.encode("utf-8"), "page.html")) == expected


def test_the_old_parser_read_the_first_name_only():
    """What issue 49 found: ``<br />`` ended the name after the first name ("'Jonathan' plays
    twice in round 1"); the rows now hold the whole names."""
    rows = read_rows(TEXT, "page.html")
    names = [s.name for r in rows for s in r.players()]
    assert len(names) == 71 and "Jonathan" not in names and "Jonathan Ramirez [US]" in names


# --- players told apart over rounds -------------------------------------------------------------


def row(rnd: int, table: int, a: tuple[str, str, str], b: tuple[str, str, str] | None) -> str:
    """A row as RK9 serves it (one line, ``<br>``): players (name, classes, record text)."""
    def cell(seat, p):
        if p is None:
            return f'<div id="cell-2-{rnd}-{table}-{seat}" class="col-5 text-center player player{seat}"></div>'
        first, _, rest = p[0].partition(" ")
        return (f'<div id="cell-2-{rnd}-{table}-{seat}" class="col-5 text-center player player{seat} {p[1]}">'
                f'<span class="name">{first}<br> {rest}<br></span> {p[2]} <br></div>')
    return (f'<div class="row row-cols-3 match no-gutter complete">{cell(1, a)}'
            f'<div id="cell-2-{rnd}-{table}-3" class="col-2 text-center"> Table<br><span class="tablenumber"> '
            f'{table} </span><br></div>{cell(2, b)}</div>\n')


def round_two(*rows_: str) -> bytes:
    return (TEXT + "".join(rows_)).encode("utf-8")


def points_of(event) -> dict[str, int]:
    snap = take_snapshot(event)
    return {name: int(snap.points[i]) if hasattr(snap, "points") else None for i, name in enumerate(snap.names)}


def test_two_players_of_one_name_are_followed_by_their_records():
    """Round 2: the Sharpsteen who lost round 1 (0-1-0 before round 2) sits first, at table 5;
    order alone would swap them, their records do not."""
    raw = round_two(row(2, 5, ("Ronald Sharpsteen [US]", "winner", "(1-1-0) 3 pts"), ("Gaby Caloca [CA]", "loser",
                                                                                       "(0-2-0) 0 pts")),
                    row(2, 9, ("Jiaxi Feng [CA]", "loser", "(1-1-0) 3 pts"), ("Ronald Sharpsteen [US]", "winner",
                                                                              "(2-0-0) 6 pts")))
    event = parse_event(raw, "two-rounds.html")
    second = event.rounds[1].matches
    t5 = next(m for m in second if m.table == 5)
    t9 = next(m for m in second if m.table == 9)
    assert t5.player_a == f"{TWIN} #2" and t9.player_b == TWIN
    report = check_standings(event, take_snapshot(event, after_round=2), get_rules("pokemon"))
    assert not report.disagreements
    assert not any("guess" in n for n in event.notes)


def test_two_players_of_one_name_with_the_same_record_are_a_guess_said():
    raw = TEXT.replace('cell-2-1-355-2" class="col-5 text-center player player2 winner"',
                       'cell-2-1-355-2" class="col-5 text-center player player2 loser"')
    raw = raw.replace('cell-2-1-355-1" class="col-5 text-center player player1 loser"',
                      'cell-2-1-355-1" class="col-5 text-center player player1 winner"')
    twin_won = re.sub(r'(Sharpsteen \[US\]<br\n    /></span>\n    )\(0-1-0\) 0 pts', r"\1(1-0-0) 3 pts", raw)
    twin_won = re.sub(r'(Jayroe \[US\]<br\n    /></span>\n    )\(1-0-0\) 3 pts', r"\1(0-1-0) 0 pts", twin_won)
    assert twin_won.count("(1-0-0) 3 pts") == TEXT.count("(1-0-0) 3 pts")
    raw2 = (twin_won + row(2, 5, (TWIN, "winner", "(2-0-0) 6 pts"), ("Gaby Caloca [CA]", "loser", "(0-2-0) 0 pts"))
            + row(2, 9, ("Jiaxi Feng [CA]", "winner", "(2-0-0) 6 pts"), (TWIN, "loser", "(1-1-0) 3 pts")))
    event = parse_event(raw2.encode("utf-8"), "same-record.html")
    assert any(n.startswith(f"the players named {TWIN!r} could not be told apart in round 2 (the same record)")
               for n in event.notes)


def test_one_name_per_player_whatever_tags_a_round_writes():
    """Round 2 writes a late player with a country tag, a seat-tagged one without the seat tag, and
    seats one with a tag it had not: each is the player of round 1, under round 1's name."""
    raw = round_two(row(2, 5, ("Brant Bull-Strongman [CA]", "winner", "(1-1-0) 3 pts"),
                           ("[TABLE 7] Gaby Caloca [CA]", "loser", "(0-2-0) 0 pts")),
                    row(2, 6, ("Kristopher Kemp [US]", "winner", "(2-0-0) 6 pts"),
                        ("Jiaxi Feng [CA]", "loser", "(1-1-0) 3 pts")))
    event = parse_event(raw, "tags.html")
    assert len(event.players) == 71
    second = {p for m in event.rounds[1].matches for p in m.players}
    assert second == {"Brant Bull-Strongman", "Gaby Caloca [CA]", "Kristopher Kemp [US]", "Jiaxi Feng [CA]"}


def test_a_country_tag_that_differs_is_another_player():
    raw = round_two(row(2, 5, ("Gaby Caloca [MX]", "winner", "(1-0-0) 3 pts"),
                           ("Jiaxi Feng [CA]", "loser", "(1-1-0) 3 pts")))
    event = parse_event(raw, "other.html")
    assert "Gaby Caloca [MX]" in event.players and "Gaby Caloca [CA]" in event.players


# --- hostile numbers -----------------------------------------------------------------------------

HUGE = "9" * 5_000


@pytest.mark.parametrize("where, old, new", [
    ("the record", "(1-0-0) 3 pts", f"({HUGE}-0-0) 3 pts"),
    ("the points", "(1-0-0) 3 pts", f"(1-0-0) {HUGE} pts"),
    ("the cell id", 'id="cell-2-1-14-1"', f'id="cell-2-1-{HUGE}-1"'),
    ("data-points", "(1-0-0) 3 pts", (f'<span class="record" data-wins="1" data-losses="0" data-ties="0" '
                                      f'data-points="{HUGE}"></span>')),
])
def test_a_number_of_5000_digits_is_one_line_naming_its_line(where, old, new):
    text = TEXT.replace(old, new, 1)
    line = text[:text.index(HUGE)].count("\n") + 1
    with pytest.raises(InputError) as e:
        parse_event(text.encode("utf-8"), "huge.html")
    message = str(e.value)
    assert "\n" not in message and "set_int_max_str_digits" not in message and "Exceeds the limit" not in message
    assert message.startswith(f"huge.html: line {line} (") and "a number of 5,000 digits" in message, message
