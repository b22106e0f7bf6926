"""Fit the drop model of ``drawsafe field`` for each game with real events (Pokémon, Netrunner), on
that game's own events, check it by cross-validation over events, and compare the planner with
those events before (Magic's model) and after (the game's).  Run from the repository root:

    python reports/field/measure_game_drops.py fit [POKEDATA_FOLDER ...]
    python reports/field/measure_game_drops.py compare [POKEDATA_FOLDER ...]
    python reports/field/measure_game_drops.py report

``fit`` writes ``sim/data/drops-pokemon.json`` and ``sim/data/drops-netrunner.json`` and the
fitting part of ``reports/field/game-drops.json``; ``compare`` plans every event with ``drawsafe
field`` (its own entrants, rounds, day-2 line and cut; IDs safe) once with Magic's model and once
with the game's model fitted without the event's fold, and stores the planner's figures beside the
observed ones; ``report`` writes ``reports/field/game-drops.md``.

Events.  Pokémon: the masters division of pokedata standings documents (RK9 scraped; each row has
the player's rounds and ``drop``): the folders given (the public repository
RichardHpa/Pokemon-TCG-Standings keeps over a hundred in ``public/data/tournaments/``; extract them
to a folder, e.g. with ``git show``), plus ``shared/data/real/pokemon/pokedata`` and
``shared/data/real/live/pokedata``; one document per tournament id; world championships (invitees
with byes into day 2) and files the importer refuses are left out.  Netrunner: the cobra exports of
``shared/data/real/netrunner/cobra``, read directly (a round's points are cobra's
``combinedScore``; a player missing from every later Swiss round dropped).

Models compared for each game, by held-out log-loss per decision (events in 5 folds, or one event
per fold for fewer than 20 events): Magic's as it is; Magic's recalibrated (its linear predictor
times a fitted slope, plus a fitted intercept); the nine coefficients refitted, with a ridge
pulling towards Magic's (three strengths) or towards 0, and the field size capped at 128 (Magic's
cap) or 2048.  The lowest held-out log-loss is the game's model, refitted on every event.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

from drawsafe.event.io import load_event
from drawsafe.planning.drops import (
    FEATURES,
    SIZE_CAP,
    DropModel,
    cross_validate,
    event_structure,
    fit,
    fold_of_events,
    log_loss,
    model_json,
    points_after_rounds,
    recalibrate,
    rows_of,
    sigmoid,
)
from drawsafe.planning.phases import Structure
from drawsafe.tiebreaks.packs import get_rules

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data"
OUT_JSON = HERE / "game-drops.json"
OUT_MD = HERE / "game-drops.md"
SIMS = 200
MAGIC = DropModel.measured()


# --- the events --------------------------------------------------------------------------------

def pokemon_events(folders: list[str]):
    """(name, after, present, structure, facts) of every usable pokedata event (masters)."""
    seen = set()
    paths = []
    for folder in [*folders, SHARED / "real" / "pokemon" / "pokedata", SHARED / "real" / "live" / "pokedata"]:
        paths += sorted(Path(folder).glob("*.json"))
    for path in paths:
        try:
            raw = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        tournament = raw.get("tournament") or {} if isinstance(raw, dict) else {}
        key = tournament.get("id") or path.stem
        name = tournament.get("name") or path.stem
        if key in seen or "world" in name.lower():
            continue
        seen.add(key)
        try:
            event = load_event(path, division="masters")
        except Exception:  # noqa: BLE001, S112 (a document the importer refuses is not measured)
            continue
        if len(event.swiss) < 5 or not event.playoff:
            continue  # unfinished, or no top cut: not a planned event's shape
        top = sum(len(m.players) for m in event.playoff[0].matches)
        if event.phases and event.phases[0].cut is not None and event.phases[0].cut.points is not None:
            day1 = event.phases[0].rounds
            structure = Structure(len(event.players), day1, len(event.swiss) - day1,
                                  day2_points=int(event.phases[0].cut.points), top=top)
        else:
            structure = event_structure(event, top)
            if structure is None:
                continue
        after = points_after_rounds(event)
        present = [set(r.players) for r in event.swiss]
        yield f"{path.name}", after, present, structure, {"name": event.name, "file": path.name}


def netrunner_events():
    """(name, after, present, structure, facts) of the cobra exports (double-sided Swiss)."""
    for path in sorted((SHARED / "real" / "netrunner" / "cobra").glob("*.json")):
        data = json.loads(path.read_text())
        swiss = [r for r in data["rounds"] if r and not any(m.get("eliminationGame") for m in r)]
        pts: dict[int, int] = {}
        after, present = [], []
        for rnd in swiss:
            here = set()
            for m in rnd:
                for side in ("player1", "player2"):
                    p = m[side]
                    if p.get("id") is None:
                        continue
                    here.add(p["id"])
                    pts[p["id"]] = pts.get(p["id"], 0) + int(p.get("combinedScore") or 0)
            present.append(here)
            after.append({p: pts[p] for p in here})
        players = len(set().union(*present))
        top = int(data.get("cutToTop") or 0) or players  # no cut: the Swiss standings pay
        structure = Structure(players, len(swiss), top=min(top, players))
        yield path.name, after, present, structure, {"name": data.get("name", path.stem), "file": path.name,
                                                     "cut": int(data.get("cutToTop") or 0)}


GAMES = {"pokemon": ("Pokémon", "pokemon"), "netrunner": ("Netrunner", "netrunner")}


def game_rows(game: str, folders: list[str], size_cap: int):
    pack = get_rules(GAMES[game][1])
    events = list(pokemon_events(folders) if game == "pokemon" else netrunner_events())
    entries = [e[:4] for e in events]
    rows = rows_of(entries, pack.results.draw_share, tuple(pack.points), size_cap)
    return rows, events


# --- fitting ------------------------------------------------------------------------------------

def shifted(x, y, base):
    """``base`` with its intercept refitted alone (one coefficient: the game's level of drops)."""
    z = x @ base - base[0]
    a = base[0]
    for _ in range(50):  # Newton on the one coefficient
        p = sigmoid(z + a)
        step = (y - p).sum() / max((p * (1 - p)).sum(), 1e-12)
        a += float(np.clip(step, -2.0, 2.0))
        if abs(step) < 1e-10:
            break
    out = base.copy()
    out[0] = a
    return out


def candidates(game: str):
    """(name, size cap, fitter) of every model compared (Netrunner's events are all far below
    Magic's size cap: one cap)."""
    base = np.asarray(MAGIC.coefficients)
    out = [("Magic's", SIZE_CAP, lambda x, y: base),
           ("Magic's, intercept refitted", SIZE_CAP, lambda x, y: shifted(x, y, base)),
           ("Magic's recalibrated (slope and intercept)", SIZE_CAP, lambda x, y: recalibrate(x, y, base))]
    for cap in (SIZE_CAP, 2048) if game == "pokemon" else (SIZE_CAP,):
        for ridge in (0.1, 0.01, 0.001):
            out.append((f"refit towards Magic's, ridge {ridge:g}, size cap {cap}", cap,
                        lambda x, y, r=ridge: fit(x, y, ridge=r, prior=base)))
        out.append((f"refit, ridge 0.001 towards 0, size cap {cap}", cap, lambda x, y: fit(x, y)))
    return out


def folds_for(rows) -> int:
    return 5 if len(rows.names) >= 20 else len(rows.names)


def fit_game(game: str, folders: list[str]) -> dict:
    label, pack_name = GAMES[game]
    pack = get_rules(pack_name)
    tried = []
    cache = {}
    for name, cap, fitter in candidates(game):
        if cap not in cache:
            cache[cap] = game_rows(game, folders, cap)
        rows, _events = cache[cap]
        held = cross_validate(rows, folds_for(rows), fitter=fitter)
        tried.append({"model": name, "size_cap": cap, "log_loss_held_out": log_loss(held, rows.y)})
        print(f"{label}: {name}: {tried[-1]['log_loss_held_out']:.5f}", file=sys.stderr)
    best = min(range(len(tried)), key=lambda i: tried[i]["log_loss_held_out"])
    name, cap, fitter = candidates(game)[best]
    rows, events = cache[cap]
    beta = fitter(rows.x, rows.y)
    held = cross_validate(rows, folds_for(rows), fitter=fitter)
    constant = np.full(len(rows.y), rows.y.mean())
    by_event = []
    for e, n in enumerate(rows.names):
        m = rows.event == e
        magic = sigmoid(rows.x[m] @ np.asarray(MAGIC.coefficients)) if cap == SIZE_CAP else None
        by_event.append({"file": n, "players": rows.structures[e].players, "rounds": rows.structures[e].total,
                         "observed": float(rows.y[m].sum()), "held_out": float(held[m].sum()),
                         "magic": None if magic is None else float(magic.sum())})
    check = {"log_loss_held_out": log_loss(held, rows.y), "log_loss_constant": log_loss(constant, rows.y),
             "folds": folds_for(rows), "candidates": tried, "chosen": name, "by_event": by_event}
    source = {"pokemon": "Play! Pokémon masters divisions of pokedata documents (RK9)",
              "netrunner": "cobra exports of shared/data/real/netrunner/cobra (double-sided Swiss)"}[game]
    method = f"{name} (the lowest held-out log-loss of {len(tried)} models compared on these events)"
    data = model_json(beta, rows, source, check, game=label, size_cap=cap, method=method)
    data["draw_share"] = pack.results.draw_share
    data["points"] = list(pack.points)
    file = ROOT / "sim" / "data" / f"drops-{game}.json"
    file.write_text(json.dumps(data, indent=1) + "\n")
    return {"game": label, "file": file.name, "model": data, "events": [e[4] for e in events
                                                                        if e[0] in rows.names]}


# --- comparing the planner with the events -------------------------------------------------------

def held_out_models(game: str, folders: list[str], chosen: str, cap: int) -> tuple[dict, list]:
    """The game's chosen model fitted without each event's fold: {event name: DropModel}."""
    rows, events = game_rows(game, folders, cap)
    fitter = next(f for n, c, f in candidates(game) if n == chosen and c == cap)
    folds = folds_for(rows)
    group = fold_of_events(len(rows.names), folds)
    out = {}
    for g in range(folds):
        test = group[rows.event] == g
        beta = fitter(rows.x[~test], rows.y[~test])
        for e in np.flatnonzero(group == g):
            out[rows.names[e]] = DropModel(tuple(float(b) for b in beta), f"{GAMES[game][0]} (held out)",
                                           game=GAMES[game][0], size_cap=cap)
    return out, [e for e in events if e[0] in out]


def observed(after, present, structure: Structure) -> dict:
    """What the event did: players gone by the end of day 1 (of the Swiss without a day 2) and by
    the end of the Swiss, players still in after day 1 by points, and the final points line."""
    gone_by = []
    for i in range(len(present)):
        later = set().union(*present[i + 1:]) if i + 1 < len(present) else set()
        gone_by.append(None if i + 1 >= len(present) else later)
    entrants = set().union(*present)
    day1 = structure.day1
    in_end_day1 = set(present[day1 - 1])  # played day 1's last round
    out = {"players": len(entrants), "dropped_day1": len(entrants - in_end_day1)}
    if structure.has_day2:
        pts = after[day1 - 1]
        out["day1_points"] = {int(v): sum(1 for p in in_end_day1 if pts[p] == v) for v in sorted(set(pts.values()))}
        out["day2_line_players"] = sum(1 for p in in_end_day1 if pts[p] >= structure.day2_points)
        went_on = {p for p in in_end_day1 if pts[p] >= structure.day2_points}
        out["dropped_swiss"] = out["dropped_day1"] + len(went_on - set(present[-1]))
    else:
        out["dropped_swiss"] = len(entrants - set(present[-1]))
    final = sorted((after[-1][p] for p in present[-1]), reverse=True)
    out["final_points"] = {int(v): final.count(v) for v in sorted(set(final))}
    out["line"] = final[min(structure.top, len(final)) - 1] if final else None
    return out


def planned(structure: Structure, rules: str, drops: DropModel, seed: int = 0) -> dict:
    """``drawsafe field``'s figures for ``structure`` with ``drops``."""
    from drawsafe.planning.field import field_odds, plan_field
    from drawsafe.simulation.question import Budget

    r = field_odds(*plan_field(structure.players, structure.day1, top=structure.top, ids="safe", drops=drops,
                               rules=rules, day2_points=structure.day2_points, day2_rounds=structure.day2,
                               budget=Budget(SIMS, seed=seed)))
    c = r.counts
    out = {"simulations": r.simulations, "dropped_swiss": r.expected_dropped,
           "dropped_swiss_sd": dropped_sd(r)}
    if structure.has_day2:
        still = sum(rec.players.estimate for rec in r.day1_records)
        out["dropped_day1"] = structure.players - still
        pts = {}
        for rec in r.day1_records:
            pts[rec.points] = pts.get(rec.points, 0.0) + rec.players.estimate
        out["day1_points"] = pts
        mean, dist = r.day2_players
        ci = mean.confidence_interval()
        out["day2_line_players"] = mean.estimate
        out["day2_line_players_ci"] = [ci.low, ci.high]
        out["day2_line_players_sd"] = sd_of(dist)
    else:
        out["dropped_day1"] = r.expected_dropped
    line = c.line_hist
    out["line_mean"] = float((np.arange(len(line)) * line).sum() / max(line.sum(), 1))
    out["seconds"] = r.seconds
    return out


def sd_of(dist) -> float:
    """The standard deviation across simulated events of a count, from its distribution."""
    k = np.array([v for v, _ in dist], dtype=float)
    p = np.array([pr.estimate for _, pr in dist])
    m = (k * p).sum()
    return float(math.sqrt(max((p * (k - m) ** 2).sum(), 0.0)))


def dropped_sd(r) -> float | None:
    """Not kept per simulation by the planner: None (the interval of the mean comes from the
    events' spread instead, see the report)."""
    return None


def compare(folders: list[str]) -> dict:
    fits = json.loads(OUT_JSON.read_text())["fits"]
    out = {}
    for game, (label, rules) in GAMES.items():
        model = fits[game]["model"]
        held, events = held_out_models(game, folders, model["check"]["chosen"], model["size_cap"])
        magic = DropModel.measured()
        rows = []
        t = time.perf_counter()
        for name, after, present, structure, facts in events:
            obs = observed(after, present, structure)
            before = planned(structure, rules, magic)
            after_ = planned(structure, rules, held[name])
            rows.append({**facts, "players": structure.players, "day1": structure.day1, "day2": structure.day2,
                         "day2_points": structure.day2_points, "top": structure.top,
                         "observed": obs, "before": before, "after": after_})
            print(f"{label} {name}: {structure.players} players, dropped {obs['dropped_swiss']} "
                  f"(Magic's {before['dropped_swiss']:.1f}, {label}'s {after_['dropped_swiss']:.1f}) "
                  f"{time.perf_counter() - t:.0f} s", file=sys.stderr)
        out[game] = rows
    data = json.loads(OUT_JSON.read_text())
    data["compare"] = out
    data["compare_settings"] = {"sims": SIMS, "seed": 0, "ids": "safe"}
    OUT_JSON.write_text(json.dumps(data, indent=1) + "\n")
    return out


# --- the report ----------------------------------------------------------------------------------

def mean_ci(values) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval across events."""
    v = np.asarray(values, dtype=float)
    if len(v) < 2:
        return float(v.mean()), float("nan")
    return float(v.mean()), float(1.96 * v.std(ddof=1) / math.sqrt(len(v)))


def fmt(m: float, h: float, d: int = 1) -> str:
    return f"{m:.{d}f} ± {h:.{d}f}" if math.isfinite(h) else f"{m:.{d}f}"


def report() -> str:
    data = json.loads(OUT_JSON.read_text())
    lines = ["# Drop models per game: fitted on each game's own events, checked against them", "",
             ("Written by `python reports/field/measure_game_drops.py report` (see the script for the "
              "events and the models compared).  Magic's model (`sim/data/drops.json`, 237 melee.gg "
              "events) was the planner's for every game; Pokémon and Netrunner now have their own."), ""]
    for fitted in data["fits"].values():
        m = fitted["model"]
        c = m["check"]
        lines += [f"## {fitted['game']}: `sim/data/{fitted['file']}`", "", m["source"] + ".", "",
                  "| Model | Held-out log-loss per decision |", "|---|---:|"]
        for t in c["candidates"]:
            mark = " **(chosen)**" if t["model"] == c["chosen"] and t["size_cap"] == m["size_cap"] else ""
            lines.append(f"| {t['model']}{mark} | {t['log_loss_held_out']:.5f} |")
        lines += [f"| a constant rate | {c['log_loss_constant']:.5f} |", "",
                  f"Folds: {c['folds']} (events held out together).", "",
                  "| Feature | Magic's | " + fitted["game"] + "'s |", "|---|---:|---:|"]
        lines += [f"| {f} | {a:+.3f} | {b:+.3f} |" for f, a, b in zip(FEATURES, MAGIC.coefficients, m["coefficients"])]
        lines.append("")
    comp = data.get("compare")
    if comp:
        s = data["compare_settings"]
        lines += ["## The planner against the real events, before and after", "",
                  (f"Each event planned by `drawsafe field` with its own entrants, Swiss rounds, day-2 line "
                  f"and cut, its game's pack, IDs {s['ids']}, {s['sims']} simulated events, seed {s['seed']}: "
                  "*before* with Magic's drop model, *after* with the game's own model fitted without the "
                  "event's fold (held out).  Figures are means over events, ± the half-width of their 95% "
                  "interval across events (the events differ far more than the Monte Carlo error of "
                   f"{s['sims']} simulations, which is below 0.5 players for every mean here)."), ""]
        lines += comparison_tables(comp)
    return "\n".join(lines) + "\n"


def comparison_tables(comp: dict) -> list[str]:
    lines = []
    pk = comp.get("pokemon", [])
    two = [e for e in pk if e["day2"]]
    if two:
        lines += [(f"### Pokémon: {len(two)} events with a day 2 (masters, 9 rounds then the 19+ line "
                   "or the event's own, then day 2)"), "",
                  "| Figure (per event) | Observed | Before: Magic's model | After: Pokémon's model |",
                  "|---|---:|---:|---:|"]
        for key, label in (("dropped_day1", "players gone by the end of day 1"),
                           ("day2_line_players", "players on the day-2 line after day 1"),
                           ("dropped_swiss", "players gone by the end of the Swiss (day-1 cut not counted)")):
            o = mean_ci([e["observed"][key] for e in two])
            b = mean_ci([e["before"][key] for e in two])
            a = mean_ci([e["after"][key] for e in two])
            lines.append(f"| {label} | {fmt(*o)} | {fmt(*b)} | {fmt(*a)} |")
        for key, label in (("dropped_day1", "gone by the end of day 1"),
                           ("day2_line_players", "on the day-2 line")):
            eb = mean_ci([e["before"][key] - e["observed"][key] for e in two])
            ea = mean_ci([e["after"][key] - e["observed"][key] for e in two])
            lines.append(f"| error, {label} (predicted - observed) | | {fmt(*eb)} | {fmt(*ea)} |")
        lines += ["", "Share of day 1's entrants still in after day 1 on each points total (all events pooled):", "",
                  "| Points after day 1 | Observed | Before | After |", "|---:|---:|---:|---:|"]
        tot = sum(e["players"] for e in two)
        for v in range(27, 11, -1):
            o = sum(e["observed"]["day1_points"].get(str(v), e["observed"]["day1_points"].get(v, 0)) for e in two)
            b = sum(e["before"]["day1_points"].get(str(v), e["before"]["day1_points"].get(v, 0.0)) for e in two)
            a = sum(e["after"]["day1_points"].get(str(v), e["after"]["day1_points"].get(v, 0.0)) for e in two)
            lines.append(f"| {v} | {o / tot:.2%} | {b / tot:.2%} | {a / tot:.2%} |")
        melb = [e for e in two if e["players"] == 531]
        for e in melb:
            b, a, o = e["before"], e["after"], e["observed"]
            lines += ["", (f"The issue's regional, {e['name']} ({e['players']} players, "
                      f"{e['day1']} + {e['day2']} rounds, {e['day2_points']}+ to day 2): gone by the end of day 1 "
                      f"{o['dropped_day1']} observed, Magic's model {b['dropped_day1']:.1f}, Pokémon's "
                      f"{a['dropped_day1']:.1f}; on the day-2 line {o['day2_line_players']} observed, "
                      f"Magic's {b['day2_line_players']:.1f} [{b['day2_line_players_ci'][0]:.1f}, "
                      f"{b['day2_line_players_ci'][1]:.1f}], Pokémon's {a['day2_line_players']:.1f} "
                      f"[{a['day2_line_players_ci'][0]:.1f}, {a['day2_line_players_ci'][1]:.1f}] (95% interval "
                      f"of the mean over {a['simulations']} simulated events; across simulated events the count's "
                      f"SD is {a['day2_line_players_sd']:.1f}).")]
        lines.append("")
    one = [e for e in pk if not e["day2"]]
    if one:
        lines += one_phase_table(f"Pokémon: {len(one)} events in one phase (cups, smaller regionals)", one)
    nr = comp.get("netrunner", [])
    if nr:
        lines += one_phase_table(f"Netrunner: {len(nr)} cobra events (double-sided, 3-5 rounds)", nr)
    return lines


def one_phase_table(title: str, events: list) -> list[str]:
    lines = [f"### {title}", "",
             "| Figure (per event) | Observed | Before: Magic's model | After: the game's model |",
             "|---|---:|---:|---:|"]
    o = mean_ci([e["observed"]["dropped_swiss"] for e in events])
    b = mean_ci([e["before"]["dropped_swiss"] for e in events])
    a = mean_ci([e["after"]["dropped_swiss"] for e in events])
    lines.append(f"| players gone by the end of the Swiss | {fmt(*o)} | {fmt(*b)} | {fmt(*a)} |")
    eb = mean_ci([e["before"]["dropped_swiss"] - e["observed"]["dropped_swiss"] for e in events])
    ea = mean_ci([e["after"]["dropped_swiss"] - e["observed"]["dropped_swiss"] for e in events])
    lines.append(f"| error (predicted - observed) | | {fmt(*eb)} | {fmt(*ea)} |")
    tot_o = sum(e["observed"]["dropped_swiss"] for e in events)
    tot_b = sum(e["before"]["dropped_swiss"] for e in events)
    tot_a = sum(e["after"]["dropped_swiss"] for e in events)
    lines.append(f"| players gone, all events | {tot_o} | {tot_b:.1f} | {tot_a:.1f} |")
    ol = mean_ci([e["observed"]["line"] for e in events])
    bl = mean_ci([e["before"]["line_mean"] for e in events])
    al = mean_ci([e["after"]["line_mean"] for e in events])
    lines.append(f"| points of the last player in the cut | {fmt(*ol)} | {fmt(*bl)} | {fmt(*al)} |")
    lines.append("")
    return lines


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "fit"
    folders = sys.argv[2:]
    if command == "fit":
        data = json.loads(OUT_JSON.read_text()) if OUT_JSON.exists() else {}
        data["fits"] = {g: fit_game(g, folders) for g in GAMES}
        data.pop("compare", None)
        OUT_JSON.write_text(json.dumps(data, indent=1) + "\n")
    elif command == "compare":
        compare(folders)
    if command in ("fit", "compare", "report"):
        OUT_MD.write_text(report())
        print(OUT_MD.read_text())
    else:
        sys.exit(f"unknown command {command!r}: fit, compare or report")
