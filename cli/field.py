"""``drawsafe field``: before the event, what record makes the cut."""

from __future__ import annotations

from pathlib import Path

import click

from drawsafe.choices import FIELD_IDS as IDS
from drawsafe.choices import FIELD_MAX_SIMS as MAX_SIMS
from drawsafe.choices import FIELD_PRECISION as DEFAULT_PRECISION
from drawsafe.choices import FIELD_RULES, LAST_ROUND
from drawsafe.cli.options import friendly_errors, note, seed_option
from drawsafe.cli.render import ci_text, emit_json
from drawsafe.cli.simopts import Progress, TopType
from drawsafe.errors import UsageError


def parse_byes(text: str | None) -> tuple[int, int, int]:
    if not text:
        return (0, 0, 0)
    try:
        parts = [int(x) for x in text.split(",")]
    except ValueError:
        raise UsageError(f"--byes {text!r}: give A,B,C (players with 1, 2 and 3 byes), e.g. 4,2,0") from None
    if not 1 <= len(parts) <= 3 or min(parts) < 0:
        raise UsageError(f"--byes {text!r}: give A,B,C (players with 1, 2 and 3 byes), e.g. 4,2,0")
    return tuple(parts + [0] * (3 - len(parts)))


def field_options(func):
    """Options describing the event, shared by ``field`` (one value) and ``study`` (lists)."""
    options = [
        click.option("--top", type=TopType(), default=8, show_default=True,
                     help="Cut size, or auto: the rule pack's table by attendance (pokemon: the Play! "
                          "Pokemon table; mtg: Top 8)."),
        click.option("--byes", default=None, metavar="A,B,C",
                     help="Players with 1, 2 and 3 awarded byes (they count as 2, 4, 8 for the rounds)."),
        click.option("--draw-share", type=float, default=None,
                     help="Share of played matches that end drawn (default: measured on real events, 2.8%)."),
        click.option("--drops", default="measured", show_default=True, metavar="measured|none|FACTOR",
                     help="Drops between rounds: the rates by record measured on real melee.gg events, "
                          "none, or the measured rates times FACTOR."),
        click.option("--last-round", type=click.Choice(LAST_ROUND), default="standings",
                     show_default=True, help="How the last Swiss round is paired."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def record_label(r) -> str:
    return f"{r.wins}-{r.losses}-{r.draws}"


def render(result) -> list[str]:
    cfg = result.config
    lines = [f"{cfg.describe()}",
             f"{result.simulations:,} simulated events (seed {result.seed}); every figure with its 95% interval"]
    if result.draw_points is not None and result.draw_points < 1 << 29:
        lines.append(f"IDs 'safe': a last-round table draws when locked or when both reach {result.draw_points} points")
    if not result.reached:
        lines.append(f"note: precision {result.precision} not reached within the simulation cap")
    if cfg.cut_points is None and cfg.top >= cfg.players:
        lines.append(f"note: a Top {cfg.top} of {cfg.players} players: everyone who does not drop makes the cut")
    lines.append(f"dropped players per event: {result.expected_dropped:.1f}")
    lines.append("")
    lines.append("Final record   Pts  Players/event             P(cut) [95% interval]")
    for r in result.records:
        if r.players.estimate < 0.005:
            continue
        ci = r.players.confidence_interval()
        lines.append(f"{record_label(r):<12} {r.points:>4}  {r.players.estimate:7.2f} [{ci.low:6.2f},{ci.high:6.2f}]  "
                     f"{ci_text(r.cut)}")
    lines.append("")
    lines.append("Points of the last qualifier:")
    for v, p in result.cut_points:
        lines.append(f"  {v:>3} points  {ci_text(p)}")
    mean, _dist = result.bubble
    ci = mean.confidence_interval()
    lines.append(f"Bubble: {mean.estimate:.2f} [{ci.low:.2f}, {ci.high:.2f}] players per event finish on the last "
                 "qualifier's points and miss")
    for title, rows, draw in (("Before the last round", result.before_last, "if draw"),
                              ("Before the last two rounds", result.before_last_two, "if double draw")):
        rows = [b for b in rows if b.players >= 0.005 and b.cut.k > 0]
        if not rows:
            continue
        lines.append("")
        lines.append(f"{title} (players at a table; P(cut) as played, {draw}, if win, if loss):")
        lines.append(f"{'Record':<10} {'Players':>7}  {'as played':>24}  {draw:>24}  {'if win':>24}  {'if loss':>24}")
        for b in rows:
            lines.append(f"{record_label(b):<10} {b.players:7.2f}  {ci_text(b.cut)}  {ci_text(b.draw)}  "
                         f"{ci_text(b.win)}  {ci_text(b.loss)}")
    x0 = result.x0_double_draw
    if x0 is not None:
        lines.append("")
        lines.append(f"X-0 can double-draw: P(cut) {ci_text(x0)}")
    lines.append(f"({result.seconds:.1f} s)")
    return lines


@click.command("field")
@click.option("--players", type=click.IntRange(min=2), required=True, help="Players in the event.")
@click.option("--rounds", type=click.IntRange(min=1), default=None,
              help="Swiss rounds (default: MTR Appendix E from the players and awarded byes).")
@field_options
@click.option("--cut-points", type=click.FloatRange(min=0, max=10_000), default=None, metavar="P",
              help="A points cut instead (day 2): everyone finishing on at least P points advances.")
@click.option("--rules", type=click.Choice(FIELD_RULES), default="mtg", show_default=True,
              help="Rule pack of the simulated events (pokemon: its tiebreaks and an 18% tie share).")
@click.option("--ids", type=click.Choice(IDS), default="safe", show_default=True,
              help="Intentional draws in the last round of every simulated event: none; locked (both "
                   "guaranteed the cut on points); safe (locked, or both reach a total from which 99% made it).")
@click.option("--sims", type=click.IntRange(min=1), default=None, help="Exactly this many simulated events.")
@click.option("--precision", type=float, default=DEFAULT_PRECISION, show_default=True,
              help="Simulate until the 95% half-width of every P(cut) of a common record is at most this.")
@click.option("--max-sims", type=click.IntRange(min=1), default=MAX_SIMS, show_default=True,
              help="Cap on the number of simulated events when adapting to --precision.")
@seed_option
@click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout (notes go to stderr).")
@click.option("--plot", type=click.Path(dir_okay=False), default=None, metavar="FILE.png",
              help="Write the figure (records, cut line, draw / win / loss before the last rounds).")
@friendly_errors
def field(players, rounds, top, byes, draw_share, drops, last_round, cut_points, rules, ids, sims, precision,
          max_sims, seed, as_json, plot):
    """Before the event: which records make the cut with PLAYERS players.

    Simulates whole events from round 1 (engine pairing and tiebreaks, intentional draws per --ids,
    drops measured on real events) and reports, with 95% intervals: players per final record and
    their P(cut); the points of the last qualifier and the bubble; before the last round and the last
    two, every record's P(cut) if the player draws (twice), wins or loses.
    """
    from drawsafe.planning.drops import DropModel
    from drawsafe.planning.field import FieldConfig, field_odds

    if top == "auto":
        from drawsafe.tiebreaks.cuts import auto_top

        choice = auto_top(rules, players)
        note(f"cut: Top {choice.top} ({choice.source})")
        top = choice.top
    cfg = FieldConfig(players, rounds, top, parse_byes(byes), ids, draw_share, DropModel.parse(drops), last_round,
                      cut_points=cut_points, rules=rules)
    bar = Progress("field")
    try:
        result = field_odds(cfg, seed=seed, sims=sims, precision=None if sims else precision, max_sims=max_sims,
                            progress=bar)
    finally:
        bar.close()
    if plot:
        from drawsafe.planning.plots import field_figure
        Path(plot).write_bytes(field_figure(result))
        note(f"figure written to {plot}")
    if as_json:
        emit_json(result.to_json())
    else:
        for line in render(result):
            click.echo(line)
