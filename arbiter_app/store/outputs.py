"""Writing an output (a CSV, a PDF, a TRF, …): never over an event, never half-written.

Every command that writes a file other than an event goes through
:func:`write_output`, which refuses, before anything is written, a target that

- is a file the command reads (the event, a TRF), under its name, through a
  symbolic link or through a hard link (same device and inode);
- is an event file: a name ending in ``.arbiter``, or a file whose header is an
  Arbiter event's whatever its name, or one of an event's companions (its
  rollback journal, write-ahead log, shared memory or lock file);
- is held open for writing by Arbiter (a window), under any name;
- is a folder, a pipe or a device rather than a file.

The output is then written under a hidden name beside the target (the same
folder, so the move cannot cross disks), flushed to the disk, checked when the
caller can tell a whole file from a cut one (a PDF ends with ``%%EOF``), and
only then renamed over the target. A full disk or any other failure removes
the hidden file, leaves an older target as it was, and is said: the output was
not written.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import secrets
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from arbiter_app.store.aside import flush, flush_folder

try:
    import fcntl
except ImportError:  # (Windows)
    fcntl = None  # type: ignore[assignment]
from arbiter_app.store.errors import (
    DiskError,
    DiskFull,
    FileMissing,
    ReadOnlyLocation,
    StoreError,
)
from arbiter_app.store.locking import held_for_writing, real_path
from arbiter_app.store.schema import APPLICATION_ID, SUFFIX

_MAGIC = b"SQLite format 3\x00"
_COMPANIONS = ("-journal", "-wal", "-shm", ".lock")
_NO_SPACE = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))

Writer = Callable[[Path], None]
"""Writes the whole output to the path it is given (the hidden file beside the target)."""
Check = Callable[[Path], str | None]
"""Looks at the written hidden file: None when it is whole, else what is wrong."""


class OutputRefused(StoreError):
    """An output would replace a file it must not (an event, a file it is made from)."""


def check_output(target: Path, *, sources: Sequence[Path] = ()) -> Path:
    """Refuse *target* as an output (see the module docstring); return the file to write
    (the target itself, or the file a symbolic link named *target* leads to)."""
    real = real_path(target)
    folder = real.parent if str(real.parent) else Path(".")
    if not folder.is_dir():
        raise FileMissing(target, f"not written: the folder {folder} does not exist")
    for source in sources:
        if _same_file(source, real):
            kind = "the event file" if source.suffix.lower() == SUFFIX else "the file"
            link = "" if source.name == target.name else f" ({source.name}, by another name)"
            raise OutputRefused(
                target,
                f"that is {kind} this command reads{link}; an output never replaces it: "
                "choose another name for the output",
            )
    if any(name.lower().endswith(SUFFIX) for name in (target.name, real.name)):
        raise OutputRefused(
            target,
            f"a name ending in {SUFFIX} is an event file's, and an output never takes it: "
            "choose another name for the output",
        )
    for companion in _COMPANIONS:
        if real.name.lower().endswith(SUFFIX + companion):
            raise OutputRefused(
                target,
                "that is part of an event file (its journal, log or lock); choose another "
                "name for the output",
            )
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise ReadOnlyLocation(target, f"not written: {exc.strerror or exc}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputRefused(target, "is a folder; choose a file name for the output")
        if not stat.S_ISREG(info.st_mode):
            raise OutputRefused(
                target, "is not a plain file (a pipe or a device); choose a file name"
            )
        if _is_event(real):
            raise OutputRefused(
                target,
                "that is an Arbiter event file (under another name); an output never "
                "replaces an event: choose another name for the output",
            )
        if held_for_writing(real):
            raise OutputRefused(
                target,
                "that file is open for writing in Arbiter; an output never replaces it: "
                "choose another name for the output",
            )
    if not os.access(folder, os.W_OK):
        raise ReadOnlyLocation(target, "not written: the folder is read-only")
    return real


def write_output(
    target: Path,
    write: Writer | bytes | str,
    *,
    sources: Sequence[Path] = (),
    check: Check | None = None,
) -> None:
    """Write an output to *target* whole or not at all (see the module docstring).

    *write* is the content (text is written as UTF-8, lines as they are) or a function
    that writes the file at the path it is given. *sources* are the files the output is
    made from. *check* may tell a cut file from a whole one.
    """
    real = check_output(target, sources=sources)
    folder = real.parent if str(real.parent) else Path(".")
    _clear_killed_outputs(real)
    part = folder / f".{real.name}.{secrets.token_hex(4)}.part"
    existed = real.exists()
    held: int | None = None
    try:
        try:
            mode = stat.S_IMODE(os.stat(real).st_mode) if existed else None
            if callable(write):
                held = _create(part, mode, b"")
                write(part)
            else:
                data = write.encode("utf-8") if isinstance(write, str) else write
                held = _create(part, mode, data)
            problem = check(part) if check is not None else None
            if problem is not None:
                raise DiskError(target, f"not written: {problem}{_kept(existed)}")
            flush(part)
            os.replace(part, real)
            with contextlib.suppress(OSError):
                flush_folder(folder)
        except OSError as exc:
            if exc.errno in _NO_SPACE:
                raise DiskFull(target, f"not written: the disk is full{_kept(existed)}") from None
            raise DiskError(
                target, f"not written ({exc.strerror or exc}){_kept(existed)}"
            ) from None
    finally:
        with contextlib.suppress(OSError):
            part.unlink()
        if held is not None:
            os.close(held)


def _clear_killed_outputs(real: Path) -> None:
    """Remove the hidden files outputs into *real* left when they were killed (issue 27,
    point 8), each only when no write holds it (a write keeps its hidden file locked)."""
    if fcntl is None:
        return  # (Windows: a killed output's hidden file stays until removed by hand)
    folder = real.parent if str(real.parent) else Path(".")
    for leftover in folder.glob(f".{glob.escape(real.name)}.*.part"):
        middle = leftover.name[len(real.name) + 2 : -len(".part")]
        if len(middle) != 8 or any(c not in "0123456789abcdef" for c in middle):
            continue
        try:
            fd = os.open(leftover, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if stat.S_ISREG(os.fstat(fd).st_mode):
                leftover.unlink()
        except OSError:
            pass  # another export is writing it now
        finally:
            os.close(fd)


def pdf_whole(path: Path) -> str | None:
    """A PDF ends with its ``%%EOF`` marker (ISO 32000-1, 7.5.5); a file cut short by a full
    disk does not (Qt's PDF writer does not report the failed write)."""
    with open(path, "rb") as fh:
        head = fh.read(5)
        size = fh.seek(0, os.SEEK_END)
        fh.seek(max(0, size - 1024))
        tail = fh.read()
    if head != b"%PDF-" or b"%%EOF" not in tail:
        return "the PDF came out cut short (is the disk full?)"
    return None


def _create(part: Path, mode: int | None, data: bytes) -> int:
    """Make the hidden file *part* with *data*; the returned descriptor keeps it locked
    until it is closed (so the next output never takes it for a killed one's)."""
    # O_EXCL: never through a file or link that appeared under the hidden name.
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if mode is not None and os.name == "posix":
            os.fchmod(fd, mode)  # the replaced output's permissions, whatever the umask
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    except BaseException:
        os.close(fd)
        raise
    return fd


def _kept(existed: bool) -> str:
    return "; the older file of that name is as it was" if existed else "; no file was made"


def _is_event(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            header = fh.read(72)
    except OSError:
        return False
    return header.startswith(_MAGIC) and int.from_bytes(header[68:72], "big") == APPLICATION_ID


def _same_file(source: Path, real: Path) -> bool:
    try:
        if os.path.realpath(source) == os.path.realpath(real):
            return True
        return real.exists() and os.path.samefile(source, real)
    except OSError:
        return False
