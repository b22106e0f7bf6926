"""Fuzzing the TRF, TopDeck and MTGO importers: an Event or one InputError, nothing else.

Sources: the hand-made files of tests/data/chess and tests/data/magic, and the real files of
shared/data/real (chess and magic) when present.  Mutations: truncation anywhere (mid-line
included), the ways an editor or a spreadsheet re-saves a file (CRLF line ends, trailing blanks
stripped, a byte-order mark, Windows-1252 instead of UTF-8, a blank line, a column shifted by one
character, lines reordered), a result code or an opponent number replaced, byte flips; for the JSON
files every kind of field edit.  A parsed event is taken through the rest of ``drawsafe standings``
(snapshot, the suggested rule pack, standings, ``--check``), where only the library's own errors
may come out; the command line answers with exit code 0 or 2, ends an error with one
``drawsafe: error:`` line, and never changes the file.

Examples per test: ``DRAWSAFE_FUZZ_EXAMPLES`` (default 200), derandomized as the other fuzz tests.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import DATA, SHARED
from fuzzing import mutate_bytes, run_cli, survive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

REAL = SHARED / "data" / "real"
TRF_SOURCES = sorted((DATA / "chess").glob("*.trf")) + sorted((REAL / "chess").glob("**/*.trf"))
JSON_SOURCES = sorted((DATA / "magic").glob("*.json")) + sorted((REAL / "magic").glob("**/*.json"))
RAW = {p.name: p.read_bytes() for p in TRF_SOURCES + JSON_SOURCES}
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DRAWSAFE_FUZZ_RANDOM"),
                database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 4))
CODES = "10=WDL+-HFUZ X"


@st.composite
def trf_mutations(draw):
    name = draw(st.sampled_from([p.name for p in TRF_SOURCES]))
    lines = RAW[name].decode("utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("code", "code", "opponent", "shift", "blank", "swap", "strip",
                                   "truncate-line", "delete", "duplicate")))
        line = lines[i]
        if op == "code" and len(line) > 99:
            r = draw(st.integers(0, (len(line) - 92) // 10))
            at = 98 + 10 * r
            if at < len(line):
                lines[i] = line[:at] + draw(st.sampled_from(CODES)) + line[at + 1:]
        elif op == "opponent" and len(line) > 95:
            r = draw(st.integers(0, (len(line) - 92) // 10))
            at = 91 + 10 * r
            lines[i] = line[:at] + f"{draw(st.integers(0, 400)):4d}"[:4] + line[at + 4:]
        elif op == "shift":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + " " + line[at:]
        elif op == "blank":
            lines.insert(i, "")
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "strip":
            lines = [ln.rstrip() for ln in lines]
        elif op == "truncate-line":
            lines[i] = line[:draw(st.integers(0, len(line)))]
        elif op == "delete":
            del lines[i]
        else:
            lines.insert(i, line)
    text = "\n".join(lines) + draw(st.sampled_from(("\n", "", "\n\n")))
    return name, resave(draw, text)


def resave(draw, text: str) -> bytes:
    """How the file comes back from an editor: line ends, encoding, a byte-order mark, cut short."""
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    raw = text.encode(draw(st.sampled_from(("utf-8", "utf-8", "cp1252"))), errors="replace")
    if draw(st.integers(0, 5)) == 0:
        raw = b"\xef\xbb\xbf" + raw
    if draw(st.integers(0, 3)) == 0:
        raw = raw[:draw(st.integers(0, len(raw)))]
    return raw


json_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.sampled_from(["", "-", "1-0-0", "0-1-0", "0-0-1", "0-0-0", "2-1-0", "2-2-0", "Top 8", "Top 4",
                     "Finals", "Quarterfinals", "1", "7", "1st Place", "3rd Place",
                     "https://topdeck.gg/event/x", "https://www.mtgo.com/decklist/x", "Deleted"]),
)
KEYS = ("Tournament", "Uri", "Date", "Name", "Rounds", "RoundName", "Matches", "Player1", "Player2",
        "Result", "Standings", "Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMWP", "GWP",
        "OGWP", "Decks")


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from([p.name for p in JSON_SOURCES]))
    doc = json.loads(RAW[name])
    doc.pop("Decks", None) if draw(st.integers(0, 3)) == 0 else None
    for _ in range(draw(st.integers(1, 4))):
        found = [p for p in paths(doc) if p and p[0] != "Decks"]
        if not found:
            break
        path = draw(st.sampled_from([p for p in found if len(p) <= 4] if draw(st.booleans()) else found))
        edit(draw, doc, path, KEYS, json_values)
    raw = json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()
    if draw(st.integers(0, 4)) == 0:
        raw = raw[:draw(st.integers(0, len(raw)))]
    return name, raw


@st.composite
def byte_mutations(draw):
    name = draw(st.sampled_from(sorted(RAW)))
    return name, mutate_bytes(draw, RAW[name], b' 0123456789-=+HUZF\t\r\n{}[]",:\x00\xfc', 30)


@pytest.mark.parametrize("name", sorted(RAW))
def test_sources_parse(name):
    assert survive(RAW[name], name) is not None


@FUZZ
@given(trf_mutations())
def test_trf_mutations_and_resaved_files(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(json_mutations())
def test_topdeck_and_mtgo_field_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(byte_mutations())
def test_byte_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@CLI_FUZZ
@given(st.one_of(trf_mutations(), json_mutations()), st.booleans())
def test_cli_on_mutated_files(case, check):
    name, raw = case
    run_cli(raw, Path(name).suffix, check)
