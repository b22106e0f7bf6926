"""Terminal rendering of library results, with rich: aligned tables (wide characters included),
verdicts in colour on a terminal, plain text in pipes and files.

Each ``*_view`` function returns a rich renderable; :func:`echo` prints it on stdout, :func:`lines`
gives its plain text (notebooks, tests).  rich is imported on first use, so ``--help`` never pays it.
"""

from __future__ import annotations

import json
import shutil
import sys

import click

from drawsafe.sentences import table_words
from drawsafe.text import (
    NO_FIGURE,
    VERDICT_WORDS,
    exact_percent,
    interval,
    percent,
    points_text,
    proportion_text,
    record_text,
    tiebreak_value,
)
from drawsafe.writing import printable

#: Rendered width when stdout is not a terminal: wide enough that no table wraps.
PLAIN_WIDTH = 400


def console(color: bool, width: int | None):
    from rich.console import Console

    return Console(width=width or PLAIN_WIDTH, color_system="standard" if color else None,
                   force_terminal=color, no_color=not color, highlight=False, markup=False, emoji=False,
                   soft_wrap=False)


def lines(view, color: bool = False, width: int | None = None) -> list[str]:
    """The text of ``view`` as lines, trailing blanks removed."""
    out = console(color, width)
    with out.capture() as captured:
        out.print(view)
    return [line.rstrip() for line in captured.get().splitlines()]


def emit_json(data) -> None:
    """Print ``data`` (a result's ``to_json()``) as the commands' ``--json`` output: indented,
    names as they are (not \\u-escaped)."""
    click.echo(printable(json.dumps(data, ensure_ascii=False, indent=1), newlines=True))


def echo(view) -> None:
    """Print ``view`` on stdout: in colour and at the terminal's width on a terminal."""
    tty = sys.stdout.isatty()
    width = shutil.get_terminal_size().columns if tty else None
    for line in lines(view, color=tty, width=width):
        click.echo(line)


def proven_of(result):
    """What ``result`` proves of each figure (:meth:`~drawsafe.simulation.certified.Certified.proven`),
    None for an answer without its certainty."""
    said = getattr(result, "proven", None)
    return said if callable(said) else None


def proven_word(result, player: str, figure: str) -> str | None:
    """"clinched" or "eliminated" where ``result`` (an answer with its certainty,
    :mod:`drawsafe.simulation.certified`) proves ``player``'s ``figure`` ("now", "draw", "play",
    "win", "loss"); None otherwise."""
    said = proven_of(result)
    return said(player, figure) if said is not None else None


def figure_text(result, player: str, figure: str, p, exact: bool = False) -> str:
    """A player's figure in a terminal table: the proven word, else the simulated figure with its
    95% interval (``exact``: the exact share, no interval)."""
    word = proven_word(result, player, figure)
    if word is not None:
        return word
    return exact_percent(p.estimate) if exact else proportion_text(p)


def proven_legend(result, players, exact: bool = False) -> list:
    """The line saying what "clinched" and "eliminated" mean in a table, when one shows them
    (``exact``: the other figures count every outcome too)."""
    if not any(proven_word(result, p, f) for p in players for f in ("now", "draw", "play", "win", "loss")):
        return []
    others = "exact shares of every outcome" if exact else "the simulations'"
    return [styled("clinched / eliminated: proven over every result still to come (no interval); the other "
                   f"figures are {others}", "dim")]


def unpaired_line(result):
    """Why the player asked about has no table in the round, when the answer says (the file's
    reason: cut after day 1, dropped after round R, a bye, another division)."""
    player = getattr(result, "player", None)
    away = getattr(result, "unpaired", None)
    if not player or not isinstance(away, dict) or player not in away:
        return None
    return styled(away[player].text, "bold")


def echo_certainty(result) -> None:
    """The certainty lines of an ``odds`` or ``draw`` answer (clinched / eliminated / open, and what
    the asked player, else each contender, needs), when the answer carries them."""
    say = getattr(result, "lines", None)
    if getattr(result, "certainty", None) is None or say is None:
        return
    echo(group(*[styled(line, "dim" if i else "bold") for i, line in enumerate(say())]))


def table(*columns: tuple[str, str], wrap: bool = False):
    """A borderless table with a dashed rule under the header; ``columns``: (header, justify).
    ``wrap``: on a narrow terminal, cells wrap at spaces instead of being cut short."""
    from rich import box
    from rich.table import Table

    dashed = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
    t = Table(box=dashed, show_edge=False, pad_edge=False, padding=(0, 1), collapse_padding=True)
    for header, justify in columns:
        t.add_column(header, justify=justify, no_wrap=not wrap, overflow="fold")
    return t


def group(*parts):
    from rich.console import Group

    return Group(*[p for p in parts if p is not None])


def styled(text: str, style: str = ""):
    """``text`` (names from the file included) as rich text, its control characters shown escaped
    (:func:`drawsafe.writing.printable`): a name never drives the terminal."""
    from rich.text import Text

    return Text(printable(text), style=style)


