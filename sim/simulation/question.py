"""One question to the simulations: what is asked of an event's snapshot, built once.

The application layer (:func:`drawsafe.app.commands.question_of`) builds a :class:`Question` from a
request, checking it against the event once (its cut within the field, its player known, the
event's rounds simulable); every simulation entry point (:func:`~drawsafe.simulation.forecast.
forecast_odds`, :func:`~drawsafe.simulation.decisions.draw_decisions`, the live answers of
:mod:`drawsafe.simulation.live`, :func:`~drawsafe.report.data.gather`, :func:`~drawsafe.simulation.
calibration.forecast_event`) takes ``(snapshot, rules, question, progress)`` and its result
carries the question's :class:`~drawsafe.event.cut.Cut`.  :attr:`Question.config` is the
:class:`~drawsafe.simulation.simulator.SimConfig` the simulator runs (a view of the question).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drawsafe.choices import DEFAULT_OTHERS, OTHERS
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.simulation.simulator import SimConfig

#: The cap on simulations when adapting to the precision (``--max-sims``'s default).
MAX_SIMS = 2_000_000


@dataclass(frozen=True)
class Budget:
    """How much simulating an answer may cost: exactly ``sims`` simulations, else until every 95%
    interval has at most ``precision`` half-width (``None``: a pilot's worth), at most ``max_sims``;
    ``seed`` fixes the answer (the same on any number of threads)."""

    sims: int | None = None
    precision: float | None = 0.005
    max_sims: int = MAX_SIMS
    seed: int = 0


@dataclass(frozen=True)
class Question:
    """What a player, a judge or an analyst asks of a snapshot: the :class:`Cut` (with its note,
    how it was chosen), how the remaining rounds are played (the result model, the pairing of
    simulated rounds and of the last one, the intentional draws of simulated futures), how the
    other tables of the round about to be played are expected to choose (``others``), the odds from
    which a draw counts as safe, whose table (``player``, None: every table), the simulation
    :class:`Budget`, and up to how many open tables the last round is answered exactly
    (``exact_tables``).  ``behaviour``: the behaviour model of ``others="behaviour"`` (None: the
    package's fitted one)."""

    cut: Cut = field(default_factory=lambda: Cut(8))
    results: ResultModel = field(default_factory=ResultModel)
    last_round: str = "standings"
    pairing: str | None = None
    future_draws: str = "safe"
    others: str = DEFAULT_OTHERS
    safe: float = 0.99
    player: str | None = None
    budget: Budget = field(default_factory=Budget)
    exact_tables: int = 12
    behaviour: object = None

    def __post_init__(self):
        if self.others not in OTHERS:
            raise UsageError(f"--others must be one of {', '.join(OTHERS)}")
        if not 0 < self.safe <= 1:
            raise UsageError("--safe must be in (0, 1]")
        self.config  # the simulator's own checks (the last round, the future draws, the cut)

    @property
    def config(self) -> SimConfig:
        """The simulator's settings of this question (:class:`~drawsafe.simulation.simulator.
        SimConfig`: its cut as ``top`` and ``cut_points``)."""
        return SimConfig(top=self.cut.top or 8, last_round=self.last_round, results=self.results,
                         future_draws=self.future_draws, safe=self.safe, pairing=self.pairing,
                         cut_points=self.cut.points)

    @property
    def seed(self) -> int:
        return self.budget.seed
