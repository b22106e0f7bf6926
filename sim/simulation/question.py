"""One question to the simulations: what is asked of an event's snapshot, built once.

The application layer (:func:`drawsafe.app.commands.question_of`, and for a planned event
:func:`drawsafe.app.commands.field`) builds a :class:`Question` from a request, checking it against
the event once (its cut within the field, its player known, the event's rounds simulable).  The
question then goes unchanged to every simulation entry point (:func:`~drawsafe.simulation.forecast.
forecast_odds`, :func:`~drawsafe.simulation.decisions.draw_decisions`, the live answers of
:mod:`drawsafe.simulation.live`, :func:`~drawsafe.report.data.gather`, :func:`~drawsafe.simulation.
calibration.forecast_event`, :func:`~drawsafe.planning.field.field_odds`) and to the
:class:`~drawsafe.simulation.simulator.Simulator`, which builds the kernels' plan from
:attr:`Question.cut` and :attr:`Question.budget`.  Every result carries the question it answered,
and every view words the cut from it (:meth:`~drawsafe.event.cut.Cut.label`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drawsafe.choices import DEFAULT_OTHERS, FUTURE_DRAWS, LAST_ROUND, MAX_SIMS, OTHERS, PAIRINGS
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut


@dataclass(frozen=True)
class Budget:
    """How much simulating an answer may cost: exactly ``sims`` simulations, else until every 95%
    interval has at most ``precision`` half-width (``None``: a pilot's worth), at most ``max_sims``;
    ``seed`` fixes the answer (the same on any number of threads)."""

    sims: int | None = None
    precision: float | None = 0.005
    max_sims: int = MAX_SIMS
    seed: int = 0

    @classmethod
    def of(cls, options) -> Budget:
        """The budget ``options`` ask for: anything with ``sims``, ``precision``, ``max_sims`` and
        ``seed`` (a command's request)."""
        return cls(options.sims, options.precision, options.max_sims, options.seed)

    @property
    def adaptive_precision(self) -> float | None:
        """The precision the answer was simulated to: ``precision`` when it adapts, None for a fixed
        number of simulations (what a result reports as its precision)."""
        return None if self.sims else self.precision

    def check(self) -> None:
        """The budget can run: a positive ``sims``, else a ``precision`` in (0, 0.5).

        :raises UsageError: naming the option."""
        if self.sims is not None:
            if self.sims < 1:
                raise UsageError("--sims must be at least 1")
        elif self.precision is None or not 0 < self.precision < 0.5:
            raise UsageError("--precision must be between 0 and 0.5")


@dataclass(frozen=True)
class Question:
    """What a player, a judge or an analyst asks of a snapshot: the :class:`Cut` (with its note,
    how it was chosen), how the remaining rounds are played (the result model, the pairing of
    simulated rounds and of the last one, the intentional draws of simulated futures, ``safe``: the
    odds from which a draw counts as safe, also the share of a pilot run's players on a total from
    which the "safe" future draws happen), how the other tables of the round about to be played are
    expected to choose (``others``), whose table (``player``, None: every table), the simulation
    :class:`Budget`, and up to how many open tables the last round is answered exactly
    (``exact_tables``).  ``behaviour``: the behaviour model of ``others="behaviour"`` and of the
    "behaviour" future draws (None: the package's fitted one).  ``fixed``: results of the round
    about to be played that the user fixes (``--if``; :class:`drawsafe.simulation.fixed.Fixed`,
    checked against the round by :func:`drawsafe.simulation.fixed.resolve`): every figure is then
    of the worlds in which those tables ended so.

    A cut by points keeps its ``top`` for what the kernels count by rank: every question has a
    :attr:`top`."""

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
    fixed: tuple = ()

    def __post_init__(self):
        if self.others not in OTHERS:
            raise UsageError(f"--others must be one of {', '.join(OTHERS)}")
        if not 0 < self.safe <= 1:
            raise UsageError("--safe must be in (0, 1]")
        if self.last_round not in LAST_ROUND:
            raise UsageError(f"--last-round must be one of {', '.join(LAST_ROUND)}")
        if self.future_draws not in FUTURE_DRAWS:
            raise UsageError(f"future draw policy must be one of {', '.join(FUTURE_DRAWS)}")
        if self.pairing is not None and self.pairing not in PAIRINGS:
            raise UsageError(f"--pairing must be one of {', '.join(PAIRINGS)}")
        if self.cut.top is None or self.cut.top < 1:
            raise UsageError("--top must be at least 1")
        if self.cut.points is not None and not 0 <= self.cut.points <= 10_000:
            raise UsageError(f"--cut-points must be from 0 to 10000, not {self.cut.points}")

    @property
    def top(self) -> int:
        """The cut's size by rank (with a points cut, what the kernels count by rank)."""
        return self.cut.top

    @property
    def seed(self) -> int:
        return self.budget.seed


class Answered:
    """What every result that answers a :class:`Question` reads from it (a mixin of the results
    with a ``question`` field: odds, draw or play, a report's data, a planned field, a forecast)."""

    question: Question

    cut = property(lambda self: self.question.cut,
                   doc="The cut the figures are of: a Top N, or a points cut, with its note.")
    top = property(lambda self: self.question.top,
                   doc="The cut's size by rank (with a points cut, what is counted by rank).")
    seed = property(lambda self: self.question.seed)
    others = property(lambda self: self.question.others,
                      doc="How the other tables of the round about to be played were modelled.")
    safe = property(lambda self: self.question.safe)
    precision = property(lambda self: self.question.budget.adaptive_precision,
                         doc="The precision simulated to (None: a fixed number of simulations).")
