"""The API against the command line on the real events of ../shared/data/melee with a Top 8.

For every such event, cut before its last Swiss round (``--after-round`` = Swiss rounds - 1), the
answers of ``POST /api/standings``, ``/api/pairings`` and ``/api/draw`` (in-process client, the
file as the body) are compared with ``drawsafe standings|pairings|draw FILE --json`` (click's
runner) for the same options and seed; an event counts as agreeing when all three JSON values are
equal.  Errors count too: the API's 400/422 message must be the CLI's one line.

    python3 benchmarks/serve_vs_cli.py [--data DIR] [--sims N] [--limit N] [--all] [--json OUT]

``--all`` compares every event of the data set (cut before its last Swiss round, Top 8 cut),
not only the 21 that played a Top 8.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.server import ServerConfig, create_app
from drawsafe.simulation.calibration import select_events

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[1]


def default_data() -> Path:
    return Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data" / "melee"


def compare_event(client, runner, path: Path, after_round: int, sims: int) -> dict:
    raw = path.read_bytes()
    out = {"file": path.name, "after_round": after_round, "agree": True, "commands": {}}
    for command, extra in (("standings", []), ("pairings", []), ("draw", ["--sims", str(sims)])):
        query = {"after_round": str(after_round), "filename": path.name}
        if command == "draw":
            query["sims"] = str(sims)
        r = client.post(f"/api/{command}", params=query, content=raw)
        cli = runner.invoke(main, [command, path.name, "--after-round", str(after_round), "--json", *extra])
        if cli.exit_code == 0:
            same = r.status_code == 200 and r.json() == json.loads(cli.stdout)
        else:
            same = r.status_code in (400, 422) and cli.stderr.strip() == f"drawsafe: error: {r.json()['error']}"
        out["commands"][command] = {"status": r.status_code, "cli_exit": cli.exit_code, "same": same}
        out["agree"] &= same
    return out


def every_event(data: Path) -> list:
    """Every event of the index (Top 8 or not), cut before its last Swiss round, with a Top 8."""
    from drawsafe.simulation.calibration import EventEntry

    index = json.loads((data / "index.json").read_text(encoding="utf-8"))
    return [EventEntry(e["file"], e["swiss_rounds"], 8) for e in index if e["swiss_rounds"] >= 2]


def compare(data: Path, sims: int = 2000, limit: int | None = None, progress=None,
            every: bool = False) -> dict:
    events = (every_event(data) if every else select_events(data, cut=8))[:limit]
    results = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, \
            TestClient(create_app(ServerConfig(data_dir=tmp, warm=False)), raise_server_exceptions=False) as c:
        runner = CliRunner()
        cwd = os.getcwd()
        os.chdir(data)  # the CLI names the file as given: run it on the bare file name, as the API
        try:
            for i, e in enumerate(events):
                results.append(compare_event(c, runner, data / e.file, e.swiss_rounds - 1, sims))
                if progress:
                    progress(i + 1, len(events), results[-1])
        finally:
            os.chdir(cwd)
    agree = sum(r["agree"] for r in results)
    return {"events": len(results), "agree": agree, "sims": sims, "seconds": round(time.monotonic() - started, 1),
            "disagree": [r for r in results if not r["agree"]],
            "errors": [r for r in results if any(c["status"] != 200 for c in r["commands"].values())]}


def cli() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=default_data())
    ap.add_argument("--sims", type=int, default=2000)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--json", type=Path, default=None, help="Also write the figures here.")
    ap.add_argument("--all", action="store_true",
                    help="Every event of the data set (with a Top 8 cut), not only those that played one.")
    args = ap.parse_args()
    if not (args.data / "index.json").exists():
        print(f"no melee data at {args.data}", file=sys.stderr)
        return 2

    def progress(i, n, r):
        print(f"\r{i}/{n} {r['file'][:60]:<60} {'same' if r['agree'] else 'DIFFERENT'}", end="", file=sys.stderr)

    figures = compare(args.data, args.sims, args.limit, progress, args.all)
    print(file=sys.stderr)
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    print(f"{figures['agree']} of {figures['events']} {'' if args.all else 'Top 8 '}events: API and CLI JSON identical "
          f"(standings, pairings, draw --sims {figures['sims']}); {figures['seconds']} s", file=sys.stderr)
    return 0 if figures["agree"] == figures["events"] else 1


if __name__ == "__main__":
    sys.exit(cli())
