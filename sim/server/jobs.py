"""The job queue: every library call that runs numba kernels, off the event loop, in a worker
process the server can stop (:mod:`drawsafe.server.workers`).

Two lanes, each one worker process fed one job at a time by one thread: ``heavy`` for the
simulations (draw, odds, report, field; their kernels use every core, ``drawsafe.jit.in_chunks``,
so two at once would only compete for them) and ``light`` for what reads the event only (its
name and round, standings, pairings, the options checked against the event), so that a page or a
standings question never waits behind a simulation.  A job past ``job_time`` has its worker killed
(:class:`JobTimeout`, HTTP 503) and the lane starts a new one.  The queue is bounded per lane (a full
queue is :class:`QueueFull`, HTTP 503); results are cached by key (a hash of the event's bytes and
the options) and a request whose key is already queued or running waits for that job instead of
starting another.

A job is a :class:`Task` (a module-level function and its arguments, run in the lane's worker) or
a plain callable ``fn(progress)`` run on the lane's thread (the cluster's questions, tests).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import pickle
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from drawsafe.server.workers import Overtime, Stopped, Worker, release_memory

log = logging.getLogger("drawsafe.server")
#: The lanes, and the numba threads of each one's worker (None: every core).
LANES = {"heavy": None, "light": 1}


class QueueFull(Exception):
    """Too many jobs waiting: try again later."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        super().__init__(f"the server is busy ({retry_after} s expected wait); try again shortly")


class JobTimeout(Exception):
    """A job ran past the server's time limit and was stopped."""


class ShuttingDown(Stopped):
    """The server is stopping: the job was not run, or stopped (HTTP 503)."""


@dataclass(frozen=True)
class Task:
    """A job run in a worker process: ``fn(*args, progress)``, all picklable."""

    fn: Callable
    args: tuple


@dataclass
class Running:
    key: str
    label: str
    started: float
    done: int = 0
    target: int = 0
    #: Requests waiting on this job beyond the first (the room asking the same answer).
    joined: int = 0


@dataclass
class Stats:
    #: Jobs that actually ran (each distinct question once), those served from the cache, and
    #: requests that joined a job already queued or running.
    ran: int = 0
    cached: int = 0
    joined: int = 0
    refused: int = 0
    failed: int = 0
    stopped: int = 0
    seconds: float = 0.0
    by_label: dict[str, int] = field(default_factory=dict)


