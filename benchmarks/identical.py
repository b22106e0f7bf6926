"""The figures of two trees side by side: every answer written to a folder, then compared.

Run it once with each tree's interpreter (a venv with the older tree installed, and this one),
then compare the folders:

    /path/to/old/venv/bin/python benchmarks/identical.py run --out /tmp/before
    python3 benchmarks/identical.py run --out /tmp/after --events-from /tmp/before
    python3 benchmarks/identical.py compare /tmp/before /tmp/after

``compare --statistical`` compares every Monte Carlo figure instead (equal within the combined
99.9% interval): for trees that spend their simulations differently, run with ``--sims 0`` (the
commands' own precision).  Besides the melee.gg events and the files below, every cobra export of
``tests/data/netrunner`` and ``../shared/data/real/netrunner`` is answered (the netrunner pack).

For the embedded sample and the real events of ``../shared/data/melee`` that played a Top 8 (cut
before their last Swiss round), it writes ``drawsafe draw --json`` and ``odds --json`` (fixed
``--sims``, seed 0) and the API's ``POST /api/draw``, ``/api/odds``, ``/api/standings`` and
``/api/pairings`` (in-process client); the same for every Pokémon TOM file and chess TRF of
``tests/data`` and ``../shared/data/real`` (:func:`other_games`: each game's pack, its own
default round); and ``drawsafe field --json`` for a few fields.  Only the
stable entry points are used (``drawsafe.cli.main:main``, ``drawsafe.server.create_app``), so the
script runs on trees whose modules moved.  ``compare`` drops every ``seconds`` value and reports
each answer that differs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIELDS = (["--players", "64", "--sims", "3000"],
          ["--players", "100", "--rounds", "7", "--sims", "2000", "--ids", "locked"],
          ["--players", "40", "--rules", "pokemon", "--sims", "2000", "--top", "auto"])


def top8_events(data: Path) -> list[tuple[str, int]]:
    """(file, Swiss rounds) of the index's events whose playoff was a Top 8 after 4+ Swiss rounds
    (as drawsafe.simulation.calibration.select_events)."""
    index = json.loads((data / "index.json").read_text(encoding="utf-8"))
    out = []
    for e in index:
        if e["swiss_rounds"] >= 4 and e["playoff_first_round_matches"] == 4:
            out.append((e["file"], e["swiss_rounds"]))
    return out


def other_games(data: Path) -> list[Path]:
    """The Pokémon and chess files the answers are compared on: the tests' own and the real ones
    of ``shared/data/real`` (``data`` is ``shared/data/melee``)."""
    real = data.parent / "real"
    files = sorted((ROOT / "tests" / "data" / "pokemon").glob("*.tdf")) + sorted((ROOT / "tests" / "data" / "chess").glob("*.trf"))
    files += sorted((real / "pokemon" / "tom").glob("*.tdf")) + sorted((real / "chess" / "trf").glob("*.trf"))
    files += sorted((ROOT / "tests" / "data" / "netrunner").glob("*.json"))
    files += sorted((real / "netrunner" / "cobra").glob("*.json"))
    return files


def strip_seconds(value):
    if isinstance(value, dict):
        return {k: strip_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [strip_seconds(v) for v in value]
    return value


def run(out: Path, data: Path, events: list[tuple[str, int]], sims: int, games_only: bool = False) -> None:
    from click.testing import CliRunner

    from drawsafe.cli.main import main
    from drawsafe.server import ServerConfig, create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    out.mkdir(parents=True, exist_ok=True)
    (out / "events.json").write_text(json.dumps(events))
    runner = CliRunner()

    def budget(n: int) -> list[str]:  # --sims 0: the command's own precision
        return ["--sims", str(n)] if sims else []

    def api_budget(n: int) -> dict:
        return {"sims": str(n)} if sims else {}

    def cli(name: str, args: list[str]) -> None:
        r = runner.invoke(main, args)
        text = r.stdout if r.exit_code == 0 else f"exit {r.exit_code}: {r.stderr}"
        (out / name).write_text(text)

    if games_only:
        events = []
    for i, args in enumerate(FIELDS if not games_only else ()):
        cli(f"field-{i}.json", ["field", *args, "--json"])
    if not games_only:
        cli("sample-draw.json", ["draw", *budget(sims), "--json"])
        cli("sample-odds.json", ["odds", *budget(sims * 4), "--json"])
    with tempfile.TemporaryDirectory() as tmp, \
            TestClient(create_app(ServerConfig(data_dir=tmp, warm=False)),
                       raise_server_exceptions=False) as client:
        for n, (file, rounds) in enumerate(events):
            path = data / file
            after = str(rounds - 1)
            stem = f"event{n:02d}"
            cli(f"{stem}-draw.json", ["draw", str(path), "--after-round", after, *budget(sims), "--json"])
            cli(f"{stem}-odds.json", ["odds", str(path), "--after-round", after, *budget(sims * 4), "--json"])
            raw = path.read_bytes()
            for command, extra in (("draw", api_budget(sims)), ("odds", api_budget(sims * 4)),
                                   ("standings", {}), ("pairings", {})):
                r = client.post(f"/api/{command}", params={"after_round": after, "filename": file, **extra},
                                content=raw)
                (out / f"{stem}-api-{command}.json").write_text(f"{r.status_code}\n{r.text}")
            print(f"\r{n + 1}/{len(events)} {file[:60]}", end="", file=sys.stderr)
        from drawsafe import open_event

        for path in other_games(data):
            stem = f"game-{path.parent.name}-{path.stem}".replace(" ", "_")
            try:
                snap = open_event(str(path)).snapshot
            except Exception as e:  # noqa: BLE001 (a tree that cannot read the file: said in its answer)
                (out / f"{stem}-open.txt").write_text(f"{type(e).__name__}: {e}")
                continue
            # a finished event is answered before its last Swiss round, as a player would ask
            after = [] if snap.rounds_left else ["--after-round", str(snap.after_round - 1)]
            for command in ("standings", "pairings", "draw", "odds"):
                extra = budget(sims) if command in ("draw", "odds") else []
                cli(f"{stem}-{command}.json", [command, str(path), *after, *extra, "--json"])
            raw = path.read_bytes()
            query = {"after_round": after[1]} if after else {}
            for command, extra in (("draw", api_budget(sims)), ("standings", {})):
                r = client.post(f"/api/{command}", params={"filename": path.name, **query, **extra}, content=raw)
                (out / f"{stem}-api-{command}.json").write_text(f"{r.status_code}\n{r.text}")
    print(file=sys.stderr)


#: Two estimates agree when they differ by less than this many standard errors of the difference
#: (the combined 99.9% interval).
Z999 = 3.2905


#: Figures closer than this are equal (a few simulations of a rare outcome in one tree only).
TOLERANCE = 0.001


def cut_of(text: str):
    """The cut an answer is for (None when it names none)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    return data.get("cut") if isinstance(data, dict) else None


