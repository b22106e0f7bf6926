"""The public API: open an event, then ask it what the command line asks.

:func:`open_event` returns an :class:`~drawsafe.event.context.EventContext` whose methods answer
what the commands answer, each with the library's own result object (a frozen dataclass whose
``to_json()`` is what the matching ``drawsafe ... --json`` command prints)::

    import drawsafe

    event = drawsafe.open_event("swiss.json", after_round=6)
    event.standings().rows[0]
    event.draw(sims=4_000, seed=1).tables[0].verdict

Simulation options are keyword arguments named as the command line's options.
"""

from __future__ import annotations

import json
import os

from drawsafe.event.context import EventContext, event_context
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import Event
from drawsafe.event.sample import sample_event


def open_event(source: str | os.PathLike | bytes | dict | Event | None = None, *, text: str | None = None,
               format: str = "auto", rules: str | None = None, rounds: int | None = None,
               after_round: int | None = None, tiebreaks: str | None = None,
               name: str = "<data>") -> EventContext:
    """An event, ready for the other functions.

    ``source`` is a file path, the bytes of a file, parsed native JSON (a ``dict``), an
    :class:`~drawsafe.event.model.Event`, or ``None`` for the embedded sample event; ``text`` is the
    text of a file instead.  ``name`` labels bytes, text and dicts in error messages.  The options are
    those of every event command: ``format`` (auto, json, csv, melee, trf), ``rules`` (a rule pack;
    default: what the file suggests, else mtg), ``rounds`` (Swiss rounds of the event),
    ``after_round`` (the snapshot after that round), ``tiebreaks`` ("BH-C1,BH,SB").

    :raises InputError: when the input is not a valid event (the message names the place).
    :raises UsageError: for options the event cannot satisfy.
    """
    if text is not None:
        if source is not None:
            raise TypeError("give either source or text, not both")
        event = parse_event(text.encode("utf-8"), name, format)
    elif source is None:
        event = sample_event()
    elif isinstance(source, Event):
        event = source
    elif isinstance(source, (bytes, bytearray)):
        event = parse_event(bytes(source), name, format)
    elif isinstance(source, dict):
        event = parse_event(json.dumps(source).encode("utf-8"), name, "json" if format == "auto" else format)
    else:
        event = load_event(source, format)
    return event_context(event, rules, rounds, after_round, tiebreaks, from_sample=source is None and text is None)
