"""Sweeps of planning questions (``drawsafe study``): one tidy table, locally or on a Dask cluster.

A study is a list of *cells* (one :class:`~drawsafe.planning.field.PlannedEvent` and its question each, or one real
event file for a calibration study).  Every cell is simulated with its own seed, derived from the
study seed and the cell's parameters only (:func:`cell_seed`), so a cell's rows do not depend on
which worker ran it, in what order, or how the grid was split.  Rows are appended to the CSV as
cells finish, each cell's rows in one write together with their count (``cell_rows``): on a
restart the cells already complete in the file are skipped and a torn last cell is dropped and run
again.  At the end the table is written again in grid order, as CSV and Parquet (pyarrow): the same
bytes whether the study ran in one go, resumed, locally or on a cluster.

Dask: ``--scheduler tcp://HOST:PORT`` sends each cell to an existing ``dask.distributed`` cluster
(``dask scheduler`` on one machine, ``dask worker tcp://HOST:8786`` on each machine with drawsafe
installed).  Without it cells run here one after the other, each on all cores (numba threads).
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import parse_day2
from drawsafe.planning.drops import DropModel
from drawsafe.planning.field import (
    FIELD_BUDGET,
    IDS,
    PlannedEvent,
    field_odds,
    field_question,
)
from drawsafe.simulation.calibration import forecast_event, select_events
from drawsafe.simulation.question import Budget, Question
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules

#: Seconds to wait for a Dask scheduler before giving up with a message.
CONNECT_TIMEOUT = 15

#: (column, type) of a field study's table, in order.
FIELD_COLUMNS = (
    ("cell", str), ("players", int), ("rounds", int), ("top", int), ("ids", str), ("draw_share", float),
    ("drops", str), ("stage", str), ("wins", int), ("losses", int), ("draws", int), ("points", int),
    ("expected_players", float), ("p_cut", float), ("ci_low", float), ("ci_high", float), ("n", int),
    ("p_cut_draw", float), ("draw_ci_low", float), ("draw_ci_high", float), ("draw_n", int),
    ("p_cut_win", float), ("win_ci_low", float), ("win_ci_high", float), ("win_n", int),
    ("p_cut_loss", float), ("loss_ci_low", float), ("loss_ci_high", float), ("loss_n", int),
    ("simulations", int), ("cell_seed", int), ("bubble_expected", float), ("cut_points_mode", int),
    ("cut_points_mode_p", float), ("expected_dropped", float), ("day2", str), ("day2_top", int), ("rules", str),
    ("day2_expected", float), ("cell_rows", int),
)
#: A calibration study's table: one row per player at the start of the last round of a real event.
EVENT_COLUMNS = (
    ("cell", str), ("entrants", int), ("rounds", int), ("top", int), ("player", str), ("points", float),
    ("p_cut", float), ("ci_low", float), ("ci_high", float), ("p_cut_hindsight", float),
    ("made_cut", int), ("simulations", int), ("cell_seed", int), ("cell_rows", int),
)


def cell_seed(seed: int, key: str) -> int:
    """A 63-bit seed from the study seed and the cell's key (independent of order and split)."""
    return int.from_bytes(hashlib.sha256(f"{seed}|{key}".encode()).digest()[:8], "little") >> 1


@dataclass(frozen=True)
class FieldCell:
    """One point of a field grid."""

    players: int
    rounds: int | None
    top: int
    ids: str
    draw_share: float | None
    drops: str = "measured"
    last_round: str = "standings"
    #: A day 2 (``--day2`` of drawsafe field: "POINTS:ROUNDS", or "ROUNDS" with ``day2_top``), or "none".
    day2: str = "none"
    day2_top: int | None = None
    rules: str = DEFAULT_PACK

    @property
    def key(self) -> str:
        share = "default" if self.draw_share is None else repr(self.draw_share)
        # the keys of one-phase Magic cells are those of tables written before day 2 existed
        extra = "" if self.day2 == "none" else f";day2={self.day2}"
        extra += "" if self.day2_top is None else f";day2_top={self.day2_top}"
        extra += "" if self.rules == DEFAULT_PACK else f";rules={self.rules}"
        return (f"players={self.players};rounds={self.rounds or 'auto'};top={self.top};ids={self.ids};"
                f"draw_share={share};drops={self.drops};last={self.last_round}{extra}")

    def planned(self) -> PlannedEvent:
        """The planned event of this cell."""
        points, rounds = parse_day2(None if self.day2 == "none" else self.day2)
        return PlannedEvent(self.players, self.rounds, drops=DropModel.parse(self.drops, get_rules(self.rules).game),
                            rules=self.rules, day2_points=points, day2_rounds=rounds, day2_top=self.day2_top)

    def question(self, budget: Budget = FIELD_BUDGET) -> Question:
        """What the cell asks of its planned event, within ``budget``."""
        return field_question(self.planned(), top=self.top, ids=self.ids, draw_share=self.draw_share,
                              last_round=self.last_round, budget=budget)


