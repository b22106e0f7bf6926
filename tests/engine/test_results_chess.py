"""The chess result model (``ResultModel.for_event``): one game a round, the event's own draw share.

Expectations come from the rule text and from counting the hand-written results of each test event
(the compact notation of ``tests/chess_events.py``), not from the code under test: a chess game is
1-0 or 0-0-1; the draw share is draws / played games once there are at least 30 played games
(forfeits, byes and pending games are not played), less the agreed draws the chess packs declare
(a file records them as draws), else 25%; Elo when everyone is rated; Magic packs unchanged.
"""

from __future__ import annotations

import numpy as np
import pytest
from chess_events import chess_event
from scipy.stats import binom

from drawsafe.engine.results import (
    DECIDED_COUNTS,
    DRAW_SHARE,
    DRAWN_COUNTS,
    ResultModel,
    play_match,
    played_games,
    recommended_model,
)
from drawsafe.errors import UsageError
from drawsafe.event.io.trf import read_trf, write_trf
from drawsafe.event.sample import sample_event
from drawsafe.rng import stream
from drawsafe.tiebreaks.packs import FIDE, FIDE_1998, MTG, POKEMON

NAMES = [f"P{i:02d}" for i in range(12)]


def played_share(draws: int, games: int, cap: float = 0.95) -> float:
    """The share of games played out that end drawn: the event's, less the declared agreed ones."""
    agreed = FIDE.agreed_draws.before_last
    return (min(draws / games, cap) - agreed) / (1 - agreed)


def circle_round(r: int) -> list[tuple[str, str]]:
    """Round ``r`` of a round robin of the 12 players (circle method; repeats after 11 rounds)."""
    rest = NAMES[1:]
    turn = rest[r % 11:] + rest[:r % 11]
    line = [NAMES[0], *turn]
    return [(line[k], line[11 - k]) for k in range(6)]


def field(games: int, draws: int, extra: tuple[str, ...] = (), rated: bool = True):
    """An event of 12 players with ``games`` played games, the first ``draws`` of them drawn, six
    tables a round (compact notation), plus ``extra`` tables in a last round of their own."""
    results = (["="] * draws + ["1", "0"] * games)[:games]
    rounds: list[list[str]] = []
    for g, res in enumerate(results):
        if g % 6 == 0:
            tables = circle_round(len(rounds))
            rounds.append([])
        a, b = tables[g % 6]
        rounds[-1].append(f"{a}-{b} {res}")
    if extra:
        rounds.append(list(extra))
    ratings = {p: 1500.0 + 10 * i for i, p in enumerate(NAMES)} if rated else {}
    return chess_event(rounds, NAMES, ratings)


# --- Magic and Pokemon packs are untouched ------------------------------------------------------


@pytest.mark.parametrize("rules", [MTG])
def test_card_game_packs_get_the_measured_magic_defaults(rules):
    event = sample_event()
    got = ResultModel.for_event(event, rules)
    assert got == ResultModel.for_best_of(event.best_of)
    assert (got.draw_share, got.model) == (DRAW_SHARE, "coin")
    assert ResultModel.for_event(event, rules, "elo", 0.1) == \
        ResultModel.for_best_of(event.best_of, "elo", 0.1)


def test_pokemon_ties_are_an_event_property():
    """Pokémon: Magic's game scores, but the tie share of the event (or the Pokémon default,
    the pack's ResultDefaults, drawsafe.engine.results.ResultModel.for_ties; issue 15)."""
    event = sample_event()
    got = ResultModel.for_event(event, POKEMON)
    assert (got.decided, got.drawn, got.model) == (DECIDED_COUNTS, DRAWN_COUNTS, "coin")
    assert got.draw_share == POKEMON.results.draw_share == 0.18  # the sample has too few matches to measure its own
    assert ResultModel.for_event(event, POKEMON, "elo", 0.1).draw_share == 0.1


def test_best_of_one_card_event_keeps_its_own_rules():
    event = chess_event([["A-B 1", "C-D ="]])  # best-of-one games, but under the Magic pack
    got = ResultModel.for_event(event, MTG)
    assert got == ResultModel.for_best_of(1)
    assert got.draw_share == DRAW_SHARE


