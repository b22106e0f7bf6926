"""What the real-browser tests share: Debian's Chromium driven by Playwright (no browser download),
the two screens they look at, where screenshots go, and a skip with a message when no browser is
installed (a failure in CI, ``CI=true``, where ``.ci/run`` installs chromium).

The ``browser`` fixture (tests/conftest.py) launches one per test module.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

#: Screenshots (ignored by git).
ARTIFACTS = Path(__file__).resolve().parents[1] / "tmp" / "artifacts"
CHROMIUM = os.environ.get("DRAWSAFE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: A phone and a laptop, CSS pixels.
VIEWPORTS = {"phone": (390, 844), "laptop": (1280, 800)}
#: Chromium's switches: no sandbox (root in CI), no GPU, nothing fetched of its own.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def browser_or_skip():
    """Playwright's ``sync_playwright``, or a skip (a failure in CI) saying what to install."""
    in_ci = os.environ.get("CI", "").lower() == "true"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if in_ci:
            raise
        pytest.skip("browser tests need the playwright package (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        if in_ci:
            pytest.fail(f"no browser at {CHROMIUM} in CI: .ci/run should have installed chromium")
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (apt-get install -y chromium)")
    return sync_playwright


def new_page(browser, device: str):
    """A page of ``browser`` sized as ``device`` (:data:`VIEWPORTS`), with the screenshots'
    folder made; the page and its width and height."""
    width, height = VIEWPORTS[device]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return browser.new_page(viewport={"width": width, "height": height}), width, height
