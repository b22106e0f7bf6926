"""mkdocs hooks: the API reference reads `drawsafe` from its source, and a page's markers are
replaced by text generated from the code when the site is built.

The API reference reads `drawsafe` from its source (sim/, through the editable install), never
the `drawsafe` console script: run as `mkdocs build`, the script's folder (say ~/.local/bin) is
the first entry of sys.path, and griffe, looking for a module named drawsafe, would take the
script `bin/drawsafe` for it.

A marker (an HTML comment such as `<!-- drawsafe:packs -->`, alone on its line) is replaced by
the Markdown its handler in MARKERS returns: what the code declares is never pasted by hand.
"""

import os
import re
import sys


def on_startup(**kwargs):
    sys.path[:] = [p for p in sys.path if not os.path.isfile(os.path.join(p or ".", "drawsafe"))]


def packs_table() -> str:
    """The rule packs' table (docs/games/index.md), as `drawsafe rules --markdown` prints it."""
    from drawsafe.tiebreaks.catalogue import catalogue

    return catalogue().markdown()


def formats_table() -> str:
    """docs/formats/index.md: every input format, from its declaration."""
    from drawsafe.event.io.formats import markdown_table

    return markdown_table()


def connectors_table() -> str:
    """The table of links (docs/formats/links.md): one row per registered connector."""
    from drawsafe.fetch.registry import markdown

    return markdown()


def commands_markdown() -> str:
    """docs/commands.md: every registered command's options (drawsafe.app.registry)."""
    from drawsafe.app.registry import markdown

    return markdown()


#: The handler of each marker's NAME (`<!-- drawsafe:NAME -->`): a function returning Markdown.
MARKERS = {"packs": packs_table, "formats": formats_table, "connectors": connectors_table,
           "commands": commands_markdown}
MARKER = re.compile(r"^<!-- drawsafe:([a-z-]+) -->$", re.MULTILINE)


def on_page_markdown(markdown, page=None, config=None, files=None, **kwargs):
    def insert(found):
        name = found.group(1)
        if name not in MARKERS:
            where = page.file.src_path if page is not None else "a page"
            raise ValueError(f"{where}: no handler for the marker drawsafe:{name}")
        return MARKERS[name]()

    return MARKER.sub(insert, markdown)
