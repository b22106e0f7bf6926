"""mkdocs hooks: the API reference reads `drawsafe` from its source (sim/, through the editable
install), never the `drawsafe` console script; and pages hold tables generated from the library at
their markers (:data:`MARKERS`), so the manual says what the code declares.

Run as `mkdocs build`, the script's folder (say ~/.local/bin) is the first entry of sys.path, and
griffe, looking for a module named drawsafe, would take the script `bin/drawsafe` for it.
"""

import os
import sys


def on_startup(**kwargs):
    sys.path[:] = [p for p in sys.path if not os.path.isfile(os.path.join(p or ".", "drawsafe"))]


def connectors():
    """The table of links (docs/formats/links.md): one row per registered connector."""
    from drawsafe.fetch.registry import markdown

    return markdown()


def formats_table() -> str:
    """docs/formats/index.md: every input format, from its declaration."""
    from drawsafe.event.io.formats import markdown_table

    return markdown_table()


#: A marker in a page, and the function whose Markdown replaces it.
MARKERS = {"<!-- drawsafe:connectors -->": connectors, "<!-- drawsafe:formats -->": formats_table}


def on_page_markdown(markdown, **kwargs):
    for marker, make in MARKERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown
