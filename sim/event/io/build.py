"""Checks shared by every importer: the rules an event file must obey, with precise messages.

Importers parse their syntax and hand matches to an :class:`EventBuilder`; the builder checks the
things that do not depend on syntax (a player twice in a round, unknown names, game scores that
cannot happen, round numbers with gaps, duplicated names) and assembles the :class:`~drawsafe.event.model.Event`.
"""

from __future__ import annotations

from dataclasses import replace

from drawsafe.errors import InputError
from drawsafe.event.io.numbers import whole
from drawsafe.event.model import (
    ALL_KINDS,
    BYE,
    DOUBLE_LOSS,
    FORFEIT,
    HALF_BYE,
    LOSS,
    MATCH,
    MATCH_KINDS,
    SOLO_KINDS,
    Event,
    Match,
    Round,
)

#: Largest best-of accepted, and most games of one kind in one match: game counts are stored as
#: 8-bit integers in the snapshot arrays.
MAX_BEST_OF = 99
MAX_GAMES = 100


def check_best_of(best_of: int, file: str, where: str) -> int:
    """``best_of`` when it is odd and at most :data:`MAX_BEST_OF`, else an InputError."""
    if not 1 <= best_of <= MAX_BEST_OF or best_of % 2 == 0:
        raise InputError(file, where, f"best_of must be odd, from 1 to {MAX_BEST_OF}, not {best_of}")
    return best_of


#: Most Swiss rounds an event file may announce (and most awarded byes per player).
MAX_ROUNDS = 99


def check_count(value: int, file: str, where: str, what: str, low: int = 1) -> int:
    """``value`` when it is from ``low`` to :data:`MAX_ROUNDS`, else an InputError."""
    if not low <= value <= MAX_ROUNDS:
        raise InputError(file, where, f"{what} must be from {low} to {MAX_ROUNDS}, not {value}")
    return value


def check_text(value: object, file: str, where: str) -> str | None:
    """An optional text field (``date``, ``rules``): a string or nothing, else an InputError."""
    if value is not None and not isinstance(value, str):
        raise InputError(file, where, f"must be a text, not {value!r}")
    return value


def solo(rnd: int, player: str, halves: int, where: str) -> Match:
    """A chess round without an opponent by the half points it gives: a bye (2), a half-point bye
    (1) or a loss (0)."""
    return Match(rnd, player, kind=(LOSS, HALF_BYE, BYE)[halves], where=where)


def forfeit(rnd: int, white: str, black: str, winner: int | None, where: str) -> Match:
    """A chess game not played (``+``/``-``): won by forfeit by white (``winner`` 0) or black (1), or
    lost by both (None)."""
    if winner is None:
        return Match(rnd, white, black, kind=DOUBLE_LOSS, where=where)
    a, b = (white, black) if winner == 0 else (black, white)
    return Match(rnd, a, b, kind=FORFEIT, where=where)


def score_problem(a: int, b: int, d: int, best_of: int) -> str | None:
    """Why a game score ``a-b-d`` cannot happen in a best-of-``best_of`` match (``None`` if it can)."""
    need = best_of // 2 + 1
    if min(a, b, d) < 0:
        return f"negative game count in {a}-{b}-{d}"
    if a > need or b > need:
        return f"game score {a}-{b}-{d} is impossible in a best-of-{best_of} match"
    if a == need and b == need:
        return f"game score {a}-{b}-{d}: both players cannot win the match"
    if d > best_of + 2:
        return f"game score {a}-{b}-{d} has more drawn games than a best-of-{best_of} match allows"
    if a + b + d == 0:
        return "game score 0-0-0 reports no games (an intentional draw is reported as 0-0-3)"
    return None


def parse_int(text: object, file: str, where: str, what: str) -> int:
    """An integer game count or round number from a cell, or an InputError naming it."""
    if isinstance(text, bool):
        raise InputError(file, where, f"{what} must be a whole number, not {text!r}")
    if isinstance(text, int):
        return text
    if isinstance(text, float) and text.is_integer():
        return int(text)
    if isinstance(text, str):
        return whole(text, file, where, what)  # ASCII digits: str.isdigit() also accepts '¹', '²', ...
    raise InputError(file, where, f"{what} must be a whole number, not {text!r}")


