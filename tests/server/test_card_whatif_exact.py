"""The phone card's what-if when the last round is answered exactly (issue 52, item 2: "exact in
the exact case"): every combination of the shown tables' results, its probability and both
players' exact figures (:class:`drawsafe.simulation.whatif.ExactCells`, summed from the
enumeration's shares of the cut in every combination: :func:`drawsafe.simulation.live.exact_cells`).
Nothing fixed is the card as it is; every shown table fixed is the exact answer of the event with
those results written into the file (a Magic win's game scores mixed as the result model weighs
them); one or two fixed are ``--if``'s exact answer; on generated 16-player events of three packs."""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.server import verdicts
from drawsafe.simulation import decisions
from drawsafe.simulation.fixed import resolve
from drawsafe.simulation.live import ExactShare, chances_of, index_of, live_draw, others_enumeration
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.simulation.whatif import SHOWN, ExactCells

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "simulation"))
from test_whatif import ONE_GAME, pending

#: Magic with game scores: a win 2-0 or 2-1 (they move GW% and OGW%), a played draw 1-1.
GAME_SCORES = ResultModel(0.25, ((2, 0, 0, 0.6), (2, 1, 0, 0.4)), ((1, 1, 0, 1.0),))
BEST_OF_3 = ResultModel(0.25, ((2, 0, 0, 1.0),), ((1, 1, 0, 1.0),))
PACKS = {"mtg": GAME_SCORES, "pokemon": BEST_OF_3, "fide": ONE_GAME}
FIGURES = ("draw", "play", "win", "loss")
CLOSE = 1e-9


def question_of(pack: str, **kw) -> Question:
    return Question(Cut(4), results=PACKS[pack], others="none", exact_tables=12, **kw)


@pytest.fixture(scope="module", params=list(PACKS))
def answered(request):
    pack = request.param
    event, rules = pending(pack)
    return pack, event, rules, live_draw(take_snapshot(event), rules, question_of(pack))


def cards(report):
    return [(t, i, p) for t in report.tables for i, p in enumerate(t.players) if p.card is not None]


def figures_of(table) -> list[float]:
    return [getattr(p, what).estimate for p in table.players for what in FIGURES]


def exact_figures(event, rules, question, table: int) -> np.ndarray:
    """Both players' four exact figures at ``table`` (1-based) as ``live_draw`` makes them (its
    enumeration, even where the table has no stake left and the answer leaves it out)."""
    snap = take_snapshot(event)
    sim = Simulator(snap, rules, question)
    e = others_enumeration(sim, question)[0]
    j = index_of(e, table)
    fr = sim.first_round
    seats = (chances_of(sim, e, j, int(p), 1, rules.point_scale) for p in (fr.a[table - 1], fr.b[table - 1]))
    return np.array([getattr(x, what).estimate for x in seats for what in FIGURES])


def test_nothing_fixed_is_the_exact_card(answered):
    """With nothing fixed the cells give back the table's exact figures and verdict; each result's
    chance is its probability; the probabilities add up to 1; the page's data has a state for
    every combination that can happen, the exact words, and no interval."""
    pack, _, _, report = answered
    found = cards(report)
    assert len(found) >= 4, pack
    for table, i, p in found:
        cells = p.card
        assert isinstance(cells, ExactCells)
        assert [s.table for s in cells.shown] == [t.table for t in p.what_if[:SHOWN]]
        assert cells.weights.sum() == pytest.approx(1.0, abs=CLOSE)
        same = verdicts.given_table(table, cells, {}, report.safe)
        assert same.verdict == table.verdict
        assert figures_of(same) == pytest.approx(figures_of(table), abs=CLOSE)
        assert all(isinstance(getattr(x, what), ExactShare) for x in same.players for what in FIGURES)
        for s in cells.shown:
            for r in s.results:
                assert cells.chance({s.table: r.code}) == pytest.approx(r.p, abs=CLOSE)
                alone = verdicts.given_table(table, cells, {s.table: r.code}, report.safe)
                assert alone.players[i].play.estimate == pytest.approx(r.exact, abs=CLOSE)  # the what-if's figure
        shown = verdicts.what_if_card(report, table, i)
        assert shown["exact"] and shown["worlds"] is None
        assert all(r["ci"] == "" and r["odds"] is not None for t in shown["tables"] for r in t["results"])
        data = shown["data"]
        assert data["words"]["note"] == verdicts.EXACT_IF_WORDS["note"]
        assert len(data["states"]) == len(cells.combinations())
        said = verdicts.table_words(table, report.cut, report.safe, me=p.player)
        state = [data["strings"][k] for k in data["states"][data["open"] * len(data["tables"])]]
        assert state[1:3] == [said.headline, said.sentence]
        assert state[3:11] == verdicts.figures(report, p)
        assert len(json.dumps(data)) < 60_000


def written(event, fixed: dict[int, int], results: ResultModel) -> list[tuple[float, object]]:
    """``event`` with each table of ``fixed`` (0-based: an engine code) reported, one event per
    combination of game scores the result model gives those results, with its weight."""
    options = []
    for t, code in fixed.items():
        scores = results.drawn if code == engine.DRAWN else results.decided
        total = sum(s[3] for s in scores)
        options.append([(t, code, s[:3], s[3] / total) for s in scores])
    out = []
    for combo in itertools.product(*options):
        e, w = event, 1.0
        for t, code, (a, b, d), weight in combo:
            last = e.rounds[-1]
            score = (b, a, d) if code == engine.B_WON else (a, b, d)
            m = replace(last.matches[t], a_wins=score[0], b_wins=score[1], draws=score[2])
            matches = tuple(m if i == t else x for i, x in enumerate(last.matches))
            e = replace(e, rounds=(*e.rounds[:-1], replace(last, matches=matches)))
            w *= weight
        out.append((w, e))
    return out


