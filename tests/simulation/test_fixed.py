"""``--if 6:B`` (:mod:`drawsafe.simulation.fixed`): the answer with results of the round fixed,
against a direct run with those results in the file (three packs, the last round and a round with
rounds to go), against the exact enumeration, and its refusals."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner

from drawsafe.app.options import OptionError
from drawsafe.app.requests import DrawRequest
from drawsafe.cli.main import main
from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.io.export import write_native_json
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation import decisions
from drawsafe.simulation.fixed import ID, PLAYED, WIN_A, WIN_B, Fixed, fixed_round
from drawsafe.simulation.fixed import resolve as resolve_in
from drawsafe.simulation.forecast import forecast_odds
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.live import live_draw, live_odds
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import published_first_round
from drawsafe.stats import bounded_interval
from drawsafe.tiebreaks.packs import get_rules
from tests.simulation.test_whatif import BEST_OF_3, ONE_GAME, PACKS, pending, with_result

SEED = 20261207
SIMS = 6_000
#: The engine's code of each fixed result (the file's, for :func:`with_result`).
CODES = {WIN_A: engine.A_WON, WIN_B: engine.B_WON, PLAYED: engine.DRAWN}


def pending_at(pack: str, played: int, players: int = 24, rounds: int = 5, seed: int = 6):
    """A generated event of ``pack`` of ``rounds`` Swiss rounds, ``played`` of them paired, the
    last of those not reported."""
    event, rules = pending(pack, players, played, seed)
    return replace(event, swiss_rounds=rounds), rules


def half_width(cut, level: float = 0.999) -> float:
    """A figure's half-width at ``level`` (a Mean's bounded interval; a Proportion's Wilson)."""
    if hasattr(cut, "squares"):
        low, high = bounded_interval(cut.total, cut.squares, cut.n, level)
        return float(high - low) / 2
    ci = cut.confidence_interval(level)
    return (ci.high - ci.low) / 2


def resolve(snap, rules, question, texts):
    """The fixed results of ``texts`` in the round's tables as ``question`` finds them."""
    return resolve_in(snap, rules, question, texts, decisions.round_tables(snap, rules, question))


def odds_by_name(snap, rules, question) -> dict:
    decisions.KEPT_MODELS.clear()
    return {p.player: p.cut for p in forecast_odds(snap, rules, question).players}


def fixed_of(snap, rules, question, *texts) -> Question:
    return replace(question, fixed=resolve(snap, rules, question, texts))


def contended(snap, rules, question) -> list[int]:
    """The open tables (0-based) where a player has odds strictly between 2% and 98%."""
    odds = odds_by_name(snap, rules, replace(question, budget=Budget(2_000, seed=SEED)))
    fr = published_first_round(snap)
    return [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE and any(
        0.02 < odds[snap.names[p]].estimate < 0.98 for p in (fr.a[t], fr.b[t]) if snap.names[p] in odds)]


@pytest.mark.parametrize("pack", list(PACKS))
def test_if_agrees_with_a_re_run_with_the_result_in_the_file(pack):
    """The odds with table T fixed (its players' rivals, the whole field) against a separate run
    (another seed) of the event with that result written into the file: every player with odds
    within combined 99.9% intervals; the fixed answer moves someone (the test can fail)."""
    results = PACKS[pack]
    event, rules = pending(pack)
    snap = take_snapshot(event)
    question = Question(Cut(4), results=results, others="none", budget=Budget(SIMS, seed=SEED), exact_tables=0)
    tables = contended(snap, rules, question)
    assert tables
    t = tables[0]
    plain = odds_by_name(snap, rules, question)
    moved = 0
    for word, result in (("B", WIN_B), ("A", WIN_A)):
        asked = fixed_of(snap, rules, question, f"{t + 1}:{word}")
        assert asked.fixed[0].result == result
        mine = odds_by_name(snap, rules, asked)
        direct = odds_by_name(take_snapshot(with_result(event, t, CODES[result], results)), rules,
                              replace(question, budget=Budget(SIMS, seed=SEED + 1)))
        assert set(mine) == set(direct)
        for name, cut in mine.items():
            spread = math.hypot(half_width(cut), half_width(direct[name])) + 1e-9
            assert abs(cut.estimate - direct[name].estimate) <= spread, (pack, word, name, cut, direct[name])
            moved += abs(cut.estimate - plain[name].estimate) > spread
    assert moved


@pytest.mark.parametrize("pack", ["mtg", "fide"])
def test_draw_if_agrees_with_draw_on_the_file(pack):
    """``draw --if``: every evaluated table's four figures against ``draw`` of the file with the
    result in; the fixed table is left out, said hypothetical."""
    results = PACKS[pack]
    event, rules = pending(pack)
    snap = take_snapshot(event)
    question = Question(Cut(4), results=results, others="none", budget=Budget(SIMS, seed=SEED), exact_tables=0)
    t = contended(snap, rules, question)[0]
    word, code = ("draw", engine.DRAWN) if pack == "fide" else ("B", engine.B_WON)
    asked = fixed_of(snap, rules, question, f"{t + 1}:{word}")
    decisions.KEPT_MODELS.clear()
    mine = decisions.draw_decisions(snap, rules, asked)
    decisions.KEPT_MODELS.clear()
    direct = decisions.draw_decisions(take_snapshot(with_result(event, t, code, results)), rules,
                                      replace(question, budget=Budget(SIMS, seed=SEED + 1)))
    left = next(x for x in mine.left_out if x.table == t + 1)
    assert left.reason.startswith("fixed (hypothetical, not reported)")
    assert mine.to_json()["if"][0]["table"] == t + 1 and mine.to_json()["if"][0]["hypothetical"]
    theirs = {d.table: d for d in direct.tables}
    assert mine.tables and {d.table for d in mine.tables} <= set(theirs)
    for d in mine.tables:
        for p, q in zip(d.players, theirs[d.table].players, strict=True):
            for f in ("draw", "play", "win", "loss"):
                x, y = getattr(p, f), getattr(q, f)
                if x.n and y.n:
                    assert abs(x.estimate - y.estimate) <= math.hypot(half_width(x), half_width(y)) + 1e-9, \
                        (pack, d.table, p.player, f)


def test_with_rounds_to_go_the_round_about_to_be_played_is_fixed():
    """Two rounds left, the round's pairings published: a fixed win against the file with it."""
    results = BEST_OF_3
    before, rules = pending_at("mtg", 4)  # round 4 pending, round 5 to play
    snap = take_snapshot(before)
    assert snap.rounds_left == 2 and snap.next_round is not None
    question = Question(Cut(4), results=results, others="none", budget=Budget(SIMS, seed=SEED))
    asked = fixed_of(snap, rules, question, "1:A")
    mine = odds_by_name(snap, rules, asked)
    direct = odds_by_name(take_snapshot(with_result(before, 0, engine.A_WON, results)), rules,
                          replace(question, budget=Budget(SIMS, seed=SEED + 1)))
    plain = odds_by_name(snap, rules, question)
    moved = 0
    for name, cut in mine.items():
        spread = math.hypot(half_width(cut), half_width(direct[name])) + 1e-9
        assert abs(cut.estimate - direct[name].estimate) <= spread, (name, cut, direct[name])
        moved += abs(cut.estimate - plain[name].estimate) > spread
    assert moved


def test_exact_if_equals_the_exact_answer_with_the_result_in_the_file():
    """During the last round, exactly: the enumeration with table T fixed is the enumeration of the
    file with that result in (one game score per result: the file holds the same), to 1e-9; and
    the player's odds with T fixed are their exact what-if figure for that result."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    question = Question(Cut(4), results=BEST_OF_3, others="none", exact_tables=12)
    plain = live_odds(snap, rules, question)
    p = max((o for o in plain.players if o.what_if), key=lambda o: o.what_if[0].matters)
    table = p.what_if[0]
    for r in table.results:
        word = {"A wins": "A", "B wins": "B", "draw": "played-draw"}[r.result]
        asked = fixed_of(snap, rules, question, f"{table.table}:{word}")
        mine = live_odds(snap, rules, asked)
        direct = live_odds(take_snapshot(with_result(event, table.table - 1, CODES[asked.fixed[0].result],
                                                     BEST_OF_3)), rules, question)
        assert {o.player: o.p_cut for o in mine.players} == pytest.approx(
            {o.player: o.p_cut for o in direct.players}, abs=1e-9)
        assert next(o.p_cut for o in mine.players if o.player == p.player) == pytest.approx(r.p_cut, abs=1e-9)
        assert mine.to_json()["if"][0]["result"] == {"A": "A wins", "B": "B wins"}.get(word, "played draw")


@pytest.mark.parametrize("pack", ["mtg", "pokemon"])
def test_every_other_table_fixed_the_simulation_equals_the_enumeration(pack):
    """A player's table the only one open, every other fixed: the simulated ``draw`` equals the
    exact one (same fixes) within its intervals, and the exact one is the file's with the results in."""
    results = PACKS[pack]
    event, rules = pending(pack)
    snap = take_snapshot(event)
    question = Question(Cut(4), results=results, others="none", budget=Budget(SIMS, seed=SEED), exact_tables=12)
    fr = published_first_round(snap)
    odds = odds_by_name(snap, rules, replace(question, budget=Budget(2_000, seed=SEED)))
    seated = {snap.names[p]: t for t in range(fr.tables) if fr.b[t] >= 0 for p in (fr.a[t], fr.b[t])}
    player = min(seated, key=lambda name: abs(odds[name].estimate - 0.5))
    mine = seated[player]
    rng = random.Random(pack)
    for _ in range(50):  # results of the other tables that leave the player's own result open
        words = [f"{t + 1}:{rng.choice('AB')}" for t in range(fr.tables) if t != mine and fr.b[t] >= 0]
        asked = fixed_of(snap, rules, replace(question, player=player), *words)
        exact = live_draw(snap, rules, asked)
        if exact.tables and any(0.02 < p.play.estimate < 0.98 for p in exact.tables[0].players):
            break
    else:
        pytest.fail("no fixed results left the player's table open")
    decisions.KEPT_MODELS.clear()
    simulated = decisions.draw_decisions(snap, rules, replace(asked, exact_tables=0))
    assert [d.table for d in exact.tables] == [d.table for d in simulated.tables] == [mine + 1]
    for p, q in zip(exact.tables[0].players, simulated.tables[0].players, strict=True):
        for f in ("draw", "play", "win", "loss"):
            x, y = getattr(p, f).estimate, getattr(q, f)
            assert abs(x - y.estimate) <= half_width(y) + 1e-9, (pack, p.player, f, x, y)
    # the file with every other result in (one game score per result), answered exactly
    filed = event
    for f in asked.fixed:
        filed = with_result(filed, f.table - 1, CODES[f.result], results)
    direct = live_draw(take_snapshot(filed), rules, replace(question, player=player))
    for p, q in zip(exact.tables[0].players, direct.tables[0].players, strict=True):
        assert (p.draw.estimate, p.play.estimate, p.win.estimate, p.loss.estimate) == pytest.approx(
            (q.draw.estimate, q.play.estimate, q.win.estimate, q.loss.estimate), abs=1e-9)


