"""The other tables' intentional draws of each game (issue 43): learned from the game's own real
events where its files record them (Netrunner's cobra ``intentionalDraw``; Pokémon's ties),
declared in the pack where no data exists, and shown by ``drawsafe rules``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import ROOT, SHARED, need

from drawsafe.cli.main import main
from drawsafe.event.io import load_event
from drawsafe.simulation.behaviour_model import (
    FEATURES,
    BehaviourModel,
    DeclaredDraws,
    is_intentional,
    model_for,
    ties_are_ids,
)
from drawsafe.tiebreaks.packs import PACKS, get_rules

WORLDS = ROOT / "tests" / "data" / "netrunner" / "2023-10-15-worlds-cobra.json"


def test_each_pack_says_where_its_draws_come_from():
    """Every pack names its source; the learned ones their events and tables (from the model's
    own file); the games where a draw scores nothing declare none."""
    for pack in PACKS.values():
        assert pack.others_draws(), pack.name
    assert "learned from real Netrunner events (48 events, 910 tables" in get_rules("netrunner").others_draws()
    assert "learned from real Pokémon events (36 events" in get_rules("pokemon").others_draws()
    assert "learned from real Magic events (246 events" in get_rules("mtg").others_draws()
    for name in ("swu", "onepiece", "fab"):
        rules = get_rules(name)
        assert rules.points[1] == 0 and rules.agreed_draws.last == 0, name
        assert rules.others_draws().startswith("none: a draw scores as a loss")
    for name in ("lorcana", "riftbound", "digimon", "yugioh"):
        assert "no real" in get_rules(name).others_draws(), name
    out = CliRunner().invoke(main, ["rules"]).output
    assert out.count("others' draws:") == len(PACKS)
    data = json.loads(CliRunner().invoke(main, ["rules", "--json"]).stdout)
    assert {p["name"]: p["others_draws"] for p in data["packs"]} == {
        p.name: p.others_draws() for p in PACKS.values()}


def test_each_game_gets_its_own_model():
    magic = BehaviourModel.load()
    netrunner = model_for(get_rules("netrunner"), 8)
    pokemon = model_for(get_rules("pokemon"), 8)
    assert isinstance(netrunner, BehaviourModel) and netrunner.coef != magic.coef
    assert netrunner.trained_on["game"] == "Netrunner" and netrunner.played_draws == 0
    assert pokemon.trained_on["game"] == "Pokémon" and pokemon.played_draws == pytest.approx(0.18)
    assert model_for(get_rules("lorcana"), 8) == magic == model_for(get_rules("mtg"), 8)
    swu = model_for(get_rules("swu"), 8)
    assert isinstance(swu, DeclaredDraws)
    assert not swu.probability(np.zeros((3, len(FEATURES)))).any()


def test_pokemon_takes_the_played_ties_out_of_what_it_learned():
    """A Pokémon file's ties are IDs and matches unfinished at time (18% of played matches): the
    learned P(tie) becomes P(ID) = (P(tie) - 0.18) / (1 - 0.18), none below 18%."""
    raw = BehaviourModel.load(game="pokemon")
    used = model_for(get_rules("pokemon"), 8)
    x = np.array([[v * k for v in (1,) * len(FEATURES)] for k in np.linspace(-3, 3, 13)])
    p_tie, p_id = raw.probability(x), used.probability(x)
    assert np.allclose(p_id, np.clip((p_tie - 0.18) / 0.82, 0, 1))
    assert (p_id[p_tie <= 0.18] == 0).all() and (p_id <= p_tie).all() and (p_tie > 0.18).any()


def test_real_intentional_draws_as_each_platform_records_them():
    """Real files: cobra's intentionalDraw (a 3-3 so marked: 0-0-3) and TopDeck's draws (it enters
    results only: "0-0-1", on the leading tables of the last round) are the intentional draws;
    a melee.gg 0-0-1 is not (melee.gg records an ID 0-0-3)."""
    event = load_event(WORLDS)
    rules = get_rules(event.rules)
    marked = {i for i, p in enumerate(json.loads(WORLDS.read_text(encoding="utf-8"))["rounds"][8])
              if p["intentionalDraw"]}
    found = {i for i, m in enumerate(event.swiss[8].matches) if is_intentional(m, ties_are_ids(rules, event))}
    assert found == marked and len(marked) == 29
    folder = need(SHARED / "data" / "real" / "magic" / "topdeck")
    path = min(Path(folder).glob("ii-campeonato*.json"))
    event = load_event(path)
    assert ties_are_ids(get_rules(event.rules or "mtg"), event)
    last = event.swiss[-1].matches
    assert [i + 1 for i, m in enumerate(last) if is_intentional(m, True)] == [1, 2, 3]
    assert not is_intentional(last[0], False)
