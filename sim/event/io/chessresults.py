"""chess-results.com pages (Swiss-Manager's publishing server), as a browser saves them or as
drawsafe's connector fetches them (:mod:`drawsafe.fetch.chessresults`: the pages one after the other
in one file), and its crosstable export (CSV, "From the Tournament-Database of Chess-Results").

The data of every page is in ``table.CRs1`` (a header row ``CRng1b``, rows ``CRng1``/``CRng2``); the
headings (``h2``: the event, then the page's title; ``h3``: "Round 9 on 2024/02/18") and the column
headers follow the page's language (``lan=``), so a page is recognised by its shape:

- *crosstable* (``art=4``): round columns ``1.Rd`` ... whose cells are "17b1" (the opponent's rank
  in this table, the colour, the result ``1 ½ 0 + -``), "-1"/"-½"/"0" (a bye of 1, of ½, none), an
  opponent without result (a game not in yet), then points and the tie-breaks ``TB1`` ...
- *pairings* (``art=2&rd=N``): board, white (start number, name, rating, points), result
  ("1 - 0", "½ - ½", "+ - -", "- - +", "- - -", blank: not in yet), black; a row whose black has
  no start number is a bye ("bye", the points it gives) or a player "not paired".
- *ranking* (``art=1``): rank (blank: not ranked), start number, name, rating, points and the
  tie-breaks, named in the annotation under the table ("Tie Break1: Direct Encounter ...").
- *players* (``art=0`` starting rank, ``art=16``): start number, name, rating.

An event needs its games: a crosstable, or the pairings of every round from round 1 (with a
ranking or players page for names not paired); a players page alone is an event before round 1.
The published ranking (the ranking page's, else the crosstable's) becomes
:attr:`Event.standings` (points, rank, and the tie-breaks drawsafe has, by key) for ``--check``;
the tie-breaks become the rules ``fide:KEYS`` (``fide-2026`` when chess-results names the 2026
definitions).  Team events (team pairings, team compositions) are refused: drawsafe ranks players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder, forfeit, solo
from drawsafe.event.io.files import csv_rows
from drawsafe.event.io.formats import TEXT, Format, register
from drawsafe.event.io.markup import Elements, add_text, classes, read_html
from drawsafe.event.io.numbers import is_digits
from drawsafe.event.model import (
    MATCH,
    NO_RESULT,
    Event,
    Match,
    PublishedPairings,
    PublishedStanding,
    Round,
)

FORMAT = "chessresults"
NAN = float("nan")
#: Where an event's games are on chess-results, in the site's words (its menu), and how pages
#: combine: what a file without games is told (the format's declaration holds it).
GAMES = ('save its "Ranking crosstable" too (the site\'s menu: "Ranking crosstable after Round N"), or the '
         '"Board Pairings" of every round (Rd.1, Rd.2, ...), one page after the other in one file (cat '
         'ranking.html crosstable.html > event.html); or give the event\'s link (drawsafe fetch '
         'https://chess-results.com/tnrNNN.aspx)')
#: The first line of chess-results' crosstable export.
EXPORT_MARK = "From the Tournament-Database of Chess-Results"
#: Most pages one file may hold (a guard: 99 rounds and a few lists).
MAX_PAGES = 200

NAME_HEADERS = {"name", "nome", "nombre", "nom", "naam", "navn", "namn", "nimi", "imię i nazwisko", "jméno"}
POINTS_HEADERS = {"pts.", "pts", "pkt.", "pkt", "pont.", "pontos", "puntos", "ptos.", "pnt.", "punkte", "pt.",
                  "b.", "bod", "body", "p.", "points", "poeng", "poäng", "p"}
RATING_PREFIXES = ("rtg", "elo", "ro", "rat", "wertz", "dwz", "fide")
RESULT = re.compile(r"^\s*(1|0|½|=|\+|-)\s*[-:]\s*(1|0|½|=|\+|-)\s*$")
ROUND_HEADER = re.compile(r"^(\d{1,2})\s*\.\s*\D{0,6}$")
TB_HEADER = re.compile(r"^[^\d\s]{1,12}\s*(\d)$")
CROSS_CELL = re.compile(r"^(\d{1,4})\s*([a-zA-Z])\s*(1|0|½|\+|-)?$")
SOLO_CELL = re.compile(r"^-?\s*(1|½|0|\+|-)?$")


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]


@dataclass
class Page:
    """One page: its headings, its data table, the annotation's tie-breaks and what it is."""

    where: str
    headings: list[str] = field(default_factory=list)
    round_heading: str | None = None
    table: Table | None = None
    tiebreaks: list[str] = field(default_factory=list)
    team: bool = False
    kind: str = ""


