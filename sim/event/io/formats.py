"""The input formats: each one :class:`Format` declaration, at the end of its reader's module
(``register(Format(...))``), as rule packs declare themselves in :mod:`drawsafe.tiebreaks.packs`.

Every module of :mod:`drawsafe.event.io` is imported the first time the formats are asked for
(:func:`get`, :func:`names`, :func:`by_content`): adding a format is adding a module.  Nothing
here imports a reader, so the command line can hold the names (:data:`NAMES`) without loading one.

How ``--format auto`` recognises a file, each step in the formats' ``priority`` (lowest first),
is :func:`drawsafe.event.io.recognise`:

1. the bytes, whatever ``--format`` says (``reads="bytes"``: a SQLite or Swiss-Manager file);
2. the text (UTF-8, else a format's ``legacy`` encoding): the first text format whose test
   passes, JSON documents (text starting with ``{`` or ``[``) standing at :data:`JSON_PRIORITY`;
3. a JSON document's value: the first JSON format whose test passes; native JSON last.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

BYTES, TEXT, JSON = "bytes", "text", "json"
#: The name that asks for any JSON format, native JSON (which has this name) the last resort.
JSON_FAMILY = "json"
#: Where JSON documents stand among the text formats' priorities.
JSON_PRIORITY = 10


@dataclass(frozen=True)
class Folder:
    """How a format reads a folder: ``read(folder)``; ``what`` the folder holds, in words ("Play
    Hub answers"); ``sniff(folder)`` recognises one (None: the folder of last resort)."""

    read: Callable[[str], Any]
    what: str
    sniff: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class Legacy:
    """A second text encoding a format's files come in (TRF: Windows-1252), tried when a file is
    not UTF-8 and ``sniff(raw bytes)`` recognises it; the event's note says ``said``."""

    encoding: str
    sniff: Callable[[bytes], bool]
    said: str


@dataclass(frozen=True)
class Format:
    """One input format: its name (``--format NAME``), a line for the manual's table, and how it
    is recognised and read.

    ``reads``: what ``sniff`` and ``read`` take: the file's ``bytes``, its ``text`` or its ``json``
    value.  ``read(content, file)`` (``read(content, file, division)`` when ``division``) returns
    the :class:`~drawsafe.event.model.Event`; ``sniff(content)`` says whether auto takes the file
    for this format (None: only when named); ``priority`` orders the tests among formats that read
    the same content (lowest first).
    """

    name: str
    description: str
    read: Callable[..., Any]
    reads: str = JSON
    sniff: Callable[[Any], bool] | None = None
    priority: int = 100
    #: ``read`` (and ``write``) take the ``--division`` option.
    division: bool = False
    #: A format this one is a kind of (TopDeck's entries are melee.gg cache files): naming that one
    #: reads this one when its test passes.  Every JSON format is a kind of :data:`JSON_FAMILY`.
    within: str | None = None
    #: Its files may start as JSON does (RK9's pages): text it recognises is not taken for JSON.
    json_like: bool = False
    folder: Folder | None = None
    legacy: Legacy | None = None
    #: ``write(event, output, places=...)`` (and ``division=`` when ``division``): the files written
    #: (``drawsafe export --to NAME``).
    write: Callable[..., list[str]] | None = None
    #: Its page of the manual, a Markdown link from docs/formats/ (``[FIDE TRF](trf.md)``).
    page: str = ""
    #: Where an event's games are, in the platform's own words, for a file of this format that holds
    #: none (a ranking page alone): what to save, and how pages combine ("" : no such words).
    games: str = ""

    @property
    def title(self) -> str:
        """The format in a few words, for messages: its description up to the first ``:``, ``(``
        or ``,`` ("FIDE TRF-16", "chess-results.com pages as saved", "native CSV")."""
        return re.split(r"\s*[:(,]", self.description, maxsplit=1)[0].strip()

    def load(self, content: Any, file: str, division: str | None = None) -> Any:
        """The event of ``content`` (what :attr:`reads` says)."""
        return self.read(content, file, division) if self.division else self.read(content, file)

    def save(self, event: Any, output: str, division: str | None = None,
             places: dict[str, int] | None = None) -> list[str]:
        """``event`` written to ``output`` (:attr:`write`); the files written."""
        if self.division:
            return self.write(event, output, division=division, places=places)
        return self.write(event, output, places=places)


REGISTRY: dict[str, Format] = {}
_found = False


def register(fmt: Format) -> Format:
    """Add ``fmt`` to the formats (a module's last statement).

    :raises ValueError: for a name another declaration has."""
    if fmt.name in REGISTRY or fmt.name == "auto":
        raise ValueError(f"format {fmt.name!r} is declared twice")
    if fmt.reads not in (BYTES, TEXT, JSON):
        raise ValueError(f"format {fmt.name!r} reads {fmt.reads!r}, not bytes, text or json")
    REGISTRY[fmt.name] = fmt
    return fmt


def discover() -> dict[str, Format]:
    """Every format: each module of the package imported once (its declaration registers it)."""
    global _found
    if not _found:
        import pkgutil  # here: the command line imports this module for the names, not to read

        package = importlib.import_module(__name__.rpartition(".")[0])
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
        _found = True
    return REGISTRY


def get(name: str) -> Format:
    """The format called ``name`` (KeyError when there is none)."""
    return discover()[name]


def names(writers: bool = False) -> tuple[str, ...]:
    """``auto`` and every format's name, alphabetically (``writers``: the formats with a writer
    only, no ``auto``)."""
    if writers:
        return tuple(sorted(n for n, f in discover().items() if f.write is not None))
    return ("auto", *sorted(discover()))


def by_content(reads: str) -> list[Format]:
    """The formats that read ``reads`` (bytes, text, json), in their tests' order."""
    return sorted((f for f in discover().values() if f.reads == reads), key=lambda f: (f.priority, f.name))


def listing() -> str:
    """Every format's name, for a message that lists what drawsafe reads ("battlefy, chessresults,
    ..."): the one place such a list is written."""
    return ", ".join(names()[1:])


class Names(Sequence):
    """Format names read from the registry when used: an option's choices can be declared before
    any reader is imported (``drawsafe --help`` imports none)."""

    def __init__(self, which: Callable[[], tuple[str, ...]]):
        self.which = which

    def __getitem__(self, index):
        return self.which()[index]

    def __len__(self) -> int:
        return len(self.which())

    def __iter__(self) -> Iterator[str]:
        return iter(self.which())

    def __contains__(self, value: object) -> bool:
        return value in self.which()

    def __repr__(self) -> str:
        return repr(self.which())


#: ``--format``'s choices.
NAMES = Names(names)
#: ``export --to``'s choices: the formats with a writer.
WRITERS = Names(lambda: names(writers=True))


def markdown_table() -> str:
    """The formats as the manual's table (docs/formats/index.md), from their declarations."""
    rows = ["| format (`--format`) | what it reads | also | page |", "| --- | --- | --- | --- |"]
    for name in names()[1:]:
        f = get(name)
        also = [what for what, yes in (("a folder", f.folder), ("`--division`", f.division),
                                       (f"`export --to {name}`", f.write)) if yes]
        rows.append(f"| `{name}` | {f.description} | {', '.join(also)} | {f.page} |")
    return "\n".join(rows)
