"""Certainty (clinched / eliminated / open) and "what you need" against the brute-force twin
(tests/naive_certainty.py) on generated small events of every rule pack.

The events are generated here (drawsafe.simulation.generate_event, seeds fixed below): 12 players
(6 tables) at their last round with its pairings known, 6-7 players with two rounds left (the next
paired, the last to pair).  Each test prints what it measured (for the issue's closing note).
"""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from naive_certainty import certainty_naive, needs_naive

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.certainty import certainty, last_round
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.needs import EITHER, IN, MAX_TABLES, OUT, minimal_conditions, player_needs
from drawsafe.tiebreaks.packs import PACKS, get_rules


def compare(mine, over, per_own, tally, label):
    for pc in mine.players:
        pairs = [(pc.certainty, over[pc.player])]
        pairs += [(v, per_own.get(pc.player, {}).get(r)) for r, v in pc.certainty_if.items()]
        for ours, twin in pairs:
            if twin is None:
                continue
            tally["twin"] += twin != "open"
            if ours != "open":
                tally["ours"] += 1
                if ours != twin:
                    tally["wrong"].append((label, pc.player, ours, twin))
                else:
                    tally["both"] += 1


def fresh():
    return {"twin": 0, "ours": 0, "both": 0, "wrong": []}


def test_last_round_every_pack_matches_the_twin():
    tally = fresh()
    for pack in PACKS:
        rules = get_rules(pack)
        for seed, players in ((0, 12), (2, 11)):
            event = generate_event(players, 4, 4, seed=seed, rules=rules)
            snap = take_snapshot(event, after_round=3)
            mine = certainty(snap, rules, Cut(4))
            assert mine.scope == "last round"
            over, per_own, _, _ = certainty_naive(snap, rules, 4)
            compare(mine, over, per_own, tally, f"{pack} seed {seed}")
    coverage = tally["both"] / tally["twin"]
    print(f"\nlast round, {len(PACKS)} packs x 2 events: {tally['ours']} verdicts decided, "
          f"{len(tally['wrong'])} wrong; the twin decides {tally['twin']}, drawsafe {tally['both']} "
          f"of them (coverage {coverage:.2%})")
    assert tally["wrong"] == []
    assert coverage >= 0.99


def test_last_round_game_scores_twin():
    """Magic with every listed game score of each result (2-0, 2-1, 0-0-3, 1-1): the search bounds
    game-score tiebreaks rather than enumerating them, so it must never contradict the twin."""
    tally = fresh()
    rules = get_rules("mtg")
    for seed in (0, 1):
        event = generate_event(8, 4, 4, seed=seed, rules=rules)
        snap = take_snapshot(event, after_round=3)
        mine = certainty(snap, rules, Cut(3))
        over, per_own, _, _ = certainty_naive(snap, rules, 3, scores=True)
        compare(mine, over, per_own, tally, f"mtg seed {seed}")
    print(f"\nMagic, every game score: {tally['both']} of the twin's {tally['twin']} decided, "
          f"{len(tally['wrong'])} wrong")
    assert tally["wrong"] == []
    assert tally["both"] > 0


@pytest.mark.slow
def test_rounds_to_pair_every_pack_is_sound():
    tally = fresh()
    for pack in PACKS:
        rules = get_rules(pack)
        for seed, players, top in ((0, 6, 2), (1, 7, 3), (3, 6, 1)):
            event = generate_event(players, 5, 4, seed=seed, rules=rules)
            snap = take_snapshot(event, after_round=3)
            assert snap.rounds_left == 2
            mine = certainty(snap, rules, Cut(top))
            assert mine.scope == "rounds to pair"
            over, per_own, _, _ = certainty_naive(snap, rules, top)
            compare(mine, over, per_own, tally, f"{pack} seed {seed}")
    print(f"\ntwo rounds left (the next paired), {len(PACKS)} packs x 3 events: {tally['ours']} decided, "
          f"{len(tally['wrong'])} wrong; coverage {tally['both']} of the twin's {tally['twin']} "
          f"({tally['both'] / tally['twin']:.1%})")
    assert tally["wrong"] == []


def twin_status(truth, p, own, tables):
    t0 = next(i for i, t in enumerate(tables) if p in t)
    merged = {}
    for combo, seen in truth[(p, own)].items():
        merged.setdefault(combo[:t0] + combo[t0 + 1:], set()).update(seen)
    others = [i for i in range(len(tables)) if i != t0]
    return {c: (1 if s == {1} else (-1 if s == {-1} else 0)) for c, s in merged.items()}, others


