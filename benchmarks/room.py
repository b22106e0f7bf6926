"""The whole room at once (issue 40): a real ``drawsafe serve`` on 127.0.0.1, one published
1,000-player event before its last round, and 1,000 distinct players' cards asked by 100
concurrent clients; then the standings, pairings and All tables pages by the same clients; then
45 heavy clients flooding another event while light questions (uncached standings) are asked.

The answer before the question (issue 51): ``--posted 20`` (default) first publishes two more
1,000-player events and asks the room's 1,000 cards of each, one posted 20 s before the first
card is asked, the other just now (``posted_earlier``, ``posted_now``: first answer, p50, p95).
``--regional FILE`` measures a real event instead, publishing it (``--after-round``) and asking
one card (``--player``) and the odds page, 20 s after publishing and just after (``--skip-room``:
only that).

    python3 benchmarks/room.py [--players 1000] [--clients 100] [--max-sims 1000] [--flood 30]
                               [--posted 20] [--regional FILE --after-round 14 --player NAME]
                               [--skip-room] [--json OUT]

Bounded: loopback only, a fixed number of requests, every phase under a deadline (cards 300 s,
pages 120 s, flood ``--flood`` s), the server stopped at the end.  ``--max-sims`` is the server's
``--max-sims`` (the published event's questions adapt to --precision up to it): the first card
waits for the one simulation of the event (the room asks once), so its time is the draw's.

Reported: every card answered, errors, 503s after the first answer exists, p50/p95 latency of
the cards answered after the first answer, max RSS of the server's process tree (sampled every
0.25 s), and the flood's light questions refused.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import httpx
import psutil
from server_helpers import RealServer


def event_file(folder: Path, players: int, rounds: int, seed: int) -> bytes:
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    path = folder / f"e{players}.json"
    write_native_json(generate_event(players, rounds, rounds - 1, seed, get_rules("mtg")), str(path))
    return path.read_bytes()


class RssSampler(threading.Thread):
    """The largest RSS of a process and its children, sampled until stopped."""

    def __init__(self, pid: int, every: float = 0.25):
        super().__init__(daemon=True)
        self.root, self.every, self.peak, self.done = psutil.Process(pid), every, 0, threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                procs = [self.root, *self.root.children(recursive=True)]
                total = 0
                for p in procs:
                    try:
                        total += p.memory_info().rss
                    except psutil.Error:
                        pass
                self.peak = max(self.peak, total)
            except psutil.Error:
                return
            self.done.wait(self.every)


class Done(Exception):
    """The measures asked for are taken (``--skip-room``)."""


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def names_of(raw: bytes) -> list[str]:
    from drawsafe import open_event

    return list(open_event(raw, name="e.json").snapshot.names)


def ask_cards(base: str, event_id: str, names: list[str], clients: int) -> list[dict]:
    """Every player's card of ``event_id``, ``clients`` at once: each card's start, end (from the
    first request), seconds, status and whether it shows a verdict."""
    cards: list[dict] = []
    lock = threading.Lock()
    t0 = time.monotonic()

    def client(k: int):
        with httpx.Client(base_url=base, timeout=300) as c:
            for name in names[k::clients]:
                s = time.monotonic()
                try:
                    r = c.get(f"/e/{event_id}", params={"name": name})
                    status, ok = r.status_code, r.status_code == 200 and 'id="verdict"' in r.text
                except httpx.HTTPError as e:
                    status, ok = type(e).__name__, False
                e_ = time.monotonic()
                with lock:
                    cards.append({"start": s - t0, "end": e_ - t0, "seconds": e_ - s, "status": status, "ok": ok})

    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    return cards


def cards_of(base: str, event_id: str, names: list[str], clients: int) -> dict:
    """Every player's card of ``event_id``, ``clients`` at once: first answer, p50, p95."""
    cards = ask_cards(base, event_id, names, clients)
    times = [c["seconds"] for c in cards]
    return {"asked": len(cards), "answered": sum(c["ok"] for c in cards),
            "errors": sum(c["status"] != 200 for c in cards),
            "first_answer_s": round(min((c["end"] for c in cards if c["ok"]), default=float("nan")), 3),
            "all_answered_s": round(max(c["end"] for c in cards), 2),
            "p50_s": round(statistics.median(times), 3), "p95_s": round(p95(times), 3)}


