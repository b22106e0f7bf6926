"""Every player's odds under the same model of the round as ``drawsafe draw``: one number per player.

:func:`forecast_odds` is :func:`~drawsafe.simulation.odds.compute_odds` with the tables of the
round about to be played choosing to draw as ``others`` expects them to
(:func:`drawsafe.simulation.decisions.other_tables`): with ``behaviour`` every table draws, in
each simulation, with the probability the model gives it, so a player's P(cut) is the mix that
``draw`` implies, q P(cut | draw) + (1 - q) P(cut | play) with q their table's draw probability.

The tables are those published; with none, the last Swiss round's standings projection (paired
1 v 2, 3 v 4: fixed but for exact ties) stands in, labelled "projected".  Any other unpublished
round is paired anew in every simulation (nothing is invented): then only the last round of each
simulated future models the draws (:attr:`OddsResult.pairings` says "not out yet").
"""

from __future__ import annotations

from drawsafe.engine import kernel as engine
from drawsafe.event.snapshot import Snapshot
from drawsafe.progress import Progress
from drawsafe.simulation.decisions import behaviour_future, round_model, tables_known
from drawsafe.simulation.odds import OddsResult, odds_of
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import RulePack


def forecast_odds(snap: Snapshot, rules: RulePack, question: Question,
                  progress: Progress | None = None) -> OddsResult:
    """Every player's P(cut), the round about to be played modelled as ``draw`` models it
    (see the module docstring; ``question.others``: none, locked, rational, behaviour); the
    result carries the question."""
    others = question.others
    # every table playing: the kept round model only where the last round's worlds are kept (draw's)
    # or results are fixed (--if: in the round model's tables, projected ones too)
    if others == "none" and not question.fixed and (snap.next_round is None or snap.rounds_left != 1
                                                    or snap.phase_end):
        return odds_of(Simulator(snap, rules, question), question, progress=progress,
                       pairings=pairings_state(snap, rules, question))
    if not tables_known(snap, rules, question):
        # paired in each simulation: only the last round of each simulated future draws by the model
        sim = Simulator(snap, rules, question)
        if others == "behaviour":
            sim = behaviour_future(sim, question.behaviour)
        return odds_of(sim, question, progress=progress, pairings="not out yet")
    model = round_model(snap, rules, question)  # the same as draw's, kept: the same worlds
    fr, how, choice = model.fr, model.how, model.choice
    probabilities = () if choice.p_draw is None else tuple(
        (t + 1, float(choice.p_draw[t])) for t in range(fr.tables)
        if fr.b[t] >= 0 and choice.fr.mode[t] == engine.BEHAVIOUR)
    return odds_of(choice.sim, question, progress=progress, first_round=choice.first_round(),
                   pairings="published" if how == "published" else "projected",
                   drawing_tables=tuple(sorted(t + 1 for t in choice.drawing)),
                   draw_probabilities=probabilities)


def pairings_state(snap: Snapshot, rules: RulePack, question: Question) -> str:
    """What the simulations know of the round about to be played: its tables "published",
    "projected" (the last round by standings) or "not out yet" (paired in each simulation)."""
    if snap.next_round is not None:
        return "published"
    return "projected" if tables_known(snap, rules, question) else "not out yet"
