"""An obvious, slow twin of the Pokémon tiebreak kernels (drawsafe.tiebreaks.pokemon), written from
the rules as ../shared/BRIEF.md states them ("Pokémon, as TOM computes it"), with exact fractions.

It reads an :class:`~drawsafe.event.model.Event`'s matches directly, never the snapshot's arrays:

- a player's record after round ``t``: the rounds of ``t``'s phase up to ``t`` (a day 2 counts only
  its own rounds when the tiebreaks restart), byes and pairings without result left out;
- win % = (wins + ties/2) / rounds of the record, at least 1/4, at most 3/4 once the player has
  left (paired in no round after their last one before ``t``); no round: 1/4;
- OWP after ``t`` = mean of the win % after ``t`` of every opponent paired with in those rounds (a
  pairing without result too; an opponent met twice once when the event has a rematch); none: 1/4;
- a player is valued after their last round with a pairing (frozen when they leave), or when
  ``freeze`` is off after the last round of the phase of that round;
- OOWP = mean over those opponents of: their own value (frozen OWP) when they were valued at or
  before the player's round, else their OWP after the player's round.
"""

from __future__ import annotations

from fractions import Fraction

from drawsafe.event.model import BYE, DOUBLE_LOSS, HALF_BYE, LOSS, MATCH, NO_RESULT, Event

QUARTER, THREE_QUARTERS = Fraction(1, 4), Fraction(3, 4)


def entries(event: Event, after_round: int | None = None) -> tuple[dict, int]:
    """Per player, {round: (opponent or None, result)}; result W/L/T, "bye", "none" (no result)."""
    swiss = event.swiss if after_round is None else event.swiss[:after_round]
    if after_round is None:
        swiss = swiss[:event.rounds_played]
    out: dict[str, dict[int, tuple[str | None, str]]] = {p: {} for p in event.players}
    flip = {"W": "L", "L": "W", "T": "T", "none": "none"}
    for r in swiss:
        for m in r.matches:
            if m.kind in (BYE, HALF_BYE):
                out[m.player_a][r.number] = (None, "bye")
            elif m.kind == LOSS:
                out[m.player_a][r.number] = (None, "L")
            elif m.kind == DOUBLE_LOSS:
                out[m.player_a][r.number] = (m.player_b, "L")
                out[m.player_b][r.number] = (m.player_a, "L")
            elif m.kind == NO_RESULT:
                out[m.player_a][r.number] = (m.player_b, "none")
                out[m.player_b][r.number] = (m.player_a, "none")
            elif m.kind == MATCH:
                res = "W" if m.a_wins > m.b_wins else "L" if m.a_wins < m.b_wins else "T"
                out[m.player_a][r.number] = (m.player_b, res)
                out[m.player_b][r.number] = (m.player_a, flip[res])
            else:
                raise ValueError(f"the Pokémon twin does not handle {m.kind}")
    return out, len(swiss)


def pokemon_values(event: Event, after_round: int | None = None, freeze: bool = True,
                   restart: bool = True) -> dict[str, tuple[Fraction, Fraction]]:
    """(OWP, OOWP) of every player, exactly."""
    rec, last_round = entries(event, after_round)
    starts = event.phase_starts() if restart else ()
    day2 = starts[-1] if starts else None

    def first_counted(t: int) -> int:
        return day2 if day2 is not None and t >= day2 else 1

    rematch = any(len([o for o, _ in rs.values() if o]) != len({o for o, _ in rs.values() if o})
                  for rs in rec.values())

    def left_before(q: str, t: int) -> bool:
        return bool(rec[q]) and max(rec[q]) < t

    def win_pct(q: str, t: int) -> Fraction:
        results = [res for r, (_, res) in rec[q].items() if first_counted(t) <= r <= t and res in "WLT"]
        if not results:
            return QUARTER
        v = sum(Fraction(1) if x == "W" else Fraction(1, 2) if x == "T" else Fraction(0) for x in results)
        v = max(v / len(results), QUARTER)
        return min(v, THREE_QUARTERS) if left_before(q, t) else v

    def opponents(p: str, t: int) -> list[str]:
        opps = [o for r, (o, _) in sorted(rec[p].items()) if o is not None and first_counted(t) <= r <= t]
        return list(dict.fromkeys(opps)) if rematch else opps

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else QUARTER

    def owp(p: str, t: int) -> Fraction:
        return mean([win_pct(o, t) for o in opponents(p, t)])

    def valued_at(p: str) -> int:
        if not rec[p]:
            return last_round
        if freeze:
            return max(rec[p])
        return day2 - 1 if day2 is not None and max(rec[p]) < day2 else last_round

    out = {}
    for p in event.players:
        t = valued_at(p)
        if last_round == 0:
            out[p] = (QUARTER, QUARTER)
            continue
        own = owp(p, t)
        their = [owp(o, valued_at(o)) if valued_at(o) <= t else owp(o, t) for o in opponents(p, t)]
        out[p] = (own, mean(their))
    return out
