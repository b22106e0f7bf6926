"""Numba settings in one place: every kernel is compiled with ``@kernel`` (nopython, cached)."""

from __future__ import annotations

import numba

#: Compile to machine code once, cache on disk, never fall back to object mode.
kernel = numba.njit(cache=True, nogil=True)
#: The same, for loops run in parallel with ``numba.prange``.
parallel_kernel = numba.njit(cache=True, nogil=True, parallel=True)
