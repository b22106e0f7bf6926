"""Draw or play: each table's cut odds if it draws and if it plays, with other tables' draws modelled.

For the round about to be played (published pairings, else projected), every table where a player
has a real stake in the cut is evaluated in two scenarios that share their random numbers (common
random numbers, see :mod:`drawsafe.engine.kernel`): the table plays, or it draws intentionally (0-0-3).  The
play scenario also gives each player's odds if they win and if they lose (conditioning on the
table's result).  With two rounds left, "draw" means drawing now and drawing again in the last round
when both players of that table are then safe, as every table in the last round of a simulated
future does (``Question.future_draws``: by default "safe": guaranteed the cut on points, or on a
points total from which at least ``safe`` of the players made the cut in a pilot run).

Other tables (the question's ``others``, :class:`~drawsafe.simulation.question.Question`):

``none``      every other table plays;
``locked``    a table draws when both its players are guaranteed the cut on points alone after a
              draw, whatever else happens (exact);
``rational``  iterated best responses: starting from the locked tables, every evaluated table draws
              when drawing gives both players at least their odds of playing (or both reach
              ``safe``); repeated with the other tables' new choices until no choice changes
              (a fixed point).  Each round of choices uses the same random numbers, so the
              iteration is deterministic; if it has not settled after :data:`MAX_ITERATIONS` it stops
              and says so, keeping the last choices;
``behaviour`` as real players choose (:mod:`drawsafe.simulation.behaviour`): each table draws with
              the probability the model learned on real events gives it, from its players' odds
              with the locked tables drawing; in each simulated world every other table draws or
              plays by its own random number, so the figures mix over the other tables' choices.
              The last round of a simulated future uses the same model (future policy
              "behaviour") unless another future policy than the default is asked for.

A table whose players have practically nothing at stake either way (every P(cut) below
:data:`NOTHING`) is "nothing at stake", not "play": players there often draw, and the verdict
should not contradict the model that expects them to.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace

import numpy as np

from drawsafe.choices import VERDICTS
from drawsafe.engine import kernel as engine
from drawsafe.event.model import BYE, HALF_BYE, LOSS, SOLO_LABELS
from drawsafe.event.snapshot import Snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.progress import Progress
from drawsafe.sentences import no_draw_sentence
from drawsafe.simulation.fixed import fixed_round, fixed_tables
from drawsafe.simulation.odds import simulate_until
from drawsafe.simulation.question import Answered, Budget, Question
from drawsafe.simulation.scenarios import TableFigures, base_modes, make_evaluator
from drawsafe.simulation.simulator import (
    FirstRound,
    Simulator,
    published_first_round,
)
from drawsafe.simulation.stakes import (
    SETTLE_SIMS,
    STAKE,
    StakeOf,
    locked_tables,
    stake_function,
)
from drawsafe.simulation.whatif import (
    NO_WHAT_IF,
    SHOWN,
    CardCells,
    card_cells,
    kept_note,
    results_in,
    what_if,
    what_if_json,
)
from drawsafe.simulation.worlds import applies, question_key
from drawsafe.stats import PairedDifference, Proportion
from drawsafe.text import interval_json
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS

MAX_ITERATIONS = 8
#: ``--others behaviour``: a table with at least this draw probability counts as expected to draw.
EXPECT = 0.5

SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE = VERDICTS
#: Every P(cut) of both players, drawing or playing, below this: nothing at stake.
NOTHING = 0.01


def odds_json(player: str, points: float, **cases: Proportion) -> dict:
    """A player's odds in the JSON answers: ``p_cut_CASE`` and ``ci_CASE`` of each case (None
    where no simulation had it), in the order given."""
    d = {"player": player, "points": points}
    for name, prop in cases.items():
        d[f"p_cut_{name}"] = prop.estimate if prop.n else None
        d[f"ci_{name}"] = interval_json(prop.confidence_interval()) if prop.n else None
    return d


@dataclass(frozen=True)
class PlayerChances:
    """One player's cut odds at their table."""

    player: str
    points: float
    draw: Proportion
    play: Proportion
    win: Proportion
    loss: Proportion
    #: P(cut | draw) - P(cut | play), paired over the simulations both scenarios ran.
    difference: PairedDifference
    #: The other tables that move the player's odds if they play (:mod:`drawsafe.simulation.whatif`;
    #: None: not answered, the report's ``what_if_note`` says why).
    what_if: tuple | None = None
    #: The table's worlds by the joint result of the player's first what-if tables, for the phone
    #: card's "if" figures (:class:`drawsafe.simulation.whatif.CardCells`; not in the JSON).
    card: CardCells | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        d = odds_json(self.player, self.points, draw=self.draw, play=self.play, win=self.win, loss=self.loss)
        ci = self.difference.confidence_interval()
        d["draw_minus_play"] = self.difference.mean
        d["ci_draw_minus_play"] = [ci.low, ci.high]
        d.update(what_if_json(self.what_if))
        return d