class _Collect(Elements):
    """The ``h2``/``h3`` texts, the ``CRs1`` tables (header and rows of cell texts, not those of a
    table inside them) and the text of the annotation paragraphs, however the tags are written
    (:class:`~drawsafe.event.io.markup.Elements`)."""

    def __init__(self):
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.tables: list[Table] = []
        self.paragraphs: list[str] = []
        self._heading: list[str] | None = None
        self._inner = -1  # tables open inside the CRs1 table being read (-1: none being read)
        self._row: list[str] | None = None
        self._row_header = False
        self._cell: list[str] | None = None
        self._para: list[str] | None = None

    def opened(self, tag, attrs):
        if tag in ("h2", "h3"):
            self._heading = []
            return tag
        if tag == "table":
            if self._inner >= 0:
                self._inner += 1
                return "inner"
            if "CRs1" in classes(attrs):
                self._inner = 0
                self.tables.append(Table([], []))
                return "crs"
            return None
        if tag == "tr" and self._inner == 0:
            self._row, self._row_header = [], "CRng1b" in classes(attrs)
            return "row"
        if tag in ("td", "th") and self._row is not None and self._inner == 0:
            self._cell = []
            return "cell"
        if tag == "p":
            self._para = []
            return "para"
        return None

    def closed(self, tag, role):
        if role in ("h2", "h3") and self._heading is not None:
            self.headings.append((role, clean("".join(self._heading))))
            self._heading = None
        elif role == "cell" and self._cell is not None:
            if self._row is not None:
                self._row.append(clean("".join(self._cell)))
            self._cell = None
        elif role == "row" and self._row is not None:
            t = self.tables[-1]
            if self._row_header and not t.header:
                t.header = self._row
            elif not self._row_header:
                t.rows.append(self._row)
            self._row = None
        elif role == "inner":
            self._inner -= 1
        elif role == "crs":
            self._inner = -1
        elif role == "para" and self._para is not None:
            self.paragraphs.append("".join(self._para))
            self._para = None

    def void(self, tag, attrs):
        if tag == "br":
            add_text((self._cell, self._heading, self._para), "\n")

    def handle_data(self, data):
        add_text((self._cell, self._heading, self._para), data)


def clean(text: str) -> str:
    return re.sub(r"[ \t\r\f\v\xa0]+", " ", text.replace("\xa0", " ")).strip()


def looks_like_chessresults(text: str) -> bool:
    head = text[:300000]
    return (head.lstrip().startswith(EXPORT_MARK)
            or (re.search(r"""class\s*=\s*["']?[^"'>]*\bCRs1\b""", head, re.IGNORECASE) is not None
                and ("chess-results" in head.lower() or "crng" in head.lower())))


def split_pages(text: str) -> list[str]:
    """The pages of a file: each ``<html ...>...</html>`` (a browser's save is one)."""
    pages = [m.group(0) for m in re.finditer(r"(?is)<html\b.*?</html\s*>", text)]
    return pages or [text]


def parse_page(html: str, where: str) -> Page:
    c = read_html(_Collect(), html, where)
    page = Page(where)
    h2 = [t for tag, t in c.headings if tag == "h2" and t]
    page.headings = h2
    h3 = [t for tag, t in c.headings if tag == "h3" and re.search(r"\d", t) and len(t) < 80]
    page.round_heading = h3[0] if h3 else None
    page.team = bool(re.search(r"art=32\b|art=3&(?:amp;)?rd=", html)) or any(
        re.search(r"\bteam\b", t, re.IGNORECASE) for t in h2[1:2])
    tables = [t for t in c.tables if t.rows or t.header]
    page.table = max(tables, key=lambda t: len(t.rows)) if tables else None
    for p in c.paragraphs:
        lines = [ln.strip() for ln in p.split("\n")]
        found = [m.group(2).strip() for ln in lines if (m := re.match(r"^[^\d:]{2,30}?\s*(\d)\s*:\s*(.+)$", ln))]
        if found and not page.tiebreaks:
            page.tiebreaks = found
    page.kind = classify(page.table) if page.table else ""
    return page


