"""Reading events from files: one reader module per format, each declaring its format
(:mod:`drawsafe.event.io.formats`: ``formats.names()`` lists them, docs/formats/ describes them).

:func:`load_event` is the one entry point (a file, or a folder for the formats that read one);
``format="auto"`` picks the format by content (:func:`recognise`).  ``division`` chooses one part
of a file that holds several (a TOM file's age division, a Sharly Chess file's tournament, ...),
for the formats that take it.  Every problem becomes an :class:`~drawsafe.errors.InputError`
naming the file and the place in it.  Files are only ever read.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from drawsafe.errors import InputError
from drawsafe.event.io.formats import (
    BYTES,
    JSON,
    JSON_FAMILY,
    JSON_PRIORITY,
    TEXT,
    Format,
    by_content,
    discover,
    get,
    listing,
    names,
)

if TYPE_CHECKING:
    from drawsafe.event.model import Event


def load_event(path: str | os.PathLike, format: str = "auto", division: str | None = None) -> Event:
    """Read an event file (or a folder, for the formats that read one: Limitless data, Play Hub
    answers).

    :param format: one of :func:`~drawsafe.event.io.formats.names`; ``auto`` decides by content.
    :param division: the part of the file to read, for the formats that take one (a TOM file's
        junior, senior, masters, combined or a category code; a Sharly Chess file's tournament).
    :raises InputError: when the file cannot be read or is not a valid event.
    """
    # imported here: the command line imports this package for the format names, not to read
    from drawsafe.event.io.files import read_bytes

    file = os.fspath(path)
    known(format, file)
    if os.path.isdir(file):
        return folder_format(file, format).folder.read(file)
    return parse_event(read_bytes(file), file, format, division)


def parse_event(raw: bytes, file: str, format: str = "auto", division: str | None = None) -> Event:
    """Parse the bytes of an event file (see :func:`load_event`).

    :raises InputError: as :func:`load_event`; a file ``format`` names but is of another kind
        (an HTML page given as ``--format trf``) says what it is (:func:`mistaken`)."""
    try:
        fmt, content, note = recognise(raw, file, format)
        event = fmt.load(content, file, division)
    except InputError as e:
        if format == "auto":
            raise
        said = mistaken(raw, file, format)
        if said is None:
            raise
        raise said from e
    return replace(event, notes=(note, *event.notes)) if note else event


def kind_of(text: str) -> str:
    """What a text that is no event file of a format is, in words: an HTML page, an XML file, a
    JSON document, else a text file."""
    head = text.lstrip()[:20000]
    if re.match(r"<\?xml\b", head):
        return "an XML file"
    if head.startswith("<") and re.search(r"<(?:!doctype\s+html|html|head|body|div|table|span|p|a|br)\b", head,
                                          re.IGNORECASE):
        return "an HTML page"
    if head[:1] in "{[":
        try:
            json.loads(text)
            return "a JSON document"
        except (ValueError, RecursionError):
            pass
    return "a text file"


def mistaken(raw: bytes, file: str, format: str) -> InputError | None:
    """The error for a file ``--format`` names but which is of another kind (None: it is of that
    format's kind, and the reader's own error stands): what the file is, what it is not, and how
    it reads."""
    if format not in discover():
        return None
    named = get(format)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None  # not text: the error of the bytes stands
    if named.reads == BYTES and passes(named, raw) or named.reads == TEXT and passes(named, text):
        return None
    try:
        other = recognise(raw, file)[0]
    except InputError:
        other = None
    if named.reads == JSON and kind_of(text) == "a JSON document" and (other is None or other.name == JSON_FAMILY
                                                                       or other.name == named.name):
        return None  # a JSON document the JSON readers say more about
    if other is not None and other.name == named.name:
        return None
    what = f"not {named.title} (--format {format})"
    if other is None:
        return InputError(file, None, f"{kind_of(text)}, {what}, nor an event file of any format drawsafe reads "
                                      f"({listing()})", "the formats: docs/formats/ in the manual")
    kind = kind_of(text)
    said = other.title if kind == "a text file" else f"{kind} ({other.title})"
    return InputError(file, None, f"{said}, {what}", f"leave out --format, or give --format {other.name}")


def recognise(raw: bytes, file: str, format: str = "auto") -> tuple[Format, object, str | None]:
    """The format of the bytes ``raw`` (``format``, or by content for ``auto``: the steps of
    :mod:`~drawsafe.event.io.formats`), what its reader takes (the bytes, the text or the JSON
    value) and a note when the text was not UTF-8.

    :raises InputError: for an unknown format, a file that is empty, not text, not JSON where JSON
        is expected, or recognised as no format.
    """
    known(format, file)
    for f in by_content(BYTES):  # a binary file is recognised whatever --format says
        if format == f.name or passes(f, raw):
            return f, raw, None
    text, legacy = decode(raw, file, format)
    if not text.strip():
        raise InputError(file, None, "the file is empty")
    if format == "auto":
        format = guess_format(text, file)
    note = None
    if legacy is not None:
        fmt, start = legacy
        if format != fmt.name:
            raise not_utf8(file, start)
        note = f"not UTF-8 (byte {start}): read as {fmt.legacy.said}"
    if get(format).reads == TEXT:
        return get(format), text, note
    from drawsafe.event.io.numbers import parse_json  # imported here, as read_bytes is

    data = parse_json(text, file)
    # a JSON format named, or (json, or a format it is a kind of, named) the first whose test passes
    return next(f for f in by_content(JSON)
                if format == f.name or (format in (JSON_FAMILY, f.within) and passes(f, data))), data, None


def passes(f: Format, content: object) -> bool:
    return f.sniff is not None and f.sniff(content)


def known(format: str, file: str) -> None:
    if format != "auto" and format not in discover():
        raise InputError(file, None, f"unknown format {format!r}", f"use one of {', '.join(names())}")


def not_utf8(file: str, start: int) -> InputError:
    return InputError(file, f"byte {start}", "the file is not UTF-8 text", "save it as UTF-8")


def decode(raw: bytes, file: str, format: str) -> tuple[str, tuple[Format, int] | None]:
    """The text of ``raw``: UTF-8 (a byte-order mark allowed), else the legacy encoding of a format
    ``format`` allows whose files these bytes look like, with that format and the first byte that
    is not UTF-8."""
    try:
        return raw.decode("utf-8-sig"), None
    except UnicodeDecodeError as e:
        for f in by_content(TEXT):
            if f.legacy is not None and format in ("auto", f.name) and f.legacy.sniff(raw):
                return raw.decode(f.legacy.encoding, errors="replace"), (f, e.start)
        raise not_utf8(file, e.start) from None


#: How a JSON document starts: ``{``, or ``[`` then a value or ``]`` (a TOML ``[section]`` or a
#: Markdown ``[link]`` is no JSON; a ``{`` is, even broken: its reader says where).
JSON_START = re.compile(r'\s*(?:\{|\[\s*(?:[\[{"\]\-0-9]|true\b|false\b|null\b))')


def looks_like_json(text: str) -> bool:
    """Text starting as JSON does, unless a text format whose files may start so recognises it."""
    return JSON_START.match(text) is not None and not any(passes(f, text) for f in by_content(TEXT) if f.json_like)


def guess_format(text: str, file: str) -> str:
    """The text format whose test passes first (:data:`~drawsafe.event.io.formats.JSON_FAMILY` for
    JSON documents).

    :raises InputError: when none does."""
    tests = [(JSON_PRIORITY, JSON_FAMILY, looks_like_json)] + [(f.priority, f.name, f.sniff) for f in by_content(TEXT)]
    for _, name, test in sorted(tests, key=lambda t: t[:2]):
        if test is not None and test(text):
            return name
    raise InputError(file, None, f"{kind_of(text)}, not an event file of any format drawsafe reads ({listing()})",
                     "the formats: docs/formats/ in the manual; --format NAME reads a file as one of them")


def folder_format(folder: str, format: str) -> Format:
    """The format that reads the folder ``folder`` (``format``, or the first whose folder test
    passes, else the one without a test).

    :raises InputError: when ``format`` reads no folder."""
    readers = sorted((f for f in discover().values() if f.folder is not None), key=lambda f: (f.priority, f.name))
    if format != "auto":
        if get(format).folder is None:
            raise InputError(folder, None, f"is a folder, not a {format} file",
                             f"only {' and '.join(f.folder.what for f in readers)} can be read from a folder")
        return get(format)
    found = [f for f in readers if f.folder.sniff is not None and f.folder.sniff(folder)]
    found += [f for f in readers if f.folder.sniff is None]
    if not found:
        raise InputError(folder, None, "is a folder, not an event file")
    return found[0]
