"""Rule packs: a points table and an ordered list of tiebreaks, all run by the same kernels.

``drawsafe rules`` prints this registry (:mod:`drawsafe.tiebreaks.catalogue`).  Every pack ranks
by points first, then by its tiebreaks in order, then at random (exact ties).  :data:`TIEBREAKS`
holds every tiebreak by the key a user gives to ``--tiebreaks`` (e.g. ``BH-C1,BH,SB,WIN``), which
replaces a pack's list and keeps its points and its handling of unplayed rounds
(:func:`with_tiebreaks`).

Packs: ``mtg`` and ``mtg-classic`` (Magic Tournament Rules, Appendix C), ``pokemon`` (Play!
Pokémon, see :mod:`drawsafe.tiebreaks.pokemon`); chess under five ways of counting unplayed rounds
(see :mod:`drawsafe.tiebreaks.chess`): ``fide`` (C.07 2023, dummy opponent), ``fide-2026`` (with the
2026 caps), ``fide-1998`` (the 1998 annex, a draw against oneself), ``chess-plain`` (no adjustment)
and ``chess-de`` (German open events of the 2000s, virtual draws), and ``lichess`` (its Swiss
ranking); the other Swiss games (tiebreaks of :mod:`drawsafe.tiebreaks.cardgames`): ``netrunner``
and ``netrunner-single``, ``lorcana``, ``riftbound``, ``swu`` (Star Wars: Unlimited),
``onepiece``, ``digimon``, ``fab`` (Flesh and Blood) and ``yugioh``.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from importlib import resources

import numpy as np

from drawsafe.errors import UsageError
from drawsafe.event import schedule
from drawsafe.event.schedule import Schedule
from drawsafe.tiebreaks import cardgames, chess, pokemon
from drawsafe.tiebreaks import values as tb

#: The pack of an event whose file suggests none.
DEFAULT_PACK = "mtg"
#: How a pack's tiebreaks treat a later phase (a day 2): :attr:`RulePack.phase_tiebreaks`.
PHASE_TIEBREAKS = ("carry", "restart")


def display_points(raw: float, point_scale: int = 1) -> int | float:
    """Points as a pack shows them, from the kernels' integer points (``raw / point_scale``): an
    int when whole (Magic), else a float (chess halves)."""
    value = raw / point_scale
    return int(value) if float(value).is_integer() else float(value)


#: The reach of a tiebreak that any points total anywhere can change (direct encounter).
EVERYONE = 99


@dataclass(frozen=True)
class Tiebreak:
    """One tiebreak: its short key (as on a standings sheet), kernel code and definition."""

    key: str
    code: int
    name: str
    definition: str
    #: Shown as a percentage (a fraction in 0..1) rather than a plain number.
    percent: bool = True
    #: Decimals a plain number needs to be shown exactly (chess: halves 1, Sonneborn-Berger's
    #: quarters 2, counts and ratings 0); ``None`` for percentages.
    decimals: int | None = None
    #: How far one match's result reaches into this tiebreak's values, in layers of the opponent
    #: graph: 0 its own players only, 1 also their opponents, 2 opponents' opponents,
    #: :data:`EVERYONE` anyone (direct encounter compares whoever ends up tied).  The exact answer
    #: (:mod:`drawsafe.simulation.enumeration`) reads it to know whose standings a table can move;
    #: every tiebreak must declare it.
    reach: int = -1
    #: The value reads game scores (GW%, OGW%), not only match results.
    games: bool = False
    #: Lower ranks first (Flesh and Blood's match-loss %): the kernels store the value negated so
    #: that every column ranks higher-first, and :meth:`shown` turns it back.
    lower_better: bool = False

    def __post_init__(self):
        if self.reach < 0:
            raise ValueError(f"tiebreak {self.key}: declare its reach (0, 1, 2 or EVERYONE)")

    def shown(self, value: float) -> float:
        """The value as the game publishes it, from the kernels' column."""
        return -value if self.lower_better else value


@dataclass(frozen=True)
class ResultDefaults:
    """How a played match of the pack's game ends when the user does not say
    (:meth:`drawsafe.engine.results.ResultModel.for_event` reads it).

    ``draw_share``: the default share of played matches that end drawn (None: the share measured
    on real Magic events).  ``measure``: what the event's own data replaces it with once there is
    enough of it: ``"ties"`` (ties among played matches before the last two Swiss rounds; at least
    ``min_measured`` matches) or ``"games"`` (draws among played games; at least ``min_measured``);
    None: never.  ``one_game``: a round is one game (1-0, 0-0-1) rather than the event's best-of.
    ``elo_when_rated``: Elo decides who wins when every player has a rating.
    """

    draw_share: float | None = None
    measure: str | None = None
    min_measured: int = 0
    one_game: bool = False
    elo_when_rated: bool = False
    #: Game scores of decided and drawn played matches, (winner games, loser games, drawn games,
    #: weight) as :class:`drawsafe.engine.results.ResultModel` takes them; None: Magic's measured
    #: best-of-three scores (or the one-game scores).
    decided: tuple[tuple[int, int, int, float], ...] | None = None
    drawn: tuple[tuple[int, int, int, float], ...] | None = None
    #: Where ``draw_share`` comes from, in words for ``drawsafe rules``.
    draw_source: str = ""


