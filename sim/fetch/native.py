"""Building the native JSON object of a fetched event (:mod:`drawsafe.event.io.native_json`).

Connectors of platforms that publish matches and a standings table (melee.gg, TopDeck) collect
players, rounds and the published rows here, and the object is checked by reading it back with
drawsafe's own importer before anything is written.
"""

from __future__ import annotations

import json

from drawsafe.fetch.summary import read_checked


class NativeEvent:
    """Players in order of appearance, Swiss rounds of matches, the published standings."""

    def __init__(self, name: str, date: str | None = None, best_of: int = 3):
        self.name, self.date, self.best_of = name, date, best_of
        self.players: dict[str, None] = {}
        self.rounds: dict[int, list[dict]] = {}
        self.standings: list[dict] | None = None
        self.swiss_rounds: int | None = None
        self.rules: str | None = None
        self.drops: dict[str, int] = {}

    def player(self, name: str) -> str:
        self.players.setdefault(name, None)
        return name

    def match(self, rnd: int, a: str, b: str | None, score: list[int] | None = None, kind: str | None = None):
        m: dict = {"a": self.player(a)}
        if b is not None:
            m["b"] = self.player(b)
        if kind:
            m["kind"] = kind
        if score is not None:
            m["score"] = score
        self.rounds.setdefault(rnd, []).append(m)

    def to_dict(self) -> dict:
        out: dict = {"name": self.name}
        if self.date:
            out["date"] = self.date
        if self.swiss_rounds:
            out["swiss_rounds"] = self.swiss_rounds
        if self.best_of != 3:
            out["best_of"] = self.best_of
        if self.rules:
            out["rules"] = self.rules
        out["players"] = list(self.players)
        out["rounds"] = [{"round": r, "matches": ms} for r, ms in sorted(self.rounds.items())]
        if self.drops:
            out["drops"] = dict(self.drops)
        if self.standings:
            out["standings"] = self.standings
        return out

    def content(self, platform: str, url: str) -> bytes:
        """The UTF-8 native JSON, checked by reading it back (a platform answer that does not make a
        valid event is a :class:`FetchError`, not a file that fails later)."""
        content = json.dumps(self.to_dict(), ensure_ascii=False, indent=1).encode("utf-8")
        read_checked(platform, url, content, "json")
        return content
