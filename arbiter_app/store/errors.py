"""What can go wrong with a tournament file, split the qutebrowser way.

Problems that come from the arbiter's environment — the disk is full, the file
is open elsewhere, it is not an Arbiter file, it was written by a newer
version, the folder is read-only — are :class:`StoreError` subclasses (which
are :class:`~arbiter_app.core.errors.ArbiterError`): the interface shows their
message and nothing is lost. Anything else SQLite reports (a malformed
statement, a constraint our own code broke) is a bug in Arbiter and is raised
as :class:`StoreBug`, which is deliberately *not* an ArbiterError so it is
never mistaken for the user's fault.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from arbiter_app.core.errors import ArbiterError


class StoreError(ArbiterError):
    """A tournament file cannot be used as asked, for a reason outside Arbiter."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        super().__init__(f"{self.path.name}: {message}")


class FileMissing(StoreError):
    """The file does not exist."""


class FileExists(StoreError):
    """A new event would overwrite an existing file."""


class NotAnArbiterFile(StoreError):
    """The file is not a tournament file (another database, a text file, …)."""


class CorruptFile(StoreError):
    """The file is an Arbiter file but damaged (truncated, malformed pages)."""


class CraftedFile(CorruptFile):
    """The file holds what Arbiter never makes (a trigger, a view, an index, a column rule):
    another program changed it, and it could act on its own on every write."""


class TooNew(StoreError):
    """The file was written by a newer version of Arbiter."""

    def __init__(self, path: Path | str, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(
            path,
            f"written by a newer version of Arbiter (file format {found}; this version "
            f"reads up to {supported}); update Arbiter to open it",
        )


class FileLocked(StoreError):
    """The file is open for writing elsewhere (another window or process)."""


class ReadOnlyLocation(StoreError):
    """The file or its folder cannot be written."""


class OpenedReadOnly(StoreError):
    """A change was asked of a file opened read-only."""


class DiskFull(StoreError):
    """The disk is full; the last action was not saved."""


class DiskError(StoreError):
    """Reading or writing the disk failed (a removed USB stick, a network drive gone)."""


class StoreBug(Exception):
    """SQLite reported an error that Arbiter's own code caused: a bug, not the user's fault."""


# SQLite primary result codes (https://sqlite.org/rescode.html) that describe the
# environment rather than our SQL.
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26


def translate(exc: sqlite3.Error, path: Path | str) -> Exception:
    """Turn a :mod:`sqlite3` error into a typed :class:`StoreError`, or a :class:`StoreBug`."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return FileLocked(path, "the file is busy in another program; try again in a moment")
    if primary == _SQLITE_READONLY:
        return ReadOnlyLocation(path, "the file or its folder is read-only; nothing was saved")
    if primary == _SQLITE_FULL:
        return DiskFull(path, "the disk is full; the last action was not saved")
    if primary == _SQLITE_CORRUPT:
        return CorruptFile(path, "the file is damaged (SQLite reports a malformed database)")
    if primary == _SQLITE_NOTADB:
        return NotAnArbiterFile(path, "not an Arbiter tournament file (not a database)")
    if primary == _SQLITE_CANTOPEN:
        return ReadOnlyLocation(path, "the file cannot be opened (check the folder's permissions)")
    if isinstance(exc, sqlite3.OperationalError) and str(exc).startswith("Could not decode"):
        # Python's sqlite3 reading text that a damaged page left not UTF-8.
        return CorruptFile(path, f"the file is damaged ({exc})")
    if primary == _SQLITE_IOERR:
        return DiskError(path, f"the disk reported an error ({exc}); the last action was not saved")
    return StoreBug(f"{Path(path).name}: {exc}")
