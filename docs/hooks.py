"""mkdocs hooks: the API reference reads `drawsafe` from its source, and the pages' generated parts
are inserted at their markers.

Run as `mkdocs build`, the script's folder (say ~/.local/bin) is the first entry of sys.path, and
griffe, looking for a module named drawsafe, would take the script `bin/drawsafe` for it.

A marker `<!-- drawsafe:NAME -->` alone on its line is replaced by what the handler of NAME in
:data:`MARKERS` returns (Markdown made from the library's declarations, never pasted by hand).
"""

import os
import re
import sys


def on_startup(**kwargs):
    sys.path[:] = [p for p in sys.path if not os.path.isfile(os.path.join(p or ".", "drawsafe"))]


def commands_markdown() -> str:
    """docs/commands.md: every registered command's options (drawsafe.app.registry)."""
    from drawsafe.app.registry import markdown

    return markdown()


#: The handler of each marker's NAME: a function returning Markdown.
MARKERS = {"commands": commands_markdown}
MARKER = re.compile(r"^<!-- drawsafe:([a-z-]+) -->$", re.MULTILINE)


def on_page_markdown(markdown, page, config, files):
    def insert(found):
        name = found.group(1)
        if name not in MARKERS:
            raise ValueError(f"{page.file.src_path}: no handler for the marker drawsafe:{name}")
        return MARKERS[name]()

    return MARKER.sub(insert, markdown)