def test_the_words_a_user_types():
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    question = Question(Cut(4), results=ResultModel())
    fr = published_first_round(snap)
    a, b = snap.names[fr.a[2]], snap.names[fr.b[2]]
    got = resolve(snap, rules, question, ("3:b", "1:A", f"2:{snap.names[fr.b[1]].lower()}", "4:draw", "5:ID"))
    assert [(f.table, f.result) for f in got] == [(3, WIN_B), (1, WIN_A), (2, WIN_B), (4, ID), (5, ID)]
    assert got[0] == Fixed(3, a, b, WIN_B) and got[0].words() == f"table 3, {b} wins"
    assert got[3].words().endswith(" draw intentionally")
    # chess: a draw is a played one, its game score the one the result model has
    chess, crules = pending("fide")
    csnap = take_snapshot(chess)
    drawn = resolve(csnap, crules, Question(Cut(4), results=ONE_GAME), ("2:draw",))[0]
    assert (drawn.result, drawn.score) == (PLAYED, (0, 0, 1))
    forced = fixed_round(published_first_round(csnap), (drawn,))
    assert forced.mode[1] == engine.KNOWN and tuple(forced.score[1]) == (0, 0, 1)


@pytest.mark.parametrize(("texts", "said"), [
    (("99:A",), "round 5 has tables 1 to 8, no table 99"),
    (("3:maybe",), "'maybe' is no result"),
    (("3:A", "3:B"), "table 3 is given twice"),
    (("3",), "give TABLE:RESULT"),
    (("x:A",), "'x' is not a table number"),
    (("3:played-draw",), "a played draw ends 1-1-1, 1-1-0, 0-0-1 here"),
])
def test_refusals_say_what_is_wrong(texts, said):
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    with pytest.raises(UsageError) as e:
        resolve(snap, rules, Question(Cut(4), results=ResultModel()), texts)
    assert said in str(e.value) and "\n" not in str(e.value)


def test_a_reported_table_and_the_players_own_are_refused():
    event, rules = pending("mtg")
    snap = take_snapshot(with_result(event, 0, engine.A_WON, BEST_OF_3))
    fr = published_first_round(snap)
    with pytest.raises(UsageError, match="table 1's result is already in"):
        resolve(snap, rules, Question(Cut(4)), ("1:B",))
    own = Question(Cut(4), player=snap.names[fr.b[1]])
    with pytest.raises(UsageError, match="table 2 is .*'s own; the answer already gives their odds"):
        resolve(snap, rules, own, ("2:A",))


def test_with_the_pairings_not_out_there_is_nothing_to_fix():
    rules = get_rules("mtg")
    snap = take_snapshot(generate_event(24, 5, 3, seed=6, rules=rules))
    assert snap.next_round is None and snap.rounds_left == 2
    with pytest.raises(UsageError, match="tables of round 4 are not known yet"):
        resolve(snap, rules, Question(Cut(4)), ("1:A",))


