"""Fuzzing the cobra reader (Netrunner's NRTM export): an Event or one InputError, nothing else.

Sources: the real exports of tests/data/netrunner (and of shared/data/real/netrunner/cobra when
present), and the same read as single-sided (each Swiss pairing given a ``role``, scores 3/1/0).
Mutations: every kind of JSON edit (values replaced by other types, negative or huge numbers,
null ids, deleted or duplicated entries, cobra's keys set on any object), truncation, byte flips.
A parsed event is taken through the rest of ``drawsafe standings --check`` (snapshot, the
suggested pack, standings, the check), where only the library's own errors may come out; the
command line exits 0 or 2, ends an error with one ``drawsafe: error:`` line and never changes the
file.  ``DRAWSAFE_FUZZ_EXAMPLES`` sets the examples per test (default 200).
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import DATA, SHARED
from fuzzing import mutate_bytes, run_cli, survive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

from drawsafe.tiebreaks.packs import PACKS

pytestmark = pytest.mark.skipif("netrunner" not in PACKS,
                                reason="the netrunner rule packs are not in drawsafe.tiebreaks.packs yet")

#: The real exports (the 2023 World Championship's, 254 players, left out: too slow to fuzz).
PATHS = sorted(p for p in (DATA / "netrunner").glob("*.json") if "worlds" not in p.name) + sorted(
    (SHARED / "data" / "real" / "netrunner" / "cobra").glob("*.json"))
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DRAWSAFE_FUZZ_RANDOM"),
                database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 4))


def single_sided(data: dict) -> dict:
    """The document as a single-sided event would be exported: sides given, 6/3/0 scored 3/1/0."""
    out = json.loads(json.dumps(data))
    for rnd in out["rounds"]:
        for m in rnd:
            if m.get("eliminationGame"):
                continue
            for s, role in (("player1", "corp"), ("player2", "runner")):
                m[s]["role"] = role
                if isinstance(m[s].get("combinedScore"), int):
                    m[s]["combinedScore"] = {6: 3, 4: 3, 3: 1, 2: 1, 1: 0, 0: 0}[m[s]["combinedScore"]]
    return out


SOURCES = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in PATHS}
SOURCES.update({"single-" + name: single_sided(SOURCES[name]) for name in (
    "2023-09-30-finland-baltic-nats-cobra.json", "2024-05-12-401-games-gnk-cobra.json")})

values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 8), st.integers(-10**12, 10**12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.sampled_from(["", "3.25", "1e400", "nan", "Cobra", "corp", "runner", "-1"]),
    st.lists(st.integers(0, 6), max_size=3), st.dictionaries(st.sampled_from(["id", "x"]), st.integers(0, 9),
                                                            max_size=2),
)
KEYS = ("id", "name", "rank", "matchPoints", "strengthOfSchedule", "extendedStrengthOfSchedule", "rounds",
        "players", "player1", "player2", "combinedScore", "corpScore", "runnerScore", "intentionalDraw",
        "twoForOne", "eliminationGame", "winner", "role", "cutToTop", "preliminaryRounds",
        "eliminationPlayers", "uploadedFrom", "date", "table")


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    doc = json.loads(json.dumps(SOURCES[name]))
    for _ in range(draw(st.integers(1, 4))):
        found = [p for p in paths(doc) if p]
        if not found:
            break
        path = draw(st.sampled_from([p for p in found if len(p) <= 3] if draw(st.booleans()) else found))
        edit(draw, doc, path, KEYS, values)
    raw = json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()
    if draw(st.integers(0, 5)) == 0:
        raw = raw[:draw(st.integers(0, len(raw)))]
    return name, raw


@st.composite
def byte_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    data = json.dumps(SOURCES[name]).encode()
    return name, mutate_bytes(draw, data, b'{}[]",:-0123456789 \nnulltrue\x00\xff', 40)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_sources_parse(name):
    event = survive(json.dumps(SOURCES[name]).encode(), name)
    assert event is not None and event.rules == ("netrunner-single" if name.startswith("single-") else "netrunner")


@FUZZ
@given(json_mutations())
def test_field_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(json_mutations())
def test_field_mutations_read_as_cobra(case):
    name, raw = case
    survive(raw, "fuzzed-" + name, "cobra")


@FUZZ
@given(byte_mutations())
def test_byte_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@CLI_FUZZ
@given(json_mutations(), st.booleans())
def test_cli_on_mutated_files(case, check):
    _, raw = case
    run_cli(raw, ".json", check)
