"""Names print safely on a terminal (issue 40, finding 7): control characters and ANSI escapes
in a player's name (an event file anyone can write) reached the terminal raw, so a name could
recolour the screen, rewrite a line (CR) or reverse what follows (U+202E).  They print escaped
(``\\x1b``), in tables, notes, errors and --json; the server's log line too."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.cli.render import lines, standings_view
from drawsafe.writing import printable

EVIL = ("\x1b[31mRED\x1b[0m", "carriage\rreturn", "\u202eevil", "c1\x9b31mcsi", "bell\x07")
RAW = ("\x1b", "\r", "\u202e", "\x9b", "\x07")


def evil_event(tmp_path):
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    path = tmp_path / "evil.json"
    write_native_json(generate_event(10, 4, 3, 5, get_rules("mtg")), str(path))
    text = path.read_text()
    for i, name in enumerate(EVIL):
        text = text.replace(json.dumps(f"P{i + 1:04d}"), json.dumps(name))
    path.write_text(text)
    return path


def assert_escaped(text: str):
    for raw in RAW:
        assert raw not in text, repr(text)


@pytest.mark.parametrize("args", [["standings"], ["pairings"], ["odds", "--sims", "1000", "--all"],
                                  ["draw", "--sims", "1000"], ["standings", "--json"], ["draw", "--sims", "1000",
                                                                                        "--json"]])
def test_names_print_escaped(tmp_path, args):
    path = evil_event(tmp_path)
    r = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    assert r.exit_code == 0, r.output
    assert_escaped(r.stdout)
    assert_escaped(r.stderr)
    if args[0] in ("standings", "pairings") and "--json" not in args:
        assert "\\x1b[31mRED\\x1b[0m" in r.stdout and "\\u202eevil" in r.stdout


def test_an_unknown_name_in_an_error_is_escaped(tmp_path):
    path = evil_event(tmp_path)
    r = CliRunner().invoke(main, ["draw", str(path), "--player", "nobody\x1b[2J", "--sims", "1000"])
    assert r.exit_code == 2
    assert_escaped(r.stderr)


def test_on_a_colour_terminal_only_drawsafe_styles_the_text(tmp_path):
    from drawsafe.app.context import open_event

    ctx = open_event(str(evil_event(tmp_path)))
    text = "\n".join(lines(standings_view(ctx.standings()), color=True))
    assert "\\x1b[31mRED\\x1b[0m" in text  # the name's escape shown as text
    assert "\x1b[31mRED" not in text and "\u202e" not in text and "\r" not in text


def test_printable_keeps_every_other_character():
    assert printable("Åsa Ünïcødé 李 👩‍👩‍👧 tab\there") == "Åsa Ünïcødé 李 👩‍👩‍👧 tab\\x09here"
    assert printable("two\nlines", newlines=True) == "two\nlines"
