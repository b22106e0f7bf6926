"""Options, declared once: name, type, default, range, choices and help of every command option.

A request (:mod:`drawsafe.app.requests`) is a frozen dataclass whose fields carry an
:class:`Option` (``dataclasses.field(metadata={"option": ...})``, made by :func:`option`).  From
that one declaration the command line builds its click options (:mod:`drawsafe.cli.options`), the
server parses query parameters (:func:`parse_query`) and writes its OpenAPI document
(:mod:`drawsafe.server.openapi`), and the library checks keyword arguments (:func:`build`).

This module imports nothing heavy: ``drawsafe --help`` builds every option from it without
loading numpy or numba.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drawsafe.errors import UsageError


class OptionError(UsageError):
    """A query parameter or keyword the command does not take, or a value it does not accept
    (HTTP 422 on the server; on the command line click reports it)."""


#: The default of a field that must be given (``drawsafe field --players``).
REQUIRED = dataclasses.MISSING


def top_value(text: str) -> int | str:
    """``top``: a whole number from 1, or ``auto`` (the file's cut, else the pack's table)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text >= 1:
            return text
        raise ValueError(text)
    value = str(text).strip().lower()
    if value == "auto":
        return "auto"
    if value.isdigit() and int(value) >= 1:
        return int(value)
    raise ValueError(text)


def byes_value(text: str | tuple) -> tuple[int, int, int]:
    """``byes``: players with 1, 2 and 3 awarded byes, ``A,B,C`` (missing counts are 0)."""
    if isinstance(text, tuple):
        parts = list(text)
    elif not text:
        return (0, 0, 0)
    else:
        try:
            parts = [int(x) for x in str(text).split(",")]
        except ValueError:
            raise ValueError(text) from None
    if not 1 <= len(parts) <= 3 or min(parts) < 0:
        raise ValueError(text)
    return tuple(parts + [0] * (3 - len(parts)))


def number(value: float) -> str:
    """A bound or a value in a message: whole numbers in full (20000, not 2e+04) up to
    :data:`SHOWN_CHARS` digits, others as %g."""
    if isinstance(value, int):
        digits = str(abs(value))  # a query's int has at most 4,300 digits (Python's own limit)
        if len(digits) > SHOWN_CHARS:
            return f"{'-' if value < 0 else ''}{digits[:12]}... (a {len(digits):,}-digit number)"
        return str(value)
    return f"{value:g}"


#: The longest value a message repeats whole (a hostile query's 5,000 characters are cut).
SHOWN_CHARS = 40


