"""Reading events from files: native JSON and CSV, melee.gg JSON, FIDE TRF.

:func:`load_event` is the one entry point; ``format="auto"`` picks the format by content.  Every
problem becomes an :class:`~drawsafe.errors.InputError` naming the file and the place in it.  Files are
only ever read.
"""

from __future__ import annotations

import json
import os

from drawsafe.choices import FORMATS
from drawsafe.errors import InputError
from drawsafe.event.model import Event


def load_event(path: str | os.PathLike, format: str = "auto") -> Event:
    """Read an event file.

    :param format: one of :data:`FORMATS`; ``auto`` decides by content.
    :raises InputError: when the file cannot be read or is not a valid event.
    """
    file = os.fspath(path)
    try:
        with open(file, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise InputError(file, None, f"cannot read the file: {e.strerror}") from None
    return parse_event(raw, file, format)


def parse_event(raw: bytes, file: str, format: str = "auto") -> Event:
    """Parse the bytes of an event file (see :func:`load_event`)."""
    if format not in FORMATS:
        raise InputError(file, None, f"unknown format {format!r}", f"use one of {', '.join(FORMATS)}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(file, f"byte {e.start}", "the file is not UTF-8 text", "save it as UTF-8") from None
    if not text.strip():
        raise InputError(file, None, "the file is empty")
    if format == "auto":
        format = guess_format(text, file)
    if format in ("json", "melee"):
        return read_json(text, file, format)
    if format == "trf":
        from drawsafe.event.io.trf import read_trf

        return read_trf(text, file)
    from drawsafe.event.io.native_csv import read_csv

    return read_csv(text, file)


def guess_format(text: str, file: str) -> str:
    head = text.lstrip()
    if head[:1] in "{[":
        return "json"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if any(ln[:4] == "012 " or ln[:4] == "001 " for ln in lines[:50]):
        return "trf"
    header = next((ln for ln in lines if not ln.lstrip().startswith("#")), "")
    if "," in header and "round" in header.lower():
        return "csv"
    raise InputError(
        file, None, "not an event file: neither JSON, CSV with a header row, nor FIDE TRF",
        "see the input formats in the README",
    )


def read_json(text: str, file: str, format: str) -> Event:
    from drawsafe.event.io.melee import looks_like_melee, read_melee
    from drawsafe.event.io.native_json import read_native_json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(file, f"line {e.lineno}, column {e.colno}", f"invalid JSON: {e.msg}") from None
    if looks_like_melee(data):
        return read_melee(data, file)
    if format == "melee":
        raise InputError(file, None, "not a melee.gg file: it lacks 'Rounds' and 'Tournament'")
    if not isinstance(data, dict):
        raise InputError(file, None, "the JSON must be an object with a 'rounds' list",
                         "see the native JSON format in the README")
    return read_native_json(data, file)
