"""The rule-pack catalogue: every registered pack and every tiebreak key, described once and laid
out three ways: the text of ``drawsafe rules``, its ``--json`` (also ``GET /api/rules``) and its
``--markdown`` (the manual's table in docs/games/index.md, put there when the site is built by
docs/hooks.py).

:func:`catalogue` reads the registry when called, so a pack registered later (a test's, a
plug-in's) is in all three.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from drawsafe.text import number, percent
from drawsafe.tiebreaks.packs import PACKS, TIEBREAKS, RulePack

#: The header of the manual's table (:meth:`Catalogue.markdown`).
MARKDOWN_HEAD = ("| pack | game | points (win/draw/loss) | tiebreaks (`--tiebreaks` keys) | pairing, last round | "
                 "draws by default | `--top auto` |")


@dataclass(frozen=True)
class PackEntry:
    """One rule pack as the catalogue describes it."""

    name: str
    game: str
    description: str
    #: Points for a win, a draw and a loss, as shown (chess: 1, 0.5, 0).
    points: dict[str, float]
    #: Points per game won and per game tied where a round scores by its games (Netrunner), else None.
    points_per_game: dict[str, int] | None
    #: The tiebreaks' keys as the standings show them (``GW``), and as ``--tiebreaks`` takes
    #: them (``GW-RAW``: the unfloored variant); they differ for a variant of a tiebreak.
    tiebreaks: tuple[str, ...]
    tiebreak_options: tuple[str, ...]
    #: How the platform pairs the Swiss, in words; how the simulations pair ("mtg, standings":
    #: the system, then the last round).
    pairing: str
    simulated_pairing: str
    sources: str
    not_established: str
    #: Where the other tables' intentional draws come from, in words; the declared rates (chess)
    #: as ``dataclasses.asdict`` gives them, else None.
    others_draws: str
    agreed_draws: dict | None
    #: An intentional draw scores more than a loss (else ``draw`` gives no verdict).
    draw_helps: bool
    #: How played matches end by default and the intentional draws, in brief (the manual's column).
    draws_by_default: str
    #: The table of rounds and top cut by attendance ``--top auto`` reads.
    top_auto: str


@dataclass(frozen=True)
class TiebreakEntry:
    """One ``--tiebreaks`` key with its tiebreak's name and definition."""

    #: As ``--tiebreaks`` takes it (``BH-C1``, ``GW-RAW``).
    key: str
    name: str
    definition: str


@dataclass(frozen=True)
class Catalogue:
    """Every pack and every tiebreak key."""

    #: In the registry's order (:data:`~drawsafe.tiebreaks.packs.PACKS`,
    #: :data:`~drawsafe.tiebreaks.packs.TIEBREAKS`).
    packs: tuple[PackEntry, ...]
    tiebreaks: tuple[TiebreakEntry, ...]

    def lines(self) -> list[str]:
        """The text of ``drawsafe rules``."""
        out = ["Rule packs (--rules); every pack ranks by points first:"]
        for p in self.packs:
            pts = "/".join(number(p.points[k]) for k in ("win", "draw", "loss"))
            per_game = (f" (a round scores by its games: {p.points_per_game['win']} per game won, "
                        f"{p.points_per_game['draw']} per game tied)") if p.points_per_game else ""
            out.append(f"  {p.name}: {p.description}")
            out.append(f"      points win/draw/loss {pts}{per_game}; tiebreaks {', '.join(p.tiebreaks)}")
            for label, text in (("pairing", p.pairing), ("sources", p.sources),
                                ("not established", p.not_established), ("others' draws", p.others_draws)):
                if text:
                    out.append(f"      {label}: {text}")
        out += ["", "Tiebreaks (--tiebreaks KEY,KEY,...):"]
        out += [f"  {t.key:<8} {t.name}: {t.definition}" for t in self.tiebreaks]
        return out

    def to_json(self) -> dict:
        """The JSON of ``drawsafe rules --json`` and ``GET /api/rules``."""
        return {"packs": [{"name": p.name, "game": p.game, "description": p.description, "points": p.points,
                           "points_per_game": p.points_per_game, "tiebreaks": list(p.tiebreaks),
                           "pairing": p.pairing or None, "sources": p.sources or None,
                           "not_established": p.not_established or None, "draw_helps": p.draw_helps,
                           "agreed_draws": p.agreed_draws if p.agreed_draws else p.others_draws,
                           "others_draws": p.others_draws}
                          for p in self.packs],
                "tiebreaks": [dataclasses.asdict(t) for t in self.tiebreaks]}

    def markdown(self) -> str:
        """The packs as the manual's table (``drawsafe rules --markdown``; docs/games/index.md)."""
        def shown(x: float) -> str:
            return "½" if x == 0.5 else number(x)

        rows = [MARKDOWN_HEAD, "| --- | --- | --- | --- | --- | --- | --- |"]
        for p in self.packs:
            pts = "/".join(shown(p.points[k]) for k in ("win", "draw", "loss"))
            if p.points_per_game:
                pts += f" ({p.points_per_game['win']}/{p.points_per_game['draw']} per game won/tied)"
            rows.append(f"| `{p.name}` | {p.game} | {pts} | {', '.join(p.tiebreak_options)} | "
                        f"{p.simulated_pairing} | {p.draws_by_default} | {p.top_auto} |")
        return "\n".join(rows)


