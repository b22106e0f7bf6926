"""mkdocs hook: the API reference reads `drawsafe` from its source (sim/, through the editable
install), never the `drawsafe` console script.

Run as `mkdocs build`, the script's folder (say ~/.local/bin) is the first entry of sys.path, and
griffe, looking for a module named drawsafe, would take the script `bin/drawsafe` for it.
"""

import os
import sys


def on_startup(**kwargs):
    sys.path[:] = [p for p in sys.path if not os.path.isfile(os.path.join(p or ".", "drawsafe"))]
