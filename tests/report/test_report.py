"""``drawsafe report``: a self-contained page, decodable figures, numbers recomputed from the
simulations, same seed same page, and one-line errors that write nothing.

One small report of the embedded sample event (2,000 simulations, seed 7) is made through the
library and once more through the command line; the expected numbers are recomputed here from the
raw per-simulation arrays with numpy and scipy, not with the code under test.
"""

from __future__ import annotations

import base64
import html
import math
import os
import re
import threading
import time

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import MELEE, ROOT, need
from PIL import Image
from scipy.special import ndtri

from drawsafe import open_event
from drawsafe.cli.main import main
from drawsafe.engine import kernel as engine
from drawsafe.report import build, build_report, gather
from drawsafe.report.fig_ranks import rank_shares
from drawsafe.report.rooting import who_to_root_for
from drawsafe.report.style import LAYOUTS, PHONE, WIDE, styled
from drawsafe.text import proportion_brief


def load_examples():
    """The example list of ``reports/examples.py`` (a script of the repository, not of the package)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("report_examples", ROOT / "reports" / "examples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.EXAMPLES


EXAMPLES = load_examples()
SIMS, SEED = 2000, 7
#: Content width of a 390-pixel phone screen (the page's side padding taken off).
PHONE_CONTENT_PX = 358
SECTIONS = ("summary", "draw-or-play", "tiebreak-swing", "ranks", "cut-line", "who-to-root-for", "method")


@pytest.fixture(scope="module")
def data():
    ctx = open_event(None)
    question = ctx.question(top=8, last_round="standings", model="coin", sims=SIMS, seed=SEED)
    return gather(ctx.snapshot, ctx.rules, question, rules_source=ctx.rules_source)


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory):
    """The same report through the command line, with --png-dir and --json."""
    folder = tmp_path_factory.mktemp("report")
    out, pngs = folder / "r.html", folder / "png"
    result = CliRunner().invoke(main, ["report", "--sims", str(SIMS), "--seed", str(SEED), "-o", str(out),
                                       "--png-dir", str(pngs), "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    return result, out, pngs


@pytest.fixture(scope="module")
def page(cli_run) -> str:
    return cli_run[1].read_text(encoding="utf-8")


def data_uris(text: str) -> list[bytes]:
    """The PNGs of the page's ``src`` and ``srcset`` attributes."""
    return [base64.b64decode(m) for m in re.findall(r'src(?:set)?="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)]


# ------------------------------------------------------------------ the page


def test_no_external_reference(page):
    assert not re.search(r"https?://", page)
    assert "<link" not in page and "<script" not in page and "@import" not in page and "url(" not in page
    sources = re.findall(r'\bsrc(?:set)?\s*=\s*"([^"]*)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") and " " not in s for s in sources)
    assert not re.search(r"\b(href|poster|action)\s*=", page)


def test_every_image_decodes_and_matches_the_png_files(page, cli_run):
    images = data_uris(page)
    files = sorted(cli_run[2].glob("*.png"))
    assert len(images) == len(files) == 14  # draw, OMW/GW/OGW, ranks, cut line, root; wide and phone
    phone = [f for f in files if f.name.endswith("-phone.png")]
    assert len(phone) == 7
    for f in files:
        rendition = PHONE if f in phone else WIDE
        with Image.open(f) as im:
            im.load()
            assert im.format == "PNG" and im.height >= 200
            assert im.width == rendition.pixels, (f.name, im.width)
    assert {f.read_bytes() for f in files} == set(images)
    # each phone rendition is the <source> of the <picture> whose <img> is its wide rendition
    pairs = re.findall(r'<picture><source media="\(max-width: 600px\)" srcset="data:image/png;base64,([^"]+)">'
                       r'<img src="data:image/png;base64,([^"]+)"', page)
    by_bytes = {f.read_bytes(): f.name for f in files}
    assert len(pairs) == 7
    for small, wide in pairs:
        assert by_bytes[base64.b64decode(small)] == by_bytes[base64.b64decode(wide)].replace(".png", "-phone.png")


def test_sections_and_phone_layout(page):
    for ident in SECTIONS:
        assert f'<section id="{ident}">' in page
    assert page.index('id="summary"') < page.index('id="draw-or-play"')
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "max-width: 100%" in page and "@media (max-width: 600px)" in page


def test_json_output_describes_the_files(cli_run):
    import json

    result, out, pngs = cli_run
    info = json.loads(result.stdout)
    assert info["output"] == str(out) and info["simulations"] == SIMS
    assert sorted(info["figures"] + info["phone_figures"]) == sorted(f.name for f in pngs.glob("*.png"))


def test_same_seed_same_page(data, cli_run, page):
    """The library run and the command-line run give the same bytes (same seed, any process)."""
    command = re.search(r"Regenerate with: ([^<]*)</li>", page).group(1)
    assert build_report(data, command.replace("&#x27;", "'")).html == page


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
@pytest.mark.parametrize("forked", [True, False])
def test_figures_drawn_in_a_child_are_the_serial_ones(data, page, monkeypatch, forked):
    """The phone figures drawn in a forked child (two cores) or here after the wide ones: the same
    page, byte for byte."""
    command = re.search(r"Regenerate with: ([^<]*)</li>", page).group(1).replace("&#x27;", "'")
    monkeypatch.setattr(build, "can_fork", lambda: forked)
    assert build_report(data, command).html == page


def test_no_process_to_spare_draws_here(data, page, monkeypatch):
    """A fork that fails (EAGAIN: no process to spare) leaves the figures to this process."""
    command = re.search(r"Regenerate with: ([^<]*)</li>", page).group(1).replace("&#x27;", "'")

    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(build, "can_fork", lambda: True)
    monkeypatch.setattr(os, "fork", no_fork)
    assert build_report(data, command).html == page


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_returns_its_work_or_nothing():
    assert build.Forked(lambda: [("a.png", b"\x89PNG")]).result() == [("a.png", b"\x89PNG")]
    assert build.Forked(lambda: 1 / 0).result() is None  # a failed child: drawn again here
    child = build.Forked(lambda: time.sleep(60))
    child.stop()  # killed and reaped at once
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, 0)


def test_no_fork_off_the_main_thread():
    """The server's jobs run in threads: a fork there could copy a lock another thread holds."""
    seen = []
    worker = threading.Thread(target=lambda: seen.append(build.can_fork()))
    worker.start()
    worker.join()
    assert seen == [False]


# ------------------------------------------------------------------ who to root for


def wilson(k: int, n: int, level: float) -> tuple[float, float]:
    z = float(ndtri(0.5 + level / 2))
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


def test_rooting_numbers_recomputed_from_the_batch(data):
    b, fr, player = data.batch, data.first_round, data.player
    cut = b.focus_cut[:, list(data.focus).index(player)] == 1
    rows = who_to_root_for(b, data.column(player), player, fr, data.names)
    expected_tables = [t + 1 for t in range(fr.tables)
                       if fr.b[t] >= 0 and fr.mode[t] in (engine.FREE, engine.BEHAVIOUR)
                           and player not in (fr.a[t], fr.b[t])]
    assert sorted(r.table for r in rows) == expected_tables
    level = 1 - 0.05 / len(rows)
    for r in rows:
        outcome = b.table_outcome[:, r.table - 1]
        for prop, code in ((r.a_won, engine.A_WON), (r.b_won, engine.B_WON), (r.drawn, engine.DRAWN)):
            assert (prop.k, prop.n) == (int((cut & (outcome == code)).sum()), int((outcome == code).sum()))
        pa, pb = r.a_won.k / r.a_won.n, r.b_won.k / r.b_won.n
        assert r.effect == pytest.approx(pa - pb, abs=1e-12)
        (la, ua), (lb, ub) = wilson(r.a_won.k, r.a_won.n, level), wilson(r.b_won.k, r.b_won.n, level)
        assert r.effect_ci.low == pytest.approx(pa - pb - math.hypot(pa - la, ub - pb), abs=1e-9)
        assert r.effect_ci.high == pytest.approx(pa - pb + math.hypot(ua - pa, pb - lb), abs=1e-9)
        assert r.clear == (r.effect_ci.low > 0 or r.effect_ci.high < 0)
    assert [abs(r.effect) for r in rows] == sorted((abs(r.effect) for r in rows), reverse=True)


def test_rooting_table_on_the_page_shows_those_numbers(data, page):
    snap = data.snapshot
    rows = who_to_root_for(data.batch, data.column(data.player), data.player, data.first_round, data.names,
                           snap.opp[:, :snap.after_round], rivals=data.contenders())
    section = page[page.index('id="who-to-root-for"'):]
    for r in rows[:12]:
        assert f"<td>{proportion_brief(r.a_won)}</td><td>{proportion_brief(r.b_won)}</td>" in section


def test_relation_names_who_met_the_player_and_rivals():
    """A table's label says which of its players met the chosen player or a rival."""
    from drawsafe.report.rooting import relation

    names = ("P", "R", "A", "B")
    met = [{2}, {3}, {0}, {1}]
    assert relation(0, [1], met, 2, 3, names) == "A played P; B played R"
    assert relation(0, [0, 1], met, 3, 2, names) == "B played R; A played P"


# ------------------------------------------------------------------ other figures' numbers


def test_main_batch_agrees_with_the_draw_report(data):
    """A player's P(cut) in the main batch is the draw report's P(cut if they play) (same world,
    independent simulations): within 4.5 standard errors of the difference."""
    for t in data.draw.tables:
        if t.others_choice == "draw":
            continue
        for p in t.players:
            main_p = data.p_cut(data.snapshot.index[p.player])
            var = (main_p.estimate * (1 - main_p.estimate) / main_p.n
                   + p.play.estimate * (1 - p.play.estimate) / p.play.n)
            assert abs(main_p.estimate - p.play.estimate) <= 4.5 * math.sqrt(var) + 1e-9, p.player


def test_rank_shares_are_distributions(data):
    shares = rank_shares(data, data.ranked())
    assert np.allclose(shares.sum(axis=1), 1.0)
    top = data.top
    for row, p in zip(shares, data.ranked()):
        assert row[:top].sum() == pytest.approx(data.batch.cut[p] / data.batch.n)


def test_cut_line_is_the_last_player_in(data):
    b = data.batch
    for col in range(len(data.focus)):
        at_line = b.focus_rank[:, col] == data.top - 1
        assert np.array_equal(b.focus_keys[at_line, col], b.cut_line[at_line])


# ------------------------------------------------------------------ errors


def run(*args):
    return CliRunner().invoke(main, ["report", *map(str, args)])


def error_line(*args) -> str:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_unknown_player_writes_nothing(tmp_path):
    out = tmp_path / "r.html"
    out.write_text("old")
    line = error_line("--player", "Nobody", "-o", out, "--png-dir", tmp_path / "png", "--sims", 100)
    assert line == "drawsafe: error: unknown player 'Nobody'; names must match the file exactly"
    assert out.read_text() == "old" and not (tmp_path / "png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]


def test_no_round_left(tmp_path):
    line = error_line("--after-round", 7, "-o", tmp_path / "r.html")
    assert line.startswith("drawsafe: error: ")
    assert not (tmp_path / "r.html").exists()


def test_bad_destinations(tmp_path):
    assert error_line("-o", tmp_path / "missing" / "r.html") == (
        f"drawsafe: error: -o {tmp_path / 'missing' / 'r.html'}: the folder {tmp_path / 'missing'} "
        "does not exist")
    (tmp_path / "file").write_text("x")
    assert error_line("-o", tmp_path / "r.html", "--png-dir", tmp_path / "file") == (
        f"drawsafe: error: --png-dir {tmp_path / 'file'}: exists and is not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_bad_input_file(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("round,player_a,player_b,a_wins,b_wins,draws,kind\n1,Alice,Alice,2,0,0,\n")
    line = error_line(bad, "-o", tmp_path / "r.html")
    assert line.startswith(f"drawsafe: error: {bad}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv"]


def test_help():
    result = CliRunner().invoke(main, ["report", "--help"])
    assert result.exit_code == 0
    assert "self-contained HTML report" in result.output and "--png-dir" in result.output


@pytest.mark.slow
def test_two_rounds_left(tmp_path):
    """A double-draw report (two rounds left): every section, the double-draw wording."""
    out = tmp_path / "r.html"
    result = run("--after-round", 5, "--sims", 1000, "-o", out)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert all(f'<section id="{s}">' in text for s in SECTIONS)
    assert "double draw" in text


# ------------------------------------------------------------------ the committed examples


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.output for e in EXAMPLES])
def test_committed_example_reports(example):
    """reports/ holds every example: small, self-contained, every section."""
    path = ROOT / "reports" / example.output
    assert path.stat().st_size < 1_500_000
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"https?://", text) and "<script" not in text and "<link" not in text
    assert all(f'<section id="{s}">' in text for s in SECTIONS)
    assert f"Regenerate with: {html.escape(example.command())}" in text


def test_examples_are_real_events_with_a_top_8_cut_before_the_last_round():
    import json

    index = {row["file"]: row for row in json.loads((need(MELEE) / "index.json").read_text())}
    for example in EXAMPLES:
        row = index[example.file]
        assert row["playoff_first_round_matches"] == 4
        assert row["swiss_rounds"] == example.after_round + 1


@pytest.mark.parametrize("rendition", LAYOUTS, ids=lambda r: r.name)
def test_figure_text_is_readable_and_inside(data, rendition):
    """In each rendition, shown at its CSS width (the phone's fits the 358 pixels of content of a
    390-pixel phone), every text of every figure is at least 13 CSS pixels high, and every text and
    legend lies inside the figure; no legend lies over a panel."""
    from matplotlib.text import Text

    from drawsafe.report.fig_cutline import cutline_figure
    from drawsafe.report.fig_draw import draw_figure
    from drawsafe.report.fig_ranks import rank_figure
    from drawsafe.report.fig_rooting import rooting_figure
    from drawsafe.report.fig_tiebreaks import tiebreak_figure
    from drawsafe.report.style import CSS_PER_INCH, fit_text

    assert PHONE.css_width <= PHONE_CONTENT_PX
    snap = data.snapshot
    rows = who_to_root_for(data.batch, data.column(data.player), data.player, data.first_round, data.names,
                           snap.opp[:, :snap.after_round], rivals=data.contenders())
    with styled(rendition):
        figures = [draw_figure(data.draw, data.cut), tiebreak_figure(data, 0), rank_figure(data),
                   cutline_figure(data), rooting_figure(data, rows)]
        for fig in figures:
            assert fig.get_figwidth() == rendition.width and fig.get_dpi() == rendition.dpi
            fit_text(fig)
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()
            # what is drawn, tick labels included (those of ticks outside the axes are not drawn)
            drawn = fig.get_tightbbox(renderer)
            assert drawn.x0 >= -0.02 and drawn.x1 <= fig.get_figwidth() + 0.02, drawn
            assert drawn.y0 >= -0.02 and drawn.y1 <= fig.get_figheight() + 0.02, drawn
            ticks = {label for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
                     for tick in axis.get_major_ticks() + axis.get_minor_ticks() for label in (tick.label1, tick.label2)}
            for t in fig.findobj(Text):
                if not t.get_text().strip() or not t.get_visible():
                    continue
                assert t.get_fontsize() * CSS_PER_INCH / 72 >= 13, (t.get_text(), t.get_fontsize())
                if t in ticks:
                    continue
                box = t.get_window_extent(renderer)  # the other texts, those left out of the layout too
                assert box.x0 >= -2 and box.x1 <= fig.bbox.width + 2, (t.get_text(), box)
                assert box.y0 >= -2 and box.y1 <= fig.bbox.height + 2, (t.get_text(), box)
            legends = [*fig.legends, *[ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]]
            for legend in legends:  # whole in the figure, and not over a panel's curves (issue 33)
                box = legend.get_window_extent(renderer)
                assert box.x0 >= -2 and box.x1 <= fig.bbox.width + 2 and box.y0 >= -2
                for ax in fig.axes:
                    assert not box.overlaps(ax.get_window_extent(renderer)), "a legend over a panel"