@dataclass(frozen=True)
class AgreedDraws:
    """How often real players of the game agree a draw at a table, declared from real events, in
    the place of the behaviour model fitted on Magic's (whose files mark an intentional draw; a
    chess file records an agreed draw as any other draw): before the last round, in the last
    round, and at the last round's leading tables (both players ranked within ``leaders``)."""

    before_last: float
    last: float
    last_leaders: float
    leaders: int
    #: Where the rates come from, in words for ``drawsafe rules``.
    source: str


@dataclass(frozen=True)
class RulePack:
    """Points per match result and the ordered tiebreaks that separate equal points."""

    name: str
    description: str
    tiebreaks: tuple[Tiebreak, ...]
    #: Points for a loss, a draw and a win, in the pack's units.
    points: tuple[int, int, int] = (0, 1, 3)
    #: Points per game won and per game drawn where a played round scores by its games
    #: (Netrunner's double-sided rounds: (3, 1)); (0, 0): a played round scores by its result.
    #: ``points`` then still gives a bye (a win) and an unplayed loss.
    game_points: tuple[int, int] = (0, 0)
    #: Displayed points are ``points / point_scale`` (chess keeps half points as integers).
    point_scale: int = 1
    #: How unplayed rounds count (``flags[FLAG_UNPLAYED]``), one of ``drawsafe.tiebreaks.chess``'s
    #: ``UNPLAYED_*``: 0 no adjustment (MTG, Pokemon), 1 FIDE 1998, 2 FIDE 2023, 3 FIDE 2026.
    unplayed: int = 0
    #: How simulated rounds are paired by default: "mtg" (card games: point groups), "dutch" (chess)
    #: or "cobra" (Netrunner: the least squared points differences, no special last round).
    pairing: str = "mtg"
    #: How the last Swiss round is paired by default (``--last-round``): "standings" (1 v 2, 3 v 4;
    #: Magic's event software) or "random" (within point groups like every other round: what the
    #: Pokémon documents found describe, see the manual's Pokémon page).
    last_round: str = "standings"
    #: The game, in words for messages ("Magic", "Pokémon", "chess").
    game: str = "Magic"
    #: How played matches end by default (the result model's defaults).
    results: ResultDefaults = ResultDefaults()
    #: The published table of Swiss rounds and top cut by attendance (``--top auto``); None: no
    #: such table is known for the game.
    schedule: Schedule | None = schedule.APPENDIX_E
    #: ``standings --check``: the pack that differs from this one only by the own-GW% floor, tried
    #: to explain a published GW% (None: no such variant), and that variant in words.
    floor_variant: str | None = None
    floor_variant_text: str = ""
    #: Run by ``drawsafe warmup`` and the server at start (every pack runs on the same compiled
    #: kernels; the warm packs also take each game's own paths: Pokémon's freeze, chess's Dutch
    #: pairing and its tiebreaks).
    warm: bool = False
    #: An event in phases (``Event.phases``: day 1, a cut, day 2): "carry" (the tiebreaks of day 2
    #: count every Swiss round, as Magic's do) or "restart" (day 2's count only day-2 rounds: a
    #: player's day-2 opponents and their day-2 records; Play! Pokémon).  Match points always carry
    #: over; players cut after day 1 keep their day-1 values.  "restart" is implemented by the
    #: Pokémon tiebreaks (OWP, OOWP); the others count every Swiss round.
    phase_tiebreaks: str = "carry"
    #: A player's tiebreaks are frozen when they leave (drop, or are cut after day 1): those of the
    #: standings after the last round they were paired in (Pokémon, as TOM computes them; the
    #: Pokémon tiebreaks implement it).  Magic's keep moving with their opponents' results.
    freeze: bool = False
    #: How the platform pairs the Swiss, in words (``drawsafe rules``; the simulations pair as
    #: ``pairing`` and ``last_round`` say).
    pairing_text: str = ""
    #: The published rules this pack follows, and what in it is not established (the nearest
    #: documented rule taken instead), for ``drawsafe rules``.
    sources: str = ""
    assumed: str = ""
    #: Other tables' agreed draws: declared rates (chess), or None for the behaviour model fitted
    #: on real Magic events (drawsafe.simulation.behaviour).
    agreed_draws: AgreedDraws | None = None
    #: Otherwise, the behaviour model of which game's real events (``drawsafe/data/behaviour.json``
    #: for "", Magic's; ``behaviour-<name>.json`` for another: learned from that game's own files,
    #: cross-validated by event with ``drawsafe calibrate``; :func:`behaviour_file`).
    draws_fitted: str = ""
    #: Why the pack takes another game's model (no real events of its own to learn from), in words
    #: for ``drawsafe rules``.
    draws_said: str = ""
    #: The game's files record an intentional draw as any drawn match (Pokémon's ``T``, TOM's and
    #: Limitless's ties), not as 0-0-3: a drawn match is what is learned and scored as one.
    id_is_tie: bool = False

    def __post_init__(self):
        if self.phase_tiebreaks not in PHASE_TIEBREAKS:
            raise ValueError(f"phase_tiebreaks must be one of {PHASE_TIEBREAKS}, not {self.phase_tiebreaks!r}")

    def others_draws(self) -> str:
        """Where the other tables' intentional draws come from, in words (``drawsafe rules``)."""
        if self.agreed_draws is not None:
            return self.agreed_draws.source
        if self.draws_said:
            return self.draws_said
        return trained_text(self.draws_fitted)

    @property
    def plannable(self) -> bool:
        """``drawsafe field`` plans events of this pack (its kernel pairs by points, as card-game
        software does; not the Dutch system)."""
        return self.pairing != "dutch"

    def codes(self) -> np.ndarray:
        """Kernel codes: points first, then the tiebreaks (int64 for every pack: one compiled
        engine runs every game, see :func:`drawsafe.tiebreaks.values.tiebreak_values_rec`)."""
        return np.array([tb.POINTS] + [t.code for t in self.tiebreaks], dtype=tb.CODES_DTYPE)

    @property
    def mtg_only(self) -> bool:
        """Every tiebreak is a Magic one (the exact answer's incremental evaluation serves it)."""
        return all(t.code in tb.MTG_CODES for t in self.tiebreaks)

    def flags(self, dedupe: bool, phase_start: int = 0) -> np.ndarray:
        """The ``flags`` array of :func:`drawsafe.tiebreaks.values.tiebreak_values` for this pack;
        ``phase_start`` is the 0-based first round of the event's last phase
        (:attr:`drawsafe.event.snapshot.Snapshot.phase_start`), read when the tiebreaks restart."""
        flags = np.zeros(tb.N_FLAGS, dtype=np.int64)
        flags[tb.FLAG_DEDUPE] = int(dedupe)
        flags[tb.FLAG_UNPLAYED] = self.unplayed
        flags[tb.FLAG_PHASE] = phase_start if self.phase_tiebreaks == "restart" else 0
        flags[tb.FLAG_FREEZE] = int(self.freeze)
        return flags

    def points_table(self) -> np.ndarray:
        """The kernels' points table (:data:`drawsafe.tiebreaks.values.N_POINTS` slots, ``PT_*``)."""
        return np.array(self.points + self.game_points, dtype=np.int64)

    @property
    def draw_helps(self) -> bool:
        """An intentional draw scores more than a loss (Flesh and Blood's 0-point draw does not:
        ``draw`` then says so instead of a verdict)."""
        id_points = 3 * self.game_points[1] if self.game_points[0] else self.points[1]
        return id_points > self.points[0]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.tiebreaks)

    def __repr__(self) -> str:
        return f"RulePack({self.name!r}, tiebreaks={list(self.keys)!r})"


