"""Play Hub's documents: what an answer is (an event document, a bundle, a page of a round's
matches or standings), its rows, and type-checked access to its values (:class:`Reader`)."""

from __future__ import annotations

from drawsafe.errors import InputError

MAX_PLAYERS = 100_000
MAX_ROWS = 2_000_000
NAN = float("nan")
MATCH_KEYS = ("player_match_relationships", "match_is_bye", "games_won_by_winner", "winning_player")
STANDING_KEYS = ("record", "match_record", "match_points", "opponent_match_win_percentage")


# ---------------------------------------------------------------------------------------------
# What a document is


def is_match_row(row: object) -> bool:
    return isinstance(row, dict) and any(k in row for k in MATCH_KEYS)


def is_standing_row(row: object) -> bool:
    return isinstance(row, dict) and "rank" in row and any(k in row for k in STANDING_KEYS)


def rows_of(answer: object) -> list | None:
    """The rows of one answer (a page's ``results``, an unpaginated ``matches`` or ``standings``,
    or a plain list), ``None`` when it is none of these."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        for key in ("results", "matches", "standings"):
            if isinstance(answer.get(key), list):
                return answer[key]
    return None


def kind_of(answer: object) -> str | None:
    """``"event"``, ``"bundle"``, ``"matches"``, ``"standings"`` or ``None`` (not Play Hub)."""
    if isinstance(answer, dict):
        if isinstance(answer.get("tournament_phases"), list):
            return "event"
        event, rounds = answer.get("event"), answer.get("rounds")
        if (isinstance(event, dict) and isinstance(event.get("tournament_phases"), list)) or (
                isinstance(rounds, dict) and rounds
                and all(isinstance(v, dict) and ("matches" in v or "standings" in v) for v in rounds.values())):
            return "bundle"
    rows = rows_of(answer)
    if not rows:
        return None
    if all(is_match_row(r) for r in rows[:5]):
        return "matches"
    if all(is_standing_row(r) for r in rows[:5]):
        return "standings"
    return None


def looks_like_playhub(data: object) -> bool:
    """True for an event document, a page (or list) of a round's matches or standings, or the
    bundle of the module text."""
    return kind_of(data) is not None


# ---------------------------------------------------------------------------------------------
# Small checked readers


class Reader:
    """Type-checked access to the documents, every problem one :class:`InputError`."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str | None, problem: str, hint: str | None = None) -> InputError:
        return InputError(self.file, where, problem, hint)

    def obj(self, value: object, where: str, what: str = "an object") -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be {what}, not {short(value)}")
        return value

    def integer(self, value: object, where: str, low: int = 0, high: int = 10**12,
                optional: bool = True) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where, f"must be a whole number from {low} to {high}, not {short(value)}")
        return value

    def flag(self, value: object, where: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, not {short(value)}")
        return value

    def text(self, value: object, where: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(where, f"must be a text, not {short(value)}")
        return value

    def fraction(self, value: object, where: str) -> float:
        """A published percentage (a fraction from 0 to 1), NaN when not published."""
        if value is None:
            return NAN
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise self.fail(where, f"must be a fraction from 0 to 1, not {short(value)}",
                            "Play Hub publishes its percentages as fractions (0.48037037)")
        return float(value)


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------------------------------
# Answers and pages


class Pages:
    """The rows of one round's matches or standings, from one answer or several pages."""

    def __init__(self, rows: list[tuple[object, str]], total: int | None, pages: int | None,
                 numbers: list[int]):
        self.rows, self.total, self.pages, self.numbers = rows, total, pages, numbers


def read_pages(value: object, r: Reader, where: str) -> Pages:
    """One answer, or a list of pages (each an answer), as rows with where each was read."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and rows_of(v) is not None
                                                 and not is_match_row(v) and not is_standing_row(v)
                                                 for v in value):
        answers = [(v, f"{where}[{k}]") for k, v in enumerate(value)]
    else:
        answers = [(value, where)]
    rows: list[tuple[object, str]] = []
    total = pages = None
    numbers = []
    for answer, at in answers:
        got = rows_of(answer)
        if got is None:
            raise r.fail(at, "must be a Play Hub answer: a page {results: [...]}, a list of rows, or "
                             "{matches: [...]} / {standings: [...]}")
        key = "results" if isinstance(answer, dict) and "results" in answer else \
            "matches" if isinstance(answer, dict) and "matches" in answer else \
            "standings" if isinstance(answer, dict) and "standings" in answer else ""
        if isinstance(answer, dict) and "results" in answer:
            t = r.integer(answer.get("total", answer.get("count")), at + ".total", 0, MAX_ROWS)
            size = r.integer(answer.get("page_size"), at + ".page_size", 1, MAX_ROWS)
            page = r.integer(answer.get("current_page_number"), at + ".current_page_number", 1, MAX_ROWS)
            if t is not None:
                if total is not None and t != total:
                    raise r.fail(at + ".total", f"says {t} rows, another page of the round says {total}")
                total = t
                if size:
                    pages = max(1, -(-t // size))
            if page is not None:
                if page in numbers:
                    raise r.fail(at + ".current_page_number", f"page {page} is in the file twice")
                numbers.append(page)
        if len(rows) + len(got) > MAX_ROWS:
            raise r.fail(at, f"more than {MAX_ROWS:,} rows")
        rows.extend((row, f"{at}.{key}[{i}]" if key else f"{at}[{i}]") for i, row in enumerate(got))
    return Pages(rows, total, pages, sorted(numbers))
