"""The manual (docs/, mkdocs.yml) and the README as its front door (issue 34): the site builds with
warnings as errors, every command example of the manual runs, each game's page says what
`drawsafe rules` says, and the README stays short, keeps CI's test command and links only to
pages that exist."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"

CONSOLE_BLOCK = re.compile(r"^```console\n(.*?)^```", re.DOTALL | re.MULTILINE)


def console_commands() -> list[tuple[str, str]]:
    """(page, command line) of every line starting with `drawsafe ` in a ```console block."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for block in CONSOLE_BLOCK.findall(page.read_text(encoding="utf-8")):
            for line in block.splitlines():
                if line.startswith("drawsafe "):
                    found.append((str(page.relative_to(ROOT)), line.strip()))
    return found


COMMANDS = console_commands()


def test_the_manual_has_command_examples():
    assert len(COMMANDS) >= 10, COMMANDS
    assert {line.split()[1] for _, line in COMMANDS} >= {"standings", "pairings", "draw", "odds",
                                                         "rules", "report", "field"}


@pytest.mark.parametrize("page,line", COMMANDS, ids=[f"{p}: {c}" for p, c in COMMANDS])
def test_each_command_example_of_the_manual_runs(page, line, tmp_path, monkeypatch):
    # run where files it writes land in a temporary folder, with tests/data at hand as in the repo
    (tmp_path / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, shlex.split(line)[1:], catch_exceptions=False)
    assert result.exit_code == 0, f"{page}: `{line}` exited {result.exit_code}:\n{result.output}"


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    missing = [m for m in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")
               if importlib.util.find_spec(m.split(".")[0]) is None]
    if missing:
        pytest.skip(f"the manual needs {', '.join(missing)}: python3 -m pip install -e '.[docs]'")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                           "-d", str(tmp_path / "site")], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "reference" / "app" / "index.html").exists()


def test_each_game_page_says_what_rules_says():
    from drawsafe.tiebreaks.packs import PACKS

    pages = {p: p.read_text(encoding="utf-8") for p in (DOCS / "games").glob("*.md")}
    for pack in PACKS.values():
        holding = [p for p, text in pages.items() if f"### `{pack.name}`" in text]
        assert holding, f"no page of docs/games has the pack {pack.name} (### `{pack.name}`)"
        text = pages[holding[0]]
        for said in (pack.description, pack.sources, pack.assumed, pack.others_draws()):
            assert " ".join(said.split()) in " ".join(text.split()), \
                f"{holding[0].name} is stale for {pack.name}: paste what `drawsafe rules` says"


def test_every_kernel_module_is_in_the_api_reference():
    page = (DOCS / "reference" / "engine.md").read_text(encoding="utf-8")
    package = ROOT / "sim"
    for path in sorted(package.rglob("*.py")):
        if b"from drawsafe.jit import" in path.read_bytes():
            name = ".".join(("drawsafe",) + path.relative_to(package).with_suffix("").parts)
            assert f"::: {name}\n" in page, f"docs/reference/engine.md lacks the kernels of {name}"


def test_the_readme_is_the_front_door():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in ("python3 -m pip install -e . && drawsafe draw",
                    "python3 -m pip install -e '.[test]' && python3 -m pytest"):
        assert command in text
    assert "python3 -m pip install -e '.[test]' && python3 -m pytest" in ci
    for title in ("## Two commands", "## Games and platforms", "## Layout of the code"):
        assert title in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if "://" not in target:
            assert (ROOT / target).exists(), f"README links to {target}, which does not exist"
