"""Reading events from files: native JSON and CSV, melee.gg JSON, FIDE TRF, Pokémon TOM ``.tdf``,
Limitless data (a JSON object, or a folder of the API's three documents), pokedata documents,
cobra's NRTM export (Netrunner), Play Hub's answers (Lorcana, Riftbound; a file or a folder) and
Sharly Chess event files (``.sce``, SQLite: :mod:`drawsafe.event.io.sce`), chess-results.com pages
(:mod:`drawsafe.event.io.chessresults`), Swiss-Manager files (``.TUNX``: :mod:`drawsafe.event.io.swissmanager`)
RK9's pairings pages (Pokémon: :mod:`drawsafe.event.io.rk9`), Battlefy's tournament answers
(:mod:`drawsafe.event.io.battlefy`) and Spicerack's decklist export (:mod:`drawsafe.event.io.spicerack`).

:func:`load_event` is the one entry point; ``format="auto"`` picks the format by content.
``division`` chooses the age division of a TOM file (:mod:`drawsafe.event.io.tdf`), of
pokedata documents (:mod:`drawsafe.event.io.pokedata`) or the tournament of a Sharly Chess file.  Every
problem becomes an :class:`~drawsafe.errors.InputError` naming the file and the place in it.  Files are
only ever read.
"""

from __future__ import annotations

import os

from drawsafe.choices import FORMATS
from drawsafe.errors import InputError
from drawsafe.event.io.numbers import parse_json
from drawsafe.event.model import Event