def quoted(value: Any) -> str:
    """A value a message repeats, as its repr, cut after :data:`SHOWN_CHARS` characters."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


#: Special value types: a parser (text or value -> value, ValueError when bad), what a wrong value
#: is called in messages, and its JSON schema.
SPECIAL = {
    "top": (top_value, "cut size (a whole number from 1, or auto)",
            {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["auto"]}]}),
    "byes": (byes_value, "list of byes (A,B,C: players with 1, 2 and 3 awarded byes, e.g. 4,2,0)",
             {"type": "string", "pattern": "^[0-9]+(,[0-9]+){0,2}$"}),
}
SCHEMA_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}


@dataclass(frozen=True)
class Option:
    """One option of one or more commands.

    ``kind``: ``int``, ``float``, ``str``, ``bool`` (a flag) or the name of a :data:`SPECIAL`
    type.  ``low``/``high`` bound numbers (``*_open``: the bound itself is excluded); ``choices``
    lists the accepted words.  ``flag`` is the command line's spelling (default ``--name``, dashes
    for underscores), ``short`` an extra short flag.  ``api``: the server takes it as a query
    parameter.
    """

    kind: Any
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    flag: str | None = None
    short: str | None = None
    api: bool = True
    #: Given any number of times (a tuple of values): the command line repeats the option, a query
    #: parameter separates the values by commas.
    multiple: bool = False
    #: The field's name: set by :func:`fields` (the dataclass field it is attached to).
    name: str = ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    def range_text(self) -> str:
        low = "" if self.low is None else f"{number(self.low)}{'<' if self.low_open else '<='}"
        high = "" if self.high is None else f"{'<' if self.high_open else '<='}{number(self.high)}"
        return f"{low}x{high}"

    def schema(self) -> dict:
        """The JSON schema of the value (OpenAPI)."""
        if isinstance(self.kind, str):
            schema = dict(SPECIAL[self.kind][2])
        else:
            schema = {"type": SCHEMA_TYPES[self.kind]}
        if self.multiple:  # a query parameter of values separated by commas
            return schema
        if self.default is not None and not self.required:
            schema["default"] = list(self.default) if isinstance(self.default, tuple) else self.default
        if self.choices:
            schema["enum"] = list(self.choices)
        if self.low is not None:
            schema["exclusiveMinimum" if self.low_open else "minimum"] = self.low
        if self.high is not None:
            schema["exclusiveMaximum" if self.high_open else "maximum"] = self.high
        return schema

    def parse(self, text: str) -> Any:
        """A query parameter's text as a value, checked.

        :raises OptionError: for a value the option does not accept."""
        if self.multiple:  # a query parameter: the values separated by commas
            return self.check(tuple(v.strip() for v in text.split(",") if v.strip()))
        if self.kind is bool:
            value = text.strip().lower()
            if value in ("1", "true", "yes", "on", ""):
                return True
            if value in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"{self.name}: {quoted(text)} is not true or false")
        if self.kind is str:
            if len(text) > 200:
                raise OptionError(f"{self.name}: the value is too long")
            return self.check(text)
        if isinstance(self.kind, str):
            parser, what, _ = SPECIAL[self.kind]
            try:
                return parser(text)
            except ValueError:
                raise OptionError(f"{self.name}: {quoted(text)} is not a valid {what}") from None
        try:
            value = self.kind(text)
        except ValueError:
            raise OptionError(f"{self.name}: {quoted(text)} is not a valid {self.kind.__name__}") from None
        return self.check(value)

    def check(self, value: Any) -> Any:
        """A value given in Python (a keyword argument), checked as :meth:`parse` checks text.

        :raises OptionError: for a value the option does not accept."""
        if self.multiple:
            if isinstance(value, str) or not isinstance(value, (tuple, list)):
                raise OptionError(f"{self.name}: give a list of values")
            return tuple(self.but(multiple=False, default=None).check(v) for v in value)
        if value is None:
            if self.default is None:
                return None
            raise OptionError(f"{self.name}: a value is needed")
        if isinstance(self.kind, str):
            parser, what, _ = SPECIAL[self.kind]
            try:
                return parser(value)
            except (TypeError, ValueError):
                raise OptionError(f"{self.name}: {quoted(value)} is not a valid {what}") from None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{self.name}: {quoted(value)} is not true or false")
            return value
        if self.kind in (int, float):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    (self.kind is int and not isinstance(value, int) and not float(value).is_integer()):
                raise OptionError(f"{self.name}: {quoted(value)} is not a valid {self.kind.__name__}")
            value = self.kind(value)
            if isinstance(value, float) and not math.isfinite(value):
                raise OptionError(f"{self.name}: {quoted(value)} is not a finite number")
            if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
                raise OptionError(f"{self.name}: {number(value)} is not in the range {self.range_text()}")
            if self.high is not None and (value > self.high or (self.high_open and value == self.high)):
                raise OptionError(f"{self.name}: {number(value)} is not in the range {self.range_text()}")
            return value
        if not isinstance(value, str):
            raise OptionError(f"{self.name}: {quoted(value)} is not text")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"{self.name}: {quoted(value)} is not one of {', '.join(self.choices)}")
        return value

    def but(self, **changes) -> Option:
        """This option with some attributes changed (another default, another help text)."""
        return dataclasses.replace(self, **changes)


def option(spec: Option) -> Any:
    """A dataclass field declared by ``spec`` (its default, and the spec in its metadata)."""
    if spec.required:
        return dataclasses.field(metadata={"option": spec})
    return dataclasses.field(default=spec.default, metadata={"option": spec})


def fields(request: type | object) -> tuple[Option, ...]:
    """The options of a request class (or instance), in field order, each named for its field."""
    out = []
    for f in dataclasses.fields(request):
        spec = f.metadata.get("option")
        if spec is not None:
            out.append(spec.but(name=f.name))
    return tuple(out)


def build(request: type, values: Mapping[str, Any], what: str = "") -> Any:
    """``request(**values)`` with every value checked (:meth:`Option.check`); unknown names refused.

    :raises OptionError: for an unknown name or a bad value.
    """
    return make(request, values, None, (), what, lambda o, v: o.check(v), api_only=False)


def parse_query(request: type, query: Mapping[str, str], base: Mapping[str, Any] | None = None,
                ignore: tuple[str, ...] = (), what: str = "") -> Any:
    """A request from query parameters: each from ``query`` (text, :meth:`Option.parse`), else
    ``base`` (values already checked, e.g. a published event's choices), else the default.

    :raises OptionError: for an unknown name (other than ``ignore``) or a bad value.
    """
    return make(request, query, base, ignore, what, lambda o, v: o.parse(v), api_only=True)


def make(request: type, given: Mapping[str, Any], base: Mapping[str, Any] | None, ignore: tuple[str, ...],
         what: str, convert, *, api_only: bool) -> Any:
    spec = {o.name: o for o in fields(request) if o.api or not api_only}
    unknown = sorted(set(given) - set(spec) - set(ignore))
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r}{' for ' + what if what else ''}; it takes "
                          f"{', '.join(spec)}")
    values = {}
    for name, o in spec.items():
        if name in given:
            values[name] = convert(o, given[name])
        elif base is not None and name in base:
            values[name] = base[name]
        elif o.required:
            raise OptionError(f"{name}: a value is needed")
    return request(**values)


def values(request: object) -> dict[str, Any]:
    """The request's options as a dict (field name -> value)."""
    return {o.name: getattr(request, o.name) for o in fields(request)}


def changed(request: object) -> list[tuple[Option, Any]]:
    """The options whose value differs from the default, in field order."""
    return [(o, getattr(request, o.name)) for o in fields(request)
            if o.required or getattr(request, o.name) != o.default]

