"""Reading the one list inside a zip, bounded: a zip bomb is refused, never unpacked.

A FIDE rating list or a US Chess member list comes zipped. A zip of a few megabytes can
unpack to many gigabytes (a "zip bomb": the same bytes compressed over and over), which
filled the memory (issue 27, point 7). Every member is read through :class:`BoundedStream`,
which counts what comes out and refuses the list past :data:`MOST_UNPACKED_BYTES`, whatever
the zip's own directory says; a member whose directory entry already says more is refused
before anything is unpacked.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path
from typing import IO, Final

from arbiter_app.core.errors import InputError, Issue

MOST_UNPACKED_BYTES: Final = 2 * 1024**3
"""The most a list may unpack to: 2 GiB (FIDE's largest list, the XML one of 1.3 million
players, is under half of it; a member list of a national federation far less)."""


def _too_big(source: str, size: int, limit: int) -> InputError:
    return InputError(
        [
            Issue(
                source,
                0,
                0,
                f"the zip unpacks to more than {limit / 1024**3:,.1f} GB"
                f"{f' ({size / 1024**3:,.1f} GB)' if size > limit else ''}; no list is that "
                "big, so it is refused unread (a damaged or hostile zip)",
            )
        ]
    )


class BoundedStream(io.RawIOBase):
    """*inner*'s bytes, refused with :class:`InputError` once more than *limit* came out."""

    def __init__(self, inner: IO[bytes], source: str, limit: int) -> None:
        super().__init__()
        self._inner = inner
        self._source = source
        self._limit = limit
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        if not self.closed:
            self._inner.close()
        super().close()

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._inner.read(len(buffer))
        self.read_bytes += len(data)
        if self.read_bytes > self._limit:
            raise _too_big(self._source, self.read_bytes, self._limit)
        buffer[: len(data)] = data
        return len(data)


def open_member(
    archive: zipfile.ZipFile, name: str, source: str, limit: int | None = None
) -> IO[bytes]:
    """Member *name* of *archive* as a buffered stream that refuses a bomb (*source* names
    the zip in the refusal; *limit* defaults to :data:`MOST_UNPACKED_BYTES`)."""
    limit = MOST_UNPACKED_BYTES if limit is None else limit
    declared = archive.getinfo(name).file_size
    if declared > limit:
        raise _too_big(source, declared, limit)
    return io.BufferedReader(BoundedStream(archive.open(name), source, limit))


def extract_member(
    archive: zipfile.ZipFile, name: str, folder: Path, source: str, limit: int | None = None
) -> Path:
    """Member *name* written into *folder* (under its own base name, never a path of the
    zip's choosing), unpacked through :func:`open_member`."""
    target = folder / (Path(name).name or "member")
    with open_member(archive, name, source, limit) as stream, target.open("wb") as out:
        shutil.copyfileobj(stream, out)
    return target
