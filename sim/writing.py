"""Writing files safely: a temporary file in the same folder, then one atomic rename.

Every file drawsafe writes (reports and their figures, exported and generated events, studies)
goes through :func:`write_atomic`: a reader never sees half a file, and a failure leaves the old
file (or no file) in place.
"""

from __future__ import annotations

import os
import tempfile


def write_atomic(path: str | os.PathLike, content: str | bytes) -> None:
    """Replace ``path`` by ``content`` (text is written as UTF-8) in one rename.  The new file gets
    the permissions a plain ``open(path, "w")`` would give it (0666 less the umask)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
