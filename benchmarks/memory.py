"""The server's memory stays within its bound (issue 40): distinct large questions (standings of
a 10,000-player file, each with another seed, so none is answered from the cache) asked of a real
``drawsafe serve`` on 127.0.0.1; the RSS of the server's process tree before and after, against
``--cache-mb``.  A benchmark (minutes), not a timed test.

    python3 benchmarks/memory.py [--players 10000] [--questions 300] [--cache-mb 256] [--json OUT]
    python3 benchmarks/memory.py --publish 40 --players 1000

``--publish N`` (issue 51) publishes N distinct events of ``--players`` players before their last
round instead: the server computes each one's draw and odds answers on publish and keeps their
worlds (at most :data:`~drawsafe.simulation.decisions.MAX_KEPT_BYTES` per process); each is
waited for (``/api/events/ID/state`` ready) before the next, and the RSS is sampled throughout.

Reported: RSS of the server tree after the first answer and at the end (max over the run), its
growth, the configured bound, and /api/status's memory.  Done means: growth <= bound + 200 MiB.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import httpx
from room import RssSampler, event_file
from server_helpers import RealServer


def tree_rss(pid: int) -> int:
    import psutil

    root = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=10_000)
    ap.add_argument("--questions", type=int, default=300)
    ap.add_argument("--cache-mb", type=float, default=256.0)
    ap.add_argument("--minutes", type=float, default=20.0, help="stop asking after this long")
    ap.add_argument("--json", default=None)
    ap.add_argument("--publish", type=int, default=0, metavar="N",
                    help="publish N distinct last-round events (answers computed on publish) instead")
    args = ap.parse_args(argv)
    if args.publish:
        return publish(args)
    with tempfile.TemporaryDirectory() as tmp:
        raw = event_file(Path(tmp), args.players, 12, 3)
        server = RealServer(tmp, "--cache-mb", str(args.cache_mb), "--max-body", str(64 * 2**20),
                            "--cache", "100000")
        sampler = RssSampler(server.proc.pid)
        sampler.start()
        try:
            base = server.url
            event_id = httpx.post(f"{base}/api/events?top=8", content=raw, timeout=600).json()["id"]
            httpx.get(f"{base}/api/events/{event_id}/standings", params={"seed": 0}, timeout=600)
            before = tree_rss(server.proc.pid)
            started, asked, statuses = time.monotonic(), 0, {}
            for seed in range(1, args.questions + 1):
                if time.monotonic() - started > 60 * args.minutes:
                    break
                r = httpx.get(f"{base}/api/events/{event_id}/standings", params={"seed": seed}, timeout=600)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                asked += 1
            after = tree_rss(server.proc.pid)
            memory = httpx.get(f"{base}/api/status", timeout=30).json()["memory"]
        finally:
            sampler.done.set()
            server.stop()
    out = {"players": args.players, "questions": asked, "statuses": statuses,
           "seconds": round(time.monotonic() - started, 1), "rss_mib_before": round(before / 2**20),
           "rss_mib_after": round(after / 2**20), "rss_mib_max": round(sampler.peak / 2**20),
           "growth_mib": round((max(after, sampler.peak) - before) / 2**20), "cache_mb": args.cache_mb,
           "within_bound": (max(after, sampler.peak) - before) / 2**20 <= args.cache_mb + 200, "memory": memory}
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


def publish(args) -> int:
    """Publish ``args.publish`` distinct events, each waited for until its answers are ready."""
    with tempfile.TemporaryDirectory() as tmp:
        server = RealServer(tmp, "--cache-mb", str(args.cache_mb), "--max-body", str(64 * 2**20))
        sampler = RssSampler(server.proc.pid)
        sampler.start()
        states, waits = {}, []
        try:
            base = server.url
            before = tree_rss(server.proc.pid)
            started = time.monotonic()
            for i in range(args.publish):
                if time.monotonic() - started > 60 * args.minutes:
                    break
                raw = event_file(Path(tmp), args.players, 12, 1000 + i)
                t0 = time.monotonic()
                event_id = httpx.post(f"{base}/api/events?top=8", content=raw, timeout=600).json()["id"]
                while True:
                    state = httpx.get(f"{base}/api/events/{event_id}/state", timeout=60).json()
                    if state["ready"]:
                        break
                    time.sleep(0.2)
                waits.append(time.monotonic() - t0)
                for answer, said in state["answers"].items():
                    states[f"{answer} {said}"] = states.get(f"{answer} {said}", 0) + 1
                if i == 0:
                    first = tree_rss(server.proc.pid)
            after = tree_rss(server.proc.pid)
            memory = httpx.get(f"{base}/api/status", timeout=30).json()["memory"]
        finally:
            sampler.done.set()
            server.stop()
    top = max(after, sampler.peak)
    out = {"players": args.players, "published": len(waits), "answers": states,
           "seconds": round(time.monotonic() - started, 1),
           "ready_seconds_median": round(sorted(waits)[len(waits) // 2], 2),
           "rss_mib_before": round(before / 2**20), "rss_mib_first": round(first / 2**20),
           "rss_mib_after": round(after / 2**20), "rss_mib_max": round(sampler.peak / 2**20),
           "growth_after_first_mib": round((top - first) / 2**20), "cache_mb": args.cache_mb,
           "within_bound": (top - first) / 2**20 <= args.cache_mb + 200, "memory": memory}
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
