"""Long computations run in a worker thread behind a busy bar; errors come back to the caller."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import RuleError
from arbiter_app.ui.widgets.busy import SHOW_AFTER_MS, Cancelled, run_busy


def test_the_work_runs_in_another_thread_and_the_bar_shows(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    seen: list[str] = []
    threads: list[str] = []

    def look() -> None:
        seen.extend(
            w.labelText()
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QProgressDialog) and w.isVisible()
        )

    QTimer.singleShot(SHOW_AFTER_MS + 400, look)

    def work() -> int:
        threads.append(threading.current_thread().name)
        time.sleep((SHOW_AFTER_MS + 800) / 1000)
        return 42

    assert run_busy(parent, "Pairing round 6…", work) == 42
    assert threads == ["arbiter-compute"]
    assert seen == ["Pairing round 6…"]
    assert not any(
        isinstance(w, QProgressDialog) and w.isVisible() for w in QApplication.topLevelWidgets()
    )


def test_a_short_computation_shows_no_bar_and_errors_reach_the_caller(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)

    def refuse() -> int:
        raise RuleError("no pairing is possible")

    with pytest.raises(RuleError, match="no pairing is possible"):
        run_busy(parent, "Pairing…", refuse)
    assert run_busy(parent, "Pairing…", lambda: "quick") == "quick"


def _press_cancel_when_shown() -> None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QProgressDialog) and widget.isVisible():
            widget.cancel()
            return
    QTimer.singleShot(50, _press_cancel_when_shown)


def test_a_computation_in_a_process_answers_and_cancel_stops_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Pairing 10,000 players runs in a child process: its answer comes back, its errors
    too, and Cancel ends the process at once (nothing written, the event unchanged)."""
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    assert run_busy(parent, "Pairing…", lambda: os.getpid(), separate_process=True) != (os.getpid())
    with pytest.raises(RuleError, match="no pairing is possible"):
        run_busy(parent, "Pairing…", _refuse, separate_process=True)
    marker = tmp_path / "finished"

    def long_work() -> int:
        time.sleep(30)
        marker.write_text("the cancelled work went on")
        return 1

    QTimer.singleShot(SHOW_AFTER_MS, _press_cancel_when_shown)
    started = time.monotonic()
    with pytest.raises(Cancelled, match="cancelled, nothing was done"):
        run_busy(parent, "Pairing round 12…", long_work, cancel="Cancel", separate_process=True)
    assert time.monotonic() - started < 10
    assert not marker.exists()
    assert not [c for c in multiprocessing.active_children() if c.name == "arbiter-compute"]


def test_cancel_of_a_computation_in_a_thread_returns_at_once(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    release = threading.Event()
    QTimer.singleShot(SHOW_AFTER_MS, _press_cancel_when_shown)
    with pytest.raises(Cancelled):
        run_busy(parent, "Reading big.trf…", lambda: release.wait(30), cancel="Cancel")
    release.set()


def _refuse() -> int:
    raise RuleError("no pairing is possible")
