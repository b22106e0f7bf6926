"""Telling the user while the kernels compile: one line on stderr, the seconds it should take.

Every command runs inside :func:`compile_notice`; nothing is printed when every kernel loads from
the cache.  This module is imported by every command before it runs, so it loads numba's event
module only (the compile helper, which :func:`expected_seconds` asks, is imported by the simulating
commands anyway).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager

from numba.core import event

from drawsafe.app.registry import COMMANDS


def expected_seconds(command: str) -> float | None:
    """The notice's estimate for ``command`` (None: not measured): its declaration's measured cold
    seconds (:attr:`~drawsafe.app.registry.Command.compile_seconds`), or with the helper process on
    the idle second core (:mod:`drawsafe.app.ahead`, started by the simulating commands only)
    :attr:`~drawsafe.app.registry.Command.ahead_seconds`."""
    declared = COMMANDS.get(command)
    if declared is None:
        return None
    if declared.ahead_seconds is not None:
        from drawsafe.app.ahead import would_start  # lazy: it loads the simulation layer

        if would_start():
            return declared.ahead_seconds
    return declared.compile_seconds


class CompileWatch:
    """Listens to numba's compile events: which kernels compiled and for how long (top level)."""

    def __init__(self, on_start: Callable[[], None] | None = None, on_idle: Callable[[], None] | None = None):
        self.depth = 0
        self.names: list[str] = []
        self.seconds = 0.0
        self.started = 0.0
        self.on_start, self.on_idle = on_start, on_idle

        class Listener(event.Listener):
            def on_start(listener, ev):
                if self.depth == 0:
                    self.started = time.perf_counter()
                    if self.on_start:
                        self.on_start()
                self.depth += 1

            def on_end(listener, ev):
                self.depth -= 1
                d = ev.data["dispatcher"]
                self.names.append(f"{d.py_func.__module__}.{d.py_func.__qualname__}")
                if self.depth == 0:
                    self.seconds += time.perf_counter() - self.started
                    if self.on_idle:
                        self.on_idle()

        self.listener = Listener()
        self.event = event

    def __enter__(self):
        self.event.register("numba:compile", self.listener)
        return self

    def __exit__(self, *exc) -> None:
        self.event.unregister("numba:compile", self.listener)


@contextmanager
def compile_notice(seconds: float | Callable[[], float | None] | None = None, stream=None,
                   live: bool | None = None):
    """While the block runs: the first time a kernel compiles, one line on ``stream`` (stderr)
    "compiling the simulation kernels, first run only, about N s"; on a terminal (``live``) the line
    counts the seconds and is cleared when the compile ends.  Nothing when everything is cached.
    ``seconds`` may be a function, asked only when a compile starts (the estimate may sample the
    processors: a warm run never pays it)."""
    stream = stream or sys.stderr
    live = stream.isatty() if live is None else live
    text = "compiling the simulation kernels, first run only"
    shown = threading.Event()
    stop = threading.Event()
    lock = threading.Lock()
    watch: CompileWatch | None = None

    def tick():
        while not stop.wait(0.5):
            with lock:
                if watch is not None and watch.depth > 0:
                    stream.write(f"\rdrawsafe: {text} ... {time.perf_counter() - first[0]:.0f} s ")
                    stream.flush()

    first = [0.0]

    def on_start():
        nonlocal text
        with lock:
            if not shown.is_set():
                shown.set()
                estimate = seconds() if callable(seconds) else seconds
                if estimate:
                    text += f", about {estimate:.0f} s"
                first[0] = time.perf_counter()
                stream.write(f"drawsafe: {text}" + ("" if live else "\n"))
                stream.flush()
                if live:
                    threading.Thread(target=tick, daemon=True).start()

    def on_idle():
        if live:
            with lock:
                stream.write("\r\033[K")
                stream.flush()

    watch = CompileWatch(on_start, on_idle)
    try:
        with watch:
            yield watch
    finally:
        stop.set()
        if live and shown.is_set():
            with lock:
                stream.write(f"\rdrawsafe: compiled the simulation kernels in {watch.seconds:.0f} s\033[K\n")
                stream.flush()


