"""chess-results.com pages alone (issue 49 item 4), on the real pages of tests/data/chess/chessresults
(README there): a final ranking is shown as published by ``standings`` (its points and tie-break
columns as the site labels them), a later round's pairings by ``pairings``; ``draw``, ``odds``
and ``report`` refuse in one line naming the site's pages ("Ranking crosstable", "Board
Pairings") and how pages combine (one after the other in one file), not its addresses (art=4);
so does ``standings --check`` (a ranking has no records to check)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import DATA
from fuzzing import api

from drawsafe.cli.main import main
from drawsafe.event.io import load_event
from drawsafe.event.io.chessresults import read_pages

CR = DATA / "chess" / "chessresults"
RANKING = CR / "ended_standings.html"
PORTUGUESE = CR / "portuguese_standings.html"
PAIRINGS = CR / "ended_pairings.html"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def page_rows(path):
    """The ranking page's rows as the page writes them (its own table parser's cells)."""
    page = read_pages(path.read_text(encoding="utf-8"), path.name)[0]
    header = page.table.header
    return header, page.table.rows


def figure(text: str) -> float:
    return float(text.replace(",", "."))


@pytest.mark.parametrize("path, labels", [(RANKING, ["TB1", "TB2", "TB3", "TB4", "TB5"]),
                                          (PORTUGUESE, ["Desp1", "Desp2", "Desp3", "Desp4", "Desp5"])])
def test_a_ranking_alone_is_shown_as_published_with_the_sites_columns(path, labels):
    result = run("standings", path, "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    header, page = page_rows(path)
    assert len(rows) == len(page) == 99
    columns = {h: i for i, h in enumerate(header)}
    ranked = [r for r in page if r[0]] + [r for r in page if not r[0]]  # the one not ranked: last
    for shown, row in zip(rows, ranked):
        assert shown["player"] == row[columns[header[4]]] and shown["rank"] == (int(row[0]) if row[0] else 0)
        assert shown["points"] == figure(row[columns["Pts."]])
        assert [shown[label.lower()] for label in labels] == [figure(row[columns[label]]) for label in labels]
        assert shown["wins"] is None and shown["losses"] is None  # not published
    assert "as published" in result.stderr and labels[0] in result.stderr and "Direct Encounter" in result.stderr
    assert "--check checks them" not in result.stderr  # a ranking has no records to check


def test_the_table_shows_the_sites_labels():
    result = run("standings", RANKING)
    assert result.exit_code == 0, result.output
    head, _, first = result.stdout.splitlines()[:3]
    assert head.split() == ["Rank", "Player", "Pts", "W-L-D", "TB1", "TB2", "TB3", "TB4", "TB5"]
    assert first.split() == ["1", "SPRAGGETT,", "Kevin", "7.0", "-", "0", "49.5", "55.0", "42.25", "5"]
    assert result.stdout.splitlines()[-1].split()[:2] == ["-", "SILVA,"]  # not ranked: no rank
    assert "None" not in result.stdout


def test_a_later_rounds_pairings_alone_are_shown_as_published():
    event = load_event(PAIRINGS)
    assert not event.rounds and event.published_pairings.round.number == 9
    result = run("pairings", PAIRINGS, "--json")
    assert result.exit_code == 0, result.output
    tables = json.loads(result.stdout)
    assert len(tables) == 47  # 46 boards and the bye; the six "not paired" are no table
    assert tables[0] == {"table": 1, "player_a": "KOVCHAN, Alexander", "player_b": "SPRAGGETT, Kevin",
                         "points_a": 6, "points_b": 6.5, "kind": "match", "opponent": "SPRAGGETT, Kevin"}
    bye = tables[-1]
    assert (bye["table"], bye["player_a"], bye["player_b"], bye["kind"]) == (47, "MIHALI, Daniel Jorge", None, "bye")
    text = run("pairings", PAIRINGS)
    assert text.exit_code == 0 and "Round 9 pairings (as published in the file)" in text.stdout


GAMES_WORDS = ('save its "Ranking crosstable" too (the site\'s menu: "Ranking crosstable after Round N"), or the '
               '"Board Pairings" of every round (Rd.1, Rd.2, ...), one page after the other in one file (cat '
               'ranking.html crosstable.html > event.html); or give the event\'s link (drawsafe fetch '
               'https://chess-results.com/tnrNNN.aspx)')


@pytest.mark.parametrize("command", ["draw", "odds", "report"])
def test_a_simulation_on_a_page_alone_refuses_naming_the_sites_pages(command, tmp_path):
    extra = ["-o", tmp_path / "r.html"] if command == "report" else []
    for path, held in ((RANKING, "published standings but no Swiss round"),
                       (PAIRINGS, "the pairings of round 9 but not rounds 1-8")):
        result = run(command, path, *extra)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output and result.stdout == ""
        last = result.stderr.strip().splitlines()[-1]
        assert last == (f"drawsafe: error: {path}: the file holds {held}: its rounds cannot be simulated; "
                        + GAMES_WORDS)
        assert "art=" not in result.output
    assert not (tmp_path / "r.html").exists()


def test_check_and_the_other_pages_refuse_in_the_same_words():
    checked = run("standings", RANKING, "--check")
    assert checked.exit_code == 2
    assert checked.stderr.strip().splitlines()[-1] == (
        f"drawsafe: error: {RANKING}: the file publishes standings without the players' records and no games: "
        f"nothing to check them against; {GAMES_WORDS}")
    standings = run("standings", PAIRINGS)
    assert standings.exit_code == 2 and standings.stderr.strip().splitlines()[-1] == (
        f"drawsafe: error: {PAIRINGS}: the file publishes the pairings of round 9, no standings (`drawsafe "
        f"pairings` shows them); {GAMES_WORDS}")
    paired = run("pairings", RANKING)
    assert paired.exit_code == 2 and "the next round cannot be paired; " + GAMES_WORDS in paired.stderr


def test_a_ranking_and_a_later_rounds_pairings_together_show_both(tmp_path):
    both = tmp_path / "both.html"
    both.write_bytes(RANKING.read_bytes() + PAIRINGS.read_bytes())
    standings, pairings = run("standings", both, "--json"), run("pairings", both, "--json")
    assert standings.exit_code == pairings.exit_code == 0, standings.output + pairings.output
    assert len(json.loads(standings.stdout)) == 99 and len(json.loads(pairings.stdout)) == 47


def test_the_readers_other_refusals_name_the_pages_as_the_site_does():
    from drawsafe.errors import InputError
    from drawsafe.event.io import parse_event

    text = PAIRINGS.read_text(encoding="utf-8")
    two = text + text.replace("Round 9 on", "Round 8 on")
    with pytest.raises(InputError) as e:
        parse_event(two.encode("utf-8"), "two.html")
    assert "the pairings of round 8 without rounds 1-7" in str(e.value) and GAMES_WORDS in str(e.value)
    with pytest.raises(InputError) as e:
        parse_event(b"<html><table class=\"CRs1\"></table>chess-results</html>", "empty.html")
    assert str(e.value).endswith('(save its "Ranking crosstable", its "Board Pairings" or its "Starting rank" page)')
    for text in (str(e.value), GAMES_WORDS):
        assert not re.search(r"art=\d", text)


def test_the_server_shows_a_ranking_alone_and_refuses_a_draw(tmp_path):
    with api(tmp_path) as c:
        shown = c.post("/api/standings", content=RANKING.read_bytes())
        assert shown.status_code == 200, shown.text
        drawn = c.post("/api/draw", content=RANKING.read_bytes())
        assert 400 <= drawn.status_code < 500 and "Ranking crosstable" in drawn.text, drawn.text
        event = c.post("/api/events", content=RANKING.read_bytes()).json()["id"]
        page = c.get(f"/e/{event}/standings")  # the phone page: the ranking as published, nothing to check
        assert page.status_code == 200 and "<th>TB1</th>" in page.text and "SPRAGGETT, Kevin" in page.text
        assert "None" not in page.text
        alone = c.post("/api/events", content=PAIRINGS.read_bytes()).json()["id"]
        assert c.get(f"/e/{alone}/pairings").status_code == 200
        assert c.get(f"/e/{alone}/draw").status_code == 422
        assert c.get("/api/status").json()["unexpected_errors"] == 0
