"""Rule packs: a points table and an ordered list of tiebreaks, all run by the same kernels.

``drawsafe rules`` prints this registry.  Every pack ranks by points first, then by its tiebreaks in
order, then at random (exact ties).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim import tiebreaks as tb
from sim.errors import UsageError


@dataclass(frozen=True)
class Tiebreak:
    """One tiebreak: its short key (as on a standings sheet), kernel code and definition."""

    key: str
    code: int
    name: str
    definition: str
    #: Shown as a percentage (a fraction in 0..1) rather than a plain number.
    percent: bool = True


@dataclass(frozen=True)
class RulePack:
    """Points per match result and the ordered tiebreaks that separate equal points."""

    name: str
    description: str
    tiebreaks: tuple[Tiebreak, ...]
    #: Points for a loss, a draw and a win, in the pack's units.
    points: tuple[int, int, int] = (0, 1, 3)
    #: Displayed points are ``points / point_scale`` (chess keeps half points as integers).
    point_scale: int = 1
    #: How unplayed rounds count (value of ``tiebreaks.FLAG_UNPLAYED``; 0 for MTG).
    unplayed: int = 0

    def codes(self) -> np.ndarray:
        """Kernel codes: points first, then the tiebreaks."""
        return np.array([tb.POINTS] + [t.code for t in self.tiebreaks], dtype=np.int64)

    def flags(self, dedupe: bool) -> np.ndarray:
        """The ``flags`` array of :func:`sim.tiebreaks.tiebreak_values` for this pack."""
        flags = np.zeros(tb.N_FLAGS, dtype=np.int64)
        flags[tb.FLAG_DEDUPE] = int(dedupe)
        flags[tb.FLAG_UNPLAYED] = self.unplayed
        return flags

    def points_table(self) -> np.ndarray:
        return np.array(self.points, dtype=np.int64)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.tiebreaks)

    def __repr__(self) -> str:
        return f"RulePack({self.name!r}, tiebreaks={list(self.keys)!r})"


OMW = Tiebreak("OMW", tb.OMW, "Opponents' match-win %",
               "mean of the opponents' match points / (3 x rounds they competed), each at least 1/3; "
               "byes left out")
GW = Tiebreak("GW", tb.GW, "Game-win %",
              "own game points / (3 x games played), at least 1/3 (a bye is a 2-0 win; 0-0-3 is three drawn games)")
GW_RAW = Tiebreak("GW", tb.GW_RAW, "Game-win % (not floored)",
                  "own game points / (3 x games played), no floor (older MTR wording)")
OGW = Tiebreak("OGW", tb.OGW, "Opponents' game-win %",
               "mean of the opponents' game-win %, each at least 1/3; byes left out")

PACKS: dict[str, RulePack] = {}


def register(pack: RulePack) -> RulePack:
    PACKS[pack.name] = pack
    return pack


MTG = register(RulePack("mtg", "Magic Tournament Rules, Appendix C (current): MP, OMW%, GW% (floored), OGW%",
                        (OMW, GW, OGW)))
MTG_CLASSIC = register(RulePack(
    "mtg-classic", "Appendix C, older wording: as mtg, but a player's own GW% is not floored", (OMW, GW_RAW, OGW)))


def get_rules(name: str) -> RulePack:
    """The rule pack called ``name``.

    :raises UsageError: for an unknown name, listing the known ones.
    """
    try:
        return PACKS[name]
    except KeyError:
        raise UsageError(f"unknown rule pack {name!r}; known: {', '.join(PACKS)}") from None
