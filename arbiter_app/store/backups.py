"""Where automatic backups go, and what a backup is called.

The backup folder is the arbiter's choice for this computer (a USB stick, a
synchronised folder), kept in ``preferences.json`` in the user's data folder
(:func:`~arbiter_app.store.rating_db.data_folder`), so the window and the
command line share it. A backup is a whole tournament file with a dated name
that says what it is a copy of::

    Club Open, after round 3 (2026-11-23 15.12.04, journal 37-3f2a9c1b0d4e77aa).arbiter

The name keeps the journal's head when the copy was made (its last entry and the start
of its hash, :func:`~arbiter_app.store.journal.anchor`): the head is then kept outside
the event file, and ``arbiter-app verify FILE --against BACKUP`` catches a journal
rewritten since, even one whose hash chain was rebuilt consistently (issue 27).
Restoring one is opening it (and Save as… to carry on under another name).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Final

from arbiter_app.store.preferences import (
    PREFERENCES_NAME,
    PreferencesError,
    read_preferences,
    write_preferences,
)
from arbiter_app.store.schema import SUFFIX

__all__ = [
    "PREFERENCES_NAME",
    "PreferencesError",
    "backup_folder",
    "backup_name",
    "set_backup_folder",
]

_KEY: Final = "backup_folder"
_UNSAFE = '<>:"/\\|?*'
"""Characters no file name may hold on one desktop system or another."""


def backup_folder() -> Path | None:
    """The folder chosen for automatic backups (None: no backups are made)."""
    value = read_preferences().get(_KEY)
    return Path(value) if isinstance(value, str) and value else None


def set_backup_folder(folder: Path | None) -> None:
    """Choose the backup folder (None: stop making backups). The folder must exist."""
    if folder is not None and not folder.is_dir():
        raise PreferencesError(f"the backup folder {folder} does not exist")
    write_preferences({_KEY: None if folder is None else str(folder.resolve())})


def backup_name(event_name: str, what: str, moment: datetime, head: str = "") -> str:
    """The file name of a backup: the event, what the copy is of, when it was made and
    the journal's *head* then (its anchor; none for an empty journal)."""
    stem = "".join("_" if c in _UNSAFE or ord(c) < 32 else c for c in event_name).strip(" .")
    # A name is at most 255 bytes on most file systems: a long event name is cut.
    stem = stem.encode("utf-8")[:120].decode("utf-8", "ignore").strip(" .")
    stamp = moment.strftime("%Y-%m-%d %H.%M.%S")
    journal = f", journal {head}" if head else ""
    return f"{stem or 'Event'}, {what} ({stamp}{journal}){SUFFIX}"
