"""How an event is structured by attendance: Swiss rounds and top cut, as each game publishes them.

A :class:`Schedule` is one published table (rows of "up to N players: R Swiss rounds, a Top T"),
with its source.  Rule packs name theirs (:attr:`drawsafe.tiebreaks.packs.RulePack.schedule`);
importers use them where a file does not say how many rounds its event has.

- :data:`APPENDIX_E` (Magic): Magic Tournament Rules, Appendix E, a Top 8 at every size.  A
  player with 1, 2 or 3 awarded byes counts as 2, 4 or 8 players.
- :data:`POKEMON` (Play! Pokémon): the Tournament Rules Handbook's table "Variant #2: TCG Single
  Day", as reproduced in Limitless's organizer documentation (Limitless-TCG/lotp-docs,
  organizer/reference.md, image ``organizer/img/tcg_single_day.webp``; read 2026-12-01)::

    players per age division   4-8  9-12  13-20  21-32  33-64  65-128  129-226  227-409  410+
    Swiss rounds                 3     4      5      5      6       7        8        9     10
    single-elimination rounds    0     2      2      3      3       3        3        3      3

  Two elimination rounds are a Top 4, three a Top 8; 4-8 players have no top cut.  The same
  documentation describes the day 2 of official Regional Championships as "19 points, 32 players"
  (everyone on 19 or more match points advances): a points cut, ``--cut-points 19``.
- :data:`LORCANA`, :data:`SWU`, :data:`DIGIMON`, :data:`FAB`: the other games' tables, with their
  sources (../shared/GAMES.md); Netrunner, One Piece and Yu-Gi-Oh! publish none (the organiser
  sets the rounds and the cut: give ``--rounds`` and ``--top``).
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.errors import UsageError


@dataclass(frozen=True)
class Schedule:
    """A published table of Swiss rounds and top cuts by attendance.

    ``rows``: (most players, Swiss rounds, top cut) in increasing order, the last row open-ended
    (``None``).  Below ``min_players`` the table says nothing; ``small_rounds`` then gives
    ``players - 1`` rounds (at least 1), enough to meet everyone once, instead of an error.
    ``byes_count``: a player with k awarded byes counts as 2**k players (Appendix E).
    """

    name: str
    source: str
    rows: tuple[tuple[int | None, int, int], ...]
    min_players: int
    small_rounds: bool = False
    byes_count: bool = False

    def effective(self, players: int, awarded_byes: dict[str, int] | None = None) -> int:
        if not self.byes_count:
            return players
        return players + sum(2 ** min(max(b, 0), 3) - 1 for b in (awarded_byes or {}).values())

    def row(self, players: int, awarded_byes: dict[str, int] | None = None) -> tuple[int, int]:
        """(Swiss rounds, top cut) for ``players``.

        :raises UsageError: below the table's first row (unless ``small_rounds``)."""
        effective = self.effective(players, awarded_byes)
        if effective < self.min_players:
            if self.small_rounds:
                return max(1, effective - 1), 0
            raise UsageError(f"the {self.source} table starts at {self.min_players} players; this "
                             f"division has {players}: give --rounds and --top")
        for most, rounds, top in self.rows:
            if most is None or effective <= most:
                return rounds, top
        raise AssertionError("unreachable: the table's last row is open-ended")

    def rounds(self, players: int, awarded_byes: dict[str, int] | None = None) -> int:
        return self.row(players, awarded_byes)[0]

    def top(self, players: int) -> int:
        return self.row(players)[1]


APPENDIX_E = Schedule(
    "Appendix E", "Magic Tournament Rules, Appendix E (a Top 8 at every size)",
    ((8, 3, 8), (16, 4, 8), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8), (None, 10, 8)),
    min_players=5, small_rounds=True, byes_count=True)
POKEMON = Schedule(
    "Play! Pokémon", "Play! Pokémon Tournament Rules Handbook, 'Variant #2: TCG Single Day' (as "
    "reproduced in Limitless-TCG/lotp-docs organizer/reference.md)",
    ((8, 3, 0), (12, 4, 4), (20, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8),
     (None, 10, 8)),
    min_players=4)


#: Disney Lorcana Tournament Rules (07/2026) §3.2: 8 players 3 rounds and no cut, then as below (a
#: cut is required only at Competitive and Premier events; GAMES.md).  Riftbound's Carde.io events
#: use the same table here (its rules give no table; not established).
LORCANA = Schedule(
    "Lorcana", "Disney Lorcana Tournament Rules 07/2026, section 3.2",
    ((8, 3, 0), (16, 4, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (None, 9, 8)),
    min_players=4, small_rounds=True)
#: Star Wars: Unlimited store events (Store Showdown: 8 players 3 rounds, 9-16: 4, 17-32: 5) and a
#: Planetary Qualifier's 6-7 rounds with a Top 8; above 32 players Appendix E's rows stand in (not
#: established for the game).
SWU = Schedule(
    "Star Wars: Unlimited", "Star Wars: Unlimited organiser pages (Store Showdown rounds; above 32 "
    "players Magic's Appendix E stands in, not established for the game)",
    ((8, 3, 8), (16, 4, 8), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8), (None, 10, 8)),
    min_players=4, small_rounds=True)
#: Digimon Card Game (secondary source, GAMES.md): up to 8 players 3 rounds ... 410+: 10; a Top 8
#: (the cut is not established; Appendix E's Top 8 stands in).
DIGIMON = Schedule(
    "Digimon", "Digimon Card Game tournament rules (secondary source; the Top 8 is not established)",
    ((8, 3, 8), (16, 4, 8), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8), (None, 10, 8)),
    min_players=4, small_rounds=True)
#: Flesh and Blood Tournament Rules and Policy, Appendix A.2 (secondary source): up to 8 players 3
#: rounds and no cut; 9-16: 5 rounds (4 in some Limited events) and a Top 8 (or 4); then a Top 8;
#: the table's last row (385-736: 10 rounds) stands for every larger event.
FAB = Schedule(
    "Flesh and Blood", "Flesh and Blood Tournament Rules and Policy, Appendix A.2 (secondary source)",
    ((8, 3, 0), (16, 5, 8), (32, 5, 8), (64, 6, 8), (128, 7, 8), (224, 8, 8), (384, 9, 8), (None, 10, 8)),
    min_players=4, small_rounds=True)


def recommended_rounds(players: int, awarded_byes: dict[str, int] | None = None) -> int:
    """Swiss rounds Appendix E recommends for an event with a Top 8.

    A player with 1, 2 or 3 awarded byes counts as 2, 4 or 8 players.  The table starts at 5
    players; smaller events get ``players - 1`` rounds (at least 1), enough to meet everyone once.
    For 9-16 players the table allows 4 or 5 rounds; this returns 4 (give ``--rounds 5`` otherwise).

    >>> recommended_rounds(120)
    7
    >>> recommended_rounds(63, {"A": 1, "B": 2})
    7
    """
    return APPENDIX_E.rounds(players, awarded_byes)
