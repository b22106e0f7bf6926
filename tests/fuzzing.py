"""What the importers' fuzz tests share: parse and use a mutated file (:func:`survive`), run the
command line on it (:func:`run_cli`), and mutate its bytes (:func:`mutate_bytes`)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from drawsafe.app.context import open_event
from drawsafe.errors import DrawsafeError, InputError
from drawsafe.event.io import parse_event


def survive(raw: bytes, name: str, format: str = "auto"):
    """Parse and use ``raw``: the Event, or None after one InputError line naming the file (never a
    traceback; a usage error of a command on a strange but valid event is fine)."""
    try:
        event = parse_event(raw, name, format)
    except InputError as e:
        text = str(e)
        assert text.startswith(f"{name}: ") and "\n" not in text, text
        return None
    try:
        ctx = open_event(event)
        if not ctx.without_swiss:
            ctx.standings()
        if event.standings:
            ctx.check()
    except DrawsafeError:
        pass
    return event


def run_cli(raw: bytes, suffix: str, check: bool) -> None:
    """``drawsafe standings FILE [--check]`` on ``raw``: exit 0 or 2, an error as one last
    ``drawsafe: error:`` line and nothing on stdout, never a traceback, the file unchanged."""
    from click.testing import CliRunner

    from drawsafe.cli.main import main

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"mutated{suffix}"
        path.write_bytes(raw)
        result = CliRunner().invoke(main, ["standings", str(path)] + (["--check"] if check else []))
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 2), (result.exit_code, result.output)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            errors = [ln for ln in result.stderr.splitlines() if ln.startswith("drawsafe: error: ")]
            assert len(errors) == 1 and result.stderr.splitlines()[-1] == errors[0], result.stderr
            assert result.stdout == ""
        assert path.read_bytes() == raw, "the input file was modified"


def mutate_bytes(draw, data: bytes, alphabet: bytes, longest_delete: int, inserts: list[bytes] | None = None
                 ) -> bytes:
    """One to four edits of ``data``: a bit flipped, a byte set from ``alphabet`` (the format's
    own punctuation), a run of up to ``longest_delete`` bytes deleted, or bytes inserted (one of
    ``inserts``, else random)."""
    from hypothesis import strategies as st

    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        pos = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(("flip", "set", "delete", "insert")))
        if op == "flip":
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[pos] = draw(st.sampled_from(alphabet))
        elif op == "delete":
            del data[pos:pos + draw(st.integers(1, longest_delete))]
        else:
            data[pos:pos] = draw(st.sampled_from(inserts) if inserts else st.binary(min_size=1, max_size=8))
    return bytes(data)
