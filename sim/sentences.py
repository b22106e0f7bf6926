"""Every sentence drawsafe says about a player, built in one place: a table's verdict (draw or
play), what a player needs from the other tables (conditions), clinched and eliminated
(certainty), a proven figure, who a player likely faces next, why a player is not paired, and why
a game has no draw-or-play verdict.

The figures inside them are :mod:`drawsafe.text`'s; the claims come from the library (the exact
search of :mod:`drawsafe.simulation.certainty` and :mod:`drawsafe.simulation.needs`), and each
builder words a claim only as it was proven:

- "in if X, otherwise out", "in unless X", "out if X" when the conditions are exhaustive and
  exact (every combination of the tables' results settled, the player's place proven in each);
- "sure to be in if ...", "sure to be out if ...", "sure to be in if none of these happens: ..."
  for a condition that is sufficient only, and what is not proven then says so ("otherwise it
  comes down to OWP and OOWP") with the simulations' figure beside it where the answer has one;
- "clinched", "eliminated", "in whatever happens" for a proven figure, never a Monte Carlo
  interval beside it.

Two variants of every sentence: ``"terminal"`` may name command-line options (``--json``),
``"page"`` (the phone card, the report, the JSON answers' ``text``) never does.

Like :mod:`drawsafe.text` it imports nothing heavy: the objects it words are read by their
attributes (a condition's ``parts``, a figure's ``estimate``...).
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.choices import VERDICTS
from drawsafe.text import (
    VERDICT_WORDS,
    exact_percent,
    proportion_brief,
    proportion_text,
    whole_percent,
)

TERMINAL, PAGE = "terminal", "page"
#: Conditions said in one sentence (every one of them in the JSON answers).
SAID = 3
#: Players named in a sentence that counts them ("at most 1 of these 16").
NAMED = 8

#: A player's own result as the sentences say it: "if you lose".
OWN_WORDS = {"win": "win", "draw": "draw", "loss": "lose"}
#: What a proven figure reads instead of a percentage (the terminal's tables, the card).
PROVEN_WORDS = {"clinched": "clinched", "eliminated": "eliminated"}
#: A table's results, as classes: A wins, a draw, B wins.
A_WINS, DRAW, B_WINS = 0, 1, 2


def if_you(own: str) -> str:
    """"if you lose" for the own result ``"loss"``."""
    return f"if you {OWN_WORDS[own]}"


# --- a table's verdict --------------------------------------------------------------------------
#
# Verdicts in words, for a player who does not read statistics: who gains from a draw, who loses,
# who is unaffected, by name, with the numbers the words sit on.  :func:`table_words` turns one
# table of ``drawsafe draw`` (a :class:`~drawsafe.simulation.decisions.TableDecision`) into a
# headline and a sentence.  Every claim is read off the figures: a player *gains* from drawing when
# the paired 95% interval of P(cut | draw) - P(cut | play) lies above zero, *loses* when it lies
# below, and is *unaffected* otherwise; the percentages are the figures as a player reads them
# (:func:`drawsafe.text.whole_percent`), a proven figure its word ("clinched"); the headlines each
# verdict's (:data:`drawsafe.text.VERDICT_WORDS`).  The command line, the phone page and the report
# all say it this way.

#: The verdicts' names (drawsafe.choices: the command line imports this module without numba).
SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE = VERDICTS

GAINS, LOSES, SAME = "gains", "loses", "unaffected"


@dataclass(frozen=True)
class Effect:
    """What drawing does to one player's odds; ``proven_play`` and ``proven_draw`` say a figure
    that is proven ("clinched", "eliminated"), which the phrase then says instead of a percentage."""

    player: str
    kind: str  # GAINS, LOSES or SAME
    play: float
    draw: float
    proven_play: str | None = None
    proven_draw: str | None = None

    def phrase(self) -> str:
        play = self.proven_play or whole_percent(self.play)
        draw = self.proven_draw or whole_percent(self.draw)
        if self.kind == GAINS:
            if self.proven_draw == "clinched":
                return f"clinches the cut for {self.player} (from {play} if you play)"
            return f"takes {self.player} from {play} to {draw}"
        if self.kind == LOSES:
            if self.proven_draw == "eliminated":
                return f"eliminates {self.player} (from {play} if you play)"
            return f"takes {self.player} from {play} down to {draw}"
        if play == draw:
            return f"costs {self.player} nothing ({play} either way)"
        return f"changes little for {self.player} ({play} if you play, {draw} if you draw)"


def effect(x, proven=None) -> Effect:
    """What drawing does to ``x``'s odds (``proven(player, figure)``: the proven word of a figure,
    :meth:`drawsafe.simulation.certified.Certified.proven`)."""
    ci = x.difference.confidence_interval()
    kind = GAINS if ci.low > 0 else (LOSES if ci.high < 0 else SAME)
    said = proven if callable(proven) else (lambda player, figure: None)
    return Effect(x.player, kind, x.play.estimate, x.draw.estimate, said(x.player, "play"), said(x.player, "draw"))


@dataclass(frozen=True)
class TableWords:
    """A table's verdict in words: ``headline`` and ``sentence``; ``effects`` the claims they make,
    player A's first."""

    headline: str
    sentence: str
    effects: tuple[Effect, Effect]


