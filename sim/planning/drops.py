"""Drops between rounds, by what a player can still reach: the model ``drawsafe field`` uses.

A player drops after a round with a probability that depends on their points and on the event's
structure (:class:`drawsafe.planning.phases.Structure`): whether they can still make the next cut
(day 2, or the final cut) by winning out, how many wins they are short if not, how much of the rest
they must win if so, whether they stand below 50%, whether one round is left, the field size and how
far the event has gone.  The probability is a logistic function of those features
(:func:`features`), its coefficients fitted on the Swiss rounds of the melee.gg events of
``shared/data/melee`` and checked by cross-validation over events (``reports/field/measure_drops.py``,
which writes ``drawsafe/data/drops.json``).  Players cut after day 1 are not drops.

Each game drops in its own way (a Pokémon regional's players on 0-3 stay far more than Magic's),
so a game with real events has its own model, fitted on them the same way and kept beside
Magic's (:data:`GAME_FILES`, written by ``reports/field/measure_game_drops.py``); a game without
real events uses Magic's (:meth:`DropModel.for_game`).

On melee.gg nothing marks a drop: a player missing from every later Swiss round has dropped (see
``shared/data/melee/README.md``: almost nobody comes back).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from drawsafe.errors import UsageError
from drawsafe.event.io import load_event  # the importers are only needed to measure
from drawsafe.planning.phases import Structure

DATA_FILE = "drops.json"
#: Names of the model's features, in the order of :func:`features`'s columns.
FEATURES = ("intercept", "dead", "wins_short", "need_share", "below_half", "one_round_left", "log_players",
            "elapsed", "log_left")
#: Draw share of the lines used to fit (melee.gg: 2.8% of played matches drawn).
FIT_DRAW_SHARE = 0.028
#: The cut the fit assumes for events that played no playoff (most small events pay by standings).
FIT_TOP = 8
#: Field sizes above this count as this many (one event of 584 is all the data above 162:
#: cross-validated, a cap at 128 predicts it best, see reports/field/drops-check.md).
SIZE_CAP = 128
#: Wins short are counted up to this many.
MAX_SHORT = 4.0
#: The games with a model of their own (``Rulepack.game`` -> file in ``drawsafe/data``); every
#: other game uses Magic's (``drops.json``).
GAME_FILES = {"Pokémon": "drops-pokemon.json", "Netrunner": "drops-netrunner.json"}
MAGIC = "Magic"


def features(structure: Structure, r: int, points: np.ndarray, p_draw: float,
             points_table: tuple[int, int, int] = (0, 1, 3), size_cap: int = SIZE_CAP) -> np.ndarray:
    """The drop features of players on ``points`` after round ``r`` (0-based) of ``structure``,
    deciding whether to play round ``r + 2``: one row per player, columns :data:`FEATURES`.

    The target is the next cut: day 2 during day 1, the final cut afterwards.  ``dead``: even
    winning every round left to that cut the player stays below its line; ``wins_short``: by how
    many wins (at most :data:`MAX_SHORT`); ``need_share``: the share of those rounds a live player
    must win.  Field sizes count up to ``size_cap`` (the model's: above it the data is too thin)."""
    points = np.asarray(points, dtype=float)
    win = points_table[2]
    day2_line, _final, prize_line = structure.lines(p_draw, points_table)
    to_end = max(structure.total - 1 - r, 1)
    if structure.has_day2 and r < structure.day1 - 1:
        line, left = day2_line, structure.day1 - 1 - r  # day 2 first: nothing is paid below it
    else:
        line, left = prize_line, to_end
    short = np.clip((line - points - win * left) / win, 0.0, MAX_SHORT)
    dead = (short > 0).astype(float)
    out = np.empty((len(points), len(FEATURES)))
    out[:, 0] = 1.0
    out[:, 1] = dead
    out[:, 2] = short
    out[:, 3] = np.where(dead > 0, 0.0, np.clip((line - points) / (win * left), 0.0, 1.0))
    out[:, 4] = (points < win * (r + 1) / 2).astype(float)
    out[:, 5] = float(to_end == 1)
    out[:, 6] = math.log(min(structure.players, size_cap) / 32.0)
    out[:, 7] = (r + 1) / structure.total
    out[:, 8] = math.log(to_end)
    return out


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))


