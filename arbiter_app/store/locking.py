"""One writer per tournament file, across processes, on every platform.

SQLite's own locks last one transaction; an arbiter keeps a file open for
hours. So a file opened for writing also holds an operating-system lock on a
companion file ``NAME.arbiter.lock`` for as long as it is open: ``flock`` on
POSIX (per open file, so even a second open in the same process is refused),
``msvcrt.locking`` on Windows. The lock dies with the process, so a crash never
leaves the file locked; a leftover ``.lock`` file is harmless. The lock file
names the holder (process id and host) so the refusal can say who has it.

On POSIX the lock file is removed on release. A process that opened the old
file just before the removal would lock a file no longer in the folder, so
after locking we check that the path still names the file we hold and retry
otherwise.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from pathlib import Path

from arbiter_app.store.errors import FileLocked, ReadOnlyLocation

# Windows locks are mandatory: lock a byte past the holder's note so the note stays readable.
_WINDOWS_LOCK_OFFSET = 4096
_NOTE_WIDTH = 200


def lock_path_for(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class WriteLock:
    """An exclusive lock that says "this file is open for writing"."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = lock_path_for(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise :class:`FileLocked` / :class:`ReadOnlyLocation` at once."""
        for _ in range(10):
            try:
                fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            except PermissionError as exc:
                raise ReadOnlyLocation(
                    self.path, "the folder is read-only; open the file read-only or copy it"
                ) from exc
            except OSError as exc:
                raise ReadOnlyLocation(self.path, f"cannot open for writing ({exc})") from exc
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise FileLocked(
                    self.path,
                    "already open for writing in another window or program"
                    f"{f' ({holder})' if holder else ''}; it can be opened read-only",
                )
            if _still_current(fd, self.lock_path):
                self._fd = fd
                _write_holder(fd)
                return
            os.close(fd)
        raise FileLocked(self.path, "could not take the write lock; try again")

    def release(self) -> None:
        fd = self._fd
        if fd is None:
            return
        self._fd = None
        if sys.platform != "win32":
            # Remove while still holding the lock: see the module docstring.
            with contextlib.suppress(OSError):
                os.unlink(self.lock_path)
        _unlock(fd)
        os.close(fd)
        if sys.platform == "win32":
            with contextlib.suppress(OSError):
                os.unlink(self.lock_path)


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def _still_current(fd: int, path: Path) -> bool:
    if sys.platform == "win32":
        return True  # an open file cannot be removed on Windows
    try:
        here = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)


def _write_holder(fd: int) -> None:
    # Padded to a fixed width so a longer note from an earlier holder never shows through.
    note = f"pid {os.getpid()} on {socket.gethostname()}"[:_NOTE_WIDTH].ljust(_NOTE_WIDTH)
    with contextlib.suppress(OSError):
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, note.encode())


def _read_holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, _NOTE_WIDTH).decode("utf-8", "replace").strip("\0 \n")
    except OSError:
        return ""
