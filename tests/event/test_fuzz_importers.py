"""Fuzzing the importers with mutated real files: an Event or one InputError, nothing else.

Sources are the files in tests/data (melee.gg JSON) and tests/data/native (native CSV and JSON).
Mutations: byte flips, insertions, deletions and truncation; JSON values replaced by other types,
negative or huge numbers, NaN, Unicode text, or deleted; CSV cells, rows and headers changed.

A parsed event is also taken through the rest of ``drawsafe standings`` (snapshot, rule pack,
standings, check), where only the library's own errors may come out.  The CLI is run on some
mutated files: exit code 0 or 2, one ``drawsafe: error:`` line on error, no traceback, and the file
unchanged.

Examples per test: ``DRAWSAFE_FUZZ_EXAMPLES`` (default 200); the runs are derandomized so CI is
reproducible.  For a long local run: ``DRAWSAFE_FUZZ_EXAMPLES=20000``, and
``DRAWSAFE_FUZZ_RANDOM=1`` with ``pytest --hypothesis-seed=N`` for other examples.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import edit, paths

from drawsafe.cli.main import main
from drawsafe.errors import DrawsafeError, InputError
from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.check import check_standings
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

DATA = Path(__file__).resolve().parents[1] / "data"
SOURCES = sorted(DATA.glob("*.json")) + sorted((DATA / "native").glob("*"))
JSON_SOURCES = [p for p in SOURCES if p.suffix == ".json"]
CSV_SOURCES = [p for p in SOURCES if p.suffix == ".csv"]
RAW = {p.name: p.read_bytes() for p in SOURCES}
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
#: Fixed examples unless DRAWSAFE_FUZZ_RANDOM is set (then use pytest --hypothesis-seed=N).
DERANDOMIZE = not os.environ.get("DRAWSAFE_FUZZ_RANDOM")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 2))


def survive(raw: bytes, name: str = "fuzzed.json"):
    """Parse and use ``raw``; return the Event, or None after an InputError naming the file."""
    try:
        event = parse_event(raw, name)
    except InputError as e:
        text = str(e)
        assert text.startswith(f"{name}: ") and "\n" not in text, text
        assert "Traceback" not in text
        return None
    try:
        snap = take_snapshot(event)
        rules = get_rules(event.rules or "mtg")
        compute_standings(snap, rules)
        if event.standings:
            check_standings(event, snap, rules)
    except DrawsafeError:
        pass
    return event


# ------------------------------------------------------------------ mutations

source_names = st.sampled_from([p.name for p in SOURCES])


@st.composite
def byte_mutations(draw):
    name = draw(source_names)
    data = bytearray(RAW[name])
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("flip", "flip", "set", "delete", "insert", "truncate")))
        if not data:
            break
        pos = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[pos] ^= 1 << draw(st.sampled_from((0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 7)))
        elif op == "set":
            data[pos] = draw(st.sampled_from(b'{}[]",:-0123456789\n\r\t #\\\x00\xff'))
        elif op == "delete":
            del data[pos:pos + draw(st.integers(1, 40))]
        elif op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=12))
        else:
            del data[pos:]
    return name, bytes(data)


json_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 10), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["", " ", "-", "2-0-0", "0-2-0", "0-0-3", "3-0-0", "0-0-0", "1-1", "a-b-c",
                     "bye", "loss", "double-loss", "forfeit", "drop", "Round 1", "mtg", "chess",
                     "Zoë 🦈 #1234", "2024-05-16", "9" * 40]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)


KNOWN_KEYS = ("name", "date", "swiss_rounds", "best_of", "rules", "players", "rounds", "drops",
              "standings", "round", "matches", "a", "b", "score", "kind", "rating", "byes",
              "win_probability", "rank", "player", "points", "omw", "gw", "ogw", "Tournament", "Date",
              "Name", "Rounds", "RoundName", "Matches", "Player1", "Player2", "Result", "Standings",
              "Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMWP", "GWP", "OGWP")


@st.composite
def json_mutations(draw):
    name = draw(st.sampled_from([p.name for p in JSON_SOURCES]))
    doc = json.loads(RAW[name])
    for _ in range(draw(st.integers(1, 4))):
        all_paths = [p for p in paths(doc) if p]
        if not all_paths:
            break
        # Prefer short paths (fields of the event, rounds, matches) now and then.
        path = draw(st.sampled_from(all_paths if draw(st.booleans())
                                    else [p for p in all_paths if len(p) <= 4] or all_paths))
        edit(draw, doc, path, KNOWN_KEYS, json_values)
    return name, json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()


cells = st.one_of(
    st.sampled_from(["", " ", "0", "1", "2", "3", "-1", "99999999999999999999", "1.5", "x",
                     "bye", "loss", "drop", "match", "forfeit", "half-bye", "double-loss", "BYE",
                     "Alice", "Bob", "Zoë", '"', "a,b", "#", "round"]),
    st.text(max_size=10),
)


@st.composite
def csv_mutations(draw):
    name = draw(st.sampled_from([p.name for p in CSV_SOURCES]))
    lines = RAW[name].decode().splitlines()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("cell", "cell", "cell", "delete", "duplicate", "swap", "extra",
                                   "comment")))
        if not lines:
            break
        body = [k for k, line in enumerate(lines) if line[:1].isdigit()]
        if body and draw(st.integers(0, 7)):  # mostly match rows, sometimes header or comments
            i = draw(st.sampled_from(body))
        else:
            i = draw(st.integers(0, len(lines) - 1))
        if op == "cell":
            try:
                row = next(csv.reader([lines[i]]), [])
            except csv.Error:  # an earlier mutation left a lone carriage return
                row = []
            if row:
                row[draw(st.integers(0, len(row) - 1))] = draw(cells)
                out = io.StringIO()
                csv.writer(out, lineterminator="").writerow(row)
                lines[i] = out.getvalue()
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "extra":
            lines[i] += "," + draw(cells).replace("\n", " ")
        else:
            lines.insert(i, "# " + draw(st.sampled_from(["swiss_rounds", "best_of", "rules", "date",
                                                         "name"])) + ": " + draw(cells))
    return name, "\n".join(lines).encode()


# ------------------------------------------------------------------ properties


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name[:40])
def test_sources_parse(path):
    """The unmutated sources are valid events (so the mutations start from something real)."""
    assert survive(path.read_bytes(), path.name) is not None


@FUZZ
@given(byte_mutations())
def test_byte_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(json_mutations())
def test_json_field_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(csv_mutations())
def test_csv_row_mutations(case):
    name, raw = case
    survive(raw, "fuzzed-" + name)


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes(raw):
    survive(raw, "random.bin")


def run_cli(raw: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"mutated{suffix}"
        path.write_bytes(raw)
        result = CliRunner().invoke(main, ["standings", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            repr(result.exception))
        assert result.exit_code in (0, 2), (result.exit_code, result.output)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith("drawsafe: error: "), result.stderr
            assert result.stdout == ""
        else:
            assert result.stdout.splitlines()[0].split()[:2] == ["Rank", "Player"]
        assert path.read_bytes() == raw, "the input file was modified"


@CLI_FUZZ
@given(st.one_of(byte_mutations(), json_mutations(), csv_mutations()))
def test_cli_on_mutated_files(case):
    name, raw = case
    run_cli(raw, Path(name).suffix)
