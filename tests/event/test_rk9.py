"""RK9 pairings rows (tests/data/pokemon/rk9, README there): every captured round reads (the
author-written markup of rosematcha/ciphermaniac: results, a drop, byes, submitted results, the
renamed name class, a top-cut round); a division read whole recomputes RK9's records; a round
alone is refused in one line."""

from __future__ import annotations

import math

import pytest
from conftest import DATA

from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.rk9 import read_rows
from drawsafe.event.model import BYE, LOSS
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.check import check_standings
from drawsafe.tiebreaks.packs import get_rules

RK9 = DATA / "pokemon" / "rk9"


def seats(rows):
    return {(r.table, k): s for r in rows for k, s in r.seats.items() if s.name}


@pytest.mark.parametrize("name", ["round.html", "round-renamed.html"])
def test_a_round_reads_with_its_results_drops_byes_and_submitted_results(name):
    rows = read_rows((RK9 / name).read_text(encoding="utf-8"), name)
    assert len(rows) == 8 and {(r.pod, r.round) for r in rows} == {(2, 3)}
    assert [r.complete for r in rows] == [True] * 5 + [False] * 3
    s = seats(rows)
    assert s[(101, 2)].name == "Grace Hopper [US]" and "winner" in s[(101, 2)].classes
    assert s[(101, 2)].record == (3, 0, 0) and s[(101, 2)].points == 9
    assert "tie" in s[(102, 1)].classes and s[(102, 1)].points == 7
    assert "dropped" in s[(103, 2)].classes
    assert s[(104, 1)].name == "Amy D'sa [CA]"
    assert [r.submitted() for r in rows if not r.complete] == [None, "win submitted", "tie submitted"]


def test_a_top_cut_round_has_no_points():
    rows = read_rows((RK9 / "round-top-cut.html").read_text(encoding="utf-8"), "top")
    assert len(rows) == 4 and all(r.round == 15 and r.complete for r in rows)
    assert all(s.points is None and s.record for s in seats(rows).values())


def test_a_round_alone_is_refused_in_one_line():
    with pytest.raises(InputError) as e:
        load_event(RK9 / "round.html")
    assert "RK9 round 3 without rounds 1-2" in str(e.value) and "\n" not in str(e.value)


def test_submitted_results_are_pending_and_byes_and_losses_read():
    """round.html as round 1 (only its round numbers changed): the submitted results are pending."""
    text = (RK9 / "round.html").read_text(encoding="utf-8").replace("cell-2-3-", "cell-2-1-")
    event = parse_event(text.encode(), "round1.html")
    first = event.rounds[0]
    pending = [m for m in first.matches if not m.reported]
    assert len(pending) == 3 and not first.complete
    assert {m.player_a for m in first.matches if m.kind == BYE} == {"Barbara Liskov [US]"}
    assert {m.player_a for m in first.matches if m.kind == LOSS} == {"Dennis Ritchie [US]"}
    assert event.drops == {"Linus Torvalds [FI]": 1}
    assert any("submitted by the players but not confirmed" in n for n in event.notes)


def test_a_division_recomputes_rk9s_records():
    event = load_event(RK9 / "division.built-here.html")
    assert event.format == "rk9" and len(event.players) == 8 and len(event.rounds) == 3
    assert event.standings_round == 2 and len(event.standings) == 8
    snap = take_snapshot(event, after_round=2)
    report = check_standings(event, snap, get_rules("pokemon"))
    assert report.compared == 8 and not report.disagreements
    assert all(math.isnan(r.omw) for r in event.standings)


def test_a_division_is_chosen():
    text = (RK9 / "division.built-here.html").read_text(encoding="utf-8")
    both = text + text.replace('id="cell-2-', 'id="cell-0-').replace("Souza", "Junior")
    assert parse_event(both.encode(), "both.html", division="juniors").players[0] == "Ana Junior [BR]"
    assert parse_event(both.encode(), "both.html", division="masters").players[0] == "Ana Souza [BR]"
    with pytest.raises(InputError, match="no RK9 division 'seniors'"):
        parse_event(both.encode(), "both.html", division="seniors")


def test_the_newer_record_attributes_read_as_the_text():
    """The markup with ``span.record`` and ``data-wins/-losses/-ties/-points`` (PLATFORMS.md): the
    division's text records rewritten so, the same event."""
    import re

    text = (RK9 / "division.built-here.html").read_text(encoding="utf-8")
    newer = re.sub(r"\((\d+)-(\d+)-(\d+)\) (\d+) pts", r'<span class="record" data-wins="\1" data-losses="\2" '
                   r'data-ties="\3" data-points="\4"></span>', text)
    assert newer != text and "pts" not in newer
    a, b = parse_event(text.encode(), "text.html"), parse_event(newer.encode(), "newer.html")
    assert a.rounds == b.rounds
    assert [(r.player, r.points, r.wins, r.losses, r.draws) for r in a.standings] == [
        (r.player, r.points, r.wins, r.losses, r.draws) for r in b.standings]


def test_the_phone_pages_tabs_are_found():
    from drawsafe.fetch.rk9 import tabs_of

    page = '<a href="#P2R1">R1</a><div id="P1R12-tab"></div><a data-target="#P0R3">R3</a><b>P9R9x</b>'
    assert tabs_of(page) == [(0, 3), (1, 12), (2, 1)]
