"""The sections of the report page: each figure with its caption and the numbers behind it."""

from __future__ import annotations

import os
from html import escape

import numpy as np

from drawsafe.report import html
from drawsafe.report.data import CONTENDER_HIGH, CONTENDER_LOW, MAX_FOCUS, PILOT, ReportData
from drawsafe.report.fig_cutline import line_points
from drawsafe.report.fig_draw import SHOWN_FROM
from drawsafe.report.fig_ranks import max_half_width, rank_shares, shown_ranks
from drawsafe.report.fig_tiebreaks import WHISKERS, bubble
from drawsafe.report.rooting import RootingTable
from drawsafe.report.style import PHONE, WIDE
from drawsafe.report.text import effect_text, tiebreak_label
from drawsafe.text import paired_difference, percent, proportion_brief

#: Rows of the who-to-root-for table.
ROOTING_ROWS = 12


def draw_section(data: ReportData, pngs: tuple[bytes, bytes]) -> str:
    r = data.draw
    caption = (
        "Each row is a player (points before the round). Markers: P(cut) if the table draws "
        "(blue circle), if it plays (black diamond), if this player wins (green triangle) and if "
        "this player loses (vermillion triangle); bars are 95% intervals. Draw and play are "
        "simulated with the same random numbers, so their difference is sharper than the bars "
        f"suggest (see the last column below). Tables where no player reaches {percent(SHOWN_FROM, 0)} "
        "in any scenario are only in the table below. Verdicts: <em>safe to draw</em>: both "
        f"players reach {percent(r.safe, 0)} if they draw; <em>draw is better</em>: the draw's gain is "
        "clear (its 95% interval is above zero) or costs nothing to a player already safe.")
    if r.rounds_left == 2:
        caption += (" With two rounds left, <em>draw</em> means a double draw: draw now, and draw "
                    "again in the last round when both are then guaranteed the cut on points.")
    rows = []
    for t in r.tables:
        for p in t.players:
            rows.append([str(t.table), p.player, f"{p.points:g}",
                         *[proportion_brief(x) for x in (p.draw, p.play, p.win, p.loss)],
                         paired_difference(p.difference), t.verdict])
    body = html.figure(pngs, "Draw or play: P(cut) per table and player", caption)
    body += html.table(["Table", "Player", "Pts", "if they draw", "if they play", "if this player wins",
                        "if this player loses", "draw − play (pp)", "verdict"], rows, names=(1, 8))
    notes = []
    if r.drawing_tables:
        notes.append(f"Other tables expected to draw ({r.others} model): "
                     f"{', '.join(map(str, r.drawing_tables))}.")
    if r.left_out:
        notes.append(f"{len(r.left_out)} table(s) left out: no opponent, result already reported, or "
                     "no stake (even a win leaves the cut below 0.1%).")
    return html.section("draw-or-play", "1. Draw or play", body + "".join(html.paragraph(n) for n in notes))


def tiebreak_section(data: ReportData, pngs: list[tuple[bytes, bytes]]) -> str:
    keys = [tiebreak_label(t) for t in data.rules.tiebreaks]
    intro = html.paragraph(
        f"Players on the same points are separated by {', then '.join(keys)}. These move in the last "
        "rounds as the opponents' results come in. For each contender (P(cut) between "
        f"{percent(CONTENDER_LOW, 0)} and {percent(CONTENDER_HIGH, 0)}): the value now (triangle), the final "
        f"value across simulations (blue box: quartiles; whiskers: {WHISKERS[0]}th to {WHISKERS[1]}th "
        f"percentile), and the final value of {data.cut.last_in()} in the simulations "
        "where the contender finishes on that player's points (orange): the value they need to pass.")
    body = intro
    for k, pair in enumerate(pngs):
        tb = data.rules.tiebreaks[k]
        body += html.figure(pair, f"Tiebreak swing of {tiebreak_label(tb)}",
                            f"{escape(tb.name)}: {escape(tb.definition)}.")
    now = data.standings.by_player()
    first = data.rules.tiebreaks[0] if data.rules.tiebreaks else None
    rows = []
    for p in data.contenders():
        b = bubble(data, p)
        row = [data.names[p], f"{data.points_now(p):g}",
               *[proportion_brief(x) for x in (data.p_cut(p), b.on_line, b.in_when_on_line)]]
        if first is not None:
            final = data.batch.focus_keys[:, data.column(p), 1]
            lo, med, hi = np.percentile(final, [WHISKERS[0], 50, WHISKERS[1]])
            show = percent if first.percent else (lambda v: f"{v:g}")
            row += [show(now[data.names[p]].values[first.key]), f"{show(med)} [{show(lo)}–{show(hi)}]"]
        rows.append(row)
    headers = ["Player", "Pts", "P(cut)", "P(on the cut line's points)", "P(cut | on those points)"]
    if first is not None:
        headers += [f"{keys[0]} now", f"final {keys[0]}: median [{WHISKERS[0]}–{WHISKERS[1]}th pct]"]
    if rows:
        body += html.table(headers, rows)
    return html.section("tiebreak-swing", "2. Tiebreak swing", body)


