"""The window's FIDE C.02 dialogs: one helper, used by every action through the document.

Level 3: Confirm or Cancel, Cancel the default. Level 4: a first dialog, then a
second one stating the consequences. Level 2: an information box after the
action. Every test here drives the real modal boxes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.warning_levels import Alert, ConfirmationNeeded, Level
from arbiter_app.session import Session
from arbiter_app.session.commands import RequestBye
from arbiter_app.ui.dialogs.event_settings import EventSettingsDialog
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import small_event
from tests.support.warning_dialogs import click_through

LEVEL_3 = Alert(Level.CONFIRM, "Disqualify 2 Ben?", "C.02, expelled players", ("Ben goes.",))
LEVEL_4 = Alert(
    Level.CONFIRM_CONSEQUENCES,
    "Change the tie-break list?",
    "C.02, tie-break list",
    ("Places may change.", "The announced list no longer applies."),
    "tiebreaks-reorder-standings",
)


@pytest.fixture
def started(tmp_path: Path) -> Iterator[EventDocument]:
    """Spring Open in a file: round 1 played, round 2 paired."""
    document = EventDocument(small_event(tmp_path / "spring.arbiter"))
    yield document
    document.close()


def journal(document: EventDocument) -> list[str]:
    return [e.command for e in document.session.journal()]


def test_level_3_is_one_box_with_cancel_as_default(qtbot: QtBot) -> None:
    dialogs = WarningDialogs()
    log = click_through(["Confirm"])
    assert dialogs.confirm(ConfirmationNeeded([LEVEL_3])) is True
    (box,) = log.seen
    assert box["title"] == "Please confirm"
    assert box["text"] == "Disqualify 2 Ben?"
    assert box["details"] == "• Ben goes.\n\nC.02, expelled players"
    assert box["buttons"] == ["Confirm", "Cancel"]
    assert box["default"] == "Cancel"
    click_through(["Cancel"])
    assert dialogs.confirm(ConfirmationNeeded([LEVEL_3])) is None


def test_enter_and_escape_both_cancel(qtbot: QtBot) -> None:
    """Enter pressed out of habit takes the default, Cancel; Escape cancels as well."""
    from PySide6.QtCore import Qt

    dialogs = WarningDialogs()
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Escape):

        def press(key: Qt.Key = key) -> None:
            box = QApplication.activeModalWidget()
            if not isinstance(box, QMessageBox):
                QTimer.singleShot(10, press)
                return
            qtbot.keyClick(box, key)

        QTimer.singleShot(0, press)
        assert dialogs.confirm(ConfirmationNeeded([LEVEL_3])) is None


def test_level_4_is_two_boxes_the_second_stating_the_consequences(qtbot: QtBot) -> None:
    dialogs = WarningDialogs()
    log = click_through(["Continue…", "Accept the consequences"])
    assert dialogs.confirm(ConfirmationNeeded([LEVEL_4])) == ["tiebreaks-reorder-standings"]
    first, second = log.seen
    assert first["title"] == "Please confirm (step 1 of 2)"
    assert first["text"] == "Change the tie-break list?"
    assert first["default"] == "Cancel"
    assert second["title"] == "Consequences (step 2 of 2)"
    assert second["details"] == (
        "• Places may change.\n• The announced list no longer applies.\n\nC.02, tie-break list"
    )
    assert second["buttons"] == ["Accept the consequences", "Cancel"]
    assert second["default"] == "Cancel"
    # Cancelled at the second step: no answer at all.
    click_through(["Continue…", "Cancel"])
    assert dialogs.confirm(ConfirmationNeeded([LEVEL_4])) is None
    # Several questions: each asked; the answer carries the level-4 tokens.
    click_through(["Confirm", "Continue…", "Accept the consequences"])
    answer = dialogs.confirm(ConfirmationNeeded([LEVEL_3, LEVEL_4]))
    assert answer == ["tiebreaks-reorder-standings"]


def test_a_level_4_setting_in_the_settings_dialog(qtbot: QtBot, started: EventDocument) -> None:
    """The settings dialog's OK runs through the document: the session's level-4 question
    comes as two boxes; cancelled, nothing changes and the dialog stays open."""
    dialog = EventSettingsDialog(started)
    qtbot.addWidget(dialog)
    dialog.show()
    before = journal(started)
    qtbot.keyClicks(dialog.tiebreaks, "BH/C1, BH")
    log = click_through(["Continue…", "Cancel"])
    dialog.accept()
    assert [box["title"] for box in log.seen] == [
        "Please confirm (step 1 of 2)",
        "Consequences (step 2 of 2)",
    ]
    assert log.seen[0]["text"] == (
        "Change the tie-break list from none to BH/C1, BH now that round 2 is paired?"
    )
    assert "places, and the prizes and play-off places they decide, may change" in str(
        log.seen[1]["details"]
    )
    assert dialog.isVisible()
    assert journal(started) == before
    click_through(["Continue…", "Accept the consequences"])
    dialog.accept()
    assert not dialog.isVisible()
    assert started.standings_options.tiebreaks == ("BH/C1", "BH")
    entry = started.session.journal()[-1]
    assert (entry.command, entry.arguments["confirm"]) == (
        "edit_settings",
        ["tiebreaks-reorder-standings"],
    )


def test_a_level_2_notice_is_shown_after_the_action(qtbot: QtBot, started: EventDocument) -> None:
    log = click_through(["OK"])
    changes = started.run(RequestBye(tpn=3, round=4, kind="full"))
    assert changes.players and not changes.cancelled
    (box,) = log.seen
    assert box["title"] == "Notice"
    assert box["icon"] == QMessageBox.Icon.Information
    assert "FIDE deprecates full-point byes" in str(box["text"])
    assert "a full-point bye is a level-2 warning" in str(box["details"])
    path = started.session.path
    assert path is not None
    with Session.open(path, readonly=True) as other:
        assert [b.round for b in other.event.bye_requests if b.tpn == 3] == [4]


def test_the_main_window_owns_the_dialogs(
    qtbot: QtBot, started: EventDocument, settings: Settings
) -> None:
    window = MainWindow(started, settings)
    qtbot.addWidget(window)
    assert started.warnings.parent is window