@dataclass(frozen=True)
class TableDecision:
    table: int
    verdict: str
    players: tuple[PlayerChances, PlayerChances]
    #: What the other tables' model chose for this table (it draws / it plays).
    others_choice: str = "play"
    #: The behaviour model's probability that this table draws (``--others behaviour``).
    draw_probability: float | None = None

    def to_json(self) -> dict:
        d = {"table": self.table, "verdict": self.verdict, "players": [p.to_json() for p in self.players]}
        if self.draw_probability is not None:
            d["draw_probability"] = self.draw_probability
        return d


@dataclass(frozen=True)
class LeftOutTable:
    """A table of the round that ``draw`` does not evaluate, and why."""

    table: int
    player_a: str
    #: The opponent's name, or what the round is without one (``SOLO_LABELS``: "BYE", a forfeit,
    #: a half-point bye).
    player_b: str
    reason: str

    def to_json(self) -> dict:
        return {"table": self.table, "player_a": self.player_a, "player_b": self.player_b,
                "reason": self.reason}


@dataclass(frozen=True)
class PlayerNext:
    """A player's cut odds when the round's pairings are not out yet: now, and after each result
    of that round (opponents drawn as the event software pairs, anew in each simulation)."""

    player: str
    points: float
    now: Proportion
    win: Proportion
    draw: Proportion
    loss: Proportion

    def to_json(self) -> dict:
        return odds_json(self.player, self.points, now=self.now, win=self.win, draw=self.draw, loss=self.loss)


@dataclass(frozen=True)
class DrawReport(Answered):
    """``draw``'s answer: the verdict of every table with a stake, the tables left out and why.
    ``question`` is the question answered: its cut (with its note saying how it was chosen; in the
    JSON its label, "Top 8" or "19+ points"), the other tables' model (``others``) and ``safe``."""

    question: Question
    round: int
    rounds_left: int
    simulations: int
    pairings: str
    tables: tuple[TableDecision, ...] = ()
    left_out: tuple[LeftOutTable, ...] = ()
    drawing_tables: tuple[int, ...] = ()
    converged: bool = True
    iterations: int = 0
    precision_reached: bool = True
    #: ``--others behaviour``: (table, probability of an intentional draw) for every playing table.
    draw_probabilities: tuple[tuple[int, float], ...] = ()
    #: How the round's tables were found: "standings", "random" or "dutch" for a projection, None
    #: when published.
    projection: str | None = None
    #: When the round's pairings are not out yet (and it is not the last round paired by standings):
    #: no table is evaluated; every player with a stake, by their result of the round.
    next_round: tuple[PlayerNext, ...] = ()
    #: Why no table gets a verdict when an intentional draw cannot help in the pack's game (it
    #: scores no more than a loss: Flesh and Blood, One Piece, Star Wars: Unlimited's match wins).
    no_draw: str | None = None
    #: One-game packs (chess): the share of played games that end drawn in the result model (the
    #: event's own when measured), shown beside the behaviour model's agreed-draw probability,
    #: which alone would read as "players draw 2%" in an event where a quarter of the games are drawn.
    played_draw_share: float | None = None
    #: How the players' ``what_if`` was answered, or why it was not.
    what_if_note: str = NO_WHAT_IF
    #: The last round's results already reported where a player can still reach the cut, (table,
    #: words): the phone card shows them as official (:func:`drawsafe.simulation.whatif.results_in`).
    results_in: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict:
        return {"round": self.round, "rounds_left": self.rounds_left, "simulations": self.simulations,
                "what_if_note": self.what_if_note, "if": [f.to_json() for f in self.question.fixed],
                "cut": self.cut.label(), "no_draw": self.no_draw, "played_draw_share": self.played_draw_share,
                "pairings": self.pairings, "projection": self.projection,
                "next_round": [p.to_json() for p in self.next_round],
                "others": self.others, "safe": self.safe,
                "others_drawing": list(self.drawing_tables), "converged": self.converged,
                "iterations": self.iterations, "precision_reached": self.precision_reached,
                "tables": [t.to_json() for t in self.tables],
                "left_out": [t.to_json() for t in self.left_out],
                "others_draw_probability": {str(t): p for t, p in self.draw_probabilities}}


