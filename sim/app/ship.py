"""The compiled kernels shipped with the package: build them, and check that they cover the commands.

A first run on a fresh install would compile every kernel (about a minute per game on two cores).
The package therefore ships them compiled (``data/kernels/<key>.zip``, ``<key>`` the
:func:`drawsafe.jit.cache_key` of the sources they were compiled from, for the portable CPU of
:data:`drawsafe.jit.DEFAULT_TARGET`); :mod:`drawsafe.jit` unpacks the archive into the cache folder on
the first run when its key is the installation's.  Built by a developer after a change to a kernel
(a test says when the archive no longer matches the sources)::

    python3 -m drawsafe.app.ship            # compile in a fresh cache, archive, check the archive

:func:`build` compiles by running, in a child process with an empty cache: every step of
``drawsafe warmup`` (every warm pack), then the commands a user meets first on the files in
:data:`FIRST_RUNS` (the embedded sample, a Pokémon TOM file, a chess TRF, ``field``, ``report``).
:func:`check` runs the same commands in another child whose cache starts from the archive alone and
lists any kernel that still compiles (none, for the archive to be shipped).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from drawsafe import jit

#: Source tree folder with the test files the first runs read (absent from an installed package).
TESTS_DATA = jit.PACKAGE.parent / "tests" / "data"
#: Command lines (``drawsafe`` arguments) run after the warm-up, ``{data}`` standing for
#: :data:`TESTS_DATA` and ``{tmp}`` for a temporary folder: what a player, a judge and a
#: scorekeeper run first, in every game the server serves.
FIRST_RUNS = (
    ("draw", "--json"),
    ("odds", "--json"),
    ("standings", "--json"),
    ("pairings", "--json"),
    ("report", "-o", "{tmp}/report.html"),
    ("draw", "--json", "{data}/pokemon/league-cup-drop.tdf", "--after-round", "4", "--top", "4"),
    ("odds", "--json", "{data}/pokemon/league-cup-drop.tdf", "--after-round", "3", "--top", "4"),
    ("draw", "--json", "{data}/chess/lichess.trf", "--after-round", "3", "--top", "2"),
    ("odds", "--json", "{data}/chess/lichess.trf", "--after-round", "2", "--top", "2"),
    ("draw", "--json", "{data}/native/friday.csv", "--after-round", "2", "--top", "2"),
    ("field", "--players", "64", "--json"),
    ("generate", "--players", "16", "--rounds", "4", "--played", "2", "-o", "{tmp}/generated.json"),
)

#: Run in the child: the warm-up, then the first runs; prints the kernels compiled as JSON.
CHILD = r"""
import json, sys, tempfile
from drawsafe.app.compiling import CompileWatch
from drawsafe.app.ship import first_run_args
watch = CompileWatch()
with watch:
    if sys.argv[1] == "build":
        from drawsafe.app.warmup import warm_up
        warm_up()
    from drawsafe.cli.main import main
    with tempfile.TemporaryDirectory() as tmp:
        for args in first_run_args(tmp):
            try:
                main(args, standalone_mode=False)
            except SystemExit as e:
                if e.code:
                    raise
print("\nSHIP " + json.dumps({"compiled": sorted(set(watch.names)), "seconds": watch.seconds}))
"""


def first_run_args(tmp: str) -> list[list[str]]:
    """:data:`FIRST_RUNS` with their folders filled in (those whose test file is missing left out)."""
    out = []
    for args in FIRST_RUNS:
        filled = [a.format(data=TESTS_DATA, tmp=tmp) for a in args]
        if all("{data}" not in a or (TESTS_DATA / a.split("{data}/")[1]).exists() for a in args):
            out.append(filled)
    return out


@dataclass(frozen=True)
class ShipReport:
    """What :func:`build` or :func:`check` did: the archive, the kernels compiled, seconds."""

    archive: Path
    compiled: tuple[str, ...]
    compile_seconds: float
    seconds: float

    @property
    def size(self) -> int:
        return self.archive.stat().st_size


def run_child(mode: str, cache: Path) -> dict:
    """Run :data:`CHILD` (``mode`` "build" or "check") with ``cache`` as the kernel cache; its report."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), DRAWSAFE_COMPILE_AHEAD="1" if mode == "build" else "0")
    for name in ("DRAWSAFE_CPU", "NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES", "NUMBA_DISABLE_JIT"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", CHILD, mode], env=env, capture_output=True, text=True,
                          check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("SHIP ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the {mode} run failed:\n{done.stderr[-3000:]}")
    return json.loads(lines[-1][5:])


def write_archive(cache: Path, archive: Path) -> None:
    """The kernels of the cache folder ``cache`` (its ``kernels`` tree) as the zip ``archive``:
    each file deflated, in name order, with a fixed date (the same kernels give the same bytes)."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    partial = archive.with_suffix(".part")
    with zipfile.ZipFile(partial, "w") as z:
        for path in sorted((cache / "kernels").rglob("*")):
            if path.is_file() and ".tmp." not in path.name:
                info = zipfile.ZipInfo(path.relative_to(cache).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                z.writestr(info, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    os.replace(partial, archive)


def build() -> ShipReport:
    """Compile every kernel in a fresh cache and archive it as the package's
    :func:`~drawsafe.jit.shipped_archive`, replacing the archives of other keys."""
    archive = jit.shipped_archive(jit.CACHE_KEY)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="drawsafe-ship-") as tmp:
        report = run_child("build", Path(tmp))
        built = Path(tmp) / f"numba-{jit.CACHE_KEY}"
        if not (built / "kernels").is_dir():
            raise RuntimeError(f"the build compiled into another cache than {built.name}: were the sources "
                               "edited meanwhile?")
        write_archive(built, archive)
    for old in [*archive.parent.glob("*.zip"), *archive.parent.glob("*.tar.xz")]:
        if old != archive:
            old.unlink()
    return ShipReport(archive, tuple(report["compiled"]), report["seconds"], time.perf_counter() - started)


def check() -> ShipReport:
    """Run the first runs with a cache that starts from the installation's shipped archive alone;
    the kernels that still compile (none when the archive covers them)."""
    archive = jit.shipped_archive(jit.CACHE_KEY)
    if not archive.exists():
        raise FileNotFoundError(f"no shipped kernels for this source tree ({archive.name}): run "
                                "python3 -m drawsafe.app.ship")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="drawsafe-ship-check-") as tmp:
        report = run_child("check", Path(tmp))
    return ShipReport(archive, tuple(report["compiled"]), report["seconds"], time.perf_counter() - started)


def main() -> int:
    built = build()
    print(f"built {built.archive} ({built.size / 1e6:.1f} MB): {len(built.compiled)} kernels compiled in "
          f"{built.compile_seconds:.0f} s ({built.seconds:.0f} s in all)")
    checked = check()
    if checked.compiled:
        print(f"the archive misses {len(checked.compiled)} kernels the first runs compile: "
              f"{', '.join(checked.compiled)}")
        return 1
    print(f"checked: the first runs compile nothing with the archive alone ({checked.seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