@dataclass(frozen=True)
class EventCell:
    """One real event of a calibration study: its last round forecast against what happened."""

    path: str
    top: int = 8

    @property
    def key(self) -> str:
        return Path(self.path).name



def parse_ints(text: str, what: str) -> list[int]:
    """``33..409`` (every integer), ``33..409:8`` (step 8, the end included), ``8,32,128`` or a mix."""
    out: list[int] = []
    for part in str(text).split(","):
        part = part.strip()
        try:
            if ".." in part:
                lo, rest = part.split("..", 1)
                hi, _, step = rest.partition(":")
                lo_i, hi_i, step_i = int(lo), int(hi), int(step or 1)
                if step_i < 1 or hi_i < lo_i:
                    raise ValueError
                values = list(range(lo_i, hi_i + 1, step_i))
                if values[-1] != hi_i:
                    values.append(hi_i)
                out.extend(values)
            else:
                out.append(int(part))
        except ValueError:
            raise UsageError(f"{what} {text!r}: give numbers, A..B, A..B:STEP or a comma list") from None
    return sorted(set(out))


def parse_list(text: str, what: str, choices: Iterable[str] | None = None) -> list[str]:
    items = [x.strip() for x in str(text).split(",") if x.strip()]
    if choices is not None:
        choices = tuple(choices)
        for x in items:
            if x not in choices:
                raise UsageError(f"{what}: {x!r} is not one of {', '.join(choices)}")
    if not items:
        raise UsageError(f"{what}: give at least one value")
    return items


def field_grid(players: str, rounds: str = "auto", top: str = "8", ids: str = "safe",
               draw_share: str = "default", drops: str = "measured", *, last_round: str | None = None,
               day2: str = "none", day2_top: str = "none", rules: str = "mtg") -> list[FieldCell]:
    """The cells of a grid given as command-line lists (see :func:`parse_ints`); ``day2`` lists
    day-2 specs (``19:5,none``), ``day2_top`` cuts by rank (``32,none``); ``last_round`` None:
    each pack's own."""
    ps = parse_ints(players, "--players")
    rs: list[int | None] = [None] if str(rounds) == "auto" else list(parse_ints(rounds, "--rounds"))
    tops = parse_ints(top, "--top")
    policies = parse_list(ids, "--ids", IDS)
    shares: list[float | None] = []
    for s in parse_list(draw_share, "--draw-share"):
        if s == "default":
            shares.append(None)
        else:
            try:
                shares.append(float(s))
            except ValueError:
                raise UsageError(f"--draw-share {s!r}: give a share such as 0.03, or 'default'") from None
    drop_specs = parse_list(drops, "--drops")
    for d in drop_specs:
        DropModel.parse(d)  # checked before anything runs
    day2_specs = parse_list(str(day2), "--day2")
    for spec in day2_specs:
        if spec != "none":
            parse_day2(spec)
    day2_tops: list[int | None] = [None if t == "none" else int(t) for t in parse_list(str(day2_top), "--day2-top")
                                   if t == "none" or t.isdigit()]
    if len(day2_tops) != len(parse_list(str(day2_top), "--day2-top")):
        raise UsageError(f"--day2-top {day2_top!r}: a list of cut sizes such as 32,64 (or none)")
    packs = parse_list(str(rules), "--rules")
    cells = [FieldCell(p, r, t, i, s, d, last_round or get_rules(pk).last_round, d2, d2t, pk) for p in ps for r in rs for t in tops
             for i in policies for s in shares for d in drop_specs for d2 in day2_specs for d2t in day2_tops
             for pk in packs
             if day2_pairs(d2, d2t)]
    for c in cells:
        c.question()  # every cell is valid before the study starts
    return cells


