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

A lock by name alone lets two writers in through two names of one file (issue
27: a hard link lost acknowledged writes, a symbolic link ended in duplicate
journal entries). So the lock is one per *file*, whatever the path:

- a symbolic link is followed first (:func:`real_path`): the lock file lies
  beside the file itself, where every link leads; a link loop is refused;
- the event file itself is locked by its identity (device and inode): an
  open-file-description lock (``F_OFD_SETLK``, Linux) on one byte of SQLite's
  lock-byte page that SQLite itself never locks, so every hard link and every
  later name of the file (a rename while open) meets the same lock; where there
  is no such lock (Windows, macOS), a file with more than one name (hard links)
  is refused for writing, since its other names cannot be seen.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import stat
import struct
import sys
from pathlib import Path

from arbiter_app.store.errors import FileLocked, NotAnArbiterFile, ReadOnlyLocation

# Windows locks are mandatory: lock a byte past the holder's note so the note stays readable.
_WINDOWS_LOCK_OFFSET = 4096
_NOTE_WIDTH = 200


_IDENTITY_BYTE = 0x40000000 + 0x300
"""The byte locked in the event file: inside SQLite's lock-byte page (which holds no data,
https://sqlite.org/fileformat2.html#the_lock_byte_page) and outside the bytes SQLite locks
there (the pending byte, the reserved byte and 510 shared bytes from offset 1 GiB)."""


def real_path(path: Path) -> Path:
    """The file *path* names: symbolic links followed; a loop refused. A path that is no
    link is returned as it is (its messages keep the name the arbiter typed)."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # a link to a file still to be made
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotAnArbiterFile(
                path, "is a symbolic link that leads back to itself (a loop), not a file"
            ) from None
        raise ReadOnlyLocation(path, f"the link cannot be followed ({exc.strerror})") from None


def lock_path_for(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class WriteLock:
    """An exclusive lock that says "this file is open for writing"."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.real = real_path(path)
        self.lock_path = lock_path_for(self.real)
        self._fd: int | None = None
        self._identity: int | None = None

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
                try:
                    self.bind_identity()
                except BaseException:
                    self.release()
                    raise
                _write_holder(fd)
                return
            os.close(fd)
        raise FileLocked(self.path, "could not take the write lock; try again")

    def bind_identity(self) -> None:
        """Lock the file itself (see the module docstring), or again after it was replaced
        by a new file under its name (Save As, a copy over it); nothing while it does not
        exist yet (nothing else can have a file open that does not exist)."""
        held = self._identity
        try:
            fd = os.open(self.real, os.O_RDWR | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            # No file yet, or one that cannot be written (refused for writing elsewhere).
            return
        try:
            info = os.fstat(fd)
            same = held is not None and _same(os.fstat(held), info)
            taken = None if same or not stat.S_ISREG(info.st_mode) else _lock_identity(fd)
        except BaseException:
            os.close(fd)
            raise
        if same:
            os.close(fd)
            return
        if taken is False:
            os.close(fd)
            raise FileLocked(
                self.path,
                "already open for writing in another window or program under another "
                "name (a link to the same file); it can be opened read-only",
            )
        if held is not None:
            os.close(held)
            self._identity = None
        if taken is None:
            # No lock on the file itself here: keep no descriptor open (on Windows it would
            # stop a copy replacing the file), and refuse what only such a lock could see.
            os.close(fd)
            if stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
                raise FileLocked(
                    self.path,
                    f"the file has {info.st_nlink} names (hard links), and this system "
                    "cannot tell whether it is open under another one; open it read-only, "
                    "or copy it and open the copy",
                )
            return
        self._identity = fd

    def release(self) -> None:
        identity = self._identity
        if identity is not None:
            self._identity = None
            os.close(identity)  # the lock on the file itself goes with its descriptor
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


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _ofd_lock(fd: int, command: int, kind: int) -> bytes:
    import fcntl

    # struct flock: l_type, l_whence, l_start, l_len, l_pid (0 for an OFD lock).
    request = struct.pack("hhqqi", kind, os.SEEK_SET, _IDENTITY_BYTE, 1, 0)
    return fcntl.fcntl(fd, command, request)


def _ofd_available() -> bool:
    import fcntl

    return sys.platform == "linux" and hasattr(fcntl, "F_OFD_SETLK") and struct.calcsize("q") == 8


def _lock_identity(fd: int) -> bool | None:
    """Lock the file open as *fd* by its identity: True taken, False held elsewhere, None
    where this system has no such lock. Only an open-file-description lock on a byte
    SQLite never locks will do: ``flock`` on the database itself would, where it is made
    of ``fcntl`` locks (NFS, the BSDs), stand in the way of SQLite's own locks."""
    if sys.platform == "win32" or not _ofd_available():
        return None
    import fcntl

    try:
        _ofd_lock(fd, fcntl.F_OFD_SETLK, fcntl.F_WRLCK)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK):
            return False
        return None  # a file system without locks: the name lock is all there is
    return True


def held_for_writing(path: Path) -> bool:
    """Whether Arbiter holds *path* open for writing (under this name or any other)."""
    real = real_path(path)
    with contextlib.suppress(OSError):
        fd = os.open(lock_path_for(real), os.O_RDONLY)
        try:
            if sys.platform != "win32":
                import fcntl

                try:
                    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                except OSError:
                    return True
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
    if sys.platform == "win32":
        return False
    import fcntl

    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        if not _ofd_available():
            return False  # the name lock above is all there is
        answer = _ofd_lock(fd, fcntl.F_OFD_GETLK, fcntl.F_WRLCK)
        kind: int = struct.unpack("hhqqi", answer[: struct.calcsize("hhqqi")])[0]
        return kind != fcntl.F_UNLCK
    finally:
        os.close(fd)


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