OMW = Tiebreak("OMW", tb.OMW, "Opponents' match-win %",
               "mean of the opponents' match points / (3 x rounds they competed), each at least "
               "1/3; byes left out", reach=1)
GW = Tiebreak("GW", tb.GW, "Game-win %",
              "own game points / (3 x games played), at least 1/3 (a bye is a 2-0 win; 0-0-3 is "
              "three drawn games)", reach=0, games=True)
GW_RAW = Tiebreak("GW", tb.GW_RAW, "Game-win % (not floored)",
                  "own game points / (3 x games played), no floor (older MTR wording)", reach=0, games=True)
OGW = Tiebreak("OGW", tb.OGW, "Opponents' game-win %",
               "mean of the opponents' game-win %, each at least 1/3; byes left out", reach=1, games=True)

#: How each chess tiebreak treats unplayed rounds is the pack's choice; the definitions say "per
#: the pack" where it matters (see ``drawsafe rules`` for the packs and drawsafe.tiebreaks.chess).
_UNPLAYED = "unplayed rounds per the pack"
BH = Tiebreak("BH", chess.BH, "Buchholz",
              f"sum of the opponents' scores, one per round ({_UNPLAYED})", False, 1, reach=1)
BH_C1 = Tiebreak("BH-C1", chess.BH_C1, "Buchholz cut 1",
                 "Buchholz less the lowest opponent score (FIDE 2023+: a voluntary unplayed round "
                 "is cut first)", False, 1, reach=1)
BH_C2 = Tiebreak("BH-C2", chess.BH_C2, "Buchholz cut 2",
                 "Buchholz less the two lowest opponent scores (voluntary unplayed rounds first)",
                 False, 1, reach=1)
BH_M1 = Tiebreak("BH-M1", chess.BH_M1, "Median Buchholz 1",
                 "Buchholz less the highest and the lowest opponent score", False, 1, reach=1)
BH_M2 = Tiebreak("BH-M2", chess.BH_M2, "Median Buchholz 2",
                 "Buchholz less the two highest and the two lowest opponent scores", False, 1, reach=1)
