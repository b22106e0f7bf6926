"""One function per command: run its request, return the typed result and its notes.

The simulation layer, the report and the planner are imported by the commands that use them (a
``standings`` run loads only what it needs: start-up time, see the README's "Layout").

The command line and the server both call these and only render what they return: the same
options give the same result, notes and warnings, word for word.  ``say``, when given, receives
each note as it is made (the command line prints it on stderr at once); every note is also in the
returned :class:`Outcome`.  :func:`run` finds a request's command by the request's type
(:mod:`drawsafe.app.registry`, where each command is declared), never by a name.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawsafe.app import registry
from drawsafe.app.opened import OpenedEvent, check_cut, read
from drawsafe.app.registry import Outcome
from drawsafe.app.requests import (
    CalibrateRequest,
    DrawRequest,
    ExportRequest,
    FetchRequest,
    FieldRequest,
    OddsRequest,
    PairingsRequest,
    ReportRequest,
    StandingsRequest,
    StudyRequest,
)
from drawsafe.errors import UsageError
from drawsafe.event.names import find_player
from drawsafe.event.snapshot import parse_day2
from drawsafe.progress import Progress
from drawsafe.tiebreaks.cuts import announced, auto_top
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules
from drawsafe.writing import never_an_input

if TYPE_CHECKING:
    from drawsafe.simulation.question import Question

Say = Callable[[str], None]


class Notes:
    def __init__(self, say: Say | None):
        self.say, self.items = say, []

    def add(self, text: str) -> None:
        self.items.append(text)
        if self.say is not None:
            self.say(text)

    def outcome(self, result) -> Outcome:
        return Outcome(result, tuple(self.items))


def standings(ctx: OpenedEvent, request: StandingsRequest, say: Say | None = None) -> Outcome:
    """Exact standings, or with ``request.check`` the comparison with the file's published ones."""
    if request.check:
        return Outcome(ctx.check())
    if ctx.without_swiss:  # nothing to recompute: the standings as the file publishes them
        notes = Notes(say)
        shown = ctx.published_standings()
        tail = "--check checks them against each other" if ctx.records_published else ctx.where_games_are()
        notes.add(f"note: the file's published standings, as published (no Swiss round in the file to recompute "
                  f"them from; {tail})")
        return Outcome(shown, tuple(notes.items))
    return Outcome(ctx.standings(request.seed))


def pairings(ctx: OpenedEvent, request: PairingsRequest, say: Say | None = None) -> Outcome:
    """The next round's pairings, as published or projected."""
    return Outcome(ctx.pairings(request.last_round, request.seed, request.pairing))


def question_of(ctx: OpenedEvent, request: OddsRequest, notes: Notes | None = None
                ) -> tuple[OpenedEvent, Question]:
    """The one :class:`~drawsafe.simulation.question.Question` of a simulating request, and the
    context it is asked of (simulated through day 2 when the request asks, ``--day2``).  Every check
    of the question against the event is made here, once, before any simulation: the day 2 it asks
    for, the event's rounds simulable, its cut (a Top N below the field), its player (found as the
    phone page finds one, :func:`with_player`).  ``notes`` (None: checking only) receive how the
    cut was chosen and where the result model's draw share comes from.

    :raises UsageError: for a question the event cannot answer, with one line."""
    from drawsafe.simulation.question import (  # lazy: standings needs no simulation
        Budget,
        Question,
        ResultModel,
    )

    request = with_player(ctx, request, notes)
    ctx = ctx.through_day2(request.day2, request.day2_top)
    if ctx.day2_note and notes is not None:
        notes.add(f"day 2: {ctx.day2_note}")
    ctx.refuse_without_swiss("its rounds cannot be simulated")  # before the cut: what the file lacks first
    cut = ctx.cut(request.top, request.cut_points)
    check_cut(ctx.snapshot, cut)
    results = ResultModel.for_event(ctx.event, ctx.rules, request.model, request.draw_share)
    if notes is not None:
        if cut.note:
            notes.add(f"cut: {cut.note}")
        said = announced(ctx.event)
        if said and request.cut_points is None and cut.points is None and cut.top != said[0]:
            notes.add(f"cut: the file announces a Top {said[0]}; answering for the {cut.label()} (without "
                      "--top, the file's)")
        if results.note:
            notes.add(f"results: {results.note}")
    question = Question(cut, results, request.last_round or ctx.rules.last_round, request.pairing,
                        request.future_draws, request.others, safe=request.safe,
                        player=getattr(request, "player", None), budget=Budget.of(request),
                        exact_tables=request.exact_tables)
    if request.fixed:
        question = with_fixed(ctx, question, request.fixed, notes)
    return ctx, question


