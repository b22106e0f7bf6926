"""Worker processes: the server's library calls run in child processes it can stop.

A compiled numba loop does not return to Python until it ends, so a thread running a simulation
cannot be stopped, and one long question used to hold every other behind it.  A process can be
stopped at any moment (SIGKILL): :class:`Worker` runs one call at a time in its child, sends back
the progress and the answer (pickled), and kills the child when the call runs past its deadline or
the server shuts down; the next call starts a new child, which loads the kernels from the on-disk
numba cache (:mod:`drawsafe.jit`), so a worker's first answer costs loading, not compiling.

Children are started with ``spawn``: forking a process that runs threads (uvicorn, numba's pool)
can copy a held lock.
"""

from __future__ import annotations

import functools
import multiprocessing
import pickle
import signal
import threading
import time
from collections.abc import Callable

CONTEXT = multiprocessing.get_context("spawn")
#: Seconds between two progress messages of a child (each is a pickle on the pipe).
PROGRESS_EVERY = 0.2


class Stopped(Exception):
    """The call was stopped: the server is shutting down, or the worker died (HTTP 503)."""


class Overtime(Exception):
    """The call ran past its deadline and its worker was killed (the queue turns it into JobTimeout)."""


class Lost(Exception):
    """An error of the child's that could not be sent back as it was: its class name and message."""


def portable(e: BaseException) -> tuple:
    """``e`` as (class, args, attributes), rebuilt by :func:`rebuilt` without calling ``__init__``
    (the library's errors take other arguments than their ``args``, so plain pickling fails)."""
    state = (type(e), e.args, dict(getattr(e, "__dict__", {})))
    try:
        pickle.loads(pickle.dumps(state))
    except Exception:  # noqa: BLE001  a local class or an unpicklable attribute: its words only
        return Lost, (f"{type(e).__name__}: {e}",), {}
    return state


def rebuilt(state: tuple) -> BaseException:
    cls, args, attributes = state
    e = cls.__new__(cls, *args)
    e.args = args
    e.__dict__.update(attributes)
    return e


@functools.cache
def libc():
    """The C library (Linux, glibc), or None where there is none."""
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6", use_errno=True)
    except OSError:
        return None


def release_memory() -> None:
    """Hand the heap's free pages back to the system (glibc's ``malloc_trim``): without it, the
    temporary objects of a big answer stay in the process's RSS as free heap, and a server that
    answers many large questions grows past its cache bound.  Nothing where there is no glibc."""
    trim = getattr(libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)


def die_with_parent() -> None:
    """On Linux, the kernel kills this child when the server dies (even by SIGKILL), rather than
    leave a simulation running for nobody."""
    prctl = getattr(libc(), "prctl", None)
    if prctl is not None:
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def child_main(conn, threads: int | None, warm: str | None) -> None:
    """The child's loop: receive ``(fn, args)``, send ``("progress", done, target)`` now and then
    and ``("done", result)`` or ``("error", portable)``; ``None`` ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent stops us
    die_with_parent()
    if threads:
        import numba

        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    said = ""
    if warm:
        from drawsafe.server.tasks import warm_worker

        try:
            said = warm_worker(warm)
        except Exception as e:  # noqa: BLE001  a failed warm-up leaves compiling on demand
            said = f"warm-up failed ({type(e).__name__}: {e}); kernels compile when first asked"
    conn.send(("ready", said))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        fn, args = message
        last = [0.0]

        def progress(done: int, target: int, last: list = last) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                conn.send(("progress", int(done), int(target)))

        result = None
        try:
            result = fn(*args, progress)
        except BaseException as e:  # noqa: BLE001  every failure goes back to the server
            reply = ("error", portable(e))
        else:
            reply = ("done", result)
        try:
            conn.send(reply)
        except Exception as e:  # noqa: BLE001  an answer that does not pickle
            conn.send(("error", (Lost, (f"the answer could not be sent back ({type(e).__name__}: {e})",), {})))
        reply = result = None
        release_memory()


class Worker:
    """One child process running calls one at a time (started on first use, again after a kill).

    ``threads``: numba threads of the child (None: all); ``warm``: what the child loads before its
    first call (:func:`drawsafe.server.tasks.warm_worker`: "all", "light"; None: nothing)."""

    def __init__(self, name: str, threads: int | None = None, warm: str | None = None):
        self.name, self.threads, self.warm = name, threads, warm
        self.process = None
        self.conn = None
        self.closing = False
        self.ready = ""
        self.started = 0
        self._lock = threading.Lock()

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def start(self) -> str:
        """Start the child and wait until it is ready (its warm-up done); what its warm-up said."""
        if self.closing:
            raise Stopped("the server is shutting down")
        parent, child = CONTEXT.Pipe()
        process = CONTEXT.Process(target=child_main, args=(child, self.threads, self.warm),
                                  name=f"drawsafe-{self.name}", daemon=True)
        with self._lock:
            process.start()
            self.process, self.conn = process, parent
        child.close()
        self.started += 1
        while not parent.poll(0.25):
            if self.closing or not process.is_alive():
                self.stop()
                raise Stopped("the server is shutting down" if self.closing else
                              f"the {self.name} worker stopped while starting (exit code {process.exitcode})")
        try:
            _, self.ready = parent.recv()
        except (EOFError, OSError):
            self.stop()
            raise Stopped(f"the {self.name} worker stopped while starting") from None
        return self.ready

    def run(self, fn: Callable, args: tuple, deadline: float, progress: Callable[[int, int], None] | None = None):
        """``fn(*args, progress)`` in the child (both picklable); kills the child at ``deadline``
        (time.monotonic()).

        :raises Overtime: past the deadline; :raises Stopped: on shutdown or a dead child; and
            whatever ``fn`` raised."""
        if not self.alive():
            self.start()
        conn = self.conn
        try:
            conn.send((fn, args))
        except (OSError, ValueError) as e:
            self.stop()
            raise Stopped(f"the {self.name} worker could not take the question ({e})") from None
        while True:
            if self.closing:
                self.stop()
                raise Stopped("the server is shutting down")
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise Overtime()
            try:
                if not conn.poll(min(left, 0.25)):
                    continue
                kind, *rest = conn.recv()
            except (EOFError, OSError):
                code = self.stop()
                if self.closing:
                    raise Stopped("the server is shutting down") from None
                raise Stopped(f"the {self.name} worker stopped (exit code {code}); ask again") from None
            if kind == "progress":
                if progress is not None:
                    progress(*rest)
            elif kind == "done":
                return rest[0]
            else:
                raise rebuilt(rest[0])

    def stop(self) -> int | None:
        """Kill the child (no call of it is worth finishing); its exit code."""
        with self._lock:
            process, conn, self.process, self.conn = self.process, self.conn, None, None
        if process is None:
            return None
        if process.is_alive():
            process.kill()
        process.join(10)
        if conn is not None:
            conn.close()
        return process.exitcode

    def close(self) -> None:
        """Stop for good (server shutdown): the running call ends with :class:`Stopped`."""
        self.closing = True
        self.stop()