def table_words(t, cut="Top 8", safe: float = 0.99, me: str | None = None, proven=None) -> TableWords:
    """The verdict of table ``t`` in words (``me``: the player reading it comes first; ``proven``:
    what is proven of each player's figures, said instead of a percentage); ``cut``: a
    :class:`~drawsafe.event.cut.Cut` (its :meth:`~drawsafe.event.cut.Cut.noun`) or a name ("Top 8")."""
    cut = cut.noun() if hasattr(cut, "noun") else f"the {cut}"
    a, b = (effect(p, proven) for p in t.players)
    if me is not None and b.player == me:
        a, b = b, a
    first, second = a.phrase(), b.phrase()
    said = VERDICT_WORDS[t.verdict]
    # an exact answer (every outcome enumerated, ExactShare figures) counts chances, not simulations
    exact = type(t.players[0].draw).__name__ == "ExactShare"
    if t.verdict == NOTHING_AT_STAKE:
        odds = f"has as much as a 1% chance of making {cut}" if exact else \
            f"makes {cut} in as much as 1% of the simulations"
        return TableWords(said.headline,
                          f"Neither of you {odds}, whether you draw or play: the result here decides nothing "
                          "for the cut.", (a, b))
    if t.verdict == SAFE_TO_DRAW:
        odds = (f"with a chance of at least {whole_percent(safe)}, counting every outcome of the open tables"
                if exact else f"in at least {whole_percent(safe)} of the simulations")
        if a.proven_draw == b.proven_draw == "clinched":
            odds = "whatever happens (proven)"
        return TableWords(said.headline,
                          f"If you draw, both of you make {cut} {odds}. Drawing {first}, and {second}.", (a, b))
    if t.verdict == PLAY:
        if LOSES in (a.kind, b.kind):
            return TableWords(said.headline, f"Drawing {first}, and {second}: play.", (a, b))
        return TableWords(said.headline, f"A draw does not improve your odds: it {first}, and {second}. "
                          "When a draw gains nothing, play.", (a, b))
    gainers = [e for e in (a, b) if e.kind == GAINS]
    if t.verdict == DRAW_BOTH:
        headline = said.headline if len(gainers) == 2 else said.headline_one_gains
        return TableWords(headline, f"Drawing {first}, and {second}.", (a, b))
    # DRAW_ONE
    helped = gainers[0].player if gainers else (a.player if a.draw >= a.play else b.player)
    headline = said.headline.format(player=helped)
    if LOSES in (a.kind, b.kind):
        return TableWords(headline, f"Drawing {first}, but {second}: agree only if both of you accept that.",
                          (a, b))
    return TableWords(headline, f"Drawing {first}, and {second}.", (a, b))


# --- conditions on the other tables -------------------------------------------------------------

def result_words(number: int, players: tuple[str, str], results) -> str:
    """One table's part of a condition: "Alice beats Bob (table 3)", "table 7 draws", "table 5 has
    a winner", "Bob does not beat Alice (table 2)"; ``results`` the classes it allows."""
    a, b = players
    res = set(results)
    if res == {A_WINS, B_WINS}:
        return f"table {number} has a winner"
    if res == {DRAW}:
        return f"table {number} draws"
    if res == {A_WINS}:
        return f"{a} beats {b} (table {number})"
    if res == {B_WINS}:
        return f"{b} beats {a} (table {number})"
    if res == {A_WINS, DRAW}:
        return f"{b} does not beat {a} (table {number})"
    return f"{a} does not beat {b} (table {number})"


