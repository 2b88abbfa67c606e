"""FIDE's lists kept no more than a day old while the window runs (FIDE C.02 checklist, Q135).

Only for the arbiter who switched the download on in **Edit ▸ Preferences…** (off
by default: then nothing is asked of any server). At start, and then every
:data:`TICK_MS` while the window is open, the lists FIDE last answered for a day
ago or more are downloaded and imported
(:func:`arbiter_app.session.list_refresh.refresh_fide_lists`) in a worker
thread: the window never waits for the network. A label in the status bar says
when the lists were last refreshed and what failed; a failure (no network at the
venue) is that quiet note, never a box to close.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Final

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow

from arbiter_app.core.list_freshness import detail_lines, status_text
from arbiter_app.core.words import noun_for
from arbiter_app.session.list_refresh import Outcome, RefreshLine, refresh_fide_lists
from arbiter_app.store.fide_download import download_enabled, read_checks

LOG = logging.getLogger(__name__)

TICK_MS: Final = 60 * 60 * 1000
"""How often the window asks which lists are due: hourly, so none is ever much more than a
day old (asking is a look at a file; only a due list goes to the network)."""
START_DELAY_MS: Final = 3000
"""The first look, a moment after the window opens (the event comes first)."""


def _local_now() -> datetime:
    return datetime.now().astimezone()


class ListRefresher(QObject):
    """The timer, the worker thread and the status bar's label of the download."""

    finished = Signal(object)
    """The lines of a refresh (``list[RefreshLine]``), or the exception it raised."""

    def __init__(
        self,
        window: QMainWindow,
        now: Callable[[], datetime] = _local_now,
        check: Callable[[], str | None] | None = None,
    ) -> None:
        super().__init__(window)
        self.window_ = window
        self.now = now
        self.check = check
        """The open event checked against the lists just imported, in a sentence (None: no
        player to check); FIDE C.02 checklist Q139, a check after each list update."""
        self.running = False
        self.label = QLabel(window)
        self.label.setAccessibleName("FIDE lists")
        self.label.hide()
        window.statusBar().addPermanentWidget(self.label)
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(lambda: self.refresh())
        self.finished.connect(self._done)

    def start(self, delay_ms: int = START_DELAY_MS) -> None:
        """Begin: a first look after *delay_ms*, then one every :data:`TICK_MS`."""
        self.timer.start()
        self.show_status()
        QTimer.singleShot(delay_ms, self, lambda: self.refresh())

    def preference_changed(self) -> None:
        """The arbiter switched the download on or off (Preferences): look at once."""
        self.show_status()
        if download_enabled():
            self.refresh()

    def refresh(self, *, every: bool = False) -> bool:
        """Download the due lists (all three with *every*) in the worker thread; False when
        nothing was started (the download is off, or one is running)."""
        if self.running or not download_enabled():
            self.show_status()
            return False
        self.running = True
        moment = self.now()
        self.label.setText("FIDE lists: downloading…")
        self.label.show()

        def work() -> None:
            answer: object
            try:
                answer = refresh_fide_lists(moment, every=every)
            except Exception as exc:  # handed to the window's thread, said in the status bar
                answer = exc
            try:
                self.finished.emit(answer)
            except RuntimeError:  # the window closed meanwhile
                LOG.debug("the window closed during a download of FIDE's lists")

        threading.Thread(target=work, name="arbiter-fide-lists", daemon=True).start()
        return True

    def show_status(self) -> None:
        """The label: when the lists were last refreshed and what failed (hidden while the
        download is off)."""
        if not download_enabled():
            self.label.hide()
            return
        now = self.now()
        checks = read_checks()
        self.label.setText(status_text(checks, now))
        self.label.setToolTip("\n".join(detail_lines(checks, now)))
        self.label.show()

    def _done(self, answer: object) -> None:
        self.running = False
        self.show_status()
        if isinstance(answer, Exception):
            self.window_.statusBar().showMessage(
                f"FIDE's lists were not downloaded: {answer}.", 15000
            )
            return
        lines: list[RefreshLine] = answer if isinstance(answer, list) else []
        imported = [line.kind.value for line in lines if line.outcome is Outcome.IMPORTED]
        if imported:
            # Short enough for the status bar beside the event's state: the months are in
            # the label's tooltip.
            kinds = ", ".join(imported[:-1]) + (" and " if len(imported) > 1 else "")
            noun = noun_for(len(imported), "list")
            found = self.check() if self.check is not None else None
            then = (
                f". {found} Ratings ▸ Check players' ratings… shows the check."
                if found
                else ": Ratings ▸ Check players' ratings… compares the event with them."
            )
            self.window_.statusBar().showMessage(
                f"FIDE's new {kinds}{imported[-1]} {noun} imported{then}", 30000
            )