@dataclass(frozen=True)
class DropModel:
    """P(drop after a round) = ``factor`` x sigmoid(coefficients . :func:`features`) (at most 1).

    ``game``: the game whose real events it was fitted on (``"Magic"``: melee.gg's), ``source``
    where they come from; ``size_cap``: the field size its ``log_players`` stops at."""

    coefficients: tuple[float, ...]
    source: str = ""
    factor: float = 1.0
    game: str = MAGIC
    size_cap: int = SIZE_CAP

    @classmethod
    def none(cls) -> DropModel:
        return cls((0.0,) * len(FEATURES), "no drops", 0.0, game="none")

    @classmethod
    def parse(cls, text: str, game: str = MAGIC) -> DropModel:
        """``--drops``: "measured" (``game``'s model, :meth:`for_game`), "none", or a factor on
        the measured rates (e.g. 0.5).

        :raises UsageError: for anything else."""
        if text == "measured":
            return cls.for_game(game)
        if text == "none":
            return cls.none()
        try:
            factor = float(text)
        except ValueError:
            raise UsageError(f"--drops {text!r}: use 'measured', 'none' or a factor such as 0.5") from None
        return cls.scaled(factor, game)

    @classmethod
    def measured(cls, file: str = DATA_FILE) -> DropModel:
        """The model in ``drawsafe/data/<file>`` (default ``drops.json``: Magic's)."""
        data = json.loads(resources.files("drawsafe").joinpath("data", file).read_text())
        if tuple(data["features"]) != FEATURES:
            raise AssertionError(f"{file} was fitted with other features: run reports/field/measure_drops.py "
                                 "and reports/field/measure_game_drops.py")
        return cls(tuple(float(c) for c in data["coefficients"]), data.get("source", ""),
                   game=data.get("game", MAGIC), size_cap=int(data.get("size_cap", SIZE_CAP)))

    @classmethod
    def for_game(cls, game: str) -> DropModel:
        """``game``'s own model (``RulePack.game``: "Pokémon", "Netrunner") when it has one
        (:data:`GAME_FILES`), else Magic's."""
        return cls.measured(GAME_FILES.get(game, DATA_FILE))

    @classmethod
    def scaled(cls, factor: float, game: str = MAGIC) -> DropModel:
        """The measured rates times ``factor`` (``--drops 0.5``: half as many drops)."""
        if not (factor >= 0 and math.isfinite(factor)):
            raise UsageError("--drops must be 'measured', 'none' or a factor >= 0")
        m = cls.for_game(game)
        return cls(m.coefficients, f"{factor:g} x {m.source}", factor, m.game, m.size_cap)

    @property
    def active(self) -> bool:
        return self.factor > 0

    def label(self, game: str) -> str:
        """Which model, for a plan of ``game``: "Pokémon's own", "Magic's (no real Lorcana events
        measured)", "none"."""
        if not self.active:
            return "none"
        if self.game == game:
            return f"{game}'s own"
        return f"{self.game}'s" + (f" (no real {game} events measured)" if game not in GAME_FILES else "")

    def to_json(self, game: str) -> dict:
        return {"game": self.game if self.active else None, "label": self.label(game), "source": self.source,
                "factor": self.factor, "size_cap": self.size_cap}

    def rate(self, structure: Structure, r: int, points: np.ndarray, p_draw: float,
             points_table: tuple[int, int, int] = (0, 1, 3)) -> np.ndarray:
        """P(drop after round ``r``) of players on ``points``."""
        x = features(structure, r, points, p_draw, points_table, self.size_cap)
        return np.minimum(1.0, self.factor * sigmoid(x @ np.asarray(self.coefficients)))

    def table(self, structure: Structure, p_draw: float, points_table: tuple[int, int, int] = (0, 1, 3)
              ) -> np.ndarray:
        """``rate[r, v]``: P(drop after round r + 1 | v points), r = 0 .. total - 2, v = 0 .. the
        most points of the event (the kernel's ``drop_rate``)."""
        most = points_table[2] * structure.total
        out = np.zeros((max(structure.total - 1, 0), most + 1))
        if not self.active:
            return out
        v = np.arange(most + 1)
        for r in range(structure.total - 1):
            out[r] = self.rate(structure, r, v, p_draw, points_table)
        return out


