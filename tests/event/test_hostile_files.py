"""Hostile and mistaken files (issues 49 and 50): each is one line naming the file, the place and
the problem, exit 2 on the command line, HTTP 400 on the server, never a traceback, the file
unchanged.

- a CSV cell of more than 131,072 characters (the csv module's limit: a ``_csv.Error`` traceback
  before), in chess-results' crosstable export and the native CSV;
- a file that is no event file (a README given as the event): said so, with the formats drawsafe
  reads, from the format registry;
- a file ``--format`` names but which is of another kind (an HTML page as ``--format trf``): what
  it is, and how it reads.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import DATA
from fuzzing import api

from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import formats, parse_event

LIMIT = 131_072
BIG = "x" * (LIMIT + 1)
EXPORT = DATA / "chess" / "chessresults" / "tnr1316880-crosstable.csv"
NATIVE = DATA / "native" / "friday.csv"
README = DATA / "fide-exercise-2023.md"  # a README beside its data: prose, a "round" and commas
RANKING = DATA / "chess" / "chessresults" / "ended_standings.html"


def big_cell(path, line: int, quoted: bool) -> bytes:
    """The file with one cell of ``line`` made longer than the csv module reads."""
    lines = path.read_text(encoding="utf-8").split("\n")
    cell = f'"{BIG}"' if quoted else BIG
    lines[line - 1] = lines[line - 1].replace(",", f",{cell},", 1)
    return "\n".join(lines).encode("utf-8")


CASES = [(EXPORT, 8, True), (EXPORT, 12, False), (NATIVE, 5, False), (NATIVE, 6, True)]


@pytest.mark.parametrize("path, line, quoted", CASES)
def test_a_cell_over_the_csv_limit_is_one_line_naming_its_line(path, line, quoted):
    with pytest.raises(InputError) as e:
        parse_event(big_cell(path, line, quoted), path.name)
    assert str(e.value) == (f"{path.name}: line {line}: a cell of more than {LIMIT:,} characters; no event file "
                            "has one (check the file is the event's export, unchanged)")


def test_the_command_line_and_the_server_say_one_line(tmp_path):
    for path, line, quoted in CASES:
        bad = tmp_path / path.name
        raw = big_cell(path, line, quoted)
        bad.write_bytes(raw)
        r = CliRunner().invoke(main, ["standings", str(bad)])
        assert r.exit_code == 2 and "Traceback" not in r.output and r.stdout == ""
        said = (f"drawsafe: error: {bad}: line {line}: a cell of more than {LIMIT:,} characters; no event file has "
                "one (check the file is the event's export, unchanged)")
        assert r.stderr.strip().splitlines() == [said]
        assert bad.read_bytes() == raw
    with api(tmp_path / "server") as c:
        for path, line, quoted in CASES:
            r = c.post("/api/standings", content=big_cell(path, line, quoted))
            assert r.status_code == 400, r.text
            assert f"line {line}: a cell of more than {LIMIT:,} characters" in r.json()["error"]
        assert c.get("/api/status").json()["unexpected_errors"] == 0


# --- not an event file, or not of the format named ----------------------------------------------


def test_a_readme_is_no_event_file_of_any_format_and_they_are_listed():
    with pytest.raises(InputError) as e:
        parse_event(README.read_bytes(), "README.md")
    names = ", ".join(formats.names()[1:])
    assert str(e.value) == (f"README.md: a text file, not an event file of any format drawsafe reads ({names}) "
                            "(the formats: docs/formats/ in the manual; --format NAME reads a file as one of them)")
    assert "csv, json" in names and "rk9" in names and "header lacks" not in str(e.value)


@pytest.mark.parametrize("text, kind", [
    ("[build-system]\nrequires = [\"setuptools\"]\n", "a text file"),  # TOML: "[" but no JSON
    ("<!doctype html><html><body><p>Results</p></body></html>", "an HTML page"),
    ('<?xml version="1.0"?><results/>', "an XML file"),
    ('{"players": ["Alice", "Bob"]}\n', None),  # JSON: the JSON readers say what it lacks
])
def test_what_a_file_that_is_no_event_file_is(text, kind):
    with pytest.raises(InputError) as e:
        parse_event(text.encode(), "x")
    if kind is None:
        assert "not an event file of any format" not in str(e.value)
    else:
        assert str(e.value).startswith(f"x: {kind}, not an event file of any format drawsafe reads (battlefy, ")


def test_format_trf_on_an_html_page_says_it_is_an_html_page():
    with pytest.raises(InputError) as e:
        parse_event(RANKING.read_bytes(), "ranking.html", format="trf")
    assert str(e.value) == ("ranking.html: an HTML page (chess-results.com pages as saved), not FIDE TRF-16 "
                            "(--format trf) (leave out --format, or give --format chessresults)")
    assert "tab character" not in str(e.value)


def test_format_named_on_a_file_of_no_format():
    with pytest.raises(InputError) as e:
        parse_event(README.read_bytes(), "README.md", format="trf")
    assert str(e.value).startswith("README.md: a text file, not FIDE TRF-16 (--format trf), nor an event file of "
                                   "any format drawsafe reads (battlefy, ")


def test_a_file_of_the_format_named_keeps_its_own_error():
    """A TRF with a tab is a TRF: its reader's error (the line, the tab) stands."""
    text = (DATA / "chess" / "lichess.trf").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("001 "))
    with pytest.raises(InputError, match="a tab character"):
        parse_event(text.replace(line, line[:10] + "\t" + line[11:]).encode(), "t.trf", format="trf")


def test_every_format_has_a_title_for_messages():
    for name in formats.names()[1:]:
        title = formats.get(name).title
        assert 5 <= len(title) <= 60 and not title.endswith((",", ":", "(")), (name, title)
