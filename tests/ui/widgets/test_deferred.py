"""Panels behind another tab refresh when they come to the front, not on every change."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Outcome
from arbiter_app.core.result import GameResult
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


def _shown_window(qtbot: QtBot, document: EventDocument, settings: Settings) -> MainWindow:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.docks["pairings"].raise_()
    QApplication.processEvents()
    return window


def _score_shown(window: MainWindow, tpn: int) -> str:
    model = window.players.model
    row = model.row_of(tpn)
    assert row is not None
    return model.cell(row, 6)


def test_a_hidden_tab_waits_until_it_is_raised(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = _shown_window(qtbot, document, settings)
    assert window.players.visibleRegion().isEmpty()  # behind the pairings tab
    before = _score_shown(window, 1)
    entry = document.tournament.entry(1, 3)
    assert entry.opponent == 2 and entry.outcome is Outcome.LOSS
    # Round 3, board 1: 2 beat 1; typed again as a win for White, 1 gains a point.
    document.set_result(3, 1, GameResult.WHITE_WINS)
    assert window.players.deferred.pending
    assert _score_shown(window, 1) == before  # not rebuilt while nobody can see it
    window.docks["players"].raise_()
    qtbot.waitUntil(lambda: not window.players.deferred.pending)
    assert _score_shown(window, 1) != before
    assert _score_shown(window, 1) == "2½"


def test_a_panel_in_view_refreshes_at_once(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = _shown_window(qtbot, document, settings)
    standings = window.standings.model
    first = standings.cell(0, 2)
    document.set_result(3, 1, GameResult.WHITE_WINS)
    assert not window.standings.deferred.pending
    assert standings.standings.standings is not None
    assert standings.cell(0, 2) == first or standings.rowCount() == 4


def test_without_a_window_on_screen_everything_refreshes_at_once(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    document.set_result(3, 1, GameResult.WHITE_WINS)
    assert not window.players.deferred.pending
    assert _score_shown(window, 1) == "2½"