# --- measuring on real events ------------------------------------------------------------------

#: A round after which at least this share of the players on some number of matches not won (and
#: at least :data:`ELIMINATED_MIN` of them) leave is a format's cut, not players dropping.
ELIMINATED_SHARE = 0.9
ELIMINATED_MIN = 8


def points_after_rounds(event) -> list[dict[str, int]]:
    """For each Swiss round: the points (3/1/0) after it of every player in it."""
    pts: dict[str, int] = {}
    out = []
    for rnd in event.swiss:
        for m in rnd.matches:
            w = m.winner()
            for p in m.players:
                pts[p] = pts.get(p, 0) + (3 if w == p else 1 if m.is_draw else 0)
        out.append({p: pts[p] for p in rnd.players})
    return out


def day2_cut(event) -> tuple[int, int] | None:
    """(day-1 rounds, points) when the event cut its field by points after a Swiss round and played
    at least two more: the players who went on are those on at least those points (95% of those
    below left, 90% of those on them stayed, at least :data:`ELIMINATED_MIN` gone)."""
    swiss = event.swiss
    after = points_after_rounds(event)
    for i in range(len(swiss) - 2):
        now, nxt = after[i], swiss[i + 1].players
        left = [p for p in now if p not in nxt]
        if len(left) < ELIMINATED_MIN or len(left) < 0.3 * len(now):
            continue
        stayed = [v for p, v in now.items() if p in nxt]
        if not stayed:
            continue
        cut = min(stayed)
        if cut == 0:
            continue
        below = [p for p, v in now.items() if v < cut]
        above = [p for p, v in now.items() if v >= cut]
        if below and sum(p not in nxt for p in below) >= 0.95 * len(below) \
                and sum(p in nxt for p in above) >= 0.9 * len(above):
            return i + 1, cut
    return None


def round_drops(event) -> list[list[tuple[int, bool]]]:
    """For each Swiss round but the last: (matches not won so far, left the event after it) of
    every player in it (a player missing from every later round left)."""
    swiss = event.swiss
    last_seen: dict[str, int] = {}
    nonwins: dict[str, list[int]] = {}
    for i, rnd in enumerate(swiss):
        for m in rnd.matches:
            for p in m.players:
                last_seen[p] = i
                nonwins.setdefault(p, [0] * len(swiss))[i] = 0 if m.winner() == p else 1
    return [[(sum(nonwins[p][:i + 1]), last_seen[p] == i) for p in rnd.players]
            for i, rnd in enumerate(swiss[:-1])]


def forced_elimination(event) -> bool:
    """True when the event removes players by its format (single elimination listed as Swiss
    rounds, "two losses and out" qualifiers, a day-two cut): after some round nearly everyone on
    some number of matches not won left at once."""
    for players in round_drops(event):
        by_k: dict[int, list[int]] = {}
        for k, left in players:
            c = by_k.setdefault(k, [0, 0])
            c[0] += 1
            c[1] += int(left)
        if any(k > 0 and n >= ELIMINATED_MIN and gone >= ELIMINATED_SHARE * n for k, (n, gone) in by_k.items()):
            return True
    return False


