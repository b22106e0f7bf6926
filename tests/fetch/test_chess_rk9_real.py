"""The chess-results.com and RK9 connectors at the platforms' real addresses (replayed:
tests/data/fetch/routes.json, real/README.md): chess-results' real ranking, team and starting-rank
pages, a crosstable page built from a real export; RK9's rows (author-written markup) behind a
built-here tabs page.  What each requests is checked, the file written reads back, errors are one
line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from replay import client, platform, quick, replay  # noqa: F401 (fixtures)

from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.fetch import FetchError, connector_of, fetch, fetch_checked
from drawsafe.standings.check import check_standings
from drawsafe.standings.ranks import check_ranks
from drawsafe.tiebreaks.packs import get_rules

CR = "https://chess-results.com/tnr{}.aspx?lan=1&art={}&turdet=YES&zeilen=99999"


def requested(platform) -> list[str]:
    return [u for m, u, _, _ in platform.seen if m == "GET"]


def test_links_of_both_platforms_are_known():
    for url in ("https://chess-results.com/tnr865223.aspx?lan=10&art=1", "https://s2.chess-results.com/tnr1316880.aspx",
                "https://rk9.gg/pairings/WCS01mIMYt8if4wVuaO0", "https://rk9.gg/standings/SE01gUuRn8bJqbH9Wnt1"):
        assert connector_of(url).name in ("chess-results", "rk9")


def test_chess_results_reads_the_ranking_then_the_crosstable(platform):
    """tnr1316880: no ranking page recorded (404: noted), the crosstable built from the real export."""
    f = fetch_checked("https://chess-results.com/tnr1316880.aspx?lan=6&art=4", quick())
    assert requested(platform) == [CR.format("1316880", 1), CR.format("1316880", 4)]
    assert f.format == "chessresults" and f.suffix == ".html" and f.players == 40 and f.live
    event = parse_event(f.content, "fetched.html")
    report = check_ranks(event, take_snapshot(event, after_round=4), get_rules("fide"))
    assert (report.points_compared, report.points_agreed) == (40, 40)
    assert report.ranks_agreed == 17


def test_chess_results_without_a_crosstable_is_one_line(platform):
    """tnr865223: the real final ranking (after 9 rounds) is read; its crosstable and rounds 1-8
    were never captured."""
    with pytest.raises(FetchError) as e:
        fetch("https://chess-results.com/tnr865223.aspx?lan=1&art=2&rd=9", quick())
    assert "neither the crosstable (art=4) nor the pairings of round 1" in str(e.value)
    assert "\n" not in str(e.value)
    assert requested(platform) == [CR.format("865223", 1), CR.format("865223", 4),
                                   "https://chess-results.com/tnr865223.aspx?lan=1&art=2&rd=1&turdet=YES"]


def test_chess_results_reads_the_rounds_pairings_without_a_crosstable(platform):
    """The real ranking and round-9 pages of tnr865223, their round numbers changed to 1 (the
    ranking "after Round 1"); round 2 asked answers the last round again (as chess-results does
    past the last round): not taken."""
    from replay import read

    ranking = read("../chess/chessresults/ended_standings.html").replace(b"Final Ranking after 9 Rounds",
                                                                          b"Rank after Round 1")
    pairings = read("../chess/chessresults/ended_pairings.html")
    rd = "https://chess-results.com/tnr865223.aspx?lan=1&art=2&rd={}&turdet=YES"
    platform.serve("GET", CR.format("865223", 1), ranking, kind="text/html")
    platform.serve("GET", rd.format(1), pairings.replace(b"Round 9 on", b"Round 1 on"), kind="text/html")
    platform.serve("GET", rd.format(2), pairings.replace(b"Round 9 on", b"Round 1 on"), kind="text/html")
    f = fetch_checked("https://chess-results.com/tnr865223.aspx", quick())
    assert requested(platform)[-2:] == [rd.format(1), rd.format(2)]
    event = parse_event(f.content, "fetched.html")
    assert len(event.rounds) == 1 and len(event.players) == 99 and len(event.standings) == 99
    assert event.rules == "fide:DE,BH-C1,BH,SB,WIN"


def test_chess_results_refuses_a_team_event_after_one_page(platform):
    with pytest.raises(FetchError, match="a team event"):
        fetch("https://chess-results.com/tnr1322107.aspx?lan=1", quick())
    assert requested(platform) == [CR.format("1322107", 1)]


def test_chess_results_before_round_1_reads_the_starting_rank(platform):
    f = fetch_checked("https://chess-results.com/tnr1307079.aspx?lan=1&art=0&turdet=YES&flag=30", quick())
    assert requested(platform) == [CR.format("1307079", 1), CR.format("1307079", 4), CR.format("1307079", 0)]
    assert f.players == 150 and f.rounds == 0


def test_rk9_reads_every_round_of_the_division(platform):
    f = fetch_checked("https://rk9.gg/pairings/TEST01builtHere01", quick())
    base = "https://rk9.gg/pairings/TEST01builtHere01"
    assert requested(platform) == [base] + [f"{base}?pod=2&rnd={r}" for r in (1, 2, 3)]
    assert f.format == "rk9" and f.players == 8 and f.rounds == 3 and f.live and f.pending == 2
    assert any("submitted" in n for n in f.notes)
    event = parse_event(f.content, "rk9.html")
    report = check_standings(event, take_snapshot(event, after_round=2), get_rules("pokemon"))
    assert report.compared == 8 and not report.disagreements


def test_rk9_a_round_without_the_earlier_ones_is_one_line(platform):
    """The real rows of round 3 (ciphermaniac's markup) at their address, rounds 1-2 not listed."""
    with pytest.raises(FetchError) as e:
        fetch("https://rk9.gg/pairings/TEST03round3only", quick())
    assert "RK9 round 3 without rounds 1-2" in str(e.value) and "\n" not in str(e.value)


def test_rk9_a_finished_round_is_asked_once(platform):
    fetch("https://rk9.gg/pairings/TEST01builtHere01", quick())
    platform.seen.clear()
    fetch("https://rk9.gg/pairings/TEST01builtHere01", quick())
    again = requested(platform)
    assert "https://rk9.gg/pairings/TEST01builtHere01?pod=2&rnd=1" not in again  # rounds 1-2: cached for good
    assert "https://rk9.gg/pairings/TEST01builtHere01?pod=2&rnd=2" not in again


def test_the_command_line_fetches_both(platform, tmp_path):
    env = dict(os.environ, DRAWSAFE_FETCH_REPLAY=platform.url, DRAWSAFE_FETCH_CACHE=str(tmp_path / "cache"))
    for url, name in (("https://rk9.gg/pairings/TEST01builtHere01", "rk9.html"),
                      ("https://chess-results.com/tnr1316880.aspx", "cr.html")):
        out = tmp_path / name
        run = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "fetch", url, "-o", str(out)],
                             check=False, capture_output=True, text=True, env=env, timeout=300)
        assert run.returncode == 0, run.stderr
        assert out.exists()
        check = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "standings", str(out), "--check"],
                               check=False, capture_output=True, text=True, env=env, timeout=300)
        assert check.returncode == 0, check.stderr


@pytest.mark.parametrize(("url", "platform_name", "players"), [
    ("https://rk9.gg/pairings/TEST01builtHere01", "rk9", 8),
    ("https://chess-results.com/tnr1316880.aspx?lan=1", "chess-results", 40)])
def test_the_phone_page_follows_both(client, url, platform_name, players):
    data = client.get("/api/live", params={"url": url}).json()
    assert data["platform"] == platform_name and data["players"] == players and data["live"]
    page = client.get("/live", params={"url": url, "top": "4"})
    assert page.status_code == 200 and 'http-equiv="refresh"' in page.text
