"""chess-results.com pages and Swiss-Manager files, on real pages and files (tests/data/chess,
READMEs there): the Portimão 2024 ranking (99 players: 98 ranked, one not), its last round's pairings,
the same ranking in Portuguese, a starting list, a team event refused; the Stockholm 2026 crosstable
export recomputed and checked against its ranking; the same event's Swiss-Manager file, whose
rounds 1 and 2 must be the crosstable's."""

from __future__ import annotations

import pytest
from conftest import DATA

from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.chessresults import map_tiebreaks, read_pages
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, HALF_BYE, MATCH, NO_RESULT
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.ranks import check_ranks
from drawsafe.tiebreaks.packs import get_rules

CR = DATA / "chess" / "chessresults"
SM = DATA / "chess" / "swissmanager"


def page(name: str):
    pages = read_pages((CR / name).read_text(encoding="utf-8"), name)
    assert len(pages) == 1
    return pages[0]


def test_the_final_ranking_reads_every_player_with_points_and_rank():
    p = page("ended_standings.html")
    assert p.kind == "ranking" and p.headings[1] == "Final Ranking after 9 Rounds"
    rows = p.table.rows
    assert len(rows) == 99
    ranks = [r[0] for r in rows]
    assert ranks[:98] == [str(i) for i in range(1, 99)] and ranks[98] == ""  # one player not ranked
    assert (rows[0][4], rows[0][10]) == ("SPRAGGETT, Kevin", "7")
    keys, _by_tb, pack, _notes = map_tiebreaks(p.tiebreaks, {2: 12, 3: 13}, rows)
    assert keys == ["DE", "BH-C1", "BH", "SB", "WIN"] and pack == "fide"


def test_the_portuguese_page_reads_the_same_ranking():
    en, pt = page("ended_standings.html"), page("portuguese_standings.html")
    assert pt.kind == "ranking" and pt.headings[1] == "Classificação final após 9 rondas"
    assert pt.table.header[1] == "Nº.Inic." and pt.table.header[11] == "Desp1"
    assert pt.table.rows == en.table.rows


def test_the_last_rounds_pairings_read():
    p = page("ended_pairings.html")
    assert p.kind == "pairings" and p.round_heading.startswith("Round 9")
    results = [r[7] for r in p.table.rows]
    assert len(results) == 53
    assert results.count("+ - -") == 1 and results.count("- - +") == 1
    assert sum(1 for r in p.table.rows if r[10] == "not paired") == 6
    assert sum(1 for r in p.table.rows if r[10] == "bye") == 1


def test_a_page_without_the_games_reads_as_published():
    """A ranking or a later round's pairings alone: read, without rounds (shown as published:
    tests/event/test_chessresults_alone.py)."""
    ranking, pairings = load_event(CR / "ended_standings.html"), load_event(CR / "ended_pairings.html")
    assert not ranking.rounds and len(ranking.standings) == 99 and ranking.standings_round == 9
    assert not pairings.rounds and pairings.published_pairings.round.number == 9


def test_a_starting_list_is_the_event_before_round_1():
    event = load_event(CR / "future_participants.html")
    assert event.format == "chessresults" and len(event.players) == 150 and not event.rounds
    assert event.players[0] == "Moroni, Luca Jr" and event.ratings["Moroni, Luca Jr"] == 2563


@pytest.mark.parametrize("name", ["team_pairings_r1.html", "team_standings_crosstable.html"])
def test_a_team_event_is_refused(name):
    with pytest.raises(InputError, match="a team event"):
        load_event(CR / name)


def test_the_crosstable_export_recomputes_and_checks_against_its_ranking():
    event = load_event(CR / "tnr1316880-crosstable.csv")
    assert event.format == "chessresults" and len(event.players) == 40 and len(event.rounds) == 5
    assert event.standings_round == 4 and not event.rounds[-1].complete
    kinds = [m.kind for r in event.rounds[:4] for m in r.matches]
    assert kinds.count(HALF_BYE) == 3 and kinds.count(BYE) == 3 and kinds.count(FORFEIT) == 1
    assert any("postponed" in n for n in event.notes)
    report = check_ranks(event, take_snapshot(event, after_round=4), get_rules("fide"))
    assert (report.points_compared, report.points_agreed) == (40, 40)
    assert (report.ranks_compared, report.ranks_agreed) == (40, 17)  # its tie-breaks are not named in the export
    assert dict(report.packs)["chess-plain"] == 27


def names(event) -> dict[str, str]:
    """Name as a set of its words -> name (the export writes "Last First", the file "Last, First")."""
    return {" ".join(sorted(p.replace(",", "").split())): p for p in event.players}


def entries(event, rnd: int, with_results: bool) -> set:
    key = {p: k for k, p in names(event).items()}
    out = set()
    for m in event.rounds[rnd - 1].matches:
        players = (key[m.player_a], key[m.player_b] if m.player_b else None)
        out.add((m.kind, *players, *((m.a_wins, m.b_wins, m.draws) if with_results else ())))
    return out


def test_the_swiss_manager_file_reads_as_the_crosstable_has_it():
    sm = load_event(SM / "SrS_KM_2026.TUNx")
    cross = load_event(CR / "tnr1316880-crosstable.csv")
    assert sm.format == "swissmanager" and sm.name == "Seniorschack Stockholm KM Klassiskt 2026"
    assert len(sm.players) == 40 and set(names(sm)) == set(names(cross))
    assert sm.swiss_rounds == 11 and len(sm.rounds) == 2
    first = entries(sm, 1, True)
    assert len(first) == 21 and first == entries(cross, 1, True)  # 19 games, a bye, a half-point bye
    second = entries(sm, 2, False)
    def paired(es):  # round 2's pairings (the export has its results; Viklund-Ornstein postponed)
        return {frozenset(e[1:]) for e in es if e[0] in (MATCH, NO_RESULT)}

    assert len(paired(second)) == 19 and paired(second) == paired(entries(cross, 2, False))
    assert (BYE, "Juntti Lars-Ivar", None) in second and (BYE, "Juntti Lars-Ivar", None) in entries(cross, 2, False)
    assert not sm.rounds[1].complete and sm.rounds[0].complete


def test_a_team_swiss_manager_file_is_refused():
    raw = bytearray((SM / "SrS_KM_2026.TUNx").read_bytes())
    config = raw.index(b"\x95\xff\x89\x44")
    raw[config + 15] = 3
    with pytest.raises(InputError, match="a team Swiss"):
        parse_event(bytes(raw), "team.TUMX")


def test_a_cut_swiss_manager_file_is_one_line():
    raw = (SM / "SrS_KM_2026.TUNx").read_bytes()
    with pytest.raises(InputError, match="no directory at the end") as e:
        parse_event(raw[:-100], "cut.TUNX")
    assert "\n" not in str(e.value)


def test_double_forfeits_and_forfeits_of_a_pairings_round():
    html = (CR / "ended_pairings.html").read_text(encoding="utf-8")
    pages = read_pages(html.replace("Round 9 on", "Round 1 on"), "r1")
    assert pages[0].kind == "pairings"
    event = parse_event(html.replace("Round 9 on", "Round 1 on").encode(), "r1.html")
    kinds = [m.kind for m in event.rounds[0].matches]
    assert kinds.count(FORFEIT) == 2 and kinds.count(BYE) == 1 and DOUBLE_LOSS not in kinds
    assert len(event.players) == 99  # 46 games, a bye, 6 players not paired
