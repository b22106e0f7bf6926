"""What the HTTP layer asks of the library: questions on an event's bytes, through the job queue,
and published events in the store.  No HTTP here: errors are exceptions the routes map to codes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re

from drawsafe.app import registry
from drawsafe.app.options import values
from drawsafe.app.requests import EventOptions
from drawsafe.errors import InputError, StorageError, UsageError
from drawsafe.event.snapshot import read_day2
from drawsafe.server import tasks
from drawsafe.server.config import ServerConfig
from drawsafe.server.jobs import JobQueue, Task
from drawsafe.server.options import OptionError, parse_options, within_job_time
from drawsafe.server.questions import Answer
from drawsafe.server.store import EventStore
from drawsafe.server.tasks import EventInfo, Limits, TooLarge, Unexpected

#: The options a publisher chooses, kept with the event as defaults for every question (a
#: regional's day 1: ``cut_points`` for the day-2 cut, or ``day2`` for the final cut through it).
PUBLISHED = ("top", "rules", "format", "division", "after_round", "rounds", "cut_points", "day2", "day2_top")


def label(filename: str | None) -> str:
    """A safe display name for an upload: its base name, plain characters only."""
    if not filename:
        return "upload"
    base = re.split(r"[\\/]", filename)[-1]
    base = re.sub(r"[^A-Za-z0-9._ ()+-]", "_", base).strip(" .")[:80]
    return base or "upload"


class Service:
    def __init__(self, config: ServerConfig):
        self.config = config
        self.store = EventStore(config.data_folder, config.expire_days * 24 * 3600)
        self.jobs = JobQueue(config.max_queue, config.job_time, config.cache_entries, config.processes,
                             config.warm, cache_bytes=int(config.cache_mb * 2**20),
                             queue_bytes=int(config.queue_mb * 2**20))
        self.limits = Limits(config.max_body, config.max_players)
        #: Failures that are not the client's: bugs (answered 400, the trace in the log) and
        #: storage faults (507/503); /api/status shows both.
        self.unexpected = 0
        self.storage_errors = 0

    # --- questions
    def options(self, command: str, query: dict, base: dict | None = None):
        """The request of ``command`` from query parameters (:func:`~drawsafe.server.options.parse_options`),
        a planning question within the job time (:func:`~drawsafe.server.options.within_job_time`)."""
        request = parse_options(command, query, base, self.config.max_sims, self.config.max_players)
        return within_job_time(request, query, self.config.job_time)

    def open(self, raw: bytes, name: str, request: EventOptions):
        """The event within this server's limits, opened here (the cluster's questions)."""
        return tasks.open_checked(raw, name, request.event_options(), self.limits)

    async def submit(self, key: str, task: Task, label: str, lane: str, priority: int = 0):
        try:
            return await self.jobs.submit(key, task, label, lane, priority)
        except Unexpected:
            self.unexpected += 1
            raise

    async def ask(self, command: str, raw: bytes, name: str, request) -> Answer:
        """``drawsafe COMMAND --json`` on these bytes (cached, de-duplicated, queued).  A simulating
        question first has its options checked against the event in the light lane (a bad one is
        refused at once, not after the simulations queued before it)."""
        digest = hashlib.sha256(raw).hexdigest()
        asked = json.dumps(values(request), sort_keys=True, default=str)
        task = Task(tasks.ask, (command, raw, name, request, self.limits))
        key = f"{command}|{digest}|{name}|{asked}"
        if not registry.get(command).simulates:  # it reads the event only: never behind a simulation
            return await self.submit(key, task, command, "light")
        # A question the heavy lane has no place for is refused before its check is queued; the
        # checks wait behind the light questions, in places of their own (a flood of simulations
        # never fills the light lane).
        self.jobs.admit(key, "heavy")
        await self.submit(f"check|{digest}|{name}|{asked}", Task(tasks.check, (raw, name, request, self.limits)),
                          "check", "light", priority=1)
        return await self.submit(key, task, command, "heavy")

    async def plan(self, request, command: str = "field") -> Answer:
        """``drawsafe COMMAND --json`` of a command that reads no event, ``field`` (cached,
        de-duplicated, queued)."""
        key = "|".join((command, json.dumps(values(request), sort_keys=True, default=str)))
        return await self.submit(key, Task(tasks.field, (request, command)), command, "heavy")

    async def info(self, raw: bytes, name: str, request: EventOptions) -> EventInfo:
        """The event's name, size and round (validates the file and the options)."""
        event_options = EventOptions(**request.event_options())
        key = "|".join(("info", hashlib.sha256(raw).hexdigest(), name,
                        json.dumps(values(event_options), sort_keys=True)))
        return await self.submit(key, Task(tasks.info, (raw, name, event_options.event_options(), self.limits)),
                                 "info", "light")

    def _guard(self, name: str, fn):
        try:
            return tasks.guard(name, fn)
        except Unexpected:
            self.unexpected += 1
            raise

    # --- published events
    def stored(self, fn, *args):
        """A write to the events database; a storage fault is counted (and logged by the store)."""
        try:
            return fn(*args)
        except StorageError:
            self.storage_fault()
            raise

    def storage_fault(self) -> None:
        self.storage_errors += 1
        self.unexpected += 1

    async def publish(self, raw: bytes, name: str, query: dict) -> tuple[str, str, EventInfo]:
        o = published_options(query)
        info = await self.info(raw, name, self.options("draw", {}, o))
        check_cut_size(o, info)
        event_id, token = await asyncio.to_thread(self.stored, self.store.publish, name, raw, o, info.name)
        try:
            await asyncio.to_thread(self.store.purge)
        except StorageError:  # the event is published; expired ones go next time
            self.storage_errors += 1
        return event_id, token, info

    async def replace(self, event_id: str, raw: bytes, name: str, query: dict) -> tuple[int, EventInfo]:
        stored = await asyncio.to_thread(self.store.get, event_id)
        o = published_options(query, stored.options if stored else None)
        info = await self.info(raw, name, self.options("draw", {}, o))
        check_cut_size(o, info)
        return await asyncio.to_thread(self.stored, self.store.replace, event_id, name, raw, o, info.name), info


