"""The phone card's "What you need from the other tables" (issue 52, item 2): the card's figures
and verdict *if* some other tables end so, summed from the worlds the answer kept
(:class:`drawsafe.simulation.whatif.CardCells`, :func:`drawsafe.server.verdicts.what_if_card`).
Nothing fixed is the card as it is; every other table fixed is the exact enumeration of the event
with those results in the file; one table fixed agrees with a separate run with that result in
the file; on generated 16-player events of three packs."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.server import verdicts
from drawsafe.simulation import decisions
from drawsafe.simulation.live import live_draw
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.simulation.whatif import SHOWN, ResultIf, TableIf, card_cells
from drawsafe.simulation.worlds import kept_worlds
from drawsafe.stats import Proportion, z_value

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "simulation"))
from test_whatif import PACKS, SEED, pending, with_result

SIMS = 8_000
#: Worlds for every other table fixed at once: its most seen combination then rests on hundreds.
ALL_FIXED = 40_000
FIGURES = ("draw", "play", "win", "loss")
#: Each comparison's level: a dozen per pack, so that together they fail by chance well under 1%.
LEVEL = 0.9995


def question_of(pack: str, sims: int = SIMS, seed: int = SEED) -> Question:
    return Question(Cut(4), results=PACKS[pack], others="none", budget=Budget(sims, seed=seed))


def report_of(event, rules, question):
    decisions.KEPT_MODELS.clear()
    return decisions.draw_decisions(take_snapshot(event), rules, question)


def test_nothing_fixed_is_the_card_as_it_is():
    """With no result fixed the cells give back the table's own figures (the same worlds, the same
    counts) and verdict; the card lists at most :data:`SHOWN` tables, and its page data has a
    state for every combination seen, each with the words of drawsafe.sentences."""
    event, rules = pending("mtg")
    report = report_of(event, rules, question_of("mtg", 4_000))
    cards = 0
    for table in report.tables:
        for i, p in enumerate(table.players):
            if p.card is None:
                assert not p.what_if
                continue
            cards += 1
            same = verdicts.given_table(table, p.card, {}, report.safe)
            assert same.verdict == table.verdict
            for mine, theirs in zip(same.players, table.players, strict=True):
                for what in FIGURES:
                    assert getattr(mine, what) == getattr(theirs, what), (p.player, what)
                assert mine.difference.mean == pytest.approx(theirs.difference.mean, abs=1e-12)
                assert mine.difference.sd == pytest.approx(theirs.difference.sd, abs=1e-9)
            shown = verdicts.what_if_card(report, table, i)
            assert 1 <= len(shown["tables"]) <= SHOWN
            assert [t["table"] for t in shown["tables"]] == [t.table for t in p.what_if[:SHOWN]]
            data = shown["data"]
            key = data["open"] * len(data["tables"])
            said = verdicts.table_words(table, report.cut, report.safe, me=p.player,
                                        proven=getattr(report, "proven", None))
            state = [data["strings"][k] for k in data["states"][key]]
            assert state[1:3] == [said.headline, said.sentence]
            assert state[3:11] == verdicts.figures(report, p)
            assert len(data["states"]) == len(p.card.combinations())
            assert len(json.dumps(data)) < 60_000
    assert cards >= 4


def all_other_tables(worlds, table: int) -> tuple[TableIf, ...]:
    """Every flipped table but ``table`` (0-based), as the card's shown tables (their results' codes)."""
    names = worlds.sim.snap.names
    out = []
    for t in worlds.tables.tolist():
        if t != table:
            results = tuple(ResultIf("", None, 0.0, None, code=c) for c in (0, 1, 2))
            out.append(TableIf(t + 1, (names[worlds.fr.a[t]], names[worlds.fr.b[t]]), 0.0, results))
    return tuple(out)


def close(simulated: Proportion, exact: float) -> bool:
    """The exact figure within the simulated one's interval at :data:`LEVEL` (a proportion that
    is 0 or 1 in every world is exact only if the enumeration says so too)."""
    ci = simulated.confidence_interval(LEVEL)
    return ci.low - 1e-12 <= exact <= ci.high + 1e-12


@pytest.mark.parametrize("pack", list(PACKS))
def test_every_other_table_fixed_is_the_exact_answer_with_those_results_in_the_file(pack):
    """The card's conditioning with every other open table that can matter fixed (its most seen
    combination of results) against the exact enumeration of the event with those results written
    into the file: each player's four figures within the simulated interval."""
    event, rules = pending(pack)
    snap = take_snapshot(event)
    question = question_of(pack, ALL_FIXED)
    sim = Simulator(snap, rules, question)
    worlds = kept_worlds(sim, sim.first_round, SEED)
    table = None
    for t in worlds.tables.tolist():  # a table whose players' odds are open
        a, b = worlds.fr.a[t], worlds.fr.b[t]
        values = worlds.values(2_000)
        if 0.05 < values[int(a)].mean() < 0.95 or 0.05 < values[int(b)].mean() < 0.95:
            table = t
            break
    assert table is not None
    cells = card_cells(worlds, ALL_FIXED, table, all_other_tables(worlds, table))
    assert len(cells.shown) >= 3
    common = int(np.argmax(cells.counts[:, 0]))
    fixed = {s.table: int(c) for s, c in zip(cells.shown, cells.codes[common], strict=True)}
    c = cells.given(fixed)
    assert c["n"] >= 300, c
    written = event
    for t, code in fixed.items():
        written = with_result(written, t - 1, code, PACKS[pack])
    name = snap.names[worlds.fr.a[table]]
    exact = live_draw(take_snapshot(written), rules, replace(question, player=name, exact_tables=12))
    decision = next(d for d in exact.tables if d.table == table + 1)
    for seat, p in enumerate(decision.players):
        mine = verdicts.given_chances(p, seat, c)
        for what in FIGURES:
            assert close(getattr(mine, what), getattr(p, what).estimate), (pack, p.player, what, getattr(mine, what),
                                                                            getattr(p, what).estimate)


def combined(a: Proportion, b: Proportion) -> float:
    """Half the width two independent estimates may differ by at :data:`LEVEL`."""
    return z_value(LEVEL) * math.sqrt(sum(x.estimate * (1 - x.estimate) / max(x.n, 1) for x in (a, b))) + 1e-9


@pytest.mark.parametrize("pack", list(PACKS))
def test_one_result_fixed_agrees_with_a_run_with_it_in_the_file(pack):
    """The card of the player whose first what-if table matters most, that table fixed to each of
    its results seen often enough, against ``draw`` on the event with that result in the file
    (another seed): every figure of both players within the combined interval, and the same
    verdict where both are clear."""
    event, rules = pending(pack)
    report = report_of(event, rules, question_of(pack))
    seated = [(t, p) for t in report.tables for p in t.players if p.card is not None]
    table, p = max(seated, key=lambda x: x[1].what_if[0].matters)
    first = p.what_if[0]
    checked = 0
    for r in first.results:
        c = p.card.given({first.table: r.code})
        if c["n"] < 1_500:
            continue
        written = with_result(event, first.table - 1, r.code, PACKS[pack])
        again = report_of(written, rules, question_of(pack, seed=SEED + 7))
        other = next(t for t in again.tables if t.table == table.table)
        for seat, q in enumerate(other.players):
            mine = verdicts.given_chances(table.players[seat], seat, c)
            for what in ("draw", "play"):
                x, y = getattr(mine, what), getattr(q, what)
                assert abs(x.estimate - y.estimate) <= combined(x, y), (pack, q.player, r.result, what, x, y)
        checked += 1
    assert checked >= 2
