"""The behaviour model of other tables' intentional draws: its features and the logistic regression.

:func:`table_features` turns what a table's players can see (their chances of the cut if they draw
and if they play, points, standing, rounds left, the event's intentional draws so far) into the
rows of :data:`FEATURES`; :class:`BehaviourModel` gives each row its probability of an intentional
draw, with the coefficients fitted on real events (package data ``drawsafe/data/behaviour.json``).
Computing the features of a round (:mod:`drawsafe.simulation.behaviour`) and of the last round of
a simulated future (:func:`drawsafe.simulation.simulator.future_table`) is left to the modules that
simulate: this one imports no other module of the simulation layer.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import ClassVar

import numpy as np

from drawsafe.event import kinds
from drawsafe.tiebreaks.packs import behaviour_file


def expit(x):
    """The logistic function 1 / (1 + e^-x), written stably (scipy.special.expit to the last bit or
    two; scipy's import would cost every command 0.1 s)."""
    x = np.asarray(x, dtype=np.float64)
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


#: The model's inputs, in order (see :func:`table_features`).
FEATURES = (
    "draw_min",  # the lower of the two players' P(cut | draw)
    "draw_max",
    "gain_min",  # min over the two of P(cut | draw) - P(cut | play)
    "gain_max",
    "play_max",  # the higher P(cut | play)
    "both_safe",  # both P(cut | draw) >= 0.99
    "no_stake",  # neither player above 0.1% either way
    "gap",  # points gap in wins
    "rank_worse",  # log(rank of the lower-ranked player / cut)
    "rank_better",
    "two_left",  # two or more rounds left (the double draw)
    "two_left_draw_min",  # interaction: the double draw asks more of the lower player
    "playoff",  # the event has a playoff (the cut is real; always 1 for `drawsafe draw`)
    "playoff_both_safe",
    "playoff_no_stake",
    "log_rounds",  # log of the Swiss rounds (long days: more players go home with a draw)
    "ids_before",  # log(1 + intentional draws in the event's earlier rounds): the local custom
    "ids_before_both_safe",
)


def table_features(pd: np.ndarray, pp: np.ndarray, points: np.ndarray, rank: np.ndarray,
                   cut: int, rounds_left: int, *, win_points: float, total_rounds: int,
                   playoff: bool = True, ids_before: int = 0) -> np.ndarray:
    """The features of :data:`FEATURES` for tables given as arrays ``[tables, 2]`` (both players):
    P(cut | draw) ``pd``, P(cut | play) ``pp``, current ``points`` and ``rank`` (1 = first), in an
    event of ``total_rounds`` Swiss rounds with (``playoff``) or without a playoff after them,
    where ``ids_before`` intentional draws were played in the rounds so far."""
    pd, pp = np.asarray(pd, float).reshape(-1, 2), np.asarray(pp, float).reshape(-1, 2)
    points = np.asarray(points, float).reshape(-1, 2)
    rank = np.asarray(rank, float).reshape(-1, 2)
    rounds_left = np.broadcast_to(np.asarray(rounds_left), (len(pd),))
    cut = np.broadcast_to(np.asarray(cut, float), (len(pd),))
    gain = pd - pp
    two = (rounds_left >= 2).astype(float)
    dmin = pd.min(axis=1)
    safe = (dmin >= 0.99).astype(float)
    none = (np.maximum(pd, pp).max(axis=1) < 0.001).astype(float)
    cut_is_real = np.full(len(pd), float(playoff))
    return np.column_stack([
        dmin, pd.max(axis=1), gain.min(axis=1), gain.max(axis=1), pp.max(axis=1), safe, none,
        np.abs(points[:, 0] - points[:, 1]) / win_points,
        np.log(np.maximum(rank.max(axis=1), 1) / cut), np.log(np.maximum(rank.min(axis=1), 1) / cut),
        two, two * dmin, cut_is_real, cut_is_real * safe, cut_is_real * none,
        np.full(len(pd), np.log(total_rounds)), np.full(len(pd), np.log1p(ids_before)),
        np.log1p(ids_before) * safe]).reshape(-1, len(FEATURES))


@dataclass(frozen=True)
class DeclaredDraws:
    """A game's declared agreed-draw rates (:class:`~drawsafe.tiebreaks.packs.AgreedDraws`, e.g.
    chess's) in the place of the fitted model: a table's probability from the rounds left and the
    worse-ranked player's rank only, read from the same feature rows."""

    rates: object
    #: The cut the features' ranks are relative to (``rank_worse = log(rank / cut)``).
    cut: int
    #: The rates read no P(cut) of the tables: the round's chances need not be simulated.
    reads_chances: ClassVar[bool] = False

    def probability(self, x: np.ndarray) -> np.ndarray:
        """P(agreed draw) for feature rows ``x`` ([tables, features])."""
        x = np.asarray(x, float).reshape(-1, len(FEATURES))
        two = x[:, FEATURES.index("two_left")] > 0.5
        worse = np.exp(x[:, FEATURES.index("rank_worse")]) * self.cut
        r = self.rates
        return np.where(two, r.before_last, np.where(worse < r.leaders + 0.5, r.last_leaders, r.last))


def model_for(rules, cut: int):
    """Other tables' agreed-draw model for ``rules``: its declared rates when the pack has them
    (:attr:`~drawsafe.tiebreaks.packs.RulePack.agreed_draws`), else the model fitted on real
    events of the pack's :attr:`~drawsafe.tiebreaks.packs.RulePack.draws_fitted` game
    (:meth:`BehaviourModel.load`: Magic's, Netrunner's, Pokémon's)."""
    if rules.agreed_draws is not None:
        return DeclaredDraws(rules.agreed_draws, int(cut))
    return for_rules(BehaviourModel.load(game=rules.draws_fitted), rules)


def for_rules(model, rules):
    """``model`` as the game of ``rules`` uses it: where the game's files record an intentional
    draw as any tie (:attr:`~drawsafe.tiebreaks.packs.RulePack.id_is_tie`, Pokémon), what it
    learned is the chance of a tie, of which the share of played matches that end tied (the
    pack's draw share) is no intentional draw: it gives P(ID) = (P(tie) - s) / (1 - s)."""
    share = rules.results.draw_share
    if not isinstance(model, BehaviourModel) or not rules.id_is_tie or not share or model.played_draws:
        return model
    return replace(model, played_draws=float(share))


#: Formats whose files enter a match's result only, so an intentional draw is a drawn match like
#: any other (TopDeck.gg: "0-0-1", on the leading tables of the last round).
DRAW_ONLY_FORMATS = ("topdeck",)


def ties_are_ids(rules, event) -> bool:
    """An event's drawn matches are its intentional draws: the game's files record one as any tie
    (Pokémon), or the file enters results only (:data:`DRAW_ONLY_FORMATS`)."""
    return bool(rules.id_is_tie) or getattr(event, "format", None) in DRAW_ONLY_FORMATS


def is_intentional(m, id_is_tie: bool = False) -> bool:
    """``m`` (:class:`~drawsafe.event.model.Match`) is an intentional draw: 0-0-3, or any drawn
    played match where the game's files record one as a tie (``id_is_tie``: Pokémon)."""
    if m.kind != "match" or not m.reported or m.player_b is None:
        return False
    return (m.a_wins, m.b_wins, m.draws) == (0, 0, 3) or (id_is_tie and m.a_wins == m.b_wins)


@dataclass(frozen=True)
class BehaviourModel:
    """Logistic regression on standardised :data:`FEATURES`: P(table draws) = expit(b + w·z)."""

    #: Its features include the tables' P(cut) if they draw and if they play.
    reads_chances: ClassVar[bool] = True

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    l2: float = 1.0
    #: What it was fitted on (events, tables, draws) and how to refit it.
    trained_on: dict | None = None
    refit: str = ""
    #: The share of played matches that end drawn, included in what the model learned (a game
    #: whose files record an intentional draw as any tie: :func:`for_rules`); 0: none.
    played_draws: float = 0.0

    def probability(self, x: np.ndarray) -> np.ndarray:
        """P(intentional draw) for feature rows ``x`` ([tables, features])."""
        z = (np.asarray(x, float) - np.array(self.mean)) / np.array(self.scale)
        p = expit(self.intercept + z @ np.array(self.coef))
        if self.played_draws:
            p = np.clip((p - self.played_draws) / (1 - self.played_draws), 0.0, 1.0)
        return p

    @classmethod
    def fit(cls, x: np.ndarray, y: np.ndarray, l2: float = 1.0, weight: np.ndarray | None = None,
            **extra) -> BehaviourModel:
        """Maximum likelihood (each row counted ``weight`` times) with an L2 penalty
        ``l2 / 2 * |w|^2`` on the standardised coefficients (not the intercept).

        :raises ValueError: without both outcomes among ``y``.
        """
        x, y = np.asarray(x, float), np.asarray(y, float)
        if len(y) == 0 or y.min() == y.max():
            raise ValueError("the behaviour model needs tables that drew and tables that played")
        wt = np.ones(len(y)) if weight is None else np.asarray(weight, float)
        mean, scale = x.mean(axis=0), x.std(axis=0)
        scale = np.where(scale > 0, scale, 1.0)
        z = (x - mean) / scale

        def loss(w):
            eta = w[0] + z @ w[1:]
            # log(1 + e^eta) - y * eta, written stably; its gradient is (p - y)
            value = wt @ np.logaddexp(0, eta) - (wt * y) @ eta + 0.5 * l2 * w[1:] @ w[1:]
            r = wt * (expit(eta) - y)
            return value, np.concatenate([[r.sum()], z.T @ r + l2 * w[1:]])

        # lazy: fitting only (its import would cost every command 0.1 s)
        from scipy.optimize import minimize

        w0 = np.zeros(x.shape[1] + 1)
        rate = (wt @ y) / wt.sum()
        w0[0] = np.log(rate / (1 - rate))
        res = minimize(loss, w0, jac=True, method="L-BFGS-B")
        w = res.x
        return cls(tuple(FEATURES[:x.shape[1]]) if x.shape[1] == len(FEATURES) else
                   tuple(f"x{i}" for i in range(x.shape[1])),
                   tuple(map(float, mean)), tuple(map(float, scale)), tuple(map(float, w[1:])),
                   float(w[0]), l2, **extra)

    def to_json(self) -> dict:
        return {"features": list(self.features), "mean": list(self.mean), "scale": list(self.scale),
                "coef": list(self.coef), "intercept": self.intercept, "l2": self.l2,
                "trained_on": self.trained_on, "refit": self.refit}

    @classmethod
    def from_json(cls, d: dict) -> BehaviourModel:
        """:raises ValueError: when the file's features are not this version's."""
        if tuple(d["features"]) != FEATURES:
            raise ValueError(f"behaviour model features {d['features']} are not {list(FEATURES)}; "
                             "refit it (python benchmarks/behaviour_fit.py)")
        return cls(tuple(d["features"]), tuple(d["mean"]), tuple(d["scale"]), tuple(d["coef"]),
                   float(d["intercept"]), float(d.get("l2", 1.0)), d.get("trained_on"),
                   d.get("refit", ""))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path | None = None, game: str = "") -> BehaviourModel:
        """The model of ``path``, by default the package's fitted on real events of ``game`` (a
        pack's :attr:`~drawsafe.tiebreaks.packs.RulePack.draws_fitted`; "": Magic's)."""
        if path is None:
            return _packaged(game)
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


@functools.cache
def _packaged(game: str) -> BehaviourModel:
    text = resources.files("drawsafe").joinpath("data", behaviour_file(game)).read_text(encoding="utf-8")
    return BehaviourModel.from_json(json.loads(text))


def intentional_draw_mask(snap, id_is_tie: bool = False) -> np.ndarray:
    """[players, rounds]: True where the player's match of that round of ``snap`` was an intentional
    draw (0-0-3; with ``id_is_tie`` any drawn played match, as Pokémon's files record one)."""
    played = snap.kind == kinds.PLAYED
    if id_is_tie:
        return played & (snap.gw == snap.gl)
    return played & (snap.gw == 0) & (snap.gl == 0) & (snap.gd == 3)


def intentional_draws(snap, id_is_tie: bool = False) -> int:
    """Intentional draws (0-0-3; with ``id_is_tie`` drawn matches) in the rounds of ``snap``."""
    return int(intentional_draw_mask(snap, id_is_tie).sum()) // 2
