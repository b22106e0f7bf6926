"""``drawsafe field`` with a day 2 and the drop model: exact counts of tiny events, the restarted
tiebreaks against a plain slice of the rounds, the drops against what real events show."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.engine import kernel as engine
from drawsafe.errors import UsageError
from drawsafe.event.snapshot import parse_day2
from drawsafe.planning import kernel as fk
from drawsafe.planning.drops import DropModel, day2_cut, features
from drawsafe.planning.field import FieldSimulator, encode, field_odds, plan_field
from drawsafe.planning.phases import Structure, top_line
from drawsafe.planning.study import field_grid
from drawsafe.simulation.question import Budget
from drawsafe.standings.order import refined_order
from drawsafe.tiebreaks.packs import get_rules

NO_DROPS = DropModel.none()


def test_eight_players_day_two_for_six_points_is_exact():
    """8 players, 3 rounds without draws: the players on 6+ points after day 1 (a 3-0 and three 2-1
    unless a rematch forced a pair-down) and no one else play day 2."""
    cfg, question = plan_field(8, 3, top=2, ids="none", draw_share=0.0, drops=NO_DROPS, day2_points=6,
                               day2_rounds=2)
    n = 300
    c = FieldSimulator(cfg, question).run(n, seed=4)
    total = cfg.total_rounds
    assert c.adv_hist.sum() == n and c.adv_hist[4] > 0.9 * n  # the triangle, up to pair-downs
    for wins in range(4):
        code = encode(wins, 3 - wins, 0, total)
        assert c.d1_adv[code] == (c.d1_n[code] if wins >= 2 else 0)
    assert c.d1_n.sum() == 8 * n
    assert (np.arange(len(c.adv_hist)) * c.adv_hist).sum() == c.d1_adv.sum()
    assert c.final_cut.sum() == 2 * n  # the Top 2 of the day-2 players
    assert c.final_n.sum() == c.d1_adv.sum() and c.dropped_n.sum() == 0  # the cut players are not drops
    assert c.d1_top.sum() == 2 * n and c.d1_top[encode(1, 2, 0, total)] == 0


def test_day_two_by_rank_takes_exactly_n():
    c = FieldSimulator(*plan_field(16, 4, top=4, ids="none", drops=NO_DROPS, day2_top=5, day2_rounds=2)).run(
        200, seed=2)
    assert c.adv_hist[5] == 200
    assert c.d1_adv.sum() == 5 * 200 and c.final_n.sum() == 5 * 200


def test_restarted_tiebreaks_rank_the_day_two_rounds_alone():
    """phase_order with restart ranks exactly as refined_order on the day-2 columns sliced out."""
    rules = get_rules("pokemon")
    fs = FieldSimulator(*plan_field(24, 3, top=8, ids="none", drops=NO_DROPS, day2_points=3, day2_rounds=3,
                                    rules="pokemon"))
    s = fs.sim
    rng = np.random.default_rng(1)
    n, total = 24, 6
    work = engine.work_arrays(s.field, len(rules.codes()), n + 1)
    w2 = engine.work_arrays(s.field, len(rules.codes()), n + 1)
    for a in (work.opp, work.kind, work.gw, work.gl, work.gd, work.rec, work.keys):
        a[:] = 0
    # a random round robin-ish history: each round a random perfect pairing with random results
    for r in range(total):
        perm = rng.permutation(n)
        for i in range(0, n, 2):
            a, b = perm[i], perm[i + 1]
            ga = int(rng.integers(0, 3))
            gb = 2 - ga if ga != 1 else 1
            engine.record(work, s.points_table, r, a, b, ga, gb, 0)
    act = np.ones(n, dtype=np.bool_)
    noise = np.arange(n, dtype=np.uint64)
    members = np.arange(n, dtype=np.int64)
    got = fk.phase_order(work, w2, True, 3, total, s.kernel_rules, s.field.ratings, members, noise, n, act)
    sliced = type(work)(*(np.ascontiguousarray(getattr(work, f)[:, 3:]) if f in ("opp", "kind", "gw", "gl", "gd")
                          else getattr(work, f).copy() for f in work._fields))
    want = refined_order(sliced, total - 3, s.kernel_rules, s.field.ratings, members, noise, 0, n, act)
    assert got.tolist() == want.tolist()
    carry = fk.phase_order(work, w2, False, 3, total, s.kernel_rules, s.field.ratings, members, noise, n, act)
    assert carry.tolist() == refined_order(work, total, s.kernel_rules, s.field.ratings, members, noise, 0, n,
                                           act).tolist()
    assert got.tolist() != carry.tolist()  # this history ranks differently by day-2 rounds alone


def test_structure_lines_of_a_tiny_event():
    st = Structure(8, 3, top=2)
    dist = st.points_distribution(3, 0.0, (0, 1, 3))
    assert dist[9] == pytest.approx(1) and dist[6] == pytest.approx(3)
    assert st.lines(0.0, (0, 1, 3))[1] == 6 == top_line(dist, 2)
    assert Structure(531, 9, 5, day2_points=19).lines(0.18, (0, 1, 3))[0] == 19


def test_parse_day2():
    assert parse_day2("19:5") == (19, 5)
    assert parse_day2(":3") == (None, 3) == parse_day2("3")
    assert parse_day2(None) == (None, 0)
    for bad in ("x:5", "19:0", "19:", "-1:2"):
        with pytest.raises(UsageError):
            parse_day2(bad)


def test_drops_follow_what_can_still_be_reached():
    model = DropModel.measured()
    st = Structure(128, 7)
    rate = model.table(st, 0.028)
    assert rate.shape == (6, 22)
    # after round 4: a 0-4 (dead for the Top 8) leaves far more often than a 4-0
    assert rate[3, 0] > 5 * rate[3, 12]
    x = features(st, 3, np.array([0, 12]), 0.028)
    assert x[0, 1] == 1 and x[1, 1] == 0  # dead, alive
    # the example: 164 players and 14 rounds lost 156.5 of 164 to the old model
    r = field_odds(*plan_field(164, 14, ids="none", budget=Budget(100, seed=3)))
    assert 20 < r.expected_dropped < 110
    total = sum(rec.players.estimate for rec in r.records) + r.expected_dropped
    assert total == pytest.approx(164)
    assert DropModel.parse("0").active is False and DropModel.parse("0.5").factor == 0.5
    with pytest.raises(UsageError):
        DropModel.parse("lots")


def test_day2_cut_is_recognised_on_real_events(melee_dir):
    from drawsafe.event.io import load_event

    melee = melee_dir
    liverpool = next(melee.glob("magic-spotlight-series-liverpool-2025*"))
    assert day2_cut(load_event(liverpool)) == (9, 18)  # X-3 after 9 rounds
    pauper = next(melee.glob("paupercalypse-2025*"))
    assert day2_cut(load_event(pauper)) == (6, 12)


def test_cli_regional_day_two_json():
    res = CliRunner().invoke(main, ["field", "--players", "200", "--rounds", "8", "--day2", "19:3", "--rules",
                                    "pokemon", "--sims", "200", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    day2 = d["day2"]
    assert day2["tiebreaks"] == "restart" and day2["rounds"] == 3 and d["rounds"] == 11
    lo, hi = day2["ci"]
    assert lo <= day2["expected_players"] <= hi
    assert sum(x["probability"] for x in day2["distribution"]) == pytest.approx(1.0)
    by_points = {r["points"]: r["p_advance"] for r in day2["records"]}
    assert all(p == 1.0 for v, p in by_points.items() if v >= 19) and all(
        p == 0.0 for v, p in by_points.items() if v < 19)
    text = CliRunner().invoke(main, ["field", "--players", "200", "--rounds", "8", "--day2", "19:3", "--rules",
                                     "pokemon", "--sims", "100"])
    assert text.exit_code == 0 and "Day 2:" in text.output and "P(day 2)" in text.output


@pytest.mark.parametrize("args,message", [
    (["--day2", "abc"], "POINTS:ROUNDS"),
    (["--day2-top", "32"], "--day2 ROUNDS"),
    (["--day2", "3"], "--day2-top"),
    (["--day2", "19:5", "--day2-top", "32"], "give one"),
])
def test_cli_day2_bad_input(args, message):
    res = CliRunner().invoke(main, ["field", "--players", "100", "--rounds", "6", "--sims", "10", *args])
    assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output


def test_study_takes_day_two_as_grid_keys():
    cells = field_grid("100", "6", "8", "safe", day2="12:2,none", rules="mtg,pokemon")
    assert len(cells) == 4
    assert {c.key.count("day2=12:2") for c in cells} == {0, 1}
    assert next(c for c in cells if c.day2 == "none" and c.rules == "mtg").key.endswith("last=standings")
    ranked = field_grid("100", "6", "8", "safe", day2="2", day2_top="32")
    assert len(ranked) == 1 and ranked[0].planned().day2_top == 32