def tables_known(snap: Snapshot, rules: RulePack, question: Question) -> bool:
    """The round about to be played has tables the simulations may fix: published ones, or the last
    Swiss round paired by standings (deterministic up to exact ties, shown as "projected")."""
    if snap.next_round is not None:
        return True
    pairing = question.pairing or rules.pairing
    return snap.rounds_left == 1 and question.last_round == "standings" and pairing == "mtg"


def round_tables(snap: Snapshot, rules: RulePack, question: Question) -> FirstRound | None:
    """The tables of the round about to be played as ``question`` finds them (published, else the
    last round projected: :func:`tables_known`), None when they are not known yet."""
    if not tables_known(snap, rules, question):
        return None
    return current_round(snap, rules, question.last_round, question.seed, question.pairing)[0]


def played_share(rules: RulePack, question: Question) -> float | None:
    """One-game packs (chess): the share of played games that end drawn in the question's result
    model (:attr:`DrawReport.played_draw_share`); None for the others."""
    return question.results.draw_share if rules.results.one_game else None


def current_round(snap: Snapshot, rules: RulePack, last_round: str, seed: int,
                  pairing: str | None = None) -> tuple[FirstRound, str]:
    """The tables of the round about to be played: published, else projected."""
    published = published_first_round(snap)
    if published is not None:
        return published, "published"
    pairings = next_round_pairings(snap, rules, last_round, seed, pairing)
    a = np.array([snap.index[t.player_a] for t in pairings.tables], dtype=np.int64)
    b = np.array([snap.index[t.player_b] if t.player_b else -1 for t in pairings.tables], dtype=np.int64)
    mode = np.where(b >= 0, engine.FREE, engine.KNOWN).astype(np.int64)
    return FirstRound(a, b, mode, np.zeros((len(a), 3), dtype=np.int64)), f"projected ({pairings.method})"


def chances(sim: Simulator, fr: FirstRound, t: int, k: int, fig: TableFigures,
            point_scale: int = 1) -> PlayerChances:
    """Player ``k`` (0 = A, 1 = B) of table ``t`` from the table's simulated figures."""
    p = fr.a[t] if k == 0 else fr.b[t]
    cut_play = fig.cut_play[:, k]
    cut_draw = fig.cut_draw[:, k]
    outcome = fig.outcome_play
    won = outcome == (engine.A_WON if k == 0 else engine.B_WON)
    lost = outcome == (engine.B_WON if k == 0 else engine.A_WON)
    common = min(len(cut_play), len(cut_draw))  # the simulations both scenarios ran
    diff = PairedDifference.of(cut_draw[:common], cut_play[:common])
    points = display_points(sim.rec0[p, REC_POINTS], point_scale)
    return PlayerChances(sim.snap.names[p], points, Proportion(int(cut_draw.sum()), len(cut_draw)),
                         Proportion(int(cut_play.sum()), len(cut_play)),
                         Proportion(int(cut_play[won].sum()), int(won.sum())),
                         Proportion(int(cut_play[lost].sum()), int(lost.sum())), diff)