# --- chess: one game, the event's draw share ----------------------------------------------------


def test_chess_game_is_one_zero_or_a_drawn_game():
    model = ResultModel.for_event(field(40, 12), FIDE)
    dc, ds, wc, ws = model.tables()
    assert ds.tolist() == [[1, 0, 0]] and dc.tolist() == [1.0]
    assert ws.tolist() == [[0, 0, 1]] and wc.tolist() == [1.0]


@pytest.mark.parametrize(("games", "draws"), [(30, 9), (40, 12), (61, 20), (120, 55)])
def test_draw_share_measured_on_the_events_games(games, draws):
    event = field(games, draws)
    assert played_games(event) == (games, draws)
    model = ResultModel.for_event(event, FIDE)
    assert model.draw_share == pytest.approx(played_share(draws, games))
    assert f"{draws} draws in {games} games" in model.note


def test_fewer_than_thirty_games_use_the_default():
    assert FIDE.results.min_measured == 30
    assert ResultModel.for_event(field(29, 29), FIDE).draw_share == FIDE.results.draw_share == 0.25
    assert ResultModel.for_event(field(30, 30), FIDE).draw_share == pytest.approx(played_share(30, 30))  # capped
    note = ResultModel.for_event(field(12, 3), FIDE_1998).note
    assert "default" in note and "12 played games" in note


def test_forfeits_byes_and_pending_games_are_not_played_games():
    extra = ("P00-P01 +", "P02-P03 --", "P04 bye", "P05 half", "P06 zero", "P07-P08", "P09-P10 =")
    event = field(29, 10, extra)
    assert played_games(event) == (30, 11)
    assert ResultModel.for_event(event, FIDE).draw_share == pytest.approx(played_share(11, 30))


def test_given_draw_share_and_model_win():
    event = field(60, 30)
    model = ResultModel.for_event(event, FIDE, "coin", 0.1)
    assert (model.draw_share, model.model) == (0.1, "coin")
    assert model.tables()[1].tolist() == [[1, 0, 0]]
    with pytest.raises(UsageError):
        ResultModel.for_event(event, FIDE, draw_share=1.0)
    with pytest.raises(UsageError):
        ResultModel.for_event(event, FIDE, "glicko")


def test_elo_when_every_player_is_rated():
    rated = field(30, 5)
    assert recommended_model(rated, FIDE) == "elo"
    assert ResultModel.for_event(rated, FIDE).model == "elo"
    assert recommended_model(rated, MTG) == "coin"
    unrated = field(30, 5, rated=False)
    assert ResultModel.for_event(unrated, FIDE).model == "coin"
    one_missing = chess_event([["A-B 1"]], ratings={"A": 2000.0})
    assert recommended_model(one_missing, FIDE) == "coin"


def test_trf_round_trip_keeps_the_draw_share():
    event = field(48, 17)
    again = read_trf(write_trf(event), "again.trf")
    assert played_games(again) == (48, 17)
    assert ResultModel.for_event(again, FIDE) == ResultModel.for_event(event, FIDE)


def test_simulated_games_follow_the_model():
    """200,000 games from the kernel: only 1-0, 0-1 and 0-0-1, drawn at the measured share and the
    decisive ones split evenly (coin), each inside its 99.9% binomial interval."""
    model = ResultModel.for_event(field(40, 14), FIDE, "coin")
    dc, ds, wc, ws = model.tables()
    state = stream(np.uint64(11), np.int64(3))
    out = np.zeros(3, dtype=np.int64)
    counts: dict[tuple[int, int, int], int] = {}
    n = 200_000
    for _ in range(n):
        play_match(state, 0.5, model.draw_share, dc, ds, wc, ws, out)
        key = (int(out[0]), int(out[1]), int(out[2]))
        counts[key] = counts.get(key, 0) + 1
    assert set(counts) <= {(1, 0, 0), (0, 1, 0), (0, 0, 1)}
    lo, hi = binom.interval(0.999, n, played_share(14, 40))
    assert lo <= counts[(0, 0, 1)] <= hi
    decisive = n - counts[(0, 0, 1)]
    lo, hi = binom.interval(0.999, decisive, 0.5)
    assert lo <= counts[(1, 0, 0)] <= hi
