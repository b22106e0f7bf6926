"""``drawsafe warmup``: compile every kernel the other commands need (library:
:mod:`drawsafe.app.warmup`)."""

from __future__ import annotations

import click

from drawsafe.app.requests import WarmupRequest
from drawsafe.cli.options import friendly_errors, json_option, note, request_of, request_options
from drawsafe.cli.progress import ProgressBar
from drawsafe.cli.render import emit_json


@click.command()
@request_options(WarmupRequest)
@json_option
@friendly_errors
def warmup(as_json, **params):
    """Compile the simulation kernels now, so that the first real run answers at once.

    drawsafe ships its kernels compiled: an installation of a release compiles nothing, and warmup
    only loads them.  Kernels compile on first use when the shipped ones do not apply (a source
    tree with edited kernels, another numba or Python): for install scripts and container images
    of such an installation, the compiled kernels are kept in the cache folder (NUMBA_CACHE_DIR,
    else ~/.cache/drawsafe) and loaded by every later run.  Says what it compiled and how long it
    took (--json: every kernel compiled).
    """
    from drawsafe.app.warmup import warm_up  # lazy: numba

    request = request_of(WarmupRequest, params)
    bar = ProgressBar("warming up", delay=0.0)
    try:
        report = warm_up(bar, request.pack)
    finally:
        bar.close()
    if as_json:
        emit_json(report.to_json())
        return
    where = report.cache_dir or "memory only (the cache folder cannot be written)"
    if report.compiled:
        note(f"compiled {len(report.compiled)} kernels in {report.compile_seconds:.1f} s "
             f"({report.seconds:.1f} s in all); cached in {where}")
    elif report.shipped:
        note(f"nothing to compile: the kernels shipped with drawsafe loaded ({report.seconds:.1f} s); "
             f"cache: {where}")
    else:
        note(f"every kernel was already compiled ({report.seconds:.1f} s); cache: {where}")