def draw_better(x: PlayerChances, safe: float) -> bool:
    """Drawing is better for ``x``: clearly higher odds (the paired 95% interval of the difference is
    above zero), or no loss at all for a player already safe."""
    if x.difference.mean > 0 and x.difference.confidence_interval().low > 0:
        return True
    return x.difference.mean >= 0 and x.draw.estimate >= safe


def verdict(a: PlayerChances, b: PlayerChances, safe: float) -> str:
    if a.draw.estimate >= safe and b.draw.estimate >= safe:
        return SAFE_TO_DRAW
    if max(x.estimate for p in (a, b) for x in (p.draw, p.play)) < NOTHING:
        return NOTHING_AT_STAKE
    better = [draw_better(x, safe) for x in (a, b)]
    if all(better):
        return DRAW_BOTH
    if any(better):
        return DRAW_ONE
    return PLAY


#: Confidence level at which a verdict counts as settled (its simulations stop early).
SETTLED_LEVEL = 0.99
#: A draw-minus-play difference surely (at :data:`SETTLED_LEVEL`) below this is not a material
#: gain: whether drawing costs that player or gains them under a point no longer decides anything
#: they would act on, and the verdict claims "draw is better" only where the figures' 95% interval
#: shows it.
MATERIAL = 0.01


def verdict_settled(a: PlayerChances, b: PlayerChances, safe: float, level: float = SETTLED_LEVEL) -> bool:
    """The table's :func:`verdict` cannot change within the figures' ``level`` intervals: every
    comparison it makes (each P(cut | draw) against ``safe``, the odds against :data:`NOTHING`,
    the sign of each player's draw-minus-play difference) falls on one side.  Simulations are spent
    on the tables whose verdict is still open, not on figures that no longer decide anything.  A
    difference surely below :data:`MATERIAL` counts as settled too (more simulations could at most
    show that drawing gains that player less than a point), and so does a table where one player
    surely loses by drawing: no draw both want, whatever the other's sign."""

    def side(prop, threshold: float) -> int:  # +1 surely >= threshold, -1 surely below, 0 open
        ci = prop.confidence_interval(level)
        return 1 if ci.low >= threshold else -1 if ci.high < threshold else 0

    sides = (side(a.draw, safe), side(b.draw, safe))
    if sides == (1, 1):
        return True  # safe to draw, whatever else
    if 0 in sides:
        return False
    little = [side(x, NOTHING) for p in (a, b) for x in (p.draw, p.play)]
    if 1 not in little and 0 in little:
        return False  # nothing at stake, or not
    if 1 not in little:
        return True  # nothing at stake
    for x in (a, b):
        # one player surely loses by drawing (draw_better is then false for them): no draw both
        # want, whatever the other's sign, which only tells DRAW_ONE from PLAY (the 95% interval)
        d = x.difference
        if d.sd > 0 and d.confidence_interval(level).high < 0:
            return True
    for x, s_draw in zip((a, b), sides, strict=True):
        d = x.difference
        if d.sd == 0:  # every paired difference equal so far (e.g. in the cut either way)
            continue
        ci = d.confidence_interval(level)
        if ci.low <= 0 <= ci.high and ci.high >= MATERIAL:
            return False  # drawing may be materially better, or not: open
    return True


def wants_draw(a: PlayerChances, b: PlayerChances, safe: float) -> bool:
    """The rational choice: draw when both are safe, or when drawing gives both at least their odds
    of playing and one of them strictly more (two players with no chance either way play: their
    draw would only hand their opponents' rivals OMW%)."""
    both_safe = a.draw.estimate >= safe and b.draw.estimate >= safe
    no_worse = a.draw.estimate >= a.play.estimate and b.draw.estimate >= b.play.estimate
    better = a.draw.estimate > a.play.estimate or b.draw.estimate > b.play.estimate
    return both_safe or (no_worse and better)


