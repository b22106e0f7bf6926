"""Play Hub (Carde.io; Lorcana, Riftbound): the real answers of event 159805 (the event document
during round 4, round 4's matches, page 1 of 2 of its standings), the synthetic bundle made by
drawsafe's authors (tests/data/playhub/README.md), small documents built here, and fuzzing: every
mutated document is an Event or one InputError, never a traceback.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
import os
import random
import shutil

import pytest
from click.testing import CliRunner
from conftest import DATA, SHARED, need
from fuzzing import mutate_bytes, survive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

from drawsafe import open_event
from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, NO_RESULT
from drawsafe.standings.check import agrees

HERE = DATA / "playhub"
REAL = HERE / "event_159805"
EVENT = REAL / "event_159805_inprogress_r4.json"
PAGE = REAL / "standings_round7906_page1_of2.json"
MATCHES = REAL / "matches_round7906_page1_of1.json"
SYNTHETIC = HERE / "synthetic_bundle.json"
SHARED_PLAYHUB = SHARED / "data" / "real" / "lorcana" / "playhub"


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def doc(path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def read(data: object, name: str = "t.json"):
    return parse_event(json.dumps(data).encode(), name)


def error_lines(result) -> list[str]:
    return [ln for ln in result.output.splitlines() if ln.startswith("drawsafe: error:")]


# --- the real answers ----------------------------------------------------------------------------

@pytest.fixture(params=["tests", "shared"])
def real(request):
    """The folder of the real answers: the copies of tests/data, and ../shared when present."""
    if request.param == "tests":
        return REAL
    return need(SHARED_PLAYHUB)


def test_the_real_event_document_reads_as_the_event_without_players(real):
    event = load_event(real / EVENT.name)
    assert (event.name, event.format, event.rules, event.date) == ("Lorcana 02/07", "playhub", "lorcana", "2025-07-02")
    assert (event.players, event.rounds, event.standings, event.swiss_rounds) == ((), (), None, 4)
    assert (event.best_of, event.top_cut) == (2, None)  # 'bo2' in the description; no cut
    text = " ".join(event.notes)
    assert "rounds 1-3 complete, round 4 in progress (pairings published)" in text
    assert "ids 7903, 7904, 7905, 7906" in text and "matches/paginated" in text
    assert "best of 2" in text and "'bo2'" in text


def test_the_real_standings_page_reads_as_published_standings(real):
    event = load_event(real / PAGE.name)
    assert (len(event.players), event.rounds, event.precision, event.swiss_rounds) == (10, (), 8, 4)
    first = event.standings[0]
    assert (first.rank, first.player, first.points, (first.wins, first.losses, first.draws)) == (
        1, "IKL-Keristof", 7, (2, 0, 1))
    assert (first.omw, first.ogw) == (0.48037037, 0.49095238) and math.isnan(first.gw)
    assert [r.rank for r in event.standings] == list(range(1, 11))
    assert any("page 1 of 2" in n and "10 of 16 players" in n and "only these rows" in n for n in event.notes)


def test_the_real_documents_on_the_command_line(real):
    result = cli("standings", real / EVENT.name)
    assert result.exit_code == 0, result.output
    assert "Lorcana 02/07: 0 players" in result.output and "Traceback" not in result.output
    checked = cli("standings", real / PAGE.name, "--check")
    assert checked.exit_code == 0, checked.output
    assert "checked 10 published rows at 8 decimals: 10 agree, 0 differ" in checked.output
    assert "page 1 of 2" in checked.output
    # a page alone: its published standings, as published (nothing to recompute them from)
    alone = cli("standings", real / PAGE.name)
    assert alone.exit_code == 0 and not error_lines(alone), alone.output
    assert "published standings, as published" in alone.output and "--check" in alone.output
    shown = [ln.split() for ln in alone.stdout.splitlines() if ln.strip()[:2].strip().isdigit()]
    assert [(int(r[0]), r[2]) for r in shown[:2]] == [(1, "7"), (2, "7")] and len(shown) == 10
    assert "IKL-Keristof" in alone.stdout and " - " in alone.stdout  # GW% not published
    assert "MTGO" not in alone.output and "Traceback" not in alone.output


def test_the_real_round_matches_alone_say_the_earlier_rounds_are_missing():
    with pytest.raises(InputError) as e:
        load_event(MATCHES)
    assert "round id 7906" in str(e.value) and "played up to 3 rounds before it" in str(e.value)


def real_bundle() -> dict:
    return {"event": doc(EVENT), "rounds": {"7906": {"matches": [doc(MATCHES)], "standings": doc(PAGE)}}}


def test_the_real_bundle_and_folder_read_as_standings_with_every_player(tmp_path):
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(real_bundle(), ensure_ascii=False))
    for source in (path, REAL):
        event = load_event(source)
        assert (event.name, len(event.players), event.rounds, event.rules) == ("Lorcana 02/07", 16, (), "lorcana")
        text = " ".join(event.notes)
        assert "round(s) 1, 2, 3 (ids 7903, 7904, 7905) are not in the file" in text
        assert "saved while the round was played" in text and "page 1 of 2" in text
        report = open_event(source).check()
        assert (report.compared, report.agreed) == (10, 10)
    result = cli("standings", REAL, "--check")
    assert result.exit_code == 0 and "10 agree, 0 differ" in result.output


def test_the_real_page_floors_match_win_rates_at_0_33():
    """Every published OMW% is the mean of the opponents' match-win rates floored at 0.33 (the
    Lorcana rules' figure), not 1/3: for each row some set of opponents from the roster (records
    from round 4's matches; a finished round-4 match counts its opponent) reproduces it with 0.33,
    and only the two rows without a floored opponent can be reproduced with 1/3."""
    records, opponent, finished = {}, {}, set()
    for m in doc(MATCHES)["results"]:
        seats = m["player_match_relationships"]
        for s in seats:
            ues = s["user_event_status"]
            records[ues["best_identifier"]] = (ues["matches_won"], ues["matches_lost"], ues["matches_drawn"])
        a, b = (s["user_event_status"]["best_identifier"] for s in seats)
        opponent[a], opponent[b] = b, a
        if m["winning_player"] is not None:
            finished |= {a, b}
    page = load_event(PAGE).standings

    def rate(p, floor):
        w, _, d = records[p]
        return max(floor, (3 * w + d) / (3 * sum(records[p])))

    def reproduced(floor) -> set[str]:
        out = set()
        for row in page:
            met = [opponent[row.player]] if row.player in finished else []
            others = [q for q in records if q not in (row.player, opponent[row.player])]
            k = sum(records[row.player]) - len(met)
            if any(agrees(sum(rate(q, floor) for q in (*c, *met)) / (k + len(met)), row.omw, 8)
                   for c in itertools.combinations(others, k)):
                out.add(row.player)
        return out

    assert len(records) == 16 and len(page) == 10
    assert reproduced(0.33) == {r.player for r in page}
    assert reproduced(1 / 3) == {"gaiflo", "Benjamin A"}


# --- the synthetic bundle (made by drawsafe's authors) -------------------------------------------

def test_the_synthetic_bundle_reads_every_kind_of_result():
    event = load_event(SYNTHETIC)
    assert (event.format, event.rules, event.best_of, event.swiss_rounds, event.top_cut) == (
        "playhub", "lorcana", 3, 3, 4)
    assert event.players == ("AnaP", "benq", "Cleo", "DanS", "evet", "Fay", "Gus V")
    assert [[m.score_text() for m in r.matches] for r in event.rounds] == [
        ["2-0-0", "1-1-1", "0-0-3", "bye"], ["1-2-0", "2-1-0", "1-2-0", "bye"], ["1-2-0", "1-1-0", "2-0-0"]]
    assert event.drops == {"DanS": 2}
    assert [(r.rank, r.player, r.points) for r in event.standings][:3] == [(1, "Gus V", 6), (2, "Fay", 5), (3, "evet", 4)]
    assert all(not math.isnan(r.gw) for r in event.standings) and event.precision == 8
    assert any("OPPONENT_MATCH_WIN_PERCENTAGE" in n for n in event.notes)


def test_the_synthetic_bundle_is_checked_row_by_row():
    report = open_event(SYNTHETIC).check()
    assert (report.compared, report.agreed) == (7, 7)
    data = doc(SYNTHETIC)
    data["rounds"]["90013"]["standings"][0]["results"][1]["opponent_match_win_percentage"] = 0.5
    report = open_event(read(data)).check()
    assert (report.compared, report.agreed) == (7, 6) and report.disagreements[0].player == "Fay"
    for page in data["rounds"]["90013"]["standings"]:  # the older answers: no GW%, no points
        for row in page["results"]:
            del row["game_win_percentage"], row["points"]
    data["rounds"]["90013"]["standings"][0]["results"][1]["opponent_match_win_percentage"] = 0.44444444
    event = read(data)
    assert all(math.isnan(r.gw) for r in event.standings)
    assert open_event(event).check().agreed == 7  # a figure not published is not compared
    result = cli("standings", SYNTHETIC, "--check")
    assert result.exit_code == 0 and "7 agree, 0 differ" in result.output


def test_earlier_standings_are_compared_after_their_round_and_differ_only_by_the_floor():
    """Round 1's standings of the synthetic bundle use Play Hub's 0.33 floor (a player at 0-1):
    every difference the check finds is that floor against the pack's, none once they agree."""
    data = doc(SYNTHETIC)
    del data["rounds"]["90013"]["standings"]
    event = read(data)
    assert any("give --after-round 1" in n for n in event.notes)
    report = open_event(event, after_round=1).check()
    assert report.compared == 7
    for d in report.disagreements:
        for computed, published in d.fields.values():
            assert published == 0.33 and computed == pytest.approx(1 / 3), d
    assert cli("standings", SYNTHETIC, "--check", "--format", "playhub").exit_code == 0


