"""Compiling the kernels before they are needed (``drawsafe warmup``, the server at start).

The kernels compile on first use (then load from the disk cache, :mod:`drawsafe.jit`).
:func:`warm_up` runs every library path the commands take, on small events, so that a run after it
compiles nothing (install scripts, container images, the web server at start).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from drawsafe import jit
from drawsafe.app.ahead import compile_ahead
from drawsafe.app.compiling import CompileWatch
from drawsafe.event.cut import Cut
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.planning.field import PlannedEvent, field_odds, field_question
from drawsafe.simulation.decisions import draw_decisions
from drawsafe.simulation.forecast import forecast_odds
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.live import NotExact, live_draw, live_odds
from drawsafe.simulation.odds import compute_odds
from drawsafe.simulation.question import Budget, Question
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import PACKS, get_rules


def default_packs() -> tuple[str, ...]:
    """The rule packs warmed up by default: those marked ``warm``.  Every pack runs on the same
    compiled kernels; the warm packs between them also take each game's own paths (MTG's last
    round by standings, Pokémon's freeze, chess's Dutch pairing and tiebreaks), so that every pack
    the server serves answers without compiling."""
    return tuple(name for name, pack in PACKS.items() if pack.warm)


@dataclass(frozen=True)
class WarmupReport:
    """What :func:`warm_up` did: seconds in all, and the kernels it compiled (none: all cached),
    and whether the cache started from the kernels shipped with the package (:mod:`drawsafe.jit`)."""

    seconds: float
    compiled: tuple[str, ...]
    compile_seconds: float
    packs: tuple[str, ...]
    cache_dir: str | None
    shipped: bool = False

    def to_json(self) -> dict:
        return {"seconds": round(self.seconds, 2), "compile_seconds": round(self.compile_seconds, 2),
                "compiled": list(self.compiled), "packs": list(self.packs), "cache_dir": self.cache_dir,
                "shipped": self.shipped}


def warm_up(progress: Callable[[int, int], None] | None = None, packs: tuple[str, ...] | None = None
            ) -> WarmupReport:
    """Compile (or load from the cache) every kernel the commands use, for the rule ``packs``
    (default: :func:`default_packs`);
    ``progress(done, steps)`` after each step.  Runs the library's own paths on small events: the
    embedded sample under its own pack (its last round: standings, pairings, odds,
    draw or play by flips), generated events two rounds from their end (pairing, the future draw
    policy's pilot, full scenarios) and one in its last round with results coming in (the exact
    answer's enumeration).

    :raises UsageError: for an unknown pack."""
    packs = default_packs() if not packs else tuple(packs)

    def on_event(snap, rules):
        compute_standings(snap, rules)
        next_round_pairings(snap, rules)
        question = Question(Cut(4), budget=Budget(sims=32, precision=None))
        compile_ahead(rules, question, flips=False)  # on a second core, as odds and draw start it
        compute_odds(snap, rules, question)
        forecast_odds(snap, rules, question)
        compile_ahead(rules, question, flips=snap.rounds_left == 1)
        for others in ("rational", "behaviour"):
            draw_decisions(snap, rules, replace(question, others=others))

    def on_field(rules):
        planned = PlannedEvent(16, 4, rules=rules.name)
        field_odds(planned, field_question(planned, top=4, budget=Budget(sims=64, precision=None)))

    def on_live(snap, rules):
        # the exact answer of a last round in progress (its enumeration kernels), as odds and draw
        # try it first
        for others in ("none", "behaviour"):
            question = Question(Cut(4), others=others)
            try:
                live_odds(snap, rules, question)
                live_draw(snap, rules, question)
            except NotExact:  # (not expected of this event: then the step compiles less)
                pass

    steps = []
    sample = sample_event()
    for name in packs:
        rules = get_rules(name)
        if name == sample.rules:
            steps.append((take_snapshot(sample), rules))
        for left in (1, 2):
            event = generate_event(24, 6, 6 - left, seed=1, rules=rules)
            steps.append((take_snapshot(event), rules))
        steps.append((in_progress(generate_event(24, 6, 6, seed=1, rules=rules)), rules, "live"))
        if rules.plannable:
            steps.append((None, rules))  # drawsafe field: the whole-event kernel
    started = time.perf_counter()
    with CompileWatch() as watch:
        for i, (snap, rules, *live) in enumerate(steps):
            if snap is None:
                on_field(rules)
            elif live:
                on_live(snap, rules)
            else:
                on_event(snap, rules)
            if progress:
                progress(i + 1, len(steps))
    return WarmupReport(time.perf_counter() - started, tuple(dict.fromkeys(watch.names)), watch.seconds,
                        tuple(packs), None if jit.CACHE_OFF else str(jit.CACHE_DIR), jit.SHIPPED)


def in_progress(event):
    """The snapshot of ``event`` during its last round: the results of its first four tables not in
    yet (the rest reported)."""
    last = event.swiss[-1]
    open_ = {id(m) for m in [m for m in last.matches if m.kind == "match"][:4]}
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None, b_draws=None) if id(m) in open_ else m
                    for m in last.matches)
    return take_snapshot(replace(event, rounds=(*event.swiss[:-1], replace(last, matches=matches))))