def skipped_table(fr, t: int, names, player: str | None, fixed: tuple = ()):
    """Why table ``t`` of the round is not evaluated: a :class:`LeftOutTable` to list (no
    opponent, result already reported, its result fixed by ``--if``: ``fixed``), ``False`` when
    ``player`` sits at neither seat, ``None`` to evaluate it."""
    a, b = int(fr.a[t]), int(fr.b[t])
    label_b = names[b] if b >= 0 else SOLO_LABELS[{-1: BYE, -2: LOSS, -3: HALF_BYE}[b]]
    if player is not None and player not in (names[a], label_b):
        return False
    if b < 0:
        return LeftOutTable(t + 1, names[a], label_b, "no opponent" if b == -1 else "no game to play")
    for f in fixed:
        if f.table == t + 1:
            return LeftOutTable(t + 1, names[a], names[b], f"fixed (hypothetical, not reported): {f.outcome()}")
    if fr.mode[t] == engine.KNOWN:
        return LeftOutTable(t + 1, names[a], names[b], "result already reported")
    return None


def draw_decisions(snap: Snapshot, rules: RulePack, question: Question,
                   progress: Progress | None = None) -> DrawReport:
    """Draw-or-play figures for every table of the next round with a stake in the cut (only
    ``question.player``'s table when it names one), the other tables as ``question.others``
    expects them to choose (with ``question.behaviour``, the
    :class:`~drawsafe.simulation.behaviour.BehaviourModel` of ``others="behaviour"``; default: the
    package's fitted one).  The question was checked against the event where it was built
    (:func:`drawsafe.app.commands.question_of`); the report carries its cut."""
    safe, player, budget = question.safe, question.player, question.budget
    seed = budget.seed
    if not rules.draw_helps:
        return no_verdict(snap, rules, question)
    if not tables_known(snap, rules, question):
        return not_out_yet(Simulator(snap, rules, question), question, progress)
    model = round_model(snap, rules, question)
    fr, how, stake_of, choice = model.fr, model.how, model.stake_of, model.choice
    names = snap.names
    tables, left_out = [], []
    for t in range(fr.tables):
        a, b = fr.a[t], fr.b[t]
        skip = skipped_table(fr, t, names, player, question.fixed)
        if skip is not None:
            if skip:
                left_out.append(skip)
            continue
        if not stake_of(t):
            left_out.append(LeftOutTable(t + 1, names[a], names[b],
                             f"no stake: even a win leaves the cut below {STAKE:.1%}"))
            continue
        tables.append(t)
    sim, fr, drawing, p_draw = choice.sim, choice.fr, set(choice.drawing), choice.p_draw
    converged, iterations = choice.converged, choice.iterations
    base = fr.mode if p_draw is not None else None
    evaluator = make_evaluator(sim, fr, seed, every=True)  # the round as expected: the run odds reads

    def settled(i: int, fig: TableFigures) -> bool:
        return verdict_settled(chances(sim, fr, tables[i], 0, fig), chances(sim, fr, tables[i], 1, fig), safe)

    figures, reached = evaluator.evaluate(tables, drawing, budget, progress, base=base, settled=settled)
    n = max((max(len(f.cut_play), len(f.cut_draw)) for f in figures), default=0)
    stakes, note, worlds = {}, NO_WHAT_IF, None
    if applies(sim) and n:  # the last round: the flips' kept worlds, each table's players
        worlds = evaluator.worlds(base_modes(fr, drawing, base), np.array(tables, dtype=np.int64))
        seated = [int(x) for t in tables for x in (fr.a[t], fr.b[t])]
        stakes = what_if(worlds.complete(seated), n, seated)  # no other table flipped for them
        note = kept_note("the players of each table answered")

    def card(i: int, p: int) -> CardCells | None:  # the table's own worlds, by the player's shown tables
        shown = stakes.get(p)
        return card_cells(worlds, len(figures[i].cut_play), tables[i], shown[:SHOWN]) if shown else None

    decisions = []
    for i, t in enumerate(tables):
        a = replace(chances(sim, fr, t, 0, figures[i], rules.point_scale), what_if=stakes.get(int(fr.a[t])),
                    card=card(i, int(fr.a[t])))
        b = replace(chances(sim, fr, t, 1, figures[i], rules.point_scale), what_if=stakes.get(int(fr.b[t])),
                    card=card(i, int(fr.b[t])))
        decisions.append(TableDecision(t + 1, verdict(a, b, safe), (a, b), "draw" if t in drawing else "play",
                                       None if p_draw is None else float(p_draw[t])))
    probabilities = () if p_draw is None else tuple(
        (t + 1, float(p_draw[t])) for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.BEHAVIOUR)
    pairings, _, projection = how.partition(" (")
    return DrawReport(question, snap.after_round + 1, snap.rounds_left, n, pairings, tuple(decisions),
                      tuple(left_out), tuple(sorted(t + 1 for t in drawing)), converged, iterations, reached,
                      probabilities, projection.rstrip(")") or None, played_draw_share=played_share(rules, question),
                      what_if_note=note, results_in=results_in(sim, fr) if worlds is not None else ())


