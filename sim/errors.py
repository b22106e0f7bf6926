"""Exceptions of the library.  The command line turns each into one line of text and exit code 2."""

from __future__ import annotations


class DrawsafeError(Exception):
    """Base class of every error the library raises on purpose."""


class InputError(DrawsafeError):
    """The input file cannot be used as it is.

    The message names the file, where in it the problem is (row, line, round, match), what is wrong
    and what to do about it, so that a user can fix the file without reading code.
    """

    def __init__(self, file: str, where: str | None, problem: str, hint: str | None = None):
        self.file = file
        self.where = where
        self.problem = problem
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f"{self.file}: {self.where}: " if self.where else f"{self.file}: "
        text = place + self.problem
        if self.hint:
            text += f" ({self.hint})"
        return text


class UsageError(DrawsafeError):
    """The options asked for something the event cannot give (e.g. ``--after-round`` past its end)."""


class StorageError(DrawsafeError):
    """A file or the events database could not be written (a full disk, no permission): nothing
    half-written is left; the server answers 507 and counts it (not the client's fault)."""
