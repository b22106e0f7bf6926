"""``ruff check sim cli`` finds nothing with the project's configuration (pyproject.toml): the pinned
ruff of the test extras, so a new release's new rules do not turn CI red on their own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing_in_the_library_and_the_command_line():
    pytest.importorskip("ruff", reason="ruff is in the test extras: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "sim", "cli"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
