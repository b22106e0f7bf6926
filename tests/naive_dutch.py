"""A plain-Python twin of ``drawsafe.pairing.dutch``, written from its documented rules for clarity.

Recursion and ``itertools`` instead of resumable iterators, a memoised brute force instead of the
Dirac bound and the bit-mask search, player indices instead of positions.  It is only meant for the
small histories of the property tests (up to ~12 players), where the kernel's search budgets are
never reached, so both must give the same tables, bye and ``ok`` flag.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, permutations

#: How often each rule decided a remainder (plain S1 v S2, transposition, exchange, fewer pairs,
#: exhaustive search), so that tests can check their cases reach every rule.
PATHS: Counter = Counter()


def rank(players, points, ratings):
    """Score, then rating (high first), then player index."""
    return sorted(players, key=lambda p: (-points[p], -ratings[p], p))


def make_completable(met):
    @cache
    def completable(rest: frozenset) -> bool:
        if not rest:
            return True
        if len(rest) % 2:
            return False
        first = min(rest)
        return any(completable(rest - {first, q}) for q in rest - {first} if q not in met[first])

    return completable


def pair_dutch(players, points, had_bye, met, ratings, unplayed):
    """(tables, bye or -1, ok) by the rules of ``drawsafe.pairing.dutch``; ``unplayed[p]`` counts the
    rounds ``p`` had no opponent."""
    seq = rank(players, points, ratings)
    completable = make_completable({p: frozenset(met.get(p, ())) for p in seq})
    bye = -1
    ok = True
    if len(seq) % 2:
        allowed = [p for p in seq if not had_bye[p]] or list(seq)
        allowed.sort(key=lambda p: (points[p], unplayed[p], -seq.index(p)))
        fits = [p for p in allowed if completable(frozenset(seq) - {p})]
        bye = fits[0] if fits else allowed[0]
        ok = bool(fits)
        seq = [p for p in seq if p != bye]
    if not ok or not completable(frozenset(seq)):
        return [(seq[2 * t], seq[2 * t + 1]) for t in range(len(seq) // 2)], bye, False
    groups = []
    for p in seq:
        if groups and points[groups[-1][0]] == points[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    tables = []
    floaters = []
    for g, residents in enumerate(groups):
        lower = [p for later in groups[g + 1:] for p in later]
        last = g == len(groups) - 1
        pairs, floaters = bracket(floaters, residents, lower, last, met, completable)
        tables.extend(pairs)
    assert not floaters
    return tables, bye, True


def bracket(mdps, residents, lower, last, met, completable):
    """The first candidate of a bracket in the documented order: (pairs, floaters)."""
    for m1 in range(min(len(mdps), len(residents)), -1, -1):
        for chosen in combinations(range(len(mdps)), m1):
            s1 = [mdps[i] for i in chosen]
            for opponents in permutations(range(len(residents)), m1):
                if any(residents[j] in met[a] for a, j in zip(s1, opponents)):
                    continue
                limbo = [mdps[i] for i in range(len(mdps)) if i not in chosen]
                group = limbo + [p for j, p in enumerate(residents) if j not in opponents]
                if completable(frozenset(group + lower)):
                    pairs, floaters = remainder(group, lower, last, met, completable)
                    return [(a, residents[j]) for a, j in zip(s1, opponents)] + pairs, floaters
    raise AssertionError("no candidate although the bracket is completable")


def remainder(group, lower, last, met, completable):
    r = len(group)
    for p in range(r // 2, (r // 2 if last else 0) - 1, -1):
        for k, (s1, s2) in enumerate(exchanges(r, p)):
            for perm in permutations(s2, p):
                pairs = [(group[a], group[b]) for a, b in zip(s1, perm)]
                if any(b in met[a] for a, b in pairs):
                    continue
                floaters = [group[i] for i in s2 if i not in perm]
                if (not last or not floaters) and completable(frozenset(floaters + lower)):
                    PATHS["exchange" if k else "transposition" if perm != tuple(s2[:p])
                          else "plain"] += 1
                    PATHS["fewer pairs"] += p < r // 2
                    return pairs, floaters
        for pairs, floaters in matchings(list(range(r)), r - 2 * p, group, met):
            if (not last or not floaters) and completable(frozenset(floaters + lower)):
                PATHS["exhaustive"] += 1
                PATHS["fewer pairs"] += p < r // 2
                return pairs, floaters
    raise AssertionError("no candidate although the remainder is completable")


def exchanges(r, p):
    """S1/S2 (indices into the bracket) without exchange, then each single exchange in the Dutch
    order: smallest difference of the exchanged numbers, then the lowest S1 player first."""
    yield list(range(p)), list(range(p, r))
    swaps = sorted((b - a, -a, a, b) for a in range(p) for b in range(p, r))
    for _, _, a, b in swaps:
        s1 = sorted([i for i in range(p) if i != a] + [b])
        s2 = sorted([i for i in range(p, r) if i != b] + [a])
        yield s1, s2


def matchings(undecided, floats, group, met):
    """Every pairing of ``undecided`` (indices, best first) with exactly ``floats`` floaters: the
    first player takes each later player they have not met, in order, then floats."""
    if not undecided:
        yield [], []
        return
    first, rest = undecided[0], undecided[1:]
    if len(rest) - 1 >= floats:
        for k, other in enumerate(rest):
            if group[other] in met[group[first]]:
                continue
            for pairs, fl in matchings(rest[:k] + rest[k + 1:], floats, group, met):
                yield [(group[first], group[other])] + pairs, fl
    if floats > 0:
        for pairs, fl in matchings(rest, floats - 1, group, met):
            yield pairs, sorted([group[first]] + fl, key=group.index)