@pytest.mark.parametrize("pack", ["pokemon"] + [pytest.param(p, marks=pytest.mark.slow) for p in
                                                 ("fide", "netrunner-single", "onepiece", "yugioh", "fab")])
def test_needs_equal_the_twins_minimal_conditions(pack):
    """Packs whose tiebreaks read results only: the search's table of statuses is the twin's, so
    the minimal conditions must be the same."""
    rules = get_rules(pack)
    compared = 0
    for seed in (0, 1):
        event = generate_event(12, 4, 4, seed=seed, rules=rules)
        snap = take_snapshot(event, after_round=3)
        lr = last_round(snap, rules)
        report = certainty(snap, rules, Cut(4))
        _, _, truth, tables = certainty_naive(snap, rules, 4)
        for pc in report.players:
            if pc.certainty != "open":
                continue
            for need in player_needs(snap, rules, Cut(4), pc.player, certainty_if=pc.certainty_if):
                assert need.exact
                status, others = twin_status(truth, snap.index[pc.player], need.own, tables)

                def numbered(conds, lr=lr, others=others):
                    return {tuple(sorted((int(lr.numbers[others[t]]), s) for t, s in c)) for c in conds}

                ours_in = {tuple((n, r) for n, _, r in c.parts) for c in need.in_if}
                ours_out = {tuple((n, r) for n, _, r in c.parts) for c in need.in_unless}
                assert ours_in == numbered(needs_naive(status, len(others), {1}, MAX_TABLES)), need.sentence()
                assert ours_out == numbered(needs_naive(status, len(others), {-1, 0}, MAX_TABLES)), need.sentence()
                compared += 1
    print(f"\n{pack}: {compared} players' needs (per own result) equal to the twin's")
    assert compared > 0


def test_points_cut_is_exact():
    """A points cut is decided by the points each player can reach: exactly the twin's verdicts."""
    rules = get_rules("mtg")
    seen = set()
    for seed in (4, 5, 6):
        snap = take_snapshot(generate_event(8, 4, 4, seed=seed, rules=rules), after_round=3)
        report = certainty(snap, rules, Cut(points=7))
        assert report.scope == "points cut"
        over, _, _, _ = certainty_naive(snap, rules, 0, points=7)
        for pc in report.players:
            assert pc.certainty == over[pc.player], pc
            seen.add(pc.certainty)
    assert seen == {"clinched", "eliminated", "open"}


def test_json_names_what_it_proved():
    rules = get_rules("mtg")
    snap = take_snapshot(generate_event(12, 4, 4, seed=0, rules=rules), after_round=3)
    data = certainty(snap, rules, Cut(4)).to_json()
    assert data["scope"] == "last round"
    assert sum(data["counts"].values()) == len(data["players"]) == int(np.sum(snap.active))
    assert all(p["certainty"] in ("clinched", "eliminated", "open") for p in data["players"])


