"""Drop models per game: each game's model is the one ``field`` uses, it loads, and the planner's
drops follow it (checked against the exact expectation of round 1, within bands from the sample
size); the real events it was fitted on are read as the fitting script reads them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import SHARED, need

from drawsafe.cli.main import main
from drawsafe.planning.drops import (
    FEATURES,
    GAME_FILES,
    DropModel,
    decision_rows,
    points_after_rounds,
)
from drawsafe.planning.field import PlannedEvent, field_odds, plan_field
from drawsafe.planning.phases import Structure
from drawsafe.simulation.question import Budget
from drawsafe.tiebreaks.packs import PACKS

REAL = SHARED / "data" / "real"


@pytest.mark.parametrize(("rules", "game"), [("pokemon", "Pokémon"), ("netrunner", "Netrunner"),
                                             ("netrunner-single", "Netrunner"), ("mtg", "Magic"),
                                             ("lorcana", "Magic"), ("yugioh", "Magic"), ("fab", "Magic")])
def test_each_game_plans_with_its_model(rules, game):
    cfg = PlannedEvent(32, 5, rules=rules)
    assert cfg.drop_model.game == game
    assert cfg.drop_model == DropModel.for_game(PACKS[rules].game)
    label = cfg.drop_model.label(PACKS[rules].game)
    assert label.startswith(f"{game}'s")
    if game == "Magic" and rules != "mtg":
        assert f"no real {PACKS[rules].game} events measured" in label


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_game_models_load(game):
    m = DropModel.for_game(game)
    assert m.game == game and m.active
    assert len(m.coefficients) == len(FEATURES) and all(math.isfinite(c) for c in m.coefficients)
    assert m.source and "cross-validated over events" in m.source
    # rates are probabilities and a player who cannot reach the cut leaves more often
    st = Structure(400, 9, 5, day2_points=19)
    rate = m.table(st, 0.18)
    assert np.all((rate >= 0) & (rate <= 1))
    assert rate[5, 0] > rate[5, 18]


def test_pokemon_regional_drops_fewer_than_magic_predicts():
    """Pokémon's players stay: over day 1 of a 531-player regional (points spread as between
    equal players, 18% ties), its model expects far fewer leaving than Magic's."""
    st = Structure(531, 9, 5, day2_points=19)

    def leaving(model):
        rate = model.table(st, 0.18)
        return sum(float(st.points_distribution(r + 1, 0.18, (0, 1, 3)) @ rate[r, :3 * (r + 1) + 1])
                   for r in range(8))

    assert leaving(DropModel.for_game("Pokémon")) < 0.8 * leaving(DropModel.for_game("Magic"))


@pytest.mark.parametrize(("rules", "players", "rounds"), [("pokemon", 64, 6), ("netrunner", 32, 4), ("lorcana", 64, 6)])
def test_round_one_drops_match_the_model(rules, players, rounds):
    """With no draws, round 1 leaves exactly half the field on a win and half on a loss: the
    players who drop after it are two binomials of the model's rates, whatever the pairing; the
    planner's mean over S simulated events lies within 4 standard deviations of their sum."""
    sims = 400
    cfg, question = plan_field(players, rounds, rules=rules, ids="none", draw_share=0.0, budget=Budget(sims, seed=11))
    r = field_odds(cfg, question)
    win = PACKS[rules].points[2]
    rate = cfg.drop_model.table(cfg.structure(question.cut), 0.0, tuple(PACKS[rules].points))[0]
    r_win, r_loss = rate[win], rate[0]
    expected = players / 2 * (r_win + r_loss)
    sd = math.sqrt(players / 2 * (r_win * (1 - r_win) + r_loss * (1 - r_loss)) / sims)
    base = rounds + 1
    after_one = sum(int(r.counts.dropped_n[(w * base + lo) * base + d])
                    for w, lo, d in ((1, 0, 0), (0, 1, 0))) / sims
    assert abs(after_one - expected) <= 4 * sd + 1e-9, (after_one, expected, sd)
    total = sum(rec.players.estimate for rec in r.records) + r.expected_dropped
    assert total == pytest.approx(players)


