"""The helper process that compiles on the second core (drawsafe.app.ahead).

It only helps if it compiles the variants the command will look up: ``type_late_calls`` must call
the simulation's late kernels with the argument types ``simulate_chunk`` uses, and the helper must
never change a figure or leave a process behind.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from drawsafe import jit
from drawsafe.app import ahead
from drawsafe.engine import kernel as engine
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import get_rules

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from coldstart import CHILD  # the compile-event recorder the benchmark uses

#: The kernels type_late_calls is there for (simulate_one's calls after its first ranking, and
#: simulate_chunk's complete_keys).
LATE = ("pair_standings", "pair_swiss", "pair_dutch", "mark_behaviour_draws", "mark_locked_draws",
        "play_tables", "complete_keys", "cut_by_points", "cut_by_rank", "cut_players_last")


def captured_args(monkeypatch, name: str, run) -> tuple:
    """The arguments ``run()`` passes to ``engine.<name>`` (the call itself is skipped), in the
    order of its parameters (keyword-only ones, named at the call, in the order named)."""
    seen = []
    monkeypatch.setattr(engine, name, lambda *args, **named: seen.append(args + tuple(named.values())))
    run()
    monkeypatch.undo()
    assert seen, name
    return seen[0]


def calls_typed(kernel, args) -> dict[str, set]:
    """Compile a fresh copy of ``kernel`` (cached kernels would skip typing their bodies) for the
    types of ``args``: the argument types of every call it makes to another kernel, by callee."""
    fresh = numba.njit(nogil=True)(kernel.py_func)
    jit.CALLS = []
    try:
        fresh.compile(tuple(numba.typeof(a) for a in args))
        calls = jit.CALLS
    finally:
        jit.CALLS = None
    out: dict[str, set] = {}
    for name, types in calls:
        out.setdefault(name, set()).add(types)
    return out


@pytest.mark.parametrize("pack", ["mtg-classic", "fide"])
def test_late_calls_type_the_calls_simulate_chunk_makes(monkeypatch, pack):
    rules, config = get_rules(pack), Question()
    sim = Simulator(take_snapshot(sample_event()), rules, config)
    chunk = captured_args(monkeypatch, "run_simulations", lambda: sim.run(4, seed=1))
    seed, first = chunk[0], chunk[1]
    # type_late_calls first: pair_round's implementation (an overload, compiled once per argument
    # types in a process) then records its pairing call there, and again in simulate_chunk only
    # when simulate_chunk calls pair_round with other types
    late = calls_typed(engine.type_late_calls,
                       captured_args(monkeypatch, "type_late_calls", lambda: ahead.helper(rules, config, False)))
    simulate = calls_typed(engine.simulate_chunk, (0, first, first + 1, first, seed, *chunk[4:]))
    checked = [name for name in LATE if name in simulate]
    assert {"pair_standings", "play_tables", "mark_locked_draws", "complete_keys", "cut_by_points",
            "cut_by_rank", "cut_players_last"} <= set(checked)
    for name in checked:
        assert simulate[name] <= late.get(name, set()), name


def test_nothing_starts_when_switched_off_cached_or_uncacheable(monkeypatch):
    rules, config = get_rules("mtg"), Question()
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "0")
    assert ahead.compile_ahead(rules, config, flips=True) is None
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "1")
    monkeypatch.setattr(ahead, "cached", lambda dispatcher: True)
    assert ahead.compile_ahead(rules, config, flips=True) is None
    monkeypatch.setattr(ahead, "cached", lambda dispatcher: False)
    monkeypatch.setattr(jit, "CACHE_OFF", "read-only file system")
    assert ahead.compile_ahead(rules, config, flips=True) is None
    monkeypatch.setattr(jit, "CACHE_OFF", None)
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "")
    monkeypatch.setattr(ahead, "idle_cores", lambda: 0.4)  # a busy machine: the helper would slow it
    assert ahead.compile_ahead(rules, config, flips=True) is None
    assert ahead.PENDING is None
    ahead.wait_for_flips()  # nothing pending: returns at once


def test_a_failing_helper_costs_nothing_but_its_own_time(monkeypatch):
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "1")
    monkeypatch.setattr(ahead, "cached", lambda dispatcher: False)
    monkeypatch.setattr(jit, "CACHE_OFF", None)
    started = ahead.compile_ahead(get_rules("mtg"), object(), flips=True)  # the helper's Simulator fails
    try:
        assert started is ahead.PENDING and started is not None
        ahead.wait_for_flips()
        assert started.process.returncode not in (None, 0)
        assert ahead.PENDING is None
    finally:
        ahead.PENDING = None
        started.stop()


def run_draw(cache: Path, log: Path, compile_ahead: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), DRAWSAFE_COMPILE_LOG=str(log),
               DRAWSAFE_COMPILE_AHEAD=compile_ahead, DRAWSAFE_SHIPPED="0")  # a compile, not the shipped kernels
    return subprocess.run([sys.executable, "-c", CHILD, "draw", "--json", "--sims", "2000"], env=env,
                          capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.slow
def test_cold_draw_with_the_helper_compiles_neither_flips_nor_late_kernels_and_answers_the_same(tmp_path):
    with_helper = run_draw(tmp_path / "a", tmp_path / "a.json", "1")
    alone = run_draw(tmp_path / "b", tmp_path / "b.json", "0")
    assert with_helper.returncode == 0 and alone.returncode == 0, (with_helper.stderr, alone.stderr)
    assert json.loads(with_helper.stdout) == json.loads(alone.stdout)
    compiled = json.loads((tmp_path / "a.json").read_text())["kernels"]
    names = {name.rsplit(".", 1)[-1] for name in compiled}
    assert "flip_chunk" not in names and "simulate_chunk" in names
    assert not names & set(LATE), sorted(names & set(LATE))
    assert "flip_chunk" in {n.rsplit(".", 1)[-1] for n in json.loads((tmp_path / "b.json").read_text())["kernels"]}


def test_the_compile_notice_expects_less_with_a_helper(monkeypatch):
    from drawsafe.app.compiling import expected_seconds
    from drawsafe.app.registry import COMMANDS

    draw, standings = COMMANDS["draw"], COMMANDS["standings"]
    monkeypatch.setattr(jit, "CACHE_OFF", None)
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "1")
    assert expected_seconds("draw") == draw.ahead_seconds < draw.compile_seconds
    assert expected_seconds("standings") == standings.compile_seconds  # no helper: nothing to simulate
    monkeypatch.setenv("DRAWSAFE_COMPILE_AHEAD", "0")
    assert expected_seconds("draw") == draw.compile_seconds
    assert expected_seconds("warmup") is None and expected_seconds("study") is None  # not measured