def with_fixed(ctx: OpenedEvent, question: Question, texts: tuple[str, ...], notes: Notes | None):
    """``question`` with the results ``--if`` fixes, checked against the round's tables
    (:func:`drawsafe.simulation.fixed.resolve`); ``notes`` say what the answer leaves out then.

    :raises UsageError: for a result the round cannot take, with one line."""
    from drawsafe.simulation.decisions import round_tables  # lazy: the simulation layer
    from drawsafe.simulation.fixed import resolve

    if ctx.snapshot.phase_end:
        raise UsageError("--if: not with --day2 (the results are fixed in the round about to be played of the "
                         "event asked)")
    fixed = resolve(ctx.snapshot, ctx.rules, question, texts, round_tables(ctx.snapshot, ctx.rules, question))
    if notes is not None:
        notes.add("if: every figure is of the worlds where the fixed results happened; what is proven over "
                  "every result of the round (clinched, eliminated, needs) is left out")
    return dataclasses.replace(question, fixed=fixed)


def with_player(ctx: OpenedEvent, request, notes: Notes | None = None):
    """``request`` with its ``player`` found as the phone page finds one
    (:func:`drawsafe.event.names.find_player`: case, accents and part of the name), noting the name
    found when it is not the one typed.

    :raises UsageError: no single player matches (with "did you mean" suggestions)."""
    typed = getattr(request, "player", None)
    if typed is None:
        return request
    lookup = find_player(ctx.snapshot.names, typed)
    if lookup.name is None:
        raise UsageError(f"--player: {lookup.message()}")
    if lookup.name != typed and notes is not None:
        notes.add(f"player: {typed!r} is {lookup.name!r}")
    return dataclasses.replace(request, player=lookup.name)


def check_question(ctx: OpenedEvent, request) -> None:
    """What a simulating question asks, checked against the event before any simulation (the server
    does it in its light lane, ahead of the queue): :func:`question_of`'s checks, and for a game
    where a draw cannot help, the player only.

    :raises UsageError: as the command itself would, with the same line."""
    if not hasattr(request, "top"):
        return
    if isinstance(request, DrawRequest) and not ctx.rules.draw_helps:
        with_player(ctx, request)
        return
    question_of(ctx, request)


def compile_ahead(ctx: OpenedEvent, question: Question, flips: bool) -> None:
    """Start the compile helper on an idle core (:mod:`drawsafe.app.ahead`) when the snapshot has a
    round to simulate."""
    from drawsafe.app import ahead  # lazy, as the simulations below: standings needs neither

    if ctx.snapshot.rounds_left >= 1:
        ahead.compile_ahead(ctx.rules, question, flips=flips)


def prepare(ctx: OpenedEvent, request: OddsRequest, notes: Notes):
    """What ``odds`` and ``draw`` start from: the context (through day 2 when asked), the question,
    and during a last round in progress the exact answer (None: simulate)."""
    ctx, question = question_of(ctx, request, notes)
    return ctx, question, exact_answer(ctx, question, isinstance(request, DrawRequest), notes)


def odds(ctx: OpenedEvent, request: OddsRequest, progress: Progress | None = None,
         say: Say | None = None) -> Outcome:
    """Every player's P(cut) with its 95% interval (:class:`~drawsafe.simulation.odds.OddsResult`)."""
    from drawsafe.simulation.forecast import forecast_odds  # lazy: the simulation layer

    notes = Notes(say)
    ctx, question, live = prepare(ctx, request, notes)
    if live is not None:
        return notes.outcome(certified(ctx, question, live))
    compile_ahead(ctx, question, flips=False)
    result = forecast_odds(ctx.snapshot, ctx.rules, question, progress)
    if result.pairings == "not out yet" and question.others != "none":
        notes.add(f"the pairings of round {ctx.snapshot.after_round + 1} are not in the file: that round is "
                  "paired anew in each simulation, and only later rounds model intentional draws")
    if not result.reached:
        notes.add(f"warning: stopped at the cap of {result.simulations:,} simulations before every interval "
                  f"reached +/-{question.budget.precision}")
    return notes.outcome(certified(ctx, question, result))


