"""An answer of ``odds`` or ``draw`` with every player's certainty and needs attached.

:func:`certify` takes a command's typed result and returns it wrapped: every attribute reads
through to the answer (views, verdicts and pages read it unchanged), and ``to_json()`` adds, per
player, ``"certainty"`` (clinched / eliminated / open, proven:
:mod:`drawsafe.simulation.certainty`), ``"certainty_if"`` where the own result changes it, and
``"needs"`` (:mod:`drawsafe.simulation.needs`, each with the answer's own figure for its result
beside what is not proven), ``"proven"`` (each of ``draw``'s figures that is proven: clinched or
eliminated), before a round is paired ``"likely_opponents"`` (:mod:`drawsafe.simulation.opponents`),
plus a top-level ``"certainty"`` object saying what was proven and how, and for the player asked
about who has no table in the round, ``"unpaired"`` (why, from the file: :func:`unpaired`).  A
separate step, so the commands only call it last.  Every sentence comes from
:mod:`drawsafe.sentences`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from drawsafe.event import kinds
from drawsafe.event.cut import Cut
from drawsafe.event.model import BYE, HALF_BYE, LOSS, MATCH
from drawsafe.event.snapshot import Snapshot
from drawsafe.sentences import (
    TERMINAL,
    WHY_BYE,
    WHY_CUT,
    WHY_DIVISION,
    WHY_DROPPED,
    WHY_LEFT,
    WHY_LOSS,
    WHY_NEVER,
    WHY_REPORTED,
    certainty_line,
    combined,
    proven_figure,
    unpaired_sentence,
)
from drawsafe.simulation.certainty import OPEN, CertaintyReport, certainty
from drawsafe.simulation.needs import Need, event_needs
from drawsafe.simulation.opponents import likely_opponents
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS, player_records

#: Players whose needs are worked out when no player is asked about (the closest to the line first:
#: open players at open tables, in standings order).
NEEDS_FOR = 12
#: ``draw``'s figures, each with the own results it covers: "play" is every result played out.
FIGURES = {"draw": ("draw",), "win": ("win",), "loss": ("loss",), "play": ("win", "draw", "loss")}


@dataclass(frozen=True)
class Unpaired:
    """Why a player has no table to play in the round (:func:`unpaired`): ``why`` one of
    :data:`drawsafe.sentences.WHY_CUT`, ... and the sentence saying it."""

    player: str
    why: str
    text: str

    def to_json(self) -> dict:
        return {"reason": self.why, "text": self.text}


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
    #: Every player without a table to play in the round, and why (:class:`Unpaired`).
    unpaired: dict[str, Unpaired] = field(default_factory=dict)

    def __getattr__(self, name: str):
        answer = self.__dict__.get("answer")
        if answer is None:
            raise AttributeError(name)
        return getattr(answer, name)

    @property
    def __class__(self):  # isinstance(x, LiveOdds) holds for the answer it wraps
        return type(self.answer)

    def __reduce__(self):
        return (Certified, (self.answer, self.certainty, self.needs, self.player, self.opponents, self.unpaired))

    def to_json(self) -> dict:
        data = self.answer.to_json()
        if not isinstance(data, dict):
            return data
        annotate(data, self.certainty, self.needs, self.opponents)
        if self.player in self.unpaired:
            data["unpaired"] = {self.player: self.unpaired[self.player].to_json()}
        return data

    def proven(self, player: str, figure: str) -> str | None:
        """The word a figure of ``draw`` reads when it is proven ("clinched", "eliminated"), else
        None: ``figure`` "draw", "play", "win", "loss" or "now" (the player's odds overall)."""
        return proven(self.certainty, player, figure)

    def lines(self, player: str | None = None) -> list[str]:
        """The certainty in words for the terminal: the counts, then the asked player's (or each
        player with needs) certainty and needs, and who they likely face next (why the asked player
        has no table is the draw view's own line, said once)."""
        out = [self.certainty.line()]
        player = player or self.player
        names = [player] if player else list(self.needs)
        for name in names:
            pc = self.certainty.of(name)
            if pc is None:
                continue
            out.append("  " + certainty_line(name, pc.certainty, pc.certainty_if))
            out += [f"    {n.sentence(TERMINAL)}" for n in self.needs.get(name, ())]
        if player and player in self.opponents:
            out.append(f"  {player}: {self.opponents[player].sentence()}")
        return out


def proven(report: CertaintyReport, player: str, figure: str) -> str | None:
    """The proven word of one of a player's figures (:meth:`Certified.proven`)."""
    pc = report.of(player)
    if pc is None:
        return None
    if pc.certainty != OPEN or figure == "now":
        return proven_figure(pc.certainty)
    own = [pc.certainty_if.get(r) for r in FIGURES[figure]]
    return proven_figure(combined(own)) if None not in own else None


def player_json(report: CertaintyReport, needs: dict[str, tuple[Need, ...]], opponents: dict | None = None
                ) -> dict[str, dict]:
    """Per player: ``certainty``, ``certainty_if`` (where it differs), ``needs``, ``proven`` (the
    figures of ``draw`` that are proven) and, before a round is paired, ``likely_opponents``."""
    out = {}
    for pc in report.players:
        d = pc.to_json()
        entry = {"certainty": d["certainty"]}
        if "certainty_if" in d:
            entry["certainty_if"] = d["certainty_if"]
        entry["needs"] = [n.to_json() for n in needs.get(pc.player, ())]
        shown = {f: proven(report, pc.player, f) for f in FIGURES}
        if any(shown.values()):
            entry["proven"] = {f: v for f, v in shown.items() if v}
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


def with_figures(needs: dict[str, tuple[Need, ...]], answer: Any) -> dict[str, tuple[Need, ...]]:
    """``needs`` with each need's figure from ``answer``: ``draw``'s P(cut) of the player's own
    result at their table (none where the answer has no table for them, as ``odds``)."""
    figures = {}
    for t in getattr(answer, "tables", ()) or ():
        for x in getattr(t, "players", ()):
            figures[x.player] = {"win": x.win, "draw": x.draw, "loss": x.loss}
    return {p: tuple(replace(n, odds=figures.get(p, {}).get(n.own)) for n in ns) for p, ns in needs.items()}


def unpaired(snap: Snapshot, rules: RulePack) -> dict[str, Unpaired]:
    """Why each player without a table to play in the snapshot's next round has none, from the
    file: a bye or a loss without opponent in it, a result already in, another division of the
    pod, cut after a phase (day 1: their points then, the phase's cut), dropped (said by the file)
    or gone since their last round, never played.  Players at an open table, and before the
    round's pairings are out those still in the event, are not listed."""
    rnd = snap.after_round + 1
    seats = {}
    if snap.next_round is not None:
        for i, m in enumerate(snap.next_round.matches):
            for name in m.players:
                seats[name] = (i + 1, m)
    points_at: dict = {}  # points after each phase's last round, for the players its cut left out
    played_any = snap.kind != kinds.ABSENT
    out = {}
    for p, player in enumerate(snap.names):

        def said(why: str, player=player, **words) -> Unpaired:
            return Unpaired(player, why, unpaired_sentence(player, rnd, why, **words))

        if player in seats:
            number, m = seats[player]
            if m.kind == MATCH and not m.reported:
                continue
            if m.kind in (BYE, HALF_BYE, LOSS):
                out[player] = said(WHY_LOSS if m.kind == LOSS else WHY_BYE)
            else:
                other = m.player_b if m.player_a == player else m.player_a
                out[player] = said(WHY_REPORTED, table=number, opponent=other or "")
            continue
        if snap.next_round is None and snap.active[p]:
            continue
        played = np.flatnonzero(played_any[p])
        missed = phase_cut(snap, rules, p, points_at) if snap.cut_out is not None and snap.cut_out[p] else None
        if snap.ranked is not None and not snap.ranked[p]:
            out[player] = said(WHY_DIVISION, division=snap.event.divisions.get(player, "another"))
        elif missed is not None:
            out[player] = said(WHY_CUT, **missed)
        elif player in snap.event.drops:
            out[player] = said(WHY_DROPPED, last=snap.event.drops[player])
        elif not len(played):
            out[player] = said(WHY_NEVER)
        else:
            out[player] = said(WHY_LEFT, last=int(played[-1]) + 1)
    return out


def phase_cut(snap: Snapshot, rules: RulePack, p: int, points_at: dict) -> dict | None:
    """For player ``p``, cut after a phase: the phase they missed, their points after its last
    round and its cut in words (``points_at``: each phase end's points and who was not in the next
    phase, kept between calls)."""
    swiss, player = snap.event.swiss, snap.names[p]
    for i, k in enumerate(snap.event.phase_starts()):
        if k - 1 >= len(swiss):
            continue
        if k not in points_at:  # once per phase: its points, and who played its last round and the next
            rec = player_records(snap.kind[:, :k - 1], snap.gw[:, :k - 1], snap.gl[:, :k - 1],
                                 snap.gd[:, :k - 1], k - 1, rules.points_table())
            points_at[k] = (rec[:, REC_POINTS], swiss[k - 2].players - swiss[k - 1].players)
        if player in points_at[k][1]:
            cut = snap.event.phases[i].cut
            return {"last": k - 1, "phase": snap.event.phases[i + 1].name,
                    "points": display_points(int(points_at[k][0][p]), rules.point_scale),
                    "cut": cut.label(sentence=True) if cut is not None else ""}
    return None


def certify(answer: Any, snap: Snapshot, rules: RulePack, cut: Cut, player: str | None = None, *,
            last_round: str = "standings", pairing: str | None = None, seed: int = 0) -> Any:
    """``answer`` with every player's certainty and the needs of ``player`` (else of the first
    :data:`NEEDS_FOR` open players at open tables), each need with the answer's figure for its
    result, and why each player without a table has none; ``answer`` unchanged when the snapshot
    crosses a phase (the cut applies after a day 2 this module does not play)."""
    if snap.phase_end:
        return answer
    report = certainty(snap, rules, cut)
    wanted = [player] if player else [p.player for p in report.players
                                      if p.certainty == OPEN and p.certainty_if][:NEEDS_FOR]
    needs = event_needs(snap, rules, cut, report, only=set(wanted)) if wanted else {}
    faced = likely_opponents(snap, rules, seed=seed, last_round=last_round, pairing=pairing)
    return Certified(answer, report, with_figures(needs, answer), player, faced, unpaired(snap, rules))
