"""The application layer: each command a typed request, run by one function, shared by the
command line, the server and the library.

- :mod:`drawsafe.app.requests`: a frozen dataclass per command, every option declared once
  (:mod:`drawsafe.app.options`: type, default, range, help);
- :mod:`drawsafe.app.opened`: :class:`~drawsafe.app.opened.OpenedEvent`, the event opened (its
  snapshot and rule pack) and the building blocks the commands are made of;
- :mod:`drawsafe.app.context`: :func:`open_event` and :class:`EventContext`, the library's facade;
- :mod:`drawsafe.app.registry`: each command declared once (its request, its function, and what the
  command line, the server and the manual make of it);
- :mod:`drawsafe.app.commands`: one function per command, returning the typed result and its notes
  (:mod:`drawsafe.app.utilities`: those of ``rules``, ``generate`` and ``warmup``);
- :mod:`drawsafe.app.warmup`, :mod:`drawsafe.app.ahead`, :mod:`drawsafe.app.compiling`: compiling
  the kernels ahead of use, on a second core, and saying so.

Names load on first use (the command line builds its options from the requests without loading
numba).
"""

from __future__ import annotations

__all__ = ["EventContext", "Outcome", "open_event", "requests"]


def __getattr__(name: str):
    if name in ("EventContext", "open_event"):
        from drawsafe.app import context

        return getattr(context, name)
    if name == "Outcome":
        from drawsafe.app.commands import Outcome

        return Outcome
    if name == "requests":
        from drawsafe.app import requests

        return requests
    raise AttributeError(f"module 'drawsafe.app' has no attribute {name!r}")
