"""The query parameters of the API: the command line's options, under the same names, checked the
same way (ranges, choices) and with the same defaults, so a request gives the command's JSON.

A bad value or an unknown name is an :class:`OptionError` (HTTP 422), never a silent default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from drawsafe.choices import (
    DEFAULT_OTHERS,
    FORMATS,
    FUTURE_DRAWS,
    LAST_ROUND,
    OTHERS,
    PAIRINGS,
    RESULT_MODELS,
)

COMMANDS = ("standings", "pairings", "odds", "draw", "report")


class OptionError(ValueError):
    """A query parameter the command does not take, or a value it does not accept."""


def top_value(text: str) -> int | str:
    """``top``: a whole number from 1, or ``auto`` (as the command line's ``--top``)."""
    value = text.strip().lower()
    if value == "auto":
        return "auto"
    if value.isdigit() and int(value) >= 1:
        return int(value)
    raise ValueError(text)


top_value.__name__ = "cut size (a whole number from 1, or auto)"


@dataclass(frozen=True)
class Option:
    name: str
    kind: type  # int, float, str or bool
    default: object = None
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    choices: tuple[str, ...] | None = None
    help: str = ""

    def parse(self, text: str):
        if self.kind is bool:
            value = text.strip().lower()
            if value in ("1", "true", "yes", "on", ""):
                return True
            if value in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"{self.name}: {text!r} is not true or false")
        if self.kind is str:
            if self.choices is not None and text not in self.choices:
                raise OptionError(f"{self.name}: {text!r} is not one of {', '.join(self.choices)}")
            if len(text) > 200:
                raise OptionError(f"{self.name}: the value is too long")
            return text
        try:
            value = self.kind(text)
        except ValueError:
            raise OptionError(f"{self.name}: {text!r} is not a valid {self.kind.__name__}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise OptionError(f"{self.name}: {text!r} is not a finite number")
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            raise OptionError(f"{self.name}: {text} is not in the range {self.range()}")
        if self.high is not None and (value > self.high or (self.high_open and value == self.high)):
            raise OptionError(f"{self.name}: {text} is not in the range {self.range()}")
        return value

    def range(self) -> str:
        low = "" if self.low is None else f"{self.low:g}{'<' if self.low_open else '<='}"
        high = "" if self.high is None else f"{'<' if self.high_open else '<='}{self.high:g}"
        return f"{low}x{high}"


EVENT = (
    Option("format", str, "auto", choices=FORMATS, help="Input format; auto decides by content."),
    Option("rules", str, None, help="Rule pack (GET /api/rules); default: what the file suggests, else mtg."),
    Option("tiebreaks", str, None, help="Replace the pack's tiebreaks, e.g. BH-C1,BH,SB,WIN."),
    Option("rounds", int, None, low=1, help="Swiss rounds in the event (default: from the file)."),
    Option("after_round", int, None, low=0, help="Use the results of Swiss rounds 1..R only."),
    Option("seed", int, 0, help="Random seed: the same seed gives the same output."),
)
SIM = (
    Option("top", top_value, 8, help="Size of the cut, or auto (the file's cut, else the pack's table)."),
    Option("cut_points", float, None, low=0, high=10_000,
           help="A points cut instead (day 2): everyone on at least this many points advances."),
    Option("sims", int, None, low=1, help="Exactly this many simulations (default: adapt to precision)."),
    Option("precision", float, 0.005, low=0, low_open=True, high=0.5,
           help="Simulate until every 95% interval has at most this half-width."),
    Option("max_sims", int, 2_000_000, low=1000, help="Cap on simulations when adapting to precision."),
    Option("last_round", str, None, choices=LAST_ROUND,
           help="How the last Swiss round is paired (default: the rule pack's)."),
    Option("model", str, None, choices=RESULT_MODELS, help="Who wins a played match."),
    Option("draw_share", float, None, low=0, high=1, high_open=True,
           help="Share of played matches ending in an unintentional draw."),
    Option("pairing", str, None, choices=PAIRINGS, help="How simulated rounds are paired."),
    Option("future_draws", str, "safe", choices=FUTURE_DRAWS,
           help="Intentional draws in the last round of a simulated future."),
)
DRAW = (
    Option("player", str, None, help="Only this player's table (name exactly as in the file)."),
    Option("safe", float, 0.99, low=0, low_open=True, high=1, help="Cut odds from which a draw is safe."),
    Option("others", str, DEFAULT_OTHERS, choices=OTHERS, help="Other tables' intentional draws."),
)
PER_COMMAND: dict[str, tuple[Option, ...]] = {
    "standings": EVENT + (Option("check", bool, False,
                                 help="Compare with the standings published in the file."),),
    "pairings": EVENT + (Option("last_round", str, None, choices=LAST_ROUND,
                                help="How the last Swiss round is paired (default: the rule pack's)."),
                         Option("pairing", str, None, choices=PAIRINGS,
                                help="mtg or dutch; default: the rule pack's.")),
    "odds": EVENT + SIM,
    "draw": EVENT + SIM + DRAW,
    "report": EVENT + SIM + DRAW,
}
#: Query parameters that are not command options (the label of a raw-body upload).
EXTRA = ("filename",)


def parse_options(command: str, query: Mapping[str, str], base: Mapping[str, object] | None = None,
                  max_sims: int | None = None) -> dict[str, object]:
    """Every option of ``command`` with its value: from ``query``, else ``base`` (a published
    event's choices), else the command line's default.  ``max_sims`` is the server's limit on
    simulations per job: larger requests are refused, the default cap is lowered to it.

    :raises OptionError: for an unknown name or a bad value.
    """
    spec = {o.name: o for o in PER_COMMAND[command]}
    for name in query:
        if name not in spec and name not in EXTRA:
            raise OptionError(f"unknown option {name!r} for {command}; it takes "
                              f"{', '.join(spec)}")
    values: dict[str, object] = {}
    for name, option in spec.items():
        if name in query:
            values[name] = option.parse(query[name])
        elif base is not None and name in base:
            values[name] = base[name]
        else:
            values[name] = option.default
    if max_sims is not None and "max_sims" in spec:
        for name in ("sims", "max_sims"):
            if name in query and values[name] > max_sims:
                raise OptionError(f"{name}: at most {max_sims:,} simulations per request on this server")
        if "max_sims" not in query:
            values["max_sims"] = min(values["max_sims"], max(max_sims, 1000))
    return values
