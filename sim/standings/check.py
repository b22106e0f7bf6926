"""Compare computed standings with the standings an event file publishes, and explain differences.

A judge runs ``drawsafe standings FILE --check``: every published row whose points, record or
tiebreaks differ from the exact recomputation is listed, with the most likely reason, found by
recomputing under each known publisher behaviour and seeing which one reproduces the published
figures:

``playoff``   the published values count the playoff matches (a repeated opponent once), for the
              player or for their opponents (melee.gg publishes after the playoff);
``floor``     the published own GW% uses the other floor variant (floored at 1/3 or not);
``frozen``    the values were computed after an earlier round (dropped players, two-phase events);
``unknown``   none of these reproduces the published figure.

Published percentages are compared at the published precision (see :func:`agrees`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from drawsafe.event.model import Event, PublishedStanding
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.standings.table import records, tiebreak_table
from drawsafe.tiebreaks.packs import RulePack, get_rules

FIELDS = ("omw", "gw", "ogw")


@dataclass(frozen=True)
class Disagreement:
    """One published row that the recomputation does not reproduce."""

    player: str
    rank: int
    #: Field -> (computed, published), for each field that differs.
    fields: dict[str, tuple[float, float]]
    reason: str
    explanation: str

    def to_json(self) -> dict:
        return {"player": self.player, "published_rank": self.rank, "reason": self.reason,
                "explanation": self.explanation,
                "fields": {k: {"computed": a, "published": b} for k, (a, b) in self.fields.items()}}


@dataclass(frozen=True)
class CheckReport:
    """The outcome of comparing with the published standings."""

    compared: int
    disagreements: tuple[Disagreement, ...]
    precision: int
    missing: tuple[str, ...] = field(default=())
    #: What was compared and how, where a file keeps less than the figures need (TopDeck, MTGO).
    notes: tuple[str, ...] = field(default=())
    #: What was compared: "rows" (published standings rows) or "final places" (TOM, Limitless,
    #: pokedata: :func:`drawsafe.standings.places.check_places`).
    what: str = "rows"

    @property
    def agreed(self) -> int:
        return self.compared - len(self.disagreements)

    def headline(self) -> str:
        if self.what == "rows":
            return (f"checked {self.compared} published rows at {self.precision} decimals: "
                    f"{self.agreed} agree, {len(self.disagreements)} differ")
        return (f"checked {self.compared} published {self.what} (rank order, the top cut as a group, "
                f"exact ties either way): {self.agreed} agree, {len(self.disagreements)} differ")

    def to_json(self) -> dict:
        out = {"compared": self.compared, "agreed": self.agreed, "precision": self.precision,
               "disagreements": [d.to_json() for d in self.disagreements],
               "missing": list(self.missing)}
        if self.notes:  # only where a file keeps less than the figures need
            out["notes"] = list(self.notes)
        if self.what != "rows":
            out["what"] = self.what
        return out


def one_reason_per_swap(found: list[Disagreement], key: str = "rank") -> list[Disagreement]:
    """Two players published in each other's places (``key``: (here, published)) differ for one
    reason, so both get the same one: a reason naming a figure (a wrong OMW% moves the other
    player too) over "order", said of the player it is about; two "order" reasons become one
    sentence about the pair."""
    out = list(found)
    at = {d.fields[key][0]: i for i, d in enumerate(out) if key in d.fields}
    for i, d in enumerate(out):
        j = at.get(d.fields[key][1]) if key in d.fields else None
        if j is None or j <= i or out[j].fields[key][1] != d.fields[key][0]:
            continue
        e = out[j]
        if (d.reason, d.explanation) == (e.reason, e.explanation):
            continue
        main = d if d.reason != "order" or e.reason == "order" else e
        pair = f"{d.player} and {e.player} are published in each other's places"
        text = f"{pair}: {main.explanation}" if main.reason == "order" else \
            f"{main.explanation} ({main.player}; {pair})"
        out[i] = replace(d, reason=main.reason, explanation=text)
        out[j] = replace(e, reason=main.reason, explanation=text)
    return out


def agrees(value: float, published: float, decimals: int) -> bool:
    """True when ``published`` is ``value`` at ``decimals`` places, as the publisher rounds.

    Accepted roundings: half up, truncation, and half up after a first rounding to one more
    decimal (melee.gg averages already-rounded figures; all three occur in its files).
    """
    target = round(published * 10.0**decimals)
    return target in publisher_roundings(value, decimals)


def publisher_roundings(value: float, decimals: int) -> set[int]:
    """``value`` scaled by ``10**decimals`` and made whole in each way a publisher does."""
    eps = 1e-6  # absorbs binary rounding error of the scaled value, far below one unit
    scaled = value * 10.0**decimals
    finer = math.floor(value * 10.0 ** (decimals + 1) + 0.5 + eps)
    return {math.floor(scaled + 0.5 + eps), math.floor(scaled + eps), math.floor(finer / 10 + 0.5 + eps)}


class Model:
    """Points, record and tiebreaks of every player under one way of computing them."""

    def __init__(self, snap: Snapshot, rules: RulePack, dedupe: bool | None = None):
        self.snap = snap
        self.keys = tiebreak_table(snap, rules, dedupe)
        self.rec = records(snap)
        self.rules = rules

    def values(self, player: str) -> dict[str, float]:
        """Points, the published-table fields omw/gw/ogw (the pack's first three tiebreaks, as
        Magic's standings print them) and every tiebreak by its key."""
        i = self.snap.index[player]
        row = self.keys[i].tolist()
        out = dict(zip(("points",) + FIELDS, row))
        out.update((t.key, v) for t, v in zip(self.rules.tiebreaks, row[1:]))
        return out

    def record(self, player: str) -> tuple[int, int, int]:
        i = self.snap.index[player]
        return tuple(int(x) for x in self.rec[i])

    def differences(self, row: PublishedStanding, decimals: int, only: tuple[str, ...] | None = None) -> dict:
        """The published fields of ``row`` that differ (all of them, or those of ``only``).  A field
        the file does not publish (None, NaN) is not compared, nor a value of ``row.values`` whose
        key is not one of the pack's tiebreaks."""
        v = self.values(row.player)
        out = {}
        if only is None or "points" in only:
            points = v["points"] / self.rules.point_scale
            if row.points is not None and points != row.points:
                out["points"] = (points, float(row.points))
            rec = self.record(row.player)
            if row.wins is not None and rec != (row.wins, row.losses, row.draws):
                out["record"] = ("-".join(map(str, rec)), f"{row.wins}-{row.losses}-{row.draws}")
        for f in FIELDS if only is None else only:
            published = getattr(row, f, None)
            if f != "points" and published is not None and not math.isnan(published) and \
                    not agrees(v[f], published, decimals):
                out[f] = (v[f], published)
        keys = {t.key for t in self.rules.tiebreaks}
        for k, published in row.values.items():
            if k in keys and (only is None or k in only) and not math.isnan(published) and \
                    not close(v[k], published, decimals):
                out[k] = (v[k], published)
        return out


def close(value: float, published: float, decimals: int) -> bool:
    """A published figure kept to many places (cobra's SOS) agrees within ``10**-decimals``, or
    rounded to ``decimals`` places as :func:`agrees` accepts."""
    return abs(value - published) <= 10.0**-decimals or agrees(value, published, decimals)


def check_standings(event: Event, snap: Snapshot, rules: RulePack) -> CheckReport:
    """Compare ``event.standings`` with the recomputation of ``snap`` under ``rules``."""
    published = event.standings or ()
    decimals = event.precision or infer_precision(published)
    base = Model(snap, rules)
    alternatives = Alternatives(event, snap, rules)
    found, missing = [], []
    for row in published:
        if row.player not in snap.index:
            missing.append(row.player)
            continue
        diff = base.differences(row, decimals)
        if diff:
            reason, text = alternatives.explain(row, diff, decimals)
            found.append(Disagreement(row.player, row.rank, diff, reason, text))
    return CheckReport(len(published) - len(missing), tuple(found), decimals, tuple(missing))


class Alternatives:
    """The other ways a publisher may have computed the figures, built only when needed."""

    def __init__(self, event: Event, snap: Snapshot, rules: RulePack):
        self.event, self.snap, self.rules = event, snap, rules
        self.cache: dict[str, Model] = {}

    def model(self, name: str) -> Model | None:
        if name not in self.cache:
            self.cache[name] = self.build(name)
        return self.cache[name]

    def build(self, name: str) -> Model | None:
        # the pack's other own-GW% floor variant (mtg <-> mtg-classic), when it has one
        other = get_rules(self.rules.floor_variant) if self.rules.floor_variant else None
        if name == "playoff":
            if not self.event.playoff:
                return None
            snap = take_snapshot(self.event, self.snap.after_round, include_playoff=True)
            return Model(snap, self.rules, dedupe=True)
        if name == "playoff+floor":
            if not self.event.playoff or other is None:
                return None
            snap = take_snapshot(self.event, self.snap.after_round, include_playoff=True)
            return Model(snap, other, dedupe=True)
        if name == "floor":
            return Model(self.snap, other) if other is not None else None
        if name.startswith("after"):
            k = int(name[5:])
            return Model(take_snapshot(self.event, k), self.rules)
        return None

    def explain(self, row: PublishedStanding, diff: dict, decimals: int) -> tuple[str, str]:
        for name, reason, text in (
            ("floor", "floor", ("the published own GW% uses the other 1/3-floor variant "
                                f"({self.rules.floor_variant_text})")),
            ("playoff", "playoff", "the published figures count the playoff matches"),
            ("playoff+floor", "playoff", ("the published figures count the playoff matches and use the "
                                          "other own-GW% floor variant")),
        ):
            m = self.model(name)
            if m is not None and not m.differences(row, decimals):
                return reason, text
        if set(diff) <= set(FIELDS) | set(row.values):
            for k in range(self.snap.after_round - 1, 0, -1):
                m = self.model(f"after{k}")
                if not m.differences(row, decimals, only=tuple(diff)):
                    return "frozen", f"the published figures are those after round {k}"
        return "unknown", "no known publisher behaviour reproduces the published figures"


def infer_precision(rows) -> int:
    best = 0
    for r in rows:
        for f in FIELDS:
            if getattr(r, f) is None or math.isnan(getattr(r, f)):
                continue
            text = repr(getattr(r, f))
            if "." in text and "e" not in text:
                best = max(best, len(text.split(".")[1]))
    return best or 6



