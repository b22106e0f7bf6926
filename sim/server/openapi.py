"""The API's OpenAPI document, built from the same option table the server checks requests with."""

from __future__ import annotations

from drawsafe.server.options import COMMANDS, PER_COMMAND, top_value

TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}
ERRORS = {
    "400": "Bad input: {\"error\": the command line's one-line message}",
    "413": "Body or event over a server limit",
    "422": "Bad option (unknown name or value), or options the event cannot satisfy",
    "503": "Queue full (Retry-After header) or job over the time limit",
}


def parameters(command: str) -> list[dict]:
    out = []
    for o in PER_COMMAND[command]:
        schema: dict = {"type": TYPES[o.kind]} if o.kind is not top_value else \
            {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["auto"]}]}
        if o.default is not None:
            schema["default"] = o.default
        if o.choices:
            schema["enum"] = list(o.choices)
        if o.low is not None:
            schema["exclusiveMinimum" if o.low_open else "minimum"] = o.low
        if o.high is not None:
            schema["exclusiveMaximum" if o.high_open else "maximum"] = o.high
        out.append({"name": o.name, "in": "query", "required": False, "description": o.help, "schema": schema})
    return out


def responses(command: str) -> dict:
    kind = "text/html" if command == "report" else "application/json"
    ok = {"description": f"What `drawsafe {command} --json` prints" if command != "report"
          else "The page `drawsafe report` writes", "content": {kind: {}}}
    return {"200": ok} | {code: {"description": text} for code, text in ERRORS.items()}


def document() -> dict:
    body = {"description": "The event file (any format the command line reads), as the raw body or "
                           "a multipart field named 'file'",
            "content": {"application/octet-stream": {}, "multipart/form-data": {}}}
    paths: dict = {}
    for c in COMMANDS:
        paths[f"/api/{c}"] = {"post": {"summary": f"drawsafe {c} on the uploaded event",
                                       "parameters": parameters(c), "requestBody": body,
                                       "responses": responses(c)}}
        paths[f"/api/events/{{id}}/{c}"] = {"get": {"summary": f"drawsafe {c} on a published event",
                                                   "parameters": [{"name": "id", "in": "path",
                                                                   "required": True}] + parameters(c),
                                                   "responses": responses(c) | {"404": {"description":
                                                                                        "No such event"}}}}
    publish = [{"name": n, "in": "query", "schema": {"type": t}} for n, t in
               (("top", "integer"), ("rules", "string"), ("format", "string"), ("filename", "string"))]
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
    paths["/api/status"] = {"get": {"summary": "The job queue: running job, waiting jobs, counts"}}
    paths["/healthz"] = {"get": {"summary": "{\"status\": \"ok\"} once the server is ready"}}
    return {"openapi": "3.0.3", "info": {"title": "drawsafe", "version": "1"}, "paths": paths}
