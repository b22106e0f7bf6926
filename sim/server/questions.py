"""One question to the library, as the command line asks it: the same call, the same JSON.

:func:`answer` runs a command's request (:mod:`drawsafe.app.commands`) and keeps both its typed
result (the pages read it) and what ``drawsafe COMMAND --json`` prints (the API sends it) or, for
a command declared ``served="html"`` (``report``), the HTML page it writes.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from typing import Any

from drawsafe.app import commands, registry
from drawsafe.app.context import EventContext
from drawsafe.app.options import changed
from drawsafe.progress import Progress


@dataclass(frozen=True)
class Answer:
    """A command's output: ``data`` (the --json value) or ``html`` (the report), and the typed
    ``result`` behind it."""

    command: str
    data: object = None
    html: str | None = None
    #: What the command line prints on stderr as notes and warnings.
    notes: tuple[str, ...] = ()
    result: Any = None

    def json_text(self) -> str:
        """Exactly the text ``drawsafe COMMAND --json`` prints (without the final newline)."""
        return json.dumps(self.data, ensure_ascii=False, indent=1)


def answer(command: str, ctx: EventContext | None, request, progress: Progress | None = None,
           label: str = "event") -> Answer:
    """Run ``request``'s command (:func:`drawsafe.app.commands.run`, by the request's type; ``command``
    names it in the answer) on ``ctx`` (None for ``field``).

    :raises DrawsafeError: as the command line's command would (shown as one line).
    """
    page = registry.command_of(request).served == "html"
    extra = {"command": command_line(label, request)} if page else {}
    outcome = commands.run(ctx, request, progress, **extra)
    if page:
        return Answer(command, html=outcome.result.html, notes=outcome.notes, result=outcome.result)
    return Answer(command, outcome.result.to_json(), notes=outcome.notes, result=outcome.result)


def command_line(label: str, request) -> str:
    """The command (``drawsafe report``) that makes the same page from a local copy of the file."""
    parts = ["drawsafe", registry.command_of(request).name, label]
    for option, value in changed(request):
        if value is not None:
            parts += [option.cli_flag, str(value)]
    return shlex.join(parts)
