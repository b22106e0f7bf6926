"""Numbers in words for the report: percentages with their 95% intervals, effects, lists."""

from __future__ import annotations

from drawsafe.report.rooting import RootingTable
from drawsafe.stats import PairedDifference, Proportion


def pct(x: float, decimals: int = 1) -> str:
    return f"{100 * x:.{decimals}f}%"


def prop_text(p: Proportion, decimals: int = 1) -> str:
    """"48.9% [47.3–50.4%]": the estimate and its 95% (Wilson) interval; "–" without simulations.

    One more decimal when the whole interval is within half a unit of 0% or 100%, so that
    "100.0% [100.0–100.0%]" reads "100.00% [99.99–100.00%]"."""
    if p.n == 0:
        return "–"
    ci = p.confidence_interval()
    if ci.high <= 0.5 * 10 ** -(decimals + 2) or ci.low >= 1 - 0.5 * 10 ** -(decimals + 2):
        decimals += 1
    return f"{pct(p.estimate, decimals)} [{100 * ci.low:.{decimals}f}–{pct(ci.high, decimals)}]"


def difference_text(d: PairedDifference) -> str:
    """A paired difference of probabilities in percentage points, with its 95% interval."""
    ci = d.confidence_interval()
    return f"{100 * d.mean:+.1f} [{100 * ci.low:+.1f}, {100 * ci.high:+.1f}]"


def effect_text(r: RootingTable) -> str:
    """"root for X: +3.1 pp [+0.2, +6.0]": the effect on the chosen player's P(cut) in percentage
    points, from X's side, with its simultaneous 95% interval; "not clear: ..." when it spans 0."""
    lo, hi = 100 * r.effect_ci.low, 100 * r.effect_ci.high
    if r.root_for is None:
        return f"not clear: {100 * r.effect:+.1f} pp [{lo:+.1f}, {hi:+.1f}]"
    sign = 1 if r.root_for == r.player_a else -1
    a, b = sorted((sign * lo, sign * hi))
    return f"root for {r.root_for}: {sign * 100 * r.effect:+.1f} pp [{a:+.1f}, {b:+.1f}]"


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
