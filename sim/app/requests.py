"""One frozen dataclass per command: every option of the command, declared once.

The command line's options are generated from these classes (:mod:`drawsafe.cli.options`), the
server parses its query parameters into them (:func:`drawsafe.app.options.parse_query`) and
documents them in its OpenAPI, and the library's ``open_event(...).draw(...)`` takes the same
fields as keyword arguments.  Each request is a command's in :mod:`drawsafe.app.registry` (with the
function that runs it); :mod:`drawsafe.app.commands` runs most of them.

Requests of the commands that read an event (:class:`StandingsRequest` ... :class:`ReportRequest`)
start with the :class:`EventOptions` fields (how the file is read and the snapshot taken); the
rest are the command's own.  Options of the output only (``--json``, ``-o``, ``--plot``) belong to
the command line and are not request fields.

Only the choices module and the registry of formats (its names are read when used) are imported:
building the command line must not load numpy or numba.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from drawsafe.app.options import REQUIRED, Option, option
from drawsafe.choices import (
    DEFAULT_OTHERS,
    FIELD_IDS,
    FIELD_MAX_SIMS,
    FIELD_PRECISION,
    FIELD_SAFE,
    FUTURE_DRAWS,
    LAST_ROUND,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SIMS,
    OTHERS,
    PAIRINGS,
    RESULT_MODELS,
)
from drawsafe.event.io.formats import NAMES, WRITERS

# --- the options, each once -------------------------------------------------------------------

FORMAT = Option(str, "auto", "Input format; auto decides by content.", choices=NAMES, flag="--format")
RULES = Option(str, None, "Rule pack (see `drawsafe rules`). Default: what the file suggests, else mtg.",
               metavar="PACK")
TIEBREAKS = Option(str, None, "Replace the pack's tiebreaks by this ordered list, e.g. BH-C1,BH,SB,WIN "
                              "(keys: `drawsafe rules`); points always rank first.", metavar="KEY,KEY,...")
ROUNDS = Option(int, None, "Swiss rounds in the event (default: from the file, else MTR Appendix E).", low=1)
AFTER_ROUND = Option(int, None, "Use the results of Swiss rounds 1..R only (and the pairings of round R+1).",
                     low=0, metavar="R")
DIVISION = Option(str, None, "The age division of a TOM .tdf or pokedata file: junior, senior, masters, "
                             "combined (a pod pairing several divisions, read whole) or all-ages (default: "
                             "masters, or the file's only division).", metavar="DIVISION")
#: The seeds every random stream takes whole, 0 to 2^63-1: the kernels' streams take the seed as an
#: int64 (drawsafe.rng.stream: the standings' random tie order, projected pairings, likely
#: opponents), the simulators its uint64 bits, numpy's generators (calibration folds) a
#: non-negative integer, a study's cells a hash of it.  A larger or negative one reached numba as a
#: type it cannot take (a traceback); checked here, before anything runs.
SEED = Option(int, 0, "Random seed: the same seed gives the same output on any number of threads.",
              low=0, high=2**63 - 1)
CHECK = Option(bool, False, "Compare with the standings (or final places) published in the file and explain "
                            "every difference.")
TOP = Option("top", "auto", "Size of the cut (e.g. 8). Default (auto): the event's cut, the one the file or "
                            "its platform announces (cobra, TOM, Play Hub, pokedata, a played top cut), else "
                            "the rule pack's table by attendance (pokemon: the Play! Pokemon table; mtg: Top "
                            "8), else Top 8; the answer says which.", metavar="N|auto")
CUT_POINTS = Option(float, None, "A points cut instead (day 2): everyone finishing on at least P points "
                                 "advances, however many they are (e.g. --cut-points 19).",
                    low=0, high=10_000, metavar="P")
DAY2 = Option(str, None, "During day 1: answer for the final cut through day 2. Day 1 is played out, the "
                         "players on POINTS or more play ROUNDS more Swiss rounds (e.g. 19:5, a Pokemon "
                         "regional), then the final --top (or --cut-points). The rule pack says whether "
                         "tiebreaks restart (pokemon) or carry over (mtg). ROUNDS alone: the day-1 cut the "
                         "file shows, or --day2-top N; auto: the file's own day 1 and day 2 (a finished "
                         "event replayed with --after-round).", metavar="POINTS:ROUNDS|auto")
DAY2_TOP = Option(int, None, "A day-2 cut by rank instead of points: the best N of the day-1 standings play "
                             "day 2 (with --day2 ROUNDS).", low=2, high=MAX_PLAYERS, metavar="N")
SIMS = Option(int, None, "Run exactly this many simulations (default: adapt to --precision).", low=1,
              high=MAX_SIMS)
PRECISION = Option(float, 0.005, "Simulate until every reported 95% interval has at most this half-width.",
                   low=0, low_open=True, high=0.5)
MAX_SIMS_OPTION = Option(int, MAX_SIMS, "Cap on the number of simulations when adapting to --precision.", low=1000,
                         high=MAX_SIMS)
LAST_ROUND_OPTION = Option(str, None, "How the last Swiss round is paired: by standings (1 v 2, 3 v 4, ...) "
                                      "or at random within point groups. Default: the rule pack's "
                                      "(standings; pokemon: random, as TOM's documented pairing).",
                           choices=LAST_ROUND)
MODEL = Option(str, None, "Who wins a played match: coin (1/2 each), elo (ratings in the file), probability "
                          "(per-player win_probability in the file). Default: coin; elo for chess events "
                          "whose players are all rated.", choices=RESULT_MODELS)
DRAW_SHARE = Option(float, None, "Share of played matches ending in an unintentional draw (a tie) (default: "
                                 "2.84%, measured on real Magic events; pokemon: the event's own ties when "
                                 "it has 200 matches before its last two rounds, else 18%).",
                    low=0, high=1, high_open=True)
PAIRING = Option(str, None, "How simulated rounds are paired: mtg (point groups in random order, the last "
                            "round per --last-round), dutch (FIDE Dutch approximation, every round) or cobra "
                            "(Netrunner: the least squared points differences, every round). Default: the rule "
                            "pack's (dutch for chess packs, cobra for netrunner).", choices=PAIRINGS)
FUTURE = Option(str, "safe", "Intentional draws in the last round of a simulated future: none; locked (both "
                             "guaranteed the cut on points); safe (locked, or both reach a points total from "
                             "which 99% made the cut in a pilot run).", choices=FUTURE_DRAWS)
EXACT_TABLES = Option(int, 12, "During the last Swiss round (its pairings published, some results in): answer "
                               "exactly, every outcome of the open tables with no simulation, when at most this "
                               "many of them can still change the cut (odds, draw); 0: always simulate.",
                      low=0, high=20, metavar="N")
PLAYER = Option(str, None, "Only this player's table (name exactly as in the file).")
IF = Option(str, (), "Answer as if table T ended so (hypothetical; repeatable): T:A or T:B (its first or second "
                     "player wins), T:NAME (that player wins), T:draw, T:id (an intentional draw) or T:played-draw, "
                     "e.g. --if 6:B --if 3:draw (the API: fixed=6:B,3:draw). Every figure is then of the worlds "
                     "where those tables ended so; the last round, or a round whose pairings are published.",
            metavar="T:RESULT", flag="--if", multiple=True)
SAFE = Option(float, 0.99, "Cut odds from which a draw counts as safe.", low=0, low_open=True, high=1)
OTHERS_OPTION = Option(str, DEFAULT_OTHERS,
                       "Intentional draws of the round about to be played (for draw: of the other tables; "
                       "odds and report use the same model, so every page shows one number per player): "
                       "none; locked (both guaranteed the cut on points "
                       "after a draw); rational (best responses iterated to a fixed point); behaviour (each "
                       "table draws with the probability learned on real events, mixed over simulations; "
                       "also in the last round of simulated futures unless --future-draws says otherwise; "
                       "measured best by `drawsafe calibrate`).", choices=OTHERS)


# --- the commands that read an event ---------------------------------------------------------

@dataclass(frozen=True)
class EventOptions:
    """How the file is read and which snapshot is taken (every command that reads an event)."""

    format: str = option(FORMAT)
    rules: str | None = option(RULES)
    tiebreaks: str | None = option(TIEBREAKS)
    rounds: int | None = option(ROUNDS)
    after_round: int | None = option(AFTER_ROUND)
    division: str | None = option(DIVISION)

    def event_options(self) -> dict:
        """The :class:`EventOptions` fields alone, as keyword arguments of ``open_event``."""
        return {name: getattr(self, name) for name in EVENT_FIELDS}


EVENT_FIELDS = ("format", "rules", "tiebreaks", "rounds", "after_round", "division")


@dataclass(frozen=True)
class StandingsRequest(EventOptions):
    """``drawsafe standings``: exact standings, or with ``check`` the comparison with the file's."""

    seed: int = option(SEED)
    check: bool = option(CHECK)


