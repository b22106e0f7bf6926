"""``drawsafe serve``: the phone page and JSON API (library: :mod:`drawsafe.server`, which runs it:
:func:`drawsafe.server.app.serve`; the command's declaration: :mod:`drawsafe.app.registry`)."""

from __future__ import annotations

import logging

from drawsafe.cli.options import Run, note


def check(run: Run) -> None:
    """Before the server starts: where it listens and keeps its events, said on stderr, and its log
    lines on stderr with their time."""
    config, host, port = run.request, run.extra["host"], run.extra["port"]
    if config.public_url is None and host in ("127.0.0.1", "localhost", "::1"):
        note(f"note: listening on {host} only: phones cannot reach it. To give players a link, serve on "
             "--host 0.0.0.0 and give --public-url http://ADDRESS:PORT (the address phones reach)")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    note(f"drawsafe serve: events in {config.data_folder}; listening on "
         f"http://{host}:{port}/ (the kernels warm in the background first)")