def posted(base: str, raw: bytes, names: list[str], clients: int, wait: float, query: str = "top=8") -> dict:
    """Publish ``raw``, wait ``wait`` seconds, then the room's cards."""
    made = httpx.post(f"{base}/api/events?{query}", content=raw, timeout=300).json()
    assert "id" in made, made
    time.sleep(wait)
    return cards_of(base, made["id"], names, clients)


def regional(base: str, raw: bytes, query: str, player: str, wait: float) -> dict:
    """A real event published, ``wait`` s later one card and the odds page (each timed)."""
    made = httpx.post(f"{base}/api/events?{query}", content=raw, timeout=300).json()
    assert "id" in made, made
    time.sleep(wait)
    out = {}
    with httpx.Client(base_url=base, timeout=600) as c:
        for what, path, params in (("card", f"/e/{made['id']}", {"name": player}),
                                   ("odds_page", f"/e/{made['id']}/odds", {}),
                                   ("card_again", f"/e/{made['id']}", {"name": player})):
            s = time.monotonic()
            r = c.get(path, params=params)
            out[what + "_s"] = round(time.monotonic() - s, 3)
            assert r.status_code == 200, (what, r.status_code, r.text[:300])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--max-sims", type=int, default=1000)
    ap.add_argument("--heavy", type=int, default=45)
    ap.add_argument("--flood", type=float, default=30.0)
    ap.add_argument("--json", default=None)
    ap.add_argument("--posted", type=float, default=20.0, help="seconds between publishing and the first card")
    ap.add_argument("--regional", default=None, help="a real event's file: its card and odds page")
    ap.add_argument("--after-round", type=int, default=None)
    ap.add_argument("--player", default=None)
    ap.add_argument("--skip-room", action="store_true", help="only the posted and regional measures")
    args = ap.parse_args(argv)
    out: dict = {"players": args.players, "clients": args.clients, "max_sims": args.max_sims,
                 "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        raw = event_file(folder, args.players, 10, 7)
        flood_raw = event_file(folder, 140, 8, 11)
        started = time.monotonic()
        server = RealServer(tmp, "--max-sims", str(args.max_sims), "--job-time", "300")
        out["server_ready_s"] = round(time.monotonic() - started, 1)
        sampler = RssSampler(server.proc.pid)
        sampler.start()
        try:
            base = server.url
            if args.regional:
                real = Path(args.regional).read_bytes()
                query = "top=auto" + (f"&after_round={args.after_round}" if args.after_round is not None else "")
                player = args.player or names_of(real)[0]
                out["regional"] = {"file": args.regional, "player": player,
                                   "posted_earlier": regional(base, real, query, player, args.posted),
                                   "posted_now": regional(base, real + b" ", query, player, 0.0)}
                print(json.dumps(out["regional"]), flush=True)
            if args.posted >= 0 and not args.regional:
                earlier, now = (event_file(folder, args.players, 10, seed) for seed in (21, 22))
                out["posted_earlier"] = posted(base, earlier, names_of(earlier), args.clients, args.posted)
                out["posted_now"] = posted(base, now, names_of(now), args.clients, 0.0)
                print(json.dumps({k: out[k] for k in ("posted_earlier", "posted_now")}), flush=True)
            if args.skip_room:
                raise Done
            published = httpx.post(f"{base}/api/events?top=8", content=raw, timeout=120).json()
            assert "id" in published, published
            event_id = published["id"]
            names = httpx.get(f"{base}/api/events/{event_id}/standings", timeout=120).json()
            names = [row["player"] for row in names][: args.players]
            assert len(names) == args.players, len(names)
            cards = ask_cards(base, event_id, names, args.clients)
            lock = threading.Lock()
            first = min((c["end"] for c in cards if c["ok"]), default=float("nan"))
            after = [c for c in cards if c["start"] >= first]
            out["cards"] = {
                "asked": len(cards), "answered": sum(c["ok"] for c in cards),
                "errors": sum(c["status"] != 200 for c in cards),
                "status_503_after_first": sum(c["status"] == 503 for c in after),
                "first_answer_s": round(first, 1), "all_answered_s": round(max(c["end"] for c in cards), 1),
                "asked_after_first": len(after),
                "p50_after_first_s": round(statistics.median([c["seconds"] for c in after]), 3) if after else None,
                "p95_after_first_s": round(p95([c["seconds"] for c in after]), 3),
                "p95_all_s": round(p95([c["seconds"] for c in cards]), 3)}
            pages: list[dict] = []

            def pages_client(k: int):
                with httpx.Client(base_url=base, timeout=120) as c:
                    for view in ("standings", "pairings", "draw"):
                        s = time.monotonic()
                        try:
                            status = c.get(f"/e/{event_id}/{view}").status_code
                        except httpx.HTTPError as e:
                            status = type(e).__name__
                        with lock:
                            pages.append({"view": view, "status": status, "seconds": time.monotonic() - s})

            with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
                list(pool.map(pages_client, range(args.clients)))
            out["pages"] = {view: {"asked": sum(p["view"] == view for p in pages),
                                   "ok": sum(p["view"] == view and p["status"] == 200 for p in pages),
                                   "p95_s": round(p95([p["seconds"] for p in pages if p["view"] == view]), 3)}
                            for view in ("standings", "pairings", "draw")}
            status = httpx.get(f"{base}/api/status", timeout=30).json()
            out["jobs_after_room"] = status["jobs"]
            out["memory_after_room"] = status.get("memory")
            out["max_rss_mib_room"] = round(sampler.peak / 2**20)
            # --- the flood: heavy clients on another event, light questions meanwhile
            flood_id = httpx.post(f"{base}/api/events?top=8", content=flood_raw, timeout=120).json()["id"]
            stop = time.monotonic() + args.flood
            heavy, light = [], []
            counter = iter(range(10**9))

            def heavy_client(k: int):
                with httpx.Client(base_url=base, timeout=330) as c:
                    while time.monotonic() < stop:
                        seed = next(counter)  # every question distinct: nothing cached
                        try:
                            status = c.get(f"/api/events/{flood_id}/draw",
                                           params={"sims": 1000, "seed": seed}).status_code
                        except httpx.HTTPError as e:
                            status = type(e).__name__
                        with lock:
                            heavy.append(status)
                        if status == 503:
                            time.sleep(1.0)

            def light_client(k: int):
                with httpx.Client(base_url=base, timeout=120) as c:
                    while time.monotonic() < stop:
                        seed = next(counter)  # uncached standings
                        s = time.monotonic()
                        try:
                            status = c.get(f"/api/events/{event_id}/standings", params={"seed": seed}).status_code
                        except httpx.HTTPError as e:
                            status = type(e).__name__
                        with lock:
                            light.append((status, time.monotonic() - s))
                        time.sleep(0.2)

            with concurrent.futures.ThreadPoolExecutor(args.heavy + 5) as pool:
                futures = [pool.submit(heavy_client, k) for k in range(args.heavy)]
                futures += [pool.submit(light_client, k) for k in range(5)]
                for f in futures:
                    f.result()
            out["flood"] = {"seconds": args.flood, "heavy_clients": args.heavy, "heavy_asked": len(heavy),
                            "heavy_by_status": {str(k): heavy.count(k) for k in sorted(set(heavy), key=str)},
                            "light_asked": len(light),
                            "light_refused": sum(s != 200 for s, _ in light),
                            "light_refused_pct": round(100 * sum(s != 200 for s, _ in light) / max(1, len(light)), 1),
                            "light_p95_s": round(p95([t for _, t in light]), 3)}
            out["max_rss_mib"] = round(sampler.peak / 2**20)
            out["unexpected_errors"] = httpx.get(f"{base}/api/status", timeout=30).json()["unexpected_errors"]
        except Done:
            pass
        finally:
            sampler.done.set()
            server.stop()
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