@dataclass(frozen=True)
class PairingsRequest(EventOptions):
    """``drawsafe pairings``: the next round's pairings, as published or projected."""

    seed: int = option(SEED)
    last_round: str | None = option(LAST_ROUND_OPTION)
    pairing: str | None = option(PAIRING)


@dataclass(frozen=True)
class OddsRequest(EventOptions):
    """``drawsafe odds``: every player's P(cut), from simulations of the remaining rounds."""

    seed: int = option(SEED)
    top: int | str = option(TOP)
    cut_points: float | None = option(CUT_POINTS)
    day2: str | None = option(DAY2)
    day2_top: int | None = option(DAY2_TOP)
    sims: int | None = option(SIMS)
    precision: float = option(PRECISION)
    max_sims: int = option(MAX_SIMS_OPTION)
    last_round: str | None = option(LAST_ROUND_OPTION)
    model: str | None = option(MODEL)
    draw_share: float | None = option(DRAW_SHARE)
    pairing: str | None = option(PAIRING)
    future_draws: str = option(FUTURE)
    safe: float = option(SAFE)
    others: str = option(OTHERS_OPTION)
    exact_tables: int = option(EXACT_TABLES)
    fixed: tuple = option(IF)


@dataclass(frozen=True)
class DrawRequest(OddsRequest):
    """``drawsafe draw``: draw or play, table by table."""

    player: str | None = option(PLAYER)