@dataclass(frozen=True)
class RoundModel:
    """The round about to be played as a question models it, made once per question and kept
    (:func:`round_model`): its tables (``fr``, and ``how`` they were found), who has a stake
    (``stake_of``: a first look with everyone playing) and the other tables' expected choices
    (``choice``, whose simulator keeps the round's worlds: :mod:`drawsafe.simulation.worlds`)."""

    fr: FirstRound
    how: str
    stake_of: StakeOf
    choice: OtherTables


#: Round models kept in this process (the latest questions), and their lock; at most
#: :data:`MAX_MODELS`, and the older ones dropped while their kept worlds weigh more than
#: :data:`MAX_KEPT_BYTES` (the server's workers keep their memory bound: benchmarks/memory.py).
KEPT_MODELS: OrderedDict = OrderedDict()
MAX_MODELS = 4
MAX_KEPT_BYTES = 128 << 20
_MODELS_LOCK = threading.Lock()


def round_model(snap: Snapshot, rules: RulePack, question: Question) -> RoundModel:
    """The :class:`RoundModel` of ``question`` (its tables known: :func:`tables_known`), made once
    and kept for the next view of the same snapshot and question in this process (``draw``, then
    ``odds``, the report: the same worlds; at most :data:`MAX_MODELS` kept, the oldest dropped).
    What the player asks and the precision do not change it; the seed does."""
    key = question_key(snap, rules, question)
    with _MODELS_LOCK:
        model = KEPT_MODELS.get(key)
        if model is not None:
            KEPT_MODELS.move_to_end(key)
            return model
    if question.fixed:
        model = with_fixed(round_model(snap, rules, replace(question, fixed=())), question)
    else:
        sim = Simulator(snap, rules, question)
        fr, how = current_round(snap, rules, question.last_round, question.seed, question.pairing)
        stake_of = stake_function(sim, fr, question.seed)
        model = RoundModel(fr, how, stake_of, other_tables(sim, fr, question, stake_of))
    with _MODELS_LOCK:
        model = KEPT_MODELS.setdefault(key, model)
        while len(KEPT_MODELS) > MAX_MODELS or (
                len(KEPT_MODELS) > 1 and sum(kept_bytes(m) for m in KEPT_MODELS.values()) > MAX_KEPT_BYTES):
            KEPT_MODELS.popitem(last=False)
    return model


def with_fixed(model: RoundModel, question: Question) -> RoundModel:
    """``model`` (the round modelled without ``--if``) with ``question.fixed``'s results written into
    its tables (:func:`drawsafe.simulation.fixed.fixed_round`).  The other tables choose before any
    result is known: their choices stay the model's (a fixed table's own choice gives way to its
    result); who has a stake is looked at again with the results fixed (a fixed result can give a
    player a stake, or take it away)."""
    choice, fixed = model.choice, question.fixed
    fr = fixed_round(model.fr, fixed)
    # the round is passed with its modes to every run: the simulator (and its kept worlds, keyed by
    # the modes) is the model's own
    stake_of = stake_function(choice.sim, fr, question.seed)
    drawing = frozenset(choice.drawing - fixed_tables(fixed))
    return RoundModel(fr, model.how, stake_of, replace(choice, fr=fixed_round(choice.fr, fixed), drawing=drawing))


