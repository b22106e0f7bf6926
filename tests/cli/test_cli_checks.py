"""The command line's side of issue 33: options checked against the event before any work (one
exit-2 line, the server's 422 line), players found as the phone page finds them, ``--check``
after an earlier round, and exact answers worded as exact."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.event.io.export import write_native_json
from drawsafe.simulation.generate import generate_event
from drawsafe.tiebreaks.packs import get_rules


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def error_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.startswith("drawsafe: error:")]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.fixture(scope="module")
def e140(tmp_path_factory):
    """140 players after 7 of 8 rounds; P0005 renamed Lee Webb."""
    path = tmp_path_factory.mktemp("checks") / "e140.json"
    write_native_json(generate_event(140, 8, 7, 11, get_rules("mtg")), str(path))
    path.write_text(path.read_text().replace('"P0005"', '"Lee Webb"'))
    return path


def test_rounds_over_what_the_players_can_pair_is_refused_at_once(e140):
    r = cli("draw", e140, "--rounds", "500")
    assert r.exit_code == 2
    assert error_line(r) == ("drawsafe: error: --rounds 500: 140 players can play at most 139 Swiss rounds "
                             "without a rematch (each opponent once)")


def test_lichess_caps_its_rounds_at_100(tmp_path):
    path = tmp_path / "e.json"
    write_native_json(generate_event(400, 10, 3, 2, get_rules("lichess")), str(path))
    r = cli("odds", path, "--rules", "lichess", "--rounds", "101")
    assert r.exit_code == 2 and "lichess Swiss allows up to 100 rounds" in error_line(r)


def test_a_top_as_large_as_the_field_is_refused(e140):
    r = cli("draw", e140, "--top", "1000")
    assert r.exit_code == 2
    assert error_line(r).startswith("drawsafe: error: --top 1000: the event has 140 players")
    assert cli("odds", e140, "--top", "140").exit_code == 2


def test_player_found_as_the_page_finds_it(e140):
    r = cli("draw", e140, "--player", "lee webb", "--sims", "400", "--json")
    assert r.exit_code == 0, r.output
    assert "player: 'lee webb' is 'Lee Webb'" in r.output
    data = json.loads(r.output[r.output.index("{"):])
    assert all("Lee Webb" in [p["player"] for p in t["players"]] for t in data["tables"])
    wrong = cli("draw", e140, "--player", "lea webb", "--sims", "400")
    assert wrong.exit_code == 2 and "did you mean: Lee Webb?" in error_line(wrong)


def test_check_after_an_earlier_round_says_the_file_has_none():
    from drawsafe.app.context import open_event

    path = "tests/data/7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json"
    r = cli("standings", path, "--after-round", "2", "--check")
    assert r.exit_code == 2
    assert error_line(r) == ("drawsafe: error: --after-round 2: the file publishes its standings after Swiss "
                             "round 4 only, none for round 2 to check against (check them with "
                             "--after-round 4, or without --after-round)")
    assert cli("standings", path, "--after-round", "4", "--check").exit_code == 0
    assert not open_event(path, after_round=2).checkable and open_event(path).checkable


def live_event(path):
    event = generate_event(24, 5, 5, seed=3, rules=get_rules("mtg"))
    last = event.swiss[-1]
    open_ = {id(m) for m in [m for m in last.matches if m.kind == "match"][:3]}
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None) if id(m) in open_ else m
                    for m in last.matches)
    write_native_json(replace(event, rounds=(*event.swiss[:-1], replace(last, matches=matches))), str(path))
    return path


def test_an_exact_draw_says_exact_and_keeps_the_sentence(tmp_path):
    path = live_event(tmp_path / "live.json")
    r = cli("draw", path)
    assert r.exit_code == 0, r.output
    assert "exact (every outcome of the 3 open tables)" in r.output
    assert "simulations" not in r.output.split("Table 1:")[1]
    # both players are clinched if they draw: proven, so said so rather than as a chance
    assert "If you draw, both of you make the Top 8 whatever happens (proven)" in r.output
    odds = cli("odds", path)
    assert "exact (every outcome of the 3 open tables)" in odds.output and "95%" not in odds.output
