"""Numbers and verdicts as every view writes them: the terminal (``drawsafe.cli``), the server's
pages and the report all take their percentages, intervals, odds changes, points, tiebreak values
and verdict words from here, so a figure reads the same wherever it is shown.

Where two views show a figure differently on purpose, each way is a style of its own, named for
what it shows:

- a probability: :func:`whole_percent` for a player at a glance (the phone card, the verdict
  sentences: "80%", ">99%"), :func:`percent` in the tables (fixed decimals), :func:`exact_percent`
  for a figure counted exactly rather than simulated (two decimals, never rounded to 0% or 100%);
- with its 95% interval: :func:`proportion_text` on the terminal ("48.90% [47.31%, 50.40%]"),
  :func:`proportion_brief` in the report ("48.9% [47.3–50.4%]"), :func:`interval_range` on the pages
  (the interval alone, from the JSON's pair), :func:`fraction_interval` in ``calibrate`` (fractions);
- a change of odds in percentage points: :func:`odds_change`, :func:`change_interval`,
  :func:`paired_difference`;
- points: :func:`points_text` (the pack's scale, aligned in a column), :func:`number` (as short as
  it goes); a tiebreak: :func:`tiebreak_value`; a sentence's first word: :func:`sentence_start`;
  an estimated run time: :func:`duration`; when a page was updated: :func:`clock` and
  :func:`round_progress` ("updated 06:42 UTC · round 15: results 37 of 488 in");
- a verdict of ``drawsafe draw``: :data:`VERDICT_WORDS`, how each is said on the terminal, on the
  pages and in the report;
- JSON: :func:`interval_json`, :func:`proportion_json`.

It imports nothing heavy (the command line loads it before any simulation): the figures it takes
are :class:`~drawsafe.stats.Proportion`-like objects (``estimate``, ``k``, ``n``,
``confidence_interval()``) and plain floats.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from drawsafe.choices import VERDICTS

#: A figure that does not exist (no simulation reached it, a file does not publish it): an ASCII
#: hyphen on the terminal (plain text in any encoding), an en dash on the pages and in the report.
NO_FIGURE = "-"
NO_FIGURE_PAGE = "–"
#: :func:`whole_percent` says "100%" and "0%" only when exactly so; ">99%" and "<1%" near the ends.
HIGH, LOW = 0.995, 0.005


def whole_percent(x: float | None) -> str:
    """A probability as a player reads it: whole percents, ">99%" and "<1%" near the ends (the
    phone card, the verdict sentences); ``None``: :data:`NO_FIGURE_PAGE`.

    Examples::

        >>> [whole_percent(x) for x in (0.8049, 0.996, 1.0, 0.004, 0.0)]
        ['80%', '>99%', '100%', '<1%', '0%']
        >>> whole_percent(None)
        '–'
    """
    if x is None:
        return NO_FIGURE_PAGE
    value = 100 * x
    if value >= 100:
        return "100%"
    if x >= HIGH:
        return ">99%"
    if value <= 0:
        return "0%"
    if x < LOW:
        return "<1%"
    return f"{value:.0f}%"


def percent(x: float, decimals: int = 1) -> str:
    """A probability as the tables show it: a fixed number of decimals.

    Examples::

        >>> percent(0.48912), percent(0.48912, 2), percent(0.99, 0)
        ('48.9%', '48.91%', '99%')
    """
    return f"{100 * x:.{decimals}f}%"


def exact_percent(x: float | None) -> str:
    """An exact probability (every outcome counted, no simulation): two decimals, never rounded to
    0% or 100% unless it is; ``None``: :data:`NO_FIGURE`.

    Examples::

        >>> [exact_percent(x) for x in (0.0, 1.0, 0.41666, 0.00004, 0.99999)]
        ['0%', '100%', '41.67%', '<0.01%', '>99.99%']
    """
    if x is None:
        return NO_FIGURE
    if x in (0.0, 1.0):
        return f"{100 * x:.0f}%"
    value = 100 * x
    if value < 0.01:
        return "<0.01%"
    if value > 99.99:
        return ">99.99%"
    return f"{value:.2f}%"


def interval(ci, decimals: int = 2) -> str:
    """A 95% interval (``low``, ``high``) as the terminal's tables show it.

    Examples::

        >>> from drawsafe.stats import ConfidenceInterval
        >>> interval(ConfidenceInterval(0.4731, 0.504))
        '[47.31%, 50.40%]'
    """
    return f"[{percent(ci.low, decimals)}, {percent(ci.high, decimals)}]"


def proportion_text(p) -> str:
    """A simulated probability with its 95% interval, as the terminal's tables show it;
    :data:`NO_FIGURE` without simulations.

    Examples::

        >>> from drawsafe.stats import Proportion
        >>> proportion_text(Proportion(978, 2000))
        '48.90% [46.71%, 51.09%]'
        >>> proportion_text(Proportion(0, 0))
        '-'
    """
    if p.n == 0:
        return NO_FIGURE
    return f"{percent(p.estimate, 2)} {interval(p.confidence_interval())}"


def proportion_brief(p, decimals: int = 1) -> str:
    """A simulated probability with its 95% interval, as the report writes it;
    :data:`NO_FIGURE_PAGE` without simulations.  One more decimal when the whole interval is
    within half a unit of 0% or 100%, so that "100.0% [100.0–100.0%]" reads
    "100.00% [99.99–100.00%]".

    Examples::

        >>> from drawsafe.stats import Proportion
        >>> proportion_brief(Proportion(978, 2000)), proportion_brief(Proportion(40000, 40000))
        ('48.9% [46.7–51.1%]', '100.00% [99.99–100.00%]')
    """
    if p.n == 0:
        return NO_FIGURE_PAGE
    ci = p.confidence_interval()
    if ci.high <= 0.5 * 10 ** -(decimals + 2) or ci.low >= 1 - 0.5 * 10 ** -(decimals + 2):
        decimals += 1
    return f"{percent(p.estimate, decimals)} [{100 * ci.low:.{decimals}f}–{percent(ci.high, decimals)}]"


def interval_end(x: float) -> str:
    """One end of an interval on the pages: a percentage (no sign) with one decimal, two near 0%
    and 100% (so that 99.81% is not shown as 100.0%), none when exactly 0 or 100.

    Examples::

        >>> [interval_end(x) for x in (0.0, 0.0012, 0.4731, 0.9981, 1.0)]
        ['0', '0.12', '47.3', '99.81', '100']
    """
    value = 100 * x
    if value in (0.0, 100.0):
        return f"{value:.0f}"
    return f"{value:.2f}" if value < 1 or value > 99 else f"{value:.1f}"


def interval_range(pair) -> str:
    """A 95% interval on the pages, from the JSON's ``[low, high]``; "" without one.

    Examples::

        >>> interval_range([0.4731, 0.504]), interval_range(None)
        ('47.3–50.4%', '')
    """
    if not pair:
        return ""
    low, high = pair
    return f"{interval_end(low)}–{interval_end(high)}%"


def fraction_interval(ci, digits: int = 4) -> str:
    """A 95% interval of a fraction or a score (``calibrate``'s Brier scores, its reliability
    bands), not in percent.

    Examples::

        >>> from drawsafe.stats import ConfidenceInterval
        >>> fraction_interval(ConfidenceInterval(0.1234567, 0.2345678))
        '[0.1235, 0.2346]'
        >>> fraction_interval(ConfidenceInterval(0, 1), 3)
        '[0.000, 1.000]'
    """
    return f"[{ci.low:.{digits}f}, {ci.high:.{digits}f}]"


def odds_change(x: float) -> str:
    """A change of a probability in percentage points, signed, one decimal.

    Examples::

        >>> odds_change(0.031), odds_change(-0.0004)
        ('+3.1', '-0.0')
    """
    return f"{100 * x:+.1f}"


def change_interval(low: float, high: float) -> str:
    """The 95% interval of a change of odds, in signed percentage points.

    Examples::

        >>> change_interval(0.002, 0.06)
        '[+0.2, +6.0]'
    """
    return f"[{odds_change(low)}, {odds_change(high)}]"


def paired_difference(d) -> str:
    """A paired difference of probabilities (:class:`~drawsafe.stats.PairedDifference`: draw
    against play, the same simulations) in percentage points, with its 95% interval.

    Examples::

        >>> from drawsafe.stats import PairedDifference
        >>> paired_difference(PairedDifference(0.031, 0.5, 2000))
        '+3.1 [+0.9, +5.3]'
    """
    ci = d.confidence_interval()
    return f"{odds_change(d.mean)} {change_interval(ci.low, ci.high)}"


def points_text(points: float, scale: int) -> str:
    """Points in a pack's scale, aligned in a column: whole numbers where a match scores whole
    points (Magic: 9), one decimal where it scores halves (chess: 2.5, 3.0).

    Examples::

        >>> points_text(9, 1), points_text(2.5, 2), points_text(3, 2)
        ('9', '2.5', '3.0')
    """
    return f"{points:.1f}" if scale > 1 else str(points)


def record_text(wins: int | None, losses: int | None, draws: int | None) -> str:
    """A record as a standings table shows it, W-L-D; :data:`NO_FIGURE` where the file publishes
    none (a chess-results ranking alone has points and tie-breaks only).

    Examples::

        >>> record_text(3, 1, 0), record_text(None, None, None)
        ('3-1-0', '-')
    """
    return NO_FIGURE if wins is None else f"{wins}-{losses}-{draws}"


def number(x) -> str:
    """A number as short as it goes (the pages' points: 3, 2.5); anything else as it is.

    Examples::

        >>> number(3.0), number(2.5), number(16), number("BYE")
        ('3', '2.5', '16', 'BYE')
    """
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def duration(seconds: float) -> str:
    """An estimated run time in the unit that reads best: seconds up to 90, then minutes, hours (one
    decimal) from 90 minutes, days from 36 hours.

    Examples::

        >>> duration(45), duration(300), duration(5400), duration(2_000_000)
        ('45 s', '5 minutes', '1.5 hours', '23 days')
    """
    if seconds < 90:
        return f"{max(seconds, 1):.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 36 * 3600:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:,.0f} days"


def round_progress(round_number: int, tables: int, results: int) -> str:
    """How far the round being played has come, as a page's "updated" line says it: its tables
    (byes not counted) and the results in of them.

    Examples::

        >>> round_progress(15, 488, 37), round_progress(15, 0, 0), round_progress(15, 488, 0)
        ('round 15: results 37 of 488 in', 'round 15: pairings not out yet', 'round 15: pairings out, no result in yet')
        >>> round_progress(15, 488, 488)
        'round 15: every result in'
    """
    if tables <= 0:
        return f"round {round_number}: pairings not out yet"
    if results <= 0:
        return f"round {round_number}: pairings out, no result in yet"
    if results >= tables:
        return f"round {round_number}: every result in"
    return f"round {round_number}: results {results:,} of {tables:,} in"


def clock(seconds: float) -> str:
    """A moment (seconds since the epoch) as a page's "updated 06:42 UTC" says it: hours and
    minutes in UTC (the server does not know the reader's time zone; the page's script shows
    the phone's own time).

    Examples::

        >>> clock(0), clock(86400 + 6 * 3600 + 42 * 60 + 59)
        ('00:00 UTC', '06:42 UTC')
    """
    return time.strftime("%H:%M UTC", time.gmtime(seconds))


def sentence_start(text: str) -> str:
    """``text`` starting a sentence: its first letter in upper case, every other as written
    (``str.capitalize`` and Jinja's ``capitalize`` lower the rest: "the Top 8" read "The top 8",
    and every name in a condition was lowercased).

    Examples::

        >>> sentence_start("the last player in the Top 8"), sentence_start("if you lose: Edwin Lopez")
        ('The last player in the Top 8', 'If you lose: Edwin Lopez')
    """
    return text[:1].upper() + text[1:]


def tiebreak_value(value: float | None, is_percent: bool, decimals: int | None = None) -> str:
    """A tiebreak's value as a standings table shows it (the terminal's and the pages'): a
    percentage with four decimals (41.6667), another value with the tiebreak's own decimals
    (:attr:`~drawsafe.tiebreaks.packs.Tiebreak.decimals`, default 2: Buchholz 12.5, a rating 2126);
    :data:`NO_FIGURE` for a figure the file does not publish (NaN, or ``None`` in the JSON).

    Examples::

        >>> tiebreak_value(5 / 12, True), tiebreak_value(12.5, False, 1), tiebreak_value(2126.0, False, 0)
        ('41.6667', '12.5', '2126')
        >>> tiebreak_value(float("nan"), False, 1), tiebreak_value(None, True)
        ('-', '-')
    """
    if value is None or math.isnan(value):
        return NO_FIGURE
    if is_percent:
        return f"{100 * value:.4f}"
    return f"{value:.{decimals if decimals is not None else 2}f}"


def tiebreak_name(key: str, is_percent: bool) -> str:
    """A tiebreak named in a sentence: its key, with "%" for a percentage whose key does not say
    it already (its P).

    Examples::

        >>> tiebreak_name("OMW", True), tiebreak_name("OWP", True), tiebreak_name("BH", False)
        ('OMW%', 'OWP', 'BH')
    """
    return key + "%" if is_percent and not key.endswith("P") else key


def interval_json(ci) -> list[float]:
    """A 95% interval in the JSON answers: ``[low, high]``."""
    return [ci.low, ci.high]


def proportion_json(p) -> dict:
    """A proportion in the JSON answers: its estimate (``None`` without a trial), ``k`` of ``n``
    and its 95% interval.

    Examples::

        >>> from drawsafe.stats import Proportion
        >>> proportion_json(Proportion(1, 2))["estimate"], proportion_json(Proportion(0, 0))["estimate"]
        (0.5, None)
    """
    return {"estimate": p.estimate if p.n else None, "k": p.k, "n": p.n,
            "ci95": interval_json(p.confidence_interval())}


@dataclass(frozen=True)
class VerdictWords:
    """How one verdict of ``drawsafe draw`` is said in each view."""

    #: The terminal's label after a table's players, and its colour there (rich style).
    label: str
    colour: str
    #: The headline of the phone card and of the pages' draw table; ``{player}``: the player a
    #: draw helps.
    headline: str
    #: The card's CSS class (``verdict-<class>``, static/app.css).
    page_class: str
    #: What the report's summary calls the tables of this verdict; ``None``: its sentence names
    #: the one player a draw helps instead.
    report: str | None
    #: The headline when a draw helps one player and costs the other nothing (draw is better
    #: for both, only one of them gaining clearly); ``None``: :attr:`headline` says it.
    headline_one_gains: str | None = None


#: How each verdict (:data:`drawsafe.choices.VERDICTS`, best for drawing first) is said.
VERDICT_WORDS: dict[str, VerdictWords] = dict(zip(VERDICTS, (
    VerdictWords("SAFE TO DRAW", "bold green", "Safe to draw", "safe", "Safe to draw"),
    VerdictWords("DRAW IS BETTER FOR BOTH", "green", "Drawing is better for both of you", "draw",
                 "Drawing is better for both", headline_one_gains="Drawing helps, and costs nothing"),
    VerdictWords("DRAW IS BETTER FOR ONE PLAYER ONLY", "yellow", "Drawing helps {player} only", "draw", None),
    VerdictWords("PLAY", "bold red", "Play it out", "play", "Play it out"),
    VerdictWords("NOTHING AT STAKE", "dim", "Nothing at stake", "note", "Nothing at stake"),
), strict=True))
