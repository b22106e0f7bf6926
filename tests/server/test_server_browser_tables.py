"""The pages' tables as a player reads them (issue 50, item 7), in headless Chromium against a real
``drawsafe serve``: every name column's header sits over its names (left-aligned), the standings
say "Swipe the table sideways" only when the table does not fit, and a player's card links to
their row of the standings, which is marked (a long event's standings run to thousands of pixels).
Screenshots in tmp/artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from browser_helpers import ARTIFACTS, VIEWPORTS, new_page
from conftest import DATA
from server_helpers import RealServer, sample_bytes

#: A real TOM file of a Pokémon League Cup: two tiebreaks, a standings table that fits a phone.
POKEMON = DATA / "pokemon" / "dg-nov-cup-2025.tdf"
#: The colour of a marked row (static/app.css, ``tr:target td``).
MARKED = "rgb(255, 233, 168)"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = RealServer(str(tmp_path_factory.mktemp("tables")))
    sample = httpx.post(server.url + "/api/events?top=8", content=sample_bytes(), timeout=60).json()["id"]
    pokemon = httpx.post(server.url + "/api/events", content=Path(POKEMON).read_bytes(), timeout=60).json()["id"]
    yield server, sample, pokemon
    server.stop()


def misaligned(page) -> list[str]:
    """Each name cell whose column's header is not left-aligned ("header over name")."""
    return page.evaluate("""() => {
        const out = [];
        for (const table of document.querySelectorAll("table")) {
            const heads = [...table.querySelectorAll("thead th")];
            for (const td of table.querySelectorAll("tbody td.name")) {
                const r = td.getBoundingClientRect(), middle = (r.left + r.right) / 2;
                const th = heads.find(h => { const b = h.getBoundingClientRect(); return b.left <= middle && middle <= b.right; });
                if (!th || !["left", "start"].includes(getComputedStyle(th).textAlign)) {
                    out.push((th ? th.textContent : "no header") + " over " + td.textContent.trim());
                }
            }
        }
        return out;
    }""")


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_name_headers_sit_over_their_names(site, browser, device):
    server, sample, _ = site
    page, _, _ = new_page(browser, device)
    for view in ("odds?sims=2000", "pairings", "standings", "draw?sims=2000"):
        page.goto(f"{server.url}/e/{sample}/{view}", timeout=600_000)
        assert page.locator("tbody td.name").count() >= 10, view
        assert misaligned(page) == [], view
        header = page.locator("thead th", has_text="Player").first
        name = page.locator("tbody td.name").first
        # the header's text starts where the names start (a right-aligned header ended far right)
        assert abs(header.bounding_box()["x"] - name.bounding_box()["x"]) <= 1, view
    page.screenshot(path=str(ARTIFACTS / f"{device}-tables-odds-header.png"))
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_swipe_is_said_only_when_the_table_does_not_fit(site, browser, device):
    server, sample, pokemon = site
    page, _, _ = new_page(browser, device)
    for event in (sample, pokemon):
        page.goto(f"{server.url}/e/{event}/standings", timeout=600_000)
        box = page.locator("div.scroll").first
        overflows = box.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert page.locator(".scroll-cue").is_visible() == overflows
        # the Magic sample's four tiebreak columns overflow a phone, a laptop holds them; the
        # Pokémon table (two tiebreaks) fits both
        assert overflows == (device == "phone" and event == sample)
    page.close()


def test_the_card_links_to_the_players_marked_row(site, browser):
    server, sample, _ = site
    page, _, height = new_page(browser, "phone")
    rows = httpx.get(f"{server.url}/api/events/{sample}/standings", timeout=60).json()
    me = rows[-12]["player"]  # far down the standings: 69th of 81
    page.goto(f"{server.url}/e/{sample}?name={me}", timeout=600_000)
    page.locator("#verdict").wait_for()
    page.locator("#my-row").click()
    page.wait_for_load_state()
    assert "/standings#p-" in page.url
    ids = page.evaluate("[...document.querySelectorAll('tbody tr')].map(r => r.id)")
    assert len(ids) == len(rows) and len(set(ids)) == len(ids) and all(ids)  # an anchor per row
    row = page.locator("tbody tr:target")
    assert row.count() == 1 and me in row.inner_text()
    box = row.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, "the row is on the screen"
    assert page.evaluate("window.scrollY") > 1000  # scrolled there: it was not on the first screen
    colours = page.evaluate("[...document.querySelectorAll('tbody tr')].map("
                            "r => getComputedStyle(r.cells[1]).backgroundColor)")
    assert colours.count(MARKED) == 1 and colours[ids.index(row.get_attribute("id"))] == MARKED
    page.screenshot(path=str(ARTIFACTS / "phone-tables-my-row.png"))
    page.close()