def kept_bytes(model: RoundModel) -> int:
    """The bytes of the worlds ``model``'s simulator keeps (what grows as views ask more)."""
    return sum(w.nbytes for w in model.choice.sim.kept.values())


def no_verdict(snap: Snapshot, rules: RulePack, question: Question) -> DrawReport:
    """``draw``'s answer where a draw scores no more than a loss (``rules.draw_helps`` false): no
    table evaluated, the sentence saying why."""
    said = no_draw_sentence(rules.game, rules.name, display_points(rules.points[0], rules.point_scale))
    return DrawReport(question, snap.after_round + 1, snap.rounds_left, 0, "not evaluated", no_draw=said,
                      played_draw_share=played_share(rules, question))


def not_out_yet(sim: Simulator, question: Question, progress: Progress | None = None) -> DrawReport:
    """``draw`` when the round's pairings are not out yet (and it is not the last round paired by
    standings): no table is invented.  The round is paired anew in each simulation, and every
    player with a stake (``question.player`` alone when it names one) gets their odds now and after
    a win, a draw or a loss in it; with ``behaviour`` the last round of each simulated future draws
    by the model."""

    snap, player, budget = sim.snap, question.player, question.budget
    seed = budget.seed
    if question.others == "behaviour":
        sim = behaviour_future(sim, question.behaviour)
    live = sim.players
    batch, reached = simulate_until(lambda first, n: sim.run(n, seed=seed, first=first, by_first=True),
                                    lambda b: b.cut[live], budget, progress)
    rows = []
    for p in live:
        if player is not None and snap.names[p] != player:
            continue
        counts = batch.by_first[p]
        win = Proportion(int(counts[2, 1]), int(counts[2, 0]))
        if player is None and batch.cut[p] == 0 and (win.n == 0 or win.estimate < STAKE):
            continue
        rows.append(PlayerNext(snap.names[p], display_points(sim.rec0[p, REC_POINTS], sim.rules.point_scale),
                               Proportion(int(batch.cut[p]), batch.n), win,
                               Proportion(int(counts[1, 1]), int(counts[1, 0])),
                               Proportion(int(counts[0, 1]), int(counts[0, 0]))))
    rows.sort(key=lambda r: (-r.now.estimate, -r.points, r.player))
    return DrawReport(question, snap.after_round + 1, snap.rounds_left, batch.n, "not out yet",
                      precision_reached=reached, next_round=tuple(rows),
                      played_draw_share=played_share(sim.rules, question))


@dataclass(frozen=True)
class OtherTables:
    """The round about to be played as ``others`` expects its tables to play it: ``drawing`` the
    tables (0-based) expected to draw; with ``behaviour``, ``p_draw`` every table's draw probability
    and ``fr`` its tables as ``BEHAVIOUR`` tables; ``sim`` the simulator that applies it (with two
    rounds left, the behaviour model also in the last round of each simulated future)."""

    sim: Simulator
    fr: FirstRound
    drawing: frozenset
    p_draw: np.ndarray | None = None
    converged: bool = True
    iterations: int = 0

    def first_round(self) -> FirstRound:
        """The tables with these choices applied: expected draws draw (``locked``, ``rational``);
        ``behaviour`` tables draw by their own probability in each simulation."""
        if self.p_draw is not None:
            return self.fr
        modes = self.fr.mode.copy()
        for t in self.drawing:
            modes[t] = engine.INTENTIONAL
        return self.fr.with_modes(modes)