def draw(ctx: OpenedEvent, request: DrawRequest, progress: Progress | None = None,
         say: Say | None = None) -> Outcome:
    """Draw or play, table by table (:class:`~drawsafe.simulation.decisions.DrawReport`)."""
    from drawsafe.simulation.decisions import (  # lazy: the simulation layer
        Budget,
        Question,
        draw_decisions,
        no_verdict,
    )

    notes = Notes(say)
    if not ctx.rules.draw_helps:  # no verdict to compute: a draw scores as a loss
        request = with_player(ctx, request, notes)
        question = Question(ctx.cut(request.top, request.cut_points), others=request.others, safe=request.safe,
                            player=request.player, budget=Budget.of(request))
        if request.fixed:  # checked and shown, though no table gets a verdict
            question = with_fixed(ctx, question, request.fixed, None)
        return notes.outcome(no_verdict(ctx.snapshot, ctx.rules, question))
    ctx, question, live = prepare(ctx, request, notes)
    if live is not None:
        return notes.outcome(certified(ctx, question, live))
    compile_ahead(ctx, question, flips=ctx.snapshot.rounds_left == 1)
    report = draw_decisions(ctx.snapshot, ctx.rules, question, progress)
    if not report.precision_reached:
        notes.add(f"warning: stopped at the cap of {report.simulations:,} simulations per scenario before "
                  f"every interval reached +/-{question.budget.precision}")
    if not report.converged:
        notes.add(f"warning: the other tables' choices did not settle after {report.iterations} rounds of "
                  "best responses; the last choices are used")
    return notes.outcome(certified(ctx, question, report))


def certified(ctx: OpenedEvent, question: Question, answer):
    """``answer`` with every player's certainty and needs (:mod:`drawsafe.simulation.certified`) at
    the question's cut: the last step of ``odds`` and ``draw``, kept apart."""
    from drawsafe.simulation.certified import certify  # lazy: the simulation layer

    if question.fixed:  # the proofs are of every result of the round: not of the worlds asked
        return answer
    return certify(answer, ctx.snapshot, ctx.rules, question.cut, question.player,
                   last_round=question.last_round, pairing=question.pairing, seed=question.seed)


def exact_answer(ctx: OpenedEvent, question: Question, draw: bool, notes: Notes):
    """The exact answer of ``odds`` or (``draw``) ``draw`` during the last round
    (:mod:`drawsafe.simulation.live`) when its pairings are published and at most
    ``question.exact_tables`` open tables can still change the cut; None (and a note saying why,
    when it was tried) to simulate instead."""
    if question.exact_tables <= 0:
        return None
    from drawsafe.simulation.live import (  # lazy: the simulation layer
        NotExact,
        eligible,
        live_draw,
        live_odds,
    )

    if not eligible(ctx.snapshot):
        return None
    try:
        answer = live_draw if draw else live_odds
        result = answer(ctx.snapshot, ctx.rules, question)
    except NotExact as e:
        if any(m.reported for m in ctx.snapshot.next_round.matches):  # a round in progress: say why
            notes.add(f"not exact: {e}; simulating")
        return None
    return result  # the result's view and --json say how it was made (exact.text())


def report(ctx: OpenedEvent, request: ReportRequest, progress: Progress | None = None,
           say: Say | None = None, command: str | None = None) -> Outcome:
    """The plotted report (:class:`~drawsafe.report.Report`); ``command`` (the command line that
    makes it) is printed at its end."""
    from drawsafe.report import (  # lazy: matplotlib, for report only
        build_report,
        check_request,
        gather,
    )

    notes = Notes(say)
    if request.fixed:
        raise UsageError("--if: the report shows the round as it stands; ask draw or odds with --if")
    ctx, question = question_of(ctx, request, notes)
    check_request(ctx.snapshot, question.player)
    compile_ahead(ctx, question, flips=ctx.snapshot.rounds_left == 1)
    data = gather(ctx.snapshot, ctx.rules, question, progress, rules_source=ctx.rules_source)
    return notes.outcome(build_report(data, command))


def field(request: FieldRequest, progress: Progress | None = None, say: Say | None = None) -> Outcome:
    """Before the event: which records make the cut (:class:`~drawsafe.planning.field.FieldResult`):
    the planned event and its question, built once from the request (:func:`planned_field`); a
    long one says first how long it takes."""
    from drawsafe.planning.field import field_odds, time_note  # lazy: the planner, for field only

    notes = Notes(say)
    planned, question = planned_field(request, notes)
    said = time_note(planned, question)
    if said:
        notes.add(f"note: {said}")
    return notes.outcome(field_odds(planned, question, progress))


