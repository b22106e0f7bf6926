"""``odds``, ``draw`` and ``report`` during day 1 answering for the final cut through day 2
(``--day2``), on the command line: the note saying how, the figures it changes, the errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import DATA

from drawsafe.cli.main import main

POKEDATA = DATA / "pokemon" / "pokedata-standings.json"  # day 1 of 3 rounds, 6+ points, day 2 of 2


@pytest.fixture(scope="module")
def day1(tmp_path_factory):
    """A generated 60-player Pokémon event after 3 of its 5 day-1 rounds, as native JSON."""
    path = tmp_path_factory.mktemp("day2") / "day1.json"
    result = CliRunner().invoke(main, ["generate", "--players", "60", "--rounds", "5", "--played", "3",
                                       "--rules", "pokemon", "--seed", "4", "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def odds_json(*args):
    result = CliRunner().invoke(main, ["odds", *map(str, args), "--json", "--sims", "4000", "--seed", "2"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr


def test_odds_through_day2_answer_for_the_final_top(day1):
    final, said = odds_json(day1, "--rules", "pokemon", "--rounds", "5", "--day2", "9:3", "--top", "8")
    assert "day 2: day 1 is played out to round 5; day 2 (3 more rounds, tiebreaks restart" in said
    assert "everyone on 9+ points" in said
    cut1, _ = odds_json(day1, "--rules", "pokemon", "--rounds", "5", "--cut-points", "9")
    by = {r["player"]: r for r in final["players"]}
    first = {r["player"]: r for r in cut1["players"]}
    # the final Top 8 holds 8 players (a day 2 smaller than 8 is all but impossible here)
    total = sum(r["p_cut"] for r in final["players"])
    assert total == pytest.approx(8, abs=0.01)
    # nobody makes the final cut without making day 2 first, and a player who cannot reach 9
    # points (0 now, two rounds left: 6 at most) has no chance at all
    for name, r in by.items():
        assert r["p_cut"] <= first[name]["p_cut"] + 1e-9
        if r["points"] == 0:
            assert r["p_cut"] == 0.0 and first[name]["p_cut"] == 0.0


def test_draw_through_day2_counts_every_round_left(day1):
    result = CliRunner().invoke(main, ["draw", str(day1), "--rules", "pokemon", "--rounds", "5", "--day2",
                                       "9:3", "--sims", "1000"])
    assert result.exit_code == 0, result.output
    assert "(5 Swiss rounds left), cut: Top 8" in result.stdout


def test_day2_auto_replays_the_files_own_day2():
    data, said = odds_json(POKEDATA, "--after-round", "2", "--day2", "auto", "--top", "2")
    assert "day 1 is played out to round 3; day 2 (2 more rounds" in said and "6+ points" in said
    assert sum(r["p_cut"] for r in data["players"]) == pytest.approx(2, abs=1e-9)
    _, said = odds_json(POKEDATA, "--after-round", "2")
    assert "the day 1 cut found in the file" in said and "--day2 ROUNDS for the final cut" in said


@pytest.mark.parametrize("args, message", [
    (["--day2-top", "8"], "--day2-top needs --day2 ROUNDS"),
    (["--day2", "3"], "the file shows no day-1 cut"),
    (["--day2", "x:3"], "use POINTS:ROUNDS"),
    (["--day2", "12:0"], "day 2 needs at least 1 round"),
    (["--day2", "auto"], "--day2 auto: the file shows no day 2"),
])
def test_day2_errors_exit_2(day1, args, message):
    result = CliRunner().invoke(main, ["odds", str(day1), "--rules", "pokemon", "--rounds", "5", *args])
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.output


def test_day2_refused_once_day2_has_started():
    result = CliRunner().invoke(main, ["odds", str(POKEDATA), "--after-round", "3", "--day2", "2"])
    assert result.exit_code == 2 and "already in the file's day 2" in result.stderr


def test_the_library_takes_day2_too(day1):
    import drawsafe

    odds = drawsafe.open_event(day1, rules="pokemon", rounds=5).odds(day2="9:3", sims=500, seed=1)
    assert odds.cut.top == 8 and sum(r.cut.estimate for r in odds.players) == pytest.approx(8, abs=0.05)


def test_between_the_days_day2_is_paired_among_the_players_through(tmp_path):
    """Day 1 over, day 2 not paired: the cut is made at once, so day 2's first round (here also its
    last, projected by standings) is paired among the players through only."""
    import drawsafe
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event

    path = tmp_path / "day1.json"
    write_native_json(generate_event(40, 4, 4, seed=5), str(path))
    ctx = drawsafe.open_event(path)
    through = ctx.through_day2("9:1")
    points = {r.player: r.points for r in ctx.standings().rows}
    on = {p for p, v in points.items() if v >= 9}
    assert {p for p, a in zip(through.snapshot.names, through.snapshot.active) if a} == on
    assert "day 1 is over: the 12 players through its cut (everyone on 9+ points) play 1 more round" in \
        through.day2_note
    report = ctx.draw(day2="9:1", top=4, sims=500, others="none")
    assert report.pairings == "projected" and report.tables
    assert {p.player for t in report.tables for p in t.players} <= on
    ranked = drawsafe.open_event(path).through_day2("1", day2_top=16)
    assert int(ranked.snapshot.active.sum()) == 16