def event_structure(event, top: int | None = None) -> Structure | None:
    """The structure of a real Swiss event (its day-2 cut, if any: :func:`day2_cut`; its cut: the
    playoff's size, else ``top`` or :data:`FIT_TOP`); None for an event eliminated by its format
    otherwise (single elimination, two losses and out)."""
    rounds = len(event.swiss)
    cut = day2_cut(event)
    if cut is None and forced_elimination(event):
        return None
    # the format's eliminations after day 2 (a top 8 listed as Swiss rounds) are not Swiss
    if cut is not None and forced_elimination_after(event, cut[0]):
        return None
    playoff = 2 * len(event.playoff[0].matches) if event.playoff else 0
    top = playoff or top or FIT_TOP
    if cut is None:
        return Structure(len(event.players), rounds, top=top)
    return Structure(len(event.players), cut[0], rounds - cut[0], day2_points=cut[1], top=top)


def forced_elimination_after(event, first: int) -> bool:
    """:func:`forced_elimination` on the rounds after round ``first`` only."""
    rounds = round_drops(event)[first:]
    for players in rounds:
        by_k: dict[int, list[int]] = {}
        for k, left in players:
            c = by_k.setdefault(k, [0, 0])
            c[0] += 1
            c[1] += int(left)
        if any(n >= ELIMINATED_MIN and gone >= ELIMINATED_SHARE * n for k, (n, gone) in by_k.items()):
            return True
    return False


@dataclass(frozen=True)
class DropRows:
    """Every (player, round) decision of some events: features ``x``, whether the player left
    (``y``), the event's index (``event``), its Swiss rounds and entrants per row."""

    x: np.ndarray
    y: np.ndarray
    event: np.ndarray
    rounds: np.ndarray
    names: tuple[str, ...]
    structures: tuple[Structure, ...]


def event_rows(event, structure: Structure, p_draw: float = FIT_DRAW_SHARE,
               points_table: tuple[int, int, int] = (0, 1, 3), size_cap: int = SIZE_CAP
               ) -> tuple[np.ndarray, np.ndarray]:
    """Features and outcomes of every decision to play the next Swiss round of ``event`` (points
    3/1/0, :func:`points_after_rounds`); players cut after day 1 decide nothing."""
    return decision_rows(points_after_rounds(event), [set(r.players) for r in event.swiss], structure,
                         p_draw, points_table, size_cap)


def decision_rows(after: list[dict[str, int]], present: list[set[str]], structure: Structure,
                  p_draw: float = FIT_DRAW_SHARE, points_table: tuple[int, int, int] = (0, 1, 3),
                  size_cap: int = SIZE_CAP) -> tuple[np.ndarray, np.ndarray]:
    """:func:`event_rows` of any game: ``after[i]`` the points after Swiss round ``i`` of the
    players in it, ``present[i]`` the players of round ``i``; a player missing from every later
    round left."""
    xs, ys = [], []
    for i in range(len(after) - 1):
        nxt = present[i + 1]
        now = after[i]
        if structure.has_day2 and i == structure.day1 - 1:
            now = {p: v for p, v in now.items() if v >= structure.day2_points}
        if not now:
            continue
        later = set().union(*present[i + 1:])
        names = sorted(now)
        pts = np.array([now[p] for p in names])
        xs.append(features(structure, i, pts, p_draw, points_table, size_cap))
        ys.append(np.array([p not in nxt and p not in later for p in names], dtype=float))
    if not xs:
        return np.zeros((0, len(FEATURES))), np.zeros(0)
    return np.concatenate(xs), np.concatenate(ys)


def collect_rows(folder: str | Path, min_rounds: int = 3) -> DropRows:
    """:func:`event_rows` of every Swiss event in ``folder`` (melee.gg JSON) with at least
    ``min_rounds`` Swiss rounds and a structure (:func:`event_structure`)."""
    entries = []
    for path in sorted(Path(folder).glob("*.json")):
        if path.name == "index.json":
            continue
        try:
            event = load_event(path)
        except Exception:  # noqa: BLE001, S112 (a file the importer refuses is not measured)
            continue
        if len(event.swiss) < min_rounds:
            continue
        structure = event_structure(event)
        if structure is None:
            continue
        entries.append((path.name, points_after_rounds(event), [set(r.players) for r in event.swiss], structure))
    return rows_of(entries)


