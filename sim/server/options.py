"""The query parameters of the API: the fields of the command's request
(:mod:`drawsafe.app.requests`), under the same names, checked the same way and with the same
defaults, so a request gives the command's JSON.

A bad value or an unknown name is an :class:`~drawsafe.app.options.OptionError` (HTTP 422), never
a silent default.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from drawsafe.app import registry
from drawsafe.app.options import OptionError, parse_query

#: Query parameters that are not command options (the label of a raw-body upload).
EXTRA = ("filename",)

__all__ = ["EXTRA", "OptionError", "commands", "parse_options"]


def commands() -> tuple[str, ...]:
    """The commands the API answers with an event file (:func:`drawsafe.app.registry.served`;
    ``field`` takes none)."""
    return tuple(c.name for c in registry.served(event=True))


def parse_options(command: str, query: Mapping[str, str], base: Mapping[str, object] | None = None,
                  max_sims: int | None = None, max_players: int | None = None):
    """The request of ``command``: each option from ``query``, else ``base`` (a published event's
    choices), else the command's default.  ``max_sims`` is the server's limit on simulations per
    job: larger requests are refused, the default cap is lowered to it; ``max_players`` its limit
    on an event's players, also that of a planned one (``field``'s ``players``).  The
    options' own bounds (:data:`drawsafe.choices.MAX_PLAYERS`, ...) are the command line's.

    :raises OptionError: for an unknown name or a bad value.
    """
    kind = registry.served_requests()[command]
    request = parse_query(kind, query, base, ignore=EXTRA, what=command)
    if max_players is not None and getattr(request, "players", 0) > max_players:  # field's planned event
        raise OptionError(f"players: at most {max_players:,} players on this server")
    if max_sims is not None and hasattr(request, "max_sims"):
        for name in ("sims", "max_sims"):
            if name in query and getattr(request, name) > max_sims:
                raise OptionError(f"{name}: at most {max_sims:,} simulations per request on this server")
        if "max_sims" not in query:
            request = dataclasses.replace(request, max_sims=min(request.max_sims, max(max_sims, 1000)))
    return request
