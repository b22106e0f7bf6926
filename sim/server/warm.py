"""Warming the kernels before the server listens, so the first player does not wait for numba."""

from __future__ import annotations


def warm() -> str:
    """Load (or compile) every kernel a request uses; returns the numba threading layer in use.

    Uses ``drawsafe.engine.warmup.warm_up`` when the library has it, else :func:`_warm`.
    """
    try:
        from drawsafe.engine.warmup import warm_up
    except ImportError:
        _warm()
    else:
        warm_up()
    return threading_layer()


def _warm() -> None:
    """Standings and a tiny draw on the embedded sample event (touches the tiebreak, pairing and
    simulation kernels); a stand-in until ``drawsafe.engine.warmup`` is merged."""
    from drawsafe.event.context import open_event
    from drawsafe.simulation.decisions import draw_decisions
    from drawsafe.simulation.odds import compute_odds
    from drawsafe.simulation.simulator import SimConfig

    ctx = open_event(None)
    ctx.standings(0)
    compute_odds(ctx.snapshot, ctx.rules, SimConfig(), sims=200, precision=None, seed=0)
    draw_decisions(ctx.snapshot, ctx.rules, SimConfig(), others="none", sims=200, precision=None, seed=0)


def threading_layer() -> str:
    import numba

    try:
        return numba.threading_layer()
    except ValueError:  # no parallel region has run yet
        return "none yet"