def test_a_page_short_of_a_round_is_an_error_and_a_single_page_of_standings_is_said():
    data = doc(SYNTHETIC)
    del data["rounds"]["90012"]["matches"][1]
    with pytest.raises(InputError, match=r"2 of the round's 4 matches are in the file \(page 1 of 2\)"):
        read(data)
    data = doc(SYNTHETIC)
    del data["rounds"]["90013"]["standings"][1]
    event = read(data)
    assert len(event.standings) == 5
    assert any("page 1 of 2" in n and "5 of 7 players" in n for n in event.notes)


def test_the_synthetic_bundle_as_a_folder_reads_the_same(tmp_path):
    data = doc(SYNTHETIC)
    (tmp_path / "event.json").write_text(json.dumps(data["event"]))
    for rid, entry in data["rounds"].items():
        pages = entry["matches"] if isinstance(entry["matches"], list) else [entry["matches"]]
        for k, page in enumerate(pages):  # matches: the round is in their rows
            (tmp_path / f"matches-{k}-{rid}.json").write_text(json.dumps(page))
        if "standings" in entry:
            pages = entry["standings"] if isinstance(entry["standings"], list) else [entry["standings"]]
            for k, page in enumerate(pages):
                (tmp_path / f"round-{rid}-standings-{k}.json").write_text(json.dumps(page))
    a, b = load_event(SYNTHETIC), load_event(tmp_path)
    assert (a.players, a.rounds, a.standings, a.drops) == (b.players, b.rounds, b.standings, b.drops)
    (tmp_path / "standings.json").write_text(json.dumps(data["rounds"]["90013"]["standings"][0]))
    with pytest.raises(InputError, match="its round is unknown"):
        load_event(tmp_path)
    with pytest.raises(InputError, match="only Limitless data and Play Hub answers"):
        load_event(tmp_path, format="csv")


