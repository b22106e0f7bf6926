"""Tables of the command line stay aligned with Chinese and Korean names (issue 33).

East Asian wide characters take two terminal cells each; the tables are laid out by cells (rich's
``cell_len``), so the column after a name starts in the same cell on every row, whatever the
script of the name.  A terminal whose font draws those characters narrower than two cells still
shows them misaligned: that is the font, not the table.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from drawsafe.cli.main import main

#: Two contenders of the embedded sample renamed (the names are unique in the event).
RENAMES = {"crzmvx": "王小明", "Nitrus": "김민준"}


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    raw = resources.files("drawsafe").joinpath("data/sample-event.json").read_bytes()
    for old, new in RENAMES.items():
        assert raw.count(f'"{old}"'.encode()) > 0
        raw = raw.replace(f'"{old}"'.encode(), f'"{new}"'.encode())
    path = tmp_path_factory.mktemp("wide") / "event.json"
    path.write_bytes(raw)
    return path


def next_column_cells(lines: list[str], names: list[str]) -> dict[int, dict[str, int]]:
    """Per column of names (the cell where a name starts), for each name in it, the terminal cell
    where the text after the name (past the padding) starts."""
    found: dict[int, dict[str, int]] = {}
    for line in lines:
        for name in names:
            i = line.find(name + " ")
            if i < 0:
                continue
            rest = re.match(r" +", line[i + len(name):])
            found.setdefault(cell_len(line[:i]), {})[name] = cell_len(line[:i + len(name) + rest.end()])
    return found


#: Names that share one table of each command's output (``draw`` prints a table per pairing).
TABLES = {
    "standings": [["王小明", "김민준", "Fedor Radchenko", "Alewa"]],
    "pairings": [["王小明", "김민준", "Fedor Radchenko", "Alewa"]],
    "odds": [["王小明", "김민준", "Fedor Radchenko", "Alewa"]],
    "draw": [["王小明", "Fedor Radchenko"], ["김민준", "Andrey Pchelkin"]],
}


@pytest.mark.parametrize("command", [["standings"], ["pairings"], ["odds", "--sims", "200", "--seed", "1"],
                                     ["draw", "--sims", "200", "--seed", "1"]])
def test_columns_after_wide_names_line_up(event, command):
    result = CliRunner().invoke(main, [*command, str(event)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for names in TABLES[command[0]]:
        columns = next_column_cells(lines, names)
        wide = [n for n in names if n in RENAMES.values()]
        assert any(set(wide) <= set(c) and len(c) > 1 for c in columns.values()), result.output
        for column in columns.values():
            assert len(set(column.values())) == 1, (column, result.output)  # the next column lines up