def planned_field(request: FieldRequest, notes: Notes | None = None):
    """The :class:`~drawsafe.planning.field.PlannedEvent` of a ``field`` request and its
    :class:`~drawsafe.simulation.question.Question`, checked (no simulation: the server estimates
    its cost from them first); what the request left to the pack is said in ``notes``.

    :raises UsageError: for options the planner cannot take."""
    from drawsafe.planning.drops import DropModel  # lazy: the planner, for field only
    from drawsafe.planning.field import Budget, PlannedEvent, field_question, no_table, points_note

    notes = notes or Notes(None)
    top, rounds, ids = request.top, request.rounds, request.ids
    day2_points, day2_rounds = parse_day2(request.day2)
    rules = get_rules(request.rules)
    if rules.schedule is None and (top == "auto" or rounds is None):
        raise UsageError(no_table(rules))
    if top == "auto":
        choice = auto_top(rules, request.players)
        notes.add(f"cut: {choice.note}")
        top = choice.top
        if rounds is None and not any(request.byes) and not day2_rounds:
            # the whole structure from the pack's table: its Swiss rounds too (the table has no day 2)
            rounds = rules.schedule.rounds(request.players)
            notes.add(f"rounds: {rounds} ({rules.schedule.source})")
    elif rounds is None and rules.schedule is not None and rules.name != DEFAULT_PACK:
        notes.add(f"rounds: {rules.schedule.rounds(request.players)} ({rules.schedule.source})")
    if not rules.draw_helps and ids != "none":
        notes.add(f"IDs: none ({rules.game} scores an intentional draw no better than a loss)")
        ids = "none"
    drops = DropModel.parse(request.drops, rules.game)
    planned = PlannedEvent(request.players, rounds, request.byes, drops, request.rules, day2_points=day2_points,
                           day2_rounds=day2_rounds, day2_top=request.day2_top)
    question = field_question(planned, top=top, cut_points=request.cut_points, ids=ids,
                              draw_share=request.draw_share, last_round=request.last_round, safe=request.safe,
                              budget=Budget.of(request))
    if drops.active and drops.game != rules.game:
        notes.add(f"drops: {drops.label(rules.game)} model")
    if points_note(rules):
        notes.add(f"note: {points_note(rules)}")
    return planned, question


def fetch(url: str, request: FetchRequest, say: Say | None = None) -> Outcome:
    """The event at ``url`` (:class:`~drawsafe.fetch.base.Fetched`: the file's bytes and what the
    fetch found), checked by reading it as drawsafe will."""
    from drawsafe.fetch import FetchOptions, fetch_checked  # lazy: httpx

    notes = Notes(say)
    fetched = fetch_checked(url, FetchOptions(key=request.key, refresh=request.refresh, timeout=request.timeout))
    for text in fetched.notes:
        notes.add(f"note: {text}")
    return notes.outcome(fetched)


@dataclass(frozen=True)
class Exported:
    """What ``drawsafe export`` wrote: the files, the format, and the event's size."""

    written: tuple[str, ...]
    to: str
    players: int
    swiss_rounds: int
    playoff_rounds: int

    def to_json(self) -> dict:
        return {"written": list(self.written), "to": self.to, "players": self.players,
                "swiss_rounds": self.swiss_rounds, "playoff_rounds": self.playoff_rounds}


