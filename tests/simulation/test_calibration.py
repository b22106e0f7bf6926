"""drawsafe.simulation.calibration: the scores on hand-made inputs, and the forecasts of real events.

The statistics (Brier score, event bootstrap, reliability bands, points baseline) are checked on
inputs whose answers are known by hand.  The real-event checks (skipped without shared/data/melee)
test invariants that any correct forecast must satisfy: exactly ``cut`` places are handed out in
every simulation, the real intentional draws and playoff are read as the file says, every
surprise is explained.  The full run over all events is ``pytest -m slow``.
"""

from __future__ import annotations

import importlib.util
import json

import numpy as np
import pytest
from conftest import MELEE, ROOT, need

from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.simulation.calibration import (
    BANDS,
    CALIBRATION_MAX_SIMS,
    LEFT_OUT,
    EventEntry,
    EventForecast,
    PlayerForecast,
    Predictions,
    TableForecast,
    brier,
    cluster_bootstrap,
    explain,
    forecast_event,
    points_baseline,
    predictions,
    reliability,
    safe_misses,
    select_events,
    separating_key,
    summarize,
    surprises,
    verdict_counts,
)
from drawsafe.simulation.decisions import PLAY, SAFE_TO_DRAW
from drawsafe.simulation.question import Budget, Question
from drawsafe.standings.table import StandingRow
from drawsafe.stats import Proportion

SMALL = "srlandsmesterskap-sommer-2024-modern-93765-2024-06-08.json"



def asked(cut: int, sims: int | None = None, precision: float | None = 0.005, seed: int = 0) -> Question:
    """The question of a forecast at a Top ``cut``: the other tables' rational choices, as the
    calibration's studies ask it."""
    return Question(Cut(cut), others="rational", budget=Budget(sims, precision, CALIBRATION_MAX_SIMS, seed))

def pred(model, outcome, event=None, top=None) -> Predictions:
    model = np.asarray(model, dtype=float)
    n = len(model)
    return Predictions(np.zeros(n, np.int64) if event is None else np.asarray(event), model,
                       model, np.full(n, 0.5), np.full(n, 0.25), np.ones(n, bool),
                       np.asarray(outcome, dtype=float),
                       np.asarray(outcome if top is None else top, dtype=float))


# -- statistics -----------------------------------------------------------------------------------

def test_points_baseline_splits_the_straddling_group():
    got = points_baseline(np.array([18.0, 15, 15, 15, 12]), 2)
    np.testing.assert_allclose(got, [1, 1 / 3, 1 / 3, 1 / 3, 0])
    assert got.sum() == pytest.approx(2)
    np.testing.assert_allclose(points_baseline(np.array([3.0, 0]), 8), [1, 1])


def test_brier_known_values():
    p = pred([1, 0, 0.5, 0.5], [1, 0, 1, 0], event=[0, 0, 1, 1])
    assert brier(p).value == pytest.approx(0.125)
    assert brier(p, "constant").value == pytest.approx((0.75**2 + 0.25**2) / 2)
    diff = brier(p, "model", against="constant")
    assert diff.value == pytest.approx(0.125 - 0.3125)
    assert brier(p, "model", against="model").value == 0
    sub = brier(p, subset=np.array([True, True, False, False]))
    assert (sub.value, sub.n, sub.events) == (0, 2, 1)
    assert brier(p, label=" [x]").name == "model [x]"
    assert brier(pred([1, 0], [1, 0], top=[0, 1]), outcome="top").value == 1


def test_cluster_bootstrap_resamples_events():
    one = cluster_bootstrap(np.array([0.1, 0.2]), np.array([0, 0]))
    assert np.isnan(one.low) and np.isnan(one.high)
    same = cluster_bootstrap(np.array([0.3, 0.3, 0.3, 0.3]), np.array([0, 0, 1, 1]))
    assert same.low == pytest.approx(0.3) and same.high == pytest.approx(0.3)
    rng = np.random.default_rng(1)
    values, ev = rng.random(200), np.repeat(np.arange(20), 10)
    ci = cluster_bootstrap(values, ev)
    assert ci.low < values.mean() < ci.high
    # Players of one event move together: the interval is wider than pretending 200 independent
    # players when whole events differ.
    shifted = values + np.repeat(rng.normal(0, 0.5, 20), 10)
    wide = cluster_bootstrap(shifted, ev)
    naive = 2 * 1.96 * shifted.std() / np.sqrt(len(shifted))
    assert wide.high - wide.low > 1.5 * naive


