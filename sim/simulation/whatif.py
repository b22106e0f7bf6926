"""What if another table...?  A player's odds under each result of the other tables, from the
worlds the answer already played (:mod:`drawsafe.simulation.worlds`: common random numbers, no
new simulation).

In each kept world of the last round a seated player's value *if they play* is their chance of
the cut over their own table's played results (A wins, a played draw, B wins, weighted by the
result model: their table's intentional draw left out, whatever the other tables' model expects
of it).  For another flipped table and each of its results (A wins, a played draw, B wins, an
intentional draw where the other tables' model gives it one), the result's probability is its
share of the worlds and the player's odds if it happens are the mean value over the worlds in
which it did, with its 95% interval (:func:`drawsafe.stats.bounded_interval`): the shares
weighted by those means give back the player's odds if they play (the law of total
probability, on the same worlds).  A result the worlds saw rarely has a wide interval, and one
they never saw has no figure (``p_cut`` None).

A table *moves* a player's odds when one of its results' intervals, at the level that keeps the
whole family of the player's tests at 5% (Bonferroni over every table and result), leaves out
their odds if they play; the tables are sorted by how much they matter (the expected shift,
``sum p |p_cut - odds|``) and at most :data:`K` are kept.  Only flipped tables are looked at:
those where a player can still reach the cut with a win
(:func:`drawsafe.simulation.worlds.candidate_tables`).  Before any other round than the last the
pairings after it depend on its results: no what-if (:data:`NO_WHAT_IF`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import BASE_ONLY, PLAY_OR_DRAW, RESULTS
from drawsafe.simulation.worlds import candidate_tables
from drawsafe.stats import Mean, bounded_interval
from drawsafe.text import exact_percent, interval, interval_json, percent

#: Tables the phone card lets a player fix (:class:`CardCells`): a phone's worth, the first of
#: their what-if (those that matter most).
SHOWN = 3
#: Tables kept per player, those that matter most: the few a player can follow (the card shows
#: them, and "root for" of the exact answer keeps as many); the next ones matter less.
K = 5
#: The chance that at least one of a player's listed tables moves their odds by noise alone.
FAMILY = 0.05
#: Why there is no what-if with rounds to go.
#: Why an answer has no what-if.
NO_WHAT_IF = ("no what_if: it is answered in the last Swiss round, its tables known (published or projected); "
              "with rounds to go, the pairings after this round depend on its results")
#: How the simulated what-if is answered, for whom (:func:`kept_note`).
KEPT_NOTE = ("what_if: for {who}, at most {k} other tables whose result moves their odds if they play, those "
             "that matter most; each result's share of the simulated worlds and the odds in the worlds where "
             "it happened (the same worlds as the odds, no new simulation)")
#: How the exact what-if is answered (the last round in progress: :mod:`drawsafe.simulation.live`).
EXACT_NOTE = (f"what_if: exact, for every contender, at most {K} other tables whose result changes their odds, "
              "those that matter most; each result's probability and the odds if it happens, summed over "
              "every outcome of the other open tables; the player's own table as the answer models it "
              "(with --others none it plays, else its intentional draw is weighed in)")
#: Each result's words (A and B: the table's first and second player).
WORDS = {engine.A_WON: "A wins", engine.DRAWN: "played draw", engine.B_WON: "B wins", engine.ID: "intentional draw"}
#: The exact what-if's results (:func:`exact_what_if`: "draw" is any draw, played or intentional)
#: by the engine's codes, as the card names them.
EXACT_CODES = {"A wins": engine.A_WON, "draw": engine.DRAWN, "B wins": engine.B_WON}


@dataclass(frozen=True)
class ResultIf:
    """One result of another table (in words, its winner's name; ``code`` the engine's,
    :data:`~drawsafe.engine.flips.RESULTS`): its probability and the player's odds if it happens,
    ``cut`` from the worlds where it did (None: never), or ``exact`` from the exact answer."""

    result: str
    winner: str | None
    p: float
    cut: Mean | None
    exact: float | None = None
    code: int | None = None

    @property
    def p_cut(self) -> float | None:
        return self.exact if self.exact is not None else self.cut.estimate if self.cut is not None else None

    def to_json(self) -> dict:
        if self.exact is not None:
            ci, worlds = [self.exact, self.exact], None
        else:
            ci = interval_json(self.cut.confidence_interval()) if self.cut is not None else None
            worlds = self.cut.n if self.cut is not None else 0
        return {"result": self.result, "winner": self.winner, "p": self.p, "p_cut": self.p_cut,
                "ci": ci, "worlds": worlds}


@dataclass(frozen=True)
class TableIf:
    """Another table against a player's odds: each of its results, and how much it matters (the
    expected shift of their odds, ``sum p |p_cut - odds|``)."""

    table: int
    players: tuple[str, str]
    matters: float
    results: tuple[ResultIf, ...]

    def ranked(self) -> tuple[ResultIf, ...]:
        """The results with a figure, the player's best first."""
        return tuple(sorted((r for r in self.results if r.p_cut is not None), key=lambda r: -r.p_cut))

    def line(self) -> str:
        """The table in one line: the result to root for and the player's odds if it happens,
        against the worst result's (figures by :mod:`drawsafe.text`)."""
        ranked = self.ranked()
        best, worst = ranked[0], ranked[-1]

        def odds(r: ResultIf) -> str:
            if r.exact is not None:
                return exact_percent(r.exact)
            return f"{percent(r.p_cut)} {interval(r.cut.confidence_interval(), 1)}"

        wanted = f"{best.winner} to win" if best.winner is not None else result_words(best)
        return (f"table {self.table} ({self.players[0]} v {self.players[1]}): root for {wanted}: "
                f"{odds(best)} if so, {odds(worst)} if {result_words(worst)}")

    def to_json(self) -> dict:
        return {"table": self.table, "players": list(self.players), "matters": self.matters,
                "results": [r.to_json() for r in self.results]}