@dataclass(frozen=True)
class ReportRequest(DrawRequest):
    """``drawsafe report``: the plotted HTML report (``player``: whose "who to root for" it shows)."""

    player: str | None = option(PLAYER.but(help="The player of 'who to root for' (name exactly as in the "
                                                "file; default: the contender closest to 50%)."))


# --- before the event -------------------------------------------------------------------------

@dataclass(frozen=True)
class FieldRequest:
    """``drawsafe field``: before the event, what record makes the cut."""

    players: int = option(Option(int, REQUIRED, "Players in the event.", low=2, high=MAX_PLAYERS))
    rounds: int | None = option(ROUNDS.but(high=MAX_ROUNDS, help="Swiss rounds (default: the rule pack's table "
                                                                "by attendance: "
                                                "mtg MTR Appendix E from the players and awarded byes; "
                                                "required for a game without a table, e.g. netrunner)."))
    top: int | str = option(TOP.but(default=8, help="Cut size, or auto: the rule pack's table by attendance "
                                                    "(pokemon: the Play! Pokemon table; mtg: Top 8)."))
    byes: tuple = option(Option("byes", (0, 0, 0), "Players with 1, 2 and 3 awarded byes (they count as 2, "
                                                   "4, 8 for the rounds).", metavar="A,B,C"))
    draw_share: float | None = option(DRAW_SHARE.but(help="Share of played matches that end drawn (default: "
                                                          "the rule pack's: mtg 2.8% measured on real events, "
                                                          "pokemon 18%, netrunner 42.6% split rounds)."))
    drops: str = option(Option(str, "measured", "Drops between rounds: the rates by record measured on the "
                                                "rule pack's game's real events (pokemon, netrunner; Magic's "
                                                "melee.gg events for the others), none, or the measured rates "
                                                "times FACTOR.",
                               metavar="measured|none|FACTOR"))
    last_round: str | None = option(LAST_ROUND_OPTION.but(help="How the last Swiss round is paired (default: "
                                                              "the rule pack's)."))
    cut_points: float | None = option(CUT_POINTS.but(help="A points cut instead of the top cut: everyone "
                                                          "finishing on at least P points advances."))
    day2: str | None = option(DAY2.but(help="A day 2: after the --rounds of day 1, the players on POINTS or "
                                            "more play ROUNDS more Swiss rounds (e.g. 19:5, a Pokemon "
                                            "regional); the rule pack says whether tiebreaks restart "
                                            "(pokemon) or carry over (mtg). With --day2-top N give ROUNDS "
                                            "alone."))
    day2_top: int | None = option(DAY2_TOP)
    rules: str = option(RULES.but(default="mtg", help="Rule pack of the simulated events: a pack paired by "
                                                      "point groups (every card game: its points, tiebreaks, "
                                                      "draw share, rounds table and drop model)."))
    ids: str = option(Option(str, "safe", "Intentional draws in the last round of every simulated event: "
                                          "none; locked (both guaranteed the cut on points); safe (locked, or "
                                          "both reach a total from which --safe of the players made the cut in "
                                          "a pilot run).", choices=FIELD_IDS))
    safe: float = option(SAFE.but(default=FIELD_SAFE, help="With --ids safe: the share of a pilot run's "
                                                           "players on a total who made the cut from which "
                                                           "both players of a table draw (default fitted on "
                                                           "real events)."))
    sims: int | None = option(SIMS.but(help="Exactly this many simulated events."))
    precision: float = option(PRECISION.but(default=FIELD_PRECISION, help="Simulate until the 95% half-width "
                                            "of every P(cut) of a common record is at most this."))
    max_sims: int = option(MAX_SIMS_OPTION.but(default=FIELD_MAX_SIMS, low=1, help="Cap on the number of simulated "
                                        "events when adapting to --precision."))
    seed: int = option(SEED)


