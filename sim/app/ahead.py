"""Compiling on the second core: a helper process compiles the kernels this one will reach last.

numba compiles in one thread, and a cold ``drawsafe draw`` compiles for about 20 s on a 2-core
machine, one kernel after another: the simulation kernel (:func:`~drawsafe.engine.kernel.simulate_chunk`:
first the ranking, then the pairing, the round's tables and the final keys) and then, in the last
round, the flip kernel.  When a second core is idle, :func:`compile_ahead` starts a helper process
that, meanwhile, compiles into the shared disk cache

1. the kernels the simulation kernel calls after its first ranking
   (:func:`~drawsafe.engine.kernel.type_late_calls`, a kernel that types the same calls and runs
   none): this process reaches them about half-way through its compile and loads them from the cache;
2. with ``flips``: the flip kernel, once this process has cached the ranking kernel (the helper
   waits for it rather than compiling it twice); this process waits for the helper before its first
   flip (:func:`wait_for_flips`, which the simulation layer reaches through
   :func:`drawsafe.jit.wait_for_helper`) and loads the kernel from the cache.

The helper runs on the embedded sample under the caller's rule pack and configuration, which gives
the caller's argument types.  Nothing is started when the cache is off, the kernels are cached
already, no second core is idle, or ``DRAWSAFE_COMPILE_AHEAD=0`` (``1``: start even on a busy
machine); if the helper fails or is slow, the caller compiles as before.  The figures never depend
on it: the helper only fills the cache.
"""

from __future__ import annotations

import atexit
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from drawsafe import jit
from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import flip_chunk
from drawsafe.engine.kernel import simulate_chunk
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.scenarios import FlipEvaluator
from drawsafe.simulation.simulator import FirstRound, Simulator, first_tables

#: Seconds :func:`wait_for_flips` waits for the helper at most (then the caller compiles itself).
WAIT_SECONDS = 120.0
#: Seconds the helper waits for the caller to cache the ranking kernel (then compiles it itself):
#: the caller caches it 10-15 s into its compile, and may be waiting for the helper meanwhile.
FOLLOW_SECONDS = 25.0


class Ahead:
    """A running helper process (see the module docstring)."""

    def __init__(self, process: subprocess.Popen, flips: bool):
        self.process, self.flips = process, flips
        atexit.register(self.stop)

    def wait(self) -> bool:
        """Wait for the helper to finish; True when it compiled (the cache now holds the kernels)."""
        try:
            return self.process.wait(WAIT_SECONDS) == 0
        except subprocess.TimeoutExpired:
            self.stop()
            return False

    def stop(self) -> None:
        """End the helper if it still runs (the command finished without needing it): numba writes
        each cache file atomically, so a stopped helper leaves no partial kernel."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


#: The helper started by :func:`compile_ahead`, until :func:`wait_for_flips`.
PENDING: Ahead | None = None


#: Seconds :func:`idle_cores` watches the processors for.
SAMPLE_SECONDS = 0.2


def idle_cores(sample: float = SAMPLE_SECONDS) -> float:
    """Cores idle right now: the idle share of every processor over ``sample`` seconds, read from
    ``/proc/stat`` (this process sleeps meanwhile, so it does not count itself).  The one-minute
    load average answers a different question (it still reads about 1 on an idle 2-core machine a
    minute after ``pip install``); it is the fallback where ``/proc/stat`` is missing."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    first = cpu_times()
    if first is not None:
        time.sleep(sample)
        second = cpu_times()
        if second is not None and second[0] > first[0]:
            total, idle = second[0] - first[0], second[1] - first[1]
            return (os.cpu_count() or cores) * idle / total
    try:
        return cores - os.getloadavg()[0]
    except OSError:
        return 0.0


def cpu_times() -> tuple[int, int] | None:
    """(all ticks, idle ticks) of every processor since boot, from ``/proc/stat``; None elsewhere."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    if not fields or fields[0] != "cpu":
        return None
    ticks = [int(x) for x in fields[1:]]
    return sum(ticks), ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait


def cached(dispatcher) -> bool:
    """Whether the disk cache holds a variant of ``dispatcher`` (any: a different one is compiled
    by the caller as before)."""
    cache = getattr(dispatcher, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return index is None or Path(index).exists()


def would_start() -> bool:
    """Whether a helper may start here: the cache is on, and a second core is idle (or
    ``DRAWSAFE_COMPILE_AHEAD=1``; never with ``0``).  The processors are sampled once per process."""
    wanted = os.environ.get("DRAWSAFE_COMPILE_AHEAD", "")
    if wanted == "0" or jit.CACHE_OFF:
        return False
    if wanted == "1":
        return True
    if IDLE[0] is None:
        IDLE[0] = idle_cores()
    return IDLE[0] >= 1.5


#: The idle cores this process measured (:func:`would_start` samples once).
IDLE: list = [None]


def compile_ahead(rules, question, flips: bool) -> Ahead | None:
    """Start the helper for ``rules`` and ``question`` (a RulePack and a Question), compiling the
    flip kernel too with ``flips``; None when it would not help (see the module docstring)."""
    global PENDING
    if PENDING is not None and PENDING.process.poll() is not None:
        PENDING = None  # an earlier helper (say, of odds without flips) is done
    if PENDING is not None:
        return None
    if cached(simulate_chunk) and (not flips or cached(flip_chunk)):
        return None  # checked first: a warm run never samples the processors
    if not would_start():
        return None
    try:
        payload = pickle.dumps((rules, question, flips))
    except (pickle.PicklingError, TypeError, AttributeError):  # a user's own object: compile here
        return None
    process = subprocess.Popen([sys.executable, "-m", "drawsafe.app.ahead"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.stdin.write(payload)
        process.stdin.close()
    except OSError:
        process.kill()
        return None
    PENDING = Ahead(process, flips)
    if flips:
        jit.WAITS["flips"] = wait_for_flips
    return PENDING


def wait_for_flips() -> None:
    """Before the first flip: wait for a helper compiling the flip kernel, if one runs."""
    global PENDING
    if PENDING is not None and PENDING.flips:
        PENDING.wait()
        PENDING = None


def helper(rules, question, flips: bool) -> None:
    """The helper's work (see the module docstring), on the embedded sample."""
    snap = take_snapshot(sample_event())
    sim = Simulator(snap, rules, question)
    # two free tables, built directly: pairing them here would compile the pairing kernels first
    fr = FirstRound(np.array([0, 2], dtype=np.int64), np.array([1, 3], dtype=np.int64),
                    np.full(2, engine.FREE, dtype=np.int64), np.zeros((2, 3), dtype=np.int64))
    tables = first_tables(fr)
    work = engine.work_arrays(sim.field, sim.kernel_rules.codes.shape[0], tables.a.shape[0])
    engine.type_late_calls(np.uint64(0), sim.field, tables, sim.match, sim.kernel_rules,
                           sim.plan(engine.NO_DRAWS, 0), work, False)
    if flips:
        jit.KernelCache.follow["refined_order"] = time.monotonic() + FOLLOW_SECONDS
        FlipEvaluator(sim, fr, 0).worlds(fr.mode.copy(), np.array([0], dtype=np.int64)).run(0, 1)


if __name__ == "__main__":
    helper(*pickle.loads(sys.stdin.buffer.read()))