def figures(value, path=()):
    """Every Monte Carlo figure of an answer: (path, estimate, standard error) from each
    ``p_cut_X`` with its 95% interval ``ci_X`` (and ``draw_minus_play`` with its interval), and
    odds' ``p_cut`` with its ``ci_low`` and ``ci_high``."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key.startswith("p_cut_") or key == "draw_minus_play":
                ci = value.get("ci_" + key.removeprefix("p_cut_")) or value.get("ci_" + key)
                if v is not None and ci:
                    yield (*path, key), float(v), (ci[1] - ci[0]) / (2 * 1.96)
            elif key == "p_cut" and value.get("ci_low") is not None and v is not None:  # odds' players
                yield (*path, key), float(v), (value["ci_high"] - value["ci_low"]) / (2 * 1.96)
            elif isinstance(v, (dict, list)):
                label = value.get("player") or value.get("table") or key
                yield from figures(v, (*path, str(label) if isinstance(v, dict) else key))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            label = v.get("player") or v.get("table") or i if isinstance(v, dict) else i
            yield from figures(v, (*path, str(label)))


def statistical(a: Path, b: Path) -> int:
    """Every figure of every answer of ``a`` against the same figure of ``b``: equal within the
    combined 99.9% interval (the answers of the two trees may spend their simulations differently;
    their figures must still agree)."""
    compared = within = other_cut = 0
    outside, alone = [], 0
    for pa in sorted(a.iterdir()):
        pb = b / pa.name
        if not pb.exists() or pa.name == "events.json":
            continue
        ta, tb = pa.read_text(), pb.read_text()
        if "-api-" in pa.name:
            ta, tb = ta.partition("\n")[2], tb.partition("\n")[2]
        try:
            fa, fb = {k: (e, se) for k, e, se in figures(json.loads(ta))}, \
                {k: (e, se) for k, e, se in figures(json.loads(tb))}
        except json.JSONDecodeError:
            continue
        if cut_of(ta) != cut_of(tb):  # the default cut is now the event's announced one (issue 39)
            other_cut += 1
            continue
        alone += len(set(fa) ^ set(fb))
        for key in set(fa) & set(fb):
            (ea, sa), (eb, sb) = fa[key], fb[key]
            compared += 1
            # a point interval (no variation in one tree's simulations) gets the other's width at least,
            # and a difference below a tenth of a point is equal
            se = (sa * sa + sb * sb) ** 0.5 if min(sa, sb) > 0 else 2 ** 0.5 * max(sa, sb)
            if abs(ea - eb) <= Z999 * se + TOLERANCE:
                within += 1
            else:
                outside.append(f"{pa.name} {'/'.join(key)}: {ea:.4f} v {eb:.4f}")
    print(f"{within} of {compared} figures equal within their combined 99.9% interval "
          f"({compared - within} outside, {0.001 * compared:.1f} expected by chance); "
          f"{alone} figures in one answer only (a table evaluated in one tree only); {other_cut} answers "
          "at another cut (the event's own by default) not compared")
    by_answer: dict[str, int] = {}
    for line in outside:
        name = line.split(" ", 1)[0]
        by_answer[name] = by_answer.get(name, 0) + 1
    for name, count in sorted(by_answer.items()):
        print(f"  {count} outside in {name}")
    for line in outside[:40]:
        print(f"  outside: {line}")
    return 0


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = []
    for name in names:
        pa, pb = a / name, b / name
        if not pa.exists() or not pb.exists():
            differ.append(f"{name}: only in {'the second' if pb.exists() else 'the first'}")
            continue
        ta, tb = pa.read_text(), pb.read_text()
        try:
            if name.split("-")[-2:-1] == ["api"]:
                sa, _, ja = ta.partition("\n")
                sb, _, jb = tb.partition("\n")
                same = sa == sb and strip_seconds(json.loads(ja)) == strip_seconds(json.loads(jb))
            else:
                same = strip_seconds(json.loads(ta)) == strip_seconds(json.loads(tb))
        except json.JSONDecodeError:
            same = ta == tb
        if not same:
            differ.append(name)
    print(f"{len(names) - len(differ)} of {len(names)} answers identical (seconds aside)")
    for d in differ:
        print(f"  differs: {d}")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--data", type=Path,
                   default=Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data" / "melee")
    r.add_argument("--events-from", type=Path, default=None, help="Take the event list of an earlier run.")
    r.add_argument("--sims", type=int, default=2000,
                   help="simulations of every draw and odds (0: each command's default precision)")
    r.add_argument("--limit", type=int, default=None, help="only the first N melee.gg events")
    r.add_argument("--games-only", action="store_true", help="only the Pokémon and chess files (other_games)")
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    c.add_argument("--statistical", action="store_true",
                   help="compare every figure within the combined 99.9%% interval instead of byte for byte")
    args = ap.parse_args()
    if args.what == "compare":
        return statistical(args.a, args.b) if args.statistical else compare(args.a, args.b)
    if args.events_from:
        events = [tuple(e) for e in json.loads((args.events_from / "events.json").read_text())]
    else:
        events = top8_events(args.data)
    events = events[:args.limit] if args.limit else events
    run(args.out, args.data, events, args.sims, args.games_only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
