"""The event's cut by default (issue 39, item 1): where the file or its platform announces a cut,
``draw`` without ``--top`` answers at that cut, says so in one line, and ``--top N`` overrides it.

One real file per format that announces one (a synthetic Play Hub bundle and a small pokedata
fixture where no real file announcing a cut is at hand, each said below); each announces a cut
other than the Top 8 that was the default before, except the real pokedata document (a Top 8:
its line is checked on the real file, the answer on the fixture's Top 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.event.io.export import write_native_json
from drawsafe.simulation.generate import generate_event
from drawsafe.tiebreaks.packs import get_rules

DATA = Path(__file__).resolve().parents[1] / "data"

#: (format, file, --after-round, the cut it announces, how the note says it)
ANNOUNCED = [
    # real: cobra's cutToTop 4 (tests/data/netrunner/README.md)
    ("cobra", DATA / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json", 3, 4, "as the file announces"),
    # real: TOM's finals options, a Top 4 of 18 masters (tests/data/pokemon/README.md)
    ("tom", DATA / "pokemon" / "dg-nov-cup-2025.tdf", 4, 4, "as the file announces"),
    # made by drawsafe's authors in Play Hub's shapes (tests/data/playhub/README.md): top_cut_size 4
    ("playhub", DATA / "playhub" / "synthetic_bundle.json", 2, 4, "as the file announces"),
    # a fixture in pokedata's shape: day 1, day 2 and a Top 2 (tests/event/test_pokedata.py)
    ("pokedata", DATA / "pokemon" / "pokedata-standings.json", 4, 2, "as the file announces"),
    # real melee.gg data set file: its Top 4 played after 4 Swiss rounds
    ("melee", DATA / "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json", 3, 4,
     "as the top cut the file played shows"),
]


def draw(*args):
    """``draw ... --json``: its answer (without the exact answer's seconds) and its notes."""
    r = CliRunner().invoke(main, ["draw", *map(str, args), "--sims", "200", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    if out.get("exact"):
        out["exact"].pop("seconds", None)
    return out, r.stderr


@pytest.mark.parametrize("kind,path,after,top,said", ANNOUNCED, ids=[a[0] for a in ANNOUNCED])
def test_draw_answers_at_the_announced_cut_and_says_so(kind, path, after, top, said):
    default, notes = draw(path, "--after-round", after)
    assert default["cut"] == f"Top {top}"
    lines = [line for line in notes.splitlines() if line.startswith("cut:")]
    assert lines == [f"cut: Top {top}, {said} (--top N to change)"], notes
    given, notes_given = draw(path, "--after-round", after, "--top", top)
    assert given == default  # the same answer as asking for that cut, figure by figure
    assert not [line for line in notes_given.splitlines() if line.startswith("cut:")]
    other, notes_other = draw(path, "--after-round", after, "--top", 3 if top != 3 else 2)
    assert other["cut"] != default["cut"] and other["tables"] != default["tables"]  # --top overrides it
    assert f"cut: the file announces a Top {top}; answering for the Top" in notes_other


def test_a_real_pokedata_document_says_its_announced_cut():
    """A real pokedata document (RK9's Oceania International, 407 masters) announces its Top 8."""
    path = DATA / "fetch" / "real" / "pokedata" / "0000055.json"
    r = CliRunner().invoke(main, ["draw", str(path), "--after-round", "13", "--sims", "20", "--others", "none",
                                  "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["cut"] == "Top 8"
    assert "cut: Top 8, as the file announces (--top N to change)" in r.stderr


def test_without_an_announced_cut_the_games_table_then_top_8_decide(tmp_path):
    """Nothing announces a cut: the pack's table by attendance decides (mtg: Appendix E), and a
    pack without one (fide) answers for a Top 8, saying why (generated events, built here)."""
    for pack, said in (("mtg", "cut: Top 8, by Magic Tournament Rules, Appendix E"),
                       ("fide", ("cut: Top 8, nothing announces the event's cut and the fide pack has no table of "
                                 "cuts by attendance (--top N to change)"))):
        path = tmp_path / f"{pack}.json"
        write_native_json(generate_event(24, 5, 4, 3, get_rules(pack)), str(path))
        r = CliRunner().invoke(main, ["draw", str(path), "--rules", pack, "--sims", "50", "--json"])
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["cut"] == "Top 8"
        assert said in r.stderr