def norm(h: str) -> str:
    return h.strip().lower()


def classify(t: Table) -> str:
    header = [norm(h) for h in t.header]
    if sum(1 for h in header if ROUND_HEADER.match(h)) >= 1 and any(h in POINTS_HEADERS for h in header):
        return "crosstable"
    results = sum(1 for r in t.rows if any(RESULT.match(c) for c in r))
    if t.rows and results * 2 >= len(t.rows):
        return "pairings"
    if t.rows and not results and any(h in POINTS_HEADERS for h in header):
        return "ranking"
    if t.rows and not results:
        return "players"
    return "pairings" if results else ""


# --- reading a file ----------------------------------------------------------------------


def read_pages(text: str, file: str) -> list[Page]:
    """Every page of the file (a CSV export: one crosstable page)."""
    if text.lstrip().startswith(EXPORT_MARK):
        return [export_page(text, file)]
    pages = []
    for i, html in enumerate(split_pages(text)[:MAX_PAGES + 1], 1):
        if i > MAX_PAGES:
            raise InputError(file, None, f"more than {MAX_PAGES} pages in one file")
        pages.append(parse_page(html, f"page {i}"))
    return pages


def export_page(text: str, file: str) -> Page:
    """chess-results' crosstable export: the event, "Last update", the title, the header, rows."""
    rows = list(csv_rows(text, file))
    page = Page("the export")
    lines = [[c.strip() for c in r] for r in rows]
    at = next((i for i, r in enumerate(lines) if r and norm(r[0]) in ("rk.", "rk", "rg.", "pl.", "clas.", "pos.")),
              None)
    if at is None:
        raise InputError(file, None, "a chess-results export without its header row (Rk., Name, ...)",
                         "export the \"Ranking crosstable\" again, or save its page")
    titles = [r[0] for r in lines[1:at] if r and r[0] and not r[0].lower().startswith("last update")]
    page.headings = titles
    header = lines[at]
    body = []
    for r in lines[at + 1:]:
        if not any(r):
            break
        body.append(r)
    page.table = Table(header, body)
    page.kind = classify(page.table)
    if page.kind != "crosstable":
        raise InputError(file, f"line {at + 1}", "a chess-results export drawsafe reads only as a crosstable "
                                                 "(round columns 1.Rd, 2.Rd, ...)",
                         "export the \"Ranking crosstable\"")
    return page


def read_chessresults(text: str, file: str) -> Event:
    """Read chess-results pages or its crosstable export (see the module text).

    :raises InputError: for a team event, a page drawsafe cannot place, a game the two players'
        cells report differently, rounds missing before the first pairings, or anything the
        shared checks of :class:`EventBuilder` reject.
    """
    pages = read_pages(text, file)
    if any(p.team for p in pages):
        raise InputError(file, None, "a team event (team pairings and compositions): drawsafe ranks "
                                     "players in individual Swiss events",
                         "for a team event, read its players' games with another tool")
    known = [p for p in pages if p.kind]
    if not known:
        raise InputError(file, None, "no chess-results table (table.CRs1) with players or pairings",
                         "save its \"Ranking crosstable\", its \"Board Pairings\" or its \"Starting rank\" page")
    name = next((p.headings[0] for p in known if p.headings), file)
    cross = [p for p in known if p.kind == "crosstable"]
    if cross:
        return Crosstable(file, cross[-1], known).event(name)
    return FromPairings(file, known).event(name)


# --- columns -----------------------------------------------------------------------------


@dataclass
class Columns:
    rank: int | None = None
    number: int | None = None
    name: int | None = None
    rating: int | None = None
    points: int | None = None
    rounds: dict[int, int] = field(default_factory=dict)  # round -> column
    tiebreaks: dict[int, int] = field(default_factory=dict)  # TB number -> column


