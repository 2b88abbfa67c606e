"""A crash's leftover rollback journal: recovered on opening, and said so.

When a writer dies in the middle of a transaction in SQLite's rollback-journal
mode, the file ``NAME.arbiter-journal`` stays beside the event: the pages as
they were before the unfinished transaction. The next connection that may write
puts them back (the transaction never happened; every committed action stays).
A read-only connection cannot, and SQLite refuses it with "read-only", which is
not the truth the arbiter needs. So opening a file with such a journal first
completes the recovery with a short writable connection under the write lock,
for reading commands too, and the session says that it happened. Where the file
cannot be written (a read-only folder, a CD), the message says what is there and
what to do.

A journal or log that is not the event's own (another file's, or the event's
previous life's) is never applied: it is set aside first
(:mod:`arbiter_app.store.leftovers`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from arbiter_app.store.errors import FileLocked, ReadOnlyLocation, translate
from arbiter_app.store.leftovers import foreign, has_leftovers, settle
from arbiter_app.store.locking import WriteLock
from arbiter_app.store.notices import tell

RECOVERED = (
    "a crash had interrupted an action before it was saved; it was rolled back, and every "
    "action saved before it is there"
)


def journal_path(path: Path) -> Path:
    return Path(f"{path}-journal")


def hot_journal(path: Path) -> bool:
    """A rollback journal with content lies beside *path* (SQLite makes it hot only when
    no connection holds the file; an empty one is a finished transaction's)."""
    try:
        return journal_path(path).stat().st_size > 0
    except OSError:
        return False


def settle_for_reading(path: Path) -> tuple[bool, bool]:
    """Before a read-only opening: judge the leftovers beside *path*
    (:mod:`arbiter_app.store.leftovers`), set aside what is not the event's, and roll back
    a crash's unfinished action. Returns ``(recovered, ignore)``: *ignore* when a foreign
    leftover stays beside a file that cannot be written (it must be read without it).

    Nothing is judged while another program writes the file: its log is live."""
    if not has_leftovers(path):
        return False, False
    folder = path.parent if str(path.parent) else Path(".")
    if not (os.access(path, os.W_OK) and os.access(folder, os.W_OK)):
        # Read-only media: nobody writes here, and nothing can be set aside.
        strangers = foreign(path)
        for leftover, reason in strangers:
            tell(
                f"{path.name}: {leftover.name} beside the file was not applied: it does not "
                f"belong to this event ({reason}). The folder cannot be written, so it stays "
                "there; the event is read as it was"
            )
        if strangers:
            return False, True
        if hot_journal(path):
            raise _cannot_roll_back(path)
        return False, False
    lock = WriteLock(path)
    try:
        lock.acquire()
    except FileLocked:
        if hot_journal(path):
            raise FileLocked(
                path,
                "the file is being written in another window or program (a change is in "
                "progress); try again in a moment",
            ) from None
        return False, False
    try:
        settle(path)
        if not hot_journal(path):
            return False, False
        _roll_back(path)
        return True, False
    finally:
        lock.release()


def _cannot_roll_back(path: Path) -> ReadOnlyLocation:
    return ReadOnlyLocation(
        path,
        f"a crash left an unfinished action in {journal_path(path).name} beside the file, "
        "and this folder cannot be written to roll it back; copy both files to a folder "
        "you can write to and open the copy",
    )


def _roll_back(path: Path) -> None:
    """The first read of a writable connection rolls the hot journal back (lock held)."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        raise translate(exc, path) from exc
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.close()
