"""Fuzzing the TOM .tdf and Limitless importers: an Event or one InputError/UsageError, nothing else.

Sources: the hand-made TOM files of tests/data/pokemon, the same events written by the writers, and
a real melee event written as TOM and as Limitless.  Mutations: byte flips, insertions, deletions,
truncation; XML attributes and element texts replaced (outcome codes, userids, round numbers and
types, categories, places) or elements deleted and duplicated; Limitless JSON values replaced by
other types, negative or huge numbers, or deleted.  A parsed event is taken through the standings;
the CLI on some mutated files must exit 0 or 2 with one ``drawsafe: error:`` line, no traceback,
and leave the folder exactly as it was.  ``DRAWSAFE_FUZZ_EXAMPLES`` sets the examples per test.
"""

from __future__ import annotations

import copy
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

from drawsafe.cli.main import main
from drawsafe.errors import DrawsafeError, InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.limitless import to_limitless
from drawsafe.event.io.tdf import to_tdf
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

DATA = Path(__file__).resolve().parents[1] / "data"
POKEMON = DATA / "pokemon"
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
DERANDOMIZE = not os.environ.get("DRAWSAFE_FUZZ_RANDOM")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 4))

_real = load_event(min(DATA.glob("*.json")))
TDF = {p.name: p.read_text() for p in sorted(POKEMON.glob("*.tdf"))}
TDF["real.tdf"] = to_tdf(_real)
TDF["hand-written-back.tdf"] = to_tdf(load_event(POKEMON / "two-pods.tdf"))
LIMITLESS = {"real.json": json.dumps(to_limitless(_real)),
             "hand.json": json.dumps(to_limitless(load_event(POKEMON / "with-top-cut.tdf")))}
RULES = get_rules("pokemon")


def survive(raw: bytes, name: str):
    """Parse and use ``raw``: an Event, or None after one clean error naming the file."""
    try:
        event = parse_event(raw, name)
    except InputError as e:
        text = str(e)
        assert text.startswith(f"{name}: ") and "\n" not in text and "Traceback" not in text, text
        return None
    except UsageError as e:  # a division that is not in the file
        assert "--division" in str(e) or "division" in str(e), str(e)
        return None
    try:
        compute_standings(take_snapshot(event), RULES)
    except DrawsafeError:
        pass
    return event


@st.composite
def byte_mutations(draw, sources):
    name = draw(st.sampled_from(sorted(sources)))
    data = bytearray(sources[name].encode())
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        op = draw(st.sampled_from(("flip", "set", "delete", "insert", "truncate")))
        pos = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[pos] = draw(st.sampled_from(b'<>/="&;{}[],:-0123456789 \n\x00\xff'))
        elif op == "delete":
            del data[pos:pos + draw(st.integers(1, 60))]
        elif op == "insert":
            data[pos:pos] = draw(st.one_of(st.binary(min_size=1, max_size=12), st.sampled_from(
                [b"<!DOCTYPE x>", b"<match outcome='1'/>", b"&amp;", b"&bogus;", b"<![CDATA[x]]>"])))
        else:
            del data[pos:]
    return name, bytes(data)


ATTR_VALUES = st.one_of(st.sampled_from(["", " ", "0", "1", "2", "3", "4", "5", "7", "8", "10", "-1", "x",
                                         "99999999999999999999", "101", "999", "1.5", "masters"]),
                        st.text(max_size=8))


@st.composite
def xml_mutations(draw):
    name = draw(st.sampled_from(sorted(TDF)))
    root = ET.fromstring(TDF[name])
    for _ in range(draw(st.integers(1, 4))):
        elements = list(root.iter())
        el = draw(st.sampled_from(elements))
        op = draw(st.sampled_from(("attr", "attr", "text", "delete", "duplicate")))
        if op == "attr":
            key = draw(st.sampled_from(sorted(el.attrib) + ["outcome", "userid", "number", "type",
                                                              "category", "place", "id", "cut"]))
            el.set(key, draw(ATTR_VALUES))
        elif op == "text":
            el.text = draw(ATTR_VALUES)
        else:
            parents = [p for p in root.iter() if el in list(p)]
            if not parents:
                continue
            parent = parents[0]
            if op == "delete":
                parent.remove(el)
            else:
                parent.insert(list(parent).index(el), copy.deepcopy(el))
    return name, ET.tostring(root, encoding="utf-8")


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(-(2**70), 2**70),
                         st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=10),
                         st.sampled_from(["", "p1", "p2", "p3", "SWISS", "SINGLE_BRACKET", "BO3", "BO2",
                                          "T8-1", "T2-1", "2026-11-30", "Zoë 🦈"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)
KEYS = ("round", "phase", "table", "match", "player1", "player2", "winner", "player", "name", "placing",
        "record", "drop", "phases", "type", "rounds", "mode", "details", "standings", "pairings")


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from(sorted(LIMITLESS)))
    doc = json.loads(LIMITLESS[name])
    for _ in range(draw(st.integers(1, 4))):
        all_paths = [p for p in paths(doc) if p]
        if not all_paths:
            break
        path = draw(st.sampled_from(all_paths))
        edit(draw, doc, path, KEYS, json_values)
    return name, json.dumps(doc).encode()


@FUZZ
@given(byte_mutations(TDF))
def test_tdf_bytes(case):
    name, raw = case
    survive(raw, name)


@FUZZ
@given(xml_mutations())
def test_tdf_elements(case):
    name, raw = case
    survive(raw, name)


@FUZZ
@given(byte_mutations(LIMITLESS))
def test_limitless_bytes(case):
    name, raw = case
    survive(raw, name)


@FUZZ
@given(json_mutations())
def test_limitless_values(case):
    name, raw = case
    survive(raw, name)


def folder_state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@CLI_FUZZ
@given(st.one_of(xml_mutations(), json_mutations(), byte_mutations(TDF)))
def test_cli_never_tracebacks_and_writes_nothing(tmp_path_factory, case):
    name, raw = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / name
    path.write_bytes(raw)
    before = folder_state(folder)
    for args in (["standings", str(path)], ["export", str(path), "--to", "limitless", "-o",
                                             str(folder / "out.json")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            errors = [ln for ln in result.output.splitlines() if ln.startswith("drawsafe: error:")]
            assert len(errors) == 1, result.output
            assert folder_state(folder) == before  # a failed command writes nothing
        (folder / "out.json").unlink(missing_ok=True)
    assert folder_state(folder) == before