# --- small documents -----------------------------------------------------------------------------

def seat(pid, handle=None, order=None, status="COMPLETE", record=(0, 0, 0)):
    return {"player_order": order, "player": {"id": pid, "best_identifier": f"Player {pid}"},
            "user_event_status": {"best_identifier": handle, "registration_status": status,
                                  "matches_won": record[0], "matches_lost": record[1], "matches_drawn": record[2]}}


def match(*seats, winner=None, won=None, lost=None, drawn=None, **flags):
    return {"player_match_relationships": list(seats), "winning_player": winner, "games_won_by_winner": won,
            "games_won_by_loser": lost, "games_drawn": drawn, **flags}


def event_doc(rounds=1, game="LORCANA", wins=2, **extra):
    return {"id": 1, "name": "Tiny", "game_type": game, "settings": {"maximum_number_of_game_wins_per_match": wins},
            "tournament_phases": [{"round_type": "SWISS", "number_of_rounds": rounds, "rounds": [
                {"id": 10 + n, "round_number": n, "status": "COMPLETE"} for n in range(1, rounds + 1)]}], **extra}


def bundle(*rounds, **event):
    return {"event": event_doc(rounds=len(rounds), **event),
            "rounds": {str(10 + n): {"matches": {"results": [m | {"tournament_round": 10 + n} for m in ms]}}
                       for n, ms in enumerate(rounds, start=1)}}


def test_kinds_of_result():
    event = read(bundle([
        match(seat(1, "a", 1), seat(2, "b", 2), match_is_intentional_draw=True),  # recorded 0-0-0 or 0-0-3
        match(seat(3, "c"), seat(4, "d"), winner=4),  # a winner, no games: the games a match needs
        match(seat(5, "e"), match_is_bye=True),
        match(seat(6, "f"), match_is_loss=True),
        match(seat(7, "g"), seat(8, "h"), match_is_loss=True),
        match(seat(9, "i"), seat(10, "j"), won=1, lost=1, drawn=1, match_is_unintentional_draw=True),
    ]))
    got = [(m.players, m.kind, m.score_text()) for m in event.rounds[0].matches]
    assert got == [(("a", "b"), "match", "0-0-3"), (("c", "d"), "match", "0-2-0"), (("e",), BYE, BYE),
                   (("f",), LOSS, LOSS), (("g", "h"), DOUBLE_LOSS, DOUBLE_LOSS), (("i", "j"), "match", "1-1-1")]
    assert any("won with no games reported: counted 2-0" in n for n in event.notes)


