"""The event's cut when ``--top`` does not say (``--top auto``, the default): the cut the file or
the platform announces, else the pack's table by attendance, else a Top 8.

The tables and their sources are :mod:`drawsafe.event.schedule`'s (Magic: Appendix E, a Top 8 at
every size; Pokémon: the Play! Pokémon table); a pack without one (chess: no published table of
top cuts by attendance was found) answers for a Top 8 and says so.
"""

from __future__ import annotations

from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.model import Event
from drawsafe.tiebreaks.packs import RulePack

#: What the note of a cut chosen for the user ends with.
CHANGE = "--top N to change"


def announced(event: Event) -> tuple[int, str] | None:
    """The top cut the file or its platform announces, with where it says so: its own announced cut
    (cobra's ``cutToTop``, TOM's finals options, Play Hub's ``top_cut_size``, a pokedata or
    Limitless top cut), else the size of the top cut it played (its first playoff round: a
    finished melee.gg event replayed with ``--after-round``); None when it says nothing."""
    if event.top_cut:
        return event.top_cut, "as the file announces"
    if event.playoff:
        first = event.playoff[0]
        size = sum(2 if m.player_b is not None else 1 for m in first.matches)
        if size >= 2:
            return size, "as the top cut the file played shows"
    return None


def auto_top(rules: RulePack, players: int, file_cut: int | None = None, strict: bool = True,
             said: str = "as the file announces") -> Cut:
    """The top cut of ``--top auto``: the file's own announced cut (``file_cut``, ``said`` saying
    where it comes from) when it has one, else the pack's attendance table
    (:attr:`~drawsafe.tiebreaks.packs.RulePack.schedule`), else (not ``strict``) a Top 8; its note
    says which, for the user ("Top 16, as the file announces (--top N to change)").

    :raises UsageError: when ``strict`` and the pack has no published table (chess) or the table has
        no top cut at this size; the message asks for ``--top``.
    """
    if file_cut:
        return chosen(file_cut, said)
    table = rules.schedule
    if table is None:
        if strict:
            raise UsageError(f"--top auto: no published table of top cuts by attendance was found for the "
                             f"{rules.name} pack; give --top N")
        return chosen(8, f"nothing announces the event's cut and the {rules.name} pack has no table of cuts "
                         "by attendance")
    if len({row[2] for row in table.rows}) == 1:  # one cut at every size (Appendix E)
        return chosen(table.rows[0][2], f"by {table.source}")
    try:
        top = table.top(players)
    except UsageError:
        if strict:
            raise
        top = 0
    if top == 0:
        if strict:
            raise UsageError(f"--top auto: {table.source} has no top cut for {players} players (Swiss "
                             "standings decide); give --top N")
        return chosen(8, f"nothing announces the event's cut and {table.source} has no top cut for {players} "
                         "players")
    return chosen(top, f"by {table.source} for {players} players")


def event_cut(event: Event, rules: RulePack, players: int) -> Cut:
    """The event's own cut, for a question that does not give ``--top``: :func:`announced`, else
    the pack's table, else a Top 8 (:func:`auto_top`, never refusing)."""
    said = announced(event)
    return auto_top(rules, players, said[0] if said else None, strict=False,
                    said=said[1] if said else "as the file announces")


def chosen(top: int, source: str) -> Cut:
    """A Top ``top`` noted with where it comes from and how to change it."""
    cut = Cut(top)
    return Cut(top, note=f"{cut.label()}, {source} ({CHANGE})")
