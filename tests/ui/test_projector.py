"""The projector: standings, pairings and pairings by name scaled to fit, pages that turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.projector import ProjectorWindow, second_screen
from arbiter_app.ui.widgets.paged_table import PagedTable
from arbiter_app.ui.widgets.table import measured_widths
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import AgreeToAll


@pytest.fixture
def forty(tmp_path: Path) -> Iterator[EventDocument]:
    """A 40-player Swiss with round 1 paired (longer than a screen)."""
    session = Session.create(
        tmp_path / "open.arbiter",
        name="Club Open",
        system="swiss",
        rounds=5,
        clock=TickingClock(),
        durable=False,
    )
    for i in range(40):
        session.run(AddPlayer(name=f"Abernathy-Wolcott, Bartholomew {i + 1}", rating=2400 - i))
    document = EventDocument(session)
    document.warnings = AgreeToAll()
    document.pair_next_round(Colour.WHITE)
    yield document
    document.close()


def _projector(qtbot: QtBot, document: EventDocument, width: int, height: int) -> ProjectorWindow:
    projector = ProjectorWindow(document)
    qtbot.addWidget(projector)
    projector.resize(width, height)
    projector.show()
    qtbot.waitExposed(projector)
    return projector


def _shown_rows(table: PagedTable) -> list[int]:
    return [r for r in range(table.model().rowCount()) if not table.isRowHidden(r)]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_each_page_fits_the_screen_without_scroll_bars(
    qtbot: QtBot, forty: EventDocument, width: int, height: int
) -> None:
    projector = _projector(qtbot, forty, width, height)
    for key, table in (
        (Qt.Key.Key_P, projector.boards_view),
        (Qt.Key.Key_N, projector.names_view),
        (Qt.Key.Key_S, projector.view),
    ):
        qtbot.keyClick(projector, key)
        assert projector.pages.currentWidget() is table
        # Every column is as wide as its longest line, and together they fit the width.
        assert sum(measured_widths(table, table.padding)) <= table.viewport().width()
        assert not table.horizontalScrollBar().isVisible()
        assert not table.verticalScrollBar().isVisible()
        # The rows shown fit the height.
        shown = _shown_rows(table)
        bottom = table.rowViewportPosition(shown[-1]) + table.rowHeight(shown[-1])
        assert bottom <= table.viewport().height()


def test_a_larger_screen_gets_larger_type(qtbot: QtBot, forty: EventDocument) -> None:
    small = _projector(qtbot, forty, 1366, 768)
    large = _projector(qtbot, forty, 1920, 1080)
    assert large.view.fontMetrics().height() > small.view.fontMetrics().height()


def test_pairings_by_board_and_by_name_on_the_wall(qtbot: QtBot, forty: EventDocument) -> None:
    projector = _projector(qtbot, forty, 1366, 768)
    qtbot.keyClick(projector, Qt.Key.Key_P)
    assert projector.title.text().startswith("Club Open  ·  Round 1: pairings")
    board = forty.boards(1)[0]
    first = projector.boards_model
    assert first.cell(0, 0) == "1"
    assert first.cell(0, 1).endswith(f"({board.white})")
    assert first.cell(0, 5).endswith(f"({board.black})")
    qtbot.keyClick(projector, Qt.Key.Key_N)
    assert projector.title.text().startswith("Club Open  ·  Round 1: pairings by name")
    names = [projector.names_model.cell(r, 0) for r in range(projector.names_model.rowCount())]
    assert len(names) == 40
    assert names[:3] == [
        "Abernathy-Wolcott, Bartholomew 1",
        "Abernathy-Wolcott, Bartholomew 10",
        "Abernathy-Wolcott, Bartholomew 11",
    ]


def test_a_long_list_turns_its_pages_by_itself(qtbot: QtBot, forty: EventDocument) -> None:
    projector = _projector(qtbot, forty, 1366, 768)
    qtbot.keyClick(projector, Qt.Key.Key_N)
    table = projector.names_view
    assert table.pages >= 2
    assert table.timer.isActive()
    assert "page 1 of" in projector.title.text()
    first = _shown_rows(table)
    assert first[0] == 0 and len(first) == table.rows_per_page
    table.timer.timeout.emit()
    assert _shown_rows(table)[0] == table.rows_per_page
    assert "page 2 of" in projector.title.text()
    # → turns at once; after the last page comes the first.
    for _ in range(table.pages - 1):
        qtbot.keyClick(projector, Qt.Key.Key_Right)
    assert _shown_rows(table)[0] == 0


def test_full_screen_on_the_chosen_screen(
    qtbot: QtBot, forty: EventDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    screens = QGuiApplication.screens()
    assert second_screen() is None or second_screen() is not QGuiApplication.primaryScreen()
    projector = _projector(qtbot, forty, 800, 600)
    chosen: list[QScreen] = []
    monkeypatch.setattr(projector, "setScreen", chosen.append)
    projector.show_on(screens[-1])
    assert chosen == [screens[-1]]
    assert projector.isFullScreen()


def test_the_window_puts_the_projector_on_the_second_monitor(
    qtbot: QtBot, forty: EventDocument, settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import arbiter_app.ui.main_window as main_window

    window = main_window.MainWindow(forty, settings)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    # Offscreen Qt has one screen: the primary plays the second monitor here.
    projector_screen = QGuiApplication.primaryScreen()
    monkeypatch.setattr(main_window, "second_screen", lambda: projector_screen)
    placed: list[QScreen] = []
    monkeypatch.setattr(ProjectorWindow, "show_on", lambda self, s: placed.append(s))
    projector = window.show_projector()
    qtbot.addWidget(projector)
    assert placed == [projector_screen]
    # View ▸ Projector on screen lists every monitor with its size; choosing one moves it.
    window._fill_projector_screens()
    actions = window.projector_screens_menu.actions()
    assert len(actions) == len(QGuiApplication.screens())
    size = projector_screen.geometry().size()
    assert f"{size.width()} × {size.height()}" in actions[0].text()
    actions[0].trigger()
    assert placed == [projector_screen, QGuiApplication.screens()[0]]


def test_the_window_turns_the_projector_pages_with_f5_to_f8(
    qtbot: QtBot, forty: EventDocument, settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The projector hangs on the wall and is rarely the active window: the arbiter turns
    its pages from the main window (View ▸ Projector shows), which keeps the keyboard."""
    import arbiter_app.ui.main_window as main_window

    window = main_window.MainWindow(forty, settings)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    monkeypatch.setattr(main_window, "second_screen", lambda: None)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_F6)
    projector = window.projector
    assert projector is not None
    qtbot.addWidget(projector)
    assert projector.shown == "pairings"
    for key, page in (
        (Qt.Key.Key_F8, "bracket"),
        (Qt.Key.Key_F7, "names"),
        (Qt.Key.Key_F5, "standings"),
    ):
        qtbot.keyClick(window, key)
        assert projector.shown == page
        assert QApplication.activeWindow() is window  # the keyboard stays with the arbiter
    texts = [a.text() for a in window.projector_page_actions]
    assert texts == [
        "&Standings", "&Pairings", "Pairings by &name", "&Bracket", "Players' page &QR code"
    ]  # fmt: skip
