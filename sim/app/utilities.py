"""The commands that read no event and ask no question of one: ``rules``, ``generate``, ``warmup``
(their declarations: :mod:`drawsafe.app.registry`).

Kept apart from :mod:`drawsafe.app.commands`, which loads the event layers: ``drawsafe rules``
loads the rule packs only.
"""

from __future__ import annotations

from drawsafe.app.registry import Outcome
from drawsafe.app.requests import GenerateRequest, RulesRequest, WarmupRequest
from drawsafe.progress import Progress


def rules(request: RulesRequest, say=None) -> Outcome:
    """The rule packs and tiebreak keys (:class:`~drawsafe.tiebreaks.catalogue.Catalogue`)."""
    from drawsafe.tiebreaks.catalogue import catalogue  # lazy: numpy, for the packs' kernels

    return Outcome(catalogue())


def generate(request: GenerateRequest, say=None) -> Outcome:
    """A synthetic event (:class:`~drawsafe.event.model.Event`) played with the simulation engine."""
    from drawsafe.simulation.generate import generate_event  # lazy: the simulation layer
    from drawsafe.tiebreaks.packs import get_rules

    return Outcome(generate_event(request.players, request.rounds, request.played, request.seed,
                                  get_rules(request.rules)))


def warmup(request: WarmupRequest, progress: Progress | None = None, say=None) -> Outcome:
    """Every kernel the commands use loaded, or compiled where the cache lacks it
    (:class:`~drawsafe.app.warmup.WarmupReport`)."""
    from drawsafe.app.warmup import warm_up  # lazy: numba

    return Outcome(warm_up(progress, request.pack))