SUMBH = Tiebreak("SBH", chess.SUMBH, "Sum of Buchholz",
                 "sum of the opponents' Buchholz (an unplayed round adds one's own Buchholz; "
                 "no adjustment: a round without opponent adds 0)", False, 1, reach=2)
SB = Tiebreak("SB", chess.SB, "Sonneborn-Berger",
              f"scores of the opponents beaten plus half the scores of those drawn ({_UNPLAYED})",
              False, 2, reach=1)
PS = Tiebreak("PS", chess.PS, "Sum of progressive scores",
              "sum of the player's running score after each round (real results only)", False, 1, reach=0)
PS_C1 = Tiebreak("PS-C1", chess.PS_C1, "Progressive scores cut 1",
                 "sum of progressive scores without the score after round 1", False, 1, reach=0)
PS_C2 = Tiebreak("PS-C2", chess.PS_C2, "Progressive scores cut 2",
                 "sum of progressive scores without the scores after rounds 1 and 2", False, 1, reach=0)
KS = Tiebreak("KS", chess.KS, "Koya",
              "points scored against the opponents who finished with 50% or more (real results, "
              "forfeits included)", False, 1, reach=1)
DE = Tiebreak("DE", chess.DE, "Direct encounter",
              "among players equal on everything before it: points scored against each other when "
              "all have met, applied again to those still equal; shown as the number of the group "
              "ranked below", False, 0, reach=EVERYONE)
WIN = Tiebreak("WIN", chess.WIN, "Number of wins",
               "rounds scored as a win, forfeit wins and full-point byes included (1998 annex: "
               "games won over the board)", False, 0, reach=0)
WON = Tiebreak("WON", chess.WON, "Games won", "games won over the board", False, 0, reach=0)
ARO = Tiebreak("ARO", chess.ARO, "Average rating of opponents",
               "mean rating of the rated opponents met over the board, rounded half up (1998: "
               "every round, an unplayed one against one's own rating)", False, 0, reach=0)
ARO_C1 = Tiebreak("ARO-C1", chess.ARO_C1, "Average rating of opponents cut 1",
                  "ARO without the lowest rated opponent (or without an unrated one)", False, 0, reach=0)
TPR = Tiebreak("TPR", chess.TPR, "Tournament performance rating",
               "ARO + dp(score / games) from FIDE table 8.1(a), over the same games as ARO",
               False, 0, reach=0)
PERF = Tiebreak("PERF", chess.PERF, "lichess performance",
                "mean over the rounds with an opponent (forfeits included) of the opponent's rating "
                "+500 for a win, -500 for a loss, whole part only (lichess Swiss); one's own rating "
                "without such rounds; 0 when an opponent has no rating", False, 0, reach=0)
OWP = Tiebreak("OWP", pokemon.OWP, "Opponents' win %",
               "mean of the opponents' (wins + ties/2) / rounds, byes removed, each at least 25% "
               "and at most 75% for a dropped opponent; a pairing without result counts the "
               "opponent; frozen when the player leaves; a day 2 counts only day-2 rounds", reach=1)
OOWP = Tiebreak("OOWP", pokemon.OOWP, "Opponents' opponents' win %",
                "mean of the opponents' OWP (an opponent who left: their frozen OWP)", reach=2)

OMW_033 = Tiebreak("OMW", cardgames.OMW33, "Opponents' match-win % (0.33 floor)",
                   "mean of the opponents' match points / (3 x rounds they competed), each at least "
                   "0.33 (Carde.io, Play Hub); byes left out", reach=1)
SOS = Tiebreak("SOS", cardgames.SOS, "Strength of schedule",
               "mean over the opponents (each meeting; byes left out) of the opponent's points / "
               "rounds they played (byes included); no floor (cobra, Netrunner)", False, 4, reach=1)
ESOS = Tiebreak("ESOS", cardgames.ESOS, "Extended strength of schedule",
                "mean of the opponents' SOS (cobra, Netrunner)", False, 4, reach=2)
WR = Tiebreak("WR", cardgames.WR, "Match-win rate, byes left out",
              "own points / (3 x rounds) over the rounds other than byes, at least 1/3", reach=0)
OWR = Tiebreak("OWR", cardgames.OWR, "Opponents' match-win rate",
               "mean of the opponents' win rates (byes left out, each at least 1/3)", reach=1)
OOMW = Tiebreak("OOMW", cardgames.OOMW, "Opponents' opponents' match-win %",
                "mean of the opponents' OMW%", reach=2)
MLP = Tiebreak("MLP", cardgames.MLP, "Match-loss % (lower is better)",
               "matches lost / rounds, byes left out; no floor", reach=0, lower_better=True)
OMLP = Tiebreak("OMLP", cardgames.OMLP, "Opponents' match-loss % (lower is better)",
                "mean of the opponents' match-loss %; no floor", reach=1, lower_better=True)
OPTS = Tiebreak("OPTS", cardgames.OPTS, "Opponents' average points",
                "mean of the opponents' points (cumulative match points)", False, 2, reach=1)