def day2_pairs(day2: str, day2_top: int | None) -> bool:
    """Whether a grid combines this day-2 spec with this rank cut: a points spec or none without a
    rank cut, a spec of rounds alone with one (the other combinations are skipped)."""
    if day2 == "none":
        return day2_top is None
    points, _ = parse_day2(day2)
    return (points is None) == (day2_top is not None)


def spec_grid(path: str | Path) -> list[FieldCell]:
    """A grid from a TOML or JSON file with the command line's keys, e.g.
    ``players = "33..409:16"``, ``ids = "none,safe"``, ``top = 8``."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise UsageError(f"{p}: cannot read the spec file: {e.strerror}") from None
    try:
        if p.suffix.lower() == ".toml":
            try:
                import tomllib
            except ModuleNotFoundError:  # Python 3.10
                raise UsageError(f"{p}: TOML spec files need Python 3.11+; use a JSON spec") from None
            spec = tomllib.loads(raw.decode())
        else:
            import json
            spec = json.loads(raw)
    except UsageError:
        raise
    except Exception as e:  # noqa: BLE001 (any parse error becomes one message)
        raise UsageError(f"{p}: not a valid spec file: {e}") from None
    known = {"players", "rounds", "top", "ids", "draw_share", "drops", "last_round", "day2", "day2_top", "rules"}
    if not isinstance(spec, dict) or "players" not in spec:
        raise UsageError(f"{p}: the spec needs at least 'players' (keys: {', '.join(sorted(known))})")
    unknown = set(spec) - known
    if unknown:
        raise UsageError(f"{p}: unknown key(s) {', '.join(sorted(unknown))} (keys: {', '.join(sorted(known))})")
    as_text = {k: ",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in spec.items()}
    return field_grid(**as_text)


def event_cells(folder: str | Path, top: int = 8, min_rounds: int = 4) -> list[EventCell]:
    """The events of a folder with a Top ``top`` playoff (its ``index.json`` when present, as
    :func:`drawsafe.simulation.calibration.select_events`; else every ``*.json`` file)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise UsageError(f"--events {folder}: not a folder")
    if (folder / "index.json").exists():
        return [EventCell(str(folder / e.file), top) for e in select_events(folder, top, min_rounds)]
    return [EventCell(str(p), top) for p in sorted(folder.glob("*.json"))]


