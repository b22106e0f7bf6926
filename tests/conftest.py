"""Shared test fixtures: where the real-event data lives, and skipping when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared"))
MELEE = SHARED / "data" / "melee"
FIDE = SHARED / "data" / "fide"
SEEDS = SHARED / "seeds"
DATA = Path(__file__).resolve().parent / "data"


def need(path: Path) -> Path:
    """``path``, or skip the test with a clear message when the shared data is not on this machine."""
    if not path.exists():
        pytest.skip(f"needs {path} (the shared real-event data), which is absent on this machine")
    return path


@pytest.fixture
def melee_dir() -> Path:
    return need(MELEE)


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for the module's tests (tests/browser_helpers.py: skips without one)."""
    from browser_helpers import ARGS, CHROMIUM, browser_or_skip

    sync_playwright = browser_or_skip()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
