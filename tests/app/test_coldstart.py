"""The first run: lazy imports for --help, the compile notice, warmup, and a kernel cache that is
correct (fresh on any change) and never fatal (read-only or full folder: a note, a slower run)."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from click.testing import CliRunner
from conftest import ROOT

from drawsafe import jit
from drawsafe.app.compiling import CompileWatch, compile_notice
from drawsafe.app.warmup import in_progress, warm_up
from drawsafe.cli.main import main
from drawsafe.event.io.export import write_native_json
from drawsafe.simulation.generate import generate_event

sys.path.insert(0, str(ROOT / "benchmarks"))
from coldstart import CHILD  # the compile-event recorder the benchmark uses

PACKAGE = Path(jit.__file__).resolve().parent


def run_cli(args, env_extra=None, log=None):
    env = dict(os.environ, **(env_extra or {}))
    if log:
        env["DRAWSAFE_COMPILE_LOG"] = str(log)
    return subprocess.run([sys.executable, "-c", CHILD, *args], env=env, capture_output=True, text=True,
                          timeout=900, check=False)


def test_help_imports_neither_numpy_nor_numba():
    code = ("import sys; from drawsafe.cli.main import main; "
            "print([m for m in ('numpy', 'numba', 'matplotlib') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and "warmup" in result.output


def test_cache_key_follows_kernel_sources_and_numba_not_the_install_path(tmp_path):
    copy = tmp_path / "drawsafe"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    base = jit.cache_key(copy)
    assert jit.cache_key(copy) == base
    assert jit.cache_key(copy, numba_version="0.0.0") != base  # another numba: another cache
    # another installation of the same sources finds the same kernels (the shipped archive)
    other = tmp_path / "other" / "drawsafe"
    shutil.copytree(copy, other)
    assert jit.cache_key(other) == base
    # a comment in a kernel module, or a constant the kernels compile in: a fresh cache
    for rel in ("standings/sorting.py", "event/kinds.py", "engine/codes.py"):
        path = copy / rel
        text = path.read_text()
        path.write_text(text + "\n# edited\n")
        assert jit.cache_key(copy) != base, rel
        path.write_text(text)
    assert jit.cache_key(copy) == base
    # a module without kernels (the report) does not invalidate them
    (copy / "report" / "text.py").write_text((copy / "report" / "text.py").read_text() + "\n# edited\n")
    assert jit.cache_key(copy) == base


def test_unwritable_cache_folder_gives_one_note_and_a_working_run(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_cli(["standings", "--json"], {"NUMBA_CACHE_DIR": str(blocker / "cache")})
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) > 0  # stdout is the JSON only
    notes = [line for line in done.stderr.splitlines() if "kernel cache" in line]
    assert len(notes) == 1 and "cannot be written" in notes[0], done.stderr
    # every kernel compiled (nothing cached): the compile notice, on stderr only
    assert "compiling the simulation kernels, first run only" in done.stderr


def test_failed_cache_write_gives_one_note_and_keeps_the_kernel(monkeypatch, capsys):
    if jit.CACHE_OFF:
        pytest.skip("the kernel cache is off in this environment")
    from numba.core import caching

    def full(self, key, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(caching.IndexDataCacheFile, "save", full)
    monkeypatch.setattr(jit.KernelCache, "failed", False)

    def twice(x):
        return 2 * x + 7919  # a body of its own: never in the cache yet

    def thrice(x):
        return 3 * x + 7907

    a = jit.compiled()(twice)
    b = jit.compiled()(thrice)
    assert a(np.int64(5)) == 7929 and b(np.int64(5)) == 7922
    err = capsys.readouterr().err
    assert err.count("could not write the kernel cache") == 1, err


def test_no_literal_variants():
    @jit.kernel
    def add(x, y):
        return x + y

    @numba.njit
    def caller(n):
        return add(n, 0) + add(n, 1) + add(0, n) + add(n, n)

    assert caller(3) == 16
    assert len(add.signatures) == 1, add.signatures


def test_compile_notice_once_while_compiling_and_silent_when_cached():
    @numba.njit
    def fresh(x):
        return x * 3 + 1

    stream = io.StringIO()
    with compile_notice(20, stream=stream, live=False):
        fresh(2)
        fresh(2.5)  # a second compile: still one line
    assert stream.getvalue() == "drawsafe: compiling the simulation kernels, first run only, about 20 s\n"
    stream = io.StringIO()
    with compile_notice(20, stream=stream, live=False):
        fresh(4)
    assert stream.getvalue() == ""


def test_after_warmup_a_run_compiles_nothing(tmp_path):
    report = warm_up()  # in this process: compiles into (or loads from) this session's cache
    assert report.seconds > 0 and report.packs == ("mtg", "pokemon", "fide")
    with CompileWatch() as watch:
        warm_up(packs=("mtg",))
    assert watch.names == []  # everything is in memory now
    # a last round in progress: odds and draw answer exactly (the enumeration kernels)
    live = tmp_path / "live.json"
    snap = in_progress(generate_event(24, 6, 6, seed=3))
    write_native_json(snap.event, str(live))
    for args in (["standings", "--json"], ["pairings", "--json"], ["odds", "--json", "--sims", "200"],
                 ["draw", "--json", "--sims", "200"], ["odds", str(live), "--json"],
                 ["draw", str(live), "--json"]):
        log = tmp_path / "compiled.json"
        done = run_cli(args, log=log)
        assert done.returncode == 0, done.stderr
        compiled = json.loads(log.read_text())["kernels"]
        assert compiled == {}, (args, sorted(compiled))
        assert "compiling" not in done.stderr
        if str(live) in args:  # answered exactly, and the answer says so
            assert "exact (every outcome of the" in done.stdout