def other_tables(sim: Simulator, fr: FirstRound, question: Question, stake_of: StakeOf,
                 evaluated=()) -> OtherTables:
    """How the tables of ``fr`` are expected to play (see the module docstring for
    ``question.others``); ``evaluated``: tables ``draw`` reports on, candidates of the rational
    choice in any case.

    In day 1's last round of a snapshot simulated through day 2, ``locked`` and ``behaviour``
    tables choose as real players do there: for the day-2 cut (:func:`day1_view`); ``rational``
    best responses are for the cut asked."""
    others, safe, behaviour = question.others, question.safe, question.behaviour
    seed = question.budget.seed
    settle = Budget(SETTLE_SIMS, None, question.budget.max_sims, seed)
    day1 = day1_view(sim) if others in ("locked", "behaviour") else None
    if day1 is not None:
        inner = other_tables(day1, fr, question, stake_function(day1, fr, seed), evaluated)
        through = sim if inner.p_draw is None else behaviour_future(sim, behaviour)
        return OtherTables(through, inner.fr, inner.drawing, inner.p_draw, inner.converged, inner.iterations)
    drawing: set[int] = set()
    converged, iterations = True, 0
    if others in ("locked", "rational"):
        drawing = {int(t) for t in np.flatnonzero(locked_tables(sim, fr, sim.question.top))}
    if others == "rational":
        candidates = [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE
                      and (t in evaluated or stake_of(t))]
        evaluator = make_evaluator(sim, fr, seed)
        converged = False
        for iterations in range(1, MAX_ITERATIONS + 1):
            figures, _ = evaluator.evaluate(candidates, drawing, settle, None)
            choice = set(drawing) - set(candidates)
            for i, t in enumerate(candidates):
                a = chances(sim, fr, t, 0, figures[i], sim.rules.point_scale)
                b = chances(sim, fr, t, 1, figures[i], sim.rules.point_scale)
                if wants_draw(a, b, safe):
                    choice.add(t)
            if choice == drawing:
                converged = True
                break
            drawing = choice
    if others == "behaviour":
        p_draw, sim, fr = behaviour_round(sim, fr, seed, stake_of, behaviour)
        return OtherTables(sim, fr, frozenset(int(t) for t in np.flatnonzero(p_draw >= EXPECT)), p_draw)
    return OtherTables(sim, fr, frozenset(drawing), None, converged, iterations)


def day1_view(sim: Simulator) -> Simulator | None:
    """During day 1's last round of a snapshot simulated through day 2
    (:func:`drawsafe.event.snapshot.through_day2`): the simulator of day 1 alone, whose cut (the
    day-2 cut) the other tables play for; ``None`` otherwise."""
    snap = sim.snap
    if not snap.phase_end or snap.after_round + 1 != snap.phase_end or snap.phase_cut is None:
        return None
    cut = snap.phase_cut.cut.sized(sim.question.top)
    day1 = replace(snap, total_rounds=snap.phase_end, phase_end=0)
    return Simulator(day1, sim.rules, replace(sim.question, cut=cut))


def behaviour_round(sim: Simulator, fr: FirstRound, seed: int, stake_of: StakeOf, model=None
                    ) -> tuple[np.ndarray, Simulator, FirstRound]:
    """The behaviour model's draw probability of every table (its features simulated with ``sim``,
    as the model was fitted), and the simulator and first round that apply it: tables that play
    freely become ``BEHAVIOUR`` tables, and with two or more rounds left the last round of each
    simulated future draws by the model too (unless ``sim``'s question asks for another future
    policy than the default "safe")."""
    from drawsafe.simulation.behaviour import draw_probabilities
    from drawsafe.simulation.behaviour_model import model_for

    model = model or model_for(sim.rules, sim.question.top)
    p, _ = draw_probabilities(model, sim, fr, seed, SETTLE_SIMS, stake_of)
    return p, behaviour_future(sim, model), fr.with_draw_probabilities(p)


def behaviour_future(sim: Simulator, model=None) -> Simulator:
    """``sim`` with the behaviour ``model`` (default: the package's fitted one) also in the last
    round of each simulated future, when two or more rounds are left and its question asks for no
    other future policy than the default "safe"."""
    from drawsafe.simulation.behaviour_model import model_for

    if sim.snap.rounds_left >= 2 and sim.question.future_draws == "safe":
        return Simulator(sim.snap, sim.rules, replace(sim.question, future_draws="behaviour",
                                                      behaviour=model or model_for(sim.rules, sim.question.top)))
    return sim