def columns_of(t: Table, file: str, where: str) -> Columns:
    header = [norm(h) for h in t.header]
    c = Columns()
    for i, h in enumerate(header):
        if c.name is None and h in NAME_HEADERS:
            c.name = i
        elif c.points is None and h in POINTS_HEADERS and i > 0:
            c.points = i
        elif c.rating is None and h.startswith(RATING_PREFIXES) and len(h) <= 5:
            c.rating = i
        elif (m := ROUND_HEADER.match(h)) and c.points is None:
            c.rounds[int(m.group(1))] = i
        elif c.points is not None and (m := TB_HEADER.match(h)):
            c.tiebreaks.setdefault(int(m.group(1)), i)
    if c.name is None:  # another language: the column with the longest texts
        width = len(header)
        lengths = [sum(len(r[i]) for r in t.rows if i < len(r)) for i in range(width)]
        c.name = max(range(width), key=lambda i: lengths[i]) if width else None
    if c.name is None:
        raise InputError(file, where, "a table without a name column")
    ints = [i for i in range(min(c.name, len(header))) if all(is_digits(r[i]) or not r[i] for r in t.rows if i < len(r))
            and any(is_digits(r[i]) for r in t.rows if i < len(r))]
    if ints:
        c.rank = ints[0]
        c.number = ints[1] if len(ints) > 1 else None
    return c


def cell(row: list[str], i: int | None) -> str:
    return row[i].strip() if i is not None and i < len(row) else ""


def number(text: str) -> float | None:
    t = text.replace("½", ".5").replace(",", ".").strip()
    if t.startswith("."):
        t = "0" + t
    try:
        v = float(t)
    except ValueError:
        return None
    return v if abs(v) < 1e9 else None  # false for NaN too


# --- tie-breaks --------------------------------------------------------------------------


def tiebreak_key(label: str) -> tuple[str | None, str | None]:
    """drawsafe's key for a chess-results tie-break label, and a note when it is not exact."""
    lo = label.lower()
    cut = re.search(r"cut\s*(\d)", lo)
    median = re.search(r"median\s*(\d)", lo)
    if "direct encounter" in lo or "(de)" in lo:
        return "DE", None
    if "sum of buchholz" in lo or "buchholz sum" in lo:
        return "SBH", None
    if "buchholz" in lo:
        if median and median.group(1) in "12":
            return f"BH-M{median.group(1)}", None
        if cut and cut.group(1) in "12":
            return f"BH-C{cut.group(1)}", None
        if "parameter" in lo:
            return "BH", "parameter"
        return "BH", None
    if "sonneborn" in lo:
        return "SB", None
    if "koya" in lo:
        return "KS", None
    if "progressive" in lo or "cumulative" in lo:
        return ("PS-C1", None) if cut and cut.group(1) == "1" else ("PS", None)
    if "with black" in lo or "(bwg)" in lo or "(bpg)" in lo:
        return None, f"{label}: no drawsafe equivalent, left out"
    if "victories" in lo or "number of wins" in lo or "(win)" in lo or "most wins" in lo:
        return "WIN", None
    if "games won" in lo or "(won)" in lo:
        return "WON", None
    if "average rating of opponents" in lo or "(aro)" in lo:
        return ("ARO-C1", None) if cut and cut.group(1) == "1" else ("ARO", None)
    if "performance" in lo:
        return "TPR", None
    return None, f"{label}: no drawsafe equivalent, left out (drawsafe breaks the ties it leaves at random)"


def map_tiebreaks(labels: list[str], columns: dict[int, int], rows: list[list[str]]
                  ) -> tuple[list[str], dict[int, str], str, list[str]]:
    """The keys (in order), the TB number of each kept key, the pack and the notes."""
    keys: list[str] = []
    by_tb: dict[int, str] = {}
    notes: list[str] = []
    guessed: list[int] = []
    for n, label in enumerate(labels, 1):
        key, said = tiebreak_key(label)
        if said == "parameter":
            guessed.append(n)
            said = None
        if said:
            notes.append(said)
        if key is None:
            continue
        by_tb[n] = key
    # "Buchholz Tie-Breaks (variabel with parameter)": the cut is not shown.  Two such columns are
    # Swiss-Manager's usual pair, Buchholz cut 1 then Buchholz: read so when the published values
    # of the first never exceed the second's.
    if len(guessed) == 2 and all(n in columns for n in guessed):
        a, b = (columns[n] for n in guessed)
        pairs = [(number(cell(r, a)), number(cell(r, b))) for r in rows]
        if pairs and all(x is not None and y is not None and x <= y for x, y in pairs):
            by_tb[guessed[0]] = "BH-C1"
            notes.append(f"tie-breaks {guessed[0]} and {guessed[1]} are Buchholz \"with parameter\", "
                         "the parameter not shown: read as BH-C1 and BH (the published values of the first "
                         "never exceed the second's)")
    elif guessed:
        notes.append("a Buchholz \"with parameter\" whose parameter is not shown: read as BH")
    for n in sorted(by_tb):
        if by_tb[n] in keys:
            notes.append(f"tie-break {n}: {by_tb[n]} already in the list, left out")
            del by_tb[n]
        else:
            keys.append(by_tb[n])
    pack = "fide-2026" if any("2026" in label for label in labels) else "fide"
    if labels:
        notes.append(f"chess-results tie-breaks: {'; '.join(labels)}; read as rules {pack}"
                     + (f" with --tiebreaks {','.join(keys)}" if keys else " and its own tie-breaks"))
    return keys, by_tb, pack, notes


