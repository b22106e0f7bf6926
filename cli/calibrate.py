"""``drawsafe calibrate DIR``: forecasts before the last round(s) of real events against what happened."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

import click

from drawsafe.cli.options import friendly_errors, note
from drawsafe.errors import UsageError
from drawsafe.text import fraction_interval, proportion_json
from drawsafe.writing import printable

MODELS = ("behaviour", "rational")


def run_lines(run) -> list[str]:
    """The figures of one :class:`~drawsafe.simulation.calibration.CalibrationRun`."""
    from drawsafe.simulation.decisions import SAFE_TO_DRAW

    s = run.summary
    how = (f"behaviour model cross-validated by event ({run.folds} folds)" if run.folds
           else "model as given")
    title = (f"=== {run.game}: --others {run.others}, {run.rounds_left} round(s) left: {len(run.events)} events "
             f"scored, {len(run.apart)} apart; "
             f"{how if run.others == 'behaviour' else 'rational rule'} ===")
    lines = [title]
    if s is None:
        return lines + ["  no event to score"]
    scores = {x.name: x for x in s.scores}
    lines.append(f"Brier score of P(cut) over {s.players} players (95% bootstrap interval over events):")
    for name, label in (("model", "forecast"), ("hindsight", "hindsight (real draws known)"),
                        ("rank", "naive call: current rank <= cut"), ("points", "points only")):
        sc = scores[name]
        lines.append(f"  {label:<34} {sc.value:.4f}  {fraction_interval(sc.ci)}")
    for sk in s.skills:
        lines.append(f"  {sk.name:<34} {sk.value:+.1%}  [{sk.ci.low:+.1%}, {sk.ci.high:+.1%}]")
    for label, c in (("every table", s.calls), ("tables with a stake", s.calls_stake)):
        pr, rc = c.precision, c.recall
        lines.append(f"Expected intentional draws, {label}: {c.expected} expected, {c.drew} drew, "
                     f"{c.both} both: precision {pr.estimate:.1%} {fraction_interval(pr.confidence_interval(), 3)}, "
                     f"recall {rc.estimate:.1%} {fraction_interval(rc.confidence_interval(), 3)}")
    lines.append("Reliability: band, players, mean forecast, made the playoff, 95% interval")
    for b in s.bands["forecast"]:
        if b.n:
            flag = "" if b.consistent else "  <- outside its interval"
            lines.append(f"  [{b.low:.3f}, {b.high:.3f}{']' if b.high == 1 else ')'} {b.n:5d}  "
                         f"{b.mean_forecast:.4f}  {b.made:4d}/{b.n:<5d} = {b.observed:.4f}  "
                         f"{fraction_interval(b.ci)}{flag}")
    misses = [x for x in s.surprises if x.verdict == SAFE_TO_DRAW and not x.made_cut]
    lines.append(f"'Safe to draw' calls that missed the playoff: {len(misses)} "
                 f"({sum(x.drew for x in misses)} of them drew)")
    for x in misses:
        lines.append(f"  {x.file} table {x.table}: {x.player} ({'drew' if x.drew else 'played'}): "
                     f"{x.explanation}")
    lines.append("Tables by verdict: tables, drew intentionally, expected to draw")
    for v, r in s.verdicts.items():
        lines.append(f"  {v:<36} {r['tables']:4d} {r['drew']:4d} {r['modelled_draw']:4d}")
    for ev in run.apart:
        lines.append(f"Apart (not scored): {ev.file}: outside the playoff with more points than a "
                     f"qualifier: {', '.join(ev.skipped_qualifier)}")
    return lines


def run_json(run) -> dict:
    s = run.summary
    out = {"game": run.game, "others": run.others, "rounds_left": run.rounds_left, "folds": run.folds,
           "events": [e.file for e in run.events],
           "apart": [{"file": e.file, "skipped_qualifier": e.skipped_qualifier} for e in run.apart]}
    if s is None:
        return out
    out.update({
        "players": s.players,
        "brier": {x.name: {"value": x.value, "ci95": [x.ci.low, x.ci.high], "players": x.n}
                  for x in s.scores},
        "skill": {x.name: {"value": x.value, "ci95": [x.ci.low, x.ci.high]} for x in s.skills},
        "draw_calls": {label: {**asdict(c), "precision": proportion_json(c.precision),
                               "recall": proportion_json(c.recall)}
                       for label, c in (("all", s.calls), ("stake", s.calls_stake))},
        "reliability": [{"low": b.low, "high": b.high, "players": b.n,
                         "mean_forecast": b.mean_forecast if b.n else None, "made": b.made,
                         "ci95": [b.ci.low, b.ci.high], "consistent": b.consistent}
                        for b in s.bands["forecast"]],
        "safe_misses": [{"file": x.file, "table": x.table, "player": x.player, "drew": x.drew,
                         "explanation": x.explanation}
                        for x in s.surprises if x.verdict == "safe to draw" and not x.made_cut],
        "verdicts": s.verdicts})
    return out


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--top", "cut", type=click.IntRange(min=2), default=None,
              help="Score only the events whose playoff seats this many players (default: every event "
                   "with a playoff, each with its own cut).")
@click.option("--min-rounds", type=click.IntRange(min=2), default=4, show_default=True,
              help="Score the events with at least this many Swiss rounds (fewer: single elimination "
                   "in melee.gg's listings).")
@click.option("--others", type=click.Choice((*MODELS, "none", "both")), default="both", show_default=True,
              help="Other tables' model of the forecasts: behaviour, rational, both side by side, or none (every table plays: the odds of versions before the behaviour model was used by odds).")
@click.option("--rounds-left", type=click.IntRange(1, 2), default=1, show_default=True,
              help="Forecast from the start of the last Swiss round (1) or the one before (2: the "
                   "double draw).")
@click.option("--folds", type=click.IntRange(min=0), default=5, show_default=True,
              help="Cross-validate the behaviour model by event: each event is forecast by a model "
                   "fitted on the events outside its fold. 0: use the fitted model as it is (it has "
                   "seen these events).")
@click.option("--observations", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None,
              help="The table features of the events (benchmarks/behaviour_tables.csv); default: "
                   "simulated from FOLDER first (about a second per event).")
@click.option("--sims", type=click.IntRange(min=100), default=2000, show_default=True,
              help="Simulations per scenario (each forecast carries its Monte Carlo interval).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Random seed of the simulations (same seed, same figures).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="At most this many events.")
@click.option("--figure", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              default=None, help="Write the reliability figure (PNG) here.")
@click.option("--json", "as_json", is_flag=True, help="JSON on stdout (notes on stderr).")
@friendly_errors
def calibrate(folder, cut, min_rounds, others, rounds_left, folds, observations, sims, seed, limit,
              figure, as_json):
    """Forecasts before the last round of every event in FOLDER against what happened, per game.

    FOLDER holds real event files of any format with a playoff or a cut (cobra, pokedata, TOM,
    Play Hub bundles, melee.gg, TopDeck, ...), or melee.gg event files and their index.json (as
    ../shared/data/melee). For every event with a playoff (of --top players when given), every
    player's P(cut) from the start of the round is scored against who played the playoff: Brier
    score with its interval, skill over the naive "current rank <= cut" call, a reliability table
    (and --figure), the tables expected to draw against the real intentional draws (precision,
    recall), and the "safe to draw" calls that missed; each game apart. Events where a player
    with more points than a qualifier is missing from the playoff (a declined invitation) are
    reported apart, not scored.
    """
    from drawsafe.simulation.behaviour import Observations
    from drawsafe.simulation.calibration import (
        CALIBRATION_MAX_SIMS,
        Budget,
        Question,
        calibrate_folder,
        folder_counts,
        folder_games,
    )

    games = folder_games(folder, cut, min_rounds)
    if not games:
        events, skipped = folder_counts(folder)
        raise UsageError(f"{folder}: no event with a playoff{f' of {cut} players' if cut else ''} after "
                         f"{min_rounds} Swiss rounds or more ({events} events read, "
                         f"{skipped} files not events): give a folder of finished "
                         "events' files (cobra, pokedata, TOM, melee.gg, ...)")
    if observations is not None and len(games) > 1:
        raise UsageError(f"--observations: {folder} holds events of {len(games)} games "
                         f"({', '.join(games)}); give one game's folder with its table features")
    obs = None
    if observations is not None:
        try:
            obs = Observations.read(observations)
        except ValueError as exc:
            raise UsageError(str(exc)) from None

    def progress(text):
        print(printable(text, newlines=True), file=sys.stderr, flush=True)

    runs = {}
    for game in games:
        for model in (MODELS if others == "both" else (others,)):
            if model == "behaviour" and folds >= 2 and obs is None:
                note(f"simulating the table features of every {game} event for the cross-validation ...")
            key = model if len(games) == 1 else f"{game}: {model}"
            question = Question(others=model, budget=Budget(sims, None, CALIBRATION_MAX_SIMS, seed))
            runs[key] = calibrate_folder(folder, question, cut=cut, rounds_left=rounds_left, folds=folds,
                                         observations=obs, limit=limit, report=progress, game=game,
                                         min_rounds=min_rounds)
    if figure is not None:
        from drawsafe.report.fig_reliability import reliability_png

        figure.write_bytes(reliability_png(runs))
        note(f"wrote {figure}")
    if as_json:
        click.echo(json.dumps({"folder": str(folder), "top": cut, "sims": sims, "seed": seed,
                               "runs": {k: run_json(r) for k, r in runs.items()}},
                              ensure_ascii=False, indent=1, default=float))
        return
    for run in runs.values():
        for line in run_lines(run):
            click.echo(printable(line))
        click.echo("")