class EventBuilder:
    """Collects matches, checks them and builds an :class:`Event`.

    With ``strict=False`` (published data from event software), game scores that cannot happen in
    a best-of-three are kept as published, with a note, because the published standings count them.
    """

    def __init__(self, file: str, format: str, *, strict: bool = True, best_of: int = 3):
        self.file = file
        self.format = format
        self.strict = strict
        self.best_of = best_of
        self.declared: dict[str, str] = {}  # declared player list: name -> where
        self.seen: dict[str, None] = {}  # players in order of first appearance
        self.rounds: dict[int, list[Match]] = {}
        self.round_names: dict[int, str] = {}
        self.playoff_rounds: set[int] = set()
        self.drops: dict[str, int] = {}
        self.drop_where: dict[str, str] = {}
        self.notes: list[str] = []

    def fail(self, where: str | None, problem: str, hint: str | None = None) -> InputError:
        return InputError(self.file, where, problem, hint)

    def declare_player(self, name: object, where: str) -> str:
        name = self.check_name(name, where)
        if name in self.declared:
            raise self.fail(
                where, f"duplicated player name {name!r} (also at {self.declared[name]})",
                "every player needs a unique name; add a tag such as 'Name #2'",
            )
        self.declared[name] = where
        self.seen.setdefault(name)
        return name

    def check_name(self, name: object, where: str) -> str:
        if not isinstance(name, str) or not name.strip():
            raise self.fail(where, f"player name must be a non-empty text, not {name!r}")
        return name

    def add_match(self, m: Match) -> None:
        if m.kind not in ALL_KINDS:
            raise self.fail(m.where, f"unknown match kind {m.kind!r}", f"use one of {', '.join(MATCH_KINDS)}")
        if m.round < 1:
            raise self.fail(m.where, f"round number {m.round} must be 1 or more")
        self.check_name(m.player_a, m.where)
        if m.kind in SOLO_KINDS:
            if m.player_b is not None:
                raise self.fail(m.where, f"a {m.kind} has no opponent, but {m.player_b!r} is given")
        else:
            self.check_name(m.player_b, m.where)
            if m.player_a == m.player_b:
                raise self.fail(m.where, f"{m.player_a!r} is paired against themselves")
        m = self.check_score(m)
        for p in m.players:
            if self.declared and p not in self.declared:
                raise self.fail(
                    m.where, f"unknown player {p!r} in round {m.round}",
                    "every player must be in the file's player list; check the spelling",
                )
            self.seen.setdefault(p)
        self.rounds.setdefault(m.round, []).append(m)

    def check_score(self, m: Match) -> Match:
        scores = (m.a_wins, m.b_wins, m.draws)
        if m.kind in (BYE, LOSS, HALF_BYE, FORFEIT, DOUBLE_LOSS):
            return m
        if all(s is None for s in scores):
            return m  # pending result
        if any(s is None for s in scores):
            if m.draws is None and m.a_wins is not None and m.b_wins is not None:
                m = replace(m, draws=0)
            else:
                raise self.fail(m.where, "incomplete game score: give wins of A, wins of B and draws")
        if m.b_draws is not None:  # counted by the platform as it stands (the importer's note says so)
            if max(abs(m.a_wins), abs(m.b_wins), abs(m.draws), abs(m.b_draws)) > MAX_GAMES:
                raise self.fail(m.where, f"score {m.score_text()} counts more than {MAX_GAMES} games")
            return m
        if max(m.a_wins, m.b_wins, m.draws) > MAX_GAMES:
            raise self.fail(m.where, f"game score {m.a_wins}-{m.b_wins}-{m.draws} counts more than "
                                     f"{MAX_GAMES} games of one kind")
        problem = score_problem(m.a_wins, m.b_wins, m.draws, self.best_of)
        if problem:
            if self.strict or min(m.a_wins, m.b_wins, m.draws) < 0:
                raise self.fail(m.where, problem, "fix the score or set best_of for longer matches")
            self.notes.append(f"round {m.round}: {m.player_a} v {m.player_b}: {problem}; kept as published")
        return m

    def add_drop(self, player: object, after_round: int, where: str) -> None:
        player = self.check_name(player, where)
        if after_round < 0:
            raise self.fail(where, f"drop after round {after_round}: round must be 0 or more")
        if player in self.drops:
            raise self.fail(where, f"{player!r} is dropped twice (also at {self.drop_where[player]})")
        self.drops[player] = after_round
        self.drop_where[player] = where

    def build(self, name: str, **extras) -> Event:
        if not self.rounds and not self.declared:
            raise self.fail(None, "the file holds no players and no matches", "is it the right file?")
        numbers = sorted(self.rounds)
        for expected, got in enumerate(numbers, start=1):
            if got != expected:
                raise self.fail(
                    self.rounds[got][0].where,
                    f"round {expected} is missing (rounds found: {', '.join(map(str, numbers))})",
                    "round numbers must run 1, 2, 3, ... without gaps",
                )
        rounds = []
        for n in numbers:
            self.check_round(n, self.rounds[n])
            rounds.append(Round(n, tuple(self.rounds[n]), self.round_names.get(n, f"Round {n}"),
                                n in self.playoff_rounds))
        for player, after in self.drops.items():
            if player not in self.seen:
                raise self.fail(self.drop_where[player], f"unknown player {player!r} in a drop")
            for r in rounds:
                if r.number > after and player in r.players:
                    raise self.fail(
                        self.drop_where[player],
                        f"{player!r} dropped after round {after} but plays in round {r.number}",
                    )
        return Event(
            name=name, players=tuple(self.seen), rounds=tuple(rounds), source=self.file,
            format=self.format, drops=dict(self.drops), best_of=self.best_of,
            notes=tuple(self.notes) + tuple(extras.pop("notes", ())), **extras,
        )

    def check_round(self, number: int, matches: list[Match]) -> None:
        where_of: dict[str, str] = {}
        for m in matches:
            for p in m.players:
                if p in where_of:
                    raise self.fail(
                        m.where, f"{p!r} plays twice in round {number} (also at {where_of[p]})",
                        "a player has one match, bye or loss per round",
                    )
                where_of[p] = m.where or f"round {number}"
        last = max(self.rounds)
        pending = [m for m in matches if not m.reported]
        if pending and number != last:
            raise self.fail(
                pending[0].where, f"round {number} has a match without result but round {last} follows",
                "only the latest round may be in progress; fill in the result",
            )


__all__ = ["BYE", "FORFEIT", "HALF_BYE", "LOSS", "MATCH", "EventBuilder", "parse_int", "score_problem"]
