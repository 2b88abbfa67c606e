"""Work done ahead of time in a worker thread while the arbiter goes on typing.

Some answers the window will need can be made before they are asked for: the
tie-break values of the round in progress, ready for the moment its last
result makes them the standings shown
(:func:`arbiter_app.core.current_standings.prepare_round_in_progress`). Such work is
pure computation on immutable core values (no session, no file, no widget), so
it runs in one worker thread; only the latest request matters, so a request
made while the worker is busy replaces the one waiting. What it computes is kept
by the core's memos; the window never waits for it, and it never writes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

LOG = logging.getLogger(__name__)


class AheadOfTime:
    """One worker thread running the latest piece of work it was given."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: Callable[[], object] | None = None
        self._running = False
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, work: Callable[[], object]) -> None:
        """Run *work* in the worker thread (after the piece running now, instead of any
        piece still waiting)."""
        with self._lock:
            self._waiting = work
            if self._running:
                return
            self._running = True
            self._idle.clear()
        threading.Thread(target=self._run, name="arbiter-ahead", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._lock:
                work, self._waiting = self._waiting, None
                if work is None:
                    self._running = False
                    self._idle.set()
                    return
            try:
                work()
            except Exception:  # work ahead of time is only a head start: never an error
                LOG.exception("work ahead of time failed")

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is running or waiting (tests, benchmarks); False on timeout."""
        return self._idle.wait(timeout)

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()


class Offloaded(QObject):
    """A computation run once in a worker thread, its answer handed to the window's thread.

    For a view that would otherwise hold the window still while it computes (the
    standings of a 10,000-player file just opened): the view shows what it is
    waiting for, the window stays idle and answers the arbiter, and :attr:`done`
    brings the answer (or the error) back in the window's thread.
    """

    done = Signal(object)
    """The answer of the work, or the exception it raised."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.running = False

    def start(self, work: Callable[[], object]) -> None:
        self.running = True

        def target() -> None:
            try:
                answer = work()
            except Exception as exc:  # handed to the window's thread
                answer = exc
            self.done.emit(answer)

        threading.Thread(target=target, name="arbiter-view", daemon=True).start()
