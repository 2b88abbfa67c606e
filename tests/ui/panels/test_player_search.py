"""Registering with the keyboard and finding a player in every panel (the venue's checklist).

``Ins`` opens Add player, ``Enter`` registers, and the cursor is back in the list so
that ``Ins`` opens the next one; the one search box finds a player by name or number in
the Players, Pairings & results, Crosstable, Standings and Prizes panels and says how
many lines it shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableView
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, SetPrizeFund
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from arbiter_app.ui.widgets.search import PlayerSearch, folded, matches
from tests.support.sessions import TickingClock
from tests.support.windows import shown_window

NAMES = (
    ("Öztürk, Ayşe", 2310),
    ("Nakamura, Hikaru", 2790),
    ("Lindqvist, Maja", 2200),
    ("Okafor, Daniel", 2150),
    ("Barros, Lucia", 2100),
    ("Sato, Kenji", 2000),
)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, settings: Settings) -> Iterator[MainWindow]:
    session = Session.create(
        tmp_path / "club.arbiter",
        name="Club Swiss",
        system="swiss",
        rounds=5,
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in NAMES:
        session.run(AddPlayer(name=name, rating=rating))
    shown = shown_window(qtbot, session, settings)
    yield shown
    shown.document.close()


def shown_names(view: QTableView, column: int) -> list[str]:
    model = view.model()
    return [
        str(model.index(r, column).data())
        for r in range(model.rowCount())
        if not view.isRowHidden(r)
    ]


def test_a_name_matches_without_accents_or_case_and_a_number_exactly() -> None:
    people = ((12, "Öztürk, Ayşe"), (3, "Nakamura, Hikaru"))
    assert folded("Öztürk, Ayşe") == "ozturk, ayse"
    assert matches("ozturk", people)
    assert matches("ayse ozt", people)
    assert matches("12", people)
    assert not matches("1", people)
    assert not matches("carlsen", people)
    assert matches("  ", people)


def test_ins_registers_one_player_after_another_without_the_mouse(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = window.players
    window.docks["players"].raise_()
    panel.view.setFocus()
    for name in ("Adams, Ed", "Baker, Flo"):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Insert)
        dialog = panel.dialog
        assert isinstance(dialog, PlayerDialog) and dialog.isVisible()
        qtbot.keyClicks(dialog.name, name)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda d=dialog: not d.isVisible())
        # Back in the list: the next Ins is the next registration.
        assert QApplication.focusWidget() is panel.view
    names = {p.name for p in window.document.tournament.players}
    assert {"Adams, Ed", "Baker, Flo"} <= names
    assert len(names) == len(NAMES) + 2


def test_the_players_search_says_how_many_are_shown(qtbot: QtBot, window: MainWindow) -> None:
    panel = window.players
    window.docks["players"].raise_()
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert panel.search.field.hasFocus()
    qtbot.keyClicks(panel.search.field, "ozturk")
    assert shown_names(panel.view, 2) == ["Öztürk, Ayşe"]
    assert panel.search.count.text() == "1 of 6 players shown"
    assert not panel.summary.isVisible()
    qtbot.keyClick(panel.search.field, Qt.Key.Key_Escape)
    assert panel.summary.isVisible()
    assert panel.search.query == ""
    assert len(shown_names(panel.view, 2)) == 6
    assert panel.search.count.text() == ""
    # A number finds the player with that pairing number.
    nakamura = next(p.tpn for p in window.document.tournament.players if p.name.startswith("Naka"))
    panel.search.set_query(str(nakamura))
    assert shown_names(panel.view, 2) == ["Nakamura, Hikaru"]
    # Enter goes to the player: F2 edits them at once.
    qtbot.keyClick(panel.search.field, Qt.Key.Key_Return)
    assert panel.view.hasFocus()
    assert panel.selected_tpn() == nakamura


def test_the_same_search_finds_a_board_and_the_result_is_typed_there(
    qtbot: QtBot, window: MainWindow
) -> None:
    document = window.document
    document.pair_next_round(Colour.WHITE)
    pairings = window.pairings
    window.docks["pairings"].raise_()
    assert isinstance(pairings.search, PlayerSearch)
    qtbot.keyClicks(pairings.search.field, "lindqvist")
    rows = pairings.search.rows_shown()
    assert len(rows) == 1
    board = pairings.model.pairing(rows[0])
    assert "Lindqvist, Maja" in (board.white_name, board.black_name)
    assert pairings.search.count.text() == "1 of 3 lines shown"
    qtbot.keyClick(pairings.search.field, Qt.Key.Key_Return)
    assert pairings.view.hasFocus()
    qtbot.keyClick(pairings.view, Qt.Key.Key_1)
    result = next(b for b in document.boards(1) if b.number == board.board).result
    assert result is not None and result.label == "1-0"


@pytest.mark.parametrize("dock", ["standings", "crosstable", "prizes"])
def test_the_search_is_in_every_panel_with_players(
    qtbot: QtBot, window: MainWindow, dock: str
) -> None:
    document = window.document
    document.pair_next_round(Colour.WHITE)
    for board in document.boards(1):
        document.set_result(1, board.number, GameResult.WHITE_WINS)
    document.run(SetPrizeFund(prizes=["100", "50"], currency="EUR"))
    panel = getattr(window, dock)
    window.docks[dock].raise_()
    panel.refresh()
    search = panel.search
    assert isinstance(search, PlayerSearch)
    search.set_query("sato")
    model = panel.view.model()
    shown = [r for r in range(model.rowCount()) if not panel.view.isRowHidden(r)]
    assert len(shown) == 1
    assert search.count.text() == "1 of 6 players shown"


def test_ctrl_f_after_clicking_a_tab_searches_that_panel(qtbot: QtBot, window: MainWindow) -> None:
    # A tab clicked leaves the keyboard where it was (here in the pairings' search, now
    # behind the Players tab): Ctrl+F goes to the panel on top.
    window.pairings.search.field.setFocus()
    window.docks["players"].raise_()
    qtbot.waitUntil(lambda: window.players.isVisible())
    qtbot.keyClick(window.pairings.search.field, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.players.search.field.hasFocus()
    window.docks["crosstable"].raise_()
    window.setFocus()
    window.find_action.trigger()
    assert window.crosstable.search.field.hasFocus()
