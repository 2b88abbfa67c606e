"""The Pairings by name panel ("where do I play?") and a print preview one can read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import TickingClock
from tests.support.windows import shown_window

NAMES = ("Zimmer, Anna", "Öztürk, Ayşe", "Abbott, Carl", "Nakamura, Hikaru", "Brown, Dee")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, settings: Settings) -> Iterator[MainWindow]:
    session = Session.create(
        tmp_path / "club.arbiter",
        name="Club Swiss",
        system="swiss",
        rounds=3,
        clock=TickingClock(),
        durable=False,
    )
    for i, name in enumerate(NAMES):
        session.run(AddPlayer(name=name, rating=2000 - 10 * i))
    shown = shown_window(qtbot, session, settings)
    yield shown
    shown.document.close()


def _column(window: MainWindow, column: int) -> list[str]:
    model = window.by_name.model
    return [model.cell(r, column) for r in range(model.rowCount())]


def test_every_player_alphabetically_with_board_colour_and_opponent(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = window.by_name
    assert panel.summary.text() == "No round has been paired yet."
    window.document.pair_next_round(Colour.WHITE)
    window.docks["by_name"].raise_()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 5)
    assert _column(window, 0) == [
        "Abbott, Carl",
        "Brown, Dee",
        "Nakamura, Hikaru",
        "Öztürk, Ayşe",
        "Zimmer, Anna",
    ]
    assert panel.summary.text() == "5 players in alphabetical order"
    # Each board's two players point at each other, with opposite colours.
    boards = window.document.boards(1)
    row = {panel.model.cell(r, 0): r for r in range(5)}
    for board in boards:
        names = {p.tpn: p.name for p in window.document.tournament.players}
        white, black = row[names[board.white]], row[names[board.black]]
        assert panel.model.cell(white, 3) == panel.model.cell(black, 3) == str(board.number)
        assert panel.model.cell(white, 4) == "White" and panel.model.cell(black, 4) == "Black"
        assert panel.model.cell(white, 5).startswith(names[board.black])
    bye = [r for r in range(5) if panel.model.cell(r, 3) == "–"]
    assert len(bye) == 1 and panel.model.cell(bye[0], 5) == "pairing-allocated bye"
    # The search box finds a name here too.
    qtbot.keyClick(panel.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(panel.search.field, "ozturk")
    assert panel.search.rows_shown() == [row["Öztürk, Ayşe"]]


def test_the_list_follows_the_latest_round_unless_another_is_chosen(
    qtbot: QtBot, window: MainWindow
) -> None:
    document = window.document
    panel = window.by_name
    document.pair_next_round(Colour.WHITE)
    for board in document.boards(1):
        document.set_result(1, board.number, GameResult.WHITE_WINS)
    document.pair_next_round()
    panel.refresh()
    assert panel.round.value() == 2
    scores = {panel.model.cell(r, 2) for r in range(5)}
    assert "1" in scores
    panel.round.setValue(1)
    assert {panel.model.cell(r, 2) for r in range(5)} == {"0"}
    document.set_result(2, 1, GameResult.DRAW)
    panel.refresh()
    assert panel.round.value() == 1


def test_the_sheet_prints_the_round_shown_and_the_preview_is_readable(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.document.pair_next_round(Colour.WHITE)
    sheet = window.build_sheet("pairings-by-name")
    assert sheet is not None and sheet.title == "Pairings by name — round 1"
    assert [row[0] for row in sheet.tables()[0].rows][:2] == ["Abbott, Carl", "Brown, Dee"]
    preview = window.make_preview(sheet, "Print preview: pairings-by-name")
    qtbot.addWidget(preview)
    screen = window.screen().availableGeometry()
    assert preview.width() >= screen.width() * 0.8
    assert preview.height() >= screen.height() * 0.8
