"""A whole number of thousands of digits (issue 40, finding 5): Python refuses to convert more
than 4,300 digits with a ValueError no importer expected, which was a traceback on the command
line (exit 1) and "please report this file" on the server.  Every importer now reads numbers
bounded (:mod:`drawsafe.event.io.numbers`): one InputError line naming the file and the place,
exit 2, HTTP 400."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import DATA

from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.io.numbers import MAX_DIGITS

HUGE = "9" * 5_000
#: (file in tests/data, a number in it, the place it is written at)
FILES = [
    ("mont-weekly-legacy-368680-2025-10-02.json", r'("Points":)(12)', "json"),       # melee.gg
    ("native/friday.json", r'("swiss_rounds": )(4)', "json"),                       # native JSON
    ("netrunner/2024-05-12-401-games-gnk-cobra.json", r'("matchPoints": )(18)', "json"),  # cobra
    ("pokemon/pokedata-rounds.json", r'("seniors": )(2)', "json"),                   # pokedata
    ("native/friday.csv", r"(# swiss_rounds: )(4)", "csv header"),                   # native CSV
    ("native/friday.csv", r"(1,Alice,Bob,)(2)", "csv cell"),
    ("chess/lichess.trf", r"(XXR )(4)", "trf"),                                      # FIDE TRF
]


def edited(name: str, pattern: str, number: str) -> bytes:
    text = (DATA / name).read_text(encoding="utf-8")
    new, count = re.subn(pattern, lambda m: m.group(1) + number, text, count=1)
    assert count == 1, (name, pattern)
    return new.encode("utf-8")


@pytest.mark.parametrize("name,pattern,kind", FILES)
def test_a_number_of_5000_digits_is_one_input_error(name, pattern, kind):
    raw = edited(name, pattern, HUGE)
    with pytest.raises(InputError) as e:
        parse_event(raw, "e")
    text = str(e.value)
    assert text.startswith("e: ") and "\n" not in text
    assert "5,000 digits" in text or "must be" in text, text


@pytest.mark.parametrize("name,pattern,kind", FILES[:2] + FILES[4:])
def test_the_command_line_says_one_line(tmp_path, name, pattern, kind):
    path = tmp_path / ("e" + "".join(DATA.joinpath(name).suffixes))
    path.write_bytes(edited(name, pattern, HUGE))
    r = CliRunner().invoke(main, ["standings", str(path)])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith(f"drawsafe: error: {path}: ")


def test_unicode_digits_in_a_trf_start_number_are_an_input_error():
    text = (DATA / "chess/lichess.trf").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("001 "))
    bad = line[:4] + "   \u00b2" + line[8:]  # '²'.isdigit() is True, int('²') fails
    with pytest.raises(InputError, match="start number"):
        parse_event(text.replace(line, bad).encode("utf-8"), "e.trf")


def test_numbers_up_to_the_bound_still_read():
    raw = edited("mont-weekly-legacy-368680-2025-10-02.json", r'("Points":)(12)', "12, \"Extra\": " + "9" * MAX_DIGITS)
    assert len(parse_event(raw, "e").players) > 0
    with pytest.raises(InputError, match=f"{MAX_DIGITS + 1} digits"):
        parse_event(raw.replace(b"9" * MAX_DIGITS, b"9" * (MAX_DIGITS + 1)), "e")


def test_the_server_answers_400_in_one_line(tmp_path):
    pytest.importorskip("starlette")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from drawsafe.server import ServerConfig, create_app

    app = create_app(ServerConfig(data_dir=str(tmp_path), warm=False, processes=False))
    with TestClient(app, raise_server_exceptions=False) as c:
        for name, pattern, _ in FILES:
            r = c.post("/api/standings", content=edited(name, pattern, HUGE))
            assert r.status_code == 400, (name, r.text)
            assert "report this file" not in r.json()["error"]
        assert c.get("/api/status").json()["unexpected_errors"] == 0