def test_names_rules_best_of_and_drops():
    event = read(bundle([match(seat(1, "Sam", 1), seat(2, "Sam", 2), winner=1, won=2, lost=0)],
                        [match(seat(1, "Sam"), seat(3, None, status="DROPPED"), winner=3, won=2, lost=1)],
                        game="RIFTBOUND", wins=3))
    assert event.players == ("Sam (1)", "Sam (2)", "Player 3")
    assert (event.rules, event.best_of, event.drops) == ("riftbound", 5, {"Player 3": 2})
    other = read(bundle([match(seat(1), seat(2), winner=1, won=2, lost=0)], game="ONEPIECE"))
    assert other.rules is None and any("give --rules" in n for n in other.notes)


def test_pending_and_unreported_matches():
    first = [match(seat(1, "a"), seat(2, "b"), winner=1, won=2, lost=0), match(seat(3, "c"), seat(4, "d"))]
    second = [match(seat(1, "a"), seat(3, "c")), match(seat(2, "b"), seat(4, "d"), winner=2, won=2, lost=1)]
    event = read(bundle(first, second))
    assert event.rounds[0].matches[1].kind == NO_RESULT and not event.rounds[1].matches[0].reported
    assert event.rounds_played == 1


def test_a_lone_round_of_matches_is_round_1_when_nobody_played_before():
    event = read({"results": [match(seat(1, "a", record=(1, 0, 0)), seat(2, "b", record=(0, 1, 0)), winner=1,
                                    won=2, lost=0)]})
    assert len(event.rounds) == 1 and event.rounds[0].matches[0].score_text() == "2-0-0"
    with pytest.raises(InputError, match="played up to 1 rounds before it"):
        read([match(seat(1, "a", record=(1, 0, 0)), seat(2, "b", record=(1, 0, 0)))])


@pytest.mark.parametrize("row, problem", [
    (match(seat(1), seat(2), winner=3, won=2, lost=0), "player 3 is not at this table"),
    (match(seat(1), seat(2), winner=1, won=2, lost=0, match_is_intentional_draw=True), "a draw"),
    (match(seat(1), seat(2), winner=1, won=0, lost=2), "the winner"),
    (match(seat(1), seat(2), match_is_bye=True), "a bye with two players"),
    (match(seat(1)), "neither a bye"),
    (match(seat(1), seat(1)), "seated twice"),
    (match(seat(1), seat(2), seat(3)), "3 players at one table"),
    (match(seat(1), seat(2), won=2, lost=0), "without a winner"),
    (match(seat(1), seat("x", order=True)), "player_order"),
])
def test_bad_matches_are_one_clear_error(row, problem):
    with pytest.raises(InputError, match=problem) as e:
        read(bundle([row]), "bad.json")
    assert str(e.value).startswith("bad.json: ") and "\n" not in str(e.value)


def test_the_bundle_is_checked_against_its_event():
    data = bundle([match(seat(1), seat(2), winner=1, won=2, lost=0)], [match(seat(1), seat(2), winner=2, won=2, lost=0)])
    data["rounds"]["99"] = data["rounds"].pop("12")
    with pytest.raises(InputError, match="round id 99 is not a round of the event document"):
        read(data)
    data = bundle([match(seat(1), seat(2), winner=1, won=2, lost=0)], [match(seat(1), seat(2), winner=2, won=2, lost=0)])
    del data["rounds"]["11"]
    with pytest.raises(InputError, match=r"the matches of round\(s\) 1 \(ids 11\) are not in the file"):
        read(data)
    data = bundle([match(seat(1), seat(2), winner=1, won=2, lost=0)])
    del data["event"]
    with pytest.raises(InputError, match="without the event document"):
        read(data)
    with pytest.raises(InputError, match="not a Play Hub answer"):
        parse_event(b'{"name": "x", "rounds": []}', "n.json", "playhub")


def test_other_formats_are_not_taken_for_play_hub():
    for path in sorted(DATA.glob("*.json"))[:3] + sorted((DATA / "pokemon").glob("pokedata-*.json"))[:2]:
        assert load_event(path).format != "playhub"


