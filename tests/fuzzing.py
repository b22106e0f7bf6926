"""What the importers' fuzz tests share: parse and use a mutated file (:func:`survive`), run the
command line on it (:func:`run_cli`), mutate its bytes (:func:`mutate_bytes`), and the mutations
of hostile files (issue 49): every way of writing the same HTML (:data:`SERIALIZATIONS`), a cell
over the csv module's limit, numbers of many digits, two players given one name
(:func:`hostile_text`)."""

from __future__ import annotations

import re
import tempfile
import warnings
from contextlib import contextmanager
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


# --- hostile files (issue 49) ---------------------------------------------------------------------

TAG = re.compile(r"<[^>]+>")


def retag(text: str, how) -> str:
    return TAG.sub(lambda m: how(m.group(0)), text)


def br(form: str):
    return lambda text: re.sub(r"<br\s*/?>", form, text)


def one_line(tag: str) -> str:
    return " ".join(tag.split()).replace("< ", "<").replace(" >", ">").replace(" />", "/>")


def broken(tag: str) -> str:
    """Every attribute on a line of its own, and the end of the tag on another."""
    t = one_line(tag)
    if t.startswith("</") or " " not in t:
        return t
    end = "/>" if t.endswith("/>") else ">"
    return t[:-len(end)].replace(" ", "\n      ") + "\n    " + end


def upper(tag: str) -> str:
    return re.sub(r"^(</?)(\w+)", lambda m: m.group(1) + m.group(2).upper(),
                  re.sub(r'(\s)(\w+)=', lambda m: m.group(1) + m.group(2).upper() + "=", tag))


def entities(text: str) -> str:
    """Characters of the names written as character references (decimal, hex, named)."""
    text = text.replace("&#39;", "&apos;").replace("ñ", "&ntilde;")
    text = re.sub(r">(\w)", lambda m: f">&#{ord(m.group(1))};", text)  # the first letter of each name
    return re.sub(r"(Sharpsteen)", "Sharp&#x73;teen", text)


#: Every way the same HTML can be written (issue 49: real pages reformatted by tools, saved by
#: browsers, served by the platform), each a function of the page's text.
SERIALIZATIONS = {
    "as captured": lambda t: t,
    "<br>, as served and as browsers save": lambda t: retag(br("<br>")(t), one_line),
    "<br/>": br("<br/>"),
    "<br />": br("<br />"),
    "<br\\n/>": br("<br\n/>"),
    "</br>": br("</br>"),
    "whitespace: tags run together": lambda t: re.sub(r">\s+<", "><", retag(t, one_line)),
    "line breaks inside every tag": lambda t: retag(t, broken),
    "upper-case tags and attributes": lambda t: retag(t, upper),
    "single quotes": lambda t: retag(t, lambda tag: tag.replace('"', "'")),
    "no quotes": lambda t: retag(t, lambda tag: re.sub(r'="([^" ]*)"', r"=\1", tag)),
    "entities": entities,
    "&nbsp; for the line break": lambda t: re.sub(r"<br\s*/?>\s*(?=\S)", "&nbsp;", t),
    "CRLF": lambda t: t.replace("\n", "\r\n"),
    "a comment and a stray end tag": lambda t: t.replace("<span class", "<!-- seat --></b><span class"),
}

#: Lengths around the csv module's limit on a cell (131,072 characters) and past it.
CELL_SIZES = (131_071, 131_072, 131_073, 200_000)
#: Numbers of digits around drawsafe's bound (30) and Python's (4,300), and past them.
NUMBER_LENGTHS = (30, 31, 4_300, 4_301, 5_000)
#: The hostile mutations of a file's text.
HOSTILE = ("cell", "number", "twins", "serialize")


def hostile_text(draw, text: str, names: list[str], kinds: tuple[str, ...] = HOSTILE) -> tuple[str, str]:
    """One hostile mutation of ``text`` and its kind: a run of characters around the csv module's
    cell limit (bare or in quotes, anywhere), a number turned into one of many digits, a player's
    name given to another (``names``: the file's players; word by word where the file writes a
    name across tags), or the HTML written another way (:data:`SERIALIZATIONS`)."""
    from hypothesis import strategies as st

    kind = draw(st.sampled_from(kinds))
    if kind == "cell":
        at = draw(st.integers(0, len(text)))
        run = draw(st.sampled_from("x9 ,")) * draw(st.sampled_from(CELL_SIZES))
        return text[:at] + (f'"{run}"' if draw(st.booleans()) else run) + text[at:], kind
    if kind == "number":
        numbers = list(re.finditer(r"[0-9]+", text))
        if not numbers:
            return text, kind
        m = draw(st.sampled_from(numbers))
        digits = draw(st.sampled_from(("9", "1"))) + "0" * (draw(st.sampled_from(NUMBER_LENGTHS)) - 1)
        return text[:m.start()] + digits + text[m.end():], kind
    if kind == "twins":
        distinct = sorted(set(names))
        if len(distinct) < 2:
            return text, kind
        a, b = draw(st.permutations(distinct))[:2]
        if b in text:
            return text.replace(b, a), kind
        wa, wb = a.split(), b.split()  # a name the file writes across tags ("Ronald<br />Sharpsteen")
        for x, y in zip(wb, wa):
            text = re.sub(rf"(?<![\w&#]){re.escape(x)}(?!\w)", y, text)
        return text, kind
    how = draw(st.sampled_from(sorted(SERIALIZATIONS)))
    return SERIALIZATIONS[how](text), f"serialize: {how}"


@contextmanager
def api(folder):
    """A server's test client (no warm-up, no worker processes) keeping its data in ``folder``:
    post hostile files to its API; skips when the server's extras are not installed."""
    import pytest

    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from drawsafe.server import ServerConfig, create_app

    app = create_app(ServerConfig(data_dir=str(folder), warm=False, processes=False))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client
