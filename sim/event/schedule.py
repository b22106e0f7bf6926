"""How many Swiss rounds an event has: Magic Tournament Rules, Appendix E."""

from __future__ import annotations

#: (largest effective player count, Swiss rounds), Appendix E with a Top 8.
APPENDIX_E = ((8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


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
    effective = players + sum(2 ** min(max(b, 0), 3) - 1 for b in (awarded_byes or {}).values())
    if effective < 5:
        return max(1, effective - 1)
    for limit, rounds in APPENDIX_E:
        if effective <= limit:
            return rounds
    return 10
