"""The progress bar of long commands, on stderr (rich), for the library's ``progress(done, planned)``
callbacks (:data:`drawsafe.progress.Progress`)."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    """A progress bar on stderr (rich), shown once a run has taken more than ``delay`` seconds and
    only on a terminal; called as ``progress(done, target)`` by the library's long loops."""

    def __init__(self, label: str, enabled: bool | None = None, delay: float = 1.5):
        self.label = label
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.delay = delay
        self.start = time.monotonic()
        self.bar = None
        self.task = None

    def __call__(self, done: int, target: int) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            self.bar = Bar(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                           TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=max(target, 1))
        self.bar.update(self.task, completed=min(done, target), total=max(target, 1))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