# --- other commands (command line only) -----------------------------------------------------

#: The options of ``drawsafe study`` it shares with ``drawsafe field`` (one value for every cell).
_FIELD = {f.name: f.metadata["option"] for f in dataclasses.fields(FieldRequest)}


def _list(default, help, metavar="LIST") -> Option:
    """A study option that takes a list of values (one cell per value), as text."""
    return Option(str, default, help, metavar=metavar, api=False)


@dataclass(frozen=True, kw_only=True)  # --out is required, among options with defaults
class StudyRequest:
    """``drawsafe study``: a grid of planning questions (or real events) as one tidy table."""

    players: str | None = option(_list(None, "Field sizes: 33..409 (every size), 33..409:16 (step 16, the end "
                                             "included), 8,32,128 or a mix."))
    rounds: str = option(_list("auto", "Swiss rounds (auto: MTR Appendix E for each field size).",
                               "auto|LIST"))
    top: str = option(_list("8", "Cut sizes."))
    ids: str = option(_list("safe", "Last-round ID policies, e.g. none,safe (none, locked, safe: see "
                                    "`drawsafe field --help`)."))
    draw_share: str = option(_list("default", "Shares of played matches drawn, e.g. default,0.05."))
    drops: str = option(_list("measured", "Drop models: measured, none, or factors of the measured rates."))
    last_round: str | None = option(_FIELD["last_round"].but(api=False))
    day2: str = option(_list("none", "Day-2 structures, e.g. 19:5,none (POINTS:ROUNDS as drawsafe field --day2; "
                                     "ROUNDS alone with --day2-top). In the table, stage day1 rows give P(day 2) "
                                     "of each day-1 record in p_cut and P(cut | day 2) in p_cut_win."))
    day2_top: str = option(_list("none", "Day-2 cuts by rank, e.g. 32,64 (with --day2 ROUNDS)."))
    rules: str = option(_list("mtg", "Rule packs of the simulated events, e.g. mtg,pokemon (pokemon: its ties, "
                                     "day-2 tiebreaks restart)."))
    spec: str | None = option(Option(str, None, "A TOML or JSON file with the grid (same keys as these options) "
                                                "instead of them.", metavar="FILE", api=False))
    events: str | None = option(Option(str, None, "Calibration study instead: every event of FOLDER with a Top "
                                                  "--top playoff, forecast before its last round against what "
                                                  "happened (a row per player).", metavar="FOLDER", api=False))
    out: str = option(Option(str, REQUIRED, "The table (CSV; Parquet next to it). Cells already complete in it "
                                            "are skipped (resume).", metavar="FILE.csv", api=False))
    sims: int | None = option(_FIELD["sims"].but(help="Exactly this many simulations per cell.", api=False))
    precision: float = option(_FIELD["precision"].but(help="Per cell: simulate until the held figures' 95% "
                                                           "half-widths are at most this.", api=False))
    max_sims: int = option(_FIELD["max_sims"].but(help="Cap on the simulated events of one cell when adapting "
                                                        "to --precision.", api=False))
    scheduler: str | None = option(Option(str, None, "Run the cells on this Dask distributed cluster (default: "
                                                     "here, on all cores).", metavar="tcp://HOST:PORT", api=False))
    no_parquet: bool = option(Option(bool, False, "Write the CSV only.", api=False))
    seed: int = option(SEED.but(api=False))


#: The other tables' models ``drawsafe calibrate`` scores (``both``: each, side by side).
CALIBRATE_MODELS = ("behaviour", "rational", "none", "both")


