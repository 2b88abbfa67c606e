"""The round box of the Pairings panels holds a game column and shows the arbiter's round:
"Round 3", or "Round 2, game 1" in a double Swiss; typed text is read back the same way."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QValidator
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import System
from arbiter_app.ui.widgets.round_box import RoundBox


def test_a_swiss_round_is_its_column_and_a_double_swiss_names_the_game(qtbot: QtBot) -> None:
    box = RoundBox()
    qtbot.addWidget(box)
    box.setRange(1, 10)
    box.setValue(3)
    assert box.text() == "Round 3"
    box.set_system(System.FIDE_DOUBLE_SWISS)
    assert box.text() == "Round 2, game 1"
    box.setValue(4)
    assert box.text() == "Round 2, game 2"
    assert box.textFromValue(10) == "Round 5, game 2"


def test_typed_rounds_and_games_become_columns(qtbot: QtBot) -> None:
    box = RoundBox()
    qtbot.addWidget(box)
    box.set_system(System.DOUBLE_SWISS)
    box.setRange(1, 6)
    assert box.valueFromText("round 2, game 2") == 4
    assert box.valueFromText("Round 3") == 5  # a round alone is its first game
    assert box.valueFromText("2") == 3
    assert box.validate("round 3, game 2", 0)[0] is QValidator.State.Acceptable
    assert box.validate("round 4", 0)[0] is QValidator.State.Intermediate  # past game 6
    assert box.validate("round 1, game 3", 0)[0] is QValidator.State.Intermediate
    box.show()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "round 3, game 2")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == 6
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert (box.value(), box.text()) == (5, "Round 3, game 1")
