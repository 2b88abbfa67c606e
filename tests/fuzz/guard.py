"""A time limit per generated input: a hang becomes an exception naming the input's target."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Hang(BaseException):
    """An importer ran past the time limit (a BaseException: no importer may swallow it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` inside the block once *seconds* have passed (POSIX, main thread).

    The alarm interrupts Python code; a loop inside C code ends at its next return to
    Python, which is still reported, only late.
    """

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
