"""Long computations run in a worker thread behind a busy bar; errors come back to the caller."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.core.errors import RuleError
from arbiter_app.ui.widgets.busy import SHOW_AFTER_MS, run_busy


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
