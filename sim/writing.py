"""Writing files safely: a temporary file in the same folder, then one atomic rename.

Every file drawsafe writes (reports and their figures, exported and generated events, studies)
goes through :func:`write_atomic`: a reader never sees half a file, and a failure (a full disk,
a folder that cannot be written) leaves the old file (or no file) in place and is one
:class:`~drawsafe.errors.StorageError` line.  :func:`never_an_input` refuses, before any work, a
destination that is one of the command's input files: drawsafe never writes over its input.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
from collections.abc import Iterable

from drawsafe.errors import StorageError, UsageError


def write_atomic(path: str | os.PathLike, content: str | bytes) -> None:
    """Replace ``path`` by ``content`` (text is written as UTF-8) in one rename.  The new file gets
    the permissions a plain ``open(path, "w")`` would give it (0666 less the umask).

    :raises StorageError: when the file cannot be written (full disk, no permission); the old
        file, if any, is untouched and no temporary file is left."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    data = content.encode("utf-8") if isinstance(content, str) else content
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, path)
    except OSError as e:
        raise StorageError(f"{path}: cannot be written ({storage_words(e)}); nothing was changed") from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)


def storage_words(e: OSError) -> str:
    """An OS error in words ("no space left on device"), without the path Python adds."""
    if e.errno == errno.ENOSPC:
        return "no space left on device"
    if e.errno == errno.EDQUOT:
        return "disk quota exceeded"
    return (e.strerror or type(e).__name__).lower()


def input_files(inputs: Iterable[str | os.PathLike | None]) -> list[str]:
    """The local files behind a command's inputs: a file itself, every file of a folder (Limitless
    and Play Hub folders); links and missing paths are not files on this disk."""
    out = []
    for item in inputs:
        if item is None:
            continue
        path = os.fspath(item)
        if os.path.isdir(path):
            out += [os.path.join(path, name) for name in os.listdir(path)
                    if os.path.isfile(os.path.join(path, name))]
        elif os.path.exists(path):
            out.append(path)
    return out


def never_an_input(targets: Iterable[str | os.PathLike], inputs: Iterable[str | os.PathLike | None],
                   flag: str = "-o") -> None:
    """Refuse to write any of ``targets`` when it is one of ``inputs``' files (the same file,
    through any name: a link, another spelling of its path).

    :raises UsageError: naming the option and the file; nothing is written then."""
    files = input_files(inputs)
    for target in targets:
        target = os.fspath(target)
        if not os.path.exists(target):
            continue
        for source in files:
            try:
                same = os.path.samefile(target, source)
            except OSError:
                same = False
            if same:
                raise UsageError(f"{flag} {target}: is the input file {source}; drawsafe never overwrites its "
                                 "input (choose another name)")


#: What a terminal acts on instead of showing: the C0 and C1 control characters (ESC starts an
#: ANSI sequence, CR rewrites the line), DEL, and the bidirectional overrides and isolates (they
#: reorder what follows them).
CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: The same, but keeping line breaks (a multi-line note).
CONTROLS_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, newlines: bool = False) -> str:
    """``text`` safe to print on a terminal: every control character (ANSI escapes, carriage
    returns, bidirectional overrides) shown as its escape (``\\x1b``, ``\\u202e``); with
    ``newlines`` line breaks are kept."""
    pattern = CONTROLS_BUT_NEWLINE if newlines else CONTROLS
    return pattern.sub(lambda m: escaped(m.group()), text)


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