def standings_view(standings):
    rules = standings.rules
    t = table(("Rank", "right"), ("Player", "left"), ("Pts", "right"), ("W-L-D", "right"),
              *[(tb.key + ("%" if tb.percent else ""), "right") for tb in rules.tiebreaks], ("", "left"))
    for r in standings.rows:
        t.add_row(f"{r.rank or NO_FIGURE}{'=' if r.tied else ''}", styled(r.player),
                  points_text(r.points, rules.point_scale), record_text(r.wins, r.losses, r.draws),
                  *[tiebreak_value(r.values[tb.key], tb.percent, tb.decimals) for tb in rules.tiebreaks],
                  styled("(dropped)", "dim") if r.dropped else "")
    legend = None
    if any(r.tied for r in standings.rows):
        legend = styled("= exactly tied on points and every tiebreak: ordered at random (--seed)")
    return group(t, legend)


def check_view(report):
    if hasattr(report, "ranks_compared"):  # a TRF's published points and ranks
        return rank_check_view(report)
    out = [styled(report.headline(), "green" if not report.disagreements else "yellow")]
    for d in report.disagreements:
        parts = []
        for k, (ours, theirs) in d.fields.items():
            if k == "seed":
                continue  # the explanation says it
            if isinstance(ours, float) and k != "points":
                parts.append(f"{k} {ours:.{report.precision}f} vs published {theirs:.{report.precision}f}")
            elif k == "points":  # whole match points (chess halves stay as they are)
                parts.append(f"points {ours:g} vs published {theirs:g}")
            else:
                parts.append(f"{k} {ours} vs published {theirs}")
        out.append(styled(f"  #{d.rank} {d.player}: {'; '.join(parts)}"))
        out.append(styled(f"      probable reason ({d.reason}): {d.explanation}", "dim"))
    for p in report.missing:
        out.append(styled(f"  {p}: in the published standings but not in the matches"))
    for text in getattr(report, "notes", ()):
        out.append(styled(f"  note: {text}", "dim"))
    return group(*out)


def rank_check_view(report):
    """``standings --check`` of published points and ranks (:class:`drawsafe.standings.ranks.RankCheck`)."""
    out = [styled(f"checked {report.compared} published players after round {report.after_round} under "
                  f"{report.rules}: points {report.points_agreed} of {report.points_compared} agree, ranks "
                  f"{report.ranks_agreed} of {report.ranks_compared}",
                  "green" if not report.disagreements else "yellow")]
    if report.unranked:
        out.append(styled("  not ranked by the file (left out of the comparison): "
                          + ", ".join(f"{p} ({why})" for p, why in report.unranked)))
    if len(report.packs) > 1:
        out.append(styled("  published ranks reproduced by each rule pack: "
                          + ", ".join(f"{name} {n}" for name, n in report.packs), "dim"))
    if report.best and report.best[0] != report.rules and report.best[1] > report.ranks_agreed:
        out.append(styled(f"  --rules {report.best[0]} reproduces {report.best[1]} of {report.ranks_compared}: "
                          f"{report.best_description}"))
    for d in report.disagreements:
        parts = [f"{k} {ours:g} here vs published {theirs:g}" for k, (ours, theirs) in d.fields.items()]
        out.append(styled(f"  #{d.rank or '-'} {d.player}: {'; '.join(parts)}"))
        out.append(styled(f"      probable reason ({d.reason}): {d.explanation}", "dim"))
    for p in report.missing:
        out.append(styled(f"  {p}: in the published standings but not in the games"))
    return group(*out)


PAIRING_METHODS = {"published": "as published in the file", "standings": "projected: paired by standings",
                   "random": "projected: one random draw of the pairing within point groups (--seed)",
                   "dutch": "projected: FIDE Dutch system (approximation)"}


def pairings_view(result):
    t = table(("Table", "right"), ("Player", "left"), ("Pts", "right"), ("", "center"), ("Opponent", "left"),
              ("Pts", "right"))
    for p in result.tables:
        t.add_row(str(p.table), styled(p.player_a), str(p.points_a), "v",
                  styled(p.opponent_text) if p.player_b else styled(p.opponent_text, "dim"),
                  str(p.points_b) if p.player_b else "")
    notes = []
    if result.exact_ties:
        notes.append(styled("note: exactly tied players were ordered at random (--seed) before pairing"))
    if result.rematch:
        notes.append(styled("note: a rematch could not be avoided", "yellow"))
    return group(styled(f"Round {result.round} pairings ({PAIRING_METHODS[result.method]})", "bold"), t, *notes)


def odds_view(result, show_all: bool = False):
    t = table(("Player", "left"), ("Pts", "right"), ("P(cut)", "right"), ("95% interval", "right"),
              ("E[rank]", "right"))
    hidden = 0
    for p in result.players:
        if not show_all and p.cut.k == 0:
            hidden += 1
            continue
        word = proven_word(result, p.player, "now")
        t.add_row(styled(p.player), points_text(p.points_now, p.point_scale), word or percent(p.p_cut, 2),
                  "" if word else interval(p.cut.confidence_interval()),
                  f"{p.mean_rank:.1f}" if p.mean_rank is not None else NO_FIGURE)
    foot = styled(f"({hidden} players never made the cut in any simulation; --all lists them)", "dim") \
        if hidden else None
    head = styled(f"Odds of making {result.cut.noun()} from {result.simulations:,} simulations (seed {result.seed}); "
                  f"95% intervals; round's draws: {result.others}, pairings {result.pairings}", "bold")
    return group(head, t, foot, *proven_legend(result, [p.player for p in result.players]))


