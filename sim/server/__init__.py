"""``drawsafe serve``: the phone page and the JSON API on a real web server (Starlette + uvicorn).

:func:`create_app` builds the ASGI application from a :class:`ServerConfig`; the answers are those
of the command line's ``--json`` (:mod:`drawsafe.server.questions`), the published events live in
SQLite (:mod:`drawsafe.server.store`), and every simulation runs in one worker thread behind a
bounded, de-duplicating, caching queue (:mod:`drawsafe.server.jobs`).
"""

from drawsafe.server.app import create_app
from drawsafe.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
