"""Fuzzing the pokedata importer: an Event or one InputError/UsageError, nothing else.

Sources: the hand-made pokedata documents of tests/data/pokemon (a standings document, per-round
documents, both combined).  Mutations: byte flips, insertions, deletions; truncation at any point
(a download cut short); JSON values replaced by other types, negative or huge numbers, or deleted,
duplicated; keys of the format set on any object.  Re-saved files (other indentation, key order,
escaped or raw non-ASCII, a byte-order mark, CRLF line ends) give the same event.  A parsed event
is taken through the standings and the places check; the CLI on mutated files exits 0 or 2 with
one ``drawsafe: error:`` line, no traceback, and leaves the folder as it was.
``DRAWSAFE_FUZZ_EXAMPLES`` sets the examples per test.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

from drawsafe.cli.main import main
from drawsafe.errors import DrawsafeError, InputError, UsageError
from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.places import check_places
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

POKEMON = Path(__file__).resolve().parents[1] / "data" / "pokemon"
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
DERANDOMIZE = not os.environ.get("DRAWSAFE_FUZZ_RANDOM")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 4))
SOURCES = {p.name: p.read_text() for p in sorted(POKEMON.glob("pokedata-*.json"))}
RULES = get_rules("pokemon")


def survive(raw: bytes, name: str, format: str = "auto"):
    """Parse and use ``raw``: an Event, or None after one clean error naming the file."""
    try:
        event = parse_event(raw, name, format)
    except InputError as e:
        text = str(e)
        assert text.startswith(f"{name}: ") and "\n" not in text and "Traceback" not in text, text
        return None
    except UsageError as e:  # a division that is not in the file, or none is masters
        assert "division" in str(e), str(e)
        return None
    try:
        snap = take_snapshot(event)
        compute_standings(snap, RULES)
        if event.places and snap.rounds_left == 0:
            check_places(event, snap, RULES)
    except DrawsafeError:
        pass
    return event


@st.composite
def byte_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    data = bytearray(SOURCES[name].encode())
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        op = draw(st.sampled_from(("flip", "set", "delete", "insert")))
        pos = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[pos] = draw(st.sampled_from(b'{}[],:"-0123456789 \n\x00\xffWLT'))
        elif op == "delete":
            del data[pos:pos + draw(st.integers(1, 60))]
        else:
            data[pos:pos] = draw(st.one_of(st.binary(min_size=1, max_size=12), st.sampled_from(
                [b'"BYE"', b'"LATE"', b'"R1 BYE"', b'9999', b'-1', b'null', b'[]', b'{}', b'"W"'])))
    return name, bytes(data)


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.integers(-(2**70), 2**70),
                         st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=10),
                         st.sampled_from(["", "W", "L", "T", "w", "BYE", "R1 BYE", "LATE", "Sam Lee [AU]",
                                          "Ann Ash [US]", "masters", "seniors", "finished", "1", "9999",
                                          "[Table 1]Kim Park [KR]", "Zoë 🦈"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)
KEYS = ("name", "placing", "record", "drop", "rounds", "result", "table", "vs", "round_data", "round",
        "data", "division", "tournament_data", "tournament", "tournamentStatus", "standings", "pairings",
        "resistances", "opp", "oppopp", "wins", "losses", "ties")


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    doc = json.loads(SOURCES[name])
    for _ in range(draw(st.integers(1, 4))):
        all_paths = [p for p in paths(doc) if p]
        if not all_paths:
            break
        edit(draw, doc, draw(st.sampled_from(all_paths)), KEYS, json_values)
    return name, json.dumps(doc).encode()


@st.composite
def truncations(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    raw = SOURCES[name].encode()
    return name, raw[:draw(st.integers(0, len(raw) - 1))]


@FUZZ
@given(byte_mutations())
def test_bytes(case):
    name, raw = case
    survive(raw, name)


@FUZZ
@given(json_mutations())
def test_values(case):
    name, raw = case
    survive(raw, name)
    survive(raw, name, "pokedata")


@FUZZ
@given(truncations())
def test_truncated(case):
    """A file cut short is one clean error (never a partial event read as whole: JSON must end)."""
    name, raw = case
    assert survive(raw, name) is None


def resaved(text: str, seed: int) -> bytes:
    rng = random.Random(seed)
    doc = json.loads(text)

    def shuffle(node):
        if isinstance(node, dict):
            items = list(node.items())
            rng.shuffle(items)
            return {k: shuffle(v) for k, v in items}
        if isinstance(node, list):
            return [shuffle(v) for v in node]
        return node

    out = json.dumps(shuffle(doc), indent=rng.choice((None, 1, 2, 4, "\t")), ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.5:
        out = out.replace("\n", "\r\n")
    raw = out.encode()
    return b"\xef\xbb\xbf" + raw if rng.random() < 0.3 else raw


def summary(event):
    rows = compute_standings(take_snapshot(event), RULES).rows
    return ([(r.player, r.points, r.values, r.dropped) for r in rows], event.places, event.phases,
            event.drops, [(r.number, r.playoff, len(r.matches)) for r in event.rounds])


@given(st.sampled_from(sorted(SOURCES)), st.integers(0, 10**6))
@settings(FUZZ, max_examples=max(10, EXAMPLES // 10))
def test_resaved_files_read_the_same(name, seed):
    original = parse_event(SOURCES[name].encode(), name)
    again = parse_event(resaved(SOURCES[name], seed), name)
    assert summary(again) == summary(original)


def folder_state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@CLI_FUZZ
@given(st.one_of(json_mutations(), byte_mutations(), truncations()))
def test_cli_never_tracebacks_and_writes_nothing(tmp_path_factory, case):
    name, raw = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / name
    path.write_bytes(raw)
    before = folder_state(folder)
    for args in (["standings", str(path)], ["standings", str(path), "--check"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            errors = [ln for ln in result.output.splitlines() if ln.startswith("drawsafe: error:")]
            assert len(errors) == 1, result.output
    assert folder_state(folder) == before
