"""Fuzzing the chess-results, Swiss-Manager, RK9, Battlefy and Spicerack importers: an Event or one
InputError, nothing else.

Sources: the real pages and files of tests/data/chess/chessresults, tests/data/chess/swissmanager
tests/data/pokemon/rk9, tests/data/battlefy and tests/data/magic/spicerack (READMEs there), the
Swiss stage built in Battlefy's shape, and readable variants of them (a pairings page
as round 1, RK9 rows as round 1).  Mutations: byte edits with each format's own punctuation
(``<``, ``>``, ``"``, digits, ``-``, ``½``; the binary file: any byte), truncation anywhere, a
page's cell text replaced (results, crosstable cells, start numbers, cell ids); for the JSON
answers every kind of field edit (values of other types, deleted or duplicated entries, the
platforms' keys set anywhere).  A parsed event goes
through the rest of ``drawsafe standings --check``; the command line exits 0 or 2 with one
``drawsafe: error:`` line and never changes the file.  ``DRAWSAFE_FUZZ_EXAMPLES`` (default 200).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from conftest import DATA
from fuzzing import mutate_bytes, run_cli, survive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

CR = DATA / "chess" / "chessresults"
PAGES = {p.name: p.read_bytes() for p in sorted(CR.glob("*.html")) + sorted(CR.glob("*.csv"))}
PAGES["pairings-r1.html"] = PAGES["ended_pairings.html"].replace(b"Round 9 on", b"Round 1 on")
RK9 = {p.name: p.read_bytes() for p in sorted((DATA / "pokemon" / "rk9").glob("*.html"))}
RK9["round1.html"] = RK9["round.html"].replace(b"cell-2-3-", b"cell-2-1-")
TUNX = (DATA / "chess" / "swissmanager" / "SrS_KM_2026.TUNx").read_bytes()
TEXTS = {**PAGES, **RK9}
JSONS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (
    DATA / "fetch" / "real" / "battlefy" / "swiss.built-here.json", DATA / "magic" / "spicerack" / "tournaments_legacy.json")}
JSONS["bundle.json"] = {"battlefy": {"tournament": JSONS["swiss.built-here.json"], "stage": None}}
JSONS["stage-matches.json"] = JSONS["swiss.built-here.json"][0]["stages"][0]["matches"]
KEYS = ("roundNumber", "matchNumber", "top", "bottom", "team", "teamID", "score", "winner", "isBye", "isComplete",
        "doubleLoss", "matchType", "stages", "bracket", "type", "series", "numGames", "matches", "standings", "wins",
        "losses", "ties", "points", "name", "TID", "winsSwiss", "lossesSwiss", "draws", "swissRounds", "topCut",
        "startDate", "battlefy", "stage", "_id")


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 120), st.integers(-10**12, 10**12),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
                   st.sampled_from(["", "swiss", "loser", "elimination", "-1"]), st.lists(st.integers(0, 6), max_size=3))
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DRAWSAFE_FUZZ_RANDOM"),
                database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 4))
PUNCTUATION = b'<>"=/-+ 0123456789abwrRd.,' + "½".encode()
CELLS = [b"1 - 0", b"0 - 1", "½ - ½".encode(), b"+ - -", b"- - -", b"17b1", b"-1", "-½".encode(), b"0", b"",
         b"bye", b"not paired", b"cell-2-1-0-1", b"cell-0-1-7-2", b"winner", b"tie", b"dropped", b"(3-0-0) 9 pts",
         b"Round 2 on", b"Team-Composition", b"art=32", b"99", b"</div>", b"<tr class=\"CRng1\">"]


@st.composite
def text_mutations(draw):
    name = draw(st.sampled_from(sorted(TEXTS)))
    raw = TEXTS[name]
    if draw(st.booleans()):
        return name, raw[:draw(st.integers(0, len(raw)))]
    return name, mutate_bytes(draw, raw, PUNCTUATION, 40, CELLS)


@st.composite
def binary_mutations(draw):
    if draw(st.booleans()):
        return "fuzzed.TUNx", TUNX[:draw(st.integers(0, len(TUNX)))]
    data = bytearray(TUNX)
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(data) - 1))
        data[pos] = draw(st.integers(0, 255))
    return "fuzzed.TUNx", bytes(data)


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from(sorted(JSONS)))
    doc = json.loads(json.dumps(JSONS[name]))
    for _ in range(draw(st.integers(1, 4))):
        found = [p for p in paths(doc) if p]
        if not found:
            break
        path = draw(st.sampled_from([p for p in found if len(p) <= 4] if draw(st.booleans()) else found))
        edit(draw, doc, path, KEYS, VALUES)
    raw = json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()
    if draw(st.integers(0, 5)) == 0:
        raw = raw[:draw(st.integers(0, len(raw)))]
    return name, raw


@FUZZ
@given(json_mutations())
def test_json_answer_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


def test_sources_parse():
    for name in ("future_participants.html", "tnr1316880-crosstable.csv", "pairings-r1.html"):
        assert survive(PAGES[name], name) is not None, name
    assert survive(RK9["round1.html"], "round1.html") is not None
    assert survive(TUNX, "SrS_KM_2026.TUNx") is not None
    for name, doc in JSONS.items():
        assert survive(json.dumps(doc).encode(), name) is not None, name


@FUZZ
@given(text_mutations())
def test_page_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(binary_mutations())
def test_swiss_manager_mutations(case):
    name, raw = case
    survive(raw, name)


@CLI_FUZZ
@given(st.one_of(text_mutations(), binary_mutations(), json_mutations()), st.booleans())
def test_cli_on_mutated_files(case, check):
    name, raw = case
    run_cli(raw, Path(name).suffix, check)