def published_rows(t: Table, c: Columns, names: dict[int, str], by_tb: dict[int, str], alone: bool = False
                   ) -> list[PublishedStanding]:
    """The published rows, each tie-break under ``by_tb``'s key for its number; ``alone``: a
    ranking without games (no record, the Magic figures NaN: shown as published)."""
    rows = []
    for i, r in enumerate(t.rows):
        player = names.get(i)
        if player is None:
            continue
        pts = number(cell(r, c.points))
        rank = cell(r, c.rank)
        values = {}
        for n, key in by_tb.items():
            v = number(cell(r, c.tiebreaks.get(n)))
            if v is not None or alone:
                values[key] = NAN if v is None else v
        magic = NAN if alone else None  # NaN: not published (None: a file of points and ranks only)
        rows.append(PublishedStanding(rank=int(rank) if is_digits(rank) else 0, player=player, points=pts,
                                      wins=None, losses=None, draws=None, omw=magic, gw=magic, ogw=magic,
                                      values=values))
    return rows


def rules_of(keys: list[str], pack: str) -> str:
    return pack + (":" + ",".join(keys) if keys else "")


def game(rnd: int, white: str, black: str, halves_white: int, where: str) -> Match:
    return Match(rnd, white, black, halves_white // 2, (2 - halves_white) // 2, 1 if halves_white == 1 else 0,
                 where=where)


HALVES = {"1": 2, "½": 1, "=": 1, "0": 0}
#: A round without an opponent by its code: half points (a bye, a half-point bye, a loss).
SOLO_HALVES = {"1": 2, "+": 2, "½": 1, "0": 0, "-": 0}
#: A game not played, by the two players' codes: who won it by forfeit (white 0, black 1; None: neither).
FORFEITS = {("+", "-"): 0, ("-", "+"): 1, ("-", "-"): None}


# --- a crosstable ------------------------------------------------------------------------


