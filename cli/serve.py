"""``drawsafe serve``: the phone page and JSON API (library: :mod:`drawsafe.server`)."""

from __future__ import annotations

import logging

import click

from drawsafe.cli.options import friendly_errors, note


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 to reach it from phones on the same network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--data", "data_dir", type=click.Path(file_okay=False), default=None,
              help="Folder of the published events' database (default: the user data folder, "
                   "$XDG_DATA_HOME/drawsafe or ~/.local/share/drawsafe).")
@click.option("--expire-days", type=click.FloatRange(min=0, min_open=True), default=7.0, show_default=True,
              help="Published events are deleted this many days after their last update.")
@click.option("--max-body", type=click.IntRange(min=1024), default=5 * 1024 * 1024, show_default=True,
              help="Largest request body in bytes (HTTP 413 above).")
@click.option("--max-players", type=click.IntRange(min=2), default=20_000, show_default=True,
              help="Largest event in players (HTTP 413 above).")
@click.option("--max-sims", type=click.IntRange(min=1000), default=2_000_000, show_default=True,
              help="Most simulations one request may ask for (HTTP 422 above; caps max_sims).")
@click.option("--queue", "max_queue", type=click.IntRange(min=1), default=16, show_default=True,
              help="Jobs allowed to wait behind the running one (HTTP 503 with Retry-After when full).")
@click.option("--job-time", type=click.FloatRange(min=1), default=300.0, show_default=True,
              help="Seconds after which a running job is stopped (HTTP 503).")
@click.option("--cache", "cache_entries", type=click.IntRange(min=0), default=256, show_default=True,
              help="Answers kept in memory, by (event content, options).")
@friendly_errors
def serve(host, port, data_dir, expire_days, max_body, max_players, max_sims, max_queue, job_time,
          cache_entries):
    """The phone page players use between rounds, and a JSON API.

    The scorekeeper publishes the event at http://HOST:PORT/ and updates it after each round;
    players open its link (or QR code), type their name and read their table's verdict.  The API
    answers POST /api/draw (and /standings, /pairings, /odds, /report) with the same JSON as
    `drawsafe draw --json`; options are query parameters named as the command line's
    (after_round, top, sims, ...).  Kernels are warmed before the server listens.
    """
    import uvicorn

    from drawsafe.server import ServerConfig, create_app
    from drawsafe.server.store import default_data_dir

    config = ServerConfig(data_dir=data_dir or default_data_dir(), expire_days=expire_days,
                          max_body=max_body, max_players=max_players, max_sims=max_sims,
                          max_queue=max_queue, job_time=job_time, cache_entries=cache_entries)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    note(f"drawsafe serve: events in {config.data_dir}; warming the kernels, then listening on "
         f"http://{host}:{port}/")
    uvicorn.run(create_app(config), host=host, port=port, access_log=False, log_level="info",
                timeout_graceful_shutdown=5)
