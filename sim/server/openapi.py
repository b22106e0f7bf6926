"""The API's OpenAPI document, built from the commands' declarations (:mod:`drawsafe.app.registry`):
a path for every command the server answers, and every query parameter a field of its request, with
the type, range, default and help the command line has."""

from __future__ import annotations

from drawsafe.app import registry
from drawsafe.app.options import fields
from drawsafe.server.service import PUBLISHED

ERRORS = {
    "400": "Bad input: {\"error\": the command line's one-line message}",
    "413": "Body or event over a server limit",
    "422": "Bad option (unknown name or value), or options the event cannot satisfy",
    "503": "Queue full (Retry-After header) or job over the time limit",
}


def parameters(command: str, only: tuple[str, ...] | None = None) -> list[dict]:
    """The query parameters of ``command`` (``only``: just these fields)."""
    return [{"name": o.name, "in": "query", "required": o.required, "description": o.help,
             "schema": o.schema()}
            for o in fields(registry.get(command).request_class) if o.api and (only is None or o.name in only)]


def responses(command: str) -> dict:
    if registry.get(command).served == "html":
        ok = {"description": f"The page `drawsafe {command}` writes", "content": {"text/html": {}}}
    else:
        ok = {"description": f"What `drawsafe {command} --json` prints", "content": {"application/json": {}}}
    return {"200": ok} | {code: {"description": text} for code, text in ERRORS.items()}


def summary(command: registry.Command) -> str:
    """The one line of a command answered without an event: its name and its help's first sentence."""
    return f"drawsafe {command.name}: {command.summary[:1].lower()}{command.summary[1:]}"


def document() -> dict:
    body = {"description": "The event file (any format the command line reads), as the raw body or "
                           "a multipart field named 'file'",
            "content": {"application/octet-stream": {}, "multipart/form-data": {}}}
    paths: dict = {}
    for c in (command.name for command in registry.served(event=True)):
        paths[f"/api/{c}"] = {"post": {"summary": f"drawsafe {c} on the uploaded event",
                                       "parameters": parameters(c), "requestBody": body,
                                       "responses": responses(c)}}
        paths[f"/api/events/{{id}}/{c}"] = {"get": {"summary": f"drawsafe {c} on a published event",
                                                   "parameters": [{"name": "id", "in": "path",
                                                                   "required": True}] + parameters(c),
                                                   "responses": responses(c) | {"404": {"description":
                                                                                        "No such event"}}}}
    for c in registry.served(event=False):
        paths[f"/api/{c.name}"] = {"get": {"summary": summary(c), "parameters": parameters(c.name),
                                           "responses": responses(c.name)}}
    publish = parameters("draw", PUBLISHED) + [{"name": "filename", "in": "query", "schema": {"type": "string"},
                                                "description": "The upload's name, for messages"}]
    paths["/api/events"] = {"post": {"summary": "Publish an event: answers {id, url, edit_token}",
                                     "parameters": publish, "requestBody": body,
                                     "responses": {"201": {"description": "Published"}} | {
                                         k: {"description": v} for k, v in ERRORS.items()}}}
    paths["/api/events/{id}"] = {
        "get": {"summary": "A published event's name, version and expiry"},
        "put": {"summary": "Replace the event's file (header 'Authorization: Bearer EDIT_TOKEN')",
                "parameters": publish, "requestBody": body,
                "responses": {"200": {"description": "Replaced; the id is kept"},
                              "403": {"description": "Wrong edit token"}}}}
    paths["/api/events/{id}/state"] = {"get": {
        "summary": "Where the published event's latest version and its round's answers stand: version, "
                   "updated, progress, answers {draw, odds: ready | computing | failed | none}; the open "
                   "pages poll it to update themselves",
        "parameters": [{"name": "id", "in": "path", "required": True}],
        "responses": {"200": {"description": "The state", "content": {"application/json": {}}},
                      "404": {"description": "No such event"}}}}
    paths["/api/rules"] = {"get": {"summary": "The rule packs and every tiebreak key (drawsafe rules --json)"}}
    paths["/api/status"] = {"get": {"summary": "The job queue: running job, waiting jobs, counts"}}
    paths["/healthz"] = {"get": {"summary": "{\"status\": \"ok\"} once the server is ready"}}
    return {"openapi": "3.0.3", "info": {"title": "drawsafe", "version": "1"}, "paths": paths}
