"""``--if 6:B``: the answer with some results of the round about to be played fixed (hypothetical).

A user fixes a table's result in words (:func:`resolve`): ``A`` or ``B`` (the table's first or
second player wins), a player's name (forgiving, as ``--player``: that player wins), ``draw``,
``id`` (an intentional draw) or ``played-draw``.  ``draw`` is the draw the game has: an
intentional draw (0-0-3) in packs of matches, a played draw in one-game packs (chess).

A fixed result is written into the round's tables as a mode the engine already plays
(:func:`fixed_round`): a win as ``FORCE_A`` / ``FORCE_B`` (the game score still drawn from the
result model's decided scores, as a free table's win is: in Magic a fixed 2-1 or 2-0 keeps
moving GW% and OGW% as it would), an intentional draw as ``INTENTIONAL`` (0-0-3, nothing left to
draw), a played draw as ``KNOWN`` with its score where the result model has one played-draw score
(best-of-one and chess: 0-0-1; a pack with several is refused: which score it was moves the game
win percentages).  In the last round every table's result is drawn apart from the others', so
the worlds with a table forced to a result are distributed as the worlds in which it ended so
(conditioning), and every figure (odds, ranks, points, draw or play, what-if) is conditioned,
from every world simulated: no world is thrown away, the intervals are those of the worlds used.
With rounds to go the same modes fix the round about to be played; later rounds are paired from
its results as always.  The other tables' choices (``--others``) are made before any result is
known, so they stay as the question models them without the fixed results.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.engine import kernel as engine
from drawsafe.errors import UsageError
from drawsafe.event.names import find_player
from drawsafe.sentences import hypothetical_line

#: The results a user can fix, by the word typed (a player's name aside).
WIN_A, WIN_B, ID, PLAYED = "A", "B", "ID", "DRAWN"
#: The words that name a draw (``draw``: the game's own, :func:`draw_of`).
DRAW_WORDS = {"draw": None, "id": ID, "intentional-draw": ID, "played-draw": PLAYED}
#: What the option takes, said by every refusal of a word.
WORDS_HELP = ("A or B (the table's first or second player wins), a player's name, draw, id (an "
              "intentional draw) or played-draw")
#: Each result in the JSON answers (the what-if's words).
RESULT_JSON = {WIN_A: "A wins", WIN_B: "B wins", ID: "intentional draw", PLAYED: "played draw"}
#: The table mode each result is written as (:func:`fixed_round`).
MODES = {WIN_A: engine.FORCE_A, WIN_B: engine.FORCE_B, ID: engine.INTENTIONAL, PLAYED: engine.KNOWN}


@dataclass(frozen=True)
class Fixed:
    """One table's result fixed by the user: ``table`` (1-based), its players, ``result``
    (:data:`WIN_A`, :data:`WIN_B`, :data:`ID`, :data:`PLAYED`) and a played draw's ``score``."""

    table: int
    player_a: str
    player_b: str
    result: str
    score: tuple[int, int, int] | None = None

    @property
    def winner(self) -> str | None:
        return self.player_a if self.result == WIN_A else self.player_b if self.result == WIN_B else None

    def outcome(self) -> str:
        """The result in words: "Chip Richey wins", "A and B draw intentionally", "A and B play to a draw"."""
        if self.winner is not None:
            return f"{self.winner} wins"
        how = "draw intentionally" if self.result == ID else "play to a draw"
        return f"{self.player_a} and {self.player_b} {how}"

    def words(self) -> str:
        """The table and its result: "table 6, Chip Richey wins"."""
        return f"table {self.table}, {self.outcome()}"

    def to_json(self) -> dict:
        return {"table": self.table, "players": [self.player_a, self.player_b], "result": RESULT_JSON[self.result],
                "winner": self.winner, "hypothetical": True}


def draw_of(one_game: bool) -> str:
    """What ``draw`` fixes: a played draw in one-game packs (chess), else an intentional draw."""
    return PLAYED if one_game else ID


def fixed_round(fr, fixed: tuple[Fixed, ...]):
    """``fr`` (a :class:`~drawsafe.simulation.simulator.FirstRound`) with the ``fixed`` results
    written into its tables' modes (see the module text); ``fr`` itself when nothing is fixed."""
    if fr is None or not fixed:
        return fr
    mode, score = fr.mode.copy(), fr.score.copy()
    for f in fixed:
        t = f.table - 1
        mode[t] = MODES[f.result]
        if f.result == PLAYED:
            score[t] = f.score
    return type(fr)(fr.a, fr.b, mode, score, fr.draw_p)


