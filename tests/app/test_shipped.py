"""What the package ships: the kernels compiled (drawsafe.app.ship, drawsafe.jit), present for the
sources as they are, unpacked on a first run so that it compiles nothing, and never fatal when the
archive is damaged; and the PEP 561 marker ``py.typed``."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numba
import pytest
from conftest import ROOT

from drawsafe import jit

PINNED = "0.68.1"  # pyproject.toml's numba pin: the archive is built for it


def shipped_applies() -> str | None:
    """Why the shipped archive cannot apply to this environment (None: it must)."""
    if numba.__version__ != PINNED:
        return f"numba {numba.__version__} is not the pinned {PINNED}"
    if jit.TARGET_CPU != jit.DEFAULT_TARGET:
        return f"kernels compiled for {jit.TARGET_CPU} (DRAWSAFE_CPU or NUMBA_CPU_NAME set, or a processor without {jit.DEFAULT_TARGET})"
    if sys.version_info[:2] != (3, 11):
        return "the archive is built with Python 3.11"
    return None


def test_the_shipped_kernels_match_the_sources():
    """Fails after a kernel edit until ``python3 -m drawsafe.app.ship`` rebuilds the archive (else
    every new install compiles for a minute per game)."""
    why = shipped_applies()
    if why:
        pytest.skip(why)
    archive = jit.shipped_archive(jit.CACHE_KEY)
    others = [p.name for p in archive.parent.iterdir() if p.suffix in (".zip", ".xz")]
    assert archive.exists(), (f"no shipped kernels for these sources (key {jit.CACHE_KEY}; shipped: {others}): "
                              "run python3 -m drawsafe.app.ship and commit sim/data/kernels")
    assert others == [archive.name], f"stale archives shipped: {others}"


def test_a_first_run_unpacks_the_shipped_kernels_and_compiles_nothing(tmp_path):
    why = shipped_applies()
    if why:
        pytest.skip(why)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), DRAWSAFE_COMPILE_AHEAD="0")
    done = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "draw", "--json", "--sims", "400"],
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "compiling" not in done.stderr, done.stderr
    folder = tmp_path / f"numba-{jit.CACHE_KEY}"
    assert (folder / jit.SHIPPED_MARK).exists()
    assert any((folder / "kernels").rglob("*.nbi"))


def small_archive(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def test_unpacking_writes_inside_the_folder_once(tmp_path):
    archive = small_archive(tmp_path / "k.zip", {"kernels/engine/a.nbi": b"index",
                                                     "../outside.nbi": b"x", "kernels/../../up.nbi": b"y"})
    folder = tmp_path / "cache"
    folder.mkdir()
    assert jit.unpack_shipped(folder, archive)
    assert (folder / "kernels" / "engine" / "a.nbi").read_bytes() == b"index"
    assert not (tmp_path / "outside.nbi").exists() and not (tmp_path / "up.nbi").exists()
    (folder / "kernels" / "engine" / "a.nbi").write_bytes(b"compiled here since")
    assert jit.unpack_shipped(folder, archive)  # marked: never unpacked over a cache in use
    assert (folder / "kernels" / "engine" / "a.nbi").read_bytes() == b"compiled here since"


def test_a_damaged_archive_gives_one_note_and_the_kernels_compile(tmp_path, capsys):
    archive = tmp_path / "k.zip"
    archive.write_bytes(b"not an archive")
    folder = tmp_path / "cache"
    folder.mkdir()
    assert not jit.unpack_shipped(folder, archive)
    assert not (folder / jit.SHIPPED_MARK).exists()
    err = capsys.readouterr().err
    assert err.count("could not unpack the compiled kernels") == 1, err
    assert not jit.unpack_shipped(folder, tmp_path / "absent.zip")


def test_kernels_are_cached_by_their_place_in_the_package_not_the_install_path():
    from drawsafe.engine import kernel as engine

    path = Path(engine.record._cache.cache_path)
    assert path == jit.CACHE_DIR / "kernels" / "engine"


def test_the_package_is_marked_typed():
    """``py.typed`` (PEP 561: type checkers read the package's annotations) is in sim/ and in the
    package data a wheel takes."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    assert (ROOT / "sim" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["drawsafe"]