def rows_of(entries, p_draw: float = FIT_DRAW_SHARE, points_table: tuple[int, int, int] = (0, 1, 3),
            size_cap: int = SIZE_CAP) -> DropRows:
    """The :class:`DropRows` of ``entries``: (name, points after each round, players of each
    round, structure) per event (:func:`decision_rows`); events without a decision are left out."""
    xs, ys, ev, rounds, names, structures = [], [], [], [], [], []
    for name, after, present, structure in entries:
        x, y = decision_rows(after, present, structure, p_draw, points_table, size_cap)
        if len(y) == 0:
            continue
        xs.append(x)
        ys.append(y)
        ev.append(np.full(len(y), len(names)))
        rounds.append(np.full(len(y), len(after)))
        names.append(name)
        structures.append(structure)
    return DropRows(np.concatenate(xs), np.concatenate(ys), np.concatenate(ev), np.concatenate(rounds),
                    tuple(names), tuple(structures))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, iterations: int = 50,
        prior: np.ndarray | None = None) -> np.ndarray:
    """Logistic regression by Newton's method (a small ridge on every coefficient but the
    intercept keeps separable features finite; with ``prior``, the ridge pulls towards it rather
    than towards 0: a game with few events stays near Magic's model)."""
    beta = np.zeros(x.shape[1]) if prior is None else np.array(prior, dtype=float)
    centre = np.zeros(x.shape[1]) if prior is None else np.array(prior, dtype=float)
    if prior is None:
        beta[0] = math.log(max(y.mean(), 1e-6) / max(1 - y.mean(), 1e-6))
    penalty = np.full(x.shape[1], ridge * len(y))
    penalty[0] = 0.0
    for _ in range(iterations):
        p = sigmoid(x @ beta)
        grad = x.T @ (y - p) - penalty * (beta - centre)
        w = p * (1 - p)
        hess = (x * w[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.lstsq(hess, grad, rcond=None)[0]
        step *= min(1.0, 2.0 / max(np.max(np.abs(step)), 1e-12))  # damped: no step past 2 in any coefficient
        beta += step
        if np.max(np.abs(step)) < 1e-9:
            break
    return beta


def recalibrate(x: np.ndarray, y: np.ndarray, base: np.ndarray) -> np.ndarray:
    """``base``'s coefficients times a slope, plus an intercept shift, both fitted on ``x, y``:
    Magic's shape of who drops, at the game's own level."""
    z = x @ np.asarray(base)
    a, b = fit(np.column_stack([np.ones(len(z)), z]), y, ridge=0.0)
    out = b * np.asarray(base, dtype=float)
    out[0] += a
    return out


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def cross_validate(rows: DropRows, folds: int = 5, seed: int = 0, fitter=None) -> np.ndarray:
    """Held-out P(drop) of every row: events split at random into ``folds`` groups (at most one
    per event), each predicted by the model fitted on the others (``fitter(x, y)``, default
    :func:`fit`)."""
    fitter = fitter or fit
    folds = min(folds, len(rows.names))
    group = fold_of_events(len(rows.names), folds, seed)
    held = np.empty(len(rows.y))
    for g in range(folds):
        test = group[rows.event] == g
        beta = fitter(rows.x[~test], rows.y[~test])
        held[test] = sigmoid(rows.x[test] @ beta)
    return held


def fold_of_events(events: int, folds: int, seed: int = 0) -> np.ndarray:
    """Each event's fold (random, balanced)."""
    return np.random.default_rng(seed).permutation(events) % folds


def model_json(beta: np.ndarray, rows: DropRows, source: str, check: dict, game: str = MAGIC,
               size_cap: int = SIZE_CAP, *, method: str = "logistic in the features") -> dict:
    return {"source": f"{source}: {len(rows.names)} Swiss events, {len(rows.y)} decisions to play on "
                      f"({int(rows.y.sum())} drops); {method}, cross-validated over events",
            "game": game, "size_cap": size_cap,
            "features": list(FEATURES), "coefficients": [float(b) for b in beta], "check": check}