def test_reliability_bands_partition_the_players():
    p = pred([0.0, 0.0005, 0.05, 0.4, 0.6, 0.95, 1.0, 1.0], [0, 0, 0, 1, 0, 1, 1, 0])
    bands = reliability(p)
    assert len(bands) == len(BANDS) - 1
    assert sum(b.n for b in bands) == 8
    last = bands[-1]
    assert (last.low, last.high, last.n, last.made) == (0.999, 1.0, 2, 1)
    assert last.observed == 0.5 and last.ci.low < 0.5 < last.ci.high
    first = bands[0]
    assert (first.n, first.made, first.mean_forecast) == (2, 0, 0.00025)
    assert first.ci.low == 0 and 0 < first.ci.high < 1
    empty = [b for b in bands if b.n == 0]
    assert all(np.isnan(b.observed) for b in empty)


# -- surprises and verdicts on a hand-made event ----------------------------------------------

def row(rank, player, points, omw, gw=0.5) -> StandingRow:
    return StandingRow(rank, player, points, 0, 0, 0, {"OMW": omw, "GW": gw, "OGW": 0.5})


def player(name, table, cut, made, rank, in_top, hindsight=None) -> PlayerForecast:
    k = round(cut * 1000)
    h = Proportion(k, 1000) if hindsight is None else Proportion(round(hindsight * 1000), 1000)
    return PlayerForecast(name, table, 9.0, Proportion(k, 1000), h, made, rank, in_top)


def hand_made_event() -> EventForecast:
    """Cut 2.  Table 1 (A, B) called safe and drew, but C (modelled as drawing, actually won)
    passed B on GW; table 2 (C, D) played; table 3 (E, F) was left out and drew."""
    chances = None
    tables = (
        TableForecast(1, ("A", "B"), SAFE_TO_DRAW, "", chances, True, True, "0-0-3"),
        TableForecast(2, ("C", "D"), PLAY, "", None, True, False, "2-0-0"),
        TableForecast(3, ("E", "F"), LEFT_OUT, "no stake", None, False, True, "0-0-3"),
    )
    players = (player("A", 1, 1.0, True, 1, True), player("B", 1, 1.0, False, 3, False, 0.8),
               player("C", 2, 0.0, True, 2, True, 0.3), player("D", 2, 0.0, False, 4, False),
               player("E", 3, 0.0, False, 5, False), player("F", 3, 0.0, False, 6, False))
    final = (row(1, "A", 10, 0.6), row(2, "C", 10, 0.55, 0.7), row(3, "B", 10, 0.55, 0.6),
             row(4, "D", 6, 0.5), row(5, "E", 4, 0.4), row(6, "F", 4, 0.3))
    return EventForecast("hand.json", 6, 5, asked(2), 1000, True, players, tables, final,
                         ("OMW", "GW", "OGW"), 0.0)


def test_separating_key_is_the_first_difference():
    a, b = row(1, "a", 10, 0.5, 0.7), row(2, "b", 10, 0.5, 0.6)
    assert separating_key(a, b, ("OMW", "GW", "OGW")) == "GW"
    assert separating_key(a, row(3, "c", 9, 0.9), ("OMW",)) == "points"
    assert separating_key(a, row(4, "d", 10, 0.5, 0.7), ("OMW", "GW", "OGW")).startswith("random")