#: Every tiebreak by the key ``--tiebreaks`` accepts (upper case), in the order ``drawsafe rules``
#: lists them.
TIEBREAKS: dict[str, Tiebreak] = {
    "OMW": OMW, "GW": GW, "GW-RAW": GW_RAW, "OGW": OGW,
    "BH": BH, "BH-C1": BH_C1, "BH-C2": BH_C2, "BH-M1": BH_M1, "BH-M2": BH_M2, "SBH": SUMBH,
    "SB": SB, "PS": PS, "PS-C1": PS_C1, "PS-C2": PS_C2, "KS": KS, "DE": DE, "WIN": WIN,
    "WON": WON, "ARO": ARO, "ARO-C1": ARO_C1, "TPR": TPR, "PERF": PERF,
    "OWP": OWP, "OOWP": OOWP,
    "OMW-033": OMW_033, "SOS": SOS, "ESOS": ESOS, "WR": WR, "OWR": OWR, "OOMW": OOMW, "MLP": MLP, "OMLP": OMLP, "OPTS": OPTS,
}

#: Every tiebreak by its kernel code.
BY_CODE: dict[int, Tiebreak] = {t.code: t for t in TIEBREAKS.values()}

PACKS: dict[str, RulePack] = {}


def register(pack: RulePack) -> RulePack:
    PACKS[pack.name] = pack
    return pack


MTG = register(RulePack(
    "mtg", "Magic Tournament Rules, Appendix C (current): MP, OMW%, GW% (floored), OGW%",
    (OMW, GW, OGW), floor_variant="mtg-classic", floor_variant_text="not floored", warm=True))
MTG_CLASSIC = register(RulePack(
    "mtg-classic", "Appendix C, older wording: as mtg, but a player's own GW% is not floored",
    (OMW, GW_RAW, OGW), floor_variant="mtg", floor_variant_text="floored"))
#: Ties among played Pokémon matches (best-of-three with a round timer: a match unfinished at time
#: is a tie): 18%, the middle of the 15-21% that Limitless's measurements of Standard best-of-three
#: events show, as quoted in drawsafe issue 15 (the Limitless pages themselves were not found by
#: this project's search; treat it as a reported figure).  An event's own ties replace it once it
#: has 200 played matches before its last two Swiss rounds (intentional draws cluster there; TOM
#: and Limitless files do not tell them from ties); 200 matches pin a share near 18% to about
#: +-2.7 points, one standard error.
POKEMON_RESULTS = ResultDefaults(draw_share=0.18, measure="ties", min_measured=200)
POKEMON = register(RulePack(
    "pokemon", "Play! Pokemon: match points 3/1/0, opponents' win % (25% floor, 75% cap for a "
    "dropped opponent, byes removed), opponents' opponents' win %, frozen when a player leaves, "
    "restarted on day 2; last round paired at random within point groups", (OWP, OOWP),
    last_round="random", game="Pokémon", results=POKEMON_RESULTS, schedule=schedule.POKEMON,
    warm=True, phase_tiebreaks="restart", freeze=True, draws_fitted="pokemon", id_is_tie=True))

#: Chess: a round is one game; draws are measured on the event's own games once it has 30 of them,
#: else 25% (see drawsafe.engine.results); Elo decides when everyone is rated.  No published table
#: of rounds and top cuts by attendance was found.
CHESS_RESULTS = ResultDefaults(draw_share=0.25, measure="games", min_measured=30, one_game=True,
                               elo_when_rated=True)
#: Agreed draws in chess Swiss opens, measured as draws in at most 20 moves (agreed draws and quick
#: repetitions) on real PGN (reports/field/chess-draws.md, benchmarks/chess_draws.py).  Boards 1-5
#: of a last round paired by standings are its first 10 players.
CHESS_AGREED = AgreedDraws(
    before_last=0.024, last=0.061, last_leaders=0.171, leaders=10,
    source="draws in at most 20 moves in 10 classical Swiss opens of 2024-25 (6,510 games, real PGN): "
           "2.4% [2.0, 2.8] of the games before the last round, 6.1% [4.2, 8.7] of the last round's "
           "below board 5, 17.1% [8.1, 32.7] on its boards 1-5 (35 games; here: both players in the first "
           "10); the event's own draw share counts them, so its played draws are that share less 2.4%")
_CHESS = {"points": (0, 1, 2), "point_scale": 2, "pairing": "dutch", "game": "chess",
          "results": CHESS_RESULTS, "schedule": None, "agreed_draws": CHESS_AGREED}
#: The default FIDE Swiss list (configurable with --tiebreaks).
FIDE_SWISS = (BH_C1, BH, SB, DE, WIN)
FIDE = register(RulePack(
    "fide", "Chess, FIDE C.07 (2023): win 1, draw 1/2, loss 0; an unplayed round is a game against a dummy "
    "opponent with one's own score; BH-C1, BH, SB, DE, WIN (change with --tiebreaks)",
    FIDE_SWISS, unplayed=chess.UNPLAYED_2023, warm=True, **_CHESS))