def table_head(d, played_draw_share: float | None = None):
    """A table's first line: its players and points, the verdict, the players' own draw rate (in
    chess, agreed draws, beside the share of played games drawn)."""
    a, b = d.players
    head = styled(f"Table {d.table}: {a.player} ({a.points}) v {b.player} ({b.points}): ")
    said = VERDICT_WORDS[d.verdict]
    head.append(said.label, said.colour)
    if d.draw_probability is not None and played_draw_share is not None:
        head.append(f" (real players at this table agree a draw: {percent(d.draw_probability, 0)}; "
                    f"played games drawn: {percent(played_draw_share)})", "dim")
    elif d.draw_probability is not None:
        head.append(f" (real players at this table draw: {percent(d.draw_probability, 0)})", "dim")
    return head


def left_out_lines(left_out) -> list:
    """The tables ``draw`` did not evaluate, with why (the first 12; --json lists all)."""
    if not left_out:
        return []
    out = [styled(""), styled(f"{len(left_out)} table(s) left out:")]
    for left in left_out[:12]:
        out.append(styled(f"  table {left.table}: {left.player_a} v {left.player_b}: {left.reason}", "dim"))
    if len(left_out) > 12:
        out.append(styled(f"  ... and {len(left_out) - 12} more (--json lists all)", "dim"))
    return out


def draw_view(report):
    rounds = "last Swiss round" if report.rounds_left == 1 else f"{report.rounds_left} Swiss rounds left"
    pairings = report.pairings + (f" (by {report.projection})" if report.projection else "")
    if report.no_draw:
        return group(styled(f"Round {report.round} ({rounds}), cut: {report.cut}"), styled(report.no_draw, "bold"))
    if report.pairings == "not out yet":
        return next_round_view(report, rounds)
    out = [styled(f"Round {report.round} ({rounds}), cut: {report.cut}, pairings {pairings}; "
                  f"up to {report.simulations:,} simulations per scenario; safe = {percent(report.safe, 0)}; "
                  f"other tables: {report.others}"
                  + (f" (settled after {report.iterations} iteration(s))" if report.others == "rational" else ""))]
    if report.drawing_tables:
        out.append(styled(f"other tables expected to draw: {', '.join(map(str, report.drawing_tables))}"))
    if report.others == "behaviour":
        out.append(styled("other tables draw with the probability the behaviour model learned on real "
                          "events (each simulation draws or plays each table by it)"))
    if report.rounds_left == 2:
        out.append(styled("draw = draw now, and again in the last round when both are then safe "
                          "(--future-draws)"))
    for d in report.tables:
        out.append(styled(""))
        out.append(table_head(d, report.played_draw_share))
        from rich.padding import Padding

        out.append(Padding(styled(table_words(d, report.cut, report.safe, proven=proven_of(report)).sentence), (0, 0, 0, 2)))
        t = table(("", "left"), ("if they draw", "right"), ("if they play", "right"),
                  ("if this player wins", "right"), ("if this player loses", "right"), wrap=True)
        for p in d.players:
            t.add_row(styled(p.player), *[figure_text(report, p.player, f, getattr(p, f))
                                          for f in ("draw", "play", "win", "loss")])

        out.append(Padding(t, (0, 0, 0, 2)))
        if report.question.player is not None:
            out += root_for_lines(d.players)
    out += left_out_lines(report.left_out)
    out += proven_legend(report, [p.player for d in report.tables for p in d.players])
    return group(*out, unpaired_line(report))


def root_for_lines(players) -> list:
    """``draw --player``: the other tables each player of the table roots for, one line each (the
    tables that move their odds if they play, those that matter most first; --json has each result)."""
    out = []
    for p in players:
        if p.what_if:
            out.append(styled(f"  {p.player}, if they play, roots for:", "dim"))
            out += [styled(f"    {t.line()}", "dim") for t in p.what_if if t.ranked()]
    return out


def next_round_view(report, rounds: str):
    """``draw`` when the round's pairings are not out yet: no table, every player by result."""
    out = [styled(f"Round {report.round} ({rounds}), cut: {report.cut}: the pairings of round {report.round} "
                  "are not in the file, so no table is shown; each player's odds now and after each "
                  f"result of round {report.round} ({report.simulations:,} simulations, the round paired anew "
                  "in each)", "bold")]
    t = table(("Player", "left"), ("Pts", "right"), ("now", "right"), ("after a win", "right"),
              ("after a draw", "right"), ("after a loss", "right"), wrap=True)
    for p in report.next_round:
        t.add_row(styled(p.player), str(p.points), *[figure_text(report, p.player, f, getattr(p, f))
                                                      for f in ("now", "win", "draw", "loss")])
    return group(*out, t, *proven_legend(report, [p.player for p in report.next_round]), unpaired_line(report))