def test_fuzz_of_the_words():
    """Any text: a result fixed or one line refused, never another error."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    rng = random.Random(52)
    alphabet = "0123456789:ABabdrawplyeid-P ,\x00é"
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        try:
            got = resolve(snap, rules, Question(Cut(4), results=ResultModel()), (text,))
        except UsageError as e:
            assert "\n" not in str(e) and str(e).startswith("--if ")
        else:
            assert len(got) == 1 and got[0].result in (WIN_A, WIN_B, ID)
        try:
            DrawRequest(fixed=tuple(DrawRequest.__dataclass_fields__["fixed"].metadata["option"]
                                    .parse(text)))
        except OptionError:
            pass


def test_the_api_takes_them_separated_by_commas():
    spec = DrawRequest.__dataclass_fields__["fixed"].metadata["option"].but(name="fixed")
    assert spec.parse("6:B, 3:draw") == ("6:B", "3:draw")
    assert spec.parse("") == ()


@pytest.fixture(scope="module")
def last_round_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("if") / "e.json"
    event, _ = pending("mtg")
    write_native_json(event, str(path))
    return path


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_terminal_shows_them_apart_and_json_lists_them(last_round_file):
    r = cli("draw", last_round_file, "--top", "4", "--if", "2:B", "--if", "3:draw", "--sims", "2000",
            "--exact-tables", "0")
    assert r.exit_code == 0, r.output
    lines = [line for line in r.output.splitlines() if line.startswith("If: ")]
    assert len(lines) == 2 and all(line.endswith("(hypothetical, not reported)") for line in lines)
    j = cli("odds", last_round_file, "--top", "4", "--if", "2:B", "--sims", "2000", "--json")
    assert j.exit_code == 0, j.output
    body = json.loads(j.stdout)
    assert body["if"][0]["table"] == 2 and body["if"][0]["result"] == "B wins"


@pytest.mark.parametrize("args", [("--if", "99:A"), ("--if", "2:A", "--if", "2:B"), ("--if", "2:nobody")])
def test_refusals_exit_2_in_one_line_and_write_nothing(last_round_file, args):
    before = last_round_file.read_bytes()
    r = cli("draw", last_round_file, "--top", "4", *args)
    assert r.exit_code == 2
    errors = [line for line in r.output.splitlines() if line.startswith("drawsafe: error: --if")]
    assert len(errors) == 1 and "Traceback" not in r.output
    assert last_round_file.read_bytes() == before


def test_report_refuses_it(last_round_file, tmp_path):
    out = tmp_path / "r.html"
    r = cli("report", last_round_file, "--if", "2:B", "-o", out)
    assert r.exit_code == 2 and "ask draw or odds with --if" in r.output and not out.exists()


def test_a_fixed_magic_win_keeps_its_game_score_to_the_result_model():
    """mtg with the measured game scores (2-0, 2-1, 1-0, ...): the exact answer with table T's
    B fixed is the mix, weighted by the result model's decided scores, of the exact answers of the
    file with B winning by each score (GW% and OGW% move by the score: the mix is not one score)."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    results = ResultModel()
    question = Question(Cut(4), results=results, others="none", exact_tables=12)
    plain = live_odds(snap, rules, question)
    p = max((o for o in plain.players if o.what_if), key=lambda o: o.what_if[0].matters)
    t = p.what_if[0].table - 1
    mine = live_odds(snap, rules, fixed_of(snap, rules, question, f"{t + 1}:B"))
    total = sum(c for *_, c in results.decided)
    mixed: dict[str, float] = {}
    by_score = set()
    for w, lo, d, count in results.decided:
        last = event.rounds[-1]
        m = replace(last.matches[t], a_wins=lo, b_wins=w, draws=d)
        filed = replace(event, rounds=(*event.rounds[:-1], replace(last, matches=tuple(
            m if i == t else x for i, x in enumerate(last.matches)))))
        answer = {o.player: o.p_cut for o in live_odds(take_snapshot(filed), rules, question).players}
        by_score.add(tuple(round(v, 9) for v in answer.values()))
        for name, v in answer.items():
            mixed[name] = mixed.get(name, 0.0) + count / total * v
    assert {o.player: o.p_cut for o in mine.players} == pytest.approx(mixed, abs=1e-9)
    assert len(by_score) > 1, "a case where the game score moves someone's odds"


def test_the_exact_draw_leaves_the_fixed_tables_out():
    """Answered exactly, a fixed table gets no verdict (it is left out, said hypothetical), and no
    player's what-if or "root for" lists it (its result is no longer in question)."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    question = Question(Cut(4), results=BEST_OF_3, others="none", exact_tables=12)
    t = contended(snap, rules, replace(question, budget=Budget(2_000, seed=SEED)))[0]
    answer = live_draw(snap, rules, fixed_of(snap, rules, question, f"{t + 1}:A"))
    assert t + 1 not in [d.table for d in answer.tables] and answer.tables
    assert next(x for x in answer.left_out if x.table == t + 1).reason.startswith("fixed (hypothetical")
    listed = [w.table for d in answer.tables for p in d.players for w in p.what_if or ()]
    rooted = [r.table for rows in answer.root_for.values() for r in rows]
    assert t + 1 not in listed + rooted