FIDE_2026 = register(RulePack(
    "fide-2026", "Chess, FIDE C.07 (2026): as fide, the dummy capped at the forfeiting opponent's "
    "score or at 50% of the maximum when there is no opponent",
    FIDE_SWISS, unplayed=chess.UNPLAYED_2026, **_CHESS))
FIDE_1998 = register(RulePack(
    "fide-1998", "Chess, FIDE tiebreak annex (1998): every unplayed round counts as a draw against "
    "oneself; DE, BH, SB, WON (the annex's list for Swiss events of mostly unrated players)",
    (DE, BH, SB, WON), unplayed=chess.UNPLAYED_1998, **_CHESS))
CHESS_PLAIN = register(RulePack(
    "chess-plain", "Chess without adjustment for unplayed rounds (forfeits count the scheduled "
    "opponent, byes add nothing): BH-C1, BH, SB, DE, WIN",
    FIDE_SWISS, unplayed=chess.UNPLAYED_NONE, **_CHESS))

#: German open events of the 2000s (shared/PLATFORMS.md, "Chess"): points, full Buchholz,
#: Sonneborn-Berger, wins; opponents' forfeits and byes against others are virtual draws, a bye of
#: one's own an opponent who drew every round, a forfeit win a draw in Sonneborn-Berger.  The
#: programs of those events left withdrawn players out of the ranking (``standings --check``
#: compares their published ranks the same way).
CHESS_DE = register(RulePack(
    "chess-de", "Chess, German open events of the 2000s: points, full Buchholz, Sonneborn-Berger, "
    "wins; an opponent's forfeits and byes against others count as draws (their unpaired rounds as "
    "0), one's own bye as an opponent who drew every round, a forfeit win as a draw in "
    "Sonneborn-Berger", (BH, SB, WIN), unplayed=chess.UNPLAYED_VIRTUAL, **_CHESS))
#: lichess Swiss (lila, modules/swiss SwissScoring): points, then Sonneborn-Berger over the real
#: pairings (opponents' full points, forfeits included, byes nothing), then lichess's performance.
LICHESS = register(RulePack(
    "lichess", "Chess, lichess Swiss: points, Sonneborn-Berger over the real pairings (the "
    "opponents' full points; byes add nothing), lichess performance", (SB, PERF),
    unplayed=chess.UNPLAYED_NONE, **_CHESS))


# --- the other Swiss games (../shared/GAMES.md: rules, sources, what is not established) ---------

#: How cobra pairs; the simulations pair the same way (drawsafe.pairing.weighted).
COBRA_PAIRING = ("cobra: round 1 at random, then a maximum-weight matching (weight -(points "
                 "difference)^2 after a shuffle), no rematch, no second bye, the bye an opponent on 0 "
                 "points, no special last round; simulated the same way (the least total squared "
                 "difference, ties at random), which every real pairing of 34 rounds of 12 real cobra "
                 "events has")
#: Played double-sided Netrunner rounds of the 12 real cobra exports of shared/data/real (intentional
#: draws and byes left out): 357 rounds, 192 won 6-0, 13 won 4-1 (a win and a timed tie), 152
#: split 3-3; no 2-2 (two timed ties) seen.
NETRUNNER_RESULTS = ResultDefaults(
    draw_share=152 / 357, decided=((2, 0, 0, 192.0), (1, 0, 1, 13.0)), drawn=((1, 1, 0, 152.0),),
    draw_source="42.6% split rounds (3-3), measured on 357 played rounds of 12 real cobra events")
NETRUNNER = register(RulePack(
    "netrunner", "Netrunner, double-sided Swiss (cobra): a round is two games, 3 points per game won "
    "and 1 per timed tie (6/4/3/2/1/0), a bye 6, an intentional draw 3-3; SOS, extended SOS",
    (SOS, ESOS), points=(0, 3, 6), game_points=(3, 1), pairing="cobra", last_round="random", game="Netrunner",
    results=NETRUNNER_RESULTS, schedule=None, pairing_text=COBRA_PAIRING,
    sources="Null Signal Games tournament rules; cobra (Project-NISEI/cobra) SosCalculator and "
    "pairing_strategies",
    assumed="cobra's cut (top 3, 4, 8 or 16) is the organiser's: give --top (a cobra file says it)",
    draws_fitted="netrunner"))
NETRUNNER_SINGLE = register(RulePack(
    "netrunner-single", "Netrunner, single-sided Swiss (cobra): 3/1/0, a bye 3, an intentional "
    "draw 1-1; SOS, extended SOS", (SOS, ESOS), pairing="cobra", last_round="random", game="Netrunner",
    results=ResultDefaults(draw_share=0.03, one_game=True,
                           draw_source="3% timed ties assumed (no single-sided real event measured)"),
    schedule=None, pairing_text=COBRA_PAIRING,
    sources="Null Signal Games tournament rules; cobra (Project-NISEI/cobra)",
    assumed="the share of timed ties (3%); cobra's cut is the organiser's: give --top (a cobra file "
    "says it)", draws_fitted="netrunner",
    draws_said="the model learned from double-sided Netrunner events (no single-sided real event), by "
    "the players' chances, which the sidedness does not change"))