# --- fuzzing -------------------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DRAWSAFE_FUZZ_RANDOM"),
                database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOURCES = {"event.json": EVENT.read_text(encoding="utf-8"), "page.json": PAGE.read_text(encoding="utf-8"),
           "matches.json": MATCHES.read_text(encoding="utf-8"), "synthetic.json": SYNTHETIC.read_text(encoding="utf-8"),
           "bundle.json": json.dumps(real_bundle(), ensure_ascii=False)}
KEYS = ("tournament_phases", "rounds", "id", "round_number", "round_type", "status", "number_of_rounds",
        "rank_required_to_enter_phase", "top_cut_size", "settings", "maximum_number_of_game_wins_per_match",
        "game_type", "results", "total", "page_size", "current_page_number", "player_match_relationships",
        "player", "user_event_status", "best_identifier", "registration_status", "player_order", "players",
        "winning_player", "games_won_by_winner", "games_won_by_loser", "games_drawn", "match_is_bye",
        "match_is_loss", "match_is_intentional_draw", "match_is_unintentional_draw", "tournament_round",
        "rank", "record", "points", "match_points", "opponent_match_win_percentage", "game_win_percentage",
        "matches", "standings", "event")
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.integers(-(2**70), 2**70),
                         st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
                         st.sampled_from(["SWISS", "SINGLE_ELIMINATION", "COMPLETE", "IN_PROGRESS", "DROPPED",
                                          "LORCANA", "RIFTBOUND", "2-0-1", "7906", "25086", "bo2", ""]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    data = json.loads(SOURCES[name])
    for _ in range(draw(st.integers(1, 4))):
        where = [p for p in paths(data) if p]
        if not where:
            break
        edit(draw, data, draw(st.sampled_from(where)), KEYS, json_values)
    return name, json.dumps(data).encode()


@st.composite
def byte_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    return name, mutate_bytes(draw, SOURCES[name].encode(), b'{}[],:"-0123456789 \n\x00\xff', 80,
                              [b'null', b'true', b'-1', b'[]', b'{}', b'"DROPPED"', b'0.33'])


@FUZZ
@given(json_mutations())
def test_mutated_documents_read_or_fail_cleanly(case):
    name, raw = case
    survive(raw, name)
    survive(raw, name, "playhub")


@FUZZ
@given(byte_mutations())
def test_mutated_bytes_read_or_fail_cleanly(case):
    name, raw = case
    survive(raw, name)


@given(st.sampled_from(sorted(SOURCES)), st.integers(0, 10**6))
@settings(FUZZ, max_examples=max(10, EXAMPLES // 10))
def test_resaved_documents_read_the_same(name, seed):
    rng = random.Random(seed)

    def shuffle(node):
        if isinstance(node, dict):
            items = list(node.items())
            rng.shuffle(items)
            return {k: shuffle(v) for k, v in items}
        return [shuffle(v) for v in node] if isinstance(node, list) else node

    def summary(raw):
        try:
            e = parse_event(raw, name)
        except InputError as error:
            return str(error)
        return (e.players, e.rounds, e.drops, e.best_of, e.rules, e.top_cut, e.notes,
                [(r.rank, r.player, r.points, r.omw, r.ogw) for r in e.standings or ()])

    again = json.dumps(shuffle(json.loads(SOURCES[name])), indent=rng.choice((None, 1, 4)),
                       ensure_ascii=rng.random() < 0.5).encode()
    assert summary(again) == summary(SOURCES[name].encode())


@settings(FUZZ, max_examples=max(20, EXAMPLES // 4))
@given(st.one_of(json_mutations(), byte_mutations()))
def test_the_command_line_never_tracebacks(tmp_path_factory, case):
    name, raw = case
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / name).write_bytes(raw)
    for args in (["standings", str(folder / name)], ["standings", str(folder / name), "--check"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert len(error_lines(result)) == 1, result.output


def test_a_mutated_folder_fails_cleanly(tmp_path):
    shutil.copytree(REAL, tmp_path / "f")
    (tmp_path / "f" / "event-2.json").write_text(EVENT.read_text(encoding="utf-8"))
    with pytest.raises(InputError, match="a second event document"):
        load_event(tmp_path / "f")
    (tmp_path / "f" / "event-2.json").write_text("{")
    with pytest.raises(InputError, match="invalid JSON"):
        load_event(tmp_path / "f")
    data = copy.deepcopy(doc(MATCHES))
    data["results"][0]["tournament_round"] = 7905
    (tmp_path / "f" / "event-2.json").unlink()
    (tmp_path / "f" / MATCHES.name).write_text(json.dumps(data))
    with pytest.raises(InputError):
        load_event(tmp_path / "f")
