"""Numba settings in one place: every kernel is compiled with ``@kernel`` (nopython, cached).

Compiled kernels are cached on disk, so the compile time is paid once per installation.

- Where: numba checks a cached function against its own source file only, but our kernels call
  kernels in other files (and LLVM inlines them), so an edit to one file could leave a stale kernel
  cached for another.  The cache therefore lives in a folder named after a hash of every module
  that defines kernels or constants they compile in, of drawsafe's version, of the CPU the kernels
  are compiled for and of the numba, llvmlite and Python versions (:func:`cache_key`): any change
  starts a fresh cache.  The folder is under ``$NUMBA_CACHE_DIR`` when set, else under
  ``~/.cache/drawsafe``; inside it a kernel's files sit under its module's folder in the package
  (:class:`PackageLocator`), not under a hash of where the package is installed.
- Shipped: the kernels come compiled with the package (``data/kernels/<key>.zip``, built by
  ``python -m drawsafe.app.ship``), for a portable CPU (:data:`DEFAULT_TARGET`).  When the archive's
  key is this installation's (same sources, numba, llvmlite and Python), the first run unpacks it
  into the cache folder and compiles nothing; otherwise the kernels compile on first use as before.
- A folder that cannot be written (read-only, full disk): one note on stderr, and the kernels
  compile in memory for this run (slower, never a crash).
- One variant per kernel: numba compiles a separate variant for every literal constant a kernel
  is called with (``f(0)`` and ``f(n)`` are two compiles of ``f``); the kernels here type their
  arguments without literals (:func:`kernel`), so each compiles once per array type.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ClassVar

import numba
from numba.core import cgutils, types
from numba.core.caching import (
    CompileResultCacheImpl,
    FunctionCache,
    _CacheLocator,
    _SourceFileBackedLocatorMixin,
)
from numba.extending import intrinsic, overload
from numba.np.arrayobj import make_array

#: Modules without kernels whose constants the kernels compile in (relative to the package).
CONSTANT_MODULES = ("jit.py", "event/kinds.py", "engine/codes.py")
#: The package's folder (``sim/`` in the source tree).
PACKAGE = Path(__file__).resolve().parent

#: What a CPU must have to run kernels compiled for each portable target (LLVM's feature names).
PORTABLE_FEATURES = {
    "generic": (),
    "x86-64-v3": ("avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave", "cx16", "sahf",
                  "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3"),
}
#: The portable target the kernels are compiled (and shipped) for by default: x86-64-v3 (AVX2,
#: BMI2, FMA; every x86-64 server processor since 2013-2015) runs them as fast as this processor's
#: own target, the baseline ``generic`` about 10% slower on Magic's simulations
#: (benchmarks/NOTES.md, "One engine, shipped compiled").
DEFAULT_TARGET = "x86-64-v3"


def target_cpu() -> str:
    """The CPU the kernels are compiled for: :data:`DEFAULT_TARGET` when this processor runs it
    (then the kernels shipped with the package load here, and a machine compiling its own gets the
    same machine code), else this processor (``host``: they compile on first use).
    ``DRAWSAFE_CPU`` names another target (``generic``, ``x86-64-v3``, ``host``); numba's own
    ``NUMBA_CPU_NAME`` wins over both."""
    if "NUMBA_CPU_NAME" in os.environ:
        return os.environ["NUMBA_CPU_NAME"]
    wanted = os.environ.get("DRAWSAFE_CPU") or DEFAULT_TARGET
    if wanted == "host" or wanted not in PORTABLE_FEATURES:
        return wanted
    import llvmlite.binding as llvm

    if wanted != "generic" and llvm.get_process_triple().split("-")[0] != "x86_64":
        return "host"
    have = {f[1:] for f in llvm.get_host_cpu_features().flatten().split(",") if f.startswith("+")}
    return wanted if set(PORTABLE_FEATURES[wanted]) <= have else "host"


TARGET_CPU = target_cpu()
if "NUMBA_CPU_NAME" not in os.environ and TARGET_CPU != "host":
    numba.config.CPU_NAME = TARGET_CPU
    numba.config.CPU_FEATURES = ""


def kernel_sources(root: Path) -> list[Path]:
    """The package's modules that define kernels (they import ``drawsafe.jit``) or constants the
    kernels compile in."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel in CONSTANT_MODULES or b"from drawsafe.jit import" in path.read_bytes():
            out.append(path)
    return out