@dataclass(frozen=True)
class CalibrateRequest:
    """``drawsafe calibrate FOLDER``: forecasts before the last round(s) of real events against what
    happened."""

    top: int | None = option(Option(int, None, "Score only the events whose playoff seats this many players "
                                               "(default: every event with a playoff, each with its own cut).",
                                    low=2, api=False))
    min_rounds: int = option(Option(int, 4, "Score the events with at least this many Swiss rounds (fewer: "
                                            "single elimination in melee.gg's listings).", low=2, api=False))
    others: str = option(Option(str, "both", "Other tables' model of the forecasts: behaviour, rational, both side "
                                             "by side, or none (every table plays: the odds of versions before "
                                             "the behaviour model was used by odds).", choices=CALIBRATE_MODELS,
                                api=False))
    rounds_left: int = option(Option(int, 1, "Forecast from the start of the last Swiss round (1) or the one "
                                             "before (2: the double draw).", low=1, high=2, api=False))
    folds: int = option(Option(int, 5, "Cross-validate the behaviour model by event: each event is forecast by a "
                                       "model fitted on the events outside its fold. 0: use the fitted model as "
                                       "it is (it has seen these events).", low=0, api=False))
    observations: str | None = option(Option(str, None, "The table features of the events "
                                                        "(benchmarks/behaviour_tables.csv); default: simulated "
                                                        "from FOLDER first (about a second per event).",
                                             metavar="FILE", api=False))
    sims: int = option(Option(int, 2000, "Simulations per scenario (each forecast carries its Monte Carlo "
                                         "interval).", low=100, high=MAX_SIMS, api=False))
    seed: int = option(SEED.but(help="Random seed of the simulations (same seed, same figures).", api=False))
    limit: int | None = option(Option(int, None, "At most this many events.", low=1, api=False))


@dataclass(frozen=True)
class GenerateRequest:
    """``drawsafe generate``: a synthetic event played with the simulation engine."""

    players: int = option(Option(int, REQUIRED, "Number of players.", low=2, high=MAX_PLAYERS, api=False))
    rounds: int = option(Option(int, REQUIRED, "Swiss rounds in the event.", low=1, high=MAX_ROUNDS, api=False))
    played: int = option(Option(int, REQUIRED, "Rounds already played.", low=0, high=MAX_ROUNDS, api=False))
    rules: str = option(RULES.but(default="mtg", help="Rule pack used to pair the last round.", api=False))
    seed: int = option(SEED.but(api=False))


@dataclass(frozen=True)
class ExportRequest:
    """``drawsafe export``: an event written as a TOM ``.tdf`` file or as Limitless data."""

    to: str = option(Option(str, REQUIRED, "tdf: a TOM tournament file (XML); limitless: the Limitless "
                                           "API's details, standings and pairings as one JSON object (or "
                                           "three files when -o is a folder).", choices=WRITERS,
                            api=False))
    format: str = option(FORMAT.but(api=False))
    division: str | None = option(DIVISION.but(help="The division to read from a TOM input, and the pod "
                                                    "category written to a TOM output (default: masters).",
                                               api=False))
    rules: str = option(RULES.but(default="pokemon", help="Rule pack of the final places written with the "
                                                          "event (standings / placings).", api=False))


@dataclass(frozen=True)
class FetchRequest:
    """``drawsafe fetch``: an event from its link (a platform of :mod:`drawsafe.fetch`), written as a
    file drawsafe reads."""

    #: ``drawsafe fetch --help`` adds each platform's key and variable (the connectors' declarations).
    key: str | None = option(Option(str, None, "API key or credentials, for a platform that takes one (default: "
                                               "the platform's environment variable).", metavar="KEY", api=False))
    refresh: bool = option(Option(bool, False, "Fetch the live documents again even if they were fetched less "
                                               "than 30 s ago (finished rounds always come from the cache).",
                                  api=False))
    timeout: float = option(Option(float, 20.0, "Seconds to wait for each answer of the platform.", low=1,
                                   high=300, api=False))


@dataclass(frozen=True)
class RulesRequest:
    """``drawsafe rules``: the rule packs and the tiebreak keys (no option: the catalogue is whole)."""


@dataclass(frozen=True)
class WarmupRequest:
    """``drawsafe warmup``: compile the kernels ahead of the first run."""

    pack: tuple = option(Option(str, (), "Only the kernels of this rule pack's variant (repeatable); "
                                         "default: every pack marked for warming (mtg and fide: the MTG "
                                         "and chess kernels).", metavar="PACK", api=False, multiple=True))
