"""Forgiving player look-up, the same on the phone page and the command line's ``--player``: case
and accents ignored, partial names accepted, "did you mean" when a name is ambiguous or misspelled."""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass


def fold(text: str) -> str:
    """Lower case, accents removed, runs of spaces collapsed: 'Çağrı  ÖZ' -> 'cagri oz'."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class Lookup:
    """The player found (``name``), or none and the names the user may have meant."""

    query: str
    name: str | None
    suggestions: tuple[str, ...] = ()

    def message(self) -> str:
        if self.name is not None:
            return self.name
        if self.suggestions:
            return f"no single player matches {self.query!r}; did you mean: " + "; ".join(self.suggestions) + "?"
        return f"no player matches {self.query!r}; type part of the name as it is in the event"


def find_player(names: tuple[str, ...] | list[str], query: str, limit: int = 6) -> Lookup:
    """The one player ``query`` names: an exact (folded) match, else the only name containing it,
    else suggestions (every name containing it, or the closest spellings)."""
    q = fold(query)
    if not q:
        return Lookup(query, None)
    folded = [fold(n) for n in names]
    exact = [n for n, f in zip(names, folded) if f == q]
    if len(exact) == 1:
        return Lookup(query, exact[0])
    if exact:
        return Lookup(query, None, tuple(exact[:limit]))
    words = q.split()
    partial = [n for n, f in zip(names, folded) if all(w in f for w in words)]
    if len(partial) == 1:
        return Lookup(query, partial[0])
    whole = [n for n in partial if all(w in fold(n).split() for w in words)]
    if len(whole) == 1:  # 'fedor' names 'Fedor Radchenko', not 'Sergei Fedorchenko'
        return Lookup(query, whole[0])
    if partial:
        return Lookup(query, None, tuple(sorted(partial, key=fold)[:limit]))
    by_fold = dict(zip(folded, names))
    close = difflib.get_close_matches(q, list(by_fold), n=limit, cutoff=0.6)
    if not close:  # a misspelled first or last name alone
        parts = {w: f for f in folded for w in f.split()}
        close = [parts[w] for w in difflib.get_close_matches(q, list(parts), n=limit, cutoff=0.7)]
    return Lookup(query, None, tuple(dict.fromkeys(by_fold[f] for f in close)))