def test_every_shown_table_fixed_is_the_exact_answer_with_those_results_in_the_file(answered):
    """Each full combination of the shown tables' results of a card (the first card's; another
    table's card too) against the exact answer of the event with those results written into the
    file, to 1e-9: both players' four figures (a Magic win's game scores: the mix of the files'
    answers, weighted as the result model weighs 2-0 and 2-1)."""
    pack, event, rules, report = answered
    checked = 0
    seen_tables = set()
    for table, i, p in cards(report):
        if table.table in seen_tables:
            continue
        seen_tables.add(table.table)
        cells = p.card
        for c in range(len(cells.codes))[:: max(1, len(cells.codes) // 4)]:
            fixed = {s.table: int(code) for s, code in zip(cells.shown, cells.codes[c], strict=True)}
            mine = verdicts.given_table(table, cells, fixed, report.safe)
            expected = np.zeros(8)
            for w, e in written(event, {t - 1: code for t, code in fixed.items()}, PACKS[pack]):
                expected += w * exact_figures(e, rules, question_of(pack), table.table)
            assert figures_of(mine) == pytest.approx(expected, abs=CLOSE), (pack, p.player, fixed)
            checked += 1
        if len(seen_tables) == 2:
            break
    assert checked >= 6


def test_partial_fixes_are_the_if_answer(answered):
    """One or two of the shown tables fixed (the rest free: the probability-weighted sum) equal
    ``--if``'s exact answer with those results fixed, to 1e-9, and its verdict."""
    pack, event, rules, report = answered
    snap = take_snapshot(event)
    words = {engine.A_WON: "A", engine.B_WON: "B", engine.DRAWN: "draw"}
    checked = 0
    for table, i, p in cards(report)[:3]:
        cells = p.card
        shown = cells.shown
        tries = [{shown[0].table: engine.A_WON}, {shown[-1].table: engine.B_WON},
                 {shown[0].table: engine.B_WON, shown[1].table: engine.A_WON}]
        if pack == "fide":  # one game: --if's draw is the played draw, the only draw there is
            tries.append({shown[1].table: engine.DRAWN})
        for fixed in tries:
            if cells.chance(fixed) <= 0:
                continue
            mine = verdicts.given_table(table, cells, fixed, report.safe)
            asked = question_of(pack, player=p.player)
            texts = tuple(f"{t}:{words[code]}" for t, code in fixed.items())
            asked = replace(asked, fixed=resolve(snap, rules, asked, texts, decisions.round_tables(snap, rules, asked)))
            direct = next(d for d in live_draw(snap, rules, asked).tables if d.table == table.table)
            assert figures_of(mine) == pytest.approx(figures_of(direct), abs=CLOSE), (pack, p.player, fixed)
            assert mine.verdict == direct.verdict
            checked += 1
    assert checked >= 6


def test_a_combination_that_cannot_happen_has_no_state():
    """A result with no chance (an intentional draw with --others none is weighed at 0 as a table's
    result only where the result model plays no draw: chess here has none) is not offered; every
    state's results can happen."""
    event, rules = pending("fide")
    no_draws = ResultModel(0.0, ((1, 0, 0, 1.0),), ((0, 0, 1, 1.0),))
    report = live_draw(take_snapshot(event), rules, Question(Cut(4), results=no_draws, others="none",
                                                              exact_tables=12))
    found = cards(report)
    assert found
    for _, _, p in found:
        assert all(r.code != engine.DRAWN for s in p.card.shown for r in s.results)
        assert all(p.card.chance(f) > 0 for f in p.card.combinations())
        assert len(p.card.codes) == 2 ** len(p.card.shown)


def test_a_real_round_in_progress_with_settled_players():
    """The sample (81 players, mtg-classic) with round 7 reported but for its first 6 tables: a
    clinched player's figures stay 1 whatever is fixed, an open one's follow the results; nothing
    fixed is the card, and every shown table fixed is the exact answer with those results in the
    file (one game score per result here: a win 2-1, a draw 1-1)."""
    from drawsafe.event.io import load_event
    from drawsafe.event.sample import sample_path
    from drawsafe.tiebreaks.packs import get_rules

    event = load_event(sample_path())
    last = event.swiss[-1]
    matches = tuple(m if i < 6 or m.player_b is None else replace(m, a_wins=2, b_wins=1, draws=0)
                    for i, m in enumerate(last.matches))
    event = replace(event, rounds=(*event.rounds[:-1], replace(last, matches=matches)))
    rules = get_rules("mtg-classic")
    results = ResultModel(0.1, ((2, 1, 0, 1.0),), ((1, 1, 0, 1.0),))
    question = Question(Cut(8), results=results, others="none", exact_tables=12)
    report = live_draw(take_snapshot(event), rules, question)
    found = cards(report)
    assert len(found) >= 4
    settled = 0
    for table, i, p in found:
        cells = p.card
        assert figures_of(verdicts.given_table(table, cells, {}, report.safe)) == pytest.approx(figures_of(table),
                                                                                                  abs=CLOSE)
        for seat in range(2):
            if p.card.values[:, seat, :4].min() == 1.0:
                settled += 1
        fixed = {s.table: int(code) for s, code in zip(cells.shown, cells.codes[-1], strict=True)}
        (_, filed), = written(event, {t - 1: code for t, code in fixed.items()}, results)
        assert figures_of(verdicts.given_table(table, cells, fixed, report.safe)) == pytest.approx(
            exact_figures(filed, rules, question, table.table), abs=CLOSE)
    assert settled >= 1  # a clinched player at a card's table