def test_odds_json_carries_certainty_consistent_with_the_exact_answer(tmp_path):
    """``odds --json`` on the sample event (its last round, answered exactly): every player has a
    certainty, a clinched player's exact P(cut) is 1 and an eliminated one's 0."""
    import json

    from click.testing import CliRunner

    from drawsafe.cli.main import main

    out = CliRunner().invoke(main, ["odds", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["certainty"]["scope"] == "last round"
    players = data["players"]
    assert all("certainty" in p for p in players)
    for p in players:
        if p["certainty"] == "clinched":
            assert p["p_cut"] == 1.0, p["player"]
        if p["certainty"] == "eliminated":
            assert p["p_cut"] == 0.0, p["player"]
    assert {p["certainty"] for p in players} == {"clinched", "eliminated", "open"}
    with_needs = [p for p in data["certainty"]["players"] if p["needs"]]
    assert with_needs and all(n["text"].startswith("if you ") for p in with_needs for n in p["needs"])


def test_report_section_lists_clinched_and_open_players():
    """The report's certainty table (sim/report/certainty_table.py) on a generated event."""
    from types import SimpleNamespace

    from drawsafe.report.certainty_table import certainty_section
    from drawsafe.standings.table import compute_standings

    rules = get_rules("pokemon")
    snap = take_snapshot(generate_event(12, 4, 4, seed=0, rules=rules), after_round=3)
    data = SimpleNamespace(snapshot=snap, rules=rules, cut=Cut(4),
                           standings=compute_standings(snap, rules))
    html = certainty_section(data)
    report = certainty(snap, rules, Cut(4))
    shown = [p.player for p in report.players if p.certainty != "eliminated"]
    assert all(f">{name}<" in html for name in shown)
    assert f"{report.counts()['eliminated']} are eliminated" in html
    assert "if you " in html  # some contender's needs, in words


def test_likely_opponents_before_a_round_is_paired():
    """Who you likely face next: every share comes from pairings of the event's own pairer, so over
    a small field the shares of opponents and bye sum to 1, nobody faces a previous opponent
    (the pairer avoids rematches here), and the leaders meet each other most."""
    from dataclasses import replace

    from drawsafe.simulation.opponents import likely_opponents

    rules = get_rules("mtg")
    event = generate_event(10, 5, 3, seed=2, rules=rules)
    snap = replace(take_snapshot(event, after_round=3), next_round=None)
    faced = likely_opponents(snap, rules, samples=60)
    assert set(faced) == set(np.array(snap.names)[snap.active])
    for name, f in faced.items():
        assert f.round == 4
        assert abs(sum(s for _, s in f.opponents) + f.bye - 1) < 1e-9 or len(f.opponents) == 5
        before = {snap.names[q] for q in snap.opp[snap.index[name]] if q >= 0}
        assert not before & {o for o, _ in f.opponents}, name
    # the round in progress still open: its results drawn anew for each pairing
    snap2 = take_snapshot(event, after_round=2)
    assert snap2.next_round is not None
    faced2 = likely_opponents(snap2, rules, samples=60)
    assert all(f.round == 4 for f in faced2.values())
    assert any(len(f.opponents) > 1 for f in faced2.values())


def test_needs_on_a_real_event_in_words():
    """A real melee.gg league (tests/data, Top 4 as its playoff), from the start of its last round:
    the needs of three contenders, as sentences, each the twin's only minimal condition (every
    game score of every table enumerated)."""
    from drawsafe.event.io import load_event
    from drawsafe.simulation.needs import event_needs

    path = Path(__file__).resolve().parents[1] / "data" / \
        "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json"
    event = load_event(str(path))
    rules = get_rules(event.rules or "mtg")
    snap = take_snapshot(event, len(event.swiss) - 1)
    cut = Cut(2 * len(event.playoff[0].matches))
    report = certainty(snap, rules, cut)
    said = {(p, n.own): n.sentence() for p, ns in event_needs(snap, rules, cut, report).items() for n in ns}
    assert said[("Mene", "loss")] == "if you lose: in unless CorG10 beats Mrshok (table 3)"
    assert said[("CorG10", "draw")] == "if you draw: in unless Mene does not beat EugM (table 2)"
    assert said[("EugM", "draw")] == "if you draw: in unless CorG10 beats Mrshok (table 3)"
    lr = last_round(snap, rules)
    _, _, truth, tables = certainty_naive(snap, rules, cut.top, scores=True)
    for who, own, twin in (("Mene", "loss", {((3, frozenset({0})),)}),
                           ("CorG10", "draw", {((2, frozenset({1, 2})),)}),
                           ("EugM", "draw", {((3, frozenset({0})),)})):
        status, others = twin_status(truth, snap.index[who], own, tables)
        got = needs_naive(status, len(others), {-1, 0}, MAX_TABLES)
        assert {tuple((int(lr.numbers[others[t]]), s) for t, s in c) for c in got} == twin
    playoff = {p for m in event.playoff[0].matches for p in m.players}
    for pc in report.players:  # and what was proven held
        assert pc.certainty != "clinched" or pc.player in playoff
        assert pc.certainty != "eliminated" or pc.player not in playoff


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_minimal_conditions_equal_the_twins_on_random_truth_tables(k):
    """Any table of statuses (random, with runs of equal statuses so that conditions exist): the
    minimal conditions are the twin's, and "complete" says whether they cover every wanted
    combination."""
    rng = np.random.default_rng(k)
    for trial in range(25):
        status = rng.choice([IN, OUT, EITHER], size=(3,) * k, p=[0.6, 0.3, 0.1]).astype(np.int8)
        if k and trial % 2:  # one table's result decides much of it
            status[(slice(None),) * (k - 1) + (0,)] = IN
        as_dict = {c: int(status[c]) for c in product(range(3), repeat=k)}
        for want in ({IN}, {OUT, EITHER}):
            found, complete = minimal_conditions(status, want)
            assert set(found) == needs_naive(as_dict, k, want, MAX_TABLES), (status, want)
            covered = {c for c in as_dict for cond in found if all(c[t] in r for t, r in cond)}
            assert complete == (covered == {c for c, v in as_dict.items() if v in want})
