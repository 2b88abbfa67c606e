"""Run a long computation in a worker thread while a busy progress bar shows.

Pairing a 1,000-player Swiss round takes seconds. The computation reads only
immutable core values, so it runs in a worker thread; the window keeps
painting and shows a bar that says what is being done, and stays modal so
nothing else changes the event meanwhile. Writing the result (to the file)
happens afterwards in the window's own thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

SHOW_AFTER_MS = 400
"""A computation shorter than this shows no bar at all."""


class _Outcome(Generic[T]):
    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()


def run_busy(parent: QWidget, label: str, work: Callable[[], T]) -> T:
    """Return ``work()``, computed in a worker thread behind a modal busy bar.

    An exception raised by *work* is raised here, in the caller's thread.
    """
    outcome: _Outcome[T] = _Outcome()

    def target() -> None:
        try:
            outcome.value = work()
        except BaseException as exc:  # handed to the caller's thread below
            outcome.error = exc
        finally:
            outcome.done.set()

    bar = QProgressDialog(label, "", 0, 0, parent)
    bar.setWindowTitle("Arbiter")
    bar.setAccessibleName("Progress")
    bar.setCancelButton(None)
    bar.setWindowModality(Qt.WindowModality.ApplicationModal)
    bar.hide()  # a busy bar gets no values, so it is shown by the timer below
    show = QTimer()
    show.setSingleShot(True)
    show.timeout.connect(lambda: None if outcome.done.is_set() else bar.show())
    loop = QEventLoop()
    poll = QTimer()
    poll.setInterval(20)
    poll.timeout.connect(lambda: loop.quit() if outcome.done.is_set() else None)
    worker = threading.Thread(target=target, name="arbiter-compute", daemon=True)
    worker.start()
    show.start(SHOW_AFTER_MS)
    poll.start()
    try:
        if not outcome.done.is_set():
            loop.exec()
    finally:
        poll.stop()
        show.stop()
        worker.join()
        bar.reset()
        bar.deleteLater()
    if outcome.error is not None:
        raise outcome.error
    return outcome.value  # type: ignore[return-value]