def fixed_tables(fixed: tuple[Fixed, ...]) -> frozenset[int]:
    """The fixed tables, 0-based."""
    return frozenset(f.table - 1 for f in fixed)


def resolve(snap, rules, question, texts: tuple[str, ...], fr) -> tuple[Fixed, ...]:
    """The results ``texts`` ("6:B", "3:draw", "12:Chip Richey") fix in the round about to be
    played of ``snap``, whose tables ``fr`` are as ``question`` finds them (published, or the last
    round projected by standings: :func:`drawsafe.simulation.decisions.round_tables`; None: not
    known yet), checked: a table of the round, with an opponent and no result in yet, given once,
    not the asked player's own, and a result the game has.

    :raises UsageError: one line, naming the ``--if`` given and what to do."""
    if not texts:
        return ()
    if fr is None:
        raise UsageError(f"--if: the tables of round {snap.after_round + 1} are not known yet (not published, and "
                         "only the last Swiss round is projected): there is no table to fix")
    names, seen, out = snap.names, set(), []
    for text in texts:
        table, _, word = str(text).partition(":")
        if not table.strip() or not word.strip():
            raise UsageError(f"--if {text}: give TABLE:RESULT, e.g. --if 6:B or --if 3:draw")
        try:
            t = int(table.strip())
        except ValueError:
            raise UsageError(f"--if {text}: {table.strip()!r} is not a table number") from None
        if not 1 <= t <= fr.tables:
            raise UsageError(f"--if {text}: round {snap.after_round + 1} has tables 1 to {fr.tables}, no table {t}")
        a, b = int(fr.a[t - 1]), int(fr.b[t - 1])
        if b < 0:
            raise UsageError(f"--if {text}: table {t} is {names[a]} without an opponent; there is no result to fix")
        if fr.mode[t - 1] == engine.KNOWN:
            raise UsageError(f"--if {text}: table {t}'s result is already in ({names[a]} v {names[b]}); "
                             "the answer counts it as reported")
        if t in seen:
            raise UsageError(f"--if {text}: table {t} is given twice; fix each table once")
        if question.player is not None and question.player in (names[a], names[b]):
            raise UsageError(f"--if {text}: table {t} is {question.player}'s own; the answer already gives their "
                             "odds if they draw, win or lose: fix other tables' results")
        seen.add(t)
        out.append(fixed_result(t, names[a], names[b], word.strip(), text, rules=rules, question=question))
    return tuple(out)


def fixed_result(t: int, a: str, b: str, word: str, text: str, *, rules, question) -> Fixed:
    """Table ``t`` (``a`` v ``b``) ending as ``word`` says (:func:`resolve`'s checks)."""
    lowered = word.lower()
    if lowered in ("a", "b"):
        return Fixed(t, a, b, WIN_A if lowered == "a" else WIN_B)
    if lowered in DRAW_WORDS:
        result = DRAW_WORDS[lowered] or draw_of(rules.results.one_game)
        if result == ID and not rules.draw_helps:
            raise UsageError(f"--if {text}: in {rules.game} ({rules.name}) an intentional draw scores no more "
                             "than a loss; fix a win (A or B)")
        if result != PLAYED:
            return Fixed(t, a, b, result)
        scores = {tuple(int(x) for x in s[:3]) for s in question.results.drawn}
        if len(scores) != 1:
            shown = ", ".join("-".join(str(x) for x in s) for s in sorted(scores, reverse=True))
            raise UsageError(f"--if {text}: a played draw ends {shown} here, and its game score moves the game "
                             "win percentages; fix an intentional draw (id) or a win")
        return Fixed(t, a, b, PLAYED, next(iter(scores)))
    lookup = find_player((a, b), word)
    if lookup.name is not None:
        return Fixed(t, a, b, WIN_A if lookup.name == a else WIN_B)
    said = lookup.message() if lookup.suggestions else f"{word!r} is no result"
    raise UsageError(f"--if {text}: {said}; table {t} is {a} v {b}: give {WORDS_HELP}")


def fixed_note(fixed: tuple[Fixed, ...]) -> tuple[str, ...]:
    """The fixed results, each in a line apart from the official ones (the terminal's and the notes')."""
    return tuple(hypothetical_line(f.words()) for f in fixed)

