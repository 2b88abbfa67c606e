"""What the command line prints passes through one function (:func:`terminal_text`).

A name read from a file (a crafted event file, a TRF, a FIDE rating list) may hold
escape codes that recolour or clear the terminal, retitle its window, or a right-to-left
override that turns the rest of a line round (issue 27, points 6 and 8). Every command
writes through :class:`SafeStream` in place of standard output and standard error, so
no message, table or JSON of any command reaches the terminal raw.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from arbiter_app.core.limits import terminal_text


class SafeStream:
    """A text stream that writes through :func:`terminal_text` to *stream*; everything
    else (flush, isatty, encoding, fileno, buffer) is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    @property
    def wrapped(self) -> TextIO:
        return self._stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_text(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def safe_output() -> Iterator[None]:
    """Standard output and standard error through :class:`SafeStream` inside the block
    (and as they were after it: the tests run commands in one process)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = SafeStream(out)
    sys.stderr = SafeStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
