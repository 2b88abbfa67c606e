"""Reading the event a command works on from a file named on the command line.

Failures the user can fix (missing file, unreadable file, not UTF-8, not a
known format, bad records) become :class:`ArbiterError`\\ s, which the
command line prints and turns into exit status 2; a malformed file reports
every problem with its line and column (:class:`InputError`).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from arbiter_app.core.errors import ArbiterError, utf8_text
from arbiter_app.core.limits import MAX_IMPORT_BYTES, MAX_PLAYERS
from arbiter_app.core.words import count


def read_text(path: Path) -> str:
    """The file's text; UTF-8 (with or without a byte-order mark) is required."""
    return decode_utf8(read_bounded(path), path)


def read_bounded(path: Path, limit: int = MAX_IMPORT_BYTES) -> bytes:
    """The bytes of an input file of at most *limit* bytes (core.limits).

    The size is checked before anything is read, and the reading stops one byte past
    the limit whatever the size said (a file still growing, a device that never ends),
    so a file too big to be an event never fills the memory.
    """
    try:
        # Opened without waiting (a pipe would wait for ever for some writer) and read only
        # when it is a file: a pipe, a device or a socket under a file's name is refused
        # at once (issue 27); a loop of symbolic links fails the opening with ELOOP.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(path)
            if not stat.S_ISREG(info.st_mode):
                kind = "a pipe (FIFO)" if stat.S_ISFIFO(info.st_mode) else "a device or socket"
                raise ArbiterError(f"{path}: is {kind}, not a file; name the file itself")
            size = info.st_size
            if size > limit:
                raise ArbiterError(_too_big(path, size, limit))
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise ArbiterError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ArbiterError(f"{path}: is a directory, not an event file") from None
    except PermissionError:
        raise ArbiterError(f"{path}: permission denied") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ArbiterError(
                f"{path}: a loop of symbolic links, which leads to no file"
            ) from None
        raise ArbiterError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise ArbiterError(_too_big(path, len(data), limit, more=True))
    return data


def _too_big(path: Path, size: int, limit: int, *, more: bool = False) -> str:
    megabytes = f"{size / 1_048_576:,.1f} MB" if size >= 1_048_576 else f"{size:,} bytes"
    return (
        f"{path}: the file is {'over ' if more else ''}{megabytes}; an input file is at most "
        f"{limit // 1_048_576} MB (a TRF of {count(MAX_PLAYERS, 'player', thousands=True)} "
        "is about 11 MB), "
        "so this cannot be an event's file"
    )


def decode_utf8(data: bytes, path: Path) -> str:
    """*data* as UTF-8 text (a byte-order mark allowed), else InputError at the first bad byte."""
    return utf8_text(data, str(path))