class Lane:
    """One worker process (:class:`~drawsafe.server.workers.Worker`) and the thread feeding it."""

    def __init__(self, owner: JobQueue, name: str, threads: int | None, processes: bool, warm: str | None):
        self.owner, self.name = owner, name
        #: (priority, order, item): in the light lane the questions (0) go before the simulations'
        #: option checks (1), and each kind has its own places (:meth:`JobQueue.future`).
        self.queue: queue.PriorityQueue = queue.PriorityQueue()
        self.order = itertools.count()
        self.waiting = {0: 0, 1: 0}
        self.worker = Worker(name, threads, warm) if processes else None
        self.running: Running | None = None
        self.seconds, self.ran = 0.0, 0
        self.thread = threading.Thread(target=self.work, name=f"drawsafe-{name}", daemon=True)
        self.thread.start()

    def retry_after(self) -> int:
        mean = self.seconds / self.ran if self.ran else 5.0
        return max(1, int(mean * (self.queue.qsize() + 1) + 0.999))

    def work(self) -> None:
        owner = self.owner
        while True:
            priority, _, item = self.queue.get()
            if item is None:
                return
            key, fn, label, fut = item
            with owner._lock:
                self.waiting[priority] -= 1
                owner.queued_bytes -= task_bytes(fn)
            if owner.closing:
                fut.set_exception(ShuttingDown("the server is shutting down; ask again when it is back"))
                continue
            if not fut.set_running_or_notify_cancel():
                owner.finished(key, label, False, 0.0)
                continue
            running = Running(key or "", label, time.monotonic())
            self.running = running
            owner.started(key, running)

            def progress(done: int, target: int, running: Running = running) -> None:
                running.done, running.target = int(done), int(target)
                if time.monotonic() - running.started > owner.job_time:
                    raise JobTimeout(owner.overtime())

            try:
                if isinstance(fn, Task) and self.worker is not None:
                    result = self.run_task(fn, running)
                elif isinstance(fn, Task):
                    result = fn.fn(*fn.args, progress)
                else:
                    result = fn(progress)
            except BaseException as e:  # noqa: BLE001  every failure reaches the waiters, none kills the lane
                ok, value = False, e
            else:
                ok, value = True, result
            seconds = time.monotonic() - running.started
            self.running = None
            if key is not None:
                self.seconds += seconds
                self.ran += ok
            owner.finished(key, label, ok, seconds, value)
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)

    def run_task(self, task: Task, running: Running):
        worker = self.worker

        def shown(done: int, target: int) -> None:  # the child's progress, for /api/status
            running.done, running.target = done, target

        if not worker.alive():
            worker.start()  # a first start, or after a kill: not counted in the job's time
            running.started = time.monotonic()
        try:
            return worker.run(task.fn, task.args, running.started + self.owner.job_time, shown)
        except Overtime:
            self.owner.stats.stopped += 1
            log.info("stopped a %s job after %.0f s (--job-time %g): its worker was killed", running.label,
                     time.monotonic() - running.started, self.owner.job_time)
            raise JobTimeout(self.owner.overtime()) from None
        except Stopped as e:
            if self.owner.closing:
                raise ShuttingDown("the server is shutting down; ask again when it is back") from None
            raise Stopped(str(e)) from None

    def warm(self) -> concurrent.futures.Future:
        """Start the worker now (its warm-up), ahead of any question; its future (what it said)."""
        fut: concurrent.futures.Future = concurrent.futures.Future()

        def start(progress):
            return self.worker.start() if self.worker is not None and not self.worker.alive() else ""

        self.put((None, start, "warm-up", fut))
        return fut

    def put(self, item, priority: int = 0) -> None:
        self.waiting[priority] += 1
        self.queue.put((priority, next(self.order), item))


def task_bytes(fn) -> int:
    """The bytes a queued job holds: its event file (a :class:`Task`'s bytes arguments)."""
    if not isinstance(fn, Task):
        return 0
    return sum(len(a) for a in fn.args if isinstance(a, (bytes, bytearray)))


#: Kept answers held unpickled too (the most recently asked), and what each counts in the bound:
#: this many times its pickle (a 10,000-player standings answer: ~4x as Python objects).
HOT = 4
HOT_FACTOR = 4
#: Least seconds between two hand-backs of free heap (:func:`~drawsafe.server.workers.release_memory`).
TRIM_EVERY = 1.0


def pickled(value) -> bytes | None:
    """An answer as the cache keeps it: pickled (what a worker sends back), so that the bytes the
    bound counts are the bytes kept; None for an answer that does not pickle (not kept)."""
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001  not kept: it is still given to its waiters
        return None