class Crosstable:
    def __init__(self, file: str, page: Page, pages: list[Page]):
        self.file, self.page, self.pages = file, page, pages
        self.t = page.table
        self.c = columns_of(self.t, file, page.where)
        if not self.c.rounds:
            raise InputError(file, page.where, "a crosstable without round columns")

    def event(self, title: str) -> Event:
        t, c, file = self.t, self.c, self.file
        b = EventBuilder(file, FORMAT, best_of=1)
        names: dict[int, str] = {}
        ref: dict[int, int] = {}  # the number cells use (the rank, else the row) -> row index
        ratings: dict[str, float] = {}
        for i, r in enumerate(t.rows):
            name = cell(r, c.name)
            where = f"{self.page.where}, row {i + 1}"
            if not name:
                raise InputError(file, where, "a crosstable row without a name")
            rank = cell(r, c.rank)
            key = int(rank) if is_digits(rank) else i + 1
            if key in ref:
                key = i + 1
            names[i] = b.declare_player(name, where)
            ref[key] = i
            rating = number(cell(r, c.rating))
            if rating and rating > 0:
                ratings[names[i]] = rating
        cells: dict[tuple[int, int], tuple] = {}
        for i, r in enumerate(t.rows):
            for rnd, col in c.rounds.items():
                text = cell(r, col).replace(" ", "")
                where = f"{self.page.where}, row {i + 1}, round {rnd}"
                m = CROSS_CELL.match(text)
                if m:
                    opp = int(m.group(1))
                    if opp not in ref or ref[opp] == i:
                        raise InputError(file, where, f"opponent {opp} is not a row of the crosstable")
                    cells[(i, rnd)] = ("game", ref[opp], m.group(2).lower(), m.group(3) or "")
                elif SOLO_CELL.match(text):
                    cells[(i, rnd)] = ("solo", text.lstrip("-").strip(), text)
                else:
                    raise InputError(file, where, f"cannot read the crosstable cell {cell(r, col)!r}",
                                     "expected e.g. 17b1, 5w½, 32b+, -1, -½ or blank")
        last = max(c.rounds)
        played_last = any(v[0] == "game" for (i, rnd), v in cells.items() if rnd == last)
        notes: list[str] = []
        postponed = 0
        for rnd in sorted(c.rounds):
            for i in range(len(t.rows)):
                v = cells.get((i, rnd))
                if v is None:
                    continue
                where = f"{self.page.where}, row {i + 1}, round {rnd}"
                if v[0] == "solo":
                    code, raw = v[1], v[2]
                    halves = SOLO_HALVES.get(code)
                    if halves == 1 or (halves is not None and raw):
                        b.add_match(solo(rnd, names[i], halves, where))
                    continue
                _, j, colour, res = v
                if j < i and cells.get((j, rnd), (None, None))[:2] == ("game", i):
                    continue  # the pair was added from the other row
                other = cells.get((j, rnd))
                if not other or other[0] != "game" or other[1] != i:
                    raise InputError(file, where, f"{names[i]!r} meets {names[j]!r} but the other row "
                                                  "does not name this player in that round")
                mine, theirs = res, other[3]
                if colour == "w" or (colour != "b" and other[2] != "w" and i < j):
                    white, black, wres, bres = i, j, mine, theirs
                else:
                    white, black, wres, bres = j, i, theirs, mine
                pair = (wres, bres)
                m = None
                if pair == ("", ""):
                    if rnd == last and played_last:
                        m = Match(rnd, names[white], names[black], where=where)
                    else:
                        m = Match(rnd, names[white], names[black], kind=NO_RESULT, where=where)
                        postponed += 1
                elif pair in (("1", "0"), ("0", "1"), ("½", "½")):
                    m = game(rnd, names[white], names[black], HALVES[wres], where)
                elif pair in FORFEITS:
                    m = forfeit(rnd, names[white], names[black], FORFEITS[pair], where)
                else:
                    raise InputError(file, where, f"{names[i]!r} and {names[j]!r} report the game differently "
                                                  f"({mine or 'blank'} and {theirs or 'blank'})")
                b.add_match(m)
        if postponed:
            notes.append(f"{postponed} game(s) of earlier rounds without result (postponed): read as paired "
                         "without a result, no points, until the crosstable has them")
        ranking = next((p for p in self.pages if p.kind == "ranking"), None)
        labels = (ranking.tiebreaks if ranking and ranking.tiebreaks else self.page.tiebreaks)
        keys, by_tb, pack, said = map_tiebreaks(labels, c.tiebreaks, t.rows)
        notes += said
        standings = published_rows(t, c, names, by_tb)
        pending = any(v[0] == "game" and not v[3] for (i, rnd), v in cells.items() if rnd == last)
        after = last - 1 if pending else None  # the ranking stands before the round being played
        return b.build(title, ratings=ratings, rules=rules_of(keys, pack), standings=tuple(standings) or None,
                       standings_round=after, notes=tuple(notes))


# --- pairings pages (with players and ranking pages) ------------------------------------


def round_of(page: Page) -> int | None:
    if page.round_heading:
        m = re.search(r"(\d{1,2})", page.round_heading)
        if m:
            return int(m.group(1))
    return None


@dataclass
class Board:
    """One row of a pairings page: the board, white's start number, name, rating and points, the
    result as written, and black's (no start number: a bye, or "not paired")."""

    board: int | None
    white_no: str
    white: str
    white_rating: float | None
    white_points: float | None
    result: str
    black_no: str
    black: str
    black_rating: float | None
    black_points: float | None

    def solo(self) -> int | None:
        """A row without black's start number: the half points of its bye (2, 1, or 0 for a zero-
        point bye), None for a player "not paired"."""
        code = self.result.replace(" ", "")
        halves = SOLO_HALVES.get(code)
        if halves is not None and (halves or (code == "0" and "bye" in self.black.lower())):
            return halves
        return None


