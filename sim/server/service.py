"""What the HTTP layer asks of the library: questions on an event's bytes, through the job queue,
and published events in the store.  No HTTP here: errors are exceptions the routes map to codes.

The answer before the question: when a round is posted (a publish, a replace, a followed link's
fetch that found new pairings or results) the server starts computing the round's answers that
the room reads, :data:`PREPARED` (the draw: every card and the All tables page; the odds page's),
through the same queue and cache as a player's question, so a player asking meanwhile waits for
that one computation and a player asking later reads it from the cache.  :meth:`Service.state`
says how far that is for an event's latest version (``GET /api/events/ID/state``, which the open
pages poll to update themselves).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field

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
from drawsafe.server.store import EventStore, StoredEvent
from drawsafe.server.tasks import EventInfo, Limits, TooLarge, Unexpected
from drawsafe.text import clock

log = logging.getLogger("drawsafe.server")

#: The options a publisher chooses, kept with the event as defaults for every question (a
#: regional's day 1: ``cut_points`` for the day-2 cut, or ``day2`` for the final cut through it).
PUBLISHED = ("top", "rules", "format", "division", "after_round", "rounds", "cut_points", "day2", "day2_top")
#: The answers computed when a round is posted, before anyone asks: the draw (every player's card
#: and the All tables page read it) and the odds page's, each with the publisher's choices.
PREPARED = ("draw", "odds")
#: Published events whose preparation is remembered (the most recently posted; an event left out
#: is prepared again when its state is asked).
PREPARED_EVENTS = 4096


@dataclass
class Prepared:
    """The round's answers being computed for one version of a published event: their job keys,
    what failed, and the few facts of the round the pages' "updated" line says."""

    version: int
    updated: float
    after_round: int
    total_rounds: int
    rounds_left: int
    progress: str
    #: Job key of each answer (:meth:`Service.key`): the queue says whether it is ready.
    keys: dict[str, str] = field(default_factory=dict)
    #: Why an answer could not be computed ahead (the queue was full, the job ran too long...).
    failed: dict[str, str] = field(default_factory=dict)
    #: The answers whose computation has ended (until then each is "computing", even before its
    #: job is queued).
    ended: set[str] = field(default_factory=set)

    def answer_state(self, command: str, jobs) -> str:
        if command in self.failed:
            return "failed"
        return jobs.state(self.keys[command]) if command in self.ended else "computing"

    def to_json(self, jobs) -> dict:
        answers = {c: self.answer_state(c, jobs) for c in self.keys}
        return {"version": self.version, "updated": self.updated, "updated_text": clock(self.updated),
                "round": self.after_round + 1 if self.rounds_left else None, "after_round": self.after_round,
                "total_rounds": self.total_rounds, "progress": self.progress, "answers": answers,
                "ready": all(a != "computing" for a in answers.values()),
                **({"errors": dict(self.failed)} if self.failed else {})}


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
        #: Each published event's latest prepared version (:meth:`prepare`), the newest last.
        self.prepared: OrderedDict[str, Prepared] = OrderedDict()
        #: Work started in the background (preparations, the followed links): kept from the garbage
        #: collector, cancelled at shutdown (:meth:`close`).
        self.background: set[asyncio.Task] = set()

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

    @staticmethod
    def key(command: str, raw: bytes, name: str, request) -> str:
        """The job key of a question: the command, a hash of the event's bytes, its name and the
        request's values (the same question, the same key: one job, one cached answer)."""
        asked = json.dumps(values(request), sort_keys=True, default=str)
        return f"{command}|{hashlib.sha256(raw).hexdigest()}|{name}|{asked}"

    async def ask(self, command: str, raw: bytes, name: str, request) -> Answer:
        """``drawsafe COMMAND --json`` on these bytes (cached, de-duplicated, queued).  A simulating
        question first has its options checked against the event in the light lane (a bad one is
        refused at once, not after the simulations queued before it)."""
        task = Task(tasks.ask, (command, raw, name, request, self.limits))
        key = self.key(command, raw, name, request)
        if not registry.get(command).simulates:  # it reads the event only: never behind a simulation
            return await self.submit(key, task, command, "light")
        # A question the heavy lane has no place for is refused before its check is queued; the
        # checks wait behind the light questions, in places of their own (a flood of simulations
        # never fills the light lane).
        self.jobs.admit(key, "heavy")
        await self.submit("check|" + key.split("|", 1)[1], Task(tasks.check, (raw, name, request, self.limits)),
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
        await self.posted(event_id, info)
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
        version = await asyncio.to_thread(self.stored, self.store.replace, event_id, name, raw, o, info.name)
        await self.posted(event_id, info)
        return version, info

    # --- the answer before the question
    async def posted(self, event_id: str, info: EventInfo) -> None:
        """A version of ``event_id`` was stored: start computing its round's answers."""
        stored = await asyncio.to_thread(self.store.get, event_id)
        if stored is not None:
            self.prepare(stored, info)

    def prepare(self, stored: StoredEvent, info: EventInfo) -> Prepared:
        """Start computing ``stored``'s round's answers (:data:`PREPARED`, each asked as its page
        asks it: the publisher's choices) in the background, unless this version is already
        prepared; returns at once.  A question arriving meanwhile joins the job; a full queue or
        a refusal is remembered in :attr:`Prepared.failed` (the answer is then computed when
        asked, as before)."""
        known = self.prepared.get(stored.id)
        if known is not None and known.version >= stored.version:
            return known
        prepared = Prepared(stored.version, stored.updated, info.after_round, info.total_rounds,
                            info.rounds_left, info.progress)
        requests = {}
        if self.config.prepare and info.rounds_left:
            for command in PREPARED:
                try:
                    requests[command] = self.options(command, {}, stored.options)
                except (OptionError, UsageError) as e:
                    prepared.failed[command] = str(e)
                    continue
                prepared.keys[command] = self.key(command, stored.content, stored.filename, requests[command])
        self.prepared[stored.id] = prepared
        self.prepared.move_to_end(stored.id)
        while len(self.prepared) > PREPARED_EVENTS:
            self.prepared.popitem(last=False)
        if requests:
            self.start(self.compute_all(prepared, stored, requests))
        return prepared

    async def compute_all(self, prepared: Prepared, stored: StoredEvent, requests: dict) -> None:
        await asyncio.gather(*(self.compute(prepared, c, stored, r) for c, r in requests.items()))

    async def compute(self, prepared: Prepared, command: str, stored: StoredEvent, request) -> None:
        started = time.monotonic()
        try:
            await self.ask(command, stored.content, stored.filename, request)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001  the page computes it when asked, and says why it could not
            prepared.failed[command] = str(e) or type(e).__name__
            log.info("could not compute the %s answer of event %s version %d ahead: %s", command, stored.id,
                     stored.version, prepared.failed[command])
        else:
            log.info("computed the %s answer of event %s version %d ahead in %.1f s", command, stored.id,
                     stored.version, time.monotonic() - started)
        finally:
            prepared.ended.add(command)

    def start(self, work) -> asyncio.Task:
        """Run the coroutine ``work`` in the background until it ends or :meth:`close`."""
        task = asyncio.get_running_loop().create_task(work)
        self.background.add(task)
        task.add_done_callback(self.ended)
        return task

    def ended(self, task: asyncio.Task) -> None:
        self.background.discard(task)
        if not task.cancelled() and task.exception() is not None:  # compute() keeps its own failures
            log.warning("background work failed: %r", task.exception())

    def close(self) -> None:
        """Stop the background work (server shutdown)."""
        for task in list(self.background):
            task.cancel()

    async def state(self, event_id: str) -> dict | None:
        """Where a published event's latest version and its round's answers stand (the pages poll
        it to update themselves): its version, when it was stored, the round's progress, and each
        prepared answer's state (``ready``, ``computing``, ``failed`` or ``none``: not kept, computed
        when asked).  A version not prepared yet (after a restart) is prepared now.  None: no such
        event."""
        seen = await asyncio.to_thread(self.store.version, event_id)
        if seen is None:
            return None
        prepared = self.prepared.get(event_id)
        if prepared is None or prepared.version != seen:
            stored = await asyncio.to_thread(self.store.get, event_id)
            if stored is None:
                return None
            info = await self.info(stored.content, stored.filename, self.options("draw", {}, stored.options))
            prepared = self.prepare(stored, info)
        return {"id": event_id} | prepared.to_json(self.jobs)


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
