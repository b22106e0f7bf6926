"""Progress of long runs: the library calls ``progress(done, planned)`` as simulations complete
(``planned`` may grow while a run adapts to a precision).  The command line draws a bar from it,
the server shows it while a job runs."""

from __future__ import annotations

from collections.abc import Callable

#: ``progress(done, planned)``.
Progress = Callable[[int, int], None]
