"""drawsafe: exact Swiss standings and Monte Carlo odds of making the cut ("can we draw in?").

The public API (:mod:`drawsafe.app.context`)::

    import drawsafe

    event = drawsafe.open_event("event.json")   # a path, bytes, text=..., a dict, or None: the sample
    event.standings()                           # exact standings, every tiebreak
    event.check()                               # against the standings the file publishes
    event.pairings()                            # the next round's pairings
    event.odds(top=8, seed=1)                   # P(cut) of every player, with 95% intervals
    event.draw(player="Alice")                  # draw or play, table by table
    event.report("report.html")                 # the plotted HTML report

Subpackages, by layer (each imports only those before it): ``event`` (the model, snapshots,
``event.io`` importers), ``tiebreaks`` (tiebreak kernels, rule packs), ``standings``, ``pairing``,
``engine`` (the Monte Carlo kernels), ``simulation`` (odds, draw decisions), ``report``,
``planning`` (before the event), ``app`` (requests and the commands), ``server`` and ``cli``.
Names load on first use, so ``import drawsafe`` stays cheap (the command line's ``--help`` never
waits for numba).
"""

from __future__ import annotations

__all__ = ["DrawsafeError", "EventContext", "InputError", "UsageError", "open_event"]


def __getattr__(name: str):
    if name in ("DrawsafeError", "InputError", "UsageError"):
        from drawsafe import errors

        return getattr(errors, name)
    if name in ("EventContext", "open_event"):
        from drawsafe.app import context

        return getattr(context, name)
    raise AttributeError(f"module 'drawsafe' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
