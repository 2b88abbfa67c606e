"""A round from the keyboard: Ctrl+Shift+N pairs, Ctrl+R goes to the first board without a result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import TickingClock
from tests.support.windows import shown_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, settings: Settings) -> Iterator[MainWindow]:
    session = Session.create(
        tmp_path / "club.arbiter",
        name="Club",
        system="swiss",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    for i in range(6):
        session.run(AddPlayer(name=f"Player, No {i + 1}", rating=2000 - i))
    shown = shown_window(qtbot, session, settings)
    yield shown
    shown.document.close()


def test_pair_and_type_the_results_without_the_mouse(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The window opens with the keyboard in the boards.
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    # Round 1 asks for the colour drawn: the arbiter answers White.
    monkeypatch.setattr(window.pairings, "ask_initial_colour", lambda: Colour.WHITE)
    both = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_N, both)
    assert window.document.paired_rounds() == 1
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    # Results typed at once: 1 on board 1, = on board 2.
    for key in (Qt.Key.Key_1, Qt.Key.Key_Equal):
        qtbot.keyClick(QApplication.focusWidget(), key)
    labels = [b.result.label if b.result else "" for b in window.document.boards(1)]
    assert labels == ["1-0", "½-½", ""]
    # Ctrl+R from another panel: back on the first board without a result.
    window.docks["players"].raise_()
    window.players.view.setFocus()
    qtbot.keyClick(window.players.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    assert window.pairings.model.pairing(window.pairings.current_row()).board == 3


def test_round_one_s_colour_drawn_by_the_computer_is_shown_beside_the_boards(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        assert "FIDE C.04.3 article 5.2.5" in box.text()
        # Draw by lot is the default: Enter takes it.
        assert box.defaultButton().text() == "Draw by lot"
        box.defaultButton().click()

    QTimer.singleShot(0, answer)
    assert window.pairings.pair_next_round()
    summary = window.pairings.summary.text()
    assert "colour drawn by lot: " in summary and "for the top-ranked player (seed " in summary
    journal = window.document.session.journal()
    assert "colour_draw" in journal[-1].arguments