def load_event(path: str | os.PathLike, format: str = "auto", division: str | None = None) -> Event:
    """Read an event file (or a folder of Limitless documents or of Play Hub answers).

    :param format: one of :data:`FORMATS`; ``auto`` decides by content.
    :param division: a TOM file's division (junior, senior, masters, combined or a category code).
    :raises InputError: when the file cannot be read or is not a valid event.
    """
    file = os.fspath(path)
    if format not in FORMATS:
        raise InputError(file, None, f"unknown format {format!r}", f"use one of {', '.join(FORMATS)}")
    if os.path.isdir(file):
        if format not in ("auto", "limitless", "playhub"):
            raise InputError(file, None, f"is a folder, not a {format} file",
                             "only Limitless data and Play Hub answers can be read from a folder")
        from drawsafe.event.io import playhub

        if format == "playhub" or (format == "auto" and playhub.looks_like_playhub_folder(file)):
            return playhub.read_folder(file)
        from drawsafe.event.io.limitless import read_folder

        return read_folder(file)
    try:
        with open(file, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise InputError(file, None, f"cannot read the file: {e.strerror}") from None
    return parse_event(raw, file, format, division)


def parse_event(raw: bytes, file: str, format: str = "auto", division: str | None = None) -> Event:
    """Parse the bytes of an event file (see :func:`load_event`)."""
    if format not in FORMATS:
        raise InputError(file, None, f"unknown format {format!r}", f"use one of {', '.join(FORMATS)}")
    legacy = None
    from drawsafe.event.io import sce

    if format == "sce" or sce.is_sqlite(raw):  # a Sharly Chess .sce (SQLite), whatever --format says
        return sce.read_sce(raw, file, division)
    from drawsafe.event.io import swissmanager

    if format == "swissmanager" or swissmanager.is_swissmanager(raw):  # a binary .TUNX/.TURX/.TUMX
        return swissmanager.read_swissmanager(raw, file)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        if format not in ("auto", "trf") or not looks_like_trf_bytes(raw):
            raise InputError(file, f"byte {e.start}", "the file is not UTF-8 text", "save it as UTF-8") from None
        # pairing programs (Swiss-Manager, Swiss-Chess) save TRF files in Windows-1252
        text, legacy = raw.decode("cp1252", errors="replace"), e.start
    if not text.strip():
        raise InputError(file, None, "the file is empty")
    if format == "auto":
        format = guess_format(text, file)
    if legacy is not None and format != "trf":
        raise InputError(file, f"byte {legacy}", "the file is not UTF-8 text", "save it as UTF-8")
    if format == "chessresults":
        from drawsafe.event.io.chessresults import read_chessresults

        return read_chessresults(text, file)
    if format == "rk9":
        from drawsafe.event.io.rk9 import read_rk9

        return read_rk9(text, file, division)
    if format == "tdf":
        from drawsafe.event.io.tdf import read_tdf

        return read_tdf(text, file, division)
    if format in ("json", "melee", "limitless", "pokedata", "cobra", "playhub", "battlefy", "spicerack"):
        return read_json(text, file, format, division)
    if format == "trf":
        from dataclasses import replace

        from drawsafe.event.io.trf import read_trf

        event = read_trf(text, file)
        if legacy is not None:
            said = f"not UTF-8 (byte {legacy}): read as Windows-1252, as pairing programs save TRF files"
            event = replace(event, notes=(said, *event.notes))
        return event
    from drawsafe.event.io.native_csv import read_csv

    return read_csv(text, file)


def looks_like_trf_bytes(raw: bytes) -> bool:
    """A FIDE TRF by its records (``012`` name, ``001`` players), before decoding."""
    head = raw.lstrip()[:20000]
    return head.startswith((b"012 ", b"001 ")) or b"\n001 " in head


def guess_format(text: str, file: str) -> str:
    head = text.lstrip()
    from drawsafe.event.io.rk9 import looks_like_rk9

    if head[:1] in "{[" and not looks_like_rk9(text):
        return "json"
    from drawsafe.event.io.chessresults import looks_like_chessresults

    if looks_like_chessresults(text):
        return "chessresults"
    if looks_like_rk9(text):
        return "rk9"
    from drawsafe.event.io.tdf import looks_like_tdf

    if looks_like_tdf(text):
        return "tdf"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if any(ln[:4] == "012 " or ln[:4] == "001 " for ln in lines[:50]):
        return "trf"
    header = next((ln for ln in lines if not ln.lstrip().startswith("#")), "")
    if "," in header and "round" in header.lower():
        return "csv"
    raise InputError(
        file, None, "not an event file: neither JSON, CSV with a header row, FIDE TRF nor a TOM .tdf",
        "see the input formats in the manual, docs/formats/",
    )


def read_json(text: str, file: str, format: str, division: str | None = None) -> Event:
    from drawsafe.event.io.melee import looks_like_melee, read_melee
    from drawsafe.event.io.mtgo import looks_like_mtgo, read_mtgo
    from drawsafe.event.io.native_json import read_native_json
    from drawsafe.event.io.topdeck import looks_like_topdeck, read_topdeck

    data = parse_json(text, file)
    from drawsafe.event.io.pokedata import looks_like_pokedata, read_pokedata

    if format == "pokedata" or (format == "json" and looks_like_pokedata(data)):
        return read_pokedata(data, file, division)
    from drawsafe.event.io.limitless import looks_like_limitless, read_limitless

    if format == "limitless" or (format == "json" and looks_like_limitless(data)):
        if not isinstance(data, dict):
            raise InputError(file, None, "Limitless data must be a JSON object with a 'pairings' list",
                             "or a folder of details.json, standings.json and pairings.json")
        return read_limitless(data, file)
    from drawsafe.event.io.playhub import looks_like_playhub, read_playhub

    if format == "playhub" or (format == "json" and looks_like_playhub(data)):  # Lorcana, Riftbound
        return read_playhub(data, file)
    from drawsafe.event.io.cobra import looks_like_cobra, read_cobra

    if format == "cobra" or (format == "json" and looks_like_cobra(data)):  # Netrunner's NRTM export
        return read_cobra(data, file)
    from drawsafe.event.io.battlefy import looks_like_battlefy, read_battlefy

    if format == "battlefy" or (format == "json" and looks_like_battlefy(data)):
        return read_battlefy(data, file, division)
    from drawsafe.event.io.spicerack import looks_like_spicerack, read_spicerack

    if format == "spicerack" or (format == "json" and looks_like_spicerack(data)):
        return read_spicerack(data, file, division)
    if looks_like_melee(data):  # the decklist cache: melee.gg, TopDeck and MTGO entries
        if looks_like_topdeck(data):
            return read_topdeck(data, file)
        if looks_like_mtgo(data):
            return read_mtgo(data, file)
        return read_melee(data, file)
    if format == "melee":
        raise InputError(file, None, "not a melee.gg file: it lacks 'Rounds' and 'Tournament'")
    if not isinstance(data, dict):
        raise InputError(file, None, "the JSON must be an object with a 'rounds' list",
                         "see the native JSON format in the manual, docs/formats/native.md")
    return read_native_json(data, file)
