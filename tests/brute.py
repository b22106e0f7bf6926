"""Small helpers shared by several test files: a brute-force pairing check, a match builder."""

from __future__ import annotations

from functools import cache


def completable(players, met) -> bool:
    """True when ``players`` can all be paired without a rematch (``met(p, q)``), by brute force."""

    @cache
    def search(rest: frozenset) -> bool:
        if not rest:
            return True
        first = min(rest)
        return any(search(rest - {first, q}) for q in rest - {first} if not met(first, q))

    return len(players) % 2 == 0 and search(frozenset(int(p) for p in players))


def match_dict(a, b=None, score=None, kind=None) -> dict:
    """A match of the native JSON format (only the keys given)."""
    out = {"a": a}
    if b is not None:
        out["b"] = b
    if score is not None:
        out["score"] = score
    if kind is not None:
        out["kind"] = kind
    return out
