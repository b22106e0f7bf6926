"""Files as every reader opens them: the bytes, or a JSON file's value, each problem one
:class:`~drawsafe.errors.InputError` naming the file."""

from __future__ import annotations

from drawsafe.errors import InputError
from drawsafe.event.io.numbers import parse_json


def read_bytes(path: str) -> bytes:
    """The bytes of the file at ``path``."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise InputError(path, None, f"cannot read the file: {e.strerror}") from None


def load_json(path: str) -> object:
    """The JSON value of the file at ``path`` (UTF-8, a byte-order mark allowed; :func:`parse_json`)."""
    raw = read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(path, f"byte {e.start}", "the file is not UTF-8 text", "save it as UTF-8") from None
    return parse_json(text, path)
