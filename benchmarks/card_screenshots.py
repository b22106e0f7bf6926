"""Screenshots of the phone card at 390 px on a real event: a player whose card states a condition,
a clinched player and a player not paired in the round (issue 50, item 4), and a card with one
result of another table fixed ("What you need from the other tables", issue 52), to look at and
for the manual.

The event of issue 50: the Charlotte TCG Regionals, masters (975 players; 9 Swiss rounds on day 1,
6 more on day 2 for 19+ points; a top 8) as pokedata serves it, kept by RichardHpa/Pokemon-TCG-
Standings as ``public/data/tournaments/0000119.json`` (commit 89dc8e30c475904cb6de2033d6457d9fcef68fb2;
not in ../shared: give its path), before its last round (``--after-round 14``):

    python benchmarks/card_screenshots.py 0000119.json --after-round 14 --out tmp/cards
    python benchmarks/card_screenshots.py 0000119.json --after-round 14 --condition "Kyle Sabelhaus" \
        --clinched "Joe Ruettiger" --unpaired "Kaitlin Sabelhaus" --whatif "Kyle Sabelhaus" --out docs/img

A kind not named is picked from the event's draw answer: the first player whose card states a
condition (a need), the first clinched, and the first player of the standings who is in no table
of the round; the what-if card is the condition's player's, the first result of their first
table tapped (its tap timed in the page).  Each card is screenshot alone (its verdict, its certainty, its link to the
standings) as ``card-KIND.png`` in ``--out``, its text printed; the page must not scroll sideways.
It starts its own ``drawsafe serve`` on a free port (the kernels load from the shipped cache)
and drives Debian's Chromium through Playwright, as the browser tests do.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

#: A phone (CSS pixels), as the browser tests' VIEWPORTS["phone"].
PHONE = (390, 844)
CHROMIUM = os.environ.get("DRAWSAFE_CHROMIUM") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
#: The cards shot: a condition, a clinched player, a player not paired, one result fixed.
KINDS = ("condition", "clinched", "unpaired", "whatif")
#: The card's parts, screenshot together (the what-if card: its verdict and its what-if).
PARTS = ("#verdict", "#certainty", "#my-row")
WHATIF_PARTS = ("#verdict", "#whatif")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data_dir: str) -> tuple[subprocess.Popen, str]:
    """``drawsafe serve`` on a free loopback port, once it answers."""
    import httpx

    port = free_port()
    exe = Path(sys.executable).with_name("drawsafe")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "drawsafe.cli.main"]
    log = open(os.path.join(data_dir, "server.log"), "ab")  # noqa: SIM115  the server's, until it stops
    proc = subprocess.Popen([*cmd, "serve", "--port", str(port), "--data", data_dir, "--max-body", "67108864"],
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(url + "/", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(1)
    proc.terminate()
    raise SystemExit(f"the server did not start (see {data_dir}/server.log)")


def pick(url: str, event_id: str) -> dict[str, str]:
    """A player of each kind, from the event's draw answer and standings."""
    import httpx

    draw = httpx.get(f"{url}/api/events/{event_id}/draw", timeout=3600).json()
    standings = httpx.get(f"{url}/api/events/{event_id}/standings", timeout=600).json()
    players = [p for t in draw["tables"] for p in t["players"]]
    paired = {p["player"] for p in players} | {n for r in draw["left_out"] for n in (r["player_a"], r["player_b"]) if n}
    kinds = {"condition": next((p["player"] for p in players if p.get("needs")), None),
             "clinched": next((p["player"] for p in players if p["certainty"] == "clinched"), None),
             "unpaired": next((r["player"] for r in standings if r["player"] not in paired), None)}
    kinds["whatif"] = kinds["condition"]
    return {kind: name for kind, name in kinds.items() if name}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="the event's file (pokedata, TOM, melee.gg, ...)")
    ap.add_argument("--after-round", type=int, help="the snapshot: after this Swiss round")
    ap.add_argument("--top", default="auto")
    for kind in KINDS:
        ap.add_argument(f"--{kind}", metavar="NAME", help=f"the {kind} card's player (default: picked)")
    ap.add_argument("--out", default="tmp/cards", help="where the PNGs go (default: tmp/cards)")
    args = ap.parse_args(argv)

    import httpx
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        proc, url = serve(data)
        try:
            query = {"top": args.top, **({"after_round": args.after_round} if args.after_round is not None else {})}
            r = httpx.post(f"{url}/api/events", params=query, content=Path(args.file).read_bytes(), timeout=600)
            r.raise_for_status()
            event_id = r.json()["id"]
            chosen = {kind: getattr(args, kind) for kind in KINDS if getattr(args, kind)}
            names = {**(pick(url, event_id) if len(chosen) < len(KINDS) else {}), **chosen}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
                for kind, name in names.items():
                    started = time.perf_counter()
                    page.goto(f"{url}/e/{event_id}?name={quote(name)}", timeout=3_600_000)
                    page.locator("#verdict").wait_for()
                    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0], "scrolls sideways"
                    parts = WHATIF_PARTS if kind == "whatif" else PARTS
                    if kind == "whatif":
                        ms = page.evaluate("""() => { const li = document.querySelector('.if-table li[data-code]');
                            const t0 = performance.now(); li.click(); return performance.now() - t0; }""")
                        print(f"tap: {ms:.1f} ms")
                    boxes = [b for b in (page.locator(s).bounding_box() for s in parts if page.locator(s).count()) if b]
                    top, bottom = min(b["y"] for b in boxes) - 8, max(b["y"] + b["height"] for b in boxes) + 8
                    path = out / f"card-{kind}.png"
                    page.screenshot(path=str(path), full_page=True,
                                    clip={"x": 0, "y": max(0, top), "width": PHONE[0], "height": bottom - max(0, top)})
                    text = "\n".join(page.locator(s).inner_text() for s in parts if page.locator(s).count())
                    print(f"== {kind}: {name} ({time.perf_counter() - started:.1f} s) -> {path}\n{text}\n")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=60)


if __name__ == "__main__":
    main()