class JobQueue:
    """``await submit(key, fn, label, lane)`` returns ``fn``'s result (see the module docstring).

    Exceptions raised by ``fn`` reach every waiter; only successful results are cached.
    ``processes=False`` runs tasks on the lanes' threads (tests of the HTTP layer)."""

    def __init__(self, max_waiting: int = 16, job_time: float = 300.0, cache_entries: int = 256,
                 processes: bool = True, warm: bool = True, *, cache_bytes: int = 256 * 2**20,
                 queue_bytes: int = 64 * 2**20):
        self.max_waiting = max_waiting
        self.job_time = job_time
        self.cache_entries = cache_entries
        #: The answers are kept pickled, bounded by those bytes as well as by count (in memory as
        #: objects a 10,000-player answer takes several times its pickle); an answer larger than
        #: the bound is given to its waiters and not kept.
        self.cache_bytes = cache_bytes
        #: The bodies (event files) of the jobs waiting, all lanes: over it, HTTP 503.
        self.queue_bytes = queue_bytes
        self.queued_bytes = 0
        self.cached_bytes = 0
        self.stats = Stats()
        self.closing = False
        self._pending: dict[str, concurrent.futures.Future] = {}
        self._running: dict[str, Running] = {}
        self._cache: OrderedDict[str, object] = OrderedDict()
        self._trimmed = 0.0
        self._sizes: dict[str, int] = {}
        self._hot: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()
        self.lanes = {name: Lane(self, name, threads, processes,
                                 ("all" if name == "heavy" else "light") if warm else None)
                      for name, threads in LANES.items()}

    @property
    def running(self) -> Running | None:
        """The simulation running now (the heavy lane's job)."""
        return self.lanes["heavy"].running

    def overtime(self) -> str:
        return (f"the job ran past this server's limit of {self.job_time:g} s and was stopped; ask for fewer "
                "simulations (sims), a coarser precision or fewer rounds")

    # --- the event loop side
    async def submit(self, key: str, fn, label: str = "job", lane: str = "heavy", priority: int = 0):
        return await asyncio.wrap_future(self.future(key, fn, label, lane, priority))

    def future(self, key: str, fn, label: str = "job", lane: str = "heavy", priority: int = 0
               ) -> concurrent.futures.Future:
        """``fn``'s future: from the cache, the job already queued or running under ``key``, or a
        new job in ``lane`` (``priority`` 1: a simulation's option check, behind the light lane's
        questions and with places of its own).

        :raises QueueFull: when the lane's places of that priority, or the queued bytes, are full."""
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                self.stats.cached += 1
                done: concurrent.futures.Future = concurrent.futures.Future()
                done.set_result(self.hot_answer(key))
                return done
            if self.closing:
                raise ShuttingDown("the server is shutting down; ask again when it is back")
            if key in self._pending:
                self.stats.joined += 1
                running = self._running.get(key)
                if running is not None:
                    running.joined += 1
                return self._pending[key]
            chosen = self.lanes[lane]
            size = task_bytes(fn)
            if chosen.waiting[priority] >= self.max_waiting or \
                    (size and self.queued_bytes + size > self.queue_bytes):
                self.stats.refused += 1
                raise QueueFull(chosen.retry_after())
            fut: concurrent.futures.Future = concurrent.futures.Future()
            self._pending[key] = fut
            self.queued_bytes += size
            chosen.put((key, fn, label, fut), priority)
            return fut

    def hot_answer(self, key: str):
        """A kept answer as an object (the caller holds the lock): the last :data:`HOT` answers
        asked stay unpickled (a room asking one answer unpickles it once), each counted in the
        bound as :data:`HOT_FACTOR` times its pickle; older ones are unpickled when asked."""
        if key in self._hot:
            self._hot.move_to_end(key)
            return self._hot[key]
        value = pickle.loads(self._cache[key])
        self._hot[key] = value
        self.cached_bytes += HOT_FACTOR * self._sizes[key]
        while len(self._hot) > HOT:
            self.cool(next(iter(self._hot)))
        self.evict()
        return value

    def cool(self, key: str) -> None:
        if self._hot.pop(key, None) is not None:
            self.cached_bytes -= HOT_FACTOR * self._sizes[key]

    def evict(self) -> None:
        """Drop unpickled answers, then the oldest kept ones, until within the bounds."""
        while self._hot and self.cached_bytes > self.cache_bytes:
            self.cool(next(iter(self._hot)))
        while self._cache and (len(self._cache) > self.cache_entries or self.cached_bytes > self.cache_bytes):
            old, _ = self._cache.popitem(last=False)
            self.cool(old)
            self.cached_bytes -= self._sizes.pop(old)

    def state(self, key: str) -> str:
        """Where the answer of ``key`` stands: ``ready`` (kept), ``computing`` (queued or running)
        or ``none`` (never asked, failed, or no longer kept: computed when asked)."""
        with self._lock:
            if key in self._cache:
                return "ready"
            return "computing" if key in self._pending else "none"

    def admit(self, key: str, lane: str = "heavy") -> None:
        """Refuse now (:class:`QueueFull`) a question that would find ``lane`` full, before any
        of its work is queued elsewhere (a simulation's option check)."""
        with self._lock:
            if key in self._cache or key in self._pending:
                return
            chosen = self.lanes[lane]
            if chosen.waiting[0] >= self.max_waiting:
                self.stats.refused += 1
                raise QueueFull(chosen.retry_after())

    def started(self, key: str | None, running: Running) -> None:
        with self._lock:
            if key is not None:
                self._running[key] = running

    def finished(self, key: str | None, label: str, ok: bool, seconds: float, value=None) -> None:
        kept = pickled(value) if ok and key is not None and self.cache_entries else None
        size = len(kept) if kept is not None else 0
        with self._lock:
            if key is None:
                return
            self._pending.pop(key, None)
            self._running.pop(key, None)
            self.stats.seconds += seconds
            if ok:
                self.stats.ran += 1
                self.stats.by_label[label] = self.stats.by_label.get(label, 0) + 1
                if kept is not None and size <= self.cache_bytes:
                    self._cache[key] = kept
                    self._sizes[key] = size
                    self.cached_bytes += size
                    self.evict()
            else:
                self.stats.failed += 1
            now = time.monotonic()
            trim = now - self._trimmed >= TRIM_EVERY
            if trim:
                self._trimmed = now
        if trim:
            release_memory()  # what earlier answers and evicted entries left as free heap

    def waiting(self) -> int:
        return sum(lane.queue.qsize() for lane in self.lanes.values())

    def retry_after(self) -> int:
        return self.lanes["heavy"].retry_after()

    def status(self) -> dict:
        def shown(r: Running | None):
            return None if r is None else {"label": r.label, "seconds": round(time.monotonic() - r.started, 1),
                                           "done": r.done, "target": r.target, "waiting_on_it": r.joined + 1}

        return {"running": shown(self.running), "waiting": self.waiting(), "max_waiting": self.max_waiting,
                "job_time": self.job_time,
                "memory": {"cache_bytes": self.cached_bytes, "cache_bound": self.cache_bytes,
                           "cached_answers": len(self._cache), "max_answers": self.cache_entries,
                           "queued_bytes": self.queued_bytes, "queue_bound": self.queue_bytes},
                "lanes": {name: {"running": shown(lane.running), "waiting": lane.queue.qsize(),
                                 "workers_started": lane.worker.started if lane.worker else 0}
                          for name, lane in self.lanes.items()},
                "jobs": {"ran": self.stats.ran, "cached": self.stats.cached, "joined": self.stats.joined,
                         "refused": self.stats.refused, "failed": self.stats.failed,
                         "stopped": self.stats.stopped, "by_command": dict(self.stats.by_label)}}

    def start_now(self, fn: Callable) -> concurrent.futures.Future:
        """Queue ``fn(progress)`` on the heavy lane's thread ahead of any question; its future."""
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.lanes["heavy"].put((None, fn, "warm-up", fut))
        return fut

    def warm(self) -> dict[str, concurrent.futures.Future]:
        """Start every lane's worker now (their warm-ups), ahead of any question."""
        return {name: lane.warm() for name, lane in self.lanes.items()}

    def close(self) -> None:
        """Shut down: kill the workers (a running job ends with :class:`ShuttingDown`), fail the
        queued jobs, end the lanes' threads.  Safe from any thread, and twice."""
        self.closing = True
        for lane in self.lanes.values():
            if lane.worker is not None:
                lane.worker.close()
            while True:
                try:
                    _, _, item = lane.queue.get_nowait()
                except queue.Empty:
                    break
                if item is not None:
                    key, _, label, fut = item
                    self.finished(key, label, False, 0.0)
                    if fut.set_running_or_notify_cancel():
                        fut.set_exception(ShuttingDown("the server is shutting down; ask again when it is back"))
            lane.queue.put((-1, -1, None))
