"""A new tournament file made in several steps is written aside and moved into place whole.

An import creates the event and then adds its players: two transactions. Made
under its final name, a crash between them would leave an event with no
players that opens and verifies, and the import could not be run again (the
name is taken). So the file is made under a hidden name beside the final one
(:func:`aside_path`), closed (its log folded into it, so it is one file) and
flushed, and only then given its final name by a hard link, which refuses to
overwrite a file that appeared meanwhile. The final name therefore names
either nothing or a whole file. A crash before the move leaves only the hidden
file, which the next import of the same name clears (:func:`clear_leftover`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from arbiter_app.store.errors import DiskError, FileExists, FileLocked, StoreError
from arbiter_app.store.leftovers import set_aside_all
from arbiter_app.store.locking import WriteLock
from arbiter_app.store.write_points import reached

_COMPANIONS = ("-journal", "-wal", "-shm")


def aside_path(path: Path) -> Path:
    """The hidden name a new file of *path* is made under."""
    return path.with_name(f".{path.name}.part")


@contextlib.contextmanager
def said_of(aside: Path, path: Path) -> Iterator[None]:
    """A store error raised inside the block about the hidden file *aside* names *path*
    instead: the arbiter asked for *path* and never saw the other name (issue 27, point 8:
    "``.event.arbiter.part``: not saved: the disk is full")."""
    try:
        yield
    except StoreError as exc:
        if exc.path.name == aside.name:
            exc.path = path
            exc.args = tuple(
                str(a).replace(aside.name, path.name, 1) if isinstance(a, str) else a
                for a in exc.args
            )
        raise


def clear_leftover(path: Path) -> None:
    """Remove what a crashed import of *path* left under the hidden name (unless a running
    import still writes it: then :class:`FileLocked`)."""
    aside = aside_path(path)
    if not aside.exists():
        return
    lock = WriteLock(aside)
    try:
        lock.acquire()
    except FileLocked:
        raise FileLocked(path, "another import into this name is still running") from None
    try:
        for name in (str(aside), *(f"{aside}{c}" for c in _COMPANIONS)):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)
    finally:
        lock.release()


def move_into_place(aside: Path, path: Path, *, durable: bool = True) -> None:
    """Give the closed, whole file *aside* the name *path*; refuse if *path* exists.
    *durable*: flush the file and the folder (as the file's commits are)."""
    for companion in _COMPANIONS[:2]:
        leftover = Path(f"{aside}{companion}")
        if leftover.exists() and leftover.stat().st_size:
            raise DiskError(path, "the new file could not be completed (its log is still apart)")
    try:
        if durable:
            flush(aside)
        reached("move: the new file is whole, under its hidden name")
        # A journal or log an earlier file of this name left must not be applied to it.
        set_aside_all(path, "an earlier file of this name")
        try:
            os.link(aside, path)
        except FileExistsError:
            raise FileExists(
                path, "a file of that name exists already; choose another name"
            ) from None
        except OSError:
            # A file system without hard links (FAT on a USB stick): rename, after a check.
            if path.exists():
                raise FileExists(
                    path, "a file of that name exists already; choose another name"
                ) from None
            os.replace(aside, path)
        reached("move: the new file has its name")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(aside)
        if durable:
            flush_folder(path.parent)
    except StoreError:
        raise
    except OSError as exc:
        raise DiskError(
            path, f"the new file could not be put in place ({exc.strerror or exc})"
        ) from exc


def flush(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def flush_folder(folder: Path) -> None:
    """Make the new name itself durable (POSIX; Windows has no folder handles to flush)."""
    if os.name != "posix":
        return
    fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
