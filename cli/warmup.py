"""``drawsafe warmup``: compile every kernel the other commands need (library:
:mod:`drawsafe.app.warmup`; the command's declaration: :mod:`drawsafe.app.registry`)."""

from __future__ import annotations

from drawsafe.cli.options import Run, note


def render(report, run: Run) -> None:
    """What was compiled (or loaded), how long it took, and where the kernels are kept."""
    where = report.cache_dir or "memory only (the cache folder cannot be written)"
    if report.compiled:
        note(f"compiled {len(report.compiled)} kernels in {report.compile_seconds:.1f} s "
             f"({report.seconds:.1f} s in all); cached in {where}")
    elif report.shipped:
        note(f"nothing to compile: the kernels shipped with drawsafe loaded ({report.seconds:.1f} s); "
             f"cache: {where}")
    else:
        note(f"every kernel was already compiled ({report.seconds:.1f} s); cache: {where}")
