"""FIDE mode means FIDE's rules in the window (FIDE C.02 checklist, question 43): the
settings dialog's bye policy outside FIDE's rules asks the level-4 question of leaving FIDE
mode, as two boxes; accepted, the change leaves FIDE mode for good and Undo is greyed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arbiter_app.session.integrity import fide_mode_of, stored_pibes
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


def test_q43_a_us_chess_bye_policy_in_the_settings_dialog_leaves_fide_mode(
    qtbot: QtBot, started: EventDocument
) -> None:
    assert started.fide_mode().on
    dialog = EventSettingsDialog(started)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.bye_policy.setCurrentIndex(dialog.bye_policy.findData("uscf-28l"))
    log = click_through(["Continue…", "Cancel"])
    dialog.accept()
    assert log.seen[0]["title"] == "Please confirm (step 1 of 2)"
    assert str(log.seen[0]["text"]).startswith(
        "Leave FIDE mode after round 2 was paired to use the US Chess bye rule 28L"
    )
    assert "cannot come back to FIDE mode" in str(log.seen[0]["text"])
    assert "changing the settings back does not bring it back" in str(log.seen[1]["details"])
    # Cancelled: nothing changes, the dialog stays open, the event stays in FIDE mode.
    assert dialog.isVisible() and started.fide_mode().on
    click_through(["Continue…", "Accept the consequences", "Confirm"])
    dialog.accept()
    assert not dialog.isVisible()
    mode = fide_mode_of(started.session.state)
    assert mode.left and mode.left_at_round == 2
    assert started.session.state.setting("bye_policy") == "uscf-28l"
    assert stored_pibes(started.session.state)[0].trf_line() == (
        "### FIDE mode @ Round 2: left after round 2 was paired for bye policy uscf-28l"
    )
    # Leaving is final: the entry cannot be undone.
    assert not started.session.can_undo


# A point system outside FIDE's rules (FIDE C.02, the checklist's questions 74, 81 and 83):
# once round 1 is paired, the level-4 question of leaving FIDE mode comes first.
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
