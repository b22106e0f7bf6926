"""One question to the library, as the command line asks it: the same calls, the same JSON.

:func:`answer` takes an :class:`~drawsafe.event.context.EventContext` and the options of
:mod:`drawsafe.server.options` and returns what ``drawsafe COMMAND --json`` prints (as a JSON-able
value) or, for ``report``, the HTML page ``drawsafe report`` writes.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from dataclasses import dataclass

from drawsafe.event.context import EventContext
from drawsafe.simulation.simulator import SimConfig

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Answer:
    """A command's output: ``data`` (the --json value) or ``html`` (the report)."""

    command: str
    data: object = None
    html: str | None = None
    #: What the command line prints on stderr as warnings (precision not reached, ...).
    notes: tuple[str, ...] = ()

    def json_text(self) -> str:
        """Exactly the text ``drawsafe COMMAND --json`` prints (without the final newline)."""
        return json.dumps(self.data, ensure_ascii=False, indent=1)


def sim_config(ctx: EventContext, o: dict) -> SimConfig:
    """As the command line's: :meth:`drawsafe.event.context.EventContext.sim_config`."""
    return ctx.sim_config(o["top"], o["last_round"], o["model"], o["draw_share"], o["future_draws"],
                          o.get("safe", 0.99), o["pairing"], o["cut_points"])


def answer(command: str, ctx: EventContext, o: dict, progress: Progress | None = None,
           label: str = "event") -> Answer:
    """Run ``command`` on ``ctx`` with the options ``o`` (every option of the command, see
    :func:`drawsafe.server.options.parse_options`).

    :raises DrawsafeError: as the command line's command would (shown as one line).
    """
    if command == "standings":
        if o["check"]:
            return Answer(command, ctx.check().to_json())
        return Answer(command, ctx.standings(o["seed"]).to_json())
    if command == "pairings":
        result = ctx.pairings(o["last_round"], o["seed"], o["pairing"])
        return Answer(command, result.to_json())
    config = sim_config(ctx, o)
    notes = (f"results: {config.results.note}",) if config.results.note else ()
    if command == "odds":
        from drawsafe.simulation.odds import compute_odds

        result = compute_odds(ctx.snapshot, ctx.rules, config, o["sims"], o["precision"], o["seed"],
                              o["max_sims"], progress)
        if not result.reached:
            notes += ((f"warning: stopped at the cap of {result.simulations:,} simulations before "
                       f"every interval reached +/-{o['precision']}"),)
        return Answer(command, result.to_json(), notes=notes)
    if command == "draw":
        from drawsafe.simulation.decisions import draw_decisions

        report = draw_decisions(ctx.snapshot, ctx.rules, config, o["others"], o["safe"], o["player"],
                                o["sims"], o["precision"], o["seed"], o["max_sims"], progress)
        if not report.precision_reached:
            notes += ((f"warning: stopped at the cap of {report.simulations:,} simulations per "
                       f"scenario before every interval reached +/-{o['precision']}"),)
        if not report.converged:
            notes += ((f"warning: the other tables' choices did not settle after {report.iterations} "
                       "rounds of best responses; the last choices are used"),)
        return Answer(command, report.to_json(), notes=notes)
    if command == "report":
        from drawsafe.report import build_report, gather
        from drawsafe.report.data import check_request

        check_request(ctx, o["player"])
        halves = _halves(progress)
        data = gather(ctx, config, o["player"], o["sims"], o["precision"], o["seed"], o["max_sims"],
                      o["others"], o["safe"], *halves)
        return Answer(command, html=build_report(data, command_line(label, o)).html, notes=notes)
    raise ValueError(f"unknown command {command!r}")


def _halves(progress: Progress | None) -> tuple[Progress | None, Progress | None]:
    """The report's two phases (draw or play, then its own batch) as the two halves of one bar."""
    if progress is None:
        return None, None

    def first(done: int, target: int) -> None:
        progress(done, 2 * max(target, 1))

    def second(done: int, target: int) -> None:
        progress(max(target, 1) + done, 2 * max(target, 1))

    return first, second


def command_line(label: str, o: dict) -> str:
    """The ``drawsafe report`` command that makes the same page from a local copy of the file."""
    from drawsafe.server.options import PER_COMMAND

    parts = ["drawsafe", "report", label]
    for option in PER_COMMAND["report"]:
        value = o.get(option.name)
        if value is not None and value != option.default:
            parts += ["--" + option.name.replace("_", "-"), str(value)]
    return shlex.join(parts)
