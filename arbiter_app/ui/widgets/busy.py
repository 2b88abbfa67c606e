"""Run a long computation off the window's thread while a busy progress bar shows.

Pairing a 1,000-player Swiss round takes seconds, a 10,000-player one much
longer. The computation reads only immutable core values, so it runs in a
worker thread, or in a child process of its own; the window keeps painting
and shows a bar that says what is being done and for how long, and stays
modal so nothing else changes the event meanwhile. Writing the result (to the
file) happens afterwards in the window's own thread.

With a Cancel button, cancelling raises :class:`Cancelled` at once and nothing
is written: the event is as it was. A computation in a child process is
stopped (the process ends); one in a worker thread cannot be stopped, so it
finishes unseen and its result is thrown away.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")

SHOW_AFTER_MS = 400
"""A computation shorter than this shows no bar at all."""


class Cancelled(Exception):
    """The arbiter cancelled the computation: nothing was done."""


def _forking() -> Any:
    """The fork start method where the system has it (a child that needs no pickled work
    and no imports of its own), else None: the computation then runs in a thread."""
    import multiprocessing  # loaded on first use: the window does not need it to appear

    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


class _Outcome(Generic[T]):
    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()


def run_busy(
    parent: QWidget,
    label: str,
    work: Callable[[], T],
    *,
    cancel: str | None = None,
    separate_process: bool = False,
) -> T:
    """Return ``work()``, computed off the window's thread behind a modal busy bar.

    An exception raised by *work* is raised here, in the caller's thread. With
    *cancel* (the button's words), the bar has a button that raises
    :class:`Cancelled`. With *separate_process*, *work* runs in a child process
    (where the system can fork one), which cancelling stops; its result comes back
    pickled, so it must be a value, not a handle.
    """
    fork = _forking() if separate_process else None
    outcome: _Outcome[T] = _Outcome()
    start = _start_thread if fork is None else partial(_start_process, fork)
    stop = start(work, outcome)

    bar = QProgressDialog(label, cancel or "", 0, 0, parent)
    bar.setWindowTitle("Arbiter")
    bar.setAccessibleName("Progress")
    if cancel is None:
        bar.setCancelButton(None)
    bar.setWindowModality(Qt.WindowModality.ApplicationModal)
    bar.setAutoReset(False)
    bar.setAutoClose(False)
    bar.hide()  # a busy bar gets no values, so it is shown by the timer below
    cancelled: list[bool] = []
    started = time.monotonic()
    show = QTimer()
    show.setSingleShot(True)
    show.timeout.connect(lambda: None if outcome.done.is_set() else bar.show())
    loop = QEventLoop()

    def poll() -> None:
        seconds = int(time.monotonic() - started)
        if seconds >= 2:
            bar.setLabelText(f"{label} ({seconds} s)")
        if bar.wasCanceled() and not cancelled:
            cancelled.append(True)
        if outcome.done.is_set() or cancelled:
            loop.quit()

    ticks = QTimer()
    ticks.setInterval(20)
    ticks.timeout.connect(poll)
    show.start(SHOW_AFTER_MS)
    ticks.start()
    try:
        if not outcome.done.is_set():
            loop.exec()
    finally:
        ticks.stop()
        show.stop()
        # Cancelled before the answer came: the answer no longer matters.
        dropped = bool(cancelled) and not outcome.done.is_set()
        if dropped:
            stop()
        bar.reset()
        bar.hide()
        bar.deleteLater()
    if dropped:
        raise Cancelled(f"{label.rstrip('…. ')}: cancelled, nothing was done")
    stop()
    if outcome.error is not None:
        raise outcome.error
    return outcome.value  # type: ignore[return-value]


def _start_thread(work: Callable[[], T], outcome: _Outcome[T]) -> Callable[[], None]:
    def target() -> None:
        try:
            outcome.value = work()
        except BaseException as exc:  # handed to the caller's thread
            outcome.error = exc
        finally:
            outcome.done.set()

    worker = threading.Thread(target=target, name="arbiter-compute", daemon=True)
    worker.start()

    def stop() -> None:
        if outcome.done.is_set():
            worker.join()
        # A thread cannot be stopped: a cancelled one finishes unseen.

    return stop


def _start_process(fork: Any, work: Callable[[], T], outcome: _Outcome[T]) -> Callable[[], None]:
    receiver, sender = fork.Pipe(duplex=False)

    def child(out: Connection) -> None:
        try:
            message: tuple[bool, object] = (True, work())
        except BaseException as exc:  # sent back to the window
            message = (False, exc)
        try:
            out.send(message)
        except Exception as exc:  # an unpicklable answer: say so rather than hang
            out.send((False, RuntimeError(f"the computation's answer cannot be sent: {exc}")))
        out.close()

    process = fork.Process(target=child, args=(sender,), name="arbiter-compute", daemon=True)
    process.start()
    sender.close()

    def collect() -> None:
        # Reads the answer in a thread of this process: a big answer fills the pipe, and
        # the child can only end once it is read.
        try:
            ok, value = receiver.recv()
        except (EOFError, OSError):
            ok, value = False, RuntimeError("the computation stopped without an answer")
        if ok:
            outcome.value = value
        else:
            outcome.error = value if isinstance(value, BaseException) else RuntimeError(value)
        outcome.done.set()

    reader = threading.Thread(target=collect, name="arbiter-compute-answer", daemon=True)
    reader.start()

    def stop() -> None:
        if not outcome.done.is_set():
            process.terminate()  # cancelled: the child ends, its work with it
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()
        receiver.close()

    return stop
