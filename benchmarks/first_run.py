"""The first run a new user gets: a fresh clone, the README's install command, then the commands
in the order a scorekeeper meets them: ``drawsafe draw`` on the embedded sample (Magic), then on a
Pokémon TOM file and on a chess TRF (each game's first answer), each other game's first ``draw``
from its own empty kernel cache (a real cobra export for Netrunner), ``drawsafe serve`` until
``/healthz`` answers and until its kernels are warm, ``drawsafe field``; and, with another empty
kernel cache, a fresh ``drawsafe serve`` from its start to its first ``draw`` answer on a published
event (the sample).

    python3 benchmarks/first_run.py [--commit HEAD] [--keep DIR] [--json]

The commit is cloned into a temporary folder with its own virtual environment (``pip install -e
.``, as the README says; packages come from pip's local cache) and an empty kernel cache
(``NUMBA_CACHE_DIR``); each command runs once, cold, then once more, warm.  Wall seconds of each;
the install itself is timed too.  Run it on an idle machine: the compile is CPU-bound, and the
helper process that compiles on the second core starts only when a core is idle.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], env: dict, cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-2000:]}")
    return time.perf_counter() - start


def serve_until_healthy(exe: str, env: dict, cwd: str, data: str) -> tuple[float, float]:
    """Seconds until ``/healthz`` answers, and until it says the kernels are warm (the same for a
    server that warms before it listens)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start, listening = time.perf_counter(), None
    proc = subprocess.Popen([exe, "serve", "--port", str(port), "--data", data], env=env, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - start < 900:
            if proc.poll() is not None:
                raise SystemExit("drawsafe serve exited before it was ready")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    state = json.loads(r.read()).get("kernels", "warm")  # older servers: warm once up
                    listening = listening or time.perf_counter() - start
                    if state != "warming":
                        return listening, time.perf_counter() - start
            except OSError:
                pass
            time.sleep(0.25)
        raise SystemExit("drawsafe serve not ready after 900 s")
    finally:
        proc.terminate()
        proc.wait(30)


SHARED = ROOT.parent / "shared" / "data" / "real"
#: Each game's first file: (game, path, ``draw``'s arguments): a real TOM file and a real TRF of
#: ../shared when there, else the tests' own.
GAME_FILES = (
    ("pokemon", SHARED / "pokemon" / "tom" / "Completed2025 DG Nov Cup_25-11-024905.tdf", ["--after-round", "3"]),
    ("pokemon", ROOT / "tests" / "data" / "pokemon" / "league-cup-drop.tdf", ["--after-round", "4", "--top", "4"]),
    ("chess", SHARED / "chess" / "trf" / "2020_06.trf", ["--after-round", "9"]),
    ("chess", ROOT / "tests" / "data" / "chess" / "lichess.trf", ["--after-round", "3", "--top", "2"]),
)

#: Each other game's first ``draw`` from a fresh install, each with its own empty kernel cache (the
#: shipped kernels unpacked anew): Netrunner on a real cobra export (the tests' copy without
#: ../shared), the other packs on the tests' small native event under ``--rules``.
NATIVE = ROOT / "tests" / "data" / "native" / "friday.json"
PACK_FIRST = (
    ("netrunner", SHARED / "netrunner" / "cobra" / "2023-10-29-amt-oct-cobra.json", ["--after-round", "3"]),
    *((name, NATIVE, ["--rules", name, "--top", "2"]) for name in
      ("netrunner-single", "lorcana", "riftbound", "swu", "onepiece", "digimon", "fab", "yugioh")),
)


def serve_first_draw(exe: str, env: dict, cwd: str, data: str, event: str) -> float:
    """Seconds from ``drawsafe serve``'s start until it answers ``draw`` on ``event``, published
    through the API as soon as the server listens."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    proc = subprocess.Popen([exe, "serve", "--port", str(port), "--data", data], env=env, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit("drawsafe serve exited before it answered")
            if time.perf_counter() - start > 900:
                raise SystemExit("drawsafe serve gave no draw answer within 900 s")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        with open(event, "rb") as f:
            body = f.read()
        request = urllib.request.Request(f"{base}/api/events", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=900) as r:
            event_id = json.loads(r.read())["id"]
        with urllib.request.urlopen(f"{base}/api/events/{event_id}/draw", timeout=900) as r:
            json.loads(r.read())
        return time.perf_counter() - start
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--keep", type=Path, default=None, help="clone into this folder (kept)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = str(args.keep) if args.keep else tempfile.mkdtemp(prefix="drawsafe-first-run-")
    clone = os.path.join(folder, "drawsafe")
    subprocess.run(["git", "clone", "-q", str(ROOT), clone], check=True)
    subprocess.run(["git", "-C", clone, "checkout", "-q", args.commit], check=True)
    venv = os.path.join(folder, "venv")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(folder, "numba"), XDG_DATA_HOME=os.path.join(folder, "data"))
    env.pop("DRAWSAFE_COMPILE_AHEAD", None)
    py, exe = os.path.join(venv, "bin", "python"), os.path.join(venv, "bin", "drawsafe")
    row = {"commit": subprocess.run(["git", "-C", clone, "rev-parse", "--short", "HEAD"], capture_output=True,
                                    text=True, check=True).stdout.strip()}
    row["install_s"] = round(timed([py, "-m", "pip", "install", "-q", "-e", "."], env, clone), 1)
    # the README's command installs, then runs draw at once: the load average still shows the install
    row["draw_cold_s"] = round(timed([exe, "draw"], env, clone), 1)
    for game, path, extra in GAME_FILES:  # each game's first answer, after Magic's
        if path.exists() and f"draw_{game}_cold_s" not in row:
            row[f"draw_{game}_file"] = path.name
            row[f"draw_{game}_cold_s"] = round(timed([exe, "draw", str(path), *extra], env, clone), 1)
    for name, path, extra in PACK_FIRST:  # each new pack's first answer, from an empty cache
        if not path.exists():
            path = ROOT / "tests" / "data" / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json"
        own = dict(env, NUMBA_CACHE_DIR=os.path.join(folder, f"numba-{name}"))
        row[f"first_draw_{name}_s"] = round(timed([exe, "draw", str(path), *extra], own, clone), 1)
    listening, warm = serve_until_healthy(exe, env, clone, os.path.join(folder, "serve"))
    row["serve_listening_cold_s"], row["serve_cold_s"] = round(listening, 1), round(warm, 1)
    row["field_cold_s"] = round(timed([exe, "field", "--players", "64"], env, clone), 1)
    row["draw_warm_s"] = round(timed([exe, "draw"], env, clone), 1)
    listening, warm = serve_until_healthy(exe, env, clone, os.path.join(folder, "serve"))
    row["serve_listening_warm_s"], row["serve_warm_s"] = round(listening, 1), round(warm, 1)
    row["field_warm_s"] = round(timed([exe, "field", "--players", "64"], env, clone), 1)
    fresh = dict(env, NUMBA_CACHE_DIR=os.path.join(folder, "numba-serve"))
    row["serve_first_draw_cold_s"] = round(serve_first_draw(
        exe, fresh, clone, os.path.join(folder, "serve-fresh"), os.path.join(clone, "sim", "data", "sample-event.json")), 1)
    print(json.dumps(row) if args.json else "\n".join(f"{k}: {v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