def _none(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def _p(prop):
    if prop.n == 0:
        return None, None, None, 0
    ci = prop.confidence_interval()
    return prop.estimate, ci.low, ci.high, prop.n


def cell_budget(cell, budget: Budget) -> Budget:
    """The study's ``budget`` with the cell's own seed (:func:`cell_seed`)."""
    return replace(budget, seed=cell_seed(budget.seed, cell.key))


def field_rows(cell: FieldCell, budget: Budget) -> list[dict]:
    budget = cell_budget(cell, budget)
    cs = budget.seed
    r = field_odds(cell.planned(), cell.question(budget))
    mean, _ = r.bubble
    line = max(r.cut_points, key=lambda t: (t[1].k, t[0])) if r.cut_points else (None, None)
    common = {"cell": cell.key, "players": cell.players, "rounds": r.rounds, "top": cell.top, "ids": cell.ids,
              "draw_share": cell.draw_share, "drops": cell.drops, "simulations": r.simulations,
              "cell_seed": cs, "bubble_expected": mean.estimate, "cut_points_mode": line[0],
              "cut_points_mode_p": line[1].estimate if line[1] is not None else None,
              "expected_dropped": r.expected_dropped, "day2": cell.day2, "day2_top": cell.day2_top,
              "rules": cell.rules, "day2_expected": r.day2_players[0].estimate if r.has_day2 else None}
    rows = []
    for rec in r.records:
        p, lo, hi, n = _p(rec.cut)
        rows.append({**common, "stage": "final", "wins": rec.wins, "losses": rec.losses, "draws": rec.draws,
                     "points": rec.points, "expected_players": rec.players.estimate, "p_cut": p,
                     "ci_low": lo, "ci_high": hi, "n": n})
    for stage, items in (("before_last", r.before_last), ("before_last_two", r.before_last_two)):
        for b in items:
            row = {**common, "stage": stage, "wins": b.wins, "losses": b.losses, "draws": b.draws,
                   "points": b.points, "expected_players": b.players}
            row["p_cut"], row["ci_low"], row["ci_high"], row["n"] = _p(b.cut)
            for name in ("draw", "win", "loss"):
                (row[f"p_cut_{name}"], row[f"{name}_ci_low"], row[f"{name}_ci_high"],
                 row[f"{name}_n"]) = _p(getattr(b, name))
            rows.append(row)
    for d in r.day1_records:  # day 2: P(advance) of each day-1 record, and P(cut) of those who did
        row = {**common, "stage": "day1", "wins": d.wins, "losses": d.losses, "draws": d.draws, "points": d.points,
               "expected_players": d.players.estimate}
        row["p_cut"], row["ci_low"], row["ci_high"], row["n"] = _p(d.advance)
        row["p_cut_win"], row["win_ci_low"], row["win_ci_high"], row["win_n"] = _p(d.cut_if_advanced)
        rows.append(row)
    return rows


def event_rows(cell: EventCell, budget: Budget) -> list[dict]:
    budget = cell_budget(cell, budget)
    cs = budget.seed
    ev = forecast_event(cell.path, Question(Cut(cell.top), others="rational", budget=budget))
    rows = []
    for p in ev.players:
        est, lo, hi, _ = _p(p.cut)
        rows.append({"cell": cell.key, "entrants": ev.entrants, "rounds": ev.rounds, "top": ev.seats,
                     "player": p.player, "points": p.points, "p_cut": est, "ci_low": lo, "ci_high": hi,
                     "p_cut_hindsight": p.hindsight.estimate, "made_cut": int(p.made_cut),
                     "simulations": ev.simulations, "cell_seed": cs})
    return rows


def run_cell(cell, budget: Budget):
    """``("ok", key, rows)`` or ``("failed", key, message)``: a failing cell never stops a study."""
    try:
        rows = (event_rows if isinstance(cell, EventCell) else field_rows)(cell, budget)
    except Exception as e:  # noqa: BLE001 (reported with the cell's parameters; the rest continue)
        return "failed", cell.key, f"{type(e).__name__}: {e}"
    for row in rows:
        row["cell_rows"] = len(rows)
    return "ok", cell.key, rows


def columns_for(cells) -> tuple[tuple[str, type], ...]:
    return EVENT_COLUMNS if cells and isinstance(cells[0], EventCell) else FIELD_COLUMNS


def format_value(v) -> str:
    v = _none(v)
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(v)  # exact round trip
    return str(v)


def parse_value(text: str, kind: type):
    if text == "":
        return None
    return kind(text)


def rows_csv(rows: list[dict], columns, header: bool) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if header:
        w.writerow([c for c, _ in columns])
    for row in rows:
        w.writerow([format_value(row.get(c)) for c, _ in columns])
    return buf.getvalue()


def read_table(path: Path, columns) -> dict[str, list[dict]]:
    """The complete cells of a (possibly interrupted) study CSV, by cell key."""
    if not path.exists() or path.stat().st_size == 0:
        return {}
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):  # a torn last line
        text = text[:text.rfind("\n") + 1]
    reader = csv.reader(io.StringIO(text))
    try:
        head = next(reader)
    except StopIteration:
        return {}
    names = [c for c, _ in columns]
    if head != names:
        raise UsageError(f"{path}: not a study table of this kind (its columns differ); use another --out")
    kinds = dict(columns)
    cells: dict[str, list[dict]] = {}
    for line in reader:
        if len(line) != len(names):
            continue
        row = {c: parse_value(v, kinds[c]) for c, v in zip(names, line)}
        cells.setdefault(row["cell"], []).append(row)
    return {k: v for k, v in cells.items() if v and len(v) == v[0]["cell_rows"]}


@dataclass(frozen=True)
class StudyResult:
    """A study's table (``rows``, written to ``csv`` and ``parquet``) and how its ``cells`` went:
    ``ran`` now, ``skipped`` as already complete in the table, ``failed`` (key, message)."""

    cells: int
    rows: list[dict]
    csv: Path
    parquet: Path | None
    ran: int
    skipped: int
    failed: tuple[tuple[str, str], ...]
    seconds: float

    @property
    def exit_code(self) -> int:
        """1 when a cell failed (the table holds the others), else 0."""
        return 1 if self.failed else 0

    def to_json(self) -> dict:
        return {"cells": self.cells, "ran": self.ran, "skipped": self.skipped,
                "failed": [{"cell": k, "error": m} for k, m in self.failed], "rows": len(self.rows),
                "csv": str(self.csv), "parquet": str(self.parquet) if self.parquet else None,
                "seconds": round(self.seconds, 2)}

    def lines(self) -> list[str]:
        """What the table holds, where, and each failed cell."""
        return ([f"{len(self.rows)} rows from {self.cells} cells ({self.ran} run, {self.skipped} already done) "
                 f"in {self.seconds:.1f} s -> {self.csv}" + (f" and {self.parquet}" if self.parquet else "")]
                + [f"failed: {k}: {m}" for k, m in self.failed])


