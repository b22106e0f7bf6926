"""Files as every reader opens them: the bytes, a JSON file's value or a CSV text's rows, each
problem one :class:`~drawsafe.errors.InputError` naming the file."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

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


def csv_rows(text: str, file: str, first_line: int = 1) -> Iterator[list[str]]:
    """The rows of CSV ``text`` (its first line the file's line ``first_line``), as :mod:`csv`
    reads them; what the csv module refuses is one InputError naming the line: a cell longer than
    it reads (131,072 characters: no event file has such a cell) or any other fault."""
    reader = csv.reader(io.StringIO(text))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            where = f"line {first_line + max(reader.line_num, 1) - 1}"
            if "field larger than field limit" in str(e):
                raise InputError(file, where, f"a cell of more than {csv.field_size_limit():,} characters; no event "
                                              "file has one", "check the file is the event's export, unchanged") \
                    from None
            raise InputError(file, where, f"the CSV cannot be read ({e})") from None
        yield row
