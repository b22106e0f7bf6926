"""Numbers read from files, bounded: no event file holds a whole number of more than
:data:`MAX_DIGITS` digits, and Python refuses to convert more than 4,300 (``int_max_str_digits``)
with a ValueError no importer expects.  :func:`parse_json` reads JSON with that bound (and the
other ways JSON text can fail), :func:`whole` reads a cell's digits; both raise one
:class:`~drawsafe.errors.InputError` naming the file and the place."""

from __future__ import annotations

import json
import re

from drawsafe.errors import InputError

#: The most digits of a whole number in an event file (ids, counts, ratings, dates).
MAX_DIGITS = 30
LONG = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


class TooLong(ValueError):
    """A whole number of more than :data:`MAX_DIGITS` digits."""


def json_int(text: str) -> int:
    """``json.loads``' ``parse_int``: the number, or :class:`TooLong`."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TooLong(text)
    return int(text)


def where_long(text: str) -> str | None:
    """``line L, column C`` of the first over-long number in ``text``."""
    found = LONG.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return f"line {line}, column {found.start() - (text.rfind(chr(10), 0, found.start()) + 1) + 1}"


def too_long(file: str, digits: int, where: str | None) -> InputError:
    return InputError(file, where, f"a number of {digits:,} digits; no event file holds a number of more than "
                                   f"{MAX_DIGITS} digits", "check the file is the event's export, unchanged")


def parse_json(text: str, file: str):
    """The JSON value of ``text``.

    :raises InputError: invalid JSON (its line and column), nested too deeply, or a whole number
        of more than :data:`MAX_DIGITS` digits."""
    try:
        return json.loads(text, parse_int=json_int)
    except TooLong as e:
        raise too_long(file, len(str(e).lstrip("-")), where_long(text)) from None
    except json.JSONDecodeError as e:
        raise InputError(file, f"line {e.lineno}, column {e.colno}", f"invalid JSON: {e.msg}") from None
    except RecursionError:
        raise InputError(file, None, "the JSON is nested too deeply to be an event file") from None


def whole(text: str, file: str, where: str | None, what: str) -> int:
    """The whole number of ASCII digits ``text`` (an optional sign), or one InputError naming it."""
    s = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", s):
        raise InputError(file, where, f"{what} must be a whole number, not {text!r}")
    if len(s.lstrip("+-")) > MAX_DIGITS:
        raise too_long(file, len(s.lstrip("+-")), where)
    return int(s)


def is_digits(text: str, most: int = MAX_DIGITS) -> bool:
    """``text`` is 1 to ``most`` ASCII digits (``str.isdigit`` also accepts '²', which ``int``
    refuses, and any length)."""
    return re.fullmatch(rf"[0-9]{{1,{most}}}", text) is not None
