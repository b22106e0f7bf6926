"""The embedded sample event: a real melee.gg event cut just before its last Swiss round.

``drawsafe draw`` (and every event command) runs on it when no file is given.
"""

from __future__ import annotations

from importlib import resources

from drawsafe.event.io import parse_event
from drawsafe.event.model import Event

SAMPLE = "sample-event.json"


def sample_path() -> str:
    return str(resources.files("drawsafe") / "data" / SAMPLE)


def sample_event() -> Event:
    """The sample event (native JSON shipped inside the package)."""
    raw = (resources.files("drawsafe") / "data" / SAMPLE).read_bytes()
    return parse_event(raw, f"<embedded sample {SAMPLE}>")
