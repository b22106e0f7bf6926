"""Compiling the kernels before they are needed, and telling the user while they compile.

The kernels compile on first use (then load from the disk cache, :mod:`drawsafe.jit`).
:func:`warm_up` runs every library path the commands take, on small events, so that a run after it
compiles nothing (install scripts, container images, the web server at start).
:func:`compile_notice` prints one line on stderr when a compile starts, with a running count of
seconds on a terminal.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

#: Measured cold compile seconds per command on a 2-core machine (benchmarks/coldstart.py), for the
#: notice's "about N s": in one process, and with the helper process on the idle second core
#: (drawsafe.engine.ahead; only the simulating commands start one).
COMPILE_SECONDS = {"standings": 4, "pairings": 4, "odds": 18, "draw": 23, "report": 27}
AHEAD_SECONDS = {"odds": 13, "draw": 16, "report": 18}


def expected_seconds(command: str) -> float | None:
    """The notice's estimate for ``command`` (None: not measured)."""
    from drawsafe.engine.ahead import would_start

    if command in AHEAD_SECONDS and would_start():
        return AHEAD_SECONDS[command]
    return COMPILE_SECONDS.get(command)


#: The rule packs warmed up: each compiles its own variant of the kernels (the tiebreak codes'
#: dtype and the pairing system select it): MTG, and a chess pack (FIDE: Dutch pairing, chess
#: tiebreaks).
PACKS = ("mtg", "fide")


@dataclass(frozen=True)
class WarmupReport:
    """What :func:`warm_up` did: seconds in all, and the kernels it compiled (none: all cached)."""

    seconds: float
    compiled: tuple[str, ...]
    compile_seconds: float
    packs: tuple[str, ...]
    cache_dir: str | None

    def to_json(self) -> dict:
        return {"seconds": round(self.seconds, 2), "compile_seconds": round(self.compile_seconds, 2),
                "compiled": list(self.compiled), "packs": list(self.packs), "cache_dir": self.cache_dir}


class CompileWatch:
    """Listens to numba's compile events: which kernels compiled and for how long (top level)."""

    def __init__(self, on_start: Callable[[], None] | None = None, on_idle: Callable[[], None] | None = None):
        self.depth = 0
        self.names: list[str] = []
        self.seconds = 0.0
        self.started = 0.0
        self.on_start, self.on_idle = on_start, on_idle
        from numba.core import event

        class Listener(event.Listener):
            def on_start(listener, ev):
                if self.depth == 0:
                    self.started = time.perf_counter()
                    if self.on_start:
                        self.on_start()
                self.depth += 1

            def on_end(listener, ev):
                self.depth -= 1
                d = ev.data["dispatcher"]
                self.names.append(f"{d.py_func.__module__}.{d.py_func.__qualname__}")
                if self.depth == 0:
                    self.seconds += time.perf_counter() - self.started
                    if self.on_idle:
                        self.on_idle()

        self.listener = Listener()
        self.event = event

    def __enter__(self):
        self.event.register("numba:compile", self.listener)
        return self

    def __exit__(self, *exc) -> None:
        self.event.unregister("numba:compile", self.listener)


@contextmanager
def compile_notice(seconds: float | None = None, stream=None, live: bool | None = None):
    """While the block runs: the first time a kernel compiles, one line on ``stream`` (stderr)
    "compiling the simulation kernels, first run only, about N s"; on a terminal (``live``) the line
    counts the seconds and is cleared when the compile ends.  Nothing when everything is cached."""
    stream = stream or sys.stderr
    live = stream.isatty() if live is None else live
    text = "compiling the simulation kernels, first run only" + (f", about {seconds:.0f} s" if seconds else "")
    shown = threading.Event()
    stop = threading.Event()
    lock = threading.Lock()
    watch: CompileWatch | None = None

    def tick():
        while not stop.wait(0.5):
            with lock:
                if watch is not None and watch.depth > 0:
                    stream.write(f"\rdrawsafe: {text} ... {time.perf_counter() - first[0]:.0f} s ")
                    stream.flush()

    first = [0.0]

    def on_start():
        with lock:
            if not shown.is_set():
                shown.set()
                first[0] = time.perf_counter()
                stream.write(f"drawsafe: {text}" + ("" if live else "\n"))
                stream.flush()
                if live:
                    threading.Thread(target=tick, daemon=True).start()

    def on_idle():
        if live:
            with lock:
                stream.write("\r\033[K")
                stream.flush()

    watch = CompileWatch(on_start, on_idle)
    try:
        with watch:
            yield watch
    finally:
        stop.set()
        if live and shown.is_set():
            with lock:
                stream.write(f"\rdrawsafe: compiled the simulation kernels in {watch.seconds:.0f} s\033[K\n")
                stream.flush()


def warm_up(progress: Callable[[int, int], None] | None = None, packs: tuple[str, ...] = PACKS) -> WarmupReport:
    """Compile (or load from the cache) every kernel the commands use, for the rule ``packs``;
    ``progress(done, steps)`` after each step.  Runs the library's own paths on small events: the
    embedded sample (its last round: standings, pairings, odds, draw or play by flips) and generated
    events two rounds from their end (pairing, the future draw policy's pilot, full scenarios)."""
    from drawsafe import jit
    from drawsafe.event.sample import sample_event
    from drawsafe.event.snapshot import take_snapshot
    from drawsafe.pairing.next_round import next_round_pairings
    from drawsafe.simulation.decisions import draw_decisions
    from drawsafe.simulation.generate import generate_event
    from drawsafe.simulation.odds import compute_odds
    from drawsafe.simulation.simulator import SimConfig
    from drawsafe.standings.table import compute_standings
    from drawsafe.tiebreaks.packs import get_rules

    def on_event(snap, rules):
        compute_standings(snap, rules)
        next_round_pairings(snap, rules)
        config = SimConfig(top=4)
        compute_odds(snap, rules, config, sims=32, precision=None)
        draw_decisions(snap, rules, config, sims=32, precision=None)

    steps = []
    for name in packs:
        rules = get_rules(name)
        if name == "mtg":
            sample = sample_event()
            steps.append((take_snapshot(sample), get_rules(sample.rules)))
        for left in (1, 2):
            event = generate_event(24, 6, 6 - left, seed=1, rules=rules)
            steps.append((take_snapshot(event), rules))
    started = time.perf_counter()
    with CompileWatch() as watch:
        for i, (snap, rules) in enumerate(steps):
            on_event(snap, rules)
            if progress:
                progress(i + 1, len(steps))
    return WarmupReport(time.perf_counter() - started, tuple(dict.fromkeys(watch.names)), watch.seconds,
                        tuple(packs), None if jit.CACHE_OFF else str(jit.CACHE_DIR))
