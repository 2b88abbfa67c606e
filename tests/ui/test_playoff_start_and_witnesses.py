"""The play-off's start (the end of the last game, the earliest start) and the witnesses of lots.

Seed 000, article 3.2: the play-off takes place "not less than fifteen minutes
after the end of the last game"; articles 3.3 / 3.5.3: pairing numbers drawn
by lot, a coin toss for colours — each recorded with its witnesses.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDateTimeEdit,
    QDialog,
    QMessageBox,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.lots import DrawMethod
from arbiter_app.core.playoff import DrawLots, PlayoffState, Step, Toss
from arbiter_app.core.playoff.presets import GCT_2023_TOUR
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.session import Session
from arbiter_app.session.playoff_commands import stored_playoff
from arbiter_app.sheets.builders import lots
from arbiter_app.sheets.source import load
from arbiter_app.ui.dialogs.playoff import DialogPrompter, DrawDialog, StartDialog, TossDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.playoff_adapter import schedule_line, schedule_rule
from arbiter_app.ui.playoff_runner import StartTimes
from tests.ui.conftest import document_in_file
from tests.ui.test_playoff import LAST_GAME_END, START, Answers, last_action, make_panel, press

WITNESSES = ("Ana Lee", "Bo Chen")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "demo.arbiter"


@pytest.fixture
def demo(path: Path) -> Iterator[EventDocument]:
    """The sample event in a ``.arbiter`` file, with the GCT classical regulation."""
    imported = app.import_trf(app.DEMO_SAMPLE)
    document = document_in_file(path, imported.event, playoff=app.DEMO_PLAYOFF)
    yield document
    document.close()


def session_of(document: EventDocument) -> Session:
    return document.session


def visible_boxes(widget: QWidget) -> list[QMessageBox]:
    return [b for b in widget.findChildren(QMessageBox) if b.isVisible()]


def not_started(document: EventDocument) -> PlayoffState:
    state = document.playoff_state()
    assert state is not None and not state.actions
    return state


# -- the start -------------------------------------------------------------------------------


def test_before_the_start_the_card_gives_the_rule_and_its_article(
    qtbot: QtBot, demo: EventDocument
) -> None:
    panel = make_panel(qtbot, demo, Answers())
    assert panel.card.schedule == (
        "Article 3.2: the play-off starts not less than 15 minutes after the last game of the"
        " final round ended, on the same day. Starting the play-off asks for the time it ended."
    )
    assert panel.card._schedule.isVisible()


def test_the_start_stores_when_the_last_game_ended(
    qtbot: QtBot, demo: EventDocument, path: Path
) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    assert answers.asked == ["start"]
    entry = session_of(demo).journal()[-1]
    assert entry.command == "playoff.start"
    assert entry.arguments == {
        "last_game_end": "2026-05-10T18:05+00:00",
        "at": "2026-05-10T18:25+00:00",
    }
    with Session.open(path, readonly=True) as other:
        stored = stored_playoff(other.state)
    assert stored is not None and stored.last_game_end == LAST_GAME_END
    assert panel.card.title == "Draw lots"
    assert panel.card.schedule == (
        "Last game of the final round ended 2026-05-10 18:05; earliest start 18:20"
        " (article 3.2); started 2026-05-10 18:25."
    )


def test_a_start_before_the_earliest_is_refused_plainly(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    answers.times = StartTimes(LAST_GAME_END, LAST_GAME_END + timedelta(minutes=10))
    panel = make_panel(qtbot, demo, answers)
    journal = session_of(demo).journal()
    press(panel, "Start the play-off…")
    (box,) = visible_boxes(panel)
    assert "article 3.2" in box.text()
    assert "15 minutes after the last game ended (18:05), so not before 18:20" in box.text()
    box.close()
    assert session_of(demo).journal() == journal
    assert panel.card.title == "Start the play-off"


def test_a_start_on_another_day_is_refused(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    answers.times = StartTimes(LAST_GAME_END, START + timedelta(days=1))
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    (box,) = visible_boxes(panel)
    assert "same day as the final round" in box.text()
    box.close()
    assert not_started(demo).actions == ()


def test_cancelling_the_start_changes_nothing(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    answers.times = None
    panel = make_panel(qtbot, demo, answers)
    journal = session_of(demo).journal()
    press(panel, "Start the play-off…")
    assert answers.asked == ["start"]
    assert session_of(demo).journal() == journal
    assert not visible_boxes(panel)
    assert panel.card.title == "Start the play-off"


def test_the_start_dialog_follows_the_end_of_the_last_game(
    qtbot: QtBot, demo: EventDocument
) -> None:
    now = datetime(2026, 5, 10, 18, 30, tzinfo=UTC)
    dialog = StartDialog(not_started(demo), now)
    qtbot.addWidget(dialog)
    # By default the last game ended now, so the play-off may start in fifteen minutes.
    assert dialog.times() == StartTimes(now, now + timedelta(minutes=15))
    assert dialog.earliest.text() == "2026-05-10 18:45"
    assert dialog.refused == ""
    # The arbiter types the end: 18:05 (25 minutes earlier, minute by minute from the keyboard).
    dialog.last_game_end.setFocus()
    dialog.last_game_end.setCurrentSection(QDateTimeEdit.Section.MinuteSection)
    for _ in range(25):
        qtbot.keyClick(dialog.last_game_end, Qt.Key.Key_Down)
    assert dialog.times().last_game_end == LAST_GAME_END
    assert dialog.earliest.text() == "2026-05-10 18:20"
    # The start follows: from now on, as the earliest start has passed.
    assert dialog.times().at == now
    # A start before 18:20 is refused by the engine: the dialog says so before OK.
    dialog.at.setFocus()
    dialog.at.setCurrentSection(QDateTimeEdit.Section.MinuteSection)
    for _ in range(15):
        qtbot.keyClick(dialog.at, Qt.Key.Key_Down)
    assert dialog.times().at == datetime(2026, 5, 10, 18, 15, tzinfo=UTC)
    assert "not before 18:20" in dialog.refused
    assert not dialog.problem.isHidden()
    # Once set by hand, the start no longer follows the end.
    dialog.last_game_end.setFocus()
    qtbot.keyClick(dialog.last_game_end, Qt.Key.Key_Down)
    assert dialog.times().at == datetime(2026, 5, 10, 18, 15, tzinfo=UTC)
    assert dialog.earliest.text() == "2026-05-10 18:19"
    assert "not before 18:19" in dialog.refused


def test_the_tour_play_off_starts_the_next_day(qtbot: QtBot) -> None:
    state = PlayoffState(GCT_2023_TOUR, ())
    assert schedule_rule(GCT_2023_TOUR) == (
        "Article 4.4: the play-off starts on the day after the final round."
    )
    now = datetime(2026, 5, 10, 18, 30, tzinfo=UTC)
    dialog = StartDialog(state, now)
    qtbot.addWidget(dialog)
    assert dialog.earliest.text() == "2026-05-11 (the day after the final round)"
    assert dialog.times().at == datetime(2026, 5, 11, 0, 0, tzinfo=UTC)
    assert dialog.refused == ""


def test_the_schedule_line_of_a_started_tour_play_off() -> None:
    from arbiter_app.core.playoff import Start, Tie

    state = PlayoffState(
        GCT_2023_TOUR,
        (Tie(1, (1, 2)),),
        (Start(datetime(2026, 5, 11, 10, 0, tzinfo=UTC)),),
        last_game_end=LAST_GAME_END,
    )
    assert schedule_line(state) == (
        "Last game of the final round ended 2026-05-10 18:05; earliest start 2026-05-11"
        " (article 4.4); started 2026-05-11 10:00."
    )


# -- witnesses -------------------------------------------------------------------------------


def test_draws_and_tosses_record_their_witnesses(
    qtbot: QtBot, demo: EventDocument, path: Path
) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    answers.witnesses = WITNESSES
    press(panel, "Draw by computer…")
    draw = last_action(demo)
    assert isinstance(draw, DrawLots) and draw.draw.method is DrawMethod.SEEDED
    assert draw.draw.witnesses == WITNESSES
    assert session_of(demo).journal()[-1].arguments == {"witnesses": list(WITNESSES)}
    answers.witnesses = ()
    press(panel, "Already printed")
    for _ in range(3):
        press(panel, "Enter results…")  # all drawn: the Armageddon knockout follows
    answers.order = (7, 3, 1)
    answers.witnesses = ("Cy Dunn",)
    press(panel, "Enter a physical draw…")
    physical = last_action(demo)
    assert isinstance(physical, DrawLots) and physical.draw.method is DrawMethod.PHYSICAL
    assert physical.draw.witnesses == ("Cy Dunn",)
    assert session_of(demo).journal()[-1].arguments == {
        "witnesses": ["Cy Dunn"],
        "outcome": [7, 3, 1],
    }
    answers.witnesses = WITNESSES
    press(panel, "Toss by computer…")
    toss = last_action(demo)
    assert isinstance(toss, Toss) and toss.draw.witnesses == WITNESSES
    assert toss.draw.method is DrawMethod.SEEDED
    press(panel, "White")
    press(panel, "Already printed")
    press(panel, "Enter results…")
    answers.winner, answers.witnesses = 7, ("Dee Ek",)
    press(panel, "Enter the toss…")
    tossed = last_action(demo)
    assert isinstance(tossed, Toss) and tossed.draw.outcome == (7,)
    assert tossed.draw.witnesses == ("Dee Ek",)
    assert session_of(demo).journal()[-1].arguments == {"witnesses": ["Dee Ek"], "winner": 7}
    # The printed protocol of the lots names them.
    html = sheet_to_html(lots(load(path), None))
    for name in (*WITNESSES, "Cy Dunn", "Dee Ek"):
        assert name in html


def test_cancelling_the_witnesses_changes_nothing(qtbot: QtBot, demo: EventDocument) -> None:
    answers = Answers()
    panel = make_panel(qtbot, demo, answers)
    press(panel, "Start the play-off…")
    journal = session_of(demo).journal()
    answers.cancel_witnesses = True
    press(panel, "Draw by computer…")
    assert answers.asked == ["start", "draw"]
    assert session_of(demo).journal() == journal
    assert panel.card.title == "Draw lots"


# -- the dialogs -----------------------------------------------------------------------------


def draw_step() -> Step:
    return Step("draw-lots", "3.3", "Draw the pairing numbers by lot.", players=(1, 3, 7))


NAMES = {1: "Okafor", 3: "Ferreira", 7: "Moreau"}


def test_the_physical_draw_dialog_checks_the_order(qtbot: QtBot) -> None:
    dialog = DrawDialog(draw_step(), NAMES, physical=True)
    qtbot.addWidget(dialog)
    assert dialog.order is not None
    qtbot.keyClicks(dialog.order, "7 three 1")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "not a list of pairing numbers" in dialog.problem.text()
    dialog.order.clear()
    qtbot.keyClicks(dialog.order, "7, 3, 1")
    qtbot.keyClicks(dialog.witnesses, "Ana Lee")
    qtbot.keyClick(dialog.witnesses, Qt.Key.Key_Return)
    qtbot.keyClick(dialog.witnesses, Qt.Key.Key_Return)  # a blank line is no witness
    qtbot.keyClicks(dialog.witnesses, "  Bo Chen ")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    answer = dialog.answer()
    assert answer.order == (7, 3, 1) and answer.witnesses == WITNESSES


def test_the_computer_draw_dialog_asks_only_for_witnesses(qtbot: QtBot) -> None:
    dialog = DrawDialog(draw_step(), NAMES, physical=False)
    qtbot.addWidget(dialog)
    assert dialog.order is None
    dialog.accept()  # witnesses are optional
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.answer().witnesses == () and dialog.answer().order is None


def test_return_draws_by_computer_and_ctrl_return_finishes_the_witnesses(qtbot: QtBot) -> None:
    """Nothing to type in a computer draw: OK has the focus, so Return draws. In the witness
    list Return starts the next name and Ctrl+Return finishes, as OK would."""
    dialog = DrawDialog(draw_step(), NAMES, physical=False)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    focused = dialog.focusWidget()
    assert isinstance(focused, QPushButton) and focused.text().replace("&", "") == "OK"
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    listed = DrawDialog(draw_step(), NAMES, physical=False)
    qtbot.addWidget(listed)
    listed.show()
    qtbot.keyClicks(listed.witnesses, "Ana Lee")
    qtbot.keyClick(listed.witnesses, Qt.Key.Key_Return)
    qtbot.keyClicks(listed.witnesses, "Bo Chen")
    assert listed.result() != QDialog.DialogCode.Accepted
    qtbot.keyClick(listed.witnesses, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert listed.result() == QDialog.DialogCode.Accepted
    assert listed.answer().witnesses == ("Ana Lee", "Bo Chen")


def test_the_toss_dialog(qtbot: QtBot) -> None:
    step = Step("toss", "3.5.3", "Toss a coin for the colours of game A1.", players=(3, 7))
    dialog = TossDialog(step, NAMES, physical=True)
    qtbot.addWidget(dialog)
    assert dialog.winner is not None
    assert dialog.winner.itemText(1) == "7. Moreau"
    dialog.winner.setFocus()
    qtbot.keyClick(dialog.winner, Qt.Key.Key_Down)
    qtbot.keyClicks(dialog.witnesses, "Ana Lee")
    assert dialog.answer().winner == 7 and dialog.answer().witnesses == ("Ana Lee",)
    by_computer = TossDialog(step, NAMES, physical=False)
    qtbot.addWidget(by_computer)
    assert by_computer.winner is None and by_computer.answer().winner is None


def test_the_dialog_prompter_returns_what_the_dialog_holds(
    qtbot: QtBot, demo: EventDocument
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    prompter = DialogPrompter(parent, demo)

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, DrawDialog)
        qtbot.keyClicks(dialog.witnesses, "Ana Lee")
        dialog.accept()

    QTimer.singleShot(0, answer)
    drawn = prompter.draw(draw_step(), NAMES, physical=False)
    assert drawn is not None and drawn.witnesses == ("Ana Lee",)

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StartDialog)
        dialog.reject()

    QTimer.singleShot(0, cancel)
    assert prompter.start_times(Step("start", "3.2", ""), not_started(demo)) is None
