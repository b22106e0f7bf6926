"""What the importers' fuzz tests share: parse and use a mutated file (:func:`survive`), and
mutate its bytes (:func:`mutate_bytes`)."""

from __future__ import annotations

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
