"""Limitless (play.limitlesstcg.com): online events through Limitless's API.

Link: ``https://play.limitlesstcg.com/tournament/{id}/...``.  Fetched: ``GET
/api/tournaments/{id}/details``, ``/standings`` and ``/pairings`` (documented by Limitless,
Limitless-TCG/lotp-docs ``developer.md``: "a valid Access Key must be sent with every single
request"; it goes in the ``X-Access-Key`` header: ``--key`` or ``DRAWSAFE_LIMITLESS_KEY``).  Some
public clients call without one, so a fetch without a key is tried; a refusal (HTTP 401/403, or a
200 whose body is an error object) then says the key is missing, or refused when one was sent.

Written: the three documents as one object ``{"details", "standings", "pairings"}``, which
drawsafe's Limitless importer reads (its placings are the published final places).  Live until
every pairing of the announced phases has a result.
"""

from __future__ import annotations

import json

from drawsafe.fetch.base import Fetched, FetchError, Shape
from drawsafe.fetch.registry import Connector, Key, Link, register

NAME = "limitless"
BASE = "https://play.limitlesstcg.com/api"
ENV_KEY = "DRAWSAFE_LIMITLESS_KEY"


def fetch(link: Link) -> Fetched:
    tid = link.id(r"/(?:tournament|tournaments)/([0-9a-zA-Z]{6,40})", problem="no tournament id in the link",
                  hint="give the tournament's page, e.g. https://play.limitlesstcg.com/tournament/<id>/standings")
    http, key = link.http, link.key
    headers = {"X-Access-Key": key} if key else None
    docs = {}
    for part in ("details", "standings", "pairings"):
        api = f"{BASE}/tournaments/{tid}/{part}"
        try:
            body = http.get(api, headers=headers, what=f"the {part}")
        except FetchError as e:
            if "refused (HTTP" in e.problem:
                raise key_error(api, key, e.problem.split(": ", 1)[-1]) from None
            raise
        docs[part] = http.json(body, api, f"the {part}")
        said = error_body(docs[part])
        if said is not None:
            raise key_error(api, key, f"an error instead of {part}: {said!r}")
    check(docs, f"{BASE}/tournaments/{tid}")
    finished = complete(docs)
    if finished:
        for part in ("details", "standings", "pairings"):
            api = f"{BASE}/tournaments/{tid}/{part}"
            http.keep(api, json.dumps(docs[part], ensure_ascii=False).encode("utf-8"))
    content = json.dumps(docs, ensure_ascii=False, indent=1).encode("utf-8")
    pairings = docs["pairings"]
    reported = sum(1 for p in pairings if p.get("player2") and p.get("winner") is not None)
    pending = sum(1 for p in pairings if p.get("player2") and p.get("winner") is None)
    rounds = max((p["round"] for p in pairings), default=0)
    return link.result(content, name=str(docs["details"].get("name") or tid), players=len(docs["standings"]),
                       rounds=rounds, live=not finished, reported=reported, pending=pending)


def error_body(doc) -> str | None:
    """The message of an answer that is an error object (``{"error": ...}`` or ``{"message": ...}``
    with nothing else Limitless documents), else None."""
    if isinstance(doc, dict) and not {"phases", "name", "game"} & set(doc):
        for k in ("error", "message", "detail"):
            if isinstance(doc.get(k), str):
                return doc[k]
    return None


def key_error(url: str, key: str | None, said: str) -> FetchError:
    if key:
        return FetchError(NAME, url, f"Limitless refused the key ({said})",
                          f"check --key or {ENV_KEY} (your key is on play.limitlesstcg.com/account/settings/api)")
    return FetchError(NAME, url, f"Limitless needs an API key with every request ({said})",
                      f"--key KEY or {ENV_KEY} (keys are granted by Limitless on request)")


def check(docs: dict, url: str) -> None:
    s = Shape(NAME, url + "/details", "the details")
    details = docs["details"]
    if not isinstance(details, dict):
        raise s.fail("", "expected an object")
    phases = s.get(details, "phases", list, optional=True) or []
    for i, ph in enumerate(phases):
        s.get(ph, "type", str, f"phases[{i}]")
        s.get(ph, "rounds", int, f"phases[{i}]")
    s = Shape(NAME, url + "/standings", "the standings")
    for i, row in enumerate(s.items(docs["standings"], "")):
        s.get(row, "player", str, f"[{i}]")
        s.get(row, "placing", int, f"[{i}]", optional=True)
        record = s.get(row, "record", dict, f"[{i}]", optional=True)
        if record is not None:
            for k in ("wins", "losses", "ties"):
                s.get(record, k, int, f"[{i}].record")
    s = Shape(NAME, url + "/pairings", "the pairings")
    for i, p in enumerate(s.items(docs["pairings"], "")):
        s.get(p, "round", int, f"[{i}]")
        s.get(p, "player1", str, f"[{i}]")
        s.get(p, "player2", str, f"[{i}]", optional=True)
        winner = p.get("winner")
        if winner is not None and not isinstance(winner, (str, int)):
            raise s.fail(f"[{i}].winner", "expected a player id, 0 or -1")


def complete(docs: dict) -> bool:
    """Every announced round is paired and reported."""
    pairings = docs["pairings"]
    if not pairings or any(p.get("player2") and p.get("winner") is None for p in pairings):
        return False
    phases = docs["details"].get("phases") or []
    announced = sum(ph.get("rounds", 0) for ph in phases if ph.get("type") == "SWISS")
    played = len({p["round"] for p in pairings if (p.get("phase") or 1) == 1})
    return not announced or played >= announced


CONNECTOR = register(Connector(
    name=NAME, title="Limitless", hosts=("play.limitlesstcg.com",),
    example="https://play.limitlesstcg.com/tournament/ID/...", description="Limitless (API; a key may be needed)",
    fetch=fetch, format="limitless", published="placing, record and drop per player (Limitless's)",
    fetched="`/api/tournaments/ID/details`, `/standings`, `/pairings` (`X-Access-Key`)",
    written='`{"details", "standings", "pairings"}`, read by the Limitless importer', interval=1.2,
    key=Key(ENV_KEY, "Limitless's X-Access-Key",
            f"this endpoint needs an API key: --key KEY or {ENV_KEY} (keys are granted by Limitless on request)")))