def test_surprises_and_safe_misses_are_explained():
    ev = hand_made_event()
    found = {s.player: s for s in surprises([ev])}
    assert set(found) == {"B", "C"}
    miss = safe_misses([ev])
    assert [m.player for m in miss] == ["B"]
    text = miss[0].explanation
    assert text.startswith("final Swiss rank 3; own table 1 modelled as drawing, result 0-0-3")
    assert "passed by C (forecast 0.000; table 2 modelled as drawing, result 2-0-0; " \
           "separated on GW)" in text
    assert found["C"].explanation.endswith("finished above B (forecast 1.000; table 1 modelled "
                                           "as drawing, result 0-0-3; separated on GW)")
    assert found["B"].hindsight.estimate == 0.8


def test_replaced_playoff_seats_are_named():
    ev = hand_made_event()
    players = list(ev.players)
    players[0] = player("A", 1, 1.0, False, 1, True)  # declined
    players[3] = player("D", 2, 0.0, True, 4, False)  # took the seat
    ev = EventForecast(ev.file, ev.entrants, ev.rounds, ev.question, ev.simulations, ev.converged,
                       tuple(players), ev.tables, ev.final, ev.keys, 0.0)
    assert ev.replaced() == (["D"], ["A"])
    assert explain(ev, "A").endswith("in the exact top cut but did not play the playoff "
                                     "(declined or replaced)")
    assert explain(ev, "D").endswith("from outside the exact top cut, in place of A")


def test_verdict_counts():
    counts = verdict_counts([hand_made_event()])
    assert counts[SAFE_TO_DRAW] == {"tables": 1, "drew": 1, "modelled_draw": 1,
                                    "modelled_and_drew": 1}
    assert counts[PLAY] == {"tables": 1, "drew": 0, "modelled_draw": 1, "modelled_and_drew": 0}
    assert counts[LEFT_OUT] == {"tables": 1, "drew": 1, "modelled_draw": 0, "modelled_and_drew": 0}
    assert sum(c["tables"] for c in counts.values()) == 3


def test_predictions_flatten_events():
    ev = hand_made_event()
    p = predictions([ev, ev])
    assert len(p.model) == 12 and list(np.unique(p.event)) == [0, 1]
    assert p.outcome.sum() == 4 and p.top.sum() == 4
    np.testing.assert_allclose(p.constant, 2 / 6)
    assert p.contender.all()  # everyone is on 9 points: all can reach the line
    summary = summarize([ev, ev])
    assert summary.events == 2 and summary.players == 12
    assert {s.name for s in summary.scores} >= {"model", "model - points", "model [contenders]"}


# -- real events ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small():
    folder = need(MELEE)
    entry = next(e for e in select_events(folder, 8) if e.file == SMALL)
    return folder, entry, forecast_event(folder / SMALL, asked(8, 2000, seed=3), entry=entry)


def test_selection_reads_the_index():
    folder = need(MELEE)
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    top8 = select_events(folder, 8)
    assert {e.file for e in top8} == {e["file"] for e in index
                                      if e["playoff_first_round_matches"] == 4
                                      and e["swiss_rounds"] >= 4}
    assert all(e.swiss_rounds >= 4 for e in select_events(folder, 4))
    assert select_events(folder, 16) == []  # Top 16 "playoffs" are single-elimination events


def test_forecast_hands_out_exactly_cut_places(small):
    _, _, ev = small
    for figures in ([p.cut for p in ev.players], [p.hindsight for p in ev.players]):
        n = {f.n for f in figures}
        assert len(n) == 1
        assert sum(f.k for f in figures) == ev.seats * n.pop()


def test_forecast_reads_what_happened(small):
    folder, _, ev = small
    event = load_event(folder / SMALL)
    last = event.swiss[-1]
    ids = sum(1 for m in last.matches if m.kind == "match" and (m.a_wins, m.b_wins, m.draws)
              == (0, 0, 3))
    assert sum(t.drew for t in ev.tables) == ids
    assert sum(p.made_cut for p in ev.players) == ev.seats
    assert sum(p.in_top for p in ev.players) == ev.seats
    assert {p.player for p in ev.players} == set(last.players)
    assert ev.rounds == len(event.swiss)
    # The rational model lets every table it calls safe to draw draw.
    assert all(t.modelled_draw for t in ev.tables if t.verdict == SAFE_TO_DRAW)
    for s in surprises([ev]):
        assert s.explanation.startswith(f"final Swiss rank {s.final_rank}")