def condition_words(parts) -> str:
    """A condition (``((number, players, results), ...)``): its tables' parts joined by "and"."""
    return " and ".join(result_words(n, names, res) for n, names, res in parts) or "always"


def alternatives(conditions, where: str, when: str = "any") -> str:
    """Conditions as a sentence lists them after "if" (``when`` "any": one of them holds; "none":
    none does): the first :data:`SAID`, then how many more.  Conditions of several tables are
    numbered, so that their "and" does not run into the list's "or": "table 3 draws or Alice
    beats Bob (table 2)", "one of these happens: (1) table 3 draws and table 4 draws, (2) ..."."""
    said = [condition_words(c.parts) for c in conditions[:SAID]]
    numbered = len(conditions) > 1 and any(len(c.parts) > 1 for c in conditions)
    if numbered:
        listed = ", ".join(f"({i}) {w}" for i, w in enumerate(said, 1))
    else:
        listed = (", " if when == "none" else " or ").join(said)
    if when == "none":
        text = f"none of these happens: {listed}"
    else:
        text = f"one of these happens: {listed}" if numbered else listed
    more = len(conditions) - SAID
    if more > 0:
        word = "or" if when == "any" else "and"
        text += f" ({word} {more} more: --json lists them)" if where == TERMINAL else f" ({word} {more} more)"
    return text


def deciders(keys: tuple[str, ...], game_keys: tuple[str, ...], game_points: bool, exact: bool) -> str:
    """What decides a player's place where the proof stops, from the rule pack: on points alone
    (``exact`` False) the pack's tiebreaks ("OWP and OOWP"); after the exact search, which ranks on
    every tiebreak that reads match results, only the tiebreaks that read game scores
    (``game_keys``: "GW% and OGW%"), the game scores themselves where points go by games
    (``game_points``) and the random order of exact ties."""
    if not exact:
        return f"the tiebreaks ({and_list(keys)})" if keys else "the random order of exact ties"
    parts = []
    if game_points:
        parts.append("the game scores")
    if game_keys:
        parts.append(f"the game-score tiebreaks ({and_list(game_keys)})")
    parts.append("the random order of exact ties")
    return or_list(parts)


def and_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def or_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def figure_words(p, where: str) -> str:
    """A player's odds in a sentence: the simulations' figure with its 95% interval
    (:func:`drawsafe.text.proportion_text` on the terminal, :func:`proportion_brief` on a page),
    an exact share (every outcome counted) without one."""
    if type(p).__name__ == "ExactShare":
        return f"{exact_percent(p.estimate)}, counting every outcome"
    text = proportion_text(p) if where == TERMINAL else proportion_brief(p)
    return f"{text} in the simulations"


@dataclass(frozen=True)
class Claim:
    """One thing a sentence says about a player (for one own result): ``says`` "in" (surely in the
    cut), "out" (surely out), "not in" (not surely in) or "open" (no outcome proven in: a statement
    of the proof, not of the outcomes); ``when`` "any" (in every outcome where
    one of ``conditions`` holds), "none" (where none holds), "always", or "at most" (where at most
    ``at_most`` of ``rivals`` reach ``points``)."""

    says: str
    when: str
    conditions: tuple = ()
    rivals: tuple[tuple[str, int], ...] = ()
    at_most: int = -1
    points: float | None = None

    def to_json(self) -> dict:
        d = {"says": self.says, "when": self.when}
        if self.when in ("any", "none"):
            d["conditions"] = [c.to_json() for c in self.conditions]
        if self.when == "at most":
            d.update(at_most=self.at_most, points=self.points,
                     rivals=[{"player": n, "table": t} for n, t in self.rivals])
        return d


#: How a sentence ends where its claims leave outcomes unproven: "ties" (the exact search's
#: undecided outcomes: tiebreaks it does not rank on), "points" (the points-only bound's: players
#: level on points across the line), "incomplete" (outcomes the conditions, at most three tables
#: each, do not reach), "unproven" (beyond the points-only bound's tables), "" (none).
REST_TIES, REST_POINTS, REST_INCOMPLETE, REST_UNPROVEN, REST_NONE = "ties", "points", "incomplete", "unproven", ""


