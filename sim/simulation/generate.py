"""Synthetic events played with the simulation engine (benchmarks, tests, studies)."""

from __future__ import annotations

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.inputs import FirstTables
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.event.model import BYE, LOSS, Event, Match, Round
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import DEFAULT_PACK, RulePack, get_rules


def generate_event(players: int, rounds: int, played: int, seed: int = 0, rules: RulePack | None = None,
                   question: Question | None = None, *, name: str | None = None) -> Event:
    """An event of ``players`` players and ``rounds`` Swiss rounds with the first ``played`` played.

    Rounds are paired and played exactly as the simulations play them (point groups, no rematch,
    measured result model, the last round by standings; ``question``: how, default the pack's
    result model and no intentional draws).  Player names are ``P0001``, ``P0002``...
    """
    if players < 2:
        raise UsageError("--players must be at least 2")
    if not 0 <= played <= rounds:
        raise UsageError(f"--played must be between 0 and --rounds ({rounds})")
    rules = rules or get_rules(DEFAULT_PACK)
    results = ResultModel.for_rules(rules)  # the game's own draws (Pokémon ties far more than Magic)
    question = question or Question(results=results, future_draws="none")
    names = tuple(f"P{i + 1:04d}" for i in range(players))
    # the pack goes with the event (and its file): read back, a chess event keeps chess's draw model
    # and points, not Magic's defaults
    suggested = None if rules.name == DEFAULT_PACK else rules.name
    empty = Event(name or f"Generated {players} players, {rounds} rounds (seed {seed})", names, (),
                  swiss_rounds=rounds, format="generated", rules=suggested)
    if played == 0:
        return empty
    sim = Simulator(take_snapshot(empty, 0, rounds), rules, question)
    work = engine.work_arrays(sim.field, len(sim.codes), 0)
    opp, kind, gw, gl, gd = work.opp, work.kind, work.gw, work.gl, work.gd
    none = np.zeros(0, dtype=np.int64)
    no_tables = FirstTables(none, none, none, np.zeros((0, 3), np.int64), np.zeros(0))
    # simulation number `seed` of stream `seed`: every round from the first, no draws by policy
    engine.simulate_one(seed, np.uint64(seed % 2**64), sim.field, no_tables, sim.match, sim.kernel_rules,
                        sim.plan(engine.NO_DRAWS, 0), players, True, work)
    return Event(empty.name, names, tuple(rounds_from_arrays(names, opp, kind, gw, gl, gd, played=played)),
                 swiss_rounds=rounds, format="generated", rules=suggested)


def rounds_from_arrays(names, opp, kind, gw, gl, gd, *, played: int) -> list[Round]:
    out = []
    for r in range(played):
        matches = []
        for p in range(len(names)):
            k = kind[p, r]
            if k == kinds.PLAYED and p < opp[p, r]:
                matches.append(Match(r + 1, names[p], names[opp[p, r]], int(gw[p, r]), int(gl[p, r]),
                                     int(gd[p, r])))
            elif k == kinds.BYE:
                matches.append(Match(r + 1, names[p], kind=BYE))
            elif k == kinds.LOSS_NO_OPPONENT:
                matches.append(Match(r + 1, names[p], kind=LOSS))
        out.append(Round(r + 1, tuple(matches), f"Round {r + 1}"))
    return out
