"""Writing an open event to another file: Save As, Save a copy, ``arbiter-app copy``.

The copy is made with SQLite's online backup API (``sqlite3.Connection.backup``),
which reads one consistent snapshot of the database even while the window that
has it open keeps writing, and works from an event held in memory as from a
file. Every refusal happens before anything is written:

- the target must end in ``.arbiter``, lie in a folder that exists and can be
  written, and not be the event's own file;
- an existing file is replaced only when the caller says so (the window's save
  dialog asked), and never while another window or program has it open for
  writing (its write lock is taken first).

The copy is written to a hidden temporary file beside the target, checked
(``PRAGMA quick_check``), flushed to the disk and only then renamed over the
target, so a full disk or a removed stick leaves the old target as it was and
no half-written file under the target's name. The copy is one single file in
the rollback-journal mode: whatever opens it needs nothing else.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import sqlite3
from pathlib import Path

from arbiter_app.store.errors import (
    CorruptFile,
    FileExists,
    FileMissing,
    ReadOnlyLocation,
    StoreError,
    translate,
)
from arbiter_app.store.leftovers import set_aside_all
from arbiter_app.store.locking import WriteLock
from arbiter_app.store.schema import SUFFIX
from arbiter_app.store.write_points import reached


class SameFile(StoreError):
    """A copy was asked to overwrite the very file it is made from."""


def check_target(target: Path, source: Path | None, *, overwrite: bool) -> None:
    """Refuse a target the copy cannot or must not be written to (see the module docstring)."""
    if target.suffix.lower() != SUFFIX:
        raise StoreError(
            target, f"an event file's name ends in {SUFFIX}; add it or choose another name"
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise FileMissing(target, f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise ReadOnlyLocation(target, "the folder is read-only; choose another place")
    if target.is_dir():
        raise FileExists(target, "is a folder; choose a file name")
    if source is not None and _same_file(source, target):
        raise SameFile(target, "that is the event's own file; choose another name for the copy")
    if (target.exists() or target.is_symlink()) and not overwrite:
        raise FileExists(target, "a file of that name exists already; choose another name")


def write_copy(
    conn: sqlite3.Connection,
    target: Path,
    *,
    source: Path | None = None,
    overwrite: bool = False,
    keep_lock: bool = False,
) -> WriteLock | None:
    """Write the database of *conn* to *target* as one whole, closed event file.

    *source* is the file *conn* reads (None for an event in memory): the copy
    may not replace it. With *keep_lock* the target's write lock is returned
    still held (Save As goes on writing to the target); otherwise it is
    released and None is returned.
    """
    target = Path(target)
    check_target(target, source, overwrite=overwrite)
    lock = WriteLock(target)
    lock.acquire()
    try:
        _clear_killed_copies(target)
        _write_via_temporary(conn, target)
    except BaseException:
        lock.release()
        raise
    if keep_lock:
        return lock
    lock.release()
    return None


def _write_via_temporary(conn: sqlite3.Connection, target: Path) -> None:
    folder = target.parent if str(target.parent) else Path(".")
    # A hidden name of our own (SQLite creates it with the usual permissions, as any file).
    part = folder / f".{target.name}.{secrets.token_hex(4)}.part"
    try:
        copy = sqlite3.connect(str(part), isolation_level=None)
        try:
            conn.backup(copy)
            # The copy stands alone: no write-ahead log beside it, whatever the source uses.
            copy.execute("PRAGMA journal_mode = DELETE").fetchone()
            found = [str(r[0]) for r in copy.execute("PRAGMA quick_check")]
        finally:
            copy.close()
        if found != ["ok"]:
            raise CorruptFile(target, f"the copy does not read back ({'; '.join(found[:3])})")
        with open(part, "rb+") as fh:
            os.fsync(fh.fileno())
        reached("copy: the copy is whole, under its hidden name")
        # The old file's journal or log must not be applied to the copy (issue 27).
        set_aside_all(target, "the file this copy replaces")
        os.replace(part, target)
        _sync_folder(folder)
    except sqlite3.Error as exc:
        raise translate(exc, target) from exc
    except OSError as exc:
        raise ReadOnlyLocation(target, f"the copy could not be written ({exc.strerror})") from exc
    finally:
        with contextlib.suppress(OSError):
            part.unlink()


def _clear_killed_copies(target: Path) -> None:
    """Remove the hidden files copies into *target* left when they were killed (issue 27,
    point 8). The target's write lock is held: no copy into it is running."""
    folder = target.parent if str(target.parent) else Path(".")
    for leftover in folder.glob(f".{glob.escape(target.name)}.*.part"):
        middle = leftover.name[len(target.name) + 2 : -len(".part")]
        if len(middle) == 8 and all(c in "0123456789abcdef" for c in middle):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles to flush)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