def cache_key(root: Path | None = None, numba_version: str | None = None) -> str:
    """A short hash of everything the compiled kernels depend on (see the module docstring):
    the kernel sources under ``root`` (default: this package), its version, the target CPU,
    numba's (``numba_version``), llvmlite's and Python's.  Not where it is installed: a clone
    elsewhere finds the kernels shipped with it."""
    import llvmlite

    root = root or PACKAGE
    digest = hashlib.sha256()
    for path in kernel_sources(root):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    try:
        from importlib.metadata import version

        own = version("drawsafe")
    except ImportError:  # running from a source tree without an install
        own = "source"
    if TARGET_CPU == "host":
        import llvmlite.binding as llvm

        cpu = f"host {llvm.get_host_cpu_name()} {llvm.get_host_cpu_features().flatten()}"
    else:
        cpu = TARGET_CPU
    python = f"{sys.implementation.name} {sys.version_info[0]}.{sys.version_info[1]}"  # numba checks the bytecode
    for part in (own, cpu, numba_version or numba.__version__, llvmlite.__version__, python):
        digest.update(part.encode())
    return digest.hexdigest()[:16]


def cache_dir(key: str) -> Path:
    base = os.environ.get("NUMBA_CACHE_DIR")
    if not base:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(home, "drawsafe")
    return Path(base) / f"numba-{key}"


def warn(text: str) -> None:
    """One line on stderr (the library's notes never go to stdout: ``--json`` stays clean)."""
    sys.stderr.write(f"drawsafe: {text}\n")
    sys.stderr.flush()


def writable(folder: Path) -> str | None:
    """None when ``folder`` can be created and written, else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as e:
        return e.strerror or str(e)
    return None


def shipped_archive(key: str) -> Path:
    """The archive of the kernels compiled for the cache key ``key`` that the package ships (it
    may not exist: see :mod:`drawsafe.app.ship`)."""
    return PACKAGE / "data" / "kernels" / f"{key}.zip"


#: Written in the cache folder once the shipped kernels are unpacked there.
SHIPPED_MARK = ".shipped"


def unpack_shipped(folder: Path, archive: Path) -> bool:
    """Unpack the shipped kernels ``archive`` into the cache ``folder`` unless done before; True
    when the folder holds them.  Each file is written whole under a temporary name and renamed,
    so two processes starting at once never read half a file."""
    import uuid
    import zipfile
    import zlib

    mark = folder / SHIPPED_MARK
    if mark.exists():
        return True
    if not archive.exists():
        return False
    try:
        # a zip of deflated files: unpacked in 0.1 s where the 2.3x smaller tar.xz took 0.5 s, the
        # most of a first run's extra time (benchmarks/NOTES.md)
        with zipfile.ZipFile(archive) as z:
            for member in z.infolist():
                name = member.filename
                if member.is_dir() or name.startswith("/") or ".." in Path(name).parts:
                    continue
                target = folder / name
                target.parent.mkdir(parents=True, exist_ok=True)
                data = z.read(member)
                tmp = target.with_name(f"{target.name}.tmp.{uuid.uuid4().hex[:12]}")
                tmp.write_bytes(data)
                os.replace(tmp, target)
        mark.write_text(archive.name)
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError) as e:
        warn(f"could not unpack the compiled kernels shipped with drawsafe ({e}); they compile on "
             "first use instead.")
        return False
    return True


#: This installation's :func:`cache_key`.
CACHE_KEY = cache_key()
CACHE_DIR = cache_dir(CACHE_KEY)
#: Why the kernel cache is off for this run (None: on).
CACHE_OFF = writable(CACHE_DIR)
#: The kernels shipped with the package are in the cache folder (nothing to compile);
#: ``DRAWSAFE_SHIPPED=0`` leaves them out (to measure or test the compile itself).
SHIPPED = (not CACHE_OFF and os.environ.get("DRAWSAFE_SHIPPED") != "0"
           and unpack_shipped(CACHE_DIR, shipped_archive(CACHE_KEY)))
if CACHE_OFF:
    warn(f"the kernel cache folder {CACHE_DIR} cannot be written ({CACHE_OFF}); the kernels compile "
         "for this run only (slower). Set NUMBA_CACHE_DIR to a writable folder to keep them.")
else:
    numba.config.CACHE_DIR = str(CACHE_DIR)


class PackageLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
    """Where a kernel of the package is cached: :data:`CACHE_DIR` / its module's folder relative
    to the package (numba's own locator names the folder after a hash of the module's absolute
    path, which another clone of the same sources would not find).  The source stamp is numba's:
    a hash of the module's content, never its modification time (pip does not keep those)."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        rel = Path(py_file).resolve().parent.relative_to(PACKAGE)
        self._cache_path = os.path.join(str(CACHE_DIR), "kernels", *rel.parts)

    def get_cache_path(self):
        return self._cache_path

    @classmethod
    def from_function(cls, py_func, py_file):
        if not Path(py_file).resolve().is_relative_to(PACKAGE):  # a kernel outside the package
            return None
        return super().from_function(py_func, py_file)