#: Games where a draw scores nothing (as a loss): no table draws on purpose (declared: no real
#: event of these games to learn from, and none is needed).
def _no_gain(game: str) -> AgreedDraws:
    return AgreedDraws(0.0, 0.0, 0.0, 8, f"none: a draw scores as a loss in {game} (0 points), so no "
                       "table gains from drawing on purpose (declared; no real event to learn from)")


def _magic_model(game: str, why: str) -> str:
    return (f"the behaviour model learned from real Magic events: no real {game} event with intentional "
            f"draws to learn from ({why}); the game scores and records an intentional draw as Magic "
            "does (a draw, 1 point)")


#: Carde.io (Play Hub) pairs by points; its algorithm is not published.
CARDEIO_PAIRING = ("Carde.io (Play Hub): by points, the algorithm not published; simulated as "
                   "point groups paired at random within each group, the last round too")
LORCANA = register(RulePack(
    "lorcana", "Disney Lorcana (Play Hub): 3/1/0, a bye a won round; OMW% (each opponent floored at "
    "0.33), GW%, OGW% (floored at 1/3)", (OMW_033, GW, OGW), last_round="random", game="Lorcana", schedule=schedule.LORCANA,
    pairing_text=CARDEIO_PAIRING,
    sources="Disney Lorcana Tournament Rules 07/2026 sections 3.2-3.10; support.carde.io "
    "'Tiebreakers'; Play Hub's event documents (tiebreakers[])",
    assumed="the GW% and OGW% floors (1/3: no real capture has the game scores to tell 0.33 from "
    "1/3; OMW%'s 0.33 is measured on a real standings page); the share of unintentional draws is "
    "Magic's measured 2.84%",
    draws_said=_magic_model("Lorcana", "the one real Play Hub event, 16 players in its round 4 "
                            "without a cut, marks match_is_intentional_draw but has no last round")))
RIFTBOUND = register(RulePack(
    "riftbound", "Riftbound (Play Hub, Carde.io): 3/1/0; OMW% (0.33 floor), GW%, OGW% (Carde.io's "
    "defaults, as Lorcana)", (OMW_033, GW, OGW), last_round="random", game="Riftbound", schedule=schedule.LORCANA,
    pairing_text=CARDEIO_PAIRING,
    sources="Riftbound Tournament Rules 409.2-410.2; Carde.io's defaults",
    assumed="formulas and floors (Carde.io's, as Lorcana); rounds and cut by attendance (Lorcana's "
    "table; a Regional Qualifier is 9 rounds and a Top 64: --rounds 9 --top 64)",
    draws_said=_magic_model("Riftbound", "intentional draws allowed by mutual agreement, rules 410.1-410.2")))
SWU = register(RulePack(
    "swu", "Star Wars: Unlimited (melee.gg): ranked by match wins (a draw is 0 wins), then OMW% "
    "(only wins count, floored at 1/3), GW% (floored), OGW%; the points shown are match wins",
    (OMW, GW, OGW), points=(0, 0, 1), game="Star Wars: Unlimited", schedule=schedule.SWU,
    pairing_text="melee.gg: point groups at random, the last round by standings (as its Magic events)",
    sources="help.melee.gg 'Star Wars: Unlimited Tiebreakers'; organisers' event pages",
    assumed="the intentional-draw policy (a draw scores 0 match wins, so it cannot help); rounds above "
    "32 players (Appendix E)", agreed_draws=_no_gain("Star Wars: Unlimited")))
#: Ties in the best-of-one games below: not measured for these games; Magic's share stands in.
_ONE_GAME = ResultDefaults(draw_share=0.03, one_game=True,
                           draw_source="3% assumed (not measured for the game)")
ONEPIECE = register(RulePack(
    "onepiece", "One Piece Card Game (Bandai TCG+): best-of-1, 3 points a win; a game unfinished at "
    "time is a loss for both (0 points); own win rate (byes left out, at least 1/3), opponents' "
    "win rate", (WR, OWR), points=(0, 0, 3), last_round="random", game="One Piece",
    results=_ONE_GAME, schedule=None,
    pairing_text="Bandai TCG+: not published; simulated as point groups at random, the last round too",
    sources="Bandai's official event pages (double loss); tiebreakers from a secondary source",
    assumed="tiebreakers (secondary source); the rounds table and the intentional-draw policy (a "
    "draw is scored as the double loss, 0 points: it cannot help); 3% of games unfinished",
    agreed_draws=_no_gain("One Piece")))
DIGIMON = register(RulePack(
    "digimon", "Digimon Card Game (Bandai TCG+): 3/1/0, a bye 3; own match-win rate (byes left out, at "
    "least 1/3), opponents' average of it, then head-to-head", (WR, OWR, DE), last_round="random",
    game="Digimon", results=_ONE_GAME, schedule=schedule.DIGIMON,
    pairing_text="Bandai TCG+: not published; simulated as point groups at random, the last round too",
    sources="Digimon Card Game tournament rules (secondary source)",
    assumed="best-of-1 Swiss games; the Top 8; 3% timed draws",
    draws_said=_magic_model("Digimon", "a draw scores 1 point")))