def played_weights(p: np.ndarray) -> np.ndarray:
    """``[tables, 3]``: each table's chance of A wins, a played draw, B wins if it plays, from the
    result probabilities of :func:`drawsafe.simulation.worlds.result_probabilities` (its draw by
    choice taken out; a table certain to draw: the played shares of its result model)."""
    played = p[:, :3]
    total = played.sum(1, keepdims=True)
    return np.divide(played, total, out=np.full_like(played, 1 / 3), where=total > 0)


def play_values(worlds, n: int, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(players, values, base): the seated players of the flipped tables, their value per world if
    they play (``[players, n]``, float64) and each flipped table's result per world (``[n, tables]``)."""
    parts = worlds.parts(n)
    flags = np.concatenate([s.flags for s in parts])
    base = np.concatenate([s.base for s in parts])
    players, rows = [], []
    for j, t in enumerate(worlds.tables.tolist()):
        for k, p in enumerate((worlds.fr.a[t], worlds.fr.b[t])):
            players.append(int(p))
            rows.append(flags[:, j, :3, k] @ weights[j])
    return np.array(players, dtype=np.int64), np.array(rows).reshape(len(rows), n), base


def what_if(worlds, n: int, players, k: int = K) -> dict[int, tuple[TableIf, ...]]:
    """Each of ``players`` (rows; those not seated at a flipped table are left out) against the
    other flipped tables, from worlds ``0 .. n - 1`` of ``worlds`` (a kept run flipping every
    table through each result): at most ``k`` tables, those that matter most (the module text)."""
    fr, names = worlds.fr, worlds.sim.snap.names
    weights = played_weights(worlds.p)
    seated, values, base = play_values(worlds, n, weights)
    where = {p: i for i, p in enumerate(seated.tolist())}
    rows = [where[p] for p in dict.fromkeys(int(x) for x in players) if p in where]
    out: dict[int, tuple[TableIf, ...]] = {int(seated[i]): () for i in rows}
    varies = [i for i in rows if np.ptp(values[i]) > 0]  # a constant value: no table moves it
    if not varies or n == 0:
        return out
    v = values[varies]
    tables = len(worlds.tables)
    sums = np.zeros((len(varies), tables, len(RESULTS)))
    squares = np.zeros_like(sums)
    counts = np.zeros((tables, len(RESULTS)), dtype=np.int64)
    for r, code in enumerate(RESULTS):
        hit = (base == code).astype(np.float64)  # [n, tables]
        sums[:, :, r] = v @ hit
        squares[:, :, r] = (v * v) @ hit
        counts[:, r] = hit.sum(0)
    odds = v.mean(1)
    share = counts / n
    level = 1 - FAMILY / max(1, int((counts > 0).sum()))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = sums / counts
        low, high = bounded_interval(sums, squares, np.broadcast_to(counts, sums.shape), level)
    moved = (counts > 0) & ((low > odds[:, None, None]) | (high < odds[:, None, None]))
    matters = np.nansum(share * np.abs(mean - odds[:, None, None]), axis=2)
    for q, i in enumerate(varies):
        p = int(seated[i])
        # rows are seated table by table (play_values): row i sits at column i // 2, their own
        candidates = [j for j in np.argsort(-matters[q], kind="stable").tolist() if moved[q, j].any() and j != i // 2]
        listed = []
        for j in candidates[:k]:
            t = int(worlds.tables[j])
            a, b = names[fr.a[t]], names[fr.b[t]]
            results = tuple(
                ResultIf(WORDS[code], a if code == engine.A_WON else b if code == engine.B_WON else None, float(share[j, r]),
                         Mean(float(sums[q, j, r]), float(squares[q, j, r]), int(counts[j, r]),
                              int(np.count_nonzero(v[q][base[:, j] == code] > 0))) if counts[j, r] else None,
                         code=code)
                for r, code in enumerate(RESULTS) if worlds.p[j, r] > 0)
            listed.append(TableIf(t + 1, (a, b), float(matters[q, j]), results))
        out[p] = tuple(listed)
    return out


def play_odds(worlds, n: int, player: int) -> Mean:
    """``player``'s odds if they play, from worlds ``0 .. n - 1``: what each table's what-if adds
    up to (the law of total probability)."""
    seated, values, _ = play_values(worlds, n, played_weights(worlds.p))
    return Mean.of(values[seated.tolist().index(int(player))])


def what_if_json(tables: tuple[TableIf, ...] | None) -> dict:
    """A player's ``what_if`` in the JSON answers: nothing where it was not answered."""
    return {} if tables is None else {"what_if": [t.to_json() for t in tables]}


def kept_note(who: str) -> str:
    """How the simulated what-if of an answer was made, for ``who``."""
    return KEPT_NOTE.format(who=who, k=K)


def exact_what_if(rows, odds: float, k: int = K) -> tuple[TableIf, ...]:
    """A player's what-if from the exact answer's conditionals: ``rows`` of (table, player A,
    player B, [(words, winner, probability, P(cut) if so)]), the tables whose results change the
    player's odds; at most ``k``, those that matter most (``odds``: the player's P(cut))."""
    tables = []
    for table, a, b, results in rows:
        listed = tuple(ResultIf(words, winner, p, None, exact=x, code=EXACT_CODES[words])
                       for words, winner, p, x in results if p > 0)
        tables.append(TableIf(table, (a, b), sum(r.p * abs(r.exact - odds) for r in listed), listed))
    tables.sort(key=lambda t: (-t.matters, t.table))
    return tuple(tables[:k])


def result_words(r: ResultIf) -> str:
    """A result in words: "NAME wins", "a played draw", "an intentional draw", "a draw"."""
    if r.winner is not None:
        return f"{r.winner} wins"
    return "an intentional draw" if r.result == "intentional draw" else f"a {r.result}"


#: The columns of :attr:`CardCells.counts`: worlds, those in which the player's table played to
#: an A win and to a B win, then for each seat (A, B) the worlds in the cut if the table draws, if
#: it plays, if A won, if B won, and the sum and sum of squares of draw minus play (paired).
CELL_COLUMNS = ("n", "a_won", "b_won") + tuple(
    f"{seat}_{what}" for seat in ("a", "b") for what in ("draw", "play", "if_a_won", "if_b_won", "diff", "diff2"))


@dataclass(frozen=True, eq=False)
class CardCells:
    """A table's worlds grouped by the joint result of a player's :data:`SHOWN` other tables (the
    first of their what-if): for each combination of results seen (``codes[c]``, the engine's
    result code per shown table), the counts of :data:`CELL_COLUMNS`.  Summing the cells that
    match some fixed results gives the table's figures *if* those results happen: the worlds in
    which they did (:meth:`given`), no new simulation.  The worlds are those of the table's own
    figures (the same first worlds), so with nothing fixed :meth:`given` is the table's answer."""

    table: int
    shown: tuple[TableIf, ...]
    codes: np.ndarray  # [cells, shown] int8
    counts: np.ndarray  # [cells, len(CELL_COLUMNS)] int64

    def given(self, fixed: dict[int, int]) -> dict[str, int]:
        """The counts (by :data:`CELL_COLUMNS`) of the worlds in which each shown table numbered
        ``t`` of ``fixed`` ended in ``fixed[t]`` (an engine result code); all zero when no
        world did."""
        total = self.counts[self.matching(fixed)].sum(0)
        return dict(zip(CELL_COLUMNS, (int(x) for x in total), strict=True))

    def combinations(self) -> list[dict[int, int]]:
        """Every way of fixing some of the shown tables to results seen in at least one world
        (nothing fixed first): every cell was seen."""
        return fixings(self.shown, self.codes, np.ones(len(self.codes), dtype=bool))

    def matching(self, fixed: dict[int, int]) -> np.ndarray:
        """Which cells have every table of ``fixed`` at its result."""
        return matching(self.shown, self.codes, fixed)

    def chance(self, fixed: dict[int, int]) -> float:
        """The share of the worlds in which the results of ``fixed`` happened."""
        return self.given(fixed)["n"] / max(self.given({})["n"], 1)


def matching(shown: tuple[TableIf, ...], codes: np.ndarray, fixed: dict[int, int]) -> np.ndarray:
    """Which rows of ``codes`` (a result code per table of ``shown``) have every table of
    ``fixed`` at its result."""
    keep = np.ones(len(codes), dtype=bool)
    for i, t in enumerate(s.table for s in shown):
        if t in fixed:
            keep &= codes[:, i] == fixed[t]
    return keep


def fixings(shown: tuple[TableIf, ...], codes: np.ndarray, possible: np.ndarray) -> list[dict[int, int]]:
    """Every way of fixing some of the ``shown`` tables to results that the ``possible`` rows of
    ``codes`` hold together (nothing fixed first), table by table in ``shown``'s order."""
    out: list[dict[int, int]] = [{}]
    for i, t in enumerate(s.table for s in shown):
        out += [{**f, t: int(code)} for f in out
                for code in sorted(set(codes[matching(shown, codes, f) & possible, i].tolist()))]
    return out


#: The figures of :attr:`ExactCells.values`, per seat: P(cut) if the table draws, plays, if A
#: won, if B won... as :class:`~drawsafe.simulation.decisions.PlayerChances` names them (``win``
#: and ``loss`` the seat's own), and draw minus play.
EXACT_FIGURES = ("draw", "play", "win", "loss", "difference")


@dataclass(frozen=True, eq=False)
class ExactCells:
    """The exact twin of :class:`CardCells` (the last round answered exactly,
    :func:`drawsafe.simulation.live.exact_cells`): for every combination of results of the shown
    tables (``codes[c]``: :data:`EXACT_CODES`, a draw any draw), its probability ``weights[c]``
    (the product of its results': the tables play apart) and both seats' exact figures
    (``values[c, seat]``, :data:`EXACT_FIGURES`) given it, from the enumeration with those results
    fixed.  Fixing some of the tables only is the probability-weighted mean over the others'
    results (:meth:`given`); fixing none gives back the table's exact figures.  ``n``: the
    outcomes the answer summed (the figures' :class:`~drawsafe.simulation.live.ExactShare` n)."""

    table: int
    shown: tuple[TableIf, ...]
    codes: np.ndarray  # [cells, shown] int8
    weights: np.ndarray  # [cells] float64
    values: np.ndarray  # [cells, 2, len(EXACT_FIGURES)] float64
    n: int

    def chance(self, fixed: dict[int, int]) -> float:
        """The probability that the results of ``fixed`` happen."""
        return float(self.weights[matching(self.shown, self.codes, fixed)].sum())

    def given(self, fixed: dict[int, int]) -> np.ndarray | None:
        """``[seat, figure]``: both seats' exact figures if the results of ``fixed`` happen (None
        if they cannot)."""
        keep = matching(self.shown, self.codes, fixed)
        w = self.weights[keep]
        total = w.sum()
        return np.tensordot(w, self.values[keep], axes=1) / total if total > 0 else None

    def combinations(self) -> list[dict[int, int]]:
        """Every way of fixing some of the shown tables to results that can happen (nothing
        fixed first)."""
        return fixings(self.shown, self.codes, self.weights > 0)


def card_cells(worlds, n: int, table: int, shown: tuple[TableIf, ...]) -> CardCells:
    """Table ``table``'s (0-based, flipped in ``worlds``) first ``n`` worlds grouped by the joint
    result of the ``shown`` tables (1-based numbers, flipped too): :class:`CardCells`."""
    j = worlds.column[int(table)]
    cols = np.array([worlds.column[s.table - 1] for s in shown], dtype=np.int64)
    # its own table's draw and the result it plays; the shown tables' results in the base worlds
    flags, played, _ = worlds.rows(0, n, np.array([j], dtype=np.int64), PLAY_OR_DRAW)
    _, _, base = worlds.rows(0, n, cols, BASE_ONLY)
    mine = flags[:, 0].astype(np.int64)  # [n, results, 2]
    outcome = played[:, 0].astype(np.int64)
    play = np.take_along_axis(mine, outcome[:, None, None], axis=1)[:, 0]  # [n, 2]
    draw = mine[:, RESULTS.index(engine.ID)]
    a_won, b_won = outcome == engine.A_WON, outcome == engine.B_WON
    columns = [np.ones(n, dtype=np.int64), a_won, b_won]
    for k in range(2):
        diff = draw[:, k] - play[:, k]
        columns += [draw[:, k], play[:, k], play[:, k] * a_won, play[:, k] * b_won, diff, diff * diff]
    values = np.stack([np.asarray(c, dtype=np.int64) for c in columns], axis=1)
    codes = base.astype(np.int64)
    # one key per joint result: the result codes in base len(RESULTS) + 1 (codes are small ints)
    radix = int(max(RESULTS)) + 1
    key = (codes * radix ** np.arange(codes.shape[1], dtype=np.int64)).sum(1) if len(shown) else np.zeros(n, np.int64)
    seen, cell = np.unique(key, return_inverse=True)
    counts = np.zeros((len(seen), values.shape[1]), dtype=np.int64)
    np.add.at(counts, cell.ravel(), values)
    first = np.zeros(len(seen), dtype=np.int64)
    first[cell.ravel()[::-1]] = np.arange(n)[::-1]  # a world of each cell, for its codes
    return CardCells(int(table) + 1, tuple(shown), codes[first].astype(np.int8), counts)


def results_in(sim, fr) -> tuple[tuple[int, str], ...]:
    """The round's results already reported at the tables where a player can still reach the cut
    (:func:`~drawsafe.simulation.worlds.candidate_tables` over the reported ones): (table, the
    result in words, names as the event writes them), for the card's official results."""
    names, out = sim.snap.names, []
    for t in candidate_tables(sim, fr, (engine.KNOWN,)).tolist():
        a, b = names[fr.a[t]], names[fr.b[t]]
        won, lost, _ = (int(x) for x in fr.score[t])
        said = f"{a} and {b} drew" if won == lost else f"{a} beat {b}" if won > lost else f"{b} beat {a}"
        out.append((t + 1, said))
    return tuple(out)
