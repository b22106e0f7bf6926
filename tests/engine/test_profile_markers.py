"""benchmarks/profile.py instruments copies of the kernel sources by text markers: they must match."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_profile():
    spec = importlib.util.spec_from_file_location("profile_bench", ROOT / "benchmarks" / "profile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_instrumented_copies_compile_as_python():
    profile = load_profile()
    for name, text, ticks in (("engine", profile.instrumented_engine(), 10),
                              ("order", profile.instrumented_order(), 7)):
        compile(text, f"{name}_profiled.py", "exec")  # a marker that no longer matches raises first
        assert text.count("tick(prof,") == ticks, name  # the definition and every phase boundary
