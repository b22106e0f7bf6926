"""``drawsafe study``: grids of planning questions as one tidy table (CSV, Parquet) and curves."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from drawsafe.app.options import fields
from drawsafe.app.requests import FieldRequest
from drawsafe.cli.options import click_option, friendly_errors, note
from drawsafe.cli.render import emit_json
from drawsafe.errors import UsageError
from drawsafe.writing import printable

#: The options a study shares with ``drawsafe field`` (one value for every cell).
FIELD = {o.name: o for o in fields(FieldRequest)}


@click.command("study")
@click.option("--players", default=None, metavar="LIST",
              help="Field sizes: 33..409 (every size), 33..409:16 (step 16, the end included), 8,32,128 or a mix.")
@click.option("--rounds", default="auto", show_default=True, metavar="auto|LIST",
              help="Swiss rounds (auto: MTR Appendix E for each field size).")
@click.option("--top", default="8", show_default=True, metavar="LIST", help="Cut sizes.")
@click.option("--ids", default="safe", show_default=True, metavar="LIST",
              help="Last-round ID policies, e.g. none,safe (none, locked, safe: see `drawsafe field --help`).")
@click.option("--draw-share", default="default", show_default=True, metavar="LIST",
              help="Shares of played matches drawn, e.g. default,0.05.")
@click.option("--drops", default="measured", show_default=True, metavar="LIST",
              help="Drop models: measured, none, or factors of the measured rates.")
@click_option(FIELD["last_round"])
@click.option("--day2", default="none", show_default=True, metavar="LIST",
              help="Day-2 structures, e.g. 19:5,none (POINTS:ROUNDS as drawsafe field --day2; ROUNDS alone with "
                   "--day2-top). In the table, stage day1 rows give P(day 2) of each day-1 record in p_cut "
                   "and P(cut | day 2) in p_cut_win.")
@click.option("--day2-top", default="none", show_default=True, metavar="LIST",
              help="Day-2 cuts by rank, e.g. 32,64 (with --day2 ROUNDS).")
@click.option("--rules", default="mtg", show_default=True, metavar="LIST",
              help="Rule packs of the simulated events, e.g. mtg,pokemon (pokemon: its ties, day-2 tiebreaks restart).")
@click.option("--spec", type=click.Path(dir_okay=False), default=None,
              help="A TOML or JSON file with the grid (same keys as these options) instead of them.")
@click.option("--events", type=click.Path(file_okay=False), default=None, metavar="FOLDER",
              help="Calibration study instead: every event of FOLDER with a Top --top playoff, forecast "
                   "before its last round against what happened (a row per player).")
@click.option("--out", type=click.Path(dir_okay=False), required=True, metavar="FILE.csv",
              help="The table (CSV; Parquet next to it). Cells already complete in it are skipped (resume).")
@click.option("--plot", type=click.Path(dir_okay=False), default=None, metavar="FILE.png",
              help="Curves: P(cut) of each record against field size; X-0 double draw.")
@click_option(FIELD["sims"].but(help="Exactly this many simulations per cell."))
@click_option(FIELD["precision"].but(help="Per cell: simulate until the held figures' 95% half-widths are at "
                                          "most this."))
@click_option(FIELD["max_sims"].but(help="Cap on the simulated events of one cell when adapting to --precision."))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run the cells on this Dask distributed cluster (default: here, on all cores).")
@click.option("--no-parquet", is_flag=True, help="Write the CSV only.")
@click_option(FIELD["seed"])
@click.option("--json", "as_json", is_flag=True, help="A JSON summary on stdout (notes go to stderr).")
@friendly_errors
def study(players, rounds, top, ids, draw_share, drops, last_round, day2, day2_top, rules, spec, events, out, plot, sims, precision,
          max_sims, scheduler, no_parquet, seed, as_json):
    """Sweep planning questions into one tidy table with a row per (cell, stage, record).

    Each cell is one `drawsafe field` question (field size, rounds, cut, ID policy, draw share,
    drops); stages are the final record, before the last round and before the last two. A cell's
    seed comes from --seed and its parameters only: the same table whatever the workers and
    however the grid is split.

    \b
    Example:  drawsafe study --players 33..409:16 --ids none,safe --out study.csv --plot study.png
    Cluster:  dask scheduler            (prints tcp://HOST:8786)
              dask worker tcp://HOST:8786   (on every machine with drawsafe installed)
              drawsafe study ... --scheduler tcp://HOST:8786
    """
    from drawsafe.planning.study import Budget, event_cells, field_grid, run_study, spec_grid

    if sum(x is not None for x in (players, spec, events)) != 1:
        raise UsageError("give exactly one of --players LIST, --spec FILE or --events FOLDER")
    if events:
        cells = event_cells(events, int(top))
    elif spec:
        cells = spec_grid(spec)
    else:
        cells = field_grid(players, rounds, top, ids, draw_share, drops, last_round=last_round, day2=day2,
                           day2_top=day2_top, rules=rules)
    if not cells:
        raise UsageError("the study has no cells")
    note(f"{len(cells)} cells -> {out}" + (f" on {scheduler}" if scheduler else " (here, all cores)"))
    tty = sys.stderr.isatty()

    def progress(done, total, what):
        if what.startswith("FAILED"):
            note(f"\n{what}" if tty else what)
        elif tty:
            sys.stderr.write(f"\rstudy: {done}/{total} cells ")
            sys.stderr.flush()

    result = run_study(cells, out, Budget(sims, None if sims else precision, max_sims, seed), scheduler=scheduler,
                       progress=progress, parquet=not no_parquet)
    if tty:
        sys.stderr.write("\n")
    if plot and not events:
        from drawsafe.planning.plots import study_figure
        Path(plot).write_bytes(study_figure(result.rows))
        note(f"figure written to {plot}")
    summary = {"cells": len(cells), "ran": result.ran, "skipped": result.skipped,
               "failed": [{"cell": k, "error": m} for k, m in result.failed], "rows": len(result.rows),
               "csv": str(result.csv), "parquet": str(result.parquet) if result.parquet else None,
               "seconds": round(result.seconds, 2)}
    if as_json:
        emit_json(summary)
    else:
        click.echo(f"{len(result.rows)} rows from {len(cells)} cells ({result.ran} run, {result.skipped} already "
                   f"done) in {result.seconds:.1f} s -> {result.csv}"
                   + (f" and {result.parquet}" if result.parquet else ""))
        for k, m in result.failed:
            click.echo(printable(f"failed: {k}: {m}"))
    if result.failed:
        sys.exit(1)