def boards(p: Page, file: str, rnd: int) -> list[tuple[str, Board]]:
    """The rows of pairings page ``p`` (round ``rnd``), each with its place in the file."""
    t = p.table
    counts: dict[int, int] = {}
    for r in t.rows:
        for i, x in enumerate(r):
            if RESULT.match(x):
                counts[i] = counts.get(i, 0) + 1
    # the column of results, else (no result yet) the middle
    result_col = max(counts, key=counts.get) if counts else len(t.header) // 2
    out = []
    for i, r in enumerate(t.rows):
        where = f"{p.where}, round {rnd}, row {i + 1}"
        left, right = r[:result_col], r[result_col + 1:]
        wno = next((x for x in left[1:] if is_digits(x)), None)
        wname = longest(left)
        if wno is None or not wname:
            raise InputError(file, where, "a pairing without the white player's number and name")
        bname = longest(right)
        board = cell(r, 0)
        out.append((where, Board(int(board) if is_digits(board) else None, wno, wname, rating_near(left, wname),
                                 number(left[-1]) if left else None, cell(r, result_col), right[-1].strip() if right
                                 else "", bname, rating_near(right, bname), number(right[0]) if right else None)))
    return out


class FromPairings:
    def __init__(self, file: str, pages: list[Page]):
        self.file, self.pages = file, pages

    def event(self, title: str) -> Event:
        file = self.file
        b = EventBuilder(file, FORMAT, best_of=1)
        by_number: dict[int, str] = {}
        ratings: dict[str, float] = {}
        ranking = None
        ranking_cols = None

        def declare(no: int, name: str, where: str, rating: float | None) -> None:
            if no in by_number:
                if by_number[no] != name:
                    raise InputError(file, where, f"start number {no} is {name!r} here but {by_number[no]!r} "
                                                  "on another page", "are the pages of one event?")
                return
            by_number[no] = b.declare_player(name, where)
            if rating and rating > 0:
                ratings[by_number[no]] = rating

        for p in self.pages:
            if p.kind not in ("players", "ranking"):
                continue
            c = columns_of(p.table, file, p.where)
            if p.kind == "ranking":
                ranking, ranking_cols = p, c
            col = c.number if p.kind == "ranking" else c.rank
            for i, r in enumerate(p.table.rows):
                no, name = cell(r, col), cell(r, c.name)
                if is_digits(no) and name:
                    declare(int(no), name, f"{p.where}, row {i + 1}", number(cell(r, c.rating)))
        rounds: dict[int, Page] = {}
        for p in self.pages:
            if p.kind != "pairings":
                continue
            rnd = round_of(p)
            if rnd is None:
                raise InputError(file, p.where, "a pairings page without its round heading (\"Round N on ...\")")
            if rnd in rounds:
                raise InputError(file, p.where, f"the pairings of round {rnd} twice")
            rounds[rnd] = p
        notes: list[str] = []
        alone = None  # a later round's pairings page alone: shown as published
        if rounds and min(rounds) != 1:
            if len(rounds) > 1:
                missing = "round 1" if min(rounds) == 2 else f"rounds 1-{min(rounds) - 1}"
                raise InputError(file, rounds[min(rounds)].where,
                                 f"the pairings of round {min(rounds)} without {missing}: the earlier games are "
                                 "not in the file", GAMES)
            (rnd, page), = rounds.items()
            alone = self.published_round(b, page, rnd, declare, by_number)
            notes.append(f"the \"Board Pairings\" of round {rnd} alone: shown as published (`drawsafe pairings`); "
                         f"without rounds 1-{rnd - 1} nothing is computed from them")
            rounds = {}
        for rnd in sorted(rounds):
            self.read_round(b, rounds[rnd], rnd, declare, by_number, last=rnd == max(rounds))
        standings = None
        rules = "fide"
        played = played_of(ranking)
        if ranking is not None:
            names = {}
            for i, r in enumerate(ranking.table.rows):
                no = cell(r, ranking_cols.number)
                if is_digits(no) and int(no) in by_number:
                    names[i] = by_number[int(no)]
            keys, by_tb, pack, said = map_tiebreaks(ranking.tiebreaks, ranking_cols.tiebreaks, ranking.table.rows)
            rules = rules_of(keys, pack)
            if not rounds and played:  # a ranking without its games: as published, the site's columns
                labels = {n: ranking.table.header[col] for n, col in sorted(ranking_cols.tiebreaks.items())}
                standings = tuple(published_rows(ranking.table, ranking_cols, names, labels, alone=True)) or None
                notes.append(f"a ranking alone ({ranking.headings[1] if len(ranking.headings) > 1 else 'no heading'}"
                             "): shown as published, its columns as the site labels them ("
                             + "; ".join(f"{labels[n]}: {label}" for n, label in enumerate(ranking.tiebreaks, 1)
                                         if n in labels) + "); no games to compute anything from")
            else:
                notes += said
                standings = tuple(published_rows(ranking.table, ranking_cols, names, by_tb)) or None
            if played is not None and rounds and played < max(rounds):
                notes.append(f"the ranking is after round {played}")
        elif not rounds and alone is None:
            notes.append("a players page: the event before round 1")
        return b.build(title, ratings=ratings, rules=rules, standings=standings, notes=tuple(notes),
                       standings_round=played if ranking is not None else None, published_pairings=alone)

    def read_round(self, b: EventBuilder, p: Page, rnd: int, declare, by_number, last: bool) -> None:
        file = self.file
        for where, row in boards(p, file, rnd):
            res = row.result.replace(" ", "")
            declare(int(row.white_no), row.white, where, row.white_rating)
            white = by_number[int(row.white_no)]
            if not is_digits(row.black_no):  # a bye, or not paired
                halves = row.solo()
                if halves is not None:
                    b.add_match(solo(rnd, white, halves, where))
                continue
            declare(int(row.black_no), row.black, where, row.black_rating)
            black = by_number[int(row.black_no)]
            m = RESULT.match(res) if res else None
            if not res:
                kind = MATCH if last else NO_RESULT
                b.add_match(Match(rnd, white, black, kind=kind, where=where))
                continue
            if not m:
                raise InputError(file, where, f"cannot read the result {row.result!r}",
                                 "expected 1 - 0, ½ - ½, 0 - 1, + - -, - - + or - - -")
            pair = (m.group(1).replace("=", "½"), m.group(2).replace("=", "½"))
            if pair in (("1", "0"), ("0", "1"), ("½", "½")):
                b.add_match(game(rnd, white, black, HALVES[pair[0]], where))
            elif pair in FORFEITS or pair == ("0", "0"):
                b.add_match(forfeit(rnd, white, black, FORFEITS.get(pair), where))
            else:
                raise InputError(file, where, f"the result {row.result!r} cannot happen in a game")

    def published_round(self, b: EventBuilder, p: Page, rnd: int, declare, by_number) -> PublishedPairings:
        """A pairings page alone, as published: each board's players and their points before the
        round (a bye and its points kept; "not paired" left out)."""
        matches, points = [], {}
        for where, row in boards(p, self.file, rnd):
            declare(int(row.white_no), row.white, where, row.white_rating)
            white = by_number[int(row.white_no)]
            points[white] = row.white_points or 0.0
            if not is_digits(row.black_no):
                halves = row.solo()
                if halves is not None:
                    matches.append(replace(solo(rnd, white, halves, where), table=row.board))
                continue
            declare(int(row.black_no), row.black, where, row.black_rating)
            black = by_number[int(row.black_no)]
            points[black] = row.black_points or 0.0
            matches.append(Match(rnd, white, black, table=row.board, where=where))
        return PublishedPairings(Round(rnd, tuple(matches), f"Round {rnd}"), points)