def test_field_says_which_model(tmp_path):
    res = CliRunner().invoke(main, ["field", "--players", "32", "--rules", "lorcana", "--sims", "100", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["game"] == "Lorcana"
    assert data["drop_model"]["game"] == "Magic"
    assert data["drop_model"]["label"] == "Magic's (no real Lorcana events measured)"
    assert data["rounds"] == 5  # Lorcana's table: 17-32 players, 5 rounds
    res = CliRunner().invoke(main, ["field", "--players", "32", "--rules", "pokemon", "--sims", "100"])
    assert res.exit_code == 0, res.output
    assert "drops: Pokémon's own model" in res.output


@pytest.mark.parametrize("rules", ["netrunner", "netrunner-single", "onepiece"])
def test_field_without_a_table_asks_for_rounds(rules):
    res = CliRunner().invoke(main, ["field", "--players", "32", "--rules", rules])
    assert res.exit_code == 2
    game = PACKS[rules].game
    assert (f"{game} (--rules {rules}) publishes no table of Swiss rounds and top cut by attendance: give "
            "--rounds and --top") in res.output
    res = CliRunner().invoke(main, ["field", "--players", "32", "--rules", rules, "--rounds", "4", "--sims", "100"])
    assert res.exit_code == 0, res.output


def test_records_carry_the_packs_points():
    r = field_odds(*plan_field(16, 4, rules="netrunner", ids="none", budget=Budget(100, seed=2)))
    for rec in r.records:
        assert rec.points == 6 * rec.wins + 3 * rec.draws
    r = field_odds(*plan_field(16, 4, rules="fab", ids="none", budget=Budget(100, seed=2)))
    assert all(rec.points == rec.wins for rec in r.records)
    assert r.to_json()["points_table"] == {"win": 1, "draw": 0, "loss": 0}


# --- the real events the models were fitted on ----------------------------------------------------

def test_netrunner_fit_data_is_what_the_model_says():
    """The 12 cobra exports hold the decisions the Netrunner model file counts."""
    folder = need(REAL / "netrunner" / "cobra")
    import importlib.util

    spec = importlib.util.spec_from_file_location("mgd", Path(__file__).parents[2] / "reports" / "field" /
                                                  "measure_game_drops.py")
    mgd = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mgd)
    events = list(mgd.netrunner_events())
    assert len(events) == len(list(folder.glob("*.json"))) == 12
    data = json.loads((Path(__file__).parents[2] / "sim" / "data" / "drops-netrunner.json").read_text())
    n = sum(len(decision_rows(a, p, s, 0.426, (0, 3, 6))[1]) for _, a, p, s, _ in events)
    drops = sum(int(decision_rows(a, p, s, 0.426, (0, 3, 6))[1].sum()) for _, a, p, s, _ in events)
    assert f"{n} decisions to play on ({drops} drops)" in data["source"]


def test_pokedata_drops_are_read_as_the_fit_reads_them():
    """A real regional (pokedata, masters): a player who left before the last Swiss round is a
    drop of the fit exactly when the document says the player dropped, or stopped being paired;
    players cut after day 1 are not drops."""
    path = need(REAL / "live" / "pokedata" / "0000055.json")
    from drawsafe.event.io import load_event

    event = load_event(path, division="masters")
    phase = event.phases[0]
    st = Structure(len(event.players), phase.rounds, len(event.swiss) - phase.rounds,
                   day2_points=int(phase.cut.points))
    after = points_after_rounds(event)
    present = [set(r.players) for r in event.swiss]
    _x, y = decision_rows(after, present, st, 0.18)
    last = len(event.swiss)
    left = {p for p in event.players if max(i for i, r in enumerate(present) if p in r) < last - 1}
    cut = {p for p in present[phase.rounds - 1] if after[phase.rounds - 1][p] < phase.cut.points
           and all(p not in r for r in present[phase.rounds:])}
    assert int(y.sum()) == len(left - cut)
    assert int(y.sum()) > 50
