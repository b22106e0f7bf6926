"""Top cuts and Swiss rounds by attendance, per rule pack (``--top auto``), with their sources.

Pokémon (pack ``pokemon``): the Play! Pokémon Tournament Rules Handbook's table "Variant #2: TCG
Single Day", as reproduced in Limitless's organizer documentation (Limitless-TCG/lotp-docs,
organizer/reference.md, image ``organizer/img/tcg_single_day.webp``; read 2026-12-01):

    players per age division   4-8  9-12  13-20  21-32  33-64  65-128  129-226  227-409  410+
    Swiss rounds                 3     4      5      5      6       7        8        9     10
    single-elimination rounds    0     2      2      3      3       3        3        3      3

Two elimination rounds are a Top 4, three a Top 8; 4-8 players have no top cut.  The same
documentation describes the day 2 of official Regional Championships as "19 points, 32 players"
(everyone on 19 or more match points advances, at least 32 players): a points cut, ``--cut-points
19`` (the 32-player minimum is not modelled).

Magic (``mtg``, ``mtg-classic``): Magic Tournament Rules, Appendix E: a Top 8 at every size of
the table (the brief's text).  Chess packs: no published attendance table of top cuts was found, so
``--top auto`` asks for ``--top``.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.errors import UsageError

POKEMON_SOURCE = ("Play! Pokémon Tournament Rules Handbook, 'Variant #2: TCG Single Day' (as reproduced "
                  "in Limitless-TCG/lotp-docs organizer/reference.md)")
#: (most players, Swiss rounds, top cut) rows of the Pokémon table; the last row is open-ended.
POKEMON_TABLE = ((8, 3, 0), (12, 4, 4), (20, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8),
                 (409, 9, 8), (None, 10, 8))
POKEMON_MIN_PLAYERS = 4
MTG_SOURCE = "Magic Tournament Rules, Appendix E (a Top 8 at every size)"


@dataclass(frozen=True)
class CutChoice:
    """The top cut chosen for an event, and where it comes from (for the user)."""

    top: int
    source: str


def pokemon_row(players: int) -> tuple[int, int]:
    """(Swiss rounds, top cut) of the Pokémon table for ``players`` in a division."""
    if players < POKEMON_MIN_PLAYERS:
        raise UsageError(f"the Play! Pokémon table starts at {POKEMON_MIN_PLAYERS} players; this division "
                         f"has {players}: give --rounds and --top")
    for most, rounds, top in POKEMON_TABLE:
        if most is None or players <= most:
            return rounds, top
    raise AssertionError("unreachable: the table's last row is open-ended")


def pokemon_rounds(players: int) -> int:
    return pokemon_row(players)[0]


def auto_top(pack_name: str, players: int, file_cut: int | None = None) -> CutChoice:
    """The top cut of ``--top auto``: the file's own announced cut when it has one, else the pack's
    attendance table.

    :raises UsageError: when the pack has no published table (chess) or the table has no top cut
        at this size; the message asks for ``--top``.
    """
    if file_cut:
        return CutChoice(file_cut, "the file's announced top cut")
    if pack_name.startswith("pokemon"):
        top = pokemon_row(players)[1]
        if top == 0:
            raise UsageError(f"--top auto: {POKEMON_SOURCE} has no top cut for {players} players (Swiss "
                             "standings decide); give --top N")
        return CutChoice(top, f"{POKEMON_SOURCE}: Top {top} for {players} players")
    if pack_name.startswith("mtg"):
        return CutChoice(8, MTG_SOURCE)
    raise UsageError(f"--top auto: no published table of top cuts by attendance was found for the "
                     f"{pack_name} pack; give --top N")
