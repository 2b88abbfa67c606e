"""Chess960 in the window (FIDE C.02 checklist Q222; FIDE Laws of Chess, Guidelines II): the
Variant of Event settings, Round ▸ Draw Chess960 position…, and the position above the
Pairings panel's boards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.lots import DrawMethod
from arbiter_app.session import Session
from arbiter_app.session.chess960 import positions_of
from arbiter_app.session.commands import AddPlayer, EditSettings, RecordPairings
from arbiter_app.ui.dialogs.chess960 import Chess960Dialog
from arbiter_app.ui.dialogs.event_settings import EventSettingsDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.modal import exercise
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import AgreeToAll


@pytest.fixture
def document(tmp_path: Path) -> Iterator[EventDocument]:
    """A Swiss of five rounds with four players, round 1 not paired, standard chess."""
    session = Session.create(
        tmp_path / "w.arbiter", name="Freestyle", system="swiss", rounds=5, clock=TickingClock()
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
        session.run(AddPlayer(name=name, rating=rating))
    doc = EventDocument(session)
    doc.warnings = AgreeToAll()  # the notices of a round paired without numbers, answered
    yield doc
    doc.close()


def test_q222_event_settings_declares_the_event_chess960(
    qtbot: QtBot, document: EventDocument
) -> None:
    dialog = EventSettingsDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.variant.currentData() == "standard" and dialog.variant.isEnabled()
    assert dialog.changed_settings() == {}
    dialog.variant.setCurrentIndex(dialog.variant.findData("chess960"))
    assert dialog.changed_settings() == {"variant": "chess960"}
    document.run(EditSettings(**dialog.changed_settings()))  # type: ignore[arg-type]
    assert document.chess960()
    document.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
    again = EventSettingsDialog(document)
    qtbot.addWidget(again)
    # Fixed once round 1 is paired: the box is greyed with the session's reason.
    assert again.variant.currentData() == "chess960" and not again.variant.isEnabled()
    assert "announced before the event" in again.variant.toolTip()


def test_q222_the_round_menu_draws_and_the_pairings_panel_shows_it(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.chess960_action.isEnabled()  # standard chess: nothing to draw
    assert not window.pairings.position_label.isVisibleTo(window.pairings)
    document.run(EditSettings(variant="chess960"))
    assert window.chess960_action.isEnabled()
    label = window.pairings.position_label
    assert label.isVisibleTo(window.pairings)
    assert "no starting position is drawn for round 1 yet" in label.text()
    # Opened from the menu in a running event loop, shown, and closed (Escape's way).
    seen = exercise(window.chess960_action.trigger)
    assert [s.kind for s in seen] == ["Chess960Dialog"]
    assert positions_of(document.session.state) == {}
    # Typed as drawn at the venue, with a witness.
    dialog = window.ask_chess960_position()
    assert isinstance(dialog, Chess960Dialog)
    assert dialog.preview.text() == "drawn on OK" and not dialog.number_box.isEnabled()
    dialog.physical.setChecked(True)
    dialog.number_box.setValue(312)
    assert dialog.preview.text() == "NBQRBKRN"
    dialog.witnesses_edit.setText("J. Ortiz, M. Ruiz")
    dialog.accept()
    position = positions_of(document.session.state)[1]
    assert (position.number, position.method) == (312, DrawMethod.PHYSICAL)
    assert position.witnesses == ("J. Ortiz", "M. Ruiz")
    assert "every board starts from position 312, NBQRBKRN" in label.text()
    # Round 1 has its position: the dialog proposes the next round without one.
    dialog = window.ask_chess960_position()
    assert dialog.round_box.value() == 2
    dialog.reject()
    # Drawn by the application for round 2: the seed is the journal's.
    window.pairings.round.setValue(2)
    dialog = window.ask_chess960_position()
    assert dialog.round_box.value() == 2
    dialog.accept()
    seed = document.session.journal()[-1].seed
    assert f"drawn by the application from seed {seed}" in label.text()
    # Undo names it, takes it back, and the panel says so.
    assert document.undo_label() == "Chess960 position of round 2"
    document.undo()
    assert "no starting position is drawn for round 2 yet" in label.text()


def test_q222_a_refused_draw_says_why_and_changes_nothing(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    document.run(EditSettings(variant="chess960"))
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    dialog = window.ask_chess960_position()
    dialog.every_round.setChecked(True)
    assert not dialog.round_box.isEnabled()
    assert not dialog.command().given("round")
    dialog.accept()
    assert list(positions_of(document.session.state)) == [None]
    window.ask_chess960_position().accept()
    boxes = [b for b in window.findChildren(QMessageBox) if b.objectName() == "arbiter-error"]
    assert len(boxes) == 1 and boxes[0].isVisible()
    assert "one position in every round" in boxes[0].text()
    boxes[0].close()
    assert list(positions_of(document.session.state)) == [None]
