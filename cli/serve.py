"""``drawsafe serve``: the phone page and JSON API (library: :mod:`drawsafe.server`)."""

from __future__ import annotations

import logging
import threading

import click

from drawsafe.cli.options import friendly_errors, note, request_of, request_options
from drawsafe.server.config import ServerConfig


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 to reach it from phones on the same network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@request_options(ServerConfig)
@friendly_errors
def serve(host, port, **params):
    """The phone page players use between rounds, and a JSON API.

    The scorekeeper publishes the event at http://HOST:PORT/ and updates it after each round;
    players open its link (or QR code), type their name and read their table's verdict.  The API
    answers POST /api/draw (and /standings, /pairings, /odds, /report, GET /api/field) with the
    same JSON as `drawsafe draw --json`; options are query parameters named as the command line's
    (after_round, top, sims, ...).  The server listens at once and warms the kernels first thing
    (GET /healthz says "kernels": "warming", then "warm"); a question asked meanwhile waits for it.
    """
    import uvicorn

    from drawsafe.server import create_app

    config = request_of(ServerConfig, params)
    if config.public_url is None and host in ("127.0.0.1", "localhost", "::1"):
        note(f"note: listening on {host} only: phones cannot reach it. To give players a link, serve on "
             "--host 0.0.0.0 and give --public-url http://ADDRESS:PORT (the address phones reach)")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    note(f"drawsafe serve: events in {config.data_folder}; listening on "
         f"http://{host}:{port}/ (the kernels warm in the background first)")
    app = create_app(config)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, access_log=False, log_level="info",
                                           timeout_graceful_shutdown=5))
    exit_as_asked = server.handle_exit

    def handle_exit(sig, frame):
        # Stop the workers first, so that every request waiting on them is answered (503) within
        # the graceful shutdown instead of being cancelled with a traceback; a thread, because the
        # job queue's locks may be held by the code this signal interrupted.
        threading.Thread(target=app.service.jobs.close, name="drawsafe-close", daemon=True).start()
        exit_as_asked(sig, frame)

    server.handle_exit = handle_exit
    server.run()
