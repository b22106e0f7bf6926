"""An answer of ``odds`` or ``draw`` with every player's certainty and needs attached.

:func:`certify` takes a command's typed result and returns it wrapped: every attribute reads
through to the answer (views, verdicts and pages read it unchanged), and ``to_json()`` adds, per
player, ``"certainty"`` (clinched / eliminated / open, proven:
:mod:`drawsafe.simulation.certainty`), ``"certainty_if"`` where the own result changes it, and
``"needs"`` (:mod:`drawsafe.simulation.needs`), before a round is paired ``"likely_opponents"``
(:mod:`drawsafe.simulation.opponents`), plus a top-level ``"certainty"`` object saying what
was proven and how.  A separate step, so the commands only call it last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import Snapshot
from drawsafe.simulation.certainty import OPEN, CertaintyReport, certainty
from drawsafe.simulation.needs import Need, event_needs
from drawsafe.simulation.opponents import likely_opponents
from drawsafe.tiebreaks.packs import RulePack

#: Players whose needs are worked out when no player is asked about (the closest to the line first:
#: open players at open tables, in standings order).
NEEDS_FOR = 12


@dataclass(frozen=True)
class Certified:
    """``answer`` with ``certainty`` (every player) and ``needs`` (player: their needs)."""

    answer: Any
    certainty: CertaintyReport
    needs: dict[str, tuple[Need, ...]] = field(default_factory=dict)
    #: The player asked about (their line comes first), if any.
    player: str | None = None
    #: Before a round is paired: each player's likely opponents in it
    #: (:mod:`drawsafe.simulation.opponents`).
    opponents: dict = field(default_factory=dict)

    def __getattr__(self, name: str):
        answer = self.__dict__.get("answer")
        if answer is None:
            raise AttributeError(name)
        return getattr(answer, name)

    @property
    def __class__(self):  # isinstance(x, LiveOdds) holds for the answer it wraps
        return type(self.answer)

    def __reduce__(self):
        return (Certified, (self.answer, self.certainty, self.needs, self.player, self.opponents))

    def to_json(self) -> dict:
        data = self.answer.to_json()
        if not isinstance(data, dict):
            return data
        annotate(data, self.certainty, self.needs, self.opponents)
        return data

    def lines(self, player: str | None = None) -> list[str]:
        """The certainty in words for the terminal: the counts, then the asked player's (or each
        player with needs) certainty and needs."""
        out = [self.certainty.line()]
        player = player or self.player
        names = [player] if player else list(self.needs)
        for name in names:
            pc = self.certainty.of(name)
            if pc is None:
                continue
            ifs = "; ".join(f"{v} if you {'lose' if r == 'loss' else r}" for r, v in pc.certainty_if.items()
                            if v != OPEN)
            out.append(f"  {name}: {pc.certainty}" + (f" ({ifs})" if ifs and pc.certainty == OPEN else ""))
            out += [f"    {n.sentence()}" for n in self.needs.get(name, ())]
        if player and player in self.opponents:
            out.append(f"  {player}, next: {self.opponents[player].sentence()}")
        return out


def player_json(report: CertaintyReport, needs: dict[str, tuple[Need, ...]], opponents: dict | None = None
                ) -> dict[str, dict]:
    """Per player: ``certainty``, ``certainty_if`` (where it differs), ``needs`` and, before a
    round is paired, ``likely_opponents``."""
    out = {}
    for pc in report.players:
        d = pc.to_json()
        entry = {"certainty": d["certainty"]}
        if "certainty_if" in d:
            entry["certainty_if"] = d["certainty_if"]
        entry["needs"] = [n.to_json() for n in needs.get(pc.player, ())]
        if opponents and pc.player in opponents:
            entry["likely_opponents"] = opponents[pc.player].to_json()
        out[pc.player] = entry
    return out


def annotate(data: dict, report: CertaintyReport, needs: dict[str, tuple[Need, ...]],
             opponents: dict | None = None) -> None:
    """Add the certainty to a command's JSON: a top-level ``certainty`` object, and each entry of a
    ``players`` list (odds) or of each table's ``players`` (draw) keyed by ``player``."""
    per = player_json(report, needs, opponents)
    top = report.to_json()
    for p in top["players"]:
        p["needs"] = per[p["player"]]["needs"]
        if "likely_opponents" in per[p["player"]]:
            p["likely_opponents"] = per[p["player"]]["likely_opponents"]
    data["certainty"] = top

    def visit(entries):
        for e in entries:
            if isinstance(e, dict) and e.get("player") in per:
                e.update(per[e["player"]])

    if isinstance(data.get("players"), list):
        visit(data["players"])
    for t in data.get("tables", []) or []:
        if isinstance(t, dict) and isinstance(t.get("players"), list):
            visit(t["players"])


def certify(answer: Any, snap: Snapshot, rules: RulePack, cut: Cut, player: str | None = None, *,
            last_round: str = "standings", pairing: str | None = None, seed: int = 0) -> Any:
    """``answer`` with every player's certainty and the needs of ``player`` (else of the first
    :data:`NEEDS_FOR` open players at open tables); ``answer`` unchanged when the snapshot crosses a
    phase (the cut applies after a day 2 this module does not play)."""
    if snap.phase_end:
        return answer
    report = certainty(snap, rules, cut)
    wanted = [player] if player else [p.player for p in report.players
                                      if p.certainty == OPEN and p.certainty_if][:NEEDS_FOR]
    needs = event_needs(snap, rules, cut, report, only=set(wanted)) if wanted else {}
    faced = likely_opponents(snap, rules, seed=seed, last_round=last_round, pairing=pairing)
    return Certified(answer, report, needs, player, faced)
