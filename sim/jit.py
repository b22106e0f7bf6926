"""Numba settings in one place: every kernel is compiled with ``@kernel`` (nopython, cached).

Compiled kernels are cached on disk, so the compile time is paid once.  Numba checks a cached
function against its own source file only, but our kernels call kernels in other files (and numba
inlines them), so an edit to one file could leave a stale kernel cached for another.  Unless the
user sets ``NUMBA_CACHE_DIR``, the cache therefore lives in a folder named after a hash of every
module that defines kernels: any change to kernel code starts a fresh cache.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def source_hash() -> str:
    """A short hash of the ``drawsafe`` modules that define kernels (those importing ``drawsafe.jit``), names
    and contents: editing them starts a fresh cache, editing plain Python modules does not."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if path.name not in ("jit.py", "kinds.py") and b"from drawsafe.jit import" not in text:
            continue  # kinds.py: constants the kernels compile in
        digest.update(str(path.relative_to(root)).encode())
        digest.update(text)
    digest.update(numba.__version__.encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "drawsafe" / f"numba-{source_hash()}"


if not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(cache_dir())

#: Compile to machine code once, cache on disk, never fall back to object mode.
kernel = numba.njit(cache=True, nogil=True)
#: A small helper called per player in hot loops: inlined into its callers at numba IR level (an
#: ordinary call passing arrays costs more than the helper's own work).
inline_kernel = numba.njit(cache=True, nogil=True, inline="always")
#: The same, for loops run in parallel with ``numba.prange``.
parallel_kernel = numba.njit(cache=True, nogil=True, parallel=True)
