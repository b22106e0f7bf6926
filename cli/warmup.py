"""``drawsafe warmup``: compile every kernel the other commands need (library:
:mod:`drawsafe.engine.warmup`)."""

from __future__ import annotations

import click

from drawsafe.cli.options import friendly_errors, note
from drawsafe.cli.render import emit_json


@click.command()
@click.option("--pack", "packs", multiple=True, type=click.Choice(["mtg", "fide"]),
              help="Only the kernels of this rule pack's family (repeatable); default: mtg and fide "
                   "(the chess packs).")
@click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout (notes go to stderr).")
@friendly_errors
def warmup(packs, as_json):
    """Compile the simulation kernels now, so that the first real run answers at once.

    For install scripts and container images: the compiled kernels are kept in the cache folder
    (NUMBA_CACHE_DIR, else ~/.cache/drawsafe) and loaded by every later run.  Says how long it took;
    a second warmup finds everything cached and takes a second or two.
    """
    from drawsafe.cli.simopts import Progress
    from drawsafe.engine.warmup import PACKS, warm_up

    bar = Progress("warming up", delay=0.0)
    try:
        report = warm_up(bar, tuple(packs) or PACKS)
    finally:
        bar.close()
    if as_json:
        emit_json(report.to_json())
        return
    where = report.cache_dir or "memory only (the cache folder cannot be written)"
    if report.compiled:
        note(f"compiled {len(report.compiled)} kernels in {report.compile_seconds:.1f} s "
             f"({report.seconds:.1f} s in all); cached in {where}")
    else:
        note(f"every kernel was already compiled ({report.seconds:.1f} s); cache: {where}")
