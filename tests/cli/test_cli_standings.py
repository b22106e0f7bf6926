"""``drawsafe standings`` through click's CliRunner: the table, --json, options, --check, errors.

Expected figures come from the naive twin (tests/naive.py) and the files' published standings,
not from the code under test.
"""

from __future__ import annotations

import json
import shutil

import naive
import pytest
from click.testing import CliRunner
from conftest import DATA

from drawsafe.cli.main import main
from drawsafe.event.io import load_event
from drawsafe.standings.check import agrees

CSV = DATA / "native" / "friday.csv"
NATIVE_JSON = DATA / "native" / "friday.json"
TIGULLIO = DATA / "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json"
MONT = DATA / "mont-weekly-legacy-368680-2025-10-02.json"
ATLANTA = DATA / "uper-unday-rcq-standard-scg-con-atlanta-sunday-930-am-387525-2026-01-11.json"
JSON_KEYS = {"rank", "player", "points", "wins", "losses", "draws", "omw", "gw", "ogw", "tied",
             "dropped"}


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def ok(*args: str):
    result = run(*args)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def error_line(*args: str) -> str:
    """The one stderr line of a command that fails with exit code 2 (and nothing on stdout)."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def naive_lines(path, after_round=None, rules="mtg"):
    return naive.standings_lines(load_event(path), after_round, floored=rules == "mtg")


# ------------------------------------------------------------------ the table


def test_table_text():
    result = ok("standings", CSV)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["Rank", "Player", "Pts", "W-L-D", "OMW%", "GW%", "OGW%"]
    assert set(lines[1]) == {"-"} and len(lines[1]) >= len(lines[0])
    expected = naive_lines(CSV)
    order = sorted(expected.values(), key=naive.ranking_key, reverse=True)
    assert len(lines) == 2 + len(order)  # no exact ties in this event: no legend line
    for rank, (text, line) in enumerate(zip(lines[2:], order), start=1):
        cells = text.split()
        assert cells[:4] == [str(rank), line.player, str(line.points),
                             f"{line.wins}-{line.losses}-{line.draws}"]
        assert cells[4:7] == [f"{100 * float(v):.4f}" for v in (line.omw, line.gw, line.ogw)]
        assert text.endswith("(dropped)") == (line.player == "Carol")
    # What was read and decided goes to stderr.
    assert result.stderr.splitlines()[0] == (
        "Friday Modern: 5 players; standings after Swiss round 3 of 4 (file); rules mtg (default)")


def test_table_marks_exact_ties():
    result = ok("standings", DATA / "bristol-pauper-league-winter-26-brew-off-416320-2026-03-26.json",
                "--after-round", "1")
    lines = result.stdout.splitlines()
    assert any(line.split()[0].endswith("=") for line in lines[2:-1])
    assert lines[-1] == "= exactly tied on points and every tiebreak: ordered at random (--seed)"


def test_unicode_names_keep_columns_aligned():
    lines = ok("standings", NATIVE_JSON).stdout.splitlines()
    row = next(line for line in lines if "Erin Ünicode #1234" in line)
    assert row.index("Erin") == lines[0].index("Player")


# ------------------------------------------------------------------ --json


@pytest.mark.parametrize("path", [CSV, NATIVE_JSON, MONT, ATLANTA], ids=lambda p: p.name[:30])
def test_json_fields_and_types(path):
    result = ok("standings", path, "--json")
    rows = json.loads(result.stdout)  # stdout holds only JSON
    event = load_event(path)
    expected = naive.standings_lines(event, floored=(event.rules or "mtg") == "mtg")
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    assert {r["player"] for r in rows} == set(expected)
    for r in rows:
        assert set(r) == JSON_KEYS
        assert all(type(r[k]) is int for k in ("rank", "points", "wins", "losses", "draws"))
        assert all(type(r[k]) is float and 0.0 <= r[k] <= 1.0 for k in ("omw", "gw", "ogw"))
        assert type(r["tied"]) is bool and type(r["dropped"]) is bool
        line = expected[r["player"]]
        assert (r["points"], r["wins"], r["losses"], r["draws"]) == (
            line.points, line.wins, line.losses, line.draws)
        assert [r["omw"], r["gw"], r["ogw"]] == pytest.approx(
            [float(line.omw), float(line.gw), float(line.ogw)], rel=1e-12)
    keys = [naive.ranking_key(expected[r["player"]]) for r in rows]
    assert keys == sorted(keys, reverse=True)


def test_json_dropped_flag():
    rows = json.loads(ok("standings", CSV, "--json").stdout)
    assert {r["player"] for r in rows if r["dropped"]} == {"Carol"}


# ------------------------------------------------------------------ options


@pytest.mark.parametrize("after", [0, 1, 2, 3])
def test_after_round(after):
    rows = json.loads(ok("standings", CSV, "--json", "--after-round", after).stdout)
    expected = naive_lines(CSV, after)
    for r in rows:
        if after == 0:
            assert (r["points"], r["wins"] + r["losses"] + r["draws"]) == (0, 0)
            continue
        line = expected[r["player"]]
        assert (r["points"], r["wins"], r["losses"], r["draws"]) == (
            line.points, line.wins, line.losses, line.draws)
        assert r["omw"] == pytest.approx(float(line.omw), rel=1e-12)
        assert r["wins"] + r["losses"] + r["draws"] <= after


def test_after_round_past_the_results():
    assert error_line("standings", CSV, "--after-round", "4") == (
        "drawsafe: error: --after-round 4: the event has results for Swiss rounds 1..3 "
        "(round 4 is still in progress)")


def test_rules_option():
    """mont-weekly is from the unfloored period: the file suggests mtg-classic; --rules overrides."""
    suggested = ok("standings", MONT, "--json")
    assert "rules mtg-classic (suggested by the melee file)" in suggested.stderr
    forced = ok("standings", MONT, "--json", "--rules", "mtg")
    assert "rules mtg (--rules)" in forced.stderr
    raw = {r["player"]: r["gw"] for r in json.loads(suggested.stdout)}
    floored = {r["player"]: r["gw"] for r in json.loads(forced.stdout)}
    low = {p for p, v in raw.items() if v < 1 / 3}
    assert low, "the event should have players below a 1/3 GW%"
    for p, value in raw.items():
        assert floored[p] == pytest.approx(max(value, 1 / 3), rel=1e-12)


def test_unknown_rules():
    line = error_line("standings", CSV, "--rules", "nope")
    assert line.startswith("drawsafe: error: unknown rule pack 'nope'; known: mtg, mtg-classic")


def test_format_option():
    assert ok("standings", CSV, "--format", "csv").stdout == ok("standings", CSV).stdout
    assert error_line("standings", CSV, "--format", "json") == (  # a file of another format: what it is
        f"drawsafe: error: {CSV}: native CSV, not native JSON (--format json) (leave out --format, or give "
        "--format csv)")
    assert error_line("standings", NATIVE_JSON, "--format", "melee") == (
        f"drawsafe: error: {NATIVE_JSON}: not a melee.gg file: it lacks 'Rounds' and 'Tournament'")
    assert error_line("standings", MONT, "--format", "csv") == (
        f"drawsafe: error: {MONT}: a JSON document (melee.gg's decklist cache), not native CSV (--format csv) "
        "(leave out --format, or give --format melee)")


def test_file_without_extension_is_recognised(tmp_path):
    copy = tmp_path / "event"
    shutil.copy(CSV, copy)
    assert ok("standings", copy).stdout == ok("standings", CSV).stdout


def test_seed_only_reorders_exact_ties():
    path = DATA / "bristol-pauper-league-winter-26-brew-off-416320-2026-03-26.json"
    runs = [json.loads(ok("standings", path, "--json", "--after-round", "1", "--seed", s).stdout)
            for s in ("0", "1", "2", "3")]
    assert runs[0] == json.loads(ok("standings", path, "--json", "--after-round", "1").stdout)
    for rows in runs[1:]:
        assert [(r["points"], r["omw"], r["gw"], r["ogw"]) for r in rows] == [
            (r["points"], r["omw"], r["gw"], r["ogw"]) for r in runs[0]]
        assert [r["player"] for r in rows if not r["tied"]] == [
            r["player"] for r in runs[0] if not r["tied"]]
    assert len({tuple(r["player"] for r in rows) for rows in runs}) > 1


def test_sample_event_without_file():
    result = ok("standings", "--json")
    assert result.stderr.splitlines()[0].startswith("no FILE given: using the embedded sample event")
    assert len(json.loads(result.stdout)) > 8


# ------------------------------------------------------------------ --check


def independent_differences(path) -> set[str]:
    """Published rows the naive twin does not reproduce (record, points, or a value)."""
    event = load_event(path)
    lines = naive.standings_lines(event, floored=event.rules == "mtg")
    out = set()
    for row in event.standings:
        line = lines[row.player]
        if (line.points, line.wins, line.losses, line.draws) != (
                row.points, row.wins, row.losses, row.draws) or not all(
                agrees(float(getattr(line, f)), getattr(row, f), event.precision)
                for f in ("omw", "gw", "ogw")):
            out.add(row.player)
    return out


@pytest.mark.parametrize("path", [TIGULLIO, ATLANTA], ids=lambda p: p.name[:30])
def test_check_text(path):
    event = load_event(path)
    differ = independent_differences(path)
    lines = ok("standings", path, "--check").stdout.splitlines()
    n = len(event.standings)
    assert lines[0] == (f"checked {n} published rows at {event.precision} decimals: "
                        f"{n - len(differ)} agree, {len(differ)} differ")
    listed = [line for line in lines[1:] if line.startswith("  #")]
    reasons = [line for line in lines[1:] if line.startswith("      probable reason (")]
    assert len(listed) == len(reasons) == len(differ)
    assert {line.split(": ")[0].split(" ", 3)[-1] for line in listed} == differ
    published_rank = {s.player: s.rank for s in event.standings}
    for line in listed:
        rank, player = line.strip().split(": ")[0].split(" ", 1)
        assert rank == f"#{published_rank[player]}"
    if path == TIGULLIO:  # Top 4 played a playoff: the published figures count it
        assert differ and all("(playoff)" in r for r in reasons)
        mene = next(line for line in listed if "Mene:" in line)
        assert "points 10 vs published 16" in mene and "record 3-0-1 vs published 5-0-1" in mene


def test_check_json():
    result = ok("standings", TIGULLIO, "--check", "--json")
    report = json.loads(result.stdout)
    assert set(report) == {"compared", "agreed", "precision", "disagreements", "missing"}
    differ = independent_differences(TIGULLIO)
    assert (report["compared"], report["agreed"], report["precision"], report["missing"]) == (
        11, 11 - len(differ), 8, [])
    assert {d["player"] for d in report["disagreements"]} == differ
    published = {s.player: s for s in load_event(TIGULLIO).standings}
    for d in report["disagreements"]:
        assert set(d) == {"player", "published_rank", "reason", "explanation", "fields"}
        assert d["published_rank"] == published[d["player"]].rank
        assert d["reason"] == "playoff" and d["explanation"]
        for field, pair in d["fields"].items():
            assert set(pair) == {"computed", "published"}
            if field in ("omw", "gw", "ogw"):
                assert pair["published"] == getattr(published[d["player"]], field)
                assert 0.0 <= pair["computed"] <= 1.0


def test_check_without_published_standings():
    result = run("standings", CSV, "--check")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"drawsafe: error: {CSV}: the file has no published standings to check against")


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("content, problem", [
    ("round,player_a,player_b,a_wins,b_wins,draws,kind\n1,A,B,3,0,0,\n",
     ("row 2: game score 3-0-0 is impossible in a best-of-3 match "
     "(fix the score or set best_of for longer matches)")),
    ("round,player_a,player_b,a_wins,b_wins,draws,kind\n1,A,B,2,0,0,\n1,B,C,2,0,0,\n",
     ("row 3: 'B' plays twice in round 1 (also at row 2) "
     "(a player has one match, bye or loss per round)")),
    ("", "the file is empty"),
    ('{"rounds": [', "line 1, column 13: invalid JSON: Expecting value"),
])
def test_input_errors(tmp_path, content, problem):
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    for extra in ((), ("--json",), ("--check",)):
        assert error_line("standings", path, *extra) == f"drawsafe: error: {path}: {problem}"
    assert path.read_text(encoding="utf-8") == content


def test_missing_file(tmp_path):
    path = tmp_path / "absent.csv"
    assert error_line("standings", path) == (
        f"drawsafe: error: {path}: cannot read the file: No such file or directory")


def test_bad_option_values_are_usage_errors():
    result = run("standings", CSV, "--after-round", "-1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Invalid value for '--after-round'" in result.stderr


# ------------------------------------------------------------------ help


def test_every_command_has_help():
    result = ok("--help")
    assert "Commands:" in result.stdout
    assert main.commands, "no commands registered"
    for name, command in main.commands.items():
        assert (command.help or "").strip(), f"{name} has no help text"
        assert name in result.stdout
        text = ok(name, "--help").stdout
        assert text.startswith((f"Usage: main {name}", f"Usage: drawsafe {name}"))
        for param in command.params:
            if param.param_type_name == "option":
                assert (param.help or "").strip(), f"{name} {param.opts[0]} has no help text"