class PackageCacheImpl(CompileResultCacheImpl):
    _locator_classes: ClassVar[list] = [PackageLocator, *CompileResultCacheImpl._locator_classes]


class KernelCache(FunctionCache):
    """numba's on-disk cache, in the package's layout (:class:`PackageLocator`), except that a
    failed write (disk full, folder made read-only meanwhile) gives one note and leaves the compiled
    kernel in memory instead of raising."""

    _impl_class = PackageCacheImpl
    failed = False

    def save_overload(self, sig, data):
        try:
            super().save_overload(sig, data)
        except OSError as e:
            self.disable()
            if not KernelCache.failed:
                KernelCache.failed = True
                warn(f"could not write the kernel cache in {CACHE_DIR} ({e.strerror or e}); the "
                     "kernels compiled for this run are not kept (the next run compiles again).")

    #: Kernels (qualified names) whose variants another process is compiling: a load waits for them
    #: to appear in the cache until the time.monotonic() deadline (see drawsafe.app.ahead).
    follow: ClassVar[dict[str, float]] = {}

    def load_overload(self, sig, target_context):
        deadline = self.follow.get(self._py_func.__qualname__)
        while True:
            try:
                found = super().load_overload(sig, target_context)
            except OSError:
                found = None
            if found is not None or deadline is None or time.monotonic() > deadline:
                return found
            time.sleep(0.05)


#: Waits a compile helper registers (drawsafe.app.ahead), by what it compiles: the code about to
#: call such a kernel for the first time waits for the helper instead of compiling it twice.
WAITS: dict = {}


def wait_for_helper(what: str) -> None:
    """Before the first use of kernels a helper process may be compiling (``"flips"``): wait for
    it when one runs (see :mod:`drawsafe.app.ahead`); at once otherwise."""
    wait = WAITS.pop(what, None)
    if wait is not None:
        wait()


#: When a list: every call typed from one kernel to another is appended as (callee name, argument
#: types) (tests/app/test_ahead.py compares the calls two kernels make).
CALLS: list | None = None