#: ``progress(cells done, cells, what)``: a cell finished (``what``: its key, or FAILED ...).
CellProgress = Callable[[int, int, str], None]


def run_study(cells: list, out: str | Path, budget: Budget = FIELD_BUDGET, *, scheduler: str | None = None,
              client=None, progress: CellProgress | None = None, parquet: bool = True,
              stop_after: int | None = None) -> StudyResult:
    """Run every cell not already complete in ``out`` (CSV) within ``budget`` each (its seed the
    study's: each cell's own comes from it, :func:`cell_seed`), locally or on a Dask cluster
    (``scheduler`` address, or a ``dask.distributed.Client``), then write the table in grid order
    (CSV, and Parquet next to it).  ``stop_after`` stops after that many new cells (tests of resume).
    """
    seed = budget.seed
    start = time.perf_counter()
    out = Path(out)
    columns = columns_for(cells)
    keys = [c.key for c in cells]
    if len(set(keys)) != len(keys):
        raise UsageError("the grid lists the same cell twice")
    done = read_table(out, columns)
    # keep only complete cells of this grid in the file (drops a torn cell), then append
    kept = [row for k in keys if k in done for row in done[k]]
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(rows_csv(kept, columns, header=True))
    todo = [c for c in cells if c.key not in done]
    skipped = len(cells) - len(todo)
    if stop_after is not None:
        todo = todo[:stop_after]
    failed: list[tuple[str, str]] = []
    results: dict[str, list[dict]] = {k: done[k] for k in keys if k in done}

    def finished(status, key, payload, count):
        if status == "ok":
            results[key] = payload
            with open(out, "a", encoding="utf-8") as f:
                f.write(rows_csv(payload, columns, header=False))
                f.flush()
                os.fsync(f.fileno())
        else:
            failed.append((key, payload))
        if progress:
            progress(count, len(todo), key if status == "ok" else f"FAILED {key}: {payload}")

    if todo and (scheduler or client is not None):
        own = None
        if client is None:
            try:
                from dask.distributed import Client
            except ImportError:
                raise UsageError("--scheduler needs dask.distributed: pip install 'dask[distributed]'") from None
            try:
                own = client = Client(scheduler, timeout=CONNECT_TIMEOUT)
            except OSError as e:
                raise UsageError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({e})") from None
        try:
            from dask.distributed import as_completed
            futures = [client.submit(run_cell, c, budget, key=f"drawsafe-{seed}-{c.key}",
                                     pure=False) for c in todo]
            for i, fut in enumerate(as_completed(futures), start=1):
                try:
                    status, key, payload = fut.result()
                except Exception as e:  # noqa: BLE001 (a worker lost: the cell is reported, not fatal)
                    status, key, payload = "failed", "?", f"{type(e).__name__}: {e}"
                finished(status, key, payload, i)
        finally:
            if own is not None:
                own.close()
    else:
        for i, c in enumerate(todo, start=1):
            finished(*run_cell(c, budget), i)
    rows = [row for k in keys if k in results for row in results[k]]
    with open(out, "w", encoding="utf-8") as f:
        f.write(rows_csv(rows, columns, header=True))
    pq = None
    if parquet:
        pq = out.with_suffix(".parquet")
        write_parquet(rows, columns, pq)
    return StudyResult(len(cells), rows, out, pq, len(todo), skipped, tuple(failed), time.perf_counter() - start)


def write_parquet(rows: list[dict], columns, path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError("Parquet output needs pyarrow: pip install pyarrow (or use --no-parquet)") from None
    types = {int: pa.int64(), float: pa.float64(), str: pa.string()}
    schema = pa.schema([(c, types[k]) for c, k in columns])
    table = pa.table({c: [_none(r.get(c)) for r in rows] for c, _ in columns}, schema=schema)
    pq.write_table(table, path)