def ranks_section(data: ReportData, pngs: tuple[bytes, bytes]) -> str:
    players = data.ranked()
    hw = max_half_width(rank_shares(data, players), data.batch.n) if players else 0.0
    wide, phone = shown_ranks(data, WIDE), shown_ranks(data, PHONE)
    columns = f"1 to {wide}" + (f" (on a phone 1 to {phone})" if phone != wide else "")
    caption = (f"Share of simulations in which each player (rows, points now) finishes at each rank "
               f"(columns {columns}, then lower); labels are percentages, shown from 1%. "
               f"Players with P(cut) of at least {percent(CONTENDER_LOW, 0)} (and the player of section 5), "
               f"best odds first. Every cell is within "
               f"±{100 * hw:.1f} percentage points at 95% (from {data.batch.n:,} simulations).")
    return html.section("ranks", "3. Final rank distribution",
                        html.figure(pngs, "Final rank distribution heat map", caption))


def cutline_section(data: ReportData, pngs: tuple[bytes, bytes]) -> str:
    lines = line_points(data)
    tb = data.rules.tiebreaks[0] if data.rules.tiebreaks else None
    caption = (f"Top: final points of {data.cut.last_in()}, with 95% intervals. "
               + (f"Bottom: that player's {escape(tiebreak_label(tb))} for the most frequent point totals, as "
                  "cumulative shares: the height at x is the share of simulations (on that total) in "
                  f"which the last player in had {escape(tiebreak_label(tb))} of x or less." if tb else ""))
    rows = []
    for ln in lines:
        row = [f"{ln.points:g}", proportion_brief(ln.share)]
        if ln.tiebreak is not None:
            show = percent if tb.percent else (lambda v: f"{v:g}")
            lo, med, hi = ln.tiebreak
            row.append(f"{show(med)} [{show(lo)}–{show(hi)}]")
        rows.append(row)
    headers = ["Points of the last player in", "share of simulations"]
    if tb is not None:
        headers.append(f"their {tiebreak_label(tb)}: median [5–95th pct]")
    body = html.figure(pngs, "Cut line distribution", caption) + html.table(headers, rows, names=())
    return html.section("cut-line", "4. The cut line", body)


def rooting_section(data: ReportData, rows: list[RootingTable], pngs: tuple[bytes, bytes]) -> str:
    name = data.names[data.player]
    how = "chosen with --player" if data.player_chosen else "the contender closest to 50%"
    caption = (
        f"For {escape(name)} ({how}): {escape(name)}'s P(cut) in the simulations where the other "
        "table's first-named player won (blue) and where the second won (orange); the grey band is "
        "the overall P(cut) and its 95% interval. The effect is P(cut | first wins) − "
        "P(cut | second wins) in percentage points (pp), from the same simulations as the other "
        f"figures. As {len(rows)} tables are compared, its interval is a simultaneous 95% interval "
        "(Newcombe, Bonferroni-corrected): <em>root for</em> is named when it excludes zero, else "
        "<em>not clear</em>. Far-away tables matter through the tiebreaks (a past opponent's win "
        f"raises {escape(name)}'s OMW%, a rival's past opponent's win raises the rival's) and through "
        "players who could join the same points. The largest estimated effects are somewhat "
        "inflated by being picked as the largest.")
    table_rows = [[str(r.table), r.player_a, r.player_b, proportion_brief(r.a_won), proportion_brief(r.b_won),
                   proportion_brief(r.drawn), effect_text(r), r.relation] for r in rows[:ROOTING_ROWS]]
    body = html.figure(pngs, f"Who to root for: {name}", caption)
    if table_rows:
        body += html.table(["Table", "Player A", "Player B", "if A wins", "if B wins", "if drawn",
                            "effect", "met"], table_rows, names=(1, 2, 6, 7))
    return html.section("who-to-root-for", "5. Who to root for", body)


def method_section(data: ReportData, command: str | None) -> str:
    snap, cfg, r = data.snapshot, data.question, data.draw
    model = cfg.results
    items = [
        (f"Event: {os.path.basename(data.event.source)}; {snap.players} players; standings after Swiss round "
        f"{snap.after_round} of {snap.total_rounds} ({snap.rounds_source})."),
        (f"Rules: {data.rules.name} ({data.rules_source}); ranking by points, then "
        f"{', '.join(data.rules.keys) or 'no tiebreak'}."),
        (f"Round {r.round}: pairings {data.pairings}; later rounds paired as the event software does; "
        f"last Swiss round paired by {cfg.last_round}."),
        (f"Match results: {model.model} model (who wins a played match), {percent(model.draw_share, 2)} "
        "unintentional draws, game scores as measured on real events; "
        f"intentional draws of other tables: {r.others} (expected to draw: "
        f"{', '.join(map(str, r.drawing_tables)) or 'none'})."),
        (f"Simulations: {data.batch.n:,} for figures 2 to 5 (seed {data.seed}); up to {r.simulations:,} "
        f"per scenario for figure 1. Per-simulation values are kept for the {len(data.focus)} players "
        f"who made the cut at least once in the first {PILOT:,} simulations (at most {MAX_FOCUS})."),
        ("Intervals: Wilson score intervals for probabilities; paired normal intervals for draw − play; "
         "simultaneous (Bonferroni-corrected) Newcombe intervals for the who-to-root-for effects; "
         "all at 95%."),
    ]
    if command:
        items.append(f"Regenerate with: {command}")
    return html.section("method", "How these numbers were made", html.bullet_list(items))