def longest(cells: list[str]) -> str:
    texts = [x for x in cells if x and not is_digits(x) and number(x) is None and len(x) > 3]
    return max(texts, key=len) if texts else ""


def rating_near(cells: list[str], name: str) -> float | None:
    if name not in cells:
        return None
    i = cells.index(name)
    for x in cells[i + 1:i + 2] + cells[i - 1:i]:
        v = number(x)
        if v is not None and v >= 100:
            return v
    return None


def played_of(page: Page | None) -> int | None:
    """The rounds a ranking page stands after ("Final Ranking after 9 Rounds", "Rank after Round 4")."""
    if page is None:
        return None
    for h in page.headings[1:]:
        m = re.search(r"(\d{1,2})", h)
        if m:
            return int(m.group(1))
    return None


def describe(text: str) -> str:
    """What a chess-results file holds, in a few words."""
    try:
        pages = read_pages(text, "<text>")
    except InputError:
        return "chess-results pages that cannot be read"
    kinds = [p.kind or "other" for p in pages]
    return f"{len(pages)} chess-results page(s): " + ", ".join(kinds)


register(Format("chessresults", "chess-results.com pages as saved (ranking, pairings, players, crosstable), and "
                "its crosstable export", read_chessresults, TEXT, looks_like_chessresults, priority=20,
                page="[chess-results.com and Swiss-Manager](chessresults.md)", games=GAMES))