def points_of(pack: RulePack) -> dict[str, float]:
    """The pack's points for a win, a draw and a loss, as shown."""
    return {name: pack.points[i] / pack.point_scale for i, name in ((2, "win"), (1, "draw"), (0, "loss"))}


def draws_by_default(pack: RulePack) -> str:
    """How the pack's played matches end by default, and its intentional draws, in brief."""
    r = pack.results
    said = "2.84% (Magic, measured)" if r.draw_share is None else percent(r.draw_share, 0)
    if r.decided is not None:
        said += " split rounds (measured)"
    if r.measure:
        said += f", else the event's own ({r.min_measured}+ {'matches' if r.measure == 'ties' else 'games'})"
    a = pack.agreed_draws
    if a and a.last:
        said += (f"; agreed draws {percent(a.before_last)}, last round {percent(a.last)}, its first "
                 f"{a.leaders} {percent(a.last_leaders)} (measured)")
    elif a:
        said += "; no intentional draw (a draw gains nothing: declared)"
    elif pack.draws_fitted:
        said += f"; intentional draws learned from real {pack.game} events"
    return said


def pack_entry(pack: RulePack) -> PackEntry:
    option_key = {id(t): key for key, t in TIEBREAKS.items()}
    last = pack.last_round if pack.pairing == "mtg" else "as every round"  # dutch, cobra
    return PackEntry(
        name=pack.name, game=pack.game, description=pack.description, points=points_of(pack),
        points_per_game={"win": pack.game_points[0], "draw": pack.game_points[1]} if pack.game_points[0] else None,
        tiebreaks=pack.keys, tiebreak_options=tuple(option_key.get(id(t), t.key) for t in pack.tiebreaks),
        pairing=pack.pairing_text, simulated_pairing=f"{pack.pairing}, {last}", sources=pack.sources,
        not_established=pack.assumed, others_draws=pack.others_draws(),
        agreed_draws=dataclasses.asdict(pack.agreed_draws) if pack.agreed_draws else None,
        draw_helps=pack.draw_helps, draws_by_default=draws_by_default(pack),
        top_auto=pack.schedule.name if pack.schedule else "no table: give --top")


def catalogue() -> Catalogue:
    """Every registered pack and every ``--tiebreaks`` key, as registered now."""
    return Catalogue(tuple(pack_entry(p) for p in PACKS.values()),
                     tuple(TiebreakEntry(key, t.name, t.definition) for key, t in TIEBREAKS.items()))

