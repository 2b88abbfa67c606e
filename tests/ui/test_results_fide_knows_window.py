"""The results FIDE knows typed on the boards (issue 23, item 3): ``h`` ½-0, ``j`` 0-½,
``z`` 0-0 (Laws of Chess 12.9; checklist Q180), ``w`` ``d`` ``l`` a game not rated (TRF-26
``W D L``; checklist Q185), and the board's menu listing every result with its key."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from arbiter_app.core.result import GameResult
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, RecordPairings
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
    session.run(RecordPairings(round=1, boards=[[1, 4], [5, 2], [3, 6]]))
    shown = shown_window(qtbot, session, settings)
    yield shown
    shown.document.close()


def _labels(window: MainWindow) -> list[str]:
    return [b.result.label if b.result else "" for b in window.document.boards(1)]


@pytest.mark.parametrize(
    ("keys", "labels"),
    [
        ((Qt.Key.Key_H, Qt.Key.Key_J, Qt.Key.Key_Z), ["½-0", "0-½", "0-0"]),
        ((Qt.Key.Key_W, Qt.Key.Key_D, Qt.Key.Key_L), ["1-0 nr", "½-½ nr", "0-1 nr"]),
    ],
)
def test_the_keys_of_the_new_results(
    qtbot: QtBot, window: MainWindow, keys: tuple[Qt.Key, ...], labels: list[str]
) -> None:
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    window.pairings.select_row(0)
    for key in keys:
        qtbot.keyClick(QApplication.focusWidget(), key)
    assert _labels(window) == labels
    shown = [window.pairings.model.pairing(r).result_text for r in range(3)]
    assert shown == labels


def test_points_of_an_unequal_result_in_the_window(qtbot: QtBot, window: MainWindow) -> None:
    """½-0: White half a point, Black nothing; the round is complete once all are in."""
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    window.pairings.select_row(0)
    for key in (Qt.Key.Key_H, Qt.Key.Key_Z, Qt.Key.Key_L):
        qtbot.keyClick(QApplication.focusWidget(), key)
    scores = window.document.tournament.scores()
    assert (scores[1], scores[4]) == (Fraction(1, 2), 0)
    assert (scores[5], scores[2]) == (0, 0)
    assert (scores[3], scores[6]) == (0, 1)
    assert not window.document.tournament.entry(6, 1).rated


def test_the_board_menu_lists_every_result_with_its_key(qtbot: QtBot, window: MainWindow) -> None:
    panel = window.pairings
    panel.select_row(1)
    menu = panel.context_menu()
    (results,) = [a for a in menu.actions() if a.text() == "Result"]
    items = results.menu().actions()
    texts = [a.text() for a in items]
    assert texts[: len(GameResult)] == [f"{r.label}\t{r.key}" for r in GameResult]
    assert texts[-1] == "Adjourned (result not known yet)\ta"
    (both_lose,) = [a for a in items if a.text().startswith("0-0")]
    both_lose.trigger()
    assert window.document.boards(1)[1].result is GameResult.BOTH_LOSE


def test_the_key_a_adjourns_a_game(qtbot: QtBot, window: MainWindow) -> None:
    """Checklist Q157: ``a`` marks the board adjourned (``adj.``, no result); its result is
    typed later (Q162), a result other than a draw after a level-3 question (Q163)."""
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.pairings.view)
    window.pairings.select_row(1)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A)
    assert window.pairings.model.pairing(1).result_text == "adj."
    assert window.document.boards(1)[1].result is None
    assert window.pairings.summary.text().startswith("3 boards, 3 without a result (1 adjourned)")
    from tests.support.warning_dialogs import Answers

    answers = window.document.warnings = Answers(True)
    window.pairings.select_row(1)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_0)
    # Checklist Q163: a result other than a draw asks first (level 3).
    (question,) = answers.asked
    assert "was adjourned; its result is 0-1, not a draw" in str(question.warnings[0])
    assert window.document.boards(1)[1].result is GameResult.BLACK_WINS
    assert window.pairings.model.pairing(1).result_text == "0-1"


def test_a_correction_for_the_rating_report_only_from_the_board_menu(
    qtbot: QtBot, window: MainWindow
) -> None:
    """FIDE C.04.2 article 4.3 (checklist Q192): the board's menu opens the dialog; OK runs
    the correction after its level-3 question; the board and the standings keep 1-0."""
    from tests.support.warning_dialogs import Answers

    document = window.document
    answers = document.warnings = Answers(True)
    panel = window.pairings
    panel.select_row(0)
    qtbot.keyClick(QApplication.focusWidget() or panel.view, Qt.Key.Key_1)
    for key in (Qt.Key.Key_0, Qt.Key.Key_Equal):
        qtbot.keyClick(QApplication.focusWidget(), key)
    document.run(RecordPairings(round=2, boards=[[4, 2], [6, 1], [3, 5]]))
    panel.round.setValue(1)
    panel.refresh()
    panel.select_row(0)
    (rating,) = [
        a for a in panel.context_menu().actions() if a.text().startswith("Correct for the rating")
    ]
    assert rating.isEnabled()
    rating.trigger()
    dialog = panel.rating_dialog
    assert dialog is not None
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled()  # a reason first
    dialog.result_box.setCurrentIndex(dialog.result_box.findData(GameResult.BLACK_WINS))
    dialog.reason_edit.setText("both scoresheets signed 0-1")
    dialog.accept()
    (question,) = answers.asked
    assert "FIDE C.04.2 article 4.3" in str(question.warnings[0])
    from arbiter_app.session.rating_corrections import stored_corrections

    assert document.tournament.scores()[1] == 1  # the standings keep the result played
    assert document.boards(1)[0].result is GameResult.WHITE_WINS
    (correction,) = stored_corrections(document.session.state)
    assert correction.corrected is GameResult.BLACK_WINS
