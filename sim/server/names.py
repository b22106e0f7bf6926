"""The phone page's player look-up: the library's (:mod:`drawsafe.event.names`), which the command
line's ``--player`` uses too."""

from drawsafe.event.names import Lookup, find_player, fold

__all__ = ["Lookup", "find_player", "fold"]
