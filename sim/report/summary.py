"""The plain-words summary at the top of a report: a few sentences, every probability with its
95% interval."""

from __future__ import annotations

from drawsafe.report.data import ReportData
from drawsafe.report.fig_cutline import line_points
from drawsafe.report.rooting import RootingTable
from drawsafe.report.text import join, plural, tiebreak_label
from drawsafe.simulation import decisions
from drawsafe.text import (
    VERDICT_WORDS,
    change_interval,
    odds_change,
    percent,
    proportion_brief,
    sentence_start,
)


def situation(data: ReportData) -> str:
    snap, report = data.snapshot, data.draw
    left = ("the last Swiss round" if snap.rounds_left == 1
            else f"with {snap.rounds_left} Swiss rounds left (a draw now means a double draw)")
    how = "as published" if data.pairings == "published" else f"not published: {data.pairings}"
    return (f"{data.event.name}: {snap.players} players, standings after Swiss round "
            f"{snap.after_round} of {snap.total_rounds}. Round {report.round} is {left}; its pairings are "
            f"{how}. The cut is {data.cut.label(sentence=True)}{day2_words(data)}. Percentages in brackets are "
            "95% intervals.")


def day2_words(data: ReportData) -> str:
    """How a report through day 2 reaches its cut (--day2: the simulations play day 1 out, then
    the players through day 1's cut play day 2), else nothing: ", through day 2: day 1 ends after
    round 9, then 5 more Swiss rounds for everyone on 19+ points"."""
    snap = data.snapshot
    if not snap.phase_end or snap.phase_cut is None or snap.phase_cut.cut is None:
        return ""
    return (f", through day 2: {snap.phase_cut.name} ends after round {snap.phase_end}, then "
            f"{snap.total_rounds - snap.phase_end} more Swiss rounds for {snap.phase_cut.cut.label(sentence=True)}")


def table_name(t: decisions.TableDecision) -> str:
    a, b = t.players
    return f"table {t.table} ({a.player} v {b.player})"


def verdicts(data: ReportData) -> list[str]:
    """One sentence per verdict that occurs."""
    out = []
    tables = data.draw.tables
    safe = [t for t in tables if t.verdict == decisions.SAFE_TO_DRAW]
    if safe:
        out.append(f"{VERDICT_WORDS[decisions.SAFE_TO_DRAW].report}: {join([table_name(t) for t in safe])}: "
                   "if they draw, both players "
                   f"finish {data.cut.within()} in at least {percent(data.draw.safe, 0)} of simulations.")
    for t in tables:
        a, b = t.players
        if t.verdict == decisions.DRAW_BOTH:
            out.append(f"{VERDICT_WORDS[decisions.DRAW_BOTH].report} at {table_name(t)}: {a.player} "
                       f"{proportion_brief(a.draw)} if they draw against {proportion_brief(a.play)} if they play; "
                       f"{b.player} {proportion_brief(b.draw)} against {proportion_brief(b.play)}.")
        elif t.verdict == decisions.DRAW_ONE:
            good, bad = (a, b) if decisions.draw_better(a, data.draw.safe) else (b, a)
            if good.play.estimate >= data.draw.safe:
                first = (f"{good.player} is safe either way ({proportion_brief(good.draw)} if they draw, "
                         f"{proportion_brief(good.play)} if they play)")
            else:
                first = (f"a draw helps only {good.player} ({proportion_brief(good.draw)} against "
                         f"{proportion_brief(good.play)} if they play)")
            out.append(f"At {table_name(t)} {first}; {bad.player} has {proportion_brief(bad.play)} if they "
                       f"play and {proportion_brief(bad.draw)} if they draw.")
    idle = [t for t in tables if t.verdict == decisions.NOTHING_AT_STAKE]
    if idle:
        out.append(f"{VERDICT_WORDS[decisions.NOTHING_AT_STAKE].report}: {plural(len(idle), 'table')} "
                   f"({join([str(t.table) for t in idle])}) where neither player reaches "
                   f"{percent(decisions.NOTHING, 0)} of the cut whether they draw or play.")
    play = [t for t in tables if t.verdict == decisions.PLAY]
    if play:
        out.append(f"{VERDICT_WORDS[decisions.PLAY].report}: {plural(len(play), 'table')} "
                   f"({join([str(t.table) for t in play])}) "
                   "where a draw is better for neither player.")
    return out


def cut_line(data: ReportData) -> str:
    lines = sorted(line_points(data), key=lambda ln: -ln.share.k)
    if not lines:
        return ""
    best = lines[0]
    text = (f"{sentence_start(data.cut.last_in())} most likely finishes on {best.points:g} points "
            f"({proportion_brief(best.share)} of simulations)")
    if best.tiebreak is not None:
        tb = data.rules.tiebreaks[0]
        lo, med, hi = (percent(v) if tb.percent else f"{v:g}" for v in best.tiebreak)
        text += f", with a median {tiebreak_label(tb)} of {med} (90% of simulations between {lo} and {hi})"
    return text + "."


def contenders(data: ReportData) -> str:
    players = data.in_contention()
    if not players:
        return "Nobody is in contention: every player's odds are below 1% or above 99%."
    shown = [f"{data.names[p]} {proportion_brief(data.p_cut(p))}" for p in players[:6]]
    more = f" and {len(players) - 6} more" if len(players) > 6 else ""
    return (f"{plural(len(players), 'player')} {'is' if len(players) == 1 else 'are'} between 1% and "
            f"99% to make the cut: {join(shown)}{more}.")


def rooting(data: ReportData, rows: list[RootingTable]) -> str:
    name = data.names[data.player]
    why = "" if data.player_chosen else " (the contender closest to 50%)"
    head = f"For {name}{why}, now at {proportion_brief(data.p_cut(data.player))}"
    if not rows:
        return head + ", no other table of the round is still to be played out."
    r = next((row for row in rows if row.clear), rows[0])
    if r.root_for is None:
        return (f"{head}, no other table's result moves the odds clearly (allowing for the "
                f"{len(rows)} tables compared): the largest estimated effect, "
                f"table {r.table} ({r.player_a} v {r.player_b}), is {odds_change(r.effect)} percentage "
                f"points {change_interval(r.effect_ci.low, r.effect_ci.high)}, "
                "a simultaneous 95% interval.")
    other = r.player_b if r.root_for == r.player_a else r.player_a
    good, bad = (r.a_won, r.b_won) if r.root_for == r.player_a else (r.b_won, r.a_won)
    return (f"{head}, the other result that matters most is table {r.table}: {proportion_brief(good)} if "
            f"{r.root_for} beats {other}, {proportion_brief(bad)} if {other} wins. Root for {r.root_for}"
            + (f" ({r.relation})." if r.relation else "."))


def precision(data: ReportData) -> str:
    text = (f"From {data.batch.n:,} simulations of the round as expected to be played (seed {data.seed}) "
            f"and up to {data.draw.simulations:,} per draw-or-play scenario.")
    if not (data.reached and data.draw.precision_reached):
        text += " The cap on simulations was reached before every interval was as narrow as asked."
    return text


def summary(data: ReportData, rows: list[RootingTable]) -> list[str]:
    """The summary's sentences, in order (plain text, not yet escaped for HTML)."""
    parts = [situation(data), *verdicts(data), cut_line(data), contenders(data), rooting(data, rows),
             precision(data)]
    return [p for p in parts if p]