def check_cut_size(o: dict, info: EventInfo) -> None:
    """A published Top N below the event's players (as every question checks it: at or above,
    everyone makes the cut), refused before the event is stored."""
    top = o.get("top")
    if o.get("cut_points") is None and isinstance(top, int) and top >= info.players:
        raise UsageError(f"--top {top}: the event has {info.players} players; the cut must be smaller than "
                         "the field (at or above it everyone makes the cut)")


def published_options(query: dict, base: dict | None = None) -> dict:
    """The publisher's choices (:data:`PUBLISHED`), checked like every option: from ``query``,
    else ``base`` (the event's current choices, on an update), else the defaults.  An empty
    ``rules`` or ``division`` means "as the file says"."""
    unknown = set(query) - set(PUBLISHED) - {"filename"}
    if unknown:
        raise OptionError(f"unknown option {min(unknown)!r} for a published event; it takes "
                          f"{', '.join(PUBLISHED)}")
    blank = ("rules", "division", "after_round", "rounds", "cut_points", "day2", "day2_top")  # empty: none
    given = {k: v for k, v in query.items() if k in PUBLISHED and not (k in blank and v == "")}
    request = parse_options("draw", given, {k: v for k, v in (base or {}).items() if k in PUBLISHED})
    o = {k: getattr(request, k) for k in PUBLISHED}
    for k in blank:
        if query.get(k) == "":
            o[k] = None
    if o["day2"] is None and o["day2_top"] is not None:
        raise OptionError("day2_top needs day2 (the rounds of day 2)")
    if o["day2"] is not None:
        read_day2(o["day2"])  # its spelling now; whether the event can take it, at each question
    return o


__all__ = ["EventInfo", "InputError", "Service", "TooLarge", "Unexpected", "UsageError", "label"]