def need_sentence(own: str, claims: tuple[Claim, ...], rest: str, decided_by: str, odds=None,
                  where: str = PAGE) -> str:
    """What a player needs for one own result, in one sentence, from its ``claims``: exact and
    exhaustive pairs read "in unless X" / "in if X, otherwise out"; sufficient-only claims read
    "sure to be in if ..."; ``rest`` says what is left unproven (``decided_by``: what decides it,
    :func:`deciders`) and ``odds`` (the answer's figure for that own result) gives its number."""
    head = f"{if_you(own)}: "
    kinds = {(c.says, c.when): c for c in claims}
    if ("in", "none") in kinds and ("out", "any") in kinds and not rest:
        return head + "in unless " + alternatives(kinds[("in", "none")].conditions, where)
    if ("in", "any") in kinds and ("out", "none") in kinds and not rest:
        return head + "in if " + alternatives(kinds[("in", "any")].conditions, where) + "; otherwise out"
    said = []
    for c in claims:
        if c.says == "not in":
            said.append("not sure of the cut whatever the other tables do")
        elif c.says == "open":
            said.append("not proven to be in whatever the other tables do")
        elif c.when == "at most":
            said.append(rivals_words(c, where))
        elif c.when == "none":
            said.append(f"sure to be {c.says} if " + alternatives(c.conditions, where, "none"))
        else:
            said.append(f"sure to be {c.says} if " + alternatives(c.conditions, where))
    if rest:
        lead = "otherwise " if any(c.says in ("in", "out") for c in claims) else ""
        if rest == REST_TIES:
            said.append(f"{lead}it comes down to {decided_by}")
        elif rest == REST_POINTS:
            said.append(f"{lead}it comes down to {decided_by}, not worked out here (too many tables "
                        "for the exact search)")
        elif rest == REST_UNPROVEN:
            said.append(f"{lead}not proven here (too many tables for the exact search)")
        else:
            said.append(f"{lead}not worked out here (it takes conditions on more than 3 tables)")
        if odds is not None:
            said.append(f"your odds {if_you(own)}: {figure_words(odds, where)}")
    return head + "; ".join(said)


def rivals_words(c: Claim, where: str) -> str:
    """A claim counted over players who can reach a total: "sure to be in if at most 1 of these
    16 reach 15 points: A (table 4), ..."."""
    who = ", ".join(f"{n} (table {t})" for n, t in c.rivals[:NAMED])
    more = len(c.rivals) - NAMED
    if more > 0:
        who += f" and {more} more" + (" (--json lists them)" if where == TERMINAL else "")
    pts = f"{c.points:g} points" if c.points is not None else "your points"
    if c.at_most == 0:
        return f"sure to be in if none of these reaches {pts}: {who}"
    return f"sure to be in if at most {c.at_most} of these {len(c.rivals)} reach {pts}: {who}"


# --- certainty ----------------------------------------------------------------------------------

def certainty_ifs(certainty_if: dict[str, str]) -> str:
    """The proven verdicts per own result: "clinched if you win; eliminated if you lose"."""
    return "; ".join(f"{v} {if_you(r)}" for r, v in certainty_if.items() if v in PROVEN_WORDS)


def certainty_line(player: str, certainty: str, certainty_if: dict[str, str]) -> str:
    """A player's certainty on one terminal line: "Alice: clinched", "Bob: open (clinched if you
    win)"."""
    ifs = certainty_ifs(certainty_if)
    return f"{player}: {certainty}" + (f" ({ifs})" if ifs and certainty not in PROVEN_WORDS else "")


def certainty_headline(certainty: str, certainty_if: dict[str, str], cut) -> str:
    """A player's certainty as their card's headline; ``cut`` the event's
    :class:`~drawsafe.event.cut.Cut` (its :meth:`~drawsafe.event.cut.Cut.noun`: "the Top 8", "the
    cut at 19+ points").  A cut by rank may still open to a player when someone above drops; a
    points cut does not."""
    if certainty == "clinched":
        return f"Clinched: you make {cut.noun()} whatever happens."
    if certainty == "eliminated":
        unless = "" if cut.points is not None else " (unless someone above you drops)"
        return f"Eliminated: you cannot make {cut.noun()}{unless}."
    ifs = certainty_ifs(certainty_if)
    return "Not decided yet" + (": " + ifs + "." if ifs else ".")


