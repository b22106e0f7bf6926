"""The native CSV format: one row per match, bye, loss without opponent or drop.

```
# name: Friday Modern
# swiss_rounds: 5
round,player_a,player_b,a_wins,b_wins,draws,kind
1,Alice,Bob,2,1,0,
1,Carol,,,,,bye
2,Alice,Carol,0,0,3,
2,Bob,,,,,loss
2,Dave,,,,,drop
3,Alice,Dave,,,,
```

Columns ``round`` and ``player_a`` are required; ``kind`` is ``match`` (the default), ``bye``,
``loss`` (match loss without opponent), ``half-bye``, ``forfeit`` (A wins by forfeit against B) or
``drop`` (the player drops after that round).  Empty scores on a match are a pending result.
Rows must come in round order.  Lines starting with ``#`` before the header carry event facts:
``name``, ``date``, ``swiss_rounds``, ``best_of``, ``rules``.
"""

from __future__ import annotations

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder, check_best_of, check_count, parse_int
from drawsafe.event.io.files import csv_rows
from drawsafe.event.io.formats import TEXT, Format, register
from drawsafe.event.model import MATCH, Event, Match

COLUMNS = ("round", "player_a", "player_b", "a_wins", "b_wins", "draws", "kind")
REQUIRED = ("round", "player_a")
META_KEYS = ("name", "date", "swiss_rounds", "best_of", "rules")


def looks_like_csv(text: str) -> bool:
    """A header row (the first line not a ``#`` comment) with a comma and a cell "round" (a line
    of prose that says "round", a README's, is no header)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    header = next((ln for ln in lines if not ln.lstrip().startswith("#")), "")
    return "," in header and "round" in (c.strip().strip('"').strip().lower() for c in header.split(","))


def read_csv(text: str, file: str) -> Event:
    """Parse the native CSV format.

    :raises InputError: on any problem, naming the file and the row.
    """
    # Only CR, LF and CRLF end a row (str.splitlines would also split names at U+2028, U+0085, ...).
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    meta: dict[str, str] = {}
    start = 0
    while start < len(lines) and (not lines[start].strip() or lines[start].lstrip().startswith("#")):
        body = lines[start].lstrip().lstrip("#").strip()
        if ":" in body:
            key, _, value = body.partition(":")
            if key.strip().lower() in META_KEYS:
                meta[key.strip().lower()] = value.strip()
        start += 1
    if start >= len(lines):
        raise InputError(file, None, "no header row and no matches", "see the CSV format in the manual, docs/formats/native.md")
    reader = csv_rows("\n".join(lines[start:]), file, first_line=start + 1)
    header = [h.strip().lower() for h in next(reader, [])]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise InputError(
            file, f"line {start + 1}", f"header lacks column(s) {', '.join(missing)}",
            f"the header must name columns from: {','.join(COLUMNS)}",
        )
    unknown = [h for h in header if h not in COLUMNS]
    if unknown:
        raise InputError(file, f"line {start + 1}", f"unknown column(s) {', '.join(map(repr, unknown))}",
                         f"known columns: {','.join(COLUMNS)}")
    if len(set(header)) != len(header):
        raise InputError(file, f"line {start + 1}", "a column is named twice in the header")
    best_of = check_best_of(parse_int(meta.get("best_of", "3"), file, "header comment best_of", "best_of"),
                            file, "header comment best_of")
    b = EventBuilder(file, "csv", best_of=best_of)
    last_round = 0
    for offset, row in enumerate(reader):
        lineno = start + 2 + offset
        where = f"row {lineno}"
        if not row or all(not c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) > len(header):
            raise InputError(file, where, f"{len(row)} cells but the header has {len(header)} columns")
        cells = {h: (row[i] if i < len(row) else "") for i, h in enumerate(header)}
        rnd = parse_int(cells["round"], file, where, "round")
        if rnd < last_round:
            raise InputError(file, where, f"round {rnd} comes after round {last_round}",
                             "rows must be sorted by round")
        last_round = rnd
        kind = (cells.get("kind") or "").strip().lower() or MATCH
        a = cells["player_a"]
        other = cells.get("player_b") or ""
        if kind == "drop":
            b.add_drop(a, rnd, where)
            continue
        scores = [cells.get(k, "").strip() for k in ("a_wins", "b_wins", "draws")]
        values = [None if s == "" else parse_int(s, file, where, name)
                  for s, name in zip(scores, ("a_wins", "b_wins", "draws"))]
        if kind == MATCH and not other.strip():
            raise InputError(file, where, "a match needs player_b",
                             "for a bye or a loss without opponent set kind to 'bye' or 'loss'")
        b.add_match(Match(rnd, a, other if other.strip() else None, *values, kind=kind, where=where))
    swiss = meta.get("swiss_rounds")
    return b.build(
        meta.get("name") or file.rsplit("/", 1)[-1],
        date=meta.get("date"),
        swiss_rounds=check_count(parse_int(swiss, file, "header comment swiss_rounds", "swiss_rounds"),
                                 file, "header comment swiss_rounds", "swiss_rounds") if swiss else None,
        rules=meta.get("rules"),
    )


register(Format("csv", "native CSV, one row per match: a scorekeeper, a script", read_csv, TEXT, looks_like_csv,
                priority=60, page="[Native CSV and JSON](native.md)"))
