"""Words for the report: whom to root for, lists, plurals, tiebreak labels (its figures are written
by :mod:`drawsafe.text`, as every view writes them)."""

from __future__ import annotations

from drawsafe.report.rooting import RootingTable
from drawsafe.text import change_interval, odds_change


def effect_text(r: RootingTable) -> str:
    """"root for X: +3.1 pp [+0.2, +6.0]": the effect on the chosen player's P(cut) in percentage
    points, from X's side, with its simultaneous 95% interval; "not clear: ..." when it spans 0."""
    ci = r.effect_ci
    if r.root_for is None:
        return f"not clear: {odds_change(r.effect)} pp {change_interval(ci.low, ci.high)}"
    sign = 1 if r.root_for == r.player_a else -1
    low, high = sorted((sign * ci.low, sign * ci.high))
    return f"root for {r.root_for}: {odds_change(sign * r.effect)} pp {change_interval(low, high)}"


def join(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def tiebreak_label(tb) -> str:
    """"OMW%" for a percentage tiebreak, the bare key otherwise."""
    return tb.key + ("%" if tb.percent else "")