def proven_figure(certainty: str | None) -> str | None:
    """The word a proven figure reads ("clinched", "eliminated"), None when it is not proven."""
    return PROVEN_WORDS.get(certainty or "")


def combined(values) -> str:
    """The certainty of several outcomes together: clinched (eliminated) when each is."""
    values = list(values)
    if values and all(v == "clinched" for v in values):
        return "clinched"
    if values and all(v == "eliminated" for v in values):
        return "eliminated"
    return "open"


# --- a result fixed by the user (--if) ------------------------------------------------------------

def hypothetical_line(result: str) -> str:
    """A result the user fixed, said apart from the official ones: "If: table 6, Chip Richey wins
    (hypothetical, not reported)" (``result``: the table and its result in words)."""
    return f"If: {result} (hypothetical, not reported)"


# --- a game where a draw cannot help --------------------------------------------------------------

def no_draw_sentence(game: str, pack: str, loss_points) -> str:
    """``draw``'s answer in a game that scores an intentional draw as a loss (in every view: it
    names no command)."""
    return (f"In {game} ({pack}) an intentional draw scores {loss_points:g} points, as a loss does: it "
            "cannot help either player make the cut, so there is no draw-or-play verdict. Play; the odds "
            "give each player's chances.")


# --- the next round -----------------------------------------------------------------------------

def opponents_sentence(round_number: int, opponents, points, bye: float, samples: int) -> str:
    """Who a player likely faces in a round not paired yet: "In round 15 you likely face Alex
    (34%), Bea (20%); an opponent on 12 points 60% of the time (from 100 pairings)."; ``opponents``
    (name, share), ``points`` (points, share)."""
    if not opponents and bye:
        return f"In round {round_number} you get a bye ({bye:.0%} of {samples} pairings)."
    names = ", ".join(f"{n} ({s:.0%})" for n, s in opponents)
    text = f"In round {round_number} you likely face {names}"
    group = max(points, key=lambda x: x[1]) if points else None
    if group:
        text += f"; an opponent on {group[0]:g} points {group[1]:.0%} of the time"
    if bye:
        text += f"; a bye {bye:.0%} of the time"
    return text + f" (from {samples} pairings)."


# --- a player without a table -------------------------------------------------------------------

#: Why a player has no table in a round (:func:`unpaired_sentence`).
WHY_CUT, WHY_DROPPED, WHY_LEFT, WHY_BYE, WHY_LOSS, WHY_DIVISION, WHY_REPORTED, WHY_NEVER = (
    "missed the cut", "dropped", "left", "bye", "loss", "other division", "reported", "never played")


def unpaired_sentence(player: str, round_number: int, why: str, *, last: int = 0, points: float | None = None,
                      phase: str = "", cut: str = "", division: str = "", opponent: str = "",
                      table: int = 0) -> str:
    """Why ``player`` has no table to play in round ``round_number``, from the file: cut after a
    phase (``phase`` "day 1", on ``points`` after round ``last``, ``cut`` its words), dropped after
    round ``last`` (said by the file) or gone since it (no match after it), a bye or a loss without
    opponent in the round, another division of the pod, a result already in, or no round played."""
    if why == WHY_CUT:
        phase = phase or "the next phase"
        pts = f" with {points:g} points" if points is not None else ""
        rule = f" ({phase} took {cut})" if cut else ""
        return f"{player} is not paired in round {round_number}: missed the cut for {phase}{pts} after round {last}{rule}."
    if why == WHY_DROPPED:
        return f"{player} is not paired in round {round_number}: dropped after round {last}."
    if why == WHY_LEFT:
        return (f"{player} is not paired in round {round_number}: no match since round {last} "
                f"(left the event after round {last}).")
    if why == WHY_BYE:
        return f"{player} has a bye in round {round_number}: no opponent, nothing to draw or play."
    if why == WHY_LOSS:
        return (f"{player} has a loss without opponent in round {round_number} (a no-show or late entry): "
                "no table to play.")
    if why == WHY_DIVISION:
        return f"{player} plays in the {division} division, not the one these standings rank."
    if why == WHY_REPORTED:
        return f"Table {table} against {opponent}: the result of round {round_number} is already in."
    return f"{player} has played no round of this event and is not paired in round {round_number}."
