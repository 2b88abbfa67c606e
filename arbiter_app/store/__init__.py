"""The tournament file: one SQLite database per event, suffix ``.arbiter``.

- :mod:`~arbiter_app.store.schema`: tables, ``application_id``, format version.
- :mod:`~arbiter_app.store.file`: open (for writing or read-only), create, read, commit.
- :mod:`~arbiter_app.store.journal`: the hash-chained journal of commands.
- :mod:`~arbiter_app.store.migrations`: older formats, with a backup first.
- :mod:`~arbiter_app.store.locking`: one writer per file across processes, whatever the path.
- :mod:`~arbiter_app.store.leftovers`: a journal or log beside the file that is not its own.
- :mod:`~arbiter_app.store.outputs`: outputs written aside, never over an event.
- :mod:`~arbiter_app.store.notices`: what the store did on its own, for the interface to say.
- :mod:`~arbiter_app.store.errors`: the user's environment vs bugs.

The store knows rows, not chess: what the rows mean, and every change to
them, belongs to :mod:`arbiter_app.session`.
"""

from typing import TYPE_CHECKING, Any

from arbiter_app.store.errors import (
    CorruptFile,
    CraftedFile,
    DiskError,
    DiskFull,
    FileExists,
    FileLocked,
    FileMissing,
    NotAnArbiterFile,
    OpenedReadOnly,
    ReadOnlyLocation,
    StoreBug,
    StoreError,
    TooNew,
)
from arbiter_app.store.schema import APPLICATION_ID, SCHEMA_VERSION, SUFFIX

if TYPE_CHECKING:
    from arbiter_app.store.file import EventFile, read_header


def __getattr__(name: str) -> Any:
    """The file's classes, loaded when first asked for: a command that reads a TRF file and
    never an event file (``standings FILE.trf``) does not load the store's file handling."""
    if name in ("EventFile", "read_header"):
        from arbiter_app.store import file

        return getattr(file, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "SUFFIX",
    "CorruptFile",
    "CraftedFile",
    "DiskError",
    "DiskFull",
    "EventFile",
    "FileExists",
    "FileLocked",
    "FileMissing",
    "NotAnArbiterFile",
    "OpenedReadOnly",
    "ReadOnlyLocation",
    "StoreBug",
    "StoreError",
    "TooNew",
    "read_header",
]