def export(file: str, request: ExportRequest, say: Say | None = None, *, output: str) -> Outcome:
    """``file`` (any input format) written to ``output`` as a TOM ``.tdf`` file or Limitless data
    (:class:`Exported`), the final places being the standings after the Swiss rounds.  An event
    not finished is written without final places: TOM writes its standings when the event ends,
    so a file with them would read back as finished.

    :raises UsageError: when ``output`` is the input, in a folder that does not exist, or a folder
        for a ``.tdf``; nothing is written then."""
    from drawsafe.event.io.export import write_event

    notes = Notes(say)
    parts = [os.path.join(output, f"{part}.json") for part in ("details", "standings", "pairings")] \
        if os.path.isdir(output) else []  # a Limitless folder's documents
    never_an_input([output, *parts], [file])
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {output}: the folder {folder} does not exist")
    if request.to == "tdf" and os.path.isdir(output):
        raise UsageError(f"-o {output}: is a folder; give a file name such as event.tdf")
    ctx = OpenedEvent.from_event(read(file, format=request.format, division=request.division),
                                 request.rules)
    event, snap = ctx.event, ctx.snapshot
    if request.to == "tdf" and snap.rounds_left > 0:
        places = None
        notes.add(f"note: after round {snap.after_round} of {snap.total_rounds} the event is not finished: no "
                  f"final places written, and a .tdf does not hold the number of Swiss rounds: read it with "
                  f"--rounds {snap.total_rounds}")
    else:
        places = {row.player: i + 1 for i, row in enumerate(ctx.standings().rows)}
    written = write_event(event, request.to, output, request.division, places)
    result = Exported(tuple(written), request.to, len(event.players), len(event.swiss), len(event.playoff))
    notes.add(f"wrote {', '.join(written)}: {result.players} players, {result.swiss_rounds} Swiss rounds, "
              f"{result.playoff_rounds} top cut rounds ({request.to})")
    return notes.outcome(result)


def command_of(request) -> Callable[..., Outcome]:
    """The function that runs ``request``: its command's (:func:`drawsafe.app.registry.command_of`,
    by the request's type).

    :raises UsageError: for a request no command runs."""
    return registry.resolve(registry.command_of(request).function)


def run(ctx: OpenedEvent | None, request, progress: Progress | None = None, say: Say | None = None,
        **extra) -> Outcome:
    """Run the command of ``request`` (:meth:`drawsafe.app.registry.Command.run`, found by the
    request's type) on ``ctx`` (ignored by a command that reads no event); ``extra``: the
    command's own keywords (``report``: ``command``, the command line shown)."""
    return registry.command_of(request).run(ctx, request, progress, say, **extra)


def study(request: StudyRequest, progress: Progress | None = None, say: Say | None = None) -> Outcome:
    """A grid of planning questions (or a folder's events, ``request.events``) as one tidy table
    (:class:`~drawsafe.planning.study.StudyResult`); a failed cell is a note and the result says
    so, the others are kept."""
    from drawsafe.planning.study import (  # lazy
        Budget,
        event_cells,
        field_grid,
        run_study,
        spec_grid,
    )

    notes = Notes(say)
    r = request
    if sum(x is not None for x in (r.players, r.spec, r.events)) != 1:
        raise UsageError("give exactly one of --players LIST, --spec FILE or --events FOLDER")
    if r.events:
        cells = event_cells(r.events, int(r.top))
    elif r.spec:
        cells = spec_grid(r.spec)
    else:
        cells = field_grid(r.players, r.rounds, r.top, r.ids, r.draw_share, r.drops, last_round=r.last_round,
                           day2=r.day2, day2_top=r.day2_top, rules=r.rules)
    if not cells:
        raise UsageError("the study has no cells")
    notes.add(f"{len(cells)} cells -> {r.out}" + (f" on {r.scheduler}" if r.scheduler else " (here, all cores)"))

    def cell_done(done: int, total: int, what: str) -> None:
        if what.startswith("FAILED"):
            notes.add(what)
        if progress is not None:
            progress(done, total)

    result = run_study(cells, r.out, Budget(r.sims, None if r.sims else r.precision, r.max_sims, r.seed),
                       scheduler=r.scheduler, progress=cell_done, parquet=not r.no_parquet)
    return notes.outcome(result)


def calibrate(folder: str, request: CalibrateRequest, progress: Progress | None = None,
              say: Say | None = None) -> Outcome:
    """Forecasts before the last round(s) of the events of ``folder`` against what happened, per
    game and other tables' model (:class:`~drawsafe.simulation.calibration.Calibration`); a line
    per event as it is forecast."""
    from drawsafe.simulation import calibration  # lazy: the simulation layer

    notes = Notes(say)
    models = ("behaviour", "rational") if request.others == "both" else (request.others,)
    question = calibration.Question(others=models[0], budget=calibration.Budget(
        request.sims, None, calibration.CALIBRATION_MAX_SIMS, request.seed))
    result = calibration.calibrate(folder, question, models=models, cut=request.top,
                                   rounds_left=request.rounds_left, folds=request.folds,
                                   observations=request.observations, limit=request.limit,
                                   min_rounds=request.min_rounds, report=notes.add)
    return notes.outcome(result)
