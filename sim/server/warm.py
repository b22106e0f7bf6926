"""Warming the kernels before the server listens, so the first player does not wait for numba."""

from __future__ import annotations


def warm() -> str:
    """Load (or compile) every kernel a request uses (:func:`drawsafe.engine.warmup.warm_up`);
    returns how the simulations run in parallel, for ``/healthz`` and the log."""
    import numba

    from drawsafe.engine.warmup import warm_up

    warm_up()
    return f"{numba.get_num_threads()} threads (drawsafe.jit.in_chunks)"