def test_forecast_is_reproducible(small):
    folder, entry, ev = small
    again = forecast_event(folder / SMALL, asked(8, 2000, seed=3), entry=entry)
    assert again.players == ev.players and again.tables == ev.tables


def test_forecast_refuses_an_event_without_the_announced_playoff():
    folder = need(MELEE)
    with pytest.raises(ValueError, match="playoff seating 4"):
        forecast_event(folder / SMALL, asked(4, 1000), entry=EventEntry(SMALL, 5, 4))


def test_script_writes_json(capsys):
    folder = need(MELEE)
    spec = importlib.util.spec_from_file_location("calibration_script",
                                                  ROOT / "benchmarks" / "calibration.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--data", str(folder), "--cuts", "8", "--limit", "2", "--sims", "1000",
                        "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["events"]) == 2
    assert out["sets"]["top8"]["events"] == 2
    assert {"scores", "bands", "surprises", "verdicts", "safe_to_draw_misses"} <= set(
        out["sets"]["top8"])


@pytest.mark.slow
def test_all_top8_events_beat_the_baselines_and_misses_are_explained():
    """Over every Top 8 event: the forecast beats the points-only and constant baselines (the
    bootstrap interval of the Brier difference is below 0), and every player called safe to draw
    who drew and missed is explained by the draw model or a replaced seat, never by the rest of
    the simulation (their hindsight figure, with the real draws, is below the safe line too)."""
    folder = need(MELEE)
    events = [forecast_event(folder / e.file, asked(8, precision=0.01), entry=e)
              for e in select_events(folder, 8)]
    summary = summarize(events)
    scores = {s.name: s for s in summary.scores}
    assert scores["model - points"].ci.high < 0
    assert scores["model - constant"].ci.high < 0
    for miss in safe_misses(events):
        replaced = "did not play the playoff" in miss.explanation
        assert replaced or miss.hindsight.confidence_interval().high < 0.99, miss


# --- every game: a folder of real files of any format, scored per game (issue 43) -----------------

def test_a_folder_of_files_of_several_games_is_scored_per_game(tmp_path):
    """Real files, no index.json: a cobra export with a cut (the 2023 Netrunner World Championship,
    254 players, a top 16) and a pokedata document (the 2024 World Championships' masters: its
    playoff as the reader finds it, 9 players after 12 Swiss rounds), beside a file that is no
    event.  The folder is read file by file, each event
    with its own cut and game; calibrate scores each game apart, the real intentional draws read
    as each game records them (cobra's intentionalDraw, 0-0-3; Pokémon's ties)."""
    from click.testing import CliRunner

    from drawsafe.cli.main import main
    from drawsafe.simulation.folders import folder_index

    worlds = ROOT / "tests" / "data" / "netrunner" / "2023-10-15-worlds-cobra.json"
    pokedata = need(ROOT.parent / "shared" / "data" / "real" / "pokemon" / "pokedata") / "worlds2024.json"
    (tmp_path / worlds.name).write_bytes(worlds.read_bytes())
    (tmp_path / pokedata.name).write_bytes(pokedata.read_bytes())
    (tmp_path / "notes.txt").write_text("not an event")
    index = folder_index(tmp_path)
    assert {(e.file, e.game, e.seats, e.swiss_rounds) for e in index.events} == {
        (worlds.name, "Netrunner", 16, 9), (pokedata.name, "Pokémon", 9, 12)}
    assert [f for f, _ in index.skipped] == ["notes.txt"]
    out = CliRunner().invoke(main, ["calibrate", str(tmp_path), "--others", "rational", "--sims", "300",
                                    "--json"])
    assert out.exit_code == 0, out.output
    runs = json.loads(out.stdout)["runs"]
    assert set(runs) == {"Netrunner: rational", "Pokémon: rational"}
    for key, run in runs.items():
        scored = run["events"] + [a["file"] for a in run["apart"]]
        assert len(scored) == 1 and run["game"] == key.split(":")[0]
    ev = forecast_event(tmp_path / worlds.name, asked(16, 300))
    drew = {t.table for t in ev.tables if t.drew}
    file = json.loads(worlds.read_text(encoding="utf-8"))
    assert drew == {i + 1 for i, p in enumerate(file["rounds"][8]) if p["intentionalDraw"]} and len(drew) > 10
    assert ev.game == "Netrunner" and ev.win_points == 6


# --- what calibrate leaves out, said (issue 50, item 8) -------------------------------------------

def mixed_folder(folder):
    """Real files of tests/data: two events with a playoff after 4 and 5 Swiss rounds (cobra, TOM),
    one with no cut, one of 2 Swiss rounds, a note and two RK9 pages that hold one round only."""
    data = ROOT / "tests" / "data"
    for source in ("netrunner/2023-09-30-finland-baltic-nats-cobra.json", "netrunner/2023-09-30-roro-bathgate-co-cobra.json",
                   "pokemon/dg-nov-cup-2025.tdf", "pokemon/unreported-final.tdf"):
        (folder / source.split("/")[1]).write_bytes((data / source).read_bytes())
    (folder / "notes.txt").write_text("not an event")
    (folder / "pages").mkdir()
    for name in ("round.html", "round-renamed.html"):
        (folder / "pages" / name).write_bytes((data / "pokemon" / "rk9" / name).read_bytes())
    (folder / "README.md").write_text("a folder's own notes: not counted")
    return folder


def test_calibrate_says_which_files_it_leaves_out_and_why(tmp_path):
    from click.testing import CliRunner

    from drawsafe.cli.main import main
    from drawsafe.simulation.calibration import folder_left_out

    folder = mixed_folder(tmp_path)
    files, left = folder_left_out(folder, None, 4, 1)
    assert files == 7
    by_reason = {(g.noun, g.reason.split(":")[0], g.detail.split(":")[0].split(",")[0]): g.files for g in left}
    assert by_reason == {
        ("file", "not read as an event", "row 1"): ("pages/round-renamed.html", "pages/round.html"),
        ("file", "not read as an event", "a text file"): ("notes.txt",),
        ("event", "with no playoff or cut in the file", ""): ("2023-09-30-roro-bathgate-co-cobra.json",),
        ("event", "of fewer than 4 Swiss rounds (--min-rounds)", ""): ("unreported-final.tdf",)}, by_reason
    assert all(str(folder) not in g.detail for g in left)  # the reader's reason, not the path again
    out = CliRunner().invoke(main, ["calibrate", str(folder), "--others", "rational", "--sims", "200", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert result["files"] == 7 and result["forecast"] == 2
    assert sum(len(g["files"]) for g in result["left_out"]) == 5
    assert "7 files, 2 events to forecast, 5 left out" in out.stderr
    text = CliRunner().invoke(main, ["calibrate", str(folder), "--others", "rational", "--sims", "200"]).stdout
    head = text.splitlines()[:5]
    assert head[0] == f"{folder}: 7 files, 2 events forecast, 5 left out:"
    assert head[1].startswith("  2 files not read as an event: row 1, line 1: RK9 round 3 without rounds 1-2")
    assert head[1].endswith("; pages/round-renamed.html, pages/round.html")
    assert "1 event with no playoff or cut in the file: nothing to score a forecast against; " \
           "2023-09-30-roro-bathgate-co-cobra.json" in "\n".join(head)
    assert "nan" not in text  # one event per game: no bootstrap interval, said so
    assert "(one event: no interval)" in text


def test_a_folder_with_nothing_to_forecast_says_why(tmp_path):
    from click.testing import CliRunner

    from drawsafe.cli.main import main

    folder = mixed_folder(tmp_path)
    for name in ("2023-09-30-finland-baltic-nats-cobra.json", "dg-nov-cup-2025.tdf"):
        (folder / name).unlink()
    out = CliRunner().invoke(main, ["calibrate", str(folder)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "of its 5 files, 2 files not read as an event" in out.output
    assert "1 event with no playoff or cut in the file" in out.output