def without_literals(dispatcher):
    """Type calls from other kernels by value type only (``int64``, not ``Literal[int](0)``), so that
    a kernel called with a constant somewhere compiles no extra variant."""
    resolve = dispatcher.get_call_template

    def get_call_template(args, kws):
        args = tuple(types.unliteral(a) for a in args)
        if CALLS is not None:
            CALLS.append((dispatcher.py_func.__qualname__, args))
        return resolve(args, {k: types.unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def compiled(literals: bool = False, **options):
    """A decorator: ``numba.njit(nogil=True, **options)``, cached in :data:`CACHE_DIR`, without
    literal variants unless ``literals``."""

    def decorate(func):
        dispatcher = numba.njit(nogil=True, **options)(func)
        if numba.config.DISABLE_JIT:  # NUMBA_DISABLE_JIT=1 (coverage of kernel bodies): plain Python
            return dispatcher
        if not CACHE_OFF:
            dispatcher._cache = KernelCache(func)
        return dispatcher if literals else without_literals(dispatcher)

    return decorate


#: Compile to machine code once, cache on disk, never fall back to object mode.
kernel = compiled()
#: A kernel compiled once per constant flag it is called with (``split=True`` / ``False``): for a hot
#: loop whose branches those flags decide, the specialized code is worth a second compile.
flag_kernel = compiled(literals=True)
#: A small helper called per player in hot loops: inlined into its callers at numba IR level (an
#: ordinary call passing arrays costs more than the helper's own work).
inline_kernel = compiled(inline="always")


def in_chunks(chunk_kernel, chunks: int, first: int, count: int, *args) -> None:
    """Run ``chunk_kernel(c, lo, hi, *args)`` for the ``chunks`` parts ``lo .. hi - 1`` of
    ``first .. first + count - 1``, on ``numba.get_num_threads()`` threads.

    The kernels release the GIL (``nogil``), so Python threads run them in parallel; each chunk
    writes only its own outputs, so the result does not depend on the thread count.  This replaces
    a ``numba.prange`` loop: a parallel kernel re-optimizes and emits the machine code of everything
    it calls twice more (its parallel body and itself), about a third of the first run's compile.
    """
    bounds = [(c, first + (count * c) // chunks, first + (count * (c + 1)) // chunks) for c in range(chunks)]
    threads = min(numba.get_num_threads(), chunks)
    if threads <= 1:
        for c, lo, hi in bounds:
            chunk_kernel(c, lo, hi, *args)
        return

    def share(i: int) -> None:  # thread i runs chunks i, i + threads, ...
        for c, lo, hi in bounds[i::threads]:
            chunk_kernel(c, lo, hi, *args)

    # one task per extra thread, and the calling thread runs the first share: a hand-off costs
    # tens of microseconds, as much as a small run's chunk
    pool = thread_pool()
    others = [pool.submit(share, i) for i in range(1, threads)]
    share(0)
    for done in others:
        done.result()  # re-raises a kernel's exception


_POOL: tuple[int, ThreadPoolExecutor] | None = None  # (process id, pool)
_POOL_LOCK = threading.Lock()


def thread_pool() -> ThreadPoolExecutor:
    """The process's pool, kept between calls (starting one per call cost 0.5 ms, several times a
    small run's own work: benchmarks/NOTES.md), with a thread for every thread numba may be set to
    use but the caller's, so that no call needs a different pool.  A forked child (its parent's
    threads do not survive the fork) makes its own."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL[0] != os.getpid():
            extra = max(1, numba.config.NUMBA_NUM_THREADS - 1)
            _POOL = (os.getpid(), ThreadPoolExecutor(max_workers=extra, thread_name_prefix="drawsafe"))
        return _POOL[1]


def _borrow(context, builder, ty, value):
    """``value`` of type ``ty`` with every array in it stripped of its owner (see :func:`borrowed`)."""
    if isinstance(ty, types.Array):
        ary = make_array(ty)(context, builder, value=value)
        ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
        ary.parent = cgutils.get_null_value(ary.parent.type)
        return ary._getvalue()
    if isinstance(ty, types.BaseTuple):
        for i, member in enumerate(ty):
            part = _borrow(context, builder, member, builder.extract_value(value, i))
            value = builder.insert_value(value, part, i)
    return value


@intrinsic
def _borrowed(typingctx, x):
    def codegen(context, builder, signature, args):
        return _borrow(context, builder, signature.args[0], args[0])
    return x(x), codegen


@intrinsic
def _keep_alive(typingctx, x):
    def codegen(context, builder, signature, args):
        return context.get_dummy_value()
    return types.none(x), codegen


def borrowed(x):
    """In a kernel: ``x`` (an array, or a bundle of arrays and numbers) as views that numba does not
    count references to.  numba counts references to an array atomically at every call that passes
    it, and cannot drop the counts in a large kernel: in a simulation those counts took 29% of the
    time (benchmarks/NOTES.md).  A view without an owner counts nothing (numba skips a null owner).

    The kernel must keep ``x`` alive while the views are used: an argument of the kernel is (its
    caller holds it); for an array the kernel allocated, call :func:`keep_alive` on it after the
    last use of its views.  Never return a view to Python (it has no owner to box).  In plain
    Python (``NUMBA_DISABLE_JIT=1``) it is ``x`` itself."""
    return x


def keep_alive(x):
    """In a kernel: a use of ``x`` that generates no code, so that numba releases ``x`` no earlier
    than here (see :func:`borrowed`)."""


@overload(borrowed)
def _overload_borrowed(x):
    return lambda x: _borrowed(x)


@overload(keep_alive)
def _overload_keep_alive(x):
    return lambda x: _keep_alive(x)
