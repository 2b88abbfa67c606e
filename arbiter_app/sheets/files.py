"""Reading the event a command works on from a file named on the command line.

Failures the user can fix (missing file, unreadable file, not UTF-8, not a
known format, bad records) become :class:`ArbiterError`\\ s, which the
command line prints and turns into exit status 2; a malformed file reports
every problem with its line and column (:class:`InputError`).
"""

from __future__ import annotations

from pathlib import Path

from arbiter_app.core.errors import ArbiterError, InputError, Issue


def read_text(path: Path) -> str:
    """The file's text; UTF-8 (with or without a byte-order mark) is required."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ArbiterError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ArbiterError(f"{path}: is a directory, not an event file") from None
    except PermissionError:
        raise ArbiterError(f"{path}: permission denied") from None
    except OSError as exc:
        raise ArbiterError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return decode_utf8(data, path)


def decode_utf8(data: bytes, path: Path) -> str:
    """*data* as UTF-8 text (a byte-order mark allowed), else InputError at the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        # Columns count characters, and everything before the bad byte is valid UTF-8.
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8-sig")) + 1
        raise InputError(
            [Issue(str(path), line, column, "not UTF-8 text (save the file as UTF-8)")]
        ) from None
