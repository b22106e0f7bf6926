"""The top cut of ``--top auto``: the file's announced cut, else the pack's table by attendance.

The tables and their sources are :mod:`drawsafe.event.schedule`'s (Magic: Appendix E, a Top 8 at
every size; Pokémon: the Play! Pokémon table); a pack without one (chess: no published table of
top cuts by attendance was found) asks for ``--top``.
"""

from __future__ import annotations

from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.tiebreaks.packs import RulePack


def auto_top(rules: RulePack, players: int, file_cut: int | None = None) -> Cut:
    """The top cut of ``--top auto``: the file's own announced cut when it has one, else the pack's
    attendance table (:attr:`~drawsafe.tiebreaks.packs.RulePack.schedule`); its note says which,
    for the user ("Top 8 (the file's announced top cut)").

    :raises UsageError: when the pack has no published table (chess) or the table has no top cut
        at this size; the message asks for ``--top``.
    """
    if file_cut:
        return chosen(file_cut, "the file's announced top cut")
    table = rules.schedule
    if table is None:
        raise UsageError(f"--top auto: no published table of top cuts by attendance was found for the "
                         f"{rules.name} pack; give --top N")
    if len({row[2] for row in table.rows}) == 1:  # one cut at every size (Appendix E)
        return chosen(table.rows[0][2], table.source)
    top = table.top(players)
    if top == 0:
        raise UsageError(f"--top auto: {table.source} has no top cut for {players} players (Swiss "
                         "standings decide); give --top N")
    return chosen(top, f"{table.source}: Top {top} for {players} players")


def chosen(top: int, source: str) -> Cut:
    """A Top ``top`` noted with where it comes from."""
    cut = Cut(top)
    return Cut(top, note=f"{cut.label()} ({source})")
