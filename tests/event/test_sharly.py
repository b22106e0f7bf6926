"""Sharly Chess ``.sce`` files (SQLite): one line saying what the file is and what to give instead,
never "not UTF-8 text" (a real file of Sharly-Chess/sharly-chess, tests/data/sharly/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drawsafe.errors import InputError
from drawsafe.event.io import load_event

SCE = Path(__file__).resolve().parents[1] / "data" / "sharly" / "minimal.sce"


def test_a_sharly_chess_file_is_named_for_what_it_is():
    with pytest.raises(InputError) as caught:
        load_event(SCE)
    text = str(caught.value)
    assert "\n" not in text and "UTF-8" not in text
    assert ("a Sharly Chess event file (SQLite, Sharly Chess 2.8.8; 1 tournament(s): 'Tournoi'; 5 round(s) paired): "
            "drawsafe does not read .sce files yet") in text
    assert "export the tournament from Sharly Chess as a FIDE TRF file" in text


def test_a_damaged_sqlite_file_is_one_line(tmp_path):
    bad = tmp_path / "cut.sce"
    bad.write_bytes(SCE.read_bytes()[:5000])
    with pytest.raises(InputError, match=r"cut.sce: an SQLite database that"):
        load_event(bad)