FAB = register(RulePack(
    "fab", "Flesh and Blood (GEM): best-of-1, a win 1 point, a bye 1, a draw 0 (as a loss); "
    "match-loss % (lower is better, byes left out), opponents' match-loss %, opponents' points",
    (MLP, OMLP, OPTS), points=(0, 0, 1), last_round="random", game="Flesh and Blood", results=_ONE_GAME,
    schedule=schedule.FAB,
    pairing_text="GEM: not published; simulated as point groups at random, the last round too",
    sources="Flesh and Blood Tournament Rules and Policy, Appendix A.2 and A.4 (secondary source)",
    assumed="the tiebreakers' order and floors (secondary source, no floors); an intentional draw "
    "scores 0 like a loss, so `draw` says it cannot help", agreed_draws=_no_gain("Flesh and Blood")))
YUGIOH = register(RulePack(
    "yugioh", "Yu-Gi-Oh! (Konami): best-of-3, 3/1/0; opponents' match-win %, opponents' opponents' "
    "match-win % (Konami's XXYYYZZZ figure)", (OMW, OOMW), last_round="random", game="Yu-Gi-Oh!",
    pairing_text="Konami's software: not published; simulated as point groups at random, the last "
    "round too",
    sources="Konami's tournament policy (secondary source)",
    assumed="the floors (Magic's 1/3), the rounds table (Magic's Appendix E) and the "
    "intentional-draw policy (allowed)",
    draws_said=_magic_model("Yu-Gi-Oh!", "the intentional-draw policy not established: taken as allowed")))


def get_rules(name: str) -> RulePack:
    """The rule pack called ``name``; ``"PACK:KEYS"`` is that pack with its tiebreaks replaced by
    the keys (:func:`with_tiebreaks`; a file's own list, e.g. a Sharly Chess event's).

    :raises UsageError: for an unknown name, listing the known ones.
    """
    if ":" in name:
        base, spec = name.split(":", 1)
        return with_tiebreaks(get_rules(base), spec)
    try:
        return PACKS[name]
    except KeyError:
        raise UsageError(f"unknown rule pack {name!r}; known: {', '.join(PACKS)}") from None


def parse_tiebreaks(spec: str) -> tuple[Tiebreak, ...]:
    """The tiebreaks of a ``--tiebreaks`` list such as ``"BH-C1,BH,SB,WIN"`` (case-insensitive).

    Points always rank first; a leading ``PTS`` is accepted and dropped.

    :raises UsageError: for an empty list, an unknown key or a key given twice.
    """
    keys = [part.strip().upper() for part in spec.split(",")]
    if keys and keys[0] in ("PTS", "POINTS"):
        keys = keys[1:]
    if not keys or any(not k for k in keys):
        raise UsageError(f"--tiebreaks {spec!r}: give tiebreak keys separated by commas, e.g. "
                         "BH-C1,BH,SB,WIN (see `drawsafe rules`)")
    out: list[Tiebreak] = []
    for key in keys:
        if key in ("PTS", "POINTS"):
            raise UsageError(f"--tiebreaks {spec!r}: points always rank first; leave PTS out")
        if key not in TIEBREAKS:
            raise UsageError(f"--tiebreaks {spec!r}: unknown tiebreak {key!r}; "
                             f"known: {', '.join(TIEBREAKS)}")
        t = TIEBREAKS[key]
        if any(u.key == t.key for u in out):
            raise UsageError(f"--tiebreaks {spec!r}: {key} is given twice (or with its variant)")
        out.append(t)
    return tuple(out)


def with_tiebreaks(pack: RulePack, spec: str) -> RulePack:
    """``pack`` with its tiebreak list replaced by ``spec`` (same points and unplayed rounds)."""
    tiebreaks = parse_tiebreaks(spec)
    keys = ",".join(t.key for t in tiebreaks)
    return replace(pack, tiebreaks=tiebreaks, floor_variant=None, floor_variant_text="",
                   description=f"{pack.description} -- tiebreaks replaced by --tiebreaks {keys}")


def behaviour_file(fitted: str = "") -> str:
    """The package data file of the behaviour model learned from real events of a pack's
    :attr:`RulePack.draws_fitted` ("": Magic's)."""
    return f"behaviour-{fitted}.json" if fitted else "behaviour.json"


@functools.cache
def trained_text(fitted: str = "") -> str:
    """What the behaviour model of :attr:`RulePack.draws_fitted` learned from, in words, read from
    its data file (``drawsafe rules``)."""
    text = resources.files("drawsafe").joinpath("data", behaviour_file(fitted)).read_text(encoding="utf-8")
    t = json.loads(text).get("trained_on") or {}
    said = (f"{t['events']} events, {t['tables']} tables, {t['draws']} intentional draws"
            if "events" in t else "")
    return (f"the behaviour model learned from real {t.get('game', 'Magic')} events"
            + (f" ({said}; {t['data']})" if said else "") + ", cross-validated by event with "
            "drawsafe calibrate")
