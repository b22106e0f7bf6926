"""The job queue: every library call that runs numba kernels, one at a time, off the event loop.

The simulation kernels already use every core (their chunks run on
``numba.get_num_threads()`` threads, :func:`drawsafe.jit.in_chunks`), so two jobs at once would only
compete for the same cores; one worker thread per process runs them one after the other.  The queue is bounded (a full queue is :class:`QueueFull`, HTTP
503); results are cached by key (a hash of the event's bytes and the options) and a request whose
key is already queued or running waits for that job instead of starting another.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("drawsafe.server")


class QueueFull(Exception):
    """Too many jobs waiting: try again later."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        super().__init__(f"the server is busy ({retry_after} s expected wait); try again shortly")


class JobTimeout(Exception):
    """A job ran past the server's time limit and was stopped."""


@dataclass
class Running:
    key: str
    label: str
    started: float
    done: int = 0
    target: int = 0


@dataclass
class Stats:
    #: Jobs that actually ran (each distinct question once), those served from the cache, and
    #: requests that joined a job already queued or running.
    ran: int = 0
    cached: int = 0
    joined: int = 0
    refused: int = 0
    failed: int = 0
    seconds: float = 0.0
    by_label: dict[str, int] = field(default_factory=dict)


class JobQueue:
    """One worker thread; ``await submit(key, fn)`` returns ``fn(progress)``'s result.

    ``fn`` receives a progress callback ``(done, target)`` that also enforces ``job_time``.
    Exceptions raised by ``fn`` reach every waiter; only successful results are cached.
    """

    def __init__(self, max_waiting: int = 16, job_time: float = 300.0, cache_entries: int = 256):
        self.max_waiting = max_waiting
        self.job_time = job_time
        self.cache_entries = cache_entries
        self.stats = Stats()
        self._queue: queue.Queue = queue.Queue()
        self._pending: dict[str, concurrent.futures.Future] = {}
        self._cache: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()
        self.running: Running | None = None
        self._thread = threading.Thread(target=self._work, name="drawsafe-jobs", daemon=True)
        self._thread.start()

    # --- the event loop side
    async def submit(self, key: str, fn: Callable, label: str = "job"):
        return await asyncio.wrap_future(self.future(key, fn, label))

    def future(self, key: str, fn: Callable, label: str = "job") -> concurrent.futures.Future:
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                self.stats.cached += 1
                done: concurrent.futures.Future = concurrent.futures.Future()
                done.set_result(self._cache[key])
                return done
            if key in self._pending:
                self.stats.joined += 1
                return self._pending[key]
            if self.waiting() >= self.max_waiting:
                self.stats.refused += 1
                raise QueueFull(self.retry_after())
            fut: concurrent.futures.Future = concurrent.futures.Future()
            self._pending[key] = fut
            self._queue.put((key, fn, label, fut))
            return fut

    def waiting(self) -> int:
        return self._queue.qsize()

    def retry_after(self) -> int:
        mean = self.stats.seconds / self.stats.ran if self.stats.ran else 5.0
        return max(1, int(mean * (self.waiting() + 1) + 0.999))

    def status(self) -> dict:
        r = self.running
        return {"running": None if r is None else {
                    "label": r.label, "seconds": round(time.monotonic() - r.started, 1),
                    "done": r.done, "target": r.target},
                "waiting": self.waiting(), "max_waiting": self.max_waiting,
                "jobs": {"ran": self.stats.ran, "cached": self.stats.cached, "joined": self.stats.joined,
                         "refused": self.stats.refused, "failed": self.stats.failed,
                         "by_command": dict(self.stats.by_label)}}

    def run_now(self, fn: Callable):
        """Run ``fn`` on the worker thread and wait."""
        return self.start_now(fn).result()

    def start_now(self, fn: Callable) -> concurrent.futures.Future:
        """Queue ``fn`` on the worker thread ahead of any question (the kernels' warm-up at start:
        the numba kernels run on that one thread); its future."""
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self._queue.put((None, fn, "warm-up", fut))
        return fut

    # --- the worker thread
    def _work(self) -> None:
        while True:
            key, fn, label, fut = self._queue.get()
            running = Running(key or "", label, time.monotonic())
            self.running = running

            def progress(done: int, target: int, running: Running = running) -> None:
                running.done, running.target = int(done), int(target)
                if time.monotonic() - running.started > self.job_time:
                    raise JobTimeout(f"the job ran past this server's limit of {self.job_time:g} s; "
                                     "ask for fewer simulations (sims) or a coarser precision")

            try:
                result = fn(progress)
            except BaseException as e:  # noqa: BLE001  every failure reaches the waiters, none kills the worker
                ok, value = False, e
            else:
                ok, value = True, result
            seconds = time.monotonic() - running.started
            self.running = None
            with self._lock:
                if key is not None:
                    self._pending.pop(key, None)
                    self.stats.seconds += seconds
                    if ok:
                        self.stats.ran += 1
                        self.stats.by_label[label] = self.stats.by_label.get(label, 0) + 1
                        self._cache[key] = value
                        while len(self._cache) > self.cache_entries:
                            self._cache.popitem(last=False)
                    else:
                        self.stats.failed += 1
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)
