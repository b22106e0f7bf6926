"""``drawsafe serve``: the phone page and the JSON API on a real web server (Starlette + uvicorn).

:func:`create_app` builds the ASGI application from a :class:`ServerConfig`; the answers are those
of the command line's ``--json`` (:mod:`drawsafe.app.commands`, rendered by
:mod:`drawsafe.server.questions`), the published events live in SQLite (:mod:`drawsafe.server.store`),
and every library call runs in a worker process the server can stop (:mod:`drawsafe.server.workers`),
behind bounded, de-duplicating, caching queues: one lane for the simulations, one for what only
reads the event (:mod:`drawsafe.server.jobs`).  Names load on first use: ``drawsafe serve --help`` reads the
settings (:mod:`drawsafe.server.config`) without loading the web stack.
"""

from __future__ import annotations

__all__ = ["ServerConfig", "create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from drawsafe.server.app import create_app

        return create_app
    if name == "ServerConfig":
        from drawsafe.server.config import ServerConfig

        return ServerConfig
    raise AttributeError(f"module 'drawsafe.server' has no attribute {name!r}")
