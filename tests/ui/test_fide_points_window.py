"""A point system outside FIDE's rules in the event settings dialog (FIDE C.02, the
checklist's questions 74, 81 and 83): once round 1 is paired, the level-4 question of
leaving FIDE mode comes first, and answered, the event leaves it for good."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.session.integrity import fide_mode_of
from arbiter_app.ui.dialogs.event_settings import CUSTOM, EventSettingsDialog
from arbiter_app.ui.document import EventDocument
from tests.support.sessions import small_event
from tests.support.warning_dialogs import click_through


@pytest.fixture
def started(tmp_path: Path) -> Iterator[EventDocument]:
    """Spring Open in a file: round 1 played, round 2 paired, in FIDE mode."""
    document = EventDocument(small_event(tmp_path / "spring.arbiter"))
    yield document
    document.close()


def test_q74_two_draws_over_a_win_in_the_settings_dialog_ask_to_leave_fide_mode(
    qtbot: QtBot, started: EventDocument
) -> None:
    assert started.fide_mode().on
    dialog = EventSettingsDialog(started)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.points.setCurrentIndex(dialog.points.findData(CUSTOM))
    dialog.custom_values[1].setValue(0.8)  # two draws worth 1.6, a win and a loss 1
    log = click_through(["Continue…", "Cancel"])
    dialog.accept()
    assert log.seen[0]["title"] == "Please confirm (step 1 of 2)"
    text = str(log.seen[0]["text"])
    assert text.startswith("Leave FIDE mode after round 2 was paired to use a point system")
    assert "two draws (1.60) worth more than a win and a loss (1)" in text
    # Cancelled: nothing changes, the dialog stays open, the event stays in FIDE mode.
    assert dialog.isVisible() and started.fide_mode().on
    dialog.reject()
    assert fide_mode_of(started.session.state).on
